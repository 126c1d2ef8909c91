"""Printers of the sort and region-proposal ops.  A merge prints its queues as
``AscendC::MrgSortSrcList<T>(src1, src2, src3, src4)`` at the call (CANN's struct has only the
four-tensor constructor; a missing queue is an empty ``LocalTensor<T>()``), and the array form of
``MrgSort`` declares its ``uint16_t`` and ``uint32_t`` arrays before the call.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IntegerType, Signedness, i1
from xdsl.ir import Attribute, SSAValue

from ascx.dialects import ascendc as ir
from ascx.target.printer import AscendCPrinter, emits, scalar_type

_U16 = IntegerType(16, Signedness.UNSIGNED)
_U32 = IntegerType(32, Signedness.UNSIGNED)


def _element(tensor: SSAValue) -> str:
    return scalar_type(ir.tensor_element_type(tensor.type))


def _source_list(p: AscendCPrinter, op: ir.MrgSortOp | ir.MrgSort4Op | ir.MrgSortCountsOp) -> str:
    element = _element(op.dst)
    queues = [p.expr(v) for v in op.sources()]
    queues += [f"AscendC::LocalTensor<{element}>()"] * (4 - len(queues))
    return f"AscendC::MrgSortSrcList<{element}>({', '.join(queues)})"


def _array(p: AscendCPrinter, base: str, element: Attribute, values: Sequence[SSAValue]) -> str:
    name = p.names.fresh(base)
    items = ", ".join(p.braced(v, element) for v in values)
    p.line(f"{scalar_type(element)} {name}[] = {{{items}}};")
    return name


@emits(ir.MrgSort4InfoOp)
def _info(p: AscendCPrinter, op: ir.MrgSort4InfoOp) -> None:
    name = p.names.get(op.result)
    lengths = _array(p, f"{name}_lengths", _U16, op.element_lengths)
    fields = [
        lengths,
        p.braced(op.if_exhausted_suspension, i1),
        p.braced(op.valid_bit, _U16),
        p.braced(op.repeat_times, _U16),
    ]
    p.line(f"AscendC::MrgSort4Info {name}{{{', '.join(fields)}}};")


@emits(ir.MrgSortOp)
def _mrg_sort(p: AscendCPrinter, op: ir.MrgSortOp) -> None:
    p.line(f"AscendC::MrgSort({p.expr(op.dst)}, {_source_list(p, op)}, {p.expr(op.info)});")


@emits(ir.MrgSort4Op)
def _mrg_sort4(p: AscendCPrinter, op: ir.MrgSort4Op) -> None:
    p.line(f"AscendC::MrgSort4({p.expr(op.dst)}, {_source_list(p, op)}, {p.expr(op.info)});")


@emits(ir.MrgSortCountsOp)
def _mrg_sort_counts(p: AscendCPrinter, op: ir.MrgSortCountsOp) -> None:
    counts = _array(p, "element_count_list", _U16, op.element_counts)
    sorted_num = _array(p, "sorted_num", _U32, op.sorted_num)
    suspension = "true" if op.is_exhausted_suspension is not None else "false"
    args = [p.expr(op.dst), _source_list(p, op), counts, sorted_num, p.expr(op.valid_bit), p.expr(op.repeat_times)]
    p.line(f"AscendC::MrgSort<{_element(op.dst)}, {suspension}>({', '.join(args)});")


@emits(ir.Sort32Op)
def _sort32(p: AscendCPrinter, op: ir.Sort32Op) -> None:
    args = [p.expr(v) for v in (op.dst, op.src0, op.src1, op.repeat_times)]
    p.line(f"AscendC::Sort32({', '.join(args)});")


@emits(ir.SortOp)
def _sort(p: AscendCPrinter, op: ir.SortOp) -> None:
    full = "true" if op.is_full_sort is not None else "false"
    args = [p.expr(v) for v in (op.dst, op.concat, op.index, op.tmp, op.repeat_times)]
    p.line(f"AscendC::Sort<{_element(op.dst)}, {full}>({', '.join(args)});")


@emits(ir.RpSort16Op)
def _rp_sort16(p: AscendCPrinter, op: ir.RpSort16Op) -> None:
    p.line(f"AscendC::RpSort16({p.expr(op.dst)}, {p.expr(op.src)}, {p.expr(op.repeat_times)});")


@emits(ir.ProposalOp)
def _proposal(p: AscendCPrinter, op: ir.ProposalOp) -> None:
    args = [p.expr(v) for v in (op.dst, op.src, op.repeat_times, op.mode_number)]
    p.line(f"AscendC::{op.cpp_name}({', '.join(args)});")


def _sort_query(p: AscendCPrinter, op: ir.GetSortLenOp | ir.GetSortOffsetOp) -> None:
    call = f"AscendC::{op.CPP}<{scalar_type(op.element_type)}>({p.expr(op.value)})"
    p.line(f"{scalar_type(op.result.type)} {p.names.get(op.result)} = {call};")


emits(ir.GetSortLenOp)(_sort_query)
emits(ir.GetSortOffsetOp)(_sort_query)


@emits(ir.GetMrgSortResultOp)
def _mrg_sort_result(p: AscendCPrinter, op: ir.GetMrgSortResultOp) -> None:
    names = [p.names.get(r) for r in op.results]
    for result, name in zip(op.results, names, strict=True):
        p.line(f"{scalar_type(result.type)} {name};")
    p.line(f"AscendC::GetMrgSortResult({', '.join(names)});")
