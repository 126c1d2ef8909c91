"""The vector ops, atomics and debug output on the CPU emulation (docs/emulation.md#the-vector-instructions): small
kernels run through the real pipeline, compared with numpy.  Arithmetic that rounds once per
instruction (float32, and float16 computed in float32 as numpy does) must match exactly; transcendental
functions and sums match within a tolerance."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import ascx as asc
from ascx.emu.build import INCLUDE_DIR
from ascx.emu.launch import EmulationError
from ascx.testing.rounding import bfloat16_bits

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

N = 256
"""Elements per operand: a whole number of 256-byte repeats for every element type used here."""

KERNEL = """
@asc.jit{options}
def k(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, alpha: float) -> None:
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    zg.set_global_buffer(z)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, {n})
    b = asc.LocalTensor(y.dtype, asc.TPosition.VECIN, 4096, {n})
    c = asc.LocalTensor(z.dtype, asc.TPosition.VECOUT, 8192, {n})
    asc.data_copy(a, xg, {n})
    asc.data_copy(b, yg, {n})
{body}
"""
"""Inputs ``a`` (from x) and ``b`` (from y), output ``c`` (to z); each ``out(i)`` of the body copies ``c``
to row ``i`` of z."""


def kernel(load: Callable[[str], ModuleType], body: str, options: str = "") -> Any:
    lines = textwrap.dedent(body).strip("\n").splitlines()
    rows = 0
    expanded: list[str] = []
    for line in lines:
        if line.strip() == "out()":
            expanded.append(f"asc.data_copy(zg[{rows} * {N}:], c, {N})")
            rows += 1
        else:
            expanded.append(line)
    return load(KERNEL.format(n=N, options=options, body=textwrap.indent("\n".join(expanded), "    "))).k


def run(
    load: Callable[[str], ModuleType],
    body: str,
    x: np.ndarray,
    y: np.ndarray,
    out_dtype: Any,
    rows: int,
    alpha: float = 0.0,
) -> np.ndarray:
    """Run the kernel once; row ``i`` of the result is what the ``i``-th ``out()`` copied."""
    z = np.zeros(rows * N, dtype=out_dtype)
    kernel(load, body)[1](x, y, z, alpha)
    return z.reshape(rows, N)


def inputs(dtype: Any, seed: int = 0, low: float = -4.0, high: float = 4.0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    x = rng.uniform(low, high, N).astype(dtype)
    y = rng.uniform(low, high, N).astype(dtype)
    y[y == 0] = 1  # Div
    return x, y


# --- element-wise families, count form ------------------------------------------------------------


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_binary_ops_match_numpy_exactly(kernel_module: Callable[[str], ModuleType], dtype: Any) -> None:
    body = """
    asc.add(c, a, b, 256)
    out()
    asc.sub(c, a, b, 256)
    out()
    asc.mul(c, a, b, 256)
    out()
    asc.div(c, a, b, 256)
    out()
    asc.max(c, a, b, 256)
    out()
    asc.min(c, a, b, 256)
    out()
    """
    x, y = inputs(dtype)
    got = run(kernel_module, body, x, y, dtype, 6)
    expected = [x + y, x - y, x * y, x / y, np.maximum(x, y), np.minimum(x, y)]
    for row, want in zip(got, expected, strict=True):
        np.testing.assert_array_equal(row, want.astype(dtype))


@pytest.mark.parametrize(("dtype", "rtol"), [(np.float32, 1e-6), (np.float16, 1e-3)])
def test_unary_ops_match_numpy(kernel_module: Callable[[str], ModuleType], dtype: Any, rtol: float) -> None:
    body = """
    asc.abs(c, b, 256)
    out()
    asc.exp(c, b, 256)
    out()
    asc.ln(c, a, 256)
    out()
    asc.sqrt(c, a, 256)
    out()
    asc.rsqrt(c, a, 256)
    out()
    asc.reciprocal(c, a, 256)
    out()
    asc.relu(c, b, 256)
    out()
    """
    x, _ = inputs(dtype, low=0.1, high=8.0)
    _, y = inputs(dtype, seed=1)
    got = run(kernel_module, body, x, y, dtype, 7)
    x32, y32 = x.astype(np.float64), y.astype(np.float64)
    expected = [np.abs(y32), np.exp(y32), np.log(x32), np.sqrt(x32), 1 / np.sqrt(x32), 1 / x32, np.maximum(y32, 0)]
    for row, want in zip(got, expected, strict=True):
        np.testing.assert_allclose(row.astype(np.float64), want, rtol=rtol)
    np.testing.assert_array_equal(got[0], np.abs(y))
    np.testing.assert_array_equal(got[6], np.maximum(y, 0))


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_scalar_ops_match_numpy_exactly(kernel_module: Callable[[str], ModuleType], dtype: Any) -> None:
    body = """
    asc.adds(c, a, alpha, 256)
    out()
    asc.muls(c, a, alpha, 256)
    out()
    asc.maxs(c, a, alpha, 256)
    out()
    asc.mins(c, a, alpha, 256)
    out()
    asc.leaky_relu(c, a, alpha, 256)
    out()
    """
    x, y = inputs(dtype)
    alpha = 0.3
    s = np.array(alpha, dtype=np.float32).astype(dtype)  # the kernel converts the float32 scalar to dtype
    got = run(kernel_module, body, x, y, dtype, 5, alpha)
    expected = [x + s, x * s, np.maximum(x, s), np.minimum(x, s), np.where(x >= 0, x, x * s)]
    for row, want in zip(got, expected, strict=True):
        np.testing.assert_array_equal(row, want.astype(dtype))


def test_bitwise_ops_on_int16(kernel_module: Callable[[str], ModuleType]) -> None:
    body = """
    asc.bitwise_and(c, a, b, 256)
    out()
    asc.bitwise_or(c, a, b, 256)
    out()
    asc.bitwise_not(c, a, 256)
    out()
    """
    rng = np.random.default_rng(2)
    x = rng.integers(-30000, 30000, N, dtype=np.int16)
    y = rng.integers(-30000, 30000, N, dtype=np.int16)
    got = run(kernel_module, body, x, y, np.int16, 3)
    np.testing.assert_array_equal(got, [x & y, x | y, ~x])


def test_duplicate_and_an_odd_count_leave_the_rest(kernel_module: Callable[[str], ModuleType]) -> None:
    body = """
    asc.duplicate(c, 7.0, 256)
    asc.add(c, a, b, 100)
    out()
    """
    x, y = inputs(np.float32)
    got = run(kernel_module, body, x, y, np.float32, 1)[0]
    np.testing.assert_array_equal(got[:100], x[:100] + y[:100])
    np.testing.assert_array_equal(got[100:], 7.0)


# --- mask forms ---------------------------------------------------------------------------------------


def lanes(rows: int, stride: int, per_block: int, mask: int) -> np.ndarray:
    """The flat indices of the first ``mask`` lanes of ``rows`` repeats of 8 blocks with block stride
    ``stride`` (blocks) and the repeat stride of contiguous blocks times ``stride``."""
    out = []
    for r in range(rows):
        for j in range(mask):
            block, lane = divmod(j, per_block)
            out.append(r * 8 * stride * per_block + block * stride * per_block + lane)
    return np.array(out)


def test_a_continuous_mask_with_repeats_and_block_strides(kernel_module: Callable[[str], ModuleType]) -> None:
    """float32: 64 lanes a repeat, 8 per block; the destination's blocks are 2 apart (repeat stride 16):
    the mask's first 20 lanes of 2 repeats."""
    body = """
    asc.duplicate(c, -1.0, 256)
    asc.add(c, a, b, 20, 2, asc.BinaryRepeatParams(2, 1, 1, 16, 8, 8))
    out()
    """
    x, y = inputs(np.float32)
    got = run(kernel_module, body, x, y, np.float32, 1)[0]
    want = np.full(N, -1.0, dtype=np.float32)
    src = lanes(2, 1, 8, 20)
    want[lanes(2, 2, 8, 20)] = x[src] + y[src]
    np.testing.assert_array_equal(got, want)


