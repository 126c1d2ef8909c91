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
and never waits is most likely wrong) that says where the wait went, and as a remark at the inserted op.
"""

from __future__ import annotations

from collections.abc import Mapping

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import UnitAttr
from xdsl.ir import BlockArgument, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import IsTerminator

from ascx.analysis.dataflow import common_block
from ascx.analysis.inserted import INSERTED_ATTR
from ascx.analysis.insertion.placement import innermost_common_loop
from ascx.analysis.insertion.position import inserted_where
from ascx.analysis.matmul.protocol import MatmulProtocolAnalysis
from ascx.analysis.matmul.state import FirstIteration, Fix
from ascx.analysis.matmul.zero_trip import trip_count_from_tiling, trip_test
from ascx.analysis.report import DiagnosticList, at, note, where
from ascx.analysis.reuse import remember
from ascx.analysis.spelling import matmul_call, python_call, value_name
from ascx.dialects.ascendc.traits import MatmulAsyncWait
from ascx.dialects.ascendc.types import is_unsigned

_RULE_TEXT = {
    "MM-1": "before the first access to its output",
    "MM-2": "before `{mm}.end()`",
    "MM-3": "before the kernel returns",
    "MM-7": "before the object starts new asynchronous work",
}


_FixKey = tuple[str, Operation, bool, Operation]
"""A fix's rule, its record (start, from the previous iteration) and the op it is needed before."""
_Insertion = tuple[list[Operation], list[tuple[object, ...]]]
"""The ops inserted for a fix and the keys of the diagnostics that report them."""


def _wait_op_class(kind: str) -> type[Operation]:
    """The ``ascendc`` op that completes asynchronous work of ``kind`` (it declares ``MatmulAsyncWait(kind)``)."""
    from ascx.dialects.ascendc import AscendC

    for op_class in AscendC.operations:
        for trait in op_class.traits:
            if isinstance(trait, MatmulAsyncWait) and trait.kind == kind:
                return op_class
    raise AssertionError(f"no ascendc op completes asynchronous Matmul work of kind {kind!r}")


