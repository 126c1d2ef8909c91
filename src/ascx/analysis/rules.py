"""Every rule the sync passes report: ``RULES[id]`` gives its severities, the module that reports it and
the section of the rule catalogue (``docs/rules/``) that explains it (``ascx explain ID`` prints it).

The table is the single list of rule IDs: the reporting base refuses an ID that is not here
(:meth:`ascx.analysis.report.DiagnosticList.add`), and ``tests/analysis/test_rules.py`` holds every ID the
code can report against it, both ways.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning", "remark"]


@dataclass(frozen=True)
class Rule:
    id: str
    severities: tuple[Severity, ...]
    """What the verifiers report it as (a rule with two is an error or a warning by case)."""
    owner: str
    """The module that reports it."""
    summary: str
    """One line: what breaks the rule."""
    repaired: bool = False
    """``ascx-insert-sync`` repairs it (and then reports the repair as a warning or a remark)."""

    @property
    def family(self) -> str:
        return self.id.split("-", 1)[0]

    @property
    def page(self) -> str:
        """The catalogue page of the rule's family, relative to the repository."""
        return f"docs/rules/{FAMILIES[self.family][0]}.md"

    @property
    def anchor(self) -> str:
        """``docs/rules/flags.md#fl-1``: where the rule is explained."""
        return f"{self.page}#{self.id.lower()}"

    def allows(self, severity: Severity) -> bool:
        """Whether a diagnostic of this rule may have ``severity`` (a repair is reported as a warning or a
        remark under the rule it repairs)."""
        return severity in self.severities or (self.repaired and severity in ("warning", "remark"))


FAMILIES: dict[str, tuple[str, str]] = {
    "MM": ("matmul", "the asynchronous Matmul protocol (ascx-verify-matmul-sync)"),
    "FL": ("flags", "event flags, barriers and event ids (ascx-verify-pipe-sync)"),
    "TQ": ("queues", "the TQue protocol (ascx-verify-pipe-sync)"),
    "HZ": ("hazards", "unordered accesses between pipes (ascx-verify-pipe-sync)"),
    "AT": ("atomics", "the atomic mode of GM writes (ascx-verify-pipe-sync)"),
    "XC": ("cross-core", "cross-core and inter-block pairing (ascx-verify-pipe-sync)"),
    "IN": ("insertion", "what ascx-insert-sync cannot do, and what it adds"),
    "PA": ("pipe-analysis", "the pipe analysis itself"),
}
"""Rule family -> (the page under ``docs/rules/``, what the family is about)."""

_MM = "ascx.analysis.matmul.protocol"
_MM_CALLS = "ascx.analysis.matmul.calls"
_MM_ACCESS = "ascx.analysis.matmul.accesses"
_MM_END = "ascx.analysis.matmul.completion"
_MM_LOOPS = "ascx.analysis.matmul.iterate_loops"
_FL = "ascx.analysis.flags.pairing"
_FL_IDS = "ascx.analysis.flags.event_ids"
_FL_LINT = "ascx.analysis.flags.lint"
_TQ = "ascx.analysis.queues.protocol"
_TQ_BAL = "ascx.analysis.queues.balance"
_HZ = "ascx.analysis.hazards.conflicts"
_HZ_LOG = "ascx.analysis.hazards.log"
_AT = "ascx.analysis.atomics.mode"
_XC = "ascx.analysis.cross_core.flags"
_XC_BLOCKS = "ascx.analysis.cross_core.blocks"
_IN_REPAIR = "ascx.analysis.insertion.repairs"
_IN_END = "ascx.analysis.insertion.final_barrier"
_IN = "ascx.analysis.insertion.pipe_sync"
_PA = "ascx.analysis.sync"

_E: tuple[Severity, ...] = ("error",)
_W: tuple[Severity, ...] = ("warning",)
_EW: tuple[Severity, ...] = ("error", "warning")
_R: tuple[Severity, ...] = ("remark",)

