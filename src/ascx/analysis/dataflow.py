"""A forward dataflow engine over structured control flow (docs/sync-model.md#the-static-abstraction).

An analysis subclasses :class:`ForwardAnalysis` and says what one op does to its state
(``transfer``), how the states of two ``scf.if`` arms meet (``join``), what the back edge of a loop
does (``back_edge``), and when two states are the same (``same``).  The engine walks a block in
order, joins at ``scf.if``, and iterates ``scf.for`` / ``scf.while`` bodies to a fixpoint.

Diagnostics are computed on the fixpoint only: while the engine iterates a loop it clears
``reporting``; once the loop head is stable it walks the body one more time with reporting as it
was, so every op is reported from its final state exactly once per enclosing walk.  An analysis
that can undo what it reported (``checkpoint`` / ``rollback``, with ``report_during_fixpoint``)
saves that extra walk: each fixpoint iteration reports, and the reports of every iteration but the
stable one are rolled back.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Block, Operation, SSAValue

from ascx.analysis.constants import constant_int as constant_int
from ascx.analysis.exit_selector import exit_selector, selector_tests
from ascx.dialects.ascendc.kernel_attrs import LEAVES_LOOP_ATTR
from ascx.dialects.ascendc.object_ops import ConstantOp as UnsignedConstantOp

S = TypeVar("S")


def leaves_loop(block: Block) -> bool:
    """Whether ``block`` (an arm of an ``scf.if``) ends by leaving the enclosing loop (``LEAVES_LOOP_ATTR``)."""
    last = block.last_op
    return last is not None and LEAVES_LOOP_ATTR in last.attributes


def nothing_after(op: Operation) -> bool:
    """Whether only value computations follow ``op`` up to the end of the innermost loop body around it:
    then an arm of ``op`` that sets the loop's exit selector skips nothing that matters, and the loop
    stops before another iteration.  (Any other op there also runs on the way out.)"""
    current: Operation | None = op
    while current is not None and not isinstance(current, scf.ForOp | scf.WhileOp):
        after = current.next_op
        while after is not None:
            if after.regions or not (
                after.dialect_name() == "arith" or isinstance(after, scf.YieldOp | UnsignedConstantOp)
            ):
                return False
            after = after.next_op
        current = current.parent_op()
    return current is not None


MAX_LOOP_ITERATIONS = 16
"""Fixpoint iterations per loop before the analysis gives up on precision (lattices here are finite
and small; real kernels stabilise in two or three)."""


def condition_key(value: SSAValue) -> object:
    """A key under which two branch conditions that compute the same thing compare equal: the value of
    a constant, or the op name, properties and operand keys of a pure ``arith`` op (so that two
    evaluations of ``n > 0`` are one condition); any other value is its own key."""
    owner = value.owner
    if isinstance(owner, Operation) and owner.dialect_name() == "arith" and not owner.regions:
        props = tuple(sorted(owner.properties.items()))  # attributes compare and hash by value (printing them is slow)
        return (owner.name, props, tuple(condition_key(v) for v in owner.operands), value.type)
    return value


_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
_SWAPPED = {
    "eq": "eq",
    "ne": "ne",
    "slt": "sgt",
    "sle": "sge",
    "sgt": "slt",
    "sge": "sle",
    "ult": "ugt",
    "ule": "uge",
    "ugt": "ult",
    "uge": "ule",
}
_SIGNED = {"ult": "slt", "ule": "sle", "ugt": "sgt", "uge": "sge"}


def _strip_casts(value: SSAValue) -> SSAValue:
    """``value`` without the value-preserving casts around it (sign extension, index casts)."""
    owner = value.owner
    while isinstance(owner, arith.ExtSIOp | arith.IndexCastOp):
        value = owner.input
        owner = value.owner
    return value


def _offset(value: SSAValue, reference: SSAValue) -> int | None:
    """``k`` when ``value`` is ``reference + k`` for a constant ``k`` (through casts, ``+`` and ``-`` of
    constants), else None."""
    value, reference = _strip_casts(value), _strip_casts(reference)
    if value is reference or condition_key(value) == condition_key(reference):
        return 0
    constant, base = constant_int(value), constant_int(reference)
    if constant is not None and base is not None:
        return constant - base
    owner = value.owner
    if isinstance(owner, arith.AddiOp | arith.SubiOp):
        step = constant_int(owner.rhs)
        if step is not None:
            inner = _offset(owner.lhs, reference)
            return None if inner is None else inner + (step if isinstance(owner, arith.AddiOp) else -step)
        if isinstance(owner, arith.AddiOp) and (step := constant_int(owner.lhs)) is not None:
            inner = _offset(owner.rhs, reference)
            return None if inner is None else inner + step
    return None


def _compare(low: int | None, high: int | None, predicate: str, bound: int) -> bool | None:
    """``x <predicate> bound`` for every ``x`` in ``[low, high]`` (None: unbounded), or None when it depends on x."""
    if predicate in ("eq", "ne"):
        if low == high == bound:
            equal: bool | None = True
        elif (low is not None and bound < low) or (high is not None and bound > high):
            equal = False
        else:
            return None
        return equal if predicate == "eq" else not equal
    if predicate == "slt":
        return True if high is not None and high < bound else False if low is not None and low >= bound else None
    if predicate == "sle":
        return True if high is not None and high <= bound else False if low is not None and low > bound else None
    if predicate == "sgt":
        return True if low is not None and low > bound else False if high is not None and high <= bound else None
    return True if low is not None and low >= bound else False if high is not None and high < bound else None


def _induction(value: SSAValue, phases: dict[SSAValue, tuple[scf.ForOp, bool, bool]]) -> tuple[SSAValue, int] | None:
    """``(i, k)`` when ``value`` is ``i + k`` for the induction variable ``i`` of a loop walked peeled."""
    value = _strip_casts(value)
    if value in phases:
        return value, 0
    owner = value.owner
    if isinstance(owner, arith.AddiOp | arith.SubiOp) and (step := constant_int(owner.rhs)) is not None:
        inner = _induction(owner.lhs, phases)
        if inner is not None:
            return inner[0], inner[1] + (step if isinstance(owner, arith.AddiOp) else -step)
    return None


def _left_early(loop: scf.ForOp) -> bool:
    """Whether an arm in ``loop`` leaves a loop early (``break`` / ``return``): such loops are not peeled."""
    return any(LEAVES_LOOP_ATTR in op.attributes for op in loop.body.walk())


def _is_guard(
    compare: arith.CmpiOp,
    phases: dict[SSAValue, tuple[scf.ForOp, bool, bool]],
    loop: scf.ForOp,
    step: int,
    last_only: bool = False,
) -> bool:
    """Whether ``compare`` compares ``loop``'s induction variable (plus a constant) with its lower bound, or
    (step 1) its upper bound, plus a constant: a guard a peeled walk can decide (``last_only``: only the
    guards against the last iteration)."""
    lhs, rhs = compare.lhs, compare.rhs
    if _induction(lhs, phases) is None:
        lhs, rhs = rhs, lhs
    if _induction(lhs, phases) is None:
        return False
    against_last = step == 1 and _offset(rhs, loop.ub) is not None
    return against_last if last_only else _offset(rhs, loop.lb) is not None or against_last


def constant_trip_count(loop: scf.ForOp) -> int | None:
    """The trip count of ``loop`` when its bounds and step are constants."""
    lb, ub, step = (constant_int(v) for v in (loop.lb, loop.ub, loop.step))
    if lb is None or ub is None or step is None or step <= 0:
        return None
    return max(0, -(-(ub - lb) // step))


def enclosing_loop(op: Operation, within: Operation | None = None) -> Operation | None:
    """The innermost ``scf.for`` / ``scf.while`` around ``op`` (inside ``within``, if given)."""
    parent = op.parent_op()
    while parent is not None and parent is not within:
        if isinstance(parent, scf.ForOp | scf.WhileOp):
            return parent
        parent = parent.parent_op()
    return None


def common_block(a: Operation, b: Operation) -> Block | None:
    """The innermost block holding ancestors of both ``a`` and ``b``."""
    blocks: list[Block] = []
    current: Operation | None = a
    while current is not None and (parent := current.parent_block()) is not None:
        blocks.append(parent)
        current = parent.parent_op()
    current = b
    while current is not None and (parent := current.parent_block()) is not None:
        if parent in blocks:
            return parent
        current = parent.parent_op()
    return None


MAX_PATHS = 8
"""Paths kept apart after branches on correlated conditions (:attr:`ForwardAnalysis.correlate_branches`)
before they are joined anyway (sound, less precise)."""


@dataclass
class _Path(Generic[S]):
    """One path through the branches on correlated conditions walked so far: its state, the conditions it
    took (:func:`condition_key` -> value) and the correlated ``if`` ops it went through, in order (how its
    state is joined back with the others)."""

    state: S
    facts: dict[object, bool]
    splits: tuple[tuple[scf.IfOp, bool], ...] = ()


def condition_atom(value: SSAValue) -> object:
    """The key of the comparison a branch condition tests, the same for ``a == b``, ``a != b`` and ``not``
    of either (which branches correlate with which)."""
    owner = value.owner
    while isinstance(owner, arith.XOrIOp) and constant_int(owner.rhs) in (1, -1):
        value = owner.lhs
        owner = value.owner
    if isinstance(owner, arith.CmpiOp) and _PREDICATES[owner.predicate.value.data] == "ne":
        return _flipped_key(owner)
    return condition_key(value)


def _flipped_key(compare: arith.CmpiOp) -> object:
    """The :func:`condition_key` of ``compare`` with ``==`` and ``!=`` exchanged."""
    predicate = _PREDICATES[compare.predicate.value.data]
    flipped = IntegerAttr(_PREDICATES.index("ne" if predicate == "eq" else "eq"), compare.predicate.type)
    props = tuple(sorted((k, flipped if k == "predicate" else v) for k, v in compare.properties.items()))
    return (compare.name, props, tuple(condition_key(v) for v in compare.operands), compare.result.type)


class ForwardAnalysis(ABC, Generic[S]):
    """Walks structured IR forwards, calling the hooks below."""

    report_during_fixpoint = False
    """Report while iterating loops, rolling back all but the stable iteration (needs ``checkpoint`` and
    ``rollback``)."""

    peel_guarded_loops = False
    """Walk a ``for`` whose body branches on its induction variable against its first or last index peeled
    (:meth:`_visit_peeled_for`, docs/rules/flags.md#loops-guarded-by-their-index)."""

    peel_only_last_guards = False
    """With ``peel_guarded_loops``: peel only a loop with a guard against its last index (the Matmul protocol
    walks loops guarded against their first index in its own way:
    docs/rules/matmul.md#loops-that-may-run-zero-times)."""

    correlate_branches = False
    """Keep the paths through an ``if`` apart, instead of joining them after it, while a later ``if`` of the
    same block (or nested in it) branches on the same comparison: that ``if`` then takes one arm on each path
    (docs/sync-model.md#correlated-branches).  The paths are joined at the end of the block, where their
    disagreement is reported by ``join`` at the ``if`` that split them."""

    def __init__(self) -> None:
        self.reporting = True
        self.facts: dict[object, bool] = {}
        """The branch conditions known on the path being walked (by :func:`condition_key`): an ``if`` nested in
        an arm of another on the same condition takes one arm only."""
        self._phases: dict[SSAValue, tuple[scf.ForOp, bool, bool]] = {}
        """Induction variable -> (its loop, whether this is its first iteration, whether its last), while a
        loop with guards on its induction variable is walked peeled (:meth:`_visit_peeled_for`)."""
        self._guarded: dict[scf.ForOp, bool] = {}
        self._later_atoms: dict[scf.IfOp, bool] = {}
        self.precision_lost: list[tuple[Operation, str]] = []
        """Loops that did not stabilise within :data:`MAX_LOOP_ITERATIONS` (reported as a warning, MM-0 and HZ-0)."""
        self._leaving: list[list[tuple[S, scf.IfOp, bool]]] = []
        """For each loop being walked: the states of the arms that left it in the current iteration, with
        the ``scf.if`` and the arm (``True``: then) each left from."""
        self._exits: dict[
            scf.WhileOp, tuple[S, list[tuple[S, scf.IfOp, bool]], tuple[list[int], list[tuple[object, int]]]]
        ] = {}
        """With ``correlate_branches``: the state where the condition of a loop just walked stopped it, and
        the arms that left it (:meth:`_exit_paths`)."""

    # --- hooks --------------------------------------------------------------------------------

    @abstractmethod
    def transfer(self, op: Operation, state: S) -> S:
        """The state after ``op`` (an op without regions, or a region op the engine does not know)."""

    @abstractmethod
    def copy(self, state: S) -> S: ...

    @abstractmethod
    def join(self, then_state: S, else_state: S, branch: scf.IfOp) -> S:
        """The state after ``branch`` given the states at the end of its two arms."""

    @abstractmethod
    def same(self, a: S, b: S) -> bool: ...

    def enter_branch(self, state: S, branch: scf.IfOp, taken: bool) -> S:
        """The state at the start of the ``then`` (``taken``) or ``else`` arm of ``branch``."""
        return state

    def back_edge(self, state: S, loop: Operation) -> S:
        """The state carried from the end of ``loop``'s body to its head."""
        return state

    @abstractmethod
    def join_loop(self, entry: S, carried: S, loop: Operation) -> S:
        """The state at the head of ``loop``: the join of its entry and its back edge."""

    def loop_budget(self, loop: Operation) -> int:
        """How many fixpoint steps ``loop`` may take: :data:`MAX_LOOP_ITERATIONS`, or more where the analysis
        knows its state can take longer to settle (the default keeps the constant)."""
        return MAX_LOOP_ITERATIONS

    def unstable(self, previous: S, head: S, loop: Operation, budget: int) -> str:
        """What still changed when ``loop`` did not settle within ``budget`` steps (the reason of the
        precision warning)."""
        return f"the loop did not stabilise in {budget} iterations"

    def join_exit(self, normal: S, leaving: S, loop: Operation, branch: scf.IfOp, taken: bool) -> S:
        """The state after ``loop`` given the state where its condition stops it (``normal``) and the state
        of an arm of ``branch`` (``taken``: its then-arm) that left it early.  By default the join of an
        ``if`` whose other arm is the normal way out."""
        return self.join(leaving, normal, branch) if taken else self.join(normal, leaving, branch)

    def check_loop(self, entry: S, body_exit: S, loop: Operation) -> None:
        """Called once per reporting walk with the fixpoint states (e.g. to check the loop is balanced)."""

    def loop_phases(self, loop: scf.ForOp) -> int:
        """How many iterations of ``loop`` make one step of its fixpoint: 2 when what the analysis knows
        about an op of the body depends on whether the iteration is odd or even (a ping-pong event id),
        else 1.  The engine then walks the body that many times per step, calling :meth:`enter_phase`
        before each walk."""
        return 1

    def enter_phase(self, loop: scf.ForOp, phase: int | None) -> None:
        """The body of ``loop`` is walked as its iterations ``phase``, ``phase + phases``, … (None: the
        walks of the loop are over)."""

    def check_phases(self, entry: S, partial: S, loop: Operation) -> None:
        """Called once per reporting walk of a loop analysed in phases, with the state after an
        iteration that ends a run of the loop in the middle of a step (an odd trip count)."""

    def exit_runtime_for(self, entry: S, body_exit: S, head: S, loop: scf.ForOp) -> S:
        """The state after an ``scf.for`` whose trip count is not a constant: the loop may run zero times
        (``entry``) or at least once (``body_exit``); by default their join at the loop head."""
        return head

    def exit_loop(self, state: S, loop: Operation) -> S:
        """The state after ``loop`` (e.g. to forget iteration tags)."""
        return state

    def checkpoint(self) -> object:
        """A mark of what has been reported so far (with ``report_during_fixpoint``)."""
        return None

    def rollback(self, mark: object) -> None:
        """Forget what was reported since ``mark``."""

    # --- engine -------------------------------------------------------------------------------

    def block_ops(self, block: Block) -> Sequence[Operation]:
        """The ops of ``block`` the walk visits (an analysis may skip ops that cannot change its state)."""
        return list(block.ops)

    def run_block(self, block: Block, state: S) -> S | None:
        """The state at the end of ``block``; None when every path through it left the enclosing loop."""
        if not self.correlate_branches:
            for op in self.block_ops(block):
                after = self.visit(op, state)
                if after is None:
                    return None
                state = after
            return state
        paths = self._run_paths(block, [_Path(state, dict(self.facts))])
        return self._merge(paths).state if paths else None

    # --- paths through correlated branches ------------------------------------------------------

    def _run_paths(self, block: Block, paths: list[_Path[S]]) -> list[_Path[S]]:
        outer = self.facts
        try:
            for op in self.block_ops(block):
                if type(op) is scf.IfOp:
                    assert isinstance(op, scf.IfOp)
                    split: list[_Path[S]] = []
                    for path in paths:
                        split.extend(self._if_paths(op, path))
                    paths = split if len(split) <= MAX_PATHS else [self._merge(split)]
                    continue
                if len(paths) > 1 and op.regions:
                    paths = [self._merge(paths)]  # a loop is walked from one state
                going_on: list[_Path[S]] = []
                for path in paths:
                    self.facts = path.facts
                    after = self.visit(op, path.state)
                    exits = self._exit_paths(op, path) if self._exits and isinstance(op, scf.WhileOp) else None
                    if exits is not None:
                        going_on.extend(exits)
                    elif after is not None:  # else every way through ``op`` left the enclosing loop
                        path.state = after
                        going_on.append(path)
                paths = going_on
                if not paths:
                    break
            return paths
        finally:
            self.facts = outer

    def _if_paths(self, op: scf.IfOp, path: _Path[S]) -> list[_Path[S]]:
        """The paths after ``op`` from ``path``: one arm when the path decides its condition; both arms kept
        apart when a later ``if`` correlates with it; else both arms joined."""
        self.facts = path.facts
        decided = self.decide(op.cond)
        if decided is not None:
            start = _Path(self.enter_branch(path.state, op, decided), path.facts, path.splits)
            return self._arm_paths(op, decided, start, len(path.splits))
        key = condition_key(op.cond)
        arms: list[list[_Path[S]]] = []
        for taken in (True, False):
            facts = {**path.facts, key: taken}
            self.facts = facts
            start = _Path(self.enter_branch(self.copy(path.state), op, taken), facts, (*path.splits, (op, taken)))
            arms.append(self._arm_paths(op, taken, start, len(path.splits) + 1))
        then_paths, else_paths = arms
        if self._correlated(op) or not then_paths or not else_paths:
            return then_paths + else_paths
        depth = len(path.splits) + 1
        then_state = self._merge_at(then_paths, depth).state
        else_state = self._merge_at(else_paths, depth).state
        return [_Path(self.join(then_state, else_state, op), path.facts, path.splits)]

    def _arm_paths(self, op: scf.IfOp, taken: bool, start: _Path[S], depth: int) -> list[_Path[S]]:
        """The paths at the end of an arm of ``op``; none when the arm leaves the enclosing loop (its state goes
        to the loop's exit)."""
        region = op.true_region if taken else op.false_region
        if not region.blocks:
            return [start]
        paths = self._run_paths(region.block, [start])
        if not paths or not (self._leaving and leaves_loop(region.block) and nothing_after(op)):
            return paths
        self._arm_end(self._merge_at(paths, depth).state, region.block, op, taken)  # goes to the loop's exit
        return []

    def _merge(self, paths: list[_Path[S]]) -> _Path[S]:
        """One path standing for ``paths`` (descendants of one path), joined at the ``if`` ops that split them."""
        if len(paths) == 1:
            return paths[0]
        depth = 0
        while all(len(p.splits) > depth for p in paths) and len({p.splits[depth] for p in paths}) == 1:
            depth += 1
        return self._merge_at(paths, depth)

    def _merge_at(self, paths: list[_Path[S]], depth: int) -> _Path[S]:
        if len(paths) == 1:
            return paths[0]
        branch = next(p.splits[depth][0] for p in paths if len(p.splits) > depth)  # paths differ below ``depth``
        then_paths = [p for p in paths if len(p.splits) > depth and p.splits[depth] == (branch, True)]
        else_paths = [p for p in paths if p not in then_paths]
        if not then_paths or not else_paths:
            return self._merge_at(then_paths or else_paths, depth + 1)
        then_path, else_path = self._merge_at(then_paths, depth + 1), self._merge_at(else_paths, depth + 1)
        facts = {k: v for k, v in then_path.facts.items() if else_path.facts.get(k) == v}
        return _Path(self.join(then_path.state, else_path.state, branch), facts, then_path.splits[:depth])

    def _correlated(self, op: scf.IfOp) -> bool:
        """Whether an ``if`` after ``op`` tests the same comparison: in what follows ``op`` in its block, and
        after the ``if`` ops around it (where its paths flow), up to the enclosing loop body or function."""
        found = self._later_atoms.get(op)
        if found is None:
            atom = condition_atom(op.cond)
            found = False
            current: Operation | None = op
            while current is not None and not found:
                following = current.next_op
                while following is not None and not found:
                    found = any(
                        isinstance(inner, scf.IfOp) and condition_atom(inner.cond) == atom for inner in following.walk()
                    )
                    following = following.next_op
                parent = current.parent_op()
                current = parent if isinstance(parent, scf.IfOp) else None
            self._later_atoms[op] = found
        return found

    def visit(self, op: Operation, state: S) -> S | None:
        kind = type(op)  # compared by identity: isinstance on xDSL's op classes is slow, and this is hot
        if kind is scf.IfOp:
            assert isinstance(op, scf.IfOp)
            return self._visit_if(op, state)
        if kind is scf.ForOp:
            assert isinstance(op, scf.ForOp)
            return self._visit_for(op, state)
        if kind is scf.WhileOp:
            assert isinstance(op, scf.WhileOp)
            return self._visit_while(op, state)
        return self.transfer(op, state)

    def _visit_if(self, op: scf.IfOp, state: S) -> S | None:
        decided = self.decide(op.cond) if self.correlate_branches else None
        if decided is not None:  # the other arm cannot run on this path
            region = op.true_region if decided else op.false_region
            entry = self.enter_branch(state, op, decided)
            if not region.blocks:
                return entry
            return self._arm_end(self.run_block(region.block, entry), region.block, op, decided)
        key = condition_key(op.cond)  # known in the arms (with ``correlate_branches``)
        try:
            if self.correlate_branches:
                self.facts[key] = True
            then_block = op.true_region.block
            then_state = self._arm_end(
                self.run_block(then_block, self.enter_branch(self.copy(state), op, True)), then_block, op, True
            )
            if self.correlate_branches:
                self.facts[key] = False
            else_entry = self.enter_branch(self.copy(state), op, False)
            if op.false_region.blocks:
                else_block = op.false_region.block
                else_state = self._arm_end(self.run_block(else_block, else_entry), else_block, op, False)
            else:
                else_state = else_entry
        finally:
            self.facts.pop(key, None)
        if then_state is None:
            return else_state
        if else_state is None:
            return then_state
        return self.join(then_state, else_state, op)

    def _arm_end(self, state: S | None, block: Block, branch: scf.IfOp, taken: bool) -> S | None:
        """The state an arm passes on to the code after its ``if``: none when the arm leaves the loop (its
        state goes to the loop's exit instead, not around the back edge)."""
        if state is None or not self._leaving or not leaves_loop(block) or not nothing_after(branch):
            return state
        self._leaving[-1].append((state, branch, taken))
        return None

    def _after_exits(self, state: S, loop: Operation, leaving: list[tuple[S, scf.IfOp, bool]]) -> S:
        for left, branch, taken in leaving:
            state = self.join_exit(state, left, loop, branch, taken)
        return state

    # --- conditions known on the path ---------------------------------------------------------

    def decide(self, condition: SSAValue) -> bool | None:
        """The value of a branch condition on the path being walked, when it is known: the same condition as
        an enclosing ``if`` arm's, its negation, or a guard on the induction variable of a loop walked peeled
        against its first or last iteration (docs/rules/flags.md#loops-guarded-by-their-index)."""
        known = self.facts.get(condition_key(condition))
        if known is not None:
            return known
        owner = condition.owner
        if isinstance(owner, arith.XOrIOp) and constant_int(owner.rhs) in (1, -1):
            inner = self.decide(owner.lhs)
            return None if inner is None else not inner
        if isinstance(owner, arith.CmpiOp):
            predicate = _PREDICATES[owner.predicate.value.data]
            if predicate in ("eq", "ne"):  # ``a != b`` is known where ``a == b`` is, and the converse
                known = self.facts.get(_flipped_key(owner))
                if known is not None:
                    return not known
            if self._phases:
                return self._decide_guard(owner, predicate)
        return None

    def _decide_guard(self, compare: arith.CmpiOp, predicate: str) -> bool | None:
        """A comparison of a peeled loop's induction variable (plus a constant) with its lower bound or its
        upper bound minus one (plus a constant), in the phase being walked."""
        lhs, rhs = _strip_casts(compare.lhs), _strip_casts(compare.rhs)
        if _induction(rhs, self._phases) is not None and _induction(lhs, self._phases) is None:
            lhs, rhs = rhs, lhs
            predicate = _SWAPPED[predicate]
        found = _induction(lhs, self._phases)
        if found is None:
            return None
        variable, shift = found
        loop, first, last = self._phases[variable]
        lower = constant_int(loop.lb)
        from_first = _offset(rhs, loop.lb)
        from_end = _offset(rhs, loop.ub)
        if predicate in _SIGNED:
            # unsigned compares signed values only where both sides are known not to be negative
            if lower is None or lower < 0 or shift < 0:
                return None
            if (from_first is None or lower + from_first < 0) and (from_end is None or from_end < -1):
                return None
            predicate = _SIGNED[predicate]
        if from_first is not None:
            # i - lb is 0 in the first iteration and at least 1 (the step) after it
            return (
                _compare(0, 0, predicate, from_first - shift)
                if first
                else _compare(1, None, predicate, from_first - shift)
            )
        if from_end is not None and constant_int(loop.step) == 1:
            # i - ub is -1 in the last iteration and at most -2 before it
            return (
                _compare(-1, -1, predicate, from_end - shift)
                if last
                else _compare(None, -2, predicate, from_end - shift)
            )
        return None

    def _stable_head(self, entry: S, loop: Operation, run_body: Callable[[S], S | None]) -> tuple[S, S | None]:
        """The stable loop head, and (when this walk reports during the fixpoint) the body's exit state of
        the stable iteration, whose reports are kept."""
        reporting = self.reporting
        fast = reporting and self.report_during_fixpoint
        budget = self.loop_budget(loop)
        try:
            head = previous = self.copy(entry)
            for iteration in range(budget):
                # the first iteration is silent, as the analyses' flow-insensitive side tables expect to
                # have seen the whole body once before anything is reported
                report = fast and iteration > 0
                self.reporting = report
                mark = self.checkpoint() if report else None
                body_exit = run_body(self.copy(head))
                if body_exit is None:  # every path leaves the loop: nothing comes back to its head
                    return head, None
                carried = self.back_edge(self.copy(body_exit) if report else body_exit, loop)
                new_head = self.join_loop(entry, carried, loop)
                if self.same(new_head, head):
                    return head, body_exit if report else None
                if report:
                    self.rollback(mark)
                previous, head = head, new_head
            self.precision_lost.append((loop, self.unstable(previous, head, loop, budget)))
            return head, None
        finally:
            self.reporting = reporting

    def _visit_for(self, op: scf.ForOp, state: S) -> S:
        if self._peels(op):
            return self._visit_peeled_for(op, state)
        return self._visit_phased_for(op, state)

    def _visit_phased_for(self, op: scf.ForOp, state: S) -> S:
        body = op.body.block
        phases = self.loop_phases(op)
        partials: list[S] = []
        """The states after the phases of a step but the last (an odd trip count ends there)."""
        leaving: list[tuple[S, scf.IfOp, bool]] = []

        def run_body(head: S) -> S | None:
            partials.clear()
            leaving.clear()  # what leaves in the last (stable) iteration is what leaves the loop
            for phase in range(phases):
                if phase > 0:  # the phases are consecutive iterations: what the last one did is a previous one's
                    head = self.back_edge(head, op)
                if phases > 1:
                    self.enter_phase(op, phase)
                after = self.run_block(body, head)
                if after is None:  # every path of this phase left the loop
                    return None
                head = after
                if phase < phases - 1:
                    partials.append(self.copy(head))
            return head

        self._leaving.append(leaving)
        try:
            head, body_exit = self._stable_head(state, op, run_body)
            if body_exit is None:
                body_exit = run_body(self.copy(head))
        finally:
            self._leaving.pop()
            if phases > 1:
                self.enter_phase(op, None)
        if body_exit is not None:
            self.check_loop(state, body_exit, op)
        exit_state = self._for_exit(state, head, body_exit, partials, op, phases)
        return self.exit_loop(self._after_exits(exit_state, op, leaving), op)

    def _for_exit(self, entry: S, head: S, body_exit: S | None, partials: list[S], op: scf.ForOp, phases: int) -> S:
        """The state where ``op``'s trip count stops it: after its last phase (``partials`` are the states
        after the phases of a step but the last, ``body_exit`` after the whole step) when the trip count is
        a constant of at least one, else after any number of iterations, none included
        (:meth:`exit_runtime_for`), or the join of every place it may stop."""
        trips = constant_trip_count(op)
        if trips is None or trips % phases:
            for partial in partials:
                self.check_phases(entry, partial, op)
        if trips is not None and trips >= 1 and body_exit is not None:
            rest = trips % phases
            return body_exit if rest == 0 else partials[rest - 1]
        if trips is None and not partials and body_exit is not None:
            return self.exit_runtime_for(entry, body_exit, head, op)
        exit_state = head
        for partial in partials:  # a run-time trip count may end after any phase
            exit_state = self.join_loop(exit_state, partial, op)
        return exit_state

    def _peels(self, loop: scf.ForOp) -> bool:
        """Whether ``loop`` is walked peeled (not when its iterations are walked in parity phases)."""
        return (
            self.peel_guarded_loops and self._has_guards(loop) and self.loop_phases(loop) == 1 and not _left_early(loop)
        )

    def _has_guards(self, loop: scf.ForOp) -> bool:
        """Whether an ``if`` in ``loop`` branches on a comparison of its induction variable (and the step is a
        positive constant): then the loop is walked peeled."""
        found = self._guarded.get(loop)
        if found is None:
            step = constant_int(loop.step)
            variable = loop.body.block.args[0]
            phases: dict[SSAValue, tuple[scf.ForOp, bool, bool]] = {variable: (loop, True, True)}
            found = False
            if step is not None and step > 0:
                for inner in loop.body.walk():
                    if isinstance(inner, scf.IfOp):
                        condition = inner.cond.owner
                        if isinstance(condition, arith.XOrIOp):
                            condition = condition.lhs.owner
                        if isinstance(condition, arith.CmpiOp) and _is_guard(
                            condition, phases, loop, step, self.peel_only_last_guards
                        ):
                            found = True
                            break
            self._guarded[loop] = found
        return found

    def _visit_peeled_for(self, op: scf.ForOp, state: S) -> S:
        """A loop whose body branches on its induction variable, walked as its first iteration, the middle
        ones to a fixpoint and its last (and the single iteration when it may run once), with the guards
        decided in each (docs/rules/flags.md#loops-guarded-by-their-index)."""
        body, variable = op.body.block, op.body.block.args[0]
        trips = constant_trip_count(op)

        def phase(first: bool, last: bool) -> Callable[[S], S]:
            def run_body(head: S) -> S:
                saved = self._phases.get(variable)
                self._phases[variable] = (op, first, last)
                try:
                    after = self.run_block(body, head)
                    assert after is not None, "a loop left early is not walked peeled"
                    return after
                finally:
                    if saved is None:
                        del self._phases[variable]
                    else:
                        self._phases[variable] = saved

            return run_body

        exits: list[S] = []
        if trips is None or trips == 1:
            exits.append(phase(True, True)(self.copy(state)))
        if trips is None or trips >= 2:
            after_first = self.back_edge(phase(True, False)(self.copy(state)), op)
            run_middle = phase(False, False)
            head, body_exit = self._stable_head(after_first, op, run_middle)
            if body_exit is None:
                body_exit = run_middle(self.copy(head))
            self.check_loop(after_first, body_exit, op)
            exits.append(phase(False, True)(self.copy(head)))
        if not exits:  # runs no iteration
            return state
        exit_state = exits[0] if len(exits) == 1 else self.join_peeled(exits[0], exits[1], op)
        if trips is None:  # the loop may run no iteration
            exit_state = self.join_loop(state, exit_state, op)
        return self.exit_loop(exit_state, op)

    def join_peeled(self, once: S, more: S, loop: scf.ForOp) -> S:
        """The state after a peeled loop, from the states after one iteration and after more than one."""
        return self.join_loop(once, more, loop)

    def _visit_while(self, op: scf.WhileOp, state: S) -> S:
        before, after = op.before_region.block, op.after_region.block
        at_condition: list[S] = []
        leaving: list[tuple[S, scf.IfOp, bool]] = []

        def run_body(head: S) -> S | None:
            leaving.clear()  # what leaves in the last (stable) iteration is what leaves the loop
            condition = self.run_block(before, head)
            assert condition is not None, "a loop's condition cannot leave it"
            at_condition[:] = [self.copy(condition)]
            return self.run_block(after, condition)

        self._leaving.append(leaving)
        try:
            head, body_exit = self._stable_head(state, op, run_body)
            if body_exit is None:
                body_exit = run_body(self.copy(head))
        finally:
            self._leaving.pop()
        if body_exit is not None:
            self.check_loop(state, body_exit, op)
        if self.correlate_branches and leaving and (selected := self._selected_exits(op, leaving)) is not None:
            self._exits[op] = (at_condition[0], list(leaving), selected)
            return at_condition[0]  # the walk goes on along :meth:`_exit_paths`
        return self.exit_loop(self._after_exits(at_condition[0], op, leaving), op)

    def _selected_exits(
        self, op: scf.WhileOp, leaving: list[tuple[S, scf.IfOp, bool]]
    ) -> tuple[list[int], list[tuple[object, int]]] | None:
        """The value each arm in ``leaving`` sets ``op``'s exit selector to, and the keys of the comparisons
        ``left == k`` after the loop, with their ``k``; None when the selector is not found, or not tested."""
        if len(leaving) + 1 > MAX_PATHS:
            return None
        found = [exit_selector(op, branch, taken) for _, branch, taken in leaving]
        selectors = [s for s in found if s is not None]
        if len(selectors) != len(found) or len({id(result) for result, _ in selectors}) != 1:
            return None
        tests = [(condition_key(value), k) for value, k in selector_tests(selectors[0][0])]
        return ([k for _, k in selectors], tests) if tests else None

    def _exit_paths(self, op: scf.WhileOp, path: _Path[S]) -> list[_Path[S]] | None:
        """The paths after a loop that its body can leave, one per way out, when ``if (left == k)`` after
        it tests its exit selector: the code at exit ``k`` is then walked with the state of the arm that
        left for ``k`` only.  The paths split at the ``if`` ops that left, so that joining them (at the end
        of the block) gives the state :meth:`_after_exits` gives.  None for other loops."""
        recorded = self._exits.pop(op, None)
        if recorded is None:
            return None
        normal, leaving, (values, tests) = recorded

        def facts(selected: int) -> dict[object, bool]:
            return {**path.facts, **{key: k == selected for key, k in tests}}

        paths: list[_Path[S]] = []
        splits = path.splits
        for (state, branch, taken), k in reversed(list(zip(leaving, values, strict=True))):
            paths.append(_Path(self.exit_loop(state, op), facts(k), (*splits, (branch, taken))))
            splits = (*splits, (branch, not taken))
        paths.append(_Path(self.exit_loop(normal, op), facts(0), splits))
        return paths
