"""The family pages of ``asc.language.core``: tensors, addresses, shapes and properties, whose records stand
beside their APIs (rendered by ``ascx.language.reference``)."""

from __future__ import annotations

from ascx.language.core.api_docs_parity import FAMILIES as PARITY_FAMILIES
from ascx.language.reference import Family

_C = "ascx.language.core"

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
    (f"{_C}.tensor",),
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
    (f"{_C}.values", f"{_C}.shape_info", f"{_C}.properties"),
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
