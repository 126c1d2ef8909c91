"""Integer expressions of a kernel as polynomials, and a prover for ``p ≥ 0`` under what holds where an op
runs (docs/rules/cross-core.md#disjoint-block-slices).

A value is a polynomial with integer coefficients over *atoms* (:func:`poly_of`): the block index ``B``
(every ``get_block_idx()`` call), the block count ``N``, and every other run-time value the arithmetic
(``+``, ``-``, ``*``, ``<<`` by a constant, casts) starts from.  Two computations of the same pure ``arith``
expression are one atom (their :func:`~ascx.analysis.dataflow.condition_key`).

:class:`Prover` proves ``p ≥ 0`` from

- what ascx knows of atoms: ``0 ≤ B ≤ N − 1``, ``N ≥ 1``; a loop's induction variable lies in
  ``[lb, ub − 1]``; ``a % b`` (C's remainder, the sign of ``a``) lies in ``[0, a]`` and below ``b`` when
  ``a ≥ 0``; ``(a / b) · b`` is ``a − a % b`` (C's division, exact for every ``b ≠ 0``);
- the conditions of the ``if`` arms around the op (an early ``return`` puts the rest of the kernel in an
  arm) and extra facts the caller adds (``B ≤ L − 1``);
- a branch's result (``x = a if c else b``, ``min``, ``max``, ``arith.select``) by cases: the proof must hold
  for each arm that the facts do not rule out, with the arm's condition known;
- the host's word for its integer arguments: the kernel's integer parameters, tiling fields and the block
  count are taken to be non-negative (they are sizes, counts and offsets the host tiling computes; CANN's
  tiling structs hold them as unsigned fields).  Nothing else about them is assumed.

The search eliminates one atom at a time (``p = x · q + r`` with ``q ≥ 0`` takes ``x``'s lower bound, with
``q ≤ 0`` its upper one) until every term is a positive multiple of non-negative atoms; it is bounded
(:data:`MAX_STEPS`) and answers False when it runs out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from xdsl.dialects import arith, func, scf
from xdsl.ir import Block, BlockArgument, Operation, SSAValue

from ascx.analysis.dataflow import condition_key, constant_int
from ascx.analysis.spelling import value_name
from ascx.dialects.ascendc.adv_ops import LibTilingGetOp
from ascx.dialects.ascendc.object_ops import CubeTilingGetOp
from ascx.dialects.ascendc.static_tiling_ops import StaticTilingGetOp
from ascx.dialects.ascendc.system_ops import SysVarOp

MAX_DEPTH = 48
"""How deep :func:`poly_of` follows an expression before it takes the value as an atom."""

MAX_STEPS = 4000
"""Proof steps one :meth:`Prover.nonneg` question may take (the search backtracks over atoms)."""

MAX_ELIMINATIONS = 12
"""How many atoms one line of the proof eliminates at most."""


@dataclass(frozen=True)
class Atom:
    """A run-time value the polynomials are built from; equal when their ``key`` is."""

    key: object
    kind: str = field(compare=False)
    """``block`` (B), ``blocks`` (N), ``loop`` (an induction variable), ``div``, ``rem``, ``choice`` (a branch's
    result, ``min``, ``max``, ``select``), ``host`` (an integer parameter, a tiling field) or ``value``."""
    value: SSAValue | None = field(compare=False, default=None)
    operands: tuple[SSAValue, ...] = field(compare=False, default=())


Monomial = frozenset[tuple[Atom, int]]
"""A product of atoms: (atom, power) pairs."""
Poly = Mapping[Monomial, int]
"""A polynomial with integer coefficients: monomial → coefficient (no zero coefficients)."""
FrozenPoly = frozenset[tuple[Monomial, int]]

ONE: Monomial = frozenset()
BLOCK = Atom("B", "block")
BLOCKS = Atom("N", "blocks")


def freeze(poly: Poly) -> FrozenPoly:
    return frozenset(poly.items())


def constant(value: int) -> dict[Monomial, int]:
    return {ONE: value} if value else {}


def atom_poly(atom: Atom) -> dict[Monomial, int]:
    return {frozenset({(atom, 1)}): 1}


def add(a: Poly, b: Poly, scale: int = 1) -> dict[Monomial, int]:
    out = dict(a)
    for mono, coeff in b.items():
        total = out.get(mono, 0) + scale * coeff
        if total:
            out[mono] = total
        else:
            out.pop(mono, None)
    return out


def _times(a: Monomial, b: Monomial) -> Monomial:
    powers = dict(a)
    for atom, power in b:
        powers[atom] = powers.get(atom, 0) + power
    return frozenset(powers.items())


def mul(a: Poly, b: Poly) -> dict[Monomial, int]:
    out: dict[Monomial, int] = {}
    for ma, ca in a.items():
        for mb, cb in b.items():
            out = add(out, {_times(ma, mb): ca * cb})
    return out


def atoms_of(poly: Poly) -> set[Atom]:
    return {atom for mono in poly for atom, _ in mono}


def _power(mono: Monomial, atom: Atom) -> int:
    return next((p for a, p in mono if a == atom), 0)


def _without(mono: Monomial, atom: Atom) -> Monomial:
    return frozenset((a, p) for a, p in mono if a != atom)


def split_on(poly: Poly, atom: Atom) -> tuple[dict[Monomial, int], dict[Monomial, int]] | None:
    """``poly`` as ``atom · q + r`` with ``q`` and ``r`` free of ``atom``; None when ``atom`` has a higher power."""
    q: dict[Monomial, int] = {}
    r: dict[Monomial, int] = {}
    for mono, coeff in poly.items():
        power = _power(mono, atom)
        if power == 0:
            r[mono] = coeff
        elif power == 1:
            q = add(q, {_without(mono, atom): coeff})
        else:
            return None
    return q, r


def substitute(poly: Poly, atom: Atom, value: Poly) -> dict[Monomial, int]:
    """``poly`` with ``atom`` replaced by ``value``."""
    out: dict[Monomial, int] = {}
    for mono, coeff in poly.items():
        power = _power(mono, atom)
        term: dict[Monomial, int] = {_without(mono, atom): coeff}
        for _ in range(power):
            term = mul(term, value)
        out = add(out, term)
    return out


# --- values as polynomials ---------------------------------------------------------------------------------

_TILING_READS = (CubeTilingGetOp, LibTilingGetOp, StaticTilingGetOp)
_CHOICES = (scf.IfOp, arith.SelectOp, arith.MinSIOp, arith.MaxSIOp)


def _is_kernel_parameter(value: SSAValue) -> bool:
    return isinstance(value, BlockArgument) and isinstance(value.owner.parent_op(), func.FuncOp)


def atom_of(value: SSAValue) -> Atom:
    """The atom that stands for ``value`` (a value :func:`poly_of` does not look into)."""
    owner = value.owner
    if isinstance(owner, SysVarOp) and str(owner.var.data) == "block_num":
        return BLOCKS
    if isinstance(owner, SysVarOp) and str(owner.var.data) == "block_idx":
        return BLOCK
    key = condition_key(value)
    if isinstance(value, BlockArgument):
        loop = value.owner.parent_op()
        if isinstance(loop, scf.ForOp) and value.index == 0:
            return Atom(key, "loop", value)
        return Atom(key, "host" if _is_kernel_parameter(value) else "value", value)
    if isinstance(owner, arith.DivSIOp):
        return Atom(key, "div", value, (owner.lhs, owner.rhs))
    if isinstance(owner, arith.RemSIOp):
        return Atom(key, "rem", value, (owner.lhs, owner.rhs))
    if isinstance(owner, _CHOICES):
        return Atom(key, "choice", value)
    if isinstance(owner, _TILING_READS):
        return Atom(key, "host", value)
    return Atom(key, "value", value)


def poly_of(value: SSAValue, depth: int = 0) -> dict[Monomial, int]:
    """``value`` as a polynomial over the block index and the run-time values it is computed from."""
    known = constant_int(value)
    if known is not None:
        return constant(known)
    owner = value.owner
    if depth < MAX_DEPTH and isinstance(owner, Operation):
        if isinstance(owner, arith.AddiOp):
            return add(poly_of(owner.lhs, depth + 1), poly_of(owner.rhs, depth + 1))
        if isinstance(owner, arith.SubiOp):
            return add(poly_of(owner.lhs, depth + 1), poly_of(owner.rhs, depth + 1), -1)
        if isinstance(owner, arith.MuliOp):
            return mul(poly_of(owner.lhs, depth + 1), poly_of(owner.rhs, depth + 1))
        if isinstance(owner, arith.ShLIOp):
            shift = constant_int(owner.rhs)
            if shift is not None and 0 <= shift < 63:
                return mul(poly_of(owner.lhs, depth + 1), constant(1 << shift))
        if isinstance(owner, arith.ExtSIOp | arith.ExtUIOp | arith.IndexCastOp):
            return poly_of(owner.input, depth + 1)
    return atom_poly(atom_of(value))


def _remainder(atom: Atom) -> Atom:
    """The atom of ``a % b`` for the atom of ``a / b`` (the same key as a ``%`` the kernel computes)."""
    assert atom.value is not None
    a, b = atom.operands
    key = ("arith.remsi", (), (condition_key(a), condition_key(b)), atom.value.type)
    return Atom(key, "rem", None, (a, b))


def _divided(mono: Monomial, coeff: int, divisor: Poly) -> dict[Monomial, int] | None:
    """``coeff · mono / divisor`` when ``divisor`` (a constant or one atom) divides the term exactly."""
    if len(divisor) != 1:
        return None
    ((divisor_mono, divisor_coeff),) = divisor.items()
    if not divisor_mono:
        return {mono: coeff // divisor_coeff} if divisor_coeff and coeff % divisor_coeff == 0 else None
    if divisor_coeff != 1 or len(divisor_mono) != 1:
        return None
    ((atom, power),) = divisor_mono
    have = _power(mono, atom)
    if power != 1 or have == 0:
        return None
    lowered: Monomial = frozenset({(atom, have - 1)}) if have > 1 else frozenset()
    return {_without(mono, atom) | lowered: coeff}


def normalize(poly: Poly) -> dict[Monomial, int]:
    """``poly`` with every ``(a / b) · b`` written ``a − a % b``."""
    out = dict(poly)
    for _ in range(8):
        rewritten = None
        for mono, coeff in out.items():
            for atom, power in mono:
                if atom.kind != "div":
                    continue
                lowered: Monomial = frozenset({(atom, power - 1)}) if power > 1 else frozenset()
                rest = _without(mono, atom) | lowered
                factor = _divided(rest, coeff, poly_of(atom.operands[1]))
                if factor is not None:
                    exact = add(poly_of(atom.operands[0]), atom_poly(_remainder(atom)), -1)
                    rewritten = add(add(out, {mono: coeff}, -1), mul(factor, exact))
                    break
            if rewritten is not None:
                break
        if rewritten is None:
            return out
        out = rewritten
    return out


# --- conditions as facts -----------------------------------------------------------------------------------

_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
_NEGATED = {"eq": "ne", "ne": "eq", "slt": "sge", "sle": "sgt", "sgt": "sle", "sge": "slt"}


def condition_facts(condition: SSAValue, taken: bool) -> list[dict[Monomial, int]]:
    """What ``condition`` being ``taken`` says, as polynomials that are ``≥ 0`` (none when it says nothing
    this prover can use: ``!=``, unsigned comparisons, other values)."""
    owner = condition.owner
    if isinstance(owner, arith.XOrIOp) and constant_int(owner.rhs) in (1, -1):
        return condition_facts(owner.lhs, not taken)
    if (isinstance(owner, arith.AndIOp) and taken) or (isinstance(owner, arith.OrIOp) and not taken):
        return [*condition_facts(owner.lhs, taken), *condition_facts(owner.rhs, taken)]
    if not isinstance(owner, arith.CmpiOp):
        return []
    predicate = _PREDICATES[owner.predicate.value.data]
    if predicate not in _NEGATED:
        return []
    if not taken:
        predicate = _NEGATED[predicate]
    lhs, rhs = poly_of(owner.lhs), poly_of(owner.rhs)
    if predicate == "eq":
        return [add(lhs, rhs, -1), add(rhs, lhs, -1)]
    if predicate == "slt":
        return [add(add(rhs, lhs, -1), constant(-1))]
    if predicate == "sle":
        return [add(rhs, lhs, -1)]
    if predicate == "sgt":
        return [add(add(lhs, rhs, -1), constant(-1))]
    if predicate == "sge":
        return [add(lhs, rhs, -1)]
    return []


def arm_facts(op: Operation) -> list[dict[Monomial, int]]:
    """The facts of the ``if`` arms around ``op`` (up to its function)."""
    facts: list[dict[Monomial, int]] = []
    current = op
    while (parent := current.parent_op()) is not None and not isinstance(parent, func.FuncOp):
        if isinstance(parent, scf.IfOp):
            region = current.parent_region()
            facts += condition_facts(parent.cond, region is parent.true_region)
        current = parent
    return facts


# --- the prover --------------------------------------------------------------------------------------------


def choice_arms(atom: Atom) -> list[tuple[SSAValue | None, bool, Poly, list[dict[Monomial, int]]]]:
    """The values a choice atom may take: (its condition, the arm, the value, facts the arm adds)."""
    value = atom.value
    assert value is not None
    owner = value.owner
    if isinstance(owner, scf.IfOp):
        index = owner.results.index(value)
        arms: list[tuple[SSAValue | None, bool, Poly, list[dict[Monomial, int]]]] = []
        for region, taken in ((owner.true_region, True), (owner.false_region, False)):
            last = region.block.last_op if region.blocks else None
            if not isinstance(last, scf.YieldOp):
                return []
            arms.append((owner.cond, taken, poly_of(last.operands[index]), []))
        return arms
    if isinstance(owner, arith.SelectOp):
        return [(owner.cond, True, poly_of(owner.lhs), []), (owner.cond, False, poly_of(owner.rhs), [])]
    if isinstance(owner, arith.MinSIOp | arith.MaxSIOp):
        a, b = poly_of(owner.lhs), poly_of(owner.rhs)
        low = isinstance(owner, arith.MinSIOp)
        # min(a, b) is a where a ≤ b, b where b ≤ a (max the other way round)
        a_first = add(b, a, -1) if low else add(a, b, -1)
        b_first = add(a, b, -1) if low else add(b, a, -1)
        return [(None, True, a, [a_first]), (None, False, b, [b_first])]
    return []


class Prover:
    """Proves ``p ≥ 0`` where the ``facts`` (polynomials ``≥ 0``) hold."""

    def __init__(self, facts: Iterable[Poly] = (), parent: Prover | None = None):
        self.facts: list[Poly] = [*(parent.facts if parent is not None else ()), *facts]
        self._steps = [0] if parent is None else parent._steps
        self._memo: dict[FrozenPoly, bool] = {}
        self._signs: dict[Atom, bool] = {}

    def with_facts(self, facts: Iterable[Poly]) -> Prover:
        return Prover(facts, self)

    # --- questions ----------------------------------------------------------------------------------

    def nonneg(self, poly: Poly) -> bool:
        """Whether ``poly ≥ 0`` wherever the facts hold (False: not proved)."""
        self._steps[0] = 0
        return self._nonneg(normalize(poly), 0)

    def decide(self, condition: SSAValue) -> bool | None:
        """The value of a branch condition where the facts hold, when they decide it."""
        owner = condition.owner
        if isinstance(owner, arith.XOrIOp) and constant_int(owner.rhs) in (1, -1):
            inner = self.decide(owner.lhs)
            return None if inner is None else not inner
        if not isinstance(owner, arith.CmpiOp):
            return None
        predicate = _PREDICATES[owner.predicate.value.data]
        if predicate in ("eq", "ne"):
            lhs, rhs = poly_of(owner.lhs), poly_of(owner.rhs)
            differ = self.nonneg(add(add(lhs, rhs, -1), constant(-1))) or self.nonneg(
                add(add(rhs, lhs, -1), constant(-1))
            )
            if differ:
                return predicate == "ne"
            if self.nonneg(add(lhs, rhs, -1)) and self.nonneg(add(rhs, lhs, -1)):
                return predicate == "eq"
            return None
        true, false = condition_facts(condition, True), condition_facts(condition, False)
        if true and all(self.nonneg(f) for f in true):
            return True
        if false and all(self.nonneg(f) for f in false):
            return False
        return None

    def contradicts(self) -> bool:
        """Whether the facts cannot all hold (one of them is proved negative)."""
        return any(self.nonneg(add(constant(-1), fact, -1)) for fact in self.facts)

    # --- the search ---------------------------------------------------------------------------------

    def _nonneg(self, poly: Poly, depth: int) -> bool:
        if not poly:
            return True
        key = freeze(poly)
        known = self._memo.get(key)
        if known is not None:
            return known
        self._memo[key] = False  # a question that comes back to itself is not proved by that
        found = self._search(poly, depth)
        self._memo[key] = found
        return found

    def _search(self, poly: Poly, depth: int) -> bool:
        if len(poly) == 1 and ONE in poly:
            return poly[ONE] >= 0
        if all(coeff > 0 and all(p % 2 == 0 or self.sign(a) for a, p in mono) for mono, coeff in poly.items()):
            return True
        if depth >= MAX_ELIMINATIONS or self._steps[0] >= MAX_STEPS:
            return False
        self._steps[0] += 1
        for atom in sorted(atoms_of(poly), key=_elimination_order):
            if self._eliminate(poly, atom, depth):
                return True
        return False

    def _eliminate(self, poly: Poly, atom: Atom, depth: int) -> bool:
        if atom.kind == "choice":
            arms = choice_arms(atom)
            if not arms:
                return False
            for condition, taken, value, facts in arms:
                if condition is not None and self.decide(condition) is (not taken):
                    continue  # the facts rule this arm out
                extra = [*facts, *(condition_facts(condition, taken) if condition is not None else [])]
                inner = self.with_facts(extra) if extra else self
                if not inner._nonneg(normalize(substitute(poly, atom, value)), depth + 1):
                    return False
            return True
        parts = split_on(poly, atom)
        if parts is None:
            return False
        q, r = parts
        if not q:
            return False
        lower, upper = self.bounds(atom)
        if lower and self._nonneg(q, depth + 1):
            if any(self._nonneg(normalize(add(mul(bound, q), r)), depth + 1) for bound in lower):
                return True
        negated = add({}, q, -1)
        if upper and self._nonneg(negated, depth + 1):
            if any(self._nonneg(normalize(add(mul(bound, q), r)), depth + 1) for bound in upper):
                return True
        return False

    def sign(self, atom: Atom) -> bool:
        """Whether ``atom ≥ 0`` is known."""
        known = self._signs.get(atom)
        if known is None:
            self._signs[atom] = False
            known = self._signs[atom] = self._sign(atom)
        return known

    def _sign(self, atom: Atom) -> bool:
        if atom.kind in ("block", "blocks", "host"):
            return True
        if atom.kind == "rem":
            return self._nonneg(normalize(poly_of(atom.operands[0])), 1)
        if atom.kind == "div":
            return all(self._nonneg(normalize(poly_of(v)), 1) for v in atom.operands)
        if atom.kind == "choice":
            return self._eliminate(atom_poly(atom), atom, 1)
        lower, _ = self.bounds(atom)
        return any(self._nonneg(normalize(bound), 1) for bound in lower)

    def bounds(self, atom: Atom) -> tuple[list[Poly], list[Poly]]:
        """Lower and upper bounds of ``atom`` (inclusive) from what ascx knows of it and from the facts."""
        lower, upper = self._known_bounds(atom)
        for fact in self.facts:
            parts = split_on(fact, atom)
            if parts is None:
                continue
            q, r = parts
            if q == {ONE: 1}:  # atom + r ≥ 0
                lower.append(add({}, r, -1))
            elif q == {ONE: -1}:  # r − atom ≥ 0
                upper.append(r)
        return lower, upper

    def _known_bounds(self, atom: Atom) -> tuple[list[Poly], list[Poly]]:
        """What ascx knows of ``atom`` itself: the block index's range, a loop's bounds, a division's."""
        lower: list[Poly] = []
        upper: list[Poly] = []
        if atom.kind == "block":
            lower.append({})
            upper.append(add(atom_poly(BLOCKS), constant(-1)))
        elif atom.kind == "blocks":
            lower.append(constant(1))
        elif atom.kind == "loop":
            loop = _loop_of(atom)
            if loop is not None and (step := constant_int(loop.step)) is not None and step > 0:
                lower.append(poly_of(loop.lb))
                upper.append(add(poly_of(loop.ub), constant(-1)))
        elif atom.kind in ("rem", "div"):
            dividend = normalize(poly_of(atom.operands[0]))
            if self._nonneg(dividend, 1):
                lower.append({})
                upper.append(dividend)
                if atom.kind == "rem":
                    divisor = poly_of(atom.operands[1])
                    if self._nonneg(add(divisor, constant(-1)), 1):
                        upper.append(add(divisor, constant(-1)))
        return lower, upper


