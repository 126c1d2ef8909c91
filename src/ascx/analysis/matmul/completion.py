"""Waits, ``end()`` and the kernel's exit (docs/rules/matmul.md): MM-2 and MM-3 (work still pending at
``end()`` or at the return), MM-4 and MM-5 (a wait with nothing to wait for), MM-6 (``wait_get_tensor_c``
with no asynchronous fetch), MM-11 (the blocks of a one-shot iteration never fetched) and MM-16 (an
object never ended)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects import scf
from xdsl.ir import Operation

from ascx.analysis.matmul.calls import check_bare_iterate
from ascx.analysis.matmul.roles import Call, handles
from ascx.analysis.matmul.state import ENDED_ASYNC, RELEASED, UNKNOWN, MatmulState, Record
from ascx.analysis.pipe_model import enque_orders_fetches
from ascx.analysis.report import Note, at, note
from ascx.analysis.spelling import matmul_call, value_name
from ascx.dialects.ascendc.fwk_ops import EnqueOp
from ascx.dialects.ascendc.fwk_types import TQueType
from ascx.dialects.ascendc.traits import MatmulAsyncWait, MatmulRole, is_async_call

if TYPE_CHECKING:
    from ascx.analysis.matmul.protocol import MatmulProtocolAnalysis


def source_position(op: Operation | None) -> tuple[int, int]:
    location = at(op)
    return (location.line, location.col or 0) if location is not None else (0, 0)


def _before(a: Operation, b: Operation) -> bool:
    """Whether ``a`` comes before ``b`` in the source (by location; ops without one compare equal)."""
    return source_position(a) < source_position(b)


@handles(MatmulRole.WAIT)
def wait(analysis: MatmulProtocolAnalysis, call: Call, state: MatmulState) -> None:
    """A wait completes the object's pending work of its kind (MM-4, MM-5, MM-6 when there is none)."""
    op, obj = call.op, call.obj
    trait = op.get_trait(MatmulAsyncWait)
    assert trait is not None, f"{op.name} has the WAIT role but no MatmulAsyncWait trait"
    kind = trait.kind
    matching = [k for k, r in obj.records.items() if r.kind == kind and r.waitable]
    if kind == "get_tensor_c":
        if not matching:
            fetch = obj.last.get("fetch")
            notes = [note(fetch, "this fetch is synchronous (sync=True)")] if fetch is not None else []
            analysis.warn(
                "MM-6",
                op,
                f"`{call.text}()` has no preceding asynchronous `{call.name}.get_tensor_c(..., sync=False)`; it only "
                "orders earlier MTE2 copies before vector operations",
                notes,
            )
    else:
        must = any(analysis.must(obj.records[k], state) for k in matching)
        if not must:
            _no_matching_start(analysis, call, kind, [obj.records[k] for k in matching], state)
    for key in matching:
        del obj.records[key]
    obj.last["wait_" + kind] = op


def _no_matching_start(
    analysis: MatmulProtocolAnalysis, call: Call, kind: str, maybe: list[Record], state: MatmulState
) -> None:
    """MM-4 / MM-5: a wait that no waitable start is pending for on some path."""
    obj, name = call.obj, call.name
    rule, flag = ("MM-4", "wait_iterate_all") if kind == "iterate_all" else ("MM-5", "wait_iterate_batch")
    starters = "iterate_all" if kind == "iterate_all" else "iterate_batch"
    notes: list[Note] = []
    loop = analysis.zero_trip_waits(maybe, state)
    if loop is not None:
        _zero_trip_wait(analysis, call, rule, starters, flag, loop)
        return
    if maybe:
        notes.extend(analysis.path_notes(maybe[0], state))
    else:
        earlier_wait = obj.last.get("wait_" + kind)
        start = obj.last.get(kind)
        if start is not None and (earlier_wait is None or _before(earlier_wait, start)):
            reason = (
                "this call is synchronous (sync=True)" if not is_async_call(start) else f"this call passes {flag}=False"
            )
            notes.append(note(start, reason))
        elif earlier_wait is not None:
            notes.append(note(earlier_wait, f"already completed by this {name}.{flag}()"))
    analysis.error(
        rule,
        call.op,
        f"`{call.text}()` has no matching asynchronous `{name}.{starters}(..., sync=False, {flag}=True)`; "
        "it would wait for a completion that is never signalled",
        notes,
    )


