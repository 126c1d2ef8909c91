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
from ascx.language.core.tensor_metadata import (
    CPU_ONLY,
    cpu_debug_only,
    not_for_the_npu_message,
    shape_info_message,
)
from ascx.language.core.values import GlobalAddress, Handle, RuntimeScalar
from ascx.language.fwk.budget import UNIFIED_BUFFER, beyond_message
from ascx.language.records import records

if TYPE_CHECKING:
    from ascx.language.fwk.tque import TQueBind

record = records(__name__, "core/tensors")
NO_ADDRESS = "Either DataType or typed GlobalAddress must be provided to instantiate GlobalTensor"
PRINT_CPU_ONLY = cpu_debug_only("LocalTensor::Print")
TO_FILE_CPU_ONLY = cpu_debug_only("LocalTensor::ToFile")


def slice_message(kind: str) -> str:
    """A slice with a stop or a step of a ``kind`` (``GlobalTensor``) tensor (pyasc's message)."""
    return f"Slice operation with provided stop and step is not supported for {kind}"


def cache_hint_message(param: str, kind: str, got: str) -> str:
    return f"set_l2_cache_hint: {param} must be an asc.{kind}, got {got}"


def local_tensor_message(given: list[str]) -> str:
    """``LocalTensor`` given some of ``pos``, ``addr``, ``tile_size`` but not all three."""
    missing = ", ".join(n for n in ("pos", "addr", "tile_size") if n not in given)
    return f"LocalTensor takes (dtype) or (dtype, pos, addr, tile_size); got {', '.join(given)} without {missing}"


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

    @record(
        forms=("view = t[offset:]", "view = t[offset]"),
        cpp=(
            "GlobalTensor operator[](const uint64_t offset) const;",
            "LocalTensor operator[](const uint32_t offset) const;",
        ),
        params=(("offset", "an integer, compile-time or runtime"),),
        rules=(
            f'A slice with a stop or step: "{slice_message("GlobalTensor")}".',
            "``t(i)`` is rejected (pyasc emits code that does not compile): use ``t[i:]``, "
            "``t.get_value(i)`` or ``t.set_value(i, v)``.",
        ),
        title="t[offset:]",
    )
    def __getitem__(self, index: Any) -> Any:
        """The view that starts ``offset`` elements further on (``t[offset]`` means the same)."""
        api = f"{type(self).__name__} subscript"
        if is_instance(index, slice):  # not isinstance: slices are untyped, keep ``index`` as Any
            if index.stop is not None or index.step is not None:
                raise RuntimeError(slice_message(type(self).__name__))
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

    @record(
        forms=("value = t.get_value(offset)",),
        cpp=(
            "T GetValue(const uint64_t offset) const;  // GlobalTensor",
            "T GetValue(const uint32_t index) const;  // LocalTensor",
        ),
        params=(("offset", "an integer; the element index"),),
        rules=(
            "The result has the tensor's data type.",
            'A float index: "LocalTensor.get_value: offset must be an integer, got the float 1.5".',
        ),
        title="t.get_value",
    )
    def get_value(self, offset: Any) -> RuntimeScalar:
        """Read one element on the scalar unit."""
        name = f"{type(self).__name__}.get_value"
        builder = active(name)
        index = integer_operand(builder, offset, self.INDEX_DTYPE, api=name, param="offset")
        op = builder.insert(ir.GetValueOp(self.ssa, index))
        return RuntimeScalar(op.result, self._element_dtype(name), origin="an element read from a tensor")

    @record(
        forms=("t.set_value(offset, value)",),
        cpp=(
            "void SetValue(const uint64_t offset, T value);  // GlobalTensor",
            "template <typename S> void SetValue(const uint32_t index, const S value) const;  // LocalTensor",
        ),
        params=(
            ("offset", "an integer"),
            ("value", "a number or runtime scalar, converted to the tensor's data type"),
        ),
        rules=('A constant must fit: "LocalTensor.set_value: value 70000 does not fit int16".',),
        title="t.set_value",
    )
    def set_value(self, offset: Any, value: Any) -> None:
        """Write one element from the scalar unit."""
        name = f"{type(self).__name__}.set_value"
        builder = active(name)
        index = integer_operand(builder, offset, self.INDEX_DTYPE, api=name, param="offset")
        operand = element_operand(builder, value, self._element_dtype(name), api=name, param="value")
        builder.insert(ir.SetValueOp(self.ssa, index, operand))

    @record(
        forms=("shape = t.get_shape_info()",),
        cpp=("ShapeInfo GetShapeInfo() const;",),
        page="core/tensor_metadata",
    )
    def get_shape_info(self) -> Any:
        """The shape the tensor was given with ``set_shape_info`` (an ``asc.ShapeInfo``)."""
        from ascx.dialects.ascendc import ShapeInfoType
        from ascx.language.core.shape_info import ShapeInfo
        from ascx.language.core.tensor_metadata import call

        api = f"{type(self).__name__}.get_shape_info"
        result = call(self, TensorMethod.GET_SHAPE_INFO, api, [], ShapeInfoType())
        assert result is not None
        return ShapeInfo.wrap(result)

    @record(
        forms=("t.set_shape_info(shape_info)",),
        cpp=("void SetShapeInfo(const ShapeInfo& shapeInfo);",),
        rules=(f'"{shape_info_message("LocalTensor.set_shape_info", describe(3))}".',),
        page="core/tensor_metadata",
    )
    def set_shape_info(self, shape_info: Any) -> None:
        """Give the tensor a shape (``dump_tensor`` and the library APIs read it)."""
        from ascx.language.core.tensor_metadata import call, shape_info_argument

        api = f"{type(self).__name__}.set_shape_info"
        call(self, TensorMethod.SET_SHAPE_INFO, api, [shape_info_argument(shape_info, api)])


