"""``asc.GlobalTensor`` and ``asc.LocalTensor``: typed views of global and on-chip memory."""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.core.builder import active
from ascx.language.core.checks import is_instance
from ascx.language.core.convert import scalar_operand
from ascx.language.core.dtype import DataType, int64, uint32
from ascx.language.core.enums import TPosition
from ascx.language.core.values import GlobalAddress, Handle


class BaseTensor(Handle):
    """What ``GlobalTensor`` and ``LocalTensor`` share: an element type, and views by offset."""

    __slots__ = ("dtype",)

    dtype: DataType | None

    def _view(self, offset: Any, api: str) -> Any:
        builder = active(f"{type(self).__name__}.__getitem__")
        operand = scalar_operand(builder, offset, int64, api=api, param="offset")
        view = object.__new__(type(self))
        Handle.__init__(view)
        view.dtype = self.dtype
        view.bind(builder.insert(ir.SubTensorOp(self.ssa, operand)).result)
        return view

    def __getitem__(self, index: Any) -> Any:
        """``t[off]`` and ``t[off:]``: the view that starts ``off`` elements further on."""
        api = f"{type(self).__name__} subscript"
        if is_instance(index, slice):  # not isinstance: slices are untyped, keep ``index`` as Any
            if index.stop is not None or index.step is not None:
                raise RuntimeError(
                    f"Slice operation with provided stop and step is not supported for {type(self).__name__}"
                )
            return self._view(0 if index.start is None else index.start, api)
        return self._view(index, api)


class GlobalTensor(BaseTensor):
    """``AscendC::GlobalTensor<T>``.  Its element type comes from the address it is set to, so the
    C++ declaration is emitted by the first :meth:`set_global_buffer`.
    """

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__()
        self.dtype = None

    def set_global_buffer(self, buffer: GlobalAddress | None = None, buffer_size: object = None) -> None:
        """Point the tensor at ``buffer`` (``SetGlobalBuffer(buffer[, buffer_size])``)."""
        builder = active("GlobalTensor.set_global_buffer")
        if not isinstance(buffer, GlobalAddress):
            raise ValueError("Either DataType or typed GlobalAddress must be provided to instantiate GlobalTensor")
        if not self.is_bound or self.dtype != buffer.dtype:
            self.dtype = buffer.dtype
            self.bind(builder.insert(ir.GlobalTensorOp(buffer.dtype.to_ir())).result)
        size = None
        if buffer_size is not None:
            size = scalar_operand(builder, buffer_size, int64, api="set_global_buffer", param="buffer_size")
        builder.insert(ir.SetGlobalBufferOp(self.ssa, buffer.ssa, size))


class LocalTensor(BaseTensor):
    """``AscendC::LocalTensor<T>``: a tensor in on-chip memory at position ``pos``.

    ``LocalTensor(dtype, pos=TPosition.VECIN, addr=0, tile_size=0)`` declares one at a fixed
    address (``AscendC::LocalTensor<T> t(AscendC::TPosition::VECIN, addr, tileSize);``).
    """

    __slots__ = ("position",)

    def __init__(self, dtype: DataType, pos: TPosition = TPosition.VECIN, addr: Any = 0, tile_size: Any = 0) -> None:
        super().__init__()
        builder = active("LocalTensor")
        if not is_instance(dtype, DataType):
            raise TypeError(f"LocalTensor: dtype must be a DataType, got {type(dtype).__name__}")
        if not is_instance(pos, int) or pos not in list(TPosition) or TPosition(pos) in (TPosition.GM, TPosition.MAX):
            raise ValueError(f"LocalTensor: pos must be an on-chip TPosition, got {pos!r}")
        self.dtype = dtype
        self.position = TPosition(pos)
        address = scalar_operand(builder, addr, uint32, api="LocalTensor", param="addr")
        size = scalar_operand(builder, tile_size, uint32, api="LocalTensor", param="tile_size")
        op = ir.LocalTensorOp(dtype.to_ir(), ir.TPosition[self.position.name], address, size)
        self.bind(builder.insert(op).result)