def _loop_of(atom: Atom) -> scf.ForOp | None:
    value = atom.value
    if isinstance(value, BlockArgument):
        loop = value.owner.parent_op()
        if isinstance(loop, scf.ForOp):
            return loop
    return None


_KIND_ORDER = {"choice": 0, "loop": 1, "rem": 2, "div": 3, "value": 4, "block": 5, "host": 6, "blocks": 7}


def _elimination_order(atom: Atom) -> tuple[int, int]:
    """Loop variables, innermost first, after the choices; the rest after them."""
    depth = 0
    value = atom.value
    if value is not None:
        owner: Operation | None = value.owner.parent_op() if isinstance(value.owner, Block) else value.owner
        while owner is not None:
            depth += 1
            owner = owner.parent_op()
    return (_KIND_ORDER.get(atom.kind, 9), -depth)


def atom_text(atom: Atom) -> str:
    """How the reader wrote ``atom``: its variable's name, or ``a // b`` and ``a % b`` for a division."""
    if atom.kind == "block":
        return "block_idx"
    if atom.kind == "blocks":
        return "block_num"
    named = value_name(atom.value, "") if atom.value is not None else ""
    if not named and atom.kind in ("div", "rem"):
        a, b = atom.operands
        return f"({value_name(a, '?')} {'//' if atom.kind == 'div' else '%'} {value_name(b, '?')})"
    return named or "?"
