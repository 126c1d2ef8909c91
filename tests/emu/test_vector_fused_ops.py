"""The fused vector ops on the CPU emulation, against numpy: each step rounds as numpy's arithmetic in the
same type does, so every comparison is exact (vector_fused.h states the model, including the rounding of
the multiply-accumulate ops)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from tests.emu.gm_kernels import SCRATCH, run

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

Load = Callable[[str], ModuleType]
RNG = np.random.default_rng(11)
N = 256


def rint_into(values: np.ndarray, dtype: Any) -> np.ndarray:
    """Round to nearest even and saturate into an integer type."""
    info = np.iinfo(dtype)
    return np.clip(np.rint(values.astype(np.float64)), info.min, info.max).astype(dtype)


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_relu_and_multiply_accumulate_ops(kernel_module: Load, dtype: Any) -> None:
    x = RNG.uniform(-4, 4, N).astype(dtype)
    y = RNG.uniform(-4, 4, N).astype(dtype)
    d = RNG.uniform(-4, 4, N).astype(dtype)
    body = """
    asc.add_relu(z0, x, y, 256)
    asc.sub_relu(z1, x, y, 256)
    asc.fused_mul_add(z2, x, y, 256)
    asc.fused_mul_add_relu(z3, x, y, 256)
    asc.mul_add_dst(z4, x, y, 256)
    asc.axpy(z5, x, 0.75, 256)
    """
    outs = {f"z{i}": d.copy() for i in range(6)}
    got = run(kernel_module, body, {"x": x, "y": y}, outs)
    s = dtype(0.75)
    want = [
        np.maximum(x + y, 0),
        np.maximum(x - y, 0),
        x * d + y,
        np.maximum(x * d + y, 0),
        x * y + d,
        s * x + d,
    ]
    for i, w in enumerate(want):
        np.testing.assert_array_equal(got[f"z{i}"], w.astype(dtype), err_msg=f"z{i}")


def test_relu_on_int16_wraps_then_clamps(kernel_module: Load) -> None:
    x = RNG.integers(-30000, 30000, N, dtype=np.int16)
    y = RNG.integers(-30000, 30000, N, dtype=np.int16)
    got = run(kernel_module, "asc.add_relu(z, x, y, 256)", {"x": x, "y": y}, {"z": np.zeros(N, np.int16)})["z"]
    np.testing.assert_array_equal(got, np.maximum((x.astype(np.int32) + y).astype(np.int16), 0))


def test_the_mask_forms_keep_the_masked_off_lanes(kernel_module: Load) -> None:
    """float32, 64 lanes a repeat: the first 20 lanes of two repeats; the destination's blocks 2 apart."""
    x = RNG.uniform(-4, 4, N).astype(np.float32)
    y = RNG.uniform(-4, 4, N).astype(np.float32)
    d = np.full(2 * N, 9, np.float32)
    body = """
    p = asc.BinaryRepeatParams(2, 1, 1, 16, 8, 8)
    asc.add_relu(z0, x, y, 20, 2, p)
    asc.fused_mul_add(z1, x, y, 20, 2, p)
    asc.mul_add_dst(z2, x, y, [0xF0F0F0F0F0F0F0F0], 2, p)
    asc.axpy(z3, x, 2.0, 20, 2, asc.UnaryRepeatParams(2, 1, 16, 8))
    """
    got = run(kernel_module, body, {"x": x, "y": y}, {f"z{i}": d.copy() for i in range(4)})
    src = np.array([r * 64 + j for r in range(2) for j in range(20)])
    dst = np.array([r * 128 + (j // 8) * 16 + j % 8 for r in range(2) for j in range(20)])
    want = d.copy()
    want[dst] = np.maximum(x[src] + y[src], 0)
    np.testing.assert_array_equal(got["z0"], want)
    want = d.copy()
    want[dst] = x[src] * d[dst] + y[src]
    np.testing.assert_array_equal(got["z1"], want)
    lanes = [j for j in range(64) if (0xF0F0F0F0F0F0F0F0 >> j) & 1]
    src = np.array([r * 64 + j for r in range(2) for j in lanes])
    dst = np.array([r * 128 + (j // 8) * 16 + j % 8 for r in range(2) for j in lanes])
    want = d.copy()
    want[dst] = x[src] * y[src] + d[dst]
    np.testing.assert_array_equal(got["z2"], want)
    src = np.array([r * 64 + j for r in range(2) for j in range(20)])
    dst = np.array([r * 128 + (j // 8) * 16 + j % 8 for r in range(2) for j in range(20)])
    want = d.copy()
    want[dst] = np.float32(2.0) * x[src] + d[dst]
    np.testing.assert_array_equal(got["z3"], want)


def test_half_into_float_accumulation(kernel_module: Load) -> None:
    """mul_add_dst and axpy of float16 sources into a float32 destination: the products are exact."""
    x = RNG.uniform(-4, 4, N).astype(np.float16)
    y = RNG.uniform(-4, 4, N).astype(np.float16)
    d = RNG.uniform(-4, 4, N).astype(np.float32)
    body = """
    asc.mul_add_dst(z0, x, y, 256)
    asc.axpy(z1, x, 0.3, 256)
    asc.axpy(z2, x, 0.3, 64, 4, asc.UnaryRepeatParams(1, 1, 8, 4))
    """
    got = run(kernel_module, body, {"x": x, "y": y}, {f"z{i}": d.copy() for i in range(3)})
    np.testing.assert_array_equal(got["z0"], x.astype(np.float32) * y.astype(np.float32) + d)
    s = np.float32(np.float16(0.3))
    np.testing.assert_array_equal(got["z1"], s * x.astype(np.float32) + d)
    np.testing.assert_array_equal(got["z2"], s * x.astype(np.float32) + d)


@pytest.mark.clean_room_only(
    "the CANN backend's intrinsic layer does not emulate vaddreluconv/vsubreluconv/vmulconv "
    "(AddReluCast, SubReluCast, MulCast) yet"
)
def test_the_converting_ops_round_to_nearest_even_and_saturate(kernel_module: Load) -> None:
    xh = RNG.uniform(-200, 200, N).astype(np.float16)
    yh = RNG.uniform(-200, 200, N).astype(np.float16)
    xs = RNG.uniform(-70000, 70000, N).astype(np.float32)
    ys = RNG.uniform(-70000, 70000, N).astype(np.float32)
    xi = RNG.integers(-300, 300, N, dtype=np.int16)
    yi = RNG.integers(-300, 300, N, dtype=np.int16)
    mh = RNG.uniform(-20, 20, N).astype(np.float16)
    body = """
    asc.add_relu_cast(z0, xh, yh, 256)
    asc.sub_relu_cast(z1, xh, yh, 256)
    asc.add_relu_cast(z2, xs, ys, 256)
    asc.add_relu_cast(z3, xi, yi, 256)
    asc.mul_cast(z4, xh, mh, 256)
    asc.mul_cast(z5, xh, mh, 128, 2, asc.BinaryRepeatParams(1, 1, 1, 4, 8, 8))
    """
    outs = {
        "z0": np.zeros(N, np.int8),
        "z1": np.zeros(N, np.int8),
        "z2": np.zeros(N, np.float16),
        "z3": np.zeros(N, np.int8),
        "z4": np.zeros(N, np.int8),
        "z5": np.zeros(N, np.uint8),
    }
    ins = {"xh": xh, "yh": yh, "xs": xs, "ys": ys, "xi": xi, "yi": yi, "mh": mh}
    got = run(kernel_module, body, ins, outs)
    np.testing.assert_array_equal(got["z0"], rint_into(np.maximum(xh + yh, 0), np.int8))
    np.testing.assert_array_equal(got["z1"], rint_into(np.maximum(xh - yh, 0), np.int8))
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(got["z2"], np.maximum(xs + ys, 0).astype(np.float16))
    np.testing.assert_array_equal(got["z3"], rint_into(np.maximum(xi + yi, 0), np.int8))
    np.testing.assert_array_equal(got["z4"], rint_into(xh * mh, np.int8))
    np.testing.assert_array_equal(got["z5"], rint_into(xh * mh, np.uint8))


@pytest.mark.clean_room_only(
    "the CANN backend's intrinsic layer does not emulate vaddreluconv/vsubreluconv/vmulconv/vconv_deq "
    "(AddReluCast, SubReluCast, MulCast, AddDeqRelu) yet"
)
@pytest.mark.parametrize("mask", [100, [0x00FF00FF00FF00FF, 0xF0F0F0F0F0F0F000]], ids=["continuous", "bits"])
def test_the_converting_ops_mask_forms_write_only_the_masked_lanes(kernel_module: Load, mask: int | list[int]) -> None:
    """AddReluCast, SubReluCast and MulCast (half to int8, 128 lanes a repeat, results 128 bytes apart) and
    AddDeqRelu (int32 to half, 64 lanes a repeat, results 64 halves apart) in both mask forms over two repeats:
    the selected lanes as the count form computes them, the others as they were."""
    xh = RNG.uniform(-200, 200, N).astype(np.float16)
    yh = RNG.uniform(-200, 200, N).astype(np.float16)
    mh = RNG.uniform(-20, 20, N).astype(np.float16)
    a = RNG.integers(-5000, 5000, N // 2, dtype=np.int32)
    b = RNG.integers(-5000, 5000, N // 2, dtype=np.int32)
    narrow = 40 if isinstance(mask, int) else [mask[0], 0]  # 32-bit sources: 64 lanes, one word
    body = f"""
    p = asc.BinaryRepeatParams(1, 1, 1, 4, 8, 8)
    asc.add_relu_cast(z0, xh, yh, {mask}, 2, p)
    asc.sub_relu_cast(z1, xh, yh, {mask}, 2, p)
    asc.mul_cast(z2, xh, mh, {mask}, 2, p)
    asc.set_deq_scale(0.125)
    asc.add_deq_relu(z3, a, b, {narrow}, 2, p)
    """
    outs = {f"z{i}": np.full(N, 3, np.int8) for i in range(3)} | {"z3": np.full(N // 2, 3, np.float16)}
    got = run(kernel_module, body, {"xh": xh, "yh": yh, "mh": mh, "a": a, "b": b}, outs)

    def lanes(m: int | list[int], n: int) -> np.ndarray:
        one = range(m) if isinstance(m, int) else [j for j in range(n) if m[j // 64] >> (j % 64) & 1]
        return np.array([r * n + j for r in range(2) for j in one])

    wide, deq = lanes(mask, 128), lanes(narrow, 64)
    results = {
        "z0": rint_into(np.maximum(xh + yh, 0), np.int8),
        "z1": rint_into(np.maximum(xh - yh, 0), np.int8),
        "z2": rint_into(xh * mh, np.int8),
        "z3": np.maximum(((a + b).astype(np.float64) * 0.125).astype(np.float16), 0),
    }
    for name, result in results.items():
        at = deq if name == "z3" else wide
        want = outs[name].copy()
        want[at] = result[at]
        np.testing.assert_array_equal(got[name], want, err_msg=name)


def test_shifts(kernel_module: Load) -> None:
    x16 = RNG.integers(-32768, 32767, N, dtype=np.int16)
    u16 = x16.view(np.uint16)
    x32 = RNG.integers(-(2**31), 2**31 - 1, N // 2, dtype=np.int32)
    body = """
    asc.shift_left(z0, x16, 3, 256)
    asc.shift_right(z1, x16, 5, 256)
    asc.shift_left(z2, u16, 3, 256)
    asc.shift_right(z3, u16, 5, 256)
    asc.shift_right(z4, x32, 31, 64, 2, asc.UnaryRepeatParams())
    asc.shift_left(z5, x16, 16, 256)
    """
    outs = {
        "z0": np.zeros(N, np.int16),
        "z1": np.zeros(N, np.int16),
        "z2": np.zeros(N, np.uint16),
        "z3": np.zeros(N, np.uint16),
        "z4": np.zeros(N // 2, np.int32),
        "z5": np.zeros(N, np.int16),
    }
    got = run(kernel_module, body, {"x16": x16, "u16": u16, "x32": x32}, outs)
    sign = (x16.view(np.uint16) & 0x8000).astype(np.uint16)
    kept = ((x16.view(np.uint16).astype(np.uint32) << 3) & 0x7FFF).astype(np.uint16)
    np.testing.assert_array_equal(got["z0"], (sign | kept).view(np.int16))  # the sign bit stays
    np.testing.assert_array_equal(got["z1"], x16 >> 5)
    np.testing.assert_array_equal(got["z2"], (u16.astype(np.uint32) << 3).astype(np.uint16))
    np.testing.assert_array_equal(got["z3"], u16 >> 5)
    np.testing.assert_array_equal(got["z4"], x32 >> 31)
    np.testing.assert_array_equal(got["z5"], sign.view(np.int16))


# --- DEQSCALE: add_deq_relu, cast_deq ---------------------------------------------------------------


@pytest.mark.clean_room_only("the CANN backend's intrinsic layer does not emulate vconv_deq (AddDeqRelu) yet")
def test_add_deq_relu_scales_by_the_half_in_deqscale(kernel_module: Load) -> None:
    a = RNG.integers(-5000, 5000, N, dtype=np.int32)
    b = RNG.integers(-5000, 5000, N, dtype=np.int32)
    body = """
    asc.set_deq_scale(0.125)
    asc.add_deq_relu(z0, a, b, 256)
    asc.add_deq_relu(z1, a, b, 64, 4, asc.BinaryRepeatParams(1, 1, 1, 4, 8, 8))
    asc.cast_deq(z2, a, 256)
    """
    outs = {f"z{i}": np.zeros(N, np.float16) for i in range(3)}
    got = run(kernel_module, body, {"a": a, "b": b}, outs)
    want = np.maximum(((a + b).astype(np.float64) * 0.125).astype(np.float16), 0)
    np.testing.assert_array_equal(got["z0"], want)
    np.testing.assert_array_equal(got["z1"], want)
    np.testing.assert_array_equal(got["z2"], (a.astype(np.float64) * 0.125).astype(np.float16))


def deq_b8(src: np.ndarray, scale: float, offset: int, signed: bool) -> np.ndarray:
    """The int16 dequantisation: scale rounded to a 10-bit mantissa, then rint, then saturation."""
    s = np.array([scale], np.float32).view(np.uint32)
    s = ((s + 0xFFF + ((s >> 13) & 1)) & ~np.uint32(0x1FFF)).view(np.float32)[0]
    r = np.rint(src.astype(np.float64) * float(s) + offset)
    return np.clip(r, -128, 127).astype(np.int8) if signed else np.clip(r, 0, 255).astype(np.uint8)


@pytest.mark.clean_room_only("the CANN backend's intrinsic layer does not emulate vconv_deqs162b8 (CastDeq) yet")
def test_cast_deq_from_int16_into_half_blocks(kernel_module: Load) -> None:
    """Each 32-byte source block gives 16 bytes: the first half of the destination block (half_block=False)
    or the second (True); the other half keeps its bytes."""
    x = RNG.integers(-2000, 2000, N, dtype=np.int16)
    body = """
    asc.set_deq_scale(0.1, 3, True)
    asc.cast_deq(z0, x, 256, is_vec_deq=False, half_block=False)
    asc.cast_deq(z1, x, 256, is_vec_deq=False, half_block=True)
    asc.set_deq_scale(0.05, -7, False)
    asc.cast_deq(z2, x, 128, 2, asc.UnaryRepeatParams(), is_vec_deq=False)
    asc.cast_deq(z3, x, [0x00FF00FF00FF00FF, 0xF0F0F0F0F0F0F000], 2, asc.UnaryRepeatParams(), is_vec_deq=False)
    """
    outs = {
        "z0": np.full(512, -1, np.int8),
        "z1": np.full(512, -1, np.int8),
        "z2": np.full(512, 1, np.uint8),
        "z3": np.full(512, 1, np.uint8),
    }
    got = run(kernel_module, body, {"x": x}, outs)
    q = deq_b8(x, 0.1, 3, True).reshape(16, 16)
    want = np.full((16, 32), -1, np.int8)
    want[:, :16] = q
    np.testing.assert_array_equal(got["z0"].reshape(16, 32), want)
    want = np.full((16, 32), -1, np.int8)
    want[:, 16:] = q
    np.testing.assert_array_equal(got["z1"].reshape(16, 32), want)
    want = np.full((16, 32), 1, np.uint8)
    want[:, 16:] = deq_b8(x, 0.05, -7, False).reshape(16, 16)
    np.testing.assert_array_equal(got["z2"].reshape(16, 32), want)
    bits = [0x00FF00FF00FF00FF, 0xF0F0F0F0F0F0F000]  # the bit-mask form: lane j of repeat r is element 128 r + j
    lanes = [r * 128 + j for r in range(2) for j in range(128) if bits[j // 64] >> (j % 64) & 1]
    want = np.full(512, 1, np.uint8)
    want[[(i // 16) * 32 + 16 + i % 16 for i in lanes]] = deq_b8(x, 0.05, -7, False)[lanes]
    np.testing.assert_array_equal(got["z3"], want)


@pytest.mark.clean_room_only("the CANN backend's intrinsic layer does not emulate vconv_vdeqs162b8 (CastDeq) yet")
def test_cast_deq_with_sixteen_parameter_sets(kernel_module: Load) -> None:
    x = RNG.integers(-2000, 2000, N, dtype=np.int16)
    scales = [0.01 * (i + 1) for i in range(16)]
    offsets = [i - 8 for i in range(16)]
    body = f"""
    vdeq = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, {SCRATCH}, 16)
    info = asc.VdeqInfo({scales}, {offsets}, [True] * 16)
    asc.set_deq_scale(vdeq, info)
    asc.cast_deq(z, x, 256)
    """
    got = run(kernel_module, body, {"x": x}, {"z": np.zeros(512, np.int8)})["z"].reshape(16, 32)
    blocks = x.reshape(16, 16)
    want = np.zeros((16, 32), np.int8)
    for j in range(16):
        want[:, 16 + j] = deq_b8(blocks[:, j], scales[j], offsets[j], True)
    np.testing.assert_array_equal(got, want)
