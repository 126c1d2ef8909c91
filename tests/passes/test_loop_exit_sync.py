"""The sync analyses and ascx-insert-sync follow the ways out that a ``break`` or ``return`` takes from a
runtime loop (issue 31, point 11; docs/tracing.md#break-and-return-in-runtime-loops): a flag set on the
way out and waited after the loop is matched; one that the way out leaves unwaited is still an error;
inserted pairs are balanced on every way out.  Kernels that verify clean run clean on the emulation (its
dynamic checker on), with the numbers numpy gives."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from types import ModuleType

import numpy as np
import pytest

from ascx.testing.sync_kernels import errors, make, sync_lines

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

Load = Callable[[str], ModuleType]

SET_ON_EVERY_WAY_OUT = """
for i in range(n):
    asc.data_copy(xl, x_gm[i * N:], N)
    if i * 3 == n:
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        break
else:
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
asc.wait_flag(asc.HardEvent.MTE2_V, 0)
asc.abs(zl, xl, N)
asc.set_flag(asc.HardEvent.V_MTE3, 0)
asc.wait_flag(asc.HardEvent.V_MTE3, 0)
asc.data_copy(z_gm, zl, N)
"""
"""The flag is set before the ``break``, and (``for ... else``) when the loop ends without one: the wait
after the loop is matched on both ways out."""

BREAK_BETWEEN_PAIRS = """
for i in range(n):
    asc.data_copy(xl, x_gm[i * N:], N)
    if i * 3 == n:
        break
    asc.abs(zl, xl, N)
    asc.data_copy(z_gm[i * N:], zl, N)
asc.abs(zl, xl, N)
asc.data_copy(z_gm, zl, N)
"""
"""A ``break`` between the loop-carried pairs that insertion adds (the copy-in of the next tile waits for
the vector unit to be done with this one)."""

X = np.random.default_rng(0).standard_normal(256 * 4).astype(np.float32)


def _run(module: ModuleType, n: int) -> np.ndarray:
    z = np.zeros(256 * 4, np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        module.k[1](X, z, n, np.zeros(256, np.int32))
    return z


def _tile(i: int) -> np.ndarray:
    return X[i * 256 : (i + 1) * 256]


def test_a_flag_set_before_a_break_and_waited_after_the_loop_is_matched(kernel_module: Load) -> None:
    body = make(kernel_module, SET_ON_EVERY_WAY_OUT)
    body.compile()  # verifies without an error
    np.testing.assert_array_equal(_run(body.module, 3)[:256], np.abs(_tile(1)))  # left by the break at i = 1
    np.testing.assert_array_equal(_run(body.module, 4)[:256], np.abs(_tile(3)))  # ran to its end


def test_a_flag_the_break_leaves_unwaited_is_an_error(kernel_module: Load) -> None:
    lines = errors(
        kernel_module,
        """
        for i in range(n):
            asc.data_copy(xl, x_gm[i * N:], N)
            asc.set_flag(asc.HardEvent.MTE2_V, 0)
            if i * 3 == n:
                break
            asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        """,
    )
    assert lines == [
        "L3:9: error: `asc.set_flag(HardEvent.MTE2_V, 0)` is never consumed by a matching `asc.wait_flag` [FL-2]",
        "L4:12: error: event slot MTE2_V#0 is set on one branch of this `if` and not on the other [FL-11]",
        "L3:9: note: set here",
    ]


def test_insertion_balances_its_pairs_on_the_way_out(kernel_module: Load) -> None:
    assert sync_lines(kernel_module, BREAK_BETWEEN_PAIRS) == [
        "SetFlag<V_MTE2>(0);",
        "SetFlag<MTE3_V>(0);",
        "while (true) {",
        "if (!v_2) break;",
        "WaitFlag<V_MTE2>(0);",
        "SetFlag<MTE2_V>(0);",
        "WaitFlag<MTE2_V>(0);",
        "WaitFlag<MTE3_V>(0);",
        "if (v_6) {",
        "SetFlag<V_MTE2>(0);",
        "SetFlag<MTE3_V>(0);",
        "SetFlag<V_MTE3>(0);",
        "WaitFlag<V_MTE3>(0);",
        "SetFlag<V_MTE2>(0);",
        "SetFlag<MTE3_V>(0);",
        "}",
        "}",
        "WaitFlag<V_MTE2>(0);",
        "WaitFlag<MTE3_V>(0);",
        "SetFlag<V_MTE3>(0);",
        "WaitFlag<V_MTE3>(0);",
        "PipeBarrier<PIPE_ALL>();",
    ]
    body = make(kernel_module, BREAK_BETWEEN_PAIRS, insert=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        source = body.compile().source
    # the arm that breaks sets what the rest of the iteration would have set: the drains after the loop match
    assert (
        "        if (v_6) {\n"
        "            AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(0);\n"
        "            AscendC::SetFlag<AscendC::HardEvent::MTE3_V>(0);\n"
        "            left_1 = 1;\n"
        "        } else {\n"
    ) in source
    module = body.module
    z = _run(module, 3)  # tile 0 copied out by the loop, then the break at i = 1
    np.testing.assert_array_equal(z[:256], np.abs(_tile(1)))
    np.testing.assert_array_equal(z[256:], 0)
    z = _run(module, 4)  # every tile, then the last one again at the start
    np.testing.assert_array_equal(z[:256], np.abs(_tile(3)))
    np.testing.assert_array_equal(z[256:], np.abs(X[256:]))
