"""A TQue hands its buffers out round robin, as CANN's does (kernel_tquebind_impl.h ``bufCursor``)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import numpy as np

ROTATION = """
@asc.jit
def rotation(out: asc.GlobalAddress) -> None:
    og = asc.GlobalTensor()
    og.set_global_buffer(out, 4)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 2)
    pipe.init_buffer(q, 2, 1024)
    for i in range(4):
        t = q.alloc_tensor(asc.float32)
        og.set_value(i, t.get_phy_addr())
        q.free_tensor(t)
"""


def test_a_queue_hands_out_its_buffers_round_robin_as_canns_does(kernel_module: Callable[[str], ModuleType]) -> None:
    """CANN's TQue AllocTensor takes the buffer at its cursor and moves the cursor on (kernel_tquebind_impl.h
    ``bufCursor``): a freed buffer is not reused at once while the other one is free."""
    out = np.zeros(4, np.uint64)
    kernel_module(ROTATION).rotation[1](out)
    assert (out - out[0]).tolist() == [0, 1024, 0, 1024]
