"""Event ids that are a known function of a loop's iteration parity (docs/rules/flags.md#event-ids).

Double-buffered kernels alternate two event ids, one per buffer: ``ev = i & 1``, ``ev = i % 2``,
``ev = 0 if (i & 1) == 0 else 1`` (CANN's ``add_high_performance`` sample). Within one iteration such an
id is one number, and which number depends only on whether the iteration is the 1st, 3rd, 5th … of its
loop or the 2nd, 4th, 6th …. The dataflow engine analyses such a loop in two *phases* (its body twice per
fixpoint step, :meth:`~ascx.analysis.dataflow.ForwardAnalysis.loop_phases`), and in each phase this module
evaluates the id to the number it is, so that the slot a flag uses is an ordinary ``(HardEvent, int)``
slot that a set before the loop or a wait after it can match.

The evaluation is exact or gives up (``None``): a value is a constant, or an affine function
``a·k + b`` of the iteration number k of a loop in a known phase (k even or odd), which is what the
induction variable ``i = lb + k·step`` of an ``scf.for`` with constant bounds is. ``x & 1`` and
``x % 2`` (for non-negative x) of such a function are constants in a phase; comparisons, ``select``
and an ``scf.if`` on a constant condition pick one constant.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from xdsl.dialects import arith, scf
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue

from ascx.analysis.dataflow import constant_int

MAX_DEPTH = 32
"""How deep an id's computation is followed before the evaluation gives up."""


@dataclass(frozen=True)
class Affine:
    """``a·k + b``: k is the iteration number of a loop, known only to be even (phase 0) or odd (phase 1)."""

    a: int
    b: int
    phase: int

    def parity(self) -> int:
        return (self.a * self.phase + self.b) & 1

    def non_negative(self) -> bool:
        return self.a >= 0 and self.b >= 0


Value = int | Affine


def induction_loop(value: SSAValue) -> scf.ForOp | None:
    """The ``scf.for`` whose induction variable ``value`` is."""
    if isinstance(value, BlockArgument) and value.index == 0:
        parent = value.block.parent_op()
        if isinstance(parent, scf.ForOp):
            return parent
    return None


def evaluate(value: SSAValue, phases: Mapping[scf.ForOp, int], depth: int = 0) -> Value | None:
    """What ``value`` is with the loops of ``phases`` in those phases, or None when that is not known."""
    constant = constant_int(value)
    if constant is not None:
        return constant
    if depth > MAX_DEPTH:
        return None
    loop = induction_loop(value)
    if loop is not None:
        phase = phases.get(loop)
        lb, step = constant_int(loop.lb), constant_int(loop.step)
        if phase is None or lb is None or step is None or step <= 0:
            return None
        return Affine(step, lb, phase)
    owner = value.owner
    if isinstance(owner, Block):
        return None
    if isinstance(owner, scf.IfOp):
        return _evaluate_if(owner, value, phases, depth)
    return _evaluate_arith(owner, phases, depth)


def _evaluate_if(op: scf.IfOp, value: SSAValue, phases: Mapping[scf.ForOp, int], depth: int) -> Value | None:
    condition = evaluate(op.cond, phases, depth + 1)
    if not isinstance(condition, int) or not op.false_region.blocks:
        return None
    region = op.true_region if condition else op.false_region
    yielded = region.block.last_op
    if not isinstance(yielded, scf.YieldOp):
        return None
    assert isinstance(value, OpResult)
    result = evaluate(yielded.operands[value.index], phases, depth + 1)
    return result if isinstance(result, int) else None


_FOLD: dict[str, Callable[[int, int], int]] = {
    "arith.addi": operator.add,
    "arith.subi": operator.sub,
    "arith.muli": operator.mul,
    "arith.andi": lambda x, y: x & y,
    "arith.ori": lambda x, y: x | y,
    "arith.xori": lambda x, y: x ^ y,
}

