"""FL-12 (a lint, ``sync_lints``): a user flag pair or barrier that orders no memory access
(docs/rules/flags.md#fl-12)."""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.ir import Operation

from ascx.analysis.flags.slots import flag_call
from ascx.analysis.inserted import INSERTED_ATTR
from ascx.analysis.pipe.analysis import PipeSyncAnalysis
from ascx.analysis.pipe_model import pipe_label
from ascx.analysis.report import DiagnosticList, at
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.sync_ops import PipeBarrierOp, SetFlagOp


def _where(op: Operation) -> tuple[str, str]:
    """An op of a kernel or of its clone, by source position and name (clones have new op objects)."""
    return (str(at(op)), op.name)


def _hazards(analysis: PipeSyncAnalysis) -> set[tuple[str, tuple[str, str], tuple[str, str]]]:
    return {(h.rule, _where(h.producer), _where(h.consumer)) for h in analysis.hazards}


def lint_useless_sync(kernel: func.FuncOp, analysis: PipeSyncAnalysis, diagnostics: DiagnosticList) -> None:
    """FL-12: a user flag pair or barrier whose removal adds no hazard orders no memory access.  Each
    candidate is removed from a copy of the kernel, which is analysed again (quadratic in the kernel's
    sync, so it is a lint, off by default)."""
    ops = list(kernel.walk())
    index = {op: i for i, op in enumerate(ops)}
    before = _hazards(analysis)
    candidates: list[tuple[Operation, ...]] = [p for p in analysis.pairs if INSERTED_ATTR not in p[0].attributes]
    candidates += [
        (op,)
        for op in ops
        if isinstance(op, PipeBarrierOp) and op.pipe.data is not Pipe.PIPE_ALL and INSERTED_ATTR not in op.attributes
    ]  # PIPE_ALL also drains the pipes before the kernel returns (IN-12): never reported
    for group in candidates:
        clone = kernel.clone()
        cloned = list(clone.walk())
        for op in group:
            victim = cloned[index[op]]
            victim.detach()
            victim.erase()
        again = PipeSyncAnalysis(clone, analysis.options)
        again.run()
        if not _hazards(again) <= before:
            continue
        first = group[0]
        if isinstance(first, SetFlagOp):
            event = first.event.data
            src, dst, text = pipe_label(event.src), pipe_label(event.dst), flag_call(first)
        else:
            assert isinstance(first, PipeBarrierOp)
            src = dst = pipe_label(first.pipe.data)
            text = f"asc.pipe_barrier(PipeID.PIPE_{src})"
        diagnostics.add(
            "warning",
            "FL-12",
            first,
            f"`{text}` orders no memory access (no conflicting access on {src} before it and on {dst} after it)",
        )
