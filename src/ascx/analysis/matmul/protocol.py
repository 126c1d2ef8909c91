"""The per-Matmul-object protocol analysis behind ``ascx-verify-matmul-sync`` and the Matmul part of
``ascx-insert-sync`` (docs/matmul-protocol.md#what-the-analysis-follows).

:class:`MatmulProtocolAnalysis` follows each Matmul object (keyed by its ``ascendc.matmul.create``
result) through the kernel: its lifecycle (MM-13, MM-14 here), the workspace, the inputs bound to it
and the asynchronous work it has started and not completed (*records*).  Each record remembers the
branch outcomes under which it is pending (its *guard*), so that correlated branches (``if c: start``
... ``if c: wait``) are not reported, and whether it was started in an earlier iteration of the
innermost loop.  What a call does is the business of the handler of its role
(:mod:`ascx.analysis.matmul.roles`); accesses to pending outputs and inputs are
:mod:`ascx.analysis.matmul.accesses`'s.

Everything the analysis knows about an op comes from the dialect's traits: ``MatmulMethod`` (its
role), ``MatmulAsyncStart`` / ``MatmulAsyncWait`` (the asynchronous work it starts or completes),
``TensorAccess`` (the tensors it reads and writes) and ``SyncMode`` (its ``sync`` argument).
"""

from __future__ import annotations

from typing import cast

from xdsl.dialects import arith, func, scf
from xdsl.ir import Operation, SSAValue

# Importing the modules of the Matmul rules registers their handlers.
from ascx.analysis.dataflow import condition_key, constant_int
from ascx.analysis.matmul import calls as calls, completion as completion
from ascx.analysis.matmul.accesses import check_accesses
from ascx.analysis.matmul.roles import ROLE_HANDLERS, Call
from ascx.analysis.matmul.state import (
    ENDED_ASYNC,
    RELEASED,
    UNKNOWN,
    FirstIteration,
    Fix,
    Guard,
    MatmulState,
    ObjectState,
    Record,
    join_objects,
    retag,
)
from ascx.analysis.matmul.zero_trip import loop_trip_key, trip_count_from_tiling, trip_test
from ascx.analysis.regions import GMBaseCache, Region, region_of
from ascx.analysis.report import Note, note
from ascx.analysis.reporting import Findings, ReportingAnalysis
from ascx.analysis.spelling import condition_text, matmul_call, value_name
from ascx.dialects.ascendc.fwk_ops import EnqueOp
from ascx.dialects.ascendc.matmul_ops import MatmulCreateOp, RegisterMatmulOp
from ascx.dialects.ascendc.traits import MatmulMethod, MatmulRole, TensorAccess

ZERO_TRIP_NOTE = "only when this loop runs zero times: its trip count is a runtime value not taken from the tiling"


