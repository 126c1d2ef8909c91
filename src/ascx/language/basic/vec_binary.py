"""Element-wise binary vector ops: ``add``, ``sub``, ``mul``, ``div``, ``max``, ``min``,
``bitwise_and``, ``bitwise_or`` (``AscendC::Add`` ... ``AscendC::Or``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.dtype_rules import BINARY, pyasc_valid_types
from ascx.language.basic.operands import extent_operands, same_dtype, tensor_param, vector_forms, vector_tensor
from ascx.language.core.api_errors import ApiTypeError
from ascx.language.core.builder import active
from ascx.language.core.forms import bind
from ascx.language.core.params import BinaryRepeatParams
from ascx.language.core.tensor import LocalTensor

FORMS = vector_forms(
    [tensor_param("dst"), tensor_param("src0"), tensor_param("src1")], BinaryRepeatParams, count_set_mask=True
)


def check_binary_types(api: str, dst: LocalTensor, src0: LocalTensor, src1: LocalTensor) -> None:
    """pyasc's ``check_type``: the data types of each operand, then that they agree."""
    valid = BINARY[api]
    for tensor, role in ((dst, "dst"), (src0, "src0"), (src1, "src1")):
        if tensor.dtype not in valid:
            raise ApiTypeError(f"Invalid {role} data type, got {tensor.dtype}, expect {pyasc_valid_types(valid)}")
    same_dtype(api, "Src0 and src1 must be same type.", ("src0", src0), ("src1", src1))
    if dst.dtype != src0.dtype:
        same_dtype(api, "Src0, src1 and dst must be same type.", ("src0", src0), ("src1", src1), ("dst", dst))


def _binary(name: str, kind: ir.BinaryKind) -> Callable[..., None]:
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
    return op


add = _binary("add", ir.BinaryKind.ADD)
sub = _binary("sub", ir.BinaryKind.SUB)
mul = _binary("mul", ir.BinaryKind.MUL)
div = _binary("div", ir.BinaryKind.DIV)
max = _binary("max", ir.BinaryKind.MAX)
min = _binary("min", ir.BinaryKind.MIN)
bitwise_and = _binary("bitwise_and", ir.BinaryKind.AND)
bitwise_or = _binary("bitwise_or", ir.BinaryKind.OR)

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
