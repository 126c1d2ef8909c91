"""Per-block slices of GM (docs/rules/cross-core.md#disjoint-block-slices): the proof that lets XC-7
stay quiet when every block touches only its own part of a buffer.

An access to a GM buffer starts at an element offset that is a sum of integer terms (the offsets of
``gm_addr + off``, of ``set_global_buffer`` and of the views ``t[k:]``).  The offset is written as a
polynomial over the block index ``B`` and the other run-time values (:data:`Poly`); when it is affine in
``B``, ``B · S + R`` with ``R`` free of ``B``, block ``B`` touches ``[B · S + R, B · S + R + C)`` for an
access of ``C`` elements.  When ``0 ≤ R`` and ``R + C ≤ S`` for every value the terms can take, each
block stays inside ``[B · S, (B + 1) · S)``: two blocks never touch the same element.  ``C`` (with
``R``) comes from

- the size given to ``set_global_buffer(addr, size)``: every access through the tensor and its views
  stays inside it (the emulation stops one that does not, as CANN's CPU debug build does), or
- the access itself: the element count of ``data_copy(dst, src, count)``, the ``blockLen`` of a
  ``data_copy_pad`` of one block, the one element of ``get_value`` / ``set_value``.

Loop induction variables range over their loop's bounds; other run-time values have no known range,
so a bound that depends on one (other than by cancelling out, as in ``set_global_buffer(y + B · n, n)``)
is not proved, and :func:`block_slice` says why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from xdsl.dialects import arith, scf
from xdsl.ir import BlockArgument, Operation, SSAValue

from ascx.analysis.dataflow import constant_int
from ascx.analysis.spelling import python_call, value_name
from ascx.dialects.ascendc.basic_types import ParamsType
from ascx.dialects.ascendc.data_copy_ops import DataCopyOp, DataCopyPadOp, ParamsOp
from ascx.dialects.ascendc.object_ops import SetGlobalBufferOp
from ascx.dialects.ascendc.system_ops import SysVarOp
from ascx.dialects.ascendc.tensor_ops import GetValueOp, GMAddrOffsetOp, SetValueOp, SubTensorOp

BLOCK = "B"
"""The atom that stands for the block index (every ``get_block_idx()`` call is the same value)."""

Atom = SSAValue | str
Monomial = tuple[Atom, ...]
Poly = Mapping[Monomial, int]
"""A polynomial with integer coefficients over atoms: monomial (a sorted tuple of atoms) → coefficient."""

MAX_DEPTH = 48
"""How deep :func:`poly_of` follows an expression before it takes the value as an atom."""


def _atom_key(atom: Atom) -> tuple[int, int]:
    return (0, 0) if isinstance(atom, str) else (1, id(atom))


def _add(a: Poly, b: Poly, scale: int = 1) -> dict[Monomial, int]:
    out = dict(a)
    for mono, coeff in b.items():
        total = out.get(mono, 0) + scale * coeff
        if total:
            out[mono] = total
        else:
            out.pop(mono, None)
    return out


def _mul(a: Poly, b: Poly) -> dict[Monomial, int]:
    out: dict[Monomial, int] = {}
    for ma, ca in a.items():
        for mb, cb in b.items():
            mono = tuple(sorted((*ma, *mb), key=_atom_key))
            out = _add(out, {mono: ca * cb})
    return out


def _constant(value: int) -> dict[Monomial, int]:
    return {(): value} if value else {}


def poly_of(value: SSAValue, depth: int = 0) -> dict[Monomial, int]:
    """``value`` as a polynomial over the block index and the run-time values it is computed from."""
    constant = constant_int(value)
    if constant is not None:
        return _constant(constant)
    owner = value.owner
    if isinstance(owner, SysVarOp) and str(owner.var.data) == "block_idx":
        return {(BLOCK,): 1}
    if depth < MAX_DEPTH and isinstance(owner, Operation):
        if isinstance(owner, arith.AddiOp):
            return _add(poly_of(owner.lhs, depth + 1), poly_of(owner.rhs, depth + 1))
        if isinstance(owner, arith.SubiOp):
            return _add(poly_of(owner.lhs, depth + 1), poly_of(owner.rhs, depth + 1), -1)
        if isinstance(owner, arith.MuliOp):
            return _mul(poly_of(owner.lhs, depth + 1), poly_of(owner.rhs, depth + 1))
        if isinstance(owner, arith.ShLIOp):
            shift = constant_int(owner.rhs)
            if shift is not None and 0 <= shift < 63:
                return _mul(poly_of(owner.lhs, depth + 1), _constant(1 << shift))
        if isinstance(owner, arith.ExtSIOp | arith.ExtUIOp | arith.IndexCastOp):
            return poly_of(owner.input, depth + 1)
    return {(value,): 1}


def _loop_of(value: SSAValue) -> scf.ForOp | None:
    """The ``scf.for`` whose induction variable ``value`` is."""
    if isinstance(value, BlockArgument) and value.index == 0:
        loop = value.owner.parent_op()
        if isinstance(loop, scf.ForOp):
            return loop
    return None


def _atom_range(atom: Atom, depth: int) -> tuple[int, int] | None:
    """The values (inclusive) a run-time atom takes: a loop's induction variable those of its bounds."""
    if isinstance(atom, str):
        return None
    loop = _loop_of(atom)
    if loop is None or depth > MAX_DEPTH:
        return None
    lower, upper, step = (value_range(poly_of(v), depth + 1) for v in (loop.lb, loop.ub, loop.step))
    if lower is None or upper is None or step is None or step[0] <= 0:
        return None
    return lower[0], max(lower[0], upper[1] - 1)


