"""Group normalisation with the statistics on the scalar unit: each block takes whole groups; per group a
tile loop copies the data in (``DataCopyPad`` through a depth-2 queue) and accumulates the sum and the
sum of squares element by element with Kahan compensation (``GetValue``), ``rstd = 1 / sqrt(variance +
eps)`` is scalar math, the mean and rstd are stored through a one-element queue tensor, and a second
tile loop normalises channel segment by channel segment (``Adds``/``Muls``/``Adds`` with gamma and
beta loaded one scalar at a time).

Origin: hicann/ops-nn, experimental/norm/group_norm/op_kernel/group_norm_kernel.h and group_norm.cpp,
commit 5db915191a95d075ded8e6788f1deb1ce2b6e9d3, and group_norm_tiling_data.h, commit
8008759cad2a755999c1a3993e6884d72c4f4fad (class ``GroupNormKernel::GroupNorm``: ``Init``, ``Process``,
``ProcessSingleElementGroups``, ``ProcessOneGroup``, ``CalcMeanAndVariance``, ``NormalizeAndCopyOut``,
``NormalizeFloatTile``, ``LoadScalarAsFloat``, ``CopyInPad``, ``CopyOutPad``, ``StoreScalar``,
``GetGroupOffset``, ``GetChannelBase``; kernel ``group_norm``).

Changes the translation needed:
- The class's methods are device functions; its members are locals passed to them; reference
  out-parameters (``meanVal``, ``meanOutVal``, ``rstdVal``) are return values.
- ``GroupNormTilingData`` (13 uint32 fields and two floats) arrives as scalar kernel parameters (Python
  ints and floats: int32 and float in the kernel; the sizes fit). uint64 offsets are int32 for the same
  reason.
- The template is instantiated for ``T = float``: the ``if constexpr`` branches for half/bf16 are not
  traced. Both ``schMode`` branches of ``Process`` are the same loop; it is written once.
- ``for (offset = 0; offset < dataCount; offset += tileLength)`` is ``range(0, data_count,
  tile_length)``; ``for (i = 0; i < currentCount;) { ...; i = segmentEnd; }`` is a ``while`` loop.
- ``sqrt`` is ``math.sqrt``, which ascx prints as the scalar unit's ``sqrt`` (issue 24 idiom 6).
- Sizes: N=2, C=4, HxW=40, 2 groups (80 elements each, 4 groups in all) over 3 blocks (2, 1, 1 groups),
  64-element tiles: each group runs a full tile and a 16-element tail; channels change inside tiles.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import numpy as np

import ascx as asc
from ascx.runtime.jit import MockTensor

BUFFER_NUM = 2
N, C, HXW, NUM_GROUPS, TILE, CORES, EPS = 2, 4, 40, 2, 64, 3, 1e-5


@asc.jit
def copy_in_pad(x_gm, dst_local, gm_offset, count):
    copy_params = asc.DataCopyExtParams(1, count * asc.float32.sizeof(), 0, 0, 0)
    pad_params = asc.DataCopyPadExtParams(asc.float32, False, 0, 0, 0.0)
    asc.data_copy_pad(dst_local, x_gm[gm_offset:], copy_params, pad_params)


@asc.jit
def copy_out_pad(gm, gm_offset, src_local, count):
    copy_params = asc.DataCopyExtParams(1, count * asc.float32.sizeof(), 0, 0, 0)
    asc.data_copy_pad(gm[gm_offset:], src_local, copy_params)


@asc.jit
def load_scalar_as_float(gm, index, in_queue):
    scalar_local = in_queue.alloc_tensor(asc.float32)
    copy_params = asc.DataCopyExtParams(1, asc.float32.sizeof(), 0, 0, 0)
    pad_params = asc.DataCopyPadExtParams(asc.float32, False, 0, 0, 0.0)
    asc.data_copy_pad(scalar_local, gm[index:], copy_params, pad_params)
    in_queue.enque(scalar_local)
    scalar_local = in_queue.deque(asc.float32)

    value = scalar_local.get_value(0)
    in_queue.free_tensor(scalar_local)
    return value


@asc.jit
def store_scalar(gm, index, value, out_queue):
    scalar_local = out_queue.alloc_tensor(asc.float32)
    scalar_local.set_value(0, value)
    out_queue.enque(scalar_local)
    scalar_local = out_queue.deque(asc.float32)
    copy_params = asc.DataCopyExtParams(1, asc.float32.sizeof(), 0, 0, 0)
    asc.data_copy_pad(gm[index:], scalar_local, copy_params)
    out_queue.free_tensor(scalar_local)


@asc.jit
def calc_mean_and_variance(x_gm, in_queue, group_offset, data_count, tile_length, eps, inv_elements_per_group):
    sum_ = 0.0
    sum_comp = 0.0
    square_sum = 0.0
    square_sum_comp = 0.0
    for offset in range(0, data_count, tile_length):
        current_count = tile_length
        if offset + current_count > data_count:
            current_count = data_count - offset
        x_local = in_queue.alloc_tensor(asc.float32)
        copy_in_pad(x_gm, x_local, group_offset + offset, current_count)
        in_queue.enque(x_local)
        x_local = in_queue.deque(asc.float32)

        for i in range(current_count):
            v = x_local.get_value(i)
            sum_input = v - sum_comp
            sum_next = sum_ + sum_input
            sum_comp = (sum_next - sum_) - sum_input
            sum_ = sum_next
            square_input = v * v - square_sum_comp
            square_next = square_sum + square_input
            square_sum_comp = (square_next - square_sum) - square_input
            square_sum = square_next
        in_queue.free_tensor(x_local)
    mean_val = sum_ * inv_elements_per_group
    mean_out_val = mean_val
    variance = square_sum * inv_elements_per_group - mean_val * mean_val
    variance = 0.0 if variance < 0.0 else variance
    rstd_val = 1.0 / math.sqrt(variance + eps)
    return mean_val, mean_out_val, rstd_val


@asc.jit
def normalize_float_tile(
    src_local, dst_local, offset, channel_base, current_count, mean_val, rstd_val, hxw, has_gamma, has_beta,
    gamma_gm, beta_gm, in_queue,
):  # fmt: skip
    i = 0
    while i < current_count:
        channel_in_group = (offset + i) // hxw
        channel = channel_base + channel_in_group
        next_channel_offset = (channel_in_group + 1) * hxw
        segment_end = current_count if next_channel_offset > offset + current_count else next_channel_offset - offset
        segment_count = segment_end - i
        gamma_val = 1.0 if has_gamma == 0 else load_scalar_as_float(gamma_gm, channel, in_queue)
        beta_val = 0.0 if has_beta == 0 else load_scalar_as_float(beta_gm, channel, in_queue)
        scale_val = rstd_val * gamma_val
        asc.adds(dst_local[i:], src_local[i:], -mean_val, segment_count)
        asc.muls(dst_local[i:], dst_local[i:], scale_val, segment_count)
        asc.adds(dst_local[i:], dst_local[i:], beta_val, segment_count)
        i = segment_end


@asc.jit
def group_norm(
    x: asc.GlobalAddress,
    gamma: asc.GlobalAddress,
    beta: asc.GlobalAddress,
    y: asc.GlobalAddress,
    mean: asc.GlobalAddress,
    rstd: asc.GlobalAddress,
    n: int,
    c: int,
    hxw: int,
    num_groups: int,
    channels_per_group: int,
    elements_per_group: int,
    group_num: int,
    group_per_core: int,
    group_tail_core: int,
    tile_length: int,
    has_gamma: int,
    has_beta: int,
    eps: float,
    inv_elements_per_group: float,
) -> None:
    x_gm = asc.GlobalTensor()
    gamma_gm = asc.GlobalTensor()
    beta_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    mean_gm = asc.GlobalTensor()
    rstd_gm = asc.GlobalTensor()
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_queue = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)

    # Init
    block_idx = asc.get_block_idx()
    group_count = group_per_core + (1 if block_idx < group_tail_core else 0)
    start_group = block_idx * group_per_core + (block_idx if block_idx < group_tail_core else group_tail_core)

    total_num = n * c * hxw
    x_gm.set_global_buffer(x, total_num)
    y_gm.set_global_buffer(y, total_num)
    gamma_gm.set_global_buffer(gamma, c)
    beta_gm.set_global_buffer(beta, c)
    mean_gm.set_global_buffer(mean, group_num)
    rstd_gm.set_global_buffer(rstd, group_num)

    pipe.init_buffer(in_queue, BUFFER_NUM, tile_length * asc.float32.sizeof())
    pipe.init_buffer(out_queue, BUFFER_NUM, tile_length * asc.float32.sizeof())

    # Process (elements_per_group == 1 takes ProcessSingleElementGroups; not run here)
    for i in range(group_count):
        # ProcessOneGroup
        group_index = start_group + i
        n_index = group_index // num_groups
        g_index = group_index % num_groups
        group_offset = n_index * c * hxw + g_index * channels_per_group * hxw
        mean_val, mean_out_val, rstd_val = calc_mean_and_variance(
            x_gm, in_queue, group_offset, elements_per_group, tile_length, eps, inv_elements_per_group
        )
        store_scalar(mean_gm, group_index, mean_out_val, out_queue)
        store_scalar(rstd_gm, group_index, rstd_val, out_queue)
        channel_base = (group_index % num_groups) * channels_per_group
        # NormalizeAndCopyOut
        for offset in range(0, elements_per_group, tile_length):
            current_count = tile_length
            if offset + current_count > elements_per_group:
                current_count = elements_per_group - offset
            x_local = in_queue.alloc_tensor(asc.float32)
            y_local = out_queue.alloc_tensor(asc.float32)
            copy_in_pad(x_gm, x_local, group_offset + offset, current_count)
            in_queue.enque(x_local)
            x_local = in_queue.deque(asc.float32)
            normalize_float_tile(
                x_local, y_local, offset, channel_base, current_count, mean_val, rstd_val, hxw, has_gamma,
                has_beta, gamma_gm, beta_gm, in_queue,
            )  # fmt: skip
            copy_out_pad(y_gm, group_offset + offset, y_local, current_count)
            in_queue.free_tensor(x_local)
            out_queue.free_tensor(y_local)


def test_group_norm() -> None:
    rng = np.random.default_rng(31)
    x = rng.standard_normal((N, C, HXW)).astype(np.float32)
    gamma = rng.uniform(0.5, 1.5, C).astype(np.float32)
    beta = rng.uniform(-1, 1, C).astype(np.float32)
    y = np.full_like(x, np.nan)
    groups = N * NUM_GROUPS
    mean = np.full(groups, np.nan, np.float32)
    rstd = np.full(groups, np.nan, np.float32)
    cpg = C // NUM_GROUPS
    epg = cpg * HXW
    group_kernel = group_norm[CORES]
    group_kernel(
        x, gamma, beta, y, mean, rstd, N, C, HXW, NUM_GROUPS, cpg, epg, groups, groups // CORES, groups % CORES,
        TILE, 1, 1, EPS, 1.0 / epg,
    )  # fmt: skip
    grouped = x.astype(np.float64).reshape(N, NUM_GROUPS, epg)
    ref_mean = grouped.mean(axis=2)
    ref_rstd = 1 / np.sqrt(grouped.var(axis=2) + EPS)
    ref_y = ((grouped - ref_mean[..., None]) * ref_rstd[..., None]).reshape(N, C, HXW) * gamma[:, None] + beta[:, None]
    # float32 statistics with Kahan sums, and three vector ops per element: a few ulps
    np.testing.assert_allclose(mean, ref_mean.reshape(-1), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(rstd, ref_rstd.reshape(-1), rtol=1e-4)
    np.testing.assert_allclose(y, ref_y, rtol=1e-4, atol=1e-5)


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The kernel's C++, for the CANN type-check (``ascx.testing.cann_kernels``)."""
    f32 = MockTensor(asc.float32)
    cpg = C // NUM_GROUPS
    epg = cpg * HXW
    groups = N * NUM_GROUPS
    scalars = (N, C, HXW, NUM_GROUPS, cpg, epg, groups, groups // CORES, groups % CORES, TILE, 1, 1, EPS, 1.0 / epg)
    yield "group_norm", group_norm.compile(f32, f32, f32, f32, f32, f32, *scalars).source
