"""Running the high-level library functions on the CPU emulation and measuring them against numpy.

The tests (``tests/emu/test_adv_*_numerics.py``) and ``benchmarks/adv_lib_precision.py`` share these
kernels and references: one kernel applies every one-source math function to its own row of inputs,
others run ``exp`` with a Taylor expansion, ``power``, ``xor``, ``axpy``, ``softmax``, ``rmsnorm``,
``layernorm``, ``deepnorm`` and ``quant``.  References are computed in float64 and rounded the way the documented
precision says (float32 first, then the destination type), or are float32/half step-by-step models where
CANN documents the steps.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ascx.testing.kernels import load_kernel_source

Array = np.ndarray[Any, Any]
N = 256
"""Elements per row: a whole number of 32-byte blocks of every type used."""


def _vectorize(f: Callable[[float], float]) -> Callable[[Array], Array]:
    def apply(x: Array) -> Array:
        return np.array([f(float(v)) for v in x.ravel()], dtype=np.float64).reshape(x.shape)

    return apply


def _safe(f: Callable[[float], float]) -> Callable[[float], float]:
    def call(x: float) -> float:
        try:
            return f(x)
        except (ValueError, OverflowError):
            return math.inf if x == 0 else math.nan

    return call


def digamma_reference(x: float) -> float:
    """psi(x) in double precision, independently of the emulation: psi(x) = psi(x + 8) - sum 1/(x + i), then
    the asymptotic series with Bernoulli numbers to B_16, and the reflection formula for x < 1/2."""
    if math.isnan(x) or (x <= 0 and x == math.floor(x)):
        return math.nan
    if x < 0.5:
        return digamma_reference(1 - x) - math.pi / math.tan(math.pi * x)
    shift = 0.0
    while x < 12:
        shift += 1 / x
        x += 1
    bernoulli = [1 / 6, -1 / 30, 1 / 42, -1 / 30, 5 / 66, -691 / 2730, 7 / 6, -3617 / 510]
    series = sum(b / (2 * (k + 1) * x ** (2 * (k + 1))) for k, b in enumerate(bernoulli))
    return math.log(x) - 1 / (2 * x) - series - shift


@dataclass(frozen=True)
class UnaryCase:
    """A one-source math function: its numpy reference (float64 in, float64 out), the input range of the
    tests, extra inputs (special values), and whether it is exact in principle."""

    reference: Callable[[Array], Array]
    low: float
    high: float
    special: tuple[float, ...] = ()
    exact: bool = False
    count_only: bool = False
    """CANN declares only the forms with a count."""


UNARY: dict[str, UnaryCase] = {
    "acos": UnaryCase(np.arccos, -0.999, 0.999, (-1.0, 0.0, 1.0)),
    "acosh": UnaryCase(np.arccosh, 1.0, 60.0, (1.0,)),
    "asin": UnaryCase(np.arcsin, -0.999, 0.999, (-1.0, 0.0, 1.0)),
    "asinh": UnaryCase(np.arcsinh, -60.0, 60.0, (0.0,)),
    "atan": UnaryCase(np.arctan, -60.0, 60.0, (0.0,)),
    "atanh": UnaryCase(np.arctanh, -0.99, 0.99, (0.0,)),
    "ceil": UnaryCase(np.ceil, -100.0, 100.0, (-0.5, 0.5, -2.0, 2.5), exact=True, count_only=True),
    "cos": UnaryCase(np.cos, -10.0, 10.0, (0.0,)),
    "cosh": UnaryCase(np.cosh, -9.0, 9.0, (0.0,)),
    "digamma": UnaryCase(_vectorize(digamma_reference), 0.05, 30.0, (1.0, 0.5, -0.5, -1.5), count_only=True),
    "erf": UnaryCase(_vectorize(math.erf), -4.0, 4.0, (0.0,)),
    "erfc": UnaryCase(_vectorize(math.erfc), -4.0, 8.0, (0.0,)),
    "floor": UnaryCase(np.floor, -100.0, 100.0, (-0.5, 0.5, -2.0, 2.5), exact=True, count_only=True),
    "frac": UnaryCase(lambda x: x - np.trunc(x), -100.0, 100.0, (-2.5, 2.5, 3.0), exact=True),
    "lgamma": UnaryCase(_vectorize(_safe(math.lgamma)), 0.05, 40.0, (1.0, 2.0, 0.5, -0.5, -2.5), count_only=True),
    "log": UnaryCase(np.log, 0.01, 1000.0, (1.0,)),
    "round": UnaryCase(np.rint, -100.0, 100.0, (-0.5, 0.5, 1.5, 2.5, -2.5), exact=True, count_only=True),
    "sign": UnaryCase(lambda x: np.nan_to_num(np.sign(x)), -5.0, 5.0, (0.0, -0.0), exact=True),
    "sin": UnaryCase(np.sin, -10.0, 10.0, (0.0,)),
    "sinh": UnaryCase(np.sinh, -9.0, 9.0, (0.0,)),
    "tan": UnaryCase(np.tan, -1.5, 1.5, (0.0,)),
    "tanh": UnaryCase(np.tanh, -6.0, 6.0, (0.0,)),
    "trunc": UnaryCase(np.trunc, -100.0, 100.0, (-0.5, 0.5, -2.0, 2.5), exact=True),
}


def unary_inputs(name: str, dtype: Any, seed: int = 0) -> Array:
    case = UNARY[name]
    rng = np.random.default_rng(seed + sum(map(ord, name)))
    x = rng.uniform(case.low, case.high, N)
    x[: len(case.special)] = case.special
    return x.astype(dtype)


def round_like(values: Array, dtype: Any) -> Array:
    """float64 results rounded to float32, then to ``dtype``: the documented float32 computation."""
    with np.errstate(over="ignore", invalid="ignore"):
        return values.astype(np.float32).astype(dtype)


def ulp_distance(a: Array, b: Array) -> Array:
    """How many representable values of their (common) float type lie between ``a`` and ``b``: 0 for equal
    values (both NaN counts as equal, -0 equals +0)."""
    assert a.dtype == b.dtype
    bits = {np.dtype(np.float16): np.int16, np.dtype(np.float32): np.int32}[a.dtype]

    def ordered(v: Array) -> Array:
        i = v.view(bits).astype(np.int64)
        return np.where(i < 0, np.iinfo(bits).min - i, i)

    both_nan = np.isnan(a) & np.isnan(b)
    one_nan = np.isnan(a) ^ np.isnan(b)
    distance = np.abs(ordered(a) - ordered(b))
    distance = np.where(both_nan, 0, distance)
    return np.where(one_nan, np.iinfo(np.int64).max, distance)


def relative_error(got: Array, want: Array) -> float:
    """max |got - want| / max(|want|, tiny) over the finite references, ``tiny`` the smallest normal number of
    ``got``'s type (below it a float keeps fewer significant bits)."""
    g = got.astype(np.float64)
    w = want.astype(np.float64)
    finite = np.isfinite(w)
    if not finite.any():
        return 0.0
    tiny = float(np.finfo(got.dtype).tiny) if np.issubdtype(got.dtype, np.floating) else 1.0
    scale = np.maximum(np.abs(w[finite]), tiny)
    return float(np.max(np.abs(g[finite] - w[finite]) / scale))


