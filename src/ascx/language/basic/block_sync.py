"""Synchronisation between pipes, cores and blocks: ``set_flag``/``wait_flag``, ``pipe_barrier``,
``cross_core_set_flag``/``cross_core_wait_flag``, ``sync_all``, ``ib_set``/``ib_wait`` and
``notify_next_block``/``wait_pre_block`` (docs/sync-model.md#cross-core-and-inter-block-synchronisation)."""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.dtype import int32
from ascx.language.core.enums import PipeID
from ascx.language.core.tensor import GlobalTensor, LocalTensor
from ascx.language.fwk.tpipe import hard_event

EVENT_IDS = range(8)
"""The event ids of dav-c220 (``EVENT_ID0`` ... ``EVENT_ID7``)."""
CROSS_CORE_FLAGS = range(16)
"""Cross-core flag ids (4 bits of the FFTS message)."""


def _event_id(builder: Any, value: object, api: str) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and value not in EVENT_IDS:
        raise ApiValueError(f"{api}: event_id {value} is not an event id (0 to 7)")
    return integer_operand(builder, value, int32, api=api, param="event_id")


def set_flag(event: Any, event_id: Any = 0) -> None:
    """``AscendC::SetFlag<E>(id)``: issued into E's source pipe; fires when that pipe's earlier work is done."""
    builder = active("set_flag")
    builder.insert(ir.SetFlagOp(hard_event(event, "set_flag"), _event_id(builder, event_id, "set_flag")))


def wait_flag(event: Any, event_id: Any = 0) -> None:
    """``AscendC::WaitFlag<E>(id)``: E's destination pipe waits until the flag fires."""
    builder = active("wait_flag")
    builder.insert(ir.WaitFlagOp(hard_event(event, "wait_flag"), _event_id(builder, event_id, "wait_flag")))


def pipe_id(value: object, api: str) -> ir.Pipe:
    """A ``PipeID`` argument (a C++ template argument)."""
    if not isinstance(value, PipeID):
        hint = f"write asc.PipeID.{PipeID(value).name}" if isinstance(value, int) and value in list(PipeID) else ""
        raise ApiTypeError(f"{api}: the pipe must be an asc.PipeID, got {describe(value)}", *((hint,) if hint else ()))
    return ir.Pipe[value.name]


def pipe_barrier(pipe: Any) -> None:
    """``AscendC::PipeBarrier<pipe>()``: later work of ``pipe`` waits for its earlier work."""
    builder = active("pipe_barrier")
    p = pipe_id(pipe, "pipe_barrier")
    if p is ir.Pipe.PIPE_S:
        raise ApiValueError(
            "pipe_barrier: PIPE_S cannot be a barrier (a hardware error): the scalar pipe runs in order",
            "to wait for another pipe from the scalar unit, use set_flag/wait_flag with an X_S event",
        )
    builder.insert(ir.PipeBarrierOp(p))


def _cross_core(api: str, flag_id: Any, mode_id: Any, pipe: Any) -> tuple[Any, int, ir.Pipe]:
    builder = active(api)
    if not isinstance(mode_id, int) or isinstance(mode_id, bool):
        raise ApiTypeError(
            f"{api}: mode_id must be a compile-time int, got {describe(mode_id)}",
            "annotate the kernel parameter as asc.ConstExpr[int]",
        )
    if mode_id not in (0, 1, 2):
        raise ApiValueError(
            f"{api}: mode_id must be 0 (all cores), 1 (the AIVs of a group) or 2 (AIC and AIVs of a group), "
            f"got {mode_id}"
        )
    if isinstance(flag_id, int) and not isinstance(flag_id, bool) and flag_id not in CROSS_CORE_FLAGS:
        raise ApiValueError(f"{api}: flag_id {flag_id} is not a cross-core flag (0 to 15)")
    flag = integer_operand(builder, flag_id, int32, api=api, param="flag_id")
    return flag, mode_id, pipe_id(pipe, api)


def cross_core_set_flag(flag_id: Any, mode_id: Any, pipe: Any) -> None:
    """``AscendC::CrossCoreSetFlag<mode, pipe>(flagId)``: signals other cores once ``pipe`` is done."""
    flag, mode, p = _cross_core("cross_core_set_flag", flag_id, mode_id, pipe)
    active("cross_core_set_flag").insert(ir.CrossCoreSetFlagOp(flag, mode, p))


def cross_core_wait_flag(flag_id: Any, mode_id: Any, pipe: Any) -> None:
    """``AscendC::CrossCoreWaitFlag<mode, pipe>(flagId)``: ``pipe`` waits for a signal from another core."""
    flag, mode, p = _cross_core("cross_core_wait_flag", flag_id, mode_id, pipe)
    active("cross_core_wait_flag").insert(ir.CrossCoreWaitFlagOp(flag, mode, p))


