"""pyasc's ``kernels/test_bilinear_interpolation.py`` (repository hicann/pyasc, commit cecba26), written
fresh for ascx with its structure, calls and sizes, and run on both emulation backends against pyasc's
golden computation (docs/reference/pyasc_rejections.md#data-rearranging-fused-and-mask-register-ops).

One change: pyasc gives the work buffer ``(src0_len + src1_len) * sizeof(half)`` = 1056 bytes, which
ascx rejects (CANN's documented size is ``src0.GetSize() * 32 + src1.GetSize() * 32`` bytes, which CANN's
CPU-debug build checks too, and CANN's dav_c220 implementation writes 1536 bytes into it); here it has the
documented 16896.
"""

from __future__ import annotations

import numpy as np
import pytest

import ascx as asc
import ascx.lib.runtime as rt

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

H_REPEAT = 2
V_REPEAT = 2
SRC0_LEN = 512
OFFSET_LEN = 32
SRC1_LEN = 16
DST_LEN = 256
BLOCK = 32
"""The bytes of one data block: CANN's work buffer holds 32 bytes per source element."""


@asc.jit
def vbilinear_kernel(
    x: asc.GlobalAddress,
    x0: asc.GlobalAddress,
    y: asc.GlobalAddress,
    z: asc.GlobalAddress,
    src0_len: asc.ConstExpr[int],
    src0_offset_len: asc.ConstExpr[int],
    src1_len: asc.ConstExpr[int],
    dst_len: asc.ConstExpr[int],
    h_repeat: asc.ConstExpr[int],
    repeat_mode: asc.ConstExpr[bool],
    dst_blk_stride: asc.ConstExpr[int],
    v_r_offset: asc.ConstExpr[int],
    v_repeat: asc.ConstExpr[int],
) -> None:
    x_gm = asc.GlobalTensor()
    x0_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    x0_gm.set_global_buffer(x0)
    y_gm.set_global_buffer(y)
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    queue_x = asc.TQue(asc.TPosition.VECIN, 1)
    queue_x0 = asc.TQue(asc.TPosition.VECIN, 1)
    queue_y = asc.TQue(asc.TPosition.VECIN, 1)
    queue_z = asc.TQue(asc.TPosition.VECOUT, 1)
    work = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(que=queue_x, num=1, len=src0_len * x.dtype.sizeof())
    pipe.init_buffer(que=queue_x0, num=1, len=src0_offset_len * x0.dtype.sizeof())
    pipe.init_buffer(que=queue_y, num=1, len=src1_len * y.dtype.sizeof())
    pipe.init_buffer(que=queue_z, num=1, len=dst_len * z.dtype.sizeof())
    pipe.init_buffer(buf=work, num=(src0_len + src1_len) * BLOCK)  # pyasc: * x.dtype.sizeof()
    stage_in(x_gm, x0_gm, y_gm, queue_x, queue_x0, queue_y, src0_len, src0_offset_len, src1_len)
    interpolate(queue_x, queue_x0, queue_y, queue_z, work, h_repeat, repeat_mode, dst_blk_stride, v_r_offset, v_repeat)
    stage_out(z_gm, queue_z, dst_len)


@asc.jit
def stage_in(
    x_gm: asc.GlobalAddress,
    x0_gm: asc.GlobalAddress,
    y_gm: asc.GlobalAddress,
    queue_x: asc.TQue,
    queue_x0: asc.TQue,
    queue_y: asc.TQue,
    src0_len: asc.ConstExpr[int],
    src0_offset_len: asc.ConstExpr[int],
    src1_len: asc.ConstExpr[int],
) -> None:
    x_local = queue_x.alloc_tensor(x_gm.dtype)
    x0_local = queue_x0.alloc_tensor(x0_gm.dtype)
    y_local = queue_y.alloc_tensor(y_gm.dtype)
    asc.data_copy(x_local, x_gm, count=src0_len)
    asc.data_copy(x0_local, x0_gm, count=src0_offset_len)
    asc.data_copy(y_local, y_gm, count=src1_len)
    queue_x.enque(x_local)
    queue_x0.enque(x0_local)
    queue_y.enque(y_local)


@asc.jit
def interpolate(
    queue_x: asc.TQue,
    queue_x0: asc.TQue,
    queue_y: asc.TQue,
    queue_z: asc.TQue,
    work: asc.TBuf,
    h_repeat: asc.ConstExpr[int],
    repeat_mode: asc.ConstExpr[bool],
    dst_blk_stride: asc.ConstExpr[int],
    v_r_offset: asc.ConstExpr[int],
    v_repeat: asc.ConstExpr[int],
) -> None:
    x_local = queue_x.deque(asc.half)
    x0_local = queue_x0.deque(asc.uint32)
    y_local = queue_y.deque(asc.half)
    z_local = queue_z.alloc_tensor(asc.half)
    tmp = work.alloc_tensor(asc.uint8)
    asc.bilinear_interpolation(
        z_local, x_local, x0_local, y_local, 128, h_repeat, repeat_mode, dst_blk_stride, v_r_offset, v_repeat, tmp
    )
    queue_z.enque(z_local)
    queue_x.free_tensor(x_local)
    queue_x0.free_tensor(x0_local)
    queue_y.free_tensor(y_local)
    work.free_tensor(tmp)


@asc.jit
def stage_out(z_gm: asc.GlobalTensor, queue_z: asc.TQue, dst_len: asc.ConstExpr[int]) -> None:
    z_local = queue_z.deque(z_gm.dtype)
    asc.data_copy(z_gm, z_local, count=dst_len)
    queue_z.free_tensor(z_local)


