"""The per-repeat reductions, the sorts and region proposals, and the scalar-unit ops on the CPU
emulation, against numpy references written from CANN's documentation.

Tolerances: the emulation adds half values in float and rounds to half after every addition of
the binary tree CANN documents (neighbours first), so every sum is compared *exactly* with a numpy
reference that does the same (``tree_sum``: float32 additions of float16 pairs, rounded to float16 at
each level); float32 sums round the same way and compare exactly too.  Against the exact (float64)
sum, a tree of depth d over n values of magnitude at most m is off by at most d * n * m * 2^-11 for
half (2^-24 for float), the bound ``test_tree_sums_stay_within_the_rounding_bound`` checks.  Maxima,
minima, indices, sorts and scalar results compare exactly.
"""

from __future__ import annotations

import math
import textwrap
import warnings
from collections.abc import Callable
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import ascx as asc
from ascx.emu.launch import EmulationError

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

Load = Callable[[str], ModuleType]

KERNEL = """
@asc.jit
def k(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, {n_in})
    c = asc.LocalTensor(z.dtype, asc.TPosition.VECOUT, 131072, {n_out})
    asc.data_copy(a, xg, {n_in})
    asc.duplicate(c, {fill}, {n_out})
{body}
    asc.data_copy(zg, c, {n_out})
"""
"""``a`` holds the input (from x); the body writes ``c`` (pre-filled with ``fill``), which goes to z."""

SENTINEL = 7.0
"""What the destination holds where a reduction writes nothing."""


def run(load: Load, body: str, x: np.ndarray, out_dtype: Any, n_out: int, fill: float = SENTINEL) -> np.ndarray:
    source = KERNEL.format(n_in=x.size, n_out=n_out, fill=fill, body=textwrap.indent(textwrap.dedent(body), "    "))
    z = np.zeros(n_out, dtype=out_dtype)
    load(source).k[1](x, z)
    return z


def lanes(dtype: Any) -> int:
    return 256 // np.dtype(dtype).itemsize


