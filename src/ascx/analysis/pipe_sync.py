"""The intra-core pipe analysis behind ``ascx-verify-pipe-sync`` and the pipe part of
``ascx-insert-sync`` (sync-model spec §1.9, §2.2).

The state at each program point holds (PA-2):

- the **access log**: per memory region, pipe, read/write and iteration tag, the latest access with
  the set of pipes whose future work is known to follow it (``ordered_to``) and the pending event
  slots that captured it (§1.9's static abstraction);
- the pending **event slots**: user slots ``(HardEvent, id)`` and the private slots of the TQue
  implied events (``enque`` -> ``deque``, ``free_tensor`` -> ``alloc_tensor``);
- per **queue**: its buffer instances (one per ``alloc_tensor`` op) with their possible states, the
  FIFO of enqueued instances and the allocated / enqueued counts;
- the event ids taken from the pool, and the active atomic mode.

A set on ``SRC_DST`` captures every logged access on SRC or already ordered to SRC; its wait adds
DST to each captured access (all pipes when DST is the scalar unit).  A barrier on ``p`` orders the
accesses of ``p``; ``PIPE_ALL`` orders everything and empties the log.  An access conflicts with an
earlier one on an overlapping region when one of them writes; the pair is a hazard unless the later
access's pipe is in the earlier one's ``ordered_to`` (HZ-1 ... HZ-5).

Everything the analysis knows about an op comes from the dialect: ``ExecutesOn`` (its pipe),
``TensorAccess`` (what it reads and writes), ``MatmulMethod`` (Matmul calls) and the op classes of
the queue and flag operations.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from xdsl.dialects import func, scf
from xdsl.ir import Block, Operation, SSAValue

from ascx.analysis.dataflow import condition_key, constant_int, constant_trip_count, enclosing_loop
from ascx.analysis.pipe_model import (
    AIC_PIPES,
    AIV_PIPES,
    EVENT_ID_COUNT,
    MODEL_PIPES,
    QUEUE_EVENTS,
    direct_event,
    pipe_label,
)
from ascx.analysis.regions import GMBase, GMBaseCache, Offset, Region, base_value, extent_overlap, region_of
from ascx.analysis.report import Note, note
from ascx.analysis.reporting import Findings, ReportingAnalysis
from ascx.analysis.spelling import python_call, value_name
from ascx.dialects.ascendc.basic_enums import HardEvent
from ascx.dialects.ascendc.enums import Pipe, TPosition
from ascx.dialects.ascendc.fwk_ops import (
    AllocTensorOp,
    DeclareOp,
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
from ascx.dialects.ascendc.sync_ops import AtomicKind, PipeBarrierOp, SetAtomicOp, SetFlagOp, WaitFlagOp
from ascx.dialects.ascendc.system_ops import SysVarOp
from ascx.dialects.ascendc.traits import (
    ExecutesOn,
    MatmulAccess,
    MatmulAsyncWait,
    MatmulMethod,
    MatmulRole,
    TensorAccess,
    is_async_call,
)
from ascx.dialects.ascendc.types import GlobalTensorType, LocalTensorType

Token = Operation
"""A queue buffer instance: the ``alloc_tensor`` op that produced it."""


NO_ORDER: frozenset[Pipe] = frozenset()
SCALAR_ORDER: frozenset[Pipe] = frozenset({Pipe.PIPE_S})
"""What a new access is ordered to: nothing, or (a scalar access) the scalar unit itself (§1.9)."""

MAX_OFFSETS_PER_BUFFER = 8
"""Entries one pipe keeps in the log for one buffer at distinct offsets before they are merged
into one entry at :data:`VARIED` offsets (keeps the log, and so verification, linear in kernel size)."""

UNKNOWN_PIPE = Pipe.PIPE_ALL
"""The pipe of an opaque op's accesses in the log (HZ-8): only a ``PIPE_ALL`` barrier, which clears the
log, orders them; flags and barriers of one pipe never do."""

VARIED: tuple[SSAValue, ...] = ()
"""The offset of a merged entry: somewhere in the buffer (overlaps any other offset as "may")."""


class SlotKey:
    """An event slot: ``(HardEvent, id)`` for a user slot (``id`` an int, the SSA value of a pool id or
    the key of a pure computation); ``("enque" | "free", queue, token)`` for a TQue implied slot.

    Keys are interned by :meth:`PipeSyncAnalysis._slot` so that they hash and compare by identity
    (the analysis hashes them constantly)."""

    __slots__ = ("parts",)

    def __init__(self, *parts: object):
        self.parts = parts

    def __getitem__(self, index: int) -> object:
        return self.parts[index]


MATMUL_PENDING = SlotKey("matmul-pending")
"""Marks the tile of an asynchronous ``get_tensor_c`` until ``wait_get_tensor_c``: reads of it before
the wait are reported by ascx-verify-matmul-sync (MM-1), not as pipe hazards."""
"""``(HardEvent, id)`` for a user slot (``id`` an int or the SSA value of a pool id);
``("enque" | "free", queue, token)`` for a TQue implied slot."""


@dataclass(frozen=True, slots=True, eq=False)
class AccessKey:
    """What distinguishes two entries of the access log (interned by :meth:`PipeSyncAnalysis._key`, so
    compared by identity)."""

    base: object
    offset: Offset
    pipe: Pipe
    write: bool
    extent: tuple[int, int] | None = None
    previous: bool = False
    """Made in an earlier iteration of the loop being analysed."""
    exact: bool = True
    """Whether ``extent`` starts where the accessed view starts."""
    variant: bool = False
    """Its offset depends on values of that earlier iteration: it may differ from this iteration's."""


@dataclass(frozen=True, slots=True)
class QueueBase:
    """The region base of a queue tensor: one buffer instance of ``queue``."""

    queue: SSAValue
    token: Token


@dataclass(frozen=True, slots=True)
class Access:
    op: Operation
    name: str
    ordered_to: frozenset[Pipe] = frozenset()
    captured_by: frozenset[SlotKey] = frozenset()


@dataclass(frozen=True, slots=True)
class Slot:
    set_op: Operation


@dataclass
class QueueState:
    status: dict[Token, frozenset[str]] = field(default_factory=dict[Token, frozenset[str]])
    """Possible states of each instance: ``alloc``, ``enque``, ``free``."""
    fifo: tuple[Token, ...] = ()
    definite: int = 0
    """How many entries at the head of ``fifo`` are enqueued on every path."""
    allocated: int = 0
    enqueued: int = 0
    freed: tuple[Token, ...] = ()
    """Instances freed and not yet handed out again, oldest first."""
    enque_op: dict[Token, Operation] = field(default_factory=dict[Token, Operation])
    free_op: dict[Token, Operation] = field(default_factory=dict[Token, Operation])

    def copy(self) -> QueueState:
        return replace(self, status=dict(self.status), enque_op=dict(self.enque_op), free_op=dict(self.free_op))


@dataclass
class PipeState:
    log: dict[AccessKey, Access] = field(default_factory=dict[AccessKey, Access])
    slots: dict[SlotKey, Slot] = field(default_factory=dict[SlotKey, Slot])
    queues: dict[SSAValue, QueueState] = field(default_factory=dict[SSAValue, QueueState])
    event_ids: dict[SSAValue, Operation | None] = field(default_factory=dict[SSAValue, Operation | None])
    """Pool ids taken with ``alloc_event_id`` -> the release op (None while held)."""
    initialised: frozenset[SSAValue] = frozenset()
    atomic: Operation | None = None

    def copy(self) -> PipeState:
        return PipeState(
            dict(self.log),
            dict(self.slots),
            {q: s.copy() for q, s in self.queues.items()},
            dict(self.event_ids),
            self.initialised,
            self.atomic,
        )


