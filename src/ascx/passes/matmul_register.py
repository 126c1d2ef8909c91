"""``ascx-matmul-register``: one ``REGIST_MATMUL_OBJ`` per kernel, and the registration rules.

``REGIST_MATMUL_OBJ`` declares fixed names and, on the AIC side of a MIX kernel, serves the objects
it lists and returns, so a kernel may contain it once, at the top level of its body (matmul-api
spec §10).  This pass checks the kernel-wide registration rules and merges every
``ascendc.register_matmul`` of a kernel into one, placed where the last one was:

- every ``ascendc.matmul.create`` is registered exactly once (A.M20), at the top level of the
  kernel, and no method is called on an object before its registration (A.M19);
- all registrations use the same pipe and workspace (A.M23);
- at most 4 objects (A.M22), and with more than one object every registration carries a tiling
  (A.M21).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from ascx.diagnostics import op_error
from ascx.dialects.ascendc import MatmulCreateOp, RegisterMatmulOp
from ascx.dialects.ascendc.kernel_attrs import KERNEL_ATTR
from ascx.dialects.ascendc.traits import MatmulMethod

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
    if len(registrations) == 1:
        return
    tilings = [t for reg in registrations for t in reg.tilings]
    last = registrations[-1]
    merged = RegisterMatmulOp(first.pipe, first.workspace, objects, tilings)
    merged.location = last.location
    Rewriter.insert_op(merged, InsertPoint.after(last))
    for reg in registrations:
        Rewriter.erase_op(reg)


@dataclass(frozen=True)
class MatmulRegisterPass(ModulePass):
    """Check the Matmul registration rules and merge each kernel's registrations into one."""

    name = "ascx-matmul-register"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for kernel in op.body.block.ops:
            if isinstance(kernel, func.FuncOp) and KERNEL_ATTR in kernel.attributes:
                merge_registrations(kernel)
