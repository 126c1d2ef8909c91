"""Scalar-unit computations on runtime values: ``ScalarCast`` (float to half, bfloat16 or int32 with a
rounding mode), ``ToFloat`` (bfloat16 to float) and the bit counts ``ScalarCountLeadingZero``,
``ScalarGetCountOfValue<v>``, ``ScalarGetSFFValue<v>`` and ``CountBitsCntSameAsSignBit``.  All run on the scalar
pipe and are pure.
"""

from __future__ import annotations

from enum import auto

from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type, IntAttr, IntegerType
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, SpacedOpaqueSyntaxAttribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    base,
    irdl_attr_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from ascx.dialects.ascendc.basic_enums import RoundModeAttr
from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.tensor_ops import AnyInteger
from ascx.dialects.ascendc.traits import ExecutesOn


@op_definition
class ScalarCastOp(IRDLOperation):
    """``AscendC::ScalarCast<float, U, AscendC::RoundMode::M>(value)`` for ``half`` and ``int32_t``, and
    ``AscendC::Cast(value)`` for ``bfloat16_t`` (which rounds to nearest even).

    Example: ``%h = ascendc.scalar_cast cast_odd %f : f32 -> f16``
    """

    name = "ascendc.scalar_cast"
    round_mode = prop_def(RoundModeAttr)
    value = operand_def(Float32Type)
    result = result_def(base(Float16Type) | base(BFloat16Type) | base(IntegerType))
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())
    assembly_format = "$round_mode $value attr-dict `:` type($value) `->` type($result)"

    def __init__(self, value: SSAValue, round_mode: RoundModeAttr, result_type: Attribute):
        super().__init__(operands=[value], properties={"round_mode": round_mode}, result_types=[result_type])

    def verify_(self) -> None:
        t = self.result.type
        if isinstance(t, IntegerType) and t.width.data != 32:
            raise VerifyException(f"ScalarCast converts to half, bfloat16_t or int32_t, not {t}")


@op_definition
class ToFloatOp(IRDLOperation):
    """``AscendC::ToFloat(value)``: a ``bfloat16_t`` widened to ``float`` (exact: the bits shifted up by 16).

    Example: ``%f = ascendc.to_float %b : bf16 -> f32``
    """

    name = "ascendc.to_float"
    value = operand_def(BFloat16Type)
    result = result_def(Float32Type)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())
    assembly_format = "$value attr-dict `:` type($value) `->` type($result)"

    def __init__(self, value: SSAValue):
        super().__init__(operands=[value], result_types=[Float32Type()])


class ScalarBits(StrEnum):
    """The bit counts of a 64-bit value; ``cpp`` is the function pyasc calls."""

    COUNT_LEADING_ZERO = auto()
    """Leading zero bits of a ``uint64_t`` (64 for 0)."""
    GET_COUNT_OF_VALUE = auto()
    """How many bits of a ``uint64_t`` equal ``count_value`` (0 or 1)."""
    GET_SFF_VALUE = auto()
    """The position of the lowest bit equal to ``count_value``, or -1."""
    COUNT_BITS_CNT_SAME_AS_SIGN_BIT = auto()
    """How many bits after the sign bit of an ``int64_t`` equal it (-1 for 0 and -1)."""

    @property
    def cpp(self) -> str:
        return {
            ScalarBits.COUNT_LEADING_ZERO: "ScalarCountLeadingZero",
            ScalarBits.GET_COUNT_OF_VALUE: "ScalarGetCountOfValue",
            ScalarBits.GET_SFF_VALUE: "ScalarGetSFFValue",
            ScalarBits.COUNT_BITS_CNT_SAME_AS_SIGN_BIT: "CountBitsCntSameAsSignBit",
        }[self]

    @property
    def takes_count_value(self) -> bool:
        return self in (ScalarBits.GET_COUNT_OF_VALUE, ScalarBits.GET_SFF_VALUE)


@irdl_attr_definition
class ScalarBitsAttr(EnumAttribute[ScalarBits], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.scalar_bits_kind"


@op_definition
class ScalarBitsOp(IRDLOperation):
    """``int64_t r = AscendC::ScalarGetSFFValue<1>(value);`` and the other bit counts.  ``value`` converts to
    the function's ``uint64_t`` (``int64_t`` for ``CountBitsCntSameAsSignBit``) at the call.

    Example: ``%r = ascendc.scalar_bits get_sff_value value 1 %x : i32 -> i64``
    """

    name = "ascendc.scalar_bits"
    kind = prop_def(ScalarBitsAttr)
    count_value = opt_prop_def(IntAttr)
    value = operand_def(AnyInteger)
    result = result_def(IntegerType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())
    assembly_format = "$kind (`value` $count_value^)? $value attr-dict `:` type($value) `->` type($result)"

    def __init__(self, kind: ScalarBits, value: SSAValue, result_type: Attribute, count_value: int | None = None):
        properties: dict[str, Attribute] = {"kind": ScalarBitsAttr(kind)}
        if count_value is not None:
            properties["count_value"] = IntAttr(count_value)
        super().__init__(operands=[value], properties=properties, result_types=[result_type])

    def verify_(self) -> None:
        kind = self.kind.data
        if kind.takes_count_value != (self.count_value is not None):
            raise VerifyException(f"{kind.cpp} {'takes' if kind.takes_count_value else 'has no'} count value")
        if self.count_value is not None and self.count_value.data not in (0, 1):
            raise VerifyException(f"the count value is 0 or 1, got {self.count_value.data}")


SCALAR_UNIT_OPS: tuple[type[IRDLOperation], ...] = (ScalarCastOp, ToFloatOp, ScalarBitsOp)


__all__ = ["SCALAR_UNIT_OPS", "ScalarBits", "ScalarBitsAttr", "ScalarBitsOp", "ScalarCastOp", "ToFloatOp"]
