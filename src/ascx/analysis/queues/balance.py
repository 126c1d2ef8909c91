"""Queues across control flow and at the kernel's exit (docs/rules/queues.md): TQ-8 (a loop iteration
that does not give back what it takes), TQ-9 (the arms of an ``if`` leave different counts), TQ-10 and
TQ-11 (tensors still allocated or enqueued when the kernel returns)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects import scf
from xdsl.ir import Operation, SSAValue

from ascx.analysis.dataflow import constant_trip_count, enclosing_loop
from ascx.analysis.pipe.state import PipeState, QueueState, Token
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


def join_queues(
    a: dict[SSAValue, QueueState], b: dict[SSAValue, QueueState], *, counts_of_first: bool
) -> dict[SSAValue, QueueState]:
    """Queue states meeting at a join: instance states are unioned, counts and FIFO come from ``a``
    (disagreement is TQ-9 / TQ-8), and only the FIFO prefix present on both sides stays definite."""
    queues = {q: s.copy() for q, s in a.items()}
    for queue in b:
        if queue not in queues:
            queues[queue] = QueueState()  # first used on the other path (or in the loop): empty on this one
    for queue, left in queues.items():
        right = b.get(queue) or QueueState()
        for token, status in right.status.items():
            left.status[token] = left.status.get(token, frozenset()) | status
        left.freed = left.freed + tuple(t for t in right.freed if t not in left.freed)
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
    return value_name(enque.operands[1]) if enque is not None else value_name(token.results[0])


def check_exit(analysis: PipeSyncAnalysis, state: PipeState) -> None:
    """TQ-11 (still enqueued) and TQ-10 (never freed) when the kernel returns."""
    for queue, q in state.queues.items():
        name = queue_name(queue)
        for token, status in q.status.items():
            if "enque" in status:
                analysis.warn(
                    "TQ-11",
                    q.enque_op.get(token, token),
                    f"`{name}.enque({_tensor_of(q, token)})` is never dequeued",
                )
            if status & {"alloc", "enque"}:
                assert isinstance(token, AllocTensorOp)
                analysis.warn(
                    "TQ-10",
                    token,
                    f"`{value_name(token.result)}` allocated by `{name}.alloc_tensor()` is never freed",
                    caused_by=[
                        empty_queue(queue),
                        unbalanced_branches(queue),
                        leaking_loop(queue, enclosing_loop(token, analysis.kernel)),
                    ],
                )