def value_range(poly: Poly, depth: int = 0) -> tuple[int, int] | None:
    """The least and greatest value of ``poly`` (None when a term has no known range)."""
    low = high = 0
    for mono, coeff in poly.items():
        term_low = term_high = coeff
        for atom in mono:
            found = _atom_range(atom, depth)
            if found is None:
                return None
            products = [term_low * found[0], term_low * found[1], term_high * found[0], term_high * found[1]]
            term_low, term_high = min(products), max(products)
        low += term_low
        high += term_high
    return low, high


def _atom_text(atom: Atom) -> str:
    return "block_idx" if isinstance(atom, str) else value_name(atom, "?")


def poly_text(poly: Poly) -> str:
    """``poly`` as the reader wrote it, roughly: ``2048``, ``n``, ``i * 256 + 16``."""
    if not poly:
        return "0"
    parts: list[str] = []
    for mono, coeff in sorted(poly.items(), key=lambda item: (-len(item[0]), [_atom_text(a) for a in item[0]])):
        names = [_atom_text(a) for a in mono]
        if not names:
            parts.append(str(coeff))
        elif coeff == 1:
            parts.append(" * ".join(names))
        else:
            parts.append(" * ".join([*names, str(coeff)]))
    return " + ".join(parts).replace("+ -", "- ")


def _split(poly: Poly) -> tuple[dict[Monomial, int], dict[Monomial, int]] | None:
    """``poly`` as ``B · S + R``: (S, R), or None when it is not affine in the block index."""
    stride: dict[Monomial, int] = {}
    rest: dict[Monomial, int] = {}
    for mono, coeff in poly.items():
        count = mono.count(BLOCK)
        if count == 0:
            rest[mono] = coeff
        elif count == 1:
            stride[tuple(a for a in mono if a != BLOCK)] = coeff
        else:
            return None
    return stride, rest


@dataclass(frozen=True)
class _Place:
    """Where a GM tensor value starts: the ``set_global_buffer`` that bound its tensor (if any), the
    offset of that binding and the offset of the view from the tensor's start."""

    bind: SetGlobalBufferOp | None
    bound_at: dict[Monomial, int]
    view: dict[Monomial, int]


def _place(value: SSAValue) -> _Place | None:
    view: dict[Monomial, int] = {}
    owner = value.owner
    while isinstance(owner, SubTensorOp):
        view = _add(view, poly_of(owner.offset))
        value = owner.source
        owner = value.owner
    if not (isinstance(owner, Operation) and owner.name == "ascendc.global_tensor"):
        return None  # a reinterpret_cast view, a kernel argument: elements of another size, or unknown
    for use in value.uses:
        if isinstance(use.operation, SetGlobalBufferOp) and use.index == 0:
            bind = use.operation
            bound_at: dict[Monomial, int] = {}
            address = bind.addr
            while isinstance(address.owner, GMAddrOffsetOp):
                bound_at = _add(bound_at, poly_of(address.owner.offset))
                address = address.owner.addr
            return _Place(bind, bound_at, view)
    return _Place(None, {}, view)


