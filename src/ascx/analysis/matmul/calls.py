"""Setters, the workspace, computations and fetches (docs/rules/matmul.md): MM-7 (a start while earlier
work is pending), MM-8 (a start this core cannot wait for), MM-10 (fetches outside an asynchronous
iteration), MM-12 (a discarded ``iterate()``), MM-15 (switching objects without ``end()``), MM-17 ...
MM-19 (the workspace), MM-28 (the order of setters) and MM-31 (a setter while work is pending)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects import scf
from xdsl.ir import Operation

from ascx.analysis.matmul.roles import Call, handles
from ascx.analysis.matmul.state import WAIT_OF_KIND, MatmulState, ObjectState, Record
from ascx.analysis.matmul.workspace_size import bytes_written, workspace_bytes
from ascx.analysis.report import Note, note
from ascx.analysis.spelling import matmul_call, snake_case, value_name
from ascx.dialects.ascendc.kernel_attrs import CUBE_ONLY_ATTR
from ascx.dialects.ascendc.matmul_compute_ops import MatmulIterateBatchOp
from ascx.dialects.ascendc.matmul_modes import is_mix_dual_master
from ascx.dialects.ascendc.matmul_ops import MatmulIterateAllOp, matmul_declaration
from ascx.dialects.ascendc.traits import MatmulAccess, MatmulAsyncStart, MatmulRole, is_async_call, tensor_accesses

if TYPE_CHECKING:
    from ascx.analysis.matmul.protocol import MatmulProtocolAnalysis

_MUST_PRECEDE: dict[str, tuple[str, ...]] = {
    "SetQuantScalar": ("compute",),
    "SetQuantVector": ("compute",),
    "SetOrgShape": ("setter:SetTensorA", "setter:SetTensorB", "setter:SetSingleShape"),
    "SetSelfDefineData": ("setter:SetTensorA", "setter:SetTensorB"),
}
"""Setters (by C++ name) and the calls they must come before (MM-28): ``compute`` is the first compute
call, ``setter:X`` the first call of setter X since the last computation."""

_INPUT_ROLES = {"SetTensorA": "matrix A", "SetTensorB": "matrix B", "SetBias": "bias"}


def in_loop_condition(op: Operation) -> bool:
    """Whether ``op`` is in the ``before`` region of an ``scf.while`` (the loop a ``with`` builds)."""
    region = op.parent_region()
    parent = op.parent_op()
    return isinstance(parent, scf.WhileOp) and region is parent.before_region


# --- setters (MM-28, MM-31) ------------------------------------------------------------------------


@handles(MatmulRole.SETTER)
def setter(analysis: MatmulProtocolAnalysis, call: Call, state: MatmulState) -> None:
    """A setter: MM-31 while work is pending, MM-28 out of order; A, B and bias are bound (for MM-9)."""
    op, obj = call.op, call.obj
    pending = next(iter(obj.records.values()), None)
    if pending is not None:
        analysis.warn(
            "MM-31",
            op,
            f"`{call.text}` changes `{call.name}` while asynchronous `{matmul_call(pending.start)}` is still pending",
            [note(pending.start, "started here")],
            partner=pending.start,
        )
    _check_setter_order(analysis, call)
    role = _INPUT_ROLES.get(call.method.cpp_name)
    access = op.get_trait(MatmulAccess)
    if role is not None and access is not None:
        tensors = access.read_values(op)
        if tensors:
            obj.bindings[role] = (analysis.region(tensors[0]), op)


def _check_setter_order(analysis: MatmulProtocolAnalysis, call: Call) -> None:
    """MM-28: the documented order of the setters (quantisation before the first compute call, the
    original shape before the tensors and the single-core shape, user data before the tensors)."""
    op, obj, name = call.op, call.obj, call.name
    cpp = call.method.cpp_name
    obj.last.setdefault(f"setter:{cpp}", op)
    later = _MUST_PRECEDE.get(cpp, ())
    for other in later:
        earlier = obj.last.get(other)
        if earlier is not None and earlier is not op:
            other_call = (
                f"{name}.{snake_case(other.removeprefix('setter:'))}"
                if other.startswith("setter:")
                else (matmul_call(earlier))
            )
            analysis.warn(
                "MM-28",
                op,
                f"`{call.text}` must be called before `{other_call}`",
                [note(earlier, "called here")],
                partner=earlier,
            )
            return


@handles(MatmulRole.QUERY)
def query(analysis: MatmulProtocolAnalysis, call: Call, state: MatmulState) -> None:
    call.obj.last.pop("bare_iterate", None)  # the block of a bare iterate() is being looked at


def check_bare_iterate(analysis: MatmulProtocolAnalysis, obj: ObjectState) -> None:
    """MM-12: a bare synchronous ``iterate()`` statement whose block nobody fetches or queries before the
    object computes again or ends."""
    bare = obj.last.pop("bare_iterate", None)
    if bare is not None:
        text = matmul_call(bare)
        analysis.error("MM-12", bare, f"result of `{text}()` is discarded; use `with {text}() as i:`")


# --- the workspace (MM-17 ... MM-19) ---------------------------------------------------------------


@handles(MatmulRole.WORKSPACE)
def set_workspace(analysis: MatmulProtocolAnalysis, call: Call, state: MatmulState) -> None:
    """MM-18: ``set_workspace`` after the asynchronous iteration started."""
    op, obj, name = call.op, call.obj, call.name
    started = obj.last.get("async_iterate")
    if started is not None:
        analysis.error(
            "MM-18",
            op,
            f"`{name}.set_workspace` must be called before `{name}.iterate`",
            [note(started, "asynchronous iteration started here")],
        )
    obj.workspace = frozenset({True})
    access = op.get_trait(MatmulAccess)
    written = access.written_values(op) if access is not None else []
    if written:
        obj.bindings["workspace"] = (analysis.region(written[0]), op)


def _check_workspace(analysis: MatmulProtocolAnalysis, call: Call) -> None:
    """MM-17: an asynchronous iteration with no workspace set on some path."""
    obj = call.obj
    if False not in obj.workspace:
        return
    notes = [] if True not in obj.workspace else [Note(None, "the workspace is set on some paths only")]
    analysis.error(
        "MM-17", call.op, f"asynchronous `{call.text}` requires `{call.name}.set_workspace(...)` before it", notes
    )


def _check_workspace_size(analysis: MatmulProtocolAnalysis, call: Call) -> None:
    """MM-19: a constant workspace smaller than what the asynchronous iteration writes into it."""
    bound = call.obj.bindings.get("workspace")
    if bound is None:
        return
    written = bytes_written(call.mm)
    have = workspace_bytes(bound[1], call.mm)
    if written is None or have is None or have >= written[0]:
        return
    analysis.warn(
        "MM-19",
        call.op,
        f"workspace of {have} bytes is smaller than the {written[0]} bytes asynchronous `{call.text}` writes",
        [note(written[1], "tiling here"), note(bound[1], "workspace set here")],
    )


# --- computations (MM-7, MM-8, MM-12, MM-15) --------------------------------------------------------


@handles(MatmulRole.COMPUTE)
def compute(analysis: MatmulProtocolAnalysis, call: Call, state: MatmulState) -> None:
    """A computation: the object becomes active (MM-15 when another one is); an asynchronous start makes a
    record (MM-7 when earlier work is pending, MM-8 when it cannot be waited for, MM-17 and MM-19 for an
    iteration into the workspace)."""
    op, obj = call.op, call.obj
    _activate(analysis, call, state)
    obj.last.setdefault("compute", op)
    start = op.get_trait(MatmulAsyncStart)
    check_bare_iterate(analysis, obj)
    if (
        start is not None
        and start.kind == "iterate"
        and not is_async_call(op)
        and not in_loop_condition(op)
        and not tensor_accesses(op)[1]
    ):
        obj.last["bare_iterate"] = op  # one block, computed: MM-12 unless it is fetched or queried
    if start is not None and start.kind in ("iterate_all", "iterate_batch"):
        obj.last[start.kind] = op
    if start is not None:
        obj.synchronous = frozenset({not is_async_call(op)})  # the client's isSyncGetC
    if start is None or not is_async_call(op):
        return
    output_tensors = tensor_accesses(op)[1]
    uses_workspace = not output_tensors
    if uses_workspace:
        _check_workspace(analysis, call)
        _check_workspace_size(analysis, call)
        obj.last.setdefault("async_iterate", op)
        if start.kind == "iterate" and not in_loop_condition(op):
            # the one-shot form: its blocks must be fetched before end() (MM-11)
            unfetched = Record(op, start.kind, False, None, (), iteration=True)
            obj.unfetched = {unfetched.key: unfetched}
    for record in list(obj.records.values()):
        if record.kind == "get_tensor_c":
            continue
        if record.start is op and in_loop_condition(op):
            continue  # the repeated Iterate<false> of one `with mm.iterate(sync=False)` loop
        _overlapping_start(analysis, call, record, state)
    waitable = start.kind in WAIT_OF_KIND and start.starts(op)
    if not waitable and start.kind in ("iterate_all", "iterate_batch"):
        flag = "wait_iterate_all" if start.kind == "iterate_all" else "wait_iterate_batch"
        analysis.warn(
            "MM-8",
            op,
            f"asynchronous `{call.text}` with {flag}=False: this core cannot wait for it with "
            f"`{call.name}.{flag}()`; completion must be established by other means",
        )
    if uses_workspace:
        workspace = obj.bindings.get("workspace")
        output = workspace[0] if workspace is not None else None
    else:
        output = analysis.region(output_tensors[0])
    inputs = tuple((region, binder, role) for role, (region, binder) in obj.bindings.items() if role != "workspace")
    record = Record(op, start.kind, waitable, output, inputs, iteration=uses_workspace)
    obj.records[record.key] = record


def _ended_by_server(analysis: MatmulProtocolAnalysis, call: Call) -> bool:
    """An ``IterateAll``/``IterateBatch`` into global memory on a MIX kernel's vector core: the AIC's server
    ends the object after it (CANN's ``matmul_server_impl_c220.h``), so it leaves no object active for MM-15
    (docs/matmul-protocol.md#switching-objects)."""
    if not isinstance(call.op, MatmulIterateAllOp | MatmulIterateBatchOp):
        return False
    if CUBE_ONLY_ATTR in analysis.kernel.attributes:
        return False
    return not is_mix_dual_master(matmul_declaration(call.op.operands[0]).effective_config)


def _activate(analysis: MatmulProtocolAnalysis, call: Call, state: MatmulState) -> None:
    """MM-15: a computation on an object while another one is active (used since its ``end()``); the object
    is active after it, unless the server ended it. The setters after it set up the next computation: the
    order MM-28 checks starts again (Huawei's attention kernels call SetOrgShape, SetTensorA, SetTensorB and
    IterateAll for every block)."""
    _check_switch(analysis, call, state)
    state.active = state.active - {call.mm} if _ended_by_server(analysis, call) else state.active | {call.mm}
    for key in [key for key in call.obj.last if key.startswith("setter:")]:
        del call.obj.last[key]


def _check_switch(analysis: MatmulProtocolAnalysis, call: Call, state: MatmulState) -> None:
    """MM-15: a computation on an object while another one is active (used since its ``end()``)."""
    others = [other for other in state.active if other is not call.mm]
    if others:
        other = others[0]
        other_name = value_name(other, "mm")
        last = state.objects[other].last.get("use")
        analysis.error(
            "MM-15",
            call.op,
            f"`{call.text}` switches from Matmul object `{other_name}` to `{call.name}` without `{other_name}.end()`",
            [note(last, f"last use of `{other_name}`")],
        )


def _overlapping_start(analysis: MatmulProtocolAnalysis, call: Call, record: Record, state: MatmulState) -> None:
    """MM-7: a start while ``record`` of the same object is pending (insertion waits for it first)."""
    where = "still pending from here" + (" in the previous loop iteration" if record.previous else "")
    analysis.report_pending(
        "MM-7",
        call.op,
        f"`{call.text}` starts while asynchronous `{matmul_call(record.start)}` on the same Matmul object is "
        "still pending",
        [note(record.start, where)],
        record,
        state,
        partner=record.start,
        repair=(call.op, call.mm),
    )


# --- fetches (MM-10) ------------------------------------------------------------------------------


@handles(MatmulRole.FETCH)
def fetch(analysis: MatmulProtocolAnalysis, call: Call, state: MatmulState) -> None:
    """A fetch of an iteration's block: an asynchronous one must be inside an asynchronous iteration and
    starts a record of its own; a synchronous one must not be (MM-10)."""
    op, obj = call.op, call.obj
    obj.unfetched = {}
    obj.last.pop("bare_iterate", None)
    iteration = obj.last.get("async_iterate")
    if is_async_call(op):
        if iteration is None:
            analysis.error(
                "MM-10",
                op,
                f"`{call.text}` is not inside an asynchronous iteration; call `{call.name}.iterate(sync=False)` first",
            )
        start = op.get_trait(MatmulAsyncStart)
        if start is not None and start.starts(op):
            written = tensor_accesses(op)[1]
            output = analysis.region(written[0]) if written else None
            record = Record(op, start.kind, True, output, ())
            obj.records[record.key] = record
        return
    obj.last["fetch"] = op
    if iteration is not None and any(r.iteration and analysis.must(r, state) for r in obj.records.values()):
        analysis.error(
            "MM-10",
            op,
            f"`{call.text}` uses sync=True inside the asynchronous iteration started by "
            f"`{matmul_call(iteration)}(sync=False)`; the sync modes must match",
            [note(iteration, "asynchronous iteration started here")],
        )
