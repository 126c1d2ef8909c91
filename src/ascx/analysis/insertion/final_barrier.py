"""IN-12: the ``PIPE_ALL`` barrier before the kernel's return (docs/passes/insert-sync.md#the-final-barrier).

``final_barrier="auto"`` adds it when a GM write of a non-scalar pipe is still unordered at the return
(whether the hardware drains the pipes when a kernel ends is not documented); ``"always"`` adds it as
pyasc does, ``"never"`` does not.
"""

from __future__ import annotations

from typing import Literal

from xdsl.dialects import func
from xdsl.rewriter import InsertPoint, Rewriter

from ascx.analysis.inserted import is_inserted
from ascx.analysis.insertion.placement import mark
from ascx.analysis.insertion.position import inserted_where
from ascx.analysis.pipe.state import PipeState
from ascx.analysis.regions import GMBase
from ascx.analysis.report import DiagnosticList, where
from ascx.analysis.spelling import python_call
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.fwk_ops import ReleaseEventIdOp
from ascx.dialects.ascendc.sync_ops import PipeBarrierOp

FinalBarrier = Literal["auto", "always", "never"]


def add_final_barrier(kernel: func.FuncOp, policy: FinalBarrier, state: PipeState, diagnostics: DiagnosticList) -> None:
    """Add the barrier ``policy`` asks for, given the pipe state at the return (a remark says why)."""
    if policy == "never":
        return
    entry = kernel.body.block
    ret = entry.last_op
    assert ret is not None
    anchor = ret
    while anchor.prev_op is not None and isinstance(anchor.prev_op, ReleaseEventIdOp) and is_inserted(anchor.prev_op):
        anchor = anchor.prev_op
    previous = anchor.prev_op
    if isinstance(previous, PipeBarrierOp) and previous.pipe.data is Pipe.PIPE_ALL:
        return
    unordered = [
        access
        for key, access in state.log.items()
        if key.write and key.pipe is not Pipe.PIPE_S and isinstance(key.base, GMBase)
    ]
    if policy == "auto" and not unordered:
        return
    barrier = mark(PipeBarrierOp(Pipe.PIPE_ALL), ret)
    Rewriter.insert_op(barrier, InsertPoint.before(anchor))
    if unordered:
        diagnostics.add(
            "remark",
            "IN-12",
            barrier,
            f"inserted asc.pipe_barrier(PipeID.PIPE_ALL) {inserted_where([barrier])} for IN-12 (the GM write of "
            f"`{python_call(unordered[0].op)}` at {where(unordered[0].op)} is unordered at the kernel's return)",
        )
