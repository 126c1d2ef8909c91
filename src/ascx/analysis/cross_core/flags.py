"""Cross-core flags and ``sync_all`` (docs/rules/cross-core.md): XC-1 (a set or wait without a partner),
XC-2 (a flag the Matmul objects, the MIX prologue or ``SyncAll`` reserve), XC-3 (a set and a wait that
disagree on the mode), XC-4 (``sync_all`` that some blocks do not reach), XC-8 (the hardware
``sync_all`` in a pure vector or cube kernel type, which CANN's SyncAll page forbids) and XC-9 (inter-block
synchronisation in a kernel without a TPipe, whose event ids CANN's implementation takes)."""

from __future__ import annotations

from xdsl.dialects import func, scf
from xdsl.ir import Operation

from ascx.analysis.dataflow import constant_int
from ascx.analysis.report import DiagnosticList, note
from ascx.dialects.ascendc.enums import KernelType, KernelTypeAttr
from ascx.dialects.ascendc.kernel_attrs import KERNEL_TYPE_ATTR
from ascx.dialects.ascendc.matmul_ops import RegisterMatmulOp
from ascx.dialects.ascendc.object_ops import PipeOp
from ascx.dialects.ascendc.sync_ops import (
    CrossCoreSetFlagOp,
    CrossCoreWaitFlagOp,
    IBSetOp,
    IBWaitOp,
    NotifyNextBlockOp,
    SyncAllOp,
    WaitPreBlockOp,
)
from ascx.dialects.ascendc.system_ops import SysVarOp
from ascx.dialects.ascendc.traits import TakesPipeEventIds
from ascx.passes.kernel_type import decide_kernel_type, is_hard_sync_all

SYNC_ALL_FLAGS = range(11, 15)
"""Cross-core flags ``SyncAll`` uses [unverified: docs/sync-model.md#what-is-not-verified]."""
PROLOGUE_FLAG = (15, 2)
"""The MIX prologue's AIC notification ``0xf21``: flag 15, mode 2 [derived from the FFTS message format]."""

INTER_BLOCK_PAIRS: frozenset[type[Operation]] = frozenset({IBSetOp, IBWaitOp, NotifyNextBlockOp, WaitPreBlockOp})
"""The inter-block ops the XC-5 / XC-6 pairing lints look at."""


def _flag_of(op: CrossCoreSetFlagOp | CrossCoreWaitFlagOp) -> tuple[int | None, int]:
    return constant_int(op.flag_id), op.mode.value.data


def _depends_on_block_index(op: scf.IfOp) -> bool:
    seen: set[int] = set()
    work = [op.cond]
    while work:
        value = work.pop()
        owner = value.owner
        if id(owner) in seen or not isinstance(owner, Operation):
            continue
        seen.add(id(owner))
        if isinstance(owner, SysVarOp) and str(owner.var.data) == "block_idx":
            return True
        work.extend(owner.operands)
    return False


def check_cross_core(kernel: func.FuncOp, diagnostics: DiagnosticList) -> list[Operation]:
    """XC-1 (a cross-core set or wait without partner), XC-2 (reserved flags), XC-3 (mode mismatch) and
    XC-4 (``sync_all`` under a block-dependent condition): pairing lints, not happens-before.  Returns the
    kernel's inter-block sync ops (``ib_*``, ``notify_next_block`` / ``wait_pre_block``), found on the way."""
    sets: list[CrossCoreSetFlagOp] = []
    waits: list[CrossCoreWaitFlagOp] = []
    inter_block: list[Operation] = []
    needs_pipe: list[Operation] = []
    has_pipe = False
    matmuls = 0
    for op in kernel.walk():
        takes_ids = op.get_trait(TakesPipeEventIds)
        if takes_ids is not None and takes_ids.needed_by(op):
            needs_pipe.append(op)
        if type(op) in INTER_BLOCK_PAIRS:
            inter_block.append(op)
        elif isinstance(op, PipeOp):
            has_pipe = True
        elif isinstance(op, CrossCoreSetFlagOp):
            sets.append(op)
        elif isinstance(op, CrossCoreWaitFlagOp):
            waits.append(op)
        elif isinstance(op, RegisterMatmulOp):
            matmuls += len(op.objects)
        elif isinstance(op, SyncAllOp):
            _check_sync_all(op, kernel, diagnostics)
            _check_sync_all_kernel_type(op, kernel, diagnostics)
    if needs_pipe and not has_pipe:
        _check_event_ids_have_a_pipe(needs_pipe, diagnostics)
    _check_reserved_flags(sets, waits, matmuls, diagnostics)
    _check_pairing(sets, waits, diagnostics)
    return inter_block


def _call_name(op: Operation) -> str:
    takes_ids = op.get_trait(TakesPipeEventIds)
    assert takes_ids is not None
    return f"`asc.{takes_ids.api}` (CANN's {takes_ids.cpp})"


