"""SoftmaxFlashV2 on the CPU emulation: bit-exact with a numpy model of CANN's float32 steps in CANN's order
(``ascx.testing.adv_numerics.softmax_flash_v2_model``) and, on the differential run, with CANN's own
implementation on the CANN backend (no tolerance); FlashAttention's online softmax over blocks of scores
reproduces numpy's softmax and attention output; and the run-time checks.

Bounds against float64: each step of the model is a float32 operation, so the maxima are exact, the row sums
within k * 2^-24 relative error, and dst within 2^-23 (float32) / one half ULP (half, CAST_ROUND).
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ascx as asc
from ascx.emu.launch import EmulationError
from ascx.lib import host
from ascx.testing import adv_numerics as an

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

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
asc.adv.softmax_flash_v2(dst, sums, maxes, src, emax, sums, maxes, tiling, tmp, basic_block={basic})
asc.data_copy(yg, dst, {size})
for b in range(1, {blocks}):
    asc.data_copy(src, xg[b * {size}:], {size})
    asc.adv.softmax_flash_v2(dst, sums, maxes, src, emax, sums, maxes, tiling, tmp,
        is_update=True, basic_block={basic})
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
    shape: bool = True,
    emax_at: int = 90112,
) -> tuple[Any, Any, Any, Any]:
    """SoftmaxFlashV2 over the blocks ``x[0]``, ``x[1]``, ... ([blocks, m, k]): the first without ``is_update``,
    the others with it, the stats updated in place (``max``/``in_max`` and ``exp_sum``/``in_exp_sum`` one tensor
    each, as FlashAttention calls it). Returns (dst of each block, exp_max of each block, exp_sum, max)."""
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


def host_tiling(m: int, k: int, size1: int, size2: int, tmp_bytes: int, basic: bool = False) -> asc.adv.SoftmaxTiling:
    tiling = asc.adv.SoftmaxTiling()
    host.soft_max_flash_v2_tiling_func([m, k], size1, size2, tmp_bytes, tiling, True, basic)
    return tiling


CASES = [
    # (src dtype, stats dtype, m, k, rows per step, basic block)
    pytest.param(np.float32, np.float32, 16, 64, 4, False, id="float32"),
    pytest.param(np.float16, np.float16, 16, 64, 4, False, id="half"),
    pytest.param(np.float16, np.float32, 10, 32, 4, False, id="half-float32-stats-short-rows-tail"),
    pytest.param(np.float32, np.float32, 10, 40, 3, False, id="float32-k40-tail"),
    pytest.param(np.float16, np.float32, 8, 96, 8, False, id="half-float32-stats-k96"),
    pytest.param(np.float32, np.float32, 8, 320, 8, False, id="float32-k320"),
    pytest.param(np.float16, np.float32, 4, 640, 4, False, id="half-float32-stats-k640"),
    pytest.param(np.float16, np.float16, 5, 192, 2, False, id="half-k192-tail"),
    pytest.param(np.float32, np.float32, 16, 64, 8, True, id="float32-basic-block"),
    pytest.param(np.float16, np.float32, 16, 128, 8, True, id="half-float32-stats-basic-block"),
    pytest.param(np.float16, np.float16, 8, 512, 8, True, id="half-basic-block-k512"),
    pytest.param(np.float32, np.float32, 8, 1024, 8, True, id="float32-basic-block-k1024"),
]


@pytest.mark.parametrize(("dtype", "stats_dtype", "m", "k", "rows", "basic"), CASES)
def test_each_step_is_cann_s_float32_steps(
    tmp_path: Path, dtype: Any, stats_dtype: Any, m: int, k: int, rows: int, basic: bool
) -> None:
    size1, size2 = np.dtype(dtype).itemsize, np.dtype(stats_dtype).itemsize
    tmp_bytes = rows * host.get_soft_max_flash_v2_min_tmp_size([1, k], size1, size2, True, False)
    if basic:
        tmp_bytes = rows // 8 * host.get_soft_max_flash_v2_min_tmp_size([m, k], size1, size2, True, True)
    tiling = host_tiling(m, k, size1, size2, tmp_bytes, basic)
    assert (tiling.split_m, tiling.tail_m) == (rows, m % rows)
    x = np.random.default_rng(k).normal(0, 3, (3, m, k)).astype(dtype)
    y, em, s, mx = run_blocks(tmp_path, x, stats_dtype, tiling, tmp_bytes, basic)
    dst, new_max, new_sum, _ = an.softmax_flash_v2_model(x[0], stats_dtype, basic_block=basic)
    assert np.array_equal(y[0], dst)
    for b in range(1, 3):
        dst, new_max, new_sum, exp_max = an.softmax_flash_v2_model(x[b], stats_dtype, new_max, new_sum, basic)
        assert np.array_equal(y[b], dst)
        assert np.array_equal(em[b], exp_max)
    assert np.array_equal(mx, new_max)
    assert np.array_equal(s, new_sum)
    # the stats fill their block with one value, the maxima are exact
    full = x.astype(np.float64).transpose(1, 0, 2).reshape(m, -1)
    assert np.array_equal(mx, np.repeat(full.max(axis=1, keepdims=True), mx.shape[1], axis=1).astype(stats_dtype))


def test_the_1024_element_basic_block_adds_in_its_own_order() -> None:
    """CANN's basic-block reduction of 1024 elements pairs chunk i with chunk i + 8 (not the order of the other
    shapes); the model (and the emulation) follow it."""
    e = np.random.default_rng(3).uniform(0, 1, (64, 1024)).astype(np.float32)
    special, generic = an.flash_row_sums(e, 1024, True), an.flash_row_sums(e, 1024, False)
    assert not np.array_equal(special, generic)
    assert np.allclose(special, e.astype(np.float64).sum(axis=1), rtol=1e-6)


@pytest.mark.parametrize("stats_dtype", [np.float32, np.float16])
def test_online_softmax_over_blocks_is_numpy_s_softmax_and_attention(tmp_path: Path, stats_dtype: Any) -> None:
    """FlashAttention-2's use: rows of Q.K^T in blocks of 64 columns (half), the update form with the previous
    block's max and sum, exp_max rescaling the output accumulated so far: O = O * exp_max + exp(S_b - max) V_b,
    and at the end O / sum is softmax(S) V."""
    m, k, blocks = 16, 64, 4
    size2 = np.dtype(stats_dtype).itemsize
    tmp_bytes = host.get_soft_max_flash_v2_max_tmp_size([m, k], 2, size2, True)
    tiling = host_tiling(m, k, 2, size2, tmp_bytes)
    rng = np.random.default_rng(7)
    scores = rng.normal(0, 2, (blocks, m, k)).astype(np.float16)
    values = rng.normal(0, 1, (blocks, k, 32)).astype(np.float64)
    y, em, s, mx = run_blocks(tmp_path, scores, stats_dtype, tiling, tmp_bytes)
    out = y[0].astype(np.float64) @ values[0]
    for b in range(1, blocks):
        out = out * em[b][:, :1].astype(np.float64) + y[b].astype(np.float64) @ values[b]
    out /= s[:, :1].astype(np.float64)
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
    tmp_bytes = kwargs.pop("tmp_bytes", 8 * host.get_soft_max_flash_v2_min_tmp_size([m, k], 4, 4, True))
    tiling = kwargs.pop("tiling", None) or host_tiling(m, k, 4, 4, tmp_bytes)
    with pytest.raises(EmulationError) as caught:
        run_blocks(tmp_path, x, np.float32, tiling, tmp_bytes, **kwargs)
    return caught.value.message.split(": ", 2)[2]


def test_a_call_without_a_shape_is_an_error(tmp_path: Path) -> None:
    """CANN's SoftmaxFlashV2 asserts when neither softmaxShapeInfo nor the source's ShapeInfo gives a shape."""
    assert _failure(tmp_path, shape=False) == (
        "SoftmaxFlashV2: srcTensor has no ShapeInfo and softmaxShapeInfo gives no shape; CANN's SoftmaxFlashV2 "
        "asserts shapeInfo.shapeDim must > 0 (set the shape with SetShapeInfo or pass a SoftMaxShapeInfo)"
    )


def test_a_tiling_not_made_by_the_tiling_function_is_an_error(tmp_path: Path) -> None:
    tiling = host_tiling(8, 64, 4, 4, 8 * host.get_soft_max_flash_v2_min_tmp_size([8, 64], 4, 4, True))
    tiling.reduce_size = 7
    assert _failure(tmp_path, tiling=tiling) == (
        "SoftmaxFlashV2: the tiling's reduceSize is 7, but SoftMaxFlashV2TilingFunc makes 64 for [8, 64] in steps "
        "of splitM 8 rows; CANN's SoftmaxFlashV2 reads every field of the tiling"
    )


def test_a_temporary_buffer_smaller_than_the_tiling_s_rows_is_an_error(tmp_path: Path) -> None:
    tiling = host_tiling(8, 64, 4, 4, 8 * host.get_soft_max_flash_v2_min_tmp_size([8, 64], 4, 4, True))
    assert _failure(tmp_path, tiling=tiling, tmp_bytes=1024) == (
        "SoftmaxFlashV2: the temporary buffer has 1024 bytes, but the tiling's splitM rows needs at least 2304 "
        "(CANN's minimum temporary size)"
    )


def test_outputs_overlapping_is_an_error(tmp_path: Path) -> None:
    """expMax placed on the sums: CANN allows only src/dst, max/inMax and expSum/inExpSum as one tensor."""
    assert _failure(tmp_path, emax_at=81920) == (
        "SoftmaxFlashV2: expSumTensor (bytes [81920, 82176)) overlaps expMaxTensor (bytes [81920, 82176)); CANN "
        "allows only srcTensor and dstTensor, maxTensor and inMaxTensor, expSumTensor and inExpSumTensor to be one "
        "tensor"
    )


DEVICE_TILING = """
tg = asc.GlobalTensor()
tg.set_global_buffer(t)
shape = asc.adv.SoftmaxShapeInfo(m, k, m, k)
tiling = asc.adv.softmax_flash_v2_tiling_func(shape, {size1}, {size2}, work, True, {basic})
tg.set_value(0, tiling.src_m)
tg.set_value(1, tiling.src_k)
tg.set_value(2, tiling.src_size)
tg.set_value(3, tiling.out_max_m)
tg.set_value(4, tiling.out_max_k)
tg.set_value(5, tiling.out_max_size)
tg.set_value(6, tiling.split_m)
tg.set_value(7, tiling.split_k)
tg.set_value(8, tiling.split_size)
tg.set_value(9, tiling.reduce_m)
tg.set_value(10, tiling.reduce_k)
tg.set_value(11, tiling.reduce_size)
tg.set_value(12, tiling.range_m)
tg.set_value(13, tiling.tail_m)
tg.set_value(14, tiling.tail_split_size)
tg.set_value(15, tiling.tail_reduce_size)
"""


@pytest.mark.parametrize(
    ("size1", "size2", "basic", "shapes"),
    [
        (2, 4, False, [(16, 64, 3000), (10, 32, 2000), (40, 128, 9000), (1, 2048, 20000)]),
        (4, 4, False, [(64, 64, 1000), (9, 1024, 300)]),
        (2, 2, True, [(64, 128, 30000), (16, 512, 50000)]),
        (4, 4, True, [(32, 64, 4096), (16, 1024, 2304)]),
    ],
)
def test_the_kernel_side_tiling_is_the_host_s(
    tmp_path: Path, size1: int, size2: int, basic: bool, shapes: list[tuple[int, int, int]]
) -> None:
    """SoftMaxFlashV2TilingFunc in the kernel (runtime shape and space) makes the tiling the host makes for the
    same shape and space, but for a basic block of 1024 elements: CANN's host formula reserves 64 floats more per
    row there, its kernel-side formula does not."""
    body = DEVICE_TILING.format(size1=size1, size2=size2, basic=basic)
    kernel = an.load_kernel(tmp_path, body, "t: asc.GlobalAddress, m: int, k: int, work: int")
    for m, k, work in shapes:
        fields = np.zeros(16, np.int32)
        kernel[1](fields, m, k, work)
        host_made = asc.adv.SoftmaxTiling()
        host.soft_max_flash_v2_tiling_func([m, k], size1, size2, work, host_made, True, basic)
        if basic and k == 1024:
            assert (fields[6], host_made.split_m) == (8, 4)  # splitM: 72 floats a row in the kernel, 136 on the host
        else:
            assert list(fields) == list(struct.unpack("<16I", host_made.pack())), (m, k, work)


KERNEL_TILED = """
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
yg = asc.GlobalTensor()
yg.set_global_buffer(y)
{pipe}
src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 2048)
dst = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 4096, 2048)
sums = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 8192, 128)
maxes = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 8704, 128)
emax = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 9216, 256)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 10240, 2400)
asc.data_copy(src, xg, 2048)
shape = asc.adv.SoftmaxShapeInfo(m, 128, m, 128)
tiling = asc.adv.softmax_flash_v2_tiling_func(shape, 2, 4, 2400)
asc.adv.softmax_flash_v2(dst, sums, maxes, src, emax, sums, maxes, tiling, tmp, softmax_shape_info=shape)
asc.data_copy(yg, dst, 2048)
"""


def test_softmax_flash_v2_with_a_tiling_made_in_the_kernel(tmp_path: Path) -> None:
    """The shape known only in the kernel (16 rows of 128), its tiling made there for 2400 bytes (three rows a
    step, a tail of one)."""
    kernel = an.load_kernel(
        tmp_path,
        KERNEL_TILED.format(pipe=an.pipe_reserving(16384)),
        "x: asc.GlobalAddress, y: asc.GlobalAddress, m: int",
    )
    x = np.random.default_rng(5).normal(0, 3, (16, 128)).astype(np.float16)
    y = np.zeros_like(x)
    kernel[1](x, y, 16)
    assert np.array_equal(y, an.softmax_flash_v2_model(x, np.float32)[0])


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
asc.data_copy(src, xg, 512)
shape = asc.adv.SoftmaxShapeInfo(8, 64, 8, {original})
tiling = asc.adv.softmax_flash_v2_tiling_func(shape, 4, 4, 8 * 72 * 4, basic_block={basic})
asc.adv.softmax_flash_v2(dst, sums, maxes, src, emax, sums, maxes, tiling, softmax_shape_info=shape,
    basic_block={basic})
asc.data_copy(yg, dst, 512)
asc.data_copy(sg, sums, 64)
"""


