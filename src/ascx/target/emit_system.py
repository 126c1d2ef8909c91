"""Printers of the system APIs: cache maintenance, the system counters, ``GetArchVersion``, ``Trap``,
``DataSyncBarrier``, the store atomic configuration, profiling and checkpoint dumps,
``InitSocState``, ``CheckLocalMemoryIA``, the HCCL context and the system workspace."""

from __future__ import annotations

from xdsl.ir import SSAValue

from ascx.dialects.ascendc import system_api_ops as sys_ir
from ascx.dialects.ascendc.types import GMAddrType, tensor_element_type
from ascx.enums import IrEnum
from ascx.target.printer import AscendCPrinter, cpp_type, emits, scalar_type


def _enum(member: IrEnum) -> str:
    return f"AscendC::{type(member).__name__}::{member.name}"


@emits(sys_ir.DataCacheCleanAndInvalidOp)
def _dcci(p: AscendCPrinter, op: sys_ir.DataCacheCleanAndInvalidOp) -> None:
    template = [scalar_type(tensor_element_type(op.dst.type)), _enum(op.entire_type.data)]
    if op.dcci_dst is not None:
        template.append(_enum(op.dcci_dst.data))
    p.line(f"AscendC::DataCacheCleanAndInvalid<{', '.join(template)}>({p.expr(op.dst)});")


@emits(sys_ir.DataCachePreloadOp)
def _data_cache_preload(p: AscendCPrinter, op: sys_ir.DataCachePreloadOp) -> None:
    p.line(f"AscendC::DataCachePreload<int64_t>({p.expr(op.src)}, {p.expr(op.cache_offset)});")


@emits(sys_ir.ICachePreloadOp)
def _icache_preload(p: AscendCPrinter, op: sys_ir.ICachePreloadOp) -> None:
    p.line(f"AscendC::ICachePreLoad({p.expr(op.pre_fetch_len)});")


@emits(sys_ir.SystemCounterOp)
def _system_counter(p: AscendCPrinter, op: sys_ir.SystemCounterOp) -> None:
    p.line(f"int64_t {p.names.get(op.result)} = AscendC::{op.counter.data.cpp}();")


@emits(sys_ir.GetArchVersionOp)
def _get_arch_version(p: AscendCPrinter, op: sys_ir.GetArchVersionOp) -> None:
    name = p.names.get(op.result)
    p.line(f"uint32_t {name} = {p.expr(op.core_version)};")
    p.line(f"AscendC::GetArchVersion({name});")


@emits(sys_ir.CoreControlOp)
def _core_control(p: AscendCPrinter, op: sys_ir.CoreControlOp) -> None:
    p.line(f"AscendC::{op.control.data.cpp}();")


@emits(sys_ir.DataSyncBarrierOp)
def _data_sync_barrier(p: AscendCPrinter, op: sys_ir.DataSyncBarrierOp) -> None:
    p.line(f"AscendC::DataSyncBarrier<{_enum(op.mem.data)}>();")


@emits(sys_ir.SetStoreAtomicConfigOp)
def _set_store_atomic_config(p: AscendCPrinter, op: sys_ir.SetStoreAtomicConfigOp) -> None:
    kind = _enum(op.atomic_type.data)
    operation = _enum(op.atomic_op.data)
    p.line(f"AscendC::SetStoreAtomicConfig<{kind}, {operation}>();")


@emits(sys_ir.GetStoreAtomicConfigOp)
def _get_store_atomic_config(p: AscendCPrinter, op: sys_ir.GetStoreAtomicConfigOp) -> None:
    kind, operation = p.names.get(op.atomic_type), p.names.get(op.atomic_op)
    p.line(f"uint16_t {kind};")
    p.line(f"uint16_t {operation};")
    p.line(f"AscendC::GetStoreAtomicConfig({kind}, {operation});")


@emits(sys_ir.PrintTimeStampOp)
def _print_time_stamp(p: AscendCPrinter, op: sys_ir.PrintTimeStampOp) -> None:
    p.line(f"AscendC::PrintTimeStamp({p.expr(op.desc_id)});")


@emits(sys_ir.DumpAccChkPointOp)
def _dump_acc_chk_point(p: AscendCPrinter, op: sys_ir.DumpAccChkPointOp) -> None:
    args = ", ".join(p.expr(v) for v in (op.tensor, op.index, op.count_off, op.dump_size))
    p.line(f"AscendC::DumpAccChkPoint({args});")


@emits(sys_ir.CheckLocalMemoryIAOp)
def _check_local_memory_ia(p: AscendCPrinter, op: sys_ir.CheckLocalMemoryIAOp) -> None:
    p.line(f"AscendC::CheckLocalMemoryIA({p.expr(op.params)});")


def _byte_address(p: AscendCPrinter, value: SSAValue) -> str:
    """A GM address as the ``__gm__ uint8_t*`` the context and workspace APIs take."""
    if value.type == GMAddrType(sys_ir.UI8):
        return p.expr(value)
    return f"reinterpret_cast<__gm__ uint8_t*>({p.expr(value)})"


@emits(sys_ir.SetHcclContextOp)
def _set_hccl_context(p: AscendCPrinter, op: sys_ir.SetHcclContextOp) -> None:
    p.line(f"AscendC::SetHcclContext<{op.index.value.data}>({_byte_address(p, op.context)});")


@emits(sys_ir.GetHcclContextOp)
def _get_hccl_context(p: AscendCPrinter, op: sys_ir.GetHcclContextOp) -> None:
    p.line(f"{cpp_type(op.result.type)} {p.names.get(op.result)} = AscendC::GetHcclContext<{op.index.value.data}>();")


@emits(sys_ir.SetSysWorkspaceOp)
def _set_sys_workspace(p: AscendCPrinter, op: sys_ir.SetSysWorkspaceOp) -> None:
    p.line(f"AscendC::SetSysWorkspace({_byte_address(p, op.workspace)});")


@emits(sys_ir.GetSysWorkspaceOp)
def _get_sys_workspace(p: AscendCPrinter, op: sys_ir.GetSysWorkspaceOp) -> None:
    p.line(f"{cpp_type(op.result.type)} {p.names.get(op.result)} = GetSysWorkSpacePtr();")
