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
from ascx.language.basic.operands import FLOATS, dtype_message, on_chip_rule, tensor_param, type_list, vector_tensor
from ascx.language.basic.reduce_args import (
    UINT8_RANGE,
    UINT16_RANGE,
    float_operands,
    lane_mask_operand,
    lanes,
    lanes_message,
    negative_mask_message,
    one_dtype_message,
    range_message,
    ranged_operand,
)
from ascx.language.basic.ub_alignment import alignment_message, check_alignment
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.dtype import float16, float32, int16
from ascx.language.core.enums import ReduceOrder
from ascx.language.core.forms import Form, Param, bind, instance_of, is_bool, is_int, is_mask_list
from ascx.language.records import records

record = records(__name__, "basic/vector_reduce")

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


SRC_WHY = "the source of a vector instruction is 32-byte aligned"
"""Why the source is aligned, as the alignment check says it."""


def _common_rules(api: str, repeat: str = "repeat_time") -> tuple[str, ...]:
    """The rules every per-repeat reduction shares, quoting ``api``'s messages."""
    return (
        on_chip_rule(api, "src"),
        f"Data types {type_list(FLOATS)} (Atlas A2), one for both tensors: "
        f'"{dtype_message(api, "src", int16, FLOATS)}", "{one_dtype_message(api, "dst", float32, "src", float16)}".',
        f"A constant ``mask`` counts at most the lanes of one repeat ({lanes(float16)} for float16, {lanes(float32)} "
        "for float32; 0 makes the call a no-op, as CANN documents for Atlas A2): "
        f'"{lanes_message(api, 512, float16)}", "{negative_mask_message(api, -1)}"; with ``is_set_mask=False`` it '
        "is a placeholder and is not checked.",
        f"Constant repeat counts are in [{UINT8_RANGE[0]}, {UINT8_RANGE[1]}] and strides in [{UINT16_RANGE[0]}, "
        f'{UINT16_RANGE[1]}]: "{range_message(api, repeat, 256, UINT8_RANGE)}", '
        f'"{range_message(api, "src_rep_stride", 65536, UINT16_RANGE)}".',
        "A source whose start the kernel shows is 32-byte aligned: "
        f'"{alignment_message(api, "src", 16, 32, SRC_WHY)}".',
    )


_SET_MASK_PARAM = ("is_set_mask", "compile-time; False when the mask register is already set (``<T, false>``)")
_MASK_PARAM = (
    "mask",
    "an int (the first ``mask`` lanes of each repeat) or a list of one or two 64-bit words (which lanes)",
)
_STRIDE_PARAMS = (
    ("src_blk_stride", "32-byte blocks between the blocks of a repeat"),
    ("src_rep_stride", "32-byte blocks between repeats"),
)
TEMPLATE_NOTE = (
    "pyasc prints no template arguments, so its ``is_set_mask=False`` is lost; ascx names ``<T, isSetMask>``."
)
SUM_NOTE = (
    "The lanes add as a binary tree, neighbours first, as CANN documents; on the emulation every addition is rounded "
    "to the data type (half sums round to half at each level)."
)


class _Call:
    """One call of a per-repeat reduction: its checked operands, by name."""

    def __init__(self, api: str, forms: list[Form], args: tuple[Any, ...], kwargs: dict[str, Any]):
        self.api = api
        self.builder: IRBuilder = active(api)
        _, self.bound = bind(api, forms, args, kwargs)
        self.dst = vector_tensor(self.bound["dst"], api, "dst")
        self.src = vector_tensor(self.bound["src"], api, "src")
        float_operands(api, FLOATS, ("src", self.src), ("dst", self.dst))
        check_alignment(api, "src", self.src, 32, SRC_WHY)
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


def order_why(cpp: str, order: ReduceOrder, alignment: int) -> str:
    return f"{cpp} with {order.name} writes {alignment}-byte results"


