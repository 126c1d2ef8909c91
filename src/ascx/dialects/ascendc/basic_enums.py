"""Enumerations of the basic API: events, rounding and comparison modes, cache hints, and the kinds
of the vector op families.  IR spellings are lower case; the printer spells the C++ names.

``HardEvent``, ``RoundMode``, ``CmpMode`` (the kernel API's ``CMPMODE``), ``SelMode``, ``CacheMode``,
``CacheRwMode`` and ``MaskMode`` are the kernel API's enums, defined once in ``ascx.enums``; the kinds
of the op families exist in the dialect only.
"""

from __future__ import annotations

from enum import auto

from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import SpacedOpaqueSyntaxAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.utils.str_enum import StrEnum

from ascx.dialects.ascendc.enum_attr import IrEnumAttribute
from ascx.enums import (
    CMPMODE as CMPMODE,
    CacheMode as CacheMode,
    CacheRwMode as CacheRwMode,
    HardEvent as HardEvent,
    MaskMode as MaskMode,
    RoundMode as RoundMode,
    SelMode as SelMode,
)

CmpMode = CMPMODE
"""``AscendC::CMPMODE`` of ``Compare``: the dialect's name for the kernel API's ``CMPMODE``."""


class BinaryKind(StrEnum):
    """The element-wise tensor-tensor vector ops; ``cpp`` is the Ascend C function."""

    ADD = auto()
    SUB = auto()
    MUL = auto()
    DIV = auto()
    MAX = auto()
    MIN = auto()
    AND = auto()
    OR = auto()

    @property
    def cpp(self) -> str:
        return str(self).capitalize()


class BinaryScalarKind(StrEnum):
    """The element-wise tensor-scalar vector ops."""

    ADDS = auto()
    MULS = auto()
    MAXS = auto()
    MINS = auto()
    LEAKY_RELU = auto()
    SHIFT_LEFT = auto()
    SHIFT_RIGHT = auto()

    @property
    def cpp(self) -> str:
        return "".join(word.capitalize() for word in str(self).split("_"))


class UnaryKind(StrEnum):
    """The element-wise unary vector ops."""

    ABS = auto()
    EXP = auto()
    LN = auto()
    SQRT = auto()
    RSQRT = auto()
    RECIPROCAL = auto()
    RELU = auto()
    NOT = auto()

    @property
    def cpp(self) -> str:
        return str(self).capitalize()


class ReduceKind(StrEnum):
    """The reductions ``ReduceSum``, ``ReduceMax``, ``ReduceMin``."""

    SUM = auto()
    MAX = auto()
    MIN = auto()

    @property
    def cpp(self) -> str:
        return f"Reduce{str(self).capitalize()}"


class FusedKind(StrEnum):
    """The fused element-wise ops that write ``dst`` from ``src0`` and ``src1`` (``AddRelu`` ... ``AddDeqRelu``);
    the ``*_cast`` ones, ``mul_cast`` and ``add_deq_relu`` convert to ``dst``'s type."""

    ADD_RELU = auto()
    SUB_RELU = auto()
    ADD_RELU_CAST = auto()
    SUB_RELU_CAST = auto()
    MUL_CAST = auto()
    ADD_DEQ_RELU = auto()

    @property
    def cpp(self) -> str:
        return "".join(word.capitalize() for word in str(self).split("_"))

    @property
    def converts(self) -> bool:
        """Whether ``dst`` has another type than the sources (its C++ template names both)."""
        return self not in (FusedKind.ADD_RELU, FusedKind.SUB_RELU)


class TernaryKind(StrEnum):
    """The multiply-accumulate ops, which read ``dst`` as well: ``FusedMulAdd`` (dst = src0 * dst + src1),
    ``FusedMulAddRelu``, ``MulAddDst`` (dst = src0 * src1 + dst)."""

    FUSED_MUL_ADD = auto()
    FUSED_MUL_ADD_RELU = auto()
    MUL_ADD_DST = auto()

    @property
    def cpp(self) -> str:
        return "".join(word.capitalize() for word in str(self).split("_"))


@irdl_attr_definition
class HardEventAttr(IrEnumAttribute[HardEvent], SpacedOpaqueSyntaxAttribute):
    """A ``HardEvent``; prints as ``#ascendc<event mte2_v>``."""

    name = "ascendc.event"


@irdl_attr_definition
class RoundModeAttr(IrEnumAttribute[RoundMode], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.round_mode"


@irdl_attr_definition
class CmpModeAttr(IrEnumAttribute[CmpMode], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.cmp_mode"


@irdl_attr_definition
class SelModeAttr(IrEnumAttribute[SelMode], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.sel_mode"


@irdl_attr_definition
class CacheModeAttr(IrEnumAttribute[CacheMode], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.cache_mode"


@irdl_attr_definition
class CacheRwModeAttr(IrEnumAttribute[CacheRwMode], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.cache_rw_mode"


@irdl_attr_definition
class BinaryKindAttr(EnumAttribute[BinaryKind], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.binary_kind"


@irdl_attr_definition
class BinaryScalarKindAttr(EnumAttribute[BinaryScalarKind], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.binary_scalar_kind"


@irdl_attr_definition
class UnaryKindAttr(EnumAttribute[UnaryKind], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.unary_kind"


@irdl_attr_definition
class ReduceKindAttr(EnumAttribute[ReduceKind], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.reduce_kind"


@irdl_attr_definition
class MaskModeAttr(IrEnumAttribute[MaskMode], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.mask_mode"


@irdl_attr_definition
class FusedKindAttr(EnumAttribute[FusedKind], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.fused_kind"


@irdl_attr_definition
class TernaryKindAttr(EnumAttribute[TernaryKind], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.ternary_kind"


__all__ = [
    "BinaryKind",
    "BinaryKindAttr",
    "BinaryScalarKind",
    "BinaryScalarKindAttr",
    "CacheMode",
    "CacheModeAttr",
    "CacheRwMode",
    "CacheRwModeAttr",
    "CmpMode",
    "CmpModeAttr",
    "FusedKind",
    "FusedKindAttr",
    "HardEvent",
    "HardEventAttr",
    "MaskMode",
    "MaskModeAttr",
    "ReduceKind",
    "ReduceKindAttr",
    "RoundMode",
    "RoundModeAttr",
    "SelMode",
    "SelModeAttr",
    "TernaryKind",
    "TernaryKindAttr",
    "UnaryKind",
    "UnaryKindAttr",
]
