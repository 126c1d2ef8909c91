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


def describe(value: object) -> str:
    """How an error message names an argument: ``the float 1.5``, ``a runtime float32 value``, ``a LocalTensor``."""
    if isinstance(value, RuntimeScalar):
        return f"a runtime {value.dtype} value"
    if isinstance(value, bool | int | float):
        return f"the {type(value).__name__} {value!r}"
    if value is None:
        return "None"
    return f"a {type(value).__name__}"


def fits(value: int, dtype: DataType) -> bool:
    """Whether the Python int ``value`` is representable in the integer type ``dtype``."""
    if dtype.bitwidth == 1:
        return value in (0, 1)
    if dtype.is_unsigned():
        return 0 <= value < (1 << dtype.bitwidth)
    return -(1 << (dtype.bitwidth - 1)) <= value < (1 << (dtype.bitwidth - 1))


def fit_message(api: str, param: str, value: int, dtype: DataType) -> str:
    """The error of a constant ``value`` that ``dtype`` cannot represent."""
    return f"{api}: {param} {value} does not fit {dtype}"


def integer_operand(builder: IRBuilder, value: object, dtype: DataType, *, api: str, param: str) -> SSAValue:
    """An integer argument that C++ converts to ``dtype`` implicitly: a Python int becomes a ``dtype``
    constant (it must fit), a runtime integer is passed as it is (C++ converts it at the call).
    """
    if isinstance(value, int):
        number = int(value)
        if not fits(number, dtype):
            raise ValueError(fit_message(api, param, number, dtype))
        return builder.constant(number, dtype.to_ir())
    if isinstance(value, RuntimeScalar) and value.dtype.is_int():
        return value.ssa
    raise TypeError(f"{api}: {param} must be an integer, got {describe(value)}")


def element_operand(builder: IRBuilder, value: object, dtype: DataType, *, api: str, param: str) -> SSAValue:
    """A scalar of a tensor's element type ``dtype``: a Python number becomes a constant, a runtime
    scalar is converted (``static_cast``) when its type differs.
    """
    if isinstance(value, RuntimeScalar):
        from ascx.language.core.scalar import cast

        if value.dtype.is_int() and dtype.is_int() and value.dtype.is_unsigned() != dtype.is_unsigned():
            if value.dtype.bitwidth > 1:
                raise TypeError(f"{api}: {param} is {describe(value)}; cast it to {dtype} explicitly")
        return cast(value, dtype).ssa
    if isinstance(value, bool):
        raise TypeError(f"{api}: {param} must be a number of the tensor's type {dtype}, got {describe(value)}")
    if isinstance(value, int):
        if dtype.is_int() and not fits(value, dtype):
            raise ValueError(fit_message(api, param, value, dtype))
        return builder.constant(value if dtype.is_int() else float(value), dtype.to_ir())
    if isinstance(value, float):
        if dtype.is_int():
            raise TypeError(f"{api}: {param} {value!r} must be an integer: the tensor's data type is {dtype}")
        return builder.constant(value, dtype.to_ir())
    raise TypeError(f"{api}: {param} must be a number, got {describe(value)}")