class MatmulProtocolAnalysis(ReportingAnalysis[MatmulState]):
    """Runs over one kernel function; collects diagnostics and the fixable violations."""

    peel_guarded_loops = True
    peel_only_last_guards = True
    correlate_branches = True
    """A loop that starts the next block's computation on all but its last iteration (``if j + 1 < n``) and
    waits for it at the top of the next one, as attention kernels prefetch Q·Kᵀ, is walked peeled, with the
    guards decided in its first, middle and last iterations (docs/matmul-protocol.md#prefetching-loops)."""

    def __init__(self, kernel: func.FuncOp):
        super().__init__()
        self.kernel = kernel
        self.fixes: Findings[Fix] = self.findings()
        """The violations ``ascx-insert-sync`` repairs by inserting a record's wait."""
        self.branch_of: dict[object, scf.IfOp] = {}
        self.after_end: set[Operation] = set()
        """Calls on an object after its ``end()`` (MM-13): their work is not repaired, the call is the error."""
        self.access_reported: Findings[tuple[Operation, bool]] = self.findings()
        """Records whose output access was reported (one access diagnostic per record)."""
        self.zero_trip_loops: dict[object, scf.ForOp] = {}
        """The zero-trip guard keys of the loops with a runtime trip count walked so far, and the loop."""
        self.wait_guards: Findings[tuple[Operation, scf.ForOp]] = self.findings()
        """Waits with nothing to wait for only when a loop runs zero times (MM-4, MM-5): ``ascx-insert-sync``
        guards them with the loop's trip test."""
        self._gm_bases: GMBaseCache = {}

    def region(self, value: SSAValue) -> Region:
        return region_of(value, self._gm_bases)

    # --- driving ------------------------------------------------------------------------------

    def run(self) -> MatmulState:
        if not any(isinstance(op, MatmulCreateOp) for op in self.kernel.walk()):
            return MatmulState()  # no Matmul object: nothing to follow
        state = self.run_block(self.kernel.body.block, MatmulState())
        assert state is not None, "the kernel's body is in no loop to leave"
        ret = self.kernel.body.block.last_op
        if ret is not None:
            completion.check_exit(self, ret, state)
        objects = ", ".join(f"'{value_name(mm, 'mm')}'" for mm in state.objects)
        for loop, reason in self.precision_lost:
            self.warn("MM-0", loop, f"Matmul sync analysis of {objects} is imprecise here: {reason}", partner="loop")
        return state

    # --- lattice ------------------------------------------------------------------------------

    def copy(self, state: MatmulState) -> MatmulState:
        return state.copy()

    def same(self, a: MatmulState, b: MatmulState) -> bool:
        return a.objects == b.objects and a.active == b.active and a.path == b.path

    def literal(self, branch: scf.IfOp, taken: bool) -> tuple[object, bool]:
        """The guard literal of taking ``branch``'s ``taken`` arm: its condition's key, or the first
        iteration of an enclosing ``scf.for`` when the condition compares its induction variable with
        its lower bound."""
        first = _first_iteration_test(branch.cond)
        if first is not None:
            loop, when_true = first
            return (FirstIteration(loop), when_true == taken)
        trips = trip_test(branch.cond)
        if trips is not None:  # `if n > 0:` after `for i in range(n):` (docs/rules/matmul.md)
            key, zero_when_true = trips
            self.branch_of.setdefault(key, branch)
            return (key, zero_when_true == taken)
        cond = condition_key(branch.cond)
        self.branch_of.setdefault(cond, branch)
        return (cond, taken)

    def enter_branch(self, state: MatmulState, branch: scf.IfOp, taken: bool) -> MatmulState:
        literal = self.literal(branch, taken)
        contradiction = (literal[0], not literal[1])
        for obj in state.objects.values():
            obj.records = {k: r for k, r in obj.records.items() if contradiction not in r.guard}
            obj.unfetched = {k: r for k, r in obj.unfetched.items() if contradiction not in r.guard}
        state.path = state.path | {literal}
        return state

    def join(self, then_state: MatmulState, else_state: MatmulState, branch: scf.IfOp) -> MatmulState:
        literals = (self.literal(branch, True), self.literal(branch, False))
        return self._join(then_state, else_state, literals, then_state.path - {literals[0]})

    def join_loop(self, entry: MatmulState, carried: MatmulState, loop: Operation) -> MatmulState:
        if isinstance(loop, scf.ForOp):  # what comes only from the previous iteration is pending in later ones
            first = FirstIteration(loop)
            return self._join(entry, carried, ((first, True), (first, False)), entry.path)
        return self._join(entry, carried, (None, None), entry.path)

    def join_exit(
        self, normal: MatmulState, leaving: MatmulState, loop: Operation, branch: scf.IfOp, taken: bool
    ) -> MatmulState:
        # no literal of ``branch``: the normal way out need not have tested it (the loop may run no
        # iteration), so only what both ways know holds after the loop
        return self._join(normal, leaving, (None, None), normal.path & leaving.path)

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
                objects[key] = join_objects(left, right, literals)
        return MatmulState(objects, path, a.active | b.active)

    def exit_runtime_for(
        self, entry: MatmulState, body_exit: MatmulState, head: MatmulState, loop: scf.ForOp
    ) -> MatmulState:
        """After a loop that may run zero times: what holds only on the zero-trip path (the state before the
        loop) is guarded by the literal "``loop`` ran zero times" (docs/rules/matmul.md)."""
        step = constant_int(loop.step)
        if step is None or step <= 0:
            return head
        key = loop_trip_key(loop)
        self.zero_trip_loops.setdefault(key, loop)
        after = self._leave_iteration(self.copy(body_exit), loop, previous=False)
        return self._join(self.copy(entry), after, ((key, True), (key, False)), entry.path)

    def zero_trip_loop(self, record: Record, state: MatmulState) -> scf.ForOp | None:
        """The loop with a runtime trip count that runs zero times on every path where ``record`` is pending
        (and not pending on every path), if there is one."""
        if self.must(record, state):
            return None
        for cond, taken in record.guard - state.path:
            loop = self.zero_trip_loops.get(cond)
            if taken and loop is not None:
                return loop
        return None

    def zero_trip_waits(self, maybe: list[Record], state: MatmulState) -> scf.ForOp | None:
        """The loop with a runtime trip count whose zero-trip path alone leaves a wait with nothing to wait
        for: some record in ``maybe`` is pending whenever that loop runs at least once."""
        for record in maybe:
            rest = record.guard - state.path
            if len(rest) != 1:
                continue
            ((cond, taken),) = rest
            loop = self.zero_trip_loops.get(cond)
            if not taken and loop is not None:
                return loop
        return None

    def report_zero_trip(
        self, rule: str, op: Operation, message: str, notes: list[Note], loop: scf.ForOp, *, partner: object = None
    ) -> None:
        """A violation on the zero-trip path of ``loop`` only: silent when the trip count comes from the
        tiling, a warning otherwise (docs/rules/matmul.md#loops-that-may-run-zero-times)."""
        if trip_count_from_tiling(loop):
            return
        self.warn(rule, op, message, [*notes, note(loop, ZERO_TRIP_NOTE)], partner=partner)

    def report_pending(
        self,
        rule: str,
        op: Operation,
        message: str,
        notes: list[Note],
        record: Record,
        state: MatmulState,
        *,
        partner: object = None,
        repair: tuple[Operation, SSAValue] | None = None,
        with_path: bool = False,
    ) -> None:
        """An error of ``rule`` about pending ``record`` (with the wait ``repair`` = (consumer, object) inserts
        for it, and ``with_path`` the note saying on which path), unless it is pending only where a loop with a
        runtime trip count runs zero times."""
        loop = self.zero_trip_loop(record, state)
        if loop is not None:
            self.report_zero_trip(rule, op, message, notes, loop, partner=partner)
            return
        if with_path:
            notes = [*notes, *self.path_notes(record, state, pending=True)]
        self.error(rule, op, message, notes, partner=partner)
        if repair is not None and record.waitable and self.reporting:
            self.fix(rule, record, repair[0], repair[1], state)

    def back_edge(self, state: MatmulState, loop: Operation) -> MatmulState:
        return self._leave_iteration(state, loop, previous=True)

    def exit_loop(self, state: MatmulState, loop: Operation) -> MatmulState:
        return self._leave_iteration(state, loop, previous=False)

    def _leave_iteration(self, state: MatmulState, loop: Operation, *, previous: bool) -> MatmulState:
        """Conditions of the iteration that ends say nothing about the next one (or after the loop)."""

        def varies(key: object) -> bool:
            return _varies_in(key, loop)

        def inside(start: Operation) -> bool:
            return loop.is_ancestor(start)

        for obj in state.objects.values():
            obj.records = retag(obj.records, previous=previous, varies=varies, inside=inside)
            obj.unfetched = retag(obj.unfetched, previous=False, varies=varies, inside=inside)
        state.path = frozenset(lit for lit in state.path if not varies(lit[0]))
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
        if isinstance(op, EnqueOp):
            completion.enque(op, state)
            return state
        access, method = _facts(type(op), op)
        if access is None and method is None:
            self._opaque_use(op, state)
            return state
        if access is not None:
            reads, writes = access.read_values(op), access.written_values(op)
            if reads or writes:
                check_accesses(self, op, reads, writes, state)
        if method is not None:
            self._matmul_call(op, method, state)
        return state

    def _opaque_use(self, op: Operation, state: MatmulState) -> None:
        """MM-0: an object passed to an op the analysis cannot see into (a call that was not inlined) may be
        in any state afterwards, and nothing more is reported for it."""
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
        """A call on a Matmul object: its lifecycle (MM-13 after ``end()``, MM-14 before it is ready), then
        the handler of its role."""
        mm = op.operands[0]
        obj = state.objects.setdefault(mm, ObjectState(frozenset({"ready"})))
        if UNKNOWN in obj.lifecycle:
            return  # passed to an opaque op on some path (MM-0)
        role = method.role
        call = Call(op, method, matmul_call(op), value_name(mm, "mm"), mm, obj)
        name = call.name
        if RELEASED in obj.lifecycle and role is not MatmulRole.INIT:
            self.after_end.add(op)
            self.error(
                "MM-13",
                op,
                f"`{call.text}` uses Matmul object `{name}` after `{name}.end()`",
                [note(obj.last.get("end"), "ended here")],
            )
        if role is MatmulRole.INIT:
            if RELEASED in obj.lifecycle:
                self.warn("MM-13", op, f"`{call.text}` re-initialises Matmul object `{name}` after `{name}.end()`")
            obj.lifecycle = frozenset({"ready"})
            return
        if ENDED_ASYNC in obj.lifecycle:  # End() posted nothing: the object is as it was (MM-13)
            obj.lifecycle = (obj.lifecycle - {ENDED_ASYNC}) | {"ready"}
        if role in (MatmulRole.COMPUTE, MatmulRole.FETCH):
            self._check_ready(call)
        if role is not MatmulRole.QUERY:
            obj.open = frozenset({True})
        handler = ROLE_HANDLERS.get(role)
        if handler is not None:
            handler(self, call, state)
        obj.last["use"] = op

    def _check_ready(self, call: Call) -> None:
        """MM-14: a computation or fetch before the object is registered, or before ``init`` when the
        registration had no tiling."""
        lifecycle, name = call.obj.lifecycle, call.name
        if "constructed" in lifecycle:
            self.error(
                "MM-14", call.op, f"`{call.text}` is called before `{name}` is registered with asc.adv.register_matmul"
            )
        elif "registered" in lifecycle:
            self.error(
                "MM-14", call.op, f"`{call.text}` is called before `{name}` is initialised with `{name}.init(tiling)`"
            )

    # --- paths --------------------------------------------------------------------------------

    def must(self, record: Record, state: MatmulState) -> bool:
        """Whether ``record`` is pending on every path to here (its guard holds on the current path)."""
        return record.must or (bool(record.guard) and record.guard <= state.path)

    def fix(self, rule: str, record: Record, at: Operation, mm: SSAValue, state: MatmulState) -> None:
        """Record a violation ``ascx-insert-sync`` repairs by inserting ``record``'s wait before ``at`` (not for
        work started after the object's ``end()``: a wait would be one more use after it)."""
        if record.start in self.after_end:
            return
        self.fixes.append(Fix(rule, record, at, mm, self.must(record, state), state.path))

    def path_notes(self, record: Record, state: MatmulState, *, pending: bool = False) -> list[Note]:
        """The note that says on which path the violation about ``record`` holds (none when ``record`` is
        pending on every path): one where it is not pending (a wait with nothing to wait for), or with
        ``pending`` one where it is."""
        if self.must(record, state):
            return []
        position = completion.source_position
        for cond, taken in sorted(record.guard - state.path, key=lambda lit: position(self.branch_of.get(lit[0]))):
            value = taken if pending else not taken  # the literal's value on the path the note names
            branch = self.branch_of.get(cond)
            if branch is not None:
                trips = trip_test(branch.cond)
                arm = value if trips is None else value == trips[1]  # then-arm: the condition is true
                return [note(branch, f"on the path where `{condition_text(branch)}` is {str(arm).lower()}")]
            if isinstance(cond, FirstIteration):
                where = "first" if value else "second or a later"
                return [note(cond.loop, f"on the {where} iteration of this loop")]
            loop = self.zero_trip_loops.get(cond)
            if loop is not None:
                runs = "runs zero times" if value else "runs at least once"
                return [note(loop, f"on the path where this loop {runs}")]
        return self._phase_notes() or [Note(None, "on some paths through the enclosing branches and loops")]

    def _phase_notes(self) -> list[Note]:
        """The iteration of the innermost loop walked peeled (its guards decided), when the walk is in one."""
        if not self._phases:
            return []
        loop, first, last = list(self._phases.values())[-1]
        if first and last:
            where = "when this loop runs once"
        elif first:
            where = "on the first iteration of this loop"
        else:  # the middle iterations stand for every later one: a guard they cannot decide says no more
            where = "on the last iteration of this loop" if last else "on the second or a later iteration of this loop"
        return [note(loop, where)]