def whole_record(kind: str) -> dict[str, Any]:
    """The record fields of ``whole_reduce_<kind>``."""
    api = f"whole_reduce_{kind}"
    cpp = f"WholeReduce{kind.capitalize()}"
    extreme = kind != "sum"
    order = ", order=asc.ReduceOrder.ORDER_VALUE_INDEX" if extreme else ""
    order_cpp = ", ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX" if extreme else ""
    meaning = {"sum": "The sum", "max": "The maximum", "min": "The minimum"}[kind]
    summary = f"{meaning} of each repeat of ``src`` into ``dst``, one result per repeat" + (
        ", with its index in the repeat placed as ``order`` says." if extreme else "."
    )
    rules = list(_common_rules(api))
    params = [_MASK_PARAM, ("repeat_time", "repeats, [0, 255]")]
    if extreme:
        params.append(
            (
                "dst_rep_stride",
                "results between repeats, in units of what one repeat writes: a value-index pair, a value, or a "
                "``uint32_t`` index (ORDER_ONLY_INDEX)",
            )
        )
        params.append(
            (
                "order",
                "``ReduceOrder``: ``ORDER_VALUE_INDEX`` [value, index], ``ORDER_INDEX_VALUE`` [index, value], "
                "``ORDER_ONLY_VALUE``, ``ORDER_ONLY_INDEX`` (a ``uint32_t``); the index is the lane in the repeat, "
                "stored as the bits of an unsigned integer of the data type's size; ties give the first lane",
            )
        )
        why = order_why(cpp, ReduceOrder.ORDER_VALUE_INDEX, 4)
        rules.append(
            "``dst`` is aligned to what one repeat writes (4 bytes for a float16 pair or index, 8 for a float32 pair): "
            f'"{alignment_message(api, "dst", 2, 4, why)}".'
        )
        notes = (
            "pyasc's ``whole_reduce_max``/``whole_reduce_min`` reject the ``is_set_mask`` their overloads declare; "
            "ascx takes it.",
            TEMPLATE_NOTE,
        )
    else:
        params.append(("dst_rep_stride", "elements between the results of consecutive repeats"))
        notes = (SUM_NOTE, TEMPLATE_NOTE)
    params += [*_STRIDE_PARAMS, _SET_MASK_PARAM]
    return {
        "summary": summary,
        "forms": (
            f"asc.{api}(dst, src, mask, repeat_time, dst_rep_stride, src_blk_stride, src_rep_stride"
            f"{order}, is_set_mask=True)",
        ),
        "cpp": (
            f"template <typename T, bool isSetMask = true> void {cpp}(const LocalTensor<T>& dst, "
            "const LocalTensor<T>& src, const int32_t mask, const int32_t repeatTime, const int32_t dstRepStride, "
            f"const int32_t srcBlkStride, const int32_t srcRepStride{order_cpp});",
            f"template <typename T, bool isSetMask = true> void {cpp}(..., const uint64_t mask[], "
            f"const int32_t repeatTime, ...{order_cpp});",
        ),
        "params": tuple(params),
        "rules": tuple(rules),
        "notes": notes,
    }


@record(**whole_record("sum"))
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
        call.dst_aligned(alignment, order_why(cpp, order, alignment))
        optional = call.operands("repeat_time", _STRIDES)
        properties = {"kind": ir.ReduceKindAttr(kind), "order": ir.ReduceOrderAttr(ir.ReduceOrder[order.name])}
        call.builder.insert(ir.VecWholeReduceOp.of([call.dst.ssa, call.src.ssa], optional, properties, call.flags))

    op.__name__ = op.__qualname__ = name
    return op


whole_reduce_max = record.document(_whole_extreme("whole_reduce_max", ir.ReduceKind.MAX), **whole_record("max"))
whole_reduce_min = record.document(_whole_extreme("whole_reduce_min", ir.ReduceKind.MIN), **whole_record("min"))


# --- block_reduce_*, pair_reduce_sum, repeat_reduce_sum ------------------------------------------------

_BLOCK_FORMS = _mask_forms(("repeat",), _STRIDES, (_SET_MASK,))


def block_why(cpp: str, alignment: int) -> str:
    return f"{cpp} writes 8 results per repeat to a {alignment}-byte aligned address"


def block_record(kind: str) -> dict[str, Any]:
    """The record fields of ``block_reduce_<kind>``."""
    api = f"block_reduce_{kind}"
    cpp = f"BlockReduce{kind.capitalize()}"
    meaning = {"sum": "sum", "max": "maximum", "min": "minimum"}[kind]
    return {
        "summary": f"The {meaning} of each 32-byte block of a repeat: 8 results per repeat.  A block with no lane in "
        "the mask is not written (Atlas A2).",
        "forms": (
            f"asc.{api}(dst, src, repeat, mask, dst_rep_stride, src_blk_stride, src_rep_stride, is_set_mask=True)",
        ),
        "cpp": (
            f"template <typename T, bool isSetMask = true> void {cpp}(const LocalTensor<T>& dst, "
            "const LocalTensor<T>& src, const int32_t repeatTime, const int32_t mask, const int32_t dstRepStride, "
            "const int32_t srcBlkStride, const int32_t srcRepStride);",
            f"template <typename T, bool isSetMask = true> void {cpp}(..., const int32_t repeatTime, "
            "const uint64_t mask[], ...);",
        ),
        "params": (
            ("repeat", "repeats, [0, 255] (before the mask, as in C++)"),
            _MASK_PARAM,
            ("dst_rep_stride", "units of 8 results (16 bytes for float16, 32 for float32) between repeats"),
            *_STRIDE_PARAMS,
            _SET_MASK_PARAM,
        ),
        "rules": (
            *_common_rules(api, "repeat"),
            "``dst`` is 16-byte (float16) or 32-byte (float32) aligned: "
            f'"{alignment_message(api, "dst", 16, 32, block_why(cpp, 32))}".',
        ),
        "notes": (
            "pyasc's kernels pass ``mask=512`` and ``mask=2**31 - 1``; ascx rejects them "
            "([pyasc kernels ascx rejects](../pyasc_rejections.md)).",
            "``is_set_mask`` is CANN's template argument; pyasc's ``block_reduce_*`` do not take it.",
            *((SUM_NOTE,) if kind == "sum" else ()),
        ),
    }