def sync_all(gm_workspace: Any = None, ub_workspace: Any = None, used_cores: Any = 0, is_aiv_only: Any = True) -> None:
    """``AscendC::SyncAll()`` (the hardware barrier of all blocks) or, with workspaces,
    ``AscendC::SyncAll(gmWorkspace, ubWorkspace, usedCores)`` (the software one)."""
    builder = active("sync_all")
    if not isinstance(is_aiv_only, bool):
        raise ApiTypeError(f"sync_all: is_aiv_only must be True or False, got {describe(is_aiv_only)}")
    if gm_workspace is None and ub_workspace is None:
        builder.insert(ir.SyncAllOp(is_aiv_only))
        return
    gm, ub = _workspaces("sync_all", gm_workspace, ub_workspace, "the software form takes ")
    cores = integer_operand(builder, used_cores, int32, api="sync_all", param="used_cores")
    builder.insert(ir.SyncAllOp(is_aiv_only, gm, ub, cores))


def _workspaces(api: str, gm_workspace: Any, ub_workspace: Any, lead: str = "") -> tuple[Any, Any]:
    """The SSA values of an int32 GM workspace and an int32 UB workspace (inter-block sync state)."""
    if not isinstance(gm_workspace, GlobalTensor) or not isinstance(ub_workspace, LocalTensor):
        raise ApiTypeError(
            f"{api}: {lead or 'expected '}gm_workspace (a GlobalTensor) and ub_workspace (a LocalTensor), "
            f"got {describe(gm_workspace)} and {describe(ub_workspace)}"
        )
    for tensor, name in ((gm_workspace, "gm_workspace"), (ub_workspace, "ub_workspace")):
        if tensor.dtype != int32:
            raise ApiTypeError(f"{api}: {name} must be int32, got {tensor.dtype}")
    return gm_workspace.ssa, ub_workspace.ssa


def _inter_block_event(
    api: str, gm_workspace: Any, ub_workspace: Any, block_idx: Any, event_id: Any, is_aiv_only: Any
) -> None:
    builder = active(api)
    if not isinstance(is_aiv_only, bool):
        raise ApiTypeError(f"{api}: is_aiv_only must be True or False, got {describe(is_aiv_only)}")
    gm, ub = _workspaces(api, gm_workspace, ub_workspace)
    for value, name in ((block_idx, "block_idx"), (event_id, "event_id")):
        if isinstance(value, int) and not isinstance(value, bool) and value < 0:
            raise ApiValueError(f"{api}: {name} must not be negative, got {value}")
    block = integer_operand(builder, block_idx, int32, api=api, param="block_idx")
    event = integer_operand(builder, event_id, int32, api=api, param="event_id")
    op = (ir.IBSetOp if api == "ib_set" else ir.IBWaitOp)(gm, ub, block, event, is_aiv_only)
    builder.insert(op)


def ib_set(gm_workspace: Any, ub_workspace: Any, block_idx: Any, event_id: Any, is_aiv_only: Any = True) -> None:
    """``AscendC::IBSet(gmWorkspace, ubWorkspace, blockIdx, eventID)``: block ``block_idx`` marks event
    ``event_id`` done, for an ``ib_wait`` with the same block and event on another block."""
    _inter_block_event("ib_set", gm_workspace, ub_workspace, block_idx, event_id, is_aiv_only)


def ib_wait(gm_workspace: Any, ub_workspace: Any, block_idx: Any, event_id: Any, is_aiv_only: Any = True) -> None:
    """``AscendC::IBWait(gmWorkspace, ubWorkspace, blockIdx, eventID)``: waits until block ``block_idx``
    has set event ``event_id`` with ``ib_set``."""
    _inter_block_event("ib_wait", gm_workspace, ub_workspace, block_idx, event_id, is_aiv_only)


def notify_next_block(gm_workspace: Any, ub_workspace: Any) -> None:
    """``AscendC::NotifyNextBlock(gmWorkspace, ubWorkspace)``: lets the next block past its ``wait_pre_block``."""
    gm, ub = _workspaces("notify_next_block", gm_workspace, ub_workspace)
    active("notify_next_block").insert(ir.NotifyNextBlockOp(gm, ub))


def wait_pre_block(gm_workspace: Any, ub_workspace: Any) -> None:
    """``AscendC::WaitPreBlock(gmWorkspace, ubWorkspace)``: waits until the previous block has called
    ``notify_next_block``."""
    gm, ub = _workspaces("wait_pre_block", gm_workspace, ub_workspace)
    active("wait_pre_block").insert(ir.WaitPreBlockOp(gm, ub))


def data_sync_barrier(arg0: Any) -> None:
    """``AscendC::DataSyncBarrier<MemDsbT::M>()``: the scalar unit waits until its earlier accesses of
    GM and UB (``ALL``), GM (``DDR``), UB or SEQ have completed."""
    from ascx.dialects.ascendc import system_api_ops as sys_ir
    from ascx.language.basic.system_args import enum_member
    from ascx.language.core.system_enums import MemDsbT

    builder = active("data_sync_barrier")
    mem = enum_member(arg0, MemDsbT, "data_sync_barrier", "arg0")
    builder.insert(sys_ir.DataSyncBarrierOp(mem))