def _check_event_ids_have_a_pipe(ops: list[Operation], diagnostics: DiagnosticList) -> None:
    """XC-9: a call whose CANN implementation takes event ids from the kernel's TPipe
    (``GetTPipePtr()->FetchEventID``; the ops declare it, ``TakesPipeEventIds``), in a kernel that creates
    none: IBSet, IBWait, NotifyNextBlock, WaitPreBlock and the software SyncAll for the event ids of their own
    copies, CreateVecIndex for its scalar-to-vector wait.  Without one the core stops there (SIGSEGV on the
    CANN emulation backend).  One error, at the first call; the others are its notes."""
    first, *others = ops
    diagnostics.add(
        "error",
        "XC-9",
        first,
        f"{_call_name(first)} needs a TPipe: CANN's implementation takes its event ids from the kernel's TPipe "
        "(GetTPipePtr()->FetchEventID), and this kernel creates none",
        [note(op, f"{_call_name(op)} needs it too") for op in others]
        + [note(None, "create one before the first of these calls: `pipe = asc.TPipe()`")],
    )


def _check_sync_all(op: SyncAllOp, kernel: func.FuncOp, diagnostics: DiagnosticList) -> None:
    parent = op.parent_op()
    while parent is not None and parent is not kernel:
        if isinstance(parent, scf.IfOp) and _depends_on_block_index(parent):
            diagnostics.add(
                "error",
                "XC-4",
                op,
                "`asc.sync_all()` is not reached by every block: it is guarded by a condition on the block index",
                [note(parent, "condition here")],
            )
            return
        parent = parent.parent_op()


HARD_SYNC_ALL_TYPES = {
    KernelType.AIV_ONLY: (
        "KERNEL_TYPE_MIX_AIV_1_0 for a pure vector kernel (kernel_type=KernelType.MIX_AIV_1_0), or the software "
        "`asc.sync_all(gm_workspace, ub_workspace, used_cores)`"
    ),
    KernelType.AIC_ONLY: "KERNEL_TYPE_MIX_AIC_1_0 for a pure cube kernel, a type ascx does not build",
}
"""The kernel types CANN's SyncAll page forbids the hardware ``SyncAll()`` in, and what it requires."""


def _check_sync_all_kernel_type(op: SyncAllOp, kernel: func.FuncOp, diagnostics: DiagnosticList) -> None:
    """XC-8: the hardware ``sync_all()`` in a kernel recorded (or, before ``ascx-kernel-type``, derived) as
    ``AIV_ONLY`` or ``AIC_ONLY``."""
    if not is_hard_sync_all(op):
        return
    recorded = kernel.attributes.get(KERNEL_TYPE_ATTR)
    kind = recorded.data if isinstance(recorded, KernelTypeAttr) else decide_kernel_type(kernel)
    required = HARD_SYNC_ALL_TYPES.get(kind)
    if required is not None:
        diagnostics.add(
            "error",
            "XC-8",
            op,
            f"the hardware `asc.sync_all()` is not allowed in an {kind.name} kernel: CANN's SyncAll page requires "
            f"{required}",
        )


def _check_reserved_flags(
    sets: list[CrossCoreSetFlagOp], waits: list[CrossCoreWaitFlagOp], matmuls: int, diagnostics: DiagnosticList
) -> None:
    for op in (*sets, *waits):
        flag, mode = _flag_of(op)
        if flag is None:
            continue
        reason = None
        if matmuls and flag < 2 * matmuls:
            reason = f"the Matmul objects (flags 0–{2 * matmuls - 1})"
        elif matmuls and (flag, mode) == PROLOGUE_FLAG:
            reason = "the MIX prologue (flag 15, mode 2)"
        elif flag in SYNC_ALL_FLAGS:
            reason = "SyncAll (flags 11–14)"
        if reason is not None:
            diagnostics.add("error", "XC-2", op, f"cross-core flag {flag} is reserved by {reason}")


def _check_pairing(
    sets: list[CrossCoreSetFlagOp], waits: list[CrossCoreWaitFlagOp], diagnostics: DiagnosticList
) -> None:
    for op in (*sets, *waits):
        flag, mode = _flag_of(op)
        partners = waits if isinstance(op, CrossCoreSetFlagOp) else sets
        same_flag = [p for p in partners if _flag_of(p)[0] == flag]
        if any(_flag_of(p)[1] == mode for p in same_flag):
            continue
        kind = "wait" if isinstance(op, CrossCoreSetFlagOp) else "set"
        spelled = "asc.cross_core_set_flag" if isinstance(op, CrossCoreSetFlagOp) else "asc.cross_core_wait_flag"
        if same_flag:
            other = same_flag[0]
            diagnostics.add(
                "error",
                "XC-3",
                op,
                f"cross-core set and wait on flag {flag} use different modes ({mode} vs {_flag_of(other)[1]})",
                [note(other, "partner here")],
                partner=other,
            )
            continue
        nearest = partners[0] if partners else None
        diagnostics.add(
            "error",
            "XC-1",
            op,
            f"`{spelled}` on flag {flag if flag is not None else '?'} (mode {mode}) has no partner "
            f"`asc.cross_core_{kind}_flag`",
            [note(nearest, "nearest candidate here")] if nearest is not None else [],
        )