@dataclass(frozen=True)
class Hazard:
    """An unordered conflicting pair the insertion pass can repair (HZ-1 ... HZ-5)."""

    rule: str
    producer: Operation
    consumer: Operation
    producer_pipe: Pipe
    consumer_pipe: Pipe
    previous: bool
    """The producer ran in the previous iteration of a loop that also holds the consumer."""
    may: bool
    value: SSAValue | None = None
    """The tensor operand of the consumer that conflicts."""
    base: object = None
    """The region base both accesses are on (a :class:`QueueBase` for a queue tensor)."""


@dataclass(frozen=True)
class PipeSyncOptions:
    """The options of spec §2.0 the pipe analysis reads."""

    strict_same_pipe: bool = False
    assume_gm_args_noalias: bool = True
    sync_lints: bool = False


DEFAULT_OPTIONS = PipeSyncOptions()


_ACCESS_TRAITS: dict[type[Operation], tuple[TensorAccess | None, ExecutesOn | None, MatmulMethod | None]] = {}


def _traits(op: Operation) -> tuple[TensorAccess | None, ExecutesOn | None, MatmulMethod | None]:
    kind = type(op)
    found = _ACCESS_TRAITS.get(kind)
    if found is None:
        found = _ACCESS_TRAITS[kind] = (
            op.get_trait(TensorAccess),
            op.get_trait(ExecutesOn),
            op.get_trait(MatmulMethod),
        )
    return found


def event_text(event: HardEvent) -> str:
    return f"HardEvent.{str(event).upper()}"


def id_text(value: SSAValue) -> str:
    constant = constant_int(value)
    return str(constant) if constant is not None else value_name(value, "id")


def flag_call(op: SetFlagOp | WaitFlagOp, event: HardEvent | None = None, event_id: str | None = None) -> str:
    name = "set_flag" if isinstance(op, SetFlagOp) else "wait_flag"
    shown_event = event if event is not None else op.event.data
    return f"asc.{name}({event_text(shown_event)}, {event_id if event_id is not None else id_text(op.event_id)})"


def reverse_event(event: HardEvent) -> HardEvent | None:
    return direct_event(event.dst, event.src)


def _is_tensor(value: SSAValue) -> bool:
    return isinstance(value.type, LocalTensorType | GlobalTensorType)


