"""Timelines as SVG (docs/emulation.md#timeline): a row per pipe, a box per operation."""

from __future__ import annotations

from html import escape

from ascx.emu.timeline.events import ACTORS, OP, Event

COLOURS = {
    "S": "#9e9e9e",
    "V": "#4caf50",
    "MTE1": "#ff9800",
    "MTE2": "#2196f3",
    "MTE3": "#9c27b0",
    "M": "#f44336",
    "FIX": "#795548",
    "CUBE": "#e91e63",
}
WIDTH = 960
LEFT = 60
ROW = 22


def _pipes(events: tuple[Event, ...], top: float, scale: float, parts: list[str]) -> float:
    """Draw one core's pipes from ``top``; the height used."""
    rows = [a for a in ACTORS if any(e.actor == a and e.kind == OP for e in events)]
    for i, actor in enumerate(rows):
        y = top + i * ROW
        parts.append(f'<text x="4" y="{y + 14:g}">{actor}</text>')
        parts.append(f'<line x1="{LEFT}" y1="{y + ROW - 2:g}" x2="{WIDTH - 10}" y2="{y + ROW - 2:g}" stroke="#ddd"/>')
        for e in events:
            if e.actor != actor or e.kind != OP:
                continue
            x = LEFT + e.start * scale
            w = max(0.5, (e.end - e.start) * scale)
            tip = f"{e.call} [{e.start:.0f}, {e.end:.0f})"
            parts.append(
                f'<rect x="{x:.2f}" y="{y + 2:g}" width="{w:.2f}" height="{ROW - 6}" fill="{COLOURS[actor]}">'
                f"<title>{escape(tip)}</title></rect>"
            )
    return ROW * len(rows)


def stacked_svg(timelines: list[tuple[str, tuple[Event, ...]]], title: str) -> str:
    """Several cores' timelines, each under its label, one above the other on one time scale (the
    longest's), so that they compare at a glance."""
    end = max((e.end for _, events in timelines for e in events), default=0.0)
    scale = (WIDTH - LEFT - 10) / (end if end > 0 else 1.0)
    parts: list[str] = []
    top = 24.0
    for label, events in timelines:
        length = max((e.end for e in events), default=0.0)
        parts.append(f'<text x="4" y="{top + 12:g}" font-weight="bold">{escape(label)}: {length:.0f} cycles</text>')
        top += 18 + _pipes(events, top + 18, scale, parts) + 8
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{top:g}" font-family="sans-serif" '
        'font-size="11">',
        f'<text x="4" y="14">{escape(title)} (modelled cycles: relative, not measured)</text>',
    ]
    return "\n".join([*head, *parts, "</svg>"]) + "\n"


def timeline_svg(events: tuple[Event, ...], title: str) -> str:
    """The SVG of one core's ``events``."""
    end = max((e.end for e in events), default=0.0)
    scale = (WIDTH - LEFT - 10) / (end if end > 0 else 1.0)
    parts: list[str] = []
    height = 28 + _pipes(events, 28, scale, parts) + 8
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:g}" font-family="sans-serif" '
        'font-size="11">',
        f'<text x="4" y="14">{escape(title)}: {end:.0f} modelled cycles (relative, not measured)</text>',
    ]
    return "\n".join([*head, *parts, "</svg>"]) + "\n"
