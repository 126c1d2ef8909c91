"""The sort and region-proposal ops: ``Sort32``, ``Sort``, ``MrgSort`` (with an ``MrgSort4Info`` or with
count arrays), ``MrgSort4``, ``RpSort16``, ``ProposalConcat``/``ProposalExtract``, and the scalar queries
``GetSortLen``, ``GetSortOffset`` and ``GetMrgSortResult``.

The sorted queues of ``MrgSort`` are operands of the op itself (``src1`` ... ``src4``, the last two
optional); the printer builds the ``AscendC::MrgSortSrcList<T>`` at the call, so the queues are
tensors the op reads like any other.  ``MrgSort4Info`` is a value (``ascendc.mrg_sort4_info``).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import Float16Type, Float32Type, IntegerType, Signedness, UnitAttr
from xdsl.ir import Attribute, ParametrizedAttribute, SSAValue, TypeAttribute
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    base,
    irdl_attr_definition,
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

from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.tensor_ops import AnyInteger
from ascx.dialects.ascendc.traits import ExecutesOn, TensorAccess
from ascx.dialects.ascendc.types import LocalTensorType, is_unsigned, tensor_element_type

_V = (ExecutesOn(Pipe.PIPE_V), MemoryReadEffect(), MemoryWriteEffect())
_SORT_FLOAT = base(Float16Type) | base(Float32Type)
_SOURCES = ("src1", "src2", "src3", "src4")


@irdl_attr_definition
class MrgSort4InfoType(ParametrizedAttribute, TypeAttribute):
    """An ``AscendC::MrgSort4Info``: the queue lengths, the exhausted-suspension switch, the valid
    queues and the repeat count of a ``MrgSort``."""

    name = "ascendc.mrg_sort4_info"


def _same_element_type(op: IRDLOperation, names: tuple[str, ...]) -> None:
    values = [(name, getattr(op, name)) for name in names]
    present = [(name, tensor_element_type(v.type)) for name, v in values if v is not None]
    first_name, first = present[0]
    for name, t in present[1:]:
        if t != first:
            raise VerifyException(f"{name} has element type {t}, but {first_name} has {first}")


def _u32_indices(op: IRDLOperation, name: str) -> None:
    t = tensor_element_type(getattr(op, name).type)
    if not (is_unsigned(t) and t == IntegerType(32, Signedness.UNSIGNED)):
        raise VerifyException(f"{name} holds the indices as ui32, got {t}")


@op_definition
class MrgSort4InfoOp(IRDLOperation):
    """``AscendC::MrgSort4Info info{elementLengths, ifExhaustedSuspension, validBit, repeatTimes};`` (the
    four queue lengths are printed as a ``uint16_t`` array first).

    Example: ``%info = ascendc.mrg_sort4_info [%a, %b, %c, %d], %false, %valid, %rep : (ui16, ui16, ui16,
    ui16), i1, ui16, ui16 -> !ascendc.mrg_sort4_info``
    """

    name = "ascendc.mrg_sort4_info"
    element_lengths = var_operand_def(AnyInteger)
    if_exhausted_suspension = operand_def(AnyInteger)
    valid_bit = operand_def(AnyInteger)
    repeat_times = operand_def(AnyInteger)
    result = result_def(MrgSort4InfoType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())
    assembly_format = (
        "`[` $element_lengths `]` `,` $if_exhausted_suspension `,` $valid_bit `,` $repeat_times attr-dict `:` "
        "`(` type($element_lengths) `)` `,` type($if_exhausted_suspension) `,` type($valid_bit) `,` "
        "type($repeat_times) `->` type($result)"
    )

    def __init__(self, element_lengths: list[SSAValue], suspension: SSAValue, valid_bit: SSAValue, repeat: SSAValue):
        super().__init__(operands=[element_lengths, suspension, valid_bit, repeat], result_types=[MrgSort4InfoType()])

    def verify_(self) -> None:
        if len(self.element_lengths) != 4:
            raise VerifyException(f"MrgSort4Info takes 4 queue lengths, got {len(self.element_lengths)}")


def _source(op: IRDLOperation, name: str) -> SSAValue | None:
    value: SSAValue | None = getattr(op, name)
    return value


class _MergeSortOp(IRDLOperation):
    """A merge of two to four sorted queues ``src1`` ... ``src4`` into ``dst``."""

    def sources(self) -> list[SSAValue]:
        return [v for name in _SOURCES if (v := getattr(self, name)) is not None]

    def verify_(self) -> None:
        if self.operands and _source(self, "src4") is not None and _source(self, "src3") is None:
            raise VerifyException("src4 needs src3")
        _same_element_type(self, ("dst", *_SOURCES))


_LIST = "$dst `,` `[` $src1 `,` $src2 (`,` $src3^)? (`,` $src4^)? `]`"
_LIST_TYPES = "type($dst) `,` `[` type($src1) `,` type($src2) (`,` type($src3)^)? (`,` type($src4)^)? `]`"


class _MergeWithInfoOp(_MergeSortOp):
    dst = operand_def(LocalTensorType)
    src1 = operand_def(LocalTensorType)
    src2 = operand_def(LocalTensorType)
    src3 = opt_operand_def(LocalTensorType)
    src4 = opt_operand_def(LocalTensorType)
    info = operand_def(MrgSort4InfoType)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(*_V, TensorAccess(reads=_SOURCES, writes=("dst",)))
    assembly_format = f"{_LIST} `,` $info attr-dict `:` {_LIST_TYPES}"


@op_definition
class MrgSortOp(_MergeWithInfoOp):
    """``AscendC::MrgSort(dst, AscendC::MrgSortSrcList<T>(src1, src2, src3, src4), info)``: merge sorted
    queues of (score, index) structures, by score, largest first.

    Example: ``ascendc.vec.mrg_sort %d, [%a, %b], %info : !ascendc.local_tensor<f16>, [...]``
    """

    name = "ascendc.vec.mrg_sort"


@op_definition
class MrgSort4Op(_MergeWithInfoOp):
    """``AscendC::MrgSort4(dst, AscendC::MrgSortSrcList<T>(src1, src2, src3, src4), info)``: merge sorted
    queues of region proposals, by score, largest first."""

    name = "ascendc.vec.mrg_sort4"


@op_definition
class MrgSortCountsOp(_MergeSortOp):
    """``AscendC::MrgSort<T, isExhaustedSuspension>(dst, AscendC::MrgSortSrcList<T>(...), elementCountList,
    sortedNum, validBit, repeatTime)``: ``MrgSort`` with the queue lengths and the sorted counts as
    ``uint16_t[4]`` and ``uint32_t[4]`` arrays (printed before the call)."""

    name = "ascendc.vec.mrg_sort_counts"
    dst = operand_def(LocalTensorType)
    src1 = operand_def(LocalTensorType)
    src2 = operand_def(LocalTensorType)
    src3 = opt_operand_def(LocalTensorType)
    src4 = opt_operand_def(LocalTensorType)
    element_counts = var_operand_def(AnyInteger)
    sorted_num = var_operand_def(AnyInteger)
    valid_bit = operand_def(AnyInteger)
    repeat_times = operand_def(AnyInteger)
    is_exhausted_suspension = opt_prop_def(UnitAttr)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(*_V, TensorAccess(reads=_SOURCES, writes=("dst",)))
    assembly_format = (
        f"(`exhausted_suspension` $is_exhausted_suspension^)? {_LIST} `counts` `[` $element_counts `]` "
        "`sorted` `[` $sorted_num `]` `valid` $valid_bit `repeat` $repeat_times attr-dict `:` "
        f"{_LIST_TYPES} `,` `(` type($element_counts) `)` `,` `(` type($sorted_num) `)` `,` type($valid_bit) `,` "
        "type($repeat_times)"
    )

    def verify_(self) -> None:
        super().verify_()
        for name in ("element_counts", "sorted_num"):
            if len(getattr(self, name)) != 4:
                raise VerifyException(f"{name} has 4 elements, got {len(getattr(self, name))}")


@op_definition
class Sort32Op(IRDLOperation):
    """``AscendC::Sort32(dst, src0, src1, repeatTime)``: sort each group of 32 scores (``src0``) with their
    ``uint32_t`` indices (``src1``) into (score, index) structures, largest score first."""

    name = "ascendc.vec.sort32"
    dst = operand_def(LocalTensorType)
    src0 = operand_def(LocalTensorType)
    src1 = operand_def(LocalTensorType)
    repeat_times = operand_def(AnyInteger)
    traits = traits_def(*_V, TensorAccess(reads=("src0", "src1"), writes=("dst",)))
    assembly_format = (
        "$dst `,` $src0 `,` $src1 `,` $repeat_times attr-dict `:` type($dst) `,` type($src0) `,` type($src1) `,` "
        "type($repeat_times)"
    )

    def verify_(self) -> None:
        _same_element_type(self, ("dst", "src0"))
        _u32_indices(self, "src1")


@op_definition
class SortOp(IRDLOperation):
    """``AscendC::Sort<T, isFullSort>(dst, concat, index, tmp, repeatTime)``: ``Sort32``, and with
    ``full_sort`` a merge of all the groups (``tmp`` is scratch space)."""

    name = "ascendc.vec.sort"
    dst = operand_def(LocalTensorType)
    concat = operand_def(LocalTensorType)
    index = operand_def(LocalTensorType)
    tmp = operand_def(LocalTensorType)
    repeat_times = operand_def(AnyInteger)
    is_full_sort = opt_prop_def(UnitAttr)
    traits = traits_def(*_V, TensorAccess(reads=("concat", "index"), writes=("dst", "tmp")))
    assembly_format = (
        "(`full_sort` $is_full_sort^)? $dst `,` $concat `,` $index `,` $tmp `,` $repeat_times attr-dict `:` "
        "type($dst) `,` type($concat) `,` type($index) `,` type($tmp) `,` type($repeat_times)"
    )

    def verify_(self) -> None:
        _same_element_type(self, ("dst", "concat", "tmp"))
        _u32_indices(self, "index")


@op_definition
class RpSort16Op(IRDLOperation):
    """``AscendC::RpSort16(dst, src, repeatTime)``: sort each group of 16 region proposals by score."""

    name = "ascendc.vec.rp_sort16"
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    repeat_times = operand_def(AnyInteger)
    traits = traits_def(*_V, TensorAccess(reads=("src",), writes=("dst",)))
    assembly_format = "$dst `,` $src `,` $repeat_times attr-dict `:` type($dst) `,` type($src) `,` type($repeat_times)"

    def verify_(self) -> None:
        _same_element_type(self, ("dst", "src"))


@op_definition
class ProposalOp(IRDLOperation):
    """``AscendC::ProposalConcat(dst, src, repeatTime, modeNumber)`` (``concat``: 16 elements into one field
    of 16 region proposals) and ``ProposalExtract`` (``extract``: the reverse)."""

    name = "ascendc.vec.proposal"
    extract = opt_prop_def(UnitAttr)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    repeat_times = operand_def(AnyInteger)
    mode_number = operand_def(AnyInteger)
    traits = traits_def(*_V, TensorAccess(reads=("src",), writes=("dst",)))
    assembly_format = (
        "(`extract` $extract^)? $dst `,` $src `,` $repeat_times `,` $mode_number attr-dict `:` type($dst) `,` "
        "type($src) `,` type($repeat_times) `,` type($mode_number)"
    )

    def verify_(self) -> None:
        _same_element_type(self, ("dst", "src"))

    @property
    def cpp_name(self) -> str:
        return "ProposalExtract" if self.extract is not None else "ProposalConcat"


class _SortQuery(IRDLOperation):
    """``AscendC::GetSortLen<T>(n)`` / ``GetSortOffset<T>(n)``: sizes in the sorted (score, index) layout."""

    CPP: ClassVar[str] = ""
    element_type = prop_def(_SORT_FLOAT)
    value = operand_def(AnyInteger)
    result = result_def(IntegerType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())
    assembly_format = "$element_type `,` $value attr-dict `:` type($value) `->` type($result)"

    def __init__(self, element_type: Attribute, value: SSAValue, result_type: Attribute):
        super().__init__(operands=[value], properties={"element_type": element_type}, result_types=[result_type])


@op_definition
class GetSortLenOp(_SortQuery):
    """``uint32_t n = AscendC::GetSortLen<T>(elemCount);``: the elements of ``T`` that ``elemCount`` sorted
    structures take."""

    name = "ascendc.get_sort_len"
    CPP: ClassVar[str] = "GetSortLen"


@op_definition
class GetSortOffsetOp(_SortQuery):
    """``uint32_t n = AscendC::GetSortOffset<T>(elemOffset);``: where sorted structure ``elemOffset`` starts,
    in elements of ``T``."""

    name = "ascendc.get_sort_offset"
    CPP: ClassVar[str] = "GetSortOffset"


@op_definition
class GetMrgSortResultOp(IRDLOperation):
    """``AscendC::GetMrgSortResult(list1, list2, list3, list4)``: how many structures of each queue the
    last ``MrgSort`` consumed (read from the scalar unit).

    Example: ``%a, %b, %c, %d = ascendc.get_mrg_sort_result : ui16, ui16, ui16, ui16``
    """

    name = "ascendc.get_mrg_sort_result"
    list1 = result_def(IntegerType)
    list2 = result_def(IntegerType)
    list3 = result_def(IntegerType)
    list4 = result_def(IntegerType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryReadEffect())
    assembly_format = "attr-dict `:` type($list1) `,` type($list2) `,` type($list3) `,` type($list4)"

    def __init__(self, result_type: Attribute):
        super().__init__(result_types=[result_type] * 4)


SORT_OPS: tuple[type[IRDLOperation], ...] = (
    MrgSort4InfoOp,
    MrgSortOp,
    MrgSort4Op,
    MrgSortCountsOp,
    Sort32Op,
    SortOp,
    RpSort16Op,
    ProposalOp,
    GetSortLenOp,
    GetSortOffsetOp,
    GetMrgSortResultOp,
)


__all__ = [
    "SORT_OPS",
    "GetMrgSortResultOp",
    "GetSortLenOp",
    "GetSortOffsetOp",
    "MrgSort4InfoOp",
    "MrgSort4InfoType",
    "MrgSort4Op",
    "MrgSortCountsOp",
    "MrgSortOp",
    "ProposalOp",
    "RpSort16Op",
    "Sort32Op",
    "SortOp",
]
