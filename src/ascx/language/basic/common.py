"""Core state and addresses (pyasc's ``asc.language.basic.common``, the parts that are not vector
masks, cube settings or AIPP): ``data_cache_preload``, the store atomic configuration,
``init_soc_state``, ``check_local_memory_ia``, the HCCL contexts and the system workspace."""

from __future__ import annotations

from typing import Any

from ascx.dialects.ascendc import system_api_ops as sys_ir
from ascx.language.basic.system_args import compile_time_int, enum_member
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.dtype import int64, uint8, uint16, uint64
from ascx.language.core.system_enums import AtomicDtype, AtomicOp
from ascx.language.core.system_params import CheckLocalMemoryIAParam
from ascx.language.core.tensor import GlobalTensor
from ascx.language.core.values import GlobalAddress, RuntimeScalar

HCCL_CONTEXTS = (0, 1)
"""CANN keeps two HCCL context addresses per core (``g_hcclContextReserved[2]``)."""


def data_cache_preload(src: Any, cache_offset: Any) -> None:
    """``AscendC::DataCachePreload<int64_t>(src, cacheOffset)``: loads the cache line ``cache_offset``
    bytes into ``src`` into the data cache (a hint; at most four in a row, or the scalar pipe stalls)."""
    api = "data_cache_preload"
    builder = active(api)
    if not isinstance(src, GlobalTensor):
        raise ApiTypeError(f"{api}: src must be a GlobalTensor, got {describe(src)}")
    if src.dtype != uint64:
        raise ApiTypeError(
            f"{api}: src must be a GlobalTensor of uint64, got {src.dtype} (CANN: const GlobalTensor<uint64_t>& src)",
            "view the buffer as uint64 with g.set_global_buffer(address) on a uint64 address, or reinterpret_cast",
        )
    offset = integer_operand(builder, cache_offset, int64, api=api, param="cache_offset")
    builder.insert(sys_ir.DataCachePreloadOp(src.ssa, offset))


def set_store_atomic_config(atomic_type: Any, atomic_op: Any) -> None:
    """``AscendC::SetStoreAtomicConfig<type, op>()``: later copies to GM add to the data there in
    ``atomic_type`` (``ATOMIC_NONE``: they overwrite again)."""
    api = "set_store_atomic_config"
    builder = active(api)
    kind = enum_member(atomic_type, AtomicDtype, api, "atomic_type")
    operation = enum_member(atomic_op, AtomicOp, api, "atomic_op")
    builder.insert(sys_ir.SetStoreAtomicConfigOp(kind, operation))


def get_store_atomic_config() -> tuple[RuntimeScalar, RuntimeScalar]:
    """``AscendC::GetStoreAtomicConfig(atomicType, atomicOp)``: the store atomic's type and operation, as
    the numbers of ``asc.AtomicDtype`` and ``asc.AtomicOp`` (``uint16``)."""
    api = "get_store_atomic_config"
    op = active(api).insert(sys_ir.GetStoreAtomicConfigOp())
    kind = RuntimeScalar(op.atomic_type, uint16, origin="the store atomic type (get_store_atomic_config())")
    operation = RuntimeScalar(op.atomic_op, uint16, origin="the store atomic operation (get_store_atomic_config())")
    kind.provisional_name("atomic_type")
    operation.provisional_name("atomic_op")
    return kind, operation


def init_soc_state() -> None:
    """``AscendC::InitSocState()``: resets the core's state: no atomic mode, mask mode normal, the vector
    mask full (on a cube core, the load padding value and boundary)."""
    active("init_soc_state").insert(sys_ir.CoreControlOp(sys_ir.CoreControl.INIT_SOC_STATE))


def check_local_memory_ia(check_params: Any) -> None:
    """``AscendC::CheckLocalMemoryIA(checkParams)``: arms exception register ``enable_bit`` to trap the
    selected kinds of UB access in the 32-byte units ``(start_addr, end_addr]``; a call with
    ``is_enable=False`` disarms it."""
    api = "check_local_memory_ia"
    builder = active(api)
    if not isinstance(check_params, CheckLocalMemoryIAParam):
        raise ApiTypeError(f"{api}: check_params must be an asc.CheckLocalMemoryIAParam, got {describe(check_params)}")
    builder.insert(sys_ir.CheckLocalMemoryIAOp(check_params.ssa))


def _hccl_index(index: Any, api: str) -> int:
    value = compile_time_int(index, api, "index", "it is a template argument")
    if value not in HCCL_CONTEXTS:
        raise ApiValueError(f"{api}: index must be 0 or 1 (a core keeps two HCCL contexts), got {value}")
    return value


def _address(value: Any, api: str, param: str) -> GlobalAddress:
    if not isinstance(value, GlobalAddress):
        raise ApiTypeError(
            f"{api}: {param} must be a global address (a pointer parameter of the kernel), got {describe(value)}"
        )
    return value


def set_hccl_context(index: Any, context: Any) -> None:
    """``AscendC::SetHcclContext<index>(context)``: stores the address of HCCL communication context
    ``index`` (0 or 1) for the collective-communication library."""
    api = "set_hccl_context"
    builder = active(api)
    slot = _hccl_index(index, api)
    builder.insert(sys_ir.SetHcclContextOp(slot, _address(context, api, "context").ssa))


def get_hccl_context(index: Any) -> GlobalAddress:
    """``AscendC::GetHcclContext<index>()``: the address ``set_hccl_context`` stored (a ``uint8``
    address)."""
    api = "get_hccl_context"
    builder = active(api)
    op = builder.insert(sys_ir.GetHcclContextOp(_hccl_index(index, api)))
    address = GlobalAddress(op.result, uint8, origin="an HCCL context address (get_hccl_context())")
    address.provisional_name("hccl_context")
    return address


def set_sys_workspace(workspace: Any) -> None:
    """``AscendC::SetSysWorkspace(workspace)``: the system workspace of library APIs (kept when one is
    already set).  CANN marks it deprecated: kernels launched by the runtime get their workspace from
    it."""
    api = "set_sys_workspace"
    builder = active(api)
    builder.insert(sys_ir.SetSysWorkspaceOp(_address(workspace, api, "workspace").ssa))


def get_sys_workspace() -> GlobalAddress:
    """``GetSysWorkSpacePtr()``: the system workspace (a ``uint8`` address)."""
    op = active("get_sys_workspace").insert(sys_ir.GetSysWorkspaceOp())
    address = GlobalAddress(op.result, uint8, origin="the system workspace (get_sys_workspace())")
    address.provisional_name("sys_workspace")
    return address
