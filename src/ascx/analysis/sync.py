"""The sync analyses' entry points: what ``ascx-verify-matmul-sync``, ``ascx-verify-pipe-sync`` and
``ascx-insert-sync`` do to one kernel (docs/sync-model.md, docs/passes/insert-sync.md).

Each returns the kernel's diagnostics in source order; the passes publish them.  The verifiers take
the analysis ``ascx-insert-sync`` ended with when nothing changed the kernel since
(:mod:`ascx.analysis.reuse`).
"""

from __future__ import annotations

from xdsl.dialects import func

from ascx.analysis.cross_core.blocks import check_block_chain, check_cross_block, check_inter_block_events
from ascx.analysis.cross_core.flags import check_cross_core
from ascx.analysis.flags.lint import lint_useless_sync
from ascx.analysis.insertion.matmul_waits import MatmulWaitInserter
from ascx.analysis.insertion.pipe_sync import InsertionOptions, PipeSyncInserter
from ascx.analysis.matmul.iterate_loops import check_iterate_loops
from ascx.analysis.matmul.protocol import MatmulProtocolAnalysis
from ascx.analysis.pipe.analysis import PipeSyncAnalysis
from ascx.analysis.pipe.state import DEFAULT_OPTIONS, PipeSyncOptions
from ascx.analysis.report import Diagnostic, DiagnosticList
from ascx.analysis.reuse import recall
from ascx.dialects.ascendc.sync_ops import IBSetOp, IBWaitOp, NotifyNextBlockOp, WaitPreBlockOp


def verify_matmul_sync(kernel: func.FuncOp) -> list[Diagnostic]:
    """Every Matmul protocol diagnostic of ``kernel`` (MM), in source order."""
    found = recall("matmul-sync", None, kernel)
    if isinstance(found, DiagnosticList):  # ascx-insert-sync's last analysis, and nothing it looks at changed
        diagnostics = found.copy()
    else:
        analysis = MatmulProtocolAnalysis(kernel)
        analysis.run()
        diagnostics = analysis.diagnostics
    check_iterate_loops(kernel, diagnostics)
    return diagnostics.sorted()


def verify_pipe_sync(kernel: func.FuncOp, options: PipeSyncOptions = DEFAULT_OPTIONS) -> list[Diagnostic]:
    """Every pipe-sync diagnostic of ``kernel`` (FL, TQ, HZ, AT, XC), in source order.  An internal failure
    of the analysis is reported as a located error (PA-8), never as a crash."""
    found = recall("pipe-sync", options, kernel)  # the last analysis of ascx-insert-sync, if nothing changed since
    if isinstance(found, DiagnosticList):
        diagnostics = found.copy()
    else:
        analysis = PipeSyncAnalysis(kernel, options)
        try:
            analysis.run()
        except Exception as error:  # an analysis bug must not become a crash of the compile
            failed = DiagnosticList()
            failed.add("error", "PA-8", kernel, f"internal error in ascx-verify-pipe-sync: {error!r}")
            return failed.sorted()
        diagnostics = analysis.diagnostics
        if options.sync_lints:
            lint_useless_sync(kernel, analysis, diagnostics)
    inter_block = check_cross_core(kernel, diagnostics)
    check_cross_block(kernel, diagnostics)
    if any(isinstance(op, WaitPreBlockOp | NotifyNextBlockOp) for op in inter_block):
        check_block_chain(kernel, diagnostics)
    check_inter_block_events([op for op in inter_block if isinstance(op, IBSetOp | IBWaitOp)], diagnostics)
    return diagnostics.sorted()


def insert_sync(
    kernel: func.FuncOp, options: InsertionOptions | None = None, *, matmul_only: bool = False
) -> list[Diagnostic]:
    """Insert the missing Matmul waits of ``kernel``, then its missing pipe synchronization; the warnings
    and remarks about what was inserted, and the errors of what could not be."""
    inserter = MatmulWaitInserter(kernel)
    inserter.run()
    if matmul_only:
        return inserter.diagnostics.sorted()
    pipes = PipeSyncInserter(kernel, options)
    pipes.run()
    return sorted([*inserter.diagnostics.sorted(), *pipes.diagnostics.sorted()], key=Diagnostic.sort_key)
