"""``asc.init_global_memory``: CANN's ``InitGlobalMemory`` (adv_api utils), which sets the first ``size``
elements of a GlobalTensor to ``value``, e.g. to clear a workspace or an output before atomic adds.

The checks are CANN's documented rules: the data types its page lists; a constant ``size`` within a
known size of the tensor (its kernel check asserts ``size <= GetSize()``; a tensor known to have no size
is a warning, as CANN asserts ``GetSize() > 0`` only in its CPU-debug build); and the
call before any ``TPipe.init_buffer`` (the page: it is supported only before InitBuffer; it takes the
unified buffer's free space from the TPipe for its fill, and its event id from the TPipe).  Waiting for it
before later copies into the unified buffer (MTE3 to MTE2, as the page asks) and before other cores read
what it wrote (``sync_all``) is the kernel's business, as with any GM write.
"""

from __future__ import annotations

from typing import Any

from ascx.dialects.ascendc.adv_ops import InitGlobalMemoryOp
from ascx.dialects.ascendc.fwk_ops import InitBufferOp
from ascx.dialects.ascendc.types import PipeType
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.convert import describe, element_operand, integer_operand
from ascx.language.core.dtype import float16, float32, int16, int32, uint16, uint32, uint64
from ascx.language.core.global_size import known_size, warn_without_elements
from ascx.language.core.tensor import GlobalTensor

API = "init_global_memory"
DTYPES = (uint16, int16, float16, uint32, int32, float32)
"""The data types of CANN's InitGlobalMemory page (Atlas A2)."""

KERNEL_CHECK = (
    "CANN's InitGlobalMemory checks gmWorkspaceAddr.GetSize() > 0 in its CPU-debug build "
    "(init_global_memory_check_common.h), where the kernel aborts; the NPU build does not check"
)


def init_global_memory(gm_workspace_addr: Any, size: Any, value: Any) -> None:
    """``AscendC::InitGlobalMemory<T>(gmWorkspaceAddr, size, value)``."""
    builder = active(API)
    if not isinstance(gm_workspace_addr, GlobalTensor):
        raise ApiTypeError(
            f"{API}: gm_workspace_addr must be a GlobalTensor, got {describe(gm_workspace_addr)}",
            "wrap the address in a tensor: g = asc.GlobalTensor(); g.set_global_buffer(address, size)",
        )
    dtype = gm_workspace_addr.dtype
    if dtype is None:
        raise ApiValueError(f"{API}: the GlobalTensor has no data type yet", "call set_global_buffer first")
    if dtype not in DTYPES:
        supported = ", ".join(str(d) for d in DTYPES)
        raise ApiTypeError(f"{API}: the GlobalTensor holds {dtype}; InitGlobalMemory supports {supported}")
    warn_without_elements(
        builder,
        gm_workspace_addr,
        f"{API}: the GlobalTensor has no size: {KERNEL_CHECK}",
        "give set_global_buffer the tensor's size in elements",
    )
    count = integer_operand(builder, size, uint64, api=API, param="size")
    elements = known_size(gm_workspace_addr)
    if isinstance(size, int) and elements and size > elements:  # no size at all: the warning above
        raise ApiValueError(
            f"{API}: size {size} is more than the GlobalTensor's {elements} elements; CANN's InitGlobalMemory "
            "checks size <= gmWorkspaceAddr.GetSize()",
        )
    _check_pipe(builder)
    fill = element_operand(builder, value, dtype, api=API, param="value")
    builder.insert(InitGlobalMemoryOp(gm_workspace_addr.ssa, count, fill))


def _check_pipe(builder: IRBuilder) -> None:
    """A TPipe exists, and nothing has been given buffers from it yet (CANN's page)."""
    pipes = [op for op in builder.entry_block().walk() if any(isinstance(r.type, PipeType) for r in op.results)]
    if not pipes:
        raise ApiValueError(
            f"{API}: the kernel has no TPipe; CANN's InitGlobalMemory takes its buffer and event id from it",
            "create the pipe first: pipe = asc.TPipe()",
        )
    if any(isinstance(op, InitBufferOp) and isinstance(op.owner.type, PipeType) for op in builder.entry_block().walk()):
        raise ApiValueError(
            f"{API}: called after TPipe.init_buffer; CANN's InitGlobalMemory page supports it only before "
            "InitBuffer (it fills the unified buffer's free space)",
            "call init_global_memory before the pipe gives out its buffers",
        )


__all__ = ["init_global_memory"]
