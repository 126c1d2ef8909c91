"""The facade of the pipe analysis behind ``ascx-verify-pipe-sync`` and the pipe part of
``ascx-insert-sync`` (docs/sync-model.md#the-static-abstraction).

:class:`PipeSyncAnalysis` walks one kernel with the dataflow engine and owns what every rule family
shares: the lattice of :class:`~ascx.analysis.pipe.state.PipeState` (joins at ``scf.if``, loop
heads, iteration tags), the interning of slots and log keys, and the memory regions of values.  What
an op does is the business of the family that registered a handler for its class
(:mod:`ascx.analysis.pipe.registry`): flags (FL), queues (TQ), atomics (AT); every other op goes
through its traits to the access log (HZ).

Everything the analysis knows about an op comes from the dialect: ``ExecutesOn`` (its pipe),
``TensorAccess`` (what it reads and writes), ``MatmulMethod`` (Matmul calls) and the op classes of
the queue and flag operations.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import func, scf
from xdsl.ir import Block, Operation, SSAValue

from ascx.analysis import dataflow

# Importing the rule families' modules registers their handlers and checks (pipe.registry); `x as x` keeps
# an import that is there for that alone.
from ascx.analysis.atomics import mode as mode
from ascx.analysis.flags import event_ids as event_ids, pairing as pairing
from ascx.analysis.flags.framework import first_user, framework_users
from ascx.analysis.flags.slots import FlagTables
from ascx.analysis.hazards import log as access_log
from ascx.analysis.hazards.conflicts import Hazard
from ascx.analysis.hazards.log import AccessTables
from ascx.analysis.pipe.registry import (
    BRANCH_CHECKS,
    EXIT_CHECKS,
    HANDLERS,
    LOOP_CHECKS,
    PEELED_CHECKS,
    PHASE_CHECKS,
)
from ascx.analysis.pipe.state import (
    DEFAULT_OPTIONS,
    Access,
    AccessKey,
    PipeState,
    PipeSyncOptions,
    Retired,
    SlotKey,
    Token,
    alloc_op,
)
from ascx.analysis.queues import balance as balance, protocol as protocol
from ascx.analysis.queues.protocol import QueueTables
from ascx.analysis.regions import GMBaseCache, Offset, Region, region_of
from ascx.analysis.reporting import Findings, ReportingAnalysis
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.fwk_ops import AllocTensorOp, DequeOp, EnqueOp, FreeTensorOp


class PipeSyncAnalysis(ReportingAnalysis[PipeState]):
    """Runs over one kernel function; collects diagnostics and the hazards insertion can repair."""

    correlate_branches = True
    peel_guarded_loops = True

    def __init__(self, kernel: func.FuncOp, options: PipeSyncOptions = DEFAULT_OPTIONS):
        super().__init__()
        self.kernel = kernel
        self.options = options
        self.framework_users = framework_users(kernel)
        """Per event, the first op that takes ids of it from the pipe's pool at run time (FL-6)."""
        self.framework_user = first_user(self.framework_users)
        """The first op that takes event ids from the pipe's pool at run time (insertion's ids)."""
        self.flag_tables = FlagTables(self.findings(), self.findings())
        self.queue_tables = QueueTables()
        self.access_tables = AccessTables(self.findings(), self.findings())
        self._slots: dict[tuple[object, ...], SlotKey] = {}
        self._keys: dict[tuple[object, ...], AccessKey] = {}
        self._regions: dict[SSAValue, Region] = {}
        self._gm_bases: GMBaseCache = {}
        self._relevant: dict[Block, list[Operation]] = {}
        self.phases: dict[scf.ForOp, int] = {}
        """The loops walked in phases (ping-pong event ids), each with the phase being walked."""
        self._loop_phases: dict[scf.ForOp, int] = {}
        self._budgets: dict[Operation, int] = {}
        self._op_order: dict[Operation, int] = {}

    # --- results ------------------------------------------------------------------------------

    @property
    def hazards(self) -> Findings[Hazard]:
        """The hazards found (HZ-1 ... HZ-5), which insertion repairs."""
        return self.access_tables.hazards

    @property
    def opaque_hazards(self) -> Findings[tuple[Operation, Operation]]:
        """Conflicts with an opaque op's accesses, which insertion cannot repair (IN-E2)."""
        return self.access_tables.opaque_hazards

    @property
    def pairs(self) -> Findings[tuple[Operation, Operation]]:
        """The user flag pairs matched (for the FL-12 lint)."""
        return self.flag_tables.pairs

    # --- what the families share --------------------------------------------------------------

    def slot(self, *parts: object) -> SlotKey:
        """The interned slot key of ``parts``."""
        found = self._slots.get(parts)
        if found is None:
            found = self._slots[parts] = SlotKey(*parts)
        return found

    def key(
        self,
        base: object,
        offset: Offset,
        pipe: Pipe,
        write: bool,
        extent: tuple[int, int] | None,
        previous: bool = False,
        variant: bool = False,
        *,
        exact: bool = True,
    ) -> AccessKey:
        """The interned access-log key of these parts."""
        parts = (base, offset, pipe, write, extent, previous, variant, exact)
        found = self._keys.get(parts)
        if found is None:
            found = self._keys[parts] = AccessKey(
                base, offset, pipe, write, extent, previous=previous, variant=variant, exact=exact
            )
        return found

    def token_order(self, token: Token) -> int:
        """Where a queue instance's ``alloc_tensor`` op stands in the kernel (a retired instance just after
        it): a deterministic order of instances."""
        if not self._op_order:
            self._op_order = {op: index for index, op in enumerate(self.kernel.walk())}
        return 2 * self._op_order.get(alloc_op(token), 0) + isinstance(token, Retired)

    def region(self, value: SSAValue) -> Region:
        """The memory region of a tensor value (computed once per value)."""
        found = self._regions.get(value)
        if found is None:
            found = self._regions[value] = region_of(value, self._gm_bases)
        return found

    # --- driving ------------------------------------------------------------------------------

    def run(self) -> PipeState:
        state = self.run_block(self.kernel.body.block, PipeState())
        assert state is not None, "the kernel's body is in no loop to leave"
        ret = self.kernel.body.block.last_op
        if ret is not None:
            self._at_exit(state)
        access_log.report_precision_lost(self)
        return state

    def block_ops(self, block: Block) -> Sequence[Operation]:
        """The ops of ``block`` that can change the state (computed once per block: constants, address
        arithmetic and views are skipped)."""
        ops = self._relevant.get(block)
        if ops is None:
            ops = self._relevant[block] = [op for op in block.ops if self._is_relevant(op)]
        return ops

    def _is_relevant(self, op: Operation) -> bool:
        return bool(op.regions) or type(op) in HANDLERS or access_log.is_relevant(self, op)

    def transfer(self, op: Operation, state: PipeState) -> PipeState:
        handler = HANDLERS.get(type(op))  # by exact class: cheaper than isinstance on op classes
        if handler is None:
            access_log.visit_accesses(self, op, state)
        else:
            handler(self, op, state)
        return state

    def _at_exit(self, state: PipeState) -> None:
        for check in EXIT_CHECKS.values():
            check(self, state)

    # --- lattice ------------------------------------------------------------------------------

    def copy(self, state: PipeState) -> PipeState:
        return state.copy()

    def same(self, a: PipeState, b: PipeState) -> bool:
        return (
            a.log == b.log
            and a.slots == b.slots
            and a.queues == b.queues
            and a.event_ids == b.event_ids
            and a.atomic == b.atomic
            and a.gm_cache == b.gm_cache
        )

    def join(self, then_state: PipeState, else_state: PipeState, branch: scf.IfOp) -> PipeState:
        for check in BRANCH_CHECKS.values():
            check(self, then_state, else_state, branch)
        return self._join(then_state, else_state)

    def join_loop(self, entry: PipeState, carried: PipeState, loop: Operation) -> PipeState:
        return self._join(entry, carried, counts_of_first=True)

    def join_peeled(self, once: PipeState, more: PipeState, loop: scf.ForOp) -> PipeState:
        for check in PEELED_CHECKS.values():
            check(self, once, more, loop)
        return self._join(once, more)

    def _join(self, a: PipeState, b: PipeState, *, counts_of_first: bool = False) -> PipeState:
        balance.unify_fifos(self, a, b)
        log = dict(a.log)
        for key, right in b.log.items():
            left = log.get(key)
            if left is None:
                log[key] = right
            elif left != right:
                # the access that stands for both is the less ordered one: the repair of a hazard goes after it
                # (an access of one branch after a set that orders the other's is not covered by that set)
                less = right if _less_ordered(right, left) else left
                log[key] = Access(
                    less.op, less.name, left.ordered_to & right.ordered_to, left.captured_by & right.captured_by
                )
        slots = dict(a.slots)
        for key, slot in b.slots.items():
            slots.setdefault(key, slot)  # a slot pending on one path only may be pending (a's set op stands)
        queues = balance.join_queues(a.queues, b.queues, counts_of_first=counts_of_first, order=self.token_order)
        event_ids = {key: a.event_ids.get(key) or b.event_ids.get(key) for key in {**a.event_ids, **b.event_ids}}
        return PipeState(
            log,
            slots,
            queues,
            event_ids,
            a.initialised | b.initialised,
            a.atomic or b.atomic,
            a.gm_cache | b.gm_cache,
        )

    def loop_budget(self, loop: Operation) -> int:
        """:data:`~ascx.analysis.dataflow.MAX_LOOP_ITERATIONS` plus the depths of the queues the loop uses: a
        loop that prefetches d tiles ahead moves what it knows about an instance one FIFO place per step,
        so it needs about d + 1 steps (docs/rules/hazards.md#hz-0)."""
        found = self._budgets.get(loop)
        if found is None:
            queues = {op.operands[0] for op in loop.walk() if type(op) in _QUEUE_OPS}
            found = self._budgets[loop] = dataflow.MAX_LOOP_ITERATIONS + sum(protocol.depth(queue) for queue in queues)
        return found

    def unstable(self, previous: PipeState, head: PipeState, loop: Operation, budget: int) -> str:
        """Which parts of the state at the loop's head still changed: the accesses (by region), the event
        slots and the queues."""
        parts: list[str] = []
        regions = sorted(
            {entry.name for key, entry in head.log.items() if previous.log.get(key) != entry}
            | {entry.name for key, entry in previous.log.items() if key not in head.log}
        )
        if regions:
            parts.append("the order of the accesses to " + ", ".join(f"`{name}`" for name in regions))
        if set(previous.slots) != set(head.slots):
            parts.append("which event slots are pending")
        queues = sorted(
            protocol.queue_name(q)
            for q in {*previous.queues, *head.queues}
            if previous.queues.get(q) != head.queues.get(q)
        )
        if queues:
            parts.append("the state of " + ", ".join(f"`{name}`" for name in queues))
        changed = "; ".join(parts) if parts else "its state"
        return (
            f"the loop did not stabilise in {budget} iterations ({changed} still changed): "
            "the verdicts inside it may be incomplete"
        )

    def loop_phases(self, loop: scf.ForOp) -> int:
        """2 when an event id of a flag in ``loop`` alternates with its iterations (docs/rules/flags.md#event-ids)."""
        found = self._loop_phases.get(loop)
        if found is None:
            found = self._loop_phases[loop] = 2 if event_ids.alternates_with(self, loop) else 1
        return found

    def enter_phase(self, loop: scf.ForOp, phase: int | None) -> None:
        if phase is None:
            self.phases.pop(loop, None)
        else:
            self.phases[loop] = phase

    def check_phases(self, entry: PipeState, partial: PipeState, loop: Operation) -> None:
        for check in PHASE_CHECKS.values():
            check(self, entry, partial, loop)

    def back_edge(self, state: PipeState, loop: Operation) -> PipeState:
        state.log = access_log.retag(state.log, loop, self.key, previous=True)
        return state

    def exit_loop(self, state: PipeState, loop: Operation) -> PipeState:
        state.log = access_log.retag(state.log, loop, self.key, previous=False)
        return state

    def check_loop(self, entry: PipeState, body_exit: PipeState, loop: Operation) -> None:
        for check in LOOP_CHECKS.values():
            check(self, entry, body_exit, loop)


_QUEUE_OPS = (AllocTensorOp, EnqueOp, DequeOp, FreeTensorOp)


def _less_ordered(a: Access, b: Access) -> bool:
    """Whether ``a`` is ordered to strictly fewer pipes than ``b``, or to the same and captured by fewer
    pending flags."""
    return a.ordered_to < b.ordered_to or (a.ordered_to == b.ordered_to and a.captured_by < b.captured_by)