@record(
    forms=("g = asc.GlobalTensor()",),
    cpp=("AscendC::GlobalTensor<T> g;",),
    summary="A tensor in global memory. Its data type comes from the address given to ``set_global_buffer``, "
    "which declares it.",
    title="asc.GlobalTensor",
)
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

    @record(
        forms=("g.set_global_buffer(buffer)", "g.set_global_buffer(buffer, buffer_size)"),
        cpp=("void SetGlobalBuffer(__gm__ T* buffer);", "void SetGlobalBuffer(__gm__ T* buffer, uint64_t bufferSize);"),
        params=(
            ("buffer", "a kernel address argument or ``address + offset``"),
            ("buffer_size", "elements; an integer"),
        ),
        rules=(f'``buffer`` must be an address: "{NO_ADDRESS}".',),
    )
    def set_global_buffer(self, buffer: GlobalAddress | None = None, buffer_size: object = None) -> None:
        """Point the tensor at a global-memory address, optionally with its size in elements."""
        builder = active("GlobalTensor.set_global_buffer")
        if not isinstance(buffer, GlobalAddress):
            raise ValueError(NO_ADDRESS)
        if not self.is_bound or self.dtype != buffer.dtype:
            self.dtype = buffer.dtype
            point = builder.declaration_point(getattr(self, "_created_in", None) or builder.block)
            with builder.at(point):
                self.bind(builder.insert(ir.GlobalTensorOp(buffer.dtype.to_ir())).result)
        size = None
        if buffer_size is not None:
            size = integer_operand(builder, buffer_size, uint64, api="set_global_buffer", param="buffer_size")
        builder.insert(ir.SetGlobalBufferOp(self.ssa, buffer.ssa, size))

    @record(
        forms=("address = g.get_phy_addr(offset=0)",),
        cpp=("__gm__ T* GetPhyAddr(const uint64_t offset) const;",),
        page="core/tensor_metadata",
    )
    def get_phy_addr(self, offset: Any = 0) -> GlobalAddress:
        """The address of element ``offset`` (a global address)."""
        from ascx.language.core.tensor_metadata import call

        api = "GlobalTensor.get_phy_addr"
        builder = active(api)
        dtype = self._element_dtype(api)
        operand = integer_operand(builder, offset, uint64, api=api, param="offset")
        result = call(self, TensorMethod.GET_PHY_ADDR, api, [operand], ir.GMAddrType(dtype.to_ir()))
        assert result is not None
        return GlobalAddress(result, dtype, origin="a tensor's address (GlobalTensor.get_phy_addr())")

    @record(forms=("size = g.get_size()",), cpp=("uint64_t GetSize() const;",))
    def get_size(self) -> RuntimeScalar:
        """The number of elements (``uint64``)."""
        builder = active("GlobalTensor.get_size")
        op = builder.insert(ir.TensorQueryOp(ir.TensorQuery.GET_SIZE, self.ssa, uint64.to_ir()))
        return RuntimeScalar(op.result, uint64, origin="a tensor's size")

    @record(
        forms=("g.set_l2_cache_hint(mode=asc.CacheMode.CACHE_MODE_NORMAL, rw_mode=asc.CacheRwMode.RW)",),
        cpp=("template <CacheRwMode rwMode = CacheRwMode::RW> void SetL2CacheHint(CacheMode mode);",),
        params=(
            ("mode", "``asc.CacheMode``: NORMAL, DISABLE, LAST, PERSISTENT"),
            ("rw_mode", "``asc.CacheRwMode``: READ, WRITE, RW"),
        ),
        rules=(f'Both are enum members: "{cache_hint_message("mode", "CacheMode", describe(0))}".',),
        notes=(
            "pyasc 1.1.1 swaps NORMAL and DISABLE in its C++ and rejects LAST and PERSISTENT; ascx emits the mode "
            "given.",
        ),
    )
    def set_l2_cache_hint(
        self, mode: CacheMode = CacheMode.CACHE_MODE_NORMAL, rw_mode: CacheRwMode = CacheRwMode.RW
    ) -> None:
        """How the L2 cache keeps this tensor's data."""
        builder = active("GlobalTensor.set_l2_cache_hint")
        if not is_instance(mode, CacheMode):
            raise TypeError(cache_hint_message("mode", "CacheMode", describe(mode)))
        if not is_instance(rw_mode, CacheRwMode):
            raise TypeError(cache_hint_message("rw_mode", "CacheRwMode", describe(rw_mode)))
        builder.insert(
            ir.SetL2CacheHintOp(self.ssa, ir.CacheMode[CacheMode(mode).name], ir.CacheRwMode[CacheRwMode(rw_mode).name])
        )


