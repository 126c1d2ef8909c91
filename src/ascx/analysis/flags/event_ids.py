"""The id of a flag and the pipe's event-id pool (docs/rules/flags.md): FL-4 (an id that is neither a
constant nor from the pool), FL-5 (out of range), FL-6 (a hard-coded id next to framework users of the
pool), FL-7 (a fetched id that may be taken twice) and FL-8 (allocated ids: released once, not used
after)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects import scf
from xdsl.ir import SSAValue

from ascx.analysis.dataflow import condition_key, constant_int
from ascx.analysis.flags.framework import first_user
from ascx.analysis.flags.parity import alternating_loops, evaluate
from ascx.analysis.flags.slots import event_text, flag_call, id_text, is_pure_integer, possible_ids
from ascx.analysis.inserted import is_inserted
from ascx.analysis.pipe.registry import checks_exit, transfers
from ascx.analysis.pipe.state import PipeState, SlotKey
from ascx.analysis.pipe_model import EVENT_ID_COUNT
from ascx.analysis.report import note
from ascx.dialects.ascendc.fwk_ops import EventIdAction, EventIdOp, ReleaseEventIdOp
from ascx.dialects.ascendc.sync_ops import SetFlagOp, WaitFlagOp

if TYPE_CHECKING:
    from ascx.analysis.pipe.analysis import PipeSyncAnalysis


def slot_key(analysis: PipeSyncAnalysis, op: SetFlagOp | WaitFlagOp) -> SlotKey | None:
    """The slot ``op`` sets or waits on (None when its id is unusable); its id rules are checked (and
    reported) on every reporting visit, the key itself is computed once per op and, for an id that
    alternates with a loop's iterations, once per phase of that loop."""
    tables = analysis.flag_tables
    loops = tables.alternating.get(op)
    if loops is None:
        loops = tables.alternating[op] = tuple(alternating_loops(op, op.event_id))
    phases = tuple(analysis.phases.get(loop) for loop in loops)
    known = tables.slot_of_op
    if (op, phases) in known and not analysis.reporting:
        return known[op, phases]
    key = known[op, phases] = _compute_slot_key(analysis, op, bool(loops))
    return key


def _compute_slot_key(analysis: PipeSyncAnalysis, op: SetFlagOp | WaitFlagOp, alternating: bool) -> SlotKey | None:
    event = op.event.data
    constant = constant_int(op.event_id)
    if constant is None and alternating:
        value = evaluate(op.event_id, analysis.phases)
        constant = value if isinstance(value, int) else None
    if constant is not None:
        if not 0 <= constant < EVENT_ID_COUNT:
            analysis.error(
                "FL-5",
                op,
                f"event id {id_with_value(analysis, op, constant)} is out of range; valid ids are 0 to "
                f"{EVENT_ID_COUNT - 1}",
            )
            return None
        user = first_user(analysis.framework_users, event)
        if user is not None and not is_inserted(op):  # insertion's ids: IN-E3
            analysis.warn(
                "FL-6",
                op,
                f"hard-coded event id {_hard_coded(analysis, op)} may collide with event ids the "
                f"framework allocates at run time; use pipe.alloc_event_id({event_text(event)})",
                [note(user, "the framework takes event ids here")],
            )
        return analysis.slot(event, constant)
    owner = op.event_id.owner
    if isinstance(owner, EventIdOp):
        return analysis.slot(event, op.event_id)
    if is_pure_integer(op.event_id):
        return analysis.slot(event, condition_key(op.event_id))  # e.g. ``n % 2``: the same computation, the same id
    analysis.error(
        "FL-4",
        op,
        f"event id of `{flag_call(op)}` must be a compile-time constant, a value returned by "
        "pipe.alloc_event_id / pipe.fetch_event_id, or an integer computation on constants, loop indices, "
        "kernel arguments and system values",
    )
    return None