class PipeSyncAnalysis(ReportingAnalysis[PipeState]):
    """Runs over one kernel function; collects diagnostics and the hazards insertion can repair."""

    def __init__(self, kernel: func.FuncOp, options: PipeSyncOptions = DEFAULT_OPTIONS):
        super().__init__()
        self.kernel = kernel
        self.options = options
        self.hazards: Findings[Hazard] = self.findings()
        self.opaque_hazards: Findings[tuple[Operation, Operation]] = self.findings()
        """(earlier, later) accesses to one buffer, one of them by an opaque op: nothing but ``PIPE_ALL``
        orders them, which insertion never adds for a hazard (IN-7d), so they are IN-E2 for insertion
        (the verifier's HZ-8 warning already names the opaque op)."""
        self.pairs: Findings[tuple[Operation, Operation]] = self.findings()
        """User flag pairs (set, wait) the analysis matched, for the FL-12 lint."""
        self.aliases: set[frozenset[Token]] = set()
        self.waits_seen: Findings[WaitFlagOp] = self.findings()
        self.fetched: dict[SSAValue, HardEvent] = {}
        self._regions: dict[SSAValue, Region] = {}
        self.framework_user = self._first_framework_user()
        self.init_of: dict[SSAValue, InitBufferOp] = {}
        self._slots: dict[tuple[object, ...], SlotKey] = {}
        self._relevant: dict[Block, list[Operation]] = {}
        self.tensors: dict[SSAValue, tuple[SSAValue, Token]] = {}
        """Queue tensor value -> (queue, instance): an SSA value is defined at one point, so one entry
        each (a ``deque`` result gets the instance at the head of the queue when it was last visited)."""
        self._slot_of_op: dict[Operation, SlotKey | None] = {}
        self._gm_bases: GMBaseCache = {}
        self._plans: dict[Operation, tuple[Pipe | None, list[tuple[SSAValue, bool]], bool]] = {}
        self._current: SSAValue | None = None
        self._gm_dma: dict[GMBase, Operation] = {}
        self._gm_scalar: dict[GMBase, Operation] = {}
        """The first DMA and scalar access to each GM buffer (HZ-7)."""
        self._pairs_seen: set[tuple[Operation, Operation, object]] = set()
        """(consumer, producer, base) pairs already checked while visiting the current op."""
        """The tensor operand whose access is being checked (recorded in hazards)."""
        self._keys: dict[tuple[object, ...], AccessKey] = {}

    def _slot(self, *parts: object) -> SlotKey:
        found = self._slots.get(parts)
        if found is None:
            found = self._slots[parts] = SlotKey(*parts)
        return found

    def _key(
        self,
        base: object,
        offset: Offset,
        pipe: Pipe,
        write: bool,
        extent: tuple[int, int] | None,
        previous: bool = False,
        variant: bool = False,
        *,
        exact: bool = True,
    ) -> AccessKey:
        parts = (base, offset, pipe, write, extent, previous, variant, exact)
        found = self._keys.get(parts)
        if found is None:
            found = self._keys[parts] = AccessKey(
                base, offset, pipe, write, extent, previous=previous, variant=variant, exact=exact
            )
        return found

    # --- driving ------------------------------------------------------------------------------

    def run(self) -> PipeState:
        state = self.run_block(self.kernel.body.block, PipeState())
        ret = self.kernel.body.block.last_op
        if ret is not None:
            self._at_exit(ret, state)
        for loop, reason in self.precision_lost:
            self.warn("HZ-0", loop, f"pipe sync analysis is imprecise here: {reason}", partner="loop")
        return state

    def _first_framework_user(self) -> Operation | None:
        """The first op that takes event ids from the pipe's pool at run time (spec §0.1)."""
        for op in self.kernel.walk():
            kind = type(op)
            if kind is RegisterMatmulOp or kind is EventIdOp:
                return op
            if kind is InitBufferOp and isinstance(op.operands[1].type, TQueType):
                return op
        return None

    def run_block(self, block: Block, state: PipeState) -> PipeState:
        """The engine's walk, over the ops of ``block`` that can change the state only (computed once per
        block: constants, address arithmetic and views are skipped)."""
        ops = self._relevant.get(block)
        if ops is None:
            ops = self._relevant[block] = [op for op in block.ops if self._is_relevant(op)]
        for op in ops:
            state = self.visit(op, state)
        return state

    def _is_relevant(self, op: Operation) -> bool:
        if op.regions or type(op) in _HANDLERS:
            return True
        if _traits(op)[2] is not None:
            return True
        _pipe, accesses, opaque = self._plan(op)
        return bool(accesses) or opaque

    # --- lattice ------------------------------------------------------------------------------

    def copy(self, state: PipeState) -> PipeState:
        return state.copy()

    def same(self, a: PipeState, b: PipeState) -> bool:
        return (
            a.log == b.log
            and a.slots == b.slots
            and a.queues == b.queues
            and a.event_ids == b.event_ids
            and a.atomic == b.atomic
        )

    def join(self, then_state: PipeState, else_state: PipeState, branch: scf.IfOp) -> PipeState:
        self._check_slots_agree(then_state, else_state, branch)
        for queue in {**then_state.queues, **else_state.queues}:
            then_q = then_state.queues.get(queue) or QueueState()  # first used in the other arm: empty here
            else_q = else_state.queues.get(queue) or QueueState()
            for count in ("enqueued", "allocated"):
                a, b = getattr(then_q, count), getattr(else_q, count)
                if a != b:
                    self.error(
                        "TQ-9",
                        branch,
                        f"queue `{value_name(queue, 'queue')}` holds {a} tensor(s) after the `then` branch and {b} "
                        "after the `else` branch",
                        partner=queue,
                    )
                    break
        return self._join(then_state, else_state, keep_slots_of_first=True)

    def join_loop(self, entry: PipeState, carried: PipeState, loop: Operation) -> PipeState:
        return self._join(entry, carried, keep_slots_of_first=True, counts_of_first=True)

    def _join(
        self, a: PipeState, b: PipeState, *, keep_slots_of_first: bool, counts_of_first: bool = False
    ) -> PipeState:
        log = dict(a.log)
        for key, right in b.log.items():
            left = log.get(key)
            if left is None:
                log[key] = right
            elif left != right:
                log[key] = Access(
                    left.op, left.name, left.ordered_to & right.ordered_to, left.captured_by & right.captured_by
                )
        slots = dict(a.slots)
        for key, slot in b.slots.items():
            if key not in slots and (not keep_slots_of_first or isinstance(key[0], str)):
                slots[key] = slot  # a private (queue) slot pending on one path only: may be pending
        queues = _join_queues(a.queues, b.queues, counts_of_first=counts_of_first)
        event_ids = {key: a.event_ids.get(key) or b.event_ids.get(key) for key in {**a.event_ids, **b.event_ids}}
        return PipeState(log, slots, queues, event_ids, a.initialised | b.initialised, a.atomic or b.atomic)

    def _check_slots_agree(self, then_state: PipeState, else_state: PipeState, branch: scf.IfOp) -> None:
        for key, slot in [*then_state.slots.items(), *else_state.slots.items()]:
            if not isinstance(key[0], HardEvent):
                continue
            if (key in then_state.slots) != (key in else_state.slots):
                self.error(
                    "FL-11",
                    branch,
                    f"event slot {_slot_text(key, slot.set_op)} is set on one branch of this `if` and not on the other",
                    [note(slot.set_op, "set here")],
                    partner=_slot_text(key, slot.set_op),
                )

    def back_edge(self, state: PipeState, loop: Operation) -> PipeState:
        state.log = _retag(state.log, loop, self._key, previous=True)
        return state

    def exit_loop(self, state: PipeState, loop: Operation) -> PipeState:
        state.log = _retag(state.log, loop, self._key, previous=False)
        return state

    def check_loop(self, entry: PipeState, body_exit: PipeState, loop: Operation) -> None:
        slots = {**entry.slots, **body_exit.slots}
        for key in sorted(slots, key=lambda k: _slot_order(k, slots[k].set_op)):
            if not isinstance(key[0], HardEvent) or (key in entry.slots) == (key in body_exit.slots):
                continue
            sets, waits = _count_flag_ops(loop, key)
            slot = body_exit.slots.get(key) or entry.slots[key]
            self.error(
                "FL-11",
                loop,
                f"one iteration of this loop changes event slot {_slot_text(key, slot.set_op)} (sets {sets}, "
                f"waits {waits}); the loop is unbalanced",
                [note(slot.set_op, "set here")],
                partner=key,
            )
        trips = constant_trip_count(loop) if isinstance(loop, scf.ForOp) else None
        for queue, after in body_exit.queues.items():
            before = entry.queues.get(queue, QueueState())
            name = value_name(queue, "queue")
            extra_alloc = after.allocated - before.allocated
            extra_enque = after.enqueued - before.enqueued
            if extra_alloc:
                num = self._num_buffers(queue)
                more = "more" if extra_alloc > 0 else "fewer"
                self.error(
                    "TQ-8",
                    loop,
                    f"this loop allocates from `{name}` {abs(extra_alloc)} {more} time(s) than it frees per "
                    f"iteration; the queue runs out of buffers after {num if num is not None else 'a few'} iterations",
                    partner=(queue, "alloc"),
                )
                if trips is not None and num is not None and extra_alloc > 0:
                    if before.allocated + extra_alloc * trips > num:
                        alloc = _first_in(loop, AllocTensorOp, queue)
                        if alloc is not None:
                            self._tq3(alloc, queue, before.allocated + extra_alloc * trips, num)
            if extra_enque:
                depth = _depth(queue)
                more = "more" if extra_enque > 0 else "fewer"
                self.error(
                    "TQ-8",
                    loop,
                    f"this loop enqueues into `{name}` {abs(extra_enque)} {more} time(s) than it dequeues per "
                    f"iteration; the queue overflows after {depth} iterations",
                    partner=(queue, "enque"),
                )

    # --- transfer -----------------------------------------------------------------------------

    def transfer(self, op: Operation, state: PipeState) -> PipeState:
        handler = _HANDLERS.get(type(op))  # by exact class: cheaper than isinstance on op classes
        if handler is None:
            self._other(op, state)
        else:
            handler(self, op, state)
        return state

    def _barrier_op(self, op: PipeBarrierOp, state: PipeState) -> None:
        self._barrier(op.pipe.data, state)

    def _plan(self, op: Operation) -> tuple[Pipe | None, list[tuple[SSAValue, bool]], bool]:
        """What a basic op does, computed once per op (the fixpoint visits loop bodies several times): the
        pipe, the tensors it reads (False) and writes (True), and whether it is opaque (HZ-8)."""
        plan = self._plans.get(op)
        if plan is None:
            access, executes, _ = _traits(op)
            pipe = executes.pipe_of(op) if executes is not None and access is not None else None
            accesses = (
                [(v, False) for v in access.read_values(op)] + [(v, True) for v in access.written_values(op)]
                if access is not None and pipe is not None
                else []
            )
            opaque = (
                access is None
                and executes is None
                and not isinstance(op, func.ReturnOp)
                and any(_is_tensor(v) for v in op.operands)
            )
            plan = self._plans[op] = (pipe, accesses, opaque)
        return plan

    def _other(self, op: Operation, state: PipeState) -> None:
        method = _traits(op)[2]
        if method is not None:
            self._pairs_seen.clear()
            self._matmul(op, method, state)
            return
        pipe, accesses, opaque = self._plan(op)
        if accesses:
            self._pairs_seen.clear()
            assert pipe is not None
            for value, write in accesses:
                self._access(op, pipe, value, write, state)
        elif opaque:
            tensors = [v for v in op.operands if _is_tensor(v)]
            names = ", ".join(f"`{value_name(v)}`" for v in tensors)
            self.warn(
                "HZ-8",
                op,
                f"sync analysis cannot see the memory accesses of `{op.name}`; it is assumed to touch {names} on "
                "an unknown pipe",
            )
            for value in tensors:
                self._opaque_access(op, value, state)

    def _opaque_access(self, op: Operation, value: SSAValue, state: PipeState) -> None:
        """An opaque op reads and writes ``value`` on an unknown pipe: every logged access to an overlapping
        region is an opaque hazard; the access is logged (on :data:`UNKNOWN_PIPE`) without displacing the
        accesses it overlaps, so hazards between the known ops around it are still found."""
        region = self._region(value)
        base, offset, extent, exact = region.base, region.offset, region.extent, region.exact
        for key, access in state.log.items():
            if access.op is not op and self._overlap(key, base, offset, extent, exact) != "none" and self.reporting:
                self.opaque_hazards.append((access.op, op))
        key = self._key(base, offset, UNKNOWN_PIPE, True, extent, exact=exact)
        state.log[key] = Access(op, region.name, NO_ORDER)

    # --- flags --------------------------------------------------------------------------------

    def _slot_key(self, op: SetFlagOp | WaitFlagOp) -> SlotKey | None:
        """The slot ``op`` sets or waits on (None when its id is unusable); its id rules are checked (and
        reported) on every reporting visit, the key itself is computed once per op."""
        if op in self._slot_of_op and not self.reporting:
            return self._slot_of_op[op]
        key = self._slot_of_op[op] = self._compute_slot_key(op)
        return key

    def _compute_slot_key(self, op: SetFlagOp | WaitFlagOp) -> SlotKey | None:
        event = op.event.data
        constant = constant_int(op.event_id)
        if constant is not None:
            if not 0 <= constant < EVENT_ID_COUNT:
                self.error(
                    "FL-5",
                    op,
                    f"event id {constant} is out of range; valid ids are 0 to {EVENT_ID_COUNT - 1}",
                )
                return None
            if self.framework_user is not None:
                self.warn(
                    "FL-6",
                    op,
                    f"hard-coded event id {constant} may collide with event ids the framework allocates at run "
                    f"time; use pipe.alloc_event_id({event_text(event)})",
                    [note(self.framework_user, "the framework takes event ids here")],
                )
            return self._slot(event, constant)
        owner = op.event_id.owner
        if isinstance(owner, EventIdOp):
            return self._slot(event, op.event_id)
        if _is_pure_integer(op.event_id):
            return self._slot(event, condition_key(op.event_id))  # e.g. ``i % 2``: the same computation, the same id
        self.error(
            "FL-4",
            op,
            f"event id of `{flag_call(op)}` must be a compile-time constant or a value returned by "
            "pipe.alloc_event_id / pipe.fetch_event_id",
        )
        return None

    def _check_pool_id(self, op: SetFlagOp | WaitFlagOp, state: PipeState) -> None:
        released = state.event_ids.get(op.event_id)
        if released is not None:
            self.error(
                "FL-8", op, f"`{flag_call(op)}` uses an event id released here", [note(released, "released here")]
            )

    def _set_flag(self, op: SetFlagOp, state: PipeState) -> None:
        self._check_core_pipe(op, op.event.data.src)
        key = self._slot_key(op)
        if key is None:
            return
        event = op.event.data
        self._check_pool_id(op, state)
        pending = state.slots.get(key)
        if pending is not None:
            previous = " in the previous loop iteration" if _inside_loop_after(pending.set_op, op) else ""
            self.error(
                "FL-3",
                op,
                f"`{flag_call(op)}` sets event slot {_slot_text(key, op)} while the set here is still pending",
                [note(pending.set_op, "set here" + previous)],
                partner=pending.set_op,
            )
        else:
            self._check_may_collide(op, key, state)
        state.slots[key] = Slot(op)
        self._capture(key, event.src, state)

    def _check_may_collide(self, op: SetFlagOp, key: SlotKey, state: PipeState) -> None:
        """FL-3 as a warning: a set whose run-time id may equal the id of a pending set of the same event."""
        for other, slot in state.slots.items():
            if other[0] is not key[0] or other is key or not _may_be_equal(key[1], other[1]):
                continue
            set_op = slot.set_op
            assert isinstance(set_op, SetFlagOp)
            self.warn(
                "FL-3",
                op,
                f"`{flag_call(op)}` may set the same event slot as `{flag_call(set_op)}`, still pending: a run-time "
                "id can equal it",
                [note(set_op, "set here")],
                partner=set_op,
            )
            return

    def _capture(self, key: SlotKey, src: Pipe, state: PipeState) -> None:
        log = state.log
        for access_key, access in log.items():
            if access_key.pipe is src or src in access.ordered_to:
                log[access_key] = Access(access.op, access.name, access.ordered_to, access.captured_by | {key})

    def _release_slot(self, key: SlotKey, dst: Pipe, state: PipeState) -> None:
        log = state.log
        gained = MODEL_PIPES if dst is Pipe.PIPE_S else frozenset({dst})
        for access_key, access in list(log.items()):
            if key in access.captured_by:
                ordered = access.ordered_to | gained
                if ordered >= MODEL_PIPES:
                    del log[access_key]  # ordered before everything: no later access can race with it
                else:
                    log[access_key] = Access(access.op, access.name, ordered, access.captured_by - {key})

    def _wait_flag(self, op: WaitFlagOp, state: PipeState) -> None:
        self._check_core_pipe(op, op.event.data.dst)
        self.waits_seen.append(op)
        key = self._slot_key(op)
        if key is None:
            return
        self._check_pool_id(op, state)
        event = op.event.data
        if key not in state.slots:
            self.error(
                "FL-1",
                op,
                f"`{flag_call(op)}` has no matching `{flag_call(op).replace('wait_flag', 'set_flag')}`; the wait "
                "would block forever",
                self._fl1_notes(key, state),
            )
            return
        if self.reporting:
            self.pairs.append((state.slots[key].set_op, op))
        del state.slots[key]
        self._release_slot(key, event.dst, state)

    def _fl1_notes(self, key: SlotKey, state: PipeState) -> list[Note]:
        event, ident = key[0], key[1]
        assert isinstance(event, HardEvent)
        for other, slot in state.slots.items():
            if other[0] is event and other[1] != ident:
                return [note(slot.set_op, f"{flag_call_of(slot.set_op)} here uses a different event id")]
        reverse = reverse_event(event)
        slot = state.slots.get(self._slot(reverse, ident)) if reverse is not None else None
        if slot is not None:
            return [note(slot.set_op, f"{flag_call_of(slot.set_op)} here sets the opposite direction")]
        return []

    def _barrier(self, pipe: Pipe, state: PipeState) -> None:
        if pipe is Pipe.PIPE_ALL:
            state.log = {}  # everything issued so far has completed before anything issued later starts
            return
        log = state.log
        for key, access in log.items():
            if key.pipe is pipe:
                log[key] = Access(access.op, access.name, access.ordered_to | {pipe}, access.captured_by)

    # --- queues -------------------------------------------------------------------------------

    def _queue(self, queue: SSAValue, op: Operation, state: PipeState) -> QueueState:
        found = state.queues.get(queue)
        if found is None:
            found = state.queues[queue] = QueueState()
        if queue not in state.initialised and isinstance(queue.type, TQueType):
            self.error("TQ-15", op, f"queue `{value_name(queue, 'queue')}` is used before `pipe.init_buffer`")
        return found

    def _init_buffer(self, op: InitBufferOp, state: PipeState) -> None:
        buffer = op.buffer
        if not isinstance(buffer.type, TQueType):
            return
        name = value_name(buffer, "queue")
        earlier = self.init_of.get(buffer)
        if buffer in state.initialised and earlier is not None and earlier is not op:
            self.error("TQ-15", op, f"queue `{name}` is initialised twice", [note(earlier, "initialised here")])
        self.init_of.setdefault(buffer, op)
        if enclosing_loop(op, self.kernel) is not None:
            message = f"`pipe.init_buffer` inside a loop re-initialises `{name}` on every iteration"
            self.warn("TQ-15", op, message, partner="loop")
        position = buffer.type.position.data
        if position not in QUEUE_EVENTS:
            declared = buffer.owner if isinstance(buffer.owner, DeclareOp) else op
            self.warn(
                "TQ-14",
                declared,
                f"queue position {str(position).upper()} is not modelled by ascx sync analysis; its implied events "
                "are ignored",
            )
        state.initialised = state.initialised | {buffer}

    def _num_buffers(self, queue: SSAValue) -> int | None:
        init = self.init_of.get(queue)
        return constant_int(init.num) if init is not None and init.num is not None else None

    def _tq3(self, op: Operation, queue: SSAValue, needed: int, num: int) -> None:
        name = value_name(queue, "queue")
        init = self.init_of.get(queue)
        self.error(
            "TQ-3",
            op,
            f"`{name}.alloc_tensor()` needs buffer {needed}, but `pipe.init_buffer({name}, {num}, …)` provides {num}",
            [note(init, "buffers provided here")] if init is not None else [],
        )

    def _alloc(self, op: AllocTensorOp, state: PipeState) -> None:
        queue = op.queue
        q = self._queue(queue, op, state)
        num = self._num_buffers(queue)
        if num is not None and q.allocated >= num:
            self._tq3(op, queue, q.allocated + 1, num)
        events = _queue_events(queue)
        if q.freed:
            reused, q.freed = q.freed[0], q.freed[1:]
            for freed in (reused, *q.freed):
                if freed is not op:
                    self.aliases.add(frozenset({op, freed}))
            if events is not None:
                key = self._slot("free", queue, reused)
                if key in state.slots:
                    del state.slots[key]
                    self._release_slot(key, events[1].dst, state)
        q.status[op] = frozenset({"alloc"})
        q.allocated += 1
        self.tensors[op.result] = (queue, op)

    def _instance(self, value: SSAValue, state: PipeState) -> tuple[SSAValue, Token] | None:
        base = base_value(self._region(value))
        return self.tensors.get(base) if base is not None else None

    def _enque(self, op: EnqueOp, state: PipeState) -> None:
        queue = op.queue
        q = self._queue(queue, op, state)
        instance = self._instance(op.tensor, state)
        if instance is None or instance[0] != queue:
            origin = op.tensor.owner if isinstance(op.tensor.owner, Operation) else None
            self.error(
                "TQ-13",
                op,
                f"`{_q(queue)}.enque({_t(op.tensor)})`: `{_t(op.tensor)}` was not allocated from `{_q(queue)}`",
                [note(origin, "created here")] if origin is not None else [],
            )
            return
        token = instance[1]
        depth = _depth(queue)
        if depth > 0 and q.enqueued >= depth:
            declared = queue.owner if isinstance(queue.owner, Operation) else None
            self.error(
                "TQ-2",
                op,
                f"`{_q(queue)}.enque()` would hold {q.enqueued + 1} tensors in queue `{_q(queue)}`, declared with "
                f"depth {depth}",
                [note(declared, "declared here")] if declared is not None else [],
            )
        q.status[token] = frozenset({"enque"})
        q.fifo = (*q.fifo, token)
        q.definite += 1
        q.enqueued += 1
        q.enque_op[token] = op
        events = _queue_events(queue)
        if events is not None:
            key = self._slot("enque", queue, token)
            state.slots[key] = Slot(op)
            self._capture(key, events[0].src, state)

    def _deque(self, op: DequeOp, state: PipeState) -> None:
        queue = op.queue
        q = self._queue(queue, op, state)
        if q.definite <= 0:
            declared = queue.owner if isinstance(queue.owner, Operation) else None
            self.error(
                "TQ-1",
                op,
                f"`{_q(queue)}.deque()` has no matching `{_q(queue)}.enque()`: queue `{_q(queue)}` may be empty here",
                [note(declared, "declared here")] if declared is not None else [],
            )
        if not q.fifo:
            return
        token, q.fifo = q.fifo[0], q.fifo[1:]
        q.definite = max(0, q.definite - 1)
        q.enqueued = max(0, q.enqueued - 1)
        q.status[token] = frozenset({"alloc"})
        self.tensors[op.result] = (queue, token)
        events = _queue_events(queue)
        if events is not None:
            key = self._slot("enque", queue, token)
            if key in state.slots:
                del state.slots[key]
                self._release_slot(key, events[0].dst, state)

    def _free(self, op: FreeTensorOp, state: PipeState) -> None:
        queue = op.queue
        q = self._queue(queue, op, state)
        instance = self._instance(op.tensor, state)
        if instance is None or instance[0] != queue:
            self.error(
                "TQ-4",
                op,
                f"`{_q(queue)}.free_tensor({_t(op.tensor)})`: `{_t(op.tensor)}` was not allocated from `{_q(queue)}`",
            )
            return
        token = instance[1]
        status = q.status.get(token, frozenset())
        if "free" in status:
            freed = q.free_op.get(token)
            self.error(
                "TQ-4",
                op,
                f"`{_q(queue)}.free_tensor({_t(op.tensor)})`: `{_t(op.tensor)}` is already freed",
                [note(freed, "freed here")] if freed is not None else [],
            )
            return
        if "enque" in status:
            self.error(
                "TQ-5",
                op,
                f"`{_q(queue)}.free_tensor({_t(op.tensor)})` frees a tensor that is still enqueued",
                [note(q.enque_op.get(token), "enqueued here")],
            )
            q.fifo = tuple(t for t in q.fifo if t is not token)
            q.definite = min(q.definite, len(q.fifo))
            q.enqueued = max(0, q.enqueued - 1)
        q.status[token] = frozenset({"free"})
        q.allocated = max(0, q.allocated - 1)
        q.freed = (*(t for t in q.freed if t is not token), token)
        q.free_op[token] = op
        events = _queue_events(queue)
        if events is not None:
            key = self._slot("free", queue, token)
            state.slots[key] = Slot(op)
            self._capture(key, events[1].src, state)

    # --- event ids and atomics ----------------------------------------------------------------

    def _event_id(self, op: EventIdOp, state: PipeState) -> None:
        event = op.event.data
        if op.action.data is EventIdAction.ALLOC:
            state.event_ids[op.result] = None
            return
        for key, slot in state.slots.items():
            if key[0] is event and isinstance(key[1], SSAValue) and key[1] in self.fetched:
                self.error(
                    "FL-7",
                    op,
                    f"`pipe.fetch_event_id({event_text(event)})` may return the id of the pending pair here: fetched "
                    "ids are not reserved",
                    [note(slot.set_op, "pending set here")],
                )
                break
        self.fetched[op.result] = event

    def _release(self, op: ReleaseEventIdOp, state: PipeState) -> None:
        value = op.event_id
        if value not in state.event_ids:
            return
        released = state.event_ids[value]
        if released is not None:
            self.error(
                "FL-8",
                op,
                f"`pipe.release_event_id({id_text(value)}, {event_text(op.event.data)})` uses an event id released "
                "here",
                [note(released, "released here")],
            )
            return
        state.event_ids[value] = op

    def _atomic(self, op: SetAtomicOp, state: PipeState) -> None:
        kind = op.kind.data
        if kind is AtomicKind.NONE:
            state.atomic = None
            return
        if kind is AtomicKind.TYPE:
            return  # the data type of the active mode, not a mode
        if state.atomic is not None and state.atomic is not op:
            self.warn(
                "AT-2",
                op,
                f"`{_atomic_call(op)}` changes atomic mode while `{_atomic_call(state.atomic)}` is still active",
                [note(state.atomic, "set here")],
            )
        state.atomic = op

    # --- Matmul calls -------------------------------------------------------------------------

    def _matmul(self, op: Operation, method: MatmulMethod, state: PipeState) -> None:
        access = op.get_trait(MatmulAccess)
        if method.role is MatmulRole.WAIT:
            wait = op.get_trait(MatmulAsyncWait)
            if wait is not None and wait.kind == "get_tensor_c":
                for key, entry in list(state.log.items()):
                    if MATMUL_PENDING in entry.captured_by:
                        state.log[key] = Access(
                            entry.op, entry.name, entry.ordered_to, entry.captured_by - {MATMUL_PENDING}
                        )
                self._private_pair(Pipe.PIPE_MTE2, Pipe.PIPE_V, op, state)
            return
        if access is None:
            return
        for value in access.read_values(op):
            self._access(op, Pipe.PIPE_S, value, False, state, log=False)
        for value in access.written_values(op):
            local = isinstance(value.type, LocalTensorType)
            if method.role is MatmulRole.FETCH and local:
                self._access(op, Pipe.PIPE_MTE2, value, True, state)
                if is_async_call(op):
                    self._mark_pending(op, state)
                else:
                    self._private_pair(Pipe.PIPE_MTE2, Pipe.PIPE_V, op, state)
            elif method.role in (MatmulRole.COMPUTE, MatmulRole.FETCH):
                self._access(op, Pipe.PIPE_S, value, True, state, log=False)

    @staticmethod
    def _mark_pending(op: Operation, state: PipeState) -> None:
        """Accesses before ``wait_get_tensor_c`` to an asynchronous fetch's tile are MM-1's to report."""
        for key, entry in list(state.log.items()):
            if entry.op is op:
                state.log[key] = Access(entry.op, entry.name, entry.ordered_to, entry.captured_by | {MATMUL_PENDING})

    def _private_pair(self, src: Pipe, dst: Pipe, op: Operation, state: PipeState) -> None:
        key = self._slot("matmul", op)
        self._capture(key, src, state)
        self._release_slot(key, dst, state)

    # --- accesses -----------------------------------------------------------------------------

    def _region(self, value: SSAValue) -> Region:
        region = self._regions.get(value)
        if region is None:
            region = self._regions[value] = region_of(value, self._gm_bases)
        return region

    def _access(
        self, op: Operation, pipe: Pipe, value: SSAValue, write: bool, state: PipeState, *, log: bool = True
    ) -> None:
        region = self._region(value)
        base, name = region.base, region.name
        instance = self._instance(value, state)
        suppressed = False
        if instance is not None:
            queue, token = instance
            base = QueueBase(queue, token)
            suppressed = self._check_instance(op, pipe, value, write, queue, token, state)
        if (
            isinstance(base, GMBase)
            and pipe in (Pipe.PIPE_S, Pipe.PIPE_MTE2, Pipe.PIPE_MTE3)
            and _traits(op)[2] is None  # a Matmul call hands GM to the cube, not to the scalar cache
        ):
            self._check_scalar_cache(op, pipe, base, name)
        if not suppressed:
            self._current = value
            self._check_hazards(op, pipe, base, region.offset, region.extent, region.exact, write, name, state)
        if not log:
            return
        offset = region.offset
        entries = state.log
        same_base = [k for k in entries if k.base == base]
        if write:
            for k in same_base:
                if k.offset == offset and not k.variant:
                    del entries[k]  # overwritten: later accesses conflict with this write instead (see _access docs)
        access = Access(op, name, SCALAR_ORDER if pipe is Pipe.PIPE_S else NO_ORDER)
        extent, exact = region.extent, region.exact
        group = [
            k
            for k in same_base
            if k.pipe is pipe and k.write is write and not k.previous and k.extent is None and k in entries
        ]
        if extent is None and len(group) >= MAX_OFFSETS_PER_BUFFER:
            offset, extent, exact = VARIED, None, False  # many offsets into one buffer: one entry for all
            for k in group:
                older = entries.pop(k)
                access = Access(op, name, access.ordered_to & older.ordered_to, access.captured_by & older.captured_by)
        key = self._key(base, offset, pipe, write, extent, exact=exact)
        entries[key] = access

    def _check_scalar_cache(self, op: Operation, pipe: Pipe, base: GMBase, name: str) -> None:
        """HZ-7: GM accessed both through the scalar data cache and by DMA, with no cache maintenance (U-14)."""
        scalar = pipe is Pipe.PIPE_S
        other = (self._gm_dma if scalar else self._gm_scalar).get(base)
        (self._gm_scalar if scalar else self._gm_dma).setdefault(base, op)
        if other is None:
            return
        if scalar:
            message = (
                f"`{python_call(op)}` accesses `{name}` through the scalar data cache after `{python_call(other)}` "
                "accessed it by DMA; cache maintenance is required"
            )
        else:
            message = (
                f"`{python_call(op)}` accesses `{name}` by DMA after `{python_call(other)}` accessed it through the "
                "scalar data cache; cache maintenance is required"
            )
        self.error("HZ-7", op, message, [note(other, "accessed here")], partner=other)

    def _check_instance(
        self,
        op: Operation,
        pipe: Pipe,
        value: SSAValue,
        write: bool,
        queue: SSAValue,
        token: Token,
        state: PipeState,
    ) -> bool:
        """TQ-6, TQ-7 and TQ-12 for an access to a queue tensor; True when TQ-7 holds (PA-9)."""
        q = state.queues.get(queue)
        status: frozenset[str] = q.status.get(token, frozenset()) if q is not None else frozenset()
        position = _position(queue)
        events = QUEUE_EVENTS.get(position) if position is not None else None
        mismatched = (
            events is not None
            and pipe is not Pipe.PIPE_S
            and pipe not in (events[0].src, events[0].dst)
            and op.get_trait(MatmulMethod) is None
        )
        if not (status & {"free", "enque"} or mismatched) or not self.reporting:
            return "enque" in status
        tensor, name = value_name(value), value_name(queue, "queue")
        call = python_call(op)
        if "free" in status and q is not None:
            self.error(
                "TQ-6",
                op,
                f"`{call}` uses `{tensor}` after `{name}.free_tensor({tensor})`",
                [note(q.free_op.get(token), "freed here")],
                partner=tensor,
            )
        enqueued = "enque" in status and q is not None
        if enqueued:
            assert q is not None
            self.error(
                "TQ-7",
                op,
                f"`{call}` uses `{tensor}` after `{name}.enque({tensor})` and before `{name}.deque()`",
                [note(q.enque_op.get(token), "enqueued here")],
                partner=tensor,
            )
        if mismatched and events is not None:
            src, dst = events[0].src, events[0].dst
            label = str(position).upper()
            self.warn(
                "TQ-12",
                op,
                f"tensor from {label} queue `{name}` is {'written' if write else 'read'} by {pipe_label(pipe)} "
                f"({call}); {label} queues order {pipe_label(src)} → {pipe_label(dst)} only",
                partner=tensor,
            )
        return enqueued

    def _overlap(
        self, a: AccessKey, base: object, offset: Offset, extent: tuple[int, int] | None, exact: bool
    ) -> Literal["definite", "may", "none"]:
        if a.base == base and a.extent is not None and extent is not None:
            return extent_overlap(a.extent, a.exact, extent, exact)
        if a.base == base:
            if a.variant and not (isinstance(offset, int) and isinstance(a.offset, int)):
                return "may"
            return "definite" if a.offset == offset else "may"
        if (
            isinstance(a.base, QueueBase)
            and isinstance(base, QueueBase)
            and a.base.queue == base.queue
            and frozenset({a.base.token, base.token}) in self.aliases
        ):
            return "definite" if a.offset == offset else "may"
        if not self.options.assume_gm_args_noalias and isinstance(a.base, GMBase) and isinstance(base, GMBase):
            return "may"
        return "none"

    def _check_hazards(
        self,
        op: Operation,
        pipe: Pipe,
        base: object,
        offset: Offset,
        extent: tuple[int, int] | None,
        exact: bool,
        write: bool,
        name: str,
        state: PipeState,
    ) -> None:
        items = state.log.items()
        previous_first = [item for item in items if item[0].previous] + [item for item in items if not item[0].previous]
        for key, access in previous_first:
            if not (write or key.write) or access.op is op or MATMUL_PENDING in access.captured_by:
                continue
            if key.pipe is UNKNOWN_PIPE:
                if self.reporting and self._overlap(key, base, offset, extent, exact) != "none":
                    self.opaque_hazards.append((access.op, op))
                continue
            if pipe in access.ordered_to or (key.pipe is pipe is Pipe.PIPE_S):
                continue
            if key.pipe is pipe and (key.write is False or write) and not self.options.strict_same_pipe:
                continue  # same-pipe WAR / WAW: in order unless strict_same_pipe (U-1)
            overlap = self._overlap(key, base, offset, extent, exact)
            if overlap == "none":
                continue
            pair = (op, access.op, base)
            if pair in self._pairs_seen:
                continue  # a tensor passed as several operands (abs(t, t)) is one use (spec D-3)
            self._pairs_seen.add(pair)
            self._hazard(op, pipe, write, name, key, access, overlap == "may", state)

    def _hazard(
        self,
        op: Operation,
        pipe: Pipe,
        write: bool,
        name: str,
        key: AccessKey,
        access: Access,
        may: bool,
        state: PipeState,
    ) -> None:
        a_call, b_call = python_call(access.op), python_call(op)
        a_pipe, b_pipe = pipe_label(key.pipe), pipe_label(pipe)
        previous = " in the previous loop iteration" if key.previous else ""
        if key.pipe is pipe:
            rule = "HZ-4"
            barrier = f"without `asc.pipe_barrier(PipeID.PIPE_{b_pipe})`"
            if key.write and not write:
                message = f"`{b_call}` reads `{name}` written by `{a_call}` on the same pipe {b_pipe} {barrier}"
            elif write and not key.write:  # strict_same_pipe only
                message = (
                    f"`{b_call}` overwrites `{name}` still being read by `{a_call}` on the same pipe {b_pipe} {barrier}"
                )
            else:
                message = f"`{b_call}` and `{a_call}` both write `{name}` on the same pipe {b_pipe} {barrier}"
            notes = [note(access.op, ("written here" if key.write else "read here") + previous)]
        elif key.write and not write:
            rule = "HZ-1"
            message = (
                f"`{b_call}` ({b_pipe}) reads `{name}` written by `{a_call}` ({a_pipe}) without synchronization; "
                f"needs {a_pipe} → {b_pipe} ordering"
            )
            hint = "" if key.previous else self._hint(key, pipe)
            notes = [note(access.op, "written here" + previous + hint)]
        elif write and not key.write:
            rule = "HZ-2"
            message = (
                f"`{b_call}` ({b_pipe}) overwrites `{name}` still being read by `{a_call}` ({a_pipe}); needs "
                f"{a_pipe} → {b_pipe} ordering"
            )
            notes = [note(access.op, "read here" + previous)]
        else:
            rule = "HZ-3"
            message = f"`{b_call}` ({b_pipe}) and `{a_call}` ({a_pipe}) both write `{name}` without ordering"
            notes = [note(access.op, "written here" + previous)]
        if may:
            message = "possible hazard: " + message
            notes.append(Note(None, f"{access.name} and {name} may overlap: their offsets cannot be compared"))
            self.warn("HZ-5", op, message, notes, partner=(rule, name))
        else:
            self.error(rule, op, message, notes, partner=name)
        if self.reporting:
            self.hazards.append(Hazard(rule, access.op, op, key.pipe, pipe, key.previous, may, self._current, key.base))

    def _hint(self, key: AccessKey, pipe: Pipe) -> str:
        base = key.base
        if isinstance(base, QueueBase):
            queue = base.queue
            events = _queue_events(queue)
            if events is not None and (events[0].src, events[0].dst) == (key.pipe, pipe):
                name = value_name(queue, "queue")
                return f"; e.g. {name}.enque()/{name}.deque()"
        event = direct_event(key.pipe, pipe)
        if event is None:
            return "; e.g. asc.pipe_barrier(PipeID.PIPE_ALL)"
        return f"; e.g. asc.set_flag/asc.wait_flag({event_text(event)}, id)"

    # --- core context -------------------------------------------------------------------------

    def _check_core_pipe(self, op: Operation, pipe: Pipe) -> None:
        if not self.reporting:
            return
        core, pipes = self._core_of(op)
        if pipe not in pipes:
            self.warn(
                "FL-10",
                op,
                f"`{python_call(op) if not isinstance(op, SetFlagOp | WaitFlagOp) else flag_call(op)}` names pipe "
                f"{str(pipe).upper()}, which the {core} core does not use",
            )

    def _core_of(self, op: Operation) -> tuple[str, frozenset[Pipe]]:
        from ascx.dialects.ascendc.kernel_attrs import CUBE_ONLY_ATTR
        from ascx.dialects.ascendc.system_ops import AscendIsAivOp

        child: Operation = op
        parent = op.parent_op()
        while parent is not None and parent is not self.kernel:
            if isinstance(parent, scf.IfOp) and isinstance(parent.cond.owner, AscendIsAivOp):
                in_then = child.parent_region() is parent.true_region
                return ("AIV", AIV_PIPES) if in_then else ("AIC", AIC_PIPES)
            child, parent = parent, parent.parent_op()
        if CUBE_ONLY_ATTR in self.kernel.attributes:
            return "AIC", AIC_PIPES
        return "AIV", AIV_PIPES

    # --- kernel exit --------------------------------------------------------------------------

    def _at_exit(self, ret: Operation, state: PipeState) -> None:
        for key, slot in state.slots.items():
            if not isinstance(key[0], HardEvent):
                continue
            set_op = slot.set_op
            assert isinstance(set_op, SetFlagOp)
            self.error(
                "FL-2",
                set_op,
                f"`{flag_call(set_op)}` is never consumed by a matching `asc.wait_flag`",
                self._fl2_notes(key),
            )
        for value, released in state.event_ids.items():
            if released is None and isinstance(value.owner, EventIdOp):
                self.warn(
                    "FL-8",
                    value.owner,
                    f"event id from `pipe.alloc_event_id({event_text(value.owner.event.data)})` is never released",
                )
        for queue, q in state.queues.items():
            name = value_name(queue, "queue")
            for token, status in q.status.items():
                if "enque" in status:
                    self.warn(
                        "TQ-11",
                        q.enque_op.get(token, token),
                        f"`{name}.enque({_tensor_of(q, token)})` is never dequeued",
                    )
                if status & {"alloc", "enque"}:
                    assert isinstance(token, AllocTensorOp)
                    self.warn(
                        "TQ-10",
                        token,
                        f"`{value_name(token.result)}` allocated by `{name}.alloc_tensor()` is never freed",
                    )
        if state.atomic is not None:
            self.warn(
                "AT-1",
                state.atomic,
                f"atomic mode set by `{_atomic_call(state.atomic)}` is not reset with `asc.set_atomic_none()` before "
                "the kernel returns",
            )

    def _fl2_notes(self, key: SlotKey) -> list[Note]:
        event, ident = key[0], key[1]
        assert isinstance(event, HardEvent)
        for wait in self.waits_seen:
            if wait.event.data is event and _id_key(wait.event_id) != ident and constant_int(wait.event_id) is not None:
                return [note(wait, f"{flag_call(wait)} here uses a different event id")]
        reverse = reverse_event(event)
        for wait in self.waits_seen:
            if wait.event.data is reverse and _id_key(wait.event_id) == ident:
                return [note(wait, f"{flag_call(wait)} here waits on the opposite direction")]
        return []