# --- kernels -------------------------------------------------------------------------------------------


def _kernel_source(body: str, params: str) -> str:
    lines = textwrap.indent(textwrap.dedent(body).strip("\n"), "    ")
    return f"\n@asc.jit\ndef k({params}) -> None:\n{lines}\n"


def pipe_reserving(nbytes: int) -> str:
    """Kernel lines that create a TPipe, as real kernels do, and give its first ``nbytes`` bytes of UB to a
    buffer: the kernels' tensors at fixed addresses below ``nbytes`` lie in it.  CANN's library functions
    called without a temporary buffer take theirs from the pipe's stack buffer (``PopStackBuffer``:
    ``GetTPipePtr()``, from the end of the pipe's buffers to the end of UB), so they need a TPipe, and one
    whose buffers cover the tensors they must not overwrite."""
    return f"pipe = asc.TPipe()\nreserved = asc.TBuf(asc.TPosition.VECCALC)\npipe.init_buffer(reserved, {nbytes})"


def load_kernel(directory: Path, body: str, params: str) -> Any:
    """An ``@asc.jit`` kernel ``k(params)`` with ``body``, written to a real file in ``directory``."""
    return load_kernel_source(directory, _kernel_source(body, params)).k


def run_unary(directory: Path, dtype: Any, names: list[str] | None = None) -> dict[str, tuple[Array, Array]]:
    """Every one-source function applied to its own row of inputs in one kernel: name -> (x, result)."""
    names = names or list(UNARY)
    type_name = "asc.float16" if np.dtype(dtype) == np.float16 else "asc.float32"
    body = [
        "xg = asc.GlobalTensor()",
        "xg.set_global_buffer(x)",
        "zg = asc.GlobalTensor()",
        "zg.set_global_buffer(z)",
        *pipe_reserving(24576).splitlines(),
        f"a = asc.LocalTensor({type_name}, asc.TPosition.VECIN, 0, {N})",
        f"c = asc.LocalTensor({type_name}, asc.TPosition.VECOUT, 4096, {N})",
        "tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 16384)",
    ]
    for row, name in enumerate(names):
        body.append(f"asc.data_copy(a, xg[{row * N}:], {N})")
        body.append(f"asc.adv.{name}(c, a, {N}, tmp)" if name != "log" else f"asc.adv.log(c, a, {N})")
        body.append(f"asc.data_copy(zg[{row * N}:], c, {N})")
    kernel = load_kernel(directory, "\n".join(body), "x: asc.GlobalAddress, z: asc.GlobalAddress")
    x = np.concatenate([unary_inputs(name, dtype) for name in names])
    z = np.zeros_like(x)
    kernel[1](x, z)
    return {name: (x[i * N : (i + 1) * N], z[i * N : (i + 1) * N]) for i, name in enumerate(names)}


