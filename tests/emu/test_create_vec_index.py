"""``asc.create_vec_index`` (``AscendC::CreateVecIndex``) on the emulation, against numpy: the count form,
the continuous and bit-mask forms with strides, float16 beyond its exact integers (CANN's chained adds), and
the first repeat written for ``repeat_time=0`` (docs/reference/basic/vector_conversion.md#asc-create_vec_index).
Both backends run each launch (``differential``)."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from types import ModuleType
from typing import Any

import numpy as np
import pytest

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

KERNEL = """
import ascx as asc


@asc.jit
def k(z: asc.GlobalAddress, first: {first_type}) -> None:
    pipe = asc.TPipe()
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    c = asc.LocalTensor(z.dtype, asc.TPosition.VECOUT, 0, {n})
    asc.duplicate(c, {fill}, {n})
{body}
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, c, {n})
"""


def run(load: Callable[[str], ModuleType], dtype: Any, body: str, n: int, first: float, fill: int = -1) -> np.ndarray:
    first_type = "float" if np.issubdtype(dtype, np.floating) else "int"
    source = KERNEL.format(
        first_type=first_type, n=n, fill=float(fill) if first_type == "float" else fill,
        body=textwrap.indent(textwrap.dedent(body).strip("\n"), "    "),
    )  # fmt: skip
    z = np.zeros(n, dtype=dtype)
    load(source).k[1](z, first)
    return z


def chained_half(first: float, count: int) -> np.ndarray:
    """CANN's float16 values: the first 16 from the scalar unit (computed in float), each later block of the
    first repeat 16 more than the block before, each later repeat 128 more than the repeat before, rounded to
    float16 at every add."""
    out = np.zeros(count, dtype=np.float16)
    for i in range(min(count, 128)):
        value = np.float16(np.float32(first) + np.float32(i % 16))
        for _ in range(i // 16):
            value = np.float16(value + np.float16(16))
        out[i] = value
    for i in range(128, count):
        out[i] = np.float16(out[i - 128] + np.float16(128))
    return out


@pytest.mark.parametrize("dtype", [np.int32, np.int16, np.float32, np.float16])
def test_the_count_form_is_arange(kernel_module: Callable[[str], ModuleType], dtype: Any) -> None:
    got = run(kernel_module, dtype, "asc.create_vec_index(c, first, 300)", 320, -7)
    want = np.full(320, -1, dtype=dtype)
    want[:300] = np.arange(-7, 293, dtype=dtype)
    np.testing.assert_array_equal(got, want)


def test_float16_beyond_2048_takes_the_values_of_canns_adds(kernel_module: Callable[[str], ModuleType]) -> None:
    got = run(kernel_module, np.float16, "asc.create_vec_index(c, first, 4096)", 4096, 1.25)
    np.testing.assert_array_equal(got, chained_half(1.25, 4096))
    direct = (np.arange(4096, dtype=np.float32) + np.float32(1.25)).astype(np.float16)
    assert np.count_nonzero(got != direct) > 0  # the adds round differently from float16(first + i)


def test_a_continuous_mask_with_strides(kernel_module: Callable[[str], ModuleType]) -> None:
    """int32: 64 lanes a repeat, 8 a block; the first 20 lanes of 3 repeats, blocks 2 apart, repeats 16 apart:
    lane j of repeat r holds first + 64 r + j."""
    got = run(kernel_module, np.int32, "asc.create_vec_index(c, first, 20, 3, 2, 16)", 512, 100)
    want = np.full(512, -1, dtype=np.int32)
    for r in range(3):
        for j in range(20):
            block, lane = divmod(j, 8)
            want[r * 16 * 8 + block * 2 * 8 + lane] = 100 + 64 * r + j
    np.testing.assert_array_equal(got, want)


def test_a_bit_mask_on_half(kernel_module: Callable[[str], ModuleType]) -> None:
    """float16: 128 lanes a repeat; word 0 holds lanes 0-63, word 1 lanes 64-127."""
    got = run(kernel_module, np.float16, "asc.create_vec_index(c, first, [0x8000000000000001, 0x5], 2, 1, 8)", 256, 3)
    want = np.full(256, -1, dtype=np.float16)
    for r in range(2):
        for j in (0, 63, 64, 66):
            want[r * 128 + j] = 3 + 128 * r + j
    np.testing.assert_array_equal(got, want)


def test_repeat_time_zero_still_writes_the_first_repeat(kernel_module: Callable[[str], ModuleType]) -> None:
    got = run(kernel_module, np.int16, "asc.create_vec_index(c, first, 128, 0, 1, 8)", 256, 0)
    want = np.full(256, -1, dtype=np.int16)
    want[:128] = np.arange(128)
    np.testing.assert_array_equal(got, want)
