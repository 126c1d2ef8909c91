"""The per-Matmul-object protocol analysis behind ``ascx-verify-matmul-sync`` and the Matmul part of
``ascx-insert-sync`` (sync-model spec §1.8, §2.1).

The state follows each Matmul object (keyed by its ``ascendc.matmul.create`` result) through the
kernel: its lifecycle, whether a workspace is set, the inputs bound with ``set_tensor_a/b`` and
``set_bias``, and the asynchronous work it has started and not completed (*records*).  Each record
remembers the branch outcomes under which it is pending (its *guard*), so that correlated branches
(``if c: start`` ... ``if c: wait``) are not reported (MA-6), and whether it was started in an
earlier iteration of the innermost loop (MA-4).

Everything the analysis knows about an op comes from the dialect's traits: ``MatmulMethod`` (its
role), ``MatmulAsyncStart`` / ``MatmulAsyncWait`` (the asynchronous work it starts or completes),
``TensorAccess`` (the tensors it reads and writes) and ``SyncMode`` (its ``sync`` argument).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from xdsl.dialects import func, scf
from xdsl.ir import Operation, SSAValue

from ascx.analysis.dataflow import condition_key
from ascx.analysis.regions import GMBaseCache, Region, region_of
from ascx.analysis.report import Note, at, note
from ascx.analysis.reporting import Findings, ReportingAnalysis
from ascx.analysis.spelling import condition_text, matmul_call, python_call, snake_case, value_name
from ascx.analysis.workspace_size import bytes_written, workspace_bytes
from ascx.dialects.ascendc.matmul_ops import MatmulCreateOp, RegisterMatmulOp
from ascx.dialects.ascendc.traits import (
    MatmulAccess,
    MatmulAsyncStart,
    MatmulAsyncWait,
    MatmulMethod,
    MatmulRole,
    TensorAccess,
    is_async_call,
    tensor_accesses,
)

Guard = frozenset[tuple[object, bool]]
"""Branch outcomes (condition value, taken) under which a record is pending."""

MAX_CONDITIONS = 4
"""Distinct branch conditions a guard may mention before the analysis drops path precision (MA-6)."""
UNKNOWN = "unknown"
"""The lifecycle of an object passed to an opaque op (MA-1): nothing more is checked for it."""

WAIT_OF_KIND = {
    "iterate_all": "wait_iterate_all",
    "iterate_batch": "wait_iterate_batch",
    "get_tensor_c": "wait_get_tensor_c",
}
"""The Python method that completes each kind of asynchronous work."""

_MUST_PRECEDE: dict[str, tuple[str, ...]] = {
    "SetQuantScalar": ("compute",),
    "SetQuantVector": ("compute",),
    "SetOrgShape": ("setter:SetTensorA", "setter:SetTensorB", "setter:SetSingleShape"),
    "SetSelfDefineData": ("setter:SetTensorA", "setter:SetTensorB"),
}
"""Setters (by C++ name) and the calls they must come before (MM-28): ``compute`` is the first compute
call, ``setter:X`` the first call of setter X."""

_INPUT_ROLES = {"SetTensorA": "matrix A", "SetTensorB": "matrix B", "SetBias": "bias"}


@dataclass(frozen=True)
class Record:
    """Asynchronous work started on a Matmul object and not yet completed."""

    start: Operation
    kind: str
    """``MatmulAsyncStart.kind``: ``iterate_all``, ``iterate_batch``, ``iterate`` or ``get_tensor_c``."""
    waitable: bool
    output: Region | None
    inputs: tuple[tuple[Region, Operation, str], ...]
    """The tensors bound as A, B and bias when the work started, with the binding call."""
    iteration: bool = False
    """An asynchronous iteration (``iterate`` or ``iterate_n_batch``): its results land in the workspace
    and are fetched with ``get_tensor_c`` / ``get_batch_tensor_c``."""
    previous: bool = False
    """Started in an earlier iteration of the innermost enclosing loop."""
    guard: Guard = frozenset()
    must: bool = True
    """Pending on every path that reaches this point (before guards are considered)."""

    @property
    def key(self) -> tuple[Operation, bool]:
        return (self.start, self.previous)

    @property
    def wait_name(self) -> str:
        return WAIT_OF_KIND.get(self.kind, "end")


@dataclass
class ObjectState:
    """What is known about one Matmul object at a program point (may-sets are frozensets)."""

    lifecycle: frozenset[str]
    workspace: frozenset[bool] = frozenset({False})
    records: dict[tuple[Operation, bool], Record] = field(default_factory=dict[tuple[Operation, bool], Record])
    bindings: dict[str, tuple[Region, Operation]] = field(default_factory=dict[str, tuple[Region, Operation]])
    last: dict[str, Operation] = field(default_factory=dict[str, Operation])
    """The latest op of some sort: ``use``, ``end``, ``iterate_all``, ``iterate_batch``, ``wait``,
    ``fetch``, ``async_iterate`` (for notes)."""
    open: frozenset[bool] = frozenset({False})
    """Whether the object has been used since its last ``end()`` (may-set)."""

    def copy(self) -> ObjectState:
        return replace(self, records=dict(self.records), bindings=dict(self.bindings), last=dict(self.last))


@dataclass
class MatmulState:
    objects: dict[SSAValue, ObjectState] = field(default_factory=dict[SSAValue, ObjectState])
    path: Guard = frozenset()
    active: frozenset[SSAValue] = frozenset()

    def copy(self) -> MatmulState:
        return MatmulState({k: v.copy() for k, v in self.objects.items()}, self.path, self.active)


@dataclass(frozen=True)
class Fix:
    """A violation ``ascx-insert-sync`` repairs by inserting ``record``'s wait (IN-M1 ... IN-M3)."""

    rule: str
    record: Record
    at: Operation
    """The consumer, ``end()``, the later start, or the function's return."""
    matmul: SSAValue
    must: bool
    """The record is pending on every path to ``at``."""


