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
    is_tensor,
    no_viable_candidate,
)
from ascx.language.adv.matrix_offset import MatrixOffset
from ascx.language.core.builder import IRBuilder
from ascx.language.core.checks import is_instance
from ascx.language.core.dtype import float16, float32, int8, int32, uint8, uint64
from ascx.language.core.enums import LayoutMode
from ascx.language.core.global_size import warn_without_elements
from ascx.language.core.tensor import BaseTensor, GlobalTensor
from ascx.language.core.values import GlobalAddress, RuntimeScalar

WORKSPACE_SIZE_ASSERTION = (
    "CANN's SetWorkspace(GlobalTensor) asserts addr.GetSize() > 0 in its CPU-debug build (MatmulClient in "
    "include/adv_api/matmul/matmul_client.h, MatmulImpl in matmul_impl_base.h), where the kernel aborts; the "
    "NPU build does not check"
)


def _check_workspace_size(builder: IRBuilder, workspace: GlobalTensor) -> None:
    """``set_workspace(tensor)``: CANN's CPU-debug build asserts that the tensor has elements, so a tensor known
    to have none gets a warning at the call (``core.global_size``)."""
    warn_without_elements(
        builder,
        workspace,
        f"set_workspace: the workspace GlobalTensor has no size: {WORKSPACE_SIZE_ASSERTION}",
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

    def set_tensor_a(self, *args: Any, **kwargs: Any) -> None:
        """``mm.SetTensorA(tensor, transpose)`` or ``mm.SetTensorA(scalar)``: the left matrix."""
        self._set_input("A", args, kwargs)

    def set_tensor_b(self, *args: Any, **kwargs: Any) -> None:
        """``mm.SetTensorB(tensor, transpose)`` or ``mm.SetTensorB(scalar)``: the right matrix."""
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
        if tensor.dtype not in AB_DTYPES:
            raise ValueError(f"Tensor type is not supported in {method}")
        self._check_dtype(tensor.dtype, role, method)
        self._check_kind(tensor, role, method)
        declared = self._declared(role)
        if not isinstance(transpose, RuntimeScalar) and transpose and not declared.is_trans:
            raise ValueError(f"{method}: transpose=True requires the {role} MatmulType to have is_trans=True")
        if role == "A" and not isinstance(transpose, RuntimeScalar) and transpose:
            matmul_gemv.check_transpose(declared, method)
        flag = self._flag(builder, transpose, method, "transpose")
        op_cls = ir.MatmulSetTensorAOp if role == "A" else ir.MatmulSetTensorBOp
        builder.insert(op_cls(self.ssa, tensor.ssa, flag))

    def _set_scalar(self, builder: Any, role: str, method: str, scalar: Any) -> None:
        self._not_dual_master(f"{method} with a scalar", inputs=True)
        dtype = self._declared(role).dtype
        if dtype not in (float16, float32):
            raise ValueError(f"Scalar type is not supported in {method}")
        value = self._integer(builder, scalar, method, "scalar", dtype)
        op_cls = ir.MatmulSetScalarAOp if role == "A" else ir.MatmulSetScalarBOp
        builder.insert(op_cls(self.ssa, value))

    # -- bias

    def set_bias(self, tensor: BaseTensor) -> None:
        """``mm.SetBias(tensor)``: the bias row added to every result row."""
        builder = self._builder("set_bias")
        if not is_tensor(tensor):
            raise TypeError(f"set_bias: tensor must be a GlobalTensor or LocalTensor, got {type(tensor).__name__}")
        if not isinstance(tensor, GlobalTensor):
            self._not_dual_master("set_bias with a LocalTensor", inputs=True)
        if self.a_type.dtype == int8 and self.b_type.dtype == int8:
            if tensor.dtype != int32:
                raise ValueError("Bias type is not supported when input A and B is int8")
        elif tensor.dtype not in (float16, float32):
            raise ValueError("Bias type is not supported in set_bias")
        self._check_dtype(tensor.dtype, "bias", "set_bias")
        self._check_kind(tensor, "bias", "set_bias")
        self._requires("enable_set_bias", "set_bias")
        builder.insert(ir.MatmulSetBiasOp(self.ssa, tensor.ssa))

    def disable_bias(self) -> None:
        """``mm.DisableBias()``: compute without a bias."""
        self._builder("disable_bias").insert(ir.MatmulDisableBiasOp(self.ssa))

    # -- user data

    def set_self_define_data(self, data_ptr: Any) -> None:
        """``mm.SetSelfDefineData(<uint64_t>)``: data for user-defined copy callbacks; returns None."""
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

    def set_user_def_info(self, tiling_ptr: GlobalAddress | GlobalTensor) -> None:
        """``mm.SetUserDefInfo(reinterpret_cast<uint64_t>(ptr))``: user tiling data in GM; returns None."""
        builder = self._builder("set_user_def_info")
        self._not_dual_master("set_user_def_info")
        if not is_instance(tiling_ptr, (GlobalAddress, GlobalTensor)):
            raise TypeError("set_user_def_info: tiling_ptr must be a GM address")
        self._requires("enable_set_define_data", "set_user_def_info")
        builder.insert(ir.MatmulSetUserDefInfoOp(self.ssa, tiling_ptr.ssa))

    def set_sparse_index(self, index_global: GlobalTensor) -> None:
        """``mm.SetSparseIndex(index)``: the index of a sparse B (cube-only, MDL config)."""
        builder = self._builder("set_sparse_index")
        self._cube_only(builder, "set_sparse_index")
        if not self.config.do_multi_data_load:
            raise ValueError("set_sparse_index requires an MDL config (do_multi_data_load=True)")
        if not is_instance(index_global, GlobalTensor):
            raise TypeError("set_sparse_index: index_global must be a GlobalTensor")
        if index_global.dtype != uint8:
            raise ValueError(
                f"Tensor dtype {index_global.dtype} does not match the sparse index dtype uint8 declared by the "
                "Matmul in set_sparse_index"
            )
        builder.insert(ir.MatmulSetSparseIndexOp(self.ssa, index_global.ssa))

    # -- modes and shapes

    def set_hf32(self, enable_hf32: Any = False, trans_mode: Any = 0) -> None:
        """``mm.SetHF32(enableHF32, transMode)``: HF32 mode for float32 inputs (cube-only)."""
        builder = self._builder("set_hf32")
        self._cube_only(builder, "set_hf32")
        enable = self._flag(builder, enable_hf32, "set_hf32", "enable_hf32")
        mode = self._integer(builder, trans_mode, "set_hf32", "trans_mode")
        builder.insert(ir.MatmulSetHF32Op(self.ssa, enable, mode))

    def set_tail(self, tail_m: Any = -1, tail_n: Any = -1, tail_k: Any = -1) -> None:
        """``mm.SetTail(tailM, tailN, tailK)``: override singleCoreM/N/K; -1 keeps a value."""
        builder = self._builder("set_tail")
        self._requires("enable_set_tail", "set_tail")
        m, n, k = (
            self._integer(builder, v, "set_tail", p)
            for p, v in zip(("tail_m", "tail_n", "tail_k"), (tail_m, tail_n, tail_k), strict=True)
        )
        builder.insert(ir.MatmulSetTailOp(self.ssa, m, n, k))

    def set_batch_num(self, batch_a: Any, batch_b: Any) -> None:
        """``mm.SetBatchNum(batchA, batchB)``: batch counts of a cube-only batch Matmul."""
        builder = self._builder("set_batch_num")
        self._not_dual_master("set_batch_num")
        self._cube_only(builder, "set_batch_num")
        if self._layout("A") is LayoutMode.NONE:
            raise ValueError("set_batch_num does not support layout NONE for A")
        a = self._integer(builder, batch_a, "set_batch_num", "batch_a")
        b = self._integer(builder, batch_b, "set_batch_num", "batch_b")
        builder.insert(ir.MatmulSetBatchNumOp(self.ssa, a, b))
        self.seen.add("set_batch_num")

    def set_workspace(self, addr: GlobalTensor | GlobalAddress, size: Any = None) -> None:
        """``mm.SetWorkspace(tensor)`` or ``mm.SetWorkspace(addr, size)``: where asynchronous results go."""
        builder = self._builder("set_workspace")
        self._not_dual_master("set_workspace")
        self.seen.add("set_workspace")
        if isinstance(addr, GlobalTensor):
            _check_workspace_size(builder, addr)
            builder.insert(ir.MatmulSetWorkspaceOp(self.ssa, addr.ssa))
        elif is_instance(addr, GlobalAddress):
            if size is None:
                raise ValueError("set_workspace: size is required when addr is a GM address")
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

    def set_quant_scalar(self, quant_scalar: Any) -> None:
        """``mm.SetQuantScalar(q)``: one quantisation parameter for the whole result."""
        builder = self._builder("set_quant_scalar")
        self._requires("enable_quant_vector", "set_quant_scalar")
        self._quantize()
        value = self._integer(builder, quant_scalar, "set_quant_scalar", "quant_scalar", uint64)
        builder.insert(ir.MatmulSetQuantScalarOp(self.ssa, value))

    def set_quant_vector(self, quant_vector: GlobalTensor) -> None:
        """``mm.SetQuantVector(t)``: one quantisation parameter per output channel."""
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

    def set_org_shape(self, org_m: Any, org_n: Any, org_ka: Any, org_kb: Any = None, org_kc: Any = None) -> None:
        """``mm.SetOrgShape(m, n, ka[, kb[, kc]])``: the full (original) shapes of A, B and C."""
        builder = self._builder("set_org_shape")
        if org_kc is not None and org_kb is None:
            raise ValueError("set_org_shape: org_kc requires org_kb")
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

    def set_single_shape(self, single_m: Any, single_n: Any, single_k: Any) -> None:
        """``mm.SetSingleShape(m, n, k)``: the shape this core computes."""
        builder = self._builder("set_single_shape")
        m, n, k = (
            self._integer(builder, v, "set_single_shape", p)
            for p, v in (("single_m", single_m), ("single_n", single_n), ("single_k", single_k))
        )
        builder.insert(ir.MatmulSetSingleShapeOp(self.ssa, m, n, k))

    def get_offset_c(self) -> MatrixOffset:
        """pyasc's ``mm.GetOffsetC()``, which CANN reserves: always an error at the call (cube-only first)."""
        builder = self._builder("get_offset_c")
        self._cube_only(builder, "get_offset_c")
        raise ValueError(GET_OFFSET_C_RESERVED)
