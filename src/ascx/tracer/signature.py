"""What the tracer needs to know about a kernel's parameters: the tracer's input contract."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol, Self

from ascx.language.core.dtype import DataType

if TYPE_CHECKING:
    from xdsl.ir import Attribute, SSAValue

    from ascx.language.core.builder import IRBuilder

ParamKind = Literal["pointer", "scalar", "struct", "constexpr"]


class KernelStruct(Protocol):
    """A class whose host instances can be passed to kernels: ``TCubeTiling``.

    The kernel receives a global-memory pointer to the struct's bytes and works on a local copy.
    """

    @classmethod
    def ascx_struct_type(cls) -> Attribute:
        """The IR type of the kernel-local struct."""
        ...

    @classmethod
    def ascx_from_kernel_argument(cls, builder: IRBuilder, addr: SSAValue, name: str) -> Self:
        """Emit the kernel's local copy of the struct at ``addr`` and return it."""
        ...


@dataclass(frozen=True)
class KernelParam:
    """One kernel parameter: a global-memory pointer, a runtime scalar, a struct, or a compile-time value."""

    name: str
    kind: ParamKind
    dtype: DataType | None = None
    """Element type of a pointer, or type of a scalar."""
    value: Any = None
    """The value of a compile-time parameter."""
    struct: type[KernelStruct] | None = None
    """The class of a struct parameter."""

    def key(self) -> tuple[object, ...]:
        """What distinguishes one specialisation of the kernel from another."""
        if self.kind == "constexpr":
            return (self.name, self.kind, type(self.value).__qualname__, repr(self.value))
        if self.kind == "struct":
            assert self.struct is not None
            return (self.name, self.kind, f"{self.struct.__module__}.{self.struct.__qualname__}")
        return (self.name, self.kind, str(self.dtype))
