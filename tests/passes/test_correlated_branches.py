"""Branches on correlated conditions across device functions (docs/sync-model.md#correlated-branches): the
shape of ops-nn's softmax_v2, where ``copy_in`` enqueues under ``circle == 0 or circle == 1`` and ``compute``
dequeues under ``circle == 0`` / ``elif circle == 1`` / ``else``. Each call of a device function traces its own
comparison of the same value; ascx keeps the paths apart and verifies the kernel clean; it runs on the
emulation and matches numpy on every path."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from types import ModuleType

import numpy as np
import pytest

import ascx as asc

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

SOURCE = """
import ascx as asc


@asc.jit
def copy_in(mode, qin, qbig, x_gm):
    if mode == 0 or mode == 1:
        t = qin.alloc_tensor(asc.float32)
        asc.data_copy(t, x_gm, 64)
        qin.enque(t)
    else:
        t = qbig.alloc_tensor(asc.float32)
        asc.data_copy(t, x_gm, 64)
        qbig.enque(t)


@asc.jit
def compute(mode, qin, qbig, qout):
    o = qout.alloc_tensor(asc.float32)
    if mode == 0:
        d = qin.deque(asc.float32)
        asc.abs(o, d, 64)
        qin.free_tensor(d)
    elif mode == 1:
        d = qin.deque(asc.float32)
        asc.muls(o, d, 2.0, 64)
        qin.free_tensor(d)
    else:
        d = qbig.deque(asc.float32)
        asc.adds(o, d, 1.0, 64)
        qbig.free_tensor(d)
    qout.enque(o)


@asc.jit
def k(x: asc.GlobalAddress, z: asc.GlobalAddress, mode: int) -> None:
    pipe = asc.TPipe()
    qin = asc.TQue(asc.TPosition.VECIN, 1)
    qbig = asc.TQue(asc.TPosition.VECIN, 1)
    qout = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qin, 1, 256)
    pipe.init_buffer(qbig, 1, 256)
    pipe.init_buffer(qout, 1, 256)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z)
    copy_in(mode, qin, qbig, x_gm)
    compute(mode, qin, qbig, qout)
    o = qout.deque(asc.float32)
    asc.data_copy(z_gm, o, 64)
    qout.free_tensor(o)
"""


@pytest.mark.parametrize(("mode", "expected"), [(0, np.abs), (1, lambda x: x * 2), (2, lambda x: x + 1)])
def test_correlated_branches_across_device_functions(
    kernel_module: Callable[[str], ModuleType], mode: int, expected: Callable[[np.ndarray], np.ndarray]
) -> None:
    module = kernel_module(SOURCE)
    x = np.linspace(-3, 3, 64, dtype=np.float32)
    z = np.full_like(x, np.nan)
    with warnings.catch_warnings():
        warnings.simplefilter("error", asc.AscxWarning)
        module.k[1](x, z, mode)
    np.testing.assert_array_equal(z, expected(x))
