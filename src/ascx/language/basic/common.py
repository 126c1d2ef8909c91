"""Core state and addresses (pyasc's ``asc.language.basic.common``, the parts that are not vector
masks, cube settings or AIPP): ``data_cache_preload``, the store atomic configuration,
``init_soc_state``, ``check_local_memory_ia``, the HCCL contexts and the system workspace."""

from __future__ import annotations

from typing import Any

from ascx.dialects.ascendc import system_api_ops as sys_ir
from ascx.language.basic.system_args import compile_time_int, compile_time_message, enum_member, enum_message
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.dtype import float16, int64, uint8, uint16, uint64
from ascx.language.core.system_enums import AtomicDtype, AtomicOp
from ascx.language.core.system_params import CheckLocalMemoryIAParam
from ascx.language.core.tensor import GlobalTensor
from ascx.language.core.values import GlobalAddress, RuntimeScalar
from ascx.language.records import records

record = records(__name__, "basic/system_control")

HCCL_CONTEXTS = (0, 1)
"""CANN keeps two HCCL context addresses per core (``g_hcclContextReserved[2]``)."""
HCCL_WHY = "it is a template argument"


def preload_dtype_message(got: object) -> str:
    return (
        f"data_cache_preload: src must be a GlobalTensor of uint64, got {got} (CANN: const GlobalTensor<uint64_t>& src)"
    )


def check_params_message(got: str) -> str:
    return f"check_local_memory_ia: check_params must be an asc.CheckLocalMemoryIAParam, got {got}"


def hccl_index_message(api: str, got: int) -> str:
    return f"{api}: index must be 0 or 1 (a core keeps two HCCL contexts), got {got}"


def address_message(api: str, param: str, got: str) -> str:
    return f"{api}: {param} must be a global address (a pointer parameter of the kernel), got {got}"


@record(
    forms=("asc.data_cache_preload(src, cache_offset)",),
    cpp=("template <typename T> void DataCachePreload(const GlobalTensor<uint64_t>& src, const T cacheOffset);",),
    params=(("src", "a ``GlobalTensor`` of ``uint64``"), ("cache_offset", "bytes; passed as ``int64_t``")),
    rules=(f'"{preload_dtype_message(float16)}".',),
    notes=(
        "CANN accepts an ``int16_t`` or ``int64_t`` offset; ascx always writes ``<int64_t>`` (pyasc passes an "
        "``int32_t`` constant, which CANN's dav-c220 implementation does not support).",
        "More than four preloads in a row stall the scalar pipe (CANN).",
    ),
)
def data_cache_preload(src: Any, cache_offset: Any) -> None:
    """Load the cache line ``cache_offset`` bytes into ``src`` into the data cache (a hint)."""
    api = "data_cache_preload"
    builder = active(api)
    if not isinstance(src, GlobalTensor):
        raise ApiTypeError(f"{api}: src must be a GlobalTensor, got {describe(src)}")
    if src.dtype != uint64:
        raise ApiTypeError(
            preload_dtype_message(src.dtype),
            "view the buffer as uint64 with g.set_global_buffer(address) on a uint64 address, or reinterpret_cast",
        )
    offset = integer_operand(builder, cache_offset, int64, api=api, param="cache_offset")
    builder.insert(sys_ir.DataCachePreloadOp(src.ssa, offset))


@record(
    forms=("asc.set_store_atomic_config(atomic_type, atomic_op)",),
    cpp=("template <AtomicDtype type, AtomicOp op> void SetStoreAtomicConfig();",),
    params=(
        (
            "atomic_type",
            "an ``asc.AtomicDtype``: ``ATOMIC_NONE``, ``ATOMIC_F32``, ``ATOMIC_F16``, ``ATOMIC_S16``, "
            "``ATOMIC_S32``, ``ATOMIC_S8``, ``ATOMIC_BF16``",
        ),
        ("atomic_op", "``asc.AtomicOp.ATOMIC_SUM``"),
    ),
    rules=(f'"{enum_message("set_store_atomic_config", "atomic_op", AtomicOp, "the int 0")}".',),
    notes=(
        "The same mode as ``set_atomic_add(dtype)``; ``ascx-verify-pipe-sync``'s AT rules do not follow this call yet.",
    ),
)
def set_store_atomic_config(atomic_type: Any, atomic_op: Any) -> None:
    """The atomic mode of later copies to GM: they add to the data there in ``atomic_type``
    (``AtomicDtype.ATOMIC_NONE``: they overwrite again)."""
    api = "set_store_atomic_config"
    builder = active(api)
    kind = enum_member(atomic_type, AtomicDtype, api, "atomic_type")
    operation = enum_member(atomic_op, AtomicOp, api, "atomic_op")
    builder.insert(sys_ir.SetStoreAtomicConfigOp(kind, operation))


@record(
    forms=("atomic_type, atomic_op = asc.get_store_atomic_config()",),
    cpp=("void GetStoreAtomicConfig(uint16_t& atomicType, uint16_t& atomicOp);",),
)
def get_store_atomic_config() -> tuple[RuntimeScalar, RuntimeScalar]:
    """The store atomic's type and operation, as the numbers of ``asc.AtomicDtype`` and ``asc.AtomicOp`` (two
    ``uint16``; type 0 when no atomic add is set)."""
    api = "get_store_atomic_config"
    op = active(api).insert(sys_ir.GetStoreAtomicConfigOp())
    kind = RuntimeScalar(op.atomic_type, uint16, origin="the store atomic type (get_store_atomic_config())")
    operation = RuntimeScalar(op.atomic_op, uint16, origin="the store atomic operation (get_store_atomic_config())")
    kind.provisional_name("atomic_type")
    operation.provisional_name("atomic_op")
    return kind, operation


