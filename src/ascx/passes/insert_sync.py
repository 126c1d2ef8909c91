"""``ascx-insert-sync``: insert the synchronization a kernel is missing (sync-model spec §2.3).

First the Matmul waits (IN-M1 ... IN-M3), then the pipe-level flags and barriers
(:mod:`ascx.passes.pipe_sync_insertion`, IN-3 ... IN-14; ``matmul_only=true`` stops after the
waits).  The Matmul part: for every waitable asynchronous Matmul
record that the protocol analysis finds read before its wait (MM-1), pending at ``end()`` (MM-2) or
at the kernel's return (MM-3), or still pending when the same object starts new work (MM-7), it
inserts the record's wait (``mm.wait_iterate_all()``, ``mm.wait_iterate_batch()``,
``mm.wait_get_tensor_c()``):

- immediately before the consumer's ancestor in the innermost block that holds both the start and
  the consumer, when the record is pending on every path there;
- as ``if cond: wait`` there, when it is pending only because the start sits in one arm of an
  ``if`` on ``cond``;
- otherwise immediately before the terminator of the start's block (for a start pending from the
  previous loop iteration: before the end of the loop body).

Inserted ops carry the ``ascx.inserted`` attribute.  User ops are never removed, moved or changed
(IN-10), and running the pass again inserts nothing (IN-9).  Every repair is reported as a warning
at the asynchronous start (a kernel that chose ``sync=False`` and never waits is most likely
wrong) and, with ``report=true``, as a remark at the inserted op.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp, UnitAttr
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import IsTerminator
from xdsl.utils.exceptions import PassFailedException

from ascx.analysis.dataflow import common_block
from ascx.analysis.matmul_protocol import Fix, MatmulProtocolAnalysis
from ascx.analysis.pipe_sync import PipeSyncOptions
from ascx.analysis.report import Diagnostic, DiagnosticList, at, publish
from ascx.analysis.reuse import remember
from ascx.analysis.spelling import matmul_call, python_call, value_name
from ascx.dialects.ascendc.traits import MatmulAsyncWait
from ascx.passes.pipe_sync_insertion import INSERTED_ATTR, InsertionOptions, PipeSyncInserter

__all__ = ["INSERTED_ATTR", "InsertSyncPass", "insert_sync"]

_RULE_TEXT = {
    "MM-1": "before the first access to its output",
    "MM-2": "before `{mm}.end()`",
    "MM-3": "before the kernel returns",
    "MM-7": "before the object starts new asynchronous work",
}


def _wait_op_class(kind: str) -> type[Operation]:
    """The ``ascendc`` op that completes asynchronous work of ``kind`` (it declares ``MatmulAsyncWait(kind)``)."""
    from ascx.dialects.ascendc import AscendC

    for op_class in AscendC.operations:
        for trait in op_class.traits:
            if isinstance(trait, MatmulAsyncWait) and trait.kind == kind:
                return op_class
    raise AssertionError(f"no ascendc op completes asynchronous Matmul work of kind {kind!r}")


class MatmulWaitInserter:
    """Inserts the waits one kernel needs, one fix at a time, re-analysing after each."""

    def __init__(self, kernel: func.FuncOp):
        self.kernel = kernel
        self.diagnostics = DiagnosticList()

    def run(self) -> None:
        limit: int | None = None
        while True:
            if limit is not None:
                limit -= 1
                if limit < 0:
                    raise AssertionError("ascx-insert-sync did not converge")  # each fix completes one record
            analysis = MatmulProtocolAnalysis(self.kernel)
            analysis.run()
            if not analysis.fixes:
                remember("matmul-sync", None, self.kernel, analysis.diagnostics)
                return
            if limit is None:
                limit = sum(1 for _ in self.kernel.walk())
            self.apply(analysis.fixes[0])

    def apply(self, fix: Fix) -> None:
        record = fix.record
        wait = _wait_op_class(record.kind).create(operands=[fix.matmul], attributes={INSERTED_ATTR: UnitAttr()})
        wait.location = fix.at.location
        block = common_block(record.start, fix.at)
        start_anchor = block.find_ancestor_op_in_block(record.start) if block is not None else None
        at_anchor = block.find_ancestor_op_in_block(fix.at) if block is not None else None
        if fix.rule == "MM-7" and record.previous:
            self._before_terminator(record.start, wait)
        elif at_anchor is not None and (fix.must or fix.rule == "MM-7"):
            Rewriter.insert_op(wait, InsertPoint.before(at_anchor))
        elif at_anchor is not None and isinstance(start_anchor, scf.IfOp):
            in_then = start_anchor.true_region.block.find_ancestor_op_in_block(record.start) is not None
            then_ops: list[Operation] = [wait, scf.YieldOp()] if in_then else [scf.YieldOp()]
            else_ops: list[Operation] = [] if in_then else [wait, scf.YieldOp()]
            guarded = scf.IfOp(start_anchor.cond, [], then_ops, else_ops or None)
            guarded.attributes[INSERTED_ATTR] = UnitAttr()
            guarded.location = start_anchor.location
            Rewriter.insert_op(guarded, InsertPoint.before(at_anchor))
        else:
            self._before_terminator(record.start, wait)
        self._report(fix, wait)

    @staticmethod
    def _before_terminator(start: Operation, wait: Operation) -> None:
        block = start.parent_block()
        assert block is not None
        last = block.last_op
        assert last is not None
        if last.has_trait(IsTerminator):
            Rewriter.insert_op(wait, InsertPoint.before(last))
        else:
            Rewriter.insert_op(wait, InsertPoint.at_end(block))

    def _report(self, fix: Fix, wait: Operation) -> None:
        mm = value_name(fix.matmul, "mm")
        start = matmul_call(fix.record.start)
        waited = f"{mm}.{fix.record.wait_name}()"
        reason = _RULE_TEXT[fix.rule].format(mm=mm)
        self.diagnostics.add(
            "warning",
            fix.rule,
            fix.record.start,
            f"asynchronous `{start}(sync=False)` is not completed {reason}; ascx inserted `{waited}`",
            partner=fix.at,
        )
        consumer = at(fix.at)
        self.diagnostics.add(
            "remark",
            fix.rule,
            wait,
            f"inserted {waited} for {fix.rule} ({start} at {at(fix.record.start)} -> "
            f"{python_call(fix.at)} at {consumer})",
            partner=fix.at,
        )


def insert_sync(
    kernel: func.FuncOp, options: InsertionOptions | None = None, *, matmul_only: bool = False
) -> list[Diagnostic]:
    """Insert the missing Matmul waits of ``kernel``, then its missing pipe synchronization (spec IN-2);
    the warnings and remarks about what was inserted."""
    inserter = MatmulWaitInserter(kernel)
    inserter.run()
    if matmul_only:
        return inserter.diagnostics.sorted()
    pipes = PipeSyncInserter(kernel, options)
    pipes.run()
    return sorted([*inserter.diagnostics.sorted(), *pipes.diagnostics.sorted()], key=Diagnostic.sort_key)


@dataclass(frozen=True)
class InsertSyncPass(ModulePass):
    """Insert missing synchronization (spec §2.3); ``report=true`` lists every inserted op as a remark."""

    name = "ascx-insert-sync"

    report: bool = False
    event_ids: str = "auto"
    final_barrier: str = "auto"
    matmul_only: bool = False
    """Insert only the Matmul waits (IN-M1 ... IN-M3), no pipe-level sync."""
    strict_same_pipe: bool = False
    alias: str = "conservative"
    assume_gm_args_noalias: bool = True

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.event_ids not in ("auto", "const", "alloc", "fetch"):
            raise PassFailedException(f'event_ids must be "auto", "const", "alloc" or "fetch", got {self.event_ids!r}')
        if self.final_barrier not in ("auto", "always", "never"):
            raise PassFailedException(f'final_barrier must be "auto", "always" or "never", got {self.final_barrier!r}')
        if self.alias not in ("conservative", "assume_disjoint"):
            raise PassFailedException(f'alias must be "conservative" or "assume_disjoint", got {self.alias!r}')
        options = InsertionOptions(
            event_ids=self.event_ids,
            final_barrier=self.final_barrier,
            alias=self.alias,
            analysis=PipeSyncOptions(self.strict_same_pipe, self.assume_gm_args_noalias),
        )
        found: list[Diagnostic] = []
        for kernel in op.body.block.ops:
            if isinstance(kernel, func.FuncOp) and kernel.body.blocks:
                found.extend(insert_sync(kernel, options, matmul_only=self.matmul_only))
        publish(found, report=self.report)
