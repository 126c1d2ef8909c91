"""Recording, at compile time, what the emulation needs from a kernel's IR (docs/emulation.md#builds)."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp

from ascx.dialects.ascendc.matmul_ops import MatmulCreateOp
from ascx.runtime.compiled import LaunchFacts
from ascx.target import print_ascendc


def launch_facts(module: ModuleOp) -> LaunchFacts:
    """The emulation's view of ``module`` (the IR after the pipeline)."""
    return LaunchFacts(
        emulation_source=print_ascendc(module, source_lines=True),
        mix_dual_master=any(
            isinstance(op, MatmulCreateOp) and bool(op.effective_config.field("enable_mix_dual_master"))
            for op in module.walk()
        ),
    )
