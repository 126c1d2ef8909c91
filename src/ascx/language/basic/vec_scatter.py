"""``scatter``: element ``i`` of ``src`` to ``dst`` at byte ``dst_base + dst_offset[i]`` (pyasc's
``asc.language.basic.vec_scatter``, ``AscendC::Scatter``).

CANN documents Scatter as unsupported on Atlas A2 (dav-c220): its headers accept the call and compile it to
nothing.  ascx compiles it as written, warns at the call, and its emulation does what the device does:
nothing.
"""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.layout import require_aligned
from ascx.language.basic.operands import check_dtype, same_dtype, vector_tensor
from ascx.language.basic.vec_gather import (
    DATA_TYPES,
    MASK_PARAM,
    check_base,
    check_count_repeats,
    check_offsets,
    indexed_extent,
    indexed_forms,
    offsets_message,
)
from ascx.language.core.builder import active
from ascx.language.core.convert import integer_operand
from ascx.language.core.dtype import int16, uint8, uint32
from ascx.language.core.forms import bind
from ascx.language.records import records

record = records(__name__, "basic/vector_data")

SCATTER_FORMS = indexed_forms("dst_offset", "dst_base", "src_rep_stride")
UNSUPPORTED = (
    "scatter: Atlas A2 (dav-c220) has no Scatter instruction; CANN's AscendC::Scatter does nothing there, "
    "and neither does the emulation"
)


@record(
    forms=(
        "asc.scatter(dst, src, dst_offset, dst_base, count)",
        "asc.scatter(dst, src, dst_offset, dst_base, mask, repeat_times, src_rep_stride)",
    ),
    cpp=(
        "template <typename T> void Scatter(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
        "const LocalTensor<uint32_t>& dstOffset, const uint32_t dstBaseAddr, const uint32_t count);",
        "template <typename T> void Scatter(..., const uint32_t dstBaseAddr, const uint64_t mask / const uint64_t "
        "mask[], const uint8_t repeatTime, const uint8_t srcRepStride);",
    ),
    params=(("dst_offset", "a ``uint32`` tensor of byte offsets into ``dst``"), ("dst_base", "bytes"), MASK_PARAM),
    rules=(f'The rules of ``gather``, for ``dst_offset``: "{offsets_message("dst_offset", int16)}".',),
    notes=(
        "Atlas A2 (dav-c220) has no Scatter instruction: CANN's headers accept the call and compile it to "
        f'nothing.  ascx compiles it and warns at the call ("{UNSUPPORTED}").',
    ),
)
def scatter(dst: Any, src: Any, dst_offset: Any, dst_base: Any, *args: Any, **kwargs: Any) -> None:
    """Element ``i`` of ``src`` goes to ``dst`` at byte ``dst_base + dst_offset[i]``."""
    api = "scatter"
    builder = active(api)
    form, bound = bind(api, SCATTER_FORMS, (dst, src, dst_offset, dst_base, *args), kwargs)
    d = vector_tensor(bound["dst"], api, "dst")
    s = vector_tensor(bound["src"], api, "src")
    o = vector_tensor(bound["dst_offset"], api, "dst_offset")
    check_offsets(api, o, "dst_offset")
    check_dtype(api, s, "src", DATA_TYPES)
    same_dtype(api, "Src and dst must be same type.", ("src", s), ("dst", d))
    assert s.dtype is not None
    check_base(api, bound["dst_base"], "dst_base", s.dtype)
    if form == "count":
        check_count_repeats(api, bound["count"], s.dtype)
    for tensor, name in ((d, "dst"), (s, "src"), (o, "dst_offset")):
        require_aligned(api, tensor, name)
    base = integer_operand(builder, bound["dst_base"], uint32, api=api, param="dst_base")
    optional = indexed_extent(builder, api, form, bound, "src_rep_stride", uint8)
    builder.warn(UNSUPPORTED)
    builder.insert(ir.VecScatterOp.of([d.ssa, s.ssa, o.ssa, base], optional))


__all__ = ["scatter"]
