"""A launch's timeline in a few lines of text (docs/emulation.md#timeline)."""

from __future__ import annotations

from ascx.emu.timeline.events import Event
from ascx.emu.timeline.model import Timeline, busy, critical_path, overlap

STEPS = 6
"""How many steps of the critical path the summary shows."""


def _where(file: str, line: int) -> str:
    return f" ({file.rsplit('/', 1)[-1]}:{line})" if file else ""


def summary_text(timeline: Timeline, core_lines: str | None = None) -> str:
    """Total modelled time, and for the core the timeline draws its pipes' busy shares, their overlap and
    the first steps of its critical path (``core_lines``, when the emulation wrote them: ascx_emu/timeline.h
    ``summary``; else :func:`core_lines_of` the timeline's events)."""
    clock = timeline.costs.clock_ghz
    total = timeline.total
    side, core = timeline.core
    end = timeline.ends.get(timeline.core, 0.0)
    lines = [
        f"kernel '{timeline.kernel}': modelled timeline (relative cycles from ascx's cost table, not measured; "
        "docs/emulation.md#timeline)",
        f"  total: {total:.0f} cycles ({total / clock / 1000:.2f} us at {clock:g} GHz) over "
        f"{len(timeline.ends)} core{'s' if len(timeline.ends) != 1 else ''}",
        f"  {side.upper()} core {core}: {end:.0f} cycles",
    ]
    return "\n".join(lines) + "\n" + (core_lines if core_lines is not None else core_lines_of(timeline.events, end))


def core_lines_of(events: tuple[Event, ...], end: float) -> str:
    """One core's lines of the summary, from its ``events`` (which end at ``end``)."""
    lines: list[str] = []
    if end > 0:
        shares = sorted(busy(events).items(), key=lambda item: -item[1])
        lines.append("    busy: " + ", ".join(f"{a} {c / end:.0%}" for a, c in shares))
        lines.append(f"    overlap (two or more pipes busy): {overlap(events) / end:.0%}")
    path = critical_path(events)
    if path:
        lines.append(f"    critical path (first {min(STEPS, len(path))} of {len(path)} steps):")
        for e in path[:STEPS]:
            lines.append(f"      {e.actor:<5} {e.call} [{e.start:.0f}, {e.end:.0f}){_where(e.file, e.line)}")
    return "".join(f"{line}\n" for line in lines)
