"""Comparison and selection: ``compare``, ``compare_scalar`` (a bit per element into a ``uint8``
tensor) and ``select`` (choose elements by such a mask)."""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.dtype_rules import COMPARE, SELECT
from ascx.language.basic.operands import (
    check_dtype,
    extent_operands,
    same_dtype,
    tensor_param,
    vector_forms,
    vector_tensor,
)
from ascx.language.core.api_errors import ApiTypeError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, element_operand
from ascx.language.core.dtype import uint8, uint32
from ascx.language.core.enums import CMPMODE, SelMode
from ascx.language.core.forms import Param, bind, is_number
from ascx.language.core.params import BinaryRepeatParams, UnaryRepeatParams
from ascx.language.core.tensor import LocalTensor

COMPARE_FORMS = vector_forms(
    [tensor_param("dst"), tensor_param("src0"), tensor_param("src1"), Param("cmp_mode", lambda v: True, "CMPMODE")],
    BinaryRepeatParams,
    count_set_mask=False,
)
COMPARE_SCALAR_FORMS = vector_forms(
    [
        tensor_param("dst"),
        tensor_param("src0"),
        Param("src1_scalar", is_number, "int | float"),
        Param("cmp_mode", lambda v: True, "CMPMODE"),
    ],
    UnaryRepeatParams,
    count_set_mask=False,
)
SELECT_FORMS = vector_forms(
    [
        tensor_param("dst"),
        tensor_param("sel_mask"),
        tensor_param("src0"),
        Param("src1", lambda v: isinstance(v, LocalTensor) or is_number(v), "LocalTensor | int | float"),
        Param("sel_mode", lambda v: True, "SelMode"),
    ],
    BinaryRepeatParams,
    count_set_mask=False,
)


def _cmp_mode(value: object, api: str) -> ir.CmpModeAttr:
    if not isinstance(value, CMPMODE):
        raise ApiTypeError(f"{api}: cmp_mode must be an asc.CMPMODE, got {describe(value)}")
    return ir.CmpModeAttr(ir.CmpMode[value.name])


def _compare_dst(dst: LocalTensor, api: str) -> None:
    if dst.dtype != uint8:
        raise ApiTypeError(f"{api}: dst holds one bit per element and must be uint8, got {dst.dtype}")


def compare(dst: Any, src0: Any, src1: Any, cmp_mode: Any, *args: Any, **kwargs: Any) -> None:
    """``AscendC::Compare(dst, src0, src1, cmpMode, count)``."""
    builder = active("compare")
    form, bound = bind("compare", COMPARE_FORMS, (dst, src0, src1, cmp_mode, *args), kwargs)
    d = vector_tensor(bound["dst"], "compare", "dst")
    a = vector_tensor(bound["src0"], "compare", "src0")
    b = vector_tensor(bound["src1"], "compare", "src1")
    mode = _cmp_mode(bound["cmp_mode"], "compare")
    check_dtype("compare", a, "src0", COMPARE)
    same_dtype("compare", "Src0 and src1 must be same type.", a, b)
    _compare_dst(d, "compare")
    optional, flags = extent_operands(builder, "compare", form, bound)
    builder.insert(ir.VecCompareOp.of([d.ssa, a.ssa, b.ssa], optional, {"cmp_mode": mode}, flags))


def compare_scalar(dst: Any, src0: Any, src1_scalar: Any, cmp_mode: Any, *args: Any, **kwargs: Any) -> None:
    """``AscendC::CompareScalar(dst, src0, scalar, cmpMode, count)``."""
    builder = active("compare_scalar")
    form, bound = bind("compare_scalar", COMPARE_SCALAR_FORMS, (dst, src0, src1_scalar, cmp_mode, *args), kwargs)
    d = vector_tensor(bound["dst"], "compare_scalar", "dst")
    a = vector_tensor(bound["src0"], "compare_scalar", "src0")
    mode = _cmp_mode(bound["cmp_mode"], "compare_scalar")
    check_dtype("compare_scalar", a, "src0", COMPARE)
    _compare_dst(d, "compare_scalar")
    assert a.dtype is not None
    scalar = element_operand(builder, bound["src1_scalar"], a.dtype, api="compare_scalar", param="src1_scalar")
    optional, flags = extent_operands(builder, "compare_scalar", form, bound)
    builder.insert(ir.VecCompareScalarOp.of([d.ssa, a.ssa, scalar], optional, {"cmp_mode": mode}, flags))


def select(dst: Any, sel_mask: Any, src0: Any, src1: Any, sel_mode: Any, *args: Any, **kwargs: Any) -> None:
    """``AscendC::Select(dst, selMask, src0, src1, selMode, count)``: ``src1`` is a tensor or a scalar."""
    builder = active("select")
    form, bound = bind("select", SELECT_FORMS, (dst, sel_mask, src0, src1, sel_mode, *args), kwargs)
    d = vector_tensor(bound["dst"], "select", "dst")
    m = vector_tensor(bound["sel_mask"], "select", "sel_mask")
    a = vector_tensor(bound["src0"], "select", "src0")
    mode = bound["sel_mode"]
    if not isinstance(mode, SelMode):
        raise ApiTypeError(f"select: sel_mode must be an asc.SelMode, got {describe(mode)}")
    check_dtype("select", a, "src0", SELECT)
    if m.dtype is None or not m.dtype.is_unsigned():
        raise ApiTypeError(f"select: sel_mask must be an unsigned integer tensor (uint8 ... uint64), got {m.dtype}")
    other = bound["src1"]
    if isinstance(other, LocalTensor):
        b = vector_tensor(other, "select", "src1")
        same_dtype("select", "Src0, src1 and dst must be same type.", d, a, b)
        second = b.ssa
    else:
        same_dtype("select", "Src0 and dst must be same type.", d, a)
        assert a.dtype is not None
        second = element_operand(builder, other, a.dtype, api="select", param="src1")
    optional, flags = extent_operands(builder, "select", form, bound, count_dtype=uint32)
    properties = {"sel_mode": ir.SelModeAttr(ir.SelMode[mode.name])}
    builder.insert(ir.VecSelectOp.of([d.ssa, m.ssa, a.ssa, second], optional, properties, flags))