def golden(src0: np.ndarray, src1: np.ndarray) -> np.ndarray:
    """pyasc's golden computation for consecutive 32-byte offsets and ``repeat_mode=False``: the first
    ``h_repeat * v_repeat`` repeats of src0 (128 halves each) scaled by src1[repeat], the ``h_repeat``
    repeats of each vertical step summed into its 128 outputs, in float16."""
    repeats = src0[: H_REPEAT * V_REPEAT * 128].reshape(H_REPEAT * V_REPEAT, 128)
    scaled = np.array([repeats[i] * src1[i] for i in range(H_REPEAT * V_REPEAT)], np.float16)
    rows = [scaled[v * H_REPEAT] for v in range(V_REPEAT)]
    for v in range(V_REPEAT):
        for h in range(1, H_REPEAT):
            rows[v] = rows[v] + scaled[v * H_REPEAT + h]
    return np.concatenate(rows).astype(np.float16)


def test_pyascs_bilinear_kernel_with_the_documented_work_buffer() -> None:
    rng = np.random.default_rng(2025)
    src0 = rng.uniform(-10, 10, SRC0_LEN).astype(np.float16)
    offsets = np.arange(OFFSET_LEN, dtype=np.uint32) * OFFSET_LEN  # pyasc's: block i at byte 32 * i
    src1 = rng.uniform(-10, 10, SRC1_LEN).astype(np.float16)
    z = np.zeros(DST_LEN, dtype=np.float16)
    args = (SRC0_LEN, OFFSET_LEN, SRC1_LEN, DST_LEN, H_REPEAT, False, 1, 128, V_REPEAT)
    vbilinear_kernel[1, rt.current_stream()](src0, offsets, src1, z, *args)
    np.testing.assert_allclose(z, golden(src0, src1), atol=1e-5)


@pytest.mark.parametrize("local_overrun", ["error", "warn"])
def test_pyascs_work_buffer_stops_the_launch(local_overrun: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """pyasc's own 1056 bytes: the emulation stops at the call (the buffer's size is known only when the
    kernel runs: a TBuf's tensor), also when ASCX_EMU_LOCAL_OVERRUN=warn lets calls run past their tensors:
    the work buffer's size is a documented rule, which CANN checks too."""
    monkeypatch.setenv("ASCX_EMU_LOCAL_OVERRUN", local_overrun)
    src0 = np.zeros(SRC0_LEN, np.float16)
    offsets = np.arange(OFFSET_LEN, dtype=np.uint32) * OFFSET_LEN
    src1 = np.zeros(SRC1_LEN, np.float16)
    z = np.zeros(DST_LEN, np.float16)
    with pytest.raises(asc.AscxError) as caught:
        short_work_kernel[1](src0, offsets, src1, z)
    assert caught.value.message == (
        "kernel 'short_work_kernel' failed in the CPU emulation: block 0 (sub-block 0): BilinearInterpolation: "
        "sharedTmpBuffer holds 1056 elements but the call needs 16896"
    )


def test_cann_rejects_pyascs_work_buffer_too(cann_emulator: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """On the CANN backend alone, CANN's own CPU-debug check stops the kernel with the documented figure."""
    del cann_emulator
    monkeypatch.setenv("ASCX_EMULATOR", "cann")
    src0 = np.zeros(SRC0_LEN, np.float16)
    offsets = np.arange(OFFSET_LEN, dtype=np.uint32) * OFFSET_LEN
    with pytest.raises(asc.AscxError) as caught:
        short_work_kernel[1](src0, offsets, np.zeros(SRC1_LEN, np.float16), np.zeros(DST_LEN, np.float16))
    # __LINE__ inside CANN's multi-line KERNEL_LOG call: g++ gives the line the call starts on (62), clang++
    # (the CANN backend's thin builds) the line it ends on (66)
    assert caught.value.message in {
        "kernel 'short_work_kernel' failed on the CANN backend: block 0 (AIV): CANN's BilinearInterpolationCheck "
        f"(kernel_operator_vec_bilinearinterpolation_intf_impl.h:{line}) failed: "
        "Failed to check sharedTmpBuffer size in BilinearInterpolation, its expected size is at least 16896, "
        "current size is 1056"
        for line in (62, 66)
    }


@asc.jit
def short_work_kernel(x: asc.GlobalAddress, x0: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    """The kernel with pyasc's work buffer, (src0_len + src1_len) * sizeof(half) bytes."""
    x_gm = asc.GlobalTensor()
    x0_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    x0_gm.set_global_buffer(x0)
    y_gm.set_global_buffer(y)
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    queue_x = asc.TQue(asc.TPosition.VECIN, 1)
    queue_x0 = asc.TQue(asc.TPosition.VECIN, 1)
    queue_y = asc.TQue(asc.TPosition.VECIN, 1)
    queue_z = asc.TQue(asc.TPosition.VECOUT, 1)
    work = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(que=queue_x, num=1, len=SRC0_LEN * 2)
    pipe.init_buffer(que=queue_x0, num=1, len=OFFSET_LEN * 4)
    pipe.init_buffer(que=queue_y, num=1, len=SRC1_LEN * 2)
    pipe.init_buffer(que=queue_z, num=1, len=DST_LEN * 2)
    pipe.init_buffer(buf=work, num=(SRC0_LEN + SRC1_LEN) * 2)
    stage_in(x_gm, x0_gm, y_gm, queue_x, queue_x0, queue_y, SRC0_LEN, OFFSET_LEN, SRC1_LEN)
    interpolate(queue_x, queue_x0, queue_y, queue_z, work, H_REPEAT, False, 1, 128, V_REPEAT)
    stage_out(z_gm, queue_z, DST_LEN)
