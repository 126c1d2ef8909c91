"""Element-wise unary vector ops: ``abs``, ``exp``, ``ln``, ``sqrt``, ``rsqrt``, ``reciprocal``,
``relu``, ``bitwise_not`` (``AscendC::Abs`` ... ``AscendC::Not``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.operands import (
    BITWISE,
    FLOATS,
    MASK_PARAMS,
    SAME_SRC_DST,
    check_dtype,
    dtype_rule,
    extent_operands,
    same_dtype,
    same_dtype_message,
    tensor_param,
    vector_forms,
    vector_rules,
    vector_tensor,
)
from ascx.language.core.builder import active
from ascx.language.core.dtype import DataType, float16, float32, int32, uint8
from ascx.language.core.forms import bind
from ascx.language.core.params import UnaryRepeatParams
from ascx.language.records import records

UNARY: dict[str, tuple[DataType, ...]] = {
    "abs": FLOATS, "exp": FLOATS, "ln": FLOATS, "sqrt": FLOATS, "rsqrt": FLOATS, "reciprocal": FLOATS,
    "relu": (float16, float32, int32), "bitwise_not": BITWISE,
}  # fmt: skip
"""The data types of each op (CANN's documentation, Atlas A2)."""

record = records(__name__, "basic/vector_unary")

FORMS = vector_forms([tensor_param("dst"), tensor_param("src")], UnaryRepeatParams, count_set_mask=False)


def _fields(name: str, cpp: str) -> dict[str, Any]:
    """The record of the unary op ``name`` (``AscendC::<cpp>``)."""
    valid = UNARY[name]
    agree = same_dtype_message(name, SAME_SRC_DST, ("src", valid[0]), ("dst", valid[1]))
    return dict(
        forms=(
            f"asc.{name}(dst, src, count)",
            f"asc.{name}(dst, src, mask, repeat_times, repeat_params, is_set_mask=True)",
        ),
        cpp=(
            f"template <typename T> void {cpp}(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
            "const int32_t& count);",
            f"template <typename T, bool isSetMask = true> void {cpp}(const LocalTensor<T>& dst, "
            "const LocalTensor<T>& src, uint64_t mask / const uint64_t mask[], const uint8_t repeatTimes, "
            "const UnaryRepeatParams& repeatParams);",
        ),
        params=(*MASK_PARAMS, ("repeat_params", "a ``UnaryRepeatParams``")),
        rules=(
            dtype_rule(name, "src", valid, uint8, f'dst and src agree: "{agree}"'),
            f"The count form has no ``is_set_mask`` (as in pyasc): ``asc.{name}(c, a, 256, False)`` fits no form.",
            *vector_rules(name),
        ),
    )


def _unary(name: str, kind: ir.UnaryKind, meaning: str) -> Callable[..., None]:
    def op(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
        builder = active(name)
        form, bound = bind(name, FORMS, (dst, src, *args), kwargs)
        d = vector_tensor(bound["dst"], name, "dst")
        s = vector_tensor(bound["src"], name, "src")
        check_dtype(name, s, "src", UNARY[name])
        same_dtype(name, SAME_SRC_DST, ("src", s), ("dst", d))
        optional, flags = extent_operands(builder, name, form, bound)
        builder.insert(ir.VecUnaryOp.of([d.ssa, s.ssa], optional, {"kind": ir.UnaryKindAttr(kind)}, flags))

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"Element-wise ``{meaning}``."
    return op


abs = record.document(_unary("abs", ir.UnaryKind.ABS, "dst = |src|"), **_fields("abs", "Abs"))
exp = record.document(_unary("exp", ir.UnaryKind.EXP, "dst = e ** src"), **_fields("exp", "Exp"))
ln = record.document(_unary("ln", ir.UnaryKind.LN, "dst = ln(src)"), **_fields("ln", "Ln"))
sqrt = record.document(_unary("sqrt", ir.UnaryKind.SQRT, "dst = sqrt(src)"), **_fields("sqrt", "Sqrt"))
rsqrt = record.document(_unary("rsqrt", ir.UnaryKind.RSQRT, "dst = 1 / sqrt(src)"), **_fields("rsqrt", "Rsqrt"))
reciprocal = record.document(
    _unary("reciprocal", ir.UnaryKind.RECIPROCAL, "dst = 1 / src"), **_fields("reciprocal", "Reciprocal")
)
relu = record.document(_unary("relu", ir.UnaryKind.RELU, "dst = max(src, 0)"), **_fields("relu", "Relu"))
bitwise_not = record.document(_unary("bitwise_not", ir.UnaryKind.NOT, "dst = ~src"), **_fields("bitwise_not", "Not"))


__all__ = ["abs", "bitwise_not", "exp", "ln", "reciprocal", "relu", "rsqrt", "sqrt"]
