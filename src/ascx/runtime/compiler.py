"""The compile driver: trace, verify, run the pipeline, print."""

from __future__ import annotations

import time
import warnings
from collections.abc import Sequence
from types import FunctionType

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp

from ascx.analysis.report import collecting
from ascx.diagnostics import verify_module
from ascx.dialects.ascendc import KernelTypeAttr
from ascx.dialects.ascendc.kernel_attrs import KERNEL_TYPE_ATTR
from ascx.errors import AscxWarning
from ascx.language.core.kernel_options import KernelOptions
from ascx.runtime.compiled import CompiledKernel as CompiledKernel, KernelWarning as KernelWarning
from ascx.runtime.kernel_type_request import apply_kernel_type_request
from ascx.runtime.launch_facts import launch_facts
from ascx.runtime.pipeline import run_pipeline
from ascx.runtime.pipeline_spec import pipeline_for
from ascx.runtime.sync_outcome import settle_sync_diagnostics
from ascx.target import print_ascendc
from ascx.target.printer import without_source_lines
from ascx.tracer.gc_pause import gc_paused
from ascx.tracer.kernel import trace_kernel
from ascx.tracer.signature import KernelParam


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
        KernelWarning(str(w.message), w.filename, w.lineno, _column(w.message))
        for w in caught
        if issubclass(w.category, AscxWarning)
    )
    return kernel


def _column(message: Warning | str) -> int | None:
    """The column an ``AscxWarning`` issued as an instance carries (``ascx.errors.AscxWarning``)."""
    return message.column if isinstance(message, AscxWarning) else None


def trace_module(fn: FunctionType, params: Sequence[KernelParam], options: KernelOptions) -> ModuleOp:
    """The kernel's IR as traced, before any pass (with the requested kernel type recorded, as a compile
    records it): what ``ascx-opt`` takes to run passes on (``ascx compile --emit ir-traced``)."""
    with gc_paused():
        module = trace_kernel(fn, params, options).module
        apply_kernel_type_request(module, options.kernel_type)
        verify_module(module)
    return module


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
    annotated = print_ascendc(module, source_lines=True)  # printed once: the plain source is it without markers
    source = without_source_lines(annotated)
    facts = launch_facts(module, annotated)
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
        launch=facts,
    )