def _merge_records(
    a: dict[tuple[Operation, bool], Record],
    b: dict[tuple[Operation, bool], Record],
    a_literal: tuple[object, bool] | None,
    b_literal: tuple[object, bool] | None,
) -> dict[tuple[Operation, bool], Record]:
    merged: dict[tuple[Operation, bool], Record] = {}
    for key in (*a, *(k for k in b if k not in a)):
        left, right = a.get(key), b.get(key)
        if left is not None and right is not None:
            merged[key] = replace(left, must=left.must and right.must, guard=left.guard & right.guard)
        elif left is not None:
            merged[key] = _guarded(left, a_literal)
        elif right is not None:
            merged[key] = _guarded(right, b_literal)
    return merged


def _guarded(record: Record, literal: tuple[object, bool] | None) -> Record:
    guard = record.guard | {literal} if literal is not None else record.guard
    if len({cond for cond, _ in guard}) > MAX_CONDITIONS:
        guard = record.guard
    return replace(record, must=False, guard=guard)


def _join_objects(a: ObjectState, b: ObjectState, literals: tuple[tuple[object, bool] | None, ...]) -> ObjectState:
    return ObjectState(
        a.lifecycle | b.lifecycle,
        a.workspace | b.workspace,
        _merge_records(a.records, b.records, literals[0], literals[1]),
        {**b.bindings, **a.bindings},
        {**b.last, **a.last},
        a.open | b.open,
    )


