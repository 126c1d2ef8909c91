"""The system calls of the emulation that no other numerics test runs (the emulation coverage report listed
them, docs/emulation.md#coverage): the cache, barrier and profiling hints, which change nothing on the
emulation's coherent memory; the atomic minimum and the atomic type; ``init_global_memory``;
``get_shape_size``; ``dump_tensor`` with a shape."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import numpy as np
import pytest
from tests.emu.gm_kernels import run

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

Load = Callable[[str], ModuleType]
RNG = np.random.default_rng(33)
N = 256


def test_the_cache_barrier_and_profiling_hints_change_nothing(
    kernel_module: Load, capfd: pytest.CaptureFixture[str]
) -> None:
    """Each hint between the copy in and the computation: the result is numpy's, the GM tensors the hints
    name keep their values, and the time stamp prints nothing (the builds do not define
    ASCENDC_TIME_STAMP_ON)."""
    x = RNG.uniform(-4, 4, N).astype(np.float32)
    w = np.arange(8, dtype=np.uint64)
    body = """
    asc.icache_preload(1)
    asc.data_cache_preload(w_gm, 0)
    asc.metrics_prof_start()
    asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, x, asc.DcciDst.CACHELINE_UB)
    asc.data_cache_clean_and_invalid(asc.CacheLine.ENTIRE_DATA_CACHE, x_gm)
    asc.data_sync_barrier(asc.MemDsbT.ALL)
    asc.print_time_stamp(7)
    asc.adds(z, x, 1.0, 256)
    asc.metrics_prof_stop()
    """
    capfd.readouterr()
    got = run(kernel_module, body, {"x": x}, {"z": np.zeros(N, np.float32)}, gm={"w": w})
    np.testing.assert_array_equal(got["z"], x + np.float32(1))
    np.testing.assert_array_equal(got["w"], w)
    assert capfd.readouterr().out == ""


def test_atomic_min_and_the_atomic_type(kernel_module: Load) -> None:
    """``set_atomic_min``: copies to GM keep the smaller element; ``set_atomic_type`` changes the type of the
    atomic operation set before it (an add set for half, then typed float32, adds float32 values)."""
    x = RNG.uniform(-4, 4, N).astype(np.float32)
    y = RNG.uniform(-4, 4, N).astype(np.float32)
    body = """
    asc.set_atomic_min(asc.float32)
    asc.data_copy(z_gm, x, 256)
    asc.data_copy(z_gm, y, 256)
    asc.set_atomic_none()
    asc.set_atomic_add(asc.float16)
    asc.set_atomic_type(asc.float32)
    asc.data_copy(z_gm[256:], x, 256)
    asc.set_atomic_none()
    """
    z = np.full(2 * N, 1.0, np.float32)
    got = run(kernel_module, body, {"x": x, "y": y}, {}, gm={"z": z})
    np.testing.assert_array_equal(got["z"][:N], np.minimum(np.minimum(1, x), y))
    np.testing.assert_array_equal(got["z"][N:], 1 + x)


INIT_GLOBAL_MEMORY = """
@asc.jit
def k(g_addr: asc.GlobalAddress, n_addr: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    g = asc.GlobalTensor()
    g.set_global_buffer(g_addr, 256)
    n = asc.GlobalTensor()
    n.set_global_buffer(n_addr, 8)
    asc.init_global_memory(g, 100, 2.5)
    s = asc.ShapeInfo([3, 5, 7])
    n.set_value(0, asc.get_shape_size(s))
"""


def test_init_global_memory_and_get_shape_size(kernel_module: Load) -> None:
    """``init_global_memory`` sets the first ``size`` elements of a GM tensor and leaves the rest;
    ``get_shape_size`` of a [3, 5, 7] shape is 105."""
    g = np.full(N, -1, np.float32)
    n = np.zeros(8, np.int32)
    kernel_module(INIT_GLOBAL_MEMORY).k[1](g, n)
    want = np.full(N, -1, np.float32)
    want[:100] = 2.5
    np.testing.assert_array_equal(g, want)
    assert n.tolist() == [105, 0, 0, 0, 0, 0, 0, 0]


@pytest.mark.clean_room_only(
    "CANN's DumpTensor asserts on its CPU-debug path: DumpTensor is not supported in cpu mode."
)
def test_dump_tensor_with_a_shape(kernel_module: Load, capfd: pytest.CaptureFixture[str]) -> None:
    """The shape forms of ``dump_tensor`` (a local and a GM tensor) print the elements with the shape."""
    x = np.arange(N, dtype=np.float32)
    body = """
    s = asc.ShapeInfo([2, 3])
    asc.dump_tensor(x, 5, 6, s)
    asc.dump_tensor(w_gm, 6, 6, s)
    """
    capfd.readouterr()
    run(kernel_module, body, {"x": x}, {}, gm={"w": x[::-1].copy()})
    assert capfd.readouterr().out.splitlines() == [
        "DumpTensor desc=5 (UB, float, 6 elements, shape [2, 3]): [0, 1, 2, 3, 4, 5]",
        "DumpTensor desc=6 (GM, float, 6 elements, shape [2, 3]): [255, 254, 253, 252, 251, 250]",
    ]


SOFTWARE_SYNC_ALL = """
@asc.jit
def k(w: asc.GlobalAddress, z: asc.GlobalAddress, r: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()  # the software SyncAll takes event ids from it (XC-9)
    ws = asc.GlobalTensor()
    ws.set_global_buffer(w)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    rg = asc.GlobalTensor()
    rg.set_global_buffer(r)
    ub = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 256)
    v = asc.LocalTensor(asc.int32, asc.TPosition.VECOUT, 1024, 8)
    b = asc.get_block_idx()
    asc.duplicate(v, b + 1, 8)
    asc.data_copy(zg[b * 8 :], v, 8)
    asc.sync_all(ws, ub, 2)
    asc.data_copy(v, zg[(1 - b) * 8 :], 8)
    asc.data_copy(rg[b * 8 :], v, 8)
"""


@pytest.mark.clean_room_only(
    "the CANN backend's intrinsic layer does not emulate __sync_all_stub (the software SyncAll)"
)
def test_the_software_sync_all_orders_the_blocks(kernel_module: Load) -> None:
    """Two blocks each write their number + 1, meet at the software SyncAll (its GM workspace zeroed), then
    read the other's: each sees the other's write, whichever block runs first."""
    w = np.zeros(64, np.int32)
    z = np.zeros(16, np.int32)
    r = np.zeros(16, np.int32)
    kernel_module(SOFTWARE_SYNC_ALL).k[2](w, z, r)
    assert z.tolist() == [1] * 8 + [2] * 8
    assert r.tolist() == [2] * 8 + [1] * 8
