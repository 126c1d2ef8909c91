"""SoftmaxFlash (CANN's deprecated online softmax) on the CPU emulation: bit-exact with a numpy model of the
float32 steps CANN's CPU build takes in its order (``ascx.testing.adv_numerics.softmax_flash_model``) and, on
the differential run, with CANN's own implementation on the CANN backend (no tolerance); the update form over
blocks reproduces numpy's softmax; and the run-time checks.

Bounds against float64: each step of the model is a float32 operation, so the maxima are exact, the row sums
within k * 2^-24 relative error, and dst within a few float32 ULPs (float32) / one half ULP (half, CAST_ROUND)
of the float32 result.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ascx as asc
from ascx.emu.launch import EmulationError
from ascx.lib import host
from ascx.testing import adv_numerics as an

pytestmark = [
    pytest.mark.differential,  # docs/emulation.md#the-differential-check-in-the-suite
    pytest.mark.filterwarnings("ignore:softmax_flash. CANN marks SoftmaxFlash deprecated"),
]

NAMES = {np.float16: "asc.float16", np.float32: "asc.float32"}
PARAMS = (
    "x: asc.GlobalAddress, y: asc.GlobalAddress, em: asc.GlobalAddress, s: asc.GlobalAddress, "
    "mx: asc.GlobalAddress, tiling: asc.adv.SoftmaxTiling"
)
BODY = """
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
yg = asc.GlobalTensor()
yg.set_global_buffer(y)
eg = asc.GlobalTensor()
eg.set_global_buffer(em)
sg = asc.GlobalTensor()
sg.set_global_buffer(s)
mg = asc.GlobalTensor()
mg.set_global_buffer(mx)
{pipe}
src = asc.LocalTensor({t}, asc.TPosition.VECIN, 0, {size})
dst = asc.LocalTensor({t}, asc.TPosition.VECOUT, 40960, {size})
sums = asc.LocalTensor({st}, asc.TPosition.VECOUT, 81920, {stats})
maxes = asc.LocalTensor({st}, asc.TPosition.VECOUT, 86016, {stats})
emax = asc.LocalTensor({t}, asc.TPosition.VECOUT, {emax_at}, {estats})
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 94208, {tmp_bytes})
asc.data_copy(src, xg, {size})
{shape}
asc.adv.softmax_flash(dst, sums, maxes, src, emax, sums, maxes, tiling, tmp, basic_block={basic})
asc.data_copy(yg, dst, {size})
for b in range(1, {blocks}):
    asc.data_copy(src, xg[b * {size}:], {size})
    asc.adv.softmax_flash(dst, sums, maxes, src, emax, sums, maxes, tiling, tmp, is_update=True,
        basic_block={basic})
    asc.data_copy(yg[b * {size}:], dst, {size})
    asc.data_copy(eg[b * {estats}:], emax, {estats})