class MatmulProtocolAnalysis(ReportingAnalysis[MatmulState]):
    """Runs over one kernel function; collects diagnostics and the fixable violations."""

    def __init__(self, kernel: func.FuncOp):
        super().__init__()
        self.kernel = kernel
        self.fixes: Findings[Fix] = self.findings()
        self.branch_of: dict[object, scf.IfOp] = {}
        self._access_reported: Findings[tuple[Operation, bool]] = self.findings()
        """Records whose output access was reported (MA-5: one access diagnostic per record)."""
        self._gm_bases: GMBaseCache = {}

    def _region_of(self, value: SSAValue) -> Region:
        return region_of(value, self._gm_bases)

    # --- driving ------------------------------------------------------------------------------

    def run(self) -> MatmulState:
        if not any(isinstance(op, MatmulCreateOp) for op in self.kernel.walk()):
            return MatmulState()  # no Matmul object: nothing to follow
        state = self.run_block(self.kernel.body.block, MatmulState())
        ret = self.kernel.body.block.last_op
        if ret is not None:
            self._at_exit(ret, state)
        objects = ", ".join(f"'{value_name(mm, 'mm')}'" for mm in state.objects)
        for loop, reason in self.precision_lost:
            self.diagnostics.add(
                "warning",
                "MM-0",
                loop,
                f"Matmul sync analysis of {objects} is imprecise here: {reason}",
                partner="loop",
            )
        return state

    # --- lattice ------------------------------------------------------------------------------

    def copy(self, state: MatmulState) -> MatmulState:
        return state.copy()

    def same(self, a: MatmulState, b: MatmulState) -> bool:
        return a.objects == b.objects and a.active == b.active and a.path == b.path

    def enter_branch(self, state: MatmulState, branch: scf.IfOp, taken: bool) -> MatmulState:
        cond = condition_key(branch.cond)
        self.branch_of.setdefault(cond, branch)
        contradiction = (cond, not taken)
        for obj in state.objects.values():
            obj.records = {k: r for k, r in obj.records.items() if contradiction not in r.guard}
        state.path = state.path | {(cond, taken)}
        return state

    def join(self, then_state: MatmulState, else_state: MatmulState, branch: scf.IfOp) -> MatmulState:
        cond = condition_key(branch.cond)
        literals = ((cond, True), (cond, False))
        return self._join(then_state, else_state, literals, then_state.path - {literals[0]})

    def join_loop(self, entry: MatmulState, carried: MatmulState, loop: Operation) -> MatmulState:
        return self._join(entry, carried, (None, None), entry.path)

    def _join(
        self,
        a: MatmulState,
        b: MatmulState,
        literals: tuple[tuple[object, bool] | None, tuple[object, bool] | None],
        path: Guard,
    ) -> MatmulState:
        objects: dict[SSAValue, ObjectState] = {}
        for key in (*a.objects, *(k for k in b.objects if k not in a.objects)):
            left, right = a.objects.get(key), b.objects.get(key)
            if left is None or right is None:
                objects[key] = (left or right or ObjectState(frozenset())).copy()
            else:
                objects[key] = _join_objects(left, right, literals)
        return MatmulState(objects, path, a.active | b.active)

    def back_edge(self, state: MatmulState, loop: Operation) -> MatmulState:
        for obj in state.objects.values():
            obj.records = _retag(obj.records, previous=True)
        return state

    def exit_loop(self, state: MatmulState, loop: Operation) -> MatmulState:
        for obj in state.objects.values():
            obj.records = _retag(obj.records, previous=False)
        return state

    # --- transfer -----------------------------------------------------------------------------

    def transfer(self, op: Operation, state: MatmulState) -> MatmulState:
        if isinstance(op, MatmulCreateOp):
            state.objects[op.result] = ObjectState(frozenset({"constructed"}))
            return state
        if isinstance(op, RegisterMatmulOp):
            for obj in op.objects:
                current = state.objects.setdefault(obj, ObjectState(frozenset({"constructed"})))
                current.lifecycle = frozenset({"ready" if op.tilings else "registered"})
            return state
        if not state.objects:
            return state  # nothing to check before the first Matmul object
        access, method = _facts(type(op), op)
        if access is None and method is None:
            self._opaque_use(op, state)
            return state
        if access is not None:
            reads, writes = access.read_values(op), access.written_values(op)
            if reads or writes:
                self._check_accesses(op, reads, writes, state)
        if method is not None:
            self._matmul_call(op, method, state)
        return state

    def _opaque_use(self, op: Operation, state: MatmulState) -> None:
        """MA-1: an object passed to an op the analysis cannot see into (a call that was not inlined) may be
        in any state afterwards: MM-0, and nothing more is reported for it."""
        for mm in op.operands:
            obj = state.objects.get(mm)
            if obj is None or UNKNOWN in obj.lifecycle:
                continue
            self.warn(
                "MM-0",
                op,
                f"Matmul sync analysis of '{value_name(mm, 'mm')}' is imprecise here: the object is passed to "
                f"`{op.name}`, which the analysis cannot see into",
            )
            obj.lifecycle = frozenset({UNKNOWN})
            obj.records = {}
            obj.open = frozenset({False})

    def _matmul_call(self, op: Operation, method: MatmulMethod, state: MatmulState) -> None:
        mm = op.operands[0]
        obj = state.objects.setdefault(mm, ObjectState(frozenset({"ready"})))
        if UNKNOWN in obj.lifecycle:
            return  # passed to an opaque op on some path (MM-0)
        role = method.role
        call = matmul_call(op)
        name = value_name(mm, "mm")
        if "ended" in obj.lifecycle and role is not MatmulRole.INIT:
            self.error(
                "MM-13",
                op,
                f"`{call}` uses Matmul object `{name}` after `{name}.end()`",
                [note(obj.last.get("end"), "ended here")],
            )
        if role is MatmulRole.INIT:
            if "ended" in obj.lifecycle:
                self.warn("MM-13", op, f"`{call}` re-initialises Matmul object `{name}` after `{name}.end()`")
            obj.lifecycle = frozenset({"ready"})
            return
        if role in (MatmulRole.COMPUTE, MatmulRole.FETCH):
            self._check_ready(op, call, name, obj)
        if role is not MatmulRole.QUERY:
            obj.open = frozenset({True})
        self._dispatch(op, method, call, name, mm, obj, state)
        obj.last["use"] = op

    def _dispatch(
        self,
        op: Operation,
        method: MatmulMethod,
        call: str,
        name: str,
        mm: SSAValue,
        obj: ObjectState,
        state: MatmulState,
    ) -> None:
        match method.role:
            case MatmulRole.SETTER:
                self._setter(op, method, call, name, obj)
            case MatmulRole.WORKSPACE:
                self._set_workspace(op, call, name, obj)
            case MatmulRole.COMPUTE:
                self._compute(op, call, name, mm, obj, state)
            case MatmulRole.FETCH:
                self._fetch(op, call, name, obj, state)
            case MatmulRole.WAIT:
                self._wait(op, call, name, mm, obj, state)
            case MatmulRole.END:
                self._end(op, name, mm, obj, state)
            case MatmulRole.QUERY:
                obj.last.pop("bare_iterate", None)  # the block of a bare iterate() is being looked at
            case _:
                pass

    def _check_ready(self, op: Operation, call: str, name: str, obj: ObjectState) -> None:
        if "constructed" in obj.lifecycle:
            self.error("MM-14", op, f"`{call}` is called before `{name}` is registered with asc.adv.register_matmul")
        elif "registered" in obj.lifecycle:
            self.error("MM-14", op, f"`{call}` is called before `{name}` is initialised with `{name}.init(tiling)`")

    def _setter(self, op: Operation, method: MatmulMethod, call: str, name: str, obj: ObjectState) -> None:
        pending = next(iter(obj.records.values()), None)
        if pending is not None:
            self.warn(
                "MM-31",
                op,
                f"`{call}` changes `{name}` while asynchronous `{matmul_call(pending.start)}` is still pending",
                [note(pending.start, "started here")],
                partner=pending.start,
            )
        self._check_setter_order(op, method, call, name, obj)
        role = _INPUT_ROLES.get(method.cpp_name)
        access = op.get_trait(MatmulAccess)
        if role is not None and access is not None:
            tensors = access.read_values(op)
            if tensors:
                obj.bindings[role] = (self._region_of(tensors[0]), op)

    def _check_setter_order(self, op: Operation, method: MatmulMethod, call: str, name: str, obj: ObjectState) -> None:
        """MM-28: the documented order of the setters (quantisation before the first compute call, the
        original shape before the tensors and the single-core shape, user data before the tensors)."""
        cpp = method.cpp_name
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
                self.warn(
                    "MM-28",
                    op,
                    f"`{call}` must be called before `{other_call}`",
                    [note(earlier, "called here")],
                    partner=earlier,
                )
                return

    def _check_bare_iterate(self, obj: ObjectState) -> None:
        """MM-12: a bare synchronous ``iterate()`` statement whose block nobody fetches or queries before the
        object computes again or ends."""
        bare = obj.last.pop("bare_iterate", None)
        if bare is not None:
            call = matmul_call(bare)
            self.error("MM-12", bare, f"result of `{call}()` is discarded; use `with {call}() as i:`")

    def _set_workspace(self, op: Operation, call: str, name: str, obj: ObjectState) -> None:
        started = obj.last.get("async_iterate")
        if started is not None:
            self.error(
                "MM-18",
                op,
                f"`{name}.set_workspace` must be called before `{name}.iterate`",
                [note(started, "asynchronous iteration started here")],
            )
        obj.workspace = frozenset({True})
        access = op.get_trait(MatmulAccess)
        written = access.written_values(op) if access is not None else []
        if written:
            obj.bindings["workspace"] = (self._region_of(written[0]), op)

    def _compute(self, op: Operation, call: str, name: str, mm: SSAValue, obj: ObjectState, state: MatmulState) -> None:
        others = [other for other in state.active if other is not mm]
        if others:
            other = others[0]
            other_name = value_name(other, "mm")
            last = state.objects[other].last.get("use")
            self.error(
                "MM-15",
                op,
                f"`{call}` switches from Matmul object `{other_name}` to `{name}` without `{other_name}.end()`",
                [note(last, f"last use of `{other_name}`")],
            )
        state.active = state.active | {mm}
        obj.last.setdefault("compute", op)
        start = op.get_trait(MatmulAsyncStart)
        self._check_bare_iterate(obj)
        if (
            start is not None
            and start.kind == "iterate"
            and not is_async_call(op)
            and not _in_loop_condition(op)
            and not tensor_accesses(op)[1]
        ):
            obj.last["bare_iterate"] = op  # one block, computed: MM-12 unless it is fetched or queried
        if start is not None and start.kind in ("iterate_all", "iterate_batch"):
            obj.last[start.kind] = op
        if start is None or not is_async_call(op):
            return
        output_tensors = tensor_accesses(op)[1]
        uses_workspace = not output_tensors
        if uses_workspace:
            self._check_workspace(op, call, name, obj)
            self._check_workspace_size(op, call, name, mm, obj)
            obj.last.setdefault("async_iterate", op)
            if start.kind == "iterate" and not _in_loop_condition(op):
                obj.last["unfetched"] = op  # the one-shot form: its blocks must be fetched before end() (MM-11)
        for record in list(obj.records.values()):
            if record.kind == "get_tensor_c":
                continue
            if record.start is op and _in_loop_condition(op):
                continue  # the repeated Iterate<false> of one `with mm.iterate(sync=False)` loop
            self._overlapping_start(op, call, name, mm, record)
        waitable = start.kind in WAIT_OF_KIND and start.starts(op)
        if not waitable and start.kind in ("iterate_all", "iterate_batch"):
            flag = "wait_iterate_all" if start.kind == "iterate_all" else "wait_iterate_batch"
            self.warn(
                "MM-8",
                op,
                f"asynchronous `{call}` with {flag}=False: this core cannot wait for it with "
                f"`{name}.{flag}()`; completion must be established by other means",
            )
        if uses_workspace:
            workspace = obj.bindings.get("workspace")
            output = workspace[0] if workspace is not None else None
        else:
            output = self._region_of(output_tensors[0])
        inputs = tuple((region, binder, role) for role, (region, binder) in obj.bindings.items() if role != "workspace")
        record = Record(op, start.kind, waitable, output, inputs, iteration=uses_workspace)
        obj.records[record.key] = record

    def _check_workspace(self, op: Operation, call: str, name: str, obj: ObjectState) -> None:
        if False not in obj.workspace:
            return
        notes = [] if True not in obj.workspace else [Note(None, "the workspace is set on some paths only")]
        self.error("MM-17", op, f"asynchronous `{call}` requires `{name}.set_workspace(...)` before it", notes)

    def _check_workspace_size(self, op: Operation, call: str, name: str, mm: SSAValue, obj: ObjectState) -> None:
        """MM-19: a constant workspace smaller than what the asynchronous iteration writes into it."""
        bound = obj.bindings.get("workspace")
        if bound is None:
            return
        written = bytes_written(mm)
        have = workspace_bytes(bound[1], mm)
        if written is None or have is None or have >= written[0]:
            return
        self.warn(
            "MM-19",
            op,
            f"workspace of {have} bytes is smaller than the {written[0]} bytes asynchronous `{call}` writes",
            [note(written[1], "tiling here"), note(bound[1], "workspace set here")],
        )

    def _overlapping_start(self, op: Operation, call: str, name: str, mm: SSAValue, record: Record) -> None:
        where = "still pending from here" + (" in the previous loop iteration" if record.previous else "")
        self.error(
            "MM-7",
            op,
            f"`{call}` starts while asynchronous `{matmul_call(record.start)}` on the same Matmul object is "
            "still pending",
            [note(record.start, where)],
            partner=record.start,
        )
        if record.waitable and self.reporting:
            self.fixes.append(Fix("MM-7", record, op, mm, True))

    def _fetch(self, op: Operation, call: str, name: str, obj: ObjectState, state: MatmulState) -> None:
        obj.last.pop("unfetched", None)
        obj.last.pop("bare_iterate", None)
        iteration = obj.last.get("async_iterate")
        if is_async_call(op):
            if iteration is None:
                self.error(
                    "MM-10",
                    op,
                    f"`{call}` is not inside an asynchronous iteration; call `{name}.iterate(sync=False)` first",
                )
            start = op.get_trait(MatmulAsyncStart)
            if start is not None and start.starts(op):
                written = tensor_accesses(op)[1]
                output = self._region_of(written[0]) if written else None
                record = Record(op, start.kind, True, output, ())
                obj.records[record.key] = record
            return
        obj.last["fetch"] = op
        if iteration is not None and any(r.iteration and self._must(r, state) for r in obj.records.values()):
            self.error(
                "MM-10",
                op,
                f"`{call}` uses sync=True inside the asynchronous iteration started by "
                f"`{matmul_call(iteration)}(sync=False)`; the sync modes must match",
                [note(iteration, "asynchronous iteration started here")],
            )

    def _wait(self, op: Operation, call: str, name: str, mm: SSAValue, obj: ObjectState, state: MatmulState) -> None:
        wait = op.get_trait(MatmulAsyncWait)
        assert wait is not None, f"{op.name} has the WAIT role but no MatmulAsyncWait trait"
        kind = wait.kind
        matching = [k for k, r in obj.records.items() if r.kind == kind and r.waitable]
        if kind == "get_tensor_c":
            if not matching:
                fetch = obj.last.get("fetch")
                notes = [note(fetch, "this fetch is synchronous (sync=True)")] if fetch is not None else []
                self.warn(
                    "MM-6",
                    op,
                    f"`{call}()` has no preceding asynchronous `{name}.get_tensor_c(..., sync=False)`; it only orders "
                    "earlier MTE2 copies before vector operations",
                    notes,
                )
        else:
            must = any(self._must(obj.records[k], state) for k in matching)
            if not must:
                self._no_matching_start(op, call, name, kind, obj, [obj.records[k] for k in matching], state)
        for key in matching:
            del obj.records[key]
        obj.last["wait_" + kind] = op

    def _no_matching_start(
        self,
        op: Operation,
        call: str,
        name: str,
        kind: str,
        obj: ObjectState,
        maybe: list[Record],
        state: MatmulState,
    ) -> None:
        rule, flag = ("MM-4", "wait_iterate_all") if kind == "iterate_all" else ("MM-5", "wait_iterate_batch")
        starters = "iterate_all" if kind == "iterate_all" else "iterate_batch"
        notes: list[Note] = []
        if maybe:
            notes.extend(self._path_notes(maybe[0], state))
        else:
            earlier_wait = obj.last.get("wait_" + kind)
            start = obj.last.get(kind)
            if start is not None and (earlier_wait is None or _before(earlier_wait, start)):
                reason = (
                    "this call is synchronous (sync=True)"
                    if not is_async_call(start)
                    else f"this call passes {flag}=False"
                )
                notes.append(note(start, reason))
            elif earlier_wait is not None:
                notes.append(note(earlier_wait, f"already completed by this {name}.{flag}()"))
        self.error(
            rule,
            op,
            f"`{call}()` has no matching asynchronous `{name}.{starters}(..., sync=False, {flag}=True)`; "
            "it would wait for a completion that is never signalled",
            notes,
        )

    def _end(self, op: Operation, name: str, mm: SSAValue, obj: ObjectState, state: MatmulState) -> None:
        self._check_bare_iterate(obj)
        unfetched = obj.last.pop("unfetched", None)
        if unfetched is not None:
            self.error(
                "MM-11",
                unfetched,
                f"the blocks computed by asynchronous `{matmul_call(unfetched)}(sync=False)` are never fetched "
                f"with `{name}.get_tensor_c(..., sync=False)`",
                [note(op, "the object ends here")],
            )
        for record in obj.records.values():
            if not record.waitable:
                continue
            self.error(
                "MM-2",
                op,
                f"`{name}.end()` is called while asynchronous `{matmul_call(record.start)}` is still pending",
                [note(record.start, f"started here; call {name}.{record.wait_name}() before {name}.end()")],
                partner=record.start,
            )
            if self.reporting:
                self.fixes.append(Fix("MM-2", record, op, mm, self._must(record, state)))
        obj.records = {}
        obj.lifecycle = frozenset({"ended"})
        obj.open = frozenset({False})
        obj.last["end"] = op
        obj.last.pop("async_iterate", None)
        state.active = state.active - {mm}

    def _at_exit(self, ret: Operation, state: MatmulState) -> None:
        for mm, obj in state.objects.items():
            if UNKNOWN in obj.lifecycle:
                continue
            self._check_bare_iterate(obj)
            name = value_name(mm, "mm")
            for record in obj.records.values():
                if not record.waitable:
                    continue
                self.error(
                    "MM-3",
                    ret,
                    f"kernel returns while asynchronous `{matmul_call(record.start)}(sync=False)` has not completed",
                    [note(record.start, f"started here; call {name}.{record.wait_name}() before the kernel returns")],
                    partner=record.start,
                )
                self.fixes.append(Fix("MM-3", record, ret, mm, self._must(record, state)))
            if True in obj.open:
                last = obj.last.get("use")
                self.warn(
                    "MM-16",
                    last or ret,
                    f"Matmul object `{name}` is not ended; call `{name}.end()` after its last use",
                    partner=mm,
                )

    # --- accesses -----------------------------------------------------------------------------

    def _check_accesses(self, op: Operation, reads: list[SSAValue], writes: list[SSAValue], state: MatmulState) -> None:
        accessed = [(v, False) for v in reads] + [(v, True) for v in writes]
        for mm, obj in state.objects.items():
            # The record of this iteration before one pending from the previous (D-3 keeps the first).
            ordered = sorted(obj.records.values(), key=lambda r: (not self._must(r, state), r.previous))
            for record in ordered:
                if record.start is op:
                    continue
                self._check_output(op, accessed, mm, record, state)
                self._check_inputs(op, writes, mm, record)

    def _check_output(
        self, op: Operation, accessed: list[tuple[SSAValue, bool]], mm: SSAValue, record: Record, state: MatmulState
    ) -> None:
        if record.output is None or record.iteration or record.key in self._access_reported:
            return
        for value, writes in accessed:
            overlap = self._region_of(value).overlap(record.output)
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
            notes = [first, *self._path_notes(record, state)]
            if overlap == "may":
                self.warn("MM-1", op, "possible hazard: " + message, notes, partner=record.start)
            else:
                self.error("MM-1", op, message, notes, partner=record.start)
            if self.reporting:
                self._access_reported.append(record.key)
                if record.waitable:
                    self.fixes.append(Fix("MM-1", record, op, mm, self._must(record, state)))
            return

    def _check_inputs(self, op: Operation, writes: list[SSAValue], mm: SSAValue, record: Record) -> None:
        for value in writes:
            for region, binder, role in record.inputs:
                if self._region_of(value).overlap(region) != "definite":
                    continue
                self.error(
                    "MM-9",
                    op,
                    f"`{python_call(op)}` overwrites `{value_name(value)}`, an input of asynchronous "
                    f"`{matmul_call(record.start)}` that is still pending",
                    [note(binder, f"bound as {role} here")],
                    partner=record.start,
                )
                return

    # --- helpers ------------------------------------------------------------------------------

    def _must(self, record: Record, state: MatmulState) -> bool:
        return record.must or (bool(record.guard) and record.guard <= state.path)

    def _path_notes(self, record: Record, state: MatmulState) -> list[Note]:
        if self._must(record, state):
            return []
        for cond, taken in sorted(record.guard - state.path, key=lambda lit: _position(self.branch_of.get(lit[0]))):
            branch = self.branch_of.get(cond)
            if branch is not None:
                outcome = "false" if taken else "true"
                return [note(branch, f"on the path where `{condition_text(branch)}` is {outcome}")]
        return [Note(None, "on some paths through the enclosing branches and loops")]


