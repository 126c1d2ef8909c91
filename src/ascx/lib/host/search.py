"""The tiling search: how a Matmul is split over cores, into base blocks, and staged in L1.

Three pure steps (docs/reference/host_tiling.md gives the formulas):

1. :func:`split_cores`: the single-core shape ``single_m x single_n x single_k`` and the core grid
   ``m_dim x n_dim`` (``MultiCoreMatmulTiling`` only; the others compute on one core).
2. :func:`choose_base`: the base block ``base_m x base_n x base_k`` that one ``Mmad`` computes, the
   largest that L0A, L0B and L0C hold with double buffering, chosen to minimise the data a core
   moves from global memory.
3. :func:`plan_l1`: how many base tiles of A and B L1 holds (``depth_a1``/``depth_b1``) and how they
   are arranged (``step_m``/``step_ka`` and ``step_n``/``step_kb``).

Every impossibility raises :class:`TilingError` saying which budget or setting is at fault.
"""

from __future__ import annotations

from dataclasses import dataclass

from ascx.errors import AscxError

FRACTAL = 16
"""base_m, base_n (and single-core M, N by default) are multiples of 16 elements: one fractal side."""

C0_BYTES = 32
"""base_k is a multiple of 32 bytes of the input type: 16 half, 32 int8, 8 float elements."""

ACC_BYTES = 4
"""L0C accumulates in float or int32."""


class TilingError(AscxError, ValueError):
    """The host tiling cannot be computed from the settings given: the message says what is wrong."""


def fail(message: str, *hints: str) -> TilingError:
    return TilingError(message, hints=list(hints), kind="tiling")


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def align_up(value: int, align: int) -> int:
    return ceil_div(value, align) * align


def align_down(value: int, align: int) -> int:
    return value // align * align


@dataclass(frozen=True)
class Buffers:
    """Bytes of each memory the tiling may use (``set_buffer_space`` or the platform's sizes)."""

    l1: int
    l0a: int
    l0b: int
    l0c: int
    ub: int
    bt: int


