"""The fused element-wise vector ops: ``add_relu``, ``sub_relu``, ``add_relu_cast``, ``sub_relu_cast``,
``mul_cast``, ``add_deq_relu`` (``ascendc.vec.fused``) and the multiply-accumulate ops ``fused_mul_add``,
``fused_mul_add_relu``, ``mul_add_dst`` (``ascendc.vec.ternary``, which read ``dst`` too).

Each has pyasc's count and mask forms and pyasc's type checks (``check_type``, whose messages ascx keeps,
naming the operand that is wrong); ascx also checks the source/destination pairs CANN supports on
Atlas A2 where pyasc accepts any combination of its lists.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.operands import (
    count_form,
    extent_operands,
    mask_forms,
    same_dtype,
    tensor_param,
    vector_forms,
    vector_tensor,
)
from ascx.language.core.api_errors import ApiTypeError
from ascx.language.core.builder import active
from ascx.language.core.dtype import DataType, float16, float32, int8, int16, int32, uint8
from ascx.language.core.forms import Form, bind
from ascx.language.core.params import BinaryRepeatParams
from ascx.language.core.tensor import LocalTensor

_LEADING = [tensor_param("dst"), tensor_param("src0"), tensor_param("src1")]
FORMS = vector_forms(_LEADING, BinaryRepeatParams, count_set_mask=True)
"""add_relu, sub_relu, add_deq_relu and the multiply-accumulate ops: ``is_set_mask`` in every form."""
CAST_FORMS = vector_forms(_LEADING, BinaryRepeatParams, count_set_mask=False)
"""add_relu_cast, sub_relu_cast: no ``is_set_mask`` in the count form."""
MUL_CAST_FORMS = [
    *(Form(kind, (*_LEADING, *tail[:-1])) for kind, tail in mask_forms(BinaryRepeatParams)),
    Form("count", (*_LEADING, *count_form())),
]
"""mul_cast: no ``is_set_mask`` at all (pyasc's forms)."""

_RELU = (float16, float32, int16)


class TypeRule:
    """pyasc's valid types of an API (``src`` for both sources, ``dst``), whether ``dst`` must have the
    sources' type, and the (source, destination) pairs CANN supports when it may not."""

    def __init__(
        self,
        src: Sequence[DataType],
        dst: Sequence[DataType],
        *,
        same: bool = True,
        pairs: Sequence[tuple[DataType, DataType]] = (),
    ):
        self.src = tuple(src)
        self.dst = tuple(dst)
        self.same = same
        self.pairs = tuple(pairs)

    def render(self) -> str:
        return str({"src": [d.name for d in self.src], "dst": [d.name for d in self.dst]})


RULES: dict[str, TypeRule] = {
    "add_relu": TypeRule(_RELU, _RELU),
    "sub_relu": TypeRule(_RELU, _RELU),
    "add_relu_cast": TypeRule(
        _RELU, (int8, float16), same=False, pairs=((float16, int8), (int16, int8), (float32, float16))
    ),
    "sub_relu_cast": TypeRule(
        _RELU, (int8, float16), same=False, pairs=((float16, int8), (int16, int8), (float32, float16))
    ),
    "mul_cast": TypeRule((float16,), (int8, uint8), same=False, pairs=((float16, int8), (float16, uint8))),
    "add_deq_relu": TypeRule((int32,), (float16,), same=False, pairs=((int32, float16),)),
    "fused_mul_add": TypeRule((float16, float32), (float16, float32)),
    "fused_mul_add_relu": TypeRule((float16, float32), (float16, float32)),
    "mul_add_dst": TypeRule(
        (float16, float32),
        (float16, float32),
        same=False,
        pairs=((float16, float16), (float32, float32), (float16, float32)),
    ),
}
"""The data types of Atlas A2 (dav-c220), from CANN's documentation; pyasc checks the lists only, and
rejects ``mul_add_dst`` of half into float, which CANN supports."""


def check_fused_types(api: str, dst: LocalTensor, src0: LocalTensor, src1: LocalTensor) -> None:
    """pyasc's ``check_type`` for the fused ops, then CANN's source/destination pairs."""
    rule = RULES[api]
    if dst.dtype not in rule.dst:
        raise ApiTypeError(f"Invalid dst data type, got {dst.dtype}, expect {rule.render()}")
    for tensor, role in ((src0, "src0"), (src1, "src1")):
        if tensor.dtype not in rule.src:
            raise ApiTypeError(f"Invalid {role} data type, got {tensor.dtype}, expect {rule.render()}")
    same_dtype(api, "Src0 and src1 must be same type.", ("src0", src0), ("src1", src1))
    if rule.same and dst.dtype != src0.dtype:
        same_dtype(api, "Src0, src1 and dst must be same type.", ("src0", src0), ("src1", src1), ("dst", dst))
    if rule.pairs and (src0.dtype, dst.dtype) not in rule.pairs:
        supported = ", ".join(f"{s} -> {d}" for s, d in rule.pairs)
        raise ApiTypeError(f"{api}: {src0.dtype} into {dst.dtype} is not supported; {api} supports {supported}")


def _operands(name: str, forms: list[Form], args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
    builder = active(name)
    form, bound = bind(name, forms, args, kwargs)
    d = vector_tensor(bound["dst"], name, "dst")
    a = vector_tensor(bound["src0"], name, "src0")
    b = vector_tensor(bound["src1"], name, "src1")
    check_fused_types(name, d, a, b)
    bound.setdefault("is_set_mask", True)
    optional, flags = extent_operands(builder, name, form, bound)
    if form == "count":
        flags = []  # the count forms have no isSetMask (pyasc accepts and ignores it)
    return builder, d, a, b, optional, flags


def _fused(name: str, kind: ir.FusedKind, forms: list[Form]) -> Callable[..., None]:
    def op(dst: Any, src0: Any, src1: Any, *args: Any, **kwargs: Any) -> None:
        builder, d, a, b, optional, flags = _operands(name, forms, (dst, src0, src1, *args), kwargs)
        properties = {"kind": ir.FusedKindAttr(kind)}
        builder.insert(ir.VecFusedOp.of([d.ssa, a.ssa, b.ssa], optional, properties, flags))

    op.__name__ = op.__qualname__ = name
    return op


def _ternary(name: str, kind: ir.TernaryKind) -> Callable[..., None]:
    def op(dst: Any, src0: Any, src1: Any, *args: Any, **kwargs: Any) -> None:
        builder, d, a, b, optional, flags = _operands(name, FORMS, (dst, src0, src1, *args), kwargs)
        properties = {"kind": ir.TernaryKindAttr(kind)}
        builder.insert(ir.VecTernaryOp.of([d.ssa, a.ssa, b.ssa], optional, properties, flags))

    op.__name__ = op.__qualname__ = name
    return op


add_relu = _fused("add_relu", ir.FusedKind.ADD_RELU, FORMS)
sub_relu = _fused("sub_relu", ir.FusedKind.SUB_RELU, FORMS)
add_relu_cast = _fused("add_relu_cast", ir.FusedKind.ADD_RELU_CAST, CAST_FORMS)
sub_relu_cast = _fused("sub_relu_cast", ir.FusedKind.SUB_RELU_CAST, CAST_FORMS)
mul_cast = _fused("mul_cast", ir.FusedKind.MUL_CAST, MUL_CAST_FORMS)
add_deq_relu = _fused("add_deq_relu", ir.FusedKind.ADD_DEQ_RELU, FORMS)
fused_mul_add = _ternary("fused_mul_add", ir.TernaryKind.FUSED_MUL_ADD)
fused_mul_add_relu = _ternary("fused_mul_add_relu", ir.TernaryKind.FUSED_MUL_ADD_RELU)
mul_add_dst = _ternary("mul_add_dst", ir.TernaryKind.MUL_ADD_DST)


__all__ = [
    "add_deq_relu",
    "add_relu",
    "add_relu_cast",
    "fused_mul_add",
    "fused_mul_add_relu",
    "mul_add_dst",
    "mul_cast",
    "sub_relu",
    "sub_relu_cast",
]
