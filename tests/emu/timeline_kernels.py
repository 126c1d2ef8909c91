"""Kernels the timeline tests share (tests/emu/test_timeline.py, test_timeline_flavour.py)."""

from __future__ import annotations

FLAGGED_COPY = """
@asc.jit
def flagged_copy(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, 256)
    zg.set_global_buffer(z, 256)
    buf = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    asc.data_copy(buf, xg, 256)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg, buf, 256)
"""
"""A copy through UB with an MTE2 -> MTE3 flag: one operation on each of two pipes and a flag arrow between."""
