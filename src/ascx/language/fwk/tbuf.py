"""``asc.TBuf`` and ``asc.TBufPool``: scratch buffers without queue events, and pools that carve
buffers out of a region of the pipe's memory."""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import integer_operand
from ascx.language.core.dtype import uint32
from ascx.language.core.enums import TPosition
from ascx.language.core.tensor import LocalTensor
from ascx.language.core.values import Handle
from ascx.language.fwk.tque import compile_time_int, compile_time_position, dtype_argument


class TBuf(Handle):
    """``AscendC::TBuf<pos>``: one buffer of scratch memory (``VECCALC`` by default); ``get`` returns
    it as a tensor, always the same memory, with no queue events."""

    __slots__ = ("position",)

    def __init__(self, pos: Any = TPosition.VECCALC) -> None:
        builder = active("TBuf")
        self.position = compile_time_position(pos, "TBuf", "pos")
        if self.position is TPosition.GM:
            raise ApiValueError("TBuf: a buffer cannot be at position GM")
        super().__init__(builder.insert(ir.DeclareOp(ir.TBufType(ir.TPosition[self.position.name]))).result)

    def get(self, dtype: Any, len: Any = None, shape: Any = None) -> LocalTensor:
        """``Get<T>()`` (the whole buffer) or ``Get<T>(len)`` (its first ``len`` elements)."""
        builder = active("TBuf.get")
        element = dtype_argument(dtype, "TBuf.get")
        if shape is not None:
            raise ApiTypeError("TBuf.get: shape is not supported; pass len, the number of elements")
        length = None
        if len is not None and not (isinstance(len, int) and len == 0):
            length = integer_operand(builder, len, uint32, api="TBuf.get", param="len")
        op = builder.insert(ir.TBufGetOp(self.ssa, element.to_ir(), length))
        return LocalTensor.wrap(op.result, element, self.position)

    def get_with_offset(self, size: Any, buf_offset: Any, dtype: Any) -> LocalTensor:
        """``GetWithOffset<T>(size, bufOffset)``: ``size`` elements from byte ``buf_offset``, which must
        be 32-byte aligned."""
        builder = active("TBuf.get_with_offset")
        element = dtype_argument(dtype, "TBuf.get_with_offset")
        if isinstance(buf_offset, int) and buf_offset % 32 != 0:
            raise ApiValueError(f"buf_offset must be align to 32B, got {buf_offset}", "round it up to a multiple of 32")
        count = integer_operand(builder, size, uint32, api="TBuf.get_with_offset", param="size")
        offset = integer_operand(builder, buf_offset, uint32, api="TBuf.get_with_offset", param="buf_offset")
        op = builder.insert(ir.TBufGetWithOffsetOp(self.ssa, element.to_ir(), count, offset))
        return LocalTensor.wrap(op.result, element, self.position)


class TBufPool(Handle):
    """``AscendC::TBufPool<pos, bufIDSize>``: a region of the pipe's memory that queues and buffers
    can be given memory from (``init_buffer``), and reset to reuse it."""

    __slots__ = ("buf_id_size", "position")

    def __init__(self, pos: Any = TPosition.VECCALC, buf_id_size: Any = 4) -> None:
        builder = active("TBufPool")
        self.position = compile_time_position(pos, "TBufPool", "pos")
        if self.position is TPosition.GM:
            raise ApiValueError("TBufPool: a buffer pool cannot be at position GM")
        self.buf_id_size = compile_time_int(buf_id_size, "TBufPool", "buf_id_size", minimum=1)
        pool_type = ir.TBufPoolType(ir.TPosition[self.position.name], self.buf_id_size)
        super().__init__(builder.insert(ir.DeclareOp(pool_type)).result)

    def init_buffer(self, *args: Any, **kwargs: Any) -> None:
        """``InitBuffer(que, num, len)`` or ``InitBuffer(buf, len)`` from this pool's memory."""
        from ascx.language.fwk.tpipe import init_buffer

        init_buffer(self, "TBufPool.init_buffer", args, kwargs, buf_size_name="len")

    def init_buf_pool(self, buf_pool: Any, len: Any = 0, share_buf: Any = None) -> Any:
        """``InitBufPool(pool, len[, shareBuf])``: a nested pool of ``len`` bytes."""
        from ascx.language.fwk.tpipe import init_buf_pool

        return init_buf_pool(self, "TBufPool.init_buf_pool", buf_pool, len, share_buf)

    def reset(self) -> None:
        """``Reset()``: frees every buffer given out of the pool."""
        builder = active("TBufPool.reset")
        builder.insert(ir.LifecycleOp(ir.Lifecycle.RESET, self.ssa))


__all__ = ["TBuf", "TBufPool"]
