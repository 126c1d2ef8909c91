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

from xdsl.dialects import arith, func, scf
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from ascx.analysis.cross_core.flags import INTER_BLOCK_PAIRS
from ascx.analysis.cross_core.slices import BlockSlice, block_slice, poly_text
from ascx.analysis.dataflow import ForwardAnalysis, condition_atom, condition_key, constant_int
from ascx.analysis.regions import GMBase, GMBaseCache, offset_values, region_of
from ascx.analysis.report import DiagnosticList, Note, at, note, where
from ascx.analysis.spelling import value_name
from ascx.dialects.ascendc.object_ops import ConstantOp as UnsignedConstantOp
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
    if a.parts != b.parts:
        return note(
            None,
            "the blocks' parts are not proved disjoint: the two accesses split the blocks' parts differently",
        )
    if a.stride != b.stride or a.shift != b.shift:
        return note(
            None,
            "the blocks' parts are not proved disjoint: the two accesses step with the block index by "
            f"{poly_text(dict(a.stride))} and {poly_text(dict(b.stride))} elements",
        )
    for (op, mine), other in ((first, b), (second, a)):
        assert mine is not None
        if mine.limit is not None and not other.only_blocks_up_to(mine.limit):
            return note(
                op,
                "the blocks' parts are not proved disjoint: this access stays in its block's part only below "
                f"block {poly_text(dict(mine.limit))}, and the other one is not proved to be made by no block "
                "after it",
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


@dataclass(frozen=True)
class _Made:
    """A GM access made since the last inter-block synchronization: the op, the tensor it touched, the buffer,
    the key of its block-dependent offset, the buffer's name, whether it wrote, and the ``if`` arms it was
    made in (:func:`condition_atom` of the condition, the arm, the condition) that still hold where the walk
    is."""

    op: Operation
    value: SSAValue
    base: object
    key: tuple[object, ...]
    name: str
    write: bool
    arms: tuple[tuple[object, bool, SSAValue], ...]


_Pending = frozenset[_Made]
_Access = tuple[SSAValue, object, tuple[object, ...], str, bool]


def _arms(op: Operation, memo: dict[SSAValue, bool]) -> tuple[tuple[object, bool, SSAValue], ...]:
    """The ``if`` arms around ``op`` on conditions every block computes alike (:func:`_uniform`): (condition
    key, the arm, the condition).  An arm on the block index, the sub-block or the core type may be taken by
    one block and not by another, so it excludes nothing between blocks."""
    found: list[tuple[object, bool, SSAValue]] = []
    current = op
    while (parent := current.parent_op()) is not None and not isinstance(parent, func.FuncOp):
        if isinstance(parent, scf.IfOp) and _uniform(parent.cond, memo):
            taken = current.parent_region() is parent.true_region
            found.append((condition_atom(parent.cond), taken == _plain(parent.cond), parent.cond))
        current = parent
    return tuple(found)


_PER_CORE = {"block_idx", "sub_block_idx"}


def _uniform(value: SSAValue, memo: dict[SSAValue, bool]) -> bool:
    """Whether every block computes the same ``value`` (at the same point between two inter-block
    synchronizations): computed by ``arith`` and branches from constants, kernel arguments, the block count
    and loop indices over such bounds, never from the block or sub-block index, the core type or data read
    from memory."""
    known = memo.get(value)
    if known is not None:
        return known
    seen: set[SSAValue] = set()
    stack = [value]
    uniform = True
    while stack and uniform:
        current = stack.pop()
        if current in seen or memo.get(current) is True:
            continue
        seen.add(current)
        if isinstance(current, BlockArgument):
            parent = current.owner.parent_op()
            if isinstance(parent, scf.ForOp) and current.index == 0:
                stack += [parent.lb, parent.ub, parent.step]
            elif not isinstance(parent, func.FuncOp):
                uniform = False  # a loop-carried value, a while loop's argument: not followed
            continue
        owner = current.owner
        if isinstance(owner, SysVarOp):
            uniform = str(owner.var.data) not in _PER_CORE
        elif isinstance(owner, scf.IfOp):
            index = owner.results.index(current)
            stack.append(owner.cond)
            for region in owner.regions:
                last = region.block.last_op if region.blocks else None
                if isinstance(last, scf.YieldOp):
                    stack.append(last.operands[index])
        elif isinstance(owner, Operation) and (
            owner.dialect_name() == "arith" or isinstance(owner, UnsignedConstantOp)
        ):
            stack += owner.operands
        else:
            uniform = False  # the core type, a read of memory, any other op
    memo[value] = uniform
    return uniform


def _plain(condition: SSAValue) -> bool:
    """False when :func:`condition_atom` keys ``condition`` as the negation of what it tests (``!=``, ``not``)."""
    negated = False
    owner = condition.owner
    while isinstance(owner, arith.XOrIOp) and constant_int(owner.rhs) in (1, -1):
        negated = not negated
        condition = owner.lhs
        owner = condition.owner
    if isinstance(owner, arith.CmpiOp) and owner.predicate.value.data == 1:  # ne: keyed as eq
        negated = not negated
    return not negated


def _exclusive(a: tuple[tuple[object, bool, SSAValue], ...], b: tuple[tuple[object, bool, SSAValue], ...]) -> bool:
    """Whether arms ``a`` and ``b`` cannot both be taken with the same values: one condition both ways, or
    ``x == c1`` and ``x == c2`` for two different constants (each call of a device function tests its own
    ``mode == 0``; :func:`condition_atom` makes them one condition)."""
    known: dict[object, bool] = {}
    equal: dict[object, int] = {}
    for atom, holds, condition in (*a, *b):
        if known.setdefault(atom, holds) != holds:
            return True
        tested = _equal_to_constant(condition)
        if holds and tested is not None:
            subject, value = tested
            if equal.setdefault(subject, value) != value:
                return True
    return False


def _equal_to_constant(condition: SSAValue) -> tuple[object, int] | None:
    """(the key of ``x``, ``c``) when ``condition`` (as :func:`condition_atom` keys it) is ``x == c``."""
    owner = condition.owner
    while isinstance(owner, arith.XOrIOp) and constant_int(owner.rhs) in (1, -1):
        owner = owner.lhs.owner
    if not isinstance(owner, arith.CmpiOp) or owner.predicate.value.data not in (0, 1):
        return None
    for subject, other in ((owner.lhs, owner.rhs), (owner.rhs, owner.lhs)):
        value = constant_int(other)
        if value is not None and constant_int(subject) is None:
            return condition_key(subject), value
    return None


def _varies_in(value: SSAValue, loop: Operation, memo: dict[SSAValue, bool]) -> bool:
    """Whether ``value`` may differ between iterations of ``loop``: computed in it from anything but pure
    ``arith`` on values from outside it."""
    known = memo.get(value)
    if known is not None:
        return known
    owner = value.owner
    inside = loop.is_ancestor(owner if isinstance(owner, Operation) else owner.parent_op() or loop)
    if not inside:
        found = False
    elif isinstance(owner, Operation) and owner.dialect_name() == "arith" and not owner.regions:
        found = any(_varies_in(v, loop, memo) for v in owner.operands)
    else:
        found = True
    memo[value] = found
    return found


class _CrossBlockAnalysis(ForwardAnalysis[_Pending]):
    """XC-7 over the kernel's control flow: the accesses made since the last inter-block synchronization reach
    every access after them, around loops too, and a write among two of them is a race (the blocks run in any
    order); a write and an access in arms that exclude each other (in one iteration of the loops whose values
    the conditions use) are not paired."""

    def __init__(self, diagnostics: DiagnosticList):
        super().__init__()
        self.diagnostics = diagnostics
        self.cache: GMBaseCache = {}
        self.memo: dict[SSAValue, bool] = {}
        self.slices: dict[tuple[Operation, SSAValue], BlockSlice | None] = {}
        self.accesses: dict[Operation, list[_Access]] = {}
        self.arms: dict[Operation, tuple[tuple[object, bool, SSAValue], ...]] = {}
        self.reported: set[tuple[Operation, Operation]] = set()
        self.variant: dict[Operation, dict[SSAValue, bool]] = {}
        self.uniform: dict[SSAValue, bool] = {}
        self.relevant: dict[Block, list[Operation]] = {}
        self.order: dict[Operation, int] = {}
        """The accessing ops in the order the walk first meets them (the same every run)."""

    def source_order(self, made: _Made) -> tuple[str, int, int, str, bool, int]:
        """Where an access is in the source, its buffer's name and kind, then its op's place in the IR (copies
        of a device function share a line): a state is a set, and a buffer's pairs are met in this order, the
        same every run (its first unproved pair is the warning)."""
        order = self.order[made.op]
        location = at(made.op)
        if location is None:
            return ("", 0, 0, made.name, made.write, order)
        return (location.file, location.line, location.col or 0, made.name, made.write, order)

    def block_ops(self, block: Block) -> list[Operation]:
        found = self.relevant.get(block)
        if found is None:
            found = self.relevant[block] = [
                op for op in block.ops if op.regions or type(op) in _INTER_BLOCK_SYNC or self._accesses(op)
            ]
        return found

    def _accesses(self, op: Operation) -> list[_Access]:
        """The block-dependent GM accesses of ``op``: (tensor, buffer, offset key, name, written)."""
        found = self.accesses.get(op)
        if found is None:
            found = self.accesses[op] = []
            for value, write in _gm_accesses(op):
                region = region_of(value, self.cache)
                if not isinstance(region.base, GMBase) or not isinstance(region.offset, tuple):
                    continue
                if any(self.block_dependent(v) for v in offset_values(region.offset)):
                    key = tuple(v if isinstance(v, int) else condition_key(v) for v in region.offset)
                    found.append((value, region.base, key, region.name, write))
        return found

    def block_dependent(self, value: SSAValue) -> bool:
        return _block_dependent(value, self.memo)

    def slice_of(self, op: Operation, value: SSAValue) -> tuple[Operation, BlockSlice | None]:
        key = (op, value)
        if key not in self.slices:
            self.slices[key] = block_slice(op, value, self.block_dependent)
        return op, self.slices[key]

    def arms_of(self, op: Operation) -> tuple[tuple[object, bool, SSAValue], ...]:
        found = self.arms.get(op)
        if found is None:
            found = self.arms[op] = _arms(op, self.uniform)
        return found

    def transfer(self, op: Operation, state: _Pending) -> _Pending:
        if type(op) in _INTER_BLOCK_SYNC:
            return frozenset()
        added: list[_Made] = []
        for value, base, key, name, write in self._accesses(op):
            made = _Made(op, value, base, key, name, write, self.arms_of(op))
            self.order.setdefault(op, len(self.order))
            if self.reporting:
                self._check(made, state)
            added.append(made)
        return state | frozenset(added) if added else state

    def _check(self, access: _Made, state: _Pending) -> None:
        """Report ``access`` against the accesses made before it since the last inter-block synchronization:
        the blocks run in any order, so a read before a write of another block's part races as well."""
        for pending in sorted(state, key=self.source_order):  # the same order every run: the first pair is the warning
            if not (pending.write or access.write) or pending.base != access.base or pending.key == access.key:
                continue
            if pending.op is access.op or _exclusive(pending.arms, access.arms):
                continue
            written, other = (pending, access) if pending.write else (access, pending)
            pair = (written.op, other.op)
            if pair in self.reported:
                continue
            why = _unproved(self.slice_of(written.op, written.value), self.slice_of(other.op, other.value))
            if why is None:
                continue
            self.reported.add(pair)
            # one buffer, one warning: the first pair in source order is reported, the others of the buffer
            # are its notes (docs/rules/cross-core.md#xc-7)
            buffer = ("XC-7", written.base)
            self.diagnostics.add(
                "warning",
                "XC-7",
                written.op,
                f"GM `{written.name}` written here may be accessed by another block without inter-block "
                "synchronization",
                [note(other.op, "accessed here at another block-dependent offset"), why],
                partner=other.op,
                cause=buffer,
                caused_by=buffer,
                folded=f"`{written.name}` is also written here and accessed at {_line_of(other.op, written.op)}, "
                f"not proved disjoint either{_reason(why)}",
            )

    def copy(self, state: _Pending) -> _Pending:
        return state

    def same(self, a: _Pending, b: _Pending) -> bool:
        return a == b

    def join(self, then_state: _Pending, else_state: _Pending, branch: scf.IfOp) -> _Pending:
        if self.reporting and not _uniform(branch.cond, self.uniform):
            # one block may take one arm while another takes the other: their accesses meet
            others = else_state - then_state
            for made in sorted(then_state - else_state, key=self.source_order):
                self._check(made, others)
        return then_state | else_state

    def join_loop(self, entry: _Pending, carried: _Pending, loop: Operation) -> _Pending:
        return entry | carried

    def back_edge(self, state: _Pending, loop: Operation) -> _Pending:
        """An access carried into the next iteration keeps only the arms whose conditions do not change there."""
        memo = self.variant.setdefault(loop, {})
        kept: set[_Made] = set()
        for made in state:
            arms = tuple(arm for arm in made.arms if not _varies_in(arm[2], loop, memo))
            kept.add(made if arms == made.arms else replace(made, arms=arms))
        return frozenset(kept)


_PROOF_FAILED = "the blocks' parts are not proved disjoint"


def _reason(why: Note) -> str:
    """The reason of an unproved pair, for its note under the buffer's warning: ``: <why>``, or nothing."""
    return why.text.removeprefix(_PROOF_FAILED)


def _line_of(op: Operation, beside: Operation) -> str:
    """Where ``op`` is, as ``line N`` when it is in the file of ``beside`` (whose location a note shows)."""
    mine, theirs = at(op), at(beside)
    if mine is not None and theirs is not None and mine.file == theirs.file:
        return f"line {mine.line}"
    return where(op)


def check_cross_block(kernel: func.FuncOp, diagnostics: DiagnosticList) -> None:
    """XC-7 (a lint): a GM buffer written at an offset computed from the block index and accessed at
    another block-dependent offset (another block's part), before or after the write, with no inter-block
    synchronization (``sync_all``, ``ib_set`` / ``ib_wait``, ``notify_next_block`` / ``wait_pre_block``) between
    them, unless both accesses are proved to stay in their own block's part
    (:mod:`ascx.analysis.cross_core.slices`), or the write and the access are in arms of ``if``s that exclude
    each other.  The accesses flow along the kernel's control flow (around loops too)."""
    _CrossBlockAnalysis(diagnostics).run_block(kernel.body.block, frozenset())
