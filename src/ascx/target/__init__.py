"""The Ascend C target: ``print_ascendc`` and the xDSL ``Target`` behind ``ascx-opt -t ascendc``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.target import Target

# Importing the emitter modules registers their printers.
from ascx.target import emit_adv as emit_adv
from ascx.target import emit_array as emit_array
from ascx.target import emit_ascendc as emit_ascendc
from ascx.target import emit_control as emit_control
from ascx.target import emit_core as emit_core
from ascx.target import emit_cube as emit_cube
from ascx.target import emit_data_copy as emit_data_copy
from ascx.target import emit_fwk as emit_fwk
from ascx.target import emit_list_tensor as emit_list_tensor
from ascx.target import emit_matmul as emit_matmul
from ascx.target import emit_reduce as emit_reduce
from ascx.target import emit_scalar as emit_scalar
from ascx.target import emit_scalar_unit as emit_scalar_unit
from ascx.target import emit_sort as emit_sort
from ascx.target import emit_sync as emit_sync
from ascx.target import emit_system as emit_system
from ascx.target import emit_vector as emit_vector
from ascx.target import emit_vector_data as emit_vector_data
from ascx.target import emit_vector_fused as emit_vector_fused
from ascx.target import emit_vector_mask as emit_vector_mask
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
