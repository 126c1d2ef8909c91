"""``asc.adv.MatrixOffset``: where a result block lies in C (``GetOffsetC``)."""

from __future__ import annotations

from typing import Any, Self

from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.language.core.builder import active
from ascx.language.core.convert import scalar_operand
from ascx.language.core.dtype import int32
from ascx.language.core.values import Handle


class MatrixOffset(Handle):
    """``MatrixOffset{offset, row, col, height, width}``: five ``int32_t`` values.

    Built in a kernel, ``MatrixOffset(offset, row, col, height, width)`` declares one; ``get_offset_c()``
    returns one.  Its C++ members are reserved in CANN 9.1, so its fields are not readable.
    """

    __slots__ = ()

    def __init__(self, offset: Any = 0, row: Any = 0, col: Any = 0, height: Any = 0, width: Any = 0) -> None:
        super().__init__()
        builder = active("MatrixOffset")
        names = ("offset", "row", "col", "height", "width")
        values = [
            scalar_operand(builder, v, int32, api="MatrixOffset", param=n)
            for n, v in zip(names, (offset, row, col, height, width), strict=True)
        ]
        self.bind(builder.insert(ir.MatrixOffsetOp(*values)).result)

    @classmethod
    def from_ssa(cls, ssa: SSAValue) -> Self:
        value = object.__new__(cls)
        Handle.__init__(value, ssa)
        return value


__all__ = ["MatrixOffset"]