LONG = 64 * 64
"""Elements of sixty-four full repeats of float32 (64 lanes each)."""


def test_a_full_mask_over_sixty_four_repeats(kernel_module: Callable[[str], ModuleType]) -> None:
    """A mask-form Add with every lane on, 64 repeats of 64 float32, contiguous: the fast build adds all 4096
    elements as one flat run.  (Found by the mutation campaign, docs/testing.md#mutation-testing: the flat
    run's length as repeats / lanes instead of repeats * lanes survived, being 0, the reference path, for
    fewer than 64 repeats.)"""
    source = (
        KERNEL.replace("4096, {n}", f"{LONG * 4}, {{n}}")
        .replace("8192, {n}", f"{LONG * 8}, {{n}}")
        .format(n=LONG, options="", body=textwrap.indent(BODY_LONG, "    "))
    )
    rng = np.random.default_rng(7)
    x = rng.uniform(-4, 4, LONG).astype(np.float32)
    y = rng.uniform(-4, 4, LONG).astype(np.float32)
    z = np.zeros(LONG, dtype=np.float32)
    kernel_module(source).k[1](x, y, z, 0.0)
    np.testing.assert_array_equal(z, x + y)


BODY_LONG = f"asc.add(c, a, b, 64, 64, asc.BinaryRepeatParams())\nasc.data_copy(zg, c, {LONG})"