_COMPARE: dict[int, Callable[[int, int], bool]] = {
    0: operator.eq,
    1: operator.ne,
    2: operator.lt,
    3: operator.le,
    4: operator.gt,
    5: operator.ge,
}
"""``arith.cmpi`` predicates by number (the signed ones; the unsigned ones are not needed for ids of 0 … 7)."""


def _evaluate_arith(op: Operation, phases: Mapping[scf.ForOp, int], depth: int) -> Value | None:
    name = op.name
    if isinstance(op, arith.SelectOp):
        condition = evaluate(op.cond, phases, depth + 1)
        if not isinstance(condition, int):
            return None
        chosen = evaluate(op.lhs if condition else op.rhs, phases, depth + 1)
        return chosen if isinstance(chosen, int) else None
    if name in ("arith.extui", "arith.extsi", "arith.trunci", "arith.index_cast", "arith.index_castui"):
        inner = evaluate(op.operands[0], phases, depth + 1)
        return inner if isinstance(inner, int) else None
    if len(op.operands) != 2 or not name.startswith("arith."):
        return None
    x = evaluate(op.operands[0], phases, depth + 1)
    y = evaluate(op.operands[1], phases, depth + 1)
    if x is None or y is None:
        return None
    if isinstance(op, arith.CmpiOp):
        compare = _COMPARE.get(op.predicate.value.data)
        return int(compare(x, y)) if compare is not None and isinstance(x, int) and isinstance(y, int) else None
    if isinstance(x, int) and isinstance(y, int):
        fold = _FOLD.get(name)
        if fold is not None:
            return fold(x, y)
        if name in ("arith.remsi", "arith.remui") and y > 0 and x >= 0:
            return x % y
        return None
    return _affine(name, x, y)


def _affine(name: str, x: Value, y: Value) -> Value | None:
    """An op on an affine function of the iteration number and a constant (or two such functions)."""
    if isinstance(x, Affine) and isinstance(y, Affine):
        return _sum(name, x, y)
    if isinstance(x, int):
        assert isinstance(y, Affine)
        if name == "arith.subi":
            return Affine(-y.a, x - y.b, y.phase)
        if name not in ("arith.addi", "arith.muli"):
            return None
        x, y = y, x  # commutative: the function first
    assert isinstance(x, Affine)
    assert isinstance(y, int)
    if name in ("arith.addi", "arith.subi"):
        return Affine(x.a, x.b + (y if name == "arith.addi" else -y), x.phase)
    if name == "arith.muli":
        return Affine(x.a * y, x.b * y, x.phase)
    if name == "arith.andi" and y == 1:
        return x.parity()
    if name in ("arith.remsi", "arith.remui") and y == 2 and x.non_negative():
        return x.parity()
    return None


def _sum(name: str, x: Affine, y: Affine) -> Affine | None:
    if x.phase != y.phase or name not in ("arith.addi", "arith.subi"):
        return None
    sign = 1 if name == "arith.addi" else -1
    return Affine(x.a + sign * y.a, x.b + sign * y.b, x.phase)


def alternating_loops(op: Operation, value: SSAValue) -> list[scf.ForOp]:
    """The loops around ``op`` whose phase decides ``value``: each loop L such that, with the loops
    inside it that already decide it in their phases, ``value`` evaluates to different constants in
    L's two phases."""
    found: list[scf.ForOp] = []
    phases: dict[scf.ForOp, int] = {}
    parent = op.parent_op()
    loops: list[scf.ForOp] = []
    while parent is not None:
        if isinstance(parent, scf.ForOp):
            loops.append(parent)
        parent = parent.parent_op()
    for loop in loops:
        even = evaluate(value, {**phases, loop: 0})
        odd = evaluate(value, {**phases, loop: 1})
        if isinstance(even, int) and isinstance(odd, int) and even != odd:
            found.append(loop)
            phases[loop] = 0
    return found
