"""Turning API arguments into SSA operands of a given data type."""

from __future__ import annotations

from xdsl.ir import SSAValue

from ascx.language.core.builder import IRBuilder
from ascx.language.core.dtype import DataType
from ascx.language.core.values import RuntimeScalar


def is_compile_time_scalar(value: object) -> bool:
    """Python ``bool``, ``int`` and ``float`` values (enums included) are compile-time scalars."""
    return isinstance(value, (bool, int, float))


def scalar_operand(builder: IRBuilder, value: object, dtype: DataType, *, api: str, param: str) -> SSAValue:
    """``value`` as an SSA operand of type ``dtype``: a constant for Python scalars, the value itself
    for runtime scalars of that type.
    """
    if isinstance(value, bool) or (isinstance(value, int) and dtype.is_int()):
        return builder.constant(int(value) if dtype.bitwidth != 1 else bool(value), dtype.to_ir())
    if isinstance(value, (int, float)) and dtype.is_float():
        return builder.constant(float(value), dtype.to_ir())
    if isinstance(value, RuntimeScalar):
        if value.dtype == dtype:
            return value.ssa
        if value.dtype.is_float() and not dtype.is_float():
            raise TypeError(f"{api}: {param} must be {dtype}, got a runtime {value.dtype} value")
        from ascx.language.core.scalar import cast

        return cast(value, dtype).ssa
    raise TypeError(f"{api}: {param} must be {'a number' if dtype.is_float() else 'an integer'}, got {value!r}")
