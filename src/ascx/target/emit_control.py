"""Printers of structured control flow: ``scf.if``, ``scf.for``, ``scf.while`` and their terminators.

Region results are C++ variables declared before the statement; block arguments share the
variable of the value they stand for, so loops update their carried variables in place, and
terminators assign (with temporaries when an assignment would read a variable that an earlier
one in the same group overwrote).
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.ir import Block, SSAValue

from ascx.target.printer import AscendCPrinter, cpp_type, emits


def _declare(p: AscendCPrinter, value: SSAValue, init: SSAValue | None = None) -> None:
    initial = f" = {p.expr(init)}" if init is not None else ""
    p.line(f"{cpp_type(value.type)} {p.names.get(value)}{initial};")


@emits(scf.IfOp)
def _if(p: AscendCPrinter, op: scf.IfOp) -> None:
    for result in op.results:
        _declare(p, result)
    has_else = bool(op.false_region.blocks) and not _is_empty(op.false_region.block)
    if has_else and _is_empty(op.true_region.block):
        p.line(f"if (!{p.expr(op.cond)}) {{")  # ``if not c:``: only the else-branch does something
        p.body(op.false_region.block)
        p.line("}")
        return
    p.line(f"if ({p.expr(op.cond)}) {{")
    p.body(op.true_region.block)
    if has_else:
        p.line("} else {")
        p.body(op.false_region.block)
    p.line("}")


def _is_empty(block: Block) -> bool:
    """Whether ``block`` does nothing: it holds only a ``scf.yield`` of no values."""
    return all(isinstance(o, scf.YieldOp) and not o.operands for o in block.ops)


@emits(scf.ForOp)
def _for(p: AscendCPrinter, op: scf.ForOp) -> None:
    iv, *carried = op.body.block.args
    for result, init, arg in zip(op.res, op.iter_args, carried, strict=True):
        _declare(p, result, init)
        p.names.alias(arg, result)
    i = p.names.get(iv)
    p.line(f"for ({cpp_type(iv.type)} {i} = {p.expr(op.lb)}; {i} < {p.expr(op.ub)}; {i} += {p.expr(op.step)}) {{")
    p.body(op.body.block)
    p.line("}")


@emits(scf.WhileOp)
def _while(p: AscendCPrinter, op: scf.WhileOp) -> None:
    before, after = op.before_region.block, op.after_region.block
    condition = before.last_op
    assert isinstance(condition, scf.ConditionOp)
    for arg, init in zip(before.args, op.arguments, strict=True):
        _declare(p, arg, init)
    # A result that is a before-region argument forwarded unchanged shares its variable.
    forwarded = [v if v in before.args and list(condition.args).count(v) == 1 else None for v in condition.args]
    for result, arg, source in zip(op.results, after.args, forwarded, strict=True):
        if source is not None:
            p.names.alias(result, source)
        else:
            _declare(p, result)
        p.names.alias(arg, result)
    p.line("while (true) {")
    p.body(before)
    p.body(after)
    p.line("}")


@emits(scf.ConditionOp)
def _condition(p: AscendCPrinter, op: scf.ConditionOp) -> None:
    parent = op.parent_op()
    assert isinstance(parent, scf.WhileOp)
    p.assign_all(list(parent.results), list(op.args))
    p.line(f"if (!{p.expr(op.condition)}) break;")


@emits(scf.YieldOp)
def _yield(p: AscendCPrinter, op: scf.YieldOp) -> None:
    parent = op.parent_op()
    assert parent is not None
    if isinstance(parent, scf.WhileOp):
        p.assign_all(list(parent.before_region.block.args), list(op.arguments))
    else:
        p.assign_all(list(parent.results), list(op.arguments))
