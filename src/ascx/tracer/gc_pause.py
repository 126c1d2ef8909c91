"""Pause Python's cyclic garbage collector while a kernel is traced.

Tracing allocates many objects that all stay alive until the trace ends (IR ops, operands,
attributes, interpreter state), so every automatic collection scans a heap that only grows: the
collector's cost grows with the kernel, making tracing super-linear (measured in
``benchmarks/trace_scaling.py``: the cost per op doubled from 1,000 to 10,000 ops).  Nothing
collectable is created while tracing, so pausing the collector loses nothing; it is resumed, and
runs as usual, as soon as the trace ends.
"""

from __future__ import annotations

import gc
from collections.abc import Generator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Generator[None, None, None]:
    """Disable automatic garbage collection inside the block (nested uses are fine)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
