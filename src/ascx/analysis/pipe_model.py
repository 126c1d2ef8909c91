"""Facts of the pipe model the sync passes reason with (docs/sync-model.md).

Every fact that is not verified (docs/sync-model.md#what-is-not-verified) is a named constant here,
so that it can be corrected in one place when a toolchain or a device says otherwise.
"""

from __future__ import annotations

from ascx.dialects.ascendc.basic_enums import HardEvent
from ascx.dialects.ascendc.enums import Pipe, TPosition

MODEL_PIPES: frozenset[Pipe] = frozenset(
    {Pipe.PIPE_S, Pipe.PIPE_V, Pipe.PIPE_M, Pipe.PIPE_MTE1, Pipe.PIPE_MTE2, Pipe.PIPE_MTE3, Pipe.PIPE_FIX}
)
"""Π: the pipes the happens-before model reasons about (docs/sync-model.md#pipes); an access the scalar
unit has waited for is ordered to all of them (docs/sync-model.md#the-happens-before-model, rule 1)."""

AIV_PIPES: frozenset[Pipe] = frozenset({Pipe.PIPE_S, Pipe.PIPE_V, Pipe.PIPE_MTE2, Pipe.PIPE_MTE3})
"""The pipes of a vector core [not verified]."""

AIC_PIPES: frozenset[Pipe] = frozenset({Pipe.PIPE_S, Pipe.PIPE_MTE1, Pipe.PIPE_MTE2, Pipe.PIPE_M, Pipe.PIPE_FIX})
"""The pipes of a cube core [not verified]."""

EVENT_ID_COUNT = 8
"""Event ids ``0 ... 7`` per HardEvent on dav-c220 (``__CCE_AICORE__ >= 200``) [not verified]."""

EVENT_ORDER: dict[HardEvent, int] = {event: index for index, event in enumerate(HardEvent)}
"""The numeric value of each HardEvent (docs/sync-model.md#hardevents), used only to order inserted ops
(docs/passes/insert-sync.md#placement)."""

_DIRECT: dict[tuple[Pipe, Pipe], HardEvent] = {(event.src, event.dst): event for event in HardEvent}


def direct_event(src: Pipe, dst: Pipe) -> HardEvent | None:
    """The HardEvent that orders ``dst`` after ``src`` directly, if the hardware has one
    (docs/sync-model.md#hardevents)."""
    return _DIRECT.get((src, dst))


QUEUE_EVENTS: dict[TPosition, tuple[HardEvent, HardEvent]] = {
    TPosition.VECIN: (HardEvent.MTE2_V, HardEvent.V_MTE2),
    TPosition.VECOUT: (HardEvent.V_MTE3, HardEvent.MTE3_V),
}
"""Per modelled queue position: the event ``enque`` -> ``deque`` implies and the one ``free_tensor``
-> the next ``alloc_tensor`` implies (docs/sync-model.md#queues).  Other positions are not modelled (TQ-14)."""


def enque_orders_fetches(position: TPosition) -> bool:
    """Whether ``enque`` on a queue at ``position`` sets MTE2 -> V, the pair ``WaitGetTensorC`` is made of: the
    queue's hand-off then completes asynchronous ``GetTensorC`` copies into the unified buffer
    (docs/matmul-protocol.md#queue-hand-off)."""
    events = QUEUE_EVENTS.get(position)
    return events is not None and events[0] is HardEvent.MTE2_V


def pipe_label(pipe: Pipe) -> str:
    """``MTE2`` for ``PIPE_MTE2``: how diagnostics name a pipe."""
    return pipe.name.removeprefix("PIPE_")