def _block(name: str, kind: ir.ReduceKind) -> Callable[..., None]:
    cpp = f"BlockReduce{str(kind).capitalize()}"

    def op(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
        call = _Call(name, _BLOCK_FORMS, (dst, src, *args), kwargs)
        alignment = 8 * call.element_bytes
        call.dst_aligned(alignment, block_why(cpp, alignment))
        optional = call.operands("repeat", _STRIDES)
        properties = {"kind": ir.ReduceKindAttr(kind)}
        call.builder.insert(ir.VecBlockReduceOp.of([call.dst.ssa, call.src.ssa], optional, properties, call.flags))

    op.__name__ = op.__qualname__ = name
    return op


block_reduce_sum = record.document(_block("block_reduce_sum", ir.ReduceKind.SUM), **block_record("sum"))
block_reduce_max = record.document(_block("block_reduce_max", ir.ReduceKind.MAX), **block_record("max"))
block_reduce_min = record.document(_block("block_reduce_min", ir.ReduceKind.MIN), **block_record("min"))

_PAIR_FORMS = _mask_forms(("repeat_time",), _STRIDES, (_SET_MASK,))


PAIR_WHY = "PairReduceSum writes to a 32-byte aligned address"


@record(
    forms=(
        "asc.pair_reduce_sum(dst, src, repeat_time, mask, dst_rep_stride, src_blk_stride, src_rep_stride, "
        "is_set_mask=True)",
    ),
    cpp=(
        "template <typename T, bool isSetMask = true> void PairReduceSum(const LocalTensor<T>& dst, "
        "const LocalTensor<T>& src, const int32_t repeatTime, const int32_t mask, const int32_t dstRepStride, "
        "const int32_t srcBlkStride, const int32_t srcRepStride);",
        "template <typename T, bool isSetMask = true> void PairReduceSum(..., const int32_t repeatTime, const uint64_t "
        "mask[], ...);",
    ),
    params=(
        ("repeat_time", "repeats, [0, 255]"),
        _MASK_PARAM,
        ("dst_rep_stride", "units of 128 bytes (one repeat's results) between repeats"),
        *_STRIDE_PARAMS,
        _SET_MASK_PARAM,
    ),
    rules=(
        *_common_rules("pair_reduce_sum"),
        f'``dst`` is 32-byte aligned: "{alignment_message("pair_reduce_sum", "dst", 16, 32, PAIR_WHY)}".',
    ),
    notes=(TEMPLATE_NOTE,),
)
def pair_reduce_sum(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
    """The sum of each pair of neighbouring lanes (0 and 1, 2 and 3, ...): half a repeat of results per repeat.  A
    pair with neither lane in the mask is not written (Atlas A2)."""
    call = _Call("pair_reduce_sum", _PAIR_FORMS, (dst, src, *args), kwargs)
    call.dst_aligned(32, PAIR_WHY)
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


@record(
    forms=(
        "asc.repeat_reduce_sum(dst, src, repeat_time, mask, dst_blk_stride, src_blk_stride, dst_rep_stride, "
        "src_rep_stride, is_set_mask=True)",
    ),
    cpp=(
        "template <typename T, bool isSetMask = true> void RepeatReduceSum(const LocalTensor<T>& dst, const "
        "LocalTensor<T>& src, const int32_t repeatTime, const int32_t mask, const int32_t dstBlkStride, const int32_t "
        "srcBlkStride, const int32_t dstRepStride, const int32_t srcRepStride);",
    ),
    params=(
        ("repeat_time", "repeats, [0, 255]"),
        ("mask", "the first ``mask`` lanes of each repeat (no bit-mask form)"),
        ("dst_rep_stride", "elements between the results of consecutive repeats"),
        _SET_MASK_PARAM,
    ),
    rules=_common_rules("repeat_reduce_sum"),
    notes=(SUM_NOTE, TEMPLATE_NOTE),
)
def repeat_reduce_sum(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
    """The sum of each repeat, as ``whole_reduce_sum`` (``dst_blk_stride`` is not used on Atlas A2)."""
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
