"""Messages of the Matmul API diagnostics catalogue (docs/matmul-protocol.md#checks-made-while-tracing)."""

from __future__ import annotations

from ascx.language.core.values import Handle


def require_compile_time(value: object, param: str, method: str) -> None:
    """``value`` must not be a runtime value (docs/matmul-protocol.md#compile-time-arguments)."""
    if isinstance(value, Handle):
        raise ValueError(f"Param {param} of {method} must be a compile-time constant")
