"""``asc.number`` (a typed scalar) and ``asc.inline`` (C++ written by the kernel's author)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from xdsl.dialects.builtin import IntegerType, Signedness
from xdsl.ir import Operation, SSAValue

from ascx.dialects.ascendc import array_ops as array_ir
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.convert import describe, scalar_operand
from ascx.language.core.dtype import DataType, bit, float32, int32
from ascx.language.core.values import Handle, RuntimeScalar
from ascx.language.records import records

record = records(__name__, "core/helpers")


def holes_message(holes: int, count: int) -> str:
    return f"inline: the code has {holes} {{}} for {count} arguments"


@record(forms=("n = asc.number(value, dtype)",), cpp=())
def number(value: Any, dtype: Any) -> RuntimeScalar:
    """``value`` as a scalar of type ``dtype`` (a constant for a Python number, a conversion for a runtime
    scalar)."""
    builder = active("number")
    if not isinstance(dtype, DataType) or not dtype.is_numeric():
        raise ApiTypeError(f"number: dtype must be a numeric data type (e.g. asc.int16), got {describe(dtype)}")
    if isinstance(value, RuntimeScalar) and value.dtype == dtype:
        return value
    if not isinstance(value, bool | int | float | RuntimeScalar):
        raise ApiTypeError(f"number: value must be a number, got {describe(value)}")
    if isinstance(value, RuntimeScalar):
        if _changes_signedness(value.dtype, dtype):
            return _integer_conversion(builder, value, dtype)
        from ascx.language.core.scalar import cast

        return cast(value, dtype)
    ssa = scalar_operand(builder, value, dtype, api="number", param="value")
    return RuntimeScalar(ssa, dtype, origin=f"asc.number(..., {dtype})")


def _changes_signedness(source: DataType, target: DataType) -> bool:
    return (
        source.is_int()
        and target.is_int()
        and source.bitwidth > 1
        and target.bitwidth > 1
        and source.is_unsigned() != target.is_unsigned()
    )


def _integer_conversion(builder: IRBuilder, value: RuntimeScalar, dtype: DataType) -> RuntimeScalar:
    """``static_cast<T>(value)`` between integers of different signedness (which ascx's implicit
    conversions refuse: ``asc.number`` is the explicit one)."""
    from xdsl.dialects import arith

    target = cast(IntegerType[int, Signedness], dtype.to_ir())
    op: Operation
    if dtype.bitwidth > value.dtype.bitwidth:
        op = arith.ExtUIOp(value.ssa, target) if value.dtype.is_unsigned() else arith.ExtSIOp(value.ssa, target)
    elif dtype.bitwidth < value.dtype.bitwidth:
        op = arith.TruncIOp(value.ssa, target)
    else:
        op = arith.BitcastOp(value.ssa, target)
    return RuntimeScalar(builder.insert(op).results[0], dtype, origin=f"asc.number(..., {dtype})")


def _argument(builder: IRBuilder, value: object) -> SSAValue:
    if isinstance(value, Handle):
        return value.ssa
    if isinstance(value, bool):
        return builder.constant(value, bit.to_ir())
    if isinstance(value, int):
        return builder.constant(value, int32.to_ir())
    if isinstance(value, float):
        return builder.constant(value, float32.to_ir())
    raise ApiTypeError(f"inline: an argument must be a number or a runtime value of the kernel, got {describe(value)}")


@record(
    forms=("asc.inline(code, args=None, before_function=False)",),
    cpp=(),
    rules=(f'"{holes_message(2, 1)}"; code before the function cannot use the kernel\'s values.',),
)
def inline(code: Any, args: Any = None, before_function: bool = False) -> None:
    """C++ written by hand: each ``{}`` in ``code`` becomes the C++ expression of the next of ``args``; with
    ``before_function`` the code goes before the kernel function.  ascx does not look into it: the sync
    passes do not see its effects."""
    builder = active("inline")
    if not isinstance(code, str):
        raise ApiTypeError(f"inline: code must be a str, got {describe(code)}")
    if args is not None and not isinstance(args, list | tuple):
        raise ApiTypeError(f"inline: args must be a tuple or a list, got {describe(args)}")
    values = [] if args is None else list(cast("Sequence[object]", args))
    holes = code.count("{}")
    if holes != len(values):
        raise ApiValueError(holes_message(holes, len(values)))
    if before_function and values:
        raise ApiValueError(
            "inline: code before the kernel function cannot use the kernel's values (args must be empty)"
        )
    operands = [_argument(builder, v) for v in values]
    builder.insert(array_ir.VerbatimOp(code, operands, file_scope=bool(before_function)))


__all__ = ["inline", "number"]