@record(forms=("asc.init_soc_state()",), cpp=("void InitSocState();",))
def init_soc_state() -> None:
    """Reset the core's state: no atomic mode, mask mode normal, the vector mask full (on a cube core, the
    load padding value and boundary)."""
    active("init_soc_state").insert(sys_ir.CoreControlOp(sys_ir.CoreControl.INIT_SOC_STATE))


@record(
    forms=("asc.check_local_memory_ia(asc.CheckLocalMemoryIAParam(...))",),
    cpp=("void CheckLocalMemoryIA(const CheckLocalMemoryIAParam& checkParams);",),
    rules=(f'"{check_params_message(describe(3))}".',),
    notes=(
        'On the emulation an armed register stops the kernel at a watched access: "Duplicate: vector write of '
        "UB bytes 0..255 hits the range (1, 3] of 32-byte units that CheckLocalMemoryIA armed in exception "
        'register 2".',
    ),
)
def check_local_memory_ia(check_params: Any) -> None:
    """Arm exception register ``enable_bit`` to trap the selected kinds of UB access (scalar, vector, MTE;
    read, write) in the 32-byte units ``(start_addr, end_addr]``; a call with ``is_enable=False`` disarms
    it (CANN: disarm after each use)."""
    api = "check_local_memory_ia"
    builder = active(api)
    if not isinstance(check_params, CheckLocalMemoryIAParam):
        raise ApiTypeError(check_params_message(describe(check_params)))
    builder.insert(sys_ir.CheckLocalMemoryIAOp(check_params.ssa))


def _hccl_index(index: Any, api: str) -> int:
    value = compile_time_int(index, api, "index", HCCL_WHY)
    if value not in HCCL_CONTEXTS:
        raise ApiValueError(hccl_index_message(api, value))
    return value


def _address(value: Any, api: str, param: str) -> GlobalAddress:
    if not isinstance(value, GlobalAddress):
        raise ApiTypeError(address_message(api, param, describe(value)))
    return value


@record(
    forms=("asc.set_hccl_context(index, context)",),
    cpp=("template <uint32_t index> void SetHcclContext(__gm__ uint8_t* context);",),
    params=(("index", "0 or 1, a compile-time int (a template argument)"), ("context", "a global address")),
    rules=(
        f'"{hccl_index_message("set_hccl_context", 2)}"; '
        f'"{compile_time_message("get_hccl_context", "index", HCCL_WHY, "a runtime int32 value")}".',
    ),
)
def set_hccl_context(index: Any, context: Any) -> None:
    """Store the address of HCCL communication context ``index`` (0 or 1) for the collective-communication
    library."""
    api = "set_hccl_context"
    builder = active(api)
    slot = _hccl_index(index, api)
    builder.insert(sys_ir.SetHcclContextOp(slot, _address(context, api, "context").ssa))


@record(
    forms=("context = asc.get_hccl_context(index)",),
    cpp=("template <uint32_t index> __gm__ uint8_t* GetHcclContext();",),
)
def get_hccl_context(index: Any) -> GlobalAddress:
    """The address ``set_hccl_context`` stored for context ``index`` (a ``uint8`` address)."""
    api = "get_hccl_context"
    builder = active(api)
    op = builder.insert(sys_ir.GetHcclContextOp(_hccl_index(index, api)))
    address = GlobalAddress(op.result, uint8, origin="an HCCL context address (get_hccl_context())")
    address.provisional_name("hccl_context")
    return address


@record(
    forms=("asc.set_sys_workspace(workspace)",),
    cpp=("void SetSysWorkspace(GM_ADDR workspace);",),
    rules=(f'"{address_message("set_sys_workspace", "workspace", describe(0))}".',),
    notes=("CANN marks ``SetSysWorkspace`` deprecated.",),
)
def set_sys_workspace(workspace: Any) -> None:
    """Set the system workspace library APIs use (a workspace already set is kept)."""
    api = "set_sys_workspace"
    builder = active(api)
    builder.insert(sys_ir.SetSysWorkspaceOp(_address(workspace, api, "workspace").ssa))


@record(
    forms=("workspace = asc.get_sys_workspace()",),
    cpp=("__gm__ uint8_t* GetSysWorkSpacePtr();  // outside namespace AscendC",),
)
def get_sys_workspace() -> GlobalAddress:
    """The system workspace (a ``uint8`` address): the one ``set_sys_workspace`` set, else the runtime's."""
    op = active("get_sys_workspace").insert(sys_ir.GetSysWorkspaceOp())
    address = GlobalAddress(op.result, uint8, origin="the system workspace (get_sys_workspace())")
    address.provisional_name("sys_workspace")
    return address


__all__ = [
    "check_local_memory_ia",
    "data_cache_preload",
    "get_hccl_context",
    "get_store_atomic_config",
    "get_sys_workspace",
    "init_soc_state",
    "set_hccl_context",
    "set_store_atomic_config",
    "set_sys_workspace",
]
