"""The TQue protocol (docs/rules/queues.md, docs/sync-model.md#queues): each ``alloc_tensor`` op is a
buffer instance; ``enque`` / ``deque`` and ``free_tensor`` / ``alloc_tensor`` are flag pairs on private
slots whose events the queue's position fixes.  TQ-1 ... TQ-7, TQ-12 ... TQ-15."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from xdsl.ir import Operation, SSAValue

from ascx.analysis.dataflow import constant_int, enclosing_loop
from ascx.analysis.pipe.ordering import capture, complete_fetches, release
from ascx.analysis.pipe.registry import transfers
from ascx.analysis.pipe.state import PipeState, QueueState, Slot, Token
from ascx.analysis.pipe_model import QUEUE_EVENTS, enque_orders_fetches, pipe_label
from ascx.analysis.regions import base_value
from ascx.analysis.report import note
from ascx.analysis.spelling import python_call, value_name
from ascx.dialects.ascendc.basic_enums import HardEvent
from ascx.dialects.ascendc.enums import Pipe, TPosition
from ascx.dialects.ascendc.fwk_ops import AllocTensorOp, DeclareOp, DequeOp, EnqueOp, FreeTensorOp, InitBufferOp
from ascx.dialects.ascendc.fwk_types import TQueType
from ascx.dialects.ascendc.traits import MatmulMethod

if TYPE_CHECKING:
    from ascx.analysis.pipe.analysis import PipeSyncAnalysis


@dataclass
class QueueTables:
    """What the pipe analysis remembers about the kernel's queues across program points."""

    init_of: dict[SSAValue, InitBufferOp] = field(default_factory=dict[SSAValue, InitBufferOp])
    """The first ``init_buffer`` of each queue."""
    tensors: dict[SSAValue, tuple[SSAValue, Token]] = field(default_factory=dict[SSAValue, tuple[SSAValue, Token]])
    """Queue tensor value -> (queue, instance): an SSA value is defined at one point, so one entry
    each (a ``deque`` result gets the instance at the head of the queue when it was last visited)."""
    aliases: set[frozenset[Token]] = field(default_factory=set[frozenset[Token]])
    """Pairs of instances of one queue that may be the same buffer (a freed one handed out again)."""


def empty_queue(queue: SSAValue) -> tuple[str, SSAValue]:
    """The cause a ``deque`` from a queue that may be empty (TQ-1) is: the tensors it does not return are
    not freed either, so the queue's leaks (TQ-8, TQ-3, TQ-10) and the frees of what it did not return
    (TQ-4) are its consequences (docs/sync-model.md#diagnostics)."""
    return ("empty queue", queue)


def unbalanced_branches(queue: SSAValue) -> tuple[str, SSAValue]:
    """The cause the arms of an ``if`` that leave ``queue`` holding different numbers of tensors (TQ-9)
    are: a ``deque`` that finds the queue empty on one of the paths (TQ-1) is its consequence."""
    return ("unbalanced branches", queue)


def leaking_loop(queue: SSAValue, loop: Operation | None) -> tuple[str, SSAValue, Operation | None]:
    """The cause a loop that allocates from ``queue`` more than it frees (TQ-8) is: running out of buffers
    in it (TQ-3) is its consequence."""
    return ("leaking loop", queue, loop)


def queue_name(queue: SSAValue) -> str:
    return value_name(queue, "queue")


def position(queue: SSAValue) -> TPosition | None:
    return queue.type.position.data if isinstance(queue.type, TQueType) else None


def queue_events(queue: SSAValue) -> tuple[HardEvent, HardEvent] | None:
    """The events ``enque`` -> ``deque`` and ``free_tensor`` -> ``alloc_tensor`` imply, if modelled."""
    where = position(queue)
    return QUEUE_EVENTS.get(where) if where is not None else None


def depth(queue: SSAValue) -> int:
    return queue.type.depth.data if isinstance(queue.type, TQueType) else 0


def num_buffers(analysis: PipeSyncAnalysis, queue: SSAValue) -> int | None:
    init = analysis.queue_tables.init_of.get(queue)
    return constant_int(init.num) if init is not None and init.num is not None else None


def instance_of(analysis: PipeSyncAnalysis, value: SSAValue) -> tuple[SSAValue, Token] | None:
    """The queue and buffer instance a tensor value (or a view of one) is, if it is a queue tensor."""
    base = base_value(analysis.region(value))
    return analysis.queue_tables.tensors.get(base) if base is not None else None


def _queue(analysis: PipeSyncAnalysis, queue: SSAValue, op: Operation, state: PipeState) -> QueueState:
    found = state.queues.get(queue)
    if found is None:
        found = state.queues[queue] = QueueState()
    if queue not in state.initialised and isinstance(queue.type, TQueType):
        analysis.error("TQ-15", op, f"queue `{queue_name(queue)}` is used before `pipe.init_buffer`")
    return found