@dataclass(frozen=True)
class Operands:
    """What the search needs of A, B, C and the bias."""

    a_bytes: int
    b_bytes: int
    c_bytes: int
    bias_bytes: int
    """Bytes per bias element; 0 without a bias."""
    a_in_l1: bool = True
    """False when A is given in L1 already (``TPosition.TSCM``): its tiles take no L1 of the tiling."""
    b_in_l1: bool = True
    bias_in_l1: bool = True
    c_in_ub: bool = False
    """C is fetched into the Unified Buffer: one base block must fit there."""
    db_a: bool = True
    db_b: bool = True
    db_c: bool = True

    @property
    def k0(self) -> int:
        """The base_k alignment: 32 bytes of the wider-aligned input."""
        return max(C0_BYTES // self.a_bytes, C0_BYTES // self.b_bytes)

    def a_tile(self, bm: int, bk: int) -> int:
        """L1 bytes of one base_m x base_k tile of A."""
        return bm * bk * self.a_bytes if self.a_in_l1 else 0

    def b_tile(self, bk: int, bn: int) -> int:
        return bk * bn * self.b_bytes if self.b_in_l1 else 0

    def bias_l1(self, bn: int) -> int:
        """L1 bytes of the bias of one base block (rounded up to 32 bytes)."""
        return align_up(bn * self.bias_bytes, C0_BYTES) if self.bias_in_l1 else 0


@dataclass(frozen=True)
class Bounds:
    """An inclusive range ``[lo, hi]``; ``hi`` None is unbounded (``set_split_range``, ``set_single_range``)."""

    lo: int = 1
    hi: int | None = None

    def admits(self, value: int) -> bool:
        return value >= self.lo and (self.hi is None or value <= self.hi)

    def __str__(self) -> str:
        return f"[{self.lo}, {'inf' if self.hi is None else self.hi}]"


@dataclass(frozen=True)
class CoreSplit:
    single_m: int
    single_n: int
    single_k: int
    m_dim: int
    n_dim: int

    @property
    def used(self) -> int:
        return self.m_dim * self.n_dim


@dataclass(frozen=True)
class BaseBlock:
    m: int
    n: int
    k: int
    db_l0a: int
    db_l0b: int
    db_l0c: int


@dataclass(frozen=True)
class L1Plan:
    step_m: int
    step_n: int
    step_ka: int
    step_kb: int
    depth_a1: int
    depth_b1: int
    size: int
    """L1 bytes used: depth_a1 A tiles, depth_b1 B tiles and the bias (``share_l1_size``)."""


# --- 1. the multi-core split -------------------------------------------------------------------------


def _single_candidates(total: int, dim: int, align: int, fixed: int | None) -> list[int]:
    """Single-core sizes along one axis: ``min(total, align_up(ceil(total / parts), align))`` for
    1..dim parts, or the size ``set_single_shape`` fixed."""
    if fixed is not None:
        return [fixed]
    return sorted({min(total, align_up(ceil_div(total, parts), align)) for parts in range(1, min(dim, total) + 1)})


def split_cores(
    shape: tuple[int, int, int],
    dim: int,
    fixed: tuple[int | None, int | None, int | None],
    align: tuple[int, int],
    bounds: tuple[Bounds, Bounds, Bounds],
) -> CoreSplit:
    """Split ``M x N`` over at most ``dim`` cores: the grid minimising, in order, the largest tile's
    area (``single_m * single_n``: the critical path), its perimeter (``single_m + single_n``: the
    A and B data a core loads per K) and the cores used.  K is not split."""
    m, n, k = shape
    axes = (("M", m, align[0], fixed[0], bounds[0]), ("N", n, align[1], fixed[1], bounds[1]))
    candidates: list[list[int]] = []
    for axis, total, step, pinned, limits in axes:
        values = _single_candidates(total, dim, step, pinned)
        admitted = [v for v in values if limits.admits(v)]
        if not admitted:
            raise fail(
                f"set_single_range allows single-core {axis} in {limits}, but {axis}={total} over at most "
                f"{dim} cores gives single-core sizes {values}"
            )
        candidates.append(admitted)
    best: tuple[tuple[int, int, int], CoreSplit] | None = None
    for sm in candidates[0]:
        for sn in candidates[1]:
            m_dim, n_dim = ceil_div(m, sm), ceil_div(n, sn)
            if m_dim * n_dim > dim:
                continue
            key = (sm * sn, sm + sn, m_dim * n_dim)
            if best is None or key < best[0]:
                best = (key, CoreSplit(sm, sn, k if fixed[2] is None else fixed[2], m_dim, n_dim))
    if best is None:
        sm, sn = candidates[0][-1], candidates[1][-1]
        raise fail(
            f"single-core {sm} x {sn} tiles of a {m} x {n} result need {ceil_div(m, sm)} x {ceil_div(n, sn)} = "
            f"{ceil_div(m, sm) * ceil_div(n, sn)} cores, more than set_dim({dim}) allows",
            "raise set_dim, or enlarge set_single_shape / set_single_range",
        )
    single_k = best[1].single_k
    if not bounds[2].admits(single_k):
        raise fail(f"set_single_range allows single-core K in {bounds[2]}, but single-core K is {single_k}")
    return best[1]


# --- 2. the base block ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Search:
    """One base-block search: the single-core shape, operands, buffers and user limits."""

    sm: int
    sn: int
    sk: int
    ops: Operands
    buf: Buffers
    fixed: tuple[int | None, int | None, int | None]
    bounds: tuple[Bounds, Bounds, Bounds]

    def axis_candidates(self, axis: int, single: int) -> list[int]:
        """Multiples of 16 up to the single-core size (rounded up), within the split range."""
        pinned = self.fixed[axis]
        if pinned is not None:
            return [pinned]
        cap = align_up(single, FRACTAL)
        largest = self.buf.l0c // (FRACTAL * ACC_BYTES)
        return [v for v in range(FRACTAL, min(cap, largest) + 1, FRACTAL) if self.bounds[axis].admits(v)]

    def k_cap(self) -> int:
        """base_k never exceeds single-core K rounded up to the alignment, nor the split range."""
        k0 = self.ops.k0
        cap = align_up(self.sk, k0)
        hi = self.bounds[2].hi
        return cap if hi is None else min(cap, align_down(hi, k0))

    def k_floor(self) -> int:
        return max(self.ops.k0, align_up(self.bounds[2].lo, self.ops.k0))

    def k_limit(self, bm: int, bn: int, db_a: int, db_b: int) -> int:
        """The largest base_k (a multiple of k0) for which L0A and L0B hold ``db`` tiles each and L1
        one tile of A and B plus the bias."""
        ops, buf = self.ops, self.buf
        limits = [buf.l0a // (bm * ops.a_bytes * db_a), buf.l0b // (bn * ops.b_bytes * db_b)]
        per_k = ops.a_tile(bm, 1) + ops.b_tile(1, bn)
        if per_k:
            limits.append((buf.l1 - ops.bias_l1(bn)) // per_k)
        return align_down(min(limits), ops.k0)

    def fits_output(self, bm: int, bn: int) -> bool:
        ops, buf = self.ops, self.buf
        if bm * bn * ACC_BYTES > buf.l0c:
            return False
        if ops.bias_bytes and bn * ACC_BYTES > buf.bt:
            return False
        return not (ops.c_in_ub and bm * bn * ops.c_bytes > buf.ub)

    def best_k(self, bm: int, bn: int) -> tuple[int, int, int] | None:
        """``(k_max, db_a, db_b)``: the largest base_k with L0A/L0B double buffered (as set_double_buffer
        asks), or None when even k0 does not fit."""
        pinned = self.fixed[2]
        wanted = (2 if self.ops.db_a else 1, 2 if self.ops.db_b else 1)
        # a block set_fix_split pinned may give up double buffering to fit; a searched one may not
        choices = [wanted, (1, 1)] if any(v is not None for v in self.fixed) else [wanted]
        for db_a, db_b in choices:
            limit = self.k_limit(bm, bn, db_a, db_b)
            if pinned is not None:
                if pinned <= limit:
                    return pinned, db_a, db_b
                continue
            k_max = min(limit, self.k_cap())
            if k_max >= self.k_floor():
                return k_max, db_a, db_b
        return None


def _check_fixed(search: _Search) -> None:
    """``set_fix_split`` values must fit L0A, L0B and L0C on their own (CANN checks the same)."""
    ops, buf = search.ops, search.buf
    bm, bn, bk = search.fixed
    checks = (
        ("base_m * base_k", bm, bk, ops.a_bytes, buf.l0a, "L0A"),
        ("base_k * base_n", bk, bn, ops.b_bytes, buf.l0b, "L0B"),
        ("base_m * base_n", bm, bn, ACC_BYTES, buf.l0c, "L0C"),
    )
    for product, x, y, size, have, memory in checks:
        if x is not None and y is not None and x * y * size > have:
            raise fail(f"set_fix_split: {product} * {size} bytes = {x * y * size} exceed {memory} ({have} bytes)")


def _explain(search: _Search) -> str:
    """Why the smallest candidate block does not fit: the first budget it exceeds."""
    ops, buf = search.ops, search.buf
    for axis, name, single in ((0, "m", search.sm), (1, "n", search.sn)):
        if not search.axis_candidates(axis, single):
            return (
                f"set_split_range allows base_{name} in {search.bounds[axis]}, but the multiples of {FRACTAL} "
                f"up to single-core {name.upper()} ({single}) are outside it"
            )
    bm = min(search.axis_candidates(0, search.sm))
    bn = min(search.axis_candidates(1, search.sn))
    bk = search.fixed[2] or search.k_floor()
    block = f"a {bm} x {bn} x {bk} block"
    l1 = ops.a_tile(bm, bk) + ops.b_tile(bk, bn) + ops.bias_l1(bn)
    checks = [
        (bm * bk * ops.a_bytes, buf.l0a, "L0A"),
        (bk * bn * ops.b_bytes, buf.l0b, "L0B"),
        (bm * bn * ACC_BYTES, buf.l0c, "L0C"),
        (l1, buf.l1, "L1"),
        (bn * ACC_BYTES if ops.bias_bytes else 0, buf.bt, "the bias table"),
        (bm * bn * ops.c_bytes if ops.c_in_ub else 0, buf.ub, "UB"),
    ]
    for need, have, memory in checks:
        if need > have:
            return f"{block} needs {need} bytes of {memory}, which has {have}"
    k0, bounds = ops.k0, search.bounds[2]
    return (
        f"base_k must be a multiple of {k0} from {search.k_floor()} to {search.k_cap()} (single-core K {search.sk} "
        f"rounded up, within set_split_range {bounds}), and none is"
    )


def choose_base(
    single: tuple[int, int, int],
    ops: Operands,
    buf: Buffers,
    fixed: tuple[int | None, int | None, int | None],
    bounds: tuple[Bounds, Bounds, Bounds],
) -> BaseBlock:
    """The base block: among the 16-aligned ``base_m x base_n`` whose accumulator fits L0C (single
    buffered) and that leave room for a base_k >= k0 in double-buffered L0A/L0B and in L1, the one
    with the least global-memory traffic ``ceil(sn/bn)*sm*A + ceil(sm/bm)*sn*B`` (bytes per K), then
    the least padded work, then the widest ``base_n``; base_k then splits single-core K into the
    fewest equal aligned steps that L0A/L0B allow."""
    sm, sn, sk = single
    search = _Search(sm, sn, sk, ops, buf, fixed, bounds)
    _check_fixed(search)
    best: tuple[tuple[int, int, int, int], int, int, tuple[int, int, int]] | None = None
    for bm in search.axis_candidates(0, sm):
        for bn in search.axis_candidates(1, sn):
            if not search.fits_output(bm, bn):
                continue
            k_choice = search.best_k(bm, bn)
            if k_choice is None:
                continue
            m_iter, n_iter = ceil_div(sm, bm), ceil_div(sn, bn)
            traffic = n_iter * sm * ops.a_bytes + m_iter * sn * ops.b_bytes
            key = (traffic, m_iter * bm * n_iter * bn, -bn, -bm)
            if best is None or key < best[0]:
                best = (key, bm, bn, k_choice)
    if best is None:
        raise fail(
            f"no base block fits the {sm} x {sn} x {sk} single-core shape: {_explain(search)}",
            "enlarge set_buffer_space, relax set_split_range / set_fix_split, or switch off double buffering",
        )
    _, bm, bn, (k_max, db_a, db_b) = best
    if fixed[2] is not None:
        bk = fixed[2]
    else:
        bk = max(align_up(ceil_div(sk, ceil_div(sk, k_max)), ops.k0), search.k_floor())
    db_a = 2 if ops.db_a and bm * bk * ops.a_bytes * 2 <= buf.l0a else db_a
    db_b = 2 if ops.db_b and bk * bn * ops.b_bytes * 2 <= buf.l0b else db_b
    db_c = 2 if ops.db_c and 2 * bm * bn * ACC_BYTES <= buf.l0c else 1
    return BaseBlock(bm, bn, bk, db_a, db_b, db_c)


# --- 3. L1 staging ----------------------------------------------------------------------------------------


def plan_l1(single: tuple[int, int, int], base: BaseBlock, ops: Operands, buf: Buffers) -> L1Plan:
    """``depth_a1 = step_m * step_ka * dbA1`` tiles of A and ``depth_b1 = step_n * step_kb * dbB1``
    tiles of B in L1, with ``step_m = step_n = 1``: both K steps grow together to the largest
    ``s <= k_iter = ceil(sk / base_k)`` that fits, evened out to ``ceil(k_iter / ceil(k_iter / s))``,
    then the operand with the smaller tile grows by whole multiples of ``s`` while it fits (one K
    step stays a multiple of the other)."""
    k_iter = ceil_div(single[2], base.k)
    tile_a, tile_b = ops.a_tile(base.m, base.k), ops.b_tile(base.k, base.n)
    room = buf.l1 - ops.bias_l1(base.n)
    db_a1, db_b1 = (2 if ops.db_a else 1), (2 if ops.db_b else 1)
    if db_a1 * tile_a + db_b1 * tile_b > room:
        db_a1 = db_b1 = 1
    if tile_a + tile_b > room:
        raise fail(
            f"L1 ({buf.l1} bytes) cannot hold one {base.m} x {base.k} tile of A and one {base.k} x {base.n} tile of B"
        )
    per_step = db_a1 * tile_a + db_b1 * tile_b
    step = k_iter if per_step == 0 else min(k_iter, room // per_step)
    step = ceil_div(k_iter, ceil_div(k_iter, step))  # the same number of L1 loads, in equal steps
    steps = [step, step]
    smaller = 0 if tile_a <= tile_b else 1
    tiles = (db_a1 * tile_a, db_b1 * tile_b)
    while steps[smaller] + step <= k_iter:
        grown = list(steps)
        grown[smaller] += step
        if grown[0] * tiles[0] + grown[1] * tiles[1] > room:
            break
        steps = grown
    size = steps[0] * tiles[0] + steps[1] * tiles[1] + ops.bias_l1(base.n)
    return L1Plan(1, 1, steps[0], steps[1], steps[0] * db_a1, steps[1] * db_b1, size)