_HANDLERS: dict[type[Operation], Callable[[PipeSyncAnalysis, Any, PipeState], None]] = {
    SetFlagOp: PipeSyncAnalysis._set_flag,  # pyright: ignore[reportPrivateUsage]
    WaitFlagOp: PipeSyncAnalysis._wait_flag,  # pyright: ignore[reportPrivateUsage]
    PipeBarrierOp: PipeSyncAnalysis._barrier_op,  # pyright: ignore[reportPrivateUsage]
    AllocTensorOp: PipeSyncAnalysis._alloc,  # pyright: ignore[reportPrivateUsage]
    EnqueOp: PipeSyncAnalysis._enque,  # pyright: ignore[reportPrivateUsage]
    DequeOp: PipeSyncAnalysis._deque,  # pyright: ignore[reportPrivateUsage]
    FreeTensorOp: PipeSyncAnalysis._free,  # pyright: ignore[reportPrivateUsage]
    InitBufferOp: PipeSyncAnalysis._init_buffer,  # pyright: ignore[reportPrivateUsage]
    EventIdOp: PipeSyncAnalysis._event_id,  # pyright: ignore[reportPrivateUsage]
    ReleaseEventIdOp: PipeSyncAnalysis._release,  # pyright: ignore[reportPrivateUsage]
    SetAtomicOp: PipeSyncAnalysis._atomic,  # pyright: ignore[reportPrivateUsage]
}
"""The transfer function of each sync or queue op class; other ops go through their traits."""


