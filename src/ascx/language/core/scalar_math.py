"""Python's ``min``, ``max``, ``abs`` and ``math.sqrt`` on runtime scalars (docs/tracing.md#runtime-scalar-functions).

These are what the scalar unit computes besides the operators: the scalar unit of Atlas A2 has
square root, absolute value, minimum and maximum instructions (TIK's ``scalar_sqrt``,
``scalar_abs``, ``scalar_min``, ``scalar_max``), and Huawei's A2 kernels write the square root as
C's ``sqrt`` on a ``float`` (ops-nn ``norm/rms_norm/op_kernel/rms_norm_single_row.h``:
``1 / sqrt(reduceOut * avgFactor + epsilon)``).  Nothing else of Python's ``math`` module has a
scalar form: :func:`unsupported_message` says what to use instead.

Types follow pyasc's binary operators: the result has the type of the first runtime argument, and the
other arguments are converted to it (Python numbers become constants, runtime values are cast; mixing
signed and unsigned integers is an error).  ``min`` and ``max`` keep Python's choice on ties and
unordered values (``min(a, b)`` is ``b < a ? b : a``), printed as a comparison and a conditional
expression.  ``math.sqrt`` computes in ``float32`` (the scalar unit has no ``half`` arithmetic):
integer and ``half`` arguments are converted first, and the result is ``float32``, as Python's is a
float.
"""

from __future__ import annotations

import builtins
import math
from collections.abc import Callable
from typing import Any, cast

from xdsl.dialects import math as math_dialect

from ascx.language.core import scalar
from ascx.language.core.builder import active
from ascx.language.core.dtype import DataType, float32
from ascx.language.core.values import Handle, RuntimeScalar

SUPPORTED = "math.sqrt, abs, min and max"
"""How messages list the functions of runtime scalars (besides the operators)."""

VECTOR_FORMS: dict[str, str] = {
    "exp": "asc.exp", "log": "asc.ln", "sqrt": "asc.sqrt", "fabs": "asc.abs", "pow": "asc.adv.power",
    "floor": "asc.adv.floor", "ceil": "asc.adv.ceil", "sin": "asc.adv.sin", "cos": "asc.adv.cos",
    "tanh": "asc.adv.tanh", "tan": "asc.adv.tan", "log2": "asc.adv.log", "log10": "asc.adv.log",
    "trunc": "asc.adv.trunc",
}  # fmt: skip
"""The vector form of a ``math`` function, for the hint of the error on a runtime scalar."""


def _dtype_of(args: tuple[object, ...], name: str) -> DataType:
    runtime = next((a for a in args if isinstance(a, RuntimeScalar)), None)
    if runtime is None:
        raise TypeError(f"{name}() of {', '.join(type(a).__name__ for a in args)} values is not supported")
    return runtime.dtype


def _operands(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
    if kwargs:
        raise TypeError(f"{name}() with {', '.join(sorted(kwargs))}= is not supported on runtime values")
    if len(args) == 1 and isinstance(args[0], tuple | list):
        args = tuple(cast("tuple[Any, ...]", args[0]))  # min(values)
    if not args:
        raise TypeError(f"{name} expected at least 1 argument, got 0")
    for arg in args:
        if isinstance(arg, Handle) and not isinstance(arg, RuntimeScalar):
            raise TypeError(f"{name}() of a {type(arg).__name__} is not supported; it takes scalars")
        if not isinstance(arg, Handle) and (not isinstance(arg, int | float)):
            raise TypeError(f"{name}() cannot compare a {type(arg).__name__} with a runtime value")
    return args


def _extreme(name: str, symbol: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    operands = _operands(name, args, kwargs)
    if not any(isinstance(a, Handle) for a in operands):
        return getattr(builtins, name)(*operands)
    dtype = _dtype_of(operands, name)
    builder = active(f"{name}()")
    if dtype.bitwidth == 1:
        raise TypeError(f"{name}() of conditions is not supported; it takes numbers")
    result: RuntimeScalar | None = None
    for operand in operands:
        if isinstance(operand, RuntimeScalar) and operand.dtype != dtype and operand.dtype.is_int() and dtype.is_int():
            if operand.dtype.is_unsigned() != dtype.is_unsigned():
                raise TypeError(
                    f"{name}() mixes {dtype} and {operand.dtype} values; cast one of them so both have the "
                    "same signedness"
                )
        value = scalar.materialize(builder, operand, dtype, what=f"{name}()")
        if result is None:
            result = value
            continue
        result = scalar.select(scalar.compare(symbol, value, result), value, result)
    assert result is not None
    return result


def minimum(*args: Any, **kwargs: Any) -> Any:
    """``min(...)`` with runtime arguments: ``b < a ? b : a`` from left to right."""
    return _extreme("min", "<", args, kwargs)


def maximum(*args: Any, **kwargs: Any) -> Any:
    """``max(...)`` with runtime arguments: ``b > a ? b : a`` from left to right."""
    return _extreme("max", ">", args, kwargs)


def absolute(value: Any) -> Any:
    """``abs(value)``: ``value < 0 ? -value : value`` (unsigned values are their own absolute value)."""
    if not isinstance(value, RuntimeScalar):
        raise TypeError(f"abs() of a {type(value).__name__} is not supported; it takes a scalar")
    if value.dtype.bitwidth == 1:
        raise TypeError("abs() of a condition is not supported; it takes a number")
    if value.dtype.is_unsigned():
        return value
    zero = 0.0 if value.dtype.is_float() else 0
    return scalar.select(scalar.compare("<", value, zero), scalar.negate(value), value)


def sqrt(value: Any) -> RuntimeScalar:
    """``math.sqrt(value)``: the scalar unit's square root, in ``float32``."""
    if not isinstance(value, RuntimeScalar):
        raise TypeError(f"math.sqrt() of a {type(value).__name__} is not supported; it takes a scalar")
    if value.dtype.bitwidth == 1:
        raise TypeError("math.sqrt() of a condition is not supported; it takes a number")
    operand = scalar.cast(value, float32)
    builder = active("math.sqrt()")
    return scalar.derived(builder.insert(math_dialect.SqrtOp(operand.ssa)).result, float32, (value,))


RUNTIME_FUNCTIONS: dict[Callable[..., Any], Callable[..., Any]] = {
    builtins.min: minimum,
    builtins.max: maximum,
    builtins.abs: absolute,
    math.sqrt: sqrt,
}
"""The functions that take runtime scalars, and what computes them."""


def unsupported_message(function: Callable[..., Any]) -> tuple[str, str]:
    """The error and the hint for a function of the ``math`` module called with a runtime scalar."""
    name = getattr(function, "__name__", "?")
    message = f"math.{name}() has no scalar form in Ascend C; on runtime scalars ascx computes {SUPPORTED}"
    vector = VECTOR_FORMS.get(name)
    where = f"on a LocalTensor with {vector}" if vector is not None else "on a LocalTensor with the vector API"
    return message, f"compute it {where}, or on compile-time values"
