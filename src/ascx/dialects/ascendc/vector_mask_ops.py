"""The vector unit's mask registers: the vector mask (``SetVectorMask``, ``SetMaskCount``/``SetMaskNorm``,
``ResetMask``) and ``CMPMASK`` (``SetCmpMask``, ``GetCmpMask``, the ``Compare`` that writes it and the
``Select`` forms that read it).

The vector mask decides which lanes the mask form of a vector op computes: in normal mode it holds the
lanes of one repeat (a bit per lane), in counter mode its low word is the number of elements of the
whole call.  Mask forms called with ``isSetMask = false`` and the register forms below use it as it is.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import UnitAttr
from xdsl.ir import Attribute, SSAValue, TypeAttribute
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import MemoryReadEffect, MemoryWriteEffect
from xdsl.utils.exceptions import VerifyException

from ascx.dialects.ascendc.basic_enums import CmpModeAttr, MaskMode, MaskModeAttr, SelModeAttr
from ascx.dialects.ascendc.basic_types import ParamsKind, ParamsType
from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.tensor_ops import AnyInteger
from ascx.dialects.ascendc.traits import ExecutesOn, TensorAccess
from ascx.dialects.ascendc.types import LocalTensorType
from ascx.dialects.ascendc.vector_ops import Mask, params_kind, same_element_type
from ascx.dialects.ascendc.vector_syntax import Modes, Names, VectorSyntax

_OPTIONS = (AttrSizedOperandSegments(as_property=True),)
_V = (ExecutesOn(Pipe.PIPE_V), MemoryReadEffect(), MemoryWriteEffect())


@op_definition
class SetVectorMaskOp(IRDLOperation):
    """``AscendC::SetVectorMask<T, mode>(len)`` or ``SetVectorMask<T, mode>(maskHigh, maskLow)``.

    Example: ``ascendc.set_vector_mask counter f16 %n : i32``
    """

    name = "ascendc.set_vector_mask"
    mode = prop_def(MaskModeAttr)
    element_type = prop_def(TypeAttribute)
    values = var_operand_def(AnyInteger)
    traits = traits_def(ExecutesOn(Pipe.PIPE_V))
    assembly_format = "$mode $element_type $values attr-dict `:` type($values)"

    def __init__(self, mode: MaskMode, element_type: Attribute, values: list[SSAValue]):
        super().__init__(operands=[values], properties={"mode": MaskModeAttr(mode), "element_type": element_type})

    def verify_(self) -> None:
        if len(self.values) not in (1, 2):
            raise VerifyException(f"SetVectorMask takes a length or (maskHigh, maskLow), got {len(self.values)} values")


@op_definition
class SetMaskModeOp(IRDLOperation):
    """``AscendC::SetMaskCount()`` (counter mode) or ``AscendC::SetMaskNorm()`` (normal mode).

    Example: ``ascendc.set_mask_mode counter``
    """

    name = "ascendc.set_mask_mode"
    mode = prop_def(MaskModeAttr)
    traits = traits_def(ExecutesOn(Pipe.PIPE_V))
    assembly_format = "$mode attr-dict"

    def __init__(self, mode: MaskMode):
        super().__init__(properties={"mode": MaskModeAttr(mode)})


@op_definition
class ResetMaskOp(IRDLOperation):
    """``AscendC::ResetMask()``: every bit of the vector mask set again.

    Example: ``ascendc.reset_mask``
    """

    name = "ascendc.reset_mask"
    traits = traits_def(ExecutesOn(Pipe.PIPE_V))
    assembly_format = "attr-dict"


@op_definition
class SetCmpMaskOp(IRDLOperation):
    """``AscendC::SetCmpMask(src)``: load the 128-bit ``CMPMASK`` register from the first 16 bytes of ``src``
    (selection bits, a scalar or an address, as the ``Select`` form that reads it wants).

    Example: ``ascendc.set_cmp_mask %src : !ascendc.local_tensor<ui8>``
    """

    name = "ascendc.set_cmp_mask"
    src = operand_def(LocalTensorType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_V), MemoryReadEffect(), TensorAccess(reads=("src",)))
    assembly_format = "$src attr-dict `:` type($src)"

    def __init__(self, src: SSAValue):
        super().__init__(operands=[src])


@op_definition
class GetCmpMaskOp(IRDLOperation):
    """``AscendC::GetCmpMask(dst)``: store the ``CMPMASK`` register into ``dst``.

    Example: ``ascendc.get_cmp_mask %dst : !ascendc.local_tensor<f16>``
    """

    name = "ascendc.get_cmp_mask"
    dst = operand_def(LocalTensorType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_V), MemoryWriteEffect(), TensorAccess(writes=("dst",)))
    assembly_format = "$dst attr-dict `:` type($dst)"

    def __init__(self, dst: SSAValue):
        super().__init__(operands=[dst])


@op_definition
class VecCompareCmpMaskOp(VectorSyntax):
    """``AscendC::Compare<T, isSetMask>(src0, src1, cmpMode, mask, repeatParams)``: one repeat compared,
    a bit per lane into the ``CMPMASK`` register."""

    name = "ascendc.vec.compare_cmpmask"
    MODES: ClassVar[Modes] = (("cmp_mode", CmpModeAttr),)
    LEADING: ClassVar[Names] = ("src0", "src1")
    OPTIONAL: ClassVar[Names] = ("mask", "repeat_params")
    FLAGS: ClassVar[Names] = ("is_set_mask",)
    COUNT_FORM: ClassVar[Names] = ("mask", "repeat_params")
    MASK_FORM: ClassVar[Names] = ("mask", "repeat_params")
    cmp_mode = prop_def(CmpModeAttr)
    src0 = operand_def(LocalTensorType)
    src1 = operand_def(LocalTensorType)
    mask = opt_operand_def(Mask)
    repeat_params = opt_operand_def(ParamsType)
    is_set_mask = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src0", "src1")))

    def verify_(self) -> None:
        self.verify_form()
        same_element_type(self, "src0", "src1")
        params_kind(self, "repeat_params", ParamsKind.BINARY_REPEAT)


@op_definition
class VecSelectCmpMaskOp(VectorSyntax):
    """``AscendC::Select<T, selMode>(dst, src0, src1, repeatTime, repeatParams)``: select by ``CMPMASK``
    (``VSEL_CMPMASK_SPR``: the bits themselves; ``VSEL_TENSOR_TENSOR_MODE``: the address of the bits),
    under the vector mask as it is."""

    name = "ascendc.vec.select_cmpmask"
    MODES: ClassVar[Modes] = (("sel_mode", SelModeAttr),)
    LEADING: ClassVar[Names] = ("dst", "src0", "src1")
    OPTIONAL: ClassVar[Names] = ("repeat_times", "repeat_params", "sel_bits")
    COUNT_FORM: ClassVar[Names] = ("repeat_times", "repeat_params")
    MASK_FORM: ClassVar[Names] = ("repeat_times", "repeat_params")
    WITNESSES: ClassVar[Names] = ("sel_bits",)
    sel_mode = prop_def(SelModeAttr)
    dst = operand_def(LocalTensorType)
    src0 = operand_def(LocalTensorType)
    src1 = operand_def(LocalTensorType)
    repeat_times = opt_operand_def(AnyInteger)
    repeat_params = opt_operand_def(ParamsType)
    sel_bits = opt_operand_def(LocalTensorType)
    """``VSEL_TENSOR_TENSOR_MODE``: the tensor whose address the kernel put in CMPMASK, which this op reads (not
    an argument of the C++ call)."""
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src0", "src1", "sel_bits"), writes=("dst",)))

    def verify_(self) -> None:
        self.verify_form()
        same_element_type(self, "dst", "src0", "src1")
        params_kind(self, "repeat_params", ParamsKind.BINARY_REPEAT)


@op_definition
class VecSelectScalarCmpMaskOp(VectorSyntax):
    """``AscendC::Select<T, U>(dst, selMask, src0, repeatTime, repeatParams)``: ``VSEL_TENSOR_SCALAR_MODE``
    with the scalar in ``CMPMASK``, under the vector mask as it is."""

    name = "ascendc.vec.select_scalar_cmpmask"
    LEADING: ClassVar[Names] = ("dst", "sel_mask", "src0")
    OPTIONAL: ClassVar[Names] = ("repeat_times", "repeat_params")
    COUNT_FORM: ClassVar[Names] = ("repeat_times", "repeat_params")
    MASK_FORM: ClassVar[Names] = ("repeat_times", "repeat_params")
    dst = operand_def(LocalTensorType)
    sel_mask = operand_def(LocalTensorType)
    src0 = operand_def(LocalTensorType)
    repeat_times = opt_operand_def(AnyInteger)
    repeat_params = opt_operand_def(ParamsType)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("sel_mask", "src0"), writes=("dst",)))

    def verify_(self) -> None:
        self.verify_form()
        same_element_type(self, "dst", "src0")
        params_kind(self, "repeat_params", ParamsKind.BINARY_REPEAT)


MASK_OPS: tuple[type[IRDLOperation], ...] = (
    SetVectorMaskOp,
    SetMaskModeOp,
    ResetMaskOp,
    SetCmpMaskOp,
    GetCmpMaskOp,
    VecCompareCmpMaskOp,
    VecSelectCmpMaskOp,
    VecSelectScalarCmpMaskOp,
)


__all__ = [
    "MASK_OPS",
    "GetCmpMaskOp",
    "ResetMaskOp",
    "SetCmpMaskOp",
    "SetMaskModeOp",
    "SetVectorMaskOp",
    "VecCompareCmpMaskOp",
    "VecSelectCmpMaskOp",
    "VecSelectScalarCmpMaskOp",
]
