"""``break`` and ``return`` inside runtime loops, run on the emulation against numpy (issue 31, point 11;
docs/tracing.md#break-and-return-in-runtime-loops).  The emitted C++ is checked in
tests/filecheck/tracer/loop_exits.py and the syntax table; the IR on every CPython in the conformance
kernels ``t40``-``t48``."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from types import ModuleType

import numpy as np
import pytest

pytestmark = pytest.mark.differential  # its launches: docs/emulation.md#the-differential-check-in-the-suite

KERNELS = """
@asc.jit
def first_above(g, n, limit):
    for i in range(n):
        if g.get_value(i) > limit:
            return i
    return -1


@asc.jit
def search(x: asc.GlobalAddress, out: asc.GlobalAddress, n: int) -> None:
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    o = asc.GlobalTensor()
    o.set_global_buffer(out, 8)
    o.set_value(0, first_above(g, n, 1.0))


@asc.jit
def nested(x: asc.GlobalAddress, out: asc.GlobalAddress, rows: int, cols: int) -> None:
    g = asc.GlobalTensor()
    g.set_global_buffer(x, rows * cols)
    o = asc.GlobalTensor()
    o.set_global_buffer(out, 8)
    total = 0
    r = 0
    while r < rows:
        c = 0
        for j in range(cols):
            if g.get_value(r * cols + j) < 0:
                break
            c += 1
        total += c
        r += 1
        if total >= 10:
            break
    o.set_value(0, total)
    o.set_value(1, r)


@asc.jit
def kernel_return(x: asc.GlobalAddress, out: asc.GlobalAddress, n: int) -> None:
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    o = asc.GlobalTensor()
    o.set_global_buffer(out, 8)
    o.set_value(0, -1)
    for i in range(n):
        if g.get_value(i) == 0:
            return
        o.set_value(0, i)
    o.set_value(1, 7)


@asc.jit
def copy_until_negative(x: asc.GlobalAddress, y: asc.GlobalAddress, blocks: int) -> None:
    src = asc.GlobalTensor()
    src.set_global_buffer(x, blocks * 8)
    dst = asc.GlobalTensor()
    dst.set_global_buffer(y, blocks * 8)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 32)
    block = buf.get(asc.int32)
    for i in range(blocks):
        params = asc.DataCopyParams(1, 1, 0, 0)
        asc.data_copy(block, src[i * 8 :], params)
        asc.set_flag(asc.HardEvent.MTE2_S, 0)
        asc.wait_flag(asc.HardEvent.MTE2_S, 0)
        if block.get_value(0) < 0:
            asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
            asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
            asc.data_copy(dst[0:], block, params)
            break
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.data_copy(dst[i * 8 :], block, params)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
"""


def _call(kernel: object, *args: object) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        kernel[1](*args)  # type: ignore[index]


def test_return_inside_a_loop_of_a_device_function(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(KERNELS)
    rng = np.random.default_rng(1)
    for _ in range(3):
        x = rng.uniform(0, 1.2, 64).astype(np.float32)
        out = np.zeros(8, np.int32)
        _call(module.search, x, out, 64)
        above = np.flatnonzero(x > 1.0)
        assert out[0] == (above[0] if above.size else -1)


def test_break_out_of_nested_loops(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(KERNELS)
    rng = np.random.default_rng(2)
    for _ in range(3):
        rows, cols = 6, 5
        x = rng.integers(-3, 10, rows * cols).astype(np.int32)
        out = np.zeros(8, np.int32)
        _call(module.nested, x, out, rows, cols)
        total, r = 0, 0
        while r < rows:  # the same loops in Python
            c = 0
            for j in range(cols):
                if x[r * cols + j] < 0:
                    break
                c += 1
            total += c
            r += 1
            if total >= 10:
                break
        assert (out[0], out[1]) == (total, r)


def test_return_from_a_kernel_inside_a_loop(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(KERNELS)
    for x, expected in (
        (np.array([5, 4, 0, 3], np.int32), [1, 0]),  # returns at i = 2: the code after the loop does not run
        (np.array([5, 4, 2, 3], np.int32), [3, 7]),
    ):
        out = np.zeros(8, np.int32)
        _call(module.kernel_return, x, out, 4)
        assert list(out[:2]) == expected


def test_the_way_to_a_break_runs_in_the_iteration(kernel_module: Callable[[str], ModuleType]) -> None:
    """``params`` is built by every iteration and used by the copy before the ``break``: the copy runs in the
    iteration that leaves, and ``params`` needs no value before the loop (it is not carried)."""
    module = kernel_module(KERNELS)
    for negative in (3, None):
        x = np.arange(1, 41, dtype=np.int32)
        if negative is not None:
            x[negative * 8] = -5
        y = np.zeros(40, np.int32)
        _call(module.copy_until_negative, x, y, 5)
        expected = np.zeros(40, np.int32)
        for b in range(5):  # the same loop in Python
            if x[b * 8] < 0:
                expected[0:8] = x[b * 8 : b * 8 + 8]
                break
            expected[b * 8 : b * 8 + 8] = x[b * 8 : b * 8 + 8]
        np.testing.assert_array_equal(y, expected)
