"""``ascx-verify-pipe-sync``: the intra-core pipe synchronization and TQue protocol verifier
(sync-model spec §2.2).

For each kernel function it runs :class:`~ascx.analysis.pipe_sync.PipeSyncAnalysis` (flag pairing
FL, the TQue protocol TQ, cross-pipe hazards HZ, atomics AT) and the cross-core pairing lints (XC),
then publishes the diagnostics.  The pass never changes the IR.  An internal failure of the
analysis is reported as a located error, never as a crash (PA-8).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass

from ascx.analysis.dataflow import condition_key, constant_int
from ascx.analysis.inter_block import check_block_chain, check_inter_block_events
from ascx.analysis.pipe_model import pipe_label
from ascx.analysis.pipe_sync import DEFAULT_OPTIONS, PipeSyncAnalysis, PipeSyncOptions, flag_call
from ascx.analysis.regions import GMBase, GMBaseCache, region_of
from ascx.analysis.report import Diagnostic, DiagnosticList, at, note, publish
from ascx.analysis.reuse import recall
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.matmul_ops import RegisterMatmulOp
from ascx.dialects.ascendc.sync_ops import (
    CrossCoreSetFlagOp,
    CrossCoreWaitFlagOp,
    IBSetOp,
    IBWaitOp,
    NotifyNextBlockOp,
    PipeBarrierOp,
    SetFlagOp,
    SyncAllOp,
    WaitPreBlockOp,
)
from ascx.dialects.ascendc.system_ops import SysVarOp
from ascx.dialects.ascendc.traits import MatmulMethod, TensorAccess
from ascx.dialects.ascendc.types import GlobalTensorType
from ascx.passes.pipe_sync_insertion import INSERTED_ATTR

SYNC_ALL_FLAGS = range(11, 15)
"""Cross-core flags ``SyncAll`` uses [unverified, U-6]."""
PROLOGUE_FLAG = (15, 2)
"""The MIX prologue's AIC notification ``0xf21``: flag 15, mode 2 [derived, U-6]."""


def verify_pipe_sync(kernel: func.FuncOp, options: PipeSyncOptions = DEFAULT_OPTIONS) -> list[Diagnostic]:
    """Every pipe-sync diagnostic of ``kernel``, in source order."""
    found = recall("pipe-sync", options, kernel)  # the last analysis of ascx-insert-sync, if nothing changed since
    if isinstance(found, DiagnosticList):
        diagnostics = found.copy()
    else:
        analysis = PipeSyncAnalysis(kernel, options)
        try:
            analysis.run()
        except Exception as error:  # PA-8: an analysis bug must not become a crash of the compile
            failed = DiagnosticList()
            failed.add("error", "PA-8", kernel, f"internal error in ascx-verify-pipe-sync: {error!r}")
            return failed.sorted()
        diagnostics = analysis.diagnostics
        if options.sync_lints:
            lint_useless_sync(kernel, analysis, diagnostics)
    inter_block = check_cross_core(kernel, diagnostics)
    check_cross_block(kernel, diagnostics)
    if any(isinstance(op, WaitPreBlockOp | NotifyNextBlockOp) for op in inter_block):
        check_block_chain(kernel, diagnostics)
    check_inter_block_events([op for op in inter_block if isinstance(op, IBSetOp | IBWaitOp)], diagnostics)
    return diagnostics.sorted()


def _where(op: Operation) -> tuple[str, str]:
    """An op of a kernel or of its clone, by source position and name (clones have new op objects)."""
    return (str(at(op)), op.name)


def _hazards(analysis: PipeSyncAnalysis) -> set[tuple[str, tuple[str, str], tuple[str, str]]]:
    return {(h.rule, _where(h.producer), _where(h.consumer)) for h in analysis.hazards}


def lint_useless_sync(kernel: func.FuncOp, analysis: PipeSyncAnalysis, diagnostics: DiagnosticList) -> None:
    """FL-12 (``sync_lints``): a user flag pair or barrier whose removal adds no hazard orders no memory
    access.  Each candidate is removed from a copy of the kernel, which is analysed again (quadratic in
    the kernel's sync, so it is a lint, off by default)."""
    ops = list(kernel.walk())
    index = {op: i for i, op in enumerate(ops)}
    before = _hazards(analysis)
    candidates: list[tuple[Operation, ...]] = [p for p in analysis.pairs if INSERTED_ATTR not in p[0].attributes]
    candidates += [
        (op,)
        for op in ops
        if isinstance(op, PipeBarrierOp) and op.pipe.data is not Pipe.PIPE_ALL and INSERTED_ATTR not in op.attributes
    ]  # PIPE_ALL also drains the pipes before the kernel returns (IN-12): never reported
    for group in candidates:
        clone = kernel.clone()
        cloned = list(clone.walk())
        for op in group:
            victim = cloned[index[op]]
            victim.detach()
            victim.erase()
        again = PipeSyncAnalysis(clone, analysis.options)
        again.run()
        if not _hazards(again) <= before:
            continue
        first = group[0]
        if isinstance(first, SetFlagOp):
            event = first.event.data
            src, dst, text = pipe_label(event.src), pipe_label(event.dst), flag_call(first)
        else:
            assert isinstance(first, PipeBarrierOp)
            src = dst = pipe_label(first.pipe.data)
            text = f"asc.pipe_barrier(PipeID.PIPE_{src})"
        diagnostics.add(
            "warning",
            "FL-12",
            first,
            f"`{text}` orders no memory access (no conflicting access on {src} before it and on {dst} after it)",
        )


