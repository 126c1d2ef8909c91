"""Synchronisation between pipes, cores and blocks: ``set_flag``/``wait_flag``, ``pipe_barrier``,
``cross_core_set_flag``/``cross_core_wait_flag``, ``sync_all``, ``ib_set``/``ib_wait`` and
``notify_next_block``/``wait_pre_block`` (docs/sync-model.md#cross-core-and-inter-block-synchronisation)."""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.system_args import enum_member, enum_message
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.dtype import float16, int32
from ascx.language.core.enums import PipeID
from ascx.language.core.system_enums import MemDsbT
from ascx.language.core.tensor import GlobalTensor, LocalTensor
from ascx.language.fwk.tpipe import hard_event
from ascx.language.records import records

record = records(__name__, "basic/sync")

EVENT_IDS = range(8)
"""The event ids of dav-c220 (``EVENT_ID0`` ... ``EVENT_ID7``)."""
CROSS_CORE_FLAGS = range(16)
"""Cross-core flag ids (4 bits of the FFTS message)."""


def event_id_message(api: str, value: int) -> str:
    return f"{api}: event_id {value} is not an event id (0 to 7)"


def _event_id(builder: Any, value: object, api: str) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and value not in EVENT_IDS:
        raise ApiValueError(event_id_message(api, value))
    return integer_operand(builder, value, int32, api=api, param="event_id")


def event_rule(api: str) -> str:
    """The record's rule for the ``event`` and ``event_id`` of ``set_flag``/``wait_flag``."""
    # hard_event (fwk/tpipe.py) raises the first message; it is quoted here
    return (
        "Events are ``asc.HardEvent`` members, not ints (C++ numbers events per architecture): "
        f'"{api}: the event must be an asc.HardEvent, got the int 4"; a constant id is 0 to 7: '
        f'"{event_id_message(api, 9)}".'
    )


@record(
    forms=("asc.set_flag(event, event_id=0)",),
    cpp=("template <HardEvent event> void SetFlag(int32_t eventID);",),
    params=(("event", "an ``asc.HardEvent``: SRC_DST"), ("event_id", "0 to 7, compile-time or runtime")),
    rules=(event_rule("set_flag"),),
)
def set_flag(event: Any, event_id: Any = 0) -> None:
    """Fire event ``(event, event_id)`` once the source pipe's earlier work has completed."""
    builder = active("set_flag")
    builder.insert(ir.SetFlagOp(hard_event(event, "set_flag"), _event_id(builder, event_id, "set_flag")))


@record(
    forms=("asc.wait_flag(event, event_id=0)",),
    cpp=("template <HardEvent event> void WaitFlag(int32_t eventID);",),
    rules=(event_rule("wait_flag"),),
)
def wait_flag(event: Any, event_id: Any = 0) -> None:
    """Make the destination pipe wait until event ``(event, event_id)`` fires."""
    builder = active("wait_flag")
    builder.insert(ir.WaitFlagOp(hard_event(event, "wait_flag"), _event_id(builder, event_id, "wait_flag")))


def pipe_id_message(api: str, value: object) -> str:
    return f"{api}: the pipe must be an asc.PipeID, got {describe(value)}"


def pipe_id(value: object, api: str) -> ir.Pipe:
    """A ``PipeID`` argument (a C++ template argument)."""
    if not isinstance(value, PipeID):
        hint = f"write asc.PipeID.{PipeID(value).name}" if isinstance(value, int) and value in list(PipeID) else ""
        raise ApiTypeError(pipe_id_message(api, value), *((hint,) if hint else ()))
    return ir.Pipe[value.name]


SCALAR_BARRIER = "pipe_barrier: PIPE_S cannot be a barrier (a hardware error): the scalar pipe runs in order"