class MatmulWaitInserter:
    """Inserts the waits one kernel needs, one fix at a time, re-analysing after each.

    A fix that comes back after its wait was inserted (the wait did not complete the work where the
    analysis needs it) is undone, and insertion stops: the verifier then reports the violation at its
    line, as it would without ``ascx-insert-sync``."""

    def __init__(self, kernel: func.FuncOp):
        self.kernel = kernel
        self.diagnostics = DiagnosticList()
        self._inserted: dict[_FixKey, _Insertion] = {}
        """Per fix: the ops inserted for it and the keys of the diagnostics that report them."""
        self._guarded: set[Operation] = set()
        """The user's waits put under a loop's trip test (each once)."""

    def run(self) -> None:
        limit: int | None = None
        while True:
            analysis = MatmulProtocolAnalysis(self.kernel)
            analysis.run()
            if not analysis.fixes:
                guard = next((g for g in analysis.wait_guards if g[0] not in self._guarded), None)
                if guard is not None:
                    self._guard_wait(*guard)
                    continue
                remember("matmul-sync", None, self.kernel, analysis.diagnostics)
                return
            if limit is None:
                limit = sum(1 for _ in self.kernel.walk())  # each fix completes one record
            # a wait the work needs on every path first: it is unguarded, and often completes what the other
            # fixes would guard (a prefetch loop whose wait was deleted: the wait before the first read of the
            # block repairs the loop, a guarded one before the next start could not be placed)
            fix = next((f for f in analysis.fixes if f.must), analysis.fixes[0])
            key = (fix.rule, fix.record.start, fix.record.previous, fix.at)
            earlier = self._inserted.get(key)
            if earlier is not None or limit <= 0:
                if earlier is not None:
                    self._give_up(fix, earlier)
                return
            limit -= 1
            mark = self.diagnostics.mark()
            inserted = self.apply(fix, analysis.branch_of, analysis.zero_trip_loops)
            self._inserted[key] = (inserted, self.diagnostics.added_since(mark))

    def apply(
        self,
        fix: Fix,
        branch_of: Mapping[object, scf.IfOp] | None = None,
        loops: Mapping[object, scf.ForOp] | None = None,
    ) -> list[Operation]:
        """Insert ``fix.record``'s wait; returns the inserted ops (the wait, or the ``scf.if`` guarding it
        with what computes its condition)."""
        record = fix.record
        wait = _wait_op_class(record.kind).create(operands=[fix.matmul], attributes={INSERTED_ATTR: UnitAttr()})
        wait.location = fix.at.location
        inserted: list[Operation] = [wait]
        anchor = _anchor(fix)
        if anchor is not None and not fix.must:
            guarded = _guarded(wait, fix, anchor, branch_of or {}, loops or {})
            if guarded is None:
                anchor = None
            else:
                inserted = guarded
        if anchor is not None:
            Rewriter.insert_op(inserted, InsertPoint.before(anchor))
        else:
            inserted = [wait]
            self._before_terminator(record.start, wait)
        self._report(fix, wait, inserted)
        return inserted

    def _guard_wait(self, wait: Operation, loop: scf.ForOp) -> None:
        """Put the user's ``wait``, which has nothing to wait for when ``loop`` runs zero times, under
        ``if lb < ub:`` (docs/rules/matmul.md#loops-that-may-run-zero-times): silently when the trip count
        comes from the tiling, with a warning otherwise."""
        self._guarded.add(wait)
        runs = _trip_test(loop)
        runs.location = wait.location
        guard = scf.IfOp(runs.result, [], [scf.YieldOp()])
        guard.attributes[INSERTED_ATTR] = UnitAttr()
        guard.location = wait.location
        Rewriter.insert_op([runs, guard], InsertPoint.before(wait))
        wait.detach()
        Rewriter.insert_op(wait, InsertPoint.at_start(guard.true_region.block))
        if trip_count_from_tiling(loop):
            return
        self.diagnostics.add(
            "warning",
            "MM-4" if _waits_all(wait) else "MM-5",
            wait,
            f"`{matmul_call(wait)}()` would wait forever when this loop runs zero times; ascx guarded it with "
            "the loop's trip test",
            [note(loop, "the loop that starts the work it waits for; its trip count is a runtime value")],
            partner=loop,
        )

    def _give_up(self, fix: Fix, earlier: _Insertion) -> None:
        """Undo the wait inserted for ``fix`` (it did not help) and say so at the asynchronous start."""
        inserted, reports = earlier
        self.diagnostics.forget(reports)
        for op in reversed(inserted):
            op.detach()
            op.erase()
        mm = value_name(fix.matmul, "mm")
        self.diagnostics.add(
            "warning",
            fix.rule,
            fix.record.start,
            f"ascx-insert-sync found no place for `{mm}.{fix.record.wait_name}()` that completes asynchronous "
            f"`{matmul_call(fix.record.start)}(sync=False)` {_RULE_TEXT[fix.rule].format(mm=mm)} on exactly the "
            "paths where it is pending; add the wait by hand",
            partner=fix.at,
        )

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

    def _report(self, fix: Fix, wait: Operation, inserted: list[Operation]) -> None:
        mm = value_name(fix.matmul, "mm")
        start = matmul_call(fix.record.start)
        waited = f"{mm}.{fix.record.wait_name}()"
        reason = _RULE_TEXT[fix.rule].format(mm=mm)
        placed = inserted_where(inserted, at(fix.record.start))
        if isinstance(inserted[-1], scf.IfOp):
            placed += ", guarded to run only where the work is pending"
        self.diagnostics.add(
            "warning",
            fix.rule,
            fix.record.start,
            f"asynchronous `{start}(sync=False)` is not completed {reason}; ascx inserted `{waited}` {placed}",
            partner=fix.at,
        )
        consumer = where(fix.at)
        self.diagnostics.add(
            "remark",
            fix.rule,
            wait,
            f"inserted {waited} for {fix.rule} ({start} at {where(fix.record.start)} -> "
            f"{python_call(fix.at)} at {consumer})",
            partner=fix.at,
        )


def _unsigned(value: SSAValue) -> bool:
    return is_unsigned(value.type)


def _waits_all(wait: Operation) -> bool:
    trait = wait.get_trait(MatmulAsyncWait)
    return trait is not None and trait.kind == "iterate_all"


