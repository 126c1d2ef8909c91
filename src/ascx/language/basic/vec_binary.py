"""Element-wise binary vector ops: ``add``, ``sub``, ``mul``, ``div``, ``max``, ``min``,
``bitwise_and``, ``bitwise_or`` (``AscendC::Add`` ... ``AscendC::Or``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.operands import (
    ARITHMETIC,
    BITWISE,
    FLOATS,
    MASK_PARAMS,
    SAME_SRC0_SRC1,
    SAME_SRC0_SRC1_DST,
    extent_operands,
    pyasc_valid_types,
    same_dtype,
    same_dtype_message,
    tensor_param,
    type_list,
    vector_forms,
    vector_rules,
    vector_tensor,
)
from ascx.language.core.api_errors import ApiTypeError
from ascx.language.core.builder import active
from ascx.language.core.dtype import DataType, uint8
from ascx.language.core.forms import bind
from ascx.language.core.params import BinaryRepeatParams
from ascx.language.core.tensor import LocalTensor
from ascx.language.records import records

record = records(__name__, "basic/vector_binary")

BINARY: dict[str, tuple[DataType, ...]] = {
    "add": ARITHMETIC, "sub": ARITHMETIC, "mul": ARITHMETIC, "max": ARITHMETIC, "min": ARITHMETIC,
    "div": FLOATS, "bitwise_and": BITWISE, "bitwise_or": BITWISE,
}  # fmt: skip
"""The data types of each op (pyasc's ``check_type`` table)."""

FORMS = vector_forms(
    [tensor_param("dst"), tensor_param("src0"), tensor_param("src1")], BinaryRepeatParams, count_set_mask=True
)


def invalid_type_message(role: str, got: object, valid: tuple[DataType, ...]) -> str:
    """pyasc's message for an operand of a type ``check_type`` does not take."""
    return f"Invalid {role} data type, got {got}, expect {pyasc_valid_types(valid)}"


def check_binary_types(api: str, dst: LocalTensor, src0: LocalTensor, src1: LocalTensor) -> None:
    """pyasc's ``check_type``: the data types of each operand, then that they agree."""
    valid = BINARY[api]
    for tensor, role in ((dst, "dst"), (src0, "src0"), (src1, "src1")):
        if tensor.dtype not in valid:
            raise ApiTypeError(invalid_type_message(role, tensor.dtype, valid))
    same_dtype(api, SAME_SRC0_SRC1, ("src0", src0), ("src1", src1))
    if dst.dtype != src0.dtype:
        same_dtype(api, SAME_SRC0_SRC1_DST, ("src0", src0), ("src1", src1), ("dst", dst))


def _fields(name: str, cpp: str) -> dict[str, Any]:
    """The record of the binary op ``name`` (``AscendC::<cpp>``)."""
    valid = BINARY[name]
    a, b = valid[:2]
    return dict(
        forms=(
            f"asc.{name}(dst, src0, src1, count, is_set_mask=True)",
            f"asc.{name}(dst, src0, src1, mask, repeat_times, repeat_params, is_set_mask=True)",
        ),
        cpp=(
            f"template <typename T> void {cpp}(const LocalTensor<T>& dst, const LocalTensor<T>& src0, "
            "const LocalTensor<T>& src1, const int32_t& count);",
            f"template <typename T, bool isSetMask = true> void {cpp}(const LocalTensor<T>& dst, "
            "const LocalTensor<T>& src0, const LocalTensor<T>& src1, uint64_t mask / const uint64_t mask[], "
            "const uint8_t repeatTimes, const BinaryRepeatParams& repeatParams);",
        ),
        params=(*MASK_PARAMS, ("repeat_params", "a ``BinaryRepeatParams``")),
        rules=(
            f"Data types {type_list(valid)}, all the same (pyasc's check and messages): "
            f'"{invalid_type_message("dst", uint8, valid)}"; '
            f'"{same_dtype_message(name, SAME_SRC0_SRC1, ("src0", a), ("src1", b))}"; '
            f'"{same_dtype_message(name, SAME_SRC0_SRC1_DST, ("src0", a), ("src1", a), ("dst", b))}".',
            *vector_rules(name, "src1"),
        ),
        notes=("The count form ignores ``is_set_mask``, as in pyasc.",),
    )


def _binary(name: str, kind: ir.BinaryKind, meaning: str) -> Callable[..., None]:
    def op(dst: Any, src0: Any, src1: Any, *args: Any, **kwargs: Any) -> None:
        builder = active(name)
        form, bound = bind(name, FORMS, (dst, src0, src1, *args), kwargs)
        d = vector_tensor(bound["dst"], name, "dst")
        a = vector_tensor(bound["src0"], name, "src0")
        b = vector_tensor(bound["src1"], name, "src1")
        check_binary_types(name, d, a, b)
        optional, flags = extent_operands(builder, name, form, bound)
        if form == "count":
            flags = []  # the count form has no isSetMask (pyasc accepts and ignores it)
        properties = {"kind": ir.BinaryKindAttr(kind)}
        builder.insert(ir.VecBinaryOp.of([d.ssa, a.ssa, b.ssa], optional, properties, flags))

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"Element-wise ``{meaning}``."
    return op


add = record.document(_binary("add", ir.BinaryKind.ADD, "dst = src0 + src1"), **_fields("add", "Add"))
sub = record.document(_binary("sub", ir.BinaryKind.SUB, "dst = src0 - src1"), **_fields("sub", "Sub"))
mul = record.document(_binary("mul", ir.BinaryKind.MUL, "dst = src0 * src1"), **_fields("mul", "Mul"))
div = record.document(_binary("div", ir.BinaryKind.DIV, "dst = src0 / src1"), **_fields("div", "Div"))
max = record.document(_binary("max", ir.BinaryKind.MAX, "dst = max(src0, src1)"), **_fields("max", "Max"))
min = record.document(_binary("min", ir.BinaryKind.MIN, "dst = min(src0, src1)"), **_fields("min", "Min"))
bitwise_and = record.document(
    _binary("bitwise_and", ir.BinaryKind.AND, "dst = src0 & src1"), **_fields("bitwise_and", "And")
)
bitwise_or = record.document(
    _binary("bitwise_or", ir.BinaryKind.OR, "dst = src0 | src1"), **_fields("bitwise_or", "Or")
)

# pyasc's vec_binary also holds the fused ops and bilinear_interpolation; ascx implements them in vec_fused
# and vec_bilinear.
from ascx.language.basic.vec_bilinear import bilinear_interpolation  # noqa: E402
from ascx.language.basic.vec_fused import (  # noqa: E402
    add_deq_relu,
    add_relu,
    fused_mul_add,
    fused_mul_add_relu,
    mul_add_dst,
    mul_cast,
    sub_relu,
)

__all__ = [
    "add",
    "add_deq_relu",
    "add_relu",
    "bilinear_interpolation",
    "bitwise_and",
    "bitwise_or",
    "div",
    "fused_mul_add",
    "fused_mul_add_relu",
    "max",
    "min",
    "mul",
    "mul_add_dst",
    "mul_cast",
    "sub",
    "sub_relu",
]
