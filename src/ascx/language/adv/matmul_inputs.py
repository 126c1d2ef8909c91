"""Matmul methods that set up a computation: inputs, bias, shapes, quantisation, workspace, user data."""

from __future__ import annotations

import inspect
from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.adv import matmul_gemv
from ascx.language.adv.matmul_base import (
    AB_DTYPES,
    MatmulBase,
    bind,
    cube_only_message,
    dtype_mismatch_message,
    is_tensor,
    kind_mismatch_message,
    no_viable_candidate,
    unsupported_layout_message,
    unsupported_tensor_message,
)
from ascx.language.adv.matmul_modes import not_in_mix_dual_master_rule
from ascx.language.adv.matmul_records import matmul_records
from ascx.language.adv.matrix_offset import MatrixOffset
from ascx.language.core.builder import IRBuilder
from ascx.language.core.checks import is_instance
from ascx.language.core.dtype import float16, float32, int8, int32, uint8, uint64
from ascx.language.core.enums import CubeFormat, LayoutMode
from ascx.language.core.global_size import warn_without_elements
from ascx.language.core.tensor import BaseTensor, GlobalTensor
from ascx.language.core.values import GlobalAddress, RuntimeScalar

matmul_record = matmul_records(__name__)

WORKSPACE_SIZE_ASSERTION = (
    "CANN's SetWorkspace(GlobalTensor) asserts addr.GetSize() > 0 in its CPU-debug build (MatmulClient in "
    "include/adv_api/matmul/matmul_client.h, MatmulImpl in matmul_impl_base.h), where the kernel aborts; the "
    "NPU build does not check"
)


WORKSPACE_WITHOUT_SIZE = f"set_workspace: the workspace GlobalTensor has no size: {WORKSPACE_SIZE_ASSERTION}"
WORKSPACE_SIZE_REQUIRED = "set_workspace: size is required when addr is a GM address"
BIAS_NOT_INT32 = "Bias type is not supported when input A and B is int8"
BIAS_TYPE = "Bias type is not supported in set_bias"
USER_DEF_INFO_NOT_GM = "set_user_def_info: tiling_ptr must be a GM address"
SPARSE_INDEX_NEEDS_MDL = "set_sparse_index requires an MDL config (do_multi_data_load=True)"
ORG_KC_NEEDS_KB = "set_org_shape: org_kc requires org_kb"


def transpose_message(method: str, role: str) -> str:
    """``transpose=True`` for an operand whose MatmulType is not declared transposed."""
    return f"{method}: transpose=True requires the {role} MatmulType to have is_trans=True"


def unsupported_scalar_message(method: str) -> str:
    """pyasc's message of a scalar input to an operand whose dtype takes none (int8)."""
    return f"Scalar type is not supported in {method}"


def _check_workspace_size(builder: IRBuilder, workspace: GlobalTensor) -> None:
    """``set_workspace(tensor)``: CANN's CPU-debug build asserts that the tensor has elements, so a tensor known
    to have none gets a warning at the call (``core.global_size``)."""
    warn_without_elements(
        builder,
        workspace,
        WORKSPACE_WITHOUT_SIZE,
        "give set_global_buffer the workspace's size in elements, or call set_workspace(addr, size) with a GM address",
    )


def _tensor_overload(tensor: Any, transpose: Any = False) -> None: ...


def _scalar_overload(scalar: Any) -> None: ...


_TENSOR = inspect.signature(_tensor_overload)
_SCALAR = inspect.signature(_scalar_overload)

GET_OFFSET_C_RESERVED = (
    'get_offset_c is reserved in CANN: MatmulImpl::GetOffsetC static_asserts "unsupported!" and the MIX '
    "client reports it not supported, so no kernel that calls it builds"
)
"""CANN 9.1's ``GetOffsetC<true>()`` (its default) fails to compile in every kernel, and its documentation
calls it a reserved interface; pyasc 1.1.1 prints the call anyway."""


