"""Accesses to the outputs and inputs of pending asynchronous work (docs/rules/matmul.md): MM-1 (the
output is read or written before the wait; a warning when the regions only may overlap) and MM-9 (an
input bound to the work is overwritten).  One access diagnostic per record: the first in program
order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.ir import Operation, SSAValue

from ascx.analysis.matmul.state import MatmulState, Record
from ascx.analysis.report import note
from ascx.analysis.spelling import matmul_call, python_call, value_name

if TYPE_CHECKING:
    from ascx.analysis.matmul.protocol import MatmulProtocolAnalysis


def check_accesses(
    analysis: MatmulProtocolAnalysis, op: Operation, reads: list[SSAValue], writes: list[SSAValue], state: MatmulState
) -> None:
    """Check the tensors ``op`` reads and writes against every pending record."""
    accessed = [(v, False) for v in reads] + [(v, True) for v in writes]
    for mm, obj in state.objects.items():
        # The record of this iteration before one pending from the previous (one diagnostic keeps the first).
        ordered = sorted(obj.records.values(), key=lambda r: (not analysis.must(r, state), r.previous))
        for record in ordered:
            if record.start is op:
                continue
            _check_output(analysis, op, accessed, mm, record, state)
            _check_inputs(analysis, op, writes, record)


def _check_output(
    analysis: MatmulProtocolAnalysis,
    op: Operation,
    accessed: list[tuple[SSAValue, bool]],
    mm: SSAValue,
    record: Record,
    state: MatmulState,
) -> None:
    """MM-1: ``op`` accesses the output of ``record`` before its wait."""
    if record.output is None or record.iteration or record.key in analysis.access_reported:
        return
    for value, writes in accessed:
        overlap = analysis.region(value).overlap(record.output)
        if overlap == "none":
            continue
        name = value_name(mm, "mm")
        start = matmul_call(record.start)
        verb = "writes" if writes else "reads"
        message = (
            f"`{python_call(op)}` {verb} `{value_name(value)}`, the output of asynchronous `{start}(sync=False)`, "
            f"before `{name}.{record.wait_name}()`"
        )
        if record.waitable:
            first = note(
                record.start,
                f"asynchronous {start} started here; call {name}.{record.wait_name}() before the first access "
                "to its output",
            )
        else:
            flag = "wait_iterate_all" if record.kind == "iterate_all" else "wait_iterate_batch"
            first = note(
                record.start,
                f"this call passes {flag}=False, so {name}.{flag}() cannot complete it; pass {flag}=True and "
                "wait, or use sync=True",
            )
        notes = [first, *analysis.path_notes(record, state)]
        loop = analysis.zero_trip_loop(record, state)
        if loop is not None:
            analysis.report_zero_trip("MM-1", op, message, notes, loop, partner=record.start)
            return
        if overlap == "may":
            analysis.warn("MM-1", op, "possible hazard: " + message, notes, partner=record.start)
        else:
            analysis.error("MM-1", op, message, notes, partner=record.start)
        if analysis.reporting:
            analysis.access_reported.append(record.key)
            if record.waitable:
                analysis.fix("MM-1", record, op, mm, state)
        return


def _check_inputs(analysis: MatmulProtocolAnalysis, op: Operation, writes: list[SSAValue], record: Record) -> None:
    """MM-9: ``op`` overwrites a tensor bound as an input of ``record``."""
    for value in writes:
        for region, binder, role in record.inputs:
            if analysis.region(value).overlap(region) != "definite":
                continue
            analysis.error(
                "MM-9",
                op,
                f"`{python_call(op)}` overwrites `{value_name(value)}`, an input of asynchronous "
                f"`{matmul_call(record.start)}` that is still pending",
                [note(binder, f"bound as {role} here")],
                partner=record.start,
            )
            return
