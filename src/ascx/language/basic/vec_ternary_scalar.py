"""``axpy``: ``dst = scalar * src + dst`` (pyasc's ``asc.language.basic.vec_ternary_scalar``,
``AscendC::Axpy``); ``dst`` may be float32 with a float16 source.  ``asc.adv.axpy`` is another API."""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.operands import count_form, extent_operands, mask_forms, tensor_param, vector_tensor
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import element_operand
from ascx.language.core.dtype import float16, float32
from ascx.language.core.forms import Form, Param, bind, is_number
from ascx.language.core.params import UnaryRepeatParams

_LEADING = (tensor_param("dst"), tensor_param("src"), Param("scalar", is_number, "int | float"))
FORMS = [
    *(Form(kind, (*_LEADING, *tail)) for kind, tail in mask_forms(UnaryRepeatParams)),
    Form("count", (*_LEADING, *count_form())),
]
PAIRS = ((float16, float16), (float32, float32), (float16, float32))
"""(src, dst) on Atlas A2: the scalar has the source's type."""


def axpy(dst: Any, src: Any, scalar: Any, *args: Any, **kwargs: Any) -> None:
    """``AscendC::Axpy(dst, src, scalar, count)``; the mask form ``Axpy<T, U, isSetMask>(...)``."""
    api = "axpy"
    builder = active(api)
    form, bound = bind(api, FORMS, (dst, src, scalar, *args), kwargs)
    d = vector_tensor(bound["dst"], api, "dst")
    s = vector_tensor(bound["src"], api, "src")
    if (s.dtype, d.dtype) not in PAIRS:
        supported = ", ".join(f"{a} -> {b}" for a, b in PAIRS)
        raise ApiTypeError(f"axpy: {s.dtype} into {d.dtype} is not supported; axpy supports {supported}")
    mask = bound.get("mask")
    if form == "mask" and d.dtype != s.dtype and isinstance(mask, int) and mask > 64:
        raise ApiValueError(
            f"axpy: a repeat of float16 into float32 takes at most 64 elements, got mask {mask}",
            "the repeat is counted in float32 lanes: use mask <= 64 and twice the repeats",
        )
    assert s.dtype is not None
    value = element_operand(builder, bound["scalar"], s.dtype, api=api, param="scalar")
    optional, flags = extent_operands(builder, api, form, bound)
    builder.insert(ir.VecAxpyOp.of([d.ssa, s.ssa, value], optional, {}, flags))


__all__ = ["axpy"]
