"""Values used outside the region that defines them (docs/tracing.md#objects-created-before-a-region).

The tracer builds structured IR: a value defined inside an arm of an ``scf.if`` or the body of a
loop exists only there, as a C++ variable declared in that scope does.  A Python object can carry
such a value out of its region (a tensor filled in place inside a runtime ``if`` and used after
it), which would print C++ that does not compile.  After tracing, every use is checked against
its definition, and the first one that escapes is a located error.
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from ascx.diagnostics import source_location
from ascx.errors import KernelError

_REGION_KINDS: dict[type[Operation], str] = {
    scf.IfOp: "runtime 'if'",
    scf.ForOp: "runtime loop",
    scf.WhileOp: "runtime loop",
}


def check_no_escapes(body: Block) -> None:
    """Raise a :class:`KernelError` at the first op that uses a value its region does not reach."""
    for op in body.walk():
        for operand in op.operands:
            if not _reaches(operand, op):
                raise _escape_error(operand, op)


def _defining_block(value: SSAValue) -> Block | None:
    if isinstance(value, BlockArgument):
        return value.block
    owner = value.owner
    assert isinstance(owner, Operation)
    return owner.parent_block()


def _reaches(value: SSAValue, use: Operation) -> bool:
    """Whether ``value`` is defined before ``use`` in its block or in a block enclosing it."""
    block = _defining_block(value)
    op: Operation | None = use
    while op is not None:
        if op.parent_block() is block:
            owner = value.owner
            return isinstance(value, BlockArgument) or (isinstance(owner, Operation) and owner.is_before_in_block(op))
        op = op.parent_op()
    return False


def _escape_error(value: SSAValue, use: Operation) -> KernelError:
    name = f"'{value.name_hint}'" if value.name_hint else "a value"
    owner = value.owner if isinstance(value.owner, Operation) else value.owner.parent_op()
    region_op = owner
    while region_op is not None and not (type(region_op) in _REGION_KINDS and not region_op.is_ancestor(use)):
        region_op = region_op.parent_op()
    where = "the region"
    notes: list[str] = []
    if region_op is not None:
        at = source_location(region_op.location)
        where = f"the {_REGION_KINDS[type(region_op)]}" + (f" at {at.file}:{at.line}" if at is not None else "")
    if owner is not None and (defined := source_location(owner.location)) is not None:
        notes.append(f"{name} gets this value at {defined.file}:{defined.line}, inside {where}")
    return KernelError(
        f"{name} is used here, outside {where} in which it gets its value",
        source_location(use.location),
        notes,
        [f"give {name} its value before {where.split(' at ')[0]}, or use it only inside it"],
        "value-escapes-region",
    )