def _first_iteration_test(cond: SSAValue) -> tuple[scf.ForOp, bool] | None:
    """The ``scf.for`` whose first iteration ``cond`` tests (``iv == lb`` or ``iv != lb``, either order), with
    the value ``cond`` has on that first iteration."""
    owner = cond.owner
    if not isinstance(owner, arith.CmpiOp) or owner.predicate.value.data not in (0, 1):  # eq, ne
        return None
    for loop in _enclosing_for_loops(owner):
        iv, lb = loop.body.block.args[0], condition_key(loop.lb)
        lhs, rhs = owner.lhs, owner.rhs
        if (lhs is iv and condition_key(rhs) == lb) or (rhs is iv and condition_key(lhs) == lb):
            return loop, owner.predicate.value.data == 0
    return None


def _varies_in(key: object, loop: Operation) -> bool:
    """Whether the condition of guard key ``key`` may change between iterations of ``loop``: the loop's
    first-iteration test, or a condition computed from a value defined inside the loop."""
    if isinstance(key, FirstIteration):
        return key.loop is loop or loop.is_ancestor(key.loop)
    if isinstance(key, SSAValue):
        owner = key.owner
        defining = owner if isinstance(owner, Operation) else owner.parent_op()
        return defining is not None and (defining is loop or loop.is_ancestor(defining))
    if isinstance(key, tuple):
        return any(_varies_in(part, loop) for part in cast(tuple[object, ...], key))
    return False


def _enclosing_for_loops(op: Operation) -> list[scf.ForOp]:
    loops: list[scf.ForOp] = []
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, scf.ForOp):
            loops.append(parent)
        parent = parent.parent_op()
    return loops


_FACTS: dict[type[Operation], tuple[TensorAccess | None, MatmulMethod | None]] = {}


def _facts(kind: type[Operation], op: Operation) -> tuple[TensorAccess | None, MatmulMethod | None]:
    """The access and Matmul-method traits of an op class (traits are per class; looked up once)."""
    facts = _FACTS.get(kind)
    if facts is None:
        facts = _FACTS[kind] = (op.get_trait(TensorAccess), op.get_trait(MatmulMethod))
    return facts
