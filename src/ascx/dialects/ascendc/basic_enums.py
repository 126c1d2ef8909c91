"""Enumerations of the basic API: events, rounding and comparison modes, cache hints, and the kinds
of the vector op families.  IR spellings are lower case; the printer spells the C++ names.
"""

from __future__ import annotations

from enum import auto

from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import SpacedOpaqueSyntaxAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.utils.str_enum import StrEnum

from ascx.dialects.ascendc.enums import Pipe


class HardEvent(StrEnum):
    """``AscendC::HardEvent``: ``SRC_DST`` orders the DST pipe after the SRC pipe (docs/sync-model.md#hardevents)."""

    MTE2_MTE1 = auto()
    MTE1_MTE2 = auto()
    MTE1_M = auto()
    M_MTE1 = auto()
    MTE2_V = auto()
    V_MTE2 = auto()
    MTE3_V = auto()
    V_MTE3 = auto()
    M_V = auto()
    V_M = auto()
    V_V = auto()
    MTE3_MTE1 = auto()
    MTE1_MTE3 = auto()
    MTE1_V = auto()
    MTE2_M = auto()
    M_MTE2 = auto()
    V_MTE1 = auto()
    M_FIX = auto()
    FIX_M = auto()
    MTE3_MTE2 = auto()
    MTE2_MTE3 = auto()
    S_V = auto()
    V_S = auto()
    S_MTE2 = auto()
    MTE2_S = auto()
    S_MTE3 = auto()
    MTE3_S = auto()
    MTE2_FIX = auto()
    FIX_MTE2 = auto()
    FIX_S = auto()
    M_S = auto()
    FIX_MTE3 = auto()
    MTE1_FIX = auto()
    FIX_MTE1 = auto()
    FIX_FIX = auto()

    @property
    def src(self) -> Pipe:
        """The pipe that signals."""
        return Pipe(f"pipe_{str(self).split('_')[0]}")

    @property
    def dst(self) -> Pipe:
        """The pipe that waits."""
        return Pipe(f"pipe_{str(self).split('_')[1]}")


class RoundMode(StrEnum):
    """``AscendC::RoundMode`` of ``Cast``."""

    CAST_NONE = auto()
    CAST_RINT = auto()
    CAST_FLOOR = auto()
    CAST_CEIL = auto()
    CAST_ROUND = auto()
    CAST_TRUNC = auto()
    CAST_ODD = auto()


class CmpMode(StrEnum):
    """``AscendC::CMPMODE`` of ``Compare``."""

    LT = auto()
    GT = auto()
    EQ = auto()
    LE = auto()
    GE = auto()
    NE = auto()


class SelMode(StrEnum):
    """``AscendC::SELMODE`` of ``Select``."""

    VSEL_CMPMASK_SPR = auto()
    VSEL_TENSOR_SCALAR_MODE = auto()
    VSEL_TENSOR_TENSOR_MODE = auto()


class CacheMode(StrEnum):
    """``AscendC::CacheMode`` of ``GlobalTensor::SetL2CacheHint``."""

    CACHE_MODE_NORMAL = auto()
    CACHE_MODE_DISABLE = auto()
    CACHE_MODE_LAST = auto()
    CACHE_MODE_PERSISTENT = auto()


class CacheRwMode(StrEnum):
    """``AscendC::CacheRwMode`` of ``GlobalTensor::SetL2CacheHint``."""

    READ = auto()
    WRITE = auto()
    RW = auto()


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


class MaskMode(StrEnum):
    """``AscendC::MaskMode``: the vector mask register holds per-repeat lanes (normal) or an element count."""

    NORMAL = auto()
    COUNTER = auto()


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
class HardEventAttr(EnumAttribute[HardEvent], SpacedOpaqueSyntaxAttribute):
    """A ``HardEvent``; prints as ``#ascendc<event mte2_v>``."""

    name = "ascendc.event"


@irdl_attr_definition
class RoundModeAttr(EnumAttribute[RoundMode], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.round_mode"


@irdl_attr_definition
class CmpModeAttr(EnumAttribute[CmpMode], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.cmp_mode"


@irdl_attr_definition
class SelModeAttr(EnumAttribute[SelMode], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.sel_mode"


@irdl_attr_definition
class CacheModeAttr(EnumAttribute[CacheMode], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.cache_mode"


@irdl_attr_definition
class CacheRwModeAttr(EnumAttribute[CacheRwMode], SpacedOpaqueSyntaxAttribute):
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
class MaskModeAttr(EnumAttribute[MaskMode], SpacedOpaqueSyntaxAttribute):
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