@record(
    forms=("asc.pipe_barrier(pipe)",),
    cpp=("template <pipe_t pipe> void PipeBarrier();",),
    rules=(f'"{SCALAR_BARRIER}"; the pipe is an ``asc.PipeID``: "{pipe_id_message("pipe_barrier", 1)}".',),
)
def pipe_barrier(pipe: Any) -> None:
    """Order the pipe's later work after its earlier work; ``PIPE_ALL`` drains every pipe."""
    builder = active("pipe_barrier")
    p = pipe_id(pipe, "pipe_barrier")
    if p is ir.Pipe.PIPE_S:
        raise ApiValueError(
            SCALAR_BARRIER,
            "to wait for another pipe from the scalar unit, use set_flag/wait_flag with an X_S event",
        )
    builder.insert(ir.PipeBarrierOp(p))


def mode_id_message(api: str, got: str) -> str:
    """The message for a ``mode_id`` that is not a constant int; ``got`` describes it (``describe``)."""
    return f"{api}: mode_id must be a compile-time int, got {got}"


def flag_id_message(api: str, flag_id: int) -> str:
    return f"{api}: flag_id {flag_id} is not a cross-core flag (0 to 15)"


def _cross_core(api: str, flag_id: Any, mode_id: Any, pipe: Any) -> tuple[Any, int, ir.Pipe]:
    builder = active(api)
    if not isinstance(mode_id, int) or isinstance(mode_id, bool):
        raise ApiTypeError(
            mode_id_message(api, describe(mode_id)),
            "annotate the kernel parameter as asc.ConstExpr[int]",
        )
    if mode_id not in (0, 1, 2):
        raise ApiValueError(
            f"{api}: mode_id must be 0 (all cores), 1 (the AIVs of a group) or 2 (AIC and AIVs of a group), "
            f"got {mode_id}"
        )
    if isinstance(flag_id, int) and not isinstance(flag_id, bool) and flag_id not in CROSS_CORE_FLAGS:
        raise ApiValueError(flag_id_message(api, flag_id))
    flag = integer_operand(builder, flag_id, int32, api=api, param="flag_id")
    return flag, mode_id, pipe_id(pipe, api)


@record(
    forms=("asc.cross_core_set_flag(flag_id, mode_id, pipe)",),
    cpp=("template <uint8_t modeId, pipe_t pipe> void CrossCoreSetFlag(uint16_t flagId);",),
    params=(
        ("flag_id", "0 to 15"),
        ("mode_id", "compile-time: 0 all cores, 1 the AIVs of a group, 2 AIC and AIVs of a group"),
    ),
    rules=(
        f'"{mode_id_message("cross_core_set_flag", "a runtime int32 value")}"; '
        f'"{flag_id_message("cross_core_wait_flag", 16)}".',
    ),
)
def cross_core_set_flag(flag_id: Any, mode_id: Any, pipe: Any) -> None:
    """Signal cross-core flag ``flag_id`` once ``pipe``'s earlier work is done."""
    flag, mode, p = _cross_core("cross_core_set_flag", flag_id, mode_id, pipe)
    active("cross_core_set_flag").insert(ir.CrossCoreSetFlagOp(flag, mode, p))


@record(
    forms=("asc.cross_core_wait_flag(flag_id, mode_id, pipe)",),
    cpp=("template <uint8_t modeId = 0, pipe_t pipe = PIPE_S> void CrossCoreWaitFlag(uint16_t flagId);",),
)
def cross_core_wait_flag(flag_id: Any, mode_id: Any, pipe: Any) -> None:
    """Make ``pipe`` wait for cross-core flag ``flag_id``."""
    flag, mode, p = _cross_core("cross_core_wait_flag", flag_id, mode_id, pipe)
    active("cross_core_wait_flag").insert(ir.CrossCoreWaitFlagOp(flag, mode, p))


def workspace_message(api: str, param: str, got: object) -> str:
    return f"{api}: {param} must be int32, got {got}"


