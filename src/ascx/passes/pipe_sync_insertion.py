"""The pipe-level part of ``ascx-insert-sync`` (sync-model spec §2.3, IN-3 ... IN-14).

:class:`PipeSyncInserter` repairs the hazards :class:`~ascx.analysis.pipe_sync.PipeSyncAnalysis`
reports, one at a time in program order of the consumer, re-analysing after each repair so that a
hazard already ordered by an earlier repair gets nothing (IN-7a):

- same pipe: ``asc.pipe_barrier(PipeID.PIPE_p)`` immediately before the consumer (IN-3.2);
- a direct HardEvent ``A_B``: ``set_flag`` immediately after the producer and ``wait_flag``
  immediately before the consumer, both in the innermost block holding the two (IN-3.3, IN-4);
- no direct event: an ``A_S`` pair (the scalar unit waits, so everything after follows), else
  ``PipeBarrier<PIPE_ALL>`` (IN-3.4);
- a loop-carried hazard (the producer ran in the previous iteration): the pair inside the body plus
  a priming set before the loop and a draining wait after it, all on one slot (IN-5).

Several ops at one point are ordered sets, barriers, waits, then by HardEvent and id (IN-6).  Event
ids are coloured greedily over live ranges (IN-8): integer literals when the kernel has no framework
event users, otherwise one ``pipe.alloc_event_id`` per colour at the kernel's entry and its
``pipe.release_event_id`` before the return.  A trailing ``PipeBarrier<PIPE_ALL>`` is added when a
GM write of a non-scalar pipe is still unordered at the return (IN-12).  Inserted ops carry
``ascx.inserted``; user ops are never touched (IN-10); a second run inserts nothing (IN-9).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeVar

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import IntegerAttr, UnitAttr, i32
from xdsl.ir import Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from ascx.analysis.dataflow import common_block, constant_int, enclosing_loop
from ascx.analysis.pipe_model import EVENT_ID_COUNT, EVENT_ORDER, QUEUE_EVENTS, direct_event, pipe_label
from ascx.analysis.pipe_sync import (
    DEFAULT_OPTIONS,
    Hazard,
    PipeState,
    PipeSyncAnalysis,
    PipeSyncOptions,
    QueueBase,
    event_text,
)
from ascx.analysis.regions import GMBase
from ascx.analysis.report import DiagnosticList, Note, at, note
from ascx.analysis.reuse import remember
from ascx.analysis.spelling import python_call, value_name
from ascx.dialects.ascendc.basic_enums import HardEvent
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.fwk_ops import (
    AllocTensorOp,
    DequeOp,
    EnqueOp,
    EventIdAction,
    EventIdOp,
    FreeTensorOp,
    InitBufferOp,
    ReleaseEventIdOp,
)
from ascx.dialects.ascendc.fwk_types import TQueType
from ascx.dialects.ascendc.matmul_ops import RegisterMatmulOp
from ascx.dialects.ascendc.object_ops import PipeOp
from ascx.dialects.ascendc.sync_ops import PipeBarrierOp, SetFlagOp, WaitFlagOp

INSERTED_ATTR = "ascx.inserted"

EventIds = Literal["auto", "const", "alloc", "fetch"]
FinalBarrier = Literal["auto", "always", "never"]

FIXABLE = frozenset({"HZ-1", "HZ-2", "HZ-3", "HZ-4"})

ANY_ID = "any"
"""The colour of a user flag whose id is computed at run time: it may be any id."""


@dataclass(frozen=True)
class InsertionOptions:
    event_ids: EventIds = "auto"
    final_barrier: FinalBarrier = "auto"
    alias: Literal["conservative", "assume_disjoint"] = "conservative"
    analysis: PipeSyncOptions = DEFAULT_OPTIONS


def is_inserted(op: Operation) -> bool:
    return INSERTED_ATTR in op.attributes


OpT = TypeVar("OpT", bound=Operation)


def _mark(op: OpT, location_of: Operation) -> OpT:
    op.attributes[INSERTED_ATTR] = UnitAttr()
    op.location = location_of.location
    return op


def _order_key(op: Operation) -> tuple[int, int, int]:
    if isinstance(op, SetFlagOp | WaitFlagOp):
        group = 0 if isinstance(op, SetFlagOp) else 2
        ident = constant_int(op.event_id)
        return (group, EVENT_ORDER[op.event.data], ident if ident is not None else 0)
    if isinstance(op, PipeBarrierOp):
        return (1, 0, 0)
    return (3, 0, 0)


def _innermost_common_loop(a: Operation, b: Operation) -> Operation | None:
    parent = a.parent_op()
    while parent is not None:
        if isinstance(parent, scf.ForOp | scf.WhileOp) and parent.is_ancestor(b):
            return parent
        parent = parent.parent_op()
    return None


class PipeSyncInserter:
    """Inserts the pipe synchronization one kernel needs."""

    def __init__(self, kernel: func.FuncOp, options: InsertionOptions | None = None):
        self.kernel = kernel
        self.options = options if options is not None else InsertionOptions()
        self.diagnostics = DiagnosticList()
        self.mode: Literal["const", "alloc", "fetch"] = "const"
        self.groups: list[list[Operation]] = []
        """The ops of each repair (a barrier, a pair with its priming and draining, a hand-off), in order."""
        self._last_group: list[Operation] = []

    # --- driving ------------------------------------------------------------------------------

    def run(self) -> None:
        self._strip_inserted()
        analysis = PipeSyncAnalysis(self.kernel, self.options.analysis)
        self.mode = self._mode(analysis)
        budget = sum(1 for _ in self.kernel.walk())
        while True:
            state = analysis.run()
            fixable = [h for h in analysis.hazards if self._fixable(h)]
            if not fixable:
                break
            hazard = self._choose(fixable)
            budget -= 1
            if budget < 0:
                raise AssertionError("ascx-insert-sync did not converge")  # each repair orders one hazard
            self._repair(hazard)
            self.groups.append(self._last_group)
            analysis = PipeSyncAnalysis(self.kernel, self.options.analysis)
        if len(self.groups) > 1 and self._sweep_redundant():
            analysis = PipeSyncAnalysis(self.kernel, self.options.analysis)
            state = analysis.run()
        self._final_barrier(state)
        self._report_opaque(analysis)
        remember("pipe-sync", self.options.analysis, self.kernel, analysis.diagnostics)

    def _report_opaque(self, analysis: PipeSyncAnalysis) -> None:
        """IN-E2: a hazard with an opaque op on one side cannot be ordered by a flag pair or a pipe's barrier
        (the op's pipe is unknown) and insertion never adds ``PIPE_ALL`` for a hazard (IN-7d)."""
        for earlier, later in analysis.opaque_hazards:
            self.diagnostics.add(
                "error",
                "IN-E2",
                later,
                f"cannot order `{python_call(later)}` after `{python_call(earlier)}`: the hazard crosses an opaque "
                "operation",
                [
                    note(earlier, "earlier access here"),
                    Note(
                        None, "order them with asc.pipe_barrier(PipeID.PIPE_ALL), or let the analysis see the operation"
                    ),
                ],
                partner=earlier,
            )

    def _sweep_redundant(self) -> bool:
        """IN-7c: remove each inserted barrier or pair (latest first) whose removal brings back no hazard
        a later repair made it redundant.  Each candidate is tried on a copy of the kernel.  Returns
        whether anything was removed."""
        removed = False
        for group in reversed(self.groups):
            if not group or any(isinstance(op, EnqueOp | DequeOp) for op in group):
                continue  # queue hand-offs rewire uses: kept
            ops = list(self.kernel.walk())
            index = {op: i for i, op in enumerate(ops)}
            if any(op not in index for op in group):
                continue
            clone = self.kernel.clone()
            cloned = list(clone.walk())
            for op in group:
                cloned[index[op]].detach()
                cloned[index[op]].erase()
            check = PipeSyncAnalysis(clone, self.options.analysis)
            check.run()
            if any(self._fixable(h) for h in check.hazards):
                continue
            for op in group:
                op.detach()
                op.erase()
            removed = True
        if removed:
            self._drop_unused_pool_ids()
        return removed

    def _drop_unused_pool_ids(self) -> None:
        for op in list(self.kernel.body.block.ops):
            if isinstance(op, EventIdOp) and is_inserted(op):
                users = [use.operation for use in op.result.uses]
                if all(isinstance(user, ReleaseEventIdOp) for user in users):
                    for user in users:
                        user.detach()
                        user.erase()
                    op.detach()
                    op.erase()

    def _strip_inserted(self) -> None:
        """Remove the pipe-level sync an earlier run inserted (IN-10 lets a later run re-place it): the output
        is then a function of the user's ops alone, so a second run reproduces the first exactly (IN-9) and
        an edited kernel (an inserted op deleted by hand or by a mutation test) is repaired as a whole."""
        inserted = [op for op in self.kernel.walk() if is_inserted(op)]
        if not inserted:
            return
        enqueued: dict[SSAValue, SSAValue] = {}
        for op in inserted:
            if isinstance(op, EnqueOp):
                enqueued[op.queue] = op.tensor
            elif isinstance(op, DequeOp) and op.queue in enqueued:
                op.result.replace_all_uses_with(enqueued[op.queue])
        removable = (SetFlagOp, WaitFlagOp, PipeBarrierOp, EnqueOp, DequeOp, ReleaseEventIdOp)
        for op in inserted:
            if isinstance(op, removable):
                op.detach()
                op.erase()
        for op in inserted:
            if isinstance(op, EventIdOp | arith.ConstantOp | PipeOp) and not op.results[0].uses:
                op.detach()
                op.erase()

    def _choose(self, hazards: list[Hazard]) -> Hazard:
        """The first consumer's hazard with the latest producer: ordering after the latest access to a
        buffer usually orders the earlier ones too (through the pipes they were already ordered to)."""
        consumer = hazards[0].consumer
        same = [h for h in hazards if h.consumer is consumer]
        if len(same) == 1:
            return same[0]
        position = {op: index for index, op in enumerate(self.kernel.walk())}
        return max(same, key=lambda h: (h.previous, position[h.producer]))

    def _mode(self, analysis: PipeSyncAnalysis) -> Literal["const", "alloc", "fetch"]:
        if self.options.event_ids != "auto":
            return self.options.event_ids
        return "alloc" if analysis.framework_user is not None else "const"

    def _fixable(self, hazard: Hazard) -> bool:
        if hazard.rule not in FIXABLE:
            return False
        return not hazard.may or self.options.alias == "conservative"

    # --- repairs ------------------------------------------------------------------------------

    def _repair(self, hazard: Hazard) -> None:
        self._last_group = []
        a, b = hazard.producer, hazard.consumer
        src, dst = hazard.producer_pipe, hazard.consumer_pipe
        loop = _innermost_common_loop(a, b) if hazard.previous else None
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
                self._barrier_all(hazard, b)
                return
        else:
            block = common_block(a, b)
        assert block is not None, "producer and consumer are in one function"
        a_anchor = block.find_ancestor_op_in_block(a)
        b_anchor = block.find_ancestor_op_in_block(b)
        assert a_anchor is not None
        assert b_anchor is not None
        if loop is not None and block.get_operation_index(a_anchor) < block.get_operation_index(b_anchor):
            loop = None  # the producer also runs before the consumer in each iteration: a pair in the body orders both
        if loop is None and self._queue_handoff(hazard, a_anchor, b_anchor):
            return
        self._last_group = []
        if src is dst:
            barrier = _mark(PipeBarrierOp(src), b)
            self._place(barrier, b_anchor, before=True)
            self._last_group = [barrier]
            self._remark(hazard, f"asc.pipe_barrier(PipeID.PIPE_{pipe_label(src)})", barrier)
            return
        event = direct_event(src, dst)
        if event is None:
            event = direct_event(src, Pipe.PIPE_S)
        if event is None:
            self._barrier_all(hazard, b_anchor)
            return
        ops = self._pair(event, hazard, a_anchor, b_anchor, loop)
        self._last_group = ops
        self._remark(hazard, f"asc.set_flag/asc.wait_flag({event_text(event)}, {self._id_spelling(ops[0])})", ops[0])

    def _queue_handoff(self, hazard: Hazard, a_anchor: Operation, b_anchor: Operation) -> bool:
        """IN-3.1: a queue tensor without any ``enque``/``deque``, whose queue's position orders the hazard's
        pipes: ``q.enque(t)`` after the producer, ``t2 = q.deque(T)`` before the consumer, later uses of
        ``t`` (but its ``free_tensor``) read ``t2``."""
        base = hazard.base
        if not isinstance(base, QueueBase) or not isinstance(base.token, AllocTensorOp):
            return False
        queue, tensor = base.queue, base.token.result
        events = QUEUE_EVENTS.get(queue.type.position.data) if isinstance(queue.type, TQueType) else None
        if events is None or (events[0].src, events[0].dst) != (hazard.producer_pipe, hazard.consumer_pipe):
            return False
        if any(isinstance(use.operation, EnqueOp | DequeOp) for use in tensor.uses):
            return False
        if any(isinstance(op, EnqueOp | DequeOp) and op.queue is queue for op in self.kernel.walk()):
            return False  # the queue is already in use: a hand-off here could reorder its FIFO
        block = b_anchor.parent_block()
        assert block is not None
        enque = _mark(EnqueOp(queue, tensor), hazard.producer)
        Rewriter.insert_op(enque, InsertPoint.after(a_anchor))
        deque = _mark(DequeOp(queue, tensor.type.element_type), hazard.consumer)
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
        self._remark(hazard, f"{value_name(queue, 'queue')}.enque()/{value_name(queue, 'queue')}.deque()", enque)
        self._last_group = [enque, deque]
        return True

    def _barrier_all(self, hazard: Hazard, anchor: Operation) -> None:
        barrier = _mark(PipeBarrierOp(Pipe.PIPE_ALL), hazard.consumer)
        self._place(barrier, anchor, before=True)
        self._last_group = [barrier]
        self._remark(hazard, "asc.pipe_barrier(PipeID.PIPE_ALL)", barrier)

    def _pair(
        self, event: HardEvent, hazard: Hazard, a_anchor: Operation, b_anchor: Operation, loop: Operation | None
    ) -> list[Operation]:
        placeholder = arith.ConstantOp(IntegerAttr(0, i32)).result  # replaced once the id is coloured
        set_op = _mark(SetFlagOp(event, placeholder), hazard.producer)
        wait_op = _mark(WaitFlagOp(event, placeholder), hazard.consumer)
        self._place(set_op, a_anchor, before=False)
        self._place(wait_op, b_anchor, before=True)
        ops: list[Operation] = [set_op, wait_op]
        if loop is not None:
            priming = _mark(SetFlagOp(event, placeholder), hazard.producer)
            draining = _mark(WaitFlagOp(event, placeholder), hazard.consumer)
            self._place(priming, loop, before=True)
            self._place(draining, loop, before=False)
            ops += [priming, draining]
        colour = self._colour(event, ops)
        if colour >= EVENT_ID_COUNT and loop is None:
            merged = self._merge_into_existing(event, set_op, wait_op)
            if merged is not None:
                return merged
        if colour >= EVENT_ID_COUNT:
            self.diagnostics.add(
                "error",
                "IN-E1",
                hazard.consumer,
                f"more than {EVENT_ID_COUNT} simultaneously live {str(event).upper()} events are needed in this loop; "
                'use event_ids="fetch" or restructure the loop'
                if self.mode != "fetch"
                else f"two {str(event).upper()} pairs are live at once in this loop, which fetched ids cannot "
                'tell apart; use event_ids="alloc" or restructure the loop',
            )
            colour = EVENT_ID_COUNT - 1
        value = self._id_value(event, colour) if self.mode != "fetch" else placeholder
        for op in ops:
            op.operands[0] = value
        places: list[tuple[Operation, Operation, bool]] = [(set_op, a_anchor, False), (wait_op, b_anchor, True)]
        if loop is not None:
            places += [(ops[2], loop, True), (ops[3], loop, False)]
        for op, anchor, before in places:  # re-placed now that the id is known (IN-6 orders by id too)
            op.detach()
            self._place(op, anchor, before=before)
        if self.mode == "fetch":  # pyasc's way: an id fetched right before the (first) set, not reserved
            fetched = self._fetch_before(event, ops[2] if loop is not None else set_op)
            for op in ops:
                op.operands[0] = fetched
        return ops

    def _fetch_before(self, event: HardEvent, first_set: Operation) -> SSAValue:
        fetch = _mark(EventIdOp(EventIdAction.FETCH, event, self._pipe()), first_set)
        fetch.result.name_hint = "ev"
        Rewriter.insert_op(fetch, InsertPoint.before(first_set))
        return fetch.result

    def _merge_into_existing(self, event: HardEvent, set_op: Operation, wait_op: Operation) -> list[Operation] | None:
        """IN-8, out of ids: merge the new pair (whose set is the latest) into the inserted pair of the same
        event in the same block with the earliest wait: one set after both producers, one wait before both
        consumers.  None when no such pair exists or the merged set would not precede the merged wait."""
        block = set_op.parent_block()
        if block is None or wait_op.parent_block() is not block:
            return None
        candidates = [
            group
            for group in self.groups
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
        self.groups.remove(old)
        return [keep_set, keep_wait]

    # --- placement (IN-4, IN-6) ---------------------------------------------------------------

    @staticmethod
    def _place(op: Operation, anchor: Operation, *, before: bool) -> None:
        """Insert ``op`` next to ``anchor`` among the inserted sync ops already there, in IN-6 order."""
        key = _order_key(op)
        if before:
            run: list[Operation] = []
            current = anchor.prev_op
            while current is not None and is_inserted(current) and _order_key(current)[0] < 3:
                run.insert(0, current)
                current = current.prev_op
        else:
            run = []
            current = anchor.next_op
            while current is not None and is_inserted(current) and _order_key(current)[0] < 3:
                run.append(current)
                current = current.next_op
        later = next((other for other in run if _order_key(other) > key), None)
        if later is not None:
            Rewriter.insert_op(op, InsertPoint.before(later))
        elif before:
            Rewriter.insert_op(op, InsertPoint.before(anchor))
        else:
            Rewriter.insert_op(op, InsertPoint.after(run[-1] if run else anchor))

    # --- event ids (IN-8) ---------------------------------------------------------------------

    def _id_value(self, event: HardEvent, colour: int) -> SSAValue:
        if self.mode == "const":
            return self._constant(colour)
        return self._pool_id(event, colour)

    def _constant(self, value: int) -> SSAValue:
        entry = self.kernel.body.block
        for op in entry.ops:
            if not is_inserted(op):
                break
            if isinstance(op, arith.ConstantOp) and constant_int(op.result) == value:
                return op.result
        constant = arith.ConstantOp(IntegerAttr(value, i32))
        constant.result.name_hint = f"ev{value}"
        constant.attributes[INSERTED_ATTR] = UnitAttr()
        first = entry.first_op
        assert first is not None
        constant.location = first.location
        last_inserted = None
        for op in entry.ops:
            if not is_inserted(op) or not isinstance(op, arith.ConstantOp):
                break
            last_inserted = op
        if last_inserted is None:
            Rewriter.insert_op(constant, InsertPoint.at_start(entry))
        else:
            Rewriter.insert_op(constant, InsertPoint.after(last_inserted))
        return constant.result

    def _pool_ids(self, event: HardEvent) -> list[EventIdOp]:
        return [
            op
            for op in self.kernel.body.block.ops
            if isinstance(op, EventIdOp) and is_inserted(op) and op.event.data is event
        ]

    def _pool_id(self, event: HardEvent, colour: int) -> SSAValue:
        taken = self._pool_ids(event)
        while len(taken) <= colour:
            taken.append(self._new_pool_id(event))
        return taken[colour].result

    def _pipe(self) -> SSAValue:
        """The kernel's ``TPipe`` (one is created at the entry when the kernel has none)."""
        entry = self.kernel.body.block
        pipes = [op for op in entry.ops if isinstance(op, PipeOp)]
        if pipes:
            return pipes[0].result
        created = _mark(PipeOp(), entry.first_op or self.kernel)
        created.result.name_hint = "pipe"
        Rewriter.insert_op(created, InsertPoint.at_start(entry))
        return created.result

    def _new_pool_id(self, event: HardEvent) -> EventIdOp:
        entry = self.kernel.body.block
        pipe = self._pipe()
        anchor: Operation | None = None
        for op in entry.ops:
            if isinstance(op, PipeOp | InitBufferOp | RegisterMatmulOp) or (
                isinstance(op, EventIdOp) and is_inserted(op)
            ):
                anchor = op
        taken = EventIdOp(EventIdAction.ALLOC, event, pipe)
        taken.result.name_hint = "ev"
        _mark(taken, anchor or self.kernel)
        if anchor is None:
            Rewriter.insert_op(taken, InsertPoint.at_start(entry))
        else:
            Rewriter.insert_op(taken, InsertPoint.after(anchor))
        ret = entry.last_op
        assert ret is not None
        release = _mark(ReleaseEventIdOp(event, pipe, taken.result), ret)
        Rewriter.insert_op(release, InsertPoint.before(ret))
        return taken

    def _colour(self, event: HardEvent, new_ops: list[Operation]) -> int:
        """The lowest id of ``event`` whose live ranges do not overlap the new pair's (greedy colouring)."""
        positions = {op: index for index, op in enumerate(self.kernel.walk())}
        new = set(new_ops)
        low, high = min(positions[op] for op in new_ops), max(positions[op] for op in new_ops)
        busy: set[object] = set()
        open_sets: dict[object, list[int]] = {}
        """Per id, the positions of sets not yet matched by a wait (one per arm of an ``if``)."""
        for op, index in positions.items():
            if op in new or not isinstance(op, SetFlagOp | WaitFlagOp) or op.event.data is not event:
                continue
            ident = self._colour_of(event, op.event_id)
            if ident is None:
                continue
            if isinstance(op, SetFlagOp):
                open_sets.setdefault(ident, []).append(index)
                continue
            starts = open_sets.pop(ident, [])
            if not starts:  # the wait of a loop-carried pair: the slot is live across the whole loop
                loop = enclosing_loop(op)
                if loop is not None:
                    start = positions[loop]
                    end = start + sum(1 for _ in loop.walk()) - 1
                else:
                    start, end = 0, index
            else:
                start, end = min(starts), index
            if start <= high and low <= end:
                busy.add(ident)
        for ident, starts in open_sets.items():
            if min(starts) <= high:
                busy.add(ident)
        if ANY_ID in busy:
            return EVENT_ID_COUNT  # a run-time id may be any id while it is live: none is free
        colour = 0
        while colour in busy:
            colour += 1
        return colour

    def _colour_of(self, event: HardEvent, value: SSAValue) -> object:
        constant = constant_int(value)
        if self.mode == "fetch":
            return ANY_ID  # a fetched id is not reserved: it may equal the id of any live pair of the event
        if self.mode == "const":
            if constant is None and not isinstance(value.owner, EventIdOp):
                return ANY_ID  # a run-time id (``i % 2``) may equal any literal
            return constant
        if isinstance(value.owner, EventIdOp) and is_inserted(value.owner):
            return self._pool_ids(event).index(value.owner)
        return None

    def _id_spelling(self, op: Operation) -> str:
        assert isinstance(op, SetFlagOp)
        constant = constant_int(op.event_id)
        return str(constant) if constant is not None else "ev"

    # --- final barrier (IN-12) ----------------------------------------------------------------

    def _final_barrier(self, state: PipeState) -> None:
        policy = self.options.final_barrier
        if policy == "never":
            return
        entry = self.kernel.body.block
        ret = entry.last_op
        assert ret is not None
        anchor = ret
        while (
            anchor.prev_op is not None and isinstance(anchor.prev_op, ReleaseEventIdOp) and is_inserted(anchor.prev_op)
        ):
            anchor = anchor.prev_op
        previous = anchor.prev_op
        if isinstance(previous, PipeBarrierOp) and previous.pipe.data is Pipe.PIPE_ALL:
            return
        unordered = [
            access
            for key, access in state.log.items()
            if key.write and key.pipe is not Pipe.PIPE_S and isinstance(key.base, GMBase)
        ]
        if policy == "auto" and not unordered:
            return
        barrier = _mark(PipeBarrierOp(Pipe.PIPE_ALL), ret)
        Rewriter.insert_op(barrier, InsertPoint.before(anchor))
        if unordered:
            self.diagnostics.add(
                "remark",
                "IN-12",
                barrier,
                f"inserted asc.pipe_barrier(PipeID.PIPE_ALL) for IN-12 (the GM write of "
                f"`{python_call(unordered[0].op)}` at {at(unordered[0].op)} is unordered at the kernel's return)",
            )

    # --- reporting (IN-14) --------------------------------------------------------------------

    def _remark(self, hazard: Hazard, what: str, op: Operation) -> None:
        self.diagnostics.add(
            "remark",
            hazard.rule,
            op,
            f"inserted {what} for {hazard.rule} ({pipe_label(hazard.producer_pipe)} → "
            f"{pipe_label(hazard.consumer_pipe)}, {python_call(hazard.producer)} at {at(hazard.producer)} → "
            f"{python_call(hazard.consumer)} at {at(hazard.consumer)})",
            partner=hazard.producer,
        )
