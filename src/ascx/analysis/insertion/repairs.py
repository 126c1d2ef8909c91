"""How one hazard is repaired (docs/passes/insert-sync.md#repairs), first that applies:

- a queue tensor with no ``enque``/``deque`` whose position orders the hazard's pipes: the queue's own
  hand-off, ``q.enque(t)`` after the producer and ``t2 = q.deque(T)`` before the consumer;
- same pipe: ``asc.pipe_barrier(PipeID.PIPE_p)`` immediately before the consumer;
- a direct HardEvent ``A_B``: ``set_flag`` immediately after the producer and ``wait_flag``
  immediately before the consumer, both in the innermost block holding the two;
- no direct event: an ``A_S`` pair (the scalar unit waits, so everything after follows), else
  ``PipeBarrier<PIPE_ALL>``;
- a loop-carried hazard (the producer ran in the previous iteration): the pair inside the body plus a
  priming set before the loop and a draining wait after it, all on one slot.

When a loop needs more live ids of one event than there are, the new pair is merged into an inserted
pair of the same event, or insertion fails with IN-E1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IntegerAttr, i32
from xdsl.ir import Block, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from ascx.analysis.dataflow import common_block, enclosing_loop, leaves_loop
from ascx.analysis.flags.slots import event_text
from ascx.analysis.hazards.conflicts import Hazard
from ascx.analysis.insertion.placement import innermost_common_loop, mark, place
from ascx.analysis.pipe.state import QueueBase
from ascx.analysis.pipe_model import EVENT_ID_COUNT, QUEUE_EVENTS, direct_event, pipe_label
from ascx.analysis.report import Note, note, where
from ascx.analysis.spelling import python_call, value_name
from ascx.dialects.ascendc.basic_enums import HardEvent
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.fwk_ops import AllocTensorOp, DequeOp, EnqueOp, FreeTensorOp
from ascx.dialects.ascendc.fwk_types import TQueType
from ascx.dialects.ascendc.sync_ops import PipeBarrierOp, SetFlagOp, WaitFlagOp

if TYPE_CHECKING:
    from ascx.analysis.insertion.event_ids import EventIds
    from ascx.analysis.insertion.pipe_sync import PipeSyncInserter


def repair(inserter: PipeSyncInserter, hazard: Hazard) -> list[Operation]:
    """Order ``hazard``; the ops inserted for it (one group, removed together by the redundancy sweep)."""
    a, b = hazard.producer, hazard.consumer
    src, dst = hazard.producer_pipe, hazard.consumer_pipe
    loop = innermost_common_loop(a, b) if hazard.previous else None
    if loop is not None:
        block = b.parent_block()
        while block is not None and block.parent_op() is not loop:
            parent = block.parent_op()
            block = parent.parent_block() if parent is not None else None
        a_block = a.parent_block()
        while a_block is not None and a_block.parent_op() is not loop:
            parent = a_block.parent_op()
            a_block = parent.parent_block() if parent is not None else None
        if block is None or block is not a_block:
            return _barrier_all(inserter, hazard, b)
    else:
        block = common_block(a, b)
    assert block is not None, "producer and consumer are in one function"
    a_anchor = block.find_ancestor_op_in_block(a)
    b_anchor = block.find_ancestor_op_in_block(b)
    assert a_anchor is not None
    assert b_anchor is not None
    if loop is not None and block.get_operation_index(a_anchor) < block.get_operation_index(b_anchor):
        loop = None  # the producer also runs before the consumer in each iteration: a pair in the body orders both
    if loop is None:
        handoff = _queue_handoff(inserter, hazard, a_anchor, b_anchor)
        if handoff:
            return handoff
    if src is dst:
        barrier = mark(PipeBarrierOp(src), b)
        place(barrier, b_anchor, before=True)
        inserter.remark(hazard, f"asc.pipe_barrier(PipeID.PIPE_{pipe_label(src)})", barrier, [("", [barrier])])
        return [barrier]
    event = direct_event(src, dst)
    if event is None:
        event = direct_event(src, Pipe.PIPE_S)
    if event is None:
        return _barrier_all(inserter, hazard, b_anchor)
    ops = _pair(inserter, event, hazard, a_anchor, b_anchor, loop)
    roles = ("the set", "the wait", "the priming set", "the draining wait")
    inserter.remark(
        hazard,
        f"asc.set_flag/asc.wait_flag({event_text(event)}, {inserter.ids.spelling(ops[0])})",
        ops[0],
        [(role, [op]) for role, op in zip(roles, ops, strict=False)],
    )
    return ops


def _queue_handoff(
    inserter: PipeSyncInserter, hazard: Hazard, a_anchor: Operation, b_anchor: Operation
) -> list[Operation]:
    """A queue tensor without any ``enque``/``deque``, whose queue's position orders the hazard's pipes:
    ``q.enque(t)`` after the producer, ``t2 = q.deque(T)`` before the consumer, later uses of ``t`` (but
    its ``free_tensor``) read ``t2``.  Nothing (an empty list) when that does not apply."""
    base = hazard.base
    if not isinstance(base, QueueBase) or not isinstance(base.token, AllocTensorOp):
        return []
    queue, tensor = base.queue, base.token.result
    events = QUEUE_EVENTS.get(queue.type.position.data) if isinstance(queue.type, TQueType) else None
    if events is None or (events[0].src, events[0].dst) != (hazard.producer_pipe, hazard.consumer_pipe):
        return []
    if any(isinstance(use.operation, EnqueOp | DequeOp) for use in tensor.uses):
        return []
    if any(isinstance(op, EnqueOp | DequeOp) and op.queue is queue for op in inserter.kernel.walk()):
        return []  # the queue is already in use: a hand-off here could reorder its FIFO
    block = b_anchor.parent_block()
    assert block is not None
    enque = mark(EnqueOp(queue, tensor), hazard.producer)
    Rewriter.insert_op(enque, InsertPoint.after(a_anchor))
    deque = mark(DequeOp(queue, tensor.type.element_type), hazard.consumer)
    deque.result.name_hint = f"{tensor.name_hint or 't'}1"
    Rewriter.insert_op(deque, InsertPoint.before(b_anchor))
    start = block.get_operation_index(b_anchor)
    for use in list(tensor.uses):
        user = use.operation
        if isinstance(user, FreeTensorOp) or user is enque:
            continue
        anchor = block.find_ancestor_op_in_block(user)
        if anchor is not None and block.get_operation_index(anchor) >= start:
            user.operands[use.index] = deque.result
    inserter.remark(
        hazard,
        f"{value_name(queue, 'queue')}.enque()/{value_name(queue, 'queue')}.deque()",
        enque,
        [("the enque", [enque]), ("the deque", [deque])],
    )
    return [enque, deque]


def _barrier_all(inserter: PipeSyncInserter, hazard: Hazard, anchor: Operation) -> list[Operation]:
    barrier = mark(PipeBarrierOp(Pipe.PIPE_ALL), hazard.consumer)
    place(barrier, anchor, before=True)
    inserter.remark(hazard, "asc.pipe_barrier(PipeID.PIPE_ALL)", barrier, [("", [barrier])])
    return [barrier]


def _pair(
    inserter: PipeSyncInserter,
    event: HardEvent,
    hazard: Hazard,
    a_anchor: Operation,
    b_anchor: Operation,
    loop: Operation | None,
) -> list[Operation]:
    """A set after the producer and a wait before the consumer (with priming and draining around a loop
    for a loop-carried hazard), on the lowest id free over the pair's live range."""
    ids = inserter.ids
    placeholder = arith.ConstantOp(IntegerAttr(0, i32)).result  # replaced once the id is coloured
    set_op = mark(SetFlagOp(event, placeholder), hazard.producer)
    wait_op = mark(WaitFlagOp(event, placeholder), hazard.consumer)
    place(set_op, a_anchor, before=False)
    place(wait_op, b_anchor, before=True)
    ops: list[Operation] = [set_op, wait_op]
    if loop is not None:
        priming = mark(SetFlagOp(event, placeholder), hazard.producer)
        draining = mark(WaitFlagOp(event, placeholder), hazard.consumer)
        place(priming, loop, before=True)
        place(draining, loop, before=False)
        ops += [priming, draining]
    colour = ids.colour(event, ops)
    if colour >= EVENT_ID_COUNT and loop is None:
        merged = _merge_into_existing(inserter, event, set_op, wait_op)
        if merged is not None:
            return merged
    if colour >= EVENT_ID_COUNT:
        inserter.diagnostics.add(
            "error",
            "IN-E1",
            hazard.consumer,
            f"more than {EVENT_ID_COUNT} simultaneously live {event.name} events are needed in this loop; "
            'use event_ids="fetch" or restructure the loop'
            if ids.mode != "fetch"
            else f"two {event.name} pairs are live at once in this loop, which fetched ids cannot "
            'tell apart; use event_ids="alloc" or restructure the loop',
        )
        colour = EVENT_ID_COUNT - 1
    pooled = ids.mode != "const"
    if pooled and not all(ids.reaches(op) for op in ops):
        _report_unreachable_pipe(inserter, event, hazard, ids)
        pooled, value = False, ids.constant(colour)  # the kernel does not compile: any valid IR will do
    else:
        value = ids.value(event, colour) if ids.mode != "fetch" else placeholder
    for op in ops:
        op.operands[0] = value
    places: list[tuple[Operation, Operation, bool]] = [(set_op, a_anchor, False), (wait_op, b_anchor, True)]
    if loop is not None:
        places += [(ops[2], loop, True), (ops[3], loop, False)]
    for op, anchor, before in places:  # re-placed now that the id is known (inserted ops are ordered by id too)
        op.detach()
        place(op, anchor, before=before)
    ops += _balance_ways_out(event, value, hazard, a_anchor, b_anchor, loop is not None)
    if pooled and ids.mode == "fetch":  # pyasc's way: an id fetched right before the (first) set, not reserved
        fetched = ids.fetch_before(event, ops[2] if loop is not None else set_op)
        for op in ops:
            op.operands[0] = fetched
    return ops


