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
from ascx.language.basic.operands import type_list
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.convert import describe, element_operand, integer_operand
from ascx.language.core.dtype import DataType, float16, float32, int16, int32, uint8, uint16, uint32, uint64
from ascx.language.core.global_size import known_size, warn_without_elements
from ascx.language.core.tensor import GlobalTensor
from ascx.language.records import records

record = records(__name__, "basic/data_copy")

API = "init_global_memory"
DTYPES = (uint16, int16, float16, uint32, int32, float32)
"""The data types of CANN's InitGlobalMemory page (Atlas A2)."""

KERNEL_CHECK = (
    "CANN's InitGlobalMemory checks gmWorkspaceAddr.GetSize() > 0 in its CPU-debug build "
    "(init_global_memory_check_common.h), where the kernel aborts; the NPU build does not check"
)
NO_SIZE = f"{API}: the GlobalTensor has no size: {KERNEL_CHECK}"
NO_PIPE = f"{API}: the kernel has no TPipe; CANN's InitGlobalMemory takes its buffer and event id from it"
AFTER_INIT_BUFFER = (
    f"{API}: called after TPipe.init_buffer; CANN's InitGlobalMemory page supports it only before "
    "InitBuffer (it fills the unified buffer's free space)"
)


def not_global_message(got: str) -> str:
    """``got`` describes the argument (``a LocalTensor``)."""
    return f"{API}: gm_workspace_addr must be a GlobalTensor, got {got}"


def dtype_message(dtype: DataType) -> str:
    return f"{API}: the GlobalTensor holds {dtype}; InitGlobalMemory supports {type_list(DTYPES)}"


def size_message(size: int, elements: int) -> str:
    return (
        f"{API}: size {size} is more than the GlobalTensor's {elements} elements; CANN's InitGlobalMemory "
        "checks size <= gmWorkspaceAddr.GetSize()"
    )


@record(
    forms=("asc.init_global_memory(gm_workspace_addr, size, value)",),
    cpp=(
        "template <typename T> void InitGlobalMemory(GlobalTensor<T>& gmWorkspaceAddr, const uint64_t size, "
        "const T value);",
    ),
    params=(
        ("gm_workspace_addr", f"a GlobalTensor of {type_list(DTYPES)}, with a size"),
        ("size", "how many elements to set (``uint64``)"),
        ("value", "a number or runtime value of the tensor's type"),
    ),
    rules=(
        f'A GlobalTensor: "{not_global_message("a LocalTensor")}"; of a type CANN lists: "{dtype_message(uint8)}".',
        "A constant ``size`` is at most the tensor's known size (CANN's kernel check asserts it): "
        f'"{size_message(4097, 4096)}". A tensor whose every ``set_global_buffer`` gives no size (or 0) is a '
        "warning at the call naming each of them: CANN asserts ``GetSize() > 0`` only in its CPU-debug build, "
        f'where the kernel aborts ("{NO_SIZE}"). Run-time sizes are checked by the emulation.',
        f'After ``asc.TPipe()`` and before any ``init_buffer`` (CANN\'s page): "{NO_PIPE}", "{AFTER_INIT_BUFFER}".',
    ),
    notes=(
        "For the sync analyses it is an MTE3 write of the tensor (CANN fills a unified-buffer block on the "
        "vector pipe and copies it out on MTE3, waiting for its copies at the end). CANN's page asks for an "
        "MTE3 -> MTE2 wait before later copies into the unified buffer and ``sync_all`` before other cores "
        "read what it wrote; ascx's analyses do not model its use of the unified buffer.",
        "pyasc has no ``init_global_memory``; ascx names CANN's function in pyasc's style.",
    ),
)
def init_global_memory(gm_workspace_addr: Any, size: Any, value: Any) -> None:
    """Set the first ``size`` elements of a GlobalTensor to ``value`` (CANN's ``InitGlobalMemory``, a utility
    of the high-level library), e.g. to clear a workspace or an output before atomic adds."""
    builder = active(API)
    if not isinstance(gm_workspace_addr, GlobalTensor):
        raise ApiTypeError(
            not_global_message(describe(gm_workspace_addr)),
            "wrap the address in a tensor: g = asc.GlobalTensor(); g.set_global_buffer(address, size)",
        )
    dtype = gm_workspace_addr.dtype
    if dtype is None:
        raise ApiValueError(f"{API}: the GlobalTensor has no data type yet", "call set_global_buffer first")
    if dtype not in DTYPES:
        raise ApiTypeError(dtype_message(dtype))
    warn_without_elements(
        builder,
        gm_workspace_addr,
        NO_SIZE,
        "give set_global_buffer the tensor's size in elements",
    )
    count = integer_operand(builder, size, uint64, api=API, param="size")
    elements = known_size(gm_workspace_addr)
    if isinstance(size, int) and elements and size > elements:  # no size at all: the warning above
        raise ApiValueError(size_message(size, elements))
    _check_pipe(builder)
    fill = element_operand(builder, value, dtype, api=API, param="value")
    builder.insert(InitGlobalMemoryOp(gm_workspace_addr.ssa, count, fill))


def _check_pipe(builder: IRBuilder) -> None:
    """A TPipe exists, and nothing has been given buffers from it yet (CANN's page)."""
    pipes = [op for op in builder.entry_block().walk() if any(isinstance(r.type, PipeType) for r in op.results)]
    if not pipes:
        raise ApiValueError(
            NO_PIPE,
            "create the pipe first: pipe = asc.TPipe()",
        )
    if any(isinstance(op, InitBufferOp) and isinstance(op.owner.type, PipeType) for op in builder.entry_block().walk()):
        raise ApiValueError(
            AFTER_INIT_BUFFER,
            "call init_global_memory before the pipe gives out its buffers",
        )


__all__ = ["init_global_memory"]
