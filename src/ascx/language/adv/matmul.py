"""``asc.adv.Matmul`` and ``asc.adv.register_matmul``: the Matmul high-level API.

Each method checks its arguments at trace time with pyasc's messages (or the ascx catalogue's,
matmul-api spec appendix A, where pyasc has none) and builds one op of the ``ascendc`` dialect.
"""

from __future__ import annotations

from typing import Any

from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.language.adv.errors import require_compile_time
from ascx.language.adv.matmul_config import MatmulConfig
from ascx.language.adv.matmul_type import MatmulType
from ascx.language.adv.tiling import TCubeTiling
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.checks import is_instance
from ascx.language.core.convert import scalar_operand
from ascx.language.core.dtype import DataType, bit, float16, float32, int8, int32
from ascx.language.core.enums import IterateMode, MatmulPolicy, TPosition
from ascx.language.core.tensor import GlobalTensor
from ascx.language.core.values import GlobalAddress, Handle, RuntimeScalar
from ascx.language.fwk.tpipe import TPipe

_AB_DTYPES = (float16, float32, int8)
_C_DTYPES = (int32, float32, float16, int8)


class Matmul(Handle):
    """``AscendC::Matmul<A, B, C, Bias, CFG[, CB, Policy]>``.

    ``bias=None`` gives the bias C's position, format and dtype; ``matmul_config=None`` means
    ``MatmulConfig()``.
    """

    __slots__ = ("a_type", "b_type", "bias_type", "c_type", "config", "policy")

    def __init__(
        self,
        a: MatmulType,
        b: MatmulType,
        c: MatmulType,
        bias: MatmulType | None = None,
        matmul_config: MatmulConfig | None = None,
        matmul_policy: MatmulPolicy | None = MatmulPolicy.MatmulPolicy,
    ) -> None:
        super().__init__()
        builder = active("Matmul")
        for name, value in (("a", a), ("b", b), ("c", c)):
            if not is_instance(value, MatmulType):
                raise ValueError(f"{name} must be MatmulType and cannot be None.")
        if bias is not None and not is_instance(bias, MatmulType):
            raise ValueError("bias must be MatmulType or None.")
        if matmul_config is not None and not is_instance(matmul_config, MatmulConfig):
            raise ValueError("matmul_config must be MatmulConfig, MatmulApiStaticTiling or None.")
        self.a_type, self.b_type, self.c_type = a, b, c
        self.bias_type = bias if bias is not None else MatmulType(c.position, c.format, c.dtype)
        self.config = matmul_config if matmul_config is not None else MatmulConfig()
        a_attr, b_attr, c_attr = a.to_attr(), b.to_attr(), c.to_attr()
        bias_attr = MatmulType(self.bias_type.position, self.bias_type.format, self.bias_type.dtype).to_attr()
        self.policy = _check_policy(matmul_policy, self.config, builder, (a, b))
        if self.config.enable_mix_dual_master:
            raise ValueError(
                "enable_mix_dual_master is not supported: it requires IBShare A and B in a 1:2 MIX kernel, "
                "which MatmulType cannot express"
            )
        policy = ir.MatmulPolicy[_policy_member(self.policy)]
        op = ir.MatmulCreateOp(a_attr, b_attr, c_attr, bias_attr, self.config.to_attr(), policy)
        self.bind(builder.insert(op).result)

    # -- helpers -----------------------------------------------------------------------------

    def _mix_only(self, builder: IRBuilder, method: str) -> None:
        if builder.options.matmul_cube_only:
            raise ValueError(f"{method} is not supported in cube-only kernels")

    def _check_dtype(self, tensor_dtype: DataType, role: str, method: str) -> None:
        want = {"A": self.a_type, "B": self.b_type, "C": self.c_type}[role].dtype
        if tensor_dtype != want:
            raise ValueError(
                f"Tensor dtype {tensor_dtype} does not match the {role} dtype {want} declared by the Matmul in {method}"
            )

    # -- methods -----------------------------------------------------------------------------

    def init(self, tiling: TCubeTiling) -> None:
        """``mm.Init(&tiling)``."""
        builder = active("Matmul.init")
        if not is_instance(tiling, TCubeTiling) or not tiling.is_bound:
            raise TypeError("init: tiling must be a TCubeTiling")
        builder.insert(ir.MatmulInitOp(self.ssa, tiling.ssa))

    def end(self) -> None:
        """``mm.End()``."""
        builder = active("Matmul.end")
        if not self.config.enable_end:
            raise ValueError("end requires MatmulConfig.enable_end=True")
        builder.insert(ir.MatmulEndOp(self.ssa))

    def set_tensor_a(self, tensor: Any, transpose: Any = False) -> None:
        """``mm.SetTensorA(tensor, transpose)``."""
        self._set_tensor(active("Matmul.set_tensor_a"), "A", tensor, transpose)

    def set_tensor_b(self, tensor: Any, transpose: Any = False) -> None:
        """``mm.SetTensorB(tensor, transpose)``."""
        self._set_tensor(active("Matmul.set_tensor_b"), "B", tensor, transpose)

    def _set_tensor(self, builder: IRBuilder, role: str, tensor: Any, transpose: Any) -> None:
        method = f"set_tensor_{role.lower()}"
        if not isinstance(tensor, GlobalTensor):
            raise RuntimeError(
                f"No viable candidates were found to dispatch Matmul.{method}(): got ({type(tensor).__name__}); "
                f"candidates: {method}(tensor: GlobalTensor, transpose: bool = False)"
            )
        if tensor.dtype not in _AB_DTYPES:
            raise ValueError(f"Tensor type is not supported in {method}")
        assert tensor.dtype is not None
        self._check_dtype(tensor.dtype, role, method)
        declared = self.a_type if role == "A" else self.b_type
        if TPosition(declared.position) is not TPosition.GM:
            position = TPosition(declared.position).name
            raise TypeError(f"{method}: a GlobalTensor does not match the {role} MatmulType position {position}")
        if isinstance(transpose, (bool, int)) and transpose and not declared.is_trans:
            raise ValueError(f"{method}: transpose=True requires the {role} MatmulType to have is_trans=True")
        flag = scalar_operand(builder, transpose, bit, api=method, param="transpose")
        op_cls = ir.MatmulSetTensorAOp if role == "A" else ir.MatmulSetTensorBOp
        builder.insert(op_cls(self.ssa, tensor.ssa, flag))

    def set_org_shape(self, org_m: Any, org_n: Any, org_ka: Any, org_kb: Any = None, org_kc: Any = None) -> None:
        """``mm.SetOrgShape(m, n, ka[, kb[, kc]])``."""
        builder = active("Matmul.set_org_shape")
        if org_kc is not None and org_kb is None:
            raise ValueError("set_org_shape: org_kc requires org_kb")
        if not self.config.enable_set_org_shape:
            raise ValueError("set_org_shape requires MatmulConfig.enable_set_org_shape=True")
        names = ("org_m", "org_n", "org_ka", "org_kb", "org_kc")
        shape = [
            None if v is None else scalar_operand(builder, v, int32, api="set_org_shape", param=n)
            for n, v in zip(names, (org_m, org_n, org_ka, org_kb, org_kc), strict=True)
        ]
        m, n, ka, kb, kc = shape
        assert m is not None
        assert n is not None
        assert ka is not None
        builder.insert(ir.MatmulSetOrgShapeOp(self.ssa, m, n, ka, kb, kc))

    def set_single_shape(self, single_m: Any, single_n: Any, single_k: Any) -> None:
        """``mm.SetSingleShape(m, n, k)``."""
        builder = active("Matmul.set_single_shape")
        m, n, k = (
            scalar_operand(builder, v, int32, api="set_single_shape", param=p)
            for p, v in (("single_m", single_m), ("single_n", single_n), ("single_k", single_k))
        )
        builder.insert(ir.MatmulSetSingleShapeOp(self.ssa, m, n, k))

    def iterate(self, en_partial_sum: Any = False, sync: Any = True, local_c_matrix: Any = None) -> MatmulIterator:
        """``mm.Iterate<sync>(en_partial_sum)``: compute the next result block.

        The result drives a loop (``with mm.iterate() as count:`` or ``while mm.iterate():``) or,
        as a bare statement, is a one-shot call (``mm.iterate(sync=False)`` posts the whole
        computation).
        """
        builder = active("Matmul.iterate")
        require_compile_time(sync, "sync", "iterate")
        if local_c_matrix is not None:
            raise TypeError("iterate: local_c_matrix is not supported by this version of ascx")
        if not sync:
            if builder.options.matmul_cube_only:
                raise ValueError("iterate with sync=False is not supported in cube-only kernels")
            if TPosition(self.c_type.position) not in (TPosition.VECIN, TPosition.VECOUT, TPosition.VECCALC):
                raise ValueError(
                    "iterate with sync=False requires the C MatmulType position to be VECIN, VECOUT or VECCALC"
                )
        if not self.config.iterate_mode & IterateMode.ITERATE_MODE_NORMAL:
            raise ValueError("iterate requires MatmulConfig.iterate_mode to include ITERATE_MODE_NORMAL")
        return MatmulIterator(self, en_partial_sum, bool(sync))

    def iterate_all(
        self,
        tensor: Any,
        en_atomic: Any = 0,
        sync: Any = True,
        en_sequential_write: Any = None,
        wait_iterate_all: Any = None,
        fake_msg: Any = None,
    ) -> None:
        """``mm.IterateAll<sync>(tensor, en_atomic, en_sequential_write, wait_iterate_all, fake_msg)``."""
        builder = active("Matmul.iterate_all")
        if not isinstance(tensor, GlobalTensor):
            raise RuntimeError(
                f"No viable candidates were found to dispatch Matmul.iterate_all(): got ({type(tensor).__name__}); "
                "candidates: iterate_all(tensor: GlobalTensor, en_atomic: int = 0, sync: bool = True, "
                "en_sequential_write: bool = False, wait_iterate_all: bool = False, fake_msg: bool = False)"
            )
        en_sequential_write = False if en_sequential_write is None else en_sequential_write
        wait_iterate_all = False if wait_iterate_all is None else wait_iterate_all
        fake_msg = False if fake_msg is None else fake_msg
        if tensor.dtype not in _C_DTYPES:
            raise ValueError("Tensor type is not supported in iterate_all")
        _check_en_atomic(en_atomic)
        require_compile_time(sync, "sync", "iterate_all")
        require_compile_time(wait_iterate_all, "wait_iterate_all", "iterate_all")
        if wait_iterate_all and sync:
            raise ValueError("Param wait_iterate_all can be True only when sync is False")
        assert tensor.dtype is not None
        self._check_dtype(tensor.dtype, "C", "iterate_all")
        if not sync and builder.options.matmul_cube_only:
            raise ValueError("iterate_all with sync=False is not supported in cube-only kernels")
        if fake_msg is True and not (self.config.do_ib_share_norm or self.config.intra_block_part_sum):
            raise ValueError("fake_msg=True requires do_ib_share_norm=True or intra_block_part_sum=True")
        if not self.config.iterate_mode & IterateMode.ITERATE_MODE_ALL:
            raise ValueError("iterate_all requires MatmulConfig.iterate_mode to include ITERATE_MODE_ALL")
        if self.config.is_partial_output:
            raise ValueError("iterate_all requires MatmulConfig.is_partial_output=False")
        if not sync and not wait_iterate_all:
            builder.warn(
                "iterate_all(sync=False) without wait_iterate_all=True: the kernel must synchronise by other means"
            )
        operands: list[SSAValue] = [
            scalar_operand(builder, en_atomic, int8, api="iterate_all", param="en_atomic"),
            scalar_operand(builder, en_sequential_write, bit, api="iterate_all", param="en_sequential_write"),
            scalar_operand(builder, fake_msg, bit, api="iterate_all", param="fake_msg"),
        ]
        builder.insert(
            ir.MatmulIterateAllOp(
                self.ssa, tensor.ssa, *operands, sync=bool(sync), wait_iterate_all=bool(wait_iterate_all)
            )
        )

    def wait_iterate_all(self) -> None:
        """``mm.WaitIterateAll()``: completes an ``iterate_all(sync=False, wait_iterate_all=True)``."""
        builder = active("Matmul.wait_iterate_all")
        self._mix_only(builder, "wait_iterate_all")
        builder.insert(ir.MatmulWaitIterateAllOp(self.ssa))


