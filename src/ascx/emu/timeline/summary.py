"""A launch's timeline in a few lines of text (docs/emulation.md#timeline)."""

from __future__ import annotations

from ascx.emu.timeline.model import Timeline, busy, critical_path, overlap

STEPS = 6
"""How many steps of the critical path the summary shows."""


def _where(file: str, line: int) -> str:
    return f" ({file.rsplit('/', 1)[-1]}:{line})" if file else ""


def summary_text(timeline: Timeline) -> str:
    """Total modelled time, and for the core the timeline draws its pipes' busy shares, their overlap and
    the first steps of its critical path."""
    clock = timeline.costs.clock_ghz
    total = timeline.total
    lines = [
        f"kernel '{timeline.kernel}': modelled timeline (relative cycles from ascx's cost table, not measured; "
        "docs/emulation.md#timeline)",
        f"  total: {total:.0f} cycles ({total / clock / 1000:.2f} us at {clock:g} GHz) over "
        f"{len(timeline.ends)} core{'s' if len(timeline.ends) != 1 else ''}",
    ]
    side, core = timeline.core
    events = timeline.events
    end = timeline.ends.get(timeline.core, 0.0)
    lines.append(f"  {side.upper()} core {core}: {end:.0f} cycles")
    if end > 0:
        shares = sorted(busy(events).items(), key=lambda item: -item[1])
        lines.append("    busy: " + ", ".join(f"{a} {c / end:.0%}" for a, c in shares))
        lines.append(f"    overlap (two or more pipes busy): {overlap(events) / end:.0%}")
    path = critical_path(events)
    if path:
        lines.append(f"    critical path (first {min(STEPS, len(path))} of {len(path)} steps):")
        for e in path[:STEPS]:
            lines.append(f"      {e.actor:<5} {e.call} [{e.start:.0f}, {e.end:.0f}){_where(e.file, e.line)}")
    return "\n".join(lines) + "\n"
