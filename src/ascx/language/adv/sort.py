"""``asc.adv.concat`` and ``asc.adv.extract``: the data preparation around ``Sort`` (``AscendC::Concat``,
``AscendC::Extract``).

On Atlas A2 ``Sort`` stores its results as 8-byte records, the value in the low bytes and its ``uint32``
index in the high 4 bytes, 32 records per repeat; ``extract`` splits them into values and indices, and
``concat`` makes its destination refer to the source (CANN: ``concat = src``).
"""

from __future__ import annotations

from typing import Any

from xdsl.ir import SSAValue

from ascx.dialects.ascendc.adv_ops import ConcatOp, ExtractOp
from ascx.language.adv.known_values import known_int
from ascx.language.adv.lib_records import library_records
from ascx.language.adv.utils import (
    check_aligned,
    dtype_message,
    lib_tensor,
    require_dtype,
    require_same_dtype,
    same_dtype_message,
)
from ascx.language.core.api_errors import ApiValueError
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.convert import integer_operand
from ascx.language.core.dtype import float16, float32, int16, int32, uint32
from ascx.language.core.values import RuntimeScalar

lib_record = library_records(__name__)

INDEX_TYPES = (uint32,)


def _repeat_message(api: str, repeat_time: int) -> str:
    """The message of a ``repeat_time`` that does not fit CANN's ``uint8_t`` repeat count."""
    return f"{api}: repeat_time {repeat_time} is outside [0, 255]"


def _repeat(builder: IRBuilder, value: Any, api: str) -> SSAValue:
    known = known_int(value)
    if known is not None and not 0 <= known <= 255:
        raise ApiValueError(_repeat_message(api, known))
    if not isinstance(value, int | RuntimeScalar):
        raise TypeError(f"'repeat_time' argument must be RuntimeInt, got {type(value).__name__}")
    return integer_operand(builder, value, int32, api=api, param="repeat_time")


@lib_record(
    cpp=(
        "template <typename T>\nvoid Concat(LocalTensor<T>& concat, const LocalTensor<T>& src, const "
        "LocalTensor<T>& tmp, const int32_t repeatTime);",
    ),
    params=(
        ("dst", "the tensor that comes to refer to ``src`` (half or float32)"),
        ("src", "the scores to sort"),
        ("tmp", "a tensor of ``src``'s type (unused on Atlas A2; ``GetConcatTmpSize`` is 0)"),
        ("repeat_time", "in [0, 255], 16 elements per repeat"),
    ),
    rules=(
        f'"{same_dtype_message("concat", "tmp", float32, "src", float16)}"; "{_repeat_message("concat", 256)}"; '
        "operands 32-byte aligned.",
    ),
    precision="No data moves (CANN: ``concat = src``).",
    example=("sort", "asc.adv.concat(records, records, values, 1)"),
)
def concat(dst: Any, src: Any, tmp: Any, repeat_time: Any) -> None:
    """``Concat``: prepare ``src`` for ``Sort``; on Atlas A2 ``dst`` comes to refer to ``src``'s memory."""
    api = "concat"
    builder = active(api)
    d = lib_tensor(dst, api, "dst")
    s = lib_tensor(src, api, "src")
    t = lib_tensor(tmp, api, "tmp")
    require_dtype(api, s, "src", (float16, float32))
    require_same_dtype(api, ("src", s), ("dst", d), ("tmp", t))
    check_aligned(api, ("dst", d), ("src", s), ("tmp", t))
    builder.insert(ConcatOp.of([d.ssa, s.ssa, t.ssa, _repeat(builder, repeat_time, api)]))


@lib_record(
    cpp=(
        "template <typename T>\nvoid Extract(const LocalTensor<T>& dstValue, const LocalTensor<uint32_t>& "
        "dstIndex, const LocalTensor<T>& sorted, const int32_t repeatTime);",
    ),
    params=(
        ("dst_value", "the values, of ``src``'s type (half or float32)"),
        ("dst_index", "the indices, uint32"),
        ("src", "the records: 8 bytes each, the value in the low bytes, the index in bytes 4-7"),
        ("repeat_time", "in [0, 255], 32 records per repeat"),
    ),
    rules=(
        f'"{dtype_message("extract", "dst_index", int16, INDEX_TYPES)}"; "{_repeat_message("extract", 256)}"; '
        "operands 32-byte aligned.",
    ),
    precision="Exact (the bits of the values and indices are copied).",
    example=("sort", "asc.adv.extract(values, indices, records, 8)"),
)
def extract(dst_value: Any, dst_index: Any, src: Any, repeat_time: Any) -> None:
    """``Extract``: split ``Sort``'s (value, index) records into values and uint32 indices."""
    api = "extract"
    builder = active(api)
    v = lib_tensor(dst_value, api, "dst_value")
    i = lib_tensor(dst_index, api, "dst_index")
    s = lib_tensor(src, api, "src")
    require_dtype(api, s, "src", (float16, float32))
    require_same_dtype(api, ("src", s), ("dst_value", v))
    require_dtype(api, i, "dst_index", INDEX_TYPES)
    check_aligned(api, ("dst_value", v), ("dst_index", i), ("src", s))
    builder.insert(ExtractOp.of([v.ssa, i.ssa, s.ssa, _repeat(builder, repeat_time, api)]))


__all__ = ["concat", "extract"]
