"""Printers of the scalar-unit computations: ``ScalarCast``, ``ToFloat`` and the bit counts."""

from __future__ import annotations

from xdsl.dialects.builtin import BFloat16Type

from ascx.dialects import ascendc as ir
from ascx.target.printer import AscendCPrinter, emits, scalar_type


@emits(ir.ScalarCastOp)
def _scalar_cast(p: AscendCPrinter, op: ir.ScalarCastOp) -> None:
    result = scalar_type(op.result.type)
    if isinstance(op.result.type, BFloat16Type):
        call = f"AscendC::Cast({p.expr(op.value)})"
    else:
        mode = f"AscendC::RoundMode::{op.round_mode.data.name}"
        call = f"AscendC::ScalarCast<float, {result}, {mode}>({p.expr(op.value)})"
    p.line(f"{result} {p.names.get(op.result)} = {call};")


@emits(ir.ToFloatOp)
def _to_float(p: AscendCPrinter, op: ir.ToFloatOp) -> None:
    p.line(f"float {p.names.get(op.result)} = AscendC::ToFloat({p.expr(op.value)});")


@emits(ir.ScalarBitsOp)
def _scalar_bits(p: AscendCPrinter, op: ir.ScalarBitsOp) -> None:
    template = f"<{op.count_value.data}>" if op.count_value is not None else ""
    call = f"AscendC::{op.kind.data.cpp}{template}({p.expr(op.value)})"
    p.line(f"{scalar_type(op.result.type)} {p.names.get(op.result)} = {call};")
