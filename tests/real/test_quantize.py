"""Per-channel quantisation to int8 with the saturation ladder: each block takes whole rows; per row the
scale and zero point are read with ``GetValue``, the reciprocal of the scale is scalar math (with a zero
guard), and each tile goes ``DataCopyPad`` in -> ``Muls`` by the reciprocal -> ``Adds`` of the zero
point -> fp32 to int32 (rint) -> half -> int8 (rint, saturating), the casts in place through
``ReinterpretCast`` views of one buffer, with ``SetDeqScale`` set once -> ``DataCopyPad`` out.

Origin: hicann/ops-nn, experimental/quant/quantize/op_kernel/quantize.h and quantize.cpp, commit
f76e6c2b0fdbf2e453d997810585a532228af975 (classes ``QuantizeOp::QuantizeBase`` (``Init``,
``ScaleToFp32``, ``ReadOffsetFp32``, ``CastOut``, ``ReciprocalOfScale``, ``ProcessOneTile``) and
``QuantizePerChannel`` (``Process``); kernel ``quantize``).

Changes the translation needed:
- The classes' methods are device functions; their members are locals passed to them.
- ``QuantizeTilingData`` arrives as scalar kernel parameters (``numCore``, ``blockFactor``,
  ``blockTailFactor``, ``channelNum``, ``rowLen``, ``baseLen``, ``hasZeroPoint``, ``zpDtype``); int64
  fields are Python ints (int32 in the kernel; the sizes fit).
- The template is instantiated for ``T = float``, ``S = float``, ``Z = int8``, ``Y = int8`` and the
  per-channel mode; ``if constexpr`` branches for other types are not traced.
- ``ReadOffsetFp32`` reads ``zero_points`` by its runtime dtype code, re-pointing one raw ``GM_ADDR`` as
  int8, uint8, int32, bf16, half or float. pyasc (and ascx) cannot reinterpret a global address as another
  element type, so only the ``ZP_DT_INT8`` case of the ``switch`` is kept, for the int8 array the test
  passes (corpus finding F4); the ``hasZeroPoint == 0`` early return stays.
- ``SetDeqScale(static_cast<half>(1.0f))`` is ``asc.set_deq_scale(1.0)``.
- Sizes: 6 rows of 200 floats, 3 channels, over 4 blocks (2, 2, 2 rows and an idle block: the tiling's
  ``numCore`` is 3), 128-element tiles: each row runs a full tile and a 72-element tail.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np

import ascx as asc
from ascx.runtime.jit import MockTensor

BUFFER_NUM = 2
ZP_DT_INT8 = 2
ROWS, ROW_LEN, CHANNELS, BASE_LEN, NUM_CORE, BLOCK_FACTOR = 6, 200, 3, 128, 3, 2


@asc.jit
def read_offset_fp32(zp_gm, index, has_zero_point, zp_dtype):
    if has_zero_point == 0:
        return 0.0
    if zp_dtype == ZP_DT_INT8:
        return asc.number(zp_gm.get_value(index), asc.float32)
    return 0.0


@asc.jit
def reciprocal_of_scale(scale_f):
    return 1.0 if scale_f == 0.0 else 1.0 / scale_f


@asc.jit
def cast_out(out_local, fp_local, count):
    asc.cast(fp_local.reinterpret_cast(asc.int32), fp_local, asc.RoundMode.CAST_RINT, count)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.cast(
        fp_local.reinterpret_cast(asc.float16), fp_local.reinterpret_cast(asc.int32), asc.RoundMode.CAST_NONE, count
    )
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.cast(out_local, fp_local.reinterpret_cast(asc.float16), asc.RoundMode.CAST_RINT, count)


@asc.jit
def process_one_tile(
    off, count, recip_scale_f, offset_f, has_zero_point, x_gm, y_gm, in_queue_x, out_queue_y, calc_buf
):
    x_local = in_queue_x.alloc_tensor(asc.float32)
    copy_in_params = asc.DataCopyExtParams(1, count * asc.float32.sizeof(), 0, 0, 0)
    pad_params = asc.DataCopyPadExtParams(asc.float32, False, 0, 0, 0.0)
    asc.data_copy_pad(x_local, x_gm[off:], copy_in_params, pad_params)
    in_queue_x.enque(x_local)
    x_local = in_queue_x.deque(asc.float32)

    out_local = out_queue_y.alloc_tensor(asc.int8)
    calc = calc_buf.get(asc.float32)

    asc.muls(calc, x_local, recip_scale_f, count)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    if has_zero_point != 0:
        asc.adds(calc, calc, offset_f, count)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
    cast_out(out_local, calc, count)

    in_queue_x.free_tensor(x_local)
    out_queue_y.enque(out_local)
    out_local = out_queue_y.deque(asc.int8)
    copy_out_params = asc.DataCopyExtParams(1, count * asc.int8.sizeof(), 0, 0, 0)
    asc.data_copy_pad(y_gm[off:], out_local, copy_out_params)
    out_queue_y.free_tensor(out_local)


@asc.jit
def quantize(
    x: asc.GlobalAddress,
    scales: asc.GlobalAddress,
    zero_points: asc.GlobalAddress,
    y: asc.GlobalAddress,
    num_core: int,
    block_factor: int,
    block_tail_factor: int,
    channel_num: int,
    row_len: int,
    base_len: int,
    has_zero_point: int,
    zp_dtype: int,
) -> None:
    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_queue_y = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    calc_buf = asc.TBuf(asc.TPosition.VECCALC)

    # Init
    block_idx = asc.get_block_idx()
    x_gm = asc.GlobalTensor()
    scale_gm = asc.GlobalTensor()
    zp_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    scale_gm.set_global_buffer(scales)
    zp_gm.set_global_buffer(zero_points)
    y_gm.set_global_buffer(y)
    pipe.init_buffer(in_queue_x, BUFFER_NUM, base_len * asc.float32.sizeof())
    pipe.init_buffer(out_queue_y, BUFFER_NUM, base_len * asc.int8.sizeof())
    pipe.init_buffer(calc_buf, base_len * asc.float32.sizeof())
    asc.set_deq_scale(1.0)

    # QuantizePerChannel::Process
    if block_idx >= num_core:
        return
    my_rows = block_tail_factor if block_idx == num_core - 1 else block_factor
    if my_rows <= 0:
        return
    row_start = block_idx * block_factor

    for k in range(my_rows):
        r = row_start + k
        channel = r % channel_num if channel_num > 0 else 0
        scale_f = scale_gm.get_value(channel)
        recip_scale_f = reciprocal_of_scale(scale_f)
        offset_f = read_offset_fp32(zp_gm, channel, has_zero_point, zp_dtype)

        base = r * row_len
        loop_num = row_len // base_len
        loop_tail = row_len % base_len
        for i in range(loop_num):
            process_one_tile(
                base + i * base_len, base_len, recip_scale_f, offset_f, has_zero_point, x_gm, y_gm, in_queue_x,
                out_queue_y, calc_buf,
            )  # fmt: skip
        if loop_tail != 0:
            process_one_tile(
                base + loop_num * base_len, loop_tail, recip_scale_f, offset_f, has_zero_point, x_gm, y_gm,
                in_queue_x, out_queue_y, calc_buf,
            )  # fmt: skip


def test_quantize() -> None:
    rng = np.random.default_rng(31)
    x = (rng.standard_normal((ROWS, ROW_LEN)) * 40).astype(np.float32)
    scales = np.array([0.5, 0.0, 0.25], np.float32)  # channel 1: a zero scale, which the kernel treats as 1
    zero_points = np.array([3, -7, 0], np.int8)
    y = np.zeros((ROWS, ROW_LEN), np.int8)
    quantize[4](
        x, scales, zero_points, y, NUM_CORE, BLOCK_FACTOR, ROWS - (NUM_CORE - 1) * BLOCK_FACTOR, CHANNELS, ROW_LEN,
        BASE_LEN, 1, ZP_DT_INT8,
    )  # fmt: skip
    channel = np.arange(ROWS) % CHANNELS
    recip = np.where(scales == 0, np.float32(1), np.float32(1) / np.where(scales == 0, 1, scales)).astype(np.float32)
    calc = x * recip[channel][:, None] + zero_points[channel].astype(np.float32)[:, None]  # fp32, as Muls/Adds
    as_int32 = np.rint(calc).astype(np.int32)
    as_half = as_int32.astype(np.float16)  # exact for |v| <= 2048, else rounded; saturates below either way
    expected = np.clip(np.rint(as_half.astype(np.float32)), -128, 127).astype(np.int8)
    np.testing.assert_array_equal(y, expected)


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The kernel's C++, for the CANN type-check (``ascx.testing.cann_kernels``)."""
    f32, i8 = MockTensor(asc.float32), MockTensor(asc.int8)
    tail = ROWS - (NUM_CORE - 1) * BLOCK_FACTOR
    scalars = (NUM_CORE, BLOCK_FACTOR, tail, CHANNELS, ROW_LEN, BASE_LEN, 1, ZP_DT_INT8)
    yield "quantize", quantize.compile(f32, f32, i8, i8, *scalars).source