@transfers(InitBufferOp)
def init_buffer(analysis: PipeSyncAnalysis, op: InitBufferOp, state: PipeState) -> None:
    buffer = op.buffer
    if not isinstance(buffer.type, TQueType):
        return
    name = queue_name(buffer)
    init_of = analysis.queue_tables.init_of
    earlier = init_of.get(buffer)
    if buffer in state.initialised and earlier is not None and earlier is not op:
        analysis.error("TQ-15", op, f"queue `{name}` is initialised twice", [note(earlier, "initialised here")])
    init_of.setdefault(buffer, op)
    if enclosing_loop(op, analysis.kernel) is not None:
        message = f"`pipe.init_buffer` inside a loop re-initialises `{name}` on every iteration"
        analysis.warn("TQ-15", op, message, partner="loop")
    where = buffer.type.position.data
    if where not in QUEUE_EVENTS:
        declared = buffer.owner if isinstance(buffer.owner, DeclareOp) else op
        analysis.warn(
            "TQ-14",
            declared,
            f"queue position {where.name} is not modelled by ascx sync analysis; its implied events are ignored",
        )
    state.initialised = state.initialised | {buffer}


def report_too_few_buffers(
    analysis: PipeSyncAnalysis, op: Operation, queue: SSAValue, needed: int, num: int, *, when: str = ""
) -> None:
    """TQ-3: ``op`` would make ``needed`` tensors of a queue with ``num`` buffers allocated at once (``when``:
    at which point, e.g. in a loop's last iteration)."""
    name = queue_name(queue)
    init = analysis.queue_tables.init_of.get(queue)
    analysis.error(
        "TQ-3",
        op,
        f"`{name}.alloc_tensor()` would hold {needed} tensors of `{name}` allocated and not freed{when}, but "
        f"`pipe.init_buffer({name}, {num}, …)` gives the queue {num} buffer{'s' if num != 1 else ''}",
        [note(init, "buffers provided here")] if init is not None else [],
        caused_by=leaking_loop(queue, enclosing_loop(op, analysis.kernel)),
    )


@transfers(AllocTensorOp)
def alloc_tensor(analysis: PipeSyncAnalysis, op: AllocTensorOp, state: PipeState) -> None:
    """A new instance; it reuses the oldest freed one, after the ``free_tensor`` event (TQ-3 past ``num``)."""
    queue = op.queue
    q = _queue(analysis, queue, op, state)
    num = num_buffers(analysis, queue)
    if num is not None and q.allocated >= num:
        report_too_few_buffers(analysis, op, queue, q.allocated + 1, num)
    events = queue_events(queue)
    if q.freed:
        reused, q.freed = q.freed[0], q.freed[1:]
        for freed in (reused, *q.freed):
            if freed is not op:
                analysis.queue_tables.aliases.add(frozenset({op, freed}))
        if events is not None:
            key = analysis.slot("free", queue, reused)
            if key in state.slots:
                del state.slots[key]
                release(key, events[1].dst, state)
    q.status[op] = frozenset({"alloc"})
    q.allocated += 1
    analysis.queue_tables.tensors[op.result] = (queue, op)


@transfers(EnqueOp)
def enque(analysis: PipeSyncAnalysis, op: EnqueOp, state: PipeState) -> None:
    """The instance joins the FIFO and the ``enque`` event is set (TQ-13 for a foreign tensor, TQ-2 past
    the depth)."""
    queue = op.queue
    q = _queue(analysis, queue, op, state)
    instance = instance_of(analysis, op.tensor)
    name, tensor = queue_name(queue), value_name(op.tensor)
    if instance is None or instance[0] != queue:
        origin = op.tensor.owner if isinstance(op.tensor.owner, Operation) else None
        analysis.error(
            "TQ-13",
            op,
            f"`{name}.enque({tensor})`: `{tensor}` was not allocated from `{name}`",
            [note(origin, "created here")] if origin is not None else [],
        )
        return
    token = instance[1]
    limit = depth(queue)
    if limit > 0 and q.enqueued >= limit:
        declared = queue.owner if isinstance(queue.owner, Operation) else None
        analysis.error(
            "TQ-2",
            op,
            f"`{name}.enque()` would hold {q.enqueued + 1} tensors in queue `{name}`, declared with depth {limit}",
            [note(declared, "declared here")] if declared is not None else [],
        )
    q.status[token] = frozenset({"enque"})
    q.fifo = (*q.fifo, token)
    q.definite += 1
    q.enqueued += 1
    q.enque_op[token] = op
    events = queue_events(queue)
    if events is not None:
        key = analysis.slot("enque", queue, token)
        state.slots[key] = Slot(op)
        capture(key, events[0].src, state)
    where = position(queue)
    if where is not None and enque_orders_fetches(where):
        complete_fetches(state)  # the MTE2 -> V set WaitGetTensorC would make (docs/matmul-protocol.md)


