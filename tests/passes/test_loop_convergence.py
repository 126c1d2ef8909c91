"""The pipe analysis settles on real loops (issue 31, point 8; docs/rules/hazards.md#hz-0): a loop that
prefetches d tiles ahead through a queue of depth d moves what the analysis knows about an instance one
FIFO place per fixpoint step, so it needs about d + 1 steps; the budget of a loop grows with the depths of
its queues.  When a loop does not settle, HZ-0 says what still changed."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

from ascx.analysis import dataflow
from ascx.testing.sync_kernels import warnings_of

Load = Callable[[str], ModuleType]


def prefetching(ahead: int) -> str:
    """A depth-``ahead + 1`` pipeline: ``ahead`` tiles enqueued before the loop, one more per iteration."""
    prologue = "".join(
        f"t = qin.alloc_tensor(asc.float32)\nasc.data_copy(t, x_gm[{k} * N:], N)\nqin.enque(t)\n" for k in range(ahead)
    )
    loop = f"""for i in range({ahead}, n):
    t = qin.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm[i * N:], N)
    qin.enque(t)
    u = qin.deque(asc.float32)
    v = qout.alloc_tensor(asc.float32)
    asc.abs(v, u, N)
    qin.free_tensor(u)
    qout.enque(v)
    w = qout.deque(asc.float32)
    asc.data_copy(z_gm[i * N:], w, N)
    qout.free_tensor(w)
"""
    epilogue = "".join("u = qin.deque(asc.float32)\nqin.free_tensor(u)\n" for _ in range(ahead))
    return prologue + loop + epilogue


@pytest.mark.parametrize("ahead", [1, 7, 19])
def test_a_deep_prefetch_settles_without_a_diagnostic(kernel_module: Load, ahead: int) -> None:
    """19 tiles ahead needs 21 steps: more than the 16 of a loop without queues."""
    depth = ahead + 1
    assert warnings_of(kernel_module, prefetching(ahead), queues=True, depth=depth, num=depth) == []


def test_hz0_says_what_did_not_settle(kernel_module: Load, monkeypatch: pytest.MonkeyPatch) -> None:
    """A prefetch two tiles ahead needs 4 steps; with the constant lowered to -3 the loop's budget (the
    constant plus the depths of `qin` and `qout`, 3 + 3) is 3, so the loop is left unsettled and the warning
    names what still changed."""
    monkeypatch.setattr(dataflow, "MAX_LOOP_ITERATIONS", -3)
    found = warnings_of(kernel_module, prefetching(2), queues=True, depth=3, num=3)
    assert found == [
        "L7: pipe sync analysis is imprecise here: the loop did not stabilise in 3 iterations (the order of the "
        "accesses to `t` still changed): the verdicts inside it may be incomplete [HZ-0]"
    ]
