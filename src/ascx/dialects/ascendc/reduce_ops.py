"""The per-repeat reductions: ``WholeReduceSum``/``Max``/``Min`` (one result per repeat),
``BlockReduceSum``/``Max``/``Min`` (one result per 32-byte block), ``PairReduceSum`` (one per pair of
neighbours) and ``RepeatReduceSum``, and the ``ReduceOrder`` of the maximum and minimum.

They have the mask form only: a mask (a lane count or ``uint64_t mask[]``), a repeat count and strides,
as ``int32_t`` in C++, in the order each C++ function takes them (``BlockReduceSum`` takes the repeat
count before the mask).  All run on the vector pipe, read ``src`` and write ``dst``.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import UnitAttr
from xdsl.ir import SpacedOpaqueSyntaxAttribute
from xdsl.irdl import (
    AttrSizedOperandSegments,
    irdl_attr_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    traits_def,
)
from xdsl.traits import MemoryReadEffect, MemoryWriteEffect
from xdsl.utils.exceptions import VerifyException

from ascx.dialects.ascendc.basic_enums import ReduceKind, ReduceKindAttr
from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enum_attr import IrEnumAttribute
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.tensor_ops import AnyInteger
from ascx.dialects.ascendc.traits import ExecutesOn, TensorAccess
from ascx.dialects.ascendc.types import LocalTensorType, tensor_element_type
from ascx.dialects.ascendc.vector_ops import Mask
from ascx.dialects.ascendc.vector_syntax import Modes, Names, VectorSyntax
from ascx.enums import ReduceOrder as ReduceOrder


@irdl_attr_definition
class ReduceOrderAttr(IrEnumAttribute[ReduceOrder], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.reduce_order"


_OPTIONS = (AttrSizedOperandSegments(as_property=True),)
_TRAITS = (
    ExecutesOn(Pipe.PIPE_V),
    MemoryReadEffect(),
    MemoryWriteEffect(),
    TensorAccess(reads=("src",), writes=("dst",)),
)
_STRIDES: Names = ("dst_rep_stride", "src_blk_stride", "src_rep_stride")


class _PerRepeatReduce(VectorSyntax):
    """The shared checks: the mask form only, ``dst`` and ``src`` of one element type."""

    def verify_form(self) -> None:
        present = {name for name, _ in self.present_optional()}
        if present != set(self.OPTIONAL):
            raise VerifyException(
                f"expected all of {', '.join(self.OPTIONAL)}; got {', '.join(sorted(present)) or 'none'}"
            )

    def verify_(self) -> None:
        self.verify_form()
        dst = tensor_element_type(self.operands[0].type)
        src = tensor_element_type(self.operands[1].type)
        if dst != src:
            raise VerifyException(f"dst has element type {dst}, but src has {src}")


@op_definition
class VecWholeReduceOp(_PerRepeatReduce):
    """``AscendC::WholeReduceMax<T, isSetMask>(dst, src, mask, repeatTime, dstRepStride, srcBlkStride,
    srcRepStride, order)`` and ``WholeReduceMin``: the extreme of each repeat and its index in the repeat.

    Example: ``ascendc.vec.whole_reduce max order_value_index %d, %s mask %m repeat_times %r
    dst_rep_stride %a src_blk_stride %b src_rep_stride %c set_mask : (types)``
    """

    name = "ascendc.vec.whole_reduce"
    MODES: ClassVar[Modes] = (("kind", ReduceKindAttr), ("order", ReduceOrderAttr))
    LEADING: ClassVar[Names] = ("dst", "src")
    OPTIONAL: ClassVar[Names] = ("mask", "repeat_times", *_STRIDES)
    COUNT_FORM: ClassVar[Names] = OPTIONAL
    MASK_FORM: ClassVar[Names] = OPTIONAL
    FLAGS: ClassVar[Names] = ("is_set_mask",)
    kind = prop_def(ReduceKindAttr)
    order = prop_def(ReduceOrderAttr)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    mask = opt_operand_def(Mask)
    repeat_times = opt_operand_def(AnyInteger)
    dst_rep_stride = opt_operand_def(AnyInteger)
    src_blk_stride = opt_operand_def(AnyInteger)
    src_rep_stride = opt_operand_def(AnyInteger)
    is_set_mask = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_TRAITS)

    def verify_(self) -> None:
        super().verify_()
        if self.kind.data is ReduceKind.SUM:
            raise VerifyException("the sum of a repeat is ascendc.vec.whole_reduce_sum, which has no order")


@op_definition
class VecWholeReduceSumOp(_PerRepeatReduce):
    """``AscendC::WholeReduceSum<T, isSetMask>(dst, src, mask, repeatTime, dstRepStride, srcBlkStride,
    srcRepStride)``: the sum of each repeat."""

    name = "ascendc.vec.whole_reduce_sum"
    LEADING: ClassVar[Names] = ("dst", "src")
    OPTIONAL: ClassVar[Names] = ("mask", "repeat_times", *_STRIDES)
    COUNT_FORM: ClassVar[Names] = OPTIONAL
    MASK_FORM: ClassVar[Names] = OPTIONAL
    FLAGS: ClassVar[Names] = ("is_set_mask",)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    mask = opt_operand_def(Mask)
    repeat_times = opt_operand_def(AnyInteger)
    dst_rep_stride = opt_operand_def(AnyInteger)
    src_blk_stride = opt_operand_def(AnyInteger)
    src_rep_stride = opt_operand_def(AnyInteger)
    is_set_mask = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_TRAITS)


@op_definition
class VecBlockReduceOp(_PerRepeatReduce):
    """``AscendC::BlockReduceSum<T, isSetMask>(dst, src, repeatTime, mask, dstRepStride, srcBlkStride,
    srcRepStride)``, ``BlockReduceMax``, ``BlockReduceMin``: one result per 32-byte block of a repeat."""

    name = "ascendc.vec.block_reduce"
    MODES: ClassVar[Modes] = (("kind", ReduceKindAttr),)
    LEADING: ClassVar[Names] = ("dst", "src")
    OPTIONAL: ClassVar[Names] = ("repeat_times", "mask", *_STRIDES)
    COUNT_FORM: ClassVar[Names] = OPTIONAL
    MASK_FORM: ClassVar[Names] = OPTIONAL
    FLAGS: ClassVar[Names] = ("is_set_mask",)
    kind = prop_def(ReduceKindAttr)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    repeat_times = opt_operand_def(AnyInteger)
    mask = opt_operand_def(Mask)
    dst_rep_stride = opt_operand_def(AnyInteger)
    src_blk_stride = opt_operand_def(AnyInteger)
    src_rep_stride = opt_operand_def(AnyInteger)
    is_set_mask = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_TRAITS)


@op_definition
class VecPairReduceSumOp(_PerRepeatReduce):
    """``AscendC::PairReduceSum<T, isSetMask>(dst, src, repeatTime, mask, dstRepStride, srcBlkStride,
    srcRepStride)``: the sum of each pair of neighbouring elements."""

    name = "ascendc.vec.pair_reduce_sum"
    LEADING: ClassVar[Names] = ("dst", "src")
    OPTIONAL: ClassVar[Names] = ("repeat_times", "mask", *_STRIDES)
    COUNT_FORM: ClassVar[Names] = OPTIONAL
    MASK_FORM: ClassVar[Names] = OPTIONAL
    FLAGS: ClassVar[Names] = ("is_set_mask",)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    repeat_times = opt_operand_def(AnyInteger)
    mask = opt_operand_def(Mask)
    dst_rep_stride = opt_operand_def(AnyInteger)
    src_blk_stride = opt_operand_def(AnyInteger)
    src_rep_stride = opt_operand_def(AnyInteger)
    is_set_mask = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_TRAITS)


@op_definition
class VecRepeatReduceSumOp(_PerRepeatReduce):
    """``AscendC::RepeatReduceSum<T, isSetMask>(dst, src, repeatTime, mask, dstBlkStride, srcBlkStride,
    dstRepStride, srcRepStride)``: the sum of each repeat (a lane-count mask only)."""

    name = "ascendc.vec.repeat_reduce_sum"
    LEADING: ClassVar[Names] = ("dst", "src")
    OPTIONAL: ClassVar[Names] = (
        "repeat_times",
        "mask",
        "dst_blk_stride",
        "src_blk_stride",
        "dst_rep_stride",
        "src_rep_stride",
    )
    COUNT_FORM: ClassVar[Names] = OPTIONAL
    MASK_FORM: ClassVar[Names] = OPTIONAL
    FLAGS: ClassVar[Names] = ("is_set_mask",)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    repeat_times = opt_operand_def(AnyInteger)
    mask = opt_operand_def(AnyInteger)
    dst_blk_stride = opt_operand_def(AnyInteger)
    src_blk_stride = opt_operand_def(AnyInteger)
    dst_rep_stride = opt_operand_def(AnyInteger)
    src_rep_stride = opt_operand_def(AnyInteger)
    is_set_mask = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_TRAITS)


REDUCE_OPS: tuple[type[VectorSyntax], ...] = (
    VecWholeReduceOp,
    VecWholeReduceSumOp,
    VecBlockReduceOp,
    VecPairReduceSumOp,
    VecRepeatReduceSumOp,
)


__all__ = [
    "REDUCE_OPS",
    "ReduceOrder",
    "ReduceOrderAttr",
    "VecBlockReduceOp",
    "VecPairReduceSumOp",
    "VecRepeatReduceSumOp",
    "VecWholeReduceOp",
    "VecWholeReduceSumOp",
]
