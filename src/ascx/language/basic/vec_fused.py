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
    on_chip_rule,
    same_dtype,
    tensor_param,
    vector_forms,
    vector_tensor,
)
from ascx.language.basic.vec_gather import COUNTER_NOTE, MASK_PARAM
from ascx.language.core.api_errors import ApiTypeError
from ascx.language.core.builder import active
from ascx.language.core.dtype import DataType, float16, float32, int8, int16, int32, uint8
from ascx.language.core.forms import Form, bind
from ascx.language.core.params import BinaryRepeatParams
from ascx.language.core.tensor import LocalTensor
from ascx.language.records import records

record = records(__name__, "basic/vector_fused")

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


def type_message(role: str, got: object, rule: TypeRule) -> str:
    """pyasc's ``check_type`` message."""
    return f"Invalid {role} data type, got {got}, expect {rule.render()}"


SAME_SOURCES = "Src0 and src1 must be same type."
"""pyasc's messages (``same_dtype`` adds each operand's type)."""
SAME_ALL = "Src0, src1 and dst must be same type."


def pairs_message(api: str, src: object, dst: object, pairs: Sequence[tuple[DataType, DataType]]) -> str:
    """A (source, destination) pair of types the API does not take on Atlas A2."""
    supported = ", ".join(f"{s} -> {d}" for s, d in pairs)
    return f"{api}: {src} into {dst} is not supported; {api} supports {supported}"


def check_fused_types(api: str, dst: LocalTensor, src0: LocalTensor, src1: LocalTensor) -> None:
    """pyasc's ``check_type`` for the fused ops, then CANN's source/destination pairs."""
    rule = RULES[api]
    if dst.dtype not in rule.dst:
        raise ApiTypeError(type_message("dst", dst.dtype, rule))
    for tensor, role in ((src0, "src0"), (src1, "src1")):
        if tensor.dtype not in rule.src:
            raise ApiTypeError(type_message(role, tensor.dtype, rule))
    same_dtype(api, SAME_SOURCES, ("src0", src0), ("src1", src1))
    if rule.same and dst.dtype != src0.dtype:
        same_dtype(api, SAME_ALL, ("src0", src0), ("src1", src1), ("dst", dst))
    if rule.pairs and (src0.dtype, dst.dtype) not in rule.pairs:
        raise ApiTypeError(pairs_message(api, src0.dtype, dst.dtype, rule.pairs))


MASK_FORM_PARAMS = (
    MASK_PARAM,
    ("repeat_times", "repeats of 256 bytes (``uint8_t``)"),
    ("is_set_mask", "compile-time; False when the mask register is already set (``set_vector_mask``)"),
)
"""The records of the parameters of the mask forms after ``mask``."""

_FUSED = {
    # name: (C++ name, meaning, template parameters, the count parameter)
    "add_relu": ("AddRelu", "dst = max(src0 + src1, 0)", "T", "const int32_t& count"),
    "sub_relu": ("SubRelu", "dst = max(src0 - src1, 0)", "T", "const int32_t& count"),
    "fused_mul_add": ("FusedMulAdd", "dst = src0 * dst + src1", "T", "const int32_t& count"),
    "fused_mul_add_relu": ("FusedMulAddRelu", "dst = max(src0 * dst + src1, 0)", "T", "const int32_t& count"),
    "mul_add_dst": ("MulAddDst", "dst = src0 * src1 + dst", "T, U", "const int32_t& count"),
    "add_relu_cast": ("AddReluCast", "dst = cast(max(src0 + src1, 0))", "T, U", "const uint32_t count"),
    "sub_relu_cast": ("SubReluCast", "dst = cast(max(src0 - src1, 0))", "T, U", "const uint32_t count"),
    "mul_cast": ("MulCast", "dst = cast(src0 * src1)", "T, U", "uint32_t count"),
    "add_deq_relu": ("AddDeqRelu", "dst = half(max(src0 + src1, 0) * DEQSCALE)", "T, U", "const int32_t& count"),
}
_NO_SET_MASK = {"mul_cast"}
_NO_COUNT_SET_MASK = {"add_relu_cast", "sub_relu_cast"}


