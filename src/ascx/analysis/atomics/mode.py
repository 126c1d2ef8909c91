"""The atomic mode that ``asc.set_atomic_*`` sets for later GM writes (docs/rules/atomics.md): AT-1 (still
set when the kernel returns) and AT-2 (changed while another mode is active)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.ir import Operation

from ascx.analysis.pipe.registry import checks_exit, transfers
from ascx.analysis.pipe.state import PipeState
from ascx.analysis.report import note
from ascx.dialects.ascendc.sync_ops import AtomicKind, SetAtomicOp

if TYPE_CHECKING:
    from ascx.analysis.pipe.analysis import PipeSyncAnalysis


def _atomic_call(op: Operation) -> str:
    assert isinstance(op, SetAtomicOp)
    return f"asc.set_atomic_{op.kind.data}"


@transfers(SetAtomicOp)
def set_atomic(analysis: PipeSyncAnalysis, op: SetAtomicOp, state: PipeState) -> None:
    kind = op.kind.data
    if kind is AtomicKind.NONE:
        state.atomic = None
        return
    if kind is AtomicKind.TYPE:
        return  # the data type of the active mode, not a mode
    if state.atomic is not None and state.atomic is not op:
        analysis.warn(
            "AT-2",
            op,
            f"`{_atomic_call(op)}` changes atomic mode while `{_atomic_call(state.atomic)}` is still active",
            [note(state.atomic, "set here")],
        )
    state.atomic = op


@checks_exit
def check_exit(analysis: PipeSyncAnalysis, state: PipeState) -> None:
    """AT-1: an atomic mode still set when the kernel returns."""
    if state.atomic is not None:
        analysis.warn(
            "AT-1",
            state.atomic,
            f"atomic mode set by `{_atomic_call(state.atomic)}` is not reset with `asc.set_atomic_none()` before "
            "the kernel returns",
        )