def test_a_bit_mask_on_half(kernel_module: Callable[[str], ModuleType]) -> None:
    """float16: 128 lanes a repeat; word 0 holds lanes 0-63, word 1 lanes 64-127."""
    body = """
    asc.duplicate(c, 0.0, 256)
    asc.mul(c, a, b, [0x8000000000000001, 0x5], 2, asc.BinaryRepeatParams())
    out()
    """
    x, y = inputs(np.float16)
    got = run(kernel_module, body, x, y, np.float16, 1)[0]
    want = np.zeros(N, dtype=np.float16)
    for repeat in range(2):
        for lane in (0, 63, 64, 66):
            i = repeat * 128 + lane
            want[i] = x[i] * y[i]
    np.testing.assert_array_equal(got, want)


def test_unary_and_duplicate_mask_forms(kernel_module: Callable[[str], ModuleType]) -> None:
    body = """
    asc.duplicate(c, 5.0, 256)
    asc.duplicate(c, 9.0, 8, 2, 2, 16)
    out()
    asc.duplicate(c, 5.0, 256)
    asc.abs(c, b, 64, 4, asc.UnaryRepeatParams(1, 1, 8, 8))
    out()
    """
    x, y = inputs(np.float32)
    got = run(kernel_module, body, x, y, np.float32, 2)
    want = np.full(N, 5.0, dtype=np.float32)
    want[lanes(2, 2, 8, 8)] = 9.0
    np.testing.assert_array_equal(got[0], want)
    np.testing.assert_array_equal(got[1], np.abs(y))


# --- Cast ---------------------------------------------------------------------------------------------


def round_half_away(v: np.ndarray) -> np.ndarray:
    return np.sign(v) * np.floor(np.abs(v) + 0.5)


@pytest.mark.parametrize(
    ("mode", "reference"),
    [
        ("CAST_RINT", np.rint),
        ("CAST_FLOOR", np.floor),
        ("CAST_CEIL", np.ceil),
        ("CAST_TRUNC", np.trunc),
        ("CAST_ROUND", round_half_away),
    ],
)
def test_cast_float_to_int32_rounds_as_its_mode_says(
    kernel_module: Callable[[str], ModuleType], mode: str, reference: Callable[[np.ndarray], np.ndarray]
) -> None:
    body = f"""
    asc.cast(c, a, asc.RoundMode.{mode}, 256)
    out()
    """
    x = (np.arange(N, dtype=np.float32) - 128) / 4  # every quarter from -32 to 31.75: the ties too
    got = run(kernel_module, body, x, x, np.int32, 1)[0]
    np.testing.assert_array_equal(got, reference(x).astype(np.int32))


