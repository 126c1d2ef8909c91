"""Reductions with one result per repeat, per block or per pair: ``whole_reduce_sum``/``max``/``min``
(``AscendC::WholeReduceSum`` ...), ``block_reduce_sum``/``max``/``min``, ``pair_reduce_sum`` and
``repeat_reduce_sum``.  They have the mask form only; the repeat count and strides are ``int32_t``
in C++ and CANN documents them within [0, 255] (repeats) and [0, 65535] (strides).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.language.basic.dtype_rules import FLOATS
from ascx.language.basic.operands import tensor_param, vector_tensor
from ascx.language.basic.reduce_args import (
    UINT8_RANGE,
    UINT16_RANGE,
    float_operands,
    lane_mask_operand,
    ranged_operand,
)
from ascx.language.basic.ub_alignment import check_alignment
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.enums import ReduceOrder
from ascx.language.core.forms import Form, Param, bind, instance_of, is_bool, is_int, is_mask_list

_STRIDES = ("dst_rep_stride", "src_blk_stride", "src_rep_stride")
_SET_MASK = Param("is_set_mask", is_bool, "bool", True)
_ORDER = Param("order", instance_of(ReduceOrder), "ReduceOrder", ReduceOrder.ORDER_VALUE_INDEX)


def _ints(*names: str) -> tuple[Param, ...]:
    return tuple(Param(name, is_int, "int") for name in names)


def _mask_forms(before: tuple[str, ...], after: tuple[str, ...], tail: tuple[Param, ...]) -> list[Form]:
    """The int-mask and list-mask forms of ``(dst, src, *before, mask, *after, *tail)``."""
    lead = (tensor_param("dst"), tensor_param("src"), *_ints(*before))
    return [
        Form("mask", (*lead, Param("mask", is_int, "int"), *_ints(*after), *tail)),
        Form("mask", (*lead, Param("mask", is_mask_list, "list[int]"), *_ints(*after), *tail)),
    ]


class _Call:
    """One call of a per-repeat reduction: its checked operands, by name."""

    def __init__(self, api: str, forms: list[Form], args: tuple[Any, ...], kwargs: dict[str, Any]):
        self.api = api
        self.builder: IRBuilder = active(api)
        _, self.bound = bind(api, forms, args, kwargs)
        self.dst = vector_tensor(self.bound["dst"], api, "dst")
        self.src = vector_tensor(self.bound["src"], api, "src")
        float_operands(api, FLOATS, ("src", self.src), ("dst", self.dst))
        check_alignment(api, "src", self.src, 32, "the source of a vector instruction is 32-byte aligned")
        self.set_mask = bool(self.bound.get("is_set_mask", True))

    @property
    def element_bytes(self) -> int:
        assert self.dst.dtype is not None
        return self.dst.dtype.bitwidth // 8

    def operands(self, repeat_param: str, names: tuple[str, ...]) -> dict[str, SSAValue]:
        """The mask, the repeat count (pyasc calls it ``repeat_param``) and the strides ``names``."""
        b = self.builder
        assert self.src.dtype is not None
        result = {
            "mask": lane_mask_operand(b, self.bound["mask"], self.api, self.src.dtype, checked=self.set_mask),
            "repeat_times": ranged_operand(b, self.bound[repeat_param], self.api, repeat_param, UINT8_RANGE),
        }
        for name in names:
            result[name] = ranged_operand(b, self.bound[name], self.api, name, UINT16_RANGE)
        return result

    def dst_aligned(self, alignment: int, why: str) -> None:
        check_alignment(self.api, "dst", self.dst, alignment, why)

    @property
    def flags(self) -> list[str]:
        return ["is_set_mask"] if self.set_mask else []


# --- whole_reduce_* ------------------------------------------------------------------------------------

_WHOLE_SUM_FORMS = _mask_forms((), ("repeat_time", *_STRIDES), (_SET_MASK,))
_WHOLE_FORMS = _mask_forms((), ("repeat_time", *_STRIDES), (_ORDER, _SET_MASK))

_ORDER_BYTES = {
    ReduceOrder.ORDER_VALUE_INDEX: 2,
    ReduceOrder.ORDER_INDEX_VALUE: 2,
    ReduceOrder.ORDER_ONLY_VALUE: 1,
}
"""The destination alignment of each order, in elements of the data type; ORDER_ONLY_INDEX writes
``uint32_t`` indices (4 bytes)."""


def whole_reduce_sum(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
    call = _Call("whole_reduce_sum", _WHOLE_SUM_FORMS, (dst, src, *args), kwargs)
    optional = call.operands("repeat_time", _STRIDES)
    builder = call.builder
    builder.insert(ir.VecWholeReduceSumOp.of([call.dst.ssa, call.src.ssa], optional, flags=call.flags))


def _whole_extreme(name: str, kind: ir.ReduceKind) -> Callable[..., None]:
    cpp = f"WholeReduce{str(kind).capitalize()}"

    def op(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
        call = _Call(name, _WHOLE_FORMS, (dst, src, *args), kwargs)
        order = ReduceOrder(call.bound["order"])
        alignment = 4 if order is ReduceOrder.ORDER_ONLY_INDEX else _ORDER_BYTES[order] * call.element_bytes
        call.dst_aligned(alignment, f"{cpp} with {order.name} writes {alignment}-byte results")
        optional = call.operands("repeat_time", _STRIDES)
        properties = {"kind": ir.ReduceKindAttr(kind), "order": ir.ReduceOrderAttr(ir.ReduceOrder[order.name])}
        call.builder.insert(ir.VecWholeReduceOp.of([call.dst.ssa, call.src.ssa], optional, properties, call.flags))

    op.__name__ = op.__qualname__ = name
    return op


whole_reduce_max = _whole_extreme("whole_reduce_max", ir.ReduceKind.MAX)
whole_reduce_min = _whole_extreme("whole_reduce_min", ir.ReduceKind.MIN)


# --- block_reduce_*, pair_reduce_sum, repeat_reduce_sum ------------------------------------------------

_BLOCK_FORMS = _mask_forms(("repeat",), _STRIDES, (_SET_MASK,))


def _block(name: str, kind: ir.ReduceKind) -> Callable[..., None]:
    cpp = f"BlockReduce{str(kind).capitalize()}"

    def op(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
        call = _Call(name, _BLOCK_FORMS, (dst, src, *args), kwargs)
        alignment = 8 * call.element_bytes
        call.dst_aligned(alignment, f"{cpp} writes 8 results per repeat to a {alignment}-byte aligned address")
        optional = call.operands("repeat", _STRIDES)
        properties = {"kind": ir.ReduceKindAttr(kind)}
        call.builder.insert(ir.VecBlockReduceOp.of([call.dst.ssa, call.src.ssa], optional, properties, call.flags))

    op.__name__ = op.__qualname__ = name
    return op


block_reduce_sum = _block("block_reduce_sum", ir.ReduceKind.SUM)
block_reduce_max = _block("block_reduce_max", ir.ReduceKind.MAX)
block_reduce_min = _block("block_reduce_min", ir.ReduceKind.MIN)

_PAIR_FORMS = _mask_forms(("repeat_time",), _STRIDES, (_SET_MASK,))


def pair_reduce_sum(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
    call = _Call("pair_reduce_sum", _PAIR_FORMS, (dst, src, *args), kwargs)
    call.dst_aligned(32, "PairReduceSum writes to a 32-byte aligned address")
    optional = call.operands("repeat_time", _STRIDES)
    call.builder.insert(ir.VecPairReduceSumOp.of([call.dst.ssa, call.src.ssa], optional, flags=call.flags))


_REPEAT_STRIDES = ("dst_blk_stride", "src_blk_stride", "dst_rep_stride", "src_rep_stride")
_REPEAT_FORMS = [
    Form(
        "mask",
        (
            tensor_param("dst"),
            tensor_param("src"),
            *_ints("repeat_time", "mask", *_REPEAT_STRIDES),
            _SET_MASK,
        ),
    )
]


def repeat_reduce_sum(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
    call = _Call("repeat_reduce_sum", _REPEAT_FORMS, (dst, src, *args), kwargs)
    optional = call.operands("repeat_time", _REPEAT_STRIDES)
    call.builder.insert(ir.VecRepeatReduceSumOp.of([call.dst.ssa, call.src.ssa], optional, flags=call.flags))


__all__ = [
    "block_reduce_max",
    "block_reduce_min",
    "block_reduce_sum",
    "pair_reduce_sum",
    "repeat_reduce_sum",
    "whole_reduce_max",
    "whole_reduce_min",
    "whole_reduce_sum",
]
