"""Taking a launch's timeline from the emulation's libraries and writing its files (docs/emulation.md#timeline).

Every core's events stay in C++, which writes the trace's events, the drawn core's SVG and its lines of the
summary (ascx_emu/timeline_defs.h); Python takes every core's end, copies the drawn core's events (decoded
only when :attr:`Timeline.events` is read) and writes what is around them.
"""

from __future__ import annotations

import ctypes
import os
from dataclasses import dataclass
from functools import partial
from html import escape
from pathlib import Path
from typing import Any

from ascx.emu.relocation import Relocated
from ascx.emu.timeline.costs import CostTable
from ascx.emu.timeline.events import copy_core, decode
from ascx.emu.timeline.model import Timeline
from ascx.emu.timeline.summary import STEPS, summary_text
from ascx.emu.timeline.svg import timeline_svg
from ascx.emu.timeline.trace import short_names, trace_head, trace_tail


@dataclass(frozen=True)
class Side:
    """A library that ran a side of the launch: ``aic`` or ``aiv``, and its cores per block."""

    name: str
    library: Any
    per_block: int


@dataclass(frozen=True)
class Recorded:
    """A launch's timeline, and where its events still are: each side with its first trace process id, the
    drawn core's side, and the kernel's files by relocation token."""

    timeline: Timeline
    sides: tuple[tuple[Side, int], ...]
    drawn: Side | None
    files: Relocated


def _cores(library: Any) -> list[int]:
    library.ascx_emu_timeline_cores.restype = ctypes.c_int64
    count = int(library.ascx_emu_timeline_cores(None, ctypes.c_int64(0)))
    out = (ctypes.c_int64 * max(1, count))()
    library.ascx_emu_timeline_cores(out, ctypes.c_int64(count))
    return list(out[:count])


def _decoded(raw: ctypes.Array[Any], side: str, files: Relocated) -> tuple[Any, ...]:
    return decode(raw, side, files.restore)


def collect(kernel: str, costs: CostTable, sides: list[Side], block: int, files: Relocated) -> Recorded:
    """The timeline of the launch whose ``sides`` just ran; ``files`` restore the relocated source's file
    tokens (ascx.emu.relocation)."""
    ends: dict[tuple[str, int], float] = {}
    processes: list[tuple[int, str]] = []
    placed: list[tuple[Side, int]] = []
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
        placed.append((side, pid_base))
        pid_base += max(cores, default=-1) + 1
    if drawn is None and ends:
        key = min(ends)
        drawn = next((s, key[1]) for s in sides if s.name == key[0])
    raw = copy_core(drawn[0].library, drawn[1]) if drawn is not None else None
    load = partial(_decoded, raw, drawn[0].name, files) if drawn is not None and raw is not None else tuple
    key = (drawn[0].name, drawn[1]) if drawn is not None else ("aiv", block)
    timeline = Timeline(kernel, costs, ends, key, tuple(sorted(processes)), load)
    return Recorded(timeline, tuple(placed), drawn[0] if drawn is not None else None, files)


def _names(files: tuple[str, ...]) -> ctypes.Array[ctypes.c_char_p]:
    return (ctypes.c_char_p * max(1, len(files)))(*(name.encode() for name in files))


def _check(status: int, path: Path) -> None:
    """The writer's status: 0, or the errno of a failed write."""
    if status != 0:
        raise OSError(status, os.strerror(status), str(path))


def _open(path: Path) -> int:
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)


def write_text(path: Path, text: str) -> None:
    """``text`` as ``path``'s contents, in one write."""
    out = _open(path)
    try:
        os.write(out, text.encode())
    finally:
        os.close(out)


def write_trace(recorded: Recorded, path: Path) -> None:
    """The Chrome trace of every core: the head and tail from Python, each side's events from its library."""
    timeline = recorded.timeline
    files = recorded.files.files
    names = _names(short_names(files))
    pids = ctypes.c_int64(max((pid for pid, _ in timeline.processes), default=-1) + 1)
    per_us = ctypes.c_double(timeline.costs.clock_ghz * 1000.0)
    out = _open(path)
    try:
        os.write(out, trace_head(timeline).encode())
        for side, pid_base in recorded.sides:
            write = side.library.ascx_emu_timeline_write_trace
            write.restype = ctypes.c_int
            count = ctypes.c_int64(len(files))
            _check(write(out, ctypes.c_int64(pid_base), pids, per_us, names, count), path)
        os.write(out, trace_tail(timeline, files).encode())
    finally:
        os.close(out)


def write_svg(recorded: Recorded, path: Path, title: str) -> None:
    """The drawn core's SVG (as :func:`ascx.emu.timeline.svg.timeline_svg` draws it), written by its library."""
    if recorded.drawn is None:
        write_text(path, timeline_svg((), title))
        return
    write = recorded.drawn.library.ascx_emu_timeline_write_svg
    write.restype = ctypes.c_int
    out = _open(path)
    try:
        _check(write(out, ctypes.c_int64(recorded.timeline.core[1]), escape(title).encode()), path)
    finally:
        os.close(out)


def summary(recorded: Recorded) -> str:
    """The summary's text, the drawn core's lines from its library."""
    timeline = recorded.timeline
    if recorded.drawn is None:
        return summary_text(timeline, "")
    _, core = timeline.core
    entry = recorded.drawn.library.ascx_emu_timeline_summary
    entry.restype = ctypes.c_int64
    names = _names(recorded.files.files)
    size = 4096
    while True:
        out = ctypes.create_string_buffer(size)
        count = ctypes.c_int64(len(recorded.files.files))
        needed = int(entry(ctypes.c_int64(core), ctypes.c_int64(STEPS), names, count, out, ctypes.c_int64(size)))
        if needed <= size:
            return summary_text(timeline, out.raw[:needed].decode(errors="replace"))
        size = needed