# --- helpers ------------------------------------------------------------------------------------


def flag_call_of(op: Operation) -> str:
    assert isinstance(op, SetFlagOp | WaitFlagOp)
    return flag_call(op)


def _id_key(value: SSAValue) -> object:
    constant = constant_int(value)
    if constant is not None:
        return constant
    return value if isinstance(value.owner, EventIdOp) else condition_key(value)


def _slot_text(key: SlotKey, op: Operation | None = None) -> str:
    event, ident = key[0], key[1]
    if isinstance(op, SetFlagOp | WaitFlagOp):
        shown = id_text(op.event_id)
    else:
        shown = str(ident) if isinstance(ident, int) else "id"
    return f"{str(event).upper()}#{shown}"


def _is_pure_integer(value: SSAValue) -> bool:
    """Whether ``value`` is computed from constants, loop indices, kernel arguments and system values
    by pure ``arith`` ops only (so two uses of the same computation are the same number)."""
    work, seen = [value], 0
    while work:
        seen += 1
        if seen > 64:
            return False
        current = work.pop()
        owner = current.owner
        if isinstance(owner, Block):
            continue
        if owner.dialect_name() == "arith" and not owner.regions:
            work.extend(owner.operands)
        elif isinstance(owner, SysVarOp) or constant_int(current) is not None:
            continue
        else:
            return False
    return True