@pytest.mark.parametrize(("original", "basic"), [(40, False), (64, False), (0, True)])
def test_a_padded_last_axis_is_reduced_over_the_original_one(tmp_path: Path, original: int, basic: bool) -> None:
    """A SoftMaxShapeInfo of 64 columns of which the first ``original`` are data (the rest padding): the maximum and
    sum run over those, dst over all 64; a basic block reduces every column whatever the original shape says."""
    body = PADDED.format(pipe=an.pipe_reserving(16384), original=original, basic=basic)
    kernel = an.load_kernel(tmp_path, body, "x: asc.GlobalAddress, y: asc.GlobalAddress, s: asc.GlobalAddress")
    x = np.random.default_rng(11).normal(0, 2, (8, 64)).astype(np.float32)
    y = np.zeros_like(x)
    s = np.zeros((8, 8), np.float32)
    kernel[1](x, y, s)
    dst, _, sums, _ = an.softmax_flash_v2_model(x, np.float32, basic_block=basic, original_k=original or None)
    assert np.array_equal(y, dst)
    assert np.array_equal(s, sums)


def test_masked_scores_of_causal_attention(tmp_path: Path) -> None:
    """Scores masked with -inf, as causal attention masks them: a row fully masked in a later block leaves the
    running max and sum as they were (its dst is 0, its exp_max 1), a half-masked row sums its other half; both
    backends and the model agree bit for bit."""
    m, k = 8, 64
    tmp_bytes = host.get_soft_max_flash_v2_max_tmp_size([m, k], 2, 4, True)
    tiling = host_tiling(m, k, 2, 4, tmp_bytes)
    x = np.random.default_rng(13).normal(0, 3, (3, m, k)).astype(np.float16)
    x[1, 2, :] = -np.inf
    x[2, 3, ::2] = -np.inf
    y, em, s, mx = run_blocks(tmp_path, x, np.float32, tiling, tmp_bytes)
    dst, new_max, new_sum, _ = an.softmax_flash_v2_model(x[0], np.float32)
    for b in range(1, 3):
        dst, new_max, new_sum, exp_max = an.softmax_flash_v2_model(x[b], np.float32, new_max, new_sum)
        assert np.array_equal(y[b], dst)
        assert np.array_equal(em[b], exp_max)
    assert not y[1, 2].any()
    assert np.all(em[1, 2] == 1)
    assert np.array_equal(s, new_sum)
    assert np.array_equal(mx, new_max)
