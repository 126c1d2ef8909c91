"""Printers of the vector op families.

The count form is ``AscendC::Op(dst, srcs..., count)``; the mask form passes the mask, the repeat
count and the repeat parameters, and names the element type and ``isSetMask`` in the template
where Ascend C declares them (``Add<half, true>(...)``).  Tensor-scalar ops always name them.
"""

from __future__ import annotations

from typing import cast

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, IntegerType, Signedness
from xdsl.ir import Attribute, SSAValue

from ascx.dialects import ascendc as ir
from ascx.target.printer import AscendCPrinter, emits, scalar_type


def _element(value: SSAValue) -> str:
    t: Attribute = value.type
    assert isinstance(t, ir.LocalTensorType)
    return scalar_type(t.element_type)


def _set_mask(op: ir.VectorSyntax) -> str:
    return "true" if op.properties.get("is_set_mask") is not None else "false"


def _call(p: AscendCPrinter, name: str, template: list[str], args: list[str]) -> None:
    targs = f"<{', '.join(template)}>" if template else ""
    p.line(f"AscendC::{name}{targs}({', '.join(args)});")


def _extent(p: AscendCPrinter, op: ir.VectorSyntax) -> list[str]:
    """The trailing arguments: the count, or the mask-form operands in order.  A constant mask of 0 (pyasc's
    placeholder when the mask register is set outside) is ``AscendC::MASK_PLACEHOLDER``: a literal ``0`` is
    also a null pointer, and the call would be ambiguous between the ``uint64_t`` and ``uint64_t[]`` masks."""
    return [
        "AscendC::MASK_PLACEHOLDER" if name == "mask" and _is_zero(value) else p.expr(value)
        for name, value in op.present_optional()
        if name not in op.WITNESSES
    ]


def _is_zero(value: SSAValue) -> bool:
    owner = value.owner
    return (
        isinstance(owner, ir.ConstantOp | arith.ConstantOp)
        and isinstance(owner.value, IntegerAttr)
        and owner.value.value.data == 0
    )


@emits(ir.VecBinaryOp)
def _binary(p: AscendCPrinter, op: ir.VecBinaryOp) -> None:
    template = [_element(op.dst), _set_mask(op)] if op.is_mask_form() else []
    _call(p, op.kind.data.cpp, template, [p.expr(op.dst), p.expr(op.src0), p.expr(op.src1), *_extent(p, op)])


@emits(ir.VecBinaryScalarOp)
def _binary_scalar(p: AscendCPrinter, op: ir.VecBinaryScalarOp) -> None:
    template = [_element(op.dst), _set_mask(op)]
    _call(p, op.kind.data.cpp, template, [p.expr(op.dst), p.expr(op.src), p.expr(op.scalar), *_extent(p, op)])


@emits(ir.VecUnaryOp)
def _unary(p: AscendCPrinter, op: ir.VecUnaryOp) -> None:
    template = [_element(op.dst), _set_mask(op)] if op.is_mask_form() else []
    _call(p, op.kind.data.cpp, template, [p.expr(op.dst), p.expr(op.src), *_extent(p, op)])


@emits(ir.VecCastOp)
def _cast(p: AscendCPrinter, op: ir.VecCastOp) -> None:
    template = [_element(op.dst), _element(op.src)] + ([_set_mask(op)] if op.is_mask_form() else [])
    mode = f"AscendC::RoundMode::{op.round_mode.data.name}"
    _call(p, "Cast", template, [p.expr(op.dst), p.expr(op.src), mode, *_extent(p, op)])


@emits(ir.VecDuplicateOp)
def _duplicate(p: AscendCPrinter, op: ir.VecDuplicateOp) -> None:
    template = [_element(op.dst), _set_mask(op)] if op.is_mask_form() else []
    if not template and _int_literal_of_another_type(op.scalar):
        template = [_element(op.dst)]  # an int literal would make Ascend C deduce T twice (int and int16_t)
    _call(p, "Duplicate", template, [p.expr(op.dst), p.expr(op.scalar), *_extent(p, op)])


@emits(ir.VecCreateVecIndexOp)
def _create_vec_index(p: AscendCPrinter, op: ir.VecCreateVecIndexOp) -> None:
    """``T`` is always named: ``firstValue`` (``const T&``) would otherwise make a literal deduce it too."""
    _call(p, "CreateVecIndex", [_element(op.dst)], [p.expr(op.dst), p.expr(op.first_value), *_extent(p, op)])


def _int_literal_of_another_type(value: SSAValue) -> bool:
    """Whether ``value`` prints as an integer literal (C++ ``int``) but has another integer type."""
    owner = value.owner
    kind: Attribute = value.type
    if not isinstance(owner, ir.ConstantOp | arith.ConstantOp) or not isinstance(kind, IntegerType):
        return False
    integer = cast(IntegerType, kind)
    return integer.bitwidth != 32 or integer.signedness.data == Signedness.UNSIGNED


@emits(ir.VecReduceOp)
def _reduce(p: AscendCPrinter, op: ir.VecReduceOp) -> None:
    args = [p.expr(op.dst), p.expr(op.src), p.expr(op.tmp), *_extent(p, op)]
    if op.kind.data is not ir.ReduceKind.SUM:
        args.append("true" if op.cal_index is not None else "false")
    _call(p, op.kind.data.cpp, [], args)


def _compare_template(op: ir.VecCompareOp | ir.VecCompareScalarOp | ir.VecSelectOp, value: SSAValue) -> list[str]:
    """``<T, U, false>`` when the mask form must not set the mask; Ascend C deduces the rest."""
    if op.is_mask_form() and op.is_set_mask is None:
        return [_element(value), _element(op.dst if not isinstance(op, ir.VecSelectOp) else op.sel_mask), "false"]
    return []


@emits(ir.VecCompareOp)
def _compare(p: AscendCPrinter, op: ir.VecCompareOp) -> None:
    mode = f"AscendC::CMPMODE::{op.cmp_mode.data.name}"
    args = [p.expr(op.dst), p.expr(op.src0), p.expr(op.src1), mode, *_extent(p, op)]
    _call(p, "Compare", _compare_template(op, op.src0), args)


@emits(ir.VecCompareScalarOp)
def _compare_scalar(p: AscendCPrinter, op: ir.VecCompareScalarOp) -> None:
    mode = f"AscendC::CMPMODE::{op.cmp_mode.data.name}"
    args = [p.expr(op.dst), p.expr(op.src0), p.expr(op.scalar), mode, *_extent(p, op)]
    _call(p, "CompareScalar", _compare_template(op, op.src0), args)


@emits(ir.VecSelectOp)
def _select(p: AscendCPrinter, op: ir.VecSelectOp) -> None:
    mode = f"AscendC::SELMODE::{op.sel_mode.data.name}"
    args = [p.expr(op.dst), p.expr(op.sel_mask), p.expr(op.src0), p.expr(op.src1), mode, *_extent(p, op)]
    _call(p, "Select", _compare_template(op, op.dst), args)


@emits(ir.MaskListOp)
def _mask_list(p: AscendCPrinter, op: ir.MaskListOp) -> None:
    words = ", ".join(p.braced(e, ir.UI64) for e in op.elements)
    p.line(f"uint64_t {p.names.get(op.result)}[] = {{{words}}};")


# Shared with the printers of the other vector families.
element = _element
set_mask_arg = _set_mask
call = _call
extent = _extent
