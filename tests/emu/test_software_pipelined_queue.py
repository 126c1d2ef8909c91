"""A software-pipelined loop over a depth-2 queue (issue 31, point 7): the prologue enqueues the first
tile, each iteration prefetches the next tile and computes the previous one, the epilogue dequeues the
last.  At the loop's head the oldest tensor in the queue is the prologue's on entry and the previous
iteration's on the back edge; the analysis keeps one instance there (docs/rules/queues.md#tq-10), so
neither TQ-10 nor TQ-11 nor a hazard is reported.  It runs on the emulation and matches numpy."""

from __future__ import annotations

import numpy as np
import pytest

import ascx as asc

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

TILE = 256


@asc.jit(insert_sync=False)
def prefetching_abs(x: asc.GlobalAddress, z: asc.GlobalAddress, tiles: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    qin = asc.TQue(asc.TPosition.VECIN, 2)
    qout = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(qin, 2, TILE * 4)
    pipe.init_buffer(qout, 2, TILE * 4)
    first = qin.alloc_tensor(asc.float32)
    asc.data_copy(first, x_gm, TILE)
    qin.enque(first)
    for i in range(1, tiles):
        nxt = qin.alloc_tensor(asc.float32)
        asc.data_copy(nxt, x_gm[i * TILE :], TILE)
        qin.enque(nxt)
        cur = qin.deque(asc.float32)
        out = qout.alloc_tensor(asc.float32)
        asc.abs(out, cur, TILE)
        qin.free_tensor(cur)
        qout.enque(out)
        done = qout.deque(asc.float32)
        asc.data_copy(z_gm[(i - 1) * TILE :], done, TILE)
        qout.free_tensor(done)
    cur = qin.deque(asc.float32)
    out = qout.alloc_tensor(asc.float32)
    asc.abs(out, cur, TILE)
    qin.free_tensor(cur)
    qout.enque(out)
    done = qout.deque(asc.float32)
    asc.data_copy(z_gm[(tiles - 1) * TILE :], done, TILE)
    qout.free_tensor(done)


def test_the_prefetching_loop_verifies_without_a_diagnostic() -> None:
    fresh = asc.jit(insert_sync=False, always_compile=True, warnings_as_errors=True)(prefetching_abs.fn)
    fresh.compile(np.zeros(4, np.float32), np.zeros(4, np.float32), 3)


@pytest.mark.parametrize("tiles", [1, 2, 5])
@pytest.mark.parametrize("insert", [False, True])
def test_the_prefetching_loop_matches_numpy(tiles: int, insert: bool) -> None:
    kernel = asc.jit(insert_sync=insert)(prefetching_abs.fn) if insert else prefetching_abs
    x = np.random.default_rng(tiles).standard_normal(tiles * TILE).astype(np.float32)
    z = np.zeros_like(x)
    kernel[1](x, z, tiles)
    np.testing.assert_array_equal(z, np.abs(x))
