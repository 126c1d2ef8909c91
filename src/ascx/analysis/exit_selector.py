"""The exit selector of a loop that its body can leave (docs/tracing.md#break-and-return-in-runtime-loops):
which result of the ``scf.while`` holds it, the value each arm that leaves sets it to, and the comparisons
after the loop that test it (``left == k`` guards the code at exit ``k``).

The analyses use it to keep the state of each way out apart after the loop, so that the code at exit ``k``
is walked with the state of the arm that left for ``k`` (docs/sync-model.md#correlated-branches).
"""

from __future__ import annotations

from xdsl.dialects import arith, scf
from xdsl.ir import Block, SSAValue

from ascx.analysis.constants import constant_int


def exit_selector(loop: scf.WhileOp, branch: scf.IfOp, taken: bool) -> tuple[SSAValue, int] | None:
    """The result of ``loop`` that the arm of ``branch`` (``taken``: its then-arm) sets to a constant when it
    leaves, and that constant; None when no result of the loop is tested after it against the constant."""
    arm: Block = (branch.true_region if taken else branch.false_region).block
    end = arm.last_op
    if not isinstance(end, scf.YieldOp):
        return None
    for index, operand in enumerate(end.operands):
        value = constant_int(operand)
        if value is None or value < 1:
            continue
        result = _loop_result(loop, branch.results[index])
        if result is not None and any(k == value for _, k in selector_tests(result)):
            return result, value
    return None


def selector_tests(result: SSAValue) -> list[tuple[SSAValue, int]]:
    """The comparisons ``result == k`` (``k`` a constant) that use ``result``, with their ``k``."""
    tests: list[tuple[SSAValue, int]] = []
    for use in result.uses:
        compare = use.operation
        if not isinstance(compare, arith.CmpiOp) or compare.predicate.value.data != 0:  # eq
            continue
        other = compare.rhs if compare.lhs is result else compare.lhs
        value = constant_int(other)
        if value is not None:
            tests.append((compare.result, value))
    return tests


def _loop_result(loop: scf.WhileOp, value: SSAValue) -> SSAValue | None:
    """The result of ``loop`` that ``value`` (a result of an ``scf.if`` in its body) becomes, when the body
    passes it on unchanged: yielded by the ``if`` ops around it and by the body, and forwarded by the
    condition."""
    while True:
        owner = value.owner
        if not isinstance(owner, scf.IfOp):
            return None
        block = owner.parent_block()
        if block is None:
            return None
        end = block.last_op
        if not isinstance(end, scf.YieldOp):
            return None
        index = next((i for i, o in enumerate(end.operands) if o is value), None)
        if index is None:
            return None
        parent = block.parent_op()
        if parent is loop:
            before = loop.before_region.block
            condition = before.last_op
            if not isinstance(condition, scf.ConditionOp):
                return None
            carried = before.args[index]
            position = next((i for i, a in enumerate(condition.args) if a is carried), None)
            return None if position is None else loop.results[position]
        if not isinstance(parent, scf.IfOp):
            return None
        value = parent.results[index]
