"""Printers of tensor and address ops: declarations, views, element access, queries, casts of the
element type, L2 cache hints and ``ShapeInfo``."""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerType, Signedness

from ascx.dialects import ascendc as ir
from ascx.target.printer import AscendCPrinter, cpp_type, emits, scalar_type

_U32 = IntegerType(32, Signedness.UNSIGNED)


def _declare(
    p: AscendCPrinter,
    op: ir.GMAddrOffsetOp | ir.GetValueOp | ir.TensorQueryOp | ir.ReinterpretCastOp | ir.GetShapeSizeOp,
    expression: str,
) -> None:
    result = op.results[0]
    p.line(f"{cpp_type(result.type)} {p.names.get(result)} = {expression};")


@emits(ir.DeclareLocalTensorOp)
def _declare_local_tensor(p: AscendCPrinter, op: ir.DeclareLocalTensorOp) -> None:
    p.line(f"{cpp_type(op.result.type)} {p.names.get(op.result)};")


@emits(ir.GMAddrOffsetOp)
def _gm_addr_offset(p: AscendCPrinter, op: ir.GMAddrOffsetOp) -> None:
    _declare(p, op, f"{p.expr(op.addr)} + {p.expr(op.offset)}")


@emits(ir.GetValueOp)
def _get_value(p: AscendCPrinter, op: ir.GetValueOp) -> None:
    _declare(p, op, f"{p.expr(op.tensor)}.GetValue({p.expr(op.index)})")


@emits(ir.SetValueOp)
def _set_value(p: AscendCPrinter, op: ir.SetValueOp) -> None:
    p.call(op.tensor, "SetValue", p.expr(op.index), p.expr(op.value))


@emits(ir.TensorQueryOp)
def _tensor_query(p: AscendCPrinter, op: ir.TensorQueryOp) -> None:
    _declare(p, op, f"{p.expr(op.tensor)}.{op.query.data.cpp}()")


@emits(ir.ReinterpretCastOp)
def _reinterpret_cast(p: AscendCPrinter, op: ir.ReinterpretCastOp) -> None:
    assert isinstance(op.result.type, ir.LocalTensorType)
    _declare(p, op, f"{p.expr(op.source)}.ReinterpretCast<{scalar_type(op.result.type.element_type)}>()")


@emits(ir.SetL2CacheHintOp)
def _set_l2_cache_hint(p: AscendCPrinter, op: ir.SetL2CacheHintOp) -> None:
    rw_mode = f"AscendC::CacheRwMode::{op.rw_mode.data.name}"
    p.call(op.tensor, "SetL2CacheHint", f"AscendC::CacheMode::{op.mode.data.name}", template=rw_mode)


@emits(ir.ShapeInfoOp)
def _shape_info(p: AscendCPrinter, op: ir.ShapeInfoOp) -> None:
    name = p.names.get(op.result)
    if not op.dims:
        p.line(f"AscendC::ShapeInfo {name};")
        return
    dims = p.names.fresh(f"{name}_dims")
    p.line(f"uint32_t {dims}[] = {{{', '.join(p.braced(d, _U32) for d in op.dims)}}};")
    p.line(f"AscendC::ShapeInfo {name}({len(op.dims)}, {dims});")


@emits(ir.GetShapeSizeOp)
def _get_shape_size(p: AscendCPrinter, op: ir.GetShapeSizeOp) -> None:
    _declare(p, op, f"AscendC::GetShapeSize({p.expr(op.shape_info)})")
