"""Loops with a runtime trip count and the paths where they run zero times
(docs/rules/matmul.md#loops-that-may-run-zero-times).

After an ``scf.for`` whose trip count is not a constant, the state is the join of the state before the loop
(no iteration) and the state after its body, the two told apart by the guard literal
``(trip_key(loop), True)``: *the loop ran zero times*.  A branch on ``lb < ub`` (or ``ub > lb``, or the
negations) of the same bounds decides the literal, so a wait guarded by ``if n > 0:`` after
``for i in range(n):`` is known to follow at least one iteration.

A violation that exists only on such a path is not an error: silent when the trip count comes from tiling
fields and the block index (the host chose them, and launches the cores the tiling uses, each with at least
one block), a warning otherwise; a wait that
would wait forever there is guarded by ``ascx-insert-sync`` instead (:func:`trip_test`).
"""

from __future__ import annotations

from xdsl.dialects import arith, scf
from xdsl.ir import Operation, SSAValue

from ascx.analysis.dataflow import condition_key
from ascx.dialects.ascendc.adv_ops import LibTilingGetOp
from ascx.dialects.ascendc.object_ops import CubeTilingGetOp
from ascx.dialects.ascendc.static_tiling_ops import StaticTilingGetOp
from ascx.dialects.ascendc.system_ops import SysVar, SysVarOp

ZERO_TRIP = "zero-trip"

_TILING_READS = (CubeTilingGetOp, LibTilingGetOp, StaticTilingGetOp)

# arith.cmpi predicates: (lhs is the lower bound, the test is true when the loop runs at least once)
_RUNS = {2: True, 6: True}  # slt, ult: lb < ub
_RUNS_SWAPPED = {4: True, 8: True}  # sgt, ugt: ub > lb
_ZERO = {5: True, 9: True}  # sge, uge: lb >= ub
_ZERO_SWAPPED = {3: True, 7: True}  # sle, ule: ub <= lb


def trip_key(lb: SSAValue, ub: SSAValue) -> tuple[str, object, object]:
    """The guard key of "a loop from ``lb`` to ``ub`` runs zero times" (equal for equal bounds)."""
    return (ZERO_TRIP, condition_key(lb), condition_key(ub))


def loop_trip_key(loop: scf.ForOp) -> tuple[str, object, object]:
    return trip_key(loop.lb, loop.ub)


def trip_test(cond: SSAValue) -> tuple[tuple[str, object, object], bool] | None:
    """The zero-trip key ``cond`` decides and whether ``cond`` true means zero trips: ``cond`` compares two
    values as the lower and upper bound of a loop (``lb < ub``, ``ub > lb``, ``lb >= ub``, ``ub <= lb``)."""
    owner = cond.owner
    if not isinstance(owner, arith.CmpiOp):
        return None
    predicate = owner.predicate.value.data
    lhs, rhs = owner.lhs, owner.rhs
    if predicate in _RUNS:
        return trip_key(lhs, rhs), False
    if predicate in _RUNS_SWAPPED:
        return trip_key(rhs, lhs), False
    if predicate in _ZERO:
        return trip_key(lhs, rhs), True
    if predicate in _ZERO_SWAPPED:
        return trip_key(rhs, lhs), True
    return None


def from_tiling(value: SSAValue, seen: set[SSAValue] | None = None) -> bool:
    """Whether ``value`` is computed from tiling fields, the block index and count, and constants only (pure
    integer arithmetic on ``TCubeTiling`` / library / static tiling members, and the results of branches
    whose every arm yields such a value: a tail core's share).  The host chose all of them: it launches
    the cores the tiling uses."""
    seen = set() if seen is None else seen
    if value in seen:
        return True
    seen.add(value)
    owner = value.owner
    if not isinstance(owner, Operation):
        return False
    if isinstance(owner, (*_TILING_READS, arith.ConstantOp)):
        return True
    if isinstance(owner, SysVarOp):
        return owner.var.data in (SysVar.BLOCK_IDX, SysVar.BLOCK_NUM)
    if isinstance(owner, scf.IfOp):
        index = owner.results.index(value)
        yields = [region.block.last_op for region in owner.regions if region.blocks]
        return len(yields) == 2 and all(
            isinstance(y, scf.YieldOp) and from_tiling(y.operands[index], seen) for y in yields
        )
    if owner.dialect_name() == "arith" and not owner.regions and owner.operands:
        return all(from_tiling(operand, seen) for operand in owner.operands)
    return False


def trip_count_from_tiling(loop: scf.ForOp) -> bool:
    """Whether ``loop``'s bounds come from the tiling (the zero-trip path is then accepted silently)."""
    return from_tiling(loop.lb) and from_tiling(loop.ub)