class MatmulInputs(MatmulBase):
    """``set_tensor_a/b``, ``set_bias``, ``set_org_shape`` and the other setters of a Matmul object."""

    __slots__ = ()

    # -- A and B

    @matmul_record(
        cpp=(
            "void SetTensorA(const GlobalTensor<SrcAT>& gm, bool isTransposeA = false);",
            "void SetTensorA(const LocalTensor<SrcAT>& leftMatrix, bool isTransposeA = false);",
            "void SetTensorA(SrcAT aScalar);",
        ),
        params=(
            ("tensor", "float16, float32 or int8, of A's dtype; both C++ arguments are always written"),
            ("transpose", "A is transposed; needs ``is_trans=True`` on A's MatmulType"),
            (
                "scalar",
                "a number or a runtime scalar, converted to A's dtype (half or float32 only); A is then one "
                "row of K copies of it, with A's MatmulType in ``CubeFormat.SCALAR``",
            ),
        ),
        rules=(
            f'"{unsupported_tensor_message("set_tensor_a")}"; '
            f'"{dtype_mismatch_message("{got}", "A", "{want}", "set_tensor_a")}".',
            "A GlobalTensor needs A at GM, a LocalTensor elsewhere: "
            f'"{kind_mismatch_message("set_tensor_a", "LocalTensor", "A", "GM")}".',
            f'"{transpose_message("set_tensor_a", "A")}"; '
            f'"{unsupported_scalar_message("set_tensor_a")}" for an int8 A.',
            not_in_mix_dual_master_rule("set_tensor_a with a LocalTensor", inputs=True) + " Likewise with a scalar.",
            "A scalar A needs A in ``CubeFormat.SCALAR`` (CANN ignores it in any other format): "
            f'"{matmul_gemv.scalar_a_message(CubeFormat.ND)}"; a tensor A in '
            f'SCALAR: "{matmul_gemv.TENSOR_A_IN_SCALAR}" '
            "([A scalar A](../matmul.md#a-scalar-a-in-cubeformatscalar)).",
            "A in ``CubeFormat.VECTOR`` (GEMV) is not transposed (CANN asserts it in SetTensorA): "
            f'"{matmul_gemv.transposed_message("set_tensor_a")}"; a '
            "flag known only at run time is checked by the emulation "
            "([GEMV](../matmul.md#gemv-a-in-cubeformatvector)).",
        ),
        example=(
            "gm",
            "mm.set_tensor_a(a_global)\nmm.set_tensor_a(a_global[64:], transpose=False)",
        ),
        overloads=("set_tensor_a(tensor, transpose=False)", "set_tensor_a(scalar)"),
    )
    def set_tensor_a(self, *args: Any, **kwargs: Any) -> None:
        """Set the left matrix A: a tensor (GlobalTensor for a GM A, LocalTensor otherwise), or, for A in
        ``CubeFormat.SCALAR``, a scalar that every element of the 1 x K A equals."""
        self._set_input("A", args, kwargs)

    @matmul_record(
        cpp=(
            "void SetTensorB(const GlobalTensor<SrcBT>& gm, bool isTransposeB = false);",
            "void SetTensorB(const LocalTensor<SrcBT>& rightMatrix, bool isTransposeB = false);",
            "void SetTensorB(SrcBT bScalar);",
        ),
        params=(
            ("tensor", "float16, float32 or int8, of B's dtype"),
            ("transpose", "B is transposed; needs ``is_trans=True`` on B's MatmulType"),
            ("scalar", "refused: CANN's Matmul takes no scalar B"),
        ),
        rules=(
            "The rules of ``set_tensor_a``, for B.",
            not_in_mix_dual_master_rule("set_tensor_b with a LocalTensor", inputs=True),
            f'A scalar B, in every kernel: "{matmul_gemv.scalar_b_message()}" (CANN\'s MatmulImpl asserts it; '
            "[A scalar A](../matmul.md#a-scalar-a-in-cubeformatscalar)).",
        ),
        example=("gm", "mm.set_tensor_b(b_global)"),
        overloads=("set_tensor_b(tensor, transpose=False)", "set_tensor_b(scalar)"),
    )
    def set_tensor_b(self, *args: Any, **kwargs: Any) -> None:
        """Set the right matrix B, as ``set_tensor_a`` sets A."""
        self._set_input("B", args, kwargs)

    def _set_input(self, role: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        method = f"set_tensor_{role.lower()}"
        builder = self._builder(method)
        first = args[0] if args else kwargs.get("tensor", kwargs.get("scalar"))
        candidates = [f"{method}(scalar: int | float)", f"{method}(tensor: BaseTensor, transpose: bool = False)"]
        overload = (
            _TENSOR if is_tensor(first) else _SCALAR if is_instance(first, (bool, int, float, RuntimeScalar)) else None
        )
        try:
            bound = bind(method, overload, args, kwargs) if overload is not None else None
        except TypeError:
            bound = None
        if bound is None:
            raise no_viable_candidate(method, args, kwargs, candidates)
        if overload is _TENSOR:
            self._set_tensor(builder, role, method, bound["tensor"], bound["transpose"])
        else:
            self._set_scalar(builder, role, method, bound["scalar"])

    def _set_tensor(self, builder: Any, role: str, method: str, tensor: BaseTensor, transpose: Any) -> None:
        if not isinstance(tensor, GlobalTensor):
            self._not_dual_master(f"{method} with a LocalTensor", inputs=True)
        if role == "A":
            matmul_gemv.check_tensor_a(self._declared(role))
        if tensor.dtype not in AB_DTYPES:
            raise ValueError(unsupported_tensor_message(method))
        self._check_dtype(tensor.dtype, role, method)
        self._check_kind(tensor, role, method)
        declared = self._declared(role)
        if not isinstance(transpose, RuntimeScalar) and transpose and not declared.is_trans:
            raise ValueError(transpose_message(method, role))
        if role == "A" and not isinstance(transpose, RuntimeScalar) and transpose:
            matmul_gemv.check_transpose(declared, method)
        flag = self._flag(builder, transpose, method, "transpose")
        op_cls = ir.MatmulSetTensorAOp if role == "A" else ir.MatmulSetTensorBOp
        builder.insert(op_cls(self.ssa, tensor.ssa, flag))

    def _set_scalar(self, builder: Any, role: str, method: str, scalar: Any) -> None:
        self._not_dual_master(f"{method} with a scalar", inputs=True)
        if role == "B":
            matmul_gemv.refuse_scalar_b()
        dtype = self._declared(role).dtype
        if dtype not in (float16, float32):
            raise ValueError(unsupported_scalar_message(method))
        matmul_gemv.check_scalar_a(self._declared(role))
        value = self._integer(builder, scalar, method, "scalar", dtype)
        op_cls = ir.MatmulSetScalarAOp if role == "A" else ir.MatmulSetScalarBOp
        builder.insert(op_cls(self.ssa, value))

    # -- bias

    @matmul_record(
        cpp=(
            "void SetBias(const GlobalTensor<BiasT>& biasGlobal);",
            "void SetBias(const LocalTensor<BiasT>& inputBias);",
        ),
        params=(("tensor", "of the bias MatmulType's dtype (C's, when ``Matmul(bias=None)``)"),),
        rules=(
            f'int32 when A and B are int8 ("{BIAS_NOT_INT32}"), else float16 or float32 ("{BIAS_TYPE}").',
            "``MatmulConfig.enable_set_bias`` must be True; the tiling must have ``is_bias=1``.",
            not_in_mix_dual_master_rule("set_bias with a LocalTensor", inputs=True),
        ),
        example=("gm", "mm.set_bias(c_global)\nmm.iterate_all(c_global)"),
    )
    def set_bias(self, tensor: BaseTensor) -> None:
        """Set the bias row added to every row of C."""
        builder = self._builder("set_bias")
        if not is_tensor(tensor):
            raise TypeError(f"set_bias: tensor must be a GlobalTensor or LocalTensor, got {type(tensor).__name__}")
        if not isinstance(tensor, GlobalTensor):
            self._not_dual_master("set_bias with a LocalTensor", inputs=True)
        if self.a_type.dtype == int8 and self.b_type.dtype == int8:
            if tensor.dtype != int32:
                raise ValueError(BIAS_NOT_INT32)
        elif tensor.dtype not in (float16, float32):
            raise ValueError(BIAS_TYPE)
        self._check_dtype(tensor.dtype, "bias", "set_bias")
        self._check_kind(tensor, "bias", "set_bias")
        self._requires("enable_set_bias", "set_bias")
        builder.insert(ir.MatmulSetBiasOp(self.ssa, tensor.ssa))

    @matmul_record(
        cpp=("void DisableBias();",),
        example=("gm", "mm.disable_bias()"),
    )
    def disable_bias(self) -> None:
        """Compute without a bias."""
        self._builder("disable_bias").insert(ir.MatmulDisableBiasOp(self.ssa))

    # -- user data

    @matmul_record(
        cpp=("void SetSelfDefineData(const uint64_t dataPtr);",),
        params=(("data_ptr", "a GM address, a GlobalTensor (its address) or an integer, passed as ``uint64_t``"),),
        rules=(
            "``MatmulConfig.enable_set_define_data`` must be True; call it before ``set_tensor_a``/``set_tensor_b``.",
            not_in_mix_dual_master_rule("set_self_define_data"),
        ),
        example=("gm", "mm.set_self_define_data(a)\nmm.set_self_define_data(a_global)\nmm.set_self_define_data(7)"),
    )
    def set_self_define_data(self, data_ptr: Any) -> None:
        """Pass a value to user-defined copy callbacks. Returns None."""
        builder = self._builder("set_self_define_data")
        self._not_dual_master("set_self_define_data")
        self._requires("enable_set_define_data", "set_self_define_data")
        if is_instance(data_ptr, (GlobalAddress, GlobalTensor)):
            value = data_ptr.ssa
        elif is_instance(data_ptr, (bool, int, RuntimeScalar)):
            value = self._integer(builder, data_ptr, "set_self_define_data", "data_ptr", uint64)
        else:
            raise TypeError("set_self_define_data: data_ptr must be a GM address, a GlobalTensor or an integer")
        builder.insert(ir.MatmulSetSelfDefineDataOp(self.ssa, value))

    @matmul_record(
        cpp=("void SetUserDefInfo(const uint64_t tilingPtr);",),
        params=(("tiling_ptr", "a GM address or a GlobalTensor"),),
        rules=(
            f'"{USER_DEF_INFO_NOT_GM}" otherwise (an int or a TCubeTiling).',
            not_in_mix_dual_master_rule("set_user_def_info"),
        ),
        example=("gm", "mm.set_user_def_info(workspace)"),
    )
    def set_user_def_info(self, tiling_ptr: GlobalAddress | GlobalTensor) -> None:
        """Pass the address of user tiling data in GM to the callbacks. Returns None."""
        builder = self._builder("set_user_def_info")
        self._not_dual_master("set_user_def_info")
        if not is_instance(tiling_ptr, (GlobalAddress, GlobalTensor)):
            raise TypeError(USER_DEF_INFO_NOT_GM)
        self._requires("enable_set_define_data", "set_user_def_info")
        builder.insert(ir.MatmulSetUserDefInfoOp(self.ssa, tiling_ptr.ssa))

    @matmul_record(
        cpp=("void SetSparseIndex(const GlobalTensor<uint8_t>& indexGlobal);",),
        params=(("index_global", "a GlobalTensor of uint8, in NZ format"),),
        rules=(
            f'"{cube_only_message("set_sparse_index")}"',
            f'"{SPARSE_INDEX_NEEDS_MDL}"',
        ),
        example=("cube", "index = asc.GlobalTensor()\nindex.set_global_buffer(workspace)\nmm.set_sparse_index(index)"),
    )
    def set_sparse_index(self, index_global: GlobalTensor) -> None:
        """Set the index of a sparse B (cube-only kernels, MDL config)."""
        builder = self._builder("set_sparse_index")
        self._cube_only(builder, "set_sparse_index")
        if not self.config.do_multi_data_load:
            raise ValueError(SPARSE_INDEX_NEEDS_MDL)
        if not is_instance(index_global, GlobalTensor):
            raise TypeError("set_sparse_index: index_global must be a GlobalTensor")
        if index_global.dtype != uint8:
            raise ValueError(
                f"Tensor dtype {index_global.dtype} does not match the sparse index dtype uint8 declared by the "
                "Matmul in set_sparse_index"
            )
        builder.insert(ir.MatmulSetSparseIndexOp(self.ssa, index_global.ssa))

    # -- modes and shapes

    @matmul_record(
        cpp=("void SetHF32(bool enableHF32 = false, int32_t transMode = 0);",),
        params=(
            ("enable_hf32", "turn HF32 on"),
            ("trans_mode", "1 selects HF32 transform mode 1, anything else mode 0"),
        ),
        rules=(f'"{cube_only_message("set_hf32")}"',),
        example=("cube", "mm.set_hf32(True, 1)"),
    )
    def set_hf32(self, enable_hf32: Any = False, trans_mode: Any = 0) -> None:
        """Compute float32 inputs in HF32 mode (cube-only kernels)."""
        builder = self._builder("set_hf32")
        self._cube_only(builder, "set_hf32")
        enable = self._flag(builder, enable_hf32, "set_hf32", "enable_hf32")
        mode = self._integer(builder, trans_mode, "set_hf32", "trans_mode")
        builder.insert(ir.MatmulSetHF32Op(self.ssa, enable, mode))

    @matmul_record(
        cpp=("void SetTail(int tailM = -1, int tailN = -1, int tailK = -1);",),
        params=(("tail_m", "M"), ("tail_n", "N"), ("tail_k", "K")),
        rules=("``MatmulConfig.enable_set_tail`` must be True. All three C++ arguments are always written.",),
        example=("gm", "mm.set_tail(tail_k=32)\nmm.iterate_all(c_global)"),
    )
    def set_tail(self, tail_m: Any = -1, tail_n: Any = -1, tail_k: Any = -1) -> None:
        """Override singleCoreM/N/K for the next computation; -1 keeps a value."""
        builder = self._builder("set_tail")
        self._requires("enable_set_tail", "set_tail")
        m, n, k = (
            self._integer(builder, v, "set_tail", p)
            for p, v in zip(("tail_m", "tail_n", "tail_k"), (tail_m, tail_n, tail_k), strict=True)
        )
        builder.insert(ir.MatmulSetTailOp(self.ssa, m, n, k))

    @matmul_record(
        cpp=("void SetBatchNum(int32_t batchA, int32_t batchB);",),
        params=(("batch_a", "batches of A"), ("batch_b", "batches of B")),
        rules=(
            "Cube-only kernels only, and A's layout must not be NONE "
            f'("{unsupported_layout_message("set_batch_num", "NONE", "A")}").',
            not_in_mix_dual_master_rule("set_batch_num"),
        ),
        example=("cube_batch", "mm.set_batch_num(2, 2)\nmm.iterate_batch(c_global, False, 0, False)"),
    )
    def set_batch_num(self, batch_a: Any, batch_b: Any) -> None:
        """Set the batch counts of A and B (cube-only batch Matmul)."""
        builder = self._builder("set_batch_num")
        self._not_dual_master("set_batch_num")
        self._cube_only(builder, "set_batch_num")
        if self._layout("A") is LayoutMode.NONE:
            raise ValueError(unsupported_layout_message("set_batch_num", "NONE", "A"))
        a = self._integer(builder, batch_a, "set_batch_num", "batch_a")
        b = self._integer(builder, batch_b, "set_batch_num", "batch_b")
        builder.insert(ir.MatmulSetBatchNumOp(self.ssa, a, b))
        self.seen.add("set_batch_num")

    @matmul_record(
        cpp=(
            "template <class T> void SetWorkspace(GlobalTensor<T>& addr);",
            "template <class T> void SetWorkspace(__gm__ T* addr, int size);",
        ),
        params=(("addr", "a GlobalTensor, or a GM address"), ("size", "required with a GM address")),
        rules=(
            f'"{WORKSPACE_SIZE_REQUIRED}".',
            "A GlobalTensor should have a size, though CANN's own ``matmul_async_iterate`` sample gives none: a "
            "tensor whose every ``set_global_buffer`` gives no ``buffer_size`` (or a constant 0) is a warning at the "
            f'call naming each ``set_global_buffer``: "{WORKSPACE_WITHOUT_SIZE}". A size computed at run time is '
            "CANN's to check.",
            "Call it before an asynchronous ``iterate``, ``get_tensor_c(sync=False)`` or ``iterate_n_batch``.",
            not_in_mix_dual_master_rule("set_workspace"),
        ),
        example=("ub", "mm.set_workspace(c_global)\nmm.set_workspace(workspace, 65536)"),
    )
    def set_workspace(self, addr: GlobalTensor | GlobalAddress, size: Any = None) -> None:
        """Set the workspace where asynchronous results are written before they are fetched."""
        builder = self._builder("set_workspace")
        self._not_dual_master("set_workspace")
        self.seen.add("set_workspace")
        if isinstance(addr, GlobalTensor):
            _check_workspace_size(builder, addr)
            builder.insert(ir.MatmulSetWorkspaceOp(self.ssa, addr.ssa))
        elif is_instance(addr, GlobalAddress):
            if size is None:
                raise ValueError(WORKSPACE_SIZE_REQUIRED)
            builder.insert(
                ir.MatmulSetWorkspaceOp(self.ssa, addr.ssa, self._integer(builder, size, "set_workspace", "size"))
            )
        else:
            raise TypeError("set_workspace: addr must be a GM address")

    def _quantize(self) -> None:
        self.seen.add("quant")
        for seen in sorted(self.seen):
            if seen.startswith("batch:"):
                method = seen.removeprefix("batch:")
                raise ValueError(f"{method} does not support quantization (set_quant_scalar / set_quant_vector)")

    @matmul_record(
        cpp=("void SetQuantScalar(const uint64_t quantScalar);",),
        params=(("quant_scalar", "an integer, passed as uint64_t"),),
        rules=("``MatmulConfig.enable_quant_vector`` must be True; not with ``iterate_batch``/``iterate_n_batch``.",),
        example=("gm", "mm.set_quant_scalar(2)\nmm.iterate_all(c_global)"),
    )
    def set_quant_scalar(self, quant_scalar: Any) -> None:
        """Set one quantisation parameter for the whole result."""
        builder = self._builder("set_quant_scalar")
        self._requires("enable_quant_vector", "set_quant_scalar")
        self._quantize()
        value = self._integer(builder, quant_scalar, "set_quant_scalar", "quant_scalar", uint64)
        builder.insert(ir.MatmulSetQuantScalarOp(self.ssa, value))

    @matmul_record(
        cpp=("void SetQuantVector(const GlobalTensor<uint64_t>& quantTensor);",),
        params=(("quant_vector", "a GlobalTensor of uint64"),),
        rules=("The rules of ``set_quant_scalar``; the dtype must be uint64.",),
        example=(
            "quant",
            """quant = asc.GlobalTensor()
quant.set_global_buffer(quant_vector)
mm.set_quant_vector(quant)
mm.iterate_all(c_global)""",
        ),
    )
    def set_quant_vector(self, quant_vector: GlobalTensor) -> None:
        """Set one quantisation parameter per output channel."""
        builder = self._builder("set_quant_vector")
        if not is_instance(quant_vector, GlobalTensor):
            raise TypeError("set_quant_vector: quant_vector must be a GlobalTensor")
        if quant_vector.dtype != uint64:
            raise ValueError(
                f"Tensor dtype {quant_vector.dtype} does not match the quant vector dtype uint64 declared by the "
                "Matmul in set_quant_vector"
            )
        self._requires("enable_quant_vector", "set_quant_vector")
        self._quantize()
        builder.insert(ir.MatmulSetQuantVectorOp(self.ssa, quant_vector.ssa))

    @matmul_record(
        cpp=(
            "void SetOrgShape(int orgM, int orgN, int orgK);",
            "void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int orgKc = 0);",
        ),
        params=(
            ("org_m", "M of A and C"),
            ("org_n", "N of B and C"),
            ("org_ka", "K of A (and of B, when ``org_kb`` is not given)"),
            ("org_kb", "K of B"),
            ("org_kc", "N of the output C; needs ``org_kb``"),
        ),
        rules=(f'"{ORG_KC_NEEDS_KB}"; ``MatmulConfig.enable_set_org_shape`` must be True.',),
        example=("gm", "mm.set_org_shape(512, 512, 512)\nmm.set_org_shape(512, 512, 512, 512, 512)"),
    )
    def set_org_shape(self, org_m: Any, org_n: Any, org_ka: Any, org_kb: Any = None, org_kc: Any = None) -> None:
        """Set the full (original) shapes of A, B and C."""
        builder = self._builder("set_org_shape")
        if org_kc is not None and org_kb is None:
            raise ValueError(ORG_KC_NEEDS_KB)
        self._requires("enable_set_org_shape", "set_org_shape")
        names = ("org_m", "org_n", "org_ka", "org_kb", "org_kc")
        shape = [
            None if v is None else self._integer(builder, v, "set_org_shape", n)
            for n, v in zip(names, (org_m, org_n, org_ka, org_kb, org_kc), strict=True)
        ]
        m, n, ka, kb, kc = shape
        assert m is not None
        assert n is not None
        assert ka is not None
        builder.insert(ir.MatmulSetOrgShapeOp(self.ssa, m, n, ka, kb, kc))

    @matmul_record(
        cpp=("void SetSingleShape(int singleM, int singleN, int singleK);",),
        params=(("single_m", "M"), ("single_n", "N"), ("single_k", "K")),
        example=("gm", "mm.set_single_shape(256, 256, 256)"),
    )
    def set_single_shape(self, single_m: Any, single_n: Any, single_k: Any) -> None:
        """Set the shape this core computes."""
        builder = self._builder("set_single_shape")
        m, n, k = (
            self._integer(builder, v, "set_single_shape", p)
            for p, v in (("single_m", single_m), ("single_n", single_n), ("single_k", single_k))
        )
        builder.insert(ir.MatmulSetSingleShapeOp(self.ssa, m, n, k))

    @matmul_record(
        cpp=("template <bool isTurnOnDebug = true> MatrixOffset GetOffsetC();",),
        rules=(
            f'"{cube_only_message("get_offset_c")}"',
            f'"{GET_OFFSET_C_RESERVED}" (in a cube-only kernel)',
        ),
        example=("cube", "mm.iterate()\noffset = mm.get_offset_c()"),
        notes=(
            "CANN 9.1 documents ``GetOffsetC`` as a reserved interface: with its default template argument its "
            "implementation fails to compile, and the MIX client only reports it not supported. pyasc 1.1.1 "
            "prints the call all the same. The example stops at ``get_offset_c`` with the error above.",
        ),
    )
    def get_offset_c(self) -> MatrixOffset:
        """pyasc's query of where the current result block lies in C. CANN reserves it, so ascx stops at the call."""
        builder = self._builder("get_offset_c")
        self._cube_only(builder, "get_offset_c")
        raise ValueError(GET_OFFSET_C_RESERVED)
