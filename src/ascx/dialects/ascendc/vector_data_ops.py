"""The data-rearranging vector ops: ``Gather``, ``Gatherb``, ``Scatter``, ``Brcb``, ``Copy`` (unified
buffer to unified buffer under a mask), ``GatherMask`` and its remaining count, ``Transpose`` and
``TransDataTo5HD`` (its tensor, tensor-list and address-list forms).

All run on the vector pipe.  An op whose operands are addresses rather than tensors (the address forms of
``TransDataTo5HD``) cannot name what it accesses; the sync analyses see only the tensors it names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import IntegerType, Signedness, UnitAttr, i1
from xdsl.ir import Attribute, SSAValue, TypeAttribute
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    base,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import MemoryReadEffect, MemoryWriteEffect
from xdsl.utils.exceptions import VerifyException

from ascx.dialects.ascendc.basic_types import ParamsKind, ParamsType
from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.tensor_ops import AnyInteger
from ascx.dialects.ascendc.traits import ExecutesOn, TensorAccess
from ascx.dialects.ascendc.types import LocalTensorType, tensor_element_type
from ascx.dialects.ascendc.vector_ops import Mask, params_kind, same_element_type
from ascx.dialects.ascendc.vector_syntax import Names, VectorSyntax

_OPTIONS = (AttrSizedOperandSegments(as_property=True),)
_V = (ExecutesOn(Pipe.PIPE_V), MemoryReadEffect(), MemoryWriteEffect())
_UI32 = IntegerType(32, Signedness.UNSIGNED)
_UI64 = IntegerType(64, Signedness.UNSIGNED)
_I64 = IntegerType(64)
NCHW_CONV_ADDR_LIST_SIZE = 16
"""The blocks ``TransDataTo5HD`` reads and writes per repeat (CANN's ``NCHW_CONV_ADDR_LIST_SIZE``)."""


def _offsets_are_u32(op: IRDLOperation, name: str) -> None:
    if tensor_element_type(getattr(op, name).type) != _UI32:
        raise VerifyException(f"{name} holds byte offsets and must be a tensor of ui32")


@op_definition
class VecGatherOp(VectorSyntax):
    """``AscendC::Gather(dst, src, srcOffset, srcBaseAddr, count)``: ``dst[i] = src`` at byte
    ``srcBaseAddr + srcOffset[i]``; the mask form takes ``mask, repeatTime, dstRepStride``."""

    name = "ascendc.vec.gather"
    LEADING: ClassVar[Names] = ("dst", "src", "src_offset", "src_base")
    OPTIONAL: ClassVar[Names] = ("count", "mask", "repeat_times", "dst_rep_stride")
    MASK_FORM: ClassVar[Names] = ("mask", "repeat_times", "dst_rep_stride")
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    src_offset = operand_def(LocalTensorType)
    src_base = operand_def(AnyInteger)
    count = opt_operand_def(AnyInteger)
    mask = opt_operand_def(Mask)
    repeat_times = opt_operand_def(AnyInteger)
    dst_rep_stride = opt_operand_def(AnyInteger)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src", "src_offset"), writes=("dst",)))

    def verify_(self) -> None:
        self.verify_form()
        same_element_type(self, "dst", "src")
        _offsets_are_u32(self, "src_offset")


@op_definition
class VecGatherbOp(VectorSyntax):
    """``AscendC::Gatherb(dst, src, offset, repeatTime, repeatParams)``: 32-byte blocks of ``src`` at the byte
    offsets of ``offset``, eight a repeat, into ``dst``'s blocks."""

    name = "ascendc.vec.gatherb"
    LEADING: ClassVar[Names] = ("dst", "src", "offset")
    OPTIONAL: ClassVar[Names] = ("repeat_times", "repeat_params")
    COUNT_FORM: ClassVar[Names] = OPTIONAL
    MASK_FORM: ClassVar[Names] = OPTIONAL
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    offset = operand_def(LocalTensorType)
    repeat_times = opt_operand_def(AnyInteger)
    repeat_params = opt_operand_def(ParamsType)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src", "offset"), writes=("dst",)))

    def verify_(self) -> None:
        self.verify_form()
        same_element_type(self, "dst", "src")
        _offsets_are_u32(self, "offset")
        params_kind(self, "repeat_params", ParamsKind.GATHER_REPEAT)


@op_definition
class VecScatterOp(VectorSyntax):
    """``AscendC::Scatter(dst, src, dstOffset, dstBaseAddr, count)``: ``src[i]`` to ``dst`` at byte
    ``dstBaseAddr + dstOffset[i]``; the mask form takes ``mask, repeatTime, srcRepStride``."""

    name = "ascendc.vec.scatter"
    LEADING: ClassVar[Names] = ("dst", "src", "dst_offset", "dst_base")
    OPTIONAL: ClassVar[Names] = ("count", "mask", "repeat_times", "src_rep_stride")
    MASK_FORM: ClassVar[Names] = ("mask", "repeat_times", "src_rep_stride")
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    dst_offset = operand_def(LocalTensorType)
    dst_base = operand_def(AnyInteger)
    count = opt_operand_def(AnyInteger)
    mask = opt_operand_def(Mask)
    repeat_times = opt_operand_def(AnyInteger)
    src_rep_stride = opt_operand_def(AnyInteger)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src", "dst_offset"), writes=("dst",)))

    def verify_(self) -> None:
        self.verify_form()
        same_element_type(self, "dst", "src")
        _offsets_are_u32(self, "dst_offset")


@op_definition
class VecBrcbOp(VectorSyntax):
    """``AscendC::Brcb(dst, src, repeatTime, repeatParams)``: each of eight ``src`` elements a repeat fills
    one 32-byte block of ``dst``."""

    name = "ascendc.vec.brcb"
    LEADING: ClassVar[Names] = ("dst", "src")
    OPTIONAL: ClassVar[Names] = ("repeat_times", "repeat_params")
    COUNT_FORM: ClassVar[Names] = OPTIONAL
    MASK_FORM: ClassVar[Names] = OPTIONAL
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    repeat_times = opt_operand_def(AnyInteger)
    repeat_params = opt_operand_def(ParamsType)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src",), writes=("dst",)))

    def verify_(self) -> None:
        self.verify_form()
        same_element_type(self, "dst", "src")
        params_kind(self, "repeat_params", ParamsKind.BRCB_REPEAT)


@op_definition
class VecCopyOp(VectorSyntax):
    """``AscendC::Copy<T, isSetMask>(dst, src, mask, repeatTime, repeatParams)``: a unified-buffer copy by
    the vector unit, under a mask, with ``CopyRepeatParams`` strides."""

    name = "ascendc.vec.copy"
    LEADING: ClassVar[Names] = ("dst", "src")
    OPTIONAL: ClassVar[Names] = ("mask", "repeat_times", "repeat_params")
    FLAGS: ClassVar[Names] = ("is_set_mask",)
    COUNT_FORM: ClassVar[Names] = OPTIONAL
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    mask = opt_operand_def(Mask)
    repeat_times = opt_operand_def(AnyInteger)
    repeat_params = opt_operand_def(ParamsType)
    is_set_mask = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src",), writes=("dst",)))

    def verify_(self) -> None:
        self.verify_form()
        same_element_type(self, "dst", "src")
        params_kind(self, "repeat_params", ParamsKind.COPY_REPEAT)


@op_definition
class VecGatherMaskOp(IRDLOperation):
    """``AscendC::GatherMask<T, U, mode>(dst, src0, src1Pattern, reduceMode, mask, params, rsvdCnt)``: the
    elements of ``src0`` a pattern selects (a ``uint16_t``/``uint32_t`` tensor of bits, or a built-in pattern
    1-7) packed into ``dst``; the result is how many (``rsvdCnt``).

    Example: ``%n = ascendc.vec.gather_mask %d, %s, %p, %r, %m, %params : ..., ui8, i1, ui32 -> ui64``
    """

    name = "ascendc.vec.gather_mask"
    dst = operand_def(LocalTensorType)
    src0 = operand_def(LocalTensorType)
    src1_pattern = operand_def(base(LocalTensorType) | AnyInteger)
    reduce_mode = operand_def(AnyInteger)
    mask = operand_def(AnyInteger)
    params = operand_def(ParamsType)
    rsvd_cnt = result_def(_UI64)
    traits = traits_def(*_V, TensorAccess(reads=("src0", "src1_pattern"), writes=("dst",)))
    assembly_format = (
        "$dst `,` $src0 `,` $src1_pattern `,` $reduce_mode `,` $mask `,` $params attr-dict `:` type($dst) `,` "
        "type($src0) `,` type($src1_pattern) `,` type($reduce_mode) `,` type($mask) `,` type($params) "
        "`->` type($rsvd_cnt)"
    )

    def __init__(
        self, dst: SSAValue, src0: SSAValue, pattern: SSAValue, reduce_mode: SSAValue, mask: SSAValue, params: SSAValue
    ):
        super().__init__(operands=[dst, src0, pattern, reduce_mode, mask, params], result_types=[_UI64])

    def pattern_is_tensor(self) -> bool:
        return isinstance(self.src1_pattern.type, LocalTensorType)

    def verify_(self) -> None:
        same_element_type(self, "dst", "src0")
        params_kind(self, "params", ParamsKind.GATHER_MASK)
        if self.reduce_mode.type != i1:
            raise VerifyException(f"reduce_mode must be an i1, got {self.reduce_mode.type}")


@op_definition
class GetGatherMaskRemainCountOp(IRDLOperation):
    """``AscendC::GetGatherMaskRemainCount()``: the count of the last ``GatherMask``.

    Example: ``%n = ascendc.get_gather_mask_remain_count : i64``
    """

    name = "ascendc.get_gather_mask_remain_count"
    result = result_def(_I64)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "attr-dict `:` type($result)"

    def __init__(self) -> None:
        super().__init__(result_types=[_I64])


@op_definition
class VecTransposeOp(VectorSyntax):
    """``AscendC::Transpose(dst, src)`` (one 16x16 matrix of 2-byte elements), or with
    ``sharedTmpBuffer, transposeParams`` the extended form (NCHW and NHWC)."""

    name = "ascendc.vec.transpose"
    LEADING: ClassVar[Names] = ("dst", "src")
    OPTIONAL: ClassVar[Names] = ("tmp", "params")
    COUNT_FORM: ClassVar[Names] = ()
    MASK_FORM: ClassVar[Names] = ("tmp", "params")
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    tmp = opt_operand_def(LocalTensorType)
    params = opt_operand_def(ParamsType)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src",), writes=("dst", "tmp")))

    def verify_(self) -> None:
        self.verify_form()
        same_element_type(self, "dst", "src")
        params_kind(self, "params", ParamsKind.TRANSPOSE_EXT)


def _five_hd_params(op: IRDLOperation) -> None:
    params_kind(op, "params", ParamsKind.TRANS_DATA_TO_5HD)


@op_definition
class VecTransDataTo5HDOp(IRDLOperation):
    """``AscendC::TransDataTo5HD<T>(dst, src, params)``: ``dst`` and ``src`` are ``uint64_t`` tensors holding
    the sixteen destination and source addresses; the data moved is elsewhere.  ``dst_tensors`` and
    ``src_tensors`` (not printed) are the tensors the stored addresses were taken from, as far as the trace
    knows, so that the sync analyses see the data's accesses.

    Example: ``ascendc.vec.trans_data_to_5hd f16 %dst, %src, %p into [%z] from [%x] : ...``
    """

    name = "ascendc.vec.trans_data_to_5hd"
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    params = operand_def(ParamsType)
    dst_tensors = var_operand_def(LocalTensorType)
    src_tensors = var_operand_def(LocalTensorType)
    element_type = prop_def(TypeAttribute)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("dst", "src", "src_tensors"), writes=("dst_tensors",)))
    assembly_format = (
        "$element_type $dst `,` $src `,` $params `into` ` ` `[` $dst_tensors `]` `from` ` ` `[` $src_tensors `]` "
        "attr-dict `:` type($dst) `,` type($src) `,` type($params) `,` `(` type($dst_tensors) `)` `,` "
        "`(` type($src_tensors) `)`"
    )

    def __init__(
        self,
        element_type: Attribute,
        dst: SSAValue,
        src: SSAValue,
        params: SSAValue,
        dst_tensors: Sequence[SSAValue] = (),
        src_tensors: Sequence[SSAValue] = (),
    ):
        super().__init__(
            operands=[dst, src, params, list(dst_tensors), list(src_tensors)], properties={"element_type": element_type}
        )

    def verify_(self) -> None:
        for name in ("dst", "src"):
            if tensor_element_type(getattr(self, name).type) != _UI64:
                raise VerifyException(f"{name} holds addresses and must be a tensor of ui64")
        _five_hd_params(self)