@record(
    forms=(
        "asc.sync_all(is_aiv_only=True)",
        "asc.sync_all(gm_workspace, ub_workspace, used_cores=0, is_aiv_only=True)",
    ),
    cpp=(
        "template <bool isAIVOnly = true> void SyncAll();",
        "template <bool isAIVOnly = true> void SyncAll(const GlobalTensor<int32_t>& gmWorkspace, "
        "const LocalTensor<int32_t>& ubWorkspace, const int32_t usedCores = 0);",
    ),
    rules=(f'Workspaces are int32 tensors: "{workspace_message("sync_all", "gm_workspace", float16)}".',),
    notes=(
        "``is_aiv_only=False`` works (pyasc's binding rejects it).",
        "The hardware form makes a vector kernel ``MIX_AIV_1_0``, as CANN's SyncAll page requires; "
        "``kernel_type=KernelType.AIV_ONLY`` with it is an error (docs/rules/cross-core.md).",
    ),
)
def sync_all(gm_workspace: Any = None, ub_workspace: Any = None, used_cores: Any = 0, is_aiv_only: Any = True) -> None:
    """Wait until every block reaches this point: the hardware barrier, or with workspaces the software one."""
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
            raise ApiTypeError(workspace_message(api, name, tensor.dtype))
    return gm_workspace.ssa, ub_workspace.ssa


def negative_message(api: str, param: str, value: int) -> str:
    return f"{api}: {param} must not be negative, got {value}"


def _inter_block_event(
    api: str, gm_workspace: Any, ub_workspace: Any, block_idx: Any, event_id: Any, is_aiv_only: Any
) -> None:
    builder = active(api)
    if not isinstance(is_aiv_only, bool):
        raise ApiTypeError(f"{api}: is_aiv_only must be True or False, got {describe(is_aiv_only)}")
    gm, ub = _workspaces(api, gm_workspace, ub_workspace)
    for value, name in ((block_idx, "block_idx"), (event_id, "event_id")):
        if isinstance(value, int) and not isinstance(value, bool) and value < 0:
            raise ApiValueError(negative_message(api, name, value))
    block = integer_operand(builder, block_idx, int32, api=api, param="block_idx")
    event = integer_operand(builder, event_id, int32, api=api, param="event_id")
    op = (ir.IBSetOp if api == "ib_set" else ir.IBWaitOp)(gm, ub, block, event, is_aiv_only)
    builder.insert(op)


@record(
    forms=("asc.ib_set(gm_workspace, ub_workspace, block_idx, event_id, is_aiv_only=True)",),
    cpp=(
        "template <bool isAIVOnly = true> void IBSet(const GlobalTensor<int32_t>& gmWorkspace, "
        "const LocalTensor<int32_t>& ubWorkspace, int32_t blockIdx, int32_t eventID);",
    ),
    params=(
        ("gm_workspace", "an int32 ``GlobalTensor`` shared by the blocks"),
        ("ub_workspace", "an int32 ``LocalTensor`` (at least 32 bytes) of this block"),
        ("block_idx", "the setting block (usually ``asc.get_block_idx()``)"),
        ("event_id", "the event; a wait matches a set with the same block and event"),
    ),
    rules=(
        f'Workspaces are int32 tensors: "{workspace_message("wait_pre_block", "ub_workspace", float16)}"; constant '
        f'ids are not negative: "{negative_message("ib_set", "block_idx", -1)}".',
        "``ascx-verify-pipe-sync`` reports an ``ib_set`` that no ``ib_wait`` of the kernel can match, and the "
        "converse (XC-6).",
        "The kernel creates a TPipe: CANN's IBSet, IBWait, WaitPreBlock, NotifyNextBlock and the software "
        "SyncAll take their event ids from it; without one the call is an error (XC-9).",
    ),
    notes=("``is_aiv_only=False`` works (pyasc passes a keyword its binding does not know and fails).",),
)
def ib_set(gm_workspace: Any, ub_workspace: Any, block_idx: Any, event_id: Any, is_aiv_only: Any = True) -> None:
    """Mark event ``event_id`` of block ``block_idx`` done in the GM workspace, for an ``ib_wait`` on another
    block."""
    _inter_block_event("ib_set", gm_workspace, ub_workspace, block_idx, event_id, is_aiv_only)