def unary_reference(name: str, x: Array) -> Array:
    with np.errstate(all="ignore"):
        return round_like(UNARY[name].reference(x.astype(np.float32).astype(np.float64)), x.dtype)


def exp_taylor_model(x: Array, level: int) -> Array:
    """CANN's Taylor expansion of exp in float32, step by step (what the emulation must match exactly)."""
    xf = x.astype(np.float32)
    whole = np.floor(xf)
    frac = (xf - whole).astype(np.float32)
    with np.errstate(over="ignore"):
        base = np.exp(whole.astype(np.float64)).astype(np.float32)
    power = frac.copy()
    total = (frac + np.float32(1)).astype(np.float32)
    for i in range(2, level + 1):
        power = (power * frac).astype(np.float32)
        power = (power * (np.float32(1) / np.float32(i))).astype(np.float32)
        total = (total + power).astype(np.float32)
    with np.errstate(over="ignore", invalid="ignore"):
        return (total * base).astype(np.float32).astype(x.dtype)


def softmax_model(x: Array) -> tuple[Array, Array, Array]:
    """SoftMax over the last axis in float32 steps, the sum accumulated in order: (dst, sum, max) in float32."""
    xf = x.astype(np.float32)
    hi = xf.max(axis=-1, keepdims=True)
    e = np.exp((xf - hi).astype(np.float32).astype(np.float64)).astype(np.float32)
    total = np.cumsum(e, axis=-1, dtype=np.float32)[..., -1:]
    dst = (e.astype(np.float64) / total).astype(np.float32)
    return dst, total, hi


# --- SoftMax's variants -----------------------------------------------------------------------------