@op_definition
class VecTransDataTo5HDListOp(IRDLOperation):
    """``AscendC::TransDataTo5HD(dstList, srcList, params)`` with two arrays of sixteen ``LocalTensor``s.

    Example: ``ascendc.vec.trans_data_to_5hd_list [%d0, ...], [%s0, ...], %p : !ascendc.local_tensor<f16>``
    """

    name = "ascendc.vec.trans_data_to_5hd_list"
    dst_list = var_operand_def(LocalTensorType)
    src_list = var_operand_def(LocalTensorType)
    params = operand_def(ParamsType)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src_list",), writes=("dst_list",)))
    assembly_format = (
        "` ` `[` $dst_list `]` `,` `[` $src_list `]` `,` $params attr-dict `:` type($params) `,` "
        "`(` type($dst_list) `)` `,` `(` type($src_list) `)`"
    )

    def __init__(self, dst_list: list[SSAValue], src_list: list[SSAValue], params: SSAValue):
        super().__init__(operands=[dst_list, src_list, params])

    def verify_(self) -> None:
        if len(self.dst_list) != NCHW_CONV_ADDR_LIST_SIZE or len(self.src_list) != NCHW_CONV_ADDR_LIST_SIZE:
            raise VerifyException(
                f"TransDataTo5HD takes {NCHW_CONV_ADDR_LIST_SIZE} destination and {NCHW_CONV_ADDR_LIST_SIZE} source "
                f"tensors, got {len(self.dst_list)} and {len(self.src_list)}"
            )
        types = {tensor_element_type(v.type) for v in (*self.dst_list, *self.src_list)}
        if len(types) != 1:
            raise VerifyException("the tensors of TransDataTo5HD have one element type")
        _five_hd_params(self)