@transfers(DequeOp)
def deque(analysis: PipeSyncAnalysis, op: DequeOp, state: PipeState) -> None:
    """The head of the FIFO leaves it, after the ``enque`` event (TQ-1 when the queue may be empty)."""
    queue = op.queue
    q = _queue(analysis, queue, op, state)
    if q.definite <= 0:
        name = queue_name(queue)
        declared = queue.owner if isinstance(queue.owner, Operation) else None
        analysis.error(
            "TQ-1",
            op,
            f"`{name}.deque()` has no matching `{name}.enque()`: queue `{name}` may be empty here",
            [note(declared, "declared here")] if declared is not None else [],
            cause=empty_queue(queue),
            caused_by=unbalanced_branches(queue),
        )
    if not q.fifo:
        return
    token, q.fifo = q.fifo[0], q.fifo[1:]
    q.definite = max(0, q.definite - 1)
    q.enqueued = max(0, q.enqueued - 1)
    q.status[token] = frozenset({"alloc"})
    analysis.queue_tables.tensors[op.result] = (queue, token)
    events = queue_events(queue)
    if events is not None:
        key = analysis.slot("enque", queue, token)
        if key in state.slots:
            del state.slots[key]
            release(key, events[0].dst, state)


@transfers(FreeTensorOp)
def free_tensor(analysis: PipeSyncAnalysis, op: FreeTensorOp, state: PipeState) -> None:
    """The instance is returned to the queue and the ``free`` event is set (TQ-4 for a foreign or freed
    tensor, TQ-5 for an enqueued one)."""
    queue = op.queue
    q = _queue(analysis, queue, op, state)
    instance = instance_of(analysis, op.tensor)
    name, tensor = queue_name(queue), value_name(op.tensor)
    if instance is None or instance[0] != queue:
        owner = op.tensor.owner
        returned_nothing = isinstance(owner, DequeOp) and owner.queue == queue  # the deque found the queue empty
        analysis.error(
            "TQ-4",
            op,
            f"`{name}.free_tensor({tensor})`: `{tensor}` was not allocated from `{name}`",
            caused_by=empty_queue(queue) if returned_nothing else None,
        )
        return
    token = instance[1]
    status = q.status.get(token, frozenset())
    if "free" in status:
        freed = q.free_op.get(token)
        analysis.error(
            "TQ-4",
            op,
            f"`{name}.free_tensor({tensor})`: `{tensor}` is already freed",
            [note(freed, "freed here")] if freed is not None else [],
        )
        return
    if "enque" in status:
        analysis.error(
            "TQ-5",
            op,
            f"`{name}.free_tensor({tensor})` frees a tensor that is still enqueued",
            [note(q.enque_op.get(token), "enqueued here")],
        )
        q.fifo = tuple(t for t in q.fifo if t is not token)
        q.definite = min(q.definite, len(q.fifo))
        q.enqueued = max(0, q.enqueued - 1)
    q.status[token] = frozenset({"free"})
    q.allocated = max(0, q.allocated - 1)
    q.freed = (*(t for t in q.freed if t is not token), token)
    q.free_op[token] = op
    events = queue_events(queue)
    if events is not None:
        key = analysis.slot("free", queue, token)
        state.slots[key] = Slot(op)
        capture(key, events[1].src, state)


def check_use(
    analysis: PipeSyncAnalysis,
    op: Operation,
    pipe: Pipe,
    value: SSAValue,
    write: bool,
    instance: tuple[SSAValue, Token],
    state: PipeState,
) -> bool:
    """TQ-6, TQ-7 and TQ-12 for an access to a queue tensor; True when TQ-7 holds (then the hazards of the
    access are not reported: the protocol violation is their cause)."""
    queue, token = instance
    q = state.queues.get(queue)
    status: frozenset[str] = q.status.get(token, frozenset()) if q is not None else frozenset()
    where = position(queue)
    events = QUEUE_EVENTS.get(where) if where is not None else None
    mismatched = (
        events is not None
        and pipe is not Pipe.PIPE_S
        and pipe not in (events[0].src, events[0].dst)
        and op.get_trait(MatmulMethod) is None
    )
    if not (status & {"free", "enque"} or mismatched) or not analysis.reporting:
        return "enque" in status
    tensor, name = value_name(value), queue_name(queue)
    call = python_call(op)
    if "free" in status and q is not None:
        analysis.error(
            "TQ-6",
            op,
            f"`{call}` uses `{tensor}` after `{name}.free_tensor({tensor})`",
            [note(q.free_op.get(token), "freed here")],
            partner=tensor,
        )
    enqueued = "enque" in status and q is not None
    if enqueued:
        assert q is not None
        analysis.error(
            "TQ-7",
            op,
            f"`{call}` uses `{tensor}` after `{name}.enque({tensor})` and before `{name}.deque()`",
            [note(q.enque_op.get(token), "enqueued here")],
            partner=tensor,
        )
    if mismatched and events is not None:
        assert where is not None
        src, dst = events[0].src, events[0].dst
        label = where.name
        analysis.warn(
            "TQ-12",
            op,
            f"tensor from {label} queue `{name}` is {'written' if write else 'read'} by {pipe_label(pipe)} "
            f"({call}); {label} queues order {pipe_label(src)} → {pipe_label(dst)} only",
            partner=tensor,
        )
    return enqueued
