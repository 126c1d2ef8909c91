"""The compile driver: trace, verify, run the pipeline, print."""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from io import StringIO
from types import FunctionType
from typing import TYPE_CHECKING, Any

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.printer import Printer

from ascx.analysis.report import collecting
from ascx.diagnostics import verify_module
from ascx.dialects.ascendc import KernelType, KernelTypeAttr
from ascx.dialects.ascendc.kernel_attrs import KERNEL_TYPE_ATTR
from ascx.errors import AscxError, AscxWarning
from ascx.language.core.builder import KernelOptions
from ascx.runtime.kernel_type_request import apply_kernel_type_request
from ascx.runtime.pipeline import pipeline_for, run_pipeline
from ascx.runtime.sync_outcome import settle_sync_diagnostics
from ascx.target import print_ascendc
from ascx.target.names import kernel_symbol
from ascx.tracer import KernelParam, trace_kernel
from ascx.tracer.dependencies import Dependency
from ascx.tracer.gc_pause import gc_paused

if TYPE_CHECKING:
    from ascx.lib.runtime.support import CoreType


@dataclass(frozen=True)
class KernelWarning:
    """An ``AscxWarning`` a kernel's compilation gave, and where."""

    message: str
    filename: str
    lineno: int

    def issue(self) -> None:
        warnings.warn_explicit(self.message, AscxWarning, self.filename, self.lineno)


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
    """Seconds spent in each stage: ``trace``, ``passes``, ``print`` (or ``load`` from the disk cache)."""
    warnings: tuple[KernelWarning, ...] = ()
    """The ``AscxWarning``s compiling gave; a kernel loaded from the disk cache gives them again."""
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
        return kernel_symbol(self.name)

    @property
    def module(self) -> ModuleOp:
        """The IR after the pass pipeline: what the printer printed."""
        if self._module is None:
            assert self._rebuild is not None
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
            KernelType.AIV_ONLY: CoreType.VectorCore,
            KernelType.AIC_ONLY: CoreType.CubeCore,
        }[self.kernel_type]

    @cached_property
    def ir(self) -> str:
        """The IR as text (custom format, no locations)."""
        out = StringIO()
        Printer(stream=out).print_op(self.module)
        return out.getvalue() + "\n"

    def ir_with_locations(self) -> str:
        """The IR as text with ``loc(...)`` on every op."""
        out = StringIO()
        Printer(stream=out, print_debuginfo=True).print_op(self.module)
        return out.getvalue() + "\n"


def compile_kernel(
    fn: FunctionType,
    params: Sequence[KernelParam],
    options: KernelOptions,
    pipeline: Sequence[str] | None = None,
) -> CompiledKernel:
    """Compile ``fn`` specialised on ``params``; raises :class:`ascx.errors.AscxError` on user errors.

    Warnings are collected while compiling and issued again once it succeeded, so the kernel can
    record them (``CompiledKernel.warnings``) for the disk cache to replay.
    """
    caught: list[warnings.WarningMessage] = []
    try:
        with warnings.catch_warnings(record=True) as recorded:
            warnings.simplefilter("always")
            try:
                with gc_paused():
                    passes = pipeline_for(options) if pipeline is None else pipeline
                    kernel = _compile_kernel(fn, params, options, passes)
            finally:
                caught = list(recorded)
    finally:
        for w in caught:
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
    kernel.warnings = tuple(
        KernelWarning(str(w.message), w.filename, w.lineno) for w in caught if issubclass(w.category, AscxWarning)
    )
    return kernel


def _compile_kernel(
    fn: FunctionType, params: Sequence[KernelParam], options: KernelOptions, pipeline: Sequence[str]
) -> CompiledKernel:
    start = time.perf_counter()
    trace = trace_kernel(fn, params, options)
    module = trace.module
    apply_kernel_type_request(module, options.kernel_type)
    traced = time.perf_counter()
    # One verification, of the IR the printer consumes: the passes take the traced IR as it is
    # (the API checked what it built), and verifying twice was most of the compile time.
    with collecting() as diagnostics:
        run_pipeline(module, pipeline)
    settle_sync_diagnostics(diagnostics, options, (fn.__code__.co_filename, fn.__code__.co_firstlineno))
    verify_module(module)
    lowered = time.perf_counter()
    source = print_ascendc(module)
    printed = time.perf_counter()
    kernel = next(op for op in module.body.block.ops if isinstance(op, func.FuncOp))
    kind = kernel.attributes.get(KERNEL_TYPE_ATTR)
    assert isinstance(kind, KernelTypeAttr), "the pipeline records the kernel type"
    timings = {"trace": traced - start, "passes": lowered - traced, "print": printed - lowered}
    return CompiledKernel.from_module(
        fn.__name__,
        module,
        source,
        kernel_type=kind.data,
        params=tuple(params),
        dependencies=trace.dependencies,
        timings=timings,
    )
