"""Printers of the fused vector ops (``AddRelu`` ... ``AddDeqRelu``, ``FusedMulAdd``, ``MulAddDst``,
``Axpy``, ``CastDeq``), the DEQSCALE register and ``BilinearInterpolation``.

As for the other families, the count form lets C++ deduce the types and the mask form names them with
``isSetMask`` in the template; ops whose destination has its own type name it first (``<T, U, ...>``).
"""

from __future__ import annotations

from xdsl.dialects.builtin import f32, i1, i16

from ascx.dialects import ascendc as ir
from ascx.dialects.ascendc.vector_fused_ops import VDEQ_TENSOR_SIZE
from ascx.target.emit_vector import call, element, extent, set_mask_arg
from ascx.target.printer import AscendCPrinter, emits, scalar_type


def _bool(flag: object) -> str:
    return "true" if flag is not None else "false"


@emits(ir.VecFusedOp)
def _fused(p: AscendCPrinter, op: ir.VecFusedOp) -> None:
    template: list[str] = []
    if op.is_mask_form():
        types = [element(op.dst), element(op.src0)] if op.kind.data.converts else [element(op.dst)]
        template = [*types, set_mask_arg(op)]
    call(p, op.kind.data.cpp, template, [p.expr(op.dst), p.expr(op.src0), p.expr(op.src1), *extent(p, op)])


@emits(ir.VecTernaryOp)
def _ternary(p: AscendCPrinter, op: ir.VecTernaryOp) -> None:
    template: list[str] = []
    if op.is_mask_form():
        types = [element(op.dst), element(op.src0)] if op.kind.data is ir.TernaryKind.MUL_ADD_DST else [element(op.dst)]
        template = [*types, set_mask_arg(op)]
    call(p, op.kind.data.cpp, template, [p.expr(op.dst), p.expr(op.src0), p.expr(op.src1), *extent(p, op)])


@emits(ir.VecAxpyOp)
def _axpy(p: AscendCPrinter, op: ir.VecAxpyOp) -> None:
    template = [element(op.dst), element(op.src), set_mask_arg(op)] if op.is_mask_form() else []
    call(p, "Axpy", template, [p.expr(op.dst), p.expr(op.src), p.expr(op.scalar), *extent(p, op)])


@emits(ir.VecCastDeqOp)
def _cast_deq(p: AscendCPrinter, op: ir.VecCastDeqOp) -> None:
    template = [element(op.dst), element(op.src)]
    if op.is_mask_form():
        template.append(set_mask_arg(op))
    template += [_bool(op.is_vec_deq), _bool(op.half_block)]
    call(p, "CastDeq", template, [p.expr(op.dst), p.expr(op.src), *extent(p, op)])


@emits(ir.SetDeqScaleOp)
def _set_deq_scale(p: AscendCPrinter, op: ir.SetDeqScaleOp) -> None:
    call(p, "SetDeqScale", [], [p.expr(v) for v in op.values])


@emits(ir.SetDeqScaleTableOp)
def _set_deq_scale_table(p: AscendCPrinter, op: ir.SetDeqScaleTableOp) -> None:
    call(p, "SetDeqScale", [], [p.expr(op.vdeq), p.expr(op.info)])


@emits(ir.VdeqInfoOp)
def _vdeq_info(p: AscendCPrinter, op: ir.VdeqInfoOp) -> None:
    name = p.names.get(op.result)
    arrays: list[str] = []
    fields = list(op.fields)
    for i, (suffix, target) in enumerate((("scale", f32), ("offset", i16), ("sign_mode", i1))):
        array = p.names.fresh(f"{name}_{suffix}")
        values = ", ".join(p.braced(v, target) for v in fields[i * VDEQ_TENSOR_SIZE : (i + 1) * VDEQ_TENSOR_SIZE])
        p.line(f"{scalar_type(target)} {array}[{VDEQ_TENSOR_SIZE}] = {{{values}}};")
        arrays.append(array)
    p.line(f"AscendC::VdeqInfo {name}({', '.join(arrays)});")


@emits(ir.VecBilinearInterpolationOp)
def _bilinear(p: AscendCPrinter, op: ir.VecBilinearInterpolationOp) -> None:
    args = [p.expr(v) for v in (op.dst, op.src0, op.src0_offset, op.src1)]
    args += extent(p, op)
    args.append(p.expr(op.tmp))
    call(p, "BilinearInterpolation", [], args)
