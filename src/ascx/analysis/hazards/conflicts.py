"""Conflicting accesses that nothing orders (docs/rules/hazards.md, docs/sync-model.md#hazards): an access
conflicts with a logged access to an overlapping region when one of them writes, and is a hazard unless
its pipe is one the logged access is ordered to.  HZ-1 (read after write), HZ-2 (write after read),
HZ-3 (write after write) on two pipes, HZ-4 on one pipe, HZ-5 when the regions only may overlap."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from xdsl.ir import Operation, SSAValue

from ascx.analysis.flags.slots import event_text
from ascx.analysis.pipe.state import MATMUL_PENDING, Access, AccessKey, PipeState, QueueBase
from ascx.analysis.pipe_model import direct_event, pipe_label
from ascx.analysis.queues.protocol import queue_events, queue_name
from ascx.analysis.regions import GMBase, Offset, extent_overlap
from ascx.analysis.report import Note, note
from ascx.analysis.spelling import python_call
from ascx.dialects.ascendc.enums import Pipe

if TYPE_CHECKING:
    from ascx.analysis.pipe.analysis import PipeSyncAnalysis

UNKNOWN_PIPE = Pipe.PIPE_ALL
"""The pipe of an opaque op's accesses in the log (HZ-8): only a ``PIPE_ALL`` barrier, which clears the
log, orders them; flags and barriers of one pipe never do."""

REPAIRABLE = frozenset({"HZ-1", "HZ-2", "HZ-3", "HZ-4"})
"""The hazards ``ascx-insert-sync`` orders (and HZ-5, their possible form, under ``alias="conservative"``)."""


@dataclass(frozen=True)
class Hazard:
    """An unordered conflicting pair the insertion pass can repair (HZ-1 ... HZ-5)."""

    rule: str
    producer: Operation
    consumer: Operation
    producer_pipe: Pipe
    consumer_pipe: Pipe
    previous: bool
    """The producer ran in the previous iteration of a loop that also holds the consumer."""
    may: bool
    value: SSAValue | None = None
    """The tensor operand of the consumer that conflicts."""
    base: object = None
    """The region base both accesses are on (a :class:`QueueBase` for a queue tensor)."""


def overlap(
    analysis: PipeSyncAnalysis,
    a: AccessKey,
    base: object,
    offset: Offset,
    extent: tuple[int, int] | None,
    exact: bool,
) -> Literal["definite", "may", "none"]:
    """Whether the logged access ``a`` and an access at ``base``/``offset``/``extent`` overlap."""
    if a.base == base and a.extent is not None and extent is not None:
        return extent_overlap(a.extent, a.exact, extent, exact)
    if a.base == base:
        if a.variant and not (isinstance(offset, int) and isinstance(a.offset, int)):
            return "may"
        return "definite" if a.offset == offset else "may"
    if (
        isinstance(a.base, QueueBase)
        and isinstance(base, QueueBase)
        and a.base.queue == base.queue
        and frozenset({a.base.token, base.token}) in analysis.queue_tables.aliases
    ):
        return "definite" if a.offset == offset else "may"
    if not analysis.options.assume_gm_args_noalias and isinstance(a.base, GMBase) and isinstance(base, GMBase):
        return "may"
    return "none"


def check_hazards(
    analysis: PipeSyncAnalysis,
    op: Operation,
    pipe: Pipe,
    base: object,
    offset: Offset,
    extent: tuple[int, int] | None,
    exact: bool,
    write: bool,
    name: str,
    state: PipeState,
) -> None:
    """Report every logged access ``op``'s access (on ``pipe``) conflicts with and is not ordered after;
    a conflict with an opaque op's access is recorded for insertion (IN-E2) instead."""
    tables = analysis.access_tables
    strict = analysis.options.strict_same_pipe
    items = state.log.items()
    previous_first = [item for item in items if item[0].previous] + [item for item in items if not item[0].previous]
    for key, access in previous_first:
        if not (write or key.write) or (access.op is op and not key.previous) or MATMUL_PENDING in access.captured_by:
            continue
        if key.pipe is UNKNOWN_PIPE:
            if analysis.reporting and overlap(analysis, key, base, offset, extent, exact) != "none":
                tables.opaque_hazards.append((access.op, op))
            continue
        if pipe in access.ordered_to or (key.pipe is pipe is Pipe.PIPE_S):
            continue
        if key.pipe is pipe and (key.write is False or write) and not strict:
            continue  # same-pipe WAR / WAW: in order unless strict_same_pipe
        found = overlap(analysis, key, base, offset, extent, exact)
        if found == "none":
            continue
        pair = (op, access.op, base)
        if pair in tables.pairs_seen:
            continue  # a tensor passed as several operands (abs(t, t)) is one use
        tables.pairs_seen.add(pair)
        _hazard(analysis, op, pipe, write, name, key, access, found == "may")


