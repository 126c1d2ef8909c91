"""The event ids of inserted flag pairs (docs/passes/insert-sync.md#event-ids).

Pairs of one HardEvent whose live ranges overlap get different ids, by greedy colouring in program
order.  A colour becomes an integer literal (``event_ids="const"``, the default when the kernel has no
framework users of the pipe's pool), an id taken with ``pipe.alloc_event_id`` at the kernel's entry and
released before its return (``"alloc"``), or an id fetched right before the set (``"fetch"``, pyasc's
way: fetched ids are not reserved, so live pairs of one event cannot share it).

Pool ids come from the kernel's ``TPipe``: the user's, wherever it is created (a second ``TPipe`` would
reset the buffer pool, and CANN's debug build asserts "TPipe has already been constructed",
``impl/basic_api/kernel_tpipe_impl.h``), or one created at the entry when the kernel has none.  They are
taken after the pipe and its buffers in the pipe's block and released at that block's end, so a pair can
use them only inside that block, after the pipe (:meth:`EventIds.reaches`); the insertion reports a pair
outside (IN-E3).
"""

from __future__ import annotations

from typing import Literal, cast

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import IntegerAttr, UnitAttr, i32
from xdsl.ir import Block, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from ascx.analysis.dataflow import constant_int, enclosing_loop
from ascx.analysis.flags.parity import alternating_loops
from ascx.analysis.flags.slots import possible_ids
from ascx.analysis.inserted import INSERTED_ATTR, is_inserted
from ascx.analysis.insertion.placement import mark
from ascx.analysis.pipe_model import EVENT_ID_COUNT
from ascx.dialects.ascendc.basic_enums import HardEvent
from ascx.dialects.ascendc.fwk_ops import EventIdAction, EventIdOp, InitBufferOp, ReleaseEventIdOp
from ascx.dialects.ascendc.matmul_ops import RegisterMatmulOp
from ascx.dialects.ascendc.object_ops import PipeOp
from ascx.dialects.ascendc.sync_ops import SetFlagOp, WaitFlagOp

IdMode = Literal["const", "alloc", "fetch"]

ANY_ID = "any"
"""The colour of a user flag whose id is computed at run time: it may be any id."""


