"""The Ascend C target: ``print_ascendc`` and the xDSL ``Target`` behind ``ascx-opt -t ascendc``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.target import Target

from ascx.target.printer import AscendCPrinter, print_ascendc


@dataclass(frozen=True)
class AscendCTarget(Target):
    """Prints the module as Ascend C (``-t ascendc`` or ``-t 'ascendc{indent=2}'``)."""

    name = "ascendc"
    indent: int = 4
    """Spaces per indentation level."""

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        AscendCPrinter(stream=output, indent_num_spaces=self.indent).print_module(module)


__all__ = ["AscendCPrinter", "AscendCTarget", "print_ascendc"]