def lane_offset(r: int, j: int, block_stride: int, repeat_stride: int, dtype: Any) -> int:
    """Lane j of repeat r (strides in 32-byte blocks), as CANN's repeat model lays it out."""
    per_block = 32 // np.dtype(dtype).itemsize
    return r * repeat_stride * per_block + (j // per_block) * block_stride * per_block + j % per_block


def tree_sum(values: np.ndarray, dtype: Any) -> Any:
    """Neighbours first, each addition in float32 and rounded to ``dtype`` (float16 or float32)."""
    level = np.asarray(values, dtype=dtype)
    while level.size > 1:
        level = (level[0::2].astype(np.float32) + level[1::2].astype(np.float32)).astype(dtype)
    return level[0]


def repeats_of(x: np.ndarray, times: int, active: np.ndarray, block_stride: int = 1, repeat_stride: int = 8) -> list:
    """The lanes of each repeat (inactive lanes as 0) and the active flags."""
    n = lanes(x.dtype)
    rows = []
    for r in range(times):
        values = np.array(
            [x[lane_offset(r, j, block_stride, repeat_stride, x.dtype)] if active[j] else 0 for j in range(n)]
        )
        rows.append(values.astype(x.dtype))
    return rows


def full(dtype: Any) -> np.ndarray:
    return np.ones(lanes(dtype), dtype=bool)


def inputs(dtype: Any, n: int = 512, seed: int = 0, low: float = -1.0, high: float = 1.0) -> np.ndarray:
    return np.random.default_rng(seed).uniform(low, high, n).astype(dtype)


# --- WholeReduceSum, RepeatReduceSum ---------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_whole_reduce_sum_adds_each_repeat_as_a_binary_tree(kernel_module: Load, dtype: Any) -> None:
    x = inputs(dtype)
    n = lanes(dtype)
    times = x.size // n
    body = f"""
    asc.whole_reduce_sum(c, a, {n}, {times}, 1, 1, 8)
    asc.repeat_reduce_sum(c[32:], a, {times}, {n}, 0, 1, 1, 8)
    """
    got = run(kernel_module, body, x, dtype, 64)
    want = [tree_sum(row, dtype) for row in repeats_of(x, times, full(dtype))]
    np.testing.assert_array_equal(got[:times], want)
    np.testing.assert_array_equal(got[32 : 32 + times], want)
    assert (got[times:32] == SENTINEL).all()


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_tree_sums_stay_within_the_rounding_bound(kernel_module: Load, dtype: Any) -> None:
    x = inputs(dtype, seed=5)
    n = lanes(dtype)
    times = x.size // n
    got = run(kernel_module, f"asc.whole_reduce_sum(c, a, {n}, {times}, 1, 1, 8)", x, dtype, 32)
    unit = 2.0**-11 if dtype == np.float16 else 2.0**-24
    for r, row in enumerate(x.astype(np.float64).reshape(times, n)):
        bound = math.log2(n) * n * np.abs(row).max() * unit
        assert abs(float(got[r]) - row.sum()) <= bound


def test_whole_reduce_sum_with_a_lane_mask_and_strides(kernel_module: Load) -> None:
    """mask 100 of 128 lanes, block stride 2, repeat stride 16 blocks, a result every 3 elements."""
    x = inputs(np.float16)
    got = run(kernel_module, "asc.whole_reduce_sum(c, a, 100, 2, 3, 2, 16)", x, np.float16, 32)
    active = np.arange(128) < 100
    want = [tree_sum(row, np.float16) for row in repeats_of(x, 2, active, 2, 16)]
    np.testing.assert_array_equal(got[[0, 3]], want)
    assert (np.delete(got, [0, 3]) == SENTINEL).all()


def test_whole_reduce_sum_with_a_bit_mask(kernel_module: Load) -> None:
    x = inputs(np.float16, seed=2)
    body = "asc.whole_reduce_sum(c, a, [0xAAAAAAAAAAAAAAAA, 0x00000000FFFFFFFF], 4, 1, 1, 8)"
    got = run(kernel_module, body, x, np.float16, 16)
    active = np.array([(j % 2 == 1) if j < 64 else j < 96 for j in range(128)])
    want = [tree_sum(row, np.float16) for row in repeats_of(x, 4, active)]
    np.testing.assert_array_equal(got[:4], want)


# --- WholeReduceMax / WholeReduceMin and ReduceOrder --------------------------------------------------------


@pytest.mark.parametrize(("dtype", "index"), [(np.float16, np.uint16), (np.float32, np.uint32)])
def test_whole_reduce_max_min_in_every_order(kernel_module: Load, dtype: Any, index: Any) -> None:
    x = np.random.default_rng(3).integers(-50, 50, 512).astype(dtype)  # many ties: the first lane counts
    n = lanes(dtype)
    times = x.size // n
    body = "".join(
        f"asc.whole_reduce_{kind}(c[{row * 64}:], a, {n}, {times}, 1, 1, 8, asc.ReduceOrder.{order})\n"
        for row, (kind, order) in enumerate(
            (kind, order)
            for kind in ("max", "min")
            for order in ("ORDER_VALUE_INDEX", "ORDER_INDEX_VALUE", "ORDER_ONLY_VALUE", "ORDER_ONLY_INDEX")
        )
    )
    got = run(kernel_module, body, x, dtype, 512, fill=0.0).reshape(8, 64)
    rows = x.reshape(times, n)
    for k, (values, where) in enumerate(((rows.max(1), rows.argmax(1)), (rows.min(1), rows.argmin(1)))):
        value_index, index_value, only_value, only_index = got[4 * k : 4 * k + 4]
        np.testing.assert_array_equal(value_index[: 2 * times : 2], values)
        np.testing.assert_array_equal(value_index[1 : 2 * times : 2].view(index), where)
        np.testing.assert_array_equal(index_value[: 2 * times : 2].view(index), where)
        np.testing.assert_array_equal(index_value[1 : 2 * times : 2], values)
        np.testing.assert_array_equal(only_value[:times], values)
        np.testing.assert_array_equal(only_index.view(np.uint32)[:times], where)


def bit_lanes(mask: list[int], n: int) -> np.ndarray:
    """The lanes of an ``n``-lane repeat a bit mask selects."""
    return np.array([(mask[j // 64] >> (j % 64)) & 1 == 1 for j in range(n)])


@pytest.mark.parametrize(
    ("dtype", "index", "mask"),
    [
        (np.float16, np.uint16, [0xF0F0F0F0F0F0F0F0, 0x00000000FFFF0001]),
        (np.float32, np.uint32, [0x0FF000000000FFF0, 0]),
    ],
)
def test_whole_reduce_max_min_with_a_bit_mask_look_at_its_lanes_only(
    kernel_module: Load, dtype: Any, index: Any, mask: list[int]
) -> None:
    """The bit-mask forms over 4 repeats: each repeat's maximum and minimum among the selected lanes, with the
    lane of the first one (ORDER_VALUE_INDEX); values outside the mask are larger and smaller than all."""
    n = lanes(dtype)
    active = bit_lanes(mask, n)
    x = np.random.default_rng(9).integers(-50, 50, 4 * n).astype(dtype)
    x.reshape(4, n)[:, ~active] = np.array([99, -99] * n, dtype)[: n - int(active.sum())]  # masked-off extremes
    body = f"""
    asc.whole_reduce_max(c, a, {mask}, 4, 1, 1, 8)
    asc.whole_reduce_min(c[64:], a, {mask}, 4, 1, 1, 8)
    """
    got = run(kernel_module, body, x, dtype, 128, fill=0.0)
    for k, pick in enumerate((np.argmax, np.argmin)):
        for r, row in enumerate(x.reshape(4, n)):
            where = np.flatnonzero(active)[pick(row[active])]
            assert got[64 * k + 2 * r] == row[where], (k, r)
            assert got[64 * k + 2 * r + 1 : 64 * k + 2 * r + 2].view(index)[0] == where, (k, r)


def test_whole_reduce_max_of_a_masked_repeat_looks_at_its_lanes_only(kernel_module: Load) -> None:
    x = inputs(np.float16, seed=4)
    x[100] = 9  # masked off
    x[3] = 8
    got = run(kernel_module, "asc.whole_reduce_max(c, a, 64, 1, 1, 1, 8)", x, np.float16, 16)
    assert got[0] == 8
    assert got[1:2].view(np.uint16)[0] == 3


# --- BlockReduce*, PairReduceSum -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dtype", "mask"),
    [
        (np.float16, 100),
        (np.float32, 36),
        (np.float16, [0x00FF00FF00000F0F, 0xF0F0F0F0F0F0F000]),
        (np.float32, [0x0F0F0000FFFF00F0, 0]),
    ],
    ids=["half-continuous", "float-continuous", "half-bits", "float-bits"],
)
def test_block_reductions_leave_blocks_without_lanes_alone(
    kernel_module: Load, dtype: Any, mask: int | list[int]
) -> None:
    x = inputs(dtype, seed=6)
    n = lanes(dtype)
    per_block = n // 8
    body = f"""
    asc.block_reduce_sum(c, a, 2, {mask}, 1, 1, 8)
    asc.block_reduce_max(c[32:], a, 2, {mask}, 1, 1, 8)
    asc.block_reduce_min(c[64:], a, 2, {mask}, 1, 1, 8)
    """
    got = run(kernel_module, body, x, dtype, 96).reshape(3, 32)
    active = np.arange(n) < mask if isinstance(mask, int) else bit_lanes(mask, n)
    for r, row in enumerate(repeats_of(x, 2, active)):
        for b in range(8):
            lanes_on = active[b * per_block : (b + 1) * per_block]
            values = row[b * per_block : (b + 1) * per_block]
            at = r * 8 + b
            if not lanes_on.any():
                assert (got[:, at] == SENTINEL).all()
                continue
            assert got[0, at] == tree_sum(values, dtype)
            assert got[1, at] == values[lanes_on].max()
            assert got[2, at] == values[lanes_on].min()


def test_pair_reduce_sum_adds_neighbours_and_skips_empty_pairs(kernel_module: Load) -> None:
    x = inputs(np.float32, n=256, seed=7)
    bits = 0b0111_0011_0001  # pairs: (1,1), (0,1), (0,0), (1,1), (1,0), (1,1)...
    got = run(kernel_module, f"asc.pair_reduce_sum(c, a, 2, [{bits}], 1, 1, 8)", x, np.float32, 64)
    active = np.array([(bits >> j) & 1 == 1 for j in range(64)])
    for r in range(2):
        for p in range(32):
            pair = active[2 * p : 2 * p + 2]
            at = r * 32 + p
            if not pair.any():
                assert got[at] == SENTINEL
            else:
                values = np.where(pair, x[r * 64 + 2 * p : r * 64 + 2 * p + 2], 0).astype(np.float32)
                assert got[at] == np.float32(values[0] + values[1])


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_pair_reduce_sum_with_a_continuous_mask(kernel_module: Load, dtype: Any) -> None:
    """A continuous mask of 37 lanes over 2 repeats: the pairs of lanes 0-35 add up, lane 36 alone makes the
    19th pair, the pairs past it are not written."""
    x = inputs(dtype, n=512, seed=8)
    n = lanes(dtype)
    got = run(kernel_module, "asc.pair_reduce_sum(c, a, 2, 37, 1, 1, 8)", x, dtype, n)
    for r in range(2):
        row = x[r * n : r * n + 38].astype(np.float32)
        row[37] = 0  # outside the mask
        want = (row[0::2] + row[1::2]).astype(dtype)
        np.testing.assert_array_equal(got[r * n // 2 : r * n // 2 + 19], want)
        assert (got[r * n // 2 + 19 : (r + 1) * n // 2] == SENTINEL).all()


def test_a_zero_mask_or_repeat_count_does_nothing(kernel_module: Load) -> None:
    body = """
    asc.block_reduce_sum(c, a, 1, 0, 1, 1, 8)
    asc.whole_reduce_max(c, a, 128, 0, 1, 1, 8)
    asc.pair_reduce_sum(c, a, 1, [0, 0], 1, 1, 8)
    """
    got = run(kernel_module, body, inputs(np.float16), np.float16, 32)
    assert (got == SENTINEL).all()


def test_a_runtime_repeat_count_past_255_is_an_error(kernel_module: Load) -> None:
    source = """
    @asc.jit
    def k(x: asc.GlobalAddress, n: int) -> None:
        a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 512)
        c = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 4096, 512)
        asc.whole_reduce_sum(c, a, 128, n, 1, 1, 8)
    """
    with pytest.raises(EmulationError) as caught:
        kernel_module(source).k[1](np.zeros(8, np.float16), 256)
    assert caught.value.message.split(": ", 2)[2] == "WholeReduceSum: repeatTime 256 is outside [0, 255]"


# --- ReduceSum / ReduceMax / ReduceMin: scratch space and more than 255 repeats -----------------------------


@pytest.mark.clean_room_only(
    "CANN's ReduceSum (count form) fetches event IDs from the kernel's TPipe (GetTPipePtr()->FetchEventID) "
    "and this kernel has none: a null dereference there (docs/emulation.md#what-the-differential-check-found)"
)
def test_reduce_sum_takes_more_than_255_repeats(kernel_module: Load) -> None:
    """CANN's mask-form repeatTime is an int32_t (pyasc truncates it to uint8); repeat sums add as a tree."""
    x = inputs(np.float32, n=300 * 64, seed=8)
    body = """
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 98304, 304)
    asc.reduce_sum(c, a, t, 64, 300, 8)
    """
    got = run(kernel_module, body, x, np.float32, 8)
    sums = [tree_sum(row, np.float32) for row in x.reshape(300, 64)]
    padded = np.concatenate([sums, np.zeros(512 - 300, np.float32)]).astype(np.float32)
    assert got[0] == tree_sum(padded, np.float32)


@pytest.mark.parametrize(
    ("call", "tmp", "message"),
    [
        (
            "asc.reduce_sum(c, a, t, 64, 9, 8)",
            8,
            "ReduceSum: sharedTmpBuffer holds 8 elements but the reduction needs 16 (CANN's formula for the mask form)",
        ),
        (
            "asc.reduce_max(c, a, t, 512, True)",
            8,
            "ReduceMax: sharedTmpBuffer holds 8 elements but the reduction needs 24 "
            "(CANN's formula for the count form)",
        ),
    ],
)
def test_a_scratch_tensor_smaller_than_cann_asks_is_an_error(
    kernel_module: Load, call: str, tmp: int, message: str
) -> None:
    body = f"t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 98304, {tmp})\n{call}"
    with pytest.raises(EmulationError) as caught:
        run(kernel_module, body, inputs(np.float32), np.float32, 8)
    assert caught.value.message.split(": ", 2)[2] == message


# --- Sort32, MrgSort, Sort -------------------------------------------------------------------------------------

SORT_KERNEL = """
@asc.jit
def k(x: asc.GlobalAddress, i: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    ig = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    ig.set_global_buffer(i)
    zg.set_global_buffer(z)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, {n})
    idx = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 16384, {n})
    s = asc.LocalTensor(x.dtype, asc.TPosition.VECCALC, 32768, {m})
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECCALC, 65536, {m})
    c = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 98304, {m})
    asc.data_copy(a, xg, {n})
    asc.data_copy(idx, ig, {n})
    asc.duplicate(c, 0.0, {m})
{body}
    asc.data_copy(zg, c, {m})
"""
"""Scores ``a`` and indices ``idx`` of ``n`` elements; ``s`` and ``t`` are scratch, ``c`` (``m``
elements, the sorted structures) goes to z."""


def run_sort(load: Load, body: str, scores: np.ndarray, indices: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The (scores, indices) of the sorted structures the body leaves in ``c``."""
    per = 8 // scores.dtype.itemsize
    m = scores.size * per
    source = SORT_KERNEL.format(n=scores.size, m=m, body=textwrap.indent(textwrap.dedent(body), "    "))
    z = np.zeros(m, dtype=scores.dtype)
    load(source).k[1](scores, indices, z)
    structures = z.view(np.uint8).reshape(-1, 8)
    return structures[:, : scores.dtype.itemsize].copy().view(scores.dtype).ravel(), structures[:, 4:].copy().view(
        np.uint32
    ).ravel()


def stable_descending(scores: np.ndarray) -> np.ndarray:
    key = np.where(np.isnan(scores), np.inf, scores.astype(np.float64))
    return np.argsort(-key, kind="stable")


def sort_inputs(dtype: Any, n: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    scores = rng.integers(0, 12, n).astype(dtype)  # ties everywhere
    indices = rng.permutation(10 * n)[:n].astype(np.uint32)
    return scores, indices


@pytest.mark.clean_room_only("the CANN backend's intrinsic layer does not emulate vbitsort (Sort32) yet")
@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_sort32_sorts_each_group_of_32_largest_first(kernel_module: Load, dtype: Any) -> None:
    scores, indices = sort_inputs(dtype, 128)
    scores[5] = np.nan  # NaN goes first
    got_scores, got_indices = run_sort(kernel_module, "asc.sort32(c, a, idx, 4)", scores, indices)
    for g in range(4):
        order = g * 32 + stable_descending(scores[g * 32 : (g + 1) * 32])
        np.testing.assert_array_equal(got_scores[g * 32 : (g + 1) * 32], scores[order])
        np.testing.assert_array_equal(got_indices[g * 32 : (g + 1) * 32], indices[order])


@pytest.mark.clean_room_only(
    "the CANN backend's intrinsic layer does not emulate vbitsort and vmrgsort4 (Sort32, MrgSort) yet"
)
@pytest.mark.parametrize(
    ("queues", "valid_bit"),
    [(4, 15), (3, 7), (2, 3)],
)
def test_mrg_sort_merges_sorted_queues(kernel_module: Load, queues: int, valid_bit: int) -> None:
    scores, indices = sort_inputs(np.float32, 128, seed=queues)
    lists = ", ".join(f"s[{64 * q}:]" for q in range(queues))
    counts = [32] * queues + [0] * (4 - queues)
    body = f"""
    asc.sort32(s, a, idx, 4)
    asc.mrg_sort(c, asc.MrgSortSrcList(asc.float32, {lists}), {counts}, [0, 0, 0, 0], {valid_bit}, 1)
    """
    got_scores, got_indices = run_sort(kernel_module, body, scores, indices)
    n = 32 * queues
    order = stable_descending(scores[:n])
    np.testing.assert_array_equal(got_scores[:n], scores[order])
    np.testing.assert_array_equal(got_indices[:n], indices[order])


@pytest.mark.clean_room_only(
    "the CANN backend's intrinsic layer does not emulate vbitsort and vmrgsort4 (Sort32, MrgSort) yet"
)
def test_mrg_sort_with_info_repeats_over_contiguous_queues(kernel_module: Load) -> None:
    scores, indices = sort_inputs(np.float16, 256, seed=11)
    body = """
    asc.sort32(s, a, idx, 8)
    info = asc.MrgSort4Info([32, 32, 32, 32], False, 15, 2)
    asc.mrg_sort(c, asc.MrgSortSrcList(asc.float16, s, s[128:], s[256:], s[384:]), info)
    """
    got_scores, got_indices = run_sort(kernel_module, body, scores, indices)
    for half in range(2):
        part = slice(128 * half, 128 * (half + 1))
        order = 128 * half + stable_descending(scores[part])
        np.testing.assert_array_equal(got_scores[part], scores[order])
        np.testing.assert_array_equal(got_indices[part], indices[order])


@pytest.mark.clean_room_only("the CANN backend's intrinsic layer does not emulate vbitsort and vmrgsort4 (Sort) yet")
@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_full_sort_orders_every_group(kernel_module: Load, dtype: Any) -> None:
    scores, indices = sort_inputs(dtype, 160, seed=12)
    got_scores, got_indices = run_sort(kernel_module, "asc.sort(c, a, idx, t, 5, True)", scores, indices)
    order = stable_descending(scores)
    np.testing.assert_array_equal(got_scores, scores[order])
    np.testing.assert_array_equal(got_indices, indices[order])


@pytest.mark.clean_room_only(
    "the CANN backend's intrinsic layer does not emulate vmrgsort4 and its result registers (MrgSort) yet"
)
def test_exhausted_suspension_stops_the_merge_and_get_mrg_sort_result_counts(kernel_module: Load) -> None:
    """Queue 1 holds the even numbers 62 ... 0, queue 2 the odd numbers 15 ... 1: queue 2 runs out when
    its 1 goes, after 31 items of queue 1."""
    source = """
    @asc.jit
    def k(x: asc.GlobalAddress, i: asc.GlobalAddress, z: asc.GlobalAddress, r: asc.GlobalAddress) -> None:
        xg = asc.GlobalTensor()
        ig = asc.GlobalTensor()
        zg = asc.GlobalTensor()
        rg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        ig.set_global_buffer(i)
        zg.set_global_buffer(z)
        rg.set_global_buffer(r)
        a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        idx = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 1024, 64)
        s = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 2048, 128)
        c = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4096, 128)
        asc.data_copy(a, xg, 64)
        asc.data_copy(idx, ig, 64)
        asc.duplicate(c, 0.0, 128)
        asc.sort32(s, a, idx, 2)
        asc.mrg_sort(c, asc.MrgSortSrcList(asc.float32, s, s[64:]), [32, 8, 0, 0], [0, 0, 0, 0], 3, 1, True)
        m1, m2, m3, m4 = asc.get_mrg_sort_result()
        rg.set_value(0, m1)
        rg.set_value(1, m2)
        rg.set_value(2, m3)
        rg.set_value(3, m4)
        asc.data_copy(zg, c, 128)
    """
    scores = np.concatenate([np.arange(0, 64, 2), np.arange(1, 16, 2), np.full(24, -1)]).astype(np.float32)
    indices = np.arange(64, dtype=np.uint32)
    z = np.zeros(128, np.float32)
    counts = np.zeros(4, np.uint32)
    kernel_module(textwrap.dedent(source)).k[1](scores, indices, z, counts)
    assert counts.tolist() == [31, 8, 0, 0]
    merged = z.reshape(-1, 2)[:, 0]
    np.testing.assert_array_equal(
        merged[:39], np.sort(np.concatenate([np.arange(2, 64, 2), np.arange(1, 16, 2)]))[::-1]
    )
    assert (merged[39:] == 0).all()


def test_get_sort_len_and_offset_count_elements_of_the_sorted_layout(kernel_module: Load) -> None:
    source = """
    @asc.jit
    def k(r: asc.GlobalAddress, n: int) -> None:
        rg = asc.GlobalTensor()
        rg.set_global_buffer(r)
        rg.set_value(0, asc.get_sort_len(n))
        rg.set_value(1, asc.get_sort_len(n, asc.float16))
        rg.set_value(2, asc.get_sort_offset(n))
        rg.set_value(3, asc.get_sort_offset(n, asc.float16))
    """
    out = np.zeros(4, np.uint32)
    kernel_module(textwrap.dedent(source)).k[1](out, 100)
    assert out.tolist() == [200, 400, 200, 400]


# --- region proposals ----------------------------------------------------------------------------------------


@pytest.mark.clean_room_only(
    "CANN's ProposalConcat asserts on Atlas A2: ProposalConcat is not supported on current device."
)
def test_region_proposals_concat_sort_merge_and_extract(kernel_module: Load) -> None:
    """Build 32 proposals field by field, sort each group of 16 by score (RpSort16), merge the two groups
    (MrgSort4), and take the scores and labels out again."""
    source = """
    @asc.jit
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
        xg = asc.GlobalTensor()
        zg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        zg.set_global_buffer(z)
        fields = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 192)
        p = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 1024, 256)
        q = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 2048, 256)
        m = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 3072, 256)
        out = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 4096, 96)
        asc.data_copy(fields, xg, 192)
        asc.duplicate(p, 0.0, 256)
        for mode in asc.static_range(6):
            asc.proposal_concat(p, fields[32 * mode:], 2, mode)
        asc.rp_sort16(q, p, 2)
        asc.mrg_sort4(m, asc.MrgSortSrcList(asc.float16, q, q[128:]), asc.MrgSort4Info([16, 16, 0, 0], valid_bit=3))
        asc.proposal_extract(out, q, 2, 4)
        asc.proposal_extract(out[32:], m, 2, 4)
        asc.proposal_extract(out[64:], m, 2, 5)
        asc.data_copy(zg, out, 96)
    """
    rng = np.random.default_rng(13)
    fields = rng.integers(0, 20, 192).astype(np.float16)  # x1, y1, x2, y2, score, label: 32 each
    z = np.zeros(96, np.float16)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", asc.AscxWarning)  # these four warn that the 910B rejects them
        kernel_module(textwrap.dedent(source)).k[1](fields, z)
    score, label = fields[128:160], fields[160:192]
    per_group = np.concatenate([g * 16 + stable_descending(score[g * 16 : (g + 1) * 16]) for g in range(2)])
    np.testing.assert_array_equal(z[:32], score[per_group])
    merged = stable_descending(score)
    np.testing.assert_array_equal(z[32:64], score[merged])
    np.testing.assert_array_equal(z[64:96], label[merged])


# --- scalar-unit ops ---------------------------------------------------------------------------------------------

BITS_INPUTS = np.array(
    [0, -1, 1, 2, 28, 16, 0xFF00, 0x00FF, 0x0100000000000020, 0x00F0000000000000, 0x0FFFFFFFFFFFFFFF,
     0x7FFFFFFFFFFFFFFF, -0x8000000000000000, -2, -28, 0x1000000000000100, 0xFFFF],
    dtype=np.int64,
)  # fmt: skip


def _u(v: int) -> int:
    return v & (2**64 - 1)


def clz(v: int) -> int:
    return 64 - _u(v).bit_length()


def sff(v: int, bit: int) -> int:
    u = _u(v) if bit == 1 else _u(~v)
    return -1 if u == 0 else (u & -u).bit_length() - 1


def ones(v: int, bit: int) -> int:
    count = bin(_u(v)).count("1")
    return count if bit == 1 else 64 - count


def same_as_sign(v: int) -> int:
    if v in (0, -1):
        return -1
    u = _u(v)
    sign = u >> 63
    n = 0
    for bit in range(62, -1, -1):
        if (u >> bit) & 1 != sign:
            break
        n += 1
    return n


@pytest.mark.clean_room_only(
    "the CANN backend's intrinsic layer does not emulate sflbits (ScalarCountLeadingZero's sign form) yet"
)
def test_bit_counts_match_their_definitions(kernel_module: Load) -> None:
    source = f"""
    @asc.jit
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
        xg = asc.GlobalTensor()
        zg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        zg.set_global_buffer(z)
        for i in asc.range({BITS_INPUTS.size}):
            v = xg.get_value(i)
            zg.set_value(i, asc.scalar_count_leading_zero(v))
            zg.set_value({BITS_INPUTS.size} + i, asc.scalar_get_sff_value(v, 0))
            zg.set_value({2 * BITS_INPUTS.size} + i, asc.scalar_get_sff_value(v, 1))
            zg.set_value({3 * BITS_INPUTS.size} + i, asc.scalar_get_count_of_value(v, 0))
            zg.set_value({4 * BITS_INPUTS.size} + i, asc.scalar_get_count_of_value(v, 1))
            zg.set_value({5 * BITS_INPUTS.size} + i, asc.count_bits_cnt_same_as_sign_bit(v))
    """
    z = np.zeros(6 * BITS_INPUTS.size, np.int64)
    kernel_module(textwrap.dedent(source)).k[1](BITS_INPUTS, z)
    values = [int(v) for v in BITS_INPUTS]
    want = [
        [clz(v) for v in values],
        [sff(v, 0) for v in values],
        [sff(v, 1) for v in values],
        [ones(v, 0) for v in values],
        [ones(v, 1) for v in values],
        [same_as_sign(v) for v in values],
    ]
    assert z.reshape(6, -1).tolist() == want
    # CANN's own examples
    assert (clz(0x0100000000000020), same_as_sign(0x0100000000000020), sff(0x1000000000000100, 1)) == (7, 6, 8)


CAST_INPUTS = np.array(
    [0.0, 1.5, 2.5, -1.5, -2.5, 0.49999997, 3.14159, -3.7, 1e9, -7.25, 65504.0, 6.1e-5, 1.0 + 2**-11, 2049.0, 0.1],
    dtype=np.float32,
)


def odd_half(f: np.float32) -> np.float16:
    """float32 to float16 rounding to odd: exact values stay, others take the neighbour with an odd last bit."""
    h = np.float16(f)
    if np.float32(h) == f:
        return h
    other = np.nextafter(h, np.float16(np.inf) if np.float32(h) < f else np.float16(-np.inf))
    return h if int(h.view(np.uint16)) & 1 else other


def rint_bfloat16_bits(f: np.float32) -> int:
    bits = int(np.array(f, np.float32).view(np.uint32))
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) & 0xFFFF


@pytest.mark.clean_room_only(
    "the CANN backend's intrinsic layer does not emulate the scalar conversions conv_f322s32a/c/f/r (ScalarCast) yet"
)
def test_scalar_cast_rounds_as_cann_documents(kernel_module: Load) -> None:
    n = CAST_INPUTS.size
    source = f"""
    @asc.jit
    def k(x: asc.GlobalAddress, i: asc.GlobalAddress, h: asc.GlobalAddress, b: asc.GlobalAddress) -> None:
        xg = asc.GlobalTensor()
        ig = asc.GlobalTensor()
        hg = asc.GlobalTensor()
        bg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        ig.set_global_buffer(i)
        hg.set_global_buffer(h)
        bg.set_global_buffer(b)
        bf = asc.LocalTensor(asc.bfloat16, asc.TPosition.VECOUT, 0, 32)
        for j in asc.range({n}):
            v = xg.get_value(j)
            ig.set_value(j, asc.scalar_cast(v, asc.int32, asc.RoundMode.CAST_ROUND))
            ig.set_value({n} + j, asc.scalar_cast(v, asc.int32, asc.RoundMode.CAST_CEIL))
            ig.set_value({2 * n} + j, asc.scalar_cast(v, asc.int32, asc.RoundMode.CAST_FLOOR))
            ig.set_value({3 * n} + j, asc.scalar_cast(v, asc.int32, asc.RoundMode.CAST_RINT))
            hg.set_value(j, asc.scalar_cast(v, asc.float16, asc.RoundMode.CAST_ODD))
            bf.set_value(j, asc.scalar_cast(v, asc.bfloat16, asc.RoundMode.CAST_RINT))
        asc.data_copy(bg, bf.reinterpret_cast(asc.uint16), 32)
    """
    ints = np.zeros(4 * n, np.int32)
    halves = np.zeros(n, np.float16)
    bf16 = np.zeros(32, np.uint16)
    kernel_module(textwrap.dedent(source)).k[1](CAST_INPUTS, ints, halves, bf16)
    x = CAST_INPUTS.astype(np.float64)
    rounded = np.sign(x) * np.floor(np.abs(x) + 0.5)
    want_ints = np.stack([rounded, np.ceil(x), np.floor(x), np.rint(x)]).astype(np.int32)
    np.testing.assert_array_equal(ints.reshape(4, n), want_ints)
    in_range = np.abs(CAST_INPUTS) <= 65504  # what CAST_ODD makes of larger values is not documented
    want_halves = [odd_half(f).view(np.uint16) for f in CAST_INPUTS[in_range]]
    np.testing.assert_array_equal(halves[in_range].view(np.uint16), want_halves)
    assert bf16[:n].tolist() == [rint_bfloat16_bits(f) for f in CAST_INPUTS]
    # CANN's examples: 3.14159 to half with CAST_ODD is 3.142578; 1.5 and 2.5 with CAST_ROUND are 2 and 3
    assert float(halves[6]) == pytest.approx(3.142578, abs=1e-6)
    assert (ints[1], ints[2]) == (2, 3)


BF16_BITS = np.array(
    [0x3F80, 0xBF80, 0x4049, 0x0000, 0x8000, 0x7F80, 0xFF80, 0x0001, 0x7F7F, 0x3E20, 0xC2F7, 0x4480, 0x3C00, 0x8001,
     0x4000, 0x7FC1],
    np.uint16,
)  # fmt: skip
"""1, -1, 3.140625, +-0, +-inf, the smallest subnormal, the largest finite, 0.15625, -123.5, 1024, 0.0078125,
the negative smallest subnormal, 2 and a quiet NaN with a payload."""


def test_to_float_widens_bfloat16_exactly(kernel_module: Load) -> None:
    """``asc.to_float`` of each bfloat16 value is the float32 with its 16 bits on top (numpy: ``bits << 16``)."""
    n = BF16_BITS.size
    source = f"""
    @asc.jit
    def k(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
        xg = asc.GlobalTensor()
        yg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        yg.set_global_buffer(y)
        bits = asc.LocalTensor(asc.uint16, asc.TPosition.VECIN, 0, {n})
        asc.data_copy(bits, xg, {n})
        brain = bits.reinterpret_cast(asc.bfloat16)
        for j in asc.range({n}):
            yg.set_value(j, asc.to_float(brain.get_value(j)))
    """
    out = np.zeros(n, np.float32)
    kernel_module(textwrap.dedent(source)).k[1](BF16_BITS, out)
    assert out.view(np.uint32).tolist() == (BF16_BITS.astype(np.uint32) << 16).tolist()
    assert out[:3].tolist() == [1.0, -1.0, 3.140625]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            """
            asc.sort32(s, a, idx, 4)
            info = asc.MrgSort4Info([32, 32, 32, 32], False, 15, 2)
            asc.mrg_sort(c, asc.MrgSortSrcList(asc.float32, s, s[64:], s[192:], s[128:]), info)
            """,
            "MrgSort: repeatTimes 2 needs four contiguous queues of one length, validBit 15 and no exhausted "
            "suspension",
        ),
        (
            """
            asc.sort32(s, a, idx, 4)
            asc.mrg_sort(s[96:], asc.MrgSortSrcList(asc.float32, s, s[64:]), [32, 32, 0, 0], [0, 0, 0, 0], 3, 1)
            """,
            "MrgSort: queue 2 overlaps dst; the merge does not support overlapping source and destination",
        ),
    ],
)
def test_merges_cann_does_not_support_are_errors(kernel_module: Load, body: str, message: str) -> None:
    scores, indices = sort_inputs(np.float32, 128)
    with pytest.raises(EmulationError) as caught:
        run_sort(kernel_module, body, scores, indices)
    assert caught.value.message.split(": ", 2)[2] == message
