"""``asc.adv.MatmulType``: position, format and element type of one Matmul operand."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import TypeVar

from ascx.dialects import ascendc as ir
from ascx.language.adv.errors import require_compile_time
from ascx.language.core.checks import is_instance
from ascx.language.core.dtype import DataType
from ascx.language.core.enums import CubeFormat, LayoutMode, TPosition

E = TypeVar("E", bound=IntEnum)


@dataclass(frozen=True)
class MatmulType:
    """Describes the A, B, C or bias operand of a Matmul (``AscendC::MatmulType<...>``).

    A pure value: it may be built on the host or in a kernel.  It is validated when a ``Matmul``
    uses it.  ``ib_share`` is an ascx extension (pyasc 1.1.1 has no such field): CANN's sixth
    ``MatmulType`` template parameter ``IBSHARE``, which shares A or B in L1 between the vector
    cores of a block.
    """

    position: TPosition
    format: CubeFormat
    dtype: DataType
    is_trans: bool = False
    layout: LayoutMode = LayoutMode.NONE
    ib_share: bool = False

    def to_attr(self, method: str = "Matmul") -> ir.MatmulTypeAttr:
        """The IR description of this MatmulType; raises ``ValueError`` when a field is invalid."""
        for param in ("position", "format", "dtype", "is_trans", "layout", "ib_share"):
            require_compile_time(getattr(self, param), param, method)
        position = _member(TPosition, self.position, "position")
        if position is TPosition.MAX:
            raise ValueError("MatmulType position MAX is not a valid position")
        fmt = _member(CubeFormat, self.format, "format")
        layout = _member(LayoutMode, self.layout, "layout")
        if not is_instance(self.dtype, DataType):
            raise ValueError(f"MatmulType dtype {self.dtype!r} is not a valid DataType")
        for flag in ("is_trans", "ib_share"):
            if getattr(self, flag) not in (True, False):
                raise ValueError(f"MatmulType {flag} {getattr(self, flag)!r} is not a valid bool")
        return ir.MatmulTypeAttr(
            ir.TPosition[position.name],
            ir.CubeFormat[fmt.name],
            self.dtype.to_ir(),
            bool(self.is_trans),
            ir.LayoutMode[layout.name],
            bool(self.ib_share),
        )


def _member(enum: type[E], value: object, field: str) -> E:
    if isinstance(value, int) and not isinstance(value, bool):
        try:
            return enum(value)
        except ValueError:
            pass
    raise ValueError(f"MatmulType {field} {value!r} is not a valid {enum.__name__}")


__all__ = ["MatmulType"]
