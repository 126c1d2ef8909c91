"""pyasc's ``asc.language.core.utils``: ``ceildiv`` and ``static_assert``, the compile-time helpers
kernels call."""

from __future__ import annotations

from typing import Any

from ascx.language.core.constexpr import ConstExpr
from ascx.language.core.convert import describe
from ascx.language.core.values import RuntimeScalar
from ascx.language.records import records

record = records(__name__, "core/helpers")


def undetermined_message(got: str) -> str:
    return f"Assertion condition could not be determined, expected bool, got {got}"


@record(forms=("n = asc.ceildiv(x, y)",), cpp=())
def ceildiv(x: Any, y: Any) -> Any:
    """``(x + y - 1) // y``: computed on Python ints, built on runtime scalars."""
    return (x + y - 1) // y


@record(
    forms=("asc.static_assert(test, message=None)",),
    cpp=(),
    rules=(f'A runtime condition: "{undetermined_message("...")}".',),
)
def static_assert(test: Any, message: str | None = None) -> None:
    """Fail the compilation when the compile-time condition is false: ``AssertionError(message)`` (pyasc's
    ``ValueError("miss message")`` without a message)."""
    value = ConstExpr.unwrap(test)
    if isinstance(value, RuntimeScalar) or not isinstance(value, bool):
        raise TypeError(
            undetermined_message(type(value).__name__)
            + (f" ({describe(value)})" if isinstance(value, RuntimeScalar) else "")
        )
    if not value:
        if message is not None:
            raise AssertionError(message)
        raise ValueError("miss message")


__all__ = ["ceildiv", "static_assert"]
