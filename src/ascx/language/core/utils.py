"""pyasc's ``asc.language.core.utils``: ``ceildiv`` and ``static_assert``, the compile-time helpers
kernels call."""

from __future__ import annotations

from typing import Any

from ascx.language.core.constexpr import ConstExpr
from ascx.language.core.convert import describe
from ascx.language.core.values import RuntimeScalar


def ceildiv(x: Any, y: Any) -> Any:
    """``(x + y - 1) // y``: how many ``y``-sized pieces cover ``x``.  On Python ints it computes; on
    runtime scalars it builds the same expression."""
    return (x + y - 1) // y


def static_assert(test: Any, message: str | None = None) -> None:
    """Fail the compilation when the compile-time condition ``test`` is false: an ``AssertionError``
    with ``message`` (pyasc's ``ValueError("miss message")`` without one)."""
    value = ConstExpr.unwrap(test)
    if isinstance(value, RuntimeScalar) or not isinstance(value, bool):
        raise TypeError(
            f"Assertion condition could not be determined, expected bool, got {type(value).__name__}"
            + (f" ({describe(value)})" if isinstance(value, RuntimeScalar) else "")
        )
    if not value:
        if message is not None:
            raise AssertionError(message)
        raise ValueError("miss message")


__all__ = ["ceildiv", "static_assert"]
