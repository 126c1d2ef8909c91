"""L2 loss (``sum(x^2) / 2``) across blocks: each block reduces its slice through a software-pipelined
depth-2 queue (the first tile fetched before the loop, tile ``t + 1`` fetched while tile ``t`` is
reduced, the last one dequeued after the loop), accumulates the tile sums in a scalar read with
``GetValue``, adds its sum into a workspace slot with an atomic copy, and after ``SyncAll`` block 0 reads
the slot back through the data cache (``DataCacheCleanAndInvalid``) and writes the result. Block 0 zeroes
the slot first with ``InitGlobalMemory``, then a ``SyncAll``.

Origin: hicann/ops-nn, experimental/loss/l2_loss/op_kernel/l2_loss.h and l2_loss.cpp and
l2_loss_tiling_data.h, commit 5db915191a95d075ded8e6788f1deb1ce2b6e9d3 (class ``NsL2Loss::L2Loss``:
``Init``, ``CopyIn``, ``Process``, ``L2LossAxesAll``; kernel ``l2_loss``).

Changes the translation needed:
- The class's methods are device functions; its members are locals passed to them.
- ``L2LossTilingData``'s ten uint32 fields arrive as scalar kernel parameters (Python ints: int32 in the
  kernel; the sizes fit). The uint64 offset arithmetic is int32 here for the same reason.
- The template is instantiated for ``T = float`` and the multi-core schedule (``schMode !=
  ELEMENTWISE_TPL_SCH_MODE_0``): the ``if constexpr`` branches for other ``T`` and for the single-core
  schedule are not traced. ``tileLocal.ReinterpretCast<float>()`` of a float tensor is
  ``reinterpret_cast(asc.float32)``.
- ``ASSERT(GetBlockNum() != 0 ...)`` is left out (a debug assertion).
- ``AscendC::InitGlobalMemory(workGm, size, 0.0f)`` is ``asc.init_global_memory(...)`` (issue 31 point 14:
  named in pyasc's style).
- ``for (uint32_t t = 0; t + 1 < loopCount; ++t)`` is a ``while`` loop (Python's ``for`` has no such
  condition).
- ``DataCopyExtParams``/``DataCopyPadExtParams`` brace initialisers are constructor calls.
- Sizes: 1000 floats over 4 blocks (one big block of 256, three of 248), 128-element tiles: each block
  runs the loop once and then its last tile (128 or 120 elements).
"""

from __future__ import annotations

import numpy as np

import ascx as asc

BUFFER_NUM = 2
DATA_CACHE_CLEAN_NEED = 64
SLOT_STRIDE = DATA_CACHE_CLEAN_NEED // 4
INV_SQRT2 = 0.70710678118654752


@asc.jit
def copy_in(progress, tile_num, tile_data_num, last_tile_valid_len, x_gm, in_queue_input):
    gm_offset = progress * tile_data_num
    x_local = in_queue_input.alloc_tensor(asc.float32)
    if progress == tile_num - 1:
        copy_params = asc.DataCopyExtParams(1, last_tile_valid_len * asc.float32.sizeof(), 0, 0, 0)
        pad_params = asc.DataCopyPadExtParams(asc.float32, True, 0, 0, 0.0)
        asc.data_copy_pad(x_local, x_gm[gm_offset:], copy_params, pad_params)
    else:
        asc.data_copy(x_local, x_gm[gm_offset:], tile_data_num)
    in_queue_input.enque(x_local)


