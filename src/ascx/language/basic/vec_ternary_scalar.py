"""``axpy``: ``dst = scalar * src + dst`` (pyasc's ``asc.language.basic.vec_ternary_scalar``,
``AscendC::Axpy``); ``dst`` may be float32 with a float16 source.  ``asc.adv.axpy`` is another API."""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.operands import (
    count_form,
    extent_operands,
    mask_forms,
    on_chip_rule,
    tensor_param,
    vector_tensor,
)
from ascx.language.basic.vec_fused import MASK_FORM_PARAMS, pairs_message
from ascx.language.basic.vec_gather import COUNTER_NOTE
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import element_operand
from ascx.language.core.dtype import float16, float32
from ascx.language.core.forms import Form, Param, bind, is_number
from ascx.language.core.params import UnaryRepeatParams
from ascx.language.records import records

record = records(__name__, "basic/vector_fused")

_LEADING = (tensor_param("dst"), tensor_param("src"), Param("scalar", is_number, "int | float"))
FORMS = [
    *(Form(kind, (*_LEADING, *tail)) for kind, tail in mask_forms(UnaryRepeatParams)),
    Form("count", (*_LEADING, *count_form())),
]
PAIRS = ((float16, float16), (float32, float32), (float16, float32))
"""(src, dst) on Atlas A2: the scalar has the source's type."""


def wide_mask_message(mask: int) -> str:
    return f"axpy: a repeat of float16 into float32 takes at most 64 elements, got mask {mask}"


@record(
    forms=(
        "asc.axpy(dst, src, scalar, count)",
        "asc.axpy(dst, src, scalar, mask, repeat_times, repeat_params, is_set_mask=True)",
    ),
    cpp=(
        "template <typename T, typename U> void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, "
        "const U& scalarValue, const int32_t& count);",
        "template <typename T, typename U, bool isSetMask = true> void Axpy(..., const U& scalarValue, "
        "uint64_t mask / uint64_t mask[], const uint8_t repeatTime, const UnaryRepeatParams& repeatParams);",
    ),
    params=(("scalar", "a number or runtime scalar, converted to src's type"), *MASK_FORM_PARAMS),
    rules=(
        f'CANN\'s pairs: "{pairs_message("axpy", float32, float16, PAIRS)}".',
        f'float16 into float32 takes 64 elements a repeat: "{wide_mask_message(128)}".',
        on_chip_rule("axpy", "src"),
    ),
    notes=("``asc.adv.axpy`` (the advanced API) is another function.", COUNTER_NOTE),
)
def axpy(dst: Any, src: Any, scalar: Any, *args: Any, **kwargs: Any) -> None:
    """Element-wise ``dst = src * scalar + dst``; the scalar has ``src``'s type."""
    api = "axpy"
    builder = active(api)
    form, bound = bind(api, FORMS, (dst, src, scalar, *args), kwargs)
    d = vector_tensor(bound["dst"], api, "dst")
    s = vector_tensor(bound["src"], api, "src")
    if (s.dtype, d.dtype) not in PAIRS:
        raise ApiTypeError(pairs_message(api, s.dtype, d.dtype, PAIRS))
    mask = bound.get("mask")
    if form == "mask" and d.dtype != s.dtype and isinstance(mask, int) and mask > 64:
        raise ApiValueError(
            wide_mask_message(mask),
            "the repeat is counted in float32 lanes: use mask <= 64 and twice the repeats",
        )
    assert s.dtype is not None
    value = element_operand(builder, bound["scalar"], s.dtype, api=api, param="scalar")
    optional, flags = extent_operands(builder, api, form, bound)
    builder.insert(ir.VecAxpyOp.of([d.ssa, s.ssa, value], optional, {}, flags))


__all__ = ["axpy"]
