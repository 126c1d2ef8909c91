"""RMSNorm, one row at a time, half input with float gamma: per row the input is copied into a float-sized
queue buffer (``DataCopyPad`` through a ``ReinterpretCast`` half view), cast to float, squared, summed by
halving ``Add``s down to one repeat and a ``WholeReduceSum`` under a hand-set vector mask, read back with
``GetValue`` after a fetched ``V_S`` flag; ``rstd = 1 / sqrt(mean + eps)`` is scalar math, stored with
``SetValue`` between ``V_S``/``S_V`` flags; the row is scaled, multiplied by gamma, cast to half and copied
out; the rstd values of up to 64 rows go out together.

Origin: hicann/ops-nn, norm/rms_norm/op_kernel/rms_norm_single_row.h (commit
d21003cb6a834a8a3a5453cf56c1491fabbd8f0d; class ``RmsNorm::KernelRmsNormSingleRow``: ``Init``, ``InitVar``,
``Process``, ``SubProcess``, ``CopyIn``, ``CopyInGamma``, ``ComputeMixDtype``, ``CopyOutY``, ``CopyOutRstd``),
with ``ReduceSumHalfInterval`` and ``findPowerTwo`` of reduce_common.h, ``CeilDiv`` and ``DataCopyCustom`` of
rms_norm_base.h and the ``RMSNORM_TILING_SINGLE_ROW`` branch of rms_norm.cpp (all commit
5db915191a95d075ded8e6788f1deb1ce2b6e9d3).

Changes the translation needed:
- The class's methods are device functions; its members are locals passed to them.
- ``RMSNormTilingData``'s fields used here (``num_row``, ``num_col``, ``block_factor``, ``ub_factor``,
  ``epsilon``) arrive as scalar kernel parameters (uint32 as Python ints: int32 in the kernel).
- The template is instantiated for ``T = half``, ``T_GAMMA = float`` (``IS_MIX_DTYPE``, the only case this
  class handles); ``DataCopyCustom`` takes its ``__CCE_AICORE__ == 220`` branch (``DataCopyPad``),
  ``ReduceSumHalfInterval`` its 220 branch (``WholeReduceSum<float, false>`` on the AIV).
- ``ASSERT(GetBlockNum() != 0 ...)`` is left out (a debug assertion).
- ``AscendCUtils::SetMask<float>(n)`` (a CANN-internal utility) is ``asc.set_vector_mask(n, asc.float32,
  asc.MaskMode.NORMAL)``, pyasc's ``SetVectorMask<float, MaskMode::NORMAL>(n)``.
- ``n |= n >> 1`` is ``n = n | (n >> 1)``; ``likely(...)``/``unlikely(...)`` are the bare conditions;
  ``g_coreType == AIV`` is ``asc.ascend_is_aiv()``; ``GetTPipePtr()`` is ``asc.get_tpipe_ptr()``.
- ``(float)1.0 / numCol`` converts the uint32 to float implicitly in C++; pyasc's typing rules want the
  conversion written: ``1.0 / asc.number(num_col, asc.float32)``.
- ``sqrt`` is ``math.sqrt``, which ascx prints as the scalar unit's ``sqrt`` (issue 24 idiom 6).
- Sizes: 10 rows of 200 elements over 3 blocks (4, 4 and 2 rows), ``ub_factor`` 256.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import numpy as np

import ascx as asc
from ascx.runtime.jit import MockTensor

BUFFER_NUM = 1
NUM_PER_REP_FP32 = 64
ELEM_PER_REP_FP32 = 64
HALF_INTERVAL = 2
DEFAULT_REPEAT_STRIDE = 8


@asc.jit
def find_power_two(n1):
    n1 = n1 | (n1 >> 1)
    n1 = n1 | (n1 >> 2)
    n1 = n1 | (n1 >> 4)
    n1 = n1 | (n1 >> 8)
    n1 = n1 | (n1 >> 16)
    return (n1 + 1) >> 1


@asc.jit
def reduce_sum_half_interval(src_local4, count):
    if count > ELEM_PER_REP_FP32:
        body_count = find_power_two(count)
        tail_count = count - body_count
        if tail_count > 0:
            asc.add(src_local4, src_local4, src_local4[body_count:], tail_count)
            asc.pipe_barrier(asc.PipeID.PIPE_V)
        while body_count > ELEM_PER_REP_FP32:
            body_count = body_count // HALF_INTERVAL
            asc.add(src_local4, src_local4, src_local4[body_count:], body_count)
            asc.pipe_barrier(asc.PipeID.PIPE_V)

        asc.set_vector_mask(ELEM_PER_REP_FP32, asc.float32, asc.MaskMode.NORMAL)
    else:
        asc.set_vector_mask(count, asc.float32, asc.MaskMode.NORMAL)
    if asc.ascend_is_aiv():
        asc.whole_reduce_sum(src_local4, src_local4, ELEM_PER_REP_FP32, 1, 0, 1, 0, is_set_mask=False)
    event_v_s = asc.get_tpipe_ptr().fetch_event_id(asc.HardEvent.V_S)
    asc.set_flag(asc.HardEvent.V_S, event_v_s)
    asc.wait_flag(asc.HardEvent.V_S, event_v_s)
    return src_local4.get_value(0)


@asc.jit
def data_copy_custom_in(dst_tensor, src_tensor, count, element_bytes: asc.ConstExpr[int]):
    copy_params = asc.DataCopyParams(1, count * element_bytes, 0, 0)
    pad_params = asc.DataCopyPadParams()
    asc.data_copy_pad(dst_tensor, src_tensor, copy_params, pad_params)


@asc.jit
def data_copy_custom_out(dst_tensor, src_tensor, count, element_bytes: asc.ConstExpr[int]):
    copy_params = asc.DataCopyParams(1, count * element_bytes, 0, 0)
    asc.data_copy_pad(dst_tensor, src_tensor, copy_params)


@asc.jit
def compute_mix_dtype(
    inner_progress, gamma_local, rstd_local, in_queue_x, out_queue_y, x_buf_fp32, num_col, avg_factor, epsilon
):
    event_vs = asc.get_tpipe_ptr().fetch_event_id(asc.HardEvent.V_S)
    event_sv = asc.get_tpipe_ptr().fetch_event_id(asc.HardEvent.S_V)
    x_local_fp32 = x_buf_fp32.get(asc.float32)

    x_local = in_queue_x.deque(asc.float32)
    x_local_half = x_local.reinterpret_cast(asc.float16)
    asc.cast(x_local_fp32, x_local_half, asc.RoundMode.CAST_NONE, num_col)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.mul(x_local, x_local_fp32, x_local_fp32, num_col)
    asc.pipe_barrier(asc.PipeID.PIPE_V)

    reduce_out = reduce_sum_half_interval(x_local, num_col)
    in_queue_x.free_tensor(x_local)
    asc.set_flag(asc.HardEvent.V_S, event_vs)
    asc.wait_flag(asc.HardEvent.V_S, event_vs)
    rstd_value = 1 / math.sqrt(reduce_out * avg_factor + epsilon)
    rstd_local.set_value(inner_progress, rstd_value)
    asc.set_flag(asc.HardEvent.S_V, event_sv)
    asc.wait_flag(asc.HardEvent.S_V, event_sv)

    asc.muls(x_local_fp32, x_local_fp32, rstd_value, num_col)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.mul(x_local_fp32, x_local_fp32, gamma_local, num_col)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    y_local = out_queue_y.alloc_tensor(asc.float16)
    asc.cast(y_local, x_local_fp32, asc.RoundMode.CAST_NONE, num_col)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    out_queue_y.enque(y_local)


@asc.jit
def sub_process(index_outer, calc_row_num, gamma_local, q, g, num_col, row_factor, avg_factor, epsilon):
    in_queue_x, out_queue_y, out_queue_rstd, x_buf_fp32 = q
    x_gm, y_gm, rstd_gm = g
    rstd_local = out_queue_rstd.alloc_tensor(asc.float32)
    for index_inner in range(calc_row_num):
        gm_bias = (index_outer * row_factor + index_inner) * num_col
        # CopyIn
        x_local = in_queue_x.alloc_tensor(asc.float32)
        x_local_half = x_local.reinterpret_cast(asc.float16)
        data_copy_custom_in(x_local_half, x_gm[gm_bias:], num_col, 2)
        in_queue_x.enque(x_local)
        compute_mix_dtype(
            index_inner, gamma_local, rstd_local, in_queue_x, out_queue_y, x_buf_fp32, num_col, avg_factor, epsilon
        )
        # CopyOutY
        y_local = out_queue_y.deque(asc.float16)
        data_copy_custom_out(y_gm[gm_bias:], y_local, num_col, 2)
        out_queue_y.free_tensor(y_local)
    out_queue_rstd.enque(rstd_local)
    # CopyOutRstd
    rstd_local = out_queue_rstd.deque(asc.float32)
    data_copy_custom_out(rstd_gm[index_outer * row_factor :], rstd_local, calc_row_num, 4)
    out_queue_rstd.free_tensor(rstd_local)


@asc.jit
def rms_norm(
    x: asc.GlobalAddress,
    gamma: asc.GlobalAddress,
    y: asc.GlobalAddress,
    rstd: asc.GlobalAddress,
    num_row: int,
    num_col: int,
    block_factor: int,
    ub_factor: int,
    epsilon: float,
) -> None:
    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    in_queue_gamma = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_queue_y = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    out_queue_rstd = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    x_buf_fp32 = asc.TBuf(asc.TPosition.VECCALC)
    reduce_buf_fp32 = asc.TBuf(asc.TPosition.VECCALC)
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    gamma_gm = asc.GlobalTensor()
    rstd_gm = asc.GlobalTensor()

    # Init, InitVar
    row_factor = NUM_PER_REP_FP32
    avg_factor = 1.0 / asc.number(num_col, asc.float32) if num_col != 0 else 0.0
    block_idx = asc.get_block_idx()
    if block_idx != asc.get_block_num() - 1:
        row_work = block_factor
    else:
        row_work = num_row - (asc.get_block_num() - 1) * block_factor

    x_gm.set_global_buffer(x + block_idx * block_factor * num_col, row_work * num_col)
    gamma_gm.set_global_buffer(gamma, num_col)
    y_gm.set_global_buffer(y + block_idx * block_factor * num_col, row_work * num_col)
    rstd_gm.set_global_buffer(rstd + block_idx * block_factor, block_factor)

    pipe.init_buffer(in_queue_x, BUFFER_NUM, ub_factor * asc.float32.sizeof())
    pipe.init_buffer(in_queue_gamma, BUFFER_NUM, ub_factor * asc.float32.sizeof())
    pipe.init_buffer(out_queue_y, BUFFER_NUM, ub_factor * asc.float16.sizeof())
    pipe.init_buffer(out_queue_rstd, BUFFER_NUM, row_factor * asc.float32.sizeof())
    pipe.init_buffer(x_buf_fp32, ub_factor * asc.float32.sizeof())
    pipe.init_buffer(reduce_buf_fp32, NUM_PER_REP_FP32 * asc.float32.sizeof())

    # Process
    gamma_local = in_queue_gamma.alloc_tensor(asc.float32)
    data_copy_custom_in(gamma_local, gamma_gm, num_col, 4)
    in_queue_gamma.enque(gamma_local)
    gamma_local = in_queue_gamma.deque(asc.float32)

    index_outer_max = (row_work + row_factor - 1) // row_factor if row_factor != 0 else row_work
    row_tail = row_work - (index_outer_max - 1) * row_factor

    q = (in_queue_x, out_queue_y, out_queue_rstd, x_buf_fp32)
    g = (x_gm, y_gm, rstd_gm)
    for index_outer in range(index_outer_max - 1):
        sub_process(index_outer, row_factor, gamma_local, q, g, num_col, row_factor, avg_factor, epsilon)
    sub_process(index_outer_max - 1, row_tail, gamma_local, q, g, num_col, row_factor, avg_factor, epsilon)
    in_queue_gamma.free_tensor(gamma_local)


ROWS, COLS, CORES, BLOCK_FACTOR, UB_FACTOR, EPS = 10, 200, 3, 4, 256, 1e-6


def test_rms_norm_single_row() -> None:
    rng = np.random.default_rng(24)
    x = rng.standard_normal((ROWS, COLS)).astype(np.float16)
    gamma = rng.uniform(0.5, 1.5, COLS).astype(np.float32)
    y = np.full_like(x, np.nan)
    rstd = np.full(ROWS, np.nan, np.float32)
    rms_norm[CORES](x, gamma, y, rstd, ROWS, COLS, BLOCK_FACTOR, UB_FACTOR, EPS)
    x64 = x.astype(np.float64)
    ref_rstd = 1 / np.sqrt((x64 * x64).mean(axis=1) + EPS)
    ref_y = x64 * ref_rstd[:, None] * gamma
    # float32 sums in a halving order, then one rounding to half
    np.testing.assert_allclose(rstd, ref_rstd, rtol=1e-5)
    np.testing.assert_allclose(y.astype(np.float64), ref_y, rtol=2e-3, atol=2e-3)


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The kernel's C++, for the CANN type-check (``ascx.testing.cann_kernels``)."""
    f16, f32 = MockTensor(asc.float16), MockTensor(asc.float32)
    yield "rms_norm_single_row", rms_norm.compile(f16, f32, f16, f32, ROWS, COLS, BLOCK_FACTOR, UB_FACTOR, EPS).source