@op_definition
class VecTransDataTo5HDAddrOp(IRDLOperation):
    """``AscendC::TransDataTo5HD<T>(dstList, srcList, params)`` with two ``uint64_t[16]`` address arrays; the
    element type is the op's ``element_type``.  ``dst_tensors`` and ``src_tensors`` (not printed) are the
    tensors the addresses were taken from, as far as the trace knows, for the sync analyses.

    Example: ``ascendc.vec.trans_data_to_5hd_addr f16 [%d0, ...], [%s0, ...], %p into [%z] from [%x] : ...``
    """

    name = "ascendc.vec.trans_data_to_5hd_addr"
    element_type = prop_def(TypeAttribute)
    dst_addrs = var_operand_def(AnyInteger)
    src_addrs = var_operand_def(AnyInteger)
    params = operand_def(ParamsType)
    dst_tensors = var_operand_def(LocalTensorType)
    src_tensors = var_operand_def(LocalTensorType)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src_tensors",), writes=("dst_tensors",)))
    assembly_format = (
        "$element_type ` ` `[` $dst_addrs `]` `,` `[` $src_addrs `]` `,` $params `into` ` ` `[` $dst_tensors `]` "
        "`from` ` ` `[` $src_tensors `]` attr-dict `:` type($params) `,` `(` type($dst_addrs) `)` `,` "
        "`(` type($src_addrs) `)` `,` `(` type($dst_tensors) `)` `,` `(` type($src_tensors) `)`"
    )

    def __init__(
        self,
        element_type: Attribute,
        dst: Sequence[SSAValue],
        src: Sequence[SSAValue],
        params: SSAValue,
        dst_tensors: Sequence[SSAValue] = (),
        src_tensors: Sequence[SSAValue] = (),
    ):
        super().__init__(
            operands=[list(dst), list(src), params, list(dst_tensors), list(src_tensors)],
            properties={"element_type": element_type},
        )

    def verify_(self) -> None:
        if len(self.dst_addrs) != NCHW_CONV_ADDR_LIST_SIZE or len(self.src_addrs) != NCHW_CONV_ADDR_LIST_SIZE:
            raise VerifyException(
                f"TransDataTo5HD takes {NCHW_CONV_ADDR_LIST_SIZE} destination and {NCHW_CONV_ADDR_LIST_SIZE} source "
                f"addresses, got {len(self.dst_addrs)} and {len(self.src_addrs)}"
            )
        _five_hd_params(self)


DATA_OPS: tuple[type[IRDLOperation], ...] = (
    VecGatherOp,
    VecGatherbOp,
    VecScatterOp,
    VecBrcbOp,
    VecCopyOp,
    VecGatherMaskOp,
    GetGatherMaskRemainCountOp,
    VecTransposeOp,
    VecTransDataTo5HDOp,
    VecTransDataTo5HDListOp,
    VecTransDataTo5HDAddrOp,
)


__all__ = [
    "DATA_OPS",
    "NCHW_CONV_ADDR_LIST_SIZE",
    "GetGatherMaskRemainCountOp",
    "VecBrcbOp",
    "VecCopyOp",
    "VecGatherMaskOp",
    "VecGatherOp",
    "VecGatherbOp",
    "VecScatterOp",
    "VecTransDataTo5HDAddrOp",
    "VecTransDataTo5HDListOp",
    "VecTransDataTo5HDOp",
    "VecTransposeOp",
]