@dataclass(frozen=True)
class BlockSlice:
    """What the proof found for one access: the block index's stride, and whether the access stays in
    its block's part (``reason`` says why that is not proved)."""

    stride: tuple[tuple[Monomial, int], ...]
    reason: str | None

    @property
    def proved(self) -> bool:
        return self.reason is None


def _fits(rest: Poly, count: Poly, stride: Poly) -> str | None:
    """None when ``0 ≤ rest`` and ``rest + count ≤ stride`` always; else what fails, in words."""
    end = _add(rest, count)
    room = _add(stride, end, -1)
    start_range, room_range = value_range(rest), value_range(room)
    if start_range is not None and start_range[0] < 0:
        return f"starts {-start_range[0]} elements before its block's part"
    if start_range is not None and room_range is not None and room_range[0] >= 0:
        return None
    end_range, stride_range = value_range(end), value_range(stride)
    if end_range is not None and stride_range is not None and stride_range[0] == stride_range[1]:
        stride_value = stride_range[0]
        return f"ends at element {end_range[1]} of its block's part, past the stride {stride_value} of the block index"
    unknown = [a for mono in (*rest, *room) for a in mono if not isinstance(a, str) and _atom_range(a, 0) is None]
    names = sorted({f"`{_atom_text(a)}`" for a in unknown})
    if names:
        return (
            f"ends at element {poly_text(end)} of its block's part, which is not bounded by the stride "
            f"{poly_text(stride)} of the block index: the range of {', '.join(names)} is not known"
        )
    return (
        f"ends at element {poly_text(end)} of its block's part, which may pass the stride {poly_text(stride)} "
        "of the block index"
    )


def _pad_copy_count(op: DataCopyPadOp, value: SSAValue) -> dict[Monomial, int] | None:
    """The elements of GM a ``DataCopyPad`` of one block touches: its ``blockLen`` bytes in elements."""
    params = op.params.owner
    element = getattr(getattr(value.type, "element_type", None), "bitwidth", None)
    if not isinstance(params, ParamsOp) or not isinstance(element, int) or element < 8:
        return None
    if constant_int(params.fields[0]) != 1:  # blockCount: one block, no strides to follow
        return None
    size = element // 8
    length = poly_of(params.fields[1])
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
        return poly_of(op.index), _constant(1)
    return None


def block_slice(op: Operation, value: SSAValue) -> BlockSlice | None:
    """The proof for ``op``'s access to the GM tensor ``value``; None when the access does not depend
    on the block index."""
    place = _place(value)
    if place is None:
        return None
    split = _split(_add(place.bound_at, place.view))
    if split is None:
        return BlockSlice((), "its offset is not affine in the block index")
    stride, rest = split
    if not stride:
        return None
    key = tuple(sorted(stride.items(), key=lambda item: [_atom_key(a) for a in item[0]]))
    reasons: list[str] = []
    counted = _access_count(op, value)
    if counted is not None:
        extra, count = counted
        failed = _fits(_add(rest, extra), count, stride)
        if failed is None:
            return BlockSlice(key, None)
        reasons.append(f"`{python_call(op)}` {failed}")
    bind = place.bind
    bound_split = _split(place.bound_at)
    if bind is not None and bind.size is not None and bound_split is not None and bound_split[0] == stride:
        failed = _fits(bound_split[1], poly_of(bind.size), stride)
        if failed is None:
            return BlockSlice(key, None)
        if not reasons:
            reasons.append(f"`{value_name(bind.tensor)}` as bound by `set_global_buffer` {failed}")
    if not reasons:
        reasons.append(
            f"the elements `{python_call(op)}` touches are not known (give `set_global_buffer` the size of a "
            "block's part)"
        )
    return BlockSlice(key, reasons[0])