_ON_CHIP = frozenset(TPosition) - {TPosition.GM, TPosition.MAX}


@record(
    forms=("t = asc.LocalTensor(dtype, pos, addr, tile_size)", "t = asc.LocalTensor(dtype)"),
    cpp=("AscendC::LocalTensor<T> t(AscendC::TPosition::POS, addr, tileSize);", "AscendC::LocalTensor<T> t;"),
    params=(
        ("dtype", "the element type"),
        ("pos", "an on-chip ``asc.TPosition``"),
        ("addr", "bytes from the start of the memory"),
        ("tile_size", "elements"),
    ),
    rules=(
        f'Give all four or only the dtype: "{local_tensor_message(["pos"])}".',
        f'A constant address and size must end inside the memory: "{beyond_message(198048, UNIFIED_BUFFER)}".',
    ),
    summary="A tensor in on-chip memory: at a fixed address (``pos``, ``addr`` in bytes, ``tile_size`` in "
    "elements), or declared without memory, to be filled by ``alloc_tensor(t)`` or ``deque(t)``.",
    title="asc.LocalTensor",
)
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
            raise TypeError(local_tensor_message(given))
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

    @record(
        forms=("u = t.reinterpret_cast(dtype)",), cpp=("template <typename U> LocalTensor<U> ReinterpretCast() const;",)
    )
    def reinterpret_cast(self, dtype: DataType) -> LocalTensor:
        """The same memory with another element type (the same tensor when the type is its own)."""
        builder = active("LocalTensor.reinterpret_cast")
        if not is_instance(dtype, DataType):
            raise RuntimeError("ReinterpretCast dtype must be integer or float")
        if dtype == self.dtype:
            return self
        op = builder.insert(ir.ReinterpretCastOp(self.ssa, dtype.to_ir()))
        return LocalTensor.wrap(op.result, dtype, self.position, self.queue)

    @record(forms=("tag = t.get_user_tag()",), cpp=("TTagType GetUserTag() const;",), page="core/tensor_metadata")
    def get_user_tag(self) -> RuntimeScalar:
        """The tag ``set_user_tag`` gave the tensor (``int32``)."""
        from ascx.language.core.tensor_metadata import call

        result = call(self, TensorMethod.GET_USER_TAG, "LocalTensor.get_user_tag", [], int32.to_ir())
        assert result is not None
        return RuntimeScalar(result, int32, origin="a tensor's tag (LocalTensor.get_user_tag())")

    def _set(self, method: TensorMethod, param: str, value: Any, dtype: DataType) -> None:
        from ascx.language.core.tensor_metadata import call

        api = f"LocalTensor.{method}"
        call(self, method, api, [integer_operand(active(api), value, dtype, api=api, param=param)])

    @record(
        forms=("t.set_user_tag(tag=0)",), cpp=("void SetUserTag(const TTagType tag);",), page="core/tensor_metadata"
    )
    def set_user_tag(self, tag: Any = 0) -> None:
        """Attach a number to the tensor."""
        self._set(TensorMethod.SET_USER_TAG, "tag", tag, int32)

    @record(forms=("t.set_size(size=0)",), cpp=("void SetSize(const uint32_t size);",), page="core/tensor_metadata")
    def set_size(self, size: Any = 0) -> None:
        """The tensor's number of elements (it must stay within its memory)."""
        self._set(TensorMethod.SET_SIZE, "size", size, uint32)

    @record(
        forms=("t.set_buffer_len(data_len)",),
        cpp=("void SetBufferLen(uint32_t dataLen);",),
        page="core/tensor_metadata",
    )
    def set_buffer_len(self, data_len: Any) -> None:
        """The tensor's length in bytes."""
        self._set(TensorMethod.SET_BUFFER_LEN, "data_len", data_len, uint32)

    @record(
        forms=("t.set_addr_with_offset(src, offset)",),
        cpp=("template <typename S> void SetAddrWithOffset(LocalTensor<S>& src, uint32_t offset);",),
        notes=(
            "CANN marks it deprecated; ``src[offset:]`` is the same view.  The sync passes do not see that the "
            "tensor now shares ``src``'s memory.",
        ),
        page="core/tensor_metadata",
    )
    def set_addr_with_offset(self, src: Any, offset: Any) -> None:
        """The tensor becomes ``src``'s memory from element ``offset`` of ``src`` on."""
        from ascx.language.core.tensor_metadata import call

        api = "LocalTensor.set_addr_with_offset"
        builder = active(api)
        if not isinstance(src, LocalTensor):
            raise TypeError(f"{api}: src must be a LocalTensor, got {describe(src)}")
        operand = integer_operand(builder, offset, uint32, api=api, param="offset")
        call(self, TensorMethod.SET_ADDR_WITH_OFFSET, api, [src.ssa, operand])
        self.position = src.position

    @record(
        forms=("t.print(data_len)",),
        cpp=(),
        rules=(f'"{not_for_the_npu_message("LocalTensor.print", PRINT_CPU_ONLY)}".',),
        summary=f"pyasc's ``Print``. {CPU_ONLY}",
        title="LocalTensor.print",
        page="core/tensor_metadata",
    )
    def print(self, data_len: Any = None) -> None:
        """pyasc's ``Print``: CANN declares ``LocalTensor::Print`` in its CPU debug build only."""
        from ascx.language.core.tensor_metadata import not_for_the_npu

        del data_len
        not_for_the_npu(
            "LocalTensor.print",
            PRINT_CPU_ONLY,
            "print elements with asc.dump_tensor(tensor, desc, count)",
        )

    @record(
        forms=("t.to_file(file_name)",),
        cpp=(),
        rules=(f'"{not_for_the_npu_message("LocalTensor.to_file", TO_FILE_CPU_ONLY)}".',),
        summary=f"pyasc's ``ToFile``. {CPU_ONLY}",
        title="LocalTensor.to_file",
        page="core/tensor_metadata",
    )
    def to_file(self, file_name: Any) -> None:
        """pyasc's ``ToFile``: CANN declares ``LocalTensor::ToFile`` in its CPU debug build only."""
        from ascx.language.core.tensor_metadata import not_for_the_npu

        del file_name
        not_for_the_npu(
            "LocalTensor.to_file",
            TO_FILE_CPU_ONLY,
            "copy the tensor to GM with asc.data_copy and read it on the host",
        )

    def _query(self, query: ir.TensorQuery, dtype: DataType, what: str) -> RuntimeScalar:
        builder = active(f"LocalTensor.{query.value}")
        op = builder.insert(ir.TensorQueryOp(query, self.ssa, dtype.to_ir()))
        return RuntimeScalar(op.result, dtype, origin=what)

    @record(forms=("size = t.get_size()",), cpp=("uint32_t GetSize() const;",))
    def get_size(self) -> RuntimeScalar:
        """The number of elements (``int32``, as pyasc types it)."""
        return self._query(ir.TensorQuery.GET_SIZE, int32, "a tensor's size")

    @record(forms=("position = t.get_position()",), cpp=("int32_t GetPosition() const;",))
    def get_position(self) -> RuntimeScalar:
        """The tensor's ``TPosition`` as an ``int32``."""
        return self._query(ir.TensorQuery.GET_POSITION, int32, "a tensor's position")

    @record(forms=("length = t.get_length()",), cpp=("uint32_t GetLength() const;",))
    def get_length(self) -> RuntimeScalar:
        """The size in bytes (``uint32``)."""
        return self._query(ir.TensorQuery.GET_LENGTH, uint32, "a tensor's length")

    @record(
        forms=("addr = t.get_phy_addr()", "addr = t.get_phy_addr(offset)"),
        cpp=("uint64_t addr = (uint64_t)t.GetPhyAddr();", "uint64_t addr = (uint64_t)t.GetPhyAddr(offset);"),
        notes=(
            "``GetPhyAddr`` returns a ``__ubuf__`` pointer; ascx converts it as CANN's examples do (pyasc assigns the "
            "pointer to a ``uint64_t``, which C++ rejects).",
        ),
        title="t.get_phy_addr",
        page="basic/vector_data",
    )
    def get_phy_addr(self, offset: Any = None) -> RuntimeScalar:
        """The unified-buffer address of the tensor (plus ``offset`` elements), a ``uint64`` runtime value, for
        ``trans_data_to_5hd``'s address forms and ``set_cmp_mask``."""
        from ascx.language.core.convert import integer_operand

        api = "LocalTensor.get_phy_addr"
        builder = active(api)
        index = None if offset is None else integer_operand(builder, offset, uint32, api=api, param="offset")
        op = builder.insert(ir.PhyAddrOp(self.ssa, index))
        return RuntimeScalar(op.result, uint64, origin="a tensor's address (get_phy_addr())")


__all__ = ["BaseTensor", "GlobalTensor", "LocalTensor"]
