"""``copy``: a unified-buffer to unified-buffer copy by the vector unit, under a mask, with block and
repeat strides (``AscendC::Copy``; pyasc lists it in ``asc.language.basic.data_copy``)."""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.layout import aligned_rule, require_aligned
from ascx.language.basic.operands import (
    check_dtype,
    dtype_rule,
    mask_operand,
    repeat_operand,
    same_dtype,
    tensor_param,
    vector_tensor,
)
from ascx.language.basic.vec_gather import COUNTER_NOTE, DATA_TYPES, MASK_PARAM
from ascx.language.core.api_errors import ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.dtype import uint8
from ascx.language.core.forms import Form, Param, bind, instance_of, is_bool, is_int, is_mask_list
from ascx.language.core.vector_params import CopyRepeatParams
from ascx.language.records import records

record = records(__name__, "basic/vector_data")

_TAIL = (
    Param("repeat_time", is_int, "int"),
    Param("repeat_params", instance_of(CopyRepeatParams), "CopyRepeatParams"),
    Param("is_set_mask", is_bool, "bool", True),
)
FORMS = [
    Form("mask", (tensor_param("dst"), tensor_param("src"), Param("mask", is_mask_list, "list[int]"), *_TAIL)),
    Form("mask", (tensor_param("dst"), tensor_param("src"), Param("mask", is_int, "int"), *_TAIL)),
]
MAX_REPEAT_SIZE = 4095
"""The largest repeat stride of ``CopyRepeatParams`` (blocks)."""


def repeat_size_message(field: str, value: int) -> str:
    return f"copy: {field} is at most {MAX_REPEAT_SIZE} blocks, got {value}"


@record(
    forms=("asc.copy(dst, src, mask, repeat_time, repeat_params, is_set_mask=True)",),
    cpp=(
        "template <typename T, bool isSetMask = true> void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
        "const uint64_t mask / const uint64_t mask[], const uint8_t repeatTime, const CopyRepeatParams& repeatParams);",
    ),
    params=(MASK_PARAM, ("repeat_time", "pyasc's spelling"), ("repeat_params", "a ``CopyRepeatParams``")),
    rules=(
        dtype_rule("copy", "src", DATA_TYPES, uint8, "dst and src agree"),
        f'Constant repeat sizes fit CANN\'s 12 bits: "{repeat_size_message("dst_repeat_size", 5000)}".',
        "``is_set_mask`` is a bool: ``asc.copy(dst, src, 128, 1, params, 0)`` fits no form.",
        aligned_rule("copy"),
    ),
    notes=(COUNTER_NOTE,),
)
def copy(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
    """Copy between unified-buffer tensors on the vector pipe, with a mask and block and repeat strides."""
    api = "copy"
    builder = active(api)
    _, bound = bind(api, FORMS, (dst, src, *args), kwargs)
    d = vector_tensor(bound["dst"], api, "dst")
    s = vector_tensor(bound["src"], api, "src")
    check_dtype(api, s, "src", DATA_TYPES)
    same_dtype(api, "Src and dst must be same type.", ("src", s), ("dst", d))
    require_aligned(api, d, "dst")
    require_aligned(api, s, "src")
    params = bound["repeat_params"]
    assert isinstance(params, CopyRepeatParams)
    for field in ("dst_repeat_size", "src_repeat_size"):
        value = params.constant(field)
        if value is not None and value > MAX_REPEAT_SIZE:
            raise ApiValueError(repeat_size_message(field, value))
    optional = {
        "mask": mask_operand(builder, bound["mask"], api),
        "repeat_times": repeat_operand(builder, bound["repeat_time"], api, "repeat_time"),
        "repeat_params": params.ssa,
    }
    flags = ["is_set_mask"] if bound["is_set_mask"] else []
    builder.insert(ir.VecCopyOp.of([d.ssa, s.ssa], optional, {}, flags))


__all__ = ["copy"]
