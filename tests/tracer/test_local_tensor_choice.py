"""A runtime choice between two LocalTensors (issue 24, idiom 4; docs/tracing.md#merging-at-an-if):
``t = ping if (i & 1) == 0 else pong`` and the same as an ``if`` statement make the ``scf.if`` yield the
tensor, printed as a ``LocalTensor`` declared before the ``if`` and assigned in both arms; the sync
analyses take an access through it as an access of either buffer.  The C++ is checked exactly, run on
the emulation against numpy, and handed to the CANN type-check (``cann_check_kernels``).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import ascx as asc
from ascx.analysis.report import SyncError
from ascx.runtime.jit import MockTensor
from ascx.testing.kernels import line_of, load_kernel_source

pytestmark = pytest.mark.differential  # its launches: docs/emulation.md#the-differential-check-in-the-suite

KernelModule = Callable[[str], ModuleType]

PING_PONG = """
@asc.jit
def k(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 1024)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y, 1024)
    ping = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 256)
    pong = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 1024, 256)
    for i in range(n):
        t = ping if (i & 1) == 0 else pong
        asc.data_copy(t, xg[i * 256 :], 256)
        asc.adds(t, t, 1.0, 256)
        asc.data_copy(yg[i * 256 :], t, 256)
"""

STATEMENT = PING_PONG.replace(
    "        t = ping if (i & 1) == 0 else pong\n",
    "        if i % 2 == 0:\n            t = ping\n        else:\n            t = pong\n",
)
ARGS = (MockTensor(asc.float32), MockTensor(asc.float32), 4)


def body(source: str) -> str:
    return textwrap.dedent(source.split(") {\n", 1)[1].rsplit("}", 1)[0])


def test_the_chosen_tensor_is_declared_before_the_if_and_assigned_in_both_arms(kernel_module: KernelModule) -> None:
    lines = body(kernel_module(PING_PONG).k.compile(*ARGS).source).splitlines()
    start = lines.index("    AscendC::LocalTensor<float> t;")
    assert lines[start - 2 : start + 6] == [
        "    int32_t v = i & 1;",
        "    bool v_1 = v == 0;",
        "    AscendC::LocalTensor<float> t;",
        "    if (v_1) {",
        "        t = ping;",
        "    } else {",
        "        t = pong;",
        "    }",
    ]


@pytest.mark.parametrize("source", [PING_PONG, STATEMENT], ids=["expression", "statement"])
def test_ping_pong_through_the_chosen_tensor_matches_numpy(kernel_module: KernelModule, source: str) -> None:
    module = kernel_module(source)
    x = np.random.default_rng(5).standard_normal(1024).astype(np.float32)
    for n in (0, 1, 4):
        y = np.zeros(1024, dtype=np.float32)
        module.k[1](x, y, n)
        want = np.concatenate([x[: n * 256] + 1, np.zeros(1024 - n * 256, np.float32)])
        np.testing.assert_array_equal(y, want, err_msg=f"n={n}")


def test_an_access_through_the_choice_may_be_an_access_of_either_buffer(kernel_module: KernelModule) -> None:
    module = kernel_module(
        """
        @asc.jit(insert_sync=False)
        def k(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
            xg = asc.GlobalTensor()
            xg.set_global_buffer(x, 256)
            ping = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 256)
            pong = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 1024, 256)
            t = ping if n > 0 else pong
            asc.data_copy(t, xg, 256)  # written
            asc.adds(pong, pong, 1.0, 256)  # read
        """
    )
    with pytest.raises(SyncError) as info:
        module.k.compile(*ARGS)
    [error] = [d for d in info.value.diagnostics if d.severity == "error"]
    assert error.message == (
        "`asc.adds` (V) reads `pong` written by `asc.data_copy` (MTE2) without synchronization; needs MTE2 → V ordering"
    )
    assert error.location is not None
    assert error.location.line == line_of(module, "# read")


def test_insertion_orders_the_buffer_the_choice_may_have_written(kernel_module: KernelModule) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
            xg = asc.GlobalTensor()
            xg.set_global_buffer(x, 256)
            yg = asc.GlobalTensor()
            yg.set_global_buffer(y, 256)
            ping = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 256)
            pong = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 1024, 256)
            asc.duplicate(pong, 0.0, 256)
            t = ping if n > 0 else pong
            asc.data_copy(t, xg, 256)
            asc.adds(pong, pong, 1.0, 256)
            asc.data_copy(yg, pong, 256)
        """
    )
    x = np.arange(256, dtype=np.float32)
    for n, want in ((1, np.ones(256, np.float32)), (0, x + 1)):
        y = np.zeros(256, dtype=np.float32)
        module.k[1](x, y, n)
        np.testing.assert_array_equal(y, want)


def test_tensors_of_different_types_are_not_merged(kernel_module: KernelModule) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
            a = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 256)
            b = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 1024, 256)
            t = a if n > 0 else b  # here
            asc.duplicate(t, 1.0, 16)
        """
    )
    with pytest.raises(asc.KernelError) as info:
        module.k.compile(*ARGS)
    assert info.value.kind == "branch-type-mismatch"
    assert info.value.message == (
        "'t' is a LocalTensor of float32 in the then-branch and a LocalTensor of float16 in the else-branch of "
        f"the 'if' at line {line_of(module, '# here')}"
    )


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The ping-pong kernels, for the CANN type-check of the test suite."""
    for name, source in (("expression", PING_PONG), ("statement", STATEMENT)):
        yield f"test_local_tensor_choice::{name}", load_kernel_source(directory, source).k.compile(*ARGS).source
