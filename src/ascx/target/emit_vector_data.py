"""Printers of the data-rearranging vector ops: ``Gather``, ``Gatherb``, ``Scatter``, ``Brcb``, ``Copy``,
``GatherMask``, ``Transpose`` and ``TransDataTo5HD`` (whose list forms take C++ arrays, declared first)."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IntegerType, Signedness
from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.target.emit_vector import call, element, extent, set_mask_arg
from ascx.target.printer import AscendCPrinter, cpp_type, emits, scalar_type

_UI64 = IntegerType(64, Signedness.UNSIGNED)


@emits(ir.VecGatherOp)
def _gather(p: AscendCPrinter, op: ir.VecGatherOp) -> None:
    args = [p.expr(v) for v in (op.dst, op.src, op.src_offset, op.src_base)]
    call(p, "Gather", [], [*args, *extent(p, op)])


@emits(ir.VecGatherbOp)
def _gatherb(p: AscendCPrinter, op: ir.VecGatherbOp) -> None:
    call(p, "Gatherb", [], [p.expr(op.dst), p.expr(op.src), p.expr(op.offset), *extent(p, op)])


@emits(ir.VecScatterOp)
def _scatter(p: AscendCPrinter, op: ir.VecScatterOp) -> None:
    args = [p.expr(v) for v in (op.dst, op.src, op.dst_offset, op.dst_base)]
    call(p, "Scatter", [], [*args, *extent(p, op)])


@emits(ir.VecBrcbOp)
def _brcb(p: AscendCPrinter, op: ir.VecBrcbOp) -> None:
    call(p, "Brcb", [], [p.expr(op.dst), p.expr(op.src), *extent(p, op)])


@emits(ir.VecCopyOp)
def _copy(p: AscendCPrinter, op: ir.VecCopyOp) -> None:
    call(p, "Copy", [element(op.dst), set_mask_arg(op)], [p.expr(op.dst), p.expr(op.src), *extent(p, op)])


@emits(ir.VecGatherMaskOp)
def _gather_mask(p: AscendCPrinter, op: ir.VecGatherMaskOp) -> None:
    """``uint64_t n = 0; GatherMask<T, U>(dst, src0, pattern, reduceMode, mask, params, n);`` (``<T>`` for a
    built-in pattern, passed as ``uint8_t``)."""
    count = p.names.get(op.rsvd_cnt)
    p.line(f"uint64_t {count} = 0;")
    if op.pattern_is_tensor():
        template = [element(op.dst), element(op.src1_pattern)]
        pattern = p.expr(op.src1_pattern)
    else:
        template = [element(op.dst)]
        pattern = p.braced(op.src1_pattern, IntegerType(8, Signedness.UNSIGNED))
    args = [p.expr(op.dst), p.expr(op.src0), pattern, p.expr(op.reduce_mode), p.expr(op.mask), p.expr(op.params)]
    call(p, "GatherMask", template, [*args, count])


@emits(ir.GetGatherMaskRemainCountOp)
def _remain_count(p: AscendCPrinter, op: ir.GetGatherMaskRemainCountOp) -> None:
    p.line(f"int64_t {p.names.get(op.result)} = AscendC::GetGatherMaskRemainCount();")


@emits(ir.VecTransposeOp)
def _transpose(p: AscendCPrinter, op: ir.VecTransposeOp) -> None:
    call(p, "Transpose", [], [p.expr(op.dst), p.expr(op.src), *extent(p, op)])


@emits(ir.VecTransDataTo5HDOp)
def _trans_data_to_5hd(p: AscendCPrinter, op: ir.VecTransDataTo5HDOp) -> None:
    call(p, "TransDataTo5HD", [scalar_type(op.element_type)], [p.expr(op.dst), p.expr(op.src), p.expr(op.params)])


def _array(p: AscendCPrinter, base: str, element_cpp: str, values: Sequence[SSAValue], braced: bool) -> str:
    name = p.names.fresh(base)
    items = ", ".join(p.braced(v, _UI64) if braced else p.expr(v) for v in values)
    p.line(f"{element_cpp} {name}[{len(values)}] = {{{items}}};")
    return name


@emits(ir.VecTransDataTo5HDListOp)
def _trans_data_to_5hd_list(p: AscendCPrinter, op: ir.VecTransDataTo5HDListOp) -> None:
    tensor = cpp_type(op.dst_list[0].type)
    dst = _array(p, "dst_list", tensor, op.dst_list, braced=False)
    src = _array(p, "src_list", tensor, op.src_list, braced=False)
    call(p, "TransDataTo5HD", [element(op.dst_list[0])], [dst, src, p.expr(op.params)])


@emits(ir.VecTransDataTo5HDAddrOp)
def _trans_data_to_5hd_addr(p: AscendCPrinter, op: ir.VecTransDataTo5HDAddrOp) -> None:
    dst = _array(p, "dst_addrs", "uint64_t", op.dst_addrs, braced=True)
    src = _array(p, "src_addrs", "uint64_t", op.src_addrs, braced=True)
    call(p, "TransDataTo5HD", [scalar_type(op.element_type)], [dst, src, p.expr(op.params)])


@emits(ir.PhyAddrOp)
def _phy_addr(p: AscendCPrinter, op: ir.PhyAddrOp) -> None:
    """``uint64_t a = (uint64_t)t.GetPhyAddr();``: the cast of CANN's own examples, as ``GetPhyAddr`` returns a
    pointer in CANN's CPU build and a ``uint64_t`` on the NPU (pyasc's uncast form compiles on the NPU only)."""
    args = p.expr(op.offset) if op.offset is not None else ""
    p.line(f"uint64_t {p.names.get(op.result)} = (uint64_t){p.expr(op.tensor)}.GetPhyAddr({args});")
