"""What the Matmul protocol analysis knows at a program point (docs/matmul-protocol.md#what-the-analysis-follows):
per Matmul object its lifecycle, whether a workspace is set, the inputs bound to it and the asynchronous
work it started and has not completed (*records*), each with the branch outcomes under which it is pending
(its *guard*) and whether it was started in an earlier iteration of the innermost loop."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from xdsl.ir import Operation, SSAValue

from ascx.analysis.regions import Region

Guard = frozenset[tuple[object, bool]]
"""Branch outcomes (condition value, taken) under which a record is pending."""


UNDECIDED: tuple[object, bool] = (object(), True)
"""A guard literal that no path establishes: the record is pending under some condition the analysis
does not follow (a condition of an earlier loop iteration, or one too many), so it is never pending
on every path, while the rest of its guard still says where it cannot be pending."""


@dataclass(frozen=True)
class FirstIteration:
    """The condition "this is the first iteration of ``loop``" (an ``scf.for``), a guard key of its own:
    work pending only from the previous iteration is pending when it is false, and a branch on
    ``iv != lb`` (or ``iv == lb``) decides it (docs/matmul-protocol.md#branches-and-loops)."""

    loop: Operation


MAX_CONDITIONS = 4
"""Distinct branch conditions a guard may mention before the analysis drops path precision
(docs/matmul-protocol.md#branches-and-loops)."""
UNKNOWN = "unknown"
"""The lifecycle of an object passed to an opaque op (MM-0): nothing more is checked for it."""
RELEASED = "ended"
"""The lifecycle after an ``end()`` that posts ``MMFUN_END``: the client's ``End()`` does when the latest
computation was synchronous, and the cube side then destroys the object's buffers; only ``init`` makes it
usable again (MM-13, docs/rules/matmul.md#mm-13)."""
ENDED_ASYNC = "ended-async"
"""The lifecycle after an ``end()`` that posts nothing (the latest computation was asynchronous): the
object is unchanged on both cores and may be used again, as Huawei's operators do per batch."""

WAIT_OF_KIND = {
    "iterate_all": "wait_iterate_all",
    "iterate_batch": "wait_iterate_batch",
    "get_tensor_c": "wait_get_tensor_c",
}
"""The Python method that completes each kind of asynchronous work."""


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
    unfetched: dict[tuple[Operation, bool], Record] = field(default_factory=dict[tuple[Operation, bool], Record])
    """The one-shot ``iterate(sync=False)`` whose blocks no fetch has followed yet (MM-11), with the paths it is
    unfetched on (a record of its own, guarded like the pending work)."""
    synchronous: frozenset[bool] = frozenset({True})
    """The ``sync`` of the latest computation (the client's ``isSyncGetC``, may-set): whether ``end()`` posts
    ``MMFUN_END``.  Before any computation it is unknown, taken as synchronous."""

    def copy(self) -> ObjectState:
        return replace(
            self,
            records=dict(self.records),
            bindings=dict(self.bindings),
            last=dict(self.last),
            unfetched=dict(self.unfetched),
        )


@dataclass
class MatmulState:
    objects: dict[SSAValue, ObjectState] = field(default_factory=dict[SSAValue, ObjectState])
    path: Guard = frozenset()
    active: frozenset[SSAValue] = frozenset()

    def copy(self) -> MatmulState:
        return MatmulState({k: v.copy() for k, v in self.objects.items()}, self.path, self.active)


@dataclass(frozen=True)
class Fix:
    """A violation ``ascx-insert-sync`` repairs by inserting ``record``'s wait
    (docs/passes/insert-sync.md#matmul-waits)."""

    rule: str
    record: Record
    at: Operation
    """The consumer, ``end()``, the later start, or the function's return."""
    matmul: SSAValue
    must: bool
    """The record is pending on every path to ``at``."""
    path: Guard = frozenset()
    """The branch outcomes known at ``at``: the record is pending there when the rest of its guard holds."""


def merge_records(
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
            merged[key] = guarded(left, a_literal)
        elif right is not None:
            merged[key] = guarded(right, b_literal)
    return merged


def guarded(record: Record, literal: tuple[object, bool] | None) -> Record:
    guard = record.guard | {literal} if literal is not None else record.guard
    if len({cond for cond, _ in guard}) > MAX_CONDITIONS:
        guard = record.guard | {UNDECIDED}
    return replace(record, must=False, guard=guard)


def join_objects(a: ObjectState, b: ObjectState, literals: tuple[tuple[object, bool] | None, ...]) -> ObjectState:
    return ObjectState(
        a.lifecycle | b.lifecycle,
        a.workspace | b.workspace,
        merge_records(a.records, b.records, literals[0], literals[1]),
        {**b.bindings, **a.bindings},
        {**b.last, **a.last},
        a.open | b.open,
        merge_records(a.unfetched, b.unfetched, literals[0], literals[1]),
        a.synchronous | b.synchronous,
    )


def retag(
    records: dict[tuple[Operation, bool], Record],
    *,
    previous: bool,
    varies: Callable[[object], bool],
    inside: Callable[[Operation], bool],
) -> dict[tuple[Operation, bool], Record]:
    """``records`` across a loop's back edge (``previous``) or exit: a condition that ``varies`` from one
    iteration to the next (the first-iteration test, or one computed from values defined in the loop)
    says nothing about the next iteration or after the loop, so it leaves the guard as :data:`UNDECIDED`.
    Only work started ``inside`` the loop changes iteration; work started before it (pending across an inner
    loop, as a prefetch is across the loops of the block it overlaps) keeps its tag, so the loop's entry and
    back edge agree on it."""
    retagged: dict[tuple[Operation, bool], Record] = {}
    for record in records.values():
        kept = frozenset(lit for lit in record.guard if not varies(lit[0]))
        guard = kept if len(kept) == len(record.guard) else kept | {UNDECIDED}
        moved = replace(record, previous=previous if inside(record.start) else record.previous, guard=guard)
        existing = retagged.get(moved.key)
        if existing is not None:  # the same start, pending from two iterations: one record
            moved = replace(existing, must=existing.must or moved.must, guard=existing.guard & moved.guard)
        retagged[moved.key] = moved
    return retagged
