"""Reference records of ``asc.language.core``: tensors, addresses, shapes and properties (rendered by
``ascx.language.reference``)."""

from __future__ import annotations

from ascx.language.core.api_docs_parity import FAMILIES as PARITY_FAMILIES
from ascx.language.reference import ApiEntry, Family

_T = "ascx.language.core.tensor"

TENSORS = Family(
    "core/tensors",
    "Tensors: `GlobalTensor` and `LocalTensor`",
    """
    A `GlobalTensor` is a typed view of global memory, a `LocalTensor` one of on-chip memory
    (the unified buffer for vector work, L1/L0 buffers for the cube).  Tensors come from
    `set_global_buffer`, from queues and buffers (see [queues](../fwk/queues.md) and
    [buffers](../fwk/buffers.md)), or from a fixed on-chip address.  `t[offset:]` is the view that
    starts `offset` elements further on.  Element access runs on the scalar unit.
    """,
    (
        ApiEntry(
            f"{_T}:GlobalTensor",
            "A tensor in global memory. Its data type comes from the address given to ``set_global_buffer``, "
            "which declares it.",
            ("g = asc.GlobalTensor()",),
            ("AscendC::GlobalTensor<T> g;",),
            title="asc.GlobalTensor",
        ),
        ApiEntry(
            f"{_T}:GlobalTensor.set_global_buffer",
            "Point the tensor at a global-memory address, optionally with its size in elements.",
            ("g.set_global_buffer(buffer)", "g.set_global_buffer(buffer, buffer_size)"),
            ("void SetGlobalBuffer(__gm__ T* buffer);", "void SetGlobalBuffer(__gm__ T* buffer, uint64_t bufferSize);"),
            (("buffer", "a kernel address argument or ``address + offset``"), ("buffer_size", "elements; an integer")),
            (
                '``buffer`` must be an address: "Either DataType or typed GlobalAddress must be provided to instantiate '
                'GlobalTensor".',
            ),
        ),
        ApiEntry(
            f"{_T}:BaseTensor.__getitem__",
            "The view that starts ``offset`` elements further on (``t[offset]`` means the same).",
            ("view = t[offset:]", "view = t[offset]"),
            (
                "GlobalTensor operator[](const uint64_t offset) const;",
                "LocalTensor operator[](const uint32_t offset) const;",
            ),
            (("offset", "an integer, compile-time or runtime"),),
            (
                'A slice with a stop or step: "Slice operation with provided stop and step is not supported for '
                'GlobalTensor".',
                "``t(i)`` is rejected (pyasc emits code that does not compile): use ``t[i:]``, "
                "``t.get_value(i)`` or ``t.set_value(i, v)``.",
            ),
            title="t[offset:]",
        ),
        ApiEntry(
            f"{_T}:BaseTensor.get_value",
            "Read one element on the scalar unit.",
            ("value = t.get_value(offset)",),
            (
                "T GetValue(const uint64_t offset) const;  // GlobalTensor",
                "T GetValue(const uint32_t index) const;  // LocalTensor",
            ),
            (("offset", "an integer; the element index"),),
            (
                "The result has the tensor's data type.",
                'A float index: "LocalTensor.get_value: offset must be an integer, got the float 1.5".',
            ),
            title="t.get_value",
        ),
        ApiEntry(
            f"{_T}:BaseTensor.set_value",
            "Write one element from the scalar unit.",
            ("t.set_value(offset, value)",),
            (
                "void SetValue(const uint64_t offset, T value);  // GlobalTensor",
                "template <typename S> void SetValue(const uint32_t index, const S value) const;  // LocalTensor",
            ),
            (("offset", "an integer"), ("value", "a number or runtime scalar, converted to the tensor's data type")),
            ('A constant must fit: "LocalTensor.set_value: value 70000 does not fit int16".',),
            title="t.set_value",
        ),
        ApiEntry(
            f"{_T}:GlobalTensor.get_size",
            "The number of elements (``uint64``).",
            ("size = g.get_size()",),
            ("uint64_t GetSize() const;",),
        ),
        ApiEntry(
            f"{_T}:GlobalTensor.set_l2_cache_hint",
            "How the L2 cache keeps this tensor's data.",
            ("g.set_l2_cache_hint(mode=asc.CacheMode.CACHE_MODE_NORMAL, rw_mode=asc.CacheRwMode.RW)",),
            ("template <CacheRwMode rwMode = CacheRwMode::RW> void SetL2CacheHint(CacheMode mode);",),
            (
                ("mode", "``asc.CacheMode``: NORMAL, DISABLE, LAST, PERSISTENT"),
                ("rw_mode", "``asc.CacheRwMode``: READ, WRITE, RW"),
            ),
            ('Both are enum members: "set_l2_cache_hint: mode must be an asc.CacheMode, got the int 0".',),
            (
                "pyasc 1.1.1 swaps NORMAL and DISABLE in its C++ and rejects LAST and PERSISTENT; ascx emits the mode given.",
            ),
        ),
        ApiEntry(
            f"{_T}:LocalTensor",
            "A tensor in on-chip memory: at a fixed address (``pos``, ``addr`` in bytes, ``tile_size`` in elements), "
            "or declared without memory, to be filled by ``alloc_tensor(t)`` or ``deque(t)``.",
            ("t = asc.LocalTensor(dtype, pos, addr, tile_size)", "t = asc.LocalTensor(dtype)"),
            ("AscendC::LocalTensor<T> t(AscendC::TPosition::POS, addr, tileSize);", "AscendC::LocalTensor<T> t;"),
            (
                ("dtype", "the element type"),
                ("pos", "an on-chip ``asc.TPosition``"),
                ("addr", "bytes from the start of the memory"),
                ("tile_size", "elements"),
            ),
            (
                'Give all four or only the dtype: "LocalTensor takes (dtype) or (dtype, pos, addr, tile_size); got pos without '
                'addr, tile_size".',
                'A constant address and size must end inside the memory: "LocalTensor: the tensor ends at '
                'byte 198048, beyond the 196608 bytes of the unified buffer (UB)".',
            ),
            title="asc.LocalTensor",
        ),
        ApiEntry(
            f"{_T}:LocalTensor.reinterpret_cast",
            "The same memory with another element type (the same tensor when the type is its own).",
            ("u = t.reinterpret_cast(dtype)",),
            ("template <typename U> LocalTensor<U> ReinterpretCast() const;",),
        ),
        ApiEntry(
            f"{_T}:LocalTensor.get_size",
            "The number of elements (``int32``, as pyasc types it).",
            ("size = t.get_size()",),
            ("uint32_t GetSize() const;",),
        ),
        ApiEntry(
            f"{_T}:LocalTensor.get_position",
            "The tensor's ``TPosition`` as an ``int32``.",
            ("position = t.get_position()",),
            ("int32_t GetPosition() const;",),
        ),
        ApiEntry(
            f"{_T}:LocalTensor.get_length",
            "The size in bytes (``uint32``).",
            ("length = t.get_length()",),
            ("uint32_t GetLength() const;",),
        ),
    ),
    """
    @asc.jit
    def kernel(x: asc.GlobalAddress, n: int) -> None:
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 1024)
        g.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_LAST, asc.CacheRwMode.READ)
        first = g[64:].get_value(0)
        g.set_value(n, first)
        total = g.get_size()
        ub = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, 512)
        ub[256:].set_value(1, 2.5)
        size = ub.get_size()
        position = ub.get_position()
        length = ub.get_length()
        bits = ub.reinterpret_cast(asc.int16)
        declared = asc.LocalTensor(asc.float32)
    """,
    "(MockTensor(asc.float16), MockValue(asc.int32))",
)