class MatmulIterator:
    """What ``Matmul.iterate()`` returns: one ``Iterate`` call, emitted where the result is used.

    The tracer asks it for a condition (``while mm.iterate():``, and each round of
    ``with mm.iterate() as count:``) or discards it (a bare ``mm.iterate()`` statement).
    """

    __slots__ = ("_en_partial_sum", "_matmul", "_sync")

    def __init__(self, matmul: Matmul, en_partial_sum: Any, sync: bool):
        self._matmul = matmul
        self._en_partial_sum = en_partial_sum
        self._sync = sync

    def __ascx_condition__(self) -> RuntimeScalar:
        """Emit the ``Iterate`` call and return its ``bool`` result."""
        builder = active("Matmul.iterate")
        partial = scalar_operand(builder, self._en_partial_sum, bit, api="iterate", param="en_partial_sum")
        op = builder.insert(ir.MatmulIterateOp(self._matmul.ssa, partial, sync=self._sync))
        return RuntimeScalar(op.result, bit, origin="the result of Matmul.iterate()")

    def __ascx_discard__(self) -> None:
        """A bare ``mm.iterate()`` statement: one call, result ignored."""
        self.__ascx_condition__()

    __ascx_loop__ = True
    """``with mm.iterate() as count:`` runs its body once per result block; ``count`` counts from 0."""

    def __bool__(self) -> bool:
        raise TypeError("the result of iterate() can only be used as a with-item, a while condition, or discarded")


