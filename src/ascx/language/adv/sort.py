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
from ascx.language.adv.utils import check_aligned, lib_tensor, require_dtype, require_same_dtype
from ascx.language.core.api_errors import ApiValueError
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.convert import integer_operand
from ascx.language.core.dtype import float16, float32, int32, uint32
from ascx.language.core.values import RuntimeScalar


def _repeat(builder: IRBuilder, value: Any, api: str) -> SSAValue:
    known = known_int(value)
    if known is not None and not 0 <= known <= 255:
        raise ApiValueError(f"{api}: repeat_time {known} is outside [0, 255]")
    if not isinstance(value, int | RuntimeScalar):
        raise TypeError(f"'repeat_time' argument must be RuntimeInt, got {type(value).__name__}")
    return integer_operand(builder, value, int32, api=api, param="repeat_time")


def concat(dst: Any, src: Any, tmp: Any, repeat_time: Any) -> None:
    api = "concat"
    builder = active(api)
    d = lib_tensor(dst, api, "dst")
    s = lib_tensor(src, api, "src")
    t = lib_tensor(tmp, api, "tmp")
    require_dtype(api, s, "src", (float16, float32))
    require_same_dtype(api, ("src", s), ("dst", d), ("tmp", t))
    check_aligned(api, ("dst", d), ("src", s), ("tmp", t))
    builder.insert(ConcatOp.of([d.ssa, s.ssa, t.ssa, _repeat(builder, repeat_time, api)]))


def extract(dst_value: Any, dst_index: Any, src: Any, repeat_time: Any) -> None:
    api = "extract"
    builder = active(api)
    v = lib_tensor(dst_value, api, "dst_value")
    i = lib_tensor(dst_index, api, "dst_index")
    s = lib_tensor(src, api, "src")
    require_dtype(api, s, "src", (float16, float32))
    require_same_dtype(api, ("src", s), ("dst_value", v))
    require_dtype(api, i, "dst_index", (uint32,))
    check_aligned(api, ("dst_value", v), ("dst_index", i), ("src", s))
    builder.insert(ExtractOp.of([v.ssa, i.ssa, s.ssa, _repeat(builder, repeat_time, api)]))


__all__ = ["concat", "extract"]
