"""Reductions over a tensor: ``reduce_sum``, ``reduce_max``, ``reduce_min`` (``AscendC::ReduceSum`` ...),
which need a scratch tensor; ``reduce_max``/``reduce_min`` can also return the index.  The mask form's
repeat count is an ``int32_t`` (CANN allows more than 255 repeats here) and its stride a ``uint16_t``
range; pyasc truncates both to ``uint8``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.dtype_rules import REDUCE
from ascx.language.basic.operands import (
    check_dtype,
    count_operand,
    same_dtype,
    tensor_param,
    vector_tensor,
)
from ascx.language.basic.reduce_args import INT32_RANGE, UINT16_RANGE, lane_mask_operand, ranged_operand
from ascx.language.basic.ub_alignment import check_alignment

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
from ascx.language.core.dtype import uint32
from ascx.language.core.forms import Form, Param, bind, is_bool, is_int, is_mask_list


def _forms(with_index: bool) -> list[Form]:
    lead = (tensor_param("dst"), tensor_param("src"), tensor_param("shared_tmp_buffer"))
    index = (Param("cal_index", is_bool, "bool", False),) if with_index else ()
    tail = (Param("repeat_time", is_int, "int"), Param("src_rep_stride", is_int, "int"), *index)
    return [
        Form("mask", (*lead, Param("mask", is_int, "int"), *tail)),
        Form("mask", (*lead, Param("mask", is_mask_list, "list[int]"), *tail)),
        Form("count", (*lead, Param("count", is_int, "int"), *index)),
    ]


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
            "Src, dst and shared_tmp_buffer must be same type.",
            ("src", s),
            ("dst", d),
            ("shared_tmp_buffer", tmp),
        )
        assert s.dtype is not None
        for param, tensor in (("src", s), ("shared_tmp_buffer", tmp)):
            check_alignment(name, param, tensor, 32, f"{cpp} reads and writes 32-byte aligned operands")
        if bound.get("cal_index", False):
            pair = 2 * s.dtype.bitwidth // 8
            why = f"{cpp} writes the value and its index to a {pair}-byte aligned address"
            check_alignment(name, "dst", d, pair, why)
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


reduce_sum = _reduce("reduce_sum", ir.ReduceKind.SUM)
reduce_max = _reduce("reduce_max", ir.ReduceKind.MAX)
reduce_min = _reduce("reduce_min", ir.ReduceKind.MIN)

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