def _hazard(
    analysis: PipeSyncAnalysis,
    op: Operation,
    pipe: Pipe,
    write: bool,
    name: str,
    key: AccessKey,
    access: Access,
    may: bool,
) -> None:
    a_call, b_call = python_call(access.op), python_call(op)
    a_pipe, b_pipe = pipe_label(key.pipe), pipe_label(pipe)
    previous = " in the previous loop iteration" if key.previous else ""
    if key.pipe is pipe:
        rule = "HZ-4"
        barrier = f"without `asc.pipe_barrier(PipeID.PIPE_{b_pipe})`"
        if key.write and not write:
            message = f"`{b_call}` reads `{name}` written by `{a_call}` on the same pipe {b_pipe} {barrier}"
        elif write and not key.write:  # strict_same_pipe only
            message = (
                f"`{b_call}` overwrites `{name}` still being read by `{a_call}` on the same pipe {b_pipe} {barrier}"
            )
        else:
            message = f"`{b_call}` and `{a_call}` both write `{name}` on the same pipe {b_pipe} {barrier}"
        notes = [note(access.op, ("written here" if key.write else "read here") + previous)]
    elif key.write and not write:
        rule = "HZ-1"
        message = (
            f"`{b_call}` ({b_pipe}) reads `{name}` written by `{a_call}` ({a_pipe}) without synchronization; "
            f"needs {a_pipe} → {b_pipe} ordering"
        )
        hint = "" if key.previous else _hint(key, pipe)
        notes = [note(access.op, "written here" + previous + hint)]
    elif write and not key.write:
        rule = "HZ-2"
        message = (
            f"`{b_call}` ({b_pipe}) overwrites `{name}` still being read by `{a_call}` ({a_pipe}); needs "
            f"{a_pipe} → {b_pipe} ordering"
        )
        notes = [note(access.op, "read here" + previous)]
    else:
        rule = "HZ-3"
        message = f"`{b_call}` ({b_pipe}) and `{a_call}` ({a_pipe}) both write `{name}` without ordering"
        notes = [note(access.op, "written here" + previous)]
    if may:
        message = "possible hazard: " + message
        notes.append(Note(None, f"{access.name} and {name} may overlap: their offsets cannot be compared"))
        analysis.warn("HZ-5", op, message, notes, partner=(rule, name))
    else:
        analysis.error(rule, op, message, notes, partner=name)
    if analysis.reporting:
        current = analysis.access_tables.current
        analysis.access_tables.hazards.append(
            Hazard(rule, access.op, op, key.pipe, pipe, key.previous, may, current, key.base)
        )


def _hint(key: AccessKey, pipe: Pipe) -> str:
    """How the note of HZ-1 suggests to order the pair: the queue's hand-off, a flag pair or a barrier."""
    base = key.base
    if isinstance(base, QueueBase):
        queue = base.queue
        events = queue_events(queue)
        if events is not None and (events[0].src, events[0].dst) == (key.pipe, pipe):
            name = queue_name(queue)
            return f"; e.g. {name}.enque()/{name}.deque()"
    event = direct_event(key.pipe, pipe)
    if event is None:
        return "; e.g. asc.pipe_barrier(PipeID.PIPE_ALL)"
    return f"; e.g. asc.set_flag/asc.wait_flag({event_text(event)}, id)"
