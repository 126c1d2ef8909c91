"""``ascx-matmul-register``: one ``REGIST_MATMUL_OBJ`` per kernel, and the registration rules.

``REGIST_MATMUL_OBJ`` declares fixed names and, on the AIC side of a MIX kernel, serves the objects
it lists and returns, so a kernel may contain it once, at the top level of its body
(docs/matmul-protocol.md#registration).  This pass checks the kernel-wide registration rules and merges every
``ascendc.register_matmul`` of a kernel into one, placed where the last one was unless that is
after the first ``init_buffer`` on its pipe or after the first call on a registered object: then
it is hoisted, with the objects' constructions, to just before the earlier of the two (an error when
another operand of the registration is defined or changed after that point):

- every ``ascendc.matmul.create`` is registered exactly once, at the top level of the kernel, and no
  method is called on an object before its registration;
- all registrations use the same pipe and workspace;
- at most 4 objects, and with more than one object every registration carries a tiling.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from ascx.diagnostics import op_error, source_location
from ascx.dialects.ascendc import InitBufferOp, MatmulCreateOp, RegisterMatmulOp
from ascx.dialects.ascendc.kernel_attrs import KERNEL_ATTR
from ascx.dialects.ascendc.traits import MatmulMethod
from ascx.passes.base import AscxPass

MAX_MATMUL_OBJECTS = 4


def _name(value: SSAValue) -> str:
    return value.name_hint or "object"


def _top_level(op: Operation, body: func.FuncOp) -> Operation:
    """The ancestor of ``op`` that is directly in the kernel body."""
    while op.parent_op() is not body:
        parent = op.parent_op()
        assert parent is not None
        op = parent
    return op


def merge_registrations(kernel: func.FuncOp) -> None:
    """Check the registration rules of ``kernel`` and merge its registrations into one op."""
    registrations = [op for op in kernel.walk() if isinstance(op, RegisterMatmulOp)]
    creates = [op for op in kernel.walk() if isinstance(op, MatmulCreateOp)]
    registered: dict[SSAValue, RegisterMatmulOp] = {}
    for reg in registrations:
        if reg.parent_op() is not kernel:
            raise op_error(
                reg,
                "register_matmul must be called at the top level of the kernel, not inside a loop or branch",
                kind="matmul-register",
                hints=("REGIST_MATMUL_OBJ returns on the AIC side; call it once, before any Matmul use",),
            )
        for obj in reg.objects:
            if obj in registered:
                raise op_error(reg, f"Matmul {_name(obj)} is registered more than once", kind="matmul-register")
            registered[obj] = reg
    for create in creates:
        if create.result not in registered:
            raise op_error(
                create,
                f"Matmul {_name(create.result)} is never registered with register_matmul",
                kind="matmul-register",
                hints=("call asc.adv.register_matmul(pipe, workspace, matmul[, tiling]) after creating it",),
            )
    if not registrations:
        return
    _check_uses(kernel, registered)
    _merge(kernel, registrations, list(registered))


def _check_uses(kernel: func.FuncOp, registered: dict[SSAValue, RegisterMatmulOp]) -> None:
    order = {op: index for index, op in enumerate(kernel.body.block.ops)}
    for op in kernel.walk():
        if op.get_trait(MatmulMethod) is None:
            continue
        obj = op.operands[0]
        reg = registered.get(obj)
        if reg is not None and order[_top_level(op, kernel)] < order[reg]:
            raise op_error(op, f"Matmul {_name(obj)} is used before register_matmul", kind="matmul-register")


def _merge(kernel: func.FuncOp, registrations: list[RegisterMatmulOp], objects: list[SSAValue]) -> None:
    first = registrations[0]
    for reg in registrations[1:]:
        if reg.pipe != first.pipe or reg.workspace != first.workspace:
            raise op_error(
                reg,
                "register_matmul: all Matmul objects of a kernel must use the same pipe and workspace",
                kind="matmul-register",
            )
    if len(objects) > MAX_MATMUL_OBJECTS:
        raise op_error(
            registrations[-1], "At most 4 Matmul objects can be registered in one kernel", kind="matmul-register"
        )
    if len(objects) > 1 and any(not reg.tilings for reg in registrations):
        missing = next(reg for reg in registrations if not reg.tilings)
        raise op_error(
            missing,
            "register_matmul: a tiling is required for every Matmul when more than one Matmul is registered",
            kind="matmul-register",
        )
    last = registrations[-1]
    target = _earliest_required(kernel, first.pipe, set(objects))
    top = list(kernel.body.block.ops)
    if target is not None and top.index(target) > top.index(last):
        target = None  # the last registration already precedes both
    if target is None and len(registrations) == 1:
        return
    tilings = [t for reg in registrations for t in reg.tilings]
    merged = RegisterMatmulOp(first.pipe, first.workspace, objects, tilings)
    merged.location = last.location
    if target is None:
        Rewriter.insert_op(merged, InsertPoint.after(last))
    else:
        _check_hoistable(kernel, target, last, merged)
        Rewriter.insert_op(merged, InsertPoint.before(target))
    for reg in registrations:
        Rewriter.erase_op(reg)


def _operand_name(value: SSAValue, registration: RegisterMatmulOp) -> str:
    """How a message names an operand of the merged registration."""
    if value.name_hint:
        return value.name_hint
    tilings = list(registration.tilings)
    if value in tilings:
        return f"the tiling of Matmul {_name(registration.objects[tilings.index(value)])}"
    return "the workspace" if value == registration.workspace else "an operand"


def _earliest_required(kernel: func.FuncOp, pipe: SSAValue, objects: set[SSAValue]) -> Operation | None:
    """The top-level op the registration must precede: the first ``init_buffer`` on ``pipe`` (Ascend C:
    before InitBuffer in separated mode) or the first call on a registered object, whichever is first."""
    for op in kernel.walk():
        if isinstance(op, InitBufferOp) and op.owner == pipe:
            return _top_level(op, kernel)
        if op.get_trait(MatmulMethod) is not None and op.operands[0] in objects:
            return _top_level(op, kernel)
    return None


def _check_hoistable(kernel: func.FuncOp, target: Operation, last: RegisterMatmulOp, merged: RegisterMatmulOp) -> None:
    """Every operand of the registration is defined, and not changed, before ``target`` (the
    constructions of the Matmul objects move up with it)."""
    top = list(kernel.body.block.ops)
    start, end = top.index(target), top.index(last)
    moved_over = set(top[start:end])
    for value in merged.operands:
        owner = value.owner
        late = isinstance(owner, Operation) and _top_level(owner, kernel) in moved_over
        if late and isinstance(owner, MatmulCreateOp) and owner.parent_op() is kernel:
            owner.detach()  # a declaration without operands: it moves up with the registration
            Rewriter.insert_op(owner, InsertPoint.before(target))
            late = False
        changed = any(
            use.operation is not merged
            and _top_level(use.operation, kernel) in moved_over
            and not isinstance(use.operation, InitBufferOp | RegisterMatmulOp)
            and use.operation.get_trait(MatmulMethod) is None
            for use in value.uses
        )
        if late or changed:
            where = (
                "the first init_buffer on its pipe"
                if isinstance(target, InitBufferOp)
                else "the first call on a registered Matmul"
            )
            location = source_location(target.location)
            raise op_error(
                last,
                f"register_matmul must come before {where}"
                + (f" ({location.file.rsplit('/', 1)[-1]}:{location.line})" if location is not None else "")
                + f", but {_operand_name(value, merged)} is {'defined' if late else 'changed'} after it",
                kind="matmul-register",
                hints=(
                    "all Matmul objects of a kernel are registered by one REGIST_MATMUL_OBJ, before InitBuffer and "
                    "before any Matmul call: create and register every Matmul object (with its tiling) first",
                ),
            )


@dataclass(frozen=True)
class MatmulRegisterPass(AscxPass):
    """Check the Matmul registration rules and merge each kernel's registrations into one."""

    name = "ascx-matmul-register"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for kernel in op.body.block.ops:
            if isinstance(kernel, func.FuncOp) and KERNEL_ATTR in kernel.attributes:
                merge_registrations(kernel)
