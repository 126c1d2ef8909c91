"""The true positives around a software-pipelined queue loop stay (the correct loop is in
tests/emu/test_software_pipelined_queue.py): the prefetch needs depth 2 and two buffers, and the last
tile must be dequeued after the loop."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from ascx.testing.sync_kernels import errors, warnings_of

Load = Callable[[str], ModuleType]

LOOP = """
t = qin.alloc_tensor(asc.float32)
asc.data_copy(t, x_gm, N)
qin.enque(t)
for i in range(1, n):
    t = qin.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm[i * N:], N)
    qin.enque(t)
    u = qin.deque(asc.float32)
    v = qout.alloc_tensor(asc.float32)
    asc.abs(v, u, N)
    qin.free_tensor(u)
    qout.enque(v)
    w = qout.deque(asc.float32)
    asc.data_copy(z_gm[(i - 1) * N:], w, N)
    qout.free_tensor(w)
"""
EPILOGUE = """
u = qin.deque(asc.float32)
v = qout.alloc_tensor(asc.float32)
asc.abs(v, u, N)
qin.free_tensor(u)
qout.enque(v)
w = qout.deque(asc.float32)
asc.data_copy(z_gm[(n - 1) * N:], w, N)
qout.free_tensor(w)
"""


def test_the_prefetch_overflows_a_queue_of_depth_one(kernel_module: Load) -> None:
    assert errors(kernel_module, LOOP + EPILOGUE, queues=True, depth=1, num=2) == [
        "L7:9: error: `qin.enque()` would hold 2 tensors in queue `qin`, declared with depth 1 [TQ-2]",
        "L-8:11: note: declared here",
    ]


def test_the_prefetch_needs_two_buffers(kernel_module: Load) -> None:
    assert errors(kernel_module, LOOP + EPILOGUE, queues=True, depth=2, num=1) == [
        "L5:13: error: `qin.alloc_tensor()` would hold 2 tensors of `qin` allocated and not freed, but "
        "`pipe.init_buffer(qin, 1, …)` gives the queue 1 buffer [TQ-3]",
        "L-4:5: note: buffers provided here",
    ]


def test_without_the_epilogue_the_last_tile_is_never_dequeued(kernel_module: Load) -> None:
    assert warnings_of(kernel_module, LOOP, queues=True, depth=2, num=2) == [
        "L1: `t` allocated by `qin.alloc_tensor()` is never freed [TQ-10]",
        "L3: `qin.enque(t)` is never dequeued [TQ-11]",
    ]
