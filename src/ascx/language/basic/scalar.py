"""pyasc's ``asc.language.basic.scalar``: computations of the scalar unit on runtime values.

``scalar_cast`` converts a float32 to float16 (``CAST_ODD``), int32 (``CAST_ROUND``, ``CAST_CEIL``,
``CAST_FLOOR``, ``CAST_RINT``) or bfloat16 (``CAST_RINT``), the combinations CANN documents for
``ScalarCast``/``Cast`` on the Ascend 910B family.  The bit counts take a 64-bit value: a runtime
integer of any type converts to the C++ parameter at the call, as C++ converts it.
"""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, integer_operand, scalar_operand
from ascx.language.core.dtype import DataType, bfloat16, float16, float32, int32, int64, uint64
from ascx.language.core.enums import RoundMode
from ascx.language.core.values import RuntimeScalar
from ascx.language.records import records

record = records(__name__, "basic/scalar")

ROUND_MODES: dict[DataType, tuple[RoundMode, ...]] = {
    float16: (RoundMode.CAST_ODD,),
    int32: (RoundMode.CAST_ROUND, RoundMode.CAST_CEIL, RoundMode.CAST_FLOOR, RoundMode.CAST_RINT),
    bfloat16: (RoundMode.CAST_RINT,),
}
"""The rounding modes of each conversion from float32 (CANN's ``ScalarCast`` and ``Cast`` pages)."""


def target_message(dtype: object) -> str:
    """pyasc's message."""
    return f"Unsupported target dtype: {dtype}"


def rounding_message(dtype: DataType, mode: RoundMode) -> str:
    allowed = ROUND_MODES[dtype]
    return f"scalar_cast: float32 to {dtype} rounds with {', '.join(m.name for m in allowed)}, not {mode.name}"


def round_mode_message(got: object) -> str:
    return f"scalar_cast: round_mode must be an asc.RoundMode, got {describe(got)}"


@record(
    forms=("asc.scalar_cast(value_in, dtype, round_mode)",),
    cpp=(
        "template <typename T, typename U, RoundMode roundMode> U ScalarCast(T valueIn);",
        "bfloat16_t Cast(const float& fVal);  // for dtype=asc.bfloat16",
    ),
    params=(("value_in", "a number or a runtime value (converted to float)"),),
    rules=(
        f'The target type is {", ".join(map(str, ROUND_MODES))} (pyasc\'s message): "{target_message(int64)}".',
        f'The rounding is one CANN documents for the type: "{rounding_message(float16, RoundMode.CAST_RINT)}", '
        f'"{rounding_message(int32, RoundMode.CAST_TRUNC)}".',
        f'``round_mode`` is an enum member: "{round_mode_message(1)}".',
    ),
    notes=(
        "bfloat16 is ascx's addition (pyasc raises for it after building the call); it prints CANN's "
        "``AscendC::Cast(float)``.",
        "On the emulation, int32 results outside the range saturate (assumed, not documented).",
    ),
)
def scalar_cast(value_in: Any, dtype: Any, round_mode: Any) -> RuntimeScalar:
    """Convert a float32 to ``dtype``: float16 rounding to odd, int32 with ``CAST_ROUND`` (half away from
    zero), ``CAST_CEIL``, ``CAST_FLOOR`` or ``CAST_RINT`` (half to even), bfloat16 to nearest even."""
    api = "scalar_cast"
    builder = active(api)
    if not isinstance(dtype, DataType) or dtype not in ROUND_MODES:
        raise TypeError(target_message(dtype))
    if not isinstance(round_mode, RoundMode):
        raise ApiTypeError(round_mode_message(round_mode))
    if round_mode not in ROUND_MODES[dtype]:
        raise ApiValueError(rounding_message(dtype, round_mode))
    value = scalar_operand(builder, value_in, float32, api=api, param="value_in")
    mode = ir.RoundModeAttr(ir.RoundMode[round_mode.name])
    op = builder.insert(ir.ScalarCastOp(value, mode, dtype.to_ir()))
    return RuntimeScalar(op.result, dtype, origin=f"the result of {api}()")


def to_float_message(shown: str) -> str:
    return f"to_float: value must be a runtime bfloat16 value (CANN's ToFloat(const bfloat16_t&)), got {shown}"


@record(
    forms=("asc.to_float(value)",),
    cpp=("float ToFloat(const bfloat16_t& bVal);",),
    params=(("value", "a runtime bfloat16 value (from a tensor's ``get_value``, or ``scalar_cast``)"),),
    rules=(
        "Only a runtime bfloat16 value, the one type CANN's ToFloat takes on the Ascend 910B family: "
        f'"{to_float_message("a runtime float32 value")}" (a Python number is a float already).',
    ),
    notes=(
        "pyasc has no ``to_float``; ascx names CANN's ``ToFloat`` in pyasc's style.  CANN marks it as "
        "superseded by ``Cast``, which it keeps for the other direction (``scalar_cast(..., asc.bfloat16, ...)``).",
    ),
)
def to_float(value: Any) -> RuntimeScalar:
    """Widen a runtime bfloat16 value to float32 (exact: its 16 bits become the top half of the float)."""
    api = "to_float"
    builder = active(api)
    if not isinstance(value, RuntimeScalar) or value.dtype != bfloat16:
        hints = (
            ("a Python number is a float already: use it as it is",)
            if isinstance(value, int | float) and not isinstance(value, bool)
            else ("convert other types with asc.scalar_cast or a numeric cast",)
        )
        raise ApiTypeError(to_float_message(describe(value)), *hints)
    op = builder.insert(ir.ToFloatOp(value.ssa))
    return RuntimeScalar(op.result, float32, origin=f"the result of {api}()")


