"""Printers of data movement (``DataCopy``, ``DataCopyPad``) and of the parameter structs."""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Attribute, SSAValue

from ascx.dialects import ascendc as ir
from ascx.dialects.ascendc.basic_types import CPP_ENUMS
from ascx.target.printer import AscendCPrinter, cpp_type, emits


def _constant_int(value: SSAValue) -> int | None:
    owner = value.owner
    if isinstance(owner, arith.ConstantOp | ir.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def _field(p: AscendCPrinter, value: SSAValue, field_type: Attribute, enum: str | None) -> str:
    """One initialiser of a struct: a field of a C++ enum type by its member's name when constant."""
    if enum is None:
        return p.braced(value, field_type)
    number = _constant_int(value)
    if number is not None and 0 <= number < len(CPP_ENUMS[enum]):
        return f"{enum}::{CPP_ENUMS[enum][number]}"
    return f"static_cast<{enum}>({p.expr(value)})"


@emits(ir.ParamsOp)
def _params(p: AscendCPrinter, op: ir.ParamsOp) -> None:
    t = op.result.type
    assert isinstance(t, ir.ParamsType)
    layout = t.layout
    fields = [
        _field(p, v, ft, layout.enum_of(name))
        for v, ft, (name, _) in zip(op.fields, t.field_types(), layout.fields, strict=True)
    ]
    p.line(f"{cpp_type(t)} {p.names.get(op.result)}{{{', '.join(fields)}}};")


@emits(ir.DataCopyOp)
def _data_copy(p: AscendCPrinter, op: ir.DataCopyOp) -> None:
    p.line(f"AscendC::DataCopy({p.expr(op.dst)}, {p.expr(op.src)}, {p.expr(op.size)});")


@emits(ir.DataCopyPadOp)
def _data_copy_pad(p: AscendCPrinter, op: ir.DataCopyPadOp) -> None:
    args = [p.expr(op.dst), p.expr(op.src), p.expr(op.params)] + ([p.expr(op.pad)] if op.pad is not None else [])
    p.line(f"AscendC::DataCopyPad({', '.join(args)});")