@record(
    forms=("asc.ib_wait(gm_workspace, ub_workspace, block_idx, event_id, is_aiv_only=True)",),
    cpp=(
        "template <bool isAIVOnly = true> void IBWait(const GlobalTensor<int32_t>& gmWorkspace, "
        "const LocalTensor<int32_t>& ubWorkspace, int32_t blockIdx, int32_t eventID);",
    ),
    rules=(
        # ascx.analysis.cross_core.blocks (XC-6) reports the quoted message
        "``block_idx`` is the block being waited for, not this one. A wait that no ``ib_set`` matches is an "
        "error (XC-6): `` `asc.ib_wait(block=0, event=1)` has no matching `asc.ib_set` ``.",
    ),
)
def ib_wait(gm_workspace: Any, ub_workspace: Any, block_idx: Any, event_id: Any, is_aiv_only: Any = True) -> None:
    """Wait until block ``block_idx`` has set event ``event_id`` with ``ib_set``."""
    _inter_block_event("ib_wait", gm_workspace, ub_workspace, block_idx, event_id, is_aiv_only)


@record(
    forms=("asc.wait_pre_block(gm_workspace, ub_workspace)",),
    cpp=("void WaitPreBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace);",),
    rules=(
        # ascx.analysis.cross_core.blocks (XC-5) reports the quoted message
        "Every path calls ``wait_pre_block`` and ``notify_next_block`` equally often; otherwise the next block "
        "waits forever (XC-5): `` `asc.wait_pre_block()` has no matching `asc.notify_next_block()` in the "
        "previous block ``.",
    ),
)
def wait_pre_block(gm_workspace: Any, ub_workspace: Any) -> None:
    """Wait until the previous block has called ``notify_next_block`` (blocks run a section in block order)."""
    gm, ub = _workspaces("wait_pre_block", gm_workspace, ub_workspace)
    active("wait_pre_block").insert(ir.WaitPreBlockOp(gm, ub))


@record(
    forms=("asc.notify_next_block(gm_workspace, ub_workspace)",),
    cpp=("void NotifyNextBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace);",),
)
def notify_next_block(gm_workspace: Any, ub_workspace: Any) -> None:
    """Let the next block past its ``wait_pre_block``."""
    gm, ub = _workspaces("notify_next_block", gm_workspace, ub_workspace)
    active("notify_next_block").insert(ir.NotifyNextBlockOp(gm, ub))


@record(
    forms=("asc.data_sync_barrier(asc.MemDsbT.ALL)",),
    cpp=("template <MemDsbT arg0> void DataSyncBarrier();",),
    rules=(f'"{enum_message("data_sync_barrier", "arg0", MemDsbT, "the int 0")}".',),
    notes=("It orders the scalar unit's own accesses; pipes are ordered with flags and barriers.",),
    page="basic/system_control",
)
def data_sync_barrier(arg0: Any) -> None:
    """The scalar unit waits until its earlier memory accesses have completed: of GM and UB (``ALL``), GM
    (``DDR``), UB, or SEQ."""
    from ascx.dialects.ascendc import system_api_ops as sys_ir

    builder = active("data_sync_barrier")
    mem = enum_member(arg0, MemDsbT, "data_sync_barrier", "arg0")
    builder.insert(sys_ir.DataSyncBarrierOp(mem))


__all__ = [
    "cross_core_set_flag",
    "cross_core_wait_flag",
    "data_sync_barrier",
    "ib_set",
    "ib_wait",
    "notify_next_block",
    "pipe_barrier",
    "set_flag",
    "sync_all",
    "wait_flag",
    "wait_pre_block",
]
