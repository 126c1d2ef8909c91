"""Element-wise unary vector ops: ``abs``, ``exp``, ``ln``, ``sqrt``, ``rsqrt``, ``reciprocal``,
``relu``, ``bitwise_not`` (``AscendC::Abs`` ... ``AscendC::Not``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.dtype_rules import UNARY
from ascx.language.basic.operands import (
    check_dtype,
    extent_operands,
    same_dtype,
    tensor_param,
    vector_forms,
    vector_tensor,
)
from ascx.language.core.builder import active
from ascx.language.core.forms import bind
from ascx.language.core.params import UnaryRepeatParams

FORMS = vector_forms([tensor_param("dst"), tensor_param("src")], UnaryRepeatParams, count_set_mask=False)


def _unary(name: str, kind: ir.UnaryKind) -> Callable[..., None]:
    def op(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
        builder = active(name)
        form, bound = bind(name, FORMS, (dst, src, *args), kwargs)
        d = vector_tensor(bound["dst"], name, "dst")
        s = vector_tensor(bound["src"], name, "src")
        check_dtype(name, s, "src", UNARY[name])
        same_dtype(name, "Src and dst must be same type.", ("src", s), ("dst", d))
        optional, flags = extent_operands(builder, name, form, bound)
        builder.insert(ir.VecUnaryOp.of([d.ssa, s.ssa], optional, {"kind": ir.UnaryKindAttr(kind)}, flags))

    op.__name__ = op.__qualname__ = name
    return op


abs = _unary("abs", ir.UnaryKind.ABS)
exp = _unary("exp", ir.UnaryKind.EXP)
ln = _unary("ln", ir.UnaryKind.LN)
sqrt = _unary("sqrt", ir.UnaryKind.SQRT)
rsqrt = _unary("rsqrt", ir.UnaryKind.RSQRT)
reciprocal = _unary("reciprocal", ir.UnaryKind.RECIPROCAL)
relu = _unary("relu", ir.UnaryKind.RELU)
bitwise_not = _unary("bitwise_not", ir.UnaryKind.NOT)


__all__ = ["abs", "bitwise_not", "exp", "ln", "reciprocal", "relu", "rsqrt", "sqrt"]
