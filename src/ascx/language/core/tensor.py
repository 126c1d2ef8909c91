"""``asc.GlobalTensor``: a typed view of global memory."""

from __future__ import annotations

from ascx.dialects.ascendc import GlobalTensorOp, SetGlobalBufferOp
from ascx.language.core.builder import active
from ascx.language.core.convert import scalar_operand
from ascx.language.core.dtype import DataType, int64
from ascx.language.core.values import GlobalAddress, Handle


class GlobalTensor(Handle):
    """``AscendC::GlobalTensor<T>``.  Its element type comes from the address it is set to, so the
    C++ declaration is emitted by the first :meth:`set_global_buffer`.
    """

    __slots__ = ("dtype",)

    def __init__(self) -> None:
        super().__init__()
        self.dtype: DataType | None = None

    def set_global_buffer(self, buffer: GlobalAddress | None = None, buffer_size: object = None) -> None:
        """Point the tensor at ``buffer`` (``SetGlobalBuffer(buffer[, buffer_size])``)."""
        builder = active("GlobalTensor.set_global_buffer")
        if not isinstance(buffer, GlobalAddress):
            raise ValueError("Either DataType or typed GlobalAddress must be provided to instantiate GlobalTensor")
        if not self.is_bound or self.dtype != buffer.dtype:
            self.dtype = buffer.dtype
            self.bind(builder.insert(GlobalTensorOp(buffer.dtype.to_ir())).result)
        size = None
        if buffer_size is not None:
            size = scalar_operand(builder, buffer_size, int64, api="set_global_buffer", param="buffer_size")
        builder.insert(SetGlobalBufferOp(self.ssa, buffer.ssa, size))
