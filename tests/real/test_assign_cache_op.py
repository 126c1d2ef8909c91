"""A flag-driven cache copy: each vector core copies the token ranges of the batches ``vecIdx,
vecIdx + coreNum, ...`` from a source pool into a destination cache row through the unified buffer, with
hand-written MTE2/MTE3 flags, a scalar element copy for the last (partial) tile, and an inter-block
chain (``IBWait`` on the previous core before writing the last tile, ``IBSet`` after) that orders the
32-byte-rounded writes of consecutive batches; the tile loop ends with ``break``.

Origin: sgl-project/sgl-kernel-npu, csrc/assign_cache_op/op_kernel/assign_cache_op.cpp, commit
f425bdf1e191a7682296d3b2ed0b927d4e37d671 (class ``custom_assign::AssignCacheOp``: ``Init``,
``CopyElement``, ``Process``, ``ParseTilingData``; kernel ``assign_cache_op``).

Changes the translation needed:
- The class's methods are device functions; its members are locals passed to them.
- ``ParseTilingData`` reads uint32 words through a ``__gm__`` pointer; here the tiling is a uint32
  ``GlobalTensor`` read with ``get_value`` (same words, same order).
- The kernel instantiates ``AssignCacheOp<int16_t>`` only (the ``typeByte == 2`` branch); the runtime
  ``if (typeByte == 2)`` stays, the other element types are not traced (a template per dtype).
- ``if ASCEND_IS_AIV`` is ``if asc.ascend_is_aiv()``; the ``SET_FLAG``/``WAIT_FLAG`` macros are written out.
- ``copyParams.blockLen = ...`` after the ``DataCopyParams`` initialiser becomes one constructor call
  with the chosen length (pyasc's params are values).
- The loop indices are ``int32``, as pyasc makes a ``range`` loop's (the original's are ``uint32``): the
  uint32 bounds convert to ``int32`` and each operator that meets a uint32 value (``loop_id == ub_loop_num -
  1``, ``batch_id * token_pool_length + dst_start_idx + loop_offset``, ``batch_id != batch_size - 1``)
  computes in ``int32`` as pyasc does; ascx warns at each of them. The values here fit both types.
- Sizes: 4 batches on 2 vector cores, a 256-token pool row, ``ubSize`` = 1024 in the tiling (so 256-byte
  tiles: several loop iterations and a partial last tile). Every batch copies at least one token (a batch
  of length 0 would skip its ``IBSet`` and leave the next core waiting, in the original too).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import ascx as asc
from ascx.runtime.jit import MockTensor

BLOCK_SIZE = 32
TYPEBYPE_ID = 2


@asc.jit
def copy_element(dst_tensor, src_tensor, bytes_):
    for i in range(bytes_ // asc.int16.sizeof()):
        tmp = src_tensor.get_value(i)
        dst_tensor.set_value(i, tmp)


@asc.jit
def process(
    dst_gm,
    src_gm,
    dst_start_idx_gm,
    dst_end_idx_gm,
    src_start_idx_gm,
    src_end_idx_gm,
    tmp_tensor1,
    tmp_tensor2,
    vec_out,
    sync_gm,
    batch_size,
    token_pool_length,
    ub_used_buf_size,
):
    vec_idx = asc.get_block_idx()
    core_num = asc.get_block_num()

    for batch_id in range(vec_idx, batch_size, core_num):
        src_start_idx = asc.number(src_start_idx_gm.get_value(batch_id), asc.uint32)
        src_end_idx = asc.number(src_end_idx_gm.get_value(batch_id), asc.uint32)
        dst_start_idx = asc.number(dst_start_idx_gm.get_value(batch_id), asc.uint32)
        total_bytes = (src_end_idx - src_start_idx) * asc.int16.sizeof()
        ub_loop_num = (total_bytes + ub_used_buf_size - 1) // ub_used_buf_size
        tail_bytes = total_bytes % ub_used_buf_size
        if total_bytes > 0 and tail_bytes == 0:
            tail_bytes = ub_used_buf_size
        loop_offset = asc.number(0, asc.uint32)
        ub_data_num = ub_used_buf_size // asc.int16.sizeof()

        for loop_id in range(ub_loop_num):
            copy_len = ub_data_num * asc.int16.sizeof() // BLOCK_SIZE
            block_len = (tail_bytes + BLOCK_SIZE - 1) // BLOCK_SIZE if loop_id == ub_loop_num - 1 else copy_len
            copy_params = asc.DataCopyParams(1, block_len, 0, 0)
            asc.data_copy(tmp_tensor1, src_gm[src_start_idx + loop_offset :], copy_params)
            asc.set_flag(asc.HardEvent.MTE2_MTE3, 1)
            asc.wait_flag(asc.HardEvent.MTE2_MTE3, 1)

            if loop_id == ub_loop_num - 1:
                asc.data_copy(
                    tmp_tensor2, dst_gm[batch_id * token_pool_length + dst_start_idx + loop_offset :], copy_params
                )
                asc.set_flag(asc.HardEvent.MTE2_MTE3, 2)
                asc.wait_flag(asc.HardEvent.MTE2_MTE3, 2)
                copy_element(tmp_tensor2, tmp_tensor1, tail_bytes)
                if batch_id > 0:
                    sync_buf = vec_out.alloc_tensor(asc.int32)
                    asc.ib_wait(sync_gm, sync_buf, core_num - 1 if vec_idx == 0 else vec_idx - 1, 0)
                    vec_out.free_tensor(sync_buf)
                asc.data_copy(
                    dst_gm[batch_id * token_pool_length + dst_start_idx + loop_offset :], tmp_tensor2, copy_params
                )
                asc.set_flag(asc.HardEvent.MTE3_MTE2, 1)
                asc.wait_flag(asc.HardEvent.MTE3_MTE2, 1)
                if batch_id != batch_size - 1:
                    sync_buf = vec_out.alloc_tensor(asc.int32)
                    asc.ib_set(sync_gm, sync_buf, vec_idx, 0)
                    vec_out.free_tensor(sync_buf)
                break

            asc.data_copy(
                dst_gm[batch_id * token_pool_length + dst_start_idx + loop_offset :], tmp_tensor1, copy_params
            )
            asc.set_flag(asc.HardEvent.MTE3_MTE2, 1)
            asc.wait_flag(asc.HardEvent.MTE3_MTE2, 1)
            loop_offset += ub_data_num


@asc.jit
def assign_cache_op(
    dst_ptr: asc.GlobalAddress,
    src_ptr: asc.GlobalAddress,
    dst_start_idx_ptr: asc.GlobalAddress,
    dst_end_idx_ptr: asc.GlobalAddress,
    src_start_idx_ptr: asc.GlobalAddress,
    src_end_idx_ptr: asc.GlobalAddress,
    sync: asc.GlobalAddress,
    tiling_ptr: asc.GlobalAddress,
) -> None:
    tiling_gm = asc.GlobalTensor()
    tiling_gm.set_global_buffer(tiling_ptr)
    type_byte = tiling_gm.get_value(TYPEBYPE_ID)
    if asc.ascend_is_aiv():
        if type_byte == 2:
            pipe = asc.TPipe()
            # ParseTilingData
            batch_size = tiling_gm.get_value(0)
            token_pool_length = tiling_gm.get_value(1)
            sync_workspace_size = tiling_gm.get_value(3)
            ub_size = tiling_gm.get_value(4)
            # Init
            ub_used_buf_size = ub_size >> 2
            dst_gm = asc.GlobalTensor()
            src_gm = asc.GlobalTensor()
            dst_start_idx_gm = asc.GlobalTensor()
            dst_end_idx_gm = asc.GlobalTensor()
            src_start_idx_gm = asc.GlobalTensor()
            src_end_idx_gm = asc.GlobalTensor()
            dst_gm.set_global_buffer(dst_ptr)
            src_gm.set_global_buffer(src_ptr)
            dst_start_idx_gm.set_global_buffer(dst_start_idx_ptr)
            dst_end_idx_gm.set_global_buffer(dst_end_idx_ptr)
            src_start_idx_gm.set_global_buffer(src_start_idx_ptr)
            src_end_idx_gm.set_global_buffer(src_end_idx_ptr)

            tmp_buf1 = asc.TBuf(asc.TPosition.VECCALC)
            tmp_buf2 = asc.TBuf(asc.TPosition.VECCALC)
            pipe.init_buffer(tmp_buf1, ub_used_buf_size)
            pipe.init_buffer(tmp_buf2, ub_used_buf_size)
            tmp_tensor1 = tmp_buf1.get(asc.int16)
            tmp_tensor2 = tmp_buf2.get(asc.int16)

            sync_gm = asc.GlobalTensor()
            sync_gm.set_global_buffer(sync, sync_workspace_size)
            vec_out = asc.TQue(asc.TPosition.VECOUT, 1)
            pipe.init_buffer(vec_out, 1, 8 * asc.int32.sizeof())
            process(
                dst_gm,
                src_gm,
                dst_start_idx_gm,
                dst_end_idx_gm,
                src_start_idx_gm,
                src_end_idx_gm,
                tmp_tensor1,
                tmp_tensor2,
                vec_out,
                sync_gm,
                batch_size,
                token_pool_length,
                ub_used_buf_size,
            )


BATCH, POOL, CORES, UB_SIZE = 4, 256, 2, 1024


@pytest.mark.filterwarnings("ignore:the (start|stop|step) of range\\(\\) is:ascx.errors.AscxWarning")
@pytest.mark.filterwarnings("ignore:'(==|!=|\\*|\\+)' mixes int32 and uint32 values:ascx.errors.AscxWarning")
def test_assign_cache_op() -> None:
    rng = np.random.default_rng(31)
    src = rng.integers(-1000, 1000, 1024).astype(np.int16)
    src_start = np.array([0, 40, 300, 500], np.int64)
    src_end = np.array([40, 240, 430, 564], np.int64)
    dst_start = np.array([16, 0, 100, 64], np.int64)
    dst_end = dst_start + (src_end - src_start)
    dst = rng.integers(-1000, 1000, (BATCH, POOL)).astype(np.int16)
    sync = np.zeros(CORES * 8 * 8, np.int32)
    tiling = np.array([BATCH, POOL, 2, sync.size, UB_SIZE], np.uint32)
    expected = dst.copy()
    for batch in range(BATCH):
        expected[batch, dst_start[batch] : dst_end[batch]] = src[src_start[batch] : src_end[batch]]
    assign_cache_op[CORES](dst, src, dst_start, dst_end, src_start, src_end, sync, tiling)
    np.testing.assert_array_equal(dst, expected)


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The kernel's C++, for the CANN type-check (``ascx.testing.cann_kernels``)."""
    i16, i64 = MockTensor(asc.int16), MockTensor(asc.int64)
    args = (i16, i16, i64, i64, i64, i64, MockTensor(asc.int32), MockTensor(asc.uint32))
    yield "assign_cache_op", assign_cache_op.compile(*args).source
