"""Synchronisation ops: event flags between pipes, pipe barriers, cross-core flags, ``SyncAll``
across blocks, and the atomic mode of later GM writes (docs/sync-model.md#ordering-primitives).

Flags and barriers have no memory-effect traits on purpose: with unknown effects, generic passes
never move or delete them.
"""

from __future__ import annotations

from enum import auto

from xdsl.dialects.builtin import BoolAttr, IntegerAttr, i8, i32
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, SpacedOpaqueSyntaxAttribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_attr_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    traits_def,
)
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from ascx.dialects.ascendc.basic_enums import HardEvent, HardEventAttr
from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import Pipe, PipeAttr
from ascx.dialects.ascendc.tensor_ops import AnyInteger
from ascx.dialects.ascendc.traits import ExecutesOn, TakesPipeEventIds
from ascx.dialects.ascendc.types import ElementType, GlobalTensorType, LocalTensorType


@op_definition
class SetFlagOp(IRDLOperation):
    """``AscendC::SetFlag<AscendC::HardEvent::E>(id)``: issued into E's source pipe, it fires when the
    source pipe's earlier work has completed.

    Example: ``ascendc.set_flag mte2_v, %id : i32``
    """

    name = "ascendc.set_flag"
    event = prop_def(HardEventAttr)
    event_id = operand_def(AnyInteger)
    traits = traits_def(ExecutesOn())
    assembly_format = "$event `,` $event_id attr-dict `:` type($event_id)"

    def __init__(self, event: HardEvent, event_id: SSAValue):
        super().__init__(operands=[event_id], properties={"event": HardEventAttr(event)})

    def issued_pipe(self) -> Pipe:
        return self.event.data.src


@op_definition
class WaitFlagOp(IRDLOperation):
    """``AscendC::WaitFlag<AscendC::HardEvent::E>(id)``: E's destination pipe waits for the flag.

    Example: ``ascendc.wait_flag mte2_v, %id : i32``
    """

    name = "ascendc.wait_flag"
    event = prop_def(HardEventAttr)
    event_id = operand_def(AnyInteger)
    traits = traits_def(ExecutesOn())
    assembly_format = "$event `,` $event_id attr-dict `:` type($event_id)"

    def __init__(self, event: HardEvent, event_id: SSAValue):
        super().__init__(operands=[event_id], properties={"event": HardEventAttr(event)})

    def issued_pipe(self) -> Pipe:
        return self.event.data.dst


@op_definition
class PipeBarrierOp(IRDLOperation):
    """``AscendC::PipeBarrier<p>()``: later work of pipe ``p`` starts after its earlier work completed;
    ``pipe_all`` drains every pipe.  ``PIPE_S`` is forbidden (a hardware error).

    Example: ``ascendc.pipe_barrier pipe_v``
    """

    name = "ascendc.pipe_barrier"
    pipe = prop_def(PipeAttr)
    traits = traits_def(ExecutesOn())
    assembly_format = "$pipe attr-dict"

    def __init__(self, pipe: Pipe):
        super().__init__(properties={"pipe": PipeAttr(pipe)})

    def issued_pipe(self) -> Pipe:
        return self.pipe.data

    def verify_(self) -> None:
        if self.pipe.data is Pipe.PIPE_S:
            raise VerifyException("PipeBarrier<PIPE_S> is forbidden: the scalar pipe is in order")


class _CrossCoreFlag(IRDLOperation):
    flag_id = operand_def(AnyInteger)
    mode = prop_def(IntegerAttr.constr(i8))
    pipe = prop_def(PipeAttr)
    traits = traits_def(ExecutesOn())
    assembly_format = "$flag_id `mode` $mode `pipe` $pipe attr-dict `:` type($flag_id)"

    def __init__(self, flag_id: SSAValue, mode: int, pipe: Pipe):
        super().__init__(operands=[flag_id], properties={"mode": IntegerAttr(mode, i8), "pipe": PipeAttr(pipe)})

    def issued_pipe(self) -> Pipe:
        return self.pipe.data

    def verify_(self) -> None:
        if not 0 <= self.mode.value.data <= 2:
            raise VerifyException(f"cross-core mode {self.mode.value.data} is not 0, 1 or 2")


