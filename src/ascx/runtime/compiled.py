"""A compiled kernel: its Ascend C, its kind and what it was specialised on.

A module of its own, with no xDSL in it: a kernel loaded from the disk cache is one of these without
the compiler ever being imported.  The IR (``module``, ``ir``) is built, or rebuilt, on demand.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from io import StringIO
from typing import TYPE_CHECKING, Any

from ascx.errors import AscxError, AscxWarning
from ascx.kernel_facts import LaunchFacts as LaunchFacts
from ascx.kernel_type import KernelType
from ascx.tracer.dependencies import Dependency
from ascx.tracer.signature import KernelParam

if TYPE_CHECKING:
    from xdsl.dialects.builtin import ModuleOp

    from ascx.lib.runtime.support import CoreType


@dataclass(frozen=True)
class KernelWarning:
    """An ``AscxWarning`` a kernel's compilation gave, and where."""

    message: str
    filename: str
    lineno: int
    column: int | None = None

    def issue(self) -> None:
        warnings.warn_explicit(AscxWarning(self.message, column=self.column), AscxWarning, self.filename, self.lineno)


@dataclass
class CompiledKernel:
    """A kernel compiled to Ascend C (nothing is launched)."""

    name: str
    source: str
    """The Ascend C source."""
    kernel_type: KernelType
    """How the kernel is built and launched (decided by ``ascx-kernel-type``)."""
    params: tuple[KernelParam, ...]
    """The parameters the kernel was specialised on."""
    dependencies: tuple[Dependency, ...] = ()
    """The globals, closure values and module attributes the trace read; the kernel is stale when one changes."""
    timings: dict[str, float] = field(default_factory=dict[str, float])
    """Seconds spent in each stage: ``trace``, ``passes``, ``print`` (or ``load`` from the disk cache); after a
    launch on the emulation, its ``build`` (the host compiler's builds; 0.0 when the build cache had every
    library) and ``run`` (the cores running, with binding the arguments and copying results back)
    (docs/emulation.md#progress-and-timings)."""
    warnings: tuple[KernelWarning, ...] = ()
    """The ``AscxWarning``s compiling gave; a kernel loaded from the disk cache gives them again."""
    launch: LaunchFacts | None = None
    """What the emulation needs to build and run the kernel, recorded when it was compiled (the disk
    cache keeps it, so a cached kernel launches without its IR); None: derived from the IR on demand."""
    _module: ModuleOp | None = field(default=None, repr=False)
    _rebuild: Callable[[], CompiledKernel] | None = field(default=None, repr=False)

    @classmethod
    def from_module(cls, name: str, module: ModuleOp, source: str, **fields: Any) -> CompiledKernel:
        return cls(name, source, _module=module, **fields)

    @classmethod
    def from_source(
        cls, name: str, source: str, rebuild: Callable[[], CompiledKernel], **fields: Any
    ) -> CompiledKernel:
        """A kernel loaded from the disk cache, which keeps only the source: ``rebuild`` recompiles it
        when its IR is asked for (compiling is as fast as printing and parsing the IR would be)."""
        return cls(name, source, _rebuild=rebuild, **fields)

    @property
    def kernel_name(self) -> str:
        """The C++ symbol of the kernel function: ``name``, unless C++ or CANN's headers already use that
        name (``matmul``, ``sync``, ``exp``...); then ``<name>_kernel`` (``ascx.target.names.kernel_symbol``).
        Launchers look the kernel up by this name."""
        from ascx.target.names import kernel_symbol

        return kernel_symbol(self.name)

    @property
    def module(self) -> ModuleOp:
        """The IR after the pass pipeline: what the printer printed."""
        if self._module is None:
            assert self._rebuild is not None
            with warnings.catch_warnings():  # loading the kernel from the cache reported them already
                warnings.simplefilter("ignore", AscxWarning)
                rebuilt = self._rebuild()
            if rebuilt.source != self.source:
                raise AscxError(
                    f"the IR of '{self.name}' cannot be rebuilt: a value the kernel reads changed since it was "
                    "loaded from the kernel cache",
                    hints=["compile the kernel again to get its current IR"],
                    kind="stale-kernel",
                )
            self._module = rebuilt.module
        return self._module

    @property
    def launch_facts(self) -> LaunchFacts:
        """:attr:`launch`, derived from the IR when the kernel was not compiled by the compile driver."""
        if self.launch is None:
            from ascx.runtime.launch_facts import launch_facts

            self.launch = launch_facts(self.module)
        return self.launch

    @property
    def binary(self) -> bytes:
        """pyasc's ``CompiledKernel.binary`` on ``Backend.Model``: the Ascend C source as bytes, which
        ``asc.lib.runtime.register_device_binary_kernel`` accepts to run the kernel on the emulation."""
        from ascx.lib.runtime.interface import KernelBinary

        return KernelBinary(self)

    @property
    def core_type(self) -> CoreType:
        """pyasc's ``CompiledKernel.core_type``: the cores the kernel's binary is for."""
        from ascx.lib.runtime.support import CoreType

        return {
            KernelType.MIX_AIC_1_2: CoreType.AiCore,
            KernelType.MIX_AIC_1_1: CoreType.AiCore,
            KernelType.AIV_ONLY: CoreType.VectorCore,
            KernelType.MIX_AIV_1_0: CoreType.VectorCore,
            KernelType.AIC_ONLY: CoreType.CubeCore,
        }[self.kernel_type]

    @cached_property
    def ir(self) -> str:
        """The IR as text (custom format, no locations)."""
        from xdsl.printer import Printer

        out = StringIO()
        Printer(stream=out).print_op(self.module)
        return out.getvalue() + "\n"

    def ir_with_locations(self) -> str:
        """The IR as text with ``loc(...)`` on every op."""
        from xdsl.printer import Printer

        out = StringIO()
        Printer(stream=out, print_debuginfo=True).print_op(self.module)
        return out.getvalue() + "\n"
