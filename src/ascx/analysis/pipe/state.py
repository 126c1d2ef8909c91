"""The state of the pipe analysis at one program point (docs/sync-model.md#the-static-abstraction).

- the **access log**: per memory region, pipe, read/write and iteration tag, the latest access with
  the set of pipes whose future work is known to follow it (``ordered_to``) and the pending event
  slots that captured it;
- the pending **event slots**: user slots ``(HardEvent, id)`` and the private slots of the TQue
  implied events (``enque`` -> ``deque``, ``free_tensor`` -> ``alloc_tensor``);
- per **queue**: its buffer instances (one per ``alloc_tensor`` op) with their possible states, the
  FIFO of enqueued instances and the allocated / enqueued counts;
- the event ids taken from the pool, and the active atomic mode.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from xdsl.ir import Operation, SSAValue

from ascx.analysis.regions import Offset
from ascx.dialects.ascendc.enums import Pipe


@dataclass(frozen=True, slots=True)
class Retired:
    """The instances an ``alloc_tensor`` op made in earlier iterations of a loop that are no longer named
    by the op (its name went to a newer instance: :func:`ascx.analysis.queues.balance.unify_fifos`)."""

    op: Operation


Token = Operation | Retired
"""A queue buffer instance: the ``alloc_tensor`` op that produced it (or its retired instances)."""


def alloc_op(token: Token) -> Operation:
    """The ``alloc_tensor`` op behind an instance (where messages point)."""
    return token.op if isinstance(token, Retired) else token


NO_ORDER: frozenset[Pipe] = frozenset()
SCALAR_ORDER: frozenset[Pipe] = frozenset({Pipe.PIPE_S})
"""What a new access is ordered to: nothing, or (a scalar access) the scalar unit itself."""


class SlotKey:
    """An event slot: ``(HardEvent, id)`` for a user slot (``id`` an int, the SSA value of a pool id or
    the key of a pure computation); ``("enque" | "free", queue, token)`` for a TQue implied slot;
    ``("matmul", op)`` for the private pair of a Matmul fetch.

    Keys are interned by :meth:`~ascx.analysis.pipe.analysis.PipeSyncAnalysis.slot` so that they hash
    and compare by identity (the analysis hashes them constantly)."""

    __slots__ = ("parts",)

    def __init__(self, *parts: object):
        self.parts = parts

    def __getitem__(self, index: int) -> object:
        return self.parts[index]


MATMUL_PENDING = SlotKey("matmul-pending")
"""Marks the tile of an asynchronous ``get_tensor_c`` until ``wait_get_tensor_c``: accesses to it before
the wait are reported by ascx-verify-matmul-sync (MM-1), not as pipe hazards."""


@dataclass(frozen=True, slots=True, eq=False)
class AccessKey:
    """What distinguishes two entries of the access log (interned by
    :meth:`~ascx.analysis.pipe.analysis.PipeSyncAnalysis.key`, so compared by identity)."""

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
    gm_cache: frozenset[tuple[object, bool, Operation]] = frozenset()
    """The accesses to each GM buffer since its last cache maintenance (HZ-7): (buffer, through the scalar
    data cache, op)."""

    def copy(self) -> PipeState:
        return PipeState(
            dict(self.log),
            dict(self.slots),
            {q: s.copy() for q, s in self.queues.items()},
            dict(self.event_ids),
            self.initialised,
            self.atomic,
            self.gm_cache,
        )


@dataclass(frozen=True)
class PipeSyncOptions:
    """The options of the pipe analysis (docs/sync-model.md#options)."""

    strict_same_pipe: bool = False
    assume_gm_args_noalias: bool = True
    sync_lints: bool = False


DEFAULT_OPTIONS = PipeSyncOptions()