def register_matmul(pipe: TPipe, workspace: GlobalAddress, matmul: Matmul, tiling: TCubeTiling | None = None) -> None:
    """``REGIST_MATMUL_OBJ(&pipe, workspace, matmul[, &tiling])``: registers a Matmul object."""
    builder = active("register_matmul")
    if not is_instance(pipe, TPipe):
        raise TypeError(f"register_matmul: pipe must be a TPipe, got {type(pipe).__name__}")
    if not is_instance(workspace, GlobalAddress):
        raise TypeError("register_matmul: workspace must be a GM address")
    if not is_instance(matmul, Matmul):
        raise TypeError(f"register_matmul: matmul must be a Matmul, got {type(matmul).__name__}")
    if tiling is not None and not (is_instance(tiling, TCubeTiling) and tiling.is_bound):
        raise TypeError("register_matmul: tiling must be a TCubeTiling")
    tilings = [tiling.ssa] if tiling is not None else []
    builder.insert(ir.RegisterMatmulOp(pipe.ssa, workspace.ssa, [matmul.ssa], tilings))


def _check_en_atomic(en_atomic: Any) -> None:
    if isinstance(en_atomic, int) and en_atomic not in (0, 1, 2, 3):
        raise ValueError("Params en_atomic should be in [0, 1, 2, 3]")


