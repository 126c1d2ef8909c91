"""One core's timeline as an SVG (docs/emulation.md#timeline): a row per pipe, a box per operation."""

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


def timeline_svg(events: tuple[Event, ...], title: str, total: float | None = None) -> str:
    """The SVG of one core's ``events``, scaled to ``total`` cycles (default: the core's own end), so that
    two timelines drawn with one total compare at a glance."""
    end = total if total is not None else max((e.end for e in events), default=0.0)
    end = end if end > 0 else 1.0
    rows = [a for a in ACTORS if any(e.actor == a and e.kind == OP for e in events)]
    height = 40 + ROW * len(rows) + 20
    scale = (WIDTH - LEFT - 10) / end
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" font-family="sans-serif" '
        'font-size="11">',
        f'<text x="4" y="14">{escape(title)}: {end:.0f} modelled cycles (relative, not measured)</text>',
    ]
    for i, actor in enumerate(rows):
        y = 28 + i * ROW
        parts.append(f'<text x="4" y="{y + 14}">{actor}</text>')
        parts.append(f'<line x1="{LEFT}" y1="{y + ROW - 2}" x2="{WIDTH - 10}" y2="{y + ROW - 2}" stroke="#ddd"/>')
        for e in events:
            if e.actor != actor or e.kind != OP:
                continue
            x = LEFT + e.start * scale
            w = max(0.5, (e.end - e.start) * scale)
            tip = f"{e.call} [{e.start:.0f}, {e.end:.0f})"
            parts.append(
                f'<rect x="{x:.2f}" y="{y + 2}" width="{w:.2f}" height="{ROW - 6}" fill="{COLOURS[actor]}">'
                f"<title>{escape(tip)}</title></rect>"
            )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