def _hard_coded(analysis: PipeSyncAnalysis, op: SetFlagOp | WaitFlagOp) -> str:
    """``0``, or ``ev (0 or 1)`` for a ping-pong id: every id it takes (FL-6 is reported once per op)."""
    constant = constant_int(op.event_id)
    if constant is not None:
        return str(constant)
    ids = possible_ids(op, analysis.flag_tables.alternating.get(op, ()))
    return f"{id_text(op.event_id)} ({' or '.join(str(i) for i in ids)})"


def alternates_with(analysis: PipeSyncAnalysis, loop: scf.ForOp) -> bool:
    """Whether the id of a flag in ``loop`` alternates with the loop's iterations."""
    tables = analysis.flag_tables
    for op in loop.walk():
        if isinstance(op, SetFlagOp | WaitFlagOp):
            loops = tables.alternating.get(op)
            if loops is None:
                loops = tables.alternating[op] = tuple(alternating_loops(op, op.event_id))
            if loop in loops:
                return True
    return False


def id_with_value(analysis: PipeSyncAnalysis, op: SetFlagOp | WaitFlagOp, value: int) -> str:
    """How a message names the id of ``op`` that is ``value`` here: ``1``, or ``ev = 1 (in the loop's 2nd,
    4th, … iterations)`` for an id that alternates with a loop's iterations."""
    if constant_int(op.event_id) is not None:
        return str(value)
    loops = analysis.flag_tables.alternating.get(op, ())
    phase = analysis.phases.get(loops[0]) if loops else None
    which = (
        ""
        if phase is None
        else " (in the loop's 1st, 3rd, … iterations)"
        if phase == 0
        else (" (in the loop's 2nd, 4th, … iterations)")
    )
    return f"{id_text(op.event_id)} = {value}{which}"


def check_pool_id(analysis: PipeSyncAnalysis, op: SetFlagOp | WaitFlagOp, state: PipeState) -> None:
    """FL-8: a set or wait on a pool id after its release."""
    released = state.event_ids.get(op.event_id)
    if released is not None:
        analysis.error(
            "FL-8", op, f"`{flag_call(op)}` uses an event id released here", [note(released, "released here")]
        )


@transfers(EventIdOp)
def event_id(analysis: PipeSyncAnalysis, op: EventIdOp, state: PipeState) -> None:
    """``alloc_event_id`` holds an id until its release; ``fetch_event_id`` reserves nothing (FL-7)."""
    event = op.event.data
    if op.action.data is EventIdAction.ALLOC:
        state.event_ids[op.result] = None
        return
    fetched = analysis.flag_tables.fetched
    for key, slot in state.slots.items():
        if key[0] is event and isinstance(key[1], SSAValue) and key[1] in fetched:
            analysis.error(
                "FL-7",
                op,
                f"`pipe.fetch_event_id({event_text(event)})` may return the id of the pending pair here: fetched "
                "ids are not reserved",
                [note(slot.set_op, "pending set here")],
            )
            break
    fetched[op.result] = event


@transfers(ReleaseEventIdOp)
def release_event_id(analysis: PipeSyncAnalysis, op: ReleaseEventIdOp, state: PipeState) -> None:
    value = op.event_id
    if value not in state.event_ids:
        return
    released = state.event_ids[value]
    if released is not None:
        analysis.error(
            "FL-8",
            op,
            f"`pipe.release_event_id({id_text(value)}, {event_text(op.event.data)})` uses an event id released here",
            [note(released, "released here")],
        )
        return
    state.event_ids[value] = op


@checks_exit
def check_exit(analysis: PipeSyncAnalysis, state: PipeState) -> None:
    """FL-8: an allocated id still held when the kernel returns."""
    for value, released in state.event_ids.items():
        if released is None and isinstance(value.owner, EventIdOp):
            analysis.warn(
                "FL-8",
                value.owner,
                f"event id from `pipe.alloc_event_id({event_text(value.owner.event.data)})` is never released",
            )