asc.data_copy(sg, sums, {stats})
asc.data_copy(mg, maxes, {stats})
"""

SET_SHAPE = "src.set_shape_info(asc.ShapeInfo(asc.array(asc.int32, ({m}, {k}))))"


def run_blocks(
    directory: Path,
    x: Any,
    stats_dtype: Any,
    tiling: asc.adv.SoftmaxTiling,
    tmp_bytes: int,
    basic: bool = False,
    emax_at: int = 90112,
    shape: bool = True,
) -> tuple[Any, Any, Any, Any]:
    """SoftmaxFlash over the blocks ``x[0]``, ``x[1]``, ... ([blocks, m, k]): the first without ``is_update``, the
    others with it, the stats updated in place (``max``/``in_max`` and ``sum``/``in_sum`` one tensor each).
    Returns (dst of each block, exp_max of each block, sum, max)."""
    blocks, m, k = x.shape
    stats = 32 // np.dtype(stats_dtype).itemsize
    lanes = 32 // x.dtype.itemsize
    body = BODY.format(
        t=NAMES[x.dtype.type], st=NAMES[np.dtype(stats_dtype).type], size=m * k, stats=m * stats,
        estats=m * lanes, tmp_bytes=tmp_bytes, blocks=blocks, basic=basic, emax_at=emax_at,
        shape=SET_SHAPE.format(m=m, k=k) if shape else "", pipe=an.pipe_reserving(163840),
    )  # fmt: skip
    kernel = an.load_kernel(directory, body, PARAMS)
    y = np.zeros_like(x)
    em = np.zeros((blocks, m, lanes), x.dtype)
    s = np.zeros((m, stats), stats_dtype)
    mx = np.zeros((m, stats), stats_dtype)
    kernel[1](x, y, em, s, mx, tiling)
    return y, em, s, mx


def tiling_of(m: int, k: int, stats_size: int, rows: int) -> asc.adv.SoftmaxTiling:
    """The SoftmaxTiling of a [m, k] input ``rows`` rows a step (the fields CANN's SoftMaxFlashTilingFunc sets)."""
    blk = 32 // stats_size
    tiling = asc.adv.SoftmaxTiling()
    fields = {
        "src_m": m, "src_k": k, "src_size": m * k, "out_max_m": m, "out_max_k": blk, "out_max_size": m * blk,
        "split_m": rows, "split_k": k, "split_size": rows * k, "reduce_m": rows, "reduce_k": blk,
        "reduce_size": rows * blk, "range_m": m // rows, "tail_m": m % rows, "tail_split_size": m % rows * k,
        "tail_reduce_size": m % rows * blk,
    }  # fmt: skip
    for name, value in fields.items():
        setattr(tiling, name, value)
    return tiling


def row_bytes(k: int, stats_size: int) -> int:
    """The bytes of temporary space a row of both forms takes (GetSoftMaxFlashMinTmpSize with and without
    is_update: the first form needs more for short rows)."""
    return max(host.get_soft_max_flash_min_tmp_size([1, k], stats_size, update) for update in (False, True))


CASES = [
    # (src dtype, stats dtype, m, k, rows per step (0: a zero tiling, recomputed in the kernel), basic block)
    pytest.param(np.float32, np.float32, 16, 64, 4, False, id="float32"),
    pytest.param(np.float16, np.float16, 16, 64, 4, False, id="half"),
    pytest.param(np.float16, np.float32, 10, 32, 4, False, id="half-float32-stats-short-rows-tail"),
    pytest.param(np.float32, np.float32, 10, 40, 3, False, id="float32-k40-tail"),
    pytest.param(np.float16, np.float32, 8, 96, 0, False, id="half-float32-stats-k96-retiled"),
    pytest.param(np.float32, np.float32, 8, 320, 8, False, id="float32-k320"),
    pytest.param(np.float16, np.float32, 4, 640, 4, False, id="half-float32-stats-k640"),
    pytest.param(np.float16, np.float16, 5, 192, 0, False, id="half-k192-retiled"),
    pytest.param(np.float32, np.float32, 16, 64, 8, True, id="float32-basic-block"),
    pytest.param(np.float16, np.float32, 16, 128, 8, True, id="half-float32-stats-basic-block"),
]


@pytest.mark.parametrize(("dtype", "stats_dtype", "m", "k", "rows", "basic"), CASES)
def test_each_step_is_cann_s_float32_steps(
    tmp_path: Path, dtype: Any, stats_dtype: Any, m: int, k: int, rows: int, basic: bool
) -> None:
    """Each block bit for bit the model's: the first without is_update (CANN's SoftMax), the others with it. A
    basic block computes as any other shape (CANN's CPU build does not run its NPU-only basic-block code)."""
    size2 = np.dtype(stats_dtype).itemsize
    tmp_bytes = max(rows, 3) * row_bytes(k, size2)
    tiling = tiling_of(m, k, size2, rows) if rows else asc.adv.SoftmaxTiling()
    x = np.random.default_rng(k).normal(0, 3, (3, m, k)).astype(dtype)
    y, em, s, mx = run_blocks(tmp_path, x, stats_dtype, tiling, tmp_bytes, basic)
    dst, new_max, new_sum, _ = an.softmax_flash_model(x[0], stats_dtype)
    assert np.array_equal(y[0], dst)
    for b in range(1, 3):
        dst, new_max, new_sum, exp_max = an.softmax_flash_model(x[b], stats_dtype, new_max, new_sum)
        assert np.array_equal(y[b], dst)
        assert np.array_equal(em[b], exp_max)
    assert np.array_equal(mx, new_max)
    assert np.array_equal(s, new_sum)
    full = x.astype(np.float64).transpose(1, 0, 2).reshape(m, -1)
    assert np.array_equal(mx, np.repeat(full.max(axis=1, keepdims=True), mx.shape[1], axis=1).astype(stats_dtype))


@pytest.mark.parametrize(
    ("dtype", "stats_dtype", "m", "k", "rows", "steps"),
    [(np.float32, np.float32, 10, 40, 3, 3), (np.float16, np.float32, 24, 64, 12, 8)],
)
def test_a_host_tiling(tmp_path: Path, dtype: Any, stats_dtype: Any, m: int, k: int, rows: int, steps: int) -> None:
    """A tiling of asc.lib.host.soft_max_flash_tiling_func for a buffer of ``rows`` rows of the update form (the
    host rounds 12 rows down to 8); the kernel uses it as it is."""
    size2 = np.dtype(stats_dtype).itemsize
    tmp_bytes = rows * host.get_soft_max_flash_min_tmp_size([m, k], size2, True)
    tiling = asc.adv.SoftmaxTiling()
    host.soft_max_flash_tiling_func([m, k], size2, tmp_bytes, tiling, True)
    assert (tiling.split_m, tiling.tail_m) == (steps, m % steps)
    x = np.random.default_rng(m).normal(0, 3, (2, m, k)).astype(dtype)
    y, em, s, mx = run_blocks(tmp_path, x, stats_dtype, tiling, tmp_bytes)
    _, new_max, new_sum, _ = an.softmax_flash_model(x[0], stats_dtype)
    dst, new_max, new_sum, exp_max = an.softmax_flash_model(x[1], stats_dtype, new_max, new_sum)
    assert np.array_equal(y[1], dst)
    assert np.array_equal(em[1], exp_max)
    assert np.array_equal(s, new_sum)
    assert np.array_equal(mx, new_max)


def test_the_update_form_adds_in_its_own_order() -> None:
    """SoftmaxFlash's update form sums the 8-element blocks of each chunk lane by lane (not SoftMax's order); both
    are float32 sums within k * 2^-24 of float64."""
    e = np.random.default_rng(3).uniform(0, 1, (64, 200)).astype(np.float32)
    own, softmax_order = an.flash_v1_row_sums(e, 200), an.flash_row_sums(e, 200)
    assert not np.array_equal(own, softmax_order)
    exact = e.astype(np.float64).sum(axis=1)
    assert np.max(np.abs(own - exact) / exact) <= 200 * 2.0**-24


@pytest.mark.parametrize("stats_dtype", [np.float32, np.float16])
def test_the_update_over_blocks_is_numpy_s_softmax(tmp_path: Path, stats_dtype: Any) -> None:
    """The documented use: rows in blocks of 64 columns (half); each step's dst is normalised by the running sum,
    and exp_max (the previous steps' share of it) rescales the output so far: O = O * exp_max + dst V_b is
    softmax(S) V at the end; the last max and sum are the whole rows'."""
    m, k, blocks = 16, 64, 4
    size2 = np.dtype(stats_dtype).itemsize
    tmp_bytes = m * row_bytes(k, size2)
    rng = np.random.default_rng(7)
    scores = rng.normal(0, 2, (blocks, m, k)).astype(np.float16)
    values = rng.normal(0, 1, (blocks, k, 32)).astype(np.float64)
    y, em, s, mx = run_blocks(tmp_path, scores, stats_dtype, asc.adv.SoftmaxTiling(), tmp_bytes)
    out = y[0].astype(np.float64) @ values[0]
    for b in range(1, blocks):
        out = out * em[b][:, :1].astype(np.float64) + y[b].astype(np.float64) @ values[b]
    full = scores.astype(np.float64).transpose(1, 0, 2).reshape(m, -1)
    p = np.exp(full - full.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    expected = p @ values.reshape(blocks * k, 32)
    assert np.array_equal(mx[:, 0], full.max(axis=1).astype(stats_dtype))
    # half dst and exp_max (and half stats) round each step to 11 bits: 4e-3 of the output's scale
    assert np.max(np.abs(out - expected)) <= 4e-3 * np.max(np.abs(expected))
    total = np.exp(full - full.max(axis=1, keepdims=True)).sum(axis=1)
    assert np.allclose(s[:, 0].astype(np.float64), total, rtol=2e-6 if stats_dtype is np.float32 else 2e-3)


def _failure(tmp_path: Path, **kwargs: Any) -> str:
    m, k = 8, 64
    x = np.zeros((2, m, k), np.float32)
    tmp_bytes = kwargs.pop("tmp_bytes", 8 * row_bytes(k, 4))
    tiling = kwargs.pop("tiling", None) or tiling_of(m, k, 4, 8)
    with pytest.raises(EmulationError) as caught:
        run_blocks(tmp_path, x, np.float32, tiling, tmp_bytes, **kwargs)
    return caught.value.message.split(": ", 2)[2]


def test_a_call_without_a_shape_is_an_error(tmp_path: Path) -> None:
    """Neither softmaxShapeInfo nor the source's ShapeInfo gives a shape (CANN reads the ShapeInfo's axes)."""
    assert _failure(tmp_path, shape=False) == (
        "SoftmaxFlash: srcTensor has no ShapeInfo and softmaxShapeInfo gives no shape (set the shape with "
        "SetShapeInfo or pass a SoftMaxShapeInfo)"
    )


def test_a_tiling_of_the_shape_with_other_fields_is_an_error(tmp_path: Path) -> None:
    tiling = tiling_of(8, 64, 4, 8)
    tiling.reduce_size = 7
    assert _failure(tmp_path, tiling=tiling) == (
        "SoftmaxFlash: the tiling's reduceSize is 7, but SoftMaxFlashTilingFunc makes 64 for [8, 64] in steps "
        "of splitM 8 rows; CANN's SoftmaxFlash reads every field of the tiling"
    )


def test_a_temporary_buffer_smaller_than_the_tiling_s_rows_is_an_error(tmp_path: Path) -> None:
    """The first call (without is_update) needs 8 rows of GetSoftMaxFlashMinTmpSize: 8 * (8 + 64 + 64) floats."""
    assert _failure(tmp_path, tmp_bytes=1024) == (
        "SoftmaxFlash: the temporary buffer has 1024 bytes, but the tiling's splitM rows needs at least 4352 "
        "(CANN's minimum temporary size)"
    )


def test_outputs_overlapping_is_an_error(tmp_path: Path) -> None:
    """expMax placed on the sums: CANN allows only src/dst, max/inMax and sum/inSum as one tensor."""
    assert _failure(tmp_path, emax_at=81920) == (
        "SoftmaxFlash: sumTensor (bytes [81920, 82176)) overlaps expMaxTensor (bytes [81920, 82176)); CANN allows "
        "only srcTensor and dstTensor, maxTensor and inMaxTensor, sumTensor and inSumTensor to be one tensor"
    )


PADDED = """
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
yg = asc.GlobalTensor()
yg.set_global_buffer(y)
sg = asc.GlobalTensor()
sg.set_global_buffer(s)
{pipe}
src = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 512)
dst = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4096, 512)
sums = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 8192, 64)
maxes = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 8448, 64)
emax = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 8704, 64)
ins = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 8960, 64)
inm = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 9216, 64)
asc.data_copy(src, xg, 512)
asc.data_copy(ins, sg, 64)
asc.data_copy(inm, sg[64:], 64)
shape = asc.adv.SoftmaxShapeInfo(8, 64, 8, {original})
asc.adv.softmax_flash(dst, sums, maxes, src, emax, ins, inm, asc.adv.SoftmaxTiling(), is_update=flag > 0,
    softmax_shape_info=shape)
asc.data_copy(yg, dst, 512)
asc.data_copy(sg, sums, 64)
{copy_exp_max}
"""


@pytest.mark.parametrize("update", [False, True])
@pytest.mark.parametrize("original", [40, 64])
def test_a_padded_last_axis_and_a_runtime_is_update(tmp_path: Path, original: int, update: bool) -> None:
    """A SoftMaxShapeInfo of 64 columns of which the first ``original`` are data: the maximum and sum run over
    those, dst over all 64; is_update a run-time bool (CANN's isUpdate is an argument of the call)."""
    copy = "asc.data_copy(sg[64:], emax, 64)" if update else ""  # without is_update exp_max is not written
    body = PADDED.format(pipe=an.pipe_reserving(16384), original=original, copy_exp_max=copy)
    params = "x: asc.GlobalAddress, y: asc.GlobalAddress, s: asc.GlobalAddress, flag: int"
    kernel = an.load_kernel(tmp_path, body, params)
    rng = np.random.default_rng(11)
    x = rng.normal(0, 2, (8, 64)).astype(np.float32)
    in_sum = np.repeat(rng.uniform(1, 30, (8, 1)), 8, axis=1).astype(np.float32)
    in_max = np.repeat(rng.normal(2, 1, (8, 1)), 8, axis=1).astype(np.float32)
    y = np.zeros_like(x)
    s = np.concatenate([in_sum, in_max]).copy()
    kernel[1](x, y, s, int(update))
    model = an.softmax_flash_model(x, np.float32, *((in_max, in_sum) if update else ()), original_k=original)
    assert np.array_equal(y, model[0])
    assert np.array_equal(s[:8], model[2])
    if update:
        assert model[3] is not None
        assert np.array_equal(s[8:], model[3])
