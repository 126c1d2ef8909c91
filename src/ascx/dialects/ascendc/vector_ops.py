"""The vector op families: element-wise binary, tensor-scalar and unary ops, ``Cast``, ``Duplicate``,
reductions, ``Compare``/``CompareScalar`` and ``Select``, plus ``ascendc.mask_list``.

Every family has two call forms, as in Ascend C: the count form (``count`` elements) and the mask
form (``mask``, ``repeat_times`` and a repeat-params struct, optionally without setting the mask
register).  All run on the vector pipe, read their sources and write their destination.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import UnitAttr
from xdsl.ir import SSAValue
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
from xdsl.traits import MemoryReadEffect, MemoryWriteEffect, Pure
from xdsl.utils.exceptions import VerifyException

from ascx.dialects.ascendc.basic_enums import (
    BinaryKindAttr,
    BinaryScalarKindAttr,
    CmpModeAttr,
    ReduceKind,
    ReduceKindAttr,
    RoundModeAttr,
    SelModeAttr,
    UnaryKindAttr,
)
from ascx.dialects.ascendc.basic_types import MaskListType, ParamsKind, ParamsType
from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.tensor_ops import AnyInteger
from ascx.dialects.ascendc.traits import ExecutesOn, TakesPipeEventIds, TensorAccess
from ascx.dialects.ascendc.types import ElementType, LocalTensorType, tensor_element_type
from ascx.dialects.ascendc.vector_syntax import Modes, Names, VectorSyntax

Mask = AnyInteger | base(MaskListType)
_OPTIONS = (AttrSizedOperandSegments(as_property=True),)
_EFFECTS = (ExecutesOn(Pipe.PIPE_V), MemoryReadEffect(), MemoryWriteEffect())


def _same_element_type(op: IRDLOperation, *names: str) -> None:
    types = {name: tensor_element_type(getattr(op, name).type) for name in names}
    first = types[names[0]]
    for name, t in types.items():
        if t != first:
            raise VerifyException(f"{name} has element type {t}, but {names[0]} has {first}")


def _scalar_matches(op: IRDLOperation, scalar: str, tensor: str) -> None:
    element = tensor_element_type(getattr(op, tensor).type)
    got = getattr(op, scalar).type
    if got != element:
        raise VerifyException(f"{scalar} has type {got}, but the element type of {tensor} is {element}")


def _params_kind(op: IRDLOperation, name: str, kind: ParamsKind) -> None:
    value = getattr(op, name)
    if value is not None:
        assert isinstance(value.type, ParamsType)
        if value.type.params_kind is not kind:
            raise VerifyException(f"{name} must be a {ParamsType(kind).layout.cpp_name}, got {value.type}")


@op_definition
class VecBinaryOp(VectorSyntax):
    """``AscendC::Add(dst, src0, src1, count)`` and its siblings (Sub, Mul, Div, Max, Min, And, Or);
    the mask form is ``Add<T, isSetMask>(dst, src0, src1, mask, repeatTimes, repeatParams)``.
    """

    name = "ascendc.vec.binary"
    MODES: ClassVar[Modes] = (("kind", BinaryKindAttr),)
    LEADING: ClassVar[Names] = ("dst", "src0", "src1")
    OPTIONAL: ClassVar[Names] = ("count", "mask", "repeat_times", "repeat_params")
    FLAGS: ClassVar[Names] = ("is_set_mask",)
    kind = prop_def(BinaryKindAttr)
    dst = operand_def(LocalTensorType)
    src0 = operand_def(LocalTensorType)
    src1 = operand_def(LocalTensorType)
    count = opt_operand_def(AnyInteger)
    mask = opt_operand_def(Mask)
    repeat_times = opt_operand_def(AnyInteger)
    repeat_params = opt_operand_def(ParamsType)
    is_set_mask = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_EFFECTS, TensorAccess(reads=("src0", "src1"), writes=("dst",)))

    def verify_(self) -> None:
        self.verify_form()
        _same_element_type(self, "dst", "src0", "src1")
        _params_kind(self, "repeat_params", ParamsKind.BINARY_REPEAT)


@op_definition
class VecBinaryScalarOp(VectorSyntax):
    """``AscendC::Adds<T, isSetMask>(dst, src, scalar, count)`` and Muls, Maxs, Mins, LeakyRelu."""

    name = "ascendc.vec.binary_scalar"
    MODES: ClassVar[Modes] = (("kind", BinaryScalarKindAttr),)
    LEADING: ClassVar[Names] = ("dst", "src", "scalar")
    OPTIONAL: ClassVar[Names] = ("count", "mask", "repeat_times", "repeat_params")
    FLAGS: ClassVar[Names] = ("is_set_mask",)
    SET_MASK_IN_COUNT_FORM: ClassVar[bool] = True
    kind = prop_def(BinaryScalarKindAttr)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    scalar = operand_def(ElementType)
    count = opt_operand_def(AnyInteger)
    mask = opt_operand_def(Mask)
    repeat_times = opt_operand_def(AnyInteger)
    repeat_params = opt_operand_def(ParamsType)
    is_set_mask = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_EFFECTS, TensorAccess(reads=("src",), writes=("dst",)))

    def verify_(self) -> None:
        self.verify_form()
        _same_element_type(self, "dst", "src")
        _scalar_matches(self, "scalar", "src")
        _params_kind(self, "repeat_params", ParamsKind.UNARY_REPEAT)


@op_definition
class VecUnaryOp(VectorSyntax):
    """``AscendC::Exp(dst, src, count)`` and Abs, Ln, Sqrt, Rsqrt, Reciprocal, Relu, Not."""

    name = "ascendc.vec.unary"
    MODES: ClassVar[Modes] = (("kind", UnaryKindAttr),)
    LEADING: ClassVar[Names] = ("dst", "src")
    OPTIONAL: ClassVar[Names] = ("count", "mask", "repeat_times", "repeat_params")
    FLAGS: ClassVar[Names] = ("is_set_mask",)
    kind = prop_def(UnaryKindAttr)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    count = opt_operand_def(AnyInteger)
    mask = opt_operand_def(Mask)
    repeat_times = opt_operand_def(AnyInteger)
    repeat_params = opt_operand_def(ParamsType)
    is_set_mask = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_EFFECTS, TensorAccess(reads=("src",), writes=("dst",)))

    def verify_(self) -> None:
        self.verify_form()
        _same_element_type(self, "dst", "src")
        _params_kind(self, "repeat_params", ParamsKind.UNARY_REPEAT)


@op_definition
class VecCastOp(VectorSyntax):
    """``AscendC::Cast<Dst, Src>(dst, src, roundMode, count)``: element-wise conversion."""

    name = "ascendc.vec.cast"
    MODES: ClassVar[Modes] = (("round_mode", RoundModeAttr),)
    LEADING: ClassVar[Names] = ("dst", "src")
    OPTIONAL: ClassVar[Names] = ("count", "mask", "repeat_times", "repeat_params")
    FLAGS: ClassVar[Names] = ("is_set_mask",)
    round_mode = prop_def(RoundModeAttr)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    count = opt_operand_def(AnyInteger)
    mask = opt_operand_def(Mask)
    repeat_times = opt_operand_def(AnyInteger)
    repeat_params = opt_operand_def(ParamsType)
    is_set_mask = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_EFFECTS, TensorAccess(reads=("src",), writes=("dst",)))

    def verify_(self) -> None:
        self.verify_form()
        _params_kind(self, "repeat_params", ParamsKind.UNARY_REPEAT)


@op_definition
class VecDuplicateOp(VectorSyntax):
    """``AscendC::Duplicate(dst, scalar, count)``: every element of ``dst`` set to ``scalar``; the mask
    form takes block and repeat strides instead of a params struct."""

    name = "ascendc.vec.duplicate"
    LEADING: ClassVar[Names] = ("dst", "scalar")
    OPTIONAL: ClassVar[Names] = ("count", "mask", "repeat_times", "dst_block_stride", "dst_repeat_stride")
    FLAGS: ClassVar[Names] = ("is_set_mask",)
    MASK_FORM: ClassVar[Names] = ("mask", "repeat_times", "dst_block_stride", "dst_repeat_stride")
    dst = operand_def(LocalTensorType)
    scalar = operand_def(ElementType)
    count = opt_operand_def(AnyInteger)
    mask = opt_operand_def(Mask)
    repeat_times = opt_operand_def(AnyInteger)
    dst_block_stride = opt_operand_def(AnyInteger)
    dst_repeat_stride = opt_operand_def(AnyInteger)
    is_set_mask = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(ExecutesOn(Pipe.PIPE_V), MemoryWriteEffect(), TensorAccess(writes=("dst",)))

    def verify_(self) -> None:
        self.verify_form()
        _scalar_matches(self, "scalar", "dst")


@op_definition
class VecCreateVecIndexOp(VectorSyntax):
    """``AscendC::CreateVecIndex(dst, firstValue, count)``: ``dst[i] = firstValue + i``; the mask forms take
    block and repeat strides, element ``j`` of repeat ``r`` getting ``firstValue + r * lanes + j``.

    CANN writes the first 32-byte block with the scalar unit, waits for it with an event id it takes from
    the TPipe (hence ``TakesPipeEventIds``, rule XC-9), and adds on the vector pipe; the op is ordered as
    vector work (docs/reference/basic/vector_conversion.md#asc-create_vec_index).
    """

    name = "ascendc.vec.create_vec_index"
    LEADING: ClassVar[Names] = ("dst", "first_value")
    OPTIONAL: ClassVar[Names] = ("count", "mask", "repeat_time", "dst_blk_stride", "dst_rep_stride")
    MASK_FORM: ClassVar[Names] = ("mask", "repeat_time", "dst_blk_stride", "dst_rep_stride")
    dst = operand_def(LocalTensorType)
    first_value = operand_def(ElementType)
    count = opt_operand_def(AnyInteger)
    mask = opt_operand_def(Mask)
    repeat_time = opt_operand_def(AnyInteger)
    dst_blk_stride = opt_operand_def(AnyInteger)
    dst_rep_stride = opt_operand_def(AnyInteger)
    irdl_options = _OPTIONS
    traits = traits_def(
        ExecutesOn(Pipe.PIPE_V),
        MemoryWriteEffect(),
        TensorAccess(writes=("dst",)),
        TakesPipeEventIds("create_vec_index", "CreateVecIndex"),
    )

    def verify_(self) -> None:
        self.verify_form()
        _scalar_matches(self, "first_value", "dst")


@op_definition
class VecReduceOp(VectorSyntax):
    """``AscendC::ReduceSum(dst, src, sharedTmpBuffer, count)``, ``ReduceMax``/``ReduceMin`` (which also
    take ``calIndex``); the mask form takes ``repeatTime`` and ``srcRepStride``."""

    name = "ascendc.vec.reduce"
    MODES: ClassVar[Modes] = (("kind", ReduceKindAttr),)
    LEADING: ClassVar[Names] = ("dst", "src", "tmp")
    OPTIONAL: ClassVar[Names] = ("count", "mask", "repeat_times", "src_rep_stride")
    FLAGS: ClassVar[Names] = ("cal_index",)
    MASK_FORM: ClassVar[Names] = ("mask", "repeat_times", "src_rep_stride")
    kind = prop_def(ReduceKindAttr)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    tmp = operand_def(LocalTensorType)
    count = opt_operand_def(AnyInteger)
    mask = opt_operand_def(Mask)
    repeat_times = opt_operand_def(AnyInteger)
    src_rep_stride = opt_operand_def(AnyInteger)
    cal_index = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_EFFECTS, TensorAccess(reads=("src",), writes=("dst", "tmp")))

    def verify_(self) -> None:
        self.verify_form()
        _same_element_type(self, "dst", "src", "tmp")
        if self.cal_index is not None and self.kind.data is ReduceKind.SUM:
            raise VerifyException("ReduceSum has no cal_index")


@op_definition
class VecCompareOp(VectorSyntax):
    """``AscendC::Compare(dst, src0, src1, cmpMode, count)``: a bit per element pair into ``dst``."""

    name = "ascendc.vec.compare"
    MODES: ClassVar[Modes] = (("cmp_mode", CmpModeAttr),)
    LEADING: ClassVar[Names] = ("dst", "src0", "src1")
    OPTIONAL: ClassVar[Names] = ("count", "mask", "repeat_times", "repeat_params")
    FLAGS: ClassVar[Names] = ("is_set_mask",)
    cmp_mode = prop_def(CmpModeAttr)
    dst = operand_def(LocalTensorType)
    src0 = operand_def(LocalTensorType)
    src1 = operand_def(LocalTensorType)
    count = opt_operand_def(AnyInteger)
    mask = opt_operand_def(Mask)
    repeat_times = opt_operand_def(AnyInteger)
    repeat_params = opt_operand_def(ParamsType)
    is_set_mask = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_EFFECTS, TensorAccess(reads=("src0", "src1"), writes=("dst",)))

    def verify_(self) -> None:
        self.verify_form()
        _same_element_type(self, "src0", "src1")
        _params_kind(self, "repeat_params", ParamsKind.BINARY_REPEAT)


@op_definition
class VecCompareScalarOp(VectorSyntax):
    """``AscendC::CompareScalar(dst, src0, scalar, cmpMode, count)``."""

    name = "ascendc.vec.compare_scalar"
    MODES: ClassVar[Modes] = (("cmp_mode", CmpModeAttr),)
    LEADING: ClassVar[Names] = ("dst", "src0", "scalar")
    OPTIONAL: ClassVar[Names] = ("count", "mask", "repeat_times", "repeat_params")
    FLAGS: ClassVar[Names] = ("is_set_mask",)
    cmp_mode = prop_def(CmpModeAttr)
    dst = operand_def(LocalTensorType)
    src0 = operand_def(LocalTensorType)
    scalar = operand_def(ElementType)
    count = opt_operand_def(AnyInteger)
    mask = opt_operand_def(Mask)
    repeat_times = opt_operand_def(AnyInteger)
    repeat_params = opt_operand_def(ParamsType)
    is_set_mask = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_EFFECTS, TensorAccess(reads=("src0",), writes=("dst",)))

    def verify_(self) -> None:
        self.verify_form()
        _scalar_matches(self, "scalar", "src0")
        _params_kind(self, "repeat_params", ParamsKind.UNARY_REPEAT)


@op_definition
class VecSelectOp(VectorSyntax):
    """``AscendC::Select(dst, selMask, src0, src1, selMode, count)``: ``src1`` is a tensor or a scalar."""

    name = "ascendc.vec.select"
    MODES: ClassVar[Modes] = (("sel_mode", SelModeAttr),)
    LEADING: ClassVar[Names] = ("dst", "sel_mask", "src0", "src1")
    OPTIONAL: ClassVar[Names] = ("count", "mask", "repeat_times", "repeat_params")
    FLAGS: ClassVar[Names] = ("is_set_mask",)
    sel_mode = prop_def(SelModeAttr)
    dst = operand_def(LocalTensorType)
    sel_mask = operand_def(LocalTensorType)
    src0 = operand_def(LocalTensorType)
    src1 = operand_def(base(LocalTensorType) | ElementType)
    count = opt_operand_def(AnyInteger)
    mask = opt_operand_def(Mask)
    repeat_times = opt_operand_def(AnyInteger)
    repeat_params = opt_operand_def(ParamsType)
    is_set_mask = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_EFFECTS, TensorAccess(reads=("sel_mask", "src0", "src1"), writes=("dst",)))

    def verify_(self) -> None:
        self.verify_form()
        _same_element_type(self, "dst", "src0")
        if isinstance(self.src1.type, LocalTensorType):
            _same_element_type(self, "dst", "src1")
        else:
            _scalar_matches(self, "src1", "src0")
        _params_kind(self, "repeat_params", ParamsKind.BINARY_REPEAT)

    def src1_is_scalar(self) -> bool:
        return not isinstance(self.src1.type, LocalTensorType)


@op_definition
class MaskListOp(IRDLOperation):
    """``uint64_t mask[] = {m0, m1};``: a per-element bit mask for the mask form of vector ops.

    Example: ``%m = ascendc.mask_list %hi, %lo : ui64, ui64 -> !ascendc.mask_list<2>``
    """

    name = "ascendc.mask_list"
    elements = var_operand_def(AnyInteger)
    result = result_def(MaskListType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())
    assembly_format = "$elements attr-dict `:` type($elements) `->` type($result)"

    def __init__(self, elements: list[SSAValue]):
        super().__init__(operands=[elements], result_types=[MaskListType(len(elements))])

    def verify_(self) -> None:
        assert isinstance(self.result.type, MaskListType)
        if self.result.type.size.data != len(self.elements) or not 1 <= len(self.elements) <= 2:
            raise VerifyException(f"a mask list has 1 or 2 elements, matching its type; got {len(self.elements)}")


same_element_type = _same_element_type
"""Check that the named tensor operands of ``op`` have one element type."""
scalar_matches = _scalar_matches
"""Check that a scalar operand has the element type of a tensor operand."""
params_kind = _params_kind
"""Check that an optional params operand, when present, is the given struct."""

VECTOR_OPS: tuple[type[VectorSyntax], ...] = (
    VecBinaryOp,
    VecBinaryScalarOp,
    VecUnaryOp,
    VecCastOp,
    VecDuplicateOp,
    VecCreateVecIndexOp,
    VecReduceOp,
    VecCompareOp,
    VecCompareScalarOp,
    VecSelectOp,
)


__all__ = [
    "VECTOR_OPS",
    "MaskListOp",
    "VecBinaryOp",
    "VecBinaryScalarOp",
    "VecCastOp",
    "VecCompareOp",
    "VecCompareScalarOp",
    "VecCreateVecIndexOp",
    "VecDuplicateOp",
    "VecReduceOp",
    "VecSelectOp",
    "VecUnaryOp",
]