VALUES = Family(
    "core/values",
    "Addresses, shapes and hardware constants",
    """
    A kernel's pointer arguments are `asc.GlobalAddress` values: typed global-memory addresses that
    `+` moves by whole elements.  `asc.ShapeInfo` describes a tensor shape for `dump_tensor` and
    `get_shape_size`; `asc.property` reads a hardware constant.  Data types and enums are listed
    in [core](../core.md).
    """,
    (
        ApiEntry(
            "ascx.language.core.values:GlobalAddress.__add__",
            "The address ``offset`` elements further on; ``offset + address`` works too.",
            ("p = address + offset", "p = offset + address"),
            ("__gm__ T* p = address + offset;",),
            (("offset", "an integer, compile-time or runtime"),),
            (
                'A float offset: "GlobalAddress +: offset must be an integer, got the float 1.5". Other operators '
                "(``address - 1``) are not defined.",
            ),
            title="address + offset",
        ),
        ApiEntry(
            "ascx.language.core.shape_info:ShapeInfo",
            "A tensor shape of 1 to 8 dimensions, in ND format.",
            ("shape = asc.ShapeInfo([d0, d1, ...])",),
            ("uint32_t shape_dims[] = {d0, d1, ...};", "AscendC::ShapeInfo shape(N, shape_dims);"),
            (("shape", "a list or tuple of integers, compile-time or runtime"),),
            ('"ShapeInfo: a shape has 1 to 8 dimensions, got 9".',),
            ("pyasc builds the shape from ``asc.array``; ascx takes a Python list.",),
            title="asc.ShapeInfo",
        ),
        ApiEntry(
            "ascx.language.core.shape_info:get_shape_size",
            "The number of elements of a shape (``int32``).",
            ("n = asc.get_shape_size(shape_info)",),
            ("int32_t GetShapeSize(const ShapeInfo& shapeInfo);",),
            rules=('"get_shape_size: expected an asc.ShapeInfo, got the int 3".',),
        ),
        ApiEntry(
            "ascx.language.core.properties:property",
            "The value of a hardware constant of the ``AscendC`` namespace, printed inline.",
            ("value = asc.property(asc.DEFAULT_C0_SIZE)",),
            ("AscendC::DEFAULT_C0_SIZE  // ONE_BLK_SIZE (int16), TOTAL_L1_SIZE, TOTAL_L0C_SIZE",),
        ),
    ),
    """
    @asc.jit
    def kernel(x: asc.GlobalAddress, n: int) -> None:
        g = asc.GlobalTensor()
        g.set_global_buffer(x + n * asc.property(asc.DEFAULT_C0_SIZE))
        shape = asc.ShapeInfo([16, n])
        elements = asc.get_shape_size(shape)
        asc.dump_tensor(g, 1, elements, shape)
    """,
    "(MockTensor(asc.float16), MockValue(asc.int32))",
)

FAMILIES = (TENSORS, VALUES, *PARITY_FAMILIES)
