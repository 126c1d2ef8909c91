"""A device function is traced once per call site and every copy reports at the same Python line: the
identical diagnostics of the copies are shown once (corpus finding F7)."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

import ascx as asc
from ascx.analysis.report import SyncError
from ascx.runtime.jit import MockTensor
from ascx.testing import line_of

Load = Callable[[str], ModuleType]

KERNELS = """
import ascx as asc


@asc.jit
def fill(q, x_gm, i):
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm[i * 256 :], 256)
    q.enque(t)


@asc.jit
def absolute(xl, zl, x_gm):
    asc.data_copy(xl, x_gm, 256)
    asc.abs(zl, xl, 256)


@asc.jit(insert_sync=False)
def leaky(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 2)
    pipe.init_buffer(q, 2, 1024)
    fill(q, x_gm, 0)
    fill(q, x_gm, 1)


@asc.jit(insert_sync=False)
def unsynchronised(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    xl = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    zl = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 1024, 256)
    absolute(xl, zl, x_gm)
    absolute(xl, zl, x_gm)
"""


@pytest.fixture
def kernels(kernel_module: Load) -> ModuleType:
    return kernel_module(KERNELS)


def test_a_warning_of_a_device_function_called_twice_is_shown_once(kernels: ModuleType) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        kernels.leaky.compile(MockTensor(asc.float32))
    alloc, enque = line_of(kernels, "t = q.alloc_tensor"), line_of(kernels, "q.enque(t)")
    assert [f"{w.lineno}: {w.message}" for w in caught] == [
        f"{alloc}: `t` allocated by `q.alloc_tensor()` is never freed [TQ-10]\n"
        f"{alloc:>5} |     t = q.alloc_tensor(asc.float32)\n"
        "      |         ^",
        f"{enque}: `q.enque(t)` is never dequeued [TQ-11]\n{enque:>5} |     q.enque(t)\n      |     ^",
    ]


def test_an_error_of_a_device_function_called_twice_is_shown_once(kernels: ModuleType) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(SyncError) as raised:
            kernels.unsynchronised.compile(MockTensor(asc.float32))
    file = Path(str(kernels.__file__))
    copy, read = line_of(kernels, "asc.data_copy(xl"), line_of(kernels, "asc.abs(zl")
    copy_excerpt = [f"{copy:>5} |     asc.data_copy(xl, x_gm, 256)", "      |     ^"]
    read_excerpt = [f"{read:>5} |     asc.abs(zl, xl, 256)", "      |     ^"]
    assert [line.replace(f"{file}:", "") for line in str(raised.value).splitlines()] == [
        f"{copy}:5: error: `asc.data_copy` (MTE2) overwrites `xl` still being read by `asc.abs` (V); needs V → MTE2 "
        "ordering [HZ-2]",
        *copy_excerpt,
        f"{read}:5: note: read here",
        *read_excerpt,
        f"{read}:5: error: `asc.abs` (V) reads `xl` written by `asc.data_copy` (MTE2) without synchronization; "
        "needs MTE2 → V ordering [HZ-1]",
        *read_excerpt,
        f"{copy}:5: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.MTE2_V, id)",
        *copy_excerpt,
    ]
