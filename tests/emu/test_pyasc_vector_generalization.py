"""pyasc 1.1.1's generalization kernels for the data-rearranging and ternary vector ops
(``python/test/generalization/basic``: ``test_axpy``, ``test_copy``, ``test_transpose``,
``test_transpose_ext``, ``test_trans_5hd_tensor_list``, ``test_trans_5hd_addr_tensor``), written fresh
for ascx and run on the CPU emulation against numpy (pyasc runs them on an NPU against torch).

Each kernel keeps pyasc's structure (queues, the copy-in/compute/copy-out stages as device functions,
``kernel[core_num, rt.current_stream()]``) and pyasc's calls, with one change where ascx follows a
CANN rule pyasc's kernel breaks: pyasc puts the transpose work buffer and the 5HD address lists in
``TQue(VECCALC)`` queues, and CANN's TQue takes VECIN, VECOUT, A1, A2, B1, B2, CO1 and CO2 only
(``TQue`` reference), so ascx rejects them ("TQue: a queue cannot be at position VECCALC"); here
they are ``TBuf(VECCALC)`` buffers, CANN's scratch memory.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ascx as asc
import ascx.lib.runtime as rt

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

RNG = np.random.default_rng(7)


def _ints_or_normals(shape: tuple[int, ...], dtype: Any, scale: float = 1.0) -> np.ndarray:
    if np.dtype(dtype).kind == "f":
        return (RNG.standard_normal(shape) * scale).astype(dtype)
    return RNG.integers(-100, 99, shape).astype(dtype)


# ---- axpy: z = z + y * scalar over one tile (z starts as zeros, so z = y * scalar) ---------------


@asc.jit
def axpy_kernel(
    x: asc.GlobalAddress,
    y: asc.GlobalAddress,
    z: asc.GlobalAddress,
    scalar: float,
    block_length: asc.ConstExpr[int],
    buffer_num: asc.ConstExpr[int],
    tile_length: asc.ConstExpr[int],
    tile_num: asc.ConstExpr[int],
) -> None:
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset)
    y_gm.set_global_buffer(y + offset)
    z_gm.set_global_buffer(z + offset)
    pipe = asc.TPipe()
    x_queue = asc.TQue(asc.TPosition.VECIN, buffer_num)
    y_queue = asc.TQue(asc.TPosition.VECIN, buffer_num)
    z_queue = asc.TQue(asc.TPosition.VECOUT, buffer_num)
    pipe.init_buffer(que=x_queue, num=buffer_num, len=tile_length * x.dtype.sizeof())
    pipe.init_buffer(que=y_queue, num=buffer_num, len=tile_length * y.dtype.sizeof())
    pipe.init_buffer(que=z_queue, num=buffer_num, len=tile_length * z.dtype.sizeof())
    for i in range(tile_num):
        axpy_load(i, x_gm, y_gm, z_gm, x_queue, y_queue, z_queue, tile_length)
        axpy_compute(z_gm, x_queue, y_queue, z_queue, scalar, tile_length)
        axpy_store(i, z_gm, z_queue, tile_length)


@asc.jit
def axpy_load(i: int, x_gm, y_gm, z_gm, x_queue, y_queue, z_queue, tile_length: asc.ConstExpr[int]):
    x_local = x_queue.alloc_tensor(x_gm.dtype)
    y_local = y_queue.alloc_tensor(y_gm.dtype)
    z_local = z_queue.alloc_tensor(z_gm.dtype)
    asc.data_copy(x_local, x_gm[i * tile_length :], count=tile_length)
    asc.data_copy(y_local, y_gm[i * tile_length :], count=tile_length)
    asc.data_copy(z_local, z_gm[i * tile_length :], count=tile_length)
    x_queue.enque(x_local)
    y_queue.enque(y_local)
    z_queue.enque(z_local)


@asc.jit
def axpy_compute(z_gm, x_queue, y_queue, z_queue, scalar: float, tile_length: asc.ConstExpr[int]):
    x_local = x_queue.deque(z_gm.dtype)
    y_local = y_queue.deque(z_gm.dtype)
    z_local = z_queue.deque(z_gm.dtype)
    asc.axpy(z_local, y_local, scalar, count=tile_length)
    z_queue.enque(z_local)
    x_queue.free_tensor(x_local)
    y_queue.free_tensor(y_local)


@asc.jit
def axpy_store(i: int, z_gm, z_queue, tile_length: asc.ConstExpr[int]):
    z_local = z_queue.deque(z_gm.dtype)
    asc.data_copy(z_gm[i * tile_length :], z_local, count=tile_length)
    z_queue.free_tensor(z_local)


@pytest.mark.parametrize(("dtype", "size"), [(np.float32, 4096), (np.float16, 2048)], ids=["float32", "float16"])
def test_axpy(dtype: Any, size: int) -> None:
    x = _ints_or_normals((size,), dtype, 10.0)
    y = _ints_or_normals((size,), dtype, 10.0)
    z = np.zeros_like(x)
    # pyasc fills z's VECOUT tensor by data_copy (MTE2), which a VECOUT queue does not order: ascx warns.
    unordered = r"is written by MTE2 \(asc.data_copy\); VECOUT queues order V → MTE3 only"
    with pytest.warns(asc.AscxWarning, match=unordered):
        axpy_kernel[1, rt.current_stream()](x, y, z, 2.5, size, 1, size, 1)
    # Axpy's scalar has the tensor's type; float16 rounds the product once, then the sum (CANN's vaxpy).
    expected = (y * dtype(2.5)).astype(dtype)
    np.testing.assert_array_equal(z, expected)


# ---- copy: four repeats of 64 elements, the rest of dst stays as duplicate left it (zeros) ----------


@asc.jit
def copy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, data_size: asc.ConstExpr[int]):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    x_queue = asc.TQue(asc.TPosition.VECIN, 1)
    z_queue = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=x_queue, num=1, len=data_size * x.dtype.sizeof())
    pipe.init_buffer(que=z_queue, num=1, len=data_size * z.dtype.sizeof())
    x_local = x_queue.alloc_tensor(x_gm.dtype)
    asc.data_copy(x_local, x_gm, count=data_size)
    x_queue.enque(x_local)
    copy_compute(z_gm, x_queue, z_queue, data_size)
    z_local = z_queue.deque(z_gm.dtype)
    asc.data_copy(z_gm, z_local, count=data_size)
    z_queue.free_tensor(z_local)


@asc.jit
def copy_compute(z_gm, x_queue, z_queue, data_size: asc.ConstExpr[int]):
    src_local = x_queue.deque(z_gm.dtype)
    dst_local = z_queue.alloc_tensor(src_local.dtype)
    asc.duplicate(dst_local, 0, data_size)
    params = asc.CopyRepeatParams(dst_stride=1, src_stride=1, dst_repeat_size=8, src_repeat_size=8)
    asc.copy(dst_local, src_local, 64, 4, params)
    z_queue.enque(dst_local)
    x_queue.free_tensor(src_local)


@pytest.mark.parametrize(
    ("dtype", "size"), [(np.float32, 1024), (np.float16, 2048), (np.int32, 8192), (np.int16, 8192)]
)
def test_copy(dtype: Any, size: int) -> None:
    x = _ints_or_normals((size,), dtype)
    z = np.zeros_like(x)
    copy_kernel[1, rt.current_stream()](x, z, size)
    expected = np.zeros_like(x)
    per_repeat = 8 * 32 // x.itemsize  # dst_repeat_size = src_repeat_size = 8 blocks
    for r in range(4):
        expected[r * per_repeat : r * per_repeat + 64] = x[r * per_repeat : r * per_repeat + 64]
    np.testing.assert_array_equal(z, expected)


# ---- transpose: the 16 x 16 form and the NCHW -> NHWC form ---------------------------------------


@asc.jit
def transpose_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, tile_length: asc.ConstExpr[int]):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    x_queue = asc.TQue(asc.TPosition.VECIN, 1)
    z_queue = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=x_queue, num=1, len=tile_length * x.dtype.sizeof())
    pipe.init_buffer(que=z_queue, num=1, len=tile_length * z.dtype.sizeof())
    x_local = x_queue.alloc_tensor(x_gm.dtype)
    asc.data_copy(x_local, x_gm, count=tile_length)
    x_queue.enque(x_local)
    x_local = x_queue.deque(z_gm.dtype)
    z_local = z_queue.alloc_tensor(z_gm.dtype)
    asc.transpose(z_local, x_local)
    z_queue.enque(z_local)
    x_queue.free_tensor(x_local)
    z_local = z_queue.deque(z_gm.dtype)
    asc.data_copy(z_gm, z_local, count=tile_length)
    z_queue.free_tensor(z_local)


@asc.jit
def transpose_ext_kernel(
    x: asc.GlobalAddress, z: asc.GlobalAddress, tile_length: asc.ConstExpr[int], tmp_buffer_len: asc.ConstExpr[int]
):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    x_queue = asc.TQue(asc.TPosition.VECIN, 1)
    z_queue = asc.TQue(asc.TPosition.VECOUT, 1)
    work = asc.TBuf(asc.TPosition.VECCALC)  # pyasc: TQue(VECCALC, 1), see the module docstring
    pipe.init_buffer(que=x_queue, num=1, len=tile_length * x.dtype.sizeof())
    pipe.init_buffer(que=z_queue, num=1, len=tile_length * z.dtype.sizeof())
    pipe.init_buffer(work, tmp_buffer_len)
    x_local = x_queue.alloc_tensor(x_gm.dtype)
    asc.data_copy(x_local, x_gm, count=tile_length)
    x_queue.enque(x_local)
    x_local = x_queue.deque(z_gm.dtype)
    z_local = z_queue.alloc_tensor(z_gm.dtype)
    tmp_buffer = work.get(asc.uint8)
    params = asc.TransposeParamsExt(
        n_size=1, c_size=16, h_size=4, w_size=4, transpose_type=asc.TransposeType.TRANSPOSE_NCHW2NHWC
    )
    asc.transpose(z_local, x_local, tmp_buffer, params)
    z_queue.enque(z_local)
    x_queue.free_tensor(x_local)
    z_local = z_queue.deque(z_gm.dtype)
    asc.data_copy(z_gm, z_local, count=tile_length)
    z_queue.free_tensor(z_local)


@pytest.mark.clean_room_only("the CANN backend's intrinsic layer does not emulate vtranspose (Transpose) yet")
@pytest.mark.parametrize("dtype", [np.float16, np.int16])
def test_transpose(dtype: Any) -> None:
    x = _ints_or_normals((16, 16), dtype)
    z = np.zeros_like(x)
    transpose_kernel[1, rt.current_stream()](x, z, x.size)
    np.testing.assert_array_equal(z, x.T)


@pytest.mark.clean_room_only(
    "the CANN backend's intrinsic layer does not emulate the VA registers and scatter_vnchwconv "
    "(Transpose's extended form) yet"
)
@pytest.mark.parametrize("dtype", [np.float16, np.int16])
def test_transpose_ext(dtype: Any) -> None:
    n, c, h, w = 1, 16, 4, 4
    x = _ints_or_normals((n, c, h, w), dtype)
    z = np.zeros_like(x)
    transpose_ext_kernel[1, rt.current_stream()](x, z, x.size, (16 + c) * 16 * 8 * 4)
    np.testing.assert_array_equal(z.reshape(n, h, w, c), x.transpose(0, 2, 3, 1))


# ---- trans_data_to_5hd: NCHW -> NC1HWC0, from a list of sub-tensors and from address tensors -----


@asc.jit
def trans_5hd_tensor_list_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, block_length: asc.ConstExpr[int]):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    x_queue = asc.TQue(asc.TPosition.VECIN, 1)
    z_queue = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=x_queue, num=1, len=block_length * x.dtype.sizeof())
    pipe.init_buffer(que=z_queue, num=1, len=block_length * z.dtype.sizeof())
    x_local = x_queue.alloc_tensor(x_gm.dtype)
    asc.data_copy(x_local, x_gm, count=block_length)
    x_queue.enque(x_local)
    trans_5hd_list_compute(z_gm, x_queue, z_queue)
    z_local = z_queue.deque(z_gm.dtype)
    asc.data_copy(z_gm, z_local, count=block_length)
    z_queue.free_tensor(z_local)


@asc.jit
def trans_5hd_list_compute(z_gm, x_queue, z_queue):
    c0 = 16
    h = 16
    w = 16
    x_local = x_queue.deque(z_gm.dtype)
    z_local = z_queue.alloc_tensor(z_gm.dtype)
    params = asc.TransDataTo5HDParams(
        dst_high_half=False, src_high_half=False, repeat_times=16, dst_rep_stride=16, src_rep_stride=1
    )
    for j in range(4):
        base = j * c0 * h * w
        dst_list = [
            z_local[base + w * 0], z_local[base + w * 1], z_local[base + w * 2], z_local[base + w * 3],
            z_local[base + w * 4], z_local[base + w * 5], z_local[base + w * 6], z_local[base + w * 7],
            z_local[base + w * 8], z_local[base + w * 9], z_local[base + w * 10], z_local[base + w * 11],
            z_local[base + w * 12], z_local[base + w * 13], z_local[base + w * 14], z_local[base + w * 15],
        ]  # fmt: skip
        hw = h * w
        src_list = [
            x_local[base + hw * 0], x_local[base + hw * 1], x_local[base + hw * 2], x_local[base + hw * 3],
            x_local[base + hw * 4], x_local[base + hw * 5], x_local[base + hw * 6], x_local[base + hw * 7],
            x_local[base + hw * 8], x_local[base + hw * 9], x_local[base + hw * 10], x_local[base + hw * 11],
            x_local[base + hw * 12], x_local[base + hw * 13], x_local[base + hw * 14], x_local[base + hw * 15],
        ]  # fmt: skip
        asc.trans_data_to_5hd(dst_list, src_list, params)
    z_queue.enque(z_local)
    x_queue.free_tensor(x_local)


@asc.jit
def trans_5hd_addr_kernel(
    src: asc.GlobalAddress,
    dst: asc.GlobalAddress,
    n: asc.ConstExpr[int],
    c: asc.ConstExpr[int],
    h: asc.ConstExpr[int],
    w: asc.ConstExpr[int],
    c0: asc.ConstExpr[int],
):
    data_size = n * c * h * w
    src_gm = asc.GlobalTensor()
    dst_gm = asc.GlobalTensor()
    src_gm.set_global_buffer(src)
    dst_gm.set_global_buffer(dst)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 1)
    out_queue = asc.TQue(asc.TPosition.VECOUT, 1)
    dst_addr_buf = asc.TBuf(asc.TPosition.VECCALC)  # pyasc: TQue(VECCALC, 1), see the module docstring
    src_addr_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(que=in_queue, num=1, len=data_size * src.dtype.sizeof())
    pipe.init_buffer(que=out_queue, num=1, len=data_size * dst.dtype.sizeof())
    pipe.init_buffer(dst_addr_buf, 16 * asc.uint64.sizeof())
    pipe.init_buffer(src_addr_buf, 16 * asc.uint64.sizeof())
    src_local = in_queue.alloc_tensor(src_gm.dtype)
    asc.data_copy(src_local, src_gm, count=data_size)
    in_queue.enque(src_local)
    src_local = in_queue.deque(dst_gm.dtype)
    dst_local = out_queue.alloc_tensor(dst_gm.dtype)
    params = asc.TransDataTo5HDParams(
        dst_high_half=False, src_high_half=False, repeat_times=16, dst_rep_stride=16, src_rep_stride=1
    )
    for j in range(n * c // c0):
        dst_addr_local = dst_addr_buf.get(asc.uint64)
        src_addr_local = src_addr_buf.get(asc.uint64)
        for i in range(16):
            dst_addr_local.set_value(i, dst_local[j * c0 * h * w + w * i].get_phy_addr())
        for i in range(16):
            src_addr_local.set_value(i, src_local[j * c0 * h * w + h * w * i].get_phy_addr())
        asc.trans_data_to_5hd(dst_addr_local, src_addr_local, params)
    out_queue.enque(dst_local)
    in_queue.free_tensor(src_local)
    dst_local = out_queue.deque(dst_gm.dtype)
    asc.data_copy(dst_gm, dst_local, count=data_size)
    out_queue.free_tensor(dst_local)


def _nc1hwc0(x: np.ndarray, c0: int = 16) -> np.ndarray:
    n, c, h, w = x.shape
    return x.reshape(n, c // c0, c0, h, w).transpose(0, 1, 3, 4, 2)


@pytest.mark.clean_room_only(
    "the CANN backend's intrinsic layer does not emulate the VA registers and scatter_vnchwconv (TransDataTo5HD) yet"
)
@pytest.mark.parametrize("dtype", [np.float16, np.int16])
def test_trans_5hd_tensor_list(dtype: Any) -> None:
    x = _ints_or_normals((1, 64, 16, 16), dtype)
    z = np.zeros_like(x)
    trans_5hd_tensor_list_kernel[1, rt.current_stream()](x, z, x.size)
    np.testing.assert_array_equal(z.reshape(1, 4, 16, 16, 16), _nc1hwc0(x))


@pytest.mark.clean_room_only(
    "the CANN backend's intrinsic layer does not emulate the VA registers (vld_va_reg) and "
    "scatter_vnchwconv (TransDataTo5HD) yet"
)
@pytest.mark.parametrize("dtype", [np.float16, np.int16])
def test_trans_5hd_addr_tensor(dtype: Any) -> None:
    n, c, h, w = 2, 32, 16, 16
    x = _ints_or_normals((n, c, h, w), dtype)
    z = np.zeros_like(x)
    trans_5hd_addr_kernel[1, rt.current_stream()](x, z, n, c, h, w, 16)
    np.testing.assert_array_equal(z.reshape(n, c // 16, h, w, 16), _nc1hwc0(x))


def test_pyasc_veccalc_queue_is_rejected(kernel_module: Any) -> None:
    """pyasc's transpose_ext and 5HD address kernels as written: a TQue at VECCALC."""
    module = kernel_module(
        "import ascx as asc\n"
        "@asc.jit\n"
        "def k() -> None:\n"
        "    pipe = asc.TPipe()\n"
        "    work = asc.TQue(asc.TPosition.VECCALC, 1)\n"
    )
    with pytest.raises(asc.KernelError) as caught:
        module.k.compile()
    assert caught.value.message == "ValueError: TQue: a queue cannot be at position VECCALC"
    assert caught.value.location is not None
    assert module.__file__ is not None
    line = Path(module.__file__).read_text().splitlines()[caught.value.location.line - 1]
    assert line.strip() == "work = asc.TQue(asc.TPosition.VECCALC, 1)"
