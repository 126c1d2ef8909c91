"""Messages of the Matmul API diagnostics catalogue (matmul-api spec, appendix A)."""

from __future__ import annotations

from ascx.language.core.values import Handle


def require_compile_time(value: object, param: str, method: str) -> None:
    """A.M01: ``value`` must not be a runtime value."""
    if isinstance(value, Handle):
        raise ValueError(f"Param {param} of {method} must be a compile-time constant")
