"""Sets, waits and barriers (docs/rules/flags.md): FL-1 (a wait nothing releases), FL-2 (a set nothing
consumes), FL-3 (a set on a slot still set), FL-10 (a pipe the core does not have) and FL-11 (slots that
differ between the arms of an ``if`` or across a loop iteration)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects import scf
from xdsl.ir import Operation

from ascx.analysis.dataflow import constant_int
from ascx.analysis.flags.event_ids import check_pool_id, id_with_value, slot_key
from ascx.analysis.flags.slots import (
    count_flag_ops,
    flag_call,
    flag_call_of,
    id_key,
    may_be_equal,
    reverse_event,
    slot_order,
    slot_text,
)
from ascx.analysis.pipe.ordering import barrier, capture, release
from ascx.analysis.pipe.registry import (
    checks_branches,
    checks_exit,
    checks_loop,
    checks_peeled,
    checks_phases,
    transfers,
)
from ascx.analysis.pipe.state import PipeState, Slot, SlotKey
from ascx.analysis.pipe_model import AIC_PIPES, AIV_PIPES
from ascx.analysis.report import Note, note
from ascx.analysis.spelling import python_call
from ascx.dialects.ascendc.basic_enums import HardEvent
from ascx.dialects.ascendc.enums import KernelType, KernelTypeAttr, Pipe
from ascx.dialects.ascendc.kernel_attrs import CUBE_ONLY_ATTR, KERNEL_TYPE_ATTR
from ascx.dialects.ascendc.sync_ops import PipeBarrierOp, SetFlagOp, WaitFlagOp
from ascx.dialects.ascendc.system_ops import AscendIsAivOp

if TYPE_CHECKING:
    from ascx.analysis.pipe.analysis import PipeSyncAnalysis


def _inside_loop_after(earlier: Operation, later: Operation) -> bool:
    """Whether ``earlier`` comes after ``later`` in a loop body holding both (so it ran in the previous iteration)."""
    block = earlier.parent_block()
    if block is None or block is not later.parent_block():
        return False
    return block.get_operation_index(earlier) > block.get_operation_index(later)


@transfers(SetFlagOp)
def set_flag(analysis: PipeSyncAnalysis, op: SetFlagOp, state: PipeState) -> None:
    """The slot is set and captures what its source pipe has issued (FL-3 when it is still set)."""
    check_core_pipe(analysis, op, op.event.data.src)
    key = slot_key(analysis, op)
    if key is None:
        return
    event = op.event.data
    check_pool_id(analysis, op, state)
    pending = state.slots.get(key)
    if pending is not None:
        previous = " in the previous loop iteration" if _inside_loop_after(pending.set_op, op) else ""
        analysis.error(
            "FL-3",
            op,
            f"`{flag_call(op)}`{_value_here(analysis, op, key)} sets event slot {slot_text(key, op)} while the set "
            "here is still pending",
            [note(pending.set_op, "set here" + previous)],
            partner=pending.set_op,
        )
    else:
        _check_may_collide(analysis, op, key, state)
    state.slots[key] = Slot(op)
    capture(key, event.src, state)


def _value_here(analysis: PipeSyncAnalysis, op: SetFlagOp | WaitFlagOp, key: SlotKey) -> str:
    """`` with ev = 1 (in the loop's 2nd, 4th, … iterations)`` for a flag whose id alternates, else nothing."""
    ident = key[1]
    if not isinstance(ident, int) or constant_int(op.event_id) is not None:
        return ""
    return f" with {id_with_value(analysis, op, ident)}"


def _shown_id(op: SetFlagOp | WaitFlagOp, key: SlotKey) -> str | None:
    ident = key[1]
    return str(ident) if isinstance(ident, int) and constant_int(op.event_id) is None else None


def _check_may_collide(analysis: PipeSyncAnalysis, op: SetFlagOp, key: SlotKey, state: PipeState) -> None:
    """FL-3 as a warning: a set whose run-time id may equal the id of a pending set of the same event."""
    for other, slot in state.slots.items():
        if other[0] is not key[0] or other is key or not may_be_equal(key[1], other[1]):
            continue
        set_op = slot.set_op
        assert isinstance(set_op, SetFlagOp)
        analysis.warn(
            "FL-3",
            op,
            f"`{flag_call(op)}` may set the same event slot as `{flag_call(set_op)}`, still pending: a run-time "
            "id can equal it",
            [note(set_op, "set here")],
            partner=set_op,
        )
        return


@transfers(WaitFlagOp)
def wait_flag(analysis: PipeSyncAnalysis, op: WaitFlagOp, state: PipeState) -> None:
    """The pending set of the slot is consumed and what it captured is ordered to the wait's pipe (FL-1
    when no set is pending)."""
    check_core_pipe(analysis, op, op.event.data.dst)
    analysis.flag_tables.waits_seen.append(op)
    key = slot_key(analysis, op)
    if key is None:
        return
    check_pool_id(analysis, op, state)
    event = op.event.data
    if key not in state.slots:
        analysis.error(
            "FL-1",
            op,
            f"`{flag_call(op)}`{_value_here(analysis, op, key)} has no matching "
            f"`{flag_call(op, event_id=_shown_id(op, key)).replace('wait_flag', 'set_flag')}`; the wait would block "
            "forever",
            _fl1_notes(analysis, key, state),
        )
        return
    if analysis.reporting:
        analysis.flag_tables.pairs.append((state.slots[key].set_op, op))
    del state.slots[key]
    release(key, event.dst, state)


def _fl1_notes(analysis: PipeSyncAnalysis, key: SlotKey, state: PipeState) -> list[Note]:
    event, ident = key[0], key[1]
    assert isinstance(event, HardEvent)
    for other, slot in state.slots.items():
        if other[0] is event and other[1] != ident:
            return [note(slot.set_op, f"{flag_call_of(slot.set_op)} here uses a different event id")]
    reverse = reverse_event(event)
    slot = state.slots.get(analysis.slot(reverse, ident)) if reverse is not None else None
    if slot is not None:
        return [note(slot.set_op, f"{flag_call_of(slot.set_op)} here sets the opposite direction")]
    return []


@transfers(PipeBarrierOp)
def pipe_barrier(analysis: PipeSyncAnalysis, op: PipeBarrierOp, state: PipeState) -> None:
    barrier(op.pipe.data, state)


# --- the core a flag runs on (FL-10) ---------------------------------------------------------------


def check_core_pipe(analysis: PipeSyncAnalysis, op: Operation, pipe: Pipe) -> None:
    """FL-10: a flag on a pipe the core that runs it does not have."""
    if not analysis.reporting:
        return
    core, pipes = _core_of(analysis, op)
    if pipe not in pipes:
        analysis.warn(
            "FL-10",
            op,
            f"`{python_call(op) if not isinstance(op, SetFlagOp | WaitFlagOp) else flag_call(op)}` names pipe "
            f"{pipe.name}, which the {core} core does not use",
        )


def _core_of(analysis: PipeSyncAnalysis, op: Operation) -> tuple[str, frozenset[Pipe]]:
    child: Operation = op
    parent = op.parent_op()
    while parent is not None and parent is not analysis.kernel:
        if isinstance(parent, scf.IfOp) and isinstance(parent.cond.owner, AscendIsAivOp):
            in_then = child.parent_region() is parent.true_region
            return ("AIV", AIV_PIPES) if in_then else ("AIC", AIC_PIPES)
        child, parent = parent, parent.parent_op()
    kind = analysis.kernel.attributes.get(KERNEL_TYPE_ATTR)
    aic_only = isinstance(kind, KernelTypeAttr) and kind.data == KernelType.AIC_ONLY
    if aic_only or CUBE_ONLY_ATTR in analysis.kernel.attributes:
        return "AIC", AIC_PIPES
    return "AIV", AIV_PIPES


# --- slots across control flow (FL-11) and at the kernel's exit (FL-2) -------------------------------


@checks_branches
def check_branches_agree(
    analysis: PipeSyncAnalysis, then_state: PipeState, else_state: PipeState, branch: scf.IfOp
) -> None:
    """FL-11: a user slot set after one arm of ``branch`` and not after the other."""
    for key, slot in [*then_state.slots.items(), *else_state.slots.items()]:
        if not isinstance(key[0], HardEvent):
            continue
        if (key in then_state.slots) != (key in else_state.slots):
            analysis.error(
                "FL-11",
                branch,
                f"event slot {slot_text(key, slot.set_op)} is set on one branch of this `if` and not on the other",
                [note(slot.set_op, "set here")],
                partner=slot_text(key, slot.set_op),
            )


@checks_loop
def check_loop_balanced(analysis: PipeSyncAnalysis, entry: PipeState, body_exit: PipeState, loop: Operation) -> None:
    """FL-11: one iteration of ``loop`` (two, for a loop whose ids alternate) sets a user slot it does not
    wait on, or the converse."""
    if isinstance(loop, scf.ForOp) and analysis.loop_phases(loop) > 1:
        _check_slots_kept(analysis, entry, body_exit, loop, "two iterations of this loop change", phased=True)
    else:
        _check_slots_kept(analysis, entry, body_exit, loop, "one iteration of this loop changes")


@checks_phases
def check_odd_trip_count(analysis: PipeSyncAnalysis, entry: PipeState, partial: PipeState, loop: Operation) -> None:
    """FL-11: a loop whose ids alternate leaves a user slot in another state after an odd number of
    iterations than it found it (its trip count is not known to be even)."""
    _check_slots_kept(analysis, entry, partial, loop, "an odd number of iterations of this loop changes", phased=True)


def _check_slots_kept(
    analysis: PipeSyncAnalysis, entry: PipeState, after: PipeState, loop: Operation, what: str, *, phased: bool = False
) -> None:
    slots = {**entry.slots, **after.slots}
    for key in sorted(slots, key=lambda k: slot_order(k, slots[k].set_op)):
        if not isinstance(key[0], HardEvent) or (key in entry.slots) == (key in after.slots):
            continue
        sets, waits = count_flag_ops(loop, key, analysis.flag_tables.alternating)
        slot = after.slots.get(key) or entry.slots[key]
        counts = f"sets {sets}, waits {waits}"
        if phased:  # say which side is off: the priming before the loop or the iterations
            counts += (
                f"; {'set' if key in after.slots else 'not set'} after them, "
                f"{'set' if key in entry.slots else 'not set'} before the loop"
            )
        analysis.error(
            "FL-11",
            loop,
            f"{what} event slot {slot_text(key, slot.set_op)} ({counts}); the loop is unbalanced",
            [note(slot.set_op, "set here")],
            partner=key,
        )


@checks_peeled
def check_peeled_exits(analysis: PipeSyncAnalysis, once: PipeState, more: PipeState, loop: scf.ForOp) -> None:
    """FL-11: a loop walked peeled (docs/rules/flags.md#loops-guarded-by-their-index) leaves a user slot set
    when it runs once and not when it runs more often, or the converse."""
    for key, slot in [*once.slots.items(), *more.slots.items()]:
        if not isinstance(key[0], HardEvent) or (key in once.slots) == (key in more.slots):
            continue
        when = "once" if key in once.slots else "more than once"
        analysis.error(
            "FL-11",
            loop,
            f"event slot {slot_text(key, slot.set_op)} is still set after this loop when it runs {when} and not "
            "otherwise",
            [note(slot.set_op, "set here")],
            partner=key,
        )


@checks_exit
def check_exit(analysis: PipeSyncAnalysis, state: PipeState) -> None:
    """FL-2: a user slot still set when the kernel returns."""
    for key, slot in state.slots.items():
        if not isinstance(key[0], HardEvent):
            continue
        set_op = slot.set_op
        assert isinstance(set_op, SetFlagOp)
        analysis.error(
            "FL-2",
            set_op,
            f"`{flag_call(set_op)}` is never consumed by a matching `asc.wait_flag`",
            _fl2_notes(analysis, key),
        )


def _fl2_notes(analysis: PipeSyncAnalysis, key: SlotKey) -> list[Note]:
    event, ident = key[0], key[1]
    assert isinstance(event, HardEvent)
    waits = analysis.flag_tables.waits_seen
    for wait in waits:
        if wait.event.data is event and id_key(wait.event_id) != ident and constant_int(wait.event_id) is not None:
            return [note(wait, f"{flag_call(wait)} here uses a different event id")]
    reverse = reverse_event(event)
    for wait in waits:
        if wait.event.data is reverse and id_key(wait.event_id) == ident:
            return [note(wait, f"{flag_call(wait)} here waits on the opposite direction")]
    return []
