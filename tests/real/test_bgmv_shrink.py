"""LoRA's batched GEMV "shrink" on the vector unit: each block takes a run of tokens; per token it looks up
the token's LoRA index (skipping tokens without one with ``continue``), and for each of the LoRA's rank
rows computes the dot product of the token's hidden vector with the weight row tile by tile
(``Cast`` to float, ``Mul``, ``ReduceSum``, the partial sums accumulated in a scalar read with
``GetValue``), stores it with ``SetValue``, scales the row with ``Muls`` and copies it out. Hidden sizes
above one tile take the incremental path (x reloaded per tile); the tail tile is handled after the loop.

Origin: sgl-project/sgl-kernel-npu, csrc/lora/op_kernel/bgmv_shrink_kernel.cpp, commit
982f83715aa821294e732a242e9a4948040cd09c (class ``BGMVShrink``: ``Init``, ``Process``, ``ProcessImpl``,
``CopyInIndex``, ``CopyInX``, ``CopyInW``, ``Compute``, ``CopyAndComputeLastIteration``, ``ScaleOutput``,
``CopyOut``; kernel ``bgmv_shrink_half``).

Changes the translation needed:
- The class's methods are device functions; its members are locals passed to them (``reqLoRAIndex_``
  and ``reqLoRAWeightOffset_`` are loop locals). ``Compute``'s ``float& acc`` is returned.
- The template parameter ``INCREMENTAL_MODE`` of ``ProcessImpl``/``Compute``/``CopyAndComputeLastIteration``
  is a Python bool argument (the branches on it are compile-time, as ``if constexpr``); the runtime
  ``if (incremental_)`` choosing between the two instantiations stays.
- The uint32 kernel parameters are Python ints (int32 in the kernel); ``int64_t`` token indices are int32.
- ``numElements = TILE_LENGTH`` default arguments are passed explicitly where the original relies on them.
- Sizes: 6 tokens over 3 blocks, hidden size 12000 halves (one 11776-element tile and a 224-element
  tail, so the incremental path), rank 8, 2 LoRAs; token 4 has no LoRA (index -1).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np

import ascx as asc
from ascx.runtime.jit import MockTensor, MockValue

BUFFER_NUM = 1
TILE_LENGTH = 11776


@asc.jit
def copy_in_x(idx, col_idx, num_elements, x_gm, in_queue_x, input_hidden_dim):
    x_local = in_queue_x.alloc_tensor(asc.float16)
    asc.data_copy(x_local, x_gm[input_hidden_dim * idx + col_idx * TILE_LENGTH :], num_elements)
    in_queue_x.enque(x_local)


@asc.jit
def copy_in_w(row_idx, col_idx, num_elements, w_gm, in_queue_w, req_lora_weight_offset, input_hidden_dim):
    w_local = in_queue_w.alloc_tensor(asc.float16)
    asc.data_copy(
        w_local, w_gm[req_lora_weight_offset + row_idx * input_hidden_dim + col_idx * TILE_LENGTH :], num_elements
    )
    in_queue_w.enque(w_local)


@asc.jit
def compute(
    incremental_mode: asc.ConstExpr[bool], acc, num_elements, in_queue_x, in_queue_w, tmp_buffer_x, tmp_buffer_w
):
    w_local = in_queue_w.deque(asc.float16)
    x_tmp_tensor = tmp_buffer_x.get(asc.float32)
    w_tmp_tensor = tmp_buffer_w.get(asc.float32)

    if incremental_mode:
        x_local = in_queue_x.deque(asc.float16)
        asc.cast(x_tmp_tensor, x_local, asc.RoundMode.CAST_NONE, num_elements)
        asc.cast(w_tmp_tensor, w_local, asc.RoundMode.CAST_NONE, num_elements)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        in_queue_x.free_tensor(x_local)
        in_queue_w.free_tensor(w_local)
    else:
        asc.cast(w_tmp_tensor, w_local, asc.RoundMode.CAST_NONE, num_elements)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        in_queue_w.free_tensor(w_local)
    asc.mul(w_tmp_tensor, x_tmp_tensor, w_tmp_tensor, num_elements)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.reduce_sum(w_tmp_tensor, w_tmp_tensor, w_tmp_tensor, num_elements)
    asc.pipe_barrier(asc.PipeID.PIPE_V)

    acc += w_tmp_tensor.get_value(0)
    return acc


@asc.jit
def process_impl(
    incremental_mode: asc.ConstExpr[bool], idx, req_lora_weight_offset, input_hidden_dim, max_lora_rank, x_gm, w_gm,
    in_queue_x, in_queue_w, tmp_buffer_x, tmp_buffer_w, out_buffer_y,
):  # fmt: skip
    y_out_local = out_buffer_y.get(asc.float32)
    if not incremental_mode:
        copy_in_x(idx, 0, input_hidden_dim, x_gm, in_queue_x, input_hidden_dim)
        x_tmp_tensor = tmp_buffer_x.get(asc.float32)
        x_local = in_queue_x.deque(asc.float16)
        asc.cast(x_tmp_tensor, x_local, asc.RoundMode.CAST_NONE, input_hidden_dim)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        in_queue_x.free_tensor(x_local)

    for i in range(max_lora_rank):
        acc = 0.0
        for j in range(input_hidden_dim // TILE_LENGTH):
            if incremental_mode:
                copy_in_x(idx, j, TILE_LENGTH, x_gm, in_queue_x, input_hidden_dim)
            copy_in_w(i, j, TILE_LENGTH, w_gm, in_queue_w, req_lora_weight_offset, input_hidden_dim)
            acc = compute(incremental_mode, acc, TILE_LENGTH, in_queue_x, in_queue_w, tmp_buffer_x, tmp_buffer_w)
        # CopyAndComputeLastIteration
        col_idx = input_hidden_dim // TILE_LENGTH
        remaining = input_hidden_dim % TILE_LENGTH
        if remaining != 0:
            if incremental_mode:
                copy_in_x(idx, col_idx, remaining, x_gm, in_queue_x, input_hidden_dim)
            copy_in_w(i, col_idx, remaining, w_gm, in_queue_w, req_lora_weight_offset, input_hidden_dim)
            acc = compute(incremental_mode, acc, remaining, in_queue_x, in_queue_w, tmp_buffer_x, tmp_buffer_w)
        y_out_local.set_value(i, acc)


@asc.jit
def bgmv_shrink_half(
    x: asc.GlobalAddress,
    weight: asc.GlobalAddress,
    indices: asc.GlobalAddress,
    indices_size: int,
    y: asc.GlobalAddress,
    batch_size: int,
    num_tokens_per_core: int,
    input_hidden_dim: int,
    max_lora_rank: int,
    scale: float,
) -> None:
    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    in_queue_w = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_queue_y = asc.TQue(asc.TPosition.VECOUT, 1)
    tmp_buffer_x = asc.TBuf(asc.TPosition.VECCALC)
    tmp_buffer_w = asc.TBuf(asc.TPosition.VECCALC)
    out_buffer_y = asc.TBuf(asc.TPosition.VECCALC)

    # Init
    single_lora_weight_len = input_hidden_dim * max_lora_rank
    incremental = input_hidden_dim > TILE_LENGTH
    x_gm = asc.GlobalTensor()
    y_out_gm = asc.GlobalTensor()
    w_gm = asc.GlobalTensor()
    indices_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_out_gm.set_global_buffer(y)
    w_gm.set_global_buffer(weight)
    indices_gm.set_global_buffer(indices, indices_size)
    pipe.init_buffer(in_queue_x, BUFFER_NUM, TILE_LENGTH * asc.float16.sizeof())
    pipe.init_buffer(in_queue_w, BUFFER_NUM, TILE_LENGTH * asc.float16.sizeof())
    pipe.init_buffer(tmp_buffer_x, TILE_LENGTH * asc.float32.sizeof())
    pipe.init_buffer(tmp_buffer_w, TILE_LENGTH * asc.float32.sizeof())
    pipe.init_buffer(out_queue_y, 1, max_lora_rank * asc.float32.sizeof())
    pipe.init_buffer(out_buffer_y, max_lora_rank * asc.float32.sizeof())

    # Process
    block_idx = asc.get_block_idx()
    start_idx = block_idx * num_tokens_per_core
    end_idx = start_idx + num_tokens_per_core
    if end_idx > batch_size:
        end_idx = batch_size
    for idx in range(start_idx, end_idx):
        req_lora_index = indices_gm.get_value(idx)
        if req_lora_index < 0:
            continue
        req_lora_weight_offset = req_lora_index * single_lora_weight_len

        if incremental:
            process_impl(
                True, idx, req_lora_weight_offset, input_hidden_dim, max_lora_rank, x_gm, w_gm, in_queue_x,
                in_queue_w, tmp_buffer_x, tmp_buffer_w, out_buffer_y,
            )  # fmt: skip
        else:
            process_impl(
                False, idx, req_lora_weight_offset, input_hidden_dim, max_lora_rank, x_gm, w_gm, in_queue_x,
                in_queue_w, tmp_buffer_x, tmp_buffer_w, out_buffer_y,
            )  # fmt: skip

        # ScaleOutput
        y_local = out_buffer_y.get(asc.float32)
        y_out_local = out_queue_y.alloc_tensor(asc.float32)
        asc.muls(y_out_local, y_local, scale, max_lora_rank)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        out_queue_y.enque(y_out_local)
        # CopyOut
        y_out_local = out_queue_y.deque(asc.float32)
        asc.data_copy(y_out_gm[max_lora_rank * idx :], y_out_local, max_lora_rank)
        out_queue_y.free_tensor(y_out_local)


TOKENS, HIDDEN, RANK, LORAS, CORES, SCALE = 6, 12000, 8, 2, 3, 0.5


def test_bgmv_shrink() -> None:
    """Verifies without a warning (the rank loop of process_impl, whose inner loop and tail free one
    instance each, used to end in HZ-0: issue 31 point 8) and matches numpy."""
    rng = np.random.default_rng(31)
    x = rng.integers(-3, 4, (TOKENS, HIDDEN)).astype(np.float16)
    weight = rng.integers(-3, 4, (LORAS, RANK, HIDDEN)).astype(np.float16)
    indices = np.array([0, 1, 1, 0, -1, 1], np.int64)
    y = np.full((TOKENS, RANK), 7.0, np.float32)
    bgmv_shrink_half[CORES](x, weight, indices, TOKENS, y, TOKENS, TOKENS // CORES, HIDDEN, RANK, SCALE)
    expected = np.full((TOKENS, RANK), 7.0, np.float32)  # a token without a LoRA keeps its row
    for token, lora in enumerate(indices):
        if lora >= 0:
            expected[token] = (weight[lora].astype(np.float64) @ x[token].astype(np.float64)) * SCALE
    np.testing.assert_array_equal(y, expected)  # small integers: every product and partial sum is exact


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The kernel's C++, for the CANN type-check (``ascx.testing.cann_kernels``)."""
    f16, f32, i64, i32 = (MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.int64), MockValue(asc.int32))
    yield (
        "bgmv_shrink_half",
        bgmv_shrink_half.compile(f16, f16, i64, i32, f32, i32, i32, i32, i32, MockValue(asc.float32)).source,
    )
