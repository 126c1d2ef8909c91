"""``brcb``: each of eight ``src`` elements a repeat fills one 32-byte block of ``dst`` (pyasc's
``asc.language.basic.vec_brcb``, ``AscendC::Brcb``)."""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.layout import aligned_rule, require_aligned
from ascx.language.basic.operands import (
    check_dtype,
    dtype_rule,
    repeat_operand,
    same_dtype,
    tensor_param,
    vector_tensor,
)
from ascx.language.basic.vec_gather import DATA_TYPES
from ascx.language.core.api_errors import ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.dtype import uint8
from ascx.language.core.forms import Form, Param, bind, instance_of, is_int
from ascx.language.core.vector_params import BrcbRepeatParams
from ascx.language.records import records

record = records(__name__, "basic/vector_data")
ZERO_STRIDE = "brcb: dst_blk_stride must not be 0 (CANN leaves it undefined)"

FORMS = [
    Form(
        "repeat",
        (
            tensor_param("dst"),
            tensor_param("src0"),
            Param("repeat_times", is_int, "int"),
            Param("repeat_params", instance_of(BrcbRepeatParams), "BrcbRepeatParams"),
        ),
    )
]


@record(
    forms=("asc.brcb(dst, src0, repeat_times, repeat_params)",),
    cpp=(
        "template <typename T> void Brcb(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
        "const uint8_t repeatTime, const BrcbRepeatParams& repeatParams);",
    ),
    params=(("repeat_params", "a ``BrcbRepeatParams``: the block and repeat strides of ``dst``"),),
    rules=(
        dtype_rule("brcb", "src0", DATA_TYPES, uint8),
        f'A constant ``dst_blk_stride`` of 0: "{ZERO_STRIDE}".',
        aligned_rule("brcb"),
    ),
)
def brcb(dst: Any, src0: Any, *args: Any, **kwargs: Any) -> None:
    """Broadcast each of eight elements of ``src0`` to a 32-byte block of ``dst``, per repeat."""
    api = "brcb"
    builder = active(api)
    _, bound = bind(api, FORMS, (dst, src0, *args), kwargs)
    d = vector_tensor(bound["dst"], api, "dst")
    s = vector_tensor(bound["src0"], api, "src0")
    check_dtype(api, s, "src0", DATA_TYPES)
    same_dtype(api, "Src0 and dst must be same type.", ("src0", s), ("dst", d))
    require_aligned(api, d, "dst")
    require_aligned(api, s, "src0")
    params = bound["repeat_params"]
    assert isinstance(params, BrcbRepeatParams)
    if params.constant("dst_blk_stride") == 0:
        raise ApiValueError(ZERO_STRIDE, "use 1 for contiguous blocks")
    optional = {"repeat_times": repeat_operand(builder, bound["repeat_times"], api), "repeat_params": params.ssa}
    builder.insert(ir.VecBrcbOp.of([d.ssa, s.ssa], optional))


__all__ = ["brcb"]
