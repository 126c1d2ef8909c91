"""The fused vector ops: ``AddRelu`` and the other ops that combine an arithmetic step with a ReLU, a
conversion or a dequantisation (``ascendc.vec.fused``), the multiply-accumulate ops that also read
their destination (``ascendc.vec.ternary``, ``ascendc.vec.axpy``), ``CastDeq``, the DEQSCALE register
(``ascendc.set_deq_scale``, ``ascendc.vdeq_info``) and ``BilinearInterpolation``.

All compute on the vector pipe and share the count-or-mask syntax of the vector families
(``vector_syntax``).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerType, UnitAttr, f16, f32, i1, i16
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import MemoryReadEffect, MemoryWriteEffect, Pure
from xdsl.utils.exceptions import VerifyException

from ascx.dialects.ascendc.basic_enums import FusedKind, FusedKindAttr, TernaryKindAttr
from ascx.dialects.ascendc.basic_types import ParamsKind, ParamsType
from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.tensor_ops import AnyInteger
from ascx.dialects.ascendc.traits import ExecutesOn, TensorAccess
from ascx.dialects.ascendc.types import ElementType, LocalTensorType
from ascx.dialects.ascendc.vector_ops import Mask, params_kind, same_element_type, scalar_matches
from ascx.dialects.ascendc.vector_syntax import Modes, Names, VectorSyntax

_OPTIONS = (AttrSizedOperandSegments(as_property=True),)
_V = (ExecutesOn(Pipe.PIPE_V), MemoryReadEffect(), MemoryWriteEffect())
_EXTENT: Names = ("count", "mask", "repeat_times", "repeat_params")


@op_definition
class VecFusedOp(VectorSyntax):
    """``AscendC::AddRelu(dst, src0, src1, count)`` and SubRelu, AddReluCast, SubReluCast, MulCast,
    AddDeqRelu: ``dst`` from ``src0`` and ``src1``; the converting kinds write ``dst`` in its own type
    (mask form ``AddReluCast<T, U, isSetMask>(...)``)."""

    name = "ascendc.vec.fused"
    MODES: ClassVar[Modes] = (("kind", FusedKindAttr),)
    LEADING: ClassVar[Names] = ("dst", "src0", "src1")
    OPTIONAL: ClassVar[Names] = _EXTENT
    FLAGS: ClassVar[Names] = ("is_set_mask",)
    kind = prop_def(FusedKindAttr)
    dst = operand_def(LocalTensorType)
    src0 = operand_def(LocalTensorType)
    src1 = operand_def(LocalTensorType)
    count = opt_operand_def(AnyInteger)
    mask = opt_operand_def(Mask)
    repeat_times = opt_operand_def(AnyInteger)
    repeat_params = opt_operand_def(ParamsType)
    is_set_mask = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src0", "src1"), writes=("dst",)))

    def verify_(self) -> None:
        self.verify_form()
        same_element_type(self, "src0", "src1")
        if not self.kind.data.converts:
            same_element_type(self, "dst", "src0")
        params_kind(self, "repeat_params", ParamsKind.BINARY_REPEAT)


@op_definition
class VecTernaryOp(VectorSyntax):
    """``AscendC::FusedMulAdd(dst, src0, src1, count)`` (dst = src0 * dst + src1), FusedMulAddRelu and
    MulAddDst (dst = src0 * src1 + dst, ``MulAddDst<T, U, isSetMask>`` in the mask form): ``dst`` is read
    and written."""

    name = "ascendc.vec.ternary"
    MODES: ClassVar[Modes] = (("kind", TernaryKindAttr),)
    LEADING: ClassVar[Names] = ("dst", "src0", "src1")
    OPTIONAL: ClassVar[Names] = _EXTENT
    FLAGS: ClassVar[Names] = ("is_set_mask",)
    kind = prop_def(TernaryKindAttr)
    dst = operand_def(LocalTensorType)
    src0 = operand_def(LocalTensorType)
    src1 = operand_def(LocalTensorType)
    count = opt_operand_def(AnyInteger)
    mask = opt_operand_def(Mask)
    repeat_times = opt_operand_def(AnyInteger)
    repeat_params = opt_operand_def(ParamsType)
    is_set_mask = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src0", "src1", "dst"), writes=("dst",)))

    def verify_(self) -> None:
        self.verify_form()
        same_element_type(self, "src0", "src1")
        params_kind(self, "repeat_params", ParamsKind.BINARY_REPEAT)


@op_definition
class VecAxpyOp(VectorSyntax):
    """``AscendC::Axpy(dst, src, scalar, count)``: dst = scalar * src + dst; ``dst`` may be wider than
    ``src`` (half into float); the mask form is ``Axpy<T, U, isSetMask>(...)``."""

    name = "ascendc.vec.axpy"
    LEADING: ClassVar[Names] = ("dst", "src", "scalar")
    OPTIONAL: ClassVar[Names] = _EXTENT
    FLAGS: ClassVar[Names] = ("is_set_mask",)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    scalar = operand_def(ElementType)
    count = opt_operand_def(AnyInteger)
    mask = opt_operand_def(Mask)
    repeat_times = opt_operand_def(AnyInteger)
    repeat_params = opt_operand_def(ParamsType)
    is_set_mask = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src", "dst"), writes=("dst",)))

    def verify_(self) -> None:
        self.verify_form()
        scalar_matches(self, "scalar", "src")
        params_kind(self, "repeat_params", ParamsKind.UNARY_REPEAT)


@op_definition
class VecCastDeqOp(VectorSyntax):
    """``AscendC::CastDeq<T, U, isVecDeq, halfBlock>(dst, src, count)``: dequantise ``int16_t`` into 8-bit
    integers (or ``int32_t`` into ``half``) with the DEQSCALE register; the mask form takes
    ``<T, U, isSetMask, isVecDeq, halfBlock>``."""

    name = "ascendc.vec.cast_deq"
    LEADING: ClassVar[Names] = ("dst", "src")
    OPTIONAL: ClassVar[Names] = (*_EXTENT, "deq_table")
    FLAGS: ClassVar[Names] = ("is_set_mask", "is_vec_deq", "half_block")
    WITNESSES: ClassVar[Names] = ("deq_table",)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    count = opt_operand_def(AnyInteger)
    mask = opt_operand_def(Mask)
    repeat_times = opt_operand_def(AnyInteger)
    repeat_params = opt_operand_def(ParamsType)
    deq_table = opt_operand_def(LocalTensorType)
    """With ``isVecDeq``: the tensor the last ``SetDeqScale(vdeq, vdeqInfo)`` filled, which DEQSCALE points at
    and this op reads (not an argument of the C++ call)."""
    is_set_mask = opt_prop_def(UnitAttr)
    is_vec_deq = opt_prop_def(UnitAttr)
    half_block = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src", "deq_table"), writes=("dst",)))

    def verify_(self) -> None:
        self.verify_form()
        params_kind(self, "repeat_params", ParamsKind.UNARY_REPEAT)


@op_definition
class SetDeqScaleOp(IRDLOperation):
    """``AscendC::SetDeqScale(scale)`` (a ``half``) or ``SetDeqScale(scale, offset, signMode)`` (``float``,
    an integer C++ converts to ``int16_t``, ``bool``): the DEQSCALE register that ``AddDeqRelu`` and
    ``CastDeq`` read.

    Example: ``ascendc.set_deq_scale %s, %o, %m : f32, i16, i1``
    """

    name = "ascendc.set_deq_scale"
    values = var_operand_def()
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "$values attr-dict `:` type($values)"

    def __init__(self, values: list[SSAValue]):
        super().__init__(operands=[values])

    def verify_(self) -> None:
        types: list[Attribute] = [v.type for v in self.values]
        quant = len(types) == 3 and types[0] == f32 and isinstance(types[1], IntegerType) and types[2] == i1
        if types != [f16] and not quant:
            raise VerifyException(
                f"SetDeqScale takes (f16) or (f32, an integer offset, i1), got ({', '.join(map(str, types))})"
            )


@op_definition
class SetDeqScaleTableOp(IRDLOperation):
    """``AscendC::SetDeqScale(vdeq, vdeqInfo)``: write sixteen parameter sets into the 128-byte ``vdeq``
    tensor (by the scalar unit) and point the DEQSCALE register at it for ``CastDeq<..., true>``.

    Example: ``ascendc.set_deq_scale_table %vdeq, %info : !ascendc.local_tensor<ui64>``
    """

    name = "ascendc.set_deq_scale_table"
    vdeq = operand_def(LocalTensorType)
    info = operand_def(ParamsType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryWriteEffect(), TensorAccess(writes=("vdeq",)))
    assembly_format = "$vdeq `,` $info attr-dict `:` type($vdeq) `,` type($info)"

    def __init__(self, vdeq: SSAValue, info: SSAValue):
        super().__init__(operands=[vdeq, info])

    def verify_(self) -> None:
        params_kind(self, "info", ParamsKind.VDEQ_INFO)


VDEQ_TENSOR_SIZE = 16


@op_definition
class VdeqInfoOp(IRDLOperation):
    """``AscendC::VdeqInfo info(scale, offset, signMode);`` from sixteen ``float`` scales, sixteen
    ``int16_t`` offsets and sixteen ``bool`` sign modes, in that order.

    Example: ``%info = ascendc.vdeq_info %s0, ..., %m15 : f32, ..., i1 -> !ascendc.params<vdeq_info>``
    """

    name = "ascendc.vdeq_info"
    fields = var_operand_def()
    result = result_def(ParamsType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())
    assembly_format = "$fields attr-dict `:` type($fields) `->` type($result)"

    def __init__(self, fields: list[SSAValue]):
        super().__init__(operands=[fields], result_types=[ParamsType(ParamsKind.VDEQ_INFO)])

    def verify_(self) -> None:
        wanted: list[Attribute] = [*[f32] * VDEQ_TENSOR_SIZE, *[i16] * VDEQ_TENSOR_SIZE, *[i1] * VDEQ_TENSOR_SIZE]
        got: list[Attribute] = [v.type for v in self.fields]
        if len(got) != len(wanted) or any(
            g != w and not (isinstance(g, IntegerType) and isinstance(w, IntegerType) and w != i1)
            for g, w in zip(got, wanted, strict=True)
        ):
            raise VerifyException("a VdeqInfo takes 16 f32 scales, 16 integer offsets and 16 i1 sign modes")
        assert isinstance(self.result.type, ParamsType)
        if self.result.type.params_kind is not ParamsKind.VDEQ_INFO:
            raise VerifyException(f"a VdeqInfo is a !ascendc.params<vdeq_info>, got {self.result.type}")


@op_definition
class VecBilinearInterpolationOp(VectorSyntax):
    """``AscendC::BilinearInterpolation(dst, src0, src0Offset, src1, mask, hRepeat, repeatMode,
    dstBlkStride, vROffset, vRepeat, sharedTmpBuffer)``: gather 32-byte blocks of ``src0`` at the byte
    offsets of ``src0_offset``, weight them by ``src1`` and sum ``h_repeat`` of them into each of
    ``v_repeat`` destination rows ``v_r_offset`` elements apart."""

    name = "ascendc.vec.bilinear_interpolation"
    LEADING: ClassVar[Names] = ("dst", "src0", "src0_offset", "src1", "tmp")
    OPTIONAL: ClassVar[Names] = ("mask", "h_repeat", "repeat_mode", "dst_blk_stride", "v_r_offset", "v_repeat")
    COUNT_FORM: ClassVar[Names] = OPTIONAL
    MASK_FORM: ClassVar[Names] = OPTIONAL
    dst = operand_def(LocalTensorType)
    src0 = operand_def(LocalTensorType)
    src0_offset = operand_def(LocalTensorType)
    src1 = operand_def(LocalTensorType)
    tmp = operand_def(LocalTensorType)
    mask = opt_operand_def(Mask)
    h_repeat = opt_operand_def(AnyInteger)
    repeat_mode = opt_operand_def(AnyInteger)
    dst_blk_stride = opt_operand_def(AnyInteger)
    v_r_offset = opt_operand_def(AnyInteger)
    v_repeat = opt_operand_def(AnyInteger)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src0", "src0_offset", "src1"), writes=("dst", "tmp")))

    def verify_(self) -> None:
        self.verify_form()
        same_element_type(self, "dst", "src0", "src1")


FUSED_OPS: tuple[type[IRDLOperation], ...] = (
    VecFusedOp,
    VecTernaryOp,
    VecAxpyOp,
    VecCastDeqOp,
    SetDeqScaleOp,
    SetDeqScaleTableOp,
    VdeqInfoOp,
    VecBilinearInterpolationOp,
)

__all__ = [
    "FUSED_OPS",
    "FusedKind",
    "SetDeqScaleOp",
    "SetDeqScaleTableOp",
    "VdeqInfoOp",
    "VecAxpyOp",
    "VecBilinearInterpolationOp",
    "VecCastDeqOp",
    "VecFusedOp",
    "VecTernaryOp",
]