def _balance_ways_out(
    event: HardEvent, value: SSAValue, hazard: Hazard, a_anchor: Operation, b_anchor: Operation, carried: bool
) -> list[Operation]:
    """The pair's ops on the arms that leave the loop between its set and its wait (a ``break`` or
    ``return``, docs/tracing.md#break-and-return-in-runtime-loops), so that every way out of the loop
    leaves the slot as the normal one does: for a pair within one iteration, a wait where the set ran and
    the wait would not; for a loop-carried pair (wait first, set later, primed before the loop and
    drained after it), a set where the wait ran and the set would not."""
    block = a_anchor.parent_block()
    assert block is not None
    ops = list(block.ops)
    first, last = (b_anchor, a_anchor) if carried else (a_anchor, b_anchor)
    low, high = ops.index(first), ops.index(last)
    loop = enclosing_loop(a_anchor)
    added: list[Operation] = []
    for position in range(low, high + 1):
        op = ops[position]
        if not carried and position in (low, high):
            continue  # the set runs after, and the wait before, the op it is placed next to
        for arm in _leaving_arms(op, loop):
            end = arm.last_op
            assert end is not None
            balance = SetFlagOp(event, value) if carried else WaitFlagOp(event, value)
            Rewriter.insert_op(mark(balance, hazard.producer if carried else hazard.consumer), InsertPoint.before(end))
            added.append(balance)
    return added


