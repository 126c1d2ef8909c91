"""Taking a launch's timeline from the emulation's libraries and writing its files (docs/emulation.md#timeline).

Every core's events stay in C++, which formats the trace's events, the drawn core's SVG and its lines of the
summary into buffers of its own and writes the three files in one call (ascx_emu/timeline_defs.h); Python takes
every core's end, copies the drawn core's events (decoded only when :attr:`Timeline.events` is read) and gives
what is around them: the trace's head and tail and the summary's first lines.
"""

from __future__ import annotations

import ctypes
import errno
import os
from dataclasses import dataclass
from functools import lru_cache, partial
from html import escape
from typing import Any

from ascx.emu.relocation import Relocated
from ascx.emu.timeline.costs import CostTable
from ascx.emu.timeline.events import copy_core, decode
from ascx.emu.timeline.model import Timeline
from ascx.emu.timeline.summary import STEPS, summary_text
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


def _cores(library: Any) -> dict[int, float]:
    """Each core that recorded in ``library``'s last launch, and its modelled end."""
    entry = library.ascx_emu_timeline_cores
    entry.restype = ctypes.c_int64
    size = 64
    while True:
        indices = (ctypes.c_int64 * size)()
        ends = (ctypes.c_double * size)()
        count = int(entry(indices, ends, ctypes.c_int64(size)))
        if count <= size:
            return dict(zip(indices[:count], ends[:count], strict=True))
        size = count


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
        cores = _cores(side.library)
        for core, end in cores.items():
            ends[(side.name, core)] = end
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


@lru_cache(maxsize=64)
def _names(files: tuple[str, ...]) -> tuple[ctypes.Array[ctypes.c_char_p], ctypes.c_int64]:
    """The kernel's ``files`` as the trace names them (:func:`short_names`), for the writer, and their count."""
    names = short_names(files)
    return (ctypes.c_char_p * max(1, len(names)))(*(name.encode() for name in names)), ctypes.c_int64(len(names))


@lru_cache(maxsize=64)
def _head(processes: tuple[tuple[int, str], ...]) -> bytes:
    return trace_head(processes).encode()


@lru_cache(maxsize=64)
def _tail(kernel: str, clock_ghz: float, files: tuple[str, ...]) -> bytes:
    return trace_tail(kernel, clock_ghz, files).encode()


Piece = tuple[int, int] | bytes
"""A piece of a file's text: a writer's buffer by address and length, or bytes from Python."""


def _pieces(pieces: list[Piece]) -> tuple[ctypes.Array[ctypes.c_char_p], ctypes.Array[ctypes.c_int64]]:
    """``pieces`` as the writer takes them: their addresses and lengths."""
    texts = (ctypes.c_char_p * max(1, len(pieces)))(*(p if isinstance(p, bytes) else p[0] for p in pieces))
    sizes = (ctypes.c_int64 * max(1, len(pieces)))(*(len(p) if isinstance(p, bytes) else p[1] for p in pieces))
    return texts, sizes


def write_files(recorded: Recorded, paths: tuple[str, str, str], title: str) -> str:
    """Write the trace, the SVG (titled ``title``) and the summary of ``recorded`` to ``paths`` in one call of the
    drawn core's library (making their directory when it is missing); the summary's text."""
    timeline = recorded.timeline
    files = recorded.files.files
    names, count = _names(files)
    pids = ctypes.c_int64(max((pid for pid, _ in timeline.processes), default=-1) + 1)
    per_us = ctypes.c_double(timeline.costs.clock_ghz * 1000.0)
    writer = recorded.drawn if recorded.drawn is not None else recorded.sides[-1][0]
    core = timeline.core[1] if recorded.drawn is not None else -1
    before: list[Piece] = [_head(timeline.processes)]
    after: list[Piece] = []
    own, passed = 0, False
    for side, pid_base in recorded.sides:  # the other sides' events (a MIX kernel's AIC), formatted by their libraries
        if side is writer:
            own, passed = pid_base, True
            continue
        entry = side.library.ascx_emu_timeline_format_trace
        entry.restype = ctypes.c_int64
        address = ctypes.c_void_p()
        size = int(entry(ctypes.c_int64(pid_base), pids, per_us, names, count, ctypes.byref(address)))
        (after if passed else before).append((address.value or 0, size))
    after.append(_tail(timeline.kernel, timeline.costs.clock_ghz, files))
    head = summary_text(timeline, "")
    before_texts, before_sizes = _pieces(before)
    after_texts, after_sizes = _pieces(after)
    encoded = (ctypes.c_char_p * 3)(*(os.fsencode(path) for path in paths))
    lines = ctypes.c_void_p()
    lines_size = ctypes.c_int64(0)
    failed = ctypes.c_int64(0)
    entry = writer.library.ascx_emu_timeline_write_profile
    entry.restype = ctypes.c_int
    for attempt in range(2):
        status = int(
            entry(
                encoded, before_texts, before_sizes, ctypes.c_int64(len(before)), after_texts, after_sizes,
                ctypes.c_int64(len(after)), ctypes.c_int64(own), pids, per_us, names, count, ctypes.c_int64(core),
                escape(title).encode(), head.encode(), ctypes.c_int64(STEPS), ctypes.byref(lines),
                ctypes.byref(lines_size), ctypes.byref(failed),
            )
        )  # fmt: skip
        if status == errno.ENOENT and attempt == 0:  # the directory is not there (yet, or any more)
            os.makedirs(os.path.dirname(paths[0]) or ".", exist_ok=True)
            continue
        if status != 0:
            raise OSError(status, os.strerror(status), paths[failed.value])
        break
    return head + ctypes.string_at(lines.value or 0, lines_size.value).decode(errors="replace")
