"""``duplicate``: set every element of a tensor to a scalar (``AscendC::Duplicate``); ``create_vec_index``: fill
it with consecutive values (``AscendC::CreateVecIndex``)."""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.layout import aligned_rule, require_aligned
from ascx.language.basic.operands import (
    MASK_PARAMS,
    check_dtype,
    count_operand,
    dtype_rule,
    mask_operand,
    on_chip_rule,
    repeat_operand,
    tensor_param,
    vector_rules,
    vector_tensor,
)
from ascx.language.core.api_errors import ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import element_operand, integer_operand
from ascx.language.core.dtype import DataType, float16, float32, int16, int32, uint8, uint16, uint32
from ascx.language.core.forms import Form, Param, bind, is_bool, is_int, is_mask_list, is_number
from ascx.language.records import records

record = records(__name__, "basic/vector_conversion")

DUPLICATE = (float16, float32, int16, uint16, int32, uint32)
"""What ``Duplicate`` fills on Atlas A2."""

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


INDEX_TYPES = (float16, int16, float32, int32)
"""What ``CreateVecIndex`` fills on Atlas A2."""
_INDEX_LEAD = (tensor_param("dst"), Param("first_value", is_number, "int | float"))
_INDEX_STRIDES = (
    Param("repeat_time", is_int, "int"),
    Param("dst_blk_stride", is_int, "int"),
    Param("dst_rep_stride", is_int, "int"),
)
INDEX_FORMS = [
    Form("mask", (*_INDEX_LEAD, Param("mask", is_int, "int"), *_INDEX_STRIDES)),
    Form("mask", (*_INDEX_LEAD, Param("mask", is_mask_list, "list[int]"), *_INDEX_STRIDES)),
    Form("count", (*_INDEX_LEAD, Param("count", is_int, "int"))),
]


INDEX_LIMITS = {int16: (-(2**15), 2**15 - 1), int32: (-(2**31), 2**31 - 1)}


def index_range_message(api: str, first: int, last: int, dtype: DataType) -> str:
    return f"{api}: the values run from {first} to {last}, beyond the range of {dtype}"


def _check_index_range(api: str, first: object, count: object, dtype: DataType) -> None:
    """CANN: ``firstValue`` (and so every value) stays in the range of the element type; checked for the
    integer types when the first value and the count are constants."""
    limits = INDEX_LIMITS.get(dtype)
    if limits is None or type(first) is not int or type(count) is not int:
        return
    last = first + count - 1
    if first < limits[0] or last > limits[1]:
        raise ApiValueError(index_range_message(api, first, last, dtype), "start lower, or fill fewer elements")


_RANGE_EXAMPLE = index_range_message("create_vec_index", 32760, 32887, int16)


@record(
    forms=(
        "asc.create_vec_index(dst, first_value, count)",
        "asc.create_vec_index(dst, first_value, mask, repeat_time, dst_blk_stride, dst_rep_stride)",
    ),
    cpp=(
        "template <typename T> void CreateVecIndex(LocalTensor<T> dst, const T& firstValue, uint32_t count);",
        "template <typename T> void CreateVecIndex(LocalTensor<T>& dst, const T& firstValue, uint64_t mask / "
        "uint64_t mask[], uint8_t repeatTime, uint16_t dstBlkStride, uint8_t dstRepStride);",
    ),
    params=(
        ("first_value", "a number or a runtime scalar, converted to dst's type: the value of element 0"),
        ("count", "elements"),
        ("mask", "an int (the first lanes of each repeat) or a list of one or two 64-bit words (which lanes)"),
        ("repeat_time", "repeats of 256 bytes of ``dst`` (``uint8_t``)"),
        ("dst_blk_stride", "32-byte blocks between the blocks of one repeat"),
        ("dst_rep_stride", "32-byte blocks between repeats"),
    ),
    rules=(
        dtype_rule("create_vec_index", "dst", INDEX_TYPES, uint16),
        "The values stay in the range of dst's type (CANN's constraint), checked for int16 and int32 when "
        f'``first_value`` and ``count`` are constants: "{_RANGE_EXAMPLE}".',
        "The kernel creates a TPipe: CANN's CreateVecIndex waits for its scalar writes with an event id it takes "
        "from the TPipe (rule [XC-9](../../rules/cross-core.md#xc-9)).",
        aligned_rule("create_vec_index"),
        on_chip_rule("create_vec_index", "dst"),
    ),
    notes=(
        "Element ``j`` of repeat ``r`` is ``first_value + r * lanes + j``.  CANN writes the first 32-byte block "
        "with the scalar unit and adds the block and repeat lengths on the vector pipe, rounding to ``T`` at each "
        "add: for float16 beyond 2048 the values are those of these adds; the emulation computes them the same way.",
        "The first repeat is written even with ``repeat_time=0`` (CANN's implementation writes it before it counts "
        "the repeats; its documentation calls 0 a no-op).",
        "ascx orders the call as vector work, and CANN orders its own scalar writes before its vector adds; but "
        "nothing orders those scalar writes after earlier vector or copy work on ``dst``: the analyses do not see "
        "that yet, so give such a ``dst`` a ``V_S`` (or ``MTE2_S``) flag before the call, or use a fresh tensor.",
    ),
    example="""
    pipe = asc.TPipe()  # CreateVecIndex takes an event id from it (XC-9)
    idx = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 2048, 64)
    asc.create_vec_index(idx, 0, 64)
    fresh = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 4096, 256)
    asc.create_vec_index(fresh, 1.0, 128, 2, 1, 8)
    """,
)
def create_vec_index(dst: Any, first_value: Any, *args: Any, **kwargs: Any) -> None:
    """Fill ``dst`` with consecutive values from ``first_value``: ``dst[i] = first_value + i``."""
    api = "create_vec_index"
    builder = active(api)
    form, bound = bind(api, INDEX_FORMS, (dst, first_value, *args), kwargs)
    d = vector_tensor(bound["dst"], api, "dst")
    check_dtype(api, d, "dst", INDEX_TYPES)
    require_aligned(api, d, "dst")
    assert d.dtype is not None
    if form == "count":
        _check_index_range(api, bound["first_value"], bound["count"], d.dtype)
    value = element_operand(builder, bound["first_value"], d.dtype, api=api, param="first_value")
    if form == "count":
        optional = {"count": count_operand(builder, bound["count"], api, uint32)}
    else:
        optional = {
            "mask": mask_operand(builder, bound["mask"], api),
            "repeat_time": repeat_operand(builder, bound["repeat_time"], api, "repeat_time"),
            "dst_blk_stride": integer_operand(
                builder, bound["dst_blk_stride"], uint16, api=api, param="dst_blk_stride"
            ),
            "dst_rep_stride": repeat_operand(builder, bound["dst_rep_stride"], api, "dst_rep_stride"),
        }
    builder.insert(ir.VecCreateVecIndexOp.of([d.ssa, value], optional))


__all__ = ["create_vec_index", "duplicate"]
