"""The Matmul part of ``ascx-insert-sync`` (docs/passes/insert-sync.md#matmul-waits).

For every waitable asynchronous Matmul record that the protocol analysis finds accessed before its
wait (MM-1), pending at ``end()`` (MM-2) or at the kernel's return (MM-3), or still pending when the
same object starts new work (MM-7), the record's wait (``mm.wait_iterate_all()``,
``mm.wait_iterate_batch()``, ``mm.wait_get_tensor_c()``) is inserted:

- immediately before the consumer's ancestor in the innermost block that holds both the start and
  the consumer, when the record is pending on every path there;
- as ``if cond: wait`` there, when it is pending only because the start sits in one arm of an
  ``if`` on ``cond``;
- otherwise immediately before the terminator of the start's block (for a start pending from the
  previous loop iteration: before the end of the loop body).

Every repair is reported as a warning at the asynchronous start (a kernel that chose ``sync=False``
and never waits is most likely wrong) and as a remark at the inserted op.
"""

from __future__ import annotations

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import UnitAttr
from xdsl.ir import Operation
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import IsTerminator

from ascx.analysis.dataflow import common_block
from ascx.analysis.insertion.placement import INSERTED_ATTR
from ascx.analysis.matmul.protocol import MatmulProtocolAnalysis
from ascx.analysis.matmul.state import Fix
from ascx.analysis.report import DiagnosticList, at
from ascx.analysis.reuse import remember
from ascx.analysis.spelling import matmul_call, python_call, value_name
from ascx.dialects.ascendc.traits import MatmulAsyncWait

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
