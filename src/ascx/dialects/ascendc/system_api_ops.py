"""The system APIs of the basic API: cache maintenance (``DataCacheCleanAndInvalid``,
``DataCachePreload``, ``ICachePreLoad``), the system counters (``GetSystemCycle``,
``GetProgramCounter``), ``GetArchVersion``, ``Trap``, ``DataSyncBarrier``, the store atomic
configuration, profiling and checkpoint dumps, ``InitSocState``, ``CheckLocalMemoryIA`` and the
HCCL context and system workspace addresses.

Every op runs on the scalar pipe.  Ops that only change core state or give hints have no memory
effect traits on purpose: with unknown effects, generic passes never move or delete them.
"""

from __future__ import annotations

from enum import auto

from xdsl.dialects.builtin import IntegerAttr, IntegerType, Signedness, i32
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, SpacedOpaqueSyntaxAttribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from ascx.dialects.ascendc.basic_types import ParamsKind, ParamsType
from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enum_attr import IrEnumAttribute
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.int_constraints import SIGNLESS_I64
from ascx.dialects.ascendc.system_ops import DebugOutput
from ascx.dialects.ascendc.tensor_ops import AnyInteger
from ascx.dialects.ascendc.traits import CleansDataCache, ExecutesOn, TensorAccess
from ascx.dialects.ascendc.types import GlobalTensorType, GMAddrType, TensorType
from ascx.enums import (
    AtomicDtype as AtomicDtype,
    AtomicOp as AtomicOp,
    CacheLine as CacheLine,
    DcciDst as DcciDst,
    MemDsbT as MemDsbT,
)

UI8 = IntegerType(8, Signedness.UNSIGNED)
UI16 = IntegerType(16, Signedness.UNSIGNED)
UI32 = IntegerType(32, Signedness.UNSIGNED)
UI64 = IntegerType(64, Signedness.UNSIGNED)


class SystemCounter(StrEnum):
    """Counters the scalar unit reads; two reads give different values, so the op is not pure."""

    SYSTEM_CYCLE = auto()
    PROGRAM_COUNTER = auto()
    ICACHE_PRELOAD_STATUS = auto()

    @property
    def cpp(self) -> str:
        return {
            SystemCounter.SYSTEM_CYCLE: "GetSystemCycle",
            SystemCounter.PROGRAM_COUNTER: "GetProgramCounter",
            SystemCounter.ICACHE_PRELOAD_STATUS: "GetICachePreloadStatus",
        }[self]


class CoreControl(StrEnum):
    """Calls without operands that change (or report) the core's state."""

    TRAP = auto()
    METRICS_PROF_START = auto()
    METRICS_PROF_STOP = auto()
    INIT_SOC_STATE = auto()

    @property
    def cpp(self) -> str:
        return "".join(part.capitalize() for part in str(self).split("_"))


