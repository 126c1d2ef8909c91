"""The family pages of the core APIs added for pyasc parity, whose records stand beside the APIs: tensor
metadata methods and the methods pyasc exposes that a kernel for the NPU cannot call
(``docs/reference/core/tensor_metadata.md``), and the kernel helpers ``LocalTensorAuto``, ``asc.array``,
``asc.number``, ``asc.inline``, ``ceildiv`` and ``static_assert`` (``docs/reference/core/helpers.md``)."""

from __future__ import annotations

from ascx.language.reference import Family

_C = "ascx.language.core"
_RECORDS = "ascx.language.core.api_docs_parity"

TENSOR_METADATA = Family(
    "core/tensor_metadata",
    "Tensor metadata, and what a kernel for the NPU cannot call",
    """
    The metadata of a tensor object: its address, its shape information, a tag, its size.  They run
    on the scalar unit and change the tensor object, not its data.  pyasc also exposes methods that
    CANN's kernel API does not offer a kernel (CPU-debug-only functions, protected members, queue methods that do not compile on a TBuf); ascx has
    them, and each is an error at the call that says why.
    """,
    (f"{_C}.tensor", f"{_C}.shape_info", "ascx.language.fwk.tpipe", "ascx.language.fwk.tque", "ascx.language.fwk.tbuf"),
    """
    @asc.jit
    def kernel(x: asc.GlobalAddress) -> None:
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        t = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, 512)
        view = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, 512)
        address = t.get_phy_addr(256)
        element = g.get_phy_addr(8)
        shape = asc.ShapeInfo([16, 32])
        t.set_shape_info(shape)
        g.set_shape_info(t.get_shape_info())
        t.set_user_tag(7)
        tag = t.get_user_tag()
        t.set_size(256)
        t.set_buffer_len(512)
        view.set_addr_with_offset(t, 128)
        rows = shape.shape(0)
    """,
    "(MockTensor(asc.float16),)",
    records=_RECORDS,
)

HELPERS = Family(
    "core/helpers",
    "Kernel helpers: automatic tensors, arrays, typed numbers, inline C++, compile-time checks",
    """
    `LocalTensorAuto` is pyasc's automatic tensor (see [automatic synchronisation](../../passes/insert-sync.md));
    `asc.array` a scalar array of the kernel; `asc.number` a scalar of a given type; `asc.inline` C++ written
    by hand; `ceildiv` and `static_assert` compile-time helpers.
    """,
    (f"{_C}.tensor_auto", f"{_C}.array", f"{_C}.ops", f"{_C}.utils"),
    """
    @asc.jit
    def kernel(x: asc.GlobalAddress, n: int) -> None:
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        asc.static_assert(asc.ceildiv(256, 64) == 4, "four tiles")
        t = asc.LocalTensorAuto(asc.float32, 256)
        asc.data_copy(t, g, 256)
        asc.adds(t, t, 1.0, 256)
        asc.data_copy(g, t, 256)
        table = asc.array(asc.int32, [1, 2, 4, 8])
        scale = asc.number(table[n], asc.float32)
        asc.inline("// scale is {}", (scale,))
    """,
    "(MockTensor(asc.float32), MockValue(asc.int32))",
    records=_RECORDS,
)

FAMILIES = (TENSOR_METADATA, HELPERS)
