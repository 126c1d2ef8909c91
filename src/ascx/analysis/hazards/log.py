"""What each op accesses, on which pipe, and the access log later accesses are checked against
(docs/sync-model.md#which-pipe-runs-what, docs/rules/hazards.md).

An op's pipe and accesses come from the dialect (``ExecutesOn``, ``TensorAccess``, ``MatmulMethod``):
the analysis has no per-op cases.  An op with tensor operands and neither trait is opaque (HZ-8): it is
assumed to touch them on an unknown pipe.  GM reached both through the scalar data cache and by DMA
is HZ-7; a loop that did not settle is HZ-0.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from xdsl.dialects import func, scf
from xdsl.ir import Block, Operation, SSAValue

from ascx.analysis.hazards.conflicts import UNKNOWN_PIPE, Hazard, check_hazards, overlap
from ascx.analysis.pipe.ordering import capture, complete_fetches, release
from ascx.analysis.pipe.state import (
    MATMUL_PENDING,
    NO_ORDER,
    SCALAR_ORDER,
    Access,
    AccessKey,
    PipeState,
    QueueBase,
)
from ascx.analysis.queues.protocol import check_use, instance_of
from ascx.analysis.regions import GMBase, alternatives, offset_values
from ascx.analysis.report import at, note
from ascx.analysis.reporting import Findings
from ascx.analysis.spelling import python_call, value_name
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.traits import (
    CleansDataCache,
    ExecutesOn,
    MatmulAccess,
    MatmulAsyncWait,
    MatmulMethod,
    MatmulRole,
    TensorAccess,
    is_async_call,
)
from ascx.dialects.ascendc.types import GlobalTensorType, LocalTensorType

if TYPE_CHECKING:
    from ascx.analysis.pipe.analysis import PipeSyncAnalysis

MAX_OFFSETS_PER_BUFFER = 8
"""Entries one pipe keeps in the log for one buffer at distinct offsets before they are merged
into one entry at :data:`VARIED` offsets (keeps the log, and so verification, linear in kernel size)."""

VARIED: tuple[SSAValue, ...] = ()
"""The offset of a merged entry: somewhere in the buffer (overlaps any other offset as "may")."""

Plan = tuple[Pipe | None, list[tuple[SSAValue, bool]], bool]
"""What a basic op does: its pipe, the tensors it reads (False) and writes (True), whether it is opaque."""


@dataclass
class AccessTables:
    """What the pipe analysis remembers about accesses across program points, and the hazards it found."""

    hazards: Findings[Hazard]
    opaque_hazards: Findings[tuple[Operation, Operation]]
    """(earlier, later) accesses to one buffer, one of them by an opaque op: nothing but ``PIPE_ALL``
    orders them, which insertion never adds for a hazard, so they are IN-E2 for insertion (the
    verifier's HZ-8 warning already names the opaque op)."""
    plans: dict[Operation, Plan] = field(default_factory=dict[Operation, Plan])
    pairs_seen: set[tuple[Operation, Operation, object]] = field(
        default_factory=set[tuple[Operation, Operation, object]]
    )
    """(consumer, producer, base) pairs already checked while visiting the current op."""
    current: SSAValue | None = None
    """The tensor operand whose access is being checked (recorded in hazards)."""


Traits = tuple[TensorAccess | None, ExecutesOn | None, MatmulMethod | None, CleansDataCache | None]
_TRAITS: dict[type[Operation], Traits] = {}


def op_traits(op: Operation) -> Traits:
    """The access, pipe, Matmul-method and cache-maintenance traits of an op's class (looked up once per
    class)."""
    kind = type(op)
    found = _TRAITS.get(kind)
    if found is None:
        found = _TRAITS[kind] = (
            op.get_trait(TensorAccess),
            op.get_trait(ExecutesOn),
            op.get_trait(MatmulMethod),
            op.get_trait(CleansDataCache),
        )
    return found


def _is_tensor(value: SSAValue) -> bool:
    return isinstance(value.type, LocalTensorType | GlobalTensorType)


def plan(analysis: PipeSyncAnalysis, op: Operation) -> Plan:
    """What a basic op does, computed once per op (the fixpoint visits loop bodies several times): the
    pipe, the tensors it reads (False) and writes (True), and whether it is opaque (HZ-8)."""
    plans = analysis.access_tables.plans
    found = plans.get(op)
    if found is None:
        access, executes, _, _ = op_traits(op)
        pipe = executes.pipe_of(op) if executes is not None and access is not None else None
        accesses = (
            [(v, False) for v in access.read_values(op)] + [(v, True) for v in access.written_values(op)]
            if access is not None and pipe is not None
            else []
        )
        opaque = (
            access is None
            and executes is None
            and not isinstance(op, func.ReturnOp | scf.YieldOp)  # yielding a tensor (a choice) accesses nothing
            and any(_is_tensor(v) for v in op.operands)
        )
        found = plans[op] = (pipe, accesses, opaque)
    return found


def is_relevant(analysis: PipeSyncAnalysis, op: Operation) -> bool:
    """Whether an op without a handler can change the state (constants, address arithmetic and views
    cannot: the facade skips them)."""
    if op_traits(op)[2] is not None:
        return True
    _pipe, accesses, opaque = plan(analysis, op)
    return bool(accesses) or opaque


def visit_accesses(analysis: PipeSyncAnalysis, op: Operation, state: PipeState) -> None:
    """The transfer of an op without a handler: a Matmul call, an op with declared accesses, or an opaque op."""
    method = op_traits(op)[2]
    tables = analysis.access_tables
    if method is not None:
        tables.pairs_seen.clear()
        _matmul_call(analysis, op, method, state)
        return
    pipe, accesses, opaque = plan(analysis, op)
    if accesses:
        tables.pairs_seen.clear()
        assert pipe is not None
        for value, write in accesses:
            access(analysis, op, pipe, value, write, state)
        cleans = op_traits(op)[3]
        if cleans is not None:
            _clean_data_cache(analysis, op, cleans, state)
    elif opaque:
        tensors = [v for v in op.operands if _is_tensor(v)]
        names = ", ".join(f"`{value_name(v)}`" for v in tensors)
        analysis.warn(
            "HZ-8",
            op,
            f"sync analysis cannot see the memory accesses of `{op.name}`; it is assumed to touch {names} on "
            "an unknown pipe",
        )
        for value in tensors:
            _opaque_access(analysis, op, value, state)


def _opaque_access(analysis: PipeSyncAnalysis, op: Operation, value: SSAValue, state: PipeState) -> None:
    """An opaque op reads and writes ``value`` on an unknown pipe: every logged access to an overlapping
    region is an opaque hazard; the access is logged (on :data:`UNKNOWN_PIPE`) without displacing the
    accesses it overlaps, so hazards between the known ops around it are still found."""
    region = analysis.region(value)
    base, offset, extent, exact = region.base, region.offset, region.extent, region.exact
    opaque_hazards = analysis.access_tables.opaque_hazards
    for key, logged in state.log.items():
        if logged.op is not op and overlap(analysis, key, base, offset, extent, exact) != "none" and analysis.reporting:
            opaque_hazards.append((logged.op, op))
    key = analysis.key(base, offset, UNKNOWN_PIPE, True, extent, exact=exact)
    state.log[key] = Access(op, region.name, NO_ORDER)


def access(
    analysis: PipeSyncAnalysis,
    op: Operation,
    pipe: Pipe,
    value: SSAValue,
    write: bool,
    state: PipeState,
    *,
    log: bool = True,
    displace: bool = True,
) -> None:
    """``op`` reads or writes ``value`` on ``pipe``: check it against the log (and the queue protocol),
    then log it (a write replaces the entries of its pipe at the same offset).  A tensor a runtime ``if``
    chose is an access of each tensor it may be, whole, that replaces nothing (it may not be that one)."""
    choices = alternatives(value)
    if choices is not None:
        for choice in choices:
            access(analysis, op, pipe, choice, write, state, log=log, displace=False)
        return
    region = analysis.region(value)
    base, name = region.base, region.name
    instance = instance_of(analysis, value)
    suppressed = False
    if instance is not None:
        base = QueueBase(*instance)
        suppressed = check_use(analysis, op, pipe, value, write, instance, state)
    if (
        isinstance(base, GMBase)
        and pipe in (Pipe.PIPE_S, Pipe.PIPE_MTE2, Pipe.PIPE_MTE3)
        and op_traits(op)[2] is None  # a Matmul call hands GM to the cube, not to the scalar cache
        and op_traits(op)[3] is None  # cache maintenance is not an access through the cache
    ):
        _check_scalar_cache(analysis, op, pipe, base, name, state)
    if not suppressed:
        analysis.access_tables.current = value
        check_hazards(analysis, op, pipe, base, region.offset, region.extent, region.exact, write, name, state)
    if not log:
        return
    offset = region.offset
    entries = state.log
    same_base = [k for k in entries if k.base == base]
    if write and displace:
        for k in same_base:
            if k.offset == offset and not k.variant:
                del entries[k]  # overwritten: later accesses conflict with this write instead
    logged = Access(op, name, SCALAR_ORDER if pipe is Pipe.PIPE_S else NO_ORDER)
    extent, exact = region.extent, region.exact
    group = [
        k
        for k in same_base
        if k.pipe is pipe and k.write is write and not k.previous and k.extent is None and k in entries
    ]
    if extent is None and len(group) >= MAX_OFFSETS_PER_BUFFER:
        offset, extent, exact = VARIED, None, False  # many offsets into one buffer: one entry for all
        for k in group:
            older = entries.pop(k)
            logged = Access(op, name, logged.ordered_to & older.ordered_to, logged.captured_by & older.captured_by)
    key = analysis.key(base, offset, pipe, write, extent, exact=exact)
    entries[key] = logged


def _check_scalar_cache(
    analysis: PipeSyncAnalysis, op: Operation, pipe: Pipe, base: GMBase, name: str, state: PipeState
) -> None:
    """HZ-7: GM accessed both through the scalar data cache and by DMA, with no cache maintenance
    (``data_cache_clean_and_invalid``) of it in between on some path."""
    scalar = pipe is Pipe.PIPE_S
    others = [o for b, s, o in state.gm_cache if b == base and s != scalar]
    state.gm_cache = state.gm_cache | {(base, scalar, op)}
    if not others:
        return
    other = min(others, key=_source_order)
    if scalar:
        message = (
            f"`{python_call(op)}` accesses `{name}` through the scalar data cache after `{python_call(other)}` "
            "accessed it by DMA; cache maintenance is required"
        )
    else:
        message = (
            f"`{python_call(op)}` accesses `{name}` by DMA after `{python_call(other)}` accessed it through the "
            "scalar data cache; cache maintenance is required"
        )
    analysis.error("HZ-7", op, message, [note(other, "accessed here")], partner=other)


def _source_order(op: Operation) -> tuple[str, int, int]:
    location = at(op)
    return ("", 0, 0) if location is None else (location.file, location.line, location.col or 0)


def _clean_data_cache(analysis: PipeSyncAnalysis, op: Operation, cleans: CleansDataCache, state: PipeState) -> None:
    """``data_cache_clean_and_invalid``: the accesses to the buffer it cleans (every GM buffer for the
    entire data cache) no longer need maintenance."""
    if cleans.entire(op):
        state.gm_cache = frozenset()
        return
    base = analysis.region(cleans.cleaned(op)).base
    state.gm_cache = frozenset(entry for entry in state.gm_cache if entry[0] != base)


# --- Matmul calls --------------------------------------------------------------------------------


def _matmul_call(analysis: PipeSyncAnalysis, op: Operation, method: MatmulMethod, state: PipeState) -> None:
    """A Matmul call on this core: the scalar unit hands its inputs to the library; a fetch into a local
    tensor is an MTE2 write, ordered to V by a private pair when it is synchronous, pending (MM-1's to
    report) until ``wait_get_tensor_c`` when it is not (docs/matmul-protocol.md#on-the-pipes)."""
    matmul_access = op.get_trait(MatmulAccess)
    if method.role is MatmulRole.WAIT:
        wait = op.get_trait(MatmulAsyncWait)
        if wait is not None and wait.kind == "get_tensor_c":
            complete_fetches(state)
            _private_pair(analysis, Pipe.PIPE_MTE2, Pipe.PIPE_V, op, state)
        return
    if matmul_access is None:
        return
    for value in matmul_access.read_values(op):
        access(analysis, op, Pipe.PIPE_S, value, False, state, log=False)
    for value in matmul_access.written_values(op):
        local = isinstance(value.type, LocalTensorType)
        if method.role is MatmulRole.FETCH and local:
            access(analysis, op, Pipe.PIPE_MTE2, value, True, state)
            if is_async_call(op):
                _mark_pending(op, state)
            else:
                _private_pair(analysis, Pipe.PIPE_MTE2, Pipe.PIPE_V, op, state)
        elif method.role in (MatmulRole.COMPUTE, MatmulRole.FETCH):
            access(analysis, op, Pipe.PIPE_S, value, True, state, log=False)


def _mark_pending(op: Operation, state: PipeState) -> None:
    """Accesses before ``wait_get_tensor_c`` to an asynchronous fetch's tile are MM-1's to report."""
    for key, entry in list(state.log.items()):
        if entry.op is op:
            state.log[key] = Access(entry.op, entry.name, entry.ordered_to, entry.captured_by | {MATMUL_PENDING})


def _private_pair(analysis: PipeSyncAnalysis, src: Pipe, dst: Pipe, op: Operation, state: PipeState) -> None:
    """The set and wait the Matmul library makes inside ``op``."""
    key = analysis.slot("matmul", op)
    capture(key, src, state)
    release(key, dst, state)


# --- loops ---------------------------------------------------------------------------------------


def _defined_inside(value: SSAValue, loop: Operation) -> bool:
    owner = value.owner
    op = owner.parent_op() if isinstance(owner, Block) else owner
    return op is not None and (op is loop or loop.is_ancestor(op))


def retag(
    log: dict[AccessKey, Access], loop: Operation, intern: Callable[..., AccessKey], *, previous: bool
) -> dict[AccessKey, Access]:
    """The log with the accesses made in ``loop`` tagged as made in an earlier iteration (``previous``,
    at the back edge) or as made in this one (after the loop); entries that become one are met."""
    retagged: dict[AccessKey, Access] = {}
    for key, entry in log.items():
        if key.previous != previous and loop.is_ancestor(entry.op):
            variant = key.variant or (previous and any(_defined_inside(v, loop) for v in offset_values(key.offset)))
            key = intern(key.base, key.offset, key.pipe, key.write, key.extent, previous, variant, exact=key.exact)
        existing = retagged.get(key)
        if existing is not None:
            entry = Access(
                entry.op,
                entry.name,
                existing.ordered_to & entry.ordered_to,
                existing.captured_by & entry.captured_by,
            )
        retagged[key] = entry
    return retagged


def report_precision_lost(analysis: PipeSyncAnalysis) -> None:
    """HZ-0 at each loop the engine gave up on."""
    for loop, reason in analysis.precision_lost:
        analysis.warn("HZ-0", loop, f"pipe sync analysis is imprecise here: {reason}", partner="loop")
