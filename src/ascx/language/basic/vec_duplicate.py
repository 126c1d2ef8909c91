"""``duplicate``: set every element of a tensor to a scalar (``AscendC::Duplicate``)."""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.dtype_rules import DUPLICATE
from ascx.language.basic.operands import (
    check_dtype,
    count_operand,
    mask_operand,
    repeat_operand,
    tensor_param,
    vector_tensor,
)
from ascx.language.core.builder import active
from ascx.language.core.convert import element_operand
from ascx.language.core.forms import Form, Param, bind, is_bool, is_int, is_mask_list, is_number

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


def duplicate(dst: Any, scalar: Any, *args: Any, **kwargs: Any) -> None:
    """``AscendC::Duplicate(dst, scalar, count)``."""
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
