"""The mask forms of the vector ops not covered elsewhere (the emulation coverage report listed them as never
run, docs/emulation.md#coverage): each op called with a continuous mask and with a bit mask over two repeats
writes exactly the lanes its mask selects, as numpy computes them, and leaves the other lanes as they were."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import numpy as np
import pytest
from tests.emu.gm_kernels import run

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

Load = Callable[[str], ModuleType]
RNG = np.random.default_rng(32)
N = 256
MASKS = {
    "continuous": (100, 40),
    "bits": ([0x00FF00FF00FF00FF, 0xF0F0F0F0F0F0F000], [0x00FF00FF00FF00FF, 0]),
}
"""A continuous mask and a bit mask, for 128-lane (16-bit) and 64-lane (32-bit) repeats."""


def lanes_of(mask: int | list[int], lanes: int) -> np.ndarray:
    """The lanes of one repeat that ``mask`` selects."""
    if isinstance(mask, int):
        return np.arange(min(mask, lanes))
    return np.array([j for j in range(lanes) if mask[j // 64] >> (j % 64) & 1])


def picked(mask: int | list[int], lanes: int, repeats: int = 2) -> np.ndarray:
    """The selected elements of ``repeats`` contiguous repeats."""
    return np.concatenate([r * lanes + lanes_of(mask, lanes) for r in range(repeats)])


def check(got: np.ndarray, start: np.ndarray, at: np.ndarray, want: np.ndarray, rtol: float, name: str) -> None:
    expected = start.copy()
    expected[at] = want
    others = np.setdiff1d(np.arange(got.size), at)
    np.testing.assert_array_equal(got[others], start[others], err_msg=f"{name}: a lane outside the mask changed")
    if rtol:
        np.testing.assert_allclose(got[at].astype(np.float64), want.astype(np.float64), rtol=rtol, err_msg=name)
    else:
        np.testing.assert_array_equal(got[at], want, err_msg=name)


HALF_OPS: dict[str, tuple[str, Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray], float]] = {
    "exp": ("asc.exp({z}, x, {m}, 2, asc.UnaryRepeatParams())", lambda x, y, d: np.exp(x), 1e-3),
    "ln": ("asc.ln({z}, y, {m}, 2, asc.UnaryRepeatParams())", lambda x, y, d: np.log(y), 1e-3),
    "sqrt": ("asc.sqrt({z}, y, {m}, 2, asc.UnaryRepeatParams())", lambda x, y, d: np.sqrt(y), 1e-3),
    "rsqrt": ("asc.rsqrt({z}, y, {m}, 2, asc.UnaryRepeatParams())", lambda x, y, d: 1 / np.sqrt(y), 1e-3),
    "relu": ("asc.relu({z}, x, {m}, 2, asc.UnaryRepeatParams())", lambda x, y, d: np.maximum(x, 0), 0),
    "leaky_relu": (
        "asc.leaky_relu({z}, x, 0.5, {m}, 2, asc.UnaryRepeatParams())",
        lambda x, y, d: np.where(x >= 0, x, x * np.float16(0.5)),
        0,
    ),
    "axpy": ("asc.axpy({z}, x, 0.75, {m}, 2, asc.UnaryRepeatParams())", lambda x, y, d: np.float16(0.75) * x + d, 0),
    "add_relu": ("asc.add_relu({z}, x, y, {m}, 2, asc.BinaryRepeatParams())", lambda x, y, d: np.maximum(x + y, 0), 0),
    "sub_relu": ("asc.sub_relu({z}, x, y, {m}, 2, asc.BinaryRepeatParams())", lambda x, y, d: np.maximum(x - y, 0), 0),
    "fused_mul_add": ("asc.fused_mul_add({z}, x, y, {m}, 2, asc.BinaryRepeatParams())", lambda x, y, d: x * d + y, 0),
    "fused_mul_add_relu": (
        "asc.fused_mul_add_relu({z}, x, y, {m}, 2, asc.BinaryRepeatParams())",
        lambda x, y, d: np.maximum(x * d + y, 0),
        0,
    ),
    "mul_add_dst": ("asc.mul_add_dst({z}, x, y, {m}, 2, asc.BinaryRepeatParams())", lambda x, y, d: x * y + d, 0),
    "duplicate": ("asc.duplicate({z}, 7.0, {m}, 2, 1, 8)", lambda x, y, d: np.full(x.shape, 7, np.float16), 0),
}
"""half ops by their mask form: the call, numpy's result from the sources ``x``, ``y`` and the destination's
previous value ``d``, and the relative tolerance (0: exact)."""


@pytest.mark.parametrize("form", list(MASKS))
def test_half_ops_in_both_mask_forms(kernel_module: Load, form: str) -> None:
    x = RNG.uniform(-4, 4, N).astype(np.float16)
    y = RNG.uniform(0.25, 4, N).astype(np.float16)
    d = RNG.uniform(-4, 4, N).astype(np.float16)
    mask = MASKS[form][0]
    names = list(HALF_OPS)
    body = "\n".join(HALF_OPS[name][0].format(z=f"z{i}", m=mask) for i, name in enumerate(names))
    got = run(kernel_module, body, {"x": x, "y": y}, {f"z{i}": d.copy() for i in range(len(names))})
    at = picked(mask, 128)
    for i, name in enumerate(names):
        _, function, rtol = HALF_OPS[name]
        want = function(x[at], y[at], d[at]).astype(np.float16)
        check(got[f"z{i}"], d, at, want, rtol, name)


@pytest.mark.parametrize("form", list(MASKS))
def test_int16_bitwise_ops_and_shifts_in_both_mask_forms(kernel_module: Load, form: str) -> None:
    x = RNG.integers(-32768, 32767, N, dtype=np.int16)
    y = RNG.integers(-32768, 32767, N, dtype=np.int16)
    u = RNG.integers(0, 65535, N, dtype=np.uint16)
    mask = MASKS[form][0]
    body = f"""
    asc.bitwise_and(z0, x, y, {mask}, 2, asc.BinaryRepeatParams())
    asc.bitwise_or(z1, x, y, {mask}, 2, asc.BinaryRepeatParams())
    asc.bitwise_not(z2, x, {mask}, 2, asc.UnaryRepeatParams())
    asc.shift_left(z3, u, 3, {mask}, 2, asc.UnaryRepeatParams())
    asc.shift_right(z4, u, 5, {mask}, 2, asc.UnaryRepeatParams())
    """
    d16 = np.full(N, 11, np.int16)
    du = np.full(N, 11, np.uint16)
    outs = {"z0": d16.copy(), "z1": d16.copy(), "z2": d16.copy(), "z3": du.copy(), "z4": du.copy()}
    got = run(kernel_module, body, {"x": x, "y": y, "u": u}, outs)
    at = picked(mask, 128)
    check(got["z0"], d16, at, x[at] & y[at], 0, "bitwise_and")
    check(got["z1"], d16, at, x[at] | y[at], 0, "bitwise_or")
    check(got["z2"], d16, at, ~x[at], 0, "bitwise_not")
    check(got["z3"], du, at, (u[at].astype(np.uint32) << 3).astype(np.uint16), 0, "shift_left")
    check(got["z4"], du, at, u[at] >> 5, 0, "shift_right")


@pytest.mark.parametrize("form", list(MASKS))
def test_float_to_int32_cast_in_both_mask_forms(kernel_module: Load, form: str) -> None:
    """Cast's mask forms (64 lanes of float32 a repeat) round as their mode says: CAST_RINT to even, CAST_TRUNC
    towards zero."""
    x = ((np.arange(N // 2, dtype=np.float32) - 64) / 4).astype(np.float32)  # every quarter: the ties too
    mask = MASKS[form][1]
    body = f"""
    asc.cast(z0, x, asc.RoundMode.CAST_RINT, {mask}, 2, asc.UnaryRepeatParams())
    asc.cast(z1, x, asc.RoundMode.CAST_TRUNC, {mask}, 2, asc.UnaryRepeatParams())
    """
    d = np.full(N // 2, -99, np.int32)
    got = run(kernel_module, body, {"x": x}, {"z0": d.copy(), "z1": d.copy()})
    at = picked(mask, 64)
    check(got["z0"], d, at, np.rint(x[at]).astype(np.int32), 0, "CAST_RINT")
    check(got["z1"], d, at, np.trunc(x[at]).astype(np.int32), 0, "CAST_TRUNC")


def odd_half_bits(value: np.float32) -> int:
    """float to half rounded to odd: the half towards zero, its last bit set when the conversion is inexact."""
    exact = float(value)
    nearest = np.float16(value)
    toward_zero = nearest if abs(float(nearest)) <= abs(exact) else np.nextafter(nearest, np.float16(0))
    bits = int(np.array(toward_zero).view(np.uint16))
    return bits | 1 if float(toward_zero) != exact else bits


def test_cast_float_to_half_rounds_to_odd(kernel_module: Load) -> None:
    """Cast with CAST_ODD: an inexact float lands on the neighbouring half with an odd last bit (von Neumann
    rounding), an exact one stays; ties between two halves and values between them alike."""
    ulp = 2.0**-10
    special = [1 + ulp / 2, 1 + ulp * 1.5, 1 + ulp / 4, -(1 + ulp / 2), 3.14159, 2.0, 0.0, -0.5]
    x = np.concatenate([special, RNG.uniform(-1000, 1000, N - len(special))]).astype(np.float32)
    got = run(kernel_module, "asc.cast(z, x, asc.RoundMode.CAST_ODD, 256)", {"x": x}, {"z": np.zeros(N, np.float16)})
    assert got["z"].view(np.uint16).tolist() == [odd_half_bits(v) for v in x]
    assert float(got["z"][0]) == 1 + ulp  # the tie goes to the odd neighbour, not to even (1.0)
    assert float(got["z"][5]) == 2.0


@pytest.mark.parametrize("form", list(MASKS))
def test_select_in_both_mask_forms(kernel_module: Load, form: str) -> None:
    """Select over one repeat of 128 half lanes, by the bits of ``m`` (bit j of the bytes for lane j): between
    two tensors and between a tensor and a scalar; the lanes outside the mask keep their values."""
    x = RNG.uniform(-4, 4, N).astype(np.float16)
    y = RNG.uniform(-4, 4, N).astype(np.float16)
    m = RNG.integers(0, 256, 32, dtype=np.uint8)
    mask = MASKS[form][0]
    body = f"""
    asc.select(z0, m, x, y, asc.SelMode.VSEL_TENSOR_TENSOR_MODE, {mask}, 1, asc.BinaryRepeatParams())
    asc.select(z1, m, x, 2.0, asc.SelMode.VSEL_TENSOR_SCALAR_MODE, {mask}, 1, asc.BinaryRepeatParams())
    """
    d = np.full(N, 5, np.float16)
    got = run(kernel_module, body, {"x": x, "y": y, "m": m}, {"z0": d.copy(), "z1": d.copy()})
    at = picked(mask, 128, repeats=1)
    chosen = np.unpackbits(m, bitorder="little")[at].astype(bool)
    check(got["z0"], d, at, np.where(chosen, x[at], y[at]), 0, "tensor-tensor")
    check(got["z1"], d, at, np.where(chosen, x[at], np.float16(2.0)), 0, "tensor-scalar")