@asc.jit
def l2_loss(
    x: asc.GlobalAddress,
    z: asc.GlobalAddress,
    workspace: asc.GlobalAddress,
    small_core_data_num: int,
    big_core_data_num: int,
    final_big_tile_num: int,
    final_small_tile_num: int,
    tile_data_num: int,
    small_tail_data_num: int,
    big_tail_data_num: int,
    tail_block_num: int,
    input_num: int,
    block_num_tiling: int,
) -> None:
    pipe = asc.TPipe()
    in_queue_input = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    work_gm = asc.GlobalTensor()
    tmp_buffer = asc.TBuf(asc.TPosition.VECCALC)
    tile_sum_buf = asc.TBuf(asc.TPosition.VECCALC)

    # Init
    block_idx = asc.get_block_idx()
    global_buffer_index = big_core_data_num * block_idx
    if block_idx < tail_block_num:
        core_data_num = big_core_data_num
        tile_num = final_big_tile_num
        tail_data_num = big_tail_data_num
    else:
        core_data_num = small_core_data_num
        tile_num = final_small_tile_num
        tail_data_num = small_tail_data_num
        global_buffer_index -= (big_core_data_num - small_core_data_num) * (block_idx - tail_block_num)

    valid_core_data_num = input_num - global_buffer_index if input_num > global_buffer_index else 0
    if valid_core_data_num > core_data_num:
        valid_core_data_num = core_data_num

    x_gm.set_global_buffer(x + global_buffer_index, core_data_num)
    z_gm.set_global_buffer(z, 1)
    work_gm_size = SLOT_STRIDE
    work_gm.set_global_buffer(workspace, work_gm_size)
    if asc.get_block_idx() == 0:
        asc.init_global_memory(work_gm, work_gm_size, 0.0)
    asc.sync_all()
    pipe.init_buffer(in_queue_input, BUFFER_NUM, tile_data_num * asc.float32.sizeof())
    pipe.init_buffer(tmp_buffer, work_gm_size * asc.float32.sizeof())
    pipe.init_buffer(tile_sum_buf, SLOT_STRIDE * asc.float32.sizeof())

    processed_before_last_tile = (tile_num - 1) * tile_data_num
    last_tile_valid_len = (
        valid_core_data_num - processed_before_last_tile if valid_core_data_num > processed_before_last_tile else 0
    )

    # Process: L2LossAxesAll
    loop_count = tile_num
    tile_len = tile_data_num
    last_tile_len = tail_data_num

    local_sum = 0.0

    tile_sum_tensor = tile_sum_buf.get(asc.float32)
    reduce_work = tmp_buffer.get(asc.float32)

    copy_in(0, tile_num, tile_data_num, last_tile_valid_len, x_gm, in_queue_input)

    t = 0
    while t + 1 < loop_count:
        copy_in(t + 1, tile_num, tile_data_num, last_tile_valid_len, x_gm, in_queue_input)

        tile_local = in_queue_input.deque(asc.float32)

        tile_float = tile_local.reinterpret_cast(asc.float32)

        asc.muls(tile_float, tile_float, INV_SQRT2, tile_len)
        asc.mul(tile_float, tile_float, tile_float, tile_len)
        asc.reduce_sum(tile_sum_tensor, tile_float, reduce_work, tile_len)
        local_sum += tile_sum_tensor.get_value(0)

        in_queue_input.free_tensor(tile_local)
        t += 1

    tile_local = in_queue_input.deque(asc.float32)
    tile_float = tile_local.reinterpret_cast(asc.float32)
    asc.muls(tile_float, tile_float, INV_SQRT2, last_tile_len)
    asc.mul(tile_float, tile_float, tile_float, last_tile_len)
    asc.reduce_sum(tile_sum_tensor, tile_float, reduce_work, last_tile_len)
    local_sum += tile_sum_tensor.get_value(0)
    in_queue_input.free_tensor(tile_local)

    tmp_buf = tmp_buffer.get(asc.float32)
    asc.duplicate(tmp_buf, 0.0, SLOT_STRIDE)
    tmp_buf.set_value(0, local_sum)

    asc.set_atomic_add(asc.float32)
    asc.data_copy(work_gm, tmp_buf, SLOT_STRIDE)
    asc.set_atomic_none()
    asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, work_gm[0:], asc.DcciDst.CACHELINE_OUT)
    asc.sync_all()

    if block_idx == 0:
        global_sum = work_gm.get_value(0)
        src_buf = tmp_buffer.get(asc.float32)
        src_buf.set_value(0, global_sum)
        out_params = asc.DataCopyExtParams(1, asc.float32.sizeof(), 0, 0, 0)
        asc.data_copy_pad(z_gm, src_buf, out_params)


def tiling(input_num: int, blocks: int, tile: int) -> list[int]:
    """The tiling's fields (the op's host tiling splits 32-byte units over the blocks)."""
    units = -(-input_num // 8)
    small_units, tail_block_num = divmod(units, blocks)
    big, small = (small_units + 1) * 8, small_units * 8
    big_tiles, small_tiles = -(-big // tile), -(-small // tile)
    big_tail, small_tail = big - (big_tiles - 1) * tile, small - (small_tiles - 1) * tile
    return [small, big, big_tiles, small_tiles, tile, small_tail, big_tail, tail_block_num, input_num, blocks]


def test_l2_loss() -> None:
    rng = np.random.default_rng(31)
    x = rng.standard_normal(1000).astype(np.float32)
    z = np.zeros(1, np.float32)
    workspace = np.full(SLOT_STRIDE, 99.0, np.float32)
    l2_loss[4](x, z, workspace, *tiling(1000, 4, 128))
    expected = np.sum((x.astype(np.float64) * INV_SQRT2) ** 2)
    np.testing.assert_allclose(z[0], expected, rtol=1e-5)  # float32 partial sums in another order
