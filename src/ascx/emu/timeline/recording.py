"""Taking a launch's timeline from the emulation's libraries (docs/emulation.md#timeline).

Every core's events stay in C++, which writes them as trace-event JSON; Python takes the events of the
one core it draws and summarises (the first core of the chosen block), and every core's end.
"""

from __future__ import annotations

import ctypes
import json
import re
from dataclasses import dataclass
from typing import Any

from ascx.emu.timeline.costs import CostTable
from ascx.emu.timeline.events import core_events
from ascx.emu.timeline.model import Timeline

_TOKEN = re.compile(r"@ascx-file-(\d+)@")
"""A file's token in a relocated source (ascx.emu.relocation)."""


@dataclass(frozen=True)
class Side:
    """A library that ran a side of the launch: ``aic`` or ``aiv``, and its cores per block."""

    name: str
    library: Any
    per_block: int


def _cores(library: Any) -> list[int]:
    library.ascx_emu_timeline_cores.restype = ctypes.c_int64
    count = int(library.ascx_emu_timeline_cores(None, ctypes.c_int64(0)))
    out = (ctypes.c_int64 * max(1, count))()
    library.ascx_emu_timeline_cores(out, ctypes.c_int64(count))
    return list(out[:count])


def _json(library: Any, pid_base: int, cycles_per_us: float) -> str:
    library.ascx_emu_timeline_json.restype = ctypes.c_int64
    size = int(library.ascx_emu_timeline_json(ctypes.c_int64(pid_base), ctypes.c_double(cycles_per_us)))
    out = ctypes.create_string_buffer(size + 1)
    library.ascx_emu_timeline_json_copy.restype = None
    library.ascx_emu_timeline_json_copy(out)
    return out.raw[:size].decode(errors="replace")


def collect(kernel: str, costs: CostTable, sides: list[Side], block: int, files: tuple[str, ...]) -> Timeline:
    """The timeline of the launch whose ``sides`` just ran; ``files`` are the names of the relocated
    source's file tokens (ascx.emu.relocation)."""

    def restore(text: str, escape: bool) -> str:
        if "@ascx-file-" not in text:
            return text
        for index in {int(found) for found in _TOKEN.findall(text)}:  # the few files the events name
            if index < len(files):
                name = files[index]
                text = text.replace(f"@ascx-file-{index}@", json.dumps(name)[1:-1] if escape else name)
        return text

    ends: dict[tuple[str, int], float] = {}
    processes: list[tuple[int, str]] = []
    parts: list[str] = []
    drawn: tuple[Side, int] | None = None
    pid_base = 0
    for side in sides:
        library = side.library
        library.ascx_emu_timeline_core_end.restype = ctypes.c_double
        cores = _cores(library)
        for core in cores:
            ends[(side.name, core)] = float(library.ascx_emu_timeline_core_end(ctypes.c_int64(core)))
            processes.append((pid_base + core, f"{side.name.upper()} core {core}"))
        first = block * side.per_block
        if first in cores and (drawn is None or side.name == "aiv"):
            drawn = (side, first)
        text = _json(library, pid_base, costs.clock_ghz * 1000.0)
        if text:
            parts.append(restore(text, escape=True))
        pid_base += max(cores, default=-1) + 1
    if drawn is None and ends:
        key = min(ends)
        drawn = next((s, key[1]) for s in sides if s.name == key[0])
    events = []
    if drawn is not None:
        side, core = drawn
        events = core_events(side.library, core, side.name, lambda text: restore(text, escape=False))
    key = (drawn[0].name, drawn[1]) if drawn is not None else ("aiv", block)
    return Timeline(kernel, costs, ends, key, tuple(events), tuple(sorted(processes)), ",".join(parts))
