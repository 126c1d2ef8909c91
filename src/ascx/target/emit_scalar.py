"""Printers of scalar ops: ``arith`` (operators, comparisons, casts), ``math.sqrt`` and inline constants."""

from __future__ import annotations

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import IntegerType
from xdsl.ir import Operation

from ascx.dialects import ascendc as ir
from ascx.target.printer import AscendCPrinter, emits, scalar_type

_BINARY: dict[type[Operation], str] = {
    arith.AddiOp: "+", arith.SubiOp: "-", arith.MuliOp: "*", arith.DivSIOp: "/", arith.DivUIOp: "/",
    arith.RemSIOp: "%", arith.RemUIOp: "%", arith.ShLIOp: "<<", arith.ShRSIOp: ">>", arith.ShRUIOp: ">>",
    arith.AndIOp: "&", arith.OrIOp: "|", arith.XOrIOp: "^", arith.AddfOp: "+", arith.SubfOp: "-",
    arith.MulfOp: "*", arith.DivfOp: "/",
}  # fmt: skip
_CMPI = {"eq": "==", "ne": "!=", "slt": "<", "sle": "<=", "sgt": ">", "sge": ">=",
         "ult": "<", "ule": "<=", "ugt": ">", "uge": ">="}  # fmt: skip
_CMPF = {"oeq": "==", "une": "!=", "olt": "<", "ole": "<=", "ogt": ">", "oge": ">="}
_CASTS: tuple[type[Operation], ...] = (
    arith.ExtSIOp, arith.ExtUIOp, arith.TruncIOp, arith.SIToFPOp, arith.UIToFPOp, arith.FPToSIOp,
    arith.FPToUIOp, arith.ExtFOp, arith.TruncFOp,
)  # fmt: skip


def _assign(p: AscendCPrinter, op: Operation, expression: str) -> None:
    result = op.results[0]
    p.line(f"{scalar_type(result.type)} {p.names.get(result)} = {expression};")


def _binary(p: AscendCPrinter, op: Operation) -> None:
    lhs, rhs = op.operands
    if isinstance(op, arith.XOrIOp) and p.is_true(rhs):
        _assign(p, op, f"!{p.expr(lhs)}")
    else:
        _assign(p, op, f"{p.expr(lhs)} {_BINARY[type(op)]} {p.expr(rhs)}")


for _op_type in _BINARY:
    emits(_op_type)(_binary)


@emits(arith.CmpiOp)
def _cmpi(p: AscendCPrinter, op: arith.CmpiOp) -> None:
    symbol = _CMPI[arith.CMPI_COMPARISON_OPERATIONS[op.predicate.value.data]]
    _assign(p, op, f"{p.expr(op.lhs)} {symbol} {p.expr(op.rhs)}")


@emits(arith.CmpfOp)
def _cmpf(p: AscendCPrinter, op: arith.CmpfOp) -> None:
    name = arith.CMPF_COMPARISON_OPERATIONS[op.predicate.value.data]
    if name not in _CMPF:
        raise p.unsupported(op, f"the float comparison '{name}' has no Ascend C form")
    _assign(p, op, f"{p.expr(op.lhs)} {_CMPF[name]} {p.expr(op.rhs)}")


def _cast(p: AscendCPrinter, op: Operation) -> None:
    _assign(p, op, f"static_cast<{scalar_type(op.results[0].type)}>({p.expr(op.operands[0])})")


for _op_type in _CASTS:
    emits(_op_type)(_cast)


@emits(arith.BitcastOp)
def _bitcast(p: AscendCPrinter, op: arith.BitcastOp) -> None:
    """An integer of one signedness as the other, of the same width (``value.cast(...)``): C++'s conversion."""
    if not isinstance(op.input.type, IntegerType) or not isinstance(op.result.type, IntegerType):
        raise p.unsupported(op, "only integer bitcasts between signedness have an Ascend C form")
    _cast(p, op)


@emits(arith.NegfOp)
def _negf(p: AscendCPrinter, op: arith.NegfOp) -> None:
    _assign(p, op, f"-{p.expr(op.operand)}")


@emits(math.SqrtOp)
def _sqrt(p: AscendCPrinter, op: math.SqrtOp) -> None:
    """The scalar unit's square root, as Huawei's A2 kernels spell it (docs/tracing.md#runtime-scalar-functions)."""
    if scalar_type(op.result.type) != "float":
        raise p.unsupported(op, "the scalar unit computes square roots of float values only")
    _assign(p, op, f"sqrt({p.expr(op.operand)})")


@emits(arith.SelectOp)
def _select(p: AscendCPrinter, op: arith.SelectOp) -> None:
    _assign(p, op, f"{p.expr(op.cond)} ? {p.expr(op.lhs)} : {p.expr(op.rhs)}")


@emits(arith.ConstantOp)
def _constant(p: AscendCPrinter, op: arith.ConstantOp) -> None:
    """Constants are printed inline at their uses."""


@emits(ir.ConstantOp)
def _unsigned_constant(p: AscendCPrinter, op: ir.ConstantOp) -> None:
    """Unsigned constants are printed inline at their uses."""


@emits(ir.PropertyOp)
def _property(p: AscendCPrinter, op: ir.PropertyOp) -> None:
    """Properties are printed inline at their uses, as ``AscendC::<NAME>``."""
