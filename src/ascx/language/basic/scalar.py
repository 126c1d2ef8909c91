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

ROUND_MODES: dict[DataType, tuple[RoundMode, ...]] = {
    float16: (RoundMode.CAST_ODD,),
    int32: (RoundMode.CAST_ROUND, RoundMode.CAST_CEIL, RoundMode.CAST_FLOOR, RoundMode.CAST_RINT),
    bfloat16: (RoundMode.CAST_RINT,),
}
"""The rounding modes of each conversion from float32 (CANN's ``ScalarCast`` and ``Cast`` pages)."""


def scalar_cast(value_in: Any, dtype: Any, round_mode: Any) -> RuntimeScalar:
    """``AscendC::ScalarCast<float, U, roundMode>(value)``; ``AscendC::Cast(value)`` to bfloat16."""
    api = "scalar_cast"
    builder = active(api)
    if not isinstance(dtype, DataType) or dtype not in ROUND_MODES:
        raise TypeError(f"Unsupported target dtype: {dtype}")
    if not isinstance(round_mode, RoundMode):
        raise ApiTypeError(f"{api}: round_mode must be an asc.RoundMode, got {describe(round_mode)}")
    allowed = ROUND_MODES[dtype]
    if round_mode not in allowed:
        raise ApiValueError(
            f"{api}: float32 to {dtype} rounds with {', '.join(m.name for m in allowed)}, not {round_mode.name}"
        )
    value = scalar_operand(builder, value_in, float32, api=api, param="value_in")
    mode = ir.RoundModeAttr(ir.RoundMode[round_mode.name])
    op = builder.insert(ir.ScalarCastOp(value, mode, dtype.to_ir()))
    return RuntimeScalar(op.result, dtype, origin=f"the result of {api}()")


def to_float(value: Any) -> RuntimeScalar:
    """``AscendC::ToFloat(value)``: a runtime ``bfloat16`` value as ``float32`` (exact)."""
    api = "to_float"
    builder = active(api)
    if not isinstance(value, RuntimeScalar) or value.dtype != bfloat16:
        hints = (
            ("a Python number is a float already: use it as it is",)
            if isinstance(value, int | float) and not isinstance(value, bool)
            else ("convert other types with asc.scalar_cast or a numeric cast",)
        )
        raise ApiTypeError(
            f"{api}: value must be a runtime bfloat16 value (CANN's ToFloat(const bfloat16_t&)), got {describe(value)}",
            *hints,
        )
    op = builder.insert(ir.ToFloatOp(value.ssa))
    return RuntimeScalar(op.result, float32, origin=f"the result of {api}()")


def _count_value(count_value: object) -> int:
    """pyasc's checks of the template argument ``countValue``."""
    if not isinstance(count_value, int) or isinstance(count_value, bool):
        raise TypeError("count_value must be a Python int (compile-time constant).")
    if count_value not in (0, 1):
        raise ValueError("count_value must be 0 or 1.")
    return count_value


def _bits(api: str, kind: ir.ScalarBits, value_in: Any, dtype: DataType, count_value: int | None = None) -> Any:
    builder = active(api)
    value = integer_operand(builder, value_in, dtype, api=api, param="value_in")
    op = builder.insert(ir.ScalarBitsOp(kind, value, int64.to_ir(), count_value))
    return RuntimeScalar(op.result, int64, origin=f"the result of {api}()")


def scalar_get_sff_value(value_in: Any, count_value: Any) -> RuntimeScalar:
    """``AscendC::ScalarGetSFFValue<countValue>(value)``: the position of the lowest bit equal to
    ``count_value``, or -1."""
    count = _count_value(count_value)
    return _bits("scalar_get_sff_value", ir.ScalarBits.GET_SFF_VALUE, value_in, uint64, count)


def scalar_get_count_of_value(value_in: Any, count_value: Any) -> RuntimeScalar:
    """``AscendC::ScalarGetCountOfValue<countValue>(value)``: how many of the 64 bits equal
    ``count_value``."""
    count = _count_value(count_value)
    return _bits("scalar_get_count_of_value", ir.ScalarBits.GET_COUNT_OF_VALUE, value_in, uint64, count)


def scalar_count_leading_zero(value_in: Any) -> RuntimeScalar:
    """``AscendC::ScalarCountLeadingZero(value)``: the zero bits above the highest one (64 for 0)."""
    return _bits("scalar_count_leading_zero", ir.ScalarBits.COUNT_LEADING_ZERO, value_in, uint64)


def count_bits_cnt_same_as_sign_bit(value_in: Any) -> RuntimeScalar:
    """``AscendC::CountBitsCntSameAsSignBit(value)``: how many bits after the sign bit equal it, counted
    from the top (-1 for 0 and -1)."""
    return _bits("count_bits_cnt_same_as_sign_bit", ir.ScalarBits.COUNT_BITS_CNT_SAME_AS_SIGN_BIT, value_in, int64)


__all__ = [
    "count_bits_cnt_same_as_sign_bit",
    "scalar_cast",
    "scalar_count_leading_zero",
    "scalar_get_count_of_value",
    "scalar_get_sff_value",
    "to_float",
]
