"""Queues across control flow and at the kernel's exit (docs/rules/queues.md): TQ-8 (a loop iteration
that does not give back what it takes), TQ-9 (the arms of an ``if`` leave different counts), TQ-10 and
TQ-11 (tensors still allocated or enqueued when the kernel returns)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from xdsl.dialects import scf
from xdsl.ir import Operation, SSAValue

from ascx.analysis.dataflow import constant_trip_count, enclosing_loop
from ascx.analysis.pipe.registry import checks_branches, checks_exit, checks_loop, checks_peeled
from ascx.analysis.pipe.state import (
    Access,
    AccessKey,
    PipeState,
    QueueBase,
    QueueState,
    Retired,
    SlotKey,
    Token,
    alloc_op,
)
from ascx.analysis.queues.protocol import (
    depth,
    empty_queue,
    leaking_loop,
    num_buffers,
    queue_name,
    report_too_few_buffers,
    unbalanced_branches,
)
from ascx.analysis.spelling import value_name
from ascx.dialects.ascendc.fwk_ops import AllocTensorOp

if TYPE_CHECKING:
    from ascx.analysis.pipe.analysis import PipeSyncAnalysis


@checks_branches
def check_branches_agree(
    analysis: PipeSyncAnalysis, then_state: PipeState, else_state: PipeState, branch: scf.IfOp
) -> None:
    """TQ-9: a queue holds different numbers of tensors after the two arms of ``branch``."""
    for queue in {**then_state.queues, **else_state.queues}:
        then_q = then_state.queues.get(queue) or QueueState()  # first used in the other arm: empty here
        else_q = else_state.queues.get(queue) or QueueState()
        for count in ("enqueued", "allocated"):
            a, b = getattr(then_q, count), getattr(else_q, count)
            if a != b:
                analysis.error(
                    "TQ-9",
                    branch,
                    f"queue `{queue_name(queue)}` holds {a} tensor(s) after the `then` branch and {b} "
                    "after the `else` branch",
                    partner=queue,
                    cause=unbalanced_branches(queue),
                )
                break


def unify_fifos(analysis: PipeSyncAnalysis, a: PipeState, b: PipeState) -> None:
    """Before two states meet: where a queue's FIFO holds one instance on one path and another at the same
    place on the other path, the other path's instance is renamed to this one's, so that the join keeps one
    instance there (and the ``deque`` that takes it one tensor).  A software-pipelined loop that prefetches
    the next tile needs this: at its head the oldest enqueued tensor is the prologue's on entry and the
    previous iteration's on the back edge (docs/rules/queues.md#tq-10).  When the other path has an instance
    of that name already (the prologue's, freed in the iteration), it is retired first: it stays a buffer
    that later allocations may reuse, but no longer the one the FIFO holds."""
    for queue, left in a.queues.items():
        right = b.queues.get(queue)
        if right is None or len(left.fifo) != len(right.fifo):
            continue
        if len(set(right.fifo)) != len(right.fifo):
            continue
        pending = {theirs: mine for mine, theirs in zip(left.fifo, right.fifo, strict=True) if mine is not theirs}
        if len(set(pending.values())) != len(pending):
            continue
        while pending:
            # a rename whose new name no other pending rename still has to give up (a prefetch of two tiles
            # shifts the FIFO: the second tile becomes the first, the new one the second)
            ready = next((theirs for theirs, mine in pending.items() if mine not in pending), None)
            if ready is None:
                break  # the paths hold the same instances in another order: left as they are
            mine = pending.pop(ready)
            if mine in right.status and not isinstance(mine, Retired):
                _rename(analysis, b, queue, mine, Retired(mine))  # its instance on that path is an older one
            _rename(analysis, b, queue, ready, mine)


def _rename(analysis: PipeSyncAnalysis, state: PipeState, queue: SSAValue, old: Token, new: Token) -> None:
    """Instance ``old`` of ``queue`` is called ``new`` in ``state``: its status, FIFO place, events and logged
    accesses (met with ``new``'s where both exist)."""
    q = state.queues[queue]
    q.status[new] = q.status.get(new, frozenset()) | q.status.pop(old, frozenset())
    q.fifo = tuple(new if t is old else t for t in q.fifo)
    q.freed = tuple(dict.fromkeys(new if t is old else t for t in q.freed))
    for table in (q.enque_op, q.free_op):
        if old in table:
            table.setdefault(new, table.pop(old))
    renamed: dict[SlotKey, SlotKey] = {}
    for kind in ("enque", "free"):
        before, after = analysis.slot(kind, queue, old), analysis.slot(kind, queue, new)
        renamed[before] = after
        if before in state.slots:
            state.slots.setdefault(after, state.slots.pop(before))
    old_base, new_base = QueueBase(queue, old), QueueBase(queue, new)
    log: dict[AccessKey, Access] = {}
    for key, entry in state.log.items():
        if key.base == old_base:
            key = analysis.key(
                new_base, key.offset, key.pipe, key.write, key.extent, key.previous, key.variant, exact=key.exact
            )
        captured = frozenset(renamed.get(slot, slot) for slot in entry.captured_by)
        entry = Access(entry.op, entry.name, entry.ordered_to, captured)
        existing = log.get(key)
        if existing is not None:
            entry = Access(
                entry.op, entry.name, existing.ordered_to & entry.ordered_to, existing.captured_by & entry.captured_by
            )
        log[key] = entry
    state.log = log


@checks_peeled
def check_peeled_exits(analysis: PipeSyncAnalysis, once: PipeState, more: PipeState, loop: scf.ForOp) -> None:
    """TQ-9 for a loop walked peeled: a queue holds different numbers of tensors after one iteration and after
    more than one."""
    for queue in {**once.queues, **more.queues}:
        once_q = once.queues.get(queue) or QueueState()
        more_q = more.queues.get(queue) or QueueState()
        for count in ("enqueued", "allocated"):
            a, b = getattr(once_q, count), getattr(more_q, count)
            if a != b:
                analysis.error(
                    "TQ-9",
                    loop,
                    f"queue `{queue_name(queue)}` holds {a} tensor(s) after this loop when it runs once and {b} "
                    "when it runs more than once",
                    partner=queue,
                )
                break


def join_queues(
    a: dict[SSAValue, QueueState],
    b: dict[SSAValue, QueueState],
    *,
    counts_of_first: bool,
    order: Callable[[Token], int],
) -> dict[SSAValue, QueueState]:
    """Queue states meeting at a join: instance states are unioned, counts and FIFO come from ``a``
    (disagreement is TQ-9 / TQ-8), and only the FIFO prefix present on both sides stays definite; freed
    instances that the sides list in different orders are ordered by ``rank``."""
    queues = {q: s.copy() for q, s in a.items()}
    for queue in b:
        if queue not in queues:
            queues[queue] = QueueState()  # first used on the other path (or in the loop): empty on this one
    for queue, left in queues.items():
        right = b.get(queue) or QueueState()
        for token, status in right.status.items():
            left.status[token] = left.status.get(token, frozenset()) | status
        # instances freed on the other path only join the list in program order (``order``), not in the
        # other path's: a loop that frees two instances in turn hands them back in alternating orders, and
        # taking the order of the iteration that came last would never settle (HZ-0)
        left.freed = left.freed + tuple(sorted((t for t in right.freed if t not in left.freed), key=order))
        for token, op in right.enque_op.items():
            left.enque_op.setdefault(token, op)
        for token, op in right.free_op.items():
            left.free_op.setdefault(token, op)
        if left.fifo != right.fifo:
            left.definite = min(left.definite, right.definite, len(right.fifo))
        if not counts_of_first:
            left.definite = min(left.definite, right.definite)
    return queues


def _first_in(loop: Operation, kind: type[Operation], queue: SSAValue) -> Operation | None:
    for op in loop.walk():
        if isinstance(op, kind) and op.operands and op.operands[0] is queue:
            return op
    return None


@checks_loop
def check_loop_balanced(analysis: PipeSyncAnalysis, entry: PipeState, body_exit: PipeState, loop: Operation) -> None:
    """TQ-8: one iteration of ``loop`` allocates more than it frees, or enqueues more than it dequeues (and
    TQ-3 when a constant trip count runs out of buffers)."""
    trips = constant_trip_count(loop) if isinstance(loop, scf.ForOp) else None
    for queue, after in body_exit.queues.items():
        before = entry.queues.get(queue, QueueState())
        name = queue_name(queue)
        extra_alloc = after.allocated - before.allocated
        extra_enque = after.enqueued - before.enqueued
        if extra_alloc:
            num = num_buffers(analysis, queue)
            more = "more" if extra_alloc > 0 else "fewer"
            analysis.error(
                "TQ-8",
                loop,
                f"this loop allocates from `{name}` {abs(extra_alloc)} {more} time(s) than it frees per "
                f"iteration; the queue runs out of buffers after {num if num is not None else 'a few'} iterations",
                partner=(queue, "alloc"),
                cause=leaking_loop(queue, loop),
                caused_by=[empty_queue(queue), unbalanced_branches(queue)],
            )
            if trips is not None and num is not None and extra_alloc > 0:
                if before.allocated + extra_alloc * trips > num:
                    alloc = _first_in(loop, AllocTensorOp, queue)
                    if alloc is not None:
                        needed = before.allocated + extra_alloc * trips
                        report_too_few_buffers(
                            analysis, alloc, queue, needed, num, when=" in the loop's last iteration"
                        )
        if extra_enque:
            more = "more" if extra_enque > 0 else "fewer"
            analysis.error(
                "TQ-8",
                loop,
                f"this loop enqueues into `{name}` {abs(extra_enque)} {more} time(s) than it dequeues per "
                f"iteration; the queue overflows after {depth(queue)} iterations",
                partner=(queue, "enque"),
                caused_by=empty_queue(queue),
            )


def _tensor_of(q: QueueState, token: Token) -> str:
    enque = q.enque_op.get(token)
    return value_name(enque.operands[1]) if enque is not None else value_name(alloc_op(token).results[0])


@checks_exit
def check_exit(analysis: PipeSyncAnalysis, state: PipeState) -> None:
    """TQ-11 (still enqueued) and TQ-10 (never freed) when the kernel returns."""
    for queue, q in state.queues.items():
        name = queue_name(queue)
        for token, status in q.status.items():
            if "enque" in status:
                analysis.warn(
                    "TQ-11",
                    q.enque_op.get(token, alloc_op(token)),
                    f"`{name}.enque({_tensor_of(q, token)})` is never dequeued",
                )
            if status & {"alloc", "enque"}:
                alloc = alloc_op(token)
                assert isinstance(alloc, AllocTensorOp)
                analysis.warn(
                    "TQ-10",
                    alloc,
                    f"`{value_name(alloc.result)}` allocated by `{name}.alloc_tensor()` is never freed",
                    caused_by=[
                        empty_queue(queue),
                        unbalanced_branches(queue),
                        leaking_loop(queue, enclosing_loop(alloc, analysis.kernel)),
                    ],
                )
