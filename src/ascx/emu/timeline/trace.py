"""A launch's timeline as a Chrome trace-event JSON (docs/emulation.md#timeline): one process per core,
one thread per pipe, flags as flow arrows.  Perfetto (ui.perfetto.dev) and chrome://tracing open it.
The events' objects come from the emulation (ascx_emu/timeline_defs.h ``event_json``); this adds the
names of the processes and threads."""

from __future__ import annotations

import json
from typing import Any

from ascx.emu.timeline.events import ACTORS
from ascx.emu.timeline.model import Timeline


def trace_json(timeline: Timeline) -> str:
    """The trace's text; times in microseconds at the cost table's clock."""
    names: list[dict[str, Any]] = []
    for pid, name in timeline.processes:
        names.append({"ph": "M", "pid": pid, "name": "process_name", "args": {"name": name}})
        names.append({"ph": "M", "pid": pid, "name": "process_sort_index", "args": {"sort_index": pid}})
        for tid, actor in enumerate(ACTORS):
            names.append({"ph": "M", "pid": pid, "tid": tid, "name": "thread_name", "args": {"name": actor}})
            names.append({"ph": "M", "pid": pid, "tid": tid, "name": "thread_sort_index", "args": {"sort_index": tid}})
    other = {
        "kernel": timeline.kernel,
        "note": "modelled times (ascx cost table, docs/emulation.md#timeline): relative, not measured",
        "clock_ghz": timeline.costs.clock_ghz,
    }
    head = json.dumps(names)[1:-1]
    objects = ",".join(part for part in (head, timeline.trace_objects) if part)
    return f'{{"traceEvents":[{objects}],"displayTimeUnit":"ns","otherData":{json.dumps(other)}}}'
