"""Printers of ``asc.array`` (C arrays of scalars), ``asc.inline`` (verbatim C++) and the integer
conversions of ``asc.number`` that change signedness at the same width."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp

from ascx.dialects.ascendc import array_ops as array_ir
from ascx.target.printer import AscendCPrinter, emits, scalar_type


@emits(array_ir.ArrayOp)
def _array(p: AscendCPrinter, op: array_ir.ArrayOp) -> None:
    array = op.result.type
    assert isinstance(array, array_ir.ArrayType)
    declaration = f"{scalar_type(array.element_type)} {p.names.get(op.result)}[{array.size.data}]"
    if op.values:
        values = ", ".join(p.braced(v, array.element_type) for v in op.values)
        declaration += f" = {{{values}}}"
    p.line(declaration + ";")


@emits(array_ir.ArrayLoadOp)
def _array_load(p: AscendCPrinter, op: array_ir.ArrayLoadOp) -> None:
    p.line(f"{scalar_type(op.result.type)} {p.names.get(op.result)} = {p.expr(op.array)}[{p.expr(op.index)}];")


@emits(array_ir.ArrayStoreOp)
def _array_store(p: AscendCPrinter, op: array_ir.ArrayStoreOp) -> None:
    p.line(f"{p.expr(op.array)}[{p.expr(op.index)}] = {p.expr(op.value)};")


@emits(array_ir.VerbatimOp)
def _verbatim(p: AscendCPrinter, op: array_ir.VerbatimOp) -> None:
    pieces = op.code.data.split("{}")
    text = pieces[0] + "".join(p.expr(arg) + piece for arg, piece in zip(op.args, pieces[1:], strict=True))
    if isinstance(op.parent_op(), ModuleOp):
        p.print_string(text + "\n")
    else:
        p.line(text)
