"""``asc.GlobalTensor`` and ``asc.LocalTensor``: typed views of global and on-chip memory."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from xdsl.ir import Block

from ascx.dialects import ascendc as ir
from ascx.dialects.ascendc.tensor_method_ops import TensorMethod
from ascx.language.core.builder import IRBuilder, active, is_tracing
from ascx.language.core.checks import is_instance
from ascx.language.core.convert import describe, element_operand, integer_operand
from ascx.language.core.dtype import DataType, int32, int64, uint32, uint64
from ascx.language.core.enums import CacheMode, CacheRwMode, TPosition
from ascx.language.core.values import GlobalAddress, Handle, RuntimeScalar

if TYPE_CHECKING:
    from ascx.language.fwk.tque import TQueBind


def offset_operand(builder: IRBuilder, value: object, *, api: str, param: str = "offset") -> Any:
    """An element offset: a Python int becomes an int32 constant (int64 when it does not fit), a
    runtime integer is used as it is."""
    if isinstance(value, int) and not isinstance(value, bool):
        dtype = int32 if -(1 << 31) <= value < (1 << 31) else int64
        return integer_operand(builder, value, dtype, api=api, param=param)
    return integer_operand(builder, value, int32, api=api, param=param)


class BaseTensor(Handle):
    """What ``GlobalTensor`` and ``LocalTensor`` share: an element type, views by offset, element access."""

    __slots__ = ("dtype",)

    dtype: DataType | None
    INDEX_DTYPE = uint64

    def _new_view(self) -> Any:
        view = object.__new__(type(self))
        Handle.__init__(view)
        view.dtype = self.dtype
        return view

    def _view(self, offset: Any, api: str) -> Any:
        builder = active(f"{type(self).__name__}.__getitem__")
        operand = offset_operand(builder, offset, api=api)
        view = self._new_view()
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

    def __call__(self, *args: Any) -> Any:
        raise TypeError(
            f"{type(self).__name__}(index) is not supported: use t[index:] for a view, "
            "t.get_value(index) or t.set_value(index, value) for one element"
        )

    def _element_dtype(self, api: str) -> DataType:
        if self.dtype is None:
            raise RuntimeError(f"{api}: the tensor has no data type yet; call set_global_buffer first")
        return self.dtype

    def get_value(self, offset: Any) -> RuntimeScalar:
        """``t.GetValue(offset)``: one element, read by the scalar unit."""
        name = f"{type(self).__name__}.get_value"
        builder = active(name)
        index = integer_operand(builder, offset, self.INDEX_DTYPE, api=name, param="offset")
        op = builder.insert(ir.GetValueOp(self.ssa, index))
        return RuntimeScalar(op.result, self._element_dtype(name), origin="an element read from a tensor")

    def set_value(self, offset: Any, value: Any) -> None:
        """``t.SetValue(offset, value)``: writes one element from the scalar unit."""
        name = f"{type(self).__name__}.set_value"
        builder = active(name)
        index = integer_operand(builder, offset, self.INDEX_DTYPE, api=name, param="offset")
        operand = element_operand(builder, value, self._element_dtype(name), api=name, param="value")
        builder.insert(ir.SetValueOp(self.ssa, index, operand))

    def get_shape_info(self) -> Any:
        """``t.GetShapeInfo()``: the shape the tensor was given with ``set_shape_info``."""
        from ascx.dialects.ascendc import ShapeInfoType
        from ascx.language.core.shape_info import ShapeInfo
        from ascx.language.core.tensor_metadata import call

        api = f"{type(self).__name__}.get_shape_info"
        result = call(self, TensorMethod.GET_SHAPE_INFO, api, [], ShapeInfoType())
        assert result is not None
        return ShapeInfo.wrap(result)

    def set_shape_info(self, shape_info: Any) -> None:
        """``t.SetShapeInfo(shapeInfo)``: the tensor's shape (for ``dump_tensor`` and the library APIs)."""
        from ascx.language.core.tensor_metadata import call, shape_info_argument

        api = f"{type(self).__name__}.set_shape_info"
        call(self, TensorMethod.SET_SHAPE_INFO, api, [shape_info_argument(shape_info, api)])


