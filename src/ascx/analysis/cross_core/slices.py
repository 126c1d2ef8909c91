"""Per-block slices of GM (docs/rules/cross-core.md#disjoint-block-slices): the proof that lets XC-7
stay quiet when every block touches only its own part of a buffer.

An access to a GM buffer starts at an element offset that is a sum of integer terms (the offsets of
``gm_addr + off``, of ``set_global_buffer`` and of the views ``t[k:]``), a polynomial over the block index
``B`` and the other run-time values (:mod:`~ascx.analysis.cross_core.symbolic`).  A branch on the block
index (``rows = tail if B == last else per_core``) is split into its cases first.  In each case the offset
must be affine in ``B``, ``B · S + R`` with ``S`` and ``R`` free of it, with one stride ``S`` for every
case (cases or bindings with a stride each are :func:`_arms_slice` and :func:`_bindings_in_arms`: each arm's
parts must hold the access and the arms' parts must not meet); block ``B`` then touches
``[B · S + R, B · S + R + C)`` for an access of ``C`` elements.  ``C`` (with
``R``) comes from

- the access itself: the element count of ``data_copy(dst, src, count)``, the ``blockLen`` of a
  ``data_copy_pad`` of one block, the one element of ``get_value`` / ``set_value``, or
- the size given to ``set_global_buffer(addr, size)``: every access through the tensor and its views
  stays inside it (the emulation stops one that does not, as CANN's CPU debug build does).

The access stays in its block's part, ``[B · S, (B + 1) · S)``, when ``0 ≤ R`` and ``R + C ≤ S`` are proved
where it runs (:class:`~ascx.analysis.cross_core.symbolic.Prover`): two such accesses of two blocks never
touch the same element.  The last block that makes the access may also run past its part, since no block
after it touches the buffer there: when ``R + C ≤ S`` is proved only for ``B ≤ L − 1``, where ``B ≤ L`` holds
at the access (``L`` is ``N − 1``, or a bound the kernel's own conditions give, such as an early return of
the blocks ``B ≥ num_core``), the access is proved *up to its last block* ``L``; an access it is paired with
must then be made by blocks ``B ≤ L`` only.  :func:`block_slice` says why when a proof fails.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from xdsl.dialects import scf
from xdsl.ir import Operation, SSAValue

from ascx.analysis.cross_core.symbolic import (
    BLOCK,
    BLOCKS,
    Atom,
    FrozenPoly,
    Monomial,
    Poly,
    Prover,
    add,
    arm_facts,
    atom_of,
    atom_poly,
    atom_text,
    atoms_of,
    choice_arms,
    condition_facts,
    constant,
    freeze,
    mul,
    normalize,
    poly_of,
    substitute,
)
from ascx.analysis.dataflow import constant_int
from ascx.analysis.spelling import python_call, value_name
from ascx.dialects.ascendc.basic_types import ParamsType
from ascx.dialects.ascendc.data_copy_ops import DataCopyOp, DataCopyPadOp, ParamsOp
from ascx.dialects.ascendc.object_ops import SetGlobalBufferOp
from ascx.dialects.ascendc.tensor_ops import GetValueOp, GMAddrOffsetOp, SetValueOp, SubTensorOp

BlockDependent = Callable[[SSAValue], bool]


def poly_text(poly: Poly) -> str:
    """``poly`` as the reader wrote it, roughly: ``2048``, ``n``, ``i * 256 + 16``."""
    if not poly:
        return "0"
    parts: list[str] = []

    def names(mono: Monomial) -> list[str]:
        return sorted(name for atom, power in mono for name in [atom_text(atom)] * power)

    for mono, coeff in sorted(poly.items(), key=lambda item: (-sum(p for _, p in item[0]), names(item[0]))):
        spelled = names(mono)
        if not spelled:
            parts.append(str(coeff))
        elif coeff == 1:
            parts.append(" * ".join(spelled))
        else:
            parts.append(" * ".join([*spelled, str(coeff)]))
    return " + ".join(parts).replace("+ -", "- ")


# --- numeric ranges (for the notes) --------------------------------------------------------------------------


def _atom_range(atom: object, depth: int) -> tuple[int, int] | None:
    """The values (inclusive) an atom takes when they are constants: a loop's induction variable those of
    its bounds."""
    value = getattr(atom, "value", None)
    if getattr(atom, "kind", None) != "loop" or value is None or depth > 8:
        return None
    loop = value.owner.parent_op()
    assert isinstance(loop, scf.ForOp)
    lower, upper, step = (value_range(poly_of(v), depth + 1) for v in (loop.lb, loop.ub, loop.step))
    if lower is None or upper is None or step is None or step[0] <= 0:
        return None
    return lower[0], max(lower[0], upper[1] - 1)


def value_range(poly: Poly, depth: int = 0) -> tuple[int, int] | None:
    """The least and greatest value of ``poly`` (None when a term has no constant range)."""
    low = high = 0
    for mono, coeff in poly.items():
        term_low = term_high = coeff
        for atom, power in mono:
            found = _atom_range(atom, depth)
            if found is None:
                return None
            for _ in range(power):
                products = [term_low * found[0], term_low * found[1], term_high * found[0], term_high * found[1]]
                term_low, term_high = min(products), max(products)
        low += term_low
        high += term_high
    return low, high


def _failure(rest: Poly, count: Poly, stride: Poly) -> str:
    """Why ``0 ≤ rest`` and ``rest + count ≤ stride`` were not proved, in words."""
    end = add(rest, count)
    start_range, end_range, stride_range = value_range(rest), value_range(end), value_range(stride)
    if start_range is not None and start_range[0] < 0:
        return f"starts {-start_range[0]} elements before its block's part"
    if end_range is not None and stride_range is not None and stride_range[0] == stride_range[1]:
        return (
            f"ends at element {end_range[1]} of its block's part, past the stride {stride_range[0]} of the block index"
        )
    room = add(stride, end, -1)
    unknown = {a for a in atoms_of(rest) | atoms_of(room) if a.kind == "loop" and _atom_range(a, 0) is None}
    if unknown:
        ends = ", ".join(sorted(_loop_end_text(a) for a in unknown))
        return (
            f"ends at element {poly_text(end)} of its block's part, which is not bounded by the stride "
            f"{poly_text(stride)} of the block index: only the loops' run-time ends bound it ({ends}), and the "
            f"kernel does not relate them to the stride"
        )
    return (
        f"ends at element {poly_text(end)} of its block's part, which is not proved to stay below the stride "
        f"{poly_text(stride)} of the block index"
    )


def _loop_end_text(atom: Atom) -> str:
    """```i` below `n``` for the induction variable of ``for i in range(n)``."""
    value = atom.value
    assert value is not None
    loop = value.owner.parent_op()
    assert isinstance(loop, scf.ForOp)
    return f"`{atom_text(atom)}` below `{poly_text(poly_of(loop.ub))}`"


# --- where an access starts ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Place:
    """Where a GM tensor value starts: the ``set_global_buffer`` that bound its tensor (if any), the
    offset of that binding and the offset of the view from the tensor's start."""

    bind: SetGlobalBufferOp | None
    bound_at: dict[Monomial, int]
    view: dict[Monomial, int]