class EventIds:
    """The ids of the pairs inserted into one kernel."""

    def __init__(self, kernel: func.FuncOp, mode: IdMode):
        self.kernel = kernel
        self.mode = mode
        self._pipe: PipeOp | None = None

    def value(self, event: HardEvent, colour: int) -> SSAValue:
        if self.mode == "const":
            return self._constant(colour)
        return self._pool_id(event, colour)

    def constant(self, value: int) -> SSAValue:
        """The id ``value`` as a literal at the kernel's entry."""
        return self._constant(value)

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

    def pool_ids(self, event: HardEvent) -> list[EventIdOp]:
        return [
            op for op in self.home().ops if isinstance(op, EventIdOp) and is_inserted(op) and op.event.data is event
        ]

    def _pool_id(self, event: HardEvent, colour: int) -> SSAValue:
        taken = self.pool_ids(event)
        while len(taken) <= colour:
            taken.append(self._new_pool_id(event))
        return taken[colour].result

    def user_pipe(self) -> PipeOp | None:
        """The ``TPipe`` the kernel creates (the first, in program order), wherever it is created."""
        if self._pipe is None:
            self._pipe = next((op for op in self.kernel.walk() if isinstance(op, PipeOp)), None)
        return self._pipe

    def pipe(self) -> SSAValue:
        """The kernel's ``TPipe`` (one is created at the entry when the kernel has none)."""
        existing = self.user_pipe()
        if existing is not None:
            return existing.result
        entry = self.kernel.body.block
        created = mark(PipeOp(), entry.first_op or self.kernel)
        created.result.name_hint = "pipe"
        Rewriter.insert_op(created, InsertPoint.at_start(entry))
        self._pipe = created
        return created.result

    def home(self) -> Block:
        """The block the pool ids are taken and released in: the pipe's (the entry when none exists yet)."""
        existing = self.user_pipe()
        block = existing.parent_block() if existing is not None else None
        return block if block is not None else self.kernel.body.block

    def reaches(self, op: Operation) -> bool:
        """Whether a pool id can be used at ``op``: ``op`` is in the pipe's block after the pipe, or nested
        in an op there.  Always true for a kernel without a ``TPipe`` (one is created at the entry)."""
        existing = self.user_pipe()
        if existing is None:
            return True
        home = self.home()
        current: Operation | None = op
        while current is not None and current.parent_block() is not home:
            current = current.parent_op()
        if current is None:
            return False
        return home.get_operation_index(current) > home.get_operation_index(existing)

    def _new_pool_id(self, event: HardEvent) -> EventIdOp:
        entry = self.home()
        pipe = self.pipe()
        anchor: Operation | None = None
        for op in entry.ops:
            if isinstance(op, PipeOp | InitBufferOp | RegisterMatmulOp) or (
                isinstance(op, EventIdOp) and is_inserted(op)
            ):
                anchor = op
        taken = EventIdOp(EventIdAction.ALLOC, event, pipe)
        taken.result.name_hint = "ev"
        mark(taken, anchor or self.kernel)
        if anchor is None:
            Rewriter.insert_op(taken, InsertPoint.at_start(entry))
        else:
            Rewriter.insert_op(taken, InsertPoint.after(anchor))
        ret = entry.last_op
        assert ret is not None
        release = mark(ReleaseEventIdOp(event, pipe, taken.result), ret)
        Rewriter.insert_op(release, InsertPoint.before(ret))
        return taken

    def take_before_uses(self) -> None:
        """Move each id taken with ``alloc_event_id`` up to right after the pipe when an op that uses it comes
        first: ids are taken after the pipe's buffers are given out, but a pair may order an op before
        them (``init_global_memory``, which CANN allows only before ``init_buffer``, and its readers)."""
        entry = self.kernel.body.block
        pipes = [op for op in entry.ops if isinstance(op, PipeOp)]
        if not pipes:
            return
        positions = {op: index for index, op in enumerate(self.kernel.walk())}
        for taken in [op for op in entry.ops if isinstance(op, EventIdOp) and is_inserted(op)]:
            uses = [use.operation for use in taken.result.uses]
            if not uses or min(positions[user] for user in uses) > positions[taken]:
                continue
            if positions[pipes[0]] > min(positions[user] for user in uses):
                continue  # the pipe itself comes later: nothing to take the id from earlier
            taken.detach()
            Rewriter.insert_op(taken, InsertPoint.after(pipes[0]))
            positions = {op: index for index, op in enumerate(self.kernel.walk())}

    def colour(self, event: HardEvent, new_ops: list[Operation]) -> int:
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
            ident = self._colour_of(op)
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
                busy.update(_ids(ident))
        for ident, starts in open_sets.items():
            if min(starts) <= high:
                busy.update(_ids(ident))
        if ANY_ID in busy:
            return EVENT_ID_COUNT  # a run-time id may be any id while it is live: none is free
        colour = 0
        while colour in busy:
            colour += 1
        return colour

    def _colour_of(self, op: SetFlagOp | WaitFlagOp) -> object:
        value = op.event_id
        constant = constant_int(value)
        if self.mode == "fetch":
            return ANY_ID  # a fetched id is not reserved: it may equal the id of any live pair of the event
        if self.mode == "const":
            if constant is None and not isinstance(value.owner, EventIdOp):
                loops = alternating_loops(op, value)
                if loops:  # a ping-pong id (``i & 1``) is one of two literals (docs/rules/flags.md#event-ids)
                    return tuple(sorted({ident for ident in possible_ids(op, loops) if isinstance(ident, int)}))
                return ANY_ID  # another run-time id (``n % 2``) may equal any literal
            return constant
        if isinstance(value.owner, EventIdOp) and is_inserted(value.owner):
            return self.pool_ids(op.event.data).index(value.owner)
        return None

    def spelling(self, op: Operation) -> str:
        assert isinstance(op, SetFlagOp)
        constant = constant_int(op.event_id)
        return str(constant) if constant is not None else "ev"

    def fetch_before(self, event: HardEvent, first_set: Operation) -> SSAValue:
        fetch = mark(EventIdOp(EventIdAction.FETCH, event, self.pipe()), first_set)
        fetch.result.name_hint = "ev"
        Rewriter.insert_op(fetch, InsertPoint.before(first_set))
        return fetch.result


def _ids(colour: object) -> tuple[object, ...]:
    """The ids a user flag's colour stands for: a ping-pong id's colour is the tuple of its two ids."""
    if isinstance(colour, tuple):
        return cast(tuple[object, ...], colour)
    return (colour,)
