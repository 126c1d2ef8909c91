"""A launch's timeline as a Chrome trace-event JSON (docs/emulation.md#timeline): one process per core,
one thread per pipe, flags as flow arrows.  Perfetto (ui.perfetto.dev) and chrome://tracing open it.
The events' objects are formatted by the emulation (ascx_emu/timeline_defs.h ``format_trace``), each after a
comma, between this module's head (the processes' and threads' names) and tail (the files' full names: an
event's ``line`` names its file by :func:`short_names`)."""

from __future__ import annotations

import json
import os
from functools import cache, lru_cache

from ascx.emu.timeline.events import ACTORS


@cache
def _names(pid: int, name: str) -> str:
    """The metadata objects that name process ``pid`` and its threads (the pipes)."""
    objects = [
        {"ph": "M", "pid": pid, "name": "process_name", "args": {"name": name}},
        {"ph": "M", "pid": pid, "name": "process_sort_index", "args": {"sort_index": pid}},
    ]
    for tid, actor in enumerate(ACTORS):
        objects.append({"ph": "M", "pid": pid, "tid": tid, "name": "thread_name", "args": {"name": actor}})
        objects.append({"ph": "M", "pid": pid, "tid": tid, "name": "thread_sort_index", "args": {"sort_index": tid}})
    return json.dumps(objects)[1:-1]


@lru_cache(maxsize=64)
def trace_head(processes: tuple[tuple[int, str], ...]) -> str:
    """The trace's text up to its events' objects: the ``processes``' (id, name) and their threads' names."""
    # every recorded core is named here, so an event's object (after a comma) never comes first
    return '{"traceEvents":[' + ",".join(_names(pid, name) for pid, name in processes)


def short_names(files: tuple[str, ...]) -> tuple[str, ...]:
    """How the events' ``line`` names each of the kernel's ``files``: its base name where no other file has it,
    else its full name."""
    bases = [os.path.basename(name) for name in files]
    return tuple(base if bases.count(base) == 1 else name for name, base in zip(files, bases, strict=True))


@lru_cache(maxsize=64)
def trace_tail(kernel: str, clock_ghz: float, files: tuple[str, ...]) -> str:
    """The trace's text after its events' objects: the ``kernel``'s name, the clock that turns cycles into its
    microseconds, and the kernel's ``files`` by the names the events use."""
    other = {
        "kernel": kernel,
        "note": "modelled times (ascx cost table, docs/emulation.md#timeline): relative, not measured",
        "clock_ghz": clock_ghz,
        "files": dict(zip(short_names(files), files, strict=True)),
    }
    return f'],"displayTimeUnit":"ns","otherData":{json.dumps(other)}}}'