@op_definition
class CrossCoreSetFlagOp(_CrossCoreFlag):
    """``AscendC::CrossCoreSetFlag<mode, pipe>(flagId)``: signals a core of another kind or block.

    Example: ``ascendc.cross_core_set_flag %flag mode 2 pipe pipe_mte3 : i32``
    """

    name = "ascendc.cross_core_set_flag"


@op_definition
class CrossCoreWaitFlagOp(_CrossCoreFlag):
    """``AscendC::CrossCoreWaitFlag<mode, pipe>(flagId)``: waits for a cross-core signal.

    Example: ``ascendc.cross_core_wait_flag %flag mode 2 pipe pipe_fix : i32``
    """

    name = "ascendc.cross_core_wait_flag"


@op_definition
class SyncAllOp(IRDLOperation):
    """``AscendC::SyncAll<isAIVOnly>()`` (hardware) or ``SyncAll<isAIVOnly>(gmWorkspace, ubWorkspace,
    usedCores)`` (software): every block waits for all the others.

    Example: ``ascendc.sync_all aiv_only true``
    """

    name = "ascendc.sync_all"
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), TakesPipeEventIds("sync_all", "SyncAll"))
    gm_workspace = opt_operand_def(GlobalTensorType)
    ub_workspace = opt_operand_def(LocalTensorType)
    used_cores = opt_operand_def(AnyInteger)
    is_aiv_only = prop_def(BoolAttr)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    assembly_format = (
        "`aiv_only` $is_aiv_only (`workspaces` $gm_workspace^ `,` $ub_workspace `,` $used_cores "
        "`:` type($gm_workspace) `,` type($ub_workspace) `,` type($used_cores))? attr-dict"
    )

    def __init__(
        self,
        is_aiv_only: bool = True,
        gm_workspace: SSAValue | None = None,
        ub_workspace: SSAValue | None = None,
        used_cores: SSAValue | None = None,
    ):
        super().__init__(
            operands=[gm_workspace, ub_workspace, used_cores],
            properties={"is_aiv_only": BoolAttr.from_bool(is_aiv_only)},
        )

    def takes_pipe_event_ids(self) -> bool:
        """Only the software SyncAll (with workspaces) takes event ids from the TPipe."""
        return self.gm_workspace is not None

    def verify_(self) -> None:
        present = {self.gm_workspace is None, self.ub_workspace is None, self.used_cores is None}
        if len(present) != 1:
            raise VerifyException("the software SyncAll takes both workspaces and the core count")


def _int32_workspaces(op: IRDLOperation, gm: SSAValue, ub: SSAValue) -> None:
    for value, kind in ((gm, "GM"), (ub, "UB")):
        assert isinstance(value.type, GlobalTensorType | LocalTensorType)
        if value.type.element_type != i32:
            raise VerifyException(f"{op.name}: the {kind} workspace must hold int32, not {value.type.element_type}")


class _InterBlockEvent(IRDLOperation):
    gm_workspace = operand_def(GlobalTensorType)
    ub_workspace = operand_def(LocalTensorType)
    block_idx = operand_def(AnyInteger)
    event_id = operand_def(AnyInteger)
    is_aiv_only = prop_def(BoolAttr)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = (
        "$gm_workspace `,` $ub_workspace `block` $block_idx `event` $event_id `aiv_only` $is_aiv_only attr-dict "
        "`:` type($gm_workspace) `,` type($ub_workspace) `,` type($block_idx) `,` type($event_id)"
    )

    def __init__(
        self, gm_workspace: SSAValue, ub_workspace: SSAValue, block_idx: SSAValue, event_id: SSAValue, is_aiv_only: bool
    ):
        super().__init__(
            operands=[gm_workspace, ub_workspace, block_idx, event_id],
            properties={"is_aiv_only": BoolAttr.from_bool(is_aiv_only)},
        )

    def verify_(self) -> None:
        _int32_workspaces(self, self.gm_workspace, self.ub_workspace)


