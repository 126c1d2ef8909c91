"""Printers of the mask registers: the vector mask (``SetVectorMask``, ``SetMaskCount``/``SetMaskNorm``,
``ResetMask``) and ``CMPMASK`` (``SetCmpMask``, ``GetCmpMask``, and the ``Compare``/``Select`` forms
that write or read it)."""

from __future__ import annotations

from ascx.dialects import ascendc as ir
from ascx.target.emit_vector import call, element, extent
from ascx.target.printer import AscendCPrinter, emits, scalar_type


@emits(ir.SetVectorMaskOp)
def _set_vector_mask(p: AscendCPrinter, op: ir.SetVectorMaskOp) -> None:
    template = [scalar_type(op.element_type), f"AscendC::MaskMode::{op.mode.data.name}"]
    call(p, "SetVectorMask", template, [p.expr(v) for v in op.values])


@emits(ir.SetMaskModeOp)
def _set_mask_mode(p: AscendCPrinter, op: ir.SetMaskModeOp) -> None:
    call(p, "SetMaskCount" if op.mode.data is ir.MaskMode.COUNTER else "SetMaskNorm", [], [])


@emits(ir.ResetMaskOp)
def _reset_mask(p: AscendCPrinter, op: ir.ResetMaskOp) -> None:
    call(p, "ResetMask", [], [])


@emits(ir.SetCmpMaskOp)
def _set_cmp_mask(p: AscendCPrinter, op: ir.SetCmpMaskOp) -> None:
    call(p, "SetCmpMask", [], [p.expr(op.src)])


@emits(ir.GetCmpMaskOp)
def _get_cmp_mask(p: AscendCPrinter, op: ir.GetCmpMaskOp) -> None:
    call(p, "GetCmpMask", [], [p.expr(op.dst)])


@emits(ir.VecCompareCmpMaskOp)
def _compare_cmpmask(p: AscendCPrinter, op: ir.VecCompareCmpMaskOp) -> None:
    """``Compare(src0, src1, cmpMode, mask, repeatParams)``; ``<T, false>`` when the mask is already set."""
    template = [] if op.is_set_mask is not None else [element(op.src0), "false"]
    mode = f"AscendC::CMPMODE::{op.cmp_mode.data.name}"
    call(p, "Compare", template, [p.expr(op.src0), p.expr(op.src1), mode, *extent(p, op)])


@emits(ir.VecSelectCmpMaskOp)
def _select_cmpmask(p: AscendCPrinter, op: ir.VecSelectCmpMaskOp) -> None:
    """``Select<T, selMode>(...)``: C++ cannot deduce ``selMode``, so it is always named (pyasc leaves it out,
    which CANN's headers reject)."""
    template = [element(op.dst), f"AscendC::SELMODE::{op.sel_mode.data.name}"]
    call(p, "Select", template, [p.expr(op.dst), p.expr(op.src0), p.expr(op.src1), *extent(p, op)])


@emits(ir.VecSelectScalarCmpMaskOp)
def _select_scalar_cmpmask(p: AscendCPrinter, op: ir.VecSelectScalarCmpMaskOp) -> None:
    call(p, "Select", [], [p.expr(op.dst), p.expr(op.sel_mask), p.expr(op.src0), *extent(p, op)])
