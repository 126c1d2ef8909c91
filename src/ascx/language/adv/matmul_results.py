"""Matmul methods that compute and fetch results: ``iterate``, ``get_tensor_c``, ``iterate_all``, the batch
calls, and the waits that complete their asynchronous forms."""

from __future__ import annotations

import inspect
from typing import Any

from ascx.dialects import ascendc as ir
from ascx.dialects.ascendc.matmul_modes import forbidden_in_mix_dual_master
from ascx.language.adv.errors import require_compile_time
from ascx.language.adv.matmul_base import (
    C_DTYPES,
    UB_POSITIONS,
    MatmulBase,
    bind,
    check_en_atomic,
    en_atomic_message,
    is_local,
    is_tensor,
    mix_only_message,
    no_viable_candidate,
    unsupported_layout_message,
    unsupported_tensor_message,
)
from ascx.language.adv.matmul_modes import not_in_mix_dual_master_rule, not_with_ib_share_ab_rule
from ascx.language.adv.matmul_records import matmul_records
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.convert import scalar_operand
from ascx.language.core.dtype import bit, float16, float32, int8, int32
from ascx.language.core.enums import CubeFormat, IterateMode, LayoutMode, TPosition
from ascx.language.core.tensor import BaseTensor, GlobalTensor, LocalTensor
from ascx.language.core.values import Handle, RuntimeScalar

matmul_record = matmul_records(__name__)

ONLY_LOOP_CONDITION = "the result of iterate() can only be used as a with-item, a while condition, or discarded"
"""docs/matmul-protocol.md#the-result-of-iterate"""
ASYNC_ITERATE_POSITION = "iterate with sync=False requires the C MatmulType position to be VECIN, VECOUT or VECCALC"
ASYNC_GET_TENSOR_C_FORMS = "get_tensor_c with sync=False only supports a LocalTensor output or the returning form"
ASYNC_GET_TENSOR_C_LOCAL = "async_get_tensor_c: c must be a LocalTensor"
WAIT_ITERATE_ALL_NEEDS_ASYNC = "Param wait_iterate_all can be True only when sync is False"
WAIT_ITERATE_BATCH_NEEDS_ASYNC = "Param wait_iterate_batch can be True only when sync is False"
FIRST_ITERATION_RULE = (
    "In a MIX kernel the tensors are set (``set_tensor_a``/``set_tensor_b``) since the client's last message "
    "to the AIC: every message clears CANN's ``isFirstIter``, which this call asserts; the emulation stops "
    "there (docs/emulation.md#the-tiling-check)."
)
"""The reference rule of the computations whose first message CANN asserts is a first iteration."""


def not_driven_message(method: str) -> str:
    """A fetch traced before any ``iterate`` of its Matmul object."""
    return f"{method} must follow iterate() on the same Matmul"


def local_output_param_message(name: str) -> str:
    """An ``iterate_all`` parameter that its LocalTensor form does not take."""
    return f"When iterate_all output to LocalTensor, param {name} is not supported."


def batch_sync_message(method: str) -> str:
    """pyasc's message of a batch fetch with ``sync=True``."""
    return f"Matmul {method} only support params sync=False"


_BATCH_C_DTYPES = (int32, float32, float16)
_LOCAL_C_MATRIX_DTYPES = (int32, float32)
_L1_POSITIONS = (TPosition.A1, TPosition.B1, TPosition.C1, TPosition.TSCM)


def _get_tensor_c_tensor(
    tensor: Any, en_atomic: Any = 0, en_sequential_write: Any = False, sync: Any = True, optional_tensor: Any = None
) -> None: ...


def _get_tensor_c_returning(en_atomic: Any = 0, en_sequential_write: Any = False, sync: Any = True) -> None: ...


def _get_batch_returning(batch_a: Any, batch_b: Any, en_sequential_write: Any = False, sync: Any = True) -> None: ...


def _get_batch_local(
    tensor: Any, batch_a: Any, batch_b: Any, en_sequential_write: Any = False, sync: Any = True
) -> None: ...


def _iterate_batch_mix(
    tensor: Any,
    batch_a: Any,
    batch_b: Any,
    en_sequential_write: Any,
    matrix_stride_a: Any = 0,
    matrix_stride_b: Any = 0,
    matrix_stride_c: Any = 0,
    en_partial_sum: Any = None,
    en_atomic: Any = None,
    sync: Any = True,
    wait_iterate_batch: Any = None,
) -> None: ...


def _iterate_batch_cube(
    tensor: Any,
    en_partial_sum: Any,
    en_atomic: Any,
    en_sequential_write: Any,
    matrix_stride_a: Any = 0,
    matrix_stride_b: Any = 0,
    matrix_stride_c: Any = 0,
) -> None: ...


_SIGNATURES = {
    name: inspect.signature(fn)
    for name, fn in (
        ("get_tensor_c/tensor", _get_tensor_c_tensor),
        ("get_tensor_c/returning", _get_tensor_c_returning),
        ("get_batch_tensor_c/returning", _get_batch_returning),
        ("get_batch_tensor_c/local", _get_batch_local),
        ("iterate_batch/mix", _iterate_batch_mix),
        ("iterate_batch/cube", _iterate_batch_cube),
    )
}


def _compile_time(value: Any) -> bool:
    return not isinstance(value, Handle)