def _places(value: SSAValue) -> list[_Place] | None:
    """Every place ``value`` may start at: one per ``set_global_buffer`` of its tensor (a tensor bound in both
    arms of an ``if`` has two)."""
    view: dict[Monomial, int] = {}
    owner = value.owner
    while isinstance(owner, SubTensorOp):
        view = add(view, poly_of(owner.offset))
        value = owner.source
        owner = value.owner
    if not (isinstance(owner, Operation) and owner.name == "ascendc.global_tensor"):
        return None  # a reinterpret_cast view, a kernel argument: elements of another size, or unknown
    places: list[_Place] = []
    for use in value.uses:
        if isinstance(use.operation, SetGlobalBufferOp) and use.index == 0:
            bind = use.operation
            bound_at: dict[Monomial, int] = {}
            address = bind.addr
            while isinstance(address.owner, GMAddrOffsetOp):
                bound_at = add(bound_at, poly_of(address.owner.offset))
                address = address.owner.addr
            places.append(_Place(bind, bound_at, view))
    return places or [_Place(None, {}, view)]


def _pad_copy_count(op: DataCopyPadOp, value: SSAValue) -> dict[Monomial, int] | None:
    """The elements of GM a ``DataCopyPad`` of one block touches: its ``blockLen`` bytes in elements."""
    params = op.params.owner
    element = getattr(getattr(value.type, "element_type", None), "bitwidth", None)
    if not isinstance(params, ParamsOp) or not isinstance(element, int) or element < 8:
        return None
    if constant_int(params.fields[0]) != 1:  # blockCount: one block, no strides to follow
        return None
    size = element // 8
    length = normalize(poly_of(params.fields[1]))
    if any(coeff % size for coeff in length.values()):
        return None
    return {mono: coeff // size for mono, coeff in length.items()}


def _access_count(op: Operation, value: SSAValue) -> tuple[dict[Monomial, int], dict[Monomial, int]] | None:
    """(extra offset, element count) of the elements ``op`` touches from ``value``'s start, when known."""
    if isinstance(op, DataCopyOp) and not isinstance(op.size.type, ParamsType):
        return {}, poly_of(op.size)
    if isinstance(op, DataCopyPadOp):
        count = _pad_copy_count(op, value)
        return None if count is None else ({}, count)
    if isinstance(op, GetValueOp | SetValueOp) and op.tensor is value:
        return poly_of(op.index), constant(1)
    return None


# --- the proof ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Case:
    """One case of a block-dependent branch: what holds in it, and the offset's rest ``R``."""

    prover: Prover
    rest: dict[Monomial, int]
    chosen: tuple[FrozenPoly, ...] = ()
    """The facts of the branches' arms that chose this case (which blocks it is)."""


def _cases(
    offset: Poly, prover: Prover, block_dependent: BlockDependent, chosen: tuple[FrozenPoly, ...] = ()
) -> list[tuple[dict[Monomial, int], _Case]] | str:
    """``offset`` as ``B · S + R`` in each case of the block-dependent branches it goes through: (S, the case)
    for each case, or why not."""
    choice = next(
        (a for a in atoms_of(offset) if a.kind == "choice" and a.value is not None and block_dependent(a.value)),
        None,
    )
    if choice is not None:
        found: list[tuple[dict[Monomial, int], _Case]] = []
        for condition, taken, value, facts in choice_arms(choice):
            if condition is not None and prover.decide(condition) is (not taken):
                continue
            extra = [*facts, *(condition_facts(condition, taken) if condition is not None else [])]
            inner = _cases(
                substitute(offset, choice, value),
                prover.with_facts(extra),
                block_dependent,
                (*chosen, *(freeze(normalize(f)) for f in extra)),
            )
            if isinstance(inner, str):
                return inner
            found += inner
        if not found:
            return "no case of its offset can run"
        return found
    stride: dict[Monomial, int] = {}
    rest: dict[Monomial, int] = {}
    for mono, coeff in offset.items():
        power = next((p for a, p in mono if a == BLOCK), 0)
        if power == 0:
            rest[mono] = coeff
        elif power == 1:
            stride = add(stride, {frozenset((a, p) for a, p in mono if a != BLOCK): coeff})
        else:
            return "its offset is not affine in the block index"
    if any(a.value is not None and block_dependent(a.value) for a in atoms_of(stride)):
        return "its offset is not affine in the block index"  # the stride itself depends on the block
    return [(stride, _Case(prover, rest, chosen))]


def _one_stride(
    split: list[tuple[dict[Monomial, int], _Case]] | str,
) -> tuple[dict[Monomial, int], list[_Case]] | str:
    """The cases of :func:`_cases` when they share one stride: (S, the cases), or why not."""
    if isinstance(split, str):
        return split
    strides = {freeze(stride) for stride, _ in split}
    if len(strides) > 1:
        return _strides_differ(strides)
    return split[0][0], [case for _, case in split]


def _strides_differ(strides: set[FrozenPoly]) -> str:
    spelled = " or ".join(sorted(poly_text(dict(s)) for s in strides))
    return f"the block index steps its offset by {spelled} elements, depending on the block"


def _block_limits(prover: Prover) -> list[dict[Monomial, int]]:
    """The ``L`` of the facts ``B ≤ L`` where ``prover``'s facts hold, the kernel's own first, ``N − 1`` last."""
    _, upper = prover.bounds(BLOCK)
    limits = [dict(u) for u in upper[1:]] + [dict(upper[0])]
    return limits


@dataclass(frozen=True)
class _Fit:
    """A case proved: ``limit`` is the last block ``L`` when only the blocks below it stay in their parts."""

    limit: FrozenPoly | None


def _fit(case: _Case, count: Poly, stride: Poly) -> _Fit | None:
    """Whether the case stays in its block's part (or does up to its last block)."""
    prover = case.prover
    if not prover.nonneg(case.rest):
        return None
    room = add(stride, add(case.rest, count), -1)
    if prover.nonneg(room):
        return _Fit(None)
    for limit in _block_limits(prover):
        below = prover.with_facts([add(add(limit, atom_poly(BLOCK), -1), constant(-1))])  # B ≤ L − 1
        if below.nonneg(room):
            return _Fit(freeze(limit))
    return None


@dataclass(frozen=True)
class Part:
    """The parts of the blocks that a branch on the block index puts in one arm (``select``, the facts of the
    arms that choose them): block ``B``'s part is ``[B · stride + shift, (B + 1) · stride + shift)``."""

    stride: FrozenPoly
    shift: FrozenPoly
    select: frozenset[FrozenPoly]
    facts: tuple[FrozenPoly, ...] = field(default=(), compare=False)
    """What holds for these blocks where the access runs, on values every block computes alike."""


OTHER_BLOCK = Atom("B'", "block")
"""A second block index, for comparing the parts of two blocks in different arms."""


def _uniform_facts(facts: Sequence[Poly], block_dependent: BlockDependent) -> tuple[FrozenPoly, ...]:
    """The facts that hold for one block alike whichever arm another block takes: those on the block index,
    the block count and values every block computes alike (a fact on a value that depends on the block, such
    as a loop's run-time end chosen by the block, would mix two blocks' values)."""
    return tuple(
        freeze(fact)
        for fact in facts
        if all(a.kind in ("block", "blocks") or a.value is None or not block_dependent(a.value) for a in atoms_of(fact))
    )


def _before(first: Part, second: Part) -> bool:
    """Whether every part of ``first``'s blocks ends where ``second``'s begin, or before: block ``B`` (with the
    facts of ``first``) against block ``B'`` (with those of ``second``, the block index renamed)."""
    other = atom_poly(OTHER_BLOCK)
    prover = Prover([*(dict(f) for f in first.facts), *(substitute(dict(f), BLOCK, other) for f in second.facts)])
    end = add(mul(add(atom_poly(BLOCK), constant(1)), dict(first.stride)), dict(first.shift))
    start = add(mul(other, dict(second.stride)), dict(second.shift))
    return prover.nonneg(add(start, end, -1))


def _ordered(parts: list[Part]) -> bool:
    """Whether the arms' parts never meet: for two arms with different strides or starts, all of one arm's
    parts lie before all of the other's (one stride within an arm keeps its blocks apart)."""
    for index, first in enumerate(parts):
        for second in parts[index + 1 :]:
            if (first.stride, first.shift) == (second.stride, second.shift):
                continue
            if not (_before(first, second) or _before(second, first)):
                return False
    return True


@dataclass(frozen=True)
class BlockSlice:
    """What the proof found for one access: the block index's stride, whether the access stays in its
    block's part (``reason`` says why that is not proved), and the last block ``limit`` when only the blocks
    below it are proved to (:func:`block_slice`)."""

    stride: FrozenPoly
    reason: str | None
    limit: FrozenPoly | None = None
    shift: FrozenPoly = frozenset()
    """Where block 0's part starts: the block-independent offset of the binding (parts ``[B · S + shift,
    (B + 1) · S + shift)``)."""
    provers: tuple[Prover, ...] = field(default=(), compare=False)
    parts: frozenset[Part] = frozenset()
    """A stride per arm: the parts of the blocks of each arm (empty when one stride serves every block)."""

    @property
    def proved(self) -> bool:
        return self.reason is None

    def only_blocks_up_to(self, limit: FrozenPoly) -> bool:
        """Whether only blocks ``B ≤ limit`` make this access."""
        return all(p.nonneg(add(dict(limit), atom_poly(BLOCK), -1)) for p in self.provers)


def _prove(cases: list[_Case], count: Poly, stride: Poly) -> tuple[FrozenPoly | None, str | None]:
    """(the last block of the proof, or None) when every case fits; else (None, why the first that does not)."""
    limits: set[FrozenPoly] = set()
    for case in cases:
        fit = _fit(case, count, stride)
        if fit is None:
            return None, _failure(case.rest, count, stride)
        if fit.limit is not None:
            limits.add(fit.limit)
    if len(limits) > 1:
        return None, "its cases are proved up to different last blocks"
    return (next(iter(limits)) if limits else None), None


def block_slice(op: Operation, value: SSAValue, block_dependent: BlockDependent) -> BlockSlice | None:
    """The proof for ``op``'s access to the GM tensor ``value``; None when the access does not depend
    on the block index."""
    places = _places(value)
    if places is None:
        return None
    at_access = arm_facts(op)
    found: list[BlockSlice] = []
    for place in places:
        prover = Prover(at_access if place.bind is None else [*at_access, *arm_facts(place.bind)])
        if place.bind is not None and len(places) > 1 and prover.contradicts():
            continue  # this binding is not the one in effect where the access runs
        result = _place_slice(op, value, place, prover, block_dependent)
        if result is not None:
            found.append(result)
    if not found:
        return None
    failed = next((f for f in found if f.reason is not None), None)
    if failed is not None:
        return failed
    if len({(f.stride, f.shift, f.parts) for f in found}) > 1:
        return _bindings_in_arms(found, [p for p in places if p.bind is not None], at_access, block_dependent)
    limits = {f.limit for f in found}
    if len(limits) > 1:
        return BlockSlice(found[0].stride, "its bindings are proved up to different last blocks")
    provers = tuple(p for f in found for p in f.provers)
    return BlockSlice(found[0].stride, None, found[0].limit, found[0].shift, provers)


def _bindings_in_arms(
    found: list[BlockSlice], places: list[_Place], at_access: Sequence[Poly], block_dependent: BlockDependent
) -> BlockSlice:
    """A tensor bound in the arms of a branch on the block index, with a stride or a start per arm (CANN's
    former/tail form: ``x + former * b`` in one arm, ``x + former * former_num + tail * (b - former_num)`` in
    the other): proved when the access stays in its part in every arm and the arms' parts never meet
    (docs/rules/cross-core.md#a-stride-per-arm)."""
    unproved = BlockSlice(found[0].stride, "its bindings step with the block index by different strides")
    if len(found) != len(places) or any(f.limit is not None for f in found):
        return unproved
    parts: list[Part] = []
    for result, place in zip(found, places, strict=True):
        if result.parts:
            parts += [
                Part(p.stride, p.shift, p.select | _bound_in(place), p.facts + _bound_facts(place, block_dependent))
                for p in result.parts
            ]
            continue
        facts = _uniform_facts([*at_access, *arm_facts(_binding(place))], block_dependent)
        parts.append(Part(result.stride, result.shift, _bound_in(place), facts))
    if not _ordered(parts):
        return BlockSlice(
            found[0].stride,
            "its bindings step with the block index by different strides, and the arms' parts are not proved to "
            "stay apart",
        )
    provers = tuple(p for f in found for p in f.provers)
    return BlockSlice(frozenset(), None, None, frozenset(), provers, frozenset(parts))


def _binding(place: _Place) -> SetGlobalBufferOp:
    assert place.bind is not None
    return place.bind


def _bound_in(place: _Place) -> frozenset[FrozenPoly]:
    """The facts of the arms a binding is in: which blocks it binds."""
    return frozenset(freeze(normalize(f)) for f in arm_facts(_binding(place)))


def _bound_facts(place: _Place, block_dependent: BlockDependent) -> tuple[FrozenPoly, ...]:
    return _uniform_facts(arm_facts(_binding(place)), block_dependent)


def _place_slice(
    op: Operation, value: SSAValue, place: _Place, prover: Prover, block_dependent: BlockDependent
) -> BlockSlice | None:
    split = _cases(add(place.bound_at, place.view), prover, block_dependent)
    if not isinstance(split, str) and len({freeze(stride) for stride, _ in split}) > 1:
        return _arms_slice(op, value, place, split, block_dependent)
    one = _one_stride(split)
    if isinstance(one, str):
        return BlockSlice(frozenset(), one)
    stride, cases = one
    if not stride:
        return None
    key = freeze(stride)
    shift = _shift(place.bound_at, block_dependent)
    provers = tuple(c.prover for c in cases)
    reasons: list[str] = []
    counted = _access_count(op, value)
    if counted is not None:
        extra, count = counted
        limit, failed = _prove([_Case(c.prover, add(add(c.rest, extra), shift, -1)) for c in cases], count, stride)
        if failed is None:
            return BlockSlice(key, None, limit, freeze(shift), provers)
        reasons.append(f"`{python_call(op)}` {failed}")
    bind = place.bind
    if bind is not None and bind.size is not None:
        bound = _one_stride(_cases(place.bound_at, Prover(arm_facts(bind)), block_dependent))
        if not isinstance(bound, str) and bound[0] == stride:
            limit, failed = _prove(
                [_Case(c.prover, add(c.rest, shift, -1)) for c in bound[1]], poly_of(bind.size), stride
            )
            if failed is None:
                return BlockSlice(key, None, limit, freeze(shift), provers)
            if not reasons:
                reasons.append(f"`{value_name(bind.tensor)}` as bound by `set_global_buffer` {failed}")
    if not reasons:
        reasons.append(
            f"the elements `{python_call(op)}` touches are not known (give `set_global_buffer` the size of a "
            "block's part)"
        )
    return BlockSlice(key, reasons[0], None, freeze(shift), provers)


def _arms_slice(
    op: Operation,
    value: SSAValue,
    place: _Place,
    split: list[tuple[dict[Monomial, int], _Case]],
    block_dependent: BlockDependent,
) -> BlockSlice:
    """The proof for an offset whose arms step by different strides (the former/tail split: ``b * former``
    for ``b < former_num``, ``former_num * former + (b - former_num) * tail`` after): each arm's parts, from
    where its binding starts, hold the access, and the arms' parts never meet
    (docs/rules/cross-core.md#a-stride-per-arm)."""
    differ = _strides_differ({freeze(stride) for stride, _ in split})
    view = normalize(place.view)
    if any(a == BLOCK or (a.value is not None and block_dependent(a.value)) for a in atoms_of(view)):
        return BlockSlice(frozenset(), differ)
    counted = _access_count(op, value)
    if counted is not None:
        extra, count = counted
        rest: Poly = add(view, extra)
    elif place.bind is not None and place.bind.size is not None:
        rest, count = {}, poly_of(place.bind.size)
    else:
        return BlockSlice(frozenset(), differ)
    parts: list[Part] = []
    for stride, case in split:
        fit = _fit(_Case(case.prover, dict(rest)), count, stride)
        if fit is None or fit.limit is not None:
            return BlockSlice(frozenset(), differ)  # not proved inside an arm's part: the two strides say where
        shift = normalize(add(case.rest, view, -1))
        facts = _uniform_facts(case.prover.facts, block_dependent)
        parts.append(Part(freeze(stride), freeze(shift), frozenset(case.chosen), facts))
    if not _ordered(parts):
        return BlockSlice(frozenset(), f"{differ}, and the arms' parts are not proved to stay apart")
    provers = tuple(case.prover for _, case in split)
    return BlockSlice(frozenset(), None, None, frozenset(), provers, frozenset(parts))


def _shift(bound_at: Poly, block_dependent: BlockDependent) -> dict[Monomial, int]:
    """The part of a binding's offset that is the same for every block (its terms free of the block index)."""
    return {
        mono: coeff
        for mono, coeff in bound_at.items()
        if all(a != BLOCK and (a.value is None or not block_dependent(a.value)) for a, _ in mono)
    }


__all__ = ["BLOCKS", "BlockSlice", "Part", "atom_of", "block_slice", "poly_text", "value_range"]