def test_cast_between_float_types(kernel_module: Callable[[str], ModuleType]) -> None:
    """float to half rounds (CAST_RINT); half to float is exact and takes CAST_NONE only."""
    x, _ = inputs(np.float32)
    x[:4] = [70000.0, -70000.0, 1e-8, 1 + 2**-11]
    got = run(kernel_module, "asc.cast(c, a, asc.RoundMode.CAST_RINT, 256)\nout()", x, x, np.float16, 1)[0]
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(got, x.astype(np.float16))
    back = run(kernel_module, "asc.cast(c, a, asc.RoundMode.CAST_NONE, 256)\nout()", got, got, np.float32, 1)[0]
    np.testing.assert_array_equal(back, got.astype(np.float32))


BFLOAT16_CASTS = """
@asc.jit
def k(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    c = asc.LocalTensor(asc.bfloat16, asc.TPosition.VECOUT, 4096, 256)
    asc.data_copy(a, xg, 256)
{casts}
"""
BFLOAT16_CAST_MODES = {"r": "CAST_RINT", "a": "CAST_ROUND", "c": "CAST_CEIL", "f": "CAST_FLOOR", "z": "CAST_TRUNC"}


def test_cast_float_to_bfloat16_rounds_as_its_mode_says(kernel_module: Callable[[str], ModuleType]) -> None:
    """Each mode of Cast from float to bfloat16 (vconv_f322bf16r/a/c/f/z), on ties (1 + 2^-8 lies halfway
    between 1 and 1 + 2^-7), a value half an ulp past the largest finite bfloat16, and random floats."""
    casts = "".join(
        f"    asc.cast(c, a, asc.RoundMode.{mode}, 256)\n"
        f"    asc.data_copy(zg[{row} * 256:], c.reinterpret_cast(asc.uint16), 256)\n"
        for row, mode in enumerate(BFLOAT16_CAST_MODES.values())
    )
    x, _ = inputs(np.float32)
    x[:6] = [1 + 2.0**-8, -1 - 2.0**-8, 3 + 2.0**-7, 3.3961776e38, -3.3961776e38, 2.0**-133]
    z = np.zeros((len(BFLOAT16_CAST_MODES), N), dtype=np.uint16)
    kernel_module(BFLOAT16_CASTS.format(casts=casts)).k[1](x, z)
    for row, suffix in enumerate(BFLOAT16_CAST_MODES):
        np.testing.assert_array_equal(z[row], bfloat16_bits(x, suffix), err_msg=BFLOAT16_CAST_MODES[suffix])


@pytest.mark.parametrize(
    ("mode", "source", "destination", "message"),
    [
        ("CAST_NONE", np.float32, np.int32, "Cast: CAST_NONE from float to int32_t is not supported on current device"),
        ("CAST_ODD", np.float32, np.int32, "Cast: CAST_ODD from float to int32_t is not supported on current device"),
        (
            "CAST_RINT",
            np.float16,
            np.float32,
            "Cast: illegal input cast mode 1, only support CAST_NONE from half to float on current device",
        ),
    ],
)
def test_a_round_mode_cast_does_not_take_for_its_types_is_an_error(
    kernel_module: Callable[[str], ModuleType], mode: str, source: Any, destination: Any, message: str
) -> None:
    """Found by the differential check: CANN's Atlas A2 Cast takes only the modes it has a conversion for
    (float to int32 rounds as a mode says, half to float never rounds) and asserts on the others, with
    these messages; the clean-room Cast used to round to nearest instead."""
    x = np.arange(N).astype(source)
    with pytest.raises(EmulationError) as caught:
        run(kernel_module, f"asc.cast(c, a, asc.RoundMode.{mode}, 256)\nout()", x, x, destination, 1)
    assert caught.value.message.split(": ", 2)[2] == message


# --- reductions ---------------------------------------------------------------------------------------

REDUCE = """
    t = asc.LocalTensor(a.dtype, asc.TPosition.VECCALC, 12288, 256)
    asc.duplicate(c, 0.0, 256)
    asc.reduce_sum(c, a, t, 256)
    out()
    asc.duplicate(c, 0.0, 256)
    asc.reduce_max(c, a, t, 256, True)
    out()
    asc.duplicate(c, 0.0, 256)
    asc.reduce_min(c, a, t, 64, 2, 8, True)
    out()
"""


