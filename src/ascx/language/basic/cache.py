"""Cache maintenance: ``data_cache_clean_and_invalid``, ``icache_preload`` and
``get_icache_preload_status`` (pyasc's ``asc.language.basic.cache``; ``data_cache_preload`` is in
``common``, as in pyasc)."""

from __future__ import annotations

from typing import Any

from ascx.dialects.ascendc import system_api_ops as sys_ir
from ascx.language.basic.operands import any_tensor
from ascx.language.basic.system_args import enum_member
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import integer_operand
from ascx.language.core.dtype import int64
from ascx.language.core.system_enums import CacheLine, DcciDst
from ascx.language.core.tensor import GlobalTensor
from ascx.language.core.values import RuntimeScalar

ICACHE_UNITS = {"aiv": 8, "aic": 16}
"""``icache_preload`` counts 2 KiB units, fewer than the ICache holds: 16 KiB on a vector core, 32 KiB on a
cube core (CANN: ``preFetchLen < ICache size / 2K``)."""


def data_cache_clean_and_invalid(entire_type: Any, dst: Any, dcci_dst: Any = None) -> None:
    """``AscendC::DataCacheCleanAndInvalid<T, entireType[, dcciDst]>(dst)``: writes back and invalidates
    the data cache lines of ``dst`` (or, with ``ENTIRE_DATA_CACHE``, the whole data cache)."""
    api = "data_cache_clean_and_invalid"
    builder = active(api)
    if isinstance(dst, DcciDst) and not isinstance(dcci_dst, DcciDst | None):  # pyasc's (entire_type, dcci_dst, dst)
        dst, dcci_dst = dcci_dst, dst
    line = enum_member(entire_type, CacheLine, api, "entire_type")
    tensor = any_tensor(dst, api, "dst")
    target = None if dcci_dst is None else enum_member(dcci_dst, DcciDst, api, "dcci_dst")
    if target is None and not isinstance(tensor, GlobalTensor):
        raise ApiTypeError(
            f"{api}: a LocalTensor needs dcci_dst (CANN has no DataCacheCleanAndInvalid<T, entireType> of a "
            "LocalTensor)",
            "pass dcci_dst=asc.DcciDst.CACHELINE_UB",
        )
    op = sys_ir.DataCacheCleanAndInvalidOp(tensor.ssa, line, target)
    builder.insert(op)


def icache_preload(pre_fetch_len: Any) -> None:
    """``AscendC::ICachePreLoad(preFetchLen)``: preloads ``pre_fetch_len`` 2 KiB units of the kernel's
    instructions into the instruction cache (a hint)."""
    api = "icache_preload"
    builder = active(api)
    if isinstance(pre_fetch_len, int) and not isinstance(pre_fetch_len, bool):
        core = "aic" if builder.options.matmul_cube_only or builder.options.kernel_type == "AIC_ONLY" else "aiv"
        limit = ICACHE_UNITS[core]
        if not 0 <= pre_fetch_len < limit:
            size = "16 KiB on a vector core" if core == "aiv" else "32 KiB on a cube core"
            raise ApiValueError(
                f"{api}: pre_fetch_len counts 2 KiB units and must be 0 to {limit - 1}, got {pre_fetch_len} "
                f"(the instruction cache is {size})"
            )
    builder.insert(
        sys_ir.ICachePreloadOp(integer_operand(builder, pre_fetch_len, int64, api=api, param="pre_fetch_len"))
    )


def get_icache_preload_status() -> RuntimeScalar:
    """``AscendC::GetICachePreloadStatus()``: 0 when the last ``icache_preload`` has completed, 1 while it
    runs (``int64``)."""
    builder = active("get_icache_preload_status")
    op = builder.insert(sys_ir.SystemCounterOp(sys_ir.SystemCounter.ICACHE_PRELOAD_STATUS))
    value = RuntimeScalar(op.result, int64, origin="the instruction cache preload status (get_icache_preload_status())")
    value.provisional_name("icache_status")
    return value
