"""``duplicate``: set every element of a tensor to a scalar (``AscendC::Duplicate``)."""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.dtype_rules import DUPLICATE
from ascx.language.basic.operands import (
    MASK_PARAMS,
    check_dtype,
    count_operand,
    dtype_rule,
    mask_operand,
    repeat_operand,
    tensor_param,
    vector_rules,
    vector_tensor,
)
from ascx.language.core.builder import active
from ascx.language.core.convert import element_operand
from ascx.language.core.dtype import uint8
from ascx.language.core.forms import Form, Param, bind, is_bool, is_int, is_mask_list, is_number
from ascx.language.reference import records

record = records(__name__, "basic/vector_conversion")

_LEAD = (tensor_param("dst"), Param("scalar", is_number, "int | float"))
_TAIL = (
    Param("repeat_times", is_int, "int"),
    Param("dst_block_stride", is_int, "int"),
    Param("dst_repeat_stride", is_int, "int"),
    Param("is_set_mask", is_bool, "bool", True),
)
FORMS = [
    Form("mask", (*_LEAD, Param("mask", is_int, "int"), *_TAIL)),
    Form("mask", (*_LEAD, Param("mask", is_mask_list, "list[int]"), *_TAIL)),
    Form("count", (*_LEAD, Param("count", is_int, "int"), Param("is_set_mask", is_bool, "bool", True))),
]


@record(
    forms=(
        "asc.duplicate(dst, scalar, count)",
        "asc.duplicate(dst, scalar, mask, repeat_times, dst_block_stride, dst_repeat_stride, is_set_mask=True)",
    ),
    cpp=(
        "template <typename T> void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, const int32_t& count);",
        "template <typename T, bool isSetMask = true> void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, "
        "uint64_t mask / const uint64_t mask[], const uint8_t repeatTimes, const uint16_t dstBlockStride, "
        "const uint8_t dstRepeatStride);",
    ),
    params=(("scalar", "a number or a runtime scalar, converted to dst's type"), *MASK_PARAMS),
    rules=(dtype_rule("duplicate", "dst", DUPLICATE, uint8), *vector_rules("duplicate", "dst")),
)
def duplicate(dst: Any, scalar: Any, *args: Any, **kwargs: Any) -> None:
    """Set every element of ``dst`` to ``scalar``; the mask form takes block and repeat strides."""
    builder = active("duplicate")
    form, bound = bind("duplicate", FORMS, (dst, scalar, *args), kwargs)
    d = vector_tensor(bound["dst"], "duplicate", "dst")
    check_dtype("duplicate", d, "dst", DUPLICATE)
    assert d.dtype is not None
    value = element_operand(builder, bound["scalar"], d.dtype, api="duplicate", param="scalar")
    if form == "count":
        optional = {"count": count_operand(builder, bound["count"], "duplicate")}
        flags: list[str] = []
    else:
        optional = {
            "mask": mask_operand(builder, bound["mask"], "duplicate"),
            "repeat_times": repeat_operand(builder, bound["repeat_times"], "duplicate"),
            "dst_block_stride": repeat_operand(builder, bound["dst_block_stride"], "duplicate", "dst_block_stride"),
            "dst_repeat_stride": repeat_operand(builder, bound["dst_repeat_stride"], "duplicate", "dst_repeat_stride"),
        }
        flags = ["is_set_mask"] if bound["is_set_mask"] else []
    builder.insert(ir.VecDuplicateOp.of([d.ssa, value], optional, {}, flags))


__all__ = ["duplicate"]
