"""A launch's modelled timeline and what it says (docs/emulation.md#timeline): the total, and for one core
each pipe's busy share, how much of the time more than one pipe works, and the critical path."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from ascx.emu.timeline.costs import CostTable
from ascx.emu.timeline.events import ACTORS, OP, Event


@dataclass(frozen=True)
class Timeline:
    """One launch's timeline: every core's end, and the events of the core it draws (``core``: its side,
    ``aiv`` or ``aic``, and index), decoded from the emulation's copy of them when first asked for
    (``load``).  ``processes`` are the trace's process ids and names."""

    kernel: str
    costs: CostTable
    ends: dict[tuple[str, int], float]
    core: tuple[str, int]
    processes: tuple[tuple[int, str], ...]
    load: Callable[[], tuple[Event, ...]] = field(repr=False, compare=False)

    @cached_property
    def events(self) -> tuple[Event, ...]:
        """The drawn core's events, in the order it recorded them."""
        return self.load()

    @property
    def total(self) -> float:
        """The modelled cycles of the launch: its slowest core's."""
        return max(self.ends.values(), default=0.0)


def busy(events: tuple[Event, ...]) -> dict[str, float]:
    """Each pipe's cycles spent in operations (its operations never overlap: a pipe runs in order)."""
    cycles: dict[str, float] = {a: 0.0 for a in ACTORS}
    for e in events:
        if e.kind == OP:
            cycles[e.actor] += e.end - e.start
    return {a: c for a, c in cycles.items() if c > 0}


def overlap(events: tuple[Event, ...]) -> float:
    """The cycles during which at least two pipes other than the scalar unit run operations."""
    edges: list[tuple[float, int]] = []
    for e in events:
        if e.kind == OP and e.actor != "S" and e.end > e.start:
            edges += [(e.start, 1), (e.end, -1)]
    edges.sort()
    running = 0
    since = 0.0
    total = 0.0
    for at, step in edges:
        if running >= 2:
            total += at - since
        running += step
        since = at
    return total


def critical_path(events: tuple[Event, ...]) -> list[Event]:
    """The chain of events that decided the end of the core, first to last: from the event that ends
    last, each event's cause, back to one that started at its issue (waits that took no time left out)."""
    if not events:
        return []
    at = max(range(len(events)), key=lambda i: (events[i].end, i))
    path: list[Event] = []
    seen: set[int] = set()
    while at >= 0 and at not in seen:
        seen.add(at)
        path.append(events[at])
        at = events[at].cause
    path.reverse()
    return [e for e in path if e.kind == OP or e.end > e.start]