def _policy_member(policy: MatmulPolicy) -> str:
    return {
        MatmulPolicy.MatmulPolicy: "MATMUL_POLICY",
        MatmulPolicy.TrianUpperMatmulPolicy: "TRIAN_UPPER",
        MatmulPolicy.TrianLowerMatmulPolicy: "TRIAN_LOWER",
        MatmulPolicy.NBuffer33MatmulPolicy: "NBUFFER33",
    }[policy]


def _check_policy(
    policy: Any, config: MatmulConfig, builder: IRBuilder, inputs: tuple[MatmulType, MatmulType]
) -> MatmulPolicy:
    """Validate ``matmul_policy`` against the config and the kernel mode (A.M42)."""
    if policy is None:
        return MatmulPolicy.MatmulPolicy
    require_compile_time(policy, "matmul_policy", "Matmul")
    try:
        member = MatmulPolicy(policy)
    except ValueError:
        raise ValueError(f"matmul_policy {policy!r} is not a valid MatmulPolicy") from None
    is_mdl = config.do_multi_data_load
    if member in (MatmulPolicy.TrianUpperMatmulPolicy, MatmulPolicy.TrianLowerMatmulPolicy):
        if not (config.do_norm or is_mdl):
            raise ValueError(f"{member.name} only supports a Norm or MDL config")
    elif member is MatmulPolicy.NBuffer33MatmulPolicy:
        if not is_mdl:
            raise ValueError("NBuffer33MatmulPolicy only supports an MDL config")
        if not builder.options.matmul_cube_only:
            raise ValueError("NBuffer33MatmulPolicy only supports cube-only kernels")
        if any(TPosition(t.position) is not TPosition.GM for t in inputs):
            raise ValueError("NBuffer33MatmulPolicy only supports A and B at TPosition.GM")
    return member
