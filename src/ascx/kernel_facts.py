"""What the emulation reads of a compiled kernel (docs/architecture.md#driver-ascxruntime): its C++ texts,
its kind, its parameters and the launch facts recorded when it was compiled.  ``ascx.runtime.CompiledKernel``
is one; ``ascx.emu`` and ``ascx.lib`` name only this protocol, so they import nothing of the runtime above
them.  A module of its own below all three (``import ascx`` loads it, and nothing of the emulation)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ascx.kernel_type import KernelType
from ascx.tracer.signature import KernelParam


@dataclass(frozen=True)
class LaunchFacts:
    """The facts of a compiled kernel that the emulation's launchers read (docs/emulation.md#builds):
    recorded at compile time, so that ``ascx.emu`` never reads the IR or calls the printer."""

    emulation_source: str
    """The Ascend C with each statement's Python line marked (``ascx_emu::at``): what the emulation builds."""
    mix_dual_master: bool
    """A MIX kernel whose AIC side computes its Matmul objects itself (``enable_mix_dual_master``)."""


class EmulatedKernel(Protocol):
    """A compiled kernel, as the emulation's builds and launchers see it."""

    @property
    def name(self) -> str:
        """The kernel's Python name (libraries and messages are named after it)."""
        ...

    @property
    def source(self) -> str:
        """The Ascend C, without Python line markers (the AIC side's syntax check compiles it)."""
        ...

    @property
    def kernel_name(self) -> str:
        """The C++ entry function's name."""
        ...

    @property
    def kernel_type(self) -> KernelType:
        """The cores it runs on."""
        ...

    @property
    def params(self) -> tuple[KernelParam, ...]:
        """The parameters it was specialised on, in order."""
        ...

    @property
    def launch_facts(self) -> LaunchFacts:
        """What the launchers need, recorded at compile time."""
        ...

    @property
    def timings(self) -> dict[str, float]:
        """Seconds per stage: a launch records its ``build`` and ``run`` here."""
        ...
