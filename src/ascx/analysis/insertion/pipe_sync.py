"""The pipe-level part of ``ascx-insert-sync`` (docs/passes/insert-sync.md#pipe-synchronisation).

:class:`PipeSyncInserter` repairs the hazards :class:`~ascx.analysis.pipe.analysis.PipeSyncAnalysis`
reports, one at a time in program order of the consumer, re-analysing after each repair so that a
hazard an earlier repair already ordered gets nothing (:mod:`ascx.analysis.insertion.repairs` says
how each is repaired).  Afterwards each inserted group whose removal brings back no hazard is removed
(latest first), the final barrier is added (IN-12), and the hazards that cross an opaque operation
are reported (IN-E2).  Inserted ops carry ``ascx.inserted``; user ops are never touched; a second run
inserts nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from xdsl.dialects import arith, func
from xdsl.ir import Operation, SSAValue

from ascx.analysis.hazards.conflicts import REPAIRABLE, Hazard
from ascx.analysis.inserted import is_inserted
from ascx.analysis.insertion.event_ids import EventIds, IdMode
from ascx.analysis.insertion.final_barrier import FinalBarrier, add_final_barrier
from ascx.analysis.insertion.position import inserted_where
from ascx.analysis.insertion.repairs import repair
from ascx.analysis.pipe.analysis import PipeSyncAnalysis
from ascx.analysis.pipe.state import DEFAULT_OPTIONS, PipeSyncOptions
from ascx.analysis.pipe_model import pipe_label
from ascx.analysis.report import DiagnosticList, Note, at, note, where
from ascx.analysis.reuse import remember
from ascx.analysis.spelling import python_call
from ascx.dialects.ascendc.fwk_ops import DequeOp, EnqueOp, EventIdOp, ReleaseEventIdOp
from ascx.dialects.ascendc.object_ops import PipeOp
from ascx.dialects.ascendc.sync_ops import PipeBarrierOp, SetFlagOp, WaitFlagOp

EventIdsOption = Literal["auto", "const", "alloc", "fetch"]


@dataclass(frozen=True)
class InsertionOptions:
    event_ids: EventIdsOption = "auto"
    final_barrier: FinalBarrier = "auto"
    alias: Literal["conservative", "assume_disjoint"] = "conservative"
    analysis: PipeSyncOptions = DEFAULT_OPTIONS


class PipeSyncInserter:
    """Inserts the pipe synchronization one kernel needs."""

    def __init__(self, kernel: func.FuncOp, options: InsertionOptions | None = None):
        self.kernel = kernel
        self.options = options if options is not None else InsertionOptions()
        self.diagnostics = DiagnosticList()
        self.ids = EventIds(kernel, "const")
        self.groups: list[list[Operation]] = []
        """The ops of each repair (a barrier, a pair with its priming and draining, a hand-off), in order."""

    # --- driving ------------------------------------------------------------------------------

    def run(self) -> None:
        self._strip_inserted()
        analysis = PipeSyncAnalysis(self.kernel, self.options.analysis)
        self.ids = EventIds(self.kernel, self._mode(analysis))
        budget = sum(1 for _ in self.kernel.walk())  # each repair orders one hazard
        repaired: dict[tuple[str, Operation, Operation, bool], list[Operation]] = {}
        while True:
            state = analysis.run()
            fixable = [h for h in analysis.hazards if self._fixable(h)]
            if not fixable:
                break
            hazard = self._choose(fixable)
            key = (hazard.rule, hazard.producer, hazard.consumer, hazard.previous)
            if key in repaired or budget <= 0:
                # the repair did not order the hazard: undo it and stop; the verifier reports what is left
                for op in repaired.get(key, []):
                    op.detach()
                    op.erase()
                analysis = PipeSyncAnalysis(self.kernel, self.options.analysis)
                state = analysis.run()
                break
            budget -= 1
            group = repair(self, hazard)
            repaired[key] = group
            self.groups.append(group)
            analysis = PipeSyncAnalysis(self.kernel, self.options.analysis)
        if len(self.groups) > 1 and self._sweep_redundant():
            analysis = PipeSyncAnalysis(self.kernel, self.options.analysis)
            state = analysis.run()
        self.ids.take_before_uses()
        add_final_barrier(self.kernel, self.options.final_barrier, state, self.diagnostics)
        self._report_opaque(analysis)
        remember("pipe-sync", self.options.analysis, self.kernel, analysis.diagnostics)

    def _report_opaque(self, analysis: PipeSyncAnalysis) -> None:
        """IN-E2: a hazard with an opaque op on one side cannot be ordered by a flag pair or a pipe's barrier
        (the op's pipe is unknown) and insertion never adds ``PIPE_ALL`` for a hazard."""
        for earlier, later in analysis.opaque_hazards:
            self.diagnostics.add(
                "error",
                "IN-E2",
                later,
                f"cannot order `{python_call(later)}` after `{python_call(earlier)}`: the hazard crosses an opaque "
                "operation",
                [
                    note(earlier, "earlier access here"),
                    Note(
                        None, "order them with asc.pipe_barrier(PipeID.PIPE_ALL), or let the analysis see the operation"
                    ),
                ],
                partner=earlier,
            )

    def _sweep_redundant(self) -> bool:
        """Remove each inserted barrier or pair (latest first) whose removal brings back no hazard: a later
        repair made it redundant.  Each candidate is tried on a copy of the kernel.  Returns whether
        anything was removed."""
        removed = False
        for group in reversed(self.groups):
            if not group or any(isinstance(op, EnqueOp | DequeOp) for op in group):
                continue  # queue hand-offs rewire uses: kept
            ops = list(self.kernel.walk())
            index = {op: i for i, op in enumerate(ops)}
            if any(op not in index for op in group):
                continue
            clone = self.kernel.clone()
            cloned = list(clone.walk())
            for op in group:
                cloned[index[op]].detach()
                cloned[index[op]].erase()
            check = PipeSyncAnalysis(clone, self.options.analysis)
            check.run()
            if any(self._fixable(h) for h in check.hazards):
                continue
            for op in group:
                op.detach()
                op.erase()
            removed = True
        if removed:
            self._drop_unused_pool_ids()
        return removed

    def _drop_unused_pool_ids(self) -> None:
        for op in list(self.ids.home().ops):
            if isinstance(op, EventIdOp) and is_inserted(op):
                users = [use.operation for use in op.result.uses]
                if all(isinstance(user, ReleaseEventIdOp) for user in users):
                    for user in users:
                        user.detach()
                        user.erase()
                    op.detach()
                    op.erase()

    def _strip_inserted(self) -> None:
        """Remove the pipe-level sync an earlier run inserted (a later run may re-place it): the output is
        then a function of the user's ops alone, so a second run reproduces the first exactly and an
        edited kernel (an inserted op deleted by hand or by a mutation test) is repaired as a whole."""
        inserted = [op for op in self.kernel.walk() if is_inserted(op)]
        if not inserted:
            return
        enqueued: dict[SSAValue, SSAValue] = {}
        for op in inserted:
            if isinstance(op, EnqueOp):
                enqueued[op.queue] = op.tensor
            elif isinstance(op, DequeOp) and op.queue in enqueued:
                op.result.replace_all_uses_with(enqueued[op.queue])
        removable = (SetFlagOp, WaitFlagOp, PipeBarrierOp, EnqueOp, DequeOp, ReleaseEventIdOp)
        for op in inserted:
            if isinstance(op, removable):
                op.detach()
                op.erase()
        for op in inserted:
            if isinstance(op, EventIdOp | arith.ConstantOp | PipeOp) and not op.results[0].uses:
                op.detach()
                op.erase()

    def _choose(self, hazards: list[Hazard]) -> Hazard:
        """The first consumer's hazard with the latest producer: ordering after the latest access to a
        buffer usually orders the earlier ones too (through the pipes they were already ordered to)."""
        consumer = hazards[0].consumer
        same = [h for h in hazards if h.consumer is consumer]
        if len(same) == 1:
            return same[0]
        position = {op: index for index, op in enumerate(self.kernel.walk())}
        return max(same, key=lambda h: (h.previous, position[h.producer]))

    def _mode(self, analysis: PipeSyncAnalysis) -> IdMode:
        if self.options.event_ids != "auto":
            return self.options.event_ids
        return "alloc" if analysis.framework_user is not None else "const"

    def _fixable(self, hazard: Hazard) -> bool:
        if hazard.rule not in REPAIRABLE:
            return False
        return not hazard.may or self.options.alias == "conservative"

    def remark(self, hazard: Hazard, what: str, op: Operation, placed: list[tuple[str, list[Operation]]]) -> None:
        """Report what was inserted at ``op`` for ``hazard`` and where each part of it went (``placed``: a
        part's name, empty for the only one, and its ops), shown with ``sync_report=True``."""
        relative_to = at(hazard.consumer)
        places = ", ".join(f"{role} {inserted_where(ops, relative_to)}".strip() for role, ops in placed)
        self.diagnostics.add(
            "remark",
            hazard.rule,
            op,
            f"inserted {what} for {hazard.rule} ({pipe_label(hazard.producer_pipe)} → "
            f"{pipe_label(hazard.consumer_pipe)}, {python_call(hazard.producer)} at {where(hazard.producer)} → "
            f"{python_call(hazard.consumer)} at {where(hazard.consumer)}): {places}",
            partner=hazard.producer,
        )
