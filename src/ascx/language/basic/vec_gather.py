"""``gather`` (``AscendC::Gather``: element ``i`` of ``dst`` from ``src`` at byte ``src_base +
src_offset[i]``) and ``gatherb`` (``AscendC::Gatherb``: 32-byte blocks of ``src`` at byte offsets, eight a
repeat) (pyasc's ``asc.language.basic.vec_gather``)."""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.layout import require_aligned
from ascx.language.basic.operands import (
    check_dtype,
    count_operand,
    mask_operand,
    repeat_operand,
    same_dtype,
    tensor_param,
    vector_tensor,
)
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.convert import integer_operand
from ascx.language.core.dtype import (
    DataType,
    bfloat16,
    float16,
    float32,
    int16,
    int32,
    uint16,
    uint32,
)
from ascx.language.core.forms import Form, Param, bind, instance_of, is_int, is_mask_list
from ascx.language.core.tensor import LocalTensor
from ascx.language.core.vector_params import GatherRepeatParams

DATA_TYPES = (int16, uint16, float16, bfloat16, int32, uint32, float32)
"""What the data-rearranging ops move on Atlas A2."""
GATHERB_TYPES = (uint16, uint32)
MAX_REPEATS = 255


def indexed_forms(offset: str, base: str, stride: str) -> list[Form]:
    """pyasc's forms of ``gather``/``scatter``: the mask forms, then the count form."""
    leading = (tensor_param("dst"), tensor_param("src"), tensor_param(offset), Param(base, is_int, "int"))
    tail = (Param("repeat_times", is_int, "int"), Param(stride, is_int, "int"))
    return [
        Form("mask", (*leading, Param("mask", is_int, "int"), *tail)),
        Form("mask", (*leading, Param("mask", is_mask_list, "list[int]"), *tail)),
        Form("count", (*leading, Param("count", is_int, "int"))),
    ]


def check_offsets(api: str, offsets: LocalTensor, param: str) -> None:
    if offsets.dtype != uint32:
        raise ApiTypeError(f"Invalid {param} data type, got {offsets.dtype}, expect uint32.")


def check_base(api: str, value: object, param: str, dtype: DataType) -> None:
    """A constant base address (bytes) must be aligned to the element size."""
    if isinstance(value, int) and not isinstance(value, bool) and value % dtype.sizeof() != 0:
        raise ApiValueError(
            f"{api}: {param} {value} is not a multiple of sizeof({dtype}) = {dtype.sizeof()} bytes",
            "give the base address in bytes, aligned to the element size",
        )


def check_count_repeats(api: str, value: object, dtype: DataType) -> None:
    """The count form runs ``count / lanes`` full repeats, counted in a ``uint8_t``."""
    lanes = 256 // dtype.sizeof()
    if isinstance(value, int) and not isinstance(value, bool) and value // lanes > MAX_REPEATS:
        raise ApiValueError(
            f"{api}: count {value} needs {value // lanes} repeats of {lanes} elements, more than {MAX_REPEATS}",
            "split the call",
        )


def indexed_extent(
    builder: IRBuilder, api: str, form: str, bound: dict[str, Any], stride: str, stride_type: DataType
) -> dict[str, Any]:
    """The count or mask-form operands of ``gather``/``scatter``."""
    if form == "count":
        return {"count": count_operand(builder, bound["count"], api, uint32)}
    return {
        "mask": mask_operand(builder, bound["mask"], api),
        "repeat_times": repeat_operand(builder, bound["repeat_times"], api),
        stride: integer_operand(builder, bound[stride], stride_type, api=api, param=stride),
    }


GATHER_FORMS = indexed_forms("src_offset", "src_base", "dst_rep_stride")


def gather(dst: Any, src: Any, src_offset: Any, src_base: Any, *args: Any, **kwargs: Any) -> None:
    """``AscendC::Gather(dst, src, srcOffset, srcBaseAddr, count)`` and its mask forms."""
    api = "gather"
    builder = active(api)
    form, bound = bind(api, GATHER_FORMS, (dst, src, src_offset, src_base, *args), kwargs)
    d = vector_tensor(bound["dst"], api, "dst")
    s = vector_tensor(bound["src"], api, "src")
    o = vector_tensor(bound["src_offset"], api, "src_offset")
    check_dtype(api, s, "src", DATA_TYPES)
    same_dtype(api, "Src and dst must be same type.", ("src", s), ("dst", d))
    check_offsets(api, o, "src_offset")
    assert s.dtype is not None
    check_base(api, bound["src_base"], "src_base", s.dtype)
    if form == "count":
        check_count_repeats(api, bound["count"], s.dtype)
    for tensor, name in ((d, "dst"), (s, "src"), (o, "src_offset")):
        require_aligned(api, tensor, name)
    base = integer_operand(builder, bound["src_base"], uint32, api=api, param="src_base")
    optional = indexed_extent(builder, api, form, bound, "dst_rep_stride", uint16)
    builder.insert(ir.VecGatherOp.of([d.ssa, s.ssa, o.ssa, base], optional))


GATHERB_FORMS = [
    Form(
        "repeat",
        (
            tensor_param("dst"),
            tensor_param("src0"),
            tensor_param("offset"),
            Param("repeat_times", is_int, "int"),
            Param("repeat_params", instance_of(GatherRepeatParams), "GatherRepeatParams"),
        ),
    )
]


def gatherb(dst: Any, src0: Any, offset: Any, *args: Any, **kwargs: Any) -> None:
    """``AscendC::Gatherb(dst, src0, offset, repeatTime, repeatParams)``."""
    api = "gatherb"
    builder = active(api)
    _, bound = bind(api, GATHERB_FORMS, (dst, src0, offset, *args), kwargs)
    d = vector_tensor(bound["dst"], api, "dst")
    s = vector_tensor(bound["src0"], api, "src0")
    o = vector_tensor(bound["offset"], api, "offset")
    check_dtype(api, s, "src0", GATHERB_TYPES)
    same_dtype(api, "Src0 and dst must be same type.", ("src0", s), ("dst", d))
    check_offsets(api, o, "offset")
    for tensor, name in ((d, "dst"), (s, "src0"), (o, "offset")):
        require_aligned(api, tensor, name)
    params = bound["repeat_params"]
    assert isinstance(params, GatherRepeatParams)
    optional = {"repeat_times": repeat_operand(builder, bound["repeat_times"], api), "repeat_params": params.ssa}
    builder.insert(ir.VecGatherbOp.of([d.ssa, s.ssa, o.ssa], optional))