@pytest.mark.clean_room_only(
    "CANN's ReduceSum, ReduceMax and ReduceMin (count form) fetch event IDs from the kernel's "
    "TPipe (GetTPipePtr()->FetchEventID) and this kernel has none: a null dereference there "
    "(docs/emulation.md#what-the-differential-check-found)"
)
@pytest.mark.parametrize(
    ("dtype", "index_type", "rtol"), [(np.float32, np.uint32, 1e-6), (np.float16, np.uint16, 2e-3)]
)
def test_reductions(kernel_module: Callable[[str], ModuleType], dtype: Any, index_type: Any, rtol: float) -> None:
    x, _ = inputs(dtype, seed=3, low=0.0, high=1.0)
    x[77] = 5
    x[200] = 5  # a tie: the first one counts
    x[31] = -1
    got = run(kernel_module, REDUCE, x, x, dtype, 3)
    np.testing.assert_allclose(float(got[0][0]), float(x.astype(np.float64).sum()), rtol=rtol)
    assert got[1][0] == 5
    assert got[1][1:2].view(index_type)[0] == 77
    assert got[2][0] == -1
    assert got[2][1:2].view(index_type)[0] == 31
    if dtype == np.float16:
        assert got[2][1:2].view(index_type)[0] == 31


REDUCE_FORMS = """
    t = asc.LocalTensor(a.dtype, asc.TPosition.VECCALC, 12288, 256)
    asc.duplicate(c, 0.0, 256)
    asc.reduce_max(c, a, t, 16, 2, 8, True)
    out()
    asc.duplicate(c, 0.0, 256)
    asc.reduce_min(c, a, t, 256, True)
    out()
    asc.duplicate(c, 0.0, 256)
    asc.reduce_max(c, a, t, {bits}, 2, 8, True)
    out()
    asc.duplicate(c, 0.0, 256)
    asc.reduce_min(c, a, t, {bits}, 2, 8, True)
    out()
    asc.duplicate(c, 0.0, 256)
    asc.reduce_sum(c, a, t, {bits}, 2, 8)
    out()
"""