class GlobalTensor(BaseTensor):
    """``AscendC::GlobalTensor<T>``.  Its element type comes from the address it is set to, so the
    C++ declaration is emitted by the first :meth:`set_global_buffer`.
    """

    __slots__ = ("_created_in",)

    _created_in: Block | None

    def __init__(self) -> None:
        super().__init__()
        self.dtype = None
        self._created_in = active("GlobalTensor").block if is_tracing() else None

    def set_global_buffer(self, buffer: GlobalAddress | None = None, buffer_size: object = None) -> None:
        """Point the tensor at ``buffer`` (``SetGlobalBuffer(buffer[, buffer_size])``)."""
        builder = active("GlobalTensor.set_global_buffer")
        if not isinstance(buffer, GlobalAddress):
            raise ValueError("Either DataType or typed GlobalAddress must be provided to instantiate GlobalTensor")
        if not self.is_bound or self.dtype != buffer.dtype:
            self.dtype = buffer.dtype
            point = builder.declaration_point(getattr(self, "_created_in", None) or builder.block)
            with builder.at(point):
                self.bind(builder.insert(ir.GlobalTensorOp(buffer.dtype.to_ir())).result)
        size = None
        if buffer_size is not None:
            size = integer_operand(builder, buffer_size, uint64, api="set_global_buffer", param="buffer_size")
        builder.insert(ir.SetGlobalBufferOp(self.ssa, buffer.ssa, size))

    def get_phy_addr(self, offset: Any = 0) -> GlobalAddress:
        """``GetPhyAddr(offset)``: the address of element ``offset``."""
        from ascx.language.core.tensor_metadata import call

        api = "GlobalTensor.get_phy_addr"
        builder = active(api)
        dtype = self._element_dtype(api)
        operand = integer_operand(builder, offset, uint64, api=api, param="offset")
        result = call(self, TensorMethod.GET_PHY_ADDR, api, [operand], ir.GMAddrType(dtype.to_ir()))
        assert result is not None
        return GlobalAddress(result, dtype, origin="a tensor's address (GlobalTensor.get_phy_addr())")

    def get_size(self) -> RuntimeScalar:
        """``GetSize()``: the number of elements (``uint64``)."""
        builder = active("GlobalTensor.get_size")
        op = builder.insert(ir.TensorQueryOp(ir.TensorQuery.GET_SIZE, self.ssa, uint64.to_ir()))
        return RuntimeScalar(op.result, uint64, origin="a tensor's size")

    def set_l2_cache_hint(
        self, mode: CacheMode = CacheMode.CACHE_MODE_NORMAL, rw_mode: CacheRwMode = CacheRwMode.RW
    ) -> None:
        """``SetL2CacheHint<rwMode>(mode)``: how the L2 cache keeps this tensor's data."""
        builder = active("GlobalTensor.set_l2_cache_hint")
        if not is_instance(mode, CacheMode):
            raise TypeError(f"set_l2_cache_hint: mode must be an asc.CacheMode, got {describe(mode)}")
        if not is_instance(rw_mode, CacheRwMode):
            raise TypeError(f"set_l2_cache_hint: rw_mode must be an asc.CacheRwMode, got {describe(rw_mode)}")
        builder.insert(
            ir.SetL2CacheHintOp(self.ssa, ir.CacheMode[CacheMode(mode).name], ir.CacheRwMode[CacheRwMode(rw_mode).name])
        )


_ON_CHIP = frozenset(TPosition) - {TPosition.GM, TPosition.MAX}