@irdl_attr_definition
class CacheLineAttr(IrEnumAttribute[CacheLine], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.cache_line"


@irdl_attr_definition
class DcciDstAttr(IrEnumAttribute[DcciDst], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.dcci_dst"


@irdl_attr_definition
class MemDsbTAttr(IrEnumAttribute[MemDsbT], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.mem_dsb"


@irdl_attr_definition
class AtomicDtypeAttr(IrEnumAttribute[AtomicDtype], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.atomic_dtype"


@irdl_attr_definition
class AtomicOpAttr(IrEnumAttribute[AtomicOp], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.atomic_op"


@irdl_attr_definition
class SystemCounterAttr(EnumAttribute[SystemCounter], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.system_counter"


@irdl_attr_definition
class CoreControlAttr(EnumAttribute[CoreControl], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.core_control"


@op_definition
class DataCacheCleanAndInvalidOp(IRDLOperation):
    """``AscendC::DataCacheCleanAndInvalid<T, CacheLine::E[, DcciDst::D]>(dst)``: writes the data cache's
    dirty lines of ``dst`` back and invalidates them, so scalar reads and writes of ``dst`` meet what the
    DMA pipes see.  The scalar pipe reads and writes ``dst``.

    Example::

        ascendc.data_cache_clean_and_invalid %g single_cache_line to cacheline_out : !ascendc.global_tensor<f16>
    """

    name = "ascendc.data_cache_clean_and_invalid"
    dst = operand_def(TensorType)
    entire_type = prop_def(CacheLineAttr)
    dcci_dst = opt_prop_def(DcciDstAttr)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), TensorAccess(reads=("dst",), writes=("dst",)), CleansDataCache("dst"))
    assembly_format = "$dst $entire_type (`to` $dcci_dst^)? attr-dict `:` type($dst)"

    def __init__(self, dst: SSAValue, entire_type: CacheLine, dcci_dst: DcciDst | None = None):
        properties: dict[str, Attribute] = {"entire_type": CacheLineAttr(entire_type)}
        if dcci_dst is not None:
            properties["dcci_dst"] = DcciDstAttr(dcci_dst)
        super().__init__(operands=[dst], properties=properties)

    def verify_(self) -> None:
        if not isinstance(self.dst.type, GlobalTensorType) and self.dcci_dst is None:
            raise VerifyException("DataCacheCleanAndInvalid of a LocalTensor needs a DcciDst")


@op_definition
class DataCachePreloadOp(IRDLOperation):
    """``AscendC::DataCachePreload(src, cacheOffset)``: loads the cache line ``cacheOffset`` bytes into
    ``src`` into the data cache (a hint: no data changes).

    Example: ``ascendc.data_cache_preload %g, %off : !ascendc.global_tensor<ui64>, i64``
    """

    name = "ascendc.data_cache_preload"
    src = operand_def(GlobalTensorType)
    cache_offset = operand_def(AnyInteger)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "$src `,` $cache_offset attr-dict `:` type($src) `,` type($cache_offset)"

    def __init__(self, src: SSAValue, cache_offset: SSAValue):
        super().__init__(operands=[src, cache_offset])

    def verify_(self) -> None:
        assert isinstance(self.src.type, GlobalTensorType)
        if self.src.type.element_type != UI64:
            raise VerifyException(f"DataCachePreload reads a GlobalTensor<uint64_t>, got {self.src.type}")


@op_definition
class ICachePreloadOp(IRDLOperation):
    """``AscendC::ICachePreLoad(preFetchLen)``: preloads ``preFetchLen`` 2 KiB units of instructions.

    Example: ``ascendc.icache_preload %n : i64``
    """

    name = "ascendc.icache_preload"
    pre_fetch_len = operand_def(AnyInteger)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "$pre_fetch_len attr-dict `:` type($pre_fetch_len)"

    def __init__(self, pre_fetch_len: SSAValue):
        super().__init__(operands=[pre_fetch_len])


@op_definition
class SystemCounterOp(IRDLOperation):
    """``AscendC::GetSystemCycle()``, ``GetProgramCounter()``, ``GetICachePreloadStatus()``: an ``int64_t``
    the scalar unit reads at that point of the program.

    Example: ``%c = ascendc.system_counter system_cycle``
    """

    name = "ascendc.system_counter"
    counter = prop_def(SystemCounterAttr)
    result = result_def(SIGNLESS_I64)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "$counter attr-dict"

    def __init__(self, counter: SystemCounter):
        super().__init__(properties={"counter": SystemCounterAttr(counter)}, result_types=[IntegerType(64)])


@op_definition
class GetArchVersionOp(IRDLOperation):
    """``uint32_t v = coreVersion; AscendC::GetArchVersion(v);``: the result is the architecture version
    the call wrote into the variable initialised with ``core_version``.

    Example: ``%v = ascendc.get_arch_version %n : i32``
    """

    name = "ascendc.get_arch_version"
    core_version = operand_def(AnyInteger)
    result = result_def(UI32)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "$core_version attr-dict `:` type($core_version)"

    def __init__(self, core_version: SSAValue):
        super().__init__(operands=[core_version], result_types=[UI32])


@op_definition
class CoreControlOp(IRDLOperation):
    """``AscendC::Trap()``, ``MetricsProfStart()``, ``MetricsProfStop()``, ``InitSocState()``.

    Example: ``ascendc.core_control init_soc_state``
    """

    name = "ascendc.core_control"
    control = prop_def(CoreControlAttr)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "$control attr-dict"

    def __init__(self, control: CoreControl):
        super().__init__(properties={"control": CoreControlAttr(control)})


@op_definition
class DataSyncBarrierOp(IRDLOperation):
    """``AscendC::DataSyncBarrier<AscendC::MemDsbT::M>()``: the scalar unit waits until its earlier
    memory accesses (of GM, UB or both) have completed.

    Example: ``ascendc.data_sync_barrier all``
    """

    name = "ascendc.data_sync_barrier"
    mem = prop_def(MemDsbTAttr)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "$mem attr-dict"

    def __init__(self, mem: MemDsbT):
        super().__init__(properties={"mem": MemDsbTAttr(mem)})


@op_definition
class SetStoreAtomicConfigOp(IRDLOperation):
    """``AscendC::SetStoreAtomicConfig<AscendC::AtomicDtype::T, AscendC::AtomicOp::O>()``: the atomic
    mode of later copies to GM (``ATOMIC_NONE``: none).

    Example: ``ascendc.set_store_atomic_config atomic_f32 atomic_sum``
    """

    name = "ascendc.set_store_atomic_config"
    atomic_type = prop_def(AtomicDtypeAttr)
    atomic_op = prop_def(AtomicOpAttr)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "$atomic_type $atomic_op attr-dict"

    def __init__(self, atomic_type: AtomicDtype, atomic_op: AtomicOp):
        super().__init__(properties={"atomic_type": AtomicDtypeAttr(atomic_type), "atomic_op": AtomicOpAttr(atomic_op)})


@op_definition
class GetStoreAtomicConfigOp(IRDLOperation):
    """``uint16_t t; uint16_t o; AscendC::GetStoreAtomicConfig(t, o);``: the store atomic's type and
    operation (the numbers of ``AtomicDtype`` and ``AtomicOp``).

    Example: ``%t, %o = ascendc.get_store_atomic_config``
    """

    name = "ascendc.get_store_atomic_config"
    atomic_type = result_def(UI16)
    atomic_op = result_def(UI16)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "attr-dict"

    def __init__(self) -> None:
        super().__init__(result_types=[UI16, UI16])


@op_definition
class PrintTimeStampOp(IRDLOperation):
    """``AscendC::PrintTimeStamp(descId)``: records a time stamp labelled ``descId`` (only in builds with
    ``ASCENDC_TIME_STAMP_ON``).

    Example: ``ascendc.print_time_stamp %id : ui32``
    """

    name = "ascendc.print_time_stamp"
    desc_id = operand_def(AnyInteger)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "$desc_id attr-dict `:` type($desc_id)"

    def __init__(self, desc_id: SSAValue):
        super().__init__(operands=[desc_id])


@op_definition
class DumpAccChkPointOp(IRDLOperation):
    """``AscendC::DumpAccChkPoint(tensor, index, countOff, dumpSize)``: dumps ``dumpSize`` elements of
    ``tensor`` from element ``countOff``, labelled ``index``.

    Example: ``ascendc.dump_acc_chk_point %t, %i, %off, %n : !ascendc.local_tensor<f16>, ui32, ui32, ui32``
    """

    name = "ascendc.dump_acc_chk_point"
    tensor = operand_def(TensorType)
    index = operand_def(AnyInteger)
    count_off = operand_def(AnyInteger)
    dump_size = operand_def(AnyInteger)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), TensorAccess(reads=("tensor",)), DebugOutput())
    assembly_format = (
        "$tensor `,` $index `,` $count_off `,` $dump_size attr-dict "
        "`:` type($tensor) `,` type($index) `,` type($count_off) `,` type($dump_size)"
    )

    def __init__(self, tensor: SSAValue, index: SSAValue, count_off: SSAValue, dump_size: SSAValue):
        super().__init__(operands=[tensor, index, count_off, dump_size])


@op_definition
class CheckLocalMemoryIAOp(IRDLOperation):
    """``AscendC::CheckLocalMemoryIA(checkParams)``: arms (or, with ``isEnable`` false, disarms) an
    exception register that traps the UB accesses it selects in a range of 32-byte units.

    Example: ``ascendc.check_local_memory_ia %p : !ascendc.params<check_local_memory_ia>``
    """

    name = "ascendc.check_local_memory_ia"
    params = operand_def(ParamsType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "$params attr-dict `:` type($params)"

    def __init__(self, params: SSAValue):
        super().__init__(operands=[params])

    def verify_(self) -> None:
        assert isinstance(self.params.type, ParamsType)
        if self.params.type.params_kind is not ParamsKind.CHECK_LOCAL_MEMORY_IA:
            raise VerifyException(f"CheckLocalMemoryIA takes a CheckLocalMemoryIAParam, got {self.params.type}")


def _index(value: int) -> IntegerAttr[IntegerType]:
    return IntegerAttr(value, i32)


@op_definition
class SetHcclContextOp(IRDLOperation):
    """``AscendC::SetHcclContext<index>(context)``: stores communication context ``index`` (0 or 1).

    Example: ``ascendc.set_hccl_context 1, %ctx : !ascendc.gm_addr<ui8>``
    """

    name = "ascendc.set_hccl_context"
    index = prop_def(IntegerAttr[IntegerType])
    context = operand_def(GMAddrType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "$index `,` $context attr-dict `:` type($context)"

    def __init__(self, index: int, context: SSAValue):
        super().__init__(operands=[context], properties={"index": _index(index)})


@op_definition
class GetHcclContextOp(IRDLOperation):
    """``__gm__ uint8_t* c = AscendC::GetHcclContext<index>();``: communication context ``index``.

    Example: ``%c = ascendc.get_hccl_context 0 : !ascendc.gm_addr<ui8>``
    """

    name = "ascendc.get_hccl_context"
    index = prop_def(IntegerAttr[IntegerType])
    result = result_def(GMAddrType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "$index attr-dict `:` type($result)"

    def __init__(self, index: int):
        super().__init__(properties={"index": _index(index)}, result_types=[GMAddrType(UI8)])


@op_definition
class SetSysWorkspaceOp(IRDLOperation):
    """``AscendC::SetSysWorkspace(workspace)``: the system workspace library APIs use (kept when one is
    already set).

    Example: ``ascendc.set_sys_workspace %w : !ascendc.gm_addr<ui8>``
    """

    name = "ascendc.set_sys_workspace"
    workspace = operand_def(GMAddrType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "$workspace attr-dict `:` type($workspace)"

    def __init__(self, workspace: SSAValue):
        super().__init__(operands=[workspace])


@op_definition
class GetSysWorkspaceOp(IRDLOperation):
    """``__gm__ uint8_t* w = GetSysWorkSpacePtr();``: the system workspace (CANN declares it outside the
    ``AscendC`` namespace).

    Example: ``%w = ascendc.get_sys_workspace : !ascendc.gm_addr<ui8>``
    """

    name = "ascendc.get_sys_workspace"
    result = result_def(GMAddrType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "attr-dict `:` type($result)"

    def __init__(self) -> None:
        super().__init__(result_types=[GMAddrType(UI8)])


SYSTEM_API_OPS = (
    DataCacheCleanAndInvalidOp,
    DataCachePreloadOp,
    ICachePreloadOp,
    SystemCounterOp,
    GetArchVersionOp,
    CoreControlOp,
    DataSyncBarrierOp,
    SetStoreAtomicConfigOp,
    GetStoreAtomicConfigOp,
    PrintTimeStampOp,
    DumpAccChkPointOp,
    CheckLocalMemoryIAOp,
    SetHcclContextOp,
    GetHcclContextOp,
    SetSysWorkspaceOp,
    GetSysWorkspaceOp,
)
SYSTEM_API_ATTRS = (
    CacheLineAttr,
    DcciDstAttr,
    MemDsbTAttr,
    AtomicDtypeAttr,
    AtomicOpAttr,
    SystemCounterAttr,
    CoreControlAttr,
)
