"""``gather`` (``AscendC::Gather``: element ``i`` of ``dst`` from ``src`` at byte ``src_base +
src_offset[i]``) and ``gatherb`` (``AscendC::Gatherb``: 32-byte blocks of ``src`` at byte offsets, eight a
repeat) (pyasc's ``asc.language.basic.vec_gather``)."""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.layout import aligned_rule, require_aligned
from ascx.language.basic.operands import (
    check_dtype,
    count_operand,
    dtype_rule,
    mask_operand,
    on_chip_rule,
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
    uint8,
    uint16,
    uint32,
)
from ascx.language.core.forms import Form, Param, bind, instance_of, is_int, is_mask_list
from ascx.language.core.tensor import LocalTensor
from ascx.language.core.vector_params import GatherRepeatParams
from ascx.language.records import records

record = records(__name__, "basic/vector_data")

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


def offsets_message(param: str, got: object) -> str:
    """pyasc's message for offsets that are not ``uint32``."""
    return f"Invalid {param} data type, got {got}, expect uint32."


def check_offsets(api: str, offsets: LocalTensor, param: str) -> None:
    if offsets.dtype != uint32:
        raise ApiTypeError(offsets_message(param, offsets.dtype))


def base_message(api: str, param: str, value: int, dtype: DataType) -> str:
    return f"{api}: {param} {value} is not a multiple of sizeof({dtype}) = {dtype.sizeof()} bytes"


def check_base(api: str, value: object, param: str, dtype: DataType) -> None:
    """A constant base address (bytes) must be aligned to the element size."""
    if isinstance(value, int) and not isinstance(value, bool) and value % dtype.sizeof() != 0:
        raise ApiValueError(
            base_message(api, param, value, dtype), "give the base address in bytes, aligned to the element size"
        )


def count_repeats_message(api: str, count: int, dtype: DataType) -> str:
    lanes = 256 // dtype.sizeof()
    return f"{api}: count {count} needs {count // lanes} repeats of {lanes} elements, more than {MAX_REPEATS}"


def check_count_repeats(api: str, value: object, dtype: DataType) -> None:
    """The count form runs ``count / lanes`` full repeats, counted in a ``uint8_t``."""
    lanes = 256 // dtype.sizeof()
    if isinstance(value, int) and not isinstance(value, bool) and value // lanes > MAX_REPEATS:
        raise ApiValueError(count_repeats_message(api, value, dtype), "split the call")


MASK_PARAM = (
    "mask",
    "an int (how many elements of each repeat; in counter mode, of the whole call) or a list of one or two "
    "64-bit words (which elements), emitted as ``uint64_t mask[]``",
)
"""The record of the ``mask`` parameter of the mask forms."""
COUNTER_NOTE = (
    "In counter mode (``set_mask_count``) the mask forms take the mask as an element count and ignore "
    "``repeat_times`` (CANN's counter mode); the emulation does the same."
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


@record(
    forms=(
        "asc.gather(dst, src, src_offset, src_base, count)",
        "asc.gather(dst, src, src_offset, src_base, mask, repeat_times, dst_rep_stride)",
    ),
    cpp=(
        "template <typename T> void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
        "const LocalTensor<uint32_t>& srcOffset, const uint32_t srcBaseOffset, const uint32_t count);",
        "template <typename T> void Gather(..., const uint32_t srcBaseOffset, const uint64_t mask / const uint64_t "
        "mask[], const uint8_t repeatTime, const uint16_t dstRepStride);",
    ),
    params=(
        ("src_offset", "a ``uint32`` tensor of byte offsets into ``src``"),
        ("src_base", "a byte offset added to each, a multiple of the element size"),
        ("count", "elements"),
        MASK_PARAM,
        ("repeat_times", "repeats of 256 bytes of ``dst``"),
        ("dst_rep_stride", "32-byte blocks between repeats of ``dst``"),
    ),
    rules=(
        dtype_rule(
            "gather",
            "src",
            DATA_TYPES,
            uint8,
            f'dst agrees: "Src and dst must be same type."; offsets: "{offsets_message("src_offset", int16)}" '
            "(pyasc's message)",
        ),
        f'``src_base`` is aligned to the element: "{base_message("gather", "src_base", 3, float16)}".',
        f'The count form runs at most {MAX_REPEATS} repeats: "{count_repeats_message("gather", 40000, float16)}".',
        aligned_rule("gather"),
        on_chip_rule("gather", "src"),
    ),
    notes=(COUNTER_NOTE, "pyasc's unit kernel passes ``mask=512`` for float16 (128 lanes): it compiles, as in pyasc."),
)
def gather(dst: Any, src: Any, src_offset: Any, src_base: Any, *args: Any, **kwargs: Any) -> None:
    """Element ``i`` of ``dst`` is the element of ``src`` at byte ``src_base + src_offset[i]``."""
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


@record(
    forms=("asc.gatherb(dst, src0, offset, repeat_times, repeat_params)",),
    cpp=(
        "template <typename T> void Gatherb(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
        "const LocalTensor<uint32_t>& offset, const uint8_t repeatTime, const GatherRepeatParams& repeatParams);",
    ),
    params=(
        ("offset", "a ``uint32`` tensor of byte offsets, eight per repeat, each a multiple of 32"),
        ("repeat_params", "a ``GatherRepeatParams``: the block and repeat strides of ``dst``"),
    ),
    rules=(dtype_rule("gatherb", "src0", GATHERB_TYPES, float16, "offsets are uint32"), aligned_rule("gatherb")),
)
def gatherb(dst: Any, src0: Any, offset: Any, *args: Any, **kwargs: Any) -> None:
    """Eight 32-byte blocks a repeat: block ``j`` of ``dst`` is the block of ``src0`` at byte ``offset[j]``."""
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


__all__ = ["gather", "gatherb"]
