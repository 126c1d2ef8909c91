"""SoftShrink's gradient over a double-buffered TQue pipeline: per-block GM slices with a shorter last
block, a tile loop whose last tile is a tail, ``DataCopyPad`` in and out, ``Abs`` / ``CompareScalar`` /
``Select`` with masks carved out of one ``TBuf`` by ``GetWithOffset``, and the NaN pass-through.

Origin: jbgztxdy/ops-nn (a fork of Huawei's hicann/ops-nn),
activation/softshrink_grad/op_kernel/arch35/softshrink_grad.h, commit
aa74f158dc9adb84e30fe3998a3f923b7f8e6dab (class ``NsSoftShrinkGrad::SoftShrinkGrad``: ``Init``, ``CopyIn``,
``Compute``, ``CopyOut``, ``Process``), with the entry ``softshrink_grad`` of
activation/softshrink_grad/op_kernel/softshrink_grad.cpp (same commit).

Changes the translation needed:
- The class's methods are device functions; its members (queues, buffers, global tensors, lengths) are
  locals passed to them.
- ``SoftShrinkGradTilingData`` (``dim0``, ``blockNum``, ``blockFormer``, ``ubFormer``, ``lambd``) arrives
  as five scalar kernel parameters; its int64 fields are Python ints (int32 in the kernel), the sizes
  here fit.
- The template is instantiated for ``T = float`` with ``BUFFER_MODE = 1`` (``BUFFER_NUM = 2``): the
  ``if constexpr (NEED_PROMOTE)`` branch is the fp16/bf16 path and is not traced.
- ``DataCopyExtParams`` is built with its constructor instead of field assignments; the padding
  parameters ``{false, 0, 0, 0}`` are ``DataCopyPadExtParams(float32, False, 0, 0, 0)``.
- Sizes: dim0 = 1000 over 4 blocks of blockFormer = 256 (the last block 232), ubFormer = 128 (256-byte
  aligned, as the tiling guarantees): blocks run 2 tiles, the last one a tail of 104 or 128 elements.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np

import ascx as asc
from ascx.runtime.jit import MockTensor, MockValue

BUFFER_NUM = 2
ALIGN_32 = 32
CMP_ALIGN_ELEMS = 256 // 4
DIM0, BLOCK_NUM, BLOCK_FORMER, UB_FORMER, LAMBD = 1000, 4, 256, 128, 0.5


@asc.jit
def copy_in(progress, current_num, ub_length, gm_input_grad, gm_input_x, input_queue_grad, input_queue_x):
    grad_local = input_queue_grad.alloc_tensor(asc.float32)
    x_local = input_queue_x.alloc_tensor(asc.float32)

    copy_params = asc.DataCopyExtParams(1, current_num * asc.float32.sizeof(), 0, 0)

    asc.data_copy_pad(
        grad_local,
        gm_input_grad[progress * ub_length :],
        copy_params,
        asc.DataCopyPadExtParams(asc.float32, False, 0, 0, 0),
    )
    asc.data_copy_pad(
        x_local, gm_input_x[progress * ub_length :], copy_params, asc.DataCopyPadExtParams(asc.float32, False, 0, 0, 0)
    )

    input_queue_grad.enque(grad_local)
    input_queue_x.enque(x_local)


@asc.jit
def copy_out(progress, current_num, ub_length, gm_output_y, output_queue):
    out_local = output_queue.deque(asc.float32)

    copy_params = asc.DataCopyExtParams(1, current_num * asc.float32.sizeof(), 0, 0)

    asc.data_copy_pad(gm_output_y[progress * ub_length :], out_local, copy_params)
    output_queue.free_tensor(out_local)


@asc.jit
def compute(current_num, ub_length, mask_bytes, lambd, input_queue_grad, input_queue_x, output_queue, calc_buf):
    grad_local = input_queue_grad.deque(asc.float32)
    x_local = input_queue_x.deque(asc.float32)
    out_local = output_queue.alloc_tensor(asc.float32)

    aligned_num = ((current_num + CMP_ALIGN_ELEMS - 1) // CMP_ALIGN_ELEMS) * CMP_ALIGN_ELEMS
    if aligned_num > ub_length:
        aligned_num = ub_length

    fp32_buf_bytes = ub_length * asc.float32.sizeof()
    abs_x = calc_buf.get_with_offset(ub_length, 0, asc.float32)
    cmp_mask = calc_buf.get_with_offset(mask_bytes, fp32_buf_bytes, asc.uint8)
    nan_mask = calc_buf.get_with_offset(mask_bytes, fp32_buf_bytes + mask_bytes, asc.uint8)

    asc.abs(abs_x, x_local, aligned_num)

    asc.compare_scalar(cmp_mask, abs_x, lambd, asc.CMPMODE.GT, aligned_num)

    asc.select(out_local, cmp_mask, grad_local, 0.0, asc.SelMode.VSEL_TENSOR_SCALAR_MODE, aligned_num)

    asc.compare(nan_mask, x_local, x_local, asc.CMPMODE.NE, aligned_num)

    asc.select(out_local, nan_mask, grad_local, out_local, asc.SelMode.VSEL_TENSOR_TENSOR_MODE, aligned_num)

    output_queue.enque(out_local)
    input_queue_grad.free_tensor(grad_local)
    input_queue_x.free_tensor(x_local)


@asc.jit
def softshrink_grad(
    input_grad: asc.GlobalAddress,
    input_x: asc.GlobalAddress,
    output_y: asc.GlobalAddress,
    dim0: int,
    block_num: int,
    block_former: int,
    ub_former: int,
    lambd: float,
) -> None:
    pipe = asc.TPipe()
    input_queue_grad = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    input_queue_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    output_queue = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    calc_buf = asc.TBuf(asc.TPosition.VECCALC)
    gm_input_grad = asc.GlobalTensor()
    gm_input_x = asc.GlobalTensor()
    gm_output_y = asc.GlobalTensor()

    # Init
    block_idx = asc.get_block_idx()
    is_last_block = block_idx == block_num - 1
    block_tail = dim0 - (block_num - 1) * block_former
    block_length = block_tail if is_last_block else block_former
    ub_length = ub_former

    gm_offset = block_former * block_idx
    gm_input_grad.set_global_buffer(input_grad + gm_offset, block_length)
    gm_input_x.set_global_buffer(input_x + gm_offset, block_length)
    gm_output_y.set_global_buffer(output_y + gm_offset, block_length)

    pipe.init_buffer(input_queue_grad, BUFFER_NUM, ub_length * asc.float32.sizeof())
    pipe.init_buffer(input_queue_x, BUFFER_NUM, ub_length * asc.float32.sizeof())
    pipe.init_buffer(output_queue, BUFFER_NUM, ub_length * asc.float32.sizeof())

    mask_bytes = ((ub_length + 7) // 8 + ALIGN_32 - 1) // ALIGN_32 * ALIGN_32
    calc_size = 1 * ub_length * asc.float32.sizeof() + 2 * mask_bytes
    pipe.init_buffer(calc_buf, calc_size)

    # Process
    loop_count = (block_length + ub_length - 1) // ub_length
    for i in range(loop_count):
        current_num = (block_length - ub_length * i) if (i == (loop_count - 1)) else ub_length
        copy_in(i, current_num, ub_length, gm_input_grad, gm_input_x, input_queue_grad, input_queue_x)
        compute(current_num, ub_length, mask_bytes, lambd, input_queue_grad, input_queue_x, output_queue, calc_buf)
        copy_out(i, current_num, ub_length, gm_output_y, output_queue)


def test_softshrink_grad() -> None:
    rng = np.random.default_rng(31)
    grad = rng.standard_normal(DIM0).astype(np.float32)
    x = rng.standard_normal(DIM0).astype(np.float32)
    x[[3, 500, 999]] = np.nan
    x[[10, 11]] = [LAMBD, -LAMBD]  # |x| == lambd: not greater, so the gradient is 0
    y = np.full(DIM0, 7.0, np.float32)
    softshrink_grad[BLOCK_NUM](grad, x, y, DIM0, BLOCK_NUM, BLOCK_FORMER, UB_FORMER, LAMBD)
    expected = np.where((np.abs(x) > np.float32(LAMBD)) | np.isnan(x), grad, np.float32(0))
    np.testing.assert_array_equal(y, expected)  # a selection: exact


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The kernel's C++, for the CANN type-check (``ascx.testing.cann_kernels``)."""
    f32 = MockTensor(asc.float32)
    yield (
        "softshrink_grad",
        softshrink_grad.compile(f32, f32, f32, *(MockValue(asc.int32),) * 4, MockValue(asc.float32)).source,
    )