class LocalTensor(BaseTensor):
    """``AscendC::LocalTensor<T>``: a tensor in on-chip memory.

    ``LocalTensor(dtype, pos, addr, tile_size)`` declares one at a fixed address
    (``AscendC::LocalTensor<T> t(AscendC::TPosition::VECIN, addr, tileSize);``); ``LocalTensor(dtype)``
    declares one without memory, to be filled by ``alloc_tensor(t)`` or ``deque(t)``.  Tensors from a
    queue or a ``TBuf`` remember where they came from, so that APIs can check how they are used.
    """

    __slots__ = ("position", "queue")

    position: TPosition | None
    queue: TQueBind | None

    INDEX_DTYPE = uint32

    def __init__(self, dtype: DataType, pos: Any = None, addr: Any = None, tile_size: Any = None) -> None:
        super().__init__()
        builder = active("LocalTensor")
        if not is_instance(dtype, DataType):
            raise TypeError(f"LocalTensor: dtype must be a DataType, got {describe(dtype)}")
        self.dtype = dtype
        self.queue = None
        given = [name for name, v in (("pos", pos), ("addr", addr), ("tile_size", tile_size)) if v is not None]
        if not given:
            self.position = None
            self.bind(builder.insert(ir.DeclareLocalTensorOp(dtype.to_ir())).result)
            return
        if len(given) != 3:
            raise TypeError(
                "LocalTensor takes (dtype) or (dtype, pos, addr, tile_size); "
                f"got {', '.join(given)} without {', '.join(n for n in ('pos', 'addr', 'tile_size') if n not in given)}"
            )
        if not is_instance(pos, int) or pos not in list(TPosition) or TPosition(pos) not in _ON_CHIP:
            shown = f"TPosition.{TPosition(pos).name}" if is_instance(pos, TPosition) else describe(pos)
            raise ValueError(f"LocalTensor: pos must be an on-chip TPosition, got {shown}")
        self.position = TPosition(pos)
        address = integer_operand(builder, addr, uint32, api="LocalTensor", param="addr")
        size = integer_operand(builder, tile_size, uint32, api="LocalTensor", param="tile_size")
        from ascx.language.fwk.budget import check_fixed_tensor

        check_fixed_tensor(builder, self.position, addr, tile_size, dtype)
        op = ir.LocalTensorOp(dtype.to_ir(), ir.TPosition[self.position.name], address, size)
        self.bind(builder.insert(op).result)

    @classmethod
    def wrap(cls, ssa: Any, dtype: DataType, position: TPosition | None, queue: TQueBind | None = None) -> LocalTensor:
        """A LocalTensor for a tensor an op made (a queue's ``AllocTensor``, a ``TBuf``'s ``Get``)."""
        tensor = object.__new__(cls)
        Handle.__init__(tensor, ssa)
        tensor.dtype = dtype
        tensor.position = position
        tensor.queue = queue
        return tensor

    def _new_view(self) -> Any:
        view = super()._new_view()
        view.position = self.position
        view.queue = self.queue
        return view

    def rebind(self, other: LocalTensor) -> None:
        """Make this object stand for ``other`` (``alloc_tensor(t)`` and ``deque(t)`` fill ``t`` in place).

        A declaration (``LocalTensor(dtype)``) that nothing used is dropped: ``t`` is then declared
        by the call that fills it.
        """
        old = self._ssa
        if old is not None and isinstance(old.owner, ir.DeclareLocalTensorOp) and not old.uses:
            old.owner.detach()
            old.owner.erase()
        self._ssa = None
        self.bind(other.ssa)
        self.position = other.position
        self.queue = other.queue

    def reinterpret_cast(self, dtype: DataType) -> LocalTensor:
        """``ReinterpretCast<U>()``: the same memory with element type ``dtype``."""
        builder = active("LocalTensor.reinterpret_cast")
        if not is_instance(dtype, DataType):
            raise RuntimeError("ReinterpretCast dtype must be integer or float")
        if dtype == self.dtype:
            return self
        op = builder.insert(ir.ReinterpretCastOp(self.ssa, dtype.to_ir()))
        return LocalTensor.wrap(op.result, dtype, self.position, self.queue)

    def get_user_tag(self) -> RuntimeScalar:
        """``GetUserTag()``: the tag ``set_user_tag`` gave the tensor (``int32``)."""
        from ascx.language.core.tensor_metadata import call

        result = call(self, TensorMethod.GET_USER_TAG, "LocalTensor.get_user_tag", [], int32.to_ir())
        assert result is not None
        return RuntimeScalar(result, int32, origin="a tensor's tag (LocalTensor.get_user_tag())")

    def _set(self, method: TensorMethod, param: str, value: Any, dtype: DataType) -> None:
        from ascx.language.core.tensor_metadata import call

        api = f"LocalTensor.{method}"
        call(self, method, api, [integer_operand(active(api), value, dtype, api=api, param=param)])

    def set_user_tag(self, tag: Any = 0) -> None:
        """``SetUserTag(tag)``: a number the kernel attaches to the tensor."""
        self._set(TensorMethod.SET_USER_TAG, "tag", tag, int32)

    def set_size(self, size: Any = 0) -> None:
        """``SetSize(size)``: the tensor's number of elements (within its memory)."""
        self._set(TensorMethod.SET_SIZE, "size", size, uint32)

    def set_buffer_len(self, data_len: Any) -> None:
        """``SetBufferLen(dataLen)``: the tensor's length in bytes."""
        self._set(TensorMethod.SET_BUFFER_LEN, "data_len", data_len, uint32)

    def set_addr_with_offset(self, src: Any, offset: Any) -> None:
        """``SetAddrWithOffset(src, offset)``: this tensor becomes ``src``'s memory from element ``offset`` on
        (CANN marks it deprecated; ``src[offset:]`` is the same view)."""
        from ascx.language.core.tensor_metadata import call

        api = "LocalTensor.set_addr_with_offset"
        builder = active(api)
        if not isinstance(src, LocalTensor):
            raise TypeError(f"{api}: src must be a LocalTensor, got {describe(src)}")
        operand = integer_operand(builder, offset, uint32, api=api, param="offset")
        call(self, TensorMethod.SET_ADDR_WITH_OFFSET, api, [src.ssa, operand])
        self.position = src.position

    def print(self, data_len: Any = None) -> None:
        """pyasc's ``Print``: CANN declares ``LocalTensor::Print`` in its CPU debug build only."""
        from ascx.language.core.tensor_metadata import not_for_the_npu

        del data_len
        not_for_the_npu(
            "LocalTensor.print",
            "CANN has LocalTensor::Print only in its CPU debug build (ASCENDC_CPU_DEBUG): a kernel for the NPU "
            "cannot call it",
            "print elements with asc.dump_tensor(tensor, desc, count)",
        )

    def to_file(self, file_name: Any) -> None:
        """pyasc's ``ToFile``: CANN declares ``LocalTensor::ToFile`` in its CPU debug build only."""
        from ascx.language.core.tensor_metadata import not_for_the_npu

        del file_name
        not_for_the_npu(
            "LocalTensor.to_file",
            "CANN has LocalTensor::ToFile only in its CPU debug build (ASCENDC_CPU_DEBUG): a kernel for the NPU "
            "cannot call it",
            "copy the tensor to GM with asc.data_copy and read it on the host",
        )

    def _query(self, query: ir.TensorQuery, dtype: DataType, what: str) -> RuntimeScalar:
        builder = active(f"LocalTensor.{query.value}")
        op = builder.insert(ir.TensorQueryOp(query, self.ssa, dtype.to_ir()))
        return RuntimeScalar(op.result, dtype, origin=what)

    def get_size(self) -> RuntimeScalar:
        """``GetSize()``: the number of elements (``int32``, as pyasc types it)."""
        return self._query(ir.TensorQuery.GET_SIZE, int32, "a tensor's size")

    def get_position(self) -> RuntimeScalar:
        """``GetPosition()``: the tensor's ``TPosition`` as an ``int32``."""
        return self._query(ir.TensorQuery.GET_POSITION, int32, "a tensor's position")

    def get_length(self) -> RuntimeScalar:
        """``GetLength()``: the size in bytes (``uint32``)."""
        return self._query(ir.TensorQuery.GET_LENGTH, uint32, "a tensor's length")

    def get_phy_addr(self, offset: Any = None) -> RuntimeScalar:
        """``GetPhyAddr()`` / ``GetPhyAddr(offset)``: the byte address of the tensor (or of its element
        ``offset``) in its on-chip memory (``uint64``), as ``trans_data_to_5hd``'s address forms take it."""
        from ascx.language.core.convert import integer_operand

        api = "LocalTensor.get_phy_addr"
        builder = active(api)
        index = None if offset is None else integer_operand(builder, offset, uint32, api=api, param="offset")
        op = builder.insert(ir.PhyAddrOp(self.ssa, index))
        return RuntimeScalar(op.result, uint64, origin="a tensor's address (get_phy_addr())")


__all__ = ["BaseTensor", "GlobalTensor", "LocalTensor"]