def _anchor(fix: Fix) -> Operation | None:
    """The op before which ``fix``'s wait goes: the consumer's ancestor in the innermost block that holds
    both the start and the consumer; for a start still pending from the previous iteration of an
    ``scf.for`` when it restarts, the first op of the loop body (the wait then also precedes the calls
    that rebind the object's inputs for the restart)."""
    record = fix.record
    if fix.rule == "MM-7" and record.previous:
        loop = innermost_common_loop(record.start, fix.at)
        return loop.body.block.first_op if isinstance(loop, scf.ForOp) else None
    block = common_block(record.start, fix.at)
    return block.find_ancestor_op_in_block(fix.at) if block is not None else None


def _guarded(
    wait: Operation,
    fix: Fix,
    anchor: Operation,
    branch_of: Mapping[object, scf.IfOp],
    loops: Mapping[object, scf.ForOp],
) -> list[Operation] | None:
    """``wait`` inside ``scf.if`` ops that test the branch outcomes under which ``fix.record`` is pending at
    ``anchor`` (its guard less what is known there), preceded by the ops that compute a condition, or
    None when an outcome has no condition value available at ``anchor``."""
    literals = sorted(fix.record.guard - fix.path, key=lambda lit: str(lit[0]))
    if not literals:
        return None
    computed: list[Operation] = []
    tests: list[tuple[SSAValue, bool]] = []
    for key, taken in literals:
        test = _condition_at(key, anchor, branch_of, loops)
        if test is None:
            return None
        ops, value, when_true = test
        computed.extend(ops)
        tests.append((value, taken == when_true))
    inner: Operation = wait
    for value, pending_when_true in reversed(tests):
        arm: list[Operation] = [inner, scf.YieldOp()]
        guard = scf.IfOp(value, [], arm if pending_when_true else [scf.YieldOp()], None if pending_when_true else arm)
        guard.attributes[INSERTED_ATTR] = UnitAttr()
        guard.location = fix.at.location
        inner = guard
    return [*computed, inner]


def _condition_at(
    key: object, anchor: Operation, branch_of: Mapping[object, scf.IfOp], loops: Mapping[object, scf.ForOp]
) -> tuple[list[Operation], SSAValue, bool] | None:
    """A value that decides the guard literal of ``key`` at ``anchor``: the ops that compute it there,
    the value, and the literal's outcome when the value is true."""
    if isinstance(key, FirstIteration):
        loop = key.loop
        if not isinstance(loop, scf.ForOp) or not loop.is_ancestor(anchor):
            return None
        not_first = arith.CmpiOp(loop.body.block.args[0], loop.lb, "ne")
        not_first.attributes[INSERTED_ATTR] = UnitAttr()
        return [not_first], not_first.result, False
    branch = branch_of.get(key)
    if branch is not None and _available(branch.cond, anchor):
        trips = trip_test(branch.cond)
        return [], branch.cond, True if trips is None else trips[1]
    loop = loops.get(key)
    if loop is not None and _available(loop.lb, anchor) and _available(loop.ub, anchor):
        runs = _trip_test(loop)
        return [runs], runs.result, False  # true: the loop ran at least once
    return None


def _trip_test(loop: scf.ForOp) -> arith.CmpiOp:
    """``lb < ub``: whether ``loop`` runs at least once (its step is a positive constant)."""
    runs = arith.CmpiOp(loop.lb, loop.ub, "ult" if _unsigned(loop.lb) else "slt")
    runs.attributes[INSERTED_ATTR] = UnitAttr()
    return runs


def _available(value: SSAValue, anchor: Operation) -> bool:
    """Whether ``value`` is defined before ``anchor`` on every path to it (it dominates ``anchor``)."""
    if isinstance(value, BlockArgument):
        block = value.block
        return block.find_ancestor_op_in_block(anchor) is not None
    owner = value.owner
    assert isinstance(owner, Operation)
    block = owner.parent_block()
    if block is None:
        return False
    ancestor = block.find_ancestor_op_in_block(anchor)
    return ancestor is not None and ancestor is not owner and owner.is_before_in_block(ancestor)
