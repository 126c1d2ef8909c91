"""Where inserted ops go, and how they are marked (docs/passes/insert-sync.md#placement): ``ascx.inserted`` on every
inserted op, the location of the op it serves, and a fixed order among inserted ops at one point
(sets, barriers, waits; by HardEvent, then id)."""

from __future__ import annotations

from typing import TypeVar

from xdsl.dialects import scf
from xdsl.dialects.builtin import UnitAttr
from xdsl.ir import Operation
from xdsl.rewriter import InsertPoint, Rewriter

from ascx.analysis.dataflow import constant_int, leaves_loop
from ascx.analysis.inserted import INSERTED_ATTR, is_inserted
from ascx.analysis.pipe_model import EVENT_ORDER
from ascx.dialects.ascendc.sync_ops import PipeBarrierOp, SetFlagOp, WaitFlagOp

OpT = TypeVar("OpT", bound=Operation)


def mark(op: OpT, location_of: Operation) -> OpT:
    """``op`` marked as inserted, at the location of ``location_of``."""
    op.attributes[INSERTED_ATTR] = UnitAttr()
    op.location = location_of.location
    return op


def order_key(op: Operation) -> tuple[int, int, int]:
    """Where an inserted op goes among others at one point: sets, then barriers, then waits; by HardEvent
    and id within each group."""
    if isinstance(op, SetFlagOp | WaitFlagOp):
        group = 0 if isinstance(op, SetFlagOp) else 2
        ident = constant_int(op.event_id)
        return (group, EVENT_ORDER[op.event.data], ident if ident is not None else 0)
    if isinstance(op, PipeBarrierOp):
        return (1, 0, 0)
    return (3, 0, 0)


def _going_on(anchor: Operation) -> Operation | None:
    """The ``scf.yield`` of the one arm of ``anchor`` (an ``scf.if``) that does not leave the loop, when its
    other arm does (nested ``if`` s followed through); None otherwise."""
    if not isinstance(anchor, scf.IfOp):
        return None
    arms = [region.block for region in anchor.regions if region.blocks]
    if len(arms) != 2 or not any(leaves_loop(arm) for arm in arms):
        return None
    going_on = [arm for arm in arms if not leaves_loop(arm)]
    if len(going_on) != 1:
        return None
    end = going_on[0].last_op
    assert isinstance(end, scf.YieldOp)
    last = end.prev_op
    while last is not None and is_inserted(last):
        last = last.prev_op
    inner = _going_on(last) if last is not None else None
    return inner if inner is not None else end


def innermost_common_loop(a: Operation, b: Operation) -> Operation | None:
    parent = a.parent_op()
    while parent is not None:
        if isinstance(parent, scf.ForOp | scf.WhileOp) and parent.is_ancestor(b):
            return parent
        parent = parent.parent_op()
    return None


def place(op: Operation, anchor: Operation, *, before: bool) -> None:
    """Insert ``op`` next to ``anchor`` among the inserted sync ops already there, in :func:`order_key` order.

    After an ``scf.if`` one of whose arms leaves the loop (a ``break`` or ``return``), ``op`` goes at the end
    of the arm that goes on instead: what follows such an ``if`` in the body would also run on the way out
    (docs/passes/insert-sync.md#placement)."""
    if not before and (end := _going_on(anchor)) is not None:
        place(op, end, before=True)
        return
    key = order_key(op)
    if before:
        run: list[Operation] = []
        current = anchor.prev_op
        while current is not None and is_inserted(current) and order_key(current)[0] < 3:
            run.insert(0, current)
            current = current.prev_op
    else:
        run = []
        current = anchor.next_op
        while current is not None and is_inserted(current) and order_key(current)[0] < 3:
            run.append(current)
            current = current.next_op
    later = next((other for other in run if order_key(other) > key), None)
    if later is not None:
        Rewriter.insert_op(op, InsertPoint.before(later))
    elif before:
        Rewriter.insert_op(op, InsertPoint.before(anchor))
    else:
        Rewriter.insert_op(op, InsertPoint.after(run[-1] if run else anchor))