def _leaving_arms(op: Operation, loop: Operation | None) -> list[Block]:
    """The arms inside ``op`` (itself included) that leave ``loop``."""
    return [
        block
        for inner in op.walk()
        if isinstance(inner, scf.IfOp) and enclosing_loop(inner) is loop
        for region in inner.regions
        for block in region.blocks
        if leaves_loop(block)
    ]


def _report_unreachable_pipe(inserter: PipeSyncInserter, event: HardEvent, hazard: Hazard, ids: EventIds) -> None:
    """IN-E3: the pair needs an id from the kernel's ``TPipe``, which does not exist where the pair goes."""
    pipe = ids.user_pipe()
    assert pipe is not None
    inserter.diagnostics.add(
        "error",
        "IN-E3",
        hazard.consumer,
        f"cannot take an event id for the {event.name} flags that order `{python_call(hazard.consumer)}` "
        f"after `{python_call(hazard.producer)}` from the kernel's TPipe: it is created at {where(pipe)}, inside "
        "a region these flags are not in, and a second TPipe would reset the first",
        [
            note(pipe, "the TPipe is created here"),
            Note(None, "create the TPipe at the top of the kernel, before any branch or loop"),
        ],
        partner=pipe,
    )


def _merge_into_existing(
    inserter: PipeSyncInserter, event: HardEvent, set_op: Operation, wait_op: Operation
) -> list[Operation] | None:
    """Out of ids: merge the new pair (whose set is the latest) into the inserted pair of the same event in
    the same block with the earliest wait: one set after both producers, one wait before both consumers.
    None when no such pair exists or the merged set would not precede the merged wait."""
    block = set_op.parent_block()
    if block is None or wait_op.parent_block() is not block:
        return None
    candidates = [
        group
        for group in inserter.groups
        if len(group) == 2
        and isinstance(group[0], SetFlagOp)
        and group[0].event.data is event
        and group[0].parent_block() is block
        and group[1].parent_block() is block
    ]
    if not candidates:
        return None
    position = block.get_operation_index
    old = min(candidates, key=lambda group: position(group[1]))
    later_set = set_op if position(set_op) > position(old[0]) else old[0]
    earlier_wait = wait_op if position(wait_op) < position(old[1]) else old[1]
    if position(later_set) >= position(earlier_wait):
        return None
    keep_set, keep_wait = old[0], old[1]
    if later_set is set_op:  # the old pair's set moves to the new producer
        keep_set.detach()
        Rewriter.insert_op(keep_set, InsertPoint.after(set_op))
    if earlier_wait is wait_op:  # and its wait to the earlier consumer
        keep_wait.detach()
        Rewriter.insert_op(keep_wait, InsertPoint.before(wait_op))
    for op in (set_op, wait_op):
        op.detach()
        op.erase()
    inserter.groups.remove(old)
    return [keep_set, keep_wait]
