"""Inter-block lints (docs/rules/cross-core.md): XC-5 (``wait_pre_block`` / ``notify_next_block`` balance
on every path), XC-6 (``ib_set`` / ``ib_wait`` partners) and XC-7 (GM that one block writes and another
may access with no inter-block synchronization between).

Every block runs the same kernel, so block b's ``wait_pre_block`` is released by block b − 1's
``notify_next_block`` on the same program path: a path that waits more often than it notifies
leaves the next block waiting forever, and a path that notifies more often than it waits signals
a block that never waits.  ``ib_set`` / ``ib_wait`` name the setting block and the event
explicitly; a wait whose (block, event) no ``ib_set`` of the kernel can produce never returns.
Like the other XC rules these are pairing lints: inter-block happens-before is not modelled.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from xdsl.dialects import func, scf
from xdsl.ir import Operation, SSAValue

from ascx.analysis.cross_core.flags import INTER_BLOCK_PAIRS
from ascx.analysis.cross_core.slices import BlockSlice, block_slice, poly_text
from ascx.analysis.dataflow import ForwardAnalysis, condition_key, constant_int
from ascx.analysis.regions import GMBase, GMBaseCache, region_of
from ascx.analysis.report import DiagnosticList, Note, at, note
from ascx.analysis.spelling import value_name
from ascx.dialects.ascendc.sync_ops import IBSetOp, IBWaitOp, NotifyNextBlockOp, SyncAllOp, WaitPreBlockOp
from ascx.dialects.ascendc.system_ops import SysVarOp
from ascx.dialects.ascendc.traits import MatmulMethod, TensorAccess
from ascx.dialects.ascendc.types import GlobalTensorType

UNMATCHED_KEPT = 2
"""How many unmatched calls a path summary remembers (a loop that never balances stops growing here)."""


@dataclass(frozen=True)
class _Path:
    """What one set of paths did so far: the waits not yet balanced by a notify (and the converse),
    and the first ``if`` arm or loop iteration that this summary exists on alone."""

    waits: tuple[Operation, ...] = ()
    notifies: tuple[Operation, ...] = ()
    via: tuple[Operation, str] | None = None
    """Where the paths of this summary split from the others: an op and the note that says how."""


_Paths = frozenset[_Path]


class _BlockChainAnalysis(ForwardAnalysis[_Paths]):
    def transfer(self, op: Operation, state: _Paths) -> _Paths:
        if isinstance(op, WaitPreBlockOp):
            return frozenset(_balance(path, op, waits=True) for path in state)
        if isinstance(op, NotifyNextBlockOp):
            return frozenset(_balance(path, op, waits=False) for path in state)
        return state

    def copy(self, state: _Paths) -> _Paths:
        return state

    def same(self, a: _Paths, b: _Paths) -> bool:
        return a == b

    def join(self, then_state: _Paths, else_state: _Paths, branch: scf.IfOp) -> _Paths:
        return _tag(then_state, else_state, (branch, "on the path where this condition is true")) | _tag(
            else_state, then_state, (branch, "on the path where this condition is false")
        )

    def join_loop(self, entry: _Paths, carried: _Paths, loop: Operation) -> _Paths:
        return entry | _tag(carried, entry, (loop, "on a path through this loop's body"))


def _note_preference(path: _Path) -> tuple[bool, int, str, str]:
    """Which path's note an unmatched call gets (a set's order depends on object hashes, so be total): no
    note when some path lacks one, else the path with the fewest unmatched calls."""
    via = path.via
    place, text = (str(at(via[0])), via[1]) if via is not None else ("", "")
    return (via is not None, len(path.waits) + len(path.notifies), place, text)


def _balance(path: _Path, op: Operation, waits: bool) -> _Path:
    """``path`` followed by a wait (``waits``) or a notify: it cancels one unmatched call of the other kind."""
    mine, other = (path.waits, path.notifies) if waits else (path.notifies, path.waits)
    if other:
        other = other[1:]
    elif len(mine) < UNMATCHED_KEPT:
        mine = (*mine, op)
    return _Path(mine, other, path.via) if waits else _Path(other, mine, path.via)


def _tag(arm: _Paths, other: _Paths, via: tuple[Operation, str]) -> _Paths:
    """The summaries of one arm (or back edge), those the other lacks remembering where they came from."""
    others = {(p.waits, p.notifies) for p in other}
    return frozenset(p if p.via is not None or (p.waits, p.notifies) in others else replace(p, via=via) for p in arm)


def check_block_chain(kernel: func.FuncOp, diagnostics: DiagnosticList) -> None:
    """XC-5: on some path a block calls ``wait_pre_block`` more (or fewer) times than ``notify_next_block``."""
    reported: dict[Operation, list[Note]] = {}
    at_exit = _BlockChainAnalysis().run_block(kernel.body.block, frozenset({_Path()}))
    assert at_exit is not None, "the kernel's body is in no loop to leave"
    for path in sorted(at_exit, key=_note_preference):
        for op in (*path.waits, *path.notifies):
            if op not in reported:
                reported[op] = [note(*path.via)] if path.via is not None else []
    for op, notes in reported.items():
        if isinstance(op, WaitPreBlockOp):
            message = "`asc.wait_pre_block()` has no matching `asc.notify_next_block()` in the previous block"
        else:
            message = "`asc.notify_next_block()` has no matching `asc.wait_pre_block()` in the next block"
        diagnostics.add("error", "XC-5", op, message, notes)


@dataclass(frozen=True)
class _Event:
    op: IBSetOp | IBWaitOp
    block: int | None
    event: int | None

    def may_match(self, other: _Event) -> bool:
        return (self.block is None or other.block is None or self.block == other.block) and (
            self.event is None or other.event is None or self.event == other.event
        )

    def text(self) -> str:
        return f"block={_spell(self.op.block_idx, self.block)}, event={_spell(self.op.event_id, self.event)}"


def _spell(value: SSAValue, constant: int | None) -> str:
    return str(constant) if constant is not None else value_name(value, "?")


def check_inter_block_events(ops: list[IBSetOp | IBWaitOp], diagnostics: DiagnosticList) -> None:
    """XC-6: an ``ib_wait`` (of ``ops``, the kernel's) no ``ib_set`` can match (same block and event), or the
    converse."""
    sets: list[_Event] = []
    waits: list[_Event] = []
    for op in ops:
        event = _Event(op, constant_int(op.block_idx), constant_int(op.event_id))
        (sets if isinstance(op, IBSetOp) else waits).append(event)
    for mine, partners, call, wanted in ((waits, sets, "ib_wait", "ib_set"), (sets, waits, "ib_set", "ib_wait")):
        for event in mine:
            if any(event.may_match(p) for p in partners):
                continue
            nearest = _nearest(event, partners)
            diagnostics.add(
                "error",
                "XC-6",
                event.op,
                f"`asc.{call}({event.text()})` has no matching `asc.{wanted}`",
                [note(nearest.op, f"nearest candidate: `asc.{wanted}({nearest.text()})`")] if nearest else [],
            )


def _nearest(event: _Event, partners: list[_Event]) -> _Event | None:
    """A partner with the same event (another block), else with the same block, else the first one."""
    same_event = [p for p in partners if p.event == event.event]
    same_block = [p for p in partners if p.block == event.block]
    for found in (same_event, same_block, partners):
        if found:
            return found[0]
    return None


# --- GM shared between blocks (XC-7) -------------------------------------------------------------

_INTER_BLOCK_SYNC = INTER_BLOCK_PAIRS | {SyncAllOp}
"""Ops after which XC-7 assumes other blocks' earlier GM accesses are ordered (a lint, not a model)."""

_ACCESS: dict[type[Operation], TensorAccess | bool] = {}
"""The ``TensorAccess`` of a basic op class (False for Matmul calls and ops without one), looked up once."""


def _block_dependent(value: SSAValue, memo: dict[SSAValue, bool]) -> bool:
    """Whether ``value`` is computed from the block index (iteratively: chains can be long)."""
    if value in memo:
        return memo[value]
    seen: set[SSAValue] = set()
    stack = [value]
    found = False
    while stack and not found:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        known = memo.get(current)
        if known is not None:
            found = known
            continue
        owner = current.owner
        if isinstance(owner, SysVarOp):
            found = str(owner.var.data) == "block_idx"
        elif isinstance(owner, Operation):
            stack.extend(owner.operands)
    if not found:
        for checked in seen:
            memo[checked] = False
    memo[value] = found
    return found


def _unproved(first: tuple[Operation, BlockSlice | None], second: tuple[Operation, BlockSlice | None]) -> Note | None:
    """None when both accesses stay in their blocks' parts of one stride
    (docs/rules/cross-core.md#disjoint-block-slices); else a note that says why that is not proved."""
    for op, found in (first, second):
        if found is not None and found.reason is not None:
            return note(op, f"the blocks' parts are not proved disjoint: {found.reason}")
    a, b = first[1], second[1]
    if a is None or b is None:
        return note(None, "the blocks' parts are not proved disjoint")
    if a.stride != b.stride:
        return note(
            None,
            "the blocks' parts are not proved disjoint: the two accesses step with the block index by "
            f"{poly_text(dict(a.stride))} and {poly_text(dict(b.stride))} elements",
        )
    return None


def _gm_accesses(op: Operation) -> list[tuple[SSAValue, bool]]:
    """The GM tensors ``op`` reads (False) and writes (True), from its ``TensorAccess`` (none for Matmul calls)."""
    kind = type(op)
    access = _ACCESS.get(kind)
    if access is None:
        trait = op.get_trait(TensorAccess) if op.get_trait(MatmulMethod) is None else None
        access = _ACCESS[kind] = trait if trait is not None else False
    if access is False:
        return []
    assert isinstance(access, TensorAccess)
    touched = [(v, False) for v in access.read_values(op)] + [(v, True) for v in access.written_values(op)]
    return [(v, write) for v, write in touched if isinstance(v.type, GlobalTensorType)]


def check_cross_block(kernel: func.FuncOp, diagnostics: DiagnosticList) -> None:
    """XC-7 (a lint): a GM buffer written at an offset computed from the block index and accessed at
    another block-dependent offset (another block's part) with no inter-block synchronization (``sync_all``,
    ``ib_set`` / ``ib_wait``, ``notify_next_block`` / ``wait_pre_block``) in between, unless both accesses
    are proved to stay in their own block's part (:mod:`ascx.analysis.cross_core.slices`)."""
    cache: GMBaseCache = {}
    memo: dict[SSAValue, bool] = {}
    slices: dict[tuple[Operation, SSAValue], BlockSlice | None] = {}
    writes: dict[object, list[tuple[Operation, SSAValue, tuple[object, ...], str]]] = {}

    def slice_of(op: Operation, value: SSAValue) -> tuple[Operation, BlockSlice | None]:
        key = (op, value)
        if key not in slices:
            slices[key] = block_slice(op, value)
        return op, slices[key]

    for op in kernel.walk():
        kind = type(op)
        if kind in _INTER_BLOCK_SYNC:
            writes.clear()
            continue
        for value, write in _gm_accesses(op):
            region = region_of(value, cache)
            if not isinstance(region.base, GMBase) or not isinstance(region.offset, tuple):
                continue
            if not any(_block_dependent(v, memo) for v in region.offset):
                continue
            key = tuple(condition_key(v) for v in region.offset)
            for other, other_value, other_key, name in writes.get(region.base, []):
                if other_key == key or other is op:
                    continue
                why = _unproved(slice_of(other, other_value), slice_of(op, value))
                if why is None:
                    continue
                diagnostics.add(
                    "warning",
                    "XC-7",
                    other,
                    f"GM `{name}` written here may be accessed by another block without inter-block synchronization",
                    [note(op, "accessed here at another block-dependent offset"), why],
                    partner=op,
                )
            if write:
                writes.setdefault(region.base, []).append((op, value, key, region.name))