_TABLE = (
    # --- the Matmul protocol ---------------------------------------------------------------------------
    Rule("MM-0", _W, _MM, "the Matmul analysis lost precision here (an opaque call, a loop that did not settle)"),
    Rule("MM-1", _EW, _MM_ACCESS, "the output of asynchronous Matmul work is accessed before its wait", True),
    Rule("MM-2", _EW, _MM_END, "`end()` while asynchronous work of the object is pending", True),
    Rule("MM-3", _EW, _MM_END, "the kernel returns while asynchronous Matmul work is pending", True),
    Rule("MM-4", _EW, _MM_END, "`wait_iterate_all()` with no waitable asynchronous `iterate_all` pending", True),
    Rule("MM-5", _EW, _MM_END, "`wait_iterate_batch()` with no waitable asynchronous batch pending", True),
    Rule("MM-6", _W, _MM_END, "`wait_get_tensor_c()` with no asynchronous `get_tensor_c` before it"),
    Rule("MM-7", _EW, _MM_CALLS, "asynchronous work starts while earlier work of the same object is pending", True),
    Rule("MM-8", _W, _MM_CALLS, "asynchronous `iterate_all`/`iterate_batch` that this core cannot wait for"),
    Rule("MM-9", _E, _MM_ACCESS, "an input bound to pending asynchronous work is overwritten"),
    Rule("MM-10", _E, _MM_CALLS, "an asynchronous fetch outside an asynchronous iteration, or mixed sync modes"),
    Rule("MM-11", _EW, _MM_LOOPS, "the blocks of an iteration are not fetched exactly once"),
    Rule("MM-12", _E, _MM_CALLS, "the result of a bare synchronous `iterate()` is discarded"),
    Rule("MM-13", _EW, _MM, "a Matmul object is used after `end()`"),
    Rule("MM-14", _E, _MM, "a computation before the object is registered or initialised"),
    Rule("MM-15", _E, _MM_CALLS, "a computation switches Matmul objects without `end()`"),
    Rule("MM-16", _W, _MM_END, "a Matmul object that is used is never ended"),
    Rule("MM-17", _E, _MM_CALLS, "an asynchronous iteration without `set_workspace` before it"),
    Rule("MM-18", _E, _MM_CALLS, "`set_workspace` after the asynchronous iteration started"),
    Rule("MM-19", _W, _MM_CALLS, "the workspace is smaller than what the asynchronous iteration writes"),
    Rule("MM-28", _W, _MM_CALLS, "a setter called after a call it must precede"),
    Rule("MM-29", _W, _MM_LOOPS, "the loop form `with mm.iterate(sync=False)` of asynchronous iteration"),
    Rule("MM-31", _W, _MM_CALLS, "a setter changes the object while its asynchronous work is pending"),
    # --- flags, barriers, event ids ---------------------------------------------------------------------
    Rule("FL-1", _E, _FL, "a `wait_flag` no `set_flag` can release: it blocks forever"),
    Rule("FL-2", _E, _FL, "a `set_flag` no `wait_flag` consumes"),
    Rule("FL-3", _EW, _FL, "a `set_flag` on an event slot that is still set"),
    Rule("FL-4", _E, _FL_IDS, "an event id that is neither a constant nor from the pipe's pool"),
    Rule("FL-5", _E, _FL_IDS, "a constant event id out of range"),
    Rule("FL-6", _W, _FL_IDS, "a hard-coded event id in a kernel whose framework takes ids at run time"),
    Rule("FL-7", _E, _FL_IDS, "`fetch_event_id` while a pair on a fetched id of that event is pending"),
    Rule("FL-8", _EW, _FL_IDS, "an allocated event id never released, released twice, or used after release"),
    Rule("FL-10", _W, _FL, "a flag or barrier on a pipe the core does not have"),
    Rule("FL-11", _E, _FL, "event slots differ between the arms of an `if` or across a loop iteration"),
    Rule("FL-12", _W, _FL_LINT, "a user flag pair or barrier that orders no memory access (sync_lints)"),
    # --- the TQue protocol ------------------------------------------------------------------------------
    Rule("TQ-1", _E, _TQ, "`deque()` on a queue that may be empty"),
    Rule("TQ-2", _E, _TQ, "`enque()` beyond the queue's depth"),
    Rule("TQ-3", _E, _TQ, "`alloc_tensor()` beyond the buffers `init_buffer` provides"),
    Rule("TQ-4", _E, _TQ, "`free_tensor()` of a tensor not from the queue, or freed twice"),
    Rule("TQ-5", _E, _TQ, "`free_tensor()` of a tensor that is still enqueued"),
    Rule("TQ-6", _E, _TQ, "a queue tensor used after `free_tensor()`"),
    Rule("TQ-7", _E, _TQ, "a queue tensor used between `enque()` and `deque()`"),
    Rule("TQ-8", _E, _TQ_BAL, "a loop iteration that allocates or enqueues more than it frees or dequeues"),
    Rule("TQ-9", _E, _TQ_BAL, "a queue holds different numbers of tensors after the arms of an `if`"),
    Rule("TQ-10", _W, _TQ_BAL, "a queue tensor never freed"),
    Rule("TQ-11", _W, _TQ_BAL, "an enqueued tensor never dequeued"),
    Rule("TQ-12", _W, _TQ, "a queue tensor used on a pipe its position does not order"),
    Rule("TQ-13", _E, _TQ, "`enque()` of a tensor not allocated from the queue"),
    Rule("TQ-14", _W, _TQ, "a queue position the analysis does not model"),
    Rule("TQ-15", _EW, _TQ, "a queue used before `init_buffer`, initialised twice, or in a loop"),
    # --- hazards ----------------------------------------------------------------------------------------
    Rule("HZ-0", _W, _HZ_LOG, "the pipe analysis lost precision here (a loop that did not settle)"),
    Rule("HZ-1", _E, _HZ, "read after write on two pipes without ordering", True),
    Rule("HZ-2", _E, _HZ, "write after read on two pipes without ordering", True),
    Rule("HZ-3", _E, _HZ, "write after write on two pipes without ordering", True),
    Rule("HZ-4", _E, _HZ, "a conflict on one pipe without a barrier", True),
    Rule("HZ-5", _W, _HZ, "a possible hazard: the accesses may overlap", True),
    Rule("HZ-7", _E, _HZ_LOG, "GM accessed through the scalar cache and by DMA without cache maintenance"),
    Rule("HZ-8", _W, _HZ_LOG, "an operation whose memory accesses the analysis cannot see"),
    # --- atomics ----------------------------------------------------------------------------------------
    Rule("AT-1", _W, _AT, "an atomic mode still set when the kernel returns"),
    Rule("AT-2", _W, _AT, "an atomic mode set while another is active"),
    # --- cross-core and inter-block ---------------------------------------------------------------------
    Rule("XC-1", _E, _XC, "a cross-core set or wait without a partner"),
    Rule("XC-2", _E, _XC, "a cross-core flag the Matmul objects, the MIX prologue or SyncAll reserve"),
    Rule("XC-3", _E, _XC, "a cross-core set and wait on one flag with different modes"),
    Rule("XC-4", _E, _XC, "`sync_all()` under a condition on the block index"),
    Rule("XC-5", _E, _XC_BLOCKS, "`wait_pre_block` and `notify_next_block` unbalanced on a path"),
    Rule("XC-6", _E, _XC_BLOCKS, "an `ib_wait` no `ib_set` matches, or the converse"),
    Rule("XC-7", _W, _XC_BLOCKS, "GM one block writes may be accessed by another without inter-block sync"),
    Rule("XC-8", _E, _XC, "the hardware `sync_all()` in an AIV_ONLY or AIC_ONLY kernel"),
    Rule("XC-9", _E, _XC, "inter-block synchronisation in a kernel without a TPipe"),
    # --- insertion --------------------------------------------------------------------------------------
    Rule("IN-12", _R, _IN_END, "the final `PIPE_ALL` barrier insertion added before the return"),
    Rule("IN-E1", _E, _IN_REPAIR, "insertion needs more live event ids of one event than there are"),
    Rule("IN-E2", _E, _IN, "insertion cannot order a hazard that crosses an opaque operation"),
    Rule("IN-E3", _E, _IN_REPAIR, "insertion needs event ids from a TPipe created in a region the flags are not in"),
    # --- the pipe analysis ------------------------------------------------------------------------------
    Rule("PA-8", _E, _PA, "an internal error of the pipe analysis, reported instead of a crash"),
)

RULES: dict[str, Rule] = {rule.id: rule for rule in _TABLE}
"""Rule ID -> its entry."""
