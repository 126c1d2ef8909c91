"""Printers of the per-repeat reductions: ``WholeReduceSum``/``Max``/``Min``, ``BlockReduce*``,
``PairReduceSum`` and ``RepeatReduceSum``.  They name ``<T, isSetMask>`` in the template, as the mask
forms of the other vector ops do, and pass their operands in the C++ order their op declares.
"""

from __future__ import annotations

from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.target.printer import AscendCPrinter, emits, scalar_type


def element_of(tensor: SSAValue) -> str:
    """The C++ element type of a tensor value."""
    return scalar_type(ir.tensor_element_type(tensor.type))


def set_mask_of(op: ir.VectorSyntax) -> str:
    return "true" if op.properties.get("is_set_mask") is not None else "false"


def _call(p: AscendCPrinter, op: ir.VectorSyntax, name: str, extra: list[str] | None = None) -> None:
    dst, src = op.operands[0], op.operands[1]
    args = [p.expr(dst), p.expr(src), *(p.expr(v) for _, v in op.present_optional()), *(extra or [])]
    p.line(f"AscendC::{name}<{element_of(dst)}, {set_mask_of(op)}>({', '.join(args)});")


@emits(ir.VecWholeReduceOp)
def _whole(p: AscendCPrinter, op: ir.VecWholeReduceOp) -> None:
    order = f"AscendC::ReduceOrder::{op.order.data.name}"
    _call(p, op, f"WholeReduce{str(op.kind.data).capitalize()}", [order])


@emits(ir.VecWholeReduceSumOp)
def _whole_sum(p: AscendCPrinter, op: ir.VecWholeReduceSumOp) -> None:
    _call(p, op, "WholeReduceSum")


@emits(ir.VecBlockReduceOp)
def _block(p: AscendCPrinter, op: ir.VecBlockReduceOp) -> None:
    _call(p, op, f"BlockReduce{str(op.kind.data).capitalize()}")


@emits(ir.VecPairReduceSumOp)
def _pair(p: AscendCPrinter, op: ir.VecPairReduceSumOp) -> None:
    _call(p, op, "PairReduceSum")


@emits(ir.VecRepeatReduceSumOp)
def _repeat(p: AscendCPrinter, op: ir.VecRepeatReduceSumOp) -> None:
    _call(p, op, "RepeatReduceSum")
