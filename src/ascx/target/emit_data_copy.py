"""Printers of data movement (``DataCopy``, ``DataCopyPad``) and of the parameter structs."""

from __future__ import annotations

from ascx.dialects import ascendc as ir
from ascx.target.printer import AscendCPrinter, cpp_type, emits


@emits(ir.ParamsOp)
def _params(p: AscendCPrinter, op: ir.ParamsOp) -> None:
    t = op.result.type
    assert isinstance(t, ir.ParamsType)
    fields = [p.braced(v, ft) for v, ft in zip(op.fields, t.field_types(), strict=True)]
    p.line(f"{cpp_type(t)} {p.names.get(op.result)}{{{', '.join(fields)}}};")


@emits(ir.DataCopyOp)
def _data_copy(p: AscendCPrinter, op: ir.DataCopyOp) -> None:
    p.line(f"AscendC::DataCopy({p.expr(op.dst)}, {p.expr(op.src)}, {p.expr(op.size)});")


@emits(ir.DataCopyPadOp)
def _data_copy_pad(p: AscendCPrinter, op: ir.DataCopyPadOp) -> None:
    args = [p.expr(op.dst), p.expr(op.src), p.expr(op.params)] + ([p.expr(op.pad)] if op.pad is not None else [])
    p.line(f"AscendC::DataCopyPad({', '.join(args)});")
