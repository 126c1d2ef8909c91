"""``ascx-matmul-register``: one ``REGIST_MATMUL_OBJ`` per kernel, and the registration rules.

``REGIST_MATMUL_OBJ`` declares fixed names in the scope where it stands and, on the AIC side of a MIX kernel,
serves the objects it lists until every AIV's client leaves that scope, then returns
(docs/matmul-protocol.md#registration).  So a kernel contains it once, not inside a loop, in a block that
holds every use of the objects, and reached by the AIC exactly when its AIVs reach it (a branch around it may
not depend on the core).  "Once" is per run: the tracer traces the rest of a function after an early
``return`` into each arm that goes on, so registrations in different arms of one ``scf.if`` are copies on
paths no run takes together.  This pass checks the kernel-wide registration rules and merges the
``ascendc.register_matmul`` ops that one run reaches into one, placed where the last one was unless that is
after the first ``init_buffer`` on its pipe or after the first call on a registered object: then it is
hoisted, with the objects' constructions and the system workspace, to just before the earlier of the two
(with a warning when it moves before an ``init_buffer``, which CANN requires; an error when another operand
of the registration is defined or changed after that point):

- every ``ascendc.matmul.create`` is registered, at most once on any path, and no method is called on an object
  before its registration or outside the registration's block;
- all registrations that one run can reach use the same pipe and workspace, in one block;
- at most 4 objects, and with more than one object every registration carries a tiling.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from ascx.diagnostics import op_error, source_location
from ascx.dialects.ascendc import (
    AscendIsAicOp,
    AscendIsAivOp,
    InitBufferOp,
    KernelType,
    KernelTypeAttr,
    MatmulCreateOp,
    RegisterMatmulOp,
)
from ascx.dialects.ascendc.kernel_attrs import CUBE_ONLY_ATTR, KERNEL_ATTR, KERNEL_TYPE_ATTR
from ascx.dialects.ascendc.matmul_ops import used_before_register_message
from ascx.dialects.ascendc.system_api_ops import GetSysWorkspaceOp
from ascx.dialects.ascendc.system_ops import SysVar, SysVarOp
from ascx.dialects.ascendc.traits import MatmulMethod
from ascx.errors import AscxWarning
from ascx.passes.base import AscxPass

MAX_MATMUL_OBJECTS = 4


def _name(value: SSAValue) -> str:
    return value.name_hint or "object"


_CORE_DEPENDENT = frozenset(
    {SysVar.BLOCK_IDX, SysVar.BLOCK_NUM, SysVar.SUB_BLOCK_IDX, SysVar.SUB_BLOCK_NUM, SysVar.TASK_RATIO}
)
"""System values that differ between the AIC and its AIVs (``GetBlockIdx()`` is ``block_idx * ratio +
sub_block_idx`` on an AIV, ``block_idx`` on the AIC: ``impl/basic_api/dav_c220/kernel_operator_sys_var_impl.h``)."""


def core_dependent_vars(kernel: func.FuncOp) -> frozenset[SysVar]:
    """The system values that differ between the AIC and its AIVs in ``kernel``.  With one AIV per AIC
    (``KERNEL_TYPE_MIX_AIC_1_1``, requested with ``@asc.jit(kernel_type=...)``) none does: CANN's
    GetSubBlockNum page gives 1 on both cores, so the one AIV's ``GetSubBlockIdx()`` is 0 (the IDs of the N
    AIVs are 0..N-1: its GetSubBlockIdx page) as on the AIC, and ``GetBlockIdx()`` is ``block_idx * 1 + 0``;
    only the core type (``ASCEND_IS_AIV``) tells them apart."""
    kind = kernel.attributes.get(KERNEL_TYPE_ATTR)
    if isinstance(kind, KernelTypeAttr) and kind.data == KernelType.MIX_AIC_1_1:
        return frozenset()
    return _CORE_DEPENDENT


def _in_block(op: Operation, block: Block) -> Operation | None:
    """The ancestor of ``op`` (or ``op``) that is directly in ``block``, if ``op`` is inside it."""
    return block.find_ancestor_op_in_block(op)


def _core_dependent(value: SSAValue, varying: frozenset[SysVar], seen: set[SSAValue] | None = None) -> Operation | None:
    """The op that makes ``value`` differ between the AIC and its AIVs, if one does (``varying``: the system
    values that differ in this kernel)."""
    seen = set() if seen is None else seen
    if value in seen:
        return None
    seen.add(value)
    owner = value.owner
    if not isinstance(owner, Operation):
        return None
    if isinstance(owner, AscendIsAicOp | AscendIsAivOp):
        return owner
    if isinstance(owner, SysVarOp) and owner.var.data in varying:
        return owner
    for operand in owner.operands:
        found = _core_dependent(operand, varying, seen)
        if found is not None:
            return found
    return None


def _core_value(op: Operation) -> str:
    """How a message names a core-dependent value: its Ascend C call."""
    if isinstance(op, SysVarOp):
        return f"{op.var.data.cpp}()"
    return "ASCEND_IS_AIC" if isinstance(op, AscendIsAicOp) else "ASCEND_IS_AIV"


CORE_DEPENDENT_MESSAGE = (
    "register_matmul is reached under a condition computed from `{value}`, which differs between the AIC and "
    "its AIVs: unless the kernel makes it agree on both (as by dividing an AIV's block index by the sub-block "
    "count), the AIC does not serve the AIVs' Matmul calls, or waits for AIVs that never register"
)


def _check_placement(
    reg: RegisterMatmulOp, kernel: func.FuncOp, varying: frozenset[SysVar], registrations: list[RegisterMatmulOp]
) -> None:
    """The registration is not inside a loop, and every branch around it takes the same arm on the AIC as on
    its AIVs: the AIC runs the objects' server where the registration stands, until each AIV's client (a
    local of the macro) leaves its scope (docs/matmul-protocol.md#registration).  A condition computed from
    a core-dependent value (``varying``, or the core type) is a warning: the kernel may make it agree
    (Huawei's LoRA kernels normalise the AIV's block index), which this check cannot see.  A branch on the
    core type itself whose other arm registers the same objects is no warning: each core reaches a
    registration of its own (the tracer copies the rest of a function after an early ``return`` into each
    arm that goes on, so ``if ascend_is_aiv(): ... return`` leaves one copy on each side)."""
    parent = reg.parent_op()
    while parent is not None and parent is not kernel:
        if isinstance(parent, scf.ForOp | scf.WhileOp):
            raise op_error(
                reg,
                "register_matmul must not be called inside a loop",
                kind="matmul-register",
                hints=(
                    "REGIST_MATMUL_OBJ runs the AIC's Matmul server and returns from the kernel there; call it once, "
                    "before the loop",
                ),
            )
        if isinstance(parent, scf.IfOp):
            culprit = _core_dependent(parent.cond, varying)
            if culprit is not None and not _registered_on_each_side(parent, reg, registrations):
                _warn(reg, CORE_DEPENDENT_MESSAGE.format(value=_core_value(culprit)))
                return
        parent = parent.parent_op()


def _arm(branch: scf.IfOp, op: Operation) -> Region | None:
    """The region of ``branch`` that holds ``op``, if ``op`` is inside ``branch``."""
    while (parent := op.parent_op()) is not None:
        if parent is branch:
            return op.parent_region()
        op = parent
    return None


def _objects_kind(reg: RegisterMatmulOp) -> tuple[object, ...]:
    """What ``reg`` registers, for comparing copies: each object's Matmul type and configuration."""
    kinds: list[object] = []
    for obj in reg.objects:
        owner = obj.owner
        kinds.append(tuple(sorted(owner.properties.items())) if isinstance(owner, MatmulCreateOp) else obj)
    return tuple(kinds)


def _registered_on_each_side(branch: scf.IfOp, reg: RegisterMatmulOp, registrations: list[RegisterMatmulOp]) -> bool:
    """``branch`` tests the core type itself and its other arm registers the same objects as ``reg``."""
    if not isinstance(branch.cond.owner, AscendIsAicOp | AscendIsAivOp):
        return False
    arm = _arm(branch, reg)
    kind = _objects_kind(reg)
    return any(
        (other_arm := _arm(branch, other)) is not None and other_arm is not arm and _objects_kind(other) == kind
        for other in registrations
    )


def _exclusive(a: Operation, b: Operation) -> bool:
    """No run reaches both ``a`` and ``b``: they are in different arms of one ``scf.if``."""
    arms: dict[Operation, Region | None] = {}
    op = a
    while (parent := op.parent_op()) is not None:
        if isinstance(parent, scf.IfOp):
            arms[parent] = op.parent_region()
        op = parent
    op = b
    while (parent := op.parent_op()) is not None:
        if parent in arms and arms[parent] is not op.parent_region():
            return True
        op = parent
    return False


def _runs(registrations: list[RegisterMatmulOp]) -> list[list[RegisterMatmulOp]]:
    """The registrations grouped by the runs that reach them: two that one run may reach are in one group
    (and so are those linked through a third), in kernel order; copies in different arms of a branch are in
    different groups."""
    groups: list[list[RegisterMatmulOp]] = []
    for reg in registrations:
        joined = [group for group in groups if any(not _exclusive(reg, other) for other in group)]
        merged = [other for group in joined for other in group] + [reg]
        groups = [group for group in groups if all(group is not j for j in joined)] + [merged]
    order = {reg: i for i, reg in enumerate(registrations)}
    return sorted((sorted(group, key=order.__getitem__) for group in groups), key=lambda g: order[g[0]])


def merge_registrations(kernel: func.FuncOp) -> None:
    """Check the registration rules of ``kernel`` and merge the registrations each run reaches into one op."""
    registrations = [op for op in kernel.walk() if isinstance(op, RegisterMatmulOp)]
    creates = [op for op in kernel.walk() if isinstance(op, MatmulCreateOp)]
    cube_only = CUBE_ONLY_ATTR in kernel.attributes  # REGIST_MATMUL_OBJ only initialises the objects there
    varying = core_dependent_vars(kernel)
    runs = _runs(registrations)
    registered: dict[SSAValue, list[RegisterMatmulOp]] = {}
    for reg in registrations:
        if not cube_only:
            _check_placement(reg, kernel, varying, registrations)
        for obj in reg.objects:
            if any(not _exclusive(reg, other) for other in registered.get(obj, ())):
                raise op_error(reg, f"Matmul {_name(obj)} is registered more than once", kind="matmul-register")
            registered.setdefault(obj, []).append(reg)
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
    _check_uses(kernel, registered, cube_only)
    for run in runs:
        objects = list(dict.fromkeys(obj for reg in run for obj in reg.objects))
        _merge(kernel, run, objects)


def _check_uses(kernel: func.FuncOp, registered: dict[SSAValue, list[RegisterMatmulOp]], cube_only: bool) -> None:
    """Every call on a registered object comes after a registration of it, in that registration's block (the
    scope of the macro's client; a cube-only kernel's macro declares nothing)."""
    for op in kernel.walk():
        if op.get_trait(MatmulMethod) is None:
            continue
        obj = op.operands[0]
        regs = registered.get(obj)
        if not regs:
            continue
        reg, ancestor = next(
            ((r, a) for r in regs if (a := _in_block(op, _parent_block(r))) is not None),
            (next((r for r in regs if not _exclusive(op, r)), regs[0]), None),
        )
        if ancestor is None and cube_only:
            continue
        if ancestor is None:
            location = source_location(reg.location)
            where = f" ({location.file.rsplit('/', 1)[-1]}:{location.line})" if location is not None else ""
            raise op_error(
                op,
                f"Matmul {_name(obj)} is used outside the block of its register_matmul{where}",
                kind="matmul-register",
                hints=(
                    "REGIST_MATMUL_OBJ declares the AIV's client in the scope where it stands; use the object "
                    "inside that scope",
                ),
            )
        if ancestor.is_before_in_block(reg):
            raise op_error(op, used_before_register_message(_name(obj)), kind="matmul-register")


def _parent_block(op: Operation) -> Block:
    block = op.parent_block()
    assert block is not None
    return block


def _check_agreement(registrations: list[RegisterMatmulOp]) -> None:
    """The registrations one run reaches (every pair not in different arms of a branch) use one pipe and one
    workspace, in one block."""
    for i, reg in enumerate(registrations):
        for other in registrations[:i]:
            if _exclusive(reg, other):
                continue  # linked through a third registration, which the check of that pair reports
            if reg.pipe != other.pipe or reg.workspace != other.workspace:
                raise op_error(
                    reg,
                    "register_matmul: all Matmul objects of a kernel must use the same pipe and workspace",
                    kind="matmul-register",
                )
            if reg.parent_block() is not other.parent_block():
                raise op_error(
                    reg,
                    "register_matmul: all Matmul objects of a kernel are registered in one block "
                    "(one REGIST_MATMUL_OBJ)",
                    kind="matmul-register",
                )


def _merge(kernel: func.FuncOp, registrations: list[RegisterMatmulOp], objects: list[SSAValue]) -> None:
    first = registrations[0]
    _check_agreement(registrations)
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
    block = last.parent_block()
    assert block is not None
    target = _earliest_required(kernel, block, last, first.pipe, set(objects))
    if target is not None and last.is_before_in_block(target):
        target = None  # the last registration already precedes both
    if target is None and len(registrations) == 1:
        return
    tilings = [t for reg in registrations for t in reg.tilings]
    merged = RegisterMatmulOp(first.pipe, first.workspace, objects, tilings)
    merged.location = last.location
    if target is None:
        Rewriter.insert_op(merged, InsertPoint.after(last))
    else:
        _check_hoistable(block, target, last, merged)
        Rewriter.insert_op(merged, InsertPoint.before(target))
        if isinstance(target, InitBufferOp):
            _warn_moved(last, target)
    for reg in registrations:
        Rewriter.erase_op(reg)


def _where(op: Operation) -> str:
    """`` (k.py:12)``: where ``op`` is, for a message (empty without a location)."""
    location = source_location(op.location)
    return f" ({location.file.rsplit('/', 1)[-1]}:{location.line})" if location is not None else ""


MOVED_MESSAGE = (
    "register_matmul comes after pipe.init_buffer{where}; CANN's REGIST_MATMUL_OBJ must precede the first "
    "InitBuffer of its pipe in separated (MIX) mode, so ascx moved the registration before it"
)


def _warn_moved(registration: Operation, init_buffer: Operation) -> None:
    """The registration moved before ``init_buffer``: say so, with CANN's rule
    (docs/matmul-protocol.md#registration)."""
    _warn(registration, MOVED_MESSAGE.format(where=_where(init_buffer)))


def _warn(op: Operation, message: str) -> None:
    """A warning at ``op``'s Python line."""
    location = source_location(op.location)
    if location is None:
        warnings.warn(message, AscxWarning, stacklevel=2)
    else:
        warnings.warn_explicit(message, AscxWarning, location.file, location.line)


def _operand_name(value: SSAValue, registration: RegisterMatmulOp) -> str:
    """How a message names an operand of the merged registration."""
    if value.name_hint:
        return value.name_hint
    tilings = list(registration.tilings)
    if value in tilings:
        return f"the tiling of Matmul {_name(registration.objects[tilings.index(value)])}"
    return "the workspace" if value == registration.workspace else "an operand"


def _earliest_required(
    kernel: func.FuncOp, block: Block, last: RegisterMatmulOp, pipe: SSAValue, objects: set[SSAValue]
) -> Operation | None:
    """The op of ``block`` the registration must precede: the first ``init_buffer`` on ``pipe`` (Ascend C:
    before InitBuffer in separated mode) or the first call on a registered object, whichever is first.  An
    ``init_buffer`` before the registration's block, outside it, cannot be moved over: an error."""
    for op in kernel.walk():
        required = isinstance(op, InitBufferOp) and op.owner == pipe
        if not required and not (op.get_trait(MatmulMethod) is not None and op.operands[0] in objects):
            continue
        ancestor = _in_block(op, block)
        if ancestor is not None:
            return ancestor
        outer = op.parent_block()
        enclosing = _in_block(last, outer) if outer is not None else None
        if required and enclosing is not None and op.is_before_in_block(enclosing):
            raise op_error(
                last,
                f"register_matmul must come before the first init_buffer on its pipe{_where(op)}, which is outside "
                "the block of the registration",
                kind="matmul-register",
                hints=("CANN requires REGIST_MATMUL_OBJ before the first InitBuffer of its pipe: register first",),
            )
    return None


def _movable(owner: Operation, block: Block) -> bool:
    """A definition without operands that moves up with the registration: a Matmul object's declaration, or
    the system workspace (``GetSysWorkspacePtr()``)."""
    return isinstance(owner, MatmulCreateOp | GetSysWorkspaceOp) and owner.parent_block() is block


def _check_hoistable(block: Block, target: Operation, last: RegisterMatmulOp, merged: RegisterMatmulOp) -> None:
    """Every operand of the registration is defined, and not changed, before ``target`` (the
    constructions of the Matmul objects and the system workspace move up with it)."""
    ops = list(block.ops)
    start, end = ops.index(target), ops.index(last)
    moved_over = set(ops[start:end])
    for value in merged.operands:
        owner = value.owner
        late = isinstance(owner, Operation) and _in_block(owner, block) in moved_over
        if late and isinstance(owner, Operation) and _movable(owner, block):
            owner.detach()
            Rewriter.insert_op(owner, InsertPoint.before(target))
            late = False
        changed = any(
            use.operation is not merged
            and _in_block(use.operation, block) in moved_over
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
            raise op_error(
                last,
                f"register_matmul must come before {where}{_where(target)}, but {_operand_name(value, merged)} is "
                f"{'defined' if late else 'changed'} after it",
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
