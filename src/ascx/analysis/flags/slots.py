"""How a flag names its event slot, and how diagnostics spell flags and slots
(docs/sync-model.md#flags-and-event-ids)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from xdsl.dialects import scf
from xdsl.ir import Block, Operation, SSAValue

from ascx.analysis.dataflow import condition_key, constant_int
from ascx.analysis.flags.parity import evaluate
from ascx.analysis.pipe.state import SlotKey
from ascx.analysis.pipe_model import direct_event
from ascx.analysis.reporting import Findings
from ascx.analysis.spelling import value_name
from ascx.dialects.ascendc.basic_enums import HardEvent
from ascx.dialects.ascendc.fwk_ops import EventIdOp
from ascx.dialects.ascendc.sync_ops import SetFlagOp, WaitFlagOp
from ascx.dialects.ascendc.system_ops import SysVarOp


@dataclass
class FlagTables:
    """What the pipe analysis remembers about the kernel's flags across program points."""

    pairs: Findings[tuple[Operation, Operation]]
    """User flag pairs (set, wait) the analysis matched, for the FL-12 lint."""
    waits_seen: Findings[WaitFlagOp]
    """Every wait visited so far, for the notes of FL-2."""
    fetched: dict[SSAValue, HardEvent] = field(default_factory=dict[SSAValue, HardEvent])
    """Ids from ``pipe.fetch_event_id`` -> their event (FL-7)."""
    slot_of_op: dict[tuple[Operation, tuple[int | None, ...]], SlotKey | None] = field(
        default_factory=dict[tuple[Operation, tuple[int | None, ...]], SlotKey | None]
    )
    """The slot of each set and wait per phase of the loops its id alternates with, computed once (None
    when its id is unusable)."""
    alternating: dict[Operation, tuple[scf.ForOp, ...]] = field(default_factory=dict[Operation, tuple[scf.ForOp, ...]])
    """The loops whose iteration parity decides the id of each set and wait (docs/rules/flags.md#event-ids)."""


def event_text(event: HardEvent) -> str:
    return f"HardEvent.{event.name}"


def id_text(value: SSAValue) -> str:
    constant = constant_int(value)
    return str(constant) if constant is not None else value_name(value, "id")


def flag_call(op: SetFlagOp | WaitFlagOp, event: HardEvent | None = None, event_id: str | None = None) -> str:
    name = "set_flag" if isinstance(op, SetFlagOp) else "wait_flag"
    shown_event = event if event is not None else op.event.data
    return f"asc.{name}({event_text(shown_event)}, {event_id if event_id is not None else id_text(op.event_id)})"


def flag_call_of(op: Operation) -> str:
    assert isinstance(op, SetFlagOp | WaitFlagOp)
    return flag_call(op)


def reverse_event(event: HardEvent) -> HardEvent | None:
    return direct_event(event.dst, event.src)


def id_key(value: SSAValue) -> object:
    """What identifies an event id: its constant, its pool id, or the key of its pure computation."""
    constant = constant_int(value)
    if constant is not None:
        return constant
    return value if isinstance(value.owner, EventIdOp) else condition_key(value)


def slot_text(key: SlotKey, op: Operation | None = None) -> str:
    """``MTE2_V#0``: how a message names a slot."""
    event, ident = key[0], key[1]
    if isinstance(ident, int):
        shown = str(ident)
    elif isinstance(op, SetFlagOp | WaitFlagOp):
        shown = id_text(op.event_id)
    else:
        shown = str(ident) if isinstance(ident, int) else "id"
    return f"{event.name if isinstance(event, HardEvent) else str(event).upper()}#{shown}"


def slot_order(key: SlotKey, set_op: Operation) -> tuple[str, str]:
    """A deterministic order of slots (by event, then by the id's spelling)."""
    shown = id_text(set_op.event_id) if isinstance(set_op, SetFlagOp | WaitFlagOp) else ""
    event = key[0]
    return (event.ir if isinstance(event, HardEvent) else str(event), shown)


def is_pure_integer(value: SSAValue) -> bool:
    """Whether ``value`` is computed from constants, loop indices, kernel arguments and system values
    by pure ``arith`` ops only (so two uses of the same computation are the same number).  Each value is
    visited once, so the walk is linear in the computation however long it is and however often it reuses
    a value."""
    work, seen = [value], {value}
    while work:
        current = work.pop()
        owner = current.owner
        if isinstance(owner, Block):
            continue
        if owner.dialect_name() == "arith" and not owner.regions:
            fresh = [operand for operand in owner.operands if operand not in seen]
            seen.update(fresh)
            work.extend(fresh)
        elif isinstance(owner, SysVarOp) or constant_int(current) is not None:
            continue
        else:
            return False
    return True


def may_be_equal(a: object, b: object) -> bool:
    """Whether two slot ids may be the same id at run time: a computed id (``i % 2``) may equal a constant
    or another computation; pool ids are distinct from everything else (the pool reserves them)."""

    def computed(ident: object) -> bool:
        return not isinstance(ident, int) and not (isinstance(ident, SSAValue) and isinstance(ident.owner, EventIdOp))

    return (computed(a) and (isinstance(b, int) or computed(b))) or (computed(b) and isinstance(a, int))


def possible_ids(op: SetFlagOp | WaitFlagOp, alternating: Sequence[scf.ForOp]) -> list[object]:
    """The ids ``op`` may use: its id's key, or the two numbers of an id that alternates with the first of
    the loops ``alternating`` (docs/rules/flags.md#event-ids)."""
    if not alternating:
        return [id_key(op.event_id)]
    values = [evaluate(op.event_id, {loop: phase for loop in alternating}) for phase in (0, 1)]
    return [value for value in values if isinstance(value, int)]


def count_flag_ops(
    loop: Operation, key: SlotKey, alternating: Mapping[Operation, Sequence[scf.ForOp]] | None = None
) -> tuple[int, int]:
    """How many sets and waits of slot ``key`` the body of ``loop`` holds (``alternating``: the loops each
    flag's id alternates with)."""
    sets = waits = 0
    for op in loop.walk():
        if not isinstance(op, SetFlagOp | WaitFlagOp) or op.event.data is not key[0]:
            continue
        if key[1] in possible_ids(op, (alternating or {}).get(op, ())):
            if isinstance(op, SetFlagOp):
                sets += 1
            else:
                waits += 1
    return sets, waits