_FACTS: dict[type[Operation], tuple[TensorAccess | None, MatmulMethod | None]] = {}


def _facts(kind: type[Operation], op: Operation) -> tuple[TensorAccess | None, MatmulMethod | None]:
    """The access and Matmul-method traits of an op class (traits are per class; looked up once)."""
    facts = _FACTS.get(kind)
    if facts is None:
        facts = _FACTS[kind] = (op.get_trait(TensorAccess), op.get_trait(MatmulMethod))
    return facts


def _retag(records: dict[tuple[Operation, bool], Record], *, previous: bool) -> dict[tuple[Operation, bool], Record]:
    retagged: dict[tuple[Operation, bool], Record] = {}
    for record in records.values():
        moved = replace(record, previous=previous)
        existing = retagged.get(moved.key)
        if existing is not None:  # the same start, pending from two iterations: one record
            moved = replace(existing, must=existing.must or moved.must, guard=existing.guard & moved.guard)
        retagged[moved.key] = moved
    return retagged


def _in_loop_condition(op: Operation) -> bool:
    """Whether ``op`` is in the ``before`` region of an ``scf.while`` (the loop a ``with`` builds)."""
    region = op.parent_region()
    parent = op.parent_op()
    return isinstance(parent, scf.WhileOp) and region is parent.before_region


def _position(op: Operation | None) -> tuple[int, int]:
    location = at(op)
    return (location.line, location.col or 0) if location is not None else (0, 0)


def _before(a: Operation, b: Operation) -> bool:
    """Whether ``a`` comes before ``b`` in the source (by location; ops without one compare equal)."""
    return _position(a) < _position(b)