def _types_rule(name: str) -> str:
    rule = RULES[name]
    text = f'pyasc\'s check and messages: "{type_message("dst", uint8, rule)}"'
    if rule.same:
        return text + f'; "{SAME_SOURCES}"; "{SAME_ALL}".'
    pairs = ", ".join(f"{s} -> {d}" for s, d in rule.pairs)
    return text + f"; then CANN's pairs (Atlas A2): {pairs}."


def fused_record(name: str) -> dict[str, Any]:
    """The record fields of the fused op ``name``."""
    cpp, meaning, template, count = _FUSED[name]
    count_mask = "" if name in _NO_COUNT_SET_MASK | _NO_SET_MASK else ", is_set_mask=True"
    mask_mask = "" if name in _NO_SET_MASK else ", is_set_mask=True"
    typenames = ", ".join(f"typename {t}" for t in template.split(", "))
    src = template.split(", ")[-1]
    notes: list[str] = []
    if name in ("fused_mul_add", "fused_mul_add_relu", "mul_add_dst"):
        notes.append("``dst`` is read as well as written; the emulation rounds the product, then the sum.")
    if name == "add_deq_relu":
        notes.append("The scale is the DEQSCALE register (``set_deq_scale(scale)``).")
    if name in _NO_SET_MASK:
        notes.append("pyasc's forms have no ``is_set_mask``; ascx names ``<T, U, true>`` in the mask forms.")
    if name in _NO_COUNT_SET_MASK:
        notes.append("The count form has no ``is_set_mask`` (pyasc's forms).")
    return {
        "summary": f"Element-wise ``{meaning}``.",
        "forms": (
            f"asc.{name}(dst, src0, src1, count{count_mask})",
            f"asc.{name}(dst, src0, src1, mask, repeat_times, repeat_params{mask_mask})",
        ),
        "cpp": (
            f"template <{typenames}> void {cpp}(const LocalTensor<T>& dst, const LocalTensor<{src}>& src0, "
            f"const LocalTensor<{src}>& src1, {count});",
            f"template <{typenames}, bool isSetMask = true> void {cpp}(..., uint64_t mask / uint64_t mask[], "
            "const uint8_t repeatTime, const BinaryRepeatParams& repeatParams);",
        ),
        "params": (("count", "elements"), *MASK_FORM_PARAMS, ("repeat_params", "a ``BinaryRepeatParams``")),
        "rules": (_types_rule(name), on_chip_rule(name, "src0")),
        "notes": (*notes, COUNTER_NOTE),
    }


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


add_relu = record.document(_fused("add_relu", ir.FusedKind.ADD_RELU, FORMS), **fused_record("add_relu"))
sub_relu = record.document(_fused("sub_relu", ir.FusedKind.SUB_RELU, FORMS), **fused_record("sub_relu"))
add_relu_cast = record.document(
    _fused("add_relu_cast", ir.FusedKind.ADD_RELU_CAST, CAST_FORMS), **fused_record("add_relu_cast")
)
sub_relu_cast = record.document(
    _fused("sub_relu_cast", ir.FusedKind.SUB_RELU_CAST, CAST_FORMS), **fused_record("sub_relu_cast")
)
mul_cast = record.document(_fused("mul_cast", ir.FusedKind.MUL_CAST, MUL_CAST_FORMS), **fused_record("mul_cast"))
add_deq_relu = record.document(_fused("add_deq_relu", ir.FusedKind.ADD_DEQ_RELU, FORMS), **fused_record("add_deq_relu"))
fused_mul_add = record.document(
    _ternary("fused_mul_add", ir.TernaryKind.FUSED_MUL_ADD), **fused_record("fused_mul_add")
)
fused_mul_add_relu = record.document(
    _ternary("fused_mul_add_relu", ir.TernaryKind.FUSED_MUL_ADD_RELU), **fused_record("fused_mul_add_relu")
)
mul_add_dst = record.document(_ternary("mul_add_dst", ir.TernaryKind.MUL_ADD_DST), **fused_record("mul_add_dst"))


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
