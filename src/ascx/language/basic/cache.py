"""Cache maintenance: ``data_cache_clean_and_invalid``, ``icache_preload`` and
``get_icache_preload_status`` (pyasc's ``asc.language.basic.cache``; ``data_cache_preload`` is in
``common``, as in pyasc)."""

from __future__ import annotations

from typing import Any

from ascx.dialects.ascendc import system_api_ops as sys_ir
from ascx.language.basic.operands import any_tensor
from ascx.language.basic.system_args import enum_member, enum_message
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import integer_operand
from ascx.language.core.dtype import int64
from ascx.language.core.system_enums import CacheLine, DcciDst
from ascx.language.core.tensor import GlobalTensor
from ascx.language.core.values import RuntimeScalar
from ascx.language.records import records

record = records(__name__, "basic/system_control")

ICACHE_UNITS = {"aiv": 8, "aic": 16}
"""``icache_preload`` counts 2 KiB units, fewer than the ICache holds: 16 KiB on a vector core, 32 KiB on a
cube core (CANN: ``preFetchLen < ICache size / 2K``)."""
LOCAL_NEEDS_DCCI = (
    "data_cache_clean_and_invalid: a LocalTensor needs dcci_dst (CANN has no DataCacheCleanAndInvalid<T, entireType> "
    "of a LocalTensor)"
)


def icache_message(pre_fetch_len: int, core: str) -> str:
    limit = ICACHE_UNITS[core]
    size = "16 KiB on a vector core" if core == "aiv" else "32 KiB on a cube core"
    return (
        f"icache_preload: pre_fetch_len counts 2 KiB units and must be 0 to {limit - 1}, got {pre_fetch_len} "
        f"(the instruction cache is {size})"
    )


@record(
    forms=(
        "asc.data_cache_clean_and_invalid(entire_type, dst, dcci_dst=None)",
        "asc.data_cache_clean_and_invalid(entire_type, dcci_dst, dst)",
    ),
    cpp=(
        "template <typename T, CacheLine entireType, DcciDst dcciDst> "
        "void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst);",
        "template <typename T, CacheLine entireType, DcciDst dcciDst> "
        "void DataCacheCleanAndInvalid(const LocalTensor<T>& dst);",
        "template <typename T, CacheLine entireType> void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst);",
    ),
    params=(
        (
            "entire_type",
            "``asc.CacheLine.SINGLE_CACHE_LINE`` (the line of ``dst``'s address) or "
            "``ENTIRE_DATA_CACHE`` (the whole cache; slow)",
        ),
        ("dst", "a ``GlobalTensor``, or a ``LocalTensor`` with ``dcci_dst``"),
        ("dcci_dst", "an ``asc.DcciDst``: which cache"),
    ),
    rules=(
        "The modes are enum members: "
        f'"{enum_message("data_cache_clean_and_invalid", "entire_type", CacheLine, "the int 0")}".',
        f'A LocalTensor needs ``dcci_dst``: "{LOCAL_NEEDS_DCCI}".',
    ),
    notes=("The scalar pipe reads and writes ``dst`` (the sync passes order it like a scalar access).",),
)
def data_cache_clean_and_invalid(entire_type: Any, dst: Any, dcci_dst: Any = None) -> None:
    """Write the data cache's dirty lines of ``dst`` back and invalidate them, so that what the scalar unit
    reads and writes through the cache meets what the DMA pipes read and write."""
    api = "data_cache_clean_and_invalid"
    builder = active(api)
    if isinstance(dst, DcciDst) and not isinstance(dcci_dst, DcciDst | None):  # pyasc's (entire_type, dcci_dst, dst)
        dst, dcci_dst = dcci_dst, dst
    line = enum_member(entire_type, CacheLine, api, "entire_type")
    tensor = any_tensor(dst, api, "dst")
    target = None if dcci_dst is None else enum_member(dcci_dst, DcciDst, api, "dcci_dst")
    if target is None and not isinstance(tensor, GlobalTensor):
        raise ApiTypeError(LOCAL_NEEDS_DCCI, "pass dcci_dst=asc.DcciDst.CACHELINE_UB")
    op = sys_ir.DataCacheCleanAndInvalidOp(tensor.ssa, line, target)
    builder.insert(op)


@record(
    forms=("asc.icache_preload(pre_fetch_len)",),
    cpp=("void ICachePreLoad(const int64_t preFetchLen);",),
    rules=(
        "A constant length is below the instruction cache's size in 2 KiB units: "
        f"{ICACHE_UNITS['aiv']} on a vector core (16 KiB), {ICACHE_UNITS['aic']} in a cube-only kernel (32 KiB): "
        f'"{icache_message(ICACHE_UNITS["aiv"], "aiv")}".',
    ),
)
def icache_preload(pre_fetch_len: Any) -> None:
    """Preload ``pre_fetch_len`` 2 KiB units of the kernel's instructions into the instruction cache (a hint)."""
    api = "icache_preload"
    builder = active(api)
    if isinstance(pre_fetch_len, int) and not isinstance(pre_fetch_len, bool):
        core = "aic" if builder.options.matmul_cube_only or builder.options.kernel_type == "AIC_ONLY" else "aiv"
        if not 0 <= pre_fetch_len < ICACHE_UNITS[core]:
            raise ApiValueError(icache_message(pre_fetch_len, core))
    builder.insert(
        sys_ir.ICachePreloadOp(integer_operand(builder, pre_fetch_len, int64, api=api, param="pre_fetch_len"))
    )


@record(forms=("status = asc.get_icache_preload_status()",), cpp=("int64_t GetICachePreloadStatus();",))
def get_icache_preload_status() -> RuntimeScalar:
    """0 when the last ``icache_preload`` has completed, 1 while it runs (``int64``; always 0 on the emulation)."""
    builder = active("get_icache_preload_status")
    op = builder.insert(sys_ir.SystemCounterOp(sys_ir.SystemCounter.ICACHE_PRELOAD_STATUS))
    value = RuntimeScalar(op.result, int64, origin="the instruction cache preload status (get_icache_preload_status())")
    value.provisional_name("icache_status")
    return value


__all__ = ["data_cache_clean_and_invalid", "get_icache_preload_status", "icache_preload"]