def _may_be_equal(a: object, b: object) -> bool:
    """Whether two slot ids may be the same id at run time: a computed id (``i % 2``) may equal a constant
    or another computation; pool ids are distinct from everything else (the pool reserves them)."""

    def computed(ident: object) -> bool:
        return not isinstance(ident, int) and not (isinstance(ident, SSAValue) and isinstance(ident.owner, EventIdOp))

    return (computed(a) and (isinstance(b, int) or computed(b))) or (computed(b) and isinstance(a, int))


def _slot_order(key: SlotKey, set_op: Operation) -> tuple[str, str]:
    shown = id_text(set_op.event_id) if isinstance(set_op, SetFlagOp | WaitFlagOp) else ""
    return (str(key[0]), shown)


def _join_queues(
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


def _q(queue: SSAValue) -> str:
    return value_name(queue, "queue")


def _t(tensor: SSAValue) -> str:
    return value_name(tensor)


def _atomic_call(op: Operation) -> str:
    assert isinstance(op, SetAtomicOp)
    return f"asc.set_atomic_{op.kind.data}"


def _position(queue: SSAValue) -> TPosition | None:
    return queue.type.position.data if isinstance(queue.type, TQueType) else None


def _queue_events(queue: SSAValue) -> tuple[HardEvent, HardEvent] | None:
    position = _position(queue)
    return QUEUE_EVENTS.get(position) if position is not None else None


def _depth(queue: SSAValue) -> int:
    return queue.type.depth.data if isinstance(queue.type, TQueType) else 0


def _tensor_of(q: QueueState, token: Token) -> str:
    enque = q.enque_op.get(token)
    return value_name(enque.operands[1]) if enque is not None else value_name(token.results[0])


def _inside_loop_after(earlier: Operation, later: Operation) -> bool:
    """Whether ``earlier`` comes after ``later`` in a loop body holding both (so it ran in the previous iteration)."""
    block = earlier.parent_block()
    if block is None or block is not later.parent_block():
        return False
    return block.get_operation_index(earlier) > block.get_operation_index(later)


def _first_in(loop: Operation, kind: type[Operation], queue: SSAValue) -> Operation | None:
    for op in loop.walk():
        if isinstance(op, kind) and op.operands and op.operands[0] is queue:
            return op
    return None


def _count_flag_ops(loop: Operation, key: SlotKey) -> tuple[int, int]:
    sets = waits = 0
    for op in loop.walk():
        if isinstance(op, SetFlagOp | WaitFlagOp) and op.event.data is key[0] and _id_key(op.event_id) == key[1]:
            if isinstance(op, SetFlagOp):
                sets += 1
            else:
                waits += 1
    return sets, waits


def _defined_inside(value: SSAValue, loop: Operation) -> bool:
    owner = value.owner
    op = owner.parent_op() if isinstance(owner, Block) else owner
    return op is not None and (op is loop or loop.is_ancestor(op))


def _retag(
    log: dict[AccessKey, Access], loop: Operation, intern: Callable[..., AccessKey], *, previous: bool
) -> dict[AccessKey, Access]:
    retagged: dict[AccessKey, Access] = {}
    for key, access in log.items():
        if key.previous != previous and loop.is_ancestor(access.op):
            variant = key.variant or (
                previous and isinstance(key.offset, tuple) and any(_defined_inside(v, loop) for v in key.offset)
            )
            key = intern(key.base, key.offset, key.pipe, key.write, key.extent, previous, variant, exact=key.exact)
        existing = retagged.get(key)
        if existing is not None:
            access = Access(
                access.op,
                access.name,
                existing.ordered_to & access.ordered_to,
                existing.captured_by & access.captured_by,
            )
        retagged[key] = access
    return retagged