def _block_dependent(value: SSAValue, memo: dict[SSAValue, bool]) -> bool:
    """Whether ``value`` is computed from the block index (iteratively: chains can be long)."""
    if value in memo:
        return memo[value]
    seen: set[SSAValue] = set()
    stack = [value]
    found = False
    while stack and not found:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        known = memo.get(current)
        if known is not None:
            found = known
            continue
        owner = current.owner
        if isinstance(owner, SysVarOp):
            found = str(owner.var.data) == "block_idx"
        elif isinstance(owner, Operation):
            stack.extend(owner.operands)
    if not found:
        for checked in seen:
            memo[checked] = False
    memo[value] = found
    return found


def check_cross_block(kernel: func.FuncOp, diagnostics: DiagnosticList) -> None:
    """XC-7 (a lint): a GM buffer written at an offset computed from the block index and accessed at
    another block-dependent offset (another block's part) with no inter-block synchronization (``sync_all``,
    ``ib_set`` / ``ib_wait``, ``notify_next_block`` / ``wait_pre_block``) in between."""
    cache: GMBaseCache = {}
    memo: dict[SSAValue, bool] = {}
    writes: dict[object, list[tuple[Operation, tuple[object, ...], str]]] = {}
    for op in kernel.walk():
        kind = type(op)
        if kind in _INTER_BLOCK_SYNC:
            writes.clear()
            continue
        access = _ACCESS.get(kind)
        if access is None:
            trait = op.get_trait(TensorAccess) if op.get_trait(MatmulMethod) is None else None
            access = _ACCESS[kind] = trait if trait is not None else False
        if access is False:
            continue
        assert isinstance(access, TensorAccess)
        touched = [(v, False) for v in access.read_values(op)] + [(v, True) for v in access.written_values(op)]
        for value, write in touched:
            if not isinstance(value.type, GlobalTensorType):
                continue
            region = region_of(value, cache)
            if not isinstance(region.base, GMBase) or not isinstance(region.offset, tuple):
                continue
            if not any(_block_dependent(v, memo) for v in region.offset):
                continue
            key = tuple(condition_key(v) for v in region.offset)
            for other, other_key, name in writes.get(region.base, []):
                if other_key != key and other is not op:
                    diagnostics.add(
                        "warning",
                        "XC-7",
                        other,
                        f"GM `{name}` written here may be accessed by another block without inter-block "
                        "synchronization",
                        [note(op, "accessed here at another block-dependent offset")],
                        partner=op,
                    )
            if write:
                writes.setdefault(region.base, []).append((op, key, region.name))


_INTER_BLOCK_PAIRS: frozenset[type[Operation]] = frozenset({IBSetOp, IBWaitOp, NotifyNextBlockOp, WaitPreBlockOp})
"""The inter-block ops the XC-5 / XC-6 pairing lints look at."""
_INTER_BLOCK_SYNC = _INTER_BLOCK_PAIRS | {SyncAllOp}
"""Ops after which XC-7 assumes other blocks' earlier GM accesses are ordered (a lint, not a model)."""

_ACCESS: dict[type[Operation], TensorAccess | bool] = {}
"""The ``TensorAccess`` of a basic op class (False for Matmul calls and ops without one), looked up once."""


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
    matmuls = 0
    for op in kernel.walk():
        if type(op) in _INTER_BLOCK_PAIRS:
            inter_block.append(op)
        elif isinstance(op, CrossCoreSetFlagOp):
            sets.append(op)
        elif isinstance(op, CrossCoreWaitFlagOp):
            waits.append(op)
        elif isinstance(op, RegisterMatmulOp):
            matmuls += len(op.objects)
        elif isinstance(op, SyncAllOp):
            _check_sync_all(op, kernel, diagnostics)
    _check_reserved_flags(sets, waits, matmuls, diagnostics)
    _check_pairing(sets, waits, diagnostics)
    return inter_block


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


@dataclass(frozen=True)
class VerifyPipeSyncPass(ModulePass):
    """Verify flags, barriers, the TQue protocol and cross-pipe hazards of every kernel (spec §2.2)."""

    name = "ascx-verify-pipe-sync"

    strict_same_pipe: bool = False
    assume_gm_args_noalias: bool = True
    sync_lints: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        options = PipeSyncOptions(self.strict_same_pipe, self.assume_gm_args_noalias, self.sync_lints)
        found: list[Diagnostic] = []
        for kernel in op.body.block.ops:
            if isinstance(kernel, func.FuncOp) and kernel.body.blocks:
                found.extend(verify_pipe_sync(kernel, options))
        publish(found)
