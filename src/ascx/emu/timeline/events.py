"""A launch's timeline events, as the emulation's cores recorded them (docs/emulation.md#timeline)."""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

ACTORS = ("S", "V", "MTE1", "MTE2", "MTE3", "M", "FIX", "CUBE")
"""The pipes, in the checker's order (ascx_emu/checker.h ``Actor``)."""

OP, FLAG_SET, FLAG_WAIT, BARRIER_ALL, JOIN = range(5)
"""The kinds of event (ascx_emu/timeline.h ``Kind``)."""


class _Event(ctypes.Structure):
    """ascx_emu/timeline.h ``Event``."""

    _fields_ = (
        ("call", ctypes.c_void_p),
        ("file", ctypes.c_void_p),
        ("core", ctypes.c_int64),
        ("line", ctypes.c_int64),
        ("cause", ctypes.c_int64),
        ("flow", ctypes.c_int64),
        ("start", ctypes.c_double),
        ("end", ctypes.c_double),
        ("bytes", ctypes.c_uint64),
        ("read", ctypes.c_uint64),
        ("macs", ctypes.c_uint64),
        ("actor", ctypes.c_uint8),
        ("kind", ctypes.c_uint8),
        ("other", ctypes.c_uint8),
        ("elem", ctypes.c_uint8),
        ("wrote", ctypes.c_uint8),
        ("waited", ctypes.c_uint8),
        ("pad", ctypes.c_uint8 * 2),
    )


@dataclass(frozen=True)
class Event:
    """One event of one core: an operation on a pipe, a flag set or waited for, a barrier, a wait for
    another pipe's work (a Matmul completion).  ``start`` and ``end`` are modelled cycles; ``cause`` is
    the index, among its core's events, of the event whose end decided its start (-1: its issue)."""

    core: int
    side: str
    actor: str
    kind: int
    call: str
    file: str
    line: int
    start: float
    end: float
    bytes: int
    read: int
    macs: int
    cause: int
    flow: int
    other: str


def _text(address: int | None, names: dict[int, str], restore: Callable[[str], str]) -> str:
    if not address:
        return ""
    if address not in names:
        names[address] = restore((ctypes.string_at(address) or b"").decode(errors="replace"))
    return names[address]


def switch(library: Any, on: bool, costs: ctypes.Array[ctypes.c_double]) -> None:
    """Turn the timeline of ``library``'s next launches on (with ``costs``) or off."""
    library.ascx_emu_timeline.restype = None
    library.ascx_emu_timeline(ctypes.c_int(int(on)), costs, ctypes.c_int64(len(costs)))


def copy_core(library: Any, core: int) -> ctypes.Array[_Event]:
    """The events core ``core`` of ``library``'s last launch recorded, copied as they are."""
    library.ascx_emu_timeline_core_size.restype = ctypes.c_int64
    count = int(library.ascx_emu_timeline_core_size(ctypes.c_int64(core)))
    raw = (_Event * count)()
    library.ascx_emu_timeline_copy_core.restype = None
    library.ascx_emu_timeline_copy_core(ctypes.c_int64(core), raw)
    return raw


def decode(raw: ctypes.Array[_Event], side: str, restore: Callable[[str], str]) -> tuple[Event, ...]:
    """:func:`copy_core`'s events; ``restore`` puts the kernel's files back into the names of their C strings
    (ascx.emu.relocation), which stay in the library (it is never unloaded)."""
    names: dict[int, str] = {}
    return tuple(
        Event(
            core=e.core,
            side=side,
            actor=ACTORS[int(e.actor)],
            kind=e.kind,
            call=_text(e.call, names, restore),
            file=_text(e.file, names, restore),
            line=e.line,
            start=e.start,
            end=e.end,
            bytes=e.bytes,
            read=e.read,
            macs=e.macs,
            cause=e.cause,
            flow=e.flow,
            other=ACTORS[int(e.other)] if e.kind in (FLAG_WAIT, JOIN, BARRIER_ALL) and e.other < len(ACTORS) else "",
        )
        for e in raw
    )