COUNT_VALUE_INT = "count_value must be a Python int (compile-time constant)."
"""pyasc's messages."""
COUNT_VALUE_BIT = "count_value must be 0 or 1."


def _count_value(count_value: object) -> int:
    """pyasc's checks of the template argument ``countValue``."""
    if not isinstance(count_value, int) or isinstance(count_value, bool):
        raise TypeError(COUNT_VALUE_INT)
    if count_value not in (0, 1):
        raise ValueError(COUNT_VALUE_BIT)
    return count_value


_COUNT_VALUE_RULE = (
    f'``count_value`` is a compile-time 0 or 1 (pyasc\'s checks and messages): "{COUNT_VALUE_INT}", "{COUNT_VALUE_BIT}"'
)
_BITS_VALUE_RULE = (
    'A constant ``value_in`` fits the parameter: "scalar_count_leading_zero: value_in -1 does not fit uint64"; a '
    "runtime integer converts at the call, as C++ converts it."
)


def _bits(api: str, kind: ir.ScalarBits, value_in: Any, dtype: DataType, count_value: int | None = None) -> Any:
    builder = active(api)
    value = integer_operand(builder, value_in, dtype, api=api, param="value_in")
    op = builder.insert(ir.ScalarBitsOp(kind, value, int64.to_ir(), count_value))
    return RuntimeScalar(op.result, int64, origin=f"the result of {api}()")


@record(
    forms=("asc.scalar_get_sff_value(value_in, count_value)",),
    cpp=("template <int countValue> int64_t ScalarGetSFFValue(uint64_t valueIn);",),
    rules=(_COUNT_VALUE_RULE, _BITS_VALUE_RULE),
)
def scalar_get_sff_value(value_in: Any, count_value: Any) -> RuntimeScalar:
    """The position of the lowest bit of the 64-bit ``value_in`` that equals ``count_value``, or -1 (``int64``)."""
    count = _count_value(count_value)
    return _bits("scalar_get_sff_value", ir.ScalarBits.GET_SFF_VALUE, value_in, uint64, count)


@record(
    forms=("asc.scalar_get_count_of_value(value_in, count_value)",),
    cpp=("template <int countValue> int64_t ScalarGetCountOfValue(uint64_t valueIn);",),
    rules=(_COUNT_VALUE_RULE, _BITS_VALUE_RULE),
    notes=("pyasc does not check ``count_value`` here; ascx checks it as for ``scalar_get_sff_value``.",),
)
def scalar_get_count_of_value(value_in: Any, count_value: Any) -> RuntimeScalar:
    """How many of the 64 bits of ``value_in`` equal ``count_value`` (``int64``)."""
    count = _count_value(count_value)
    return _bits("scalar_get_count_of_value", ir.ScalarBits.GET_COUNT_OF_VALUE, value_in, uint64, count)


@record(
    forms=("asc.scalar_count_leading_zero(value_in)",),
    cpp=("int64_t ScalarCountLeadingZero(uint64_t valueIn);",),
    rules=(_BITS_VALUE_RULE,),
)
def scalar_count_leading_zero(value_in: Any) -> RuntimeScalar:
    """The zero bits above the highest one bit of the 64-bit ``value_in``; 64 for 0 (``int64``)."""
    return _bits("scalar_count_leading_zero", ir.ScalarBits.COUNT_LEADING_ZERO, value_in, uint64)


@record(
    forms=("asc.count_bits_cnt_same_as_sign_bit(value_in)",),
    cpp=("int64_t CountBitsCntSameAsSignBit(int64_t valueIn);",),
    rules=('An integer: "count_bits_cnt_same_as_sign_bit: value_in must be an integer, got the float 1.5".',),
)
def count_bits_cnt_same_as_sign_bit(value_in: Any) -> RuntimeScalar:
    """How many bits after the sign bit of the 64-bit ``value_in`` equal it, counted from the top; -1 for 0
    and -1 (``int64``)."""
    return _bits("count_bits_cnt_same_as_sign_bit", ir.ScalarBits.COUNT_BITS_CNT_SAME_AS_SIGN_BIT, value_in, int64)


__all__ = [
    "count_bits_cnt_same_as_sign_bit",
    "scalar_cast",
    "scalar_count_leading_zero",
    "scalar_get_count_of_value",
    "scalar_get_sff_value",
    "to_float",
]