class MatmulResults(MatmulBase):
    """The compute and fetch methods of a Matmul object."""

    __slots__ = ()

    # -- trace-time bookkeeping of what this object has seen (for the ordering rules)

    def _saw(self, what: str) -> None:
        self.seen.add(what)

    def _requires_workspace(self, method: str) -> None:
        if "set_workspace" not in self.seen:
            raise ValueError(f"{method} requires set_workspace() on this Matmul before it")

    # -- iterate

    @matmul_record(
        cpp=(
            "template <bool sync = true> bool Iterate(bool enPartialSum = false);",
            "template <bool sync = true, typename T> bool Iterate(bool enPartialSum, "
            "const LocalTensor<T>& localCmatrix);",
        ),
        params=(
            ("en_partial_sum", "accumulate into the previous result"),
            ("sync", "compile-time; the C++ template argument"),
            ("local_c_matrix", "a CO1 LocalTensor (cube-only kernels, C at CO1 in NZ format)"),
        ),
        rules=(
            "Use the result as ``while mm.iterate():``, ``with mm.iterate() as count:`` (count numbers the blocks "
            f'from 0), or as a statement (one call): "{ONLY_LOOP_CONDITION}".',
            "``sync=False`` needs a MIX kernel, C at VECIN/VECOUT/VECCALC and ``set_workspace`` first: "
            f'"{ASYNC_ITERATE_POSITION}".',
            "``MatmulConfig.iterate_mode`` must include ``ITERATE_MODE_NORMAL``.",
            not_in_mix_dual_master_rule("iterate"),
            not_with_ib_share_ab_rule("iterate"),
        ),
        example=(
            "gm",
            "with mm.iterate() as count:\n    mm.get_tensor_c(c_global)\n"
            "while mm.iterate():\n    mm.get_tensor_c(c_global)",
        ),
        notes=(
            "pyasc's documentation writes ``while mm.iterate() as count:``, which is not Python; the with-form is "
            "pyasc's, the while-form an ascx extension.",
        ),
    )
    def iterate(self, en_partial_sum: Any = False, sync: Any = True, local_c_matrix: Any = None) -> MatmulIterator:
        """Compute the next result block; false when there is none. With ``sync=False`` the first call posts the
        whole computation to the cube core."""
        builder = self._builder("iterate")
        self._results_mode("iterate")
        if local_c_matrix is not None:
            if not is_tensor(local_c_matrix) or local_c_matrix.dtype not in _LOCAL_C_MATRIX_DTYPES:
                raise ValueError("Local_c_matrix Tensor type is not supported in iterate")
        sync_flag = self._constant_flag(sync, "sync", "iterate")
        if local_c_matrix is not None:
            if not builder.options.matmul_cube_only:
                raise ValueError(
                    "iterate with local_c_matrix is only supported in cube-only kernels (matmul_cube_only=True)"
                )
            if not is_local(local_c_matrix):
                raise TypeError("iterate: local_c_matrix must be a LocalTensor")
            if self._position("C") is not TPosition.CO1 or CubeFormat(self.c_type.format) is not CubeFormat.NZ:
                raise ValueError("iterate with local_c_matrix requires the C MatmulType position CO1 and format NZ")
            self._check_dtype(local_c_matrix.dtype, "C", "iterate")
        if not sync_flag:
            self._sync_in_cube(builder, "iterate", sync_flag)
            if self._position("C") not in UB_POSITIONS:
                raise ValueError(ASYNC_ITERATE_POSITION)
            self._requires_workspace("iterate")
        self._requires_mode(IterateMode.ITERATE_MODE_NORMAL, "iterate")
        self._requires_tiling("iterate")
        return MatmulIterator(self, en_partial_sum, sync_flag, local_c_matrix)

    # -- get_tensor_c

    @matmul_record(
        cpp=(
            "template <bool sync = true> void GetTensorC(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, "
            "bool enSequentialWrite = false);",
            "template <bool sync = true, bool doPad = false> void GetTensorC(const LocalTensor<DstT>& c, "
            "uint8_t enAtomic = 0, bool enSequentialWrite = false, ...);",
            "template <bool sync = true> void GetTensorC(const GlobalTensor<DstT>& gm, const LocalTensor<DstT>& "
            "co2Local, uint8_t enAtomic = 0, bool enSequentialWrite = false);",
            "template <bool sync = true> GlobalTensor<DstT> GetTensorC(uint8_t enAtomic = 0, "
            "bool enSequentialWrite = false);",
        ),
        params=(
            ("tensor", "the destination, of C's dtype"),
            ("en_atomic", "0-3 (0 for a LocalTensor destination)"),
            ("en_sequential_write", "write a dense base block instead of its place in C"),
            ("sync", "compile-time; must match the driving ``iterate``"),
            ("optional_tensor", "a LocalTensor that also receives the block (GM + UB form)"),
        ),
        rules=(
            f'"{unsupported_tensor_message("get_tensor_c")}"; "{en_atomic_message()}".',
            f'Driven by an ``iterate`` of the same ``sync``: "{not_driven_message("get_tensor_c")}".',
            "``sync=False`` only into a LocalTensor or in the returning form: "
            f'"{ASYNC_GET_TENSOR_C_FORMS}"; the returning form needs C at VECIN.',
            "``MatmulConfig.enable_get_tensor_c`` must be True.",
            not_in_mix_dual_master_rule("get_tensor_c"),
            not_with_ib_share_ab_rule("get_tensor_c"),
        ),
        example=(
            "ub",
            """c_block = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 128 * 256)
mm.set_workspace(c_global)
mm.iterate(sync=False)
for i in range(2):
    mm.get_tensor_c(c_block, sync=False)
    mm.wait_get_tensor_c()
view = mm.get_tensor_c(sync=False)""",
        ),
        overloads=(
            "get_tensor_c(tensor, en_atomic=0, en_sequential_write=False, sync=True, optional_tensor=None)",
            "get_tensor_c(en_atomic=0, en_sequential_write=False, sync=True) -> GlobalTensor",
        ),
    )
    def get_tensor_c(self, *args: Any, **kwargs: Any) -> GlobalTensor | None:
        """Fetch the current result block: into a tensor, into GM and a LocalTensor at once, or (no tensor,
        ``sync=False``) as a returned GlobalTensor viewing the workspace slot."""
        first = args[0] if args else kwargs.get("tensor")
        into = is_tensor(first)
        try:
            overload = _SIGNATURES["get_tensor_c/tensor" if into else "get_tensor_c/returning"]
            bound = bind("get_tensor_c", overload, args, kwargs)
        except TypeError:
            candidates = [
                "get_tensor_c(tensor: BaseTensor, en_atomic: int = 0, en_sequential_write: bool = False, "
                "sync: bool = True, optional_tensor: Optional[BaseTensor] = None)",
                "get_tensor_c(en_atomic: int = 0, en_sequential_write: bool = False, sync: bool = True)",
            ]
            raise no_viable_candidate("get_tensor_c", args, kwargs, candidates) from None
        if into:
            self._get_tensor_c_into(**bound)
            return None
        return self._get_tensor_c_view(**bound)

    def _get_tensor_c_into(
        self, tensor: BaseTensor, en_atomic: Any, en_sequential_write: Any, sync: Any, optional_tensor: Any
    ) -> None:
        method = "get_tensor_c"
        builder = self._builder(method)
        self._results_mode(method)
        if tensor.dtype not in C_DTYPES:
            raise ValueError(unsupported_tensor_message(method))
        check_en_atomic(en_atomic)
        if optional_tensor is not None:
            if not isinstance(tensor, GlobalTensor) or not is_local(optional_tensor):
                raise TypeError(
                    "When use get_tensor_c to fetch output to both GM and VECIN, the first input should be "
                    "GlobalTensor, and the last input should be LocalTensor"
                )
            if optional_tensor.dtype not in C_DTYPES:
                raise ValueError("Optional tensor type is not supported in get_tensor_c")
        sync_flag = self._constant_flag(sync, "sync", method)
        self._check_dtype(tensor.dtype, "C", method)
        if optional_tensor is not None:
            self._check_dtype(optional_tensor.dtype, "C", method)
        local_only = optional_tensor is None and is_local(tensor)
        if local_only and _compile_time(en_atomic) and en_atomic != 0:
            raise ValueError("Params en_atomic should be 0 when get_tensor_c outputs to LocalTensor")
        if not sync_flag:
            self._sync_in_cube(builder, method, sync_flag)
            if not local_only:
                raise ValueError(ASYNC_GET_TENSOR_C_FORMS)
            if self._position("C") not in UB_POSITIONS:
                raise ValueError(
                    "get_tensor_c with sync=False requires the C MatmulType position to be VECIN, VECOUT or VECCALC"
                )
            self._requires_workspace(method)
        if optional_tensor is not None:
            self._mix_only(builder, method)
        self._requires("enable_get_tensor_c", method)
        self._check_driven(method, sync_flag)
        atomic = self._integer(builder, en_atomic, method, "en_atomic", int8)
        sequential = self._flag(builder, en_sequential_write, method, "en_sequential_write")
        if optional_tensor is not None:
            builder.insert(
                ir.MatmulGetTensorCDualOp(self.ssa, tensor.ssa, optional_tensor.ssa, atomic, sequential, sync=sync_flag)
            )
        else:
            builder.insert(ir.MatmulGetTensorCOp(self.ssa, tensor.ssa, atomic, sequential, sync=sync_flag))

    def _get_tensor_c_view(self, en_atomic: Any, en_sequential_write: Any, sync: Any) -> GlobalTensor:
        method = "get_tensor_c"
        builder = self._builder(method)
        self._results_mode(method)
        require_compile_time(sync, "sync", method)
        if sync:
            raise ValueError("Matmul get_tensor_c with return value only support params sync=False")
        check_en_atomic(en_atomic)
        self._mix_only(builder, method)
        self._requires("enable_get_tensor_c", method)
        if self._position("C") is not TPosition.VECIN:
            raise ValueError("get_tensor_c with return value requires the C MatmulType position VECIN")
        self._requires_workspace(method)
        self._check_driven(method, False)
        atomic = self._integer(builder, en_atomic, method, "en_atomic", int8)
        sequential = self._flag(builder, en_sequential_write, method, "en_sequential_write")
        result_type = ir.GlobalTensorType(self.c_type.dtype.to_ir())
        op = builder.insert(ir.MatmulGetTensorCViewOp(self.ssa, atomic, sequential, result_type))
        return _global_view(op.result, self.c_type.dtype)

    def _check_driven(self, method: str, sync: bool) -> None:
        """In trace order, a fetch follows an ``iterate`` of the same ``sync``
        (docs/matmul-protocol.md#fetches-and-their-iteration)."""
        if self.last_iterate_sync is None:
            raise ValueError(not_driven_message(method))
        if self.last_iterate_sync != sync:
            raise ValueError(
                f"{method} sync={sync} does not match sync={self.last_iterate_sync} of the driving iterate()"
            )

    @matmul_record(
        cpp=("void AsyncGetTensorC(const LocalTensor<DstT>& c);",),
        params=(("c", "a LocalTensor of C's dtype"),),
        rules=(
            f'"{ASYNC_GET_TENSOR_C_LOCAL}"; MIX kernels only; after an asynchronous ``iterate``.',
            not_in_mix_dual_master_rule("async_get_tensor_c"),
            not_with_ib_share_ab_rule("async_get_tensor_c"),
        ),
        example=(
            "ub",
            """c_block = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 128 * 256)
mm.set_workspace(c_global)
mm.iterate(sync=False)
mm.async_get_tensor_c(c_block)  # AscxWarning: emitted as GetTensorC<false>(c_block, 0, false)
mm.wait_get_tensor_c()""",
        ),
    )
    def async_get_tensor_c(self, c: LocalTensor) -> None:
        """Deprecated: fetch the next block into a LocalTensor asynchronously. ascx rewrites it into
        ``get_tensor_c(c, sync=False)`` and warns."""
        method = "async_get_tensor_c"
        builder = self._builder(method)
        self._results_mode(method)
        if not is_local(c):
            raise TypeError(ASYNC_GET_TENSOR_C_LOCAL)
        self._check_dtype(c.dtype, "C", method)
        self._mix_only(builder, method)
        self._requires_workspace(method)
        self._check_driven(method, False)
        builder.insert(ir.MatmulAsyncGetTensorCOp(self.ssa, c.ssa))

    @matmul_record(
        cpp=("void WaitGetTensorC();",),
        rules=(
            f'MIX kernels only: "{mix_only_message("wait_get_tensor_c")}".',
            not_in_mix_dual_master_rule("wait_get_tensor_c"),
        ),
        example=(
            "ub",
            """c_block = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 128 * 256)
mm.set_workspace(c_global)
mm.iterate(sync=False)
mm.get_tensor_c(c_block, sync=False)
mm.wait_get_tensor_c()""",
        ),
    )
    def wait_get_tensor_c(self) -> None:
        """Complete the asynchronous fetches into LocalTensors (an MTE2 to vector handshake)."""
        builder = self._builder("wait_get_tensor_c")
        self._not_dual_master("wait_get_tensor_c")
        self._mix_only(builder, "wait_get_tensor_c")
        builder.insert(ir.MatmulWaitGetTensorCOp(self.ssa))

    # -- iterate_all

    @matmul_record(
        cpp=(
            "template <bool sync = true> void IterateAll(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, "
            "bool enSequentialWrite = false, bool waitIterateAll = false, bool fakeMsg = false);",
            "template <bool sync = true> void IterateAll(const LocalTensor<DstT>& ubCmatrix, uint8_t enAtomic = 0);",
        ),
        params=(
            ("tensor", "the output, of C's dtype"),
            ("en_atomic", "0-3"),
            ("sync", "compile-time"),
            ("en_sequential_write", "GlobalTensor output only"),
            ("wait_iterate_all", "with ``sync=False``: ``wait_iterate_all()`` completes the computation"),
            ("fake_msg", "needs ``do_ib_share_norm`` or ``intra_block_part_sum``"),
        ),
        rules=(
            f'"{WAIT_ITERATE_ALL_NEEDS_ASYNC}".',
            f'"{local_output_param_message("{name}")}"; a LocalTensor output is '
            "synchronous and needs C at A1, B1, C1 or TSCM (or CO1 in cube-only kernels).",
            "``sync=False`` without ``wait_iterate_all=True`` warns: the kernel must synchronise by other means.",
            "In MixDualMaster mode, and with IBShare on both A and B, results come only from ``iterate_all`` to a "
            f'GlobalTensor: "{forbidden_in_mix_dual_master("iterate_all to a LocalTensor")}".',
            FIRST_ITERATION_RULE,
        ),
        example=("gm", "mm.iterate_all(c_global, sync=False, wait_iterate_all=True)\nmm.wait_iterate_all()"),
        notes=(
            "MixDualMaster mode (``MatmulConfig(enable_mix_dual_master=True)``; in a MIX 1:2 kernel with "
            "``MatmulType(..., ib_share=True)`` on A and B) computes on the AIC while the AIVs' ``iterate_all`` "
            "only waits: see ``examples/matmul_mix_dual_master.py``.",
        ),
    )
    def iterate_all(
        self,
        tensor: BaseTensor,
        en_atomic: Any = 0,
        sync: Any = True,
        en_sequential_write: Any = None,
        wait_iterate_all: Any = None,
        fake_msg: Any = None,
    ) -> None:
        """Compute the whole result: into a GlobalTensor (optionally asynchronously), or into an L1 LocalTensor."""
        method = "iterate_all"
        builder = self._builder(method)
        self._requires_tiling(method)
        if not is_tensor(tensor):
            raise no_viable_candidate(
                method,
                (tensor,),
                {},
                [
                    "iterate_all(tensor: BaseTensor, en_atomic: int = 0, sync: bool = True, "
                    "en_sequential_write: bool = False, wait_iterate_all: bool = False, fake_msg: bool = False)"
                ],
            )
        to_global = isinstance(tensor, GlobalTensor)
        if not to_global:
            self._results_mode("iterate_all to a LocalTensor")
        if to_global:
            en_sequential_write = False if en_sequential_write is None else en_sequential_write
            wait_iterate_all = False if wait_iterate_all is None else wait_iterate_all
            fake_msg = False if fake_msg is None else fake_msg
        else:
            for name, value in (
                ("en_sequential_write", en_sequential_write),
                ("wait_iterate_all", wait_iterate_all),
                ("fake_msg", fake_msg),
            ):
                if value is not None:
                    raise ValueError(local_output_param_message(name))
        if tensor.dtype not in C_DTYPES:
            raise ValueError(unsupported_tensor_message(method))
        check_en_atomic(en_atomic)
        sync_flag = self._constant_flag(sync, "sync", method)
        wait_flag = self._constant_flag(wait_iterate_all, "wait_iterate_all", method) if to_global else False
        if wait_flag and sync_flag:
            raise ValueError(WAIT_ITERATE_ALL_NEEDS_ASYNC)
        self._check_dtype(tensor.dtype, "C", method)
        if not to_global:
            self._iterate_all_local_rules(builder, en_atomic, sync_flag)
        self._iterate_all_mode_rules(builder, sync_flag, fake_msg)
        self._requires_mode(IterateMode.ITERATE_MODE_ALL, method)
        self._requires("is_partial_output", method, value=False)
        atomic = self._integer(builder, en_atomic, method, "en_atomic", int8)
        if not to_global:
            builder.insert(ir.MatmulIterateAllLocalOp(self.ssa, tensor.ssa, atomic))
            return
        builder.insert(
            ir.MatmulIterateAllOp(
                self.ssa,
                tensor.ssa,
                atomic,
                self._flag(builder, en_sequential_write, method, "en_sequential_write"),
                self._flag(builder, fake_msg, method, "fake_msg"),
                sync=sync_flag,
                wait_iterate_all=wait_flag,
            )
        )
        self._ended_by_server(builder)

    def _iterate_all_local_rules(self, builder: IRBuilder, en_atomic: Any, sync: bool) -> None:
        """A LocalTensor output: synchronous, no atomic mode, C in L1 (or CO1 in cube-only kernels)."""
        if not sync:
            raise ValueError("iterate_all to a LocalTensor only supports sync=True")
        if _compile_time(en_atomic) and en_atomic != 0:
            raise ValueError("Params en_atomic should be 0 when iterate_all outputs to LocalTensor")
        allowed = _L1_POSITIONS + ((TPosition.CO1,) if builder.options.matmul_cube_only else ())
        if self._position("C") not in allowed:
            shown = "A1, B1, C1, TSCM or CO1" if builder.options.matmul_cube_only else "A1, B1, C1 or TSCM"
            raise ValueError(f"iterate_all to a LocalTensor requires the C MatmulType position to be {shown}")

    def _iterate_all_mode_rules(self, builder: IRBuilder, sync: bool, fake_msg: Any) -> None:
        self._sync_in_cube(builder, "iterate_all", sync)
        if builder.options.matmul_cube_only and self._layout("A") is not LayoutMode.NONE:
            raise ValueError(
                "iterate_all is not supported in cube-only kernels when the A MatmulType layout is not NONE"
            )
        if fake_msg is True and not (self.config.do_ib_share_norm or self.config.intra_block_part_sum):
            raise ValueError("fake_msg=True requires do_ib_share_norm=True or intra_block_part_sum=True")

    @matmul_record(
        cpp=("void WaitIterateAll();",),
        rules=("MIX kernels only.",),
        example=("gm", "mm.iterate_all(c_global, sync=False, wait_iterate_all=True)\nmm.wait_iterate_all()"),
        notes=("pyasc's documentation shows ``SetSingleShape``'s prototype here; this is the right one.",),
    )
    def wait_iterate_all(self) -> None:
        """Complete an ``iterate_all(sync=False, wait_iterate_all=True)``."""
        builder = self._builder("wait_iterate_all")
        self._mix_only(builder, "wait_iterate_all")
        builder.insert(ir.MatmulWaitIterateAllOp(self.ssa))

    # -- batches

    def _norm_template(self, method: str) -> None:
        if not self.config.is_norm_template():
            raise ValueError(f"{method} only supports the Norm template")

    def _no_quant(self, method: str) -> None:
        self.seen.add(f"batch:{method}")
        if "quant" in self.seen:
            raise ValueError(f"{method} does not support quantization (set_quant_scalar / set_quant_vector)")

    @matmul_record(
        cpp=(
            "template <bool sync = true, bool waitIterateBatch = false> void IterateBatch("
            "const GlobalTensor<DstT>& gm, "
            "uint32_t batchA, uint32_t batchB, bool enSequentialWrite, uint32_t matrixStrideA = 0, "
            "uint32_t matrixStrideB = 0, uint32_t matrixStrideC = 0, bool enPartialSum = false, uint8_t enAtomic = 0);",
            "template <bool sync = true> void IterateBatch(const LocalTensor<DstT>& ubCmatrix, ...same arguments...);",
            "void IterateBatch(const GlobalTensor<DstT>& gm, bool enPartialSum, uint8_t enAtomic, "
            "bool enSequentialWrite, uint32_t matrixStrideA = 0, uint32_t matrixStrideB = 0, "
            "uint32_t matrixStrideC = 0);  // cube-only",
        ),
        params=(
            ("tensor", "int32, float32 or float16 output"),
            ("batch_a, batch_b", "batch counts (MIX)"),
            ("en_sequential_write", "False for GM output, True for UB output"),
            ("en_partial_sum, en_atomic", "omitted ones are written as C++'s defaults ``false``/``0``"),
            ("sync, wait_iterate_batch", "compile-time; a UB output is synchronous"),
        ),
        rules=(
            f'A and B need the same layout, not NONE: "{unsupported_layout_message("iterate_batch", "NONE", "A")}".',
            "The Norm template only; no quantisation on the object; cube-only kernels call ``set_batch_num`` first "
            "and output to GM only.",
            "Layouts (CANN's IterateBatch docs): NORMAL and BNGS1S2 hold whole matrices one after another; BSNGD is "
            "``[B, S, N, G, D]`` with each batch an ``[S, D]`` matrix whose rows are ``N * G * D`` apart and the "
            "batches of one call ``D`` apart (``matrix_stride_a``/``b`` override it), SBNGD ``[S, B, N, G, D]`` "
            "with rows ``B * N * G * D`` apart; the tiling's layout fields (``set_a_layout`` ...) give B, S, N, G, "
            "D. Different batch counts broadcast G, N or B; a C with G = 1 adds up the G results.",
            "Into a LocalTensor (a UB C, ``en_sequential_write=True``) CANN's copy-out writes each ``[baseM, baseN]`` "
            "block of a batch densely at the batch's start, the batches ``singleCoreM * singleCoreN`` apart (N "
            "rounded up to 32 bytes): whole batches need one block per batch (``baseM = singleCoreM``, ``baseN = "
            'singleCoreN``), which the emulation checks at the call ("with enSequentialWrite every [baseM, baseN] '
            "block of a batch is written at the batch's start in the LocalTensor, so a batch must be one block: "
            '...").',
            not_in_mix_dual_master_rule("iterate_batch"),
            not_with_ib_share_ab_rule("iterate_batch"),
            FIRST_ITERATION_RULE,
        ),
        example=(
            "batch",
            """mm.iterate_batch(c_global, 2, 2, False, sync=False, wait_iterate_batch=True)
mm.wait_iterate_batch()""",
        ),
        overloads=(
            "iterate_batch(tensor, batch_a, batch_b, en_sequential_write, matrix_stride_a=0, matrix_stride_b=0, "
            "matrix_stride_c=0, en_partial_sum=None, en_atomic=None, sync=True, wait_iterate_batch=None)",
            "iterate_batch(tensor, en_partial_sum, en_atomic, en_sequential_write, matrix_stride_a=0, "
            "matrix_stride_b=0, matrix_stride_c=0)  # cube-only kernels",
        ),
    )
    def iterate_batch(self, *args: Any, **kwargs: Any) -> None:
        """Batch Matmul. The signature follows the kernel mode: the first form in MIX kernels, the second in
        cube-only kernels."""
        builder = self._builder("iterate_batch")
        self._results_mode("iterate_batch")
        self._requires_tiling("iterate_batch")
        if builder.options.matmul_cube_only:
            for name in ("batch_a", "batch_b", "sync", "wait_iterate_batch"):
                if name in kwargs:
                    raise TypeError(f"iterate_batch: parameter {name} is not supported in cube-only kernels")
            self._iterate_batch_cube(builder, **bind("iterate_batch", _SIGNATURES["iterate_batch/cube"], args, kwargs))
        else:
            self._iterate_batch_mix(builder, **bind("iterate_batch", _SIGNATURES["iterate_batch/mix"], args, kwargs))

    def _iterate_batch_mix(
        self,
        builder: IRBuilder,
        tensor: Any,
        batch_a: Any,
        batch_b: Any,
        en_sequential_write: Any,
        matrix_stride_a: Any,
        matrix_stride_b: Any,
        matrix_stride_c: Any,
        en_partial_sum: Any,
        en_atomic: Any,
        sync: Any,
        wait_iterate_batch: Any,
    ) -> None:
        method = "iterate_batch"
        if not is_tensor(tensor):
            raise TypeError("iterate_batch: tensor must be a GlobalTensor or LocalTensor")
        if tensor.dtype not in _BATCH_C_DTYPES:
            raise ValueError(unsupported_tensor_message(method))
        to_global = isinstance(tensor, GlobalTensor)
        if _compile_time(en_sequential_write):
            if to_global and en_sequential_write:
                raise ValueError("When output to GM, en_sequential_write should be False in iterate_batch")
            if not to_global and not en_sequential_write:
                raise ValueError("When output to UB, en_sequential_write should be True in iterate_batch")
        check_en_atomic(en_atomic, (None, 0, 1, 2, 3), "[None, 0, 1, 2, 3]")
        sync_flag = self._constant_flag(sync, "sync", method)
        wait_flag = self._constant_flag(wait_iterate_batch, "wait_iterate_batch", method)
        if to_global and wait_flag and sync_flag:
            raise ValueError(WAIT_ITERATE_BATCH_NEEDS_ASYNC)
        self._check_dtype(tensor.dtype, "C", method)
        if not to_global:
            if not sync_flag:
                raise ValueError("iterate_batch to a LocalTensor only supports sync=True")
            if wait_iterate_batch is not None:
                raise ValueError("Param wait_iterate_batch is not supported when iterate_batch outputs to LocalTensor")
        self._norm_template(method)
        self._batch_layouts(method)
        self._no_quant(method)
        self._requires_mode(IterateMode.ITERATE_MODE_BATCH, method)
        operands = [
            self._integer(builder, batch_a, method, "batch_a"),
            self._integer(builder, batch_b, method, "batch_b"),
            self._flag(builder, en_sequential_write, method, "en_sequential_write"),
            self._integer(builder, matrix_stride_a, method, "matrix_stride_a"),
            self._integer(builder, matrix_stride_b, method, "matrix_stride_b"),
            self._integer(builder, matrix_stride_c, method, "matrix_stride_c"),
            self._flag(builder, False if en_partial_sum is None else en_partial_sum, method, "en_partial_sum"),
            self._integer(builder, 0 if en_atomic is None else en_atomic, method, "en_atomic", int8),
        ]
        builder.insert(
            ir.MatmulIterateBatchOp(self.ssa, tensor.ssa, *operands, sync=sync_flag, wait_iterate_batch=wait_flag)
        )
        self._ended_by_server(builder)

    def _batch_layouts(self, method: str) -> None:
        a, b = self._layout("A"), self._layout("B")
        if a is not b:
            raise ValueError(f"{method} requires A and B to use the same layout")
        if a is LayoutMode.NONE:
            raise ValueError(unsupported_layout_message(method, "NONE", "A"))

    def _iterate_batch_cube(
        self,
        builder: IRBuilder,
        tensor: Any,
        en_partial_sum: Any,
        en_atomic: Any,
        en_sequential_write: Any,
        matrix_stride_a: Any,
        matrix_stride_b: Any,
        matrix_stride_c: Any,
    ) -> None:
        method = "iterate_batch"
        if not isinstance(tensor, GlobalTensor):
            raise TypeError("iterate_batch interface under cube-only scene only support output to GM.")
        if tensor.dtype not in _BATCH_C_DTYPES:
            raise ValueError(unsupported_tensor_message(method))
        check_en_atomic(en_atomic)
        if _compile_time(en_sequential_write) and en_sequential_write:
            raise ValueError("When output to GM, en_sequential_write should be False in iterate_batch")
        self._check_dtype(tensor.dtype, "C", method)
        if self._layout("A") is LayoutMode.NONE:
            raise ValueError(unsupported_layout_message(method, "NONE", "A"))
        if "set_batch_num" not in self.seen:
            raise ValueError("iterate_batch in a cube-only kernel requires set_batch_num() before it")
        self._norm_template(method)
        self._no_quant(method)
        operands = [
            self._flag(builder, en_partial_sum, method, "en_partial_sum"),
            self._integer(builder, en_atomic, method, "en_atomic", int8),
            self._flag(builder, en_sequential_write, method, "en_sequential_write"),
            self._integer(builder, matrix_stride_a, method, "matrix_stride_a"),
            self._integer(builder, matrix_stride_b, method, "matrix_stride_b"),
            self._integer(builder, matrix_stride_c, method, "matrix_stride_c"),
        ]
        builder.insert(ir.MatmulIterateBatchCubeOp(self.ssa, tensor.ssa, *operands))

    @matmul_record(
        cpp=(
            "template <bool sync = true, bool waitIterateBatch = false> void IterateNBatch(const uint32_t batchLoop, "
            "uint32_t batchA, uint32_t batchB, bool enSequentialWrite, uint32_t matrixStrideA = 0, "
            "uint32_t matrixStrideB = 0, uint32_t matrixStrideC = 0);",
        ),
        params=(
            ("batch_loop", "how many batches"),
            ("batch_a, batch_b", "batch counts"),
            ("en_sequential_write", "dense output"),
            ("sync, wait_iterate_batch", "compile-time"),
        ),
        rules=(
            f'"{WAIT_ITERATE_BATCH_NEEDS_ASYNC}".',
            "Needs ``MatmulConfig.is_n_batch=True``, A and B layouts other than NONE/NORMAL, and "
            "``set_workspace`` first.",
            "Step ``l`` reads A and B ``l * batch`` heads further in their layouts and writes its ``max(batch_a, "
            "batch_b)`` results into the workspace after step ``l - 1``'s (in C's layout).",
            not_in_mix_dual_master_rule("iterate_n_batch"),
            not_with_ib_share_ab_rule("iterate_n_batch"),
            FIRST_ITERATION_RULE,
        ),
        example=(
            "batch",
            """mm.set_workspace(c_global)
mm.iterate_n_batch(4, 2, 2, False, sync=False, wait_iterate_batch=True)
mm.wait_iterate_batch()""",
        ),
    )
    def iterate_n_batch(
        self,
        batch_loop: Any,
        batch_a: Any,
        batch_b: Any,
        en_sequential_write: Any,
        matrix_stride_a: Any = 0,
        matrix_stride_b: Any = 0,
        matrix_stride_c: Any = 0,
        sync: Any = True,
        wait_iterate_batch: Any = False,
    ) -> None:
        """Run ``batch_loop`` batch computations in one call (MIX kernels)."""
        method = "iterate_n_batch"
        builder = self._builder(method)
        self._results_mode(method)
        self._requires_tiling(method)
        sync_flag = self._constant_flag(sync, "sync", method)
        wait_flag = self._constant_flag(wait_iterate_batch, "wait_iterate_batch", method)
        if wait_flag and sync_flag:
            raise ValueError(WAIT_ITERATE_BATCH_NEEDS_ASYNC)
        self._mix_only(builder, method)
        self._requires("is_n_batch", method)
        for role in ("A", "B"):
            if self._layout(role) in (LayoutMode.NONE, LayoutMode.NORMAL):
                raise ValueError(unsupported_layout_message(method, self._layout(role).name, role))
        if self._layout("C") is LayoutMode.NORMAL:
            raise ValueError(unsupported_layout_message(method, "NORMAL", "C"))
        self._requires_workspace(method)
        self._requires_mode(IterateMode.ITERATE_MODE_N_BATCH, method)
        self._no_quant(method)
        if not sync_flag:
            self._saw("iterate_n_batch_async")
        operands = [
            self._integer(builder, batch_loop, method, "batch_loop"),
            self._integer(builder, batch_a, method, "batch_a"),
            self._integer(builder, batch_b, method, "batch_b"),
            self._flag(builder, en_sequential_write, method, "en_sequential_write"),
            self._integer(builder, matrix_stride_a, method, "matrix_stride_a"),
            self._integer(builder, matrix_stride_b, method, "matrix_stride_b"),
            self._integer(builder, matrix_stride_c, method, "matrix_stride_c"),
        ]
        builder.insert(ir.MatmulIterateNBatchOp(self.ssa, *operands, sync=sync_flag, wait_iterate_batch=wait_flag))

    @matmul_record(
        cpp=(
            "template <bool sync = true> GlobalTensor<DstT> GetBatchTensorC(uint32_t batchA, uint32_t batchB, "
            "bool enSequentialWrite = false);",
            "template <bool sync = true> void GetBatchTensorC(const LocalTensor<DstT>& c, uint32_t batchA, "
            "uint32_t batchB, bool enSequentialWrite = false);",
        ),
        params=(
            ("tensor", "a LocalTensor (second form)"),
            ("batch_a, batch_b", "required"),
            ("sync", "must be False"),
        ),
        rules=(
            f'"{batch_sync_message("get_batch_tensor_c")}"; after ``iterate_n_batch(sync=False)``, at '
            "most ``batch_loop`` times.",
            "The returned GlobalTensor views the next ``max(batch_a, batch_b) * singleCoreM * singleCoreN`` results "
            "of the workspace; into a LocalTensor, one step's results keep the row strides of C's layout.",
            not_in_mix_dual_master_rule("get_batch_tensor_c"),
            not_with_ib_share_ab_rule("get_batch_tensor_c"),
        ),
        example=(
            "batch",
            """mm.set_workspace(c_global)
mm.iterate_n_batch(4, 2, 2, False, sync=False, wait_iterate_batch=True)
mm.wait_iterate_batch()
result = mm.get_batch_tensor_c(2, 2, sync=False)""",
        ),
        overloads=(
            "get_batch_tensor_c(batch_a, batch_b, en_sequential_write=False, sync=True) -> GlobalTensor",
            "get_batch_tensor_c(tensor, batch_a, batch_b, en_sequential_write=False, sync=True)",
        ),
    )
    def get_batch_tensor_c(self, *args: Any, **kwargs: Any) -> GlobalTensor | None:
        """Fetch a batch result of an asynchronous ``iterate_n_batch``: returned as a GlobalTensor, or into a
        LocalTensor."""
        return self._get_batch("get_batch_tensor_c", args, kwargs)

    @matmul_record(
        cpp=(
            "template <bool sync = true> GlobalTensor<DstT> GetBatchC(uint32_t batchA, uint32_t batchB, "
            "bool enSequentialWrite = false);",
            "template <bool sync = true> void GetBatchC(const LocalTensor<DstT>& c, uint32_t batchA, "
            "uint32_t batchB, bool enSequentialWrite = false);",
        ),
        params=(
            ("tensor", "a LocalTensor (second form)"),
            ("batch_a, batch_b", "required"),
            ("sync", "must be False"),
        ),
        rules=(
            "The rules of ``get_batch_tensor_c``; the messages name ``get_batch_c``.",
            not_in_mix_dual_master_rule("get_batch_c"),
        ),
        example=(
            "batch",
            """mm.set_workspace(c_global)
mm.iterate_n_batch(4, 2, 2, False, sync=False, wait_iterate_batch=True)
mm.wait_iterate_batch()
result = mm.get_batch_c(2, 2, sync=False)""",
        ),
        overloads=(
            "get_batch_c(batch_a, batch_b, en_sequential_write=False, sync=True) -> GlobalTensor",
            "get_batch_c(tensor, batch_a, batch_b, en_sequential_write=False, sync=True)",
        ),
    )
    def get_batch_c(self, *args: Any, **kwargs: Any) -> GlobalTensor | None:
        """CANN's ``GetBatchC``, which does what ``get_batch_tensor_c`` does (an ascx extension: pyasc 1.1.1 has only
        ``get_batch_tensor_c``). Printed as ``GetBatchTensorC``, which CANN recommends."""
        return self._get_batch("get_batch_c", args, kwargs)

    def _get_batch(self, method: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> GlobalTensor | None:
        first = args[0] if args else kwargs.get("tensor")
        try:
            if is_tensor(first):
                bound = bind(method, _SIGNATURES["get_batch_tensor_c/local"], args, kwargs)
            else:
                bound = bind(method, _SIGNATURES["get_batch_tensor_c/returning"], args, kwargs)
        except TypeError:
            candidates = [
                f"{method}(batch_a: int, batch_b: int, en_sequential_write: bool = False, sync: bool = True)",
                f"{method}(tensor: LocalTensor, batch_a: int, batch_b: int, "
                "en_sequential_write: bool = False, sync: bool = True)",
            ]
            raise no_viable_candidate(method, args, kwargs, candidates) from None
        builder = self._builder(method)
        self._results_mode(method)
        require_compile_time(bound["sync"], "sync", method)
        if bound["sync"]:
            raise ValueError(batch_sync_message(method))
        tensor = bound.get("tensor")
        if tensor is not None and not is_local(tensor):
            raise TypeError(f"{method}: tensor must be a LocalTensor")
        if tensor is not None:
            self._check_dtype(tensor.dtype, "C", method)
        self._mix_only(builder, method)
        self._requires("is_n_batch", method)
        if "iterate_n_batch_async" not in self.seen:
            raise ValueError(f"{method} must follow iterate_n_batch(sync=False) on the same Matmul")
        self._requires_workspace(method)
        a = self._integer(builder, bound["batch_a"], method, "batch_a")
        b = self._integer(builder, bound["batch_b"], method, "batch_b")
        sequential = self._flag(builder, bound["en_sequential_write"], method, "en_sequential_write")
        if tensor is not None:
            builder.insert(ir.MatmulGetBatchTensorCOp(self.ssa, tensor.ssa, a, b, sequential))
            return None
        result_type = ir.GlobalTensorType(self.c_type.dtype.to_ir())
        op = builder.insert(ir.MatmulGetBatchTensorCViewOp(self.ssa, a, b, sequential, result_type))
        return _global_view(op.result, self.c_type.dtype)

    @matmul_record(
        cpp=("void WaitIterateBatch();",),
        rules=("MIX kernels only.", not_in_mix_dual_master_rule("wait_iterate_batch")),
        example=(
            "batch",
            """mm.iterate_batch(c_global, 2, 2, False, sync=False, wait_iterate_batch=True)
mm.wait_iterate_batch()""",
        ),
    )
    def wait_iterate_batch(self) -> None:
        """Complete an asynchronous ``iterate_batch`` or ``iterate_n_batch`` started with
        ``wait_iterate_batch=True``."""
        builder = self._builder("wait_iterate_batch")
        self._not_dual_master("wait_iterate_batch")
        self._mix_only(builder, "wait_iterate_batch")
        builder.insert(ir.MatmulWaitIterateBatchOp(self.ssa))


def _global_view(ssa: Any, dtype: Any) -> GlobalTensor:
    view = object.__new__(GlobalTensor)
    Handle.__init__(view, ssa)
    view.dtype = dtype
    return view


class MatmulIterator:
    """What ``Matmul.iterate()`` returns: one ``Iterate`` call, emitted where the result is used.

    The tracer asks it for a condition (``while mm.iterate():``, and each round of
    ``with mm.iterate() as count:``) or discards it (a bare ``mm.iterate()`` statement).
    """

    __slots__ = ("_en_partial_sum", "_local_c_matrix", "_matmul", "_sync", "_used")

    def __init__(self, matmul: MatmulResults, en_partial_sum: Any, sync: bool, local_c_matrix: Any = None):
        self._matmul = matmul
        self._en_partial_sum = en_partial_sum
        self._sync = sync
        self._local_c_matrix = local_c_matrix
        self._used = False
        active("Matmul.iterate").check_when_traced(self._unused)

    def _unused(self) -> str | None:
        return None if self._used else f"TypeError: {ONLY_LOOP_CONDITION}"

    def __ascx_condition__(self) -> RuntimeScalar:
        """Emit the ``Iterate`` call and return its ``bool`` result."""
        builder = active("Matmul.iterate")
        partial = scalar_operand(builder, self._en_partial_sum, bit, api="iterate", param="en_partial_sum")
        local = self._local_c_matrix.ssa if self._local_c_matrix is not None else None
        op = builder.insert(ir.MatmulIterateOp(self._matmul.ssa, partial, local, sync=self._sync))
        self._matmul.last_iterate_sync = self._sync
        self._used = True
        return RuntimeScalar(op.result, bit, origin="the result of Matmul.iterate()")

    def __ascx_discard__(self) -> None:
        """A bare ``mm.iterate()`` statement: one call, result ignored."""
        self.__ascx_condition__()

    __ascx_loop__ = True
    """``with mm.iterate() as count:`` runs its body once per result block; ``count`` counts from 0."""

    def __bool__(self) -> bool:
        raise TypeError(ONLY_LOOP_CONDITION)
