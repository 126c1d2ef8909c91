"""``asc.TPipe``: the kernel's pipe, which manages on-chip buffers and events."""

from __future__ import annotations

from ascx.dialects.ascendc import PipeOp
from ascx.language.core.builder import active
from ascx.language.core.values import Handle


class TPipe(Handle):
    """``AscendC::TPipe``."""

    __slots__ = ()

    def __init__(self) -> None:
        builder = active("TPipe")
        super().__init__(builder.insert(PipeOp()).result)