@op_definition
class IBSetOp(_InterBlockEvent):
    """``AscendC::IBSet<isAIVOnly>(gmWorkspace, ubWorkspace, blockIdx, eventID)``: block ``blockIdx``
    marks event ``eventID`` done in the GM workspace, for an ``IBWait`` on another block.

    Example: ``ascendc.ib_set %gm, %ub block %b event %e aiv_only true : ...``
    """

    name = "ascendc.ib_set"
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), TakesPipeEventIds("ib_set", "IBSet"))


@op_definition
class IBWaitOp(_InterBlockEvent):
    """``AscendC::IBWait<isAIVOnly>(gmWorkspace, ubWorkspace, blockIdx, eventID)``: waits until block
    ``blockIdx`` has set event ``eventID``.

    Example: ``ascendc.ib_wait %gm, %ub block %b event %e aiv_only true : ...``
    """

    name = "ascendc.ib_wait"
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), TakesPipeEventIds("ib_wait", "IBWait"))


class _BlockChain(IRDLOperation):
    gm_workspace = operand_def(GlobalTensorType)
    ub_workspace = operand_def(LocalTensorType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "$gm_workspace `,` $ub_workspace attr-dict `:` type($gm_workspace) `,` type($ub_workspace)"

    def __init__(self, gm_workspace: SSAValue, ub_workspace: SSAValue):
        super().__init__(operands=[gm_workspace, ub_workspace])

    def verify_(self) -> None:
        _int32_workspaces(self, self.gm_workspace, self.ub_workspace)


@op_definition
class NotifyNextBlockOp(_BlockChain):
    """``AscendC::NotifyNextBlock(gmWorkspace, ubWorkspace)``: lets the next block past its
    ``WaitPreBlock`` (blocks run a section one after another, in block order).

    Example: ``ascendc.notify_next_block %gm, %ub : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>``
    """

    name = "ascendc.notify_next_block"
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), TakesPipeEventIds("notify_next_block", "NotifyNextBlock"))


@op_definition
class WaitPreBlockOp(_BlockChain):
    """``AscendC::WaitPreBlock(gmWorkspace, ubWorkspace)``: waits until the previous block has called
    ``NotifyNextBlock``.

    Example: ``ascendc.wait_pre_block %gm, %ub : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>``
    """

    name = "ascendc.wait_pre_block"
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), TakesPipeEventIds("wait_pre_block", "WaitPreBlock"))


class AtomicKind(StrEnum):
    """What ``ascendc.set_atomic`` selects for later GM writes of the MTE3/FIX pipes."""

    ADD = auto()
    MAX = auto()
    MIN = auto()
    TYPE = auto()
    NONE = auto()

    @property
    def cpp(self) -> str:
        return f"SetAtomic{str(self).capitalize()}"


@irdl_attr_definition
class AtomicKindAttr(EnumAttribute[AtomicKind], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.atomic_kind"


@op_definition
class SetAtomicOp(IRDLOperation):
    """``AscendC::SetAtomicAdd<T>()``, ``SetAtomicMax<T>()``, ``SetAtomicMin<T>()``, ``SetAtomicType<T>()``,
    ``SetAtomicNone()``: how later copies to GM combine with the data already there.

    Example: ``ascendc.set_atomic add : f32``
    """

    name = "ascendc.set_atomic"
    kind = prop_def(AtomicKindAttr)
    element_type = opt_prop_def(ElementType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "$kind (`:` $element_type^)? attr-dict"

    def __init__(self, kind: AtomicKind, element_type: Attribute | None = None):
        properties: dict[str, Attribute] = {"kind": AtomicKindAttr(kind)}
        if element_type is not None:
            properties["element_type"] = element_type
        super().__init__(properties=properties)

    def verify_(self) -> None:
        if (self.kind.data is AtomicKind.NONE) != (self.element_type is None):
            raise VerifyException(
                "SetAtomicNone takes no element type"
                if self.element_type
                else f"{self.kind.data.cpp} needs an element type"
            )


__all__ = [
    "AtomicKind",
    "AtomicKindAttr",
    "CrossCoreSetFlagOp",
    "CrossCoreWaitFlagOp",
    "IBSetOp",
    "IBWaitOp",
    "NotifyNextBlockOp",
    "PipeBarrierOp",
    "SetAtomicOp",
    "SetFlagOp",
    "SyncAllOp",
    "WaitFlagOp",
    "WaitPreBlockOp",
]