@pytest.mark.clean_room_only(
    "CANN's ReduceSum, ReduceMax and ReduceMin fetch event IDs from the kernel's TPipe (GetTPipePtr()->FetchEventID) "
    "and this kernel has none: a null dereference there (docs/emulation.md#what-the-differential-check-found)"
)
@pytest.mark.parametrize(
    ("dtype", "index_type", "bits", "rtol"),
    [
        (np.float32, np.uint32, [0xFFFF0000FFFF0000, 0], 1e-6),
        (np.float16, np.uint16, [0xFFFF0000FFFF0000, 0x0000FFFF0000FFFF], 2e-3),
    ],
)
def test_the_other_reduction_forms(
    kernel_module: Callable[[str], ModuleType], dtype: Any, index_type: Any, bits: list[int], rtol: float
) -> None:
    """ReduceMax's continuous-mask form (16 lanes), ReduceMin's count form and the bit-mask forms of all three
    over two repeats (the repeat stride 8 blocks): the maximum, minimum (with the index of the first) and sum of
    the selected elements; the extremes outside each mask are not seen."""
    x, _ = inputs(dtype, seed=8, low=0.0, high=1.0)
    lanes = 256 // np.dtype(dtype).itemsize
    in_mask = np.concatenate([r * lanes + np.arange(16) for r in range(2)])  # apart from in_bits
    in_bits = np.array([r * lanes + j for r in range(2) for j in range(lanes) if bits[j // 64] >> (j % 64) & 1])
    outside = np.setdiff1d(np.arange(N), np.union1d(in_mask, in_bits))
    x[outside[:2]] = [9, -9]  # seen by the count form alone
    x[in_mask[-3]] = 6  # the maximum of the continuous mask
    x[in_bits[5]] = 7
    x[in_bits[-2]] = 7  # a tie: the first one counts
    x[in_bits[3]] = -2
    got = run(kernel_module, REDUCE_FORMS.format(bits=bits), x, x, dtype, 5)
    assert (got[0][0], got[0][1:2].view(index_type)[0]) == (6, in_mask[-3])
    assert (got[1][0], got[1][1:2].view(index_type)[0]) == (-9, outside[1])
    assert (got[2][0], got[2][1:2].view(index_type)[0]) == (7, in_bits[5])
    assert (got[3][0], got[3][1:2].view(index_type)[0]) == (-2, in_bits[3])
    np.testing.assert_allclose(float(got[4][0]), float(x[in_bits].astype(np.float64).sum()), rtol=rtol)


@pytest.mark.clean_room_only(
    "CANN's ReduceSum (mask form too) fetches event IDs from the kernel's TPipe (GetTPipePtr()->FetchEventID) "
    "and this kernel has none: a null dereference there (docs/emulation.md#what-the-differential-check-found)"
)
def test_a_mask_form_reduce_sum_over_an_odd_number_of_repeats(kernel_module: Callable[[str], ModuleType]) -> None:
    """The mask form adds the repeat sums as a binary tree: three repeats of 64 float32 lanes give
    (s0 + s1) + s2, with each repeat's lanes summed as a tree too.  (Found by the mutation campaign,
    docs/testing.md#mutation-testing: the tree's pairing loop reading one past an odd count survived.)"""
    x, _ = inputs(np.float32, seed=5, low=0.0, high=1.0)
    body = """
    t = asc.LocalTensor(a.dtype, asc.TPosition.VECCALC, 12288, 256)
    asc.duplicate(c, 0.0, 256)
    asc.reduce_sum(c, a, t, 64, 3, 8)
    out()
"""
    got = run(kernel_module, body, x, x, np.float32, 1)

    def tree(values: np.ndarray) -> np.float32:
        items = [np.float32(v) for v in values]
        while len(items) > 1:
            pairs = [np.float32(items[i] + items[i + 1]) for i in range(0, len(items) - 1, 2)]
            items = pairs + ([items[-1]] if len(items) % 2 else [])
        return items[0]

    sums = [tree(x[r * 64 : (r + 1) * 64]) for r in range(3)]
    assert got[0][0] == np.float32(np.float32(sums[0] + sums[1]) + sums[2])


# --- Compare and Select -------------------------------------------------------------------------------


def test_compare_then_select(kernel_module: Callable[[str], ModuleType]) -> None:
    body = """
    m = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 12288, 32)
    asc.compare(m, a, b, asc.CMPMODE.LT, 256)
    asc.select(c, m, a, b, asc.SelMode.VSEL_TENSOR_TENSOR_MODE, 256)
    out()
    asc.compare_scalar(m, a, 0.5, asc.CMPMODE.GE, 256)
    asc.select(c, m, a, 0.0, asc.SelMode.VSEL_TENSOR_SCALAR_MODE, 256)
    out()
    """
    x, y = inputs(np.float16)
    got = run(kernel_module, body, x, y, np.float16, 2)
    np.testing.assert_array_equal(got[0], np.minimum(x, y))
    np.testing.assert_array_equal(got[1], np.where(x >= 0.5, x, 0))


def test_compare_writes_bits_little_endian(kernel_module: Callable[[str], ModuleType]) -> None:
    body = """
    m = asc.LocalTensor(asc.uint8, asc.TPosition.VECOUT, 8192, 32)
    asc.compare(m, a, b, asc.CMPMODE.EQ, 256)
    asc.data_copy(zg, m, 32)
    """
    x = np.arange(N, dtype=np.float16)
    y = np.where(np.arange(N) % 3 == 0, x, -1).astype(np.float16)
    z = np.zeros(N, dtype=np.uint8)
    kernel(kernel_module, body)[1](x, y, z, 0.0)
    np.testing.assert_array_equal(z[:32], np.packbits(np.arange(N) % 3 == 0, bitorder="little"))


MODES = {
    "LT": np.less,
    "GT": np.greater,
    "EQ": np.equal,
    "LE": np.less_equal,
    "GE": np.greater_equal,
    "NE": np.not_equal,
}
"""Every ``CMPMODE`` and what it computes."""


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_every_compare_mode_of_both_compares(kernel_module: Callable[[str], ModuleType], dtype: Any) -> None:
    """Each of the six modes, tensor-tensor and tensor-scalar, on inputs with equal pairs (so EQ, LE, GE and NE
    each differ from LT and GT): the bits against numpy's."""
    calls = []
    for row, mode in enumerate(MODES):
        calls += [
            f"asc.compare(m, a, b, asc.CMPMODE.{mode}, 256)",
            f"asc.data_copy(zg[{64 * row}:], m, 32)",
            f"asc.compare_scalar(m, a, 0.5, asc.CMPMODE.{mode}, 256)",
            f"asc.data_copy(zg[{64 * row + 32}:], m, 32)",
        ]
    body = "m = asc.LocalTensor(asc.uint8, asc.TPosition.VECOUT, 12288, 32)\n" + "\n".join(calls)
    x = (np.arange(N) % 7 / 2).astype(dtype)  # 0, 0.5, ..., 3: 0.5 recurs
    y = np.where(np.arange(N) % 3 == 0, x, 1.5).astype(dtype)
    z = np.zeros(64 * len(MODES), dtype=np.uint8)
    kernel(kernel_module, body)[1](x, y, z, 0.0)
    for row, compare in enumerate(MODES.values()):
        np.testing.assert_array_equal(z[64 * row : 64 * row + 32], np.packbits(compare(x, y), bitorder="little"))
        np.testing.assert_array_equal(
            z[64 * row + 32 : 64 * row + 64], np.packbits(compare(x, dtype(0.5)), bitorder="little")
        )


@pytest.mark.parametrize(
    ("mask", "active"),
    [("32", np.arange(64) < 32), ("[0x5555555555555555, 0]", np.arange(64) % 2 == 0)],
    ids=["continuous", "bits"],
)
@pytest.mark.parametrize("mode", ["GT", "NE"])
@pytest.mark.clean_room_only(
    "the backends differ on the bits of masked-off lanes: the clean-room backend clears them, the CANN backend "
    "writes the comparison there too (found by this test; which one the hardware does is not settled)"
)
def test_the_mask_forms_of_both_compares(
    kernel_module: Callable[[str], ModuleType], mask: str, active: np.ndarray, mode: str
) -> None:
    """float32, 4 repeats of 64 lanes under a continuous or a bit mask: each repeat's 64 bits follow the last
    repeat's, a masked-off lane's bit is 0 (docs/emulation.md#coverage found these forms never ran)."""
    body = f"""
    m = asc.LocalTensor(asc.uint8, asc.TPosition.VECOUT, 12288, 32)
    asc.compare(m, a, b, asc.CMPMODE.{mode}, {mask}, 4, asc.BinaryRepeatParams())
    asc.data_copy(zg, m, 32)
    asc.compare_scalar(m, a, 0.5, asc.CMPMODE.{mode}, {mask}, 4, asc.UnaryRepeatParams())
    asc.data_copy(zg[32:], m, 32)
    """
    x = (np.arange(N) % 7 / 2).astype(np.float32)
    y = np.where(np.arange(N) % 3 == 0, x, 1.5).astype(np.float32)
    z = np.zeros(64, dtype=np.uint8)
    kernel(kernel_module, body)[1](x, y, z, 0.0)
    lanes = np.tile(active, N // 64)
    compare = MODES[mode]
    np.testing.assert_array_equal(z[:32], np.packbits(lanes & compare(x, y), bitorder="little"))
    np.testing.assert_array_equal(z[32:], np.packbits(lanes & compare(x, np.float32(0.5)), bitorder="little"))


# --- errors a kernel can make -------------------------------------------------------------------------


def error_of(load: Callable[[str], ModuleType], body: str) -> str:
    x, y = inputs(np.float32)
    with pytest.raises(EmulationError) as caught:
        run(load, body, x, y, np.float32, 1)
    return caught.value.message.split(": ", 2)[2]


def test_a_count_past_the_tensor_is_an_error(kernel_module: Callable[[str], ModuleType]) -> None:
    assert error_of(kernel_module, "asc.add(c, a, b, 300)\nout()") == "Add: 300 elements exceed the LocalTensor's 256"


def test_a_mask_past_a_repeat_is_an_error(kernel_module: Callable[[str], ModuleType]) -> None:
    assert error_of(kernel_module, "asc.add(c, a, b, 65, 1, asc.BinaryRepeatParams())\nout()") == (
        "Add: the continuous mask 65 is outside [1, 64] (the lanes of one repeat of 4-byte elements)"
    )


def test_repeats_past_the_tensor_are_an_error(kernel_module: Callable[[str], ModuleType]) -> None:
    assert error_of(kernel_module, "asc.exp(c, a, 64, 5, asc.UnaryRepeatParams())\nout()") == (
        "Exp: 320 elements exceed the LocalTensor's 256"
    )


def test_the_sync_checker_sees_vector_ops(kernel_module: Callable[[str], ModuleType]) -> None:
    """Vector ops read and write on the V pipe: without the MTE2_V flag ascx inserts, Add's read of the
    copied input is a hazard."""
    x, y = inputs(np.float32)
    k = kernel(kernel_module, "asc.add(c, a, b, 256)\nout()", options="(insert_sync=False, verify_sync=False)")
    with pytest.warns(asc.AscxWarning):
        with pytest.raises(EmulationError) as caught:
            k[1](x, y, np.zeros(N, dtype=np.float32), 0.0)
    assert caught.value.message.split(": ", 2)[2].startswith(
        "RAW hazard: Add (V) reads UB bytes [0, 32) written by DataCopy (GM to local) (MTE2)"
    )


def test_the_sync_checker_sees_a_unary_op_read_its_source(kernel_module: Callable[[str], ModuleType]) -> None:
    """A unary op reads its source on the V pipe too: Exp of the copied input without the MTE2_V flag is a
    hazard.  (Found by the mutation campaign, docs/testing.md#mutation-testing: the unary ops' record of
    their source read deleted, and every test passed.)"""
    x, y = inputs(np.float32)
    k = kernel(kernel_module, "asc.exp(c, a, 256)\nout()", options="(insert_sync=False, verify_sync=False)")
    with pytest.warns(asc.AscxWarning):
        with pytest.raises(EmulationError) as caught:
            k[1](x, y, np.zeros(N, dtype=np.float32), 0.0)
    assert caught.value.message.split(": ", 2)[2].startswith(
        "RAW hazard: Exp (V) reads UB bytes [0, 32) written by DataCopy (GM to local) (MTE2)"
    )


# --- atomics and debug output ------------------------------------------------------------------------


def test_atomic_modes_combine_copies_to_gm(kernel_module: Callable[[str], ModuleType]) -> None:
    body = """
    asc.set_atomic_add(asc.float32)
    asc.data_copy(zg, a, 256)
    asc.data_copy(zg, b, 256)
    asc.set_atomic_none()
    asc.data_copy(zg[256:], a, 256)
    asc.set_atomic_max(asc.float32)
    asc.data_copy(zg[256:], b, 256)
    asc.set_atomic_none()
    """
    x, y = inputs(np.float32)
    z = np.full(2 * N, 1.0, dtype=np.float32)
    kernel(kernel_module, body)[1](x, y, z, 0.0)
    np.testing.assert_array_equal(z[:N], (1 + x) + y)
    np.testing.assert_array_equal(z[N:], np.maximum(x, y))


@pytest.mark.clean_room_only(
    "CANN's DumpTensor asserts on its CPU-debug path: DumpTensor is not supported in cpu mode."
)
def test_printf_and_dump_tensor_print_to_stdout(
    kernel_module: Callable[[str], ModuleType], capfd: pytest.CaptureFixture[str]
) -> None:
    body = """
    asc.printf("block %d of %d: alpha=%.2f %s\\n", asc.get_block_idx(), asc.get_block_num(), alpha, "ok")
    asc.dump_tensor(a, 3, 4)
    """
    x = np.arange(N, dtype=np.float32)
    kernel(kernel_module, body)[2](x, x, np.zeros(N, dtype=np.float32), 1.5)
    lines = capfd.readouterr().out.splitlines()
    assert lines == [
        "block 0 of 2: alpha=1.50 ok",
        "DumpTensor desc=3 (UB, float, 4 elements): [0, 1, 2, 3]",
        "block 1 of 2: alpha=1.50 ok",
        "DumpTensor desc=3 (UB, float, 4 elements): [0, 1, 2, 3]",
    ]


def test_the_headers_are_found() -> None:
    assert Path(INCLUDE_DIR / "ascx_emu" / "vector.h").is_file()
