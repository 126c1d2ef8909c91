"""What the tracer needs to know about a kernel's parameters: the tracer's input contract."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ascx.language.core.dtype import DataType

ParamKind = Literal["pointer", "scalar", "constexpr"]


@dataclass(frozen=True)
class KernelParam:
    """One kernel parameter: a global-memory pointer, a runtime scalar, or a compile-time value."""

    name: str
    kind: ParamKind
    dtype: DataType | None = None
    """Element type of a pointer, or type of a scalar."""
    value: Any = None
    """The value of a compile-time parameter."""

    def key(self) -> tuple[object, ...]:
        """What distinguishes one specialisation of the kernel from another."""
        if self.kind == "constexpr":
            return (self.name, self.kind, type(self.value).__qualname__, repr(self.value))
        return (self.name, self.kind, str(self.dtype))