def softmax_tiling_func_model(
    work: int, shape: tuple[int, int, int], size1: int, size2: int, basic: bool = False, nz: bool = False
) -> list[int]:
    """The 16 fields (``SoftMaxTiling``'s order) CANN's kernel-side ``SoftMaxTilingFunc`` fills for ``work`` floats
    of temporary space and the shape ``(src_m, src_k, ori_src_m)``; [] where CANN asserts (no row fits).  From
    the facts of ``asc.adv.softmax_tiling_func``'s record, independently of the emulation's C++."""
    m, k, ori_m = shape
    stats = 32 // size2
    if nz:
        rows = work // (16 + k)
    else:
        rows = min(work // (stats + (k if size1 == 2 else 0) + 64), m)
        if basic and rows > 8 and m % 8 == 0:
            rows = rows // 8 * 8
            while m % rows:
                rows -= 8
            while rows * k >= 64 * 256:
                rows //= 2
    if 8 < rows < ori_m:
        rows = rows // 8 * 8
    rows = min(rows, ori_m)
    if rows == 0:
        return []
    tail = ori_m % rows
    return [
        m, k, m * k, m, stats, m * stats, rows, k, rows * k, rows, stats, rows * stats, ori_m // rows, tail,
        tail * k, tail * stats,
    ]  # fmt: skip


def simple_softmax_model(x: Array, total: Array, hi: Array) -> Array:
    """SimpleSoftMax in CANN's float32 steps: e^(x - max) / sum, each step rounded to float32; a half result
    rounded with :func:`half_round_away`. ``total`` and ``hi`` hold one value per row (shape ``[m, 1]``)."""
    xf = x.astype(np.float32)
    shifted = (xf - hi.astype(np.float32)).astype(np.float32)
    e = np.exp(shifted.astype(np.float64)).astype(np.float32)
    q = (e / total.astype(np.float32)).astype(np.float32)
    return q if x.dtype == np.float32 else half_round_away(q)


LOG10_E = np.float32(0.4342944819)
"""CANN's LogSoftMax multiplies ln by this float32 constant (log10 e) to get log10."""


def log_softmax_model(x: Array) -> tuple[Array, Array, Array]:
    """LogSoftMax in CANN's float32 steps, the row sum in CANN's vector order (:func:`flash_row_sums`): (dst,
    sum, max) in ``x``'s type, a half result rounded with :func:`half_round_away`; ``sum``/``max`` of shape
    ``[m, 1]``."""
    xf = x.astype(np.float32)
    hi = xf.max(axis=-1, keepdims=True)
    e = np.exp((xf - hi).astype(np.float32).astype(np.float64)).astype(np.float32)
    total = flash_row_sums(e, x.shape[-1])[:, None]
    q = (e / total).astype(np.float32)
    with np.errstate(divide="ignore"):
        ln = np.log(q.astype(np.float64)).astype(np.float32)
    dst = (ln * LOG10_E).astype(np.float32)
    if x.dtype == np.float32:
        return dst, total, hi
    return half_round_away(dst), half_round_away(total), half_round_away(hi)


def rmsnorm_model(x: Array, gamma: Array, eps: float, reciprocal: float) -> Array:
    """RmsNorm in float32 steps (what the emulation computes), as float32."""
    xf = x.astype(np.float32)
    squares = np.cumsum((xf * xf).astype(np.float32), axis=-1, dtype=np.float32)[..., -1:]
    mean = (squares * np.float32(reciprocal)).astype(np.float32)
    root = np.sqrt((mean + np.float32(eps)).astype(np.float32))
    rstd = (np.float32(1) / root).astype(np.float32)
    return ((xf * rstd).astype(np.float32) * gamma.astype(np.float32)).astype(np.float32)


def layernorm_row_sums(v: Array) -> Array:
    """The sums of the rows of float32 ``v`` (rows of ``h``) in CANN's LayerNorm order: lane j of 64 adds
    elements j, 64 + j, ... in order (the partial last block last), then the 64 lanes add as a binary tree
    (neighbours first, zeros for the lanes a short row lacks); float32 throughout."""
    rows, h = v.shape
    lanes = np.zeros((rows, 64), dtype=np.float32)
    if h > 64:
        lanes[:] = v[:, :64]
        for k in range(1, h // 64):
            lanes = (v[:, 64 * k : 64 * k + 64] + lanes).astype(np.float32)
        tail = h % 64
        if tail:
            lanes[:, :tail] = (v[:, h - tail :] + lanes[:, :tail]).astype(np.float32)
    else:
        lanes[:, :h] = v
    while lanes.shape[1] > 1:
        lanes = (lanes[:, 0::2] + lanes[:, 1::2]).astype(np.float32)
    return lanes[:, 0]


def layernorm_model(x: Array, gamma: Array, beta: Array, eps: float, c: float) -> tuple[Array, Array, Array]:
    """LayerNorm (the form with mean and variance) in CANN's float32 steps and order, with ``c`` the tiling's
    ``last_dim_value_back``: (output, mean, variance) in float32, x of shape (rows, h)."""
    xf = x.astype(np.float32)
    cf = np.float32(c)
    mean = layernorm_row_sums((xf * cf).astype(np.float32))
    diff = (xf - mean[:, None]).astype(np.float32)
    variance = layernorm_row_sums((((diff * diff).astype(np.float32)) * cf).astype(np.float32))
    root = np.sqrt((variance + np.float32(eps)).astype(np.float32))
    inv = (np.float32(1) / root).astype(np.float32)
    y = (inv[:, None] * diff).astype(np.float32)
    out = ((y * gamma.astype(np.float32)).astype(np.float32) + beta.astype(np.float32)).astype(np.float32)
    return out, mean, variance


def deepnorm_row_sums(v: Array) -> Array:
    """The sums of the rows of float32 ``v`` in CANN's DeepNorm order: 64-lane binary trees (zeros for the lanes
    a partial group lacks), then the same over the group sums, until one value is left; float32 throughout."""
    level = v.astype(np.float32)
    while level.shape[1] > 1:
        groups = -(-level.shape[1] // 64)
        lanes = np.zeros((level.shape[0], groups * 64), dtype=np.float32)
        lanes[:, : level.shape[1]] = level
        lanes = lanes.reshape(level.shape[0] * groups, 64)
        while lanes.shape[1] > 1:
            lanes = (lanes[:, 0::2] + lanes[:, 1::2]).astype(np.float32)
        level = lanes.reshape(level.shape[0], groups)
    return level[:, 0]


def deepnorm_model(
    x: Array, gx: Array, gamma: Array, beta: Array, alpha: float, eps: float, c: float, original_h: int, basic: bool
) -> tuple[Array, Array, Array]:
    """DeepNorm in CANN's float32 steps and order: (dst, mean, variance) in float32, x and gx of shape (rows, h);
    the row sums over the first ``original_h`` values (over all h, LayerNorm's way, for a basic block)."""
    x1 = ((x.astype(np.float32) * np.float32(alpha)).astype(np.float32) + gx.astype(np.float32)).astype(np.float32)
    cf = np.float32(c)

    def sums(v: Array) -> Array:
        return layernorm_row_sums(v) if basic else deepnorm_row_sums(v[:, :original_h])

    mean = sums((x1 * cf).astype(np.float32))
    diff = (x1 - mean[:, None]).astype(np.float32)
    variance = sums((((diff * diff).astype(np.float32)) * cf).astype(np.float32))
    root = np.sqrt((variance + np.float32(eps)).astype(np.float32))
    inv = (np.float32(1) / root).astype(np.float32)
    y = (diff * inv[:, None]).astype(np.float32)
    out = ((y * gamma.astype(np.float32)).astype(np.float32) + beta.astype(np.float32)).astype(np.float32)
    return out, mean, variance


def quant_model(x: Array, scale: float, offset: float) -> Array:
    """AscendQuant as CANN documents it: half operands, half products and sums, ties-to-even, saturation."""
    h = x.astype(np.float16)
    scaled = (h * np.float16(scale)).astype(np.float16)
    shifted = (scaled + np.float16(offset)).astype(np.float16)
    return np.clip(np.rint(shifted.astype(np.float64)), -128, 127).astype(np.int8)


def ulp_error(got: Array, exact: Array) -> float:
    """The largest |got - exact| in units of the last place of ``got``'s type at ``got`` (0.5 for a correctly
    rounded result), over the finite exact values."""
    dtype = got.dtype
    g = got.astype(np.float64)
    finite = np.isfinite(exact) & np.isfinite(g)
    if not finite.any():
        return 0.0
    spacing = np.spacing(np.abs(got[finite]).astype(dtype)).astype(np.float64)
    return float(np.max(np.abs(g[finite] - exact[finite]) / spacing))


def unary_exact(name: str, x: Array) -> Array:
    """The float64 value of the function at the input."""
    with np.errstate(all="ignore"):
        return UNARY[name].reference(x.astype(np.float64))


# --- SoftmaxFlashV2: CANN's float32 steps in CANN's order -------------------------------------------------


def _tree_sum(values: Array) -> Array:
    """The sum over the last axis (a power of two) as a binary tree, neighbours first, in float32."""
    v = values.astype(np.float32)
    while v.shape[-1] > 1:
        v = (v[..., 0::2] + v[..., 1::2]).astype(np.float32)
    return v[..., 0]


def flash_row_sums(e: Array, k: int, basic_1024: bool = False) -> Array:
    """The sums of the first ``k`` values of each row of ``e`` (float32) in CANN's vector order: 64-lane chunks
    added column by column (from 512 elements on, the first eight chunks as 8-element block sums), the tail onto
    the first lanes, then a tree over the 64 lanes; a 1024-element basic block adds chunk i + 8's tree sum to
    chunk i's, then a tree over the eight."""
    e = e.astype(np.float32)
    m = e.shape[0]
    if basic_1024:
        chunks = [_tree_sum(e[:, 64 * i : 64 * i + 64]) for i in range(16)]
        return _tree_sum(np.stack([(chunks[i] + chunks[i + 8]).astype(np.float32) for i in range(8)], axis=1))
    if k < 64:
        lanes = np.zeros((m, 64), np.float32)
        lanes[:, :k] = e[:, :k]
        return _tree_sum(lanes)
    chunks, tail = divmod(k, 64)
    if k >= 512:
        blocks = [_tree_sum(e[:, 64 * c : 64 * c + 64].reshape(m, 8, 8)) for c in range(8)]
        lanes, first = np.concatenate(blocks, axis=1), 8
    elif k >= 128:
        lanes, first = (e[:, :64] + e[:, 64:128]).astype(np.float32), 2
    else:
        lanes, first = e[:, :64].copy(), 1
    for c in range(first, chunks):
        lanes = (lanes + e[:, 64 * c : 64 * c + 64]).astype(np.float32)
    lanes[:, :tail] = (lanes[:, :tail] + e[:, 64 * chunks : 64 * chunks + tail]).astype(np.float32)
    return _tree_sum(lanes)


def half_round_away(values: Array) -> Array:
    """float32 values rounded to half to nearest, ties away from zero (CAST_ROUND)."""
    f = np.asarray(values, dtype=np.float32).astype(np.float64)
    with np.errstate(over="ignore"):
        h = np.asarray(values, dtype=np.float32).astype(np.float16)
    d = f - h.astype(np.float64)
    toward = np.nextafter(h, np.where(d > 0, np.float16(np.inf), np.float16(-np.inf)).astype(np.float16))
    other = toward.astype(np.float64)
    with np.errstate(invalid="ignore"):
        tie = (d != 0) & (np.abs(other - f) == np.abs(d)) & (np.abs(other) > np.abs(h.astype(np.float64)))
    return np.where(tie, toward, h)


def _store(values: Array, dtype: Any) -> Array:
    return half_round_away(values) if np.dtype(dtype) == np.float16 else values.astype(np.float32)


def _exp32(values: Array) -> Array:
    with np.errstate(over="ignore", invalid="ignore"):
        return np.exp(values.astype(np.float32).astype(np.float64)).astype(np.float32)


def softmax_flash_v2_model(
    x: Array,
    stats_dtype: Any,
    in_max: Array | None = None,
    in_sum: Array | None = None,
    basic_block: bool = False,
    original_k: int | None = None,
) -> tuple[Array, Array, Array, Array | None]:
    """``SoftmaxFlashV2`` of ``x`` ([m, k]) step by step as CANN computes it: (dst, max, exp_sum, exp_max), the
    stats one 32-byte block per row; the update form when ``in_max``/``in_sum`` are given (one block per row).
    The stats combine lane by lane; element j subtracts lane j % 8 of the max."""
    k = x.shape[1]
    lanes = 32 // np.dtype(stats_dtype).itemsize
    xf = x.astype(np.float32)
    reduce_k = k if basic_block or original_k is None else original_k
    hi = xf[:, :reduce_k].max(axis=1, keepdims=True)
    update = in_max is not None and in_sum is not None
    in_m = in_max.astype(np.float32) if in_max is not None and update else np.repeat(hi, lanes, axis=1)
    lane_max = np.where(in_m > hi, in_m, hi).astype(np.float32) if update else in_m
    e = _exp32((xf - lane_max[:, np.arange(k) % 8]).astype(np.float32))
    total = flash_row_sums(e, reduce_k, basic_block and k == 1024)[:, None]
    if update:
        assert in_sum is not None
        exp_max = _exp32((in_m - lane_max).astype(np.float32))
        sums = ((exp_max * in_sum.astype(np.float32)).astype(np.float32) + total).astype(np.float32)
        exp_lanes = 32 // x.dtype.itemsize
        exp_out = _store(exp_max[:, np.arange(exp_lanes) % lanes], x.dtype)
    else:
        sums, exp_out = np.repeat(total, lanes, axis=1), None
    return _store(e, x.dtype), _store(lane_max, stats_dtype), _store(sums, stats_dtype), exp_out


# --- SoftmaxFlash (deprecated by CANN): its float32 steps in the order of CANN's CPU build -----------------


def flash_v1_row_sums(e: Array, k: int) -> Array:
    """The sums of the first ``k`` values of each row of ``e`` (float32) in the order of SoftmaxFlash's update
    form: each 64-element chunk's eight 8-element block sums (binary trees) accumulate lane by lane chunk after
    chunk, the eight lanes add as a tree, and the tail (k % 64 values, as a 64-lane tree padded with zeros) is
    added last."""
    e = e.astype(np.float32)
    m = e.shape[0]
    chunks, tail = divmod(k, 64)
    total: Array | None = None
    if chunks:
        lanes = _tree_sum(e[:, :64].reshape(m, 8, 8))
        for c in range(1, chunks):
            lanes = (lanes + _tree_sum(e[:, 64 * c : 64 * c + 64].reshape(m, 8, 8))).astype(np.float32)
        total = _tree_sum(lanes)
    if tail:
        padded = np.zeros((m, 64), np.float32)
        padded[:, :tail] = e[:, 64 * chunks : 64 * chunks + tail]
        rest = _tree_sum(padded)
        total = rest if total is None else (total + rest).astype(np.float32)
    assert total is not None
    return total


def softmax_flash_model(
    x: Array,
    stats_dtype: Any,
    in_max: Array | None = None,
    in_sum: Array | None = None,
    original_k: int | None = None,
) -> tuple[Array, Array, Array, Array | None]:
    """``SoftmaxFlash`` of ``x`` ([m, k]) step by step as CANN's CPU build computes it: (dst, max, sum, exp_max),
    the stats one 32-byte block per row. Without ``in_max``/``in_sum`` it is CANN's SoftMax (its row sum in
    ``flash_row_sums``' order); with them the update form: M = max(in_max, rowmax), e = exp(x - rowmax),
    C = exp(in_max - M) * in_sum, sum = C + exp(rowmax - M) * rowsum(e), exp_max = C / sum,
    dst = e * (exp(rowmax - M) / sum), lane by lane (dst takes lane 0; a half exp_max of float stats holds
    lane 0 in every lane)."""
    k = x.shape[1]
    lanes = 32 // np.dtype(stats_dtype).itemsize
    xf = x.astype(np.float32)
    reduce_k = k if original_k is None else original_k
    hi = xf[:, :reduce_k].max(axis=1, keepdims=True)
    e = _exp32((xf - hi).astype(np.float32))
    if in_max is None or in_sum is None:
        total = flash_row_sums(e, reduce_k)[:, None]
        with np.errstate(divide="ignore", invalid="ignore"):
            dst = (e / total).astype(np.float32)
        stats = (np.repeat(hi, lanes, axis=1), np.repeat(total, lanes, axis=1))
        return _store(dst, x.dtype), _store(stats[0], stats_dtype), _store(stats[1], stats_dtype), None
    s = flash_v1_row_sums(e, reduce_k)[:, None]
    in_m, in_s = in_max.astype(np.float32), in_sum.astype(np.float32)
    new_max = np.where(in_m > hi, in_m, hi).astype(np.float32)
    rescale = _exp32((hi - new_max).astype(np.float32))
    carried = (_exp32((in_m - new_max).astype(np.float32)) * in_s).astype(np.float32)
    sums = (carried + (rescale * s).astype(np.float32)).astype(np.float32)
    with np.errstate(divide="ignore", invalid="ignore"):
        share = (carried / sums).astype(np.float32)
        factor = (rescale / sums).astype(np.float32)
    dst = (e * factor[:, :1]).astype(np.float32)
    exp_lanes = 32 // x.dtype.itemsize
    exp_out = share if exp_lanes == lanes else np.repeat(share[:, :1], exp_lanes, axis=1)
    return _store(dst, x.dtype), _store(new_max, stats_dtype), _store(sums, stats_dtype), _store(exp_out, x.dtype)
