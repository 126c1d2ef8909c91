"""Recording, at compile time, what the emulation needs from a kernel's IR (docs/emulation.md#builds)."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp

from ascx.dialects.ascendc.matmul_ops import MatmulCreateOp
from ascx.runtime.compiled import LaunchFacts
from ascx.target import print_ascendc


def launch_facts(module: ModuleOp, emulation_source: str | None = None) -> LaunchFacts:
    """The emulation's view of ``module`` (the IR after the pipeline); ``emulation_source`` is
    ``print_ascendc(module, source_lines=True)`` when the caller printed it already."""
    return LaunchFacts(
        emulation_source=emulation_source if emulation_source is not None else print_ascendc(module, source_lines=True),
        mix_dual_master=any(
            isinstance(op, MatmulCreateOp) and bool(op.effective_config.field("enable_mix_dual_master"))
            for op in module.walk()
        ),
    )