def enque(op: EnqueOp, state: MatmulState) -> None:
    """``enque`` on a queue whose hand-off is MTE2 -> V (VECIN) sets the event ``wait_get_tensor_c()`` sets and
    waits for, and its ``deque`` waits for it: it completes every asynchronous fetch into the unified buffer
    (docs/matmul-protocol.md#queue-hand-off).  What is accessed between the two is the pipe analysis's to check."""
    where = op.queue.type.position.data if isinstance(op.queue.type, TQueType) else None
    if where is None or not enque_orders_fetches(where):
        return
    for obj in state.objects.values():
        if UNKNOWN in obj.lifecycle:
            continue
        obj.records = {k: r for k, r in obj.records.items() if not (r.kind == "get_tensor_c" and r.waitable)}


def _zero_trip_wait(
    analysis: MatmulProtocolAnalysis, call: Call, rule: str, starters: str, flag: str, loop: scf.ForOp
) -> None:
    """MM-4 / MM-5 only where ``loop`` runs zero times: the wait would wait forever there.  ``ascx-insert-sync``
    guards it with the loop's trip test; without that repair it is a warning."""
    if analysis.reporting:
        analysis.wait_guards.append((call.op, loop))
    analysis.warn(
        rule,
        call.op,
        f"`{call.text}()` has no matching asynchronous `{call.name}.{starters}(..., sync=False, {flag}=True)` when "
        "this loop runs zero times; it would wait for a completion that is never signalled",
        [note(loop, "the work it waits for is started in this loop, whose trip count is a runtime value")],
    )


@handles(MatmulRole.END)
def end(analysis: MatmulProtocolAnalysis, call: Call, state: MatmulState) -> None:
    """``end()`` releases the object: pending work is MM-2, unfetched blocks MM-11."""
    op, obj, name, mm = call.op, call.obj, call.name, call.mm
    check_bare_iterate(analysis, obj)
    for unfetched in obj.unfetched.values():
        analysis.report_pending(
            "MM-11",
            unfetched.start,
            f"the blocks computed by asynchronous `{matmul_call(unfetched.start)}(sync=False)` are never fetched "
            f"with `{name}.get_tensor_c(..., sync=False)`",
            [note(op, "the object ends here")],
            unfetched,
            state,
            with_path=True,
        )
    obj.unfetched = {}
    for record in obj.records.values():
        if not record.waitable:
            continue
        analysis.report_pending(
            "MM-2",
            op,
            f"`{name}.end()` is called while asynchronous `{matmul_call(record.start)}` is still pending",
            [note(record.start, f"started here; call {name}.{record.wait_name}() before {name}.end()")],
            record,
            state,
            partner=record.start,
            repair=(op, mm),
        )
    obj.records = {}
    # CANN's client End() posts MMFUN_END only after a synchronous computation (matmul_client.h, End)
    obj.lifecycle = frozenset(RELEASED if synchronous else ENDED_ASYNC for synchronous in obj.synchronous)
    obj.open = frozenset({False})
    obj.last["end"] = op
    obj.last.pop("async_iterate", None)
    state.active = state.active - {mm}


def check_exit(analysis: MatmulProtocolAnalysis, ret: Operation, state: MatmulState) -> None:
    """MM-3 (work still pending when the kernel returns) and MM-16 (an object used and not ended)."""
    for mm, obj in state.objects.items():
        if UNKNOWN in obj.lifecycle:
            continue
        check_bare_iterate(analysis, obj)
        name = value_name(mm, "mm")
        for record in obj.records.values():
            if not record.waitable:
                continue
            analysis.report_pending(
                "MM-3",
                ret,
                f"kernel returns while asynchronous `{matmul_call(record.start)}(sync=False)` has not completed",
                [note(record.start, f"started here; call {name}.{record.wait_name}() before the kernel returns")],
                record,
                state,
                partner=record.start,
                repair=(ret, mm),
            )
        if True in obj.open:
            last = obj.last.get("use")
            analysis.warn(
                "MM-16",
                last or ret,
                f"Matmul object `{name}` is not ended; call `{name}.end()` after its last use",
                partner=mm,
            )
