"""Reductions over a tensor: ``reduce_sum``, ``reduce_max``, ``reduce_min`` (``AscendC::ReduceSum`` ...),
which need a scratch tensor; ``reduce_max``/``reduce_min`` can also return the index.  The mask form's
repeat count is an ``int32_t`` (CANN allows more than 255 repeats here) and its stride a ``uint16_t``
range; pyasc truncates both to ``uint8``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.operands import (
    FLOATS,
    check_dtype,
    count_message,
    count_operand,
    dtype_rule,
    on_chip_rule,
    same_dtype,
    same_dtype_message,
    tensor_param,
    vector_tensor,
)
from ascx.language.basic.reduce_args import (
    INT32_RANGE,
    UINT16_RANGE,
    lane_mask_operand,
    lanes_message,
    range_message,
    ranged_operand,
)
from ascx.language.basic.ub_alignment import alignment_message, check_alignment

# pyasc's ``asc.language.basic.vec_reduce`` also holds the per-repeat reductions.
from ascx.language.basic.vec_reduce_per_repeat import (
    block_reduce_max,
    block_reduce_min,
    block_reduce_sum,
    pair_reduce_sum,
    repeat_reduce_sum,
    whole_reduce_max,
    whole_reduce_min,
    whole_reduce_sum,
)
from ascx.language.core.builder import active
from ascx.language.core.dtype import float16, float32, int16, uint32
from ascx.language.core.forms import Form, Param, bind, is_bool, is_int, is_mask_list
from ascx.language.records import records

record = records(__name__, "basic/vector_reduce")
SAME_TYPES = "Src, dst and shared_tmp_buffer must be same type."
"""pyasc's message (``same_dtype`` adds each operand's type)."""


def _forms(with_index: bool) -> list[Form]:
    lead = (tensor_param("dst"), tensor_param("src"), tensor_param("shared_tmp_buffer"))
    index = (Param("cal_index", is_bool, "bool", False),) if with_index else ()
    tail = (Param("repeat_time", is_int, "int"), Param("src_rep_stride", is_int, "int"), *index)
    return [
        Form("mask", (*lead, Param("mask", is_int, "int"), *tail)),
        Form("mask", (*lead, Param("mask", is_mask_list, "list[int]"), *tail)),
        Form("count", (*lead, Param("count", is_int, "int"), *index)),
    ]


def operands_why(cpp: str) -> str:
    return f"{cpp} reads and writes 32-byte aligned operands"


def index_why(cpp: str, pair: int) -> str:
    return f"{cpp} writes the value and its index to a {pair}-byte aligned address"


_FORMS_SHOWN = (
    "(dst, src, shared_tmp_buffer, count{index})",
    "(dst, src, shared_tmp_buffer, mask, repeat_time, src_rep_stride{index})",
)

REDUCE = FLOATS
"""What ``ReduceSum``/``ReduceMax``/``ReduceMin`` reduce on Atlas A2."""


def reduce_record(name: str, kind: ir.ReduceKind, meaning: str) -> dict[str, Any]:
    """The record fields of the reduction ``name``."""
    cpp = kind.cpp
    index = kind is not ir.ReduceKind.SUM
    extra = ", cal_index=False" if index else ""
    cpp_extra = ", bool calIndex = false" if index else ""
    same = same_dtype_message(name, SAME_TYPES, ("src", float16), ("dst", float16), ("shared_tmp_buffer", float32))
    rules = [
        dtype_rule(name, "src", REDUCE, int16, f'dst, src and the buffer agree: "{same}"'),
        on_chip_rule(name, "src"),
        f'A constant count is positive ("{count_message(name, 0)}"); a constant mask counts at most the lanes of one '
        f'repeat ("{lanes_message(name, 129, float16)}"); ``repeat_time`` is an ``int32_t`` (CANN allows more than '
        f"255 repeats here) and ``src_rep_stride`` is in [{UINT16_RANGE[0]}, {UINT16_RANGE[1]}] "
        f'("{range_message(name, "src_rep_stride", 65536, UINT16_RANGE)}").',
        "``src`` and ``shared_tmp_buffer`` are 32-byte aligned when the kernel shows where they start "
        f'("{alignment_message(name, "shared_tmp_buffer", 16, 32, operands_why(cpp))}").',
        "On the emulation, a ``shared_tmp_buffer`` smaller than CANN's formula asks for is an error "
        "(\"ReduceMax: sharedTmpBuffer holds 8 elements but the reduction needs 24 (CANN's formula for the count "
        'form)"), and a count or repeat count of 0 does nothing.',
    ]
    if index:
        rules.append(
            "With ``cal_index``, ``dst`` holds the value and its index: "
            f'"{alignment_message(name, "dst", 2, 4, index_why(cpp, 4))}".'
        )
    return {
        "summary": f"The {meaning} of the elements of ``src`` into ``dst[0]``"
        + (" (with its index after it when ``cal_index``)." if index else ".")
        + " ``shared_tmp_buffer`` is scratch space.",
        "forms": tuple(f"asc.{name}" + form.format(index=extra) for form in _FORMS_SHOWN),
        "cpp": (
            f"template <typename T> void {cpp}(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
            f"const LocalTensor<T>& sharedTmpBuffer, const int32_t count{cpp_extra});",
            f"template <typename T> void {cpp}(..., const int32_t mask / const uint64_t mask[], "
            f"const int32_t repeatTime, const int32_t srcRepStride{cpp_extra});",
        ),
        "params": (("count", "elements (``uint32``, as pyasc types it)"), ("repeat_time", "pyasc's spelling")),
        "rules": tuple(rules),
        "notes": (
            "pyasc converts ``repeat_time`` and ``src_rep_stride`` to ``uint8``, so more than 255 wraps around.",
        ),
    }


def _reduce(name: str, kind: ir.ReduceKind) -> Callable[..., None]:
    forms = _forms(kind is not ir.ReduceKind.SUM)
    cpp = kind.cpp

    def op(dst: Any, src: Any, shared_tmp_buffer: Any, *args: Any, **kwargs: Any) -> None:
        builder = active(name)
        form, bound = bind(name, forms, (dst, src, shared_tmp_buffer, *args), kwargs)
        d = vector_tensor(bound["dst"], name, "dst")
        s = vector_tensor(bound["src"], name, "src")
        tmp = vector_tensor(bound["shared_tmp_buffer"], name, "shared_tmp_buffer")
        check_dtype(name, s, "src", REDUCE)
        same_dtype(
            name,
            SAME_TYPES,
            ("src", s),
            ("dst", d),
            ("shared_tmp_buffer", tmp),
        )
        assert s.dtype is not None
        for param, tensor in (("src", s), ("shared_tmp_buffer", tmp)):
            check_alignment(name, param, tensor, 32, operands_why(cpp))
        if bound.get("cal_index", False):
            pair = 2 * s.dtype.bitwidth // 8
            check_alignment(name, "dst", d, pair, index_why(cpp, pair))
        if form == "count":
            optional = {"count": count_operand(builder, bound["count"], name, uint32)}
        else:
            optional = {
                "mask": lane_mask_operand(builder, bound["mask"], name, s.dtype, checked=True),
                "repeat_times": ranged_operand(builder, bound["repeat_time"], name, "repeat_time", INT32_RANGE),
                "src_rep_stride": ranged_operand(
                    builder, bound["src_rep_stride"], name, "src_rep_stride", UINT16_RANGE
                ),
            }
        flags = ["cal_index"] if bound.get("cal_index", False) else []
        builder.insert(ir.VecReduceOp.of([d.ssa, s.ssa, tmp.ssa], optional, {"kind": ir.ReduceKindAttr(kind)}, flags))

    op.__name__ = op.__qualname__ = name
    return op


reduce_sum = record.document(
    _reduce("reduce_sum", ir.ReduceKind.SUM), **reduce_record("reduce_sum", ir.ReduceKind.SUM, "sum")
)
reduce_max = record.document(
    _reduce("reduce_max", ir.ReduceKind.MAX), **reduce_record("reduce_max", ir.ReduceKind.MAX, "maximum")
)
reduce_min = record.document(
    _reduce("reduce_min", ir.ReduceKind.MIN), **reduce_record("reduce_min", ir.ReduceKind.MIN, "minimum")
)

__all__ = [
    "block_reduce_max",
    "block_reduce_min",
    "block_reduce_sum",
    "pair_reduce_sum",
    "reduce_max",
    "reduce_min",
    "reduce_sum",
    "repeat_reduce_sum",
    "whole_reduce_max",
    "whole_reduce_min",
    "whole_reduce_sum",
]
