"""The timeline's cost table (docs/emulation.md#timeline): the Atlas A2 figures the model charges, overridable.

Times are modelled cycles, for comparing one kernel's variants (which pipe waits on which, how much
overlaps, what a change of tiling or of sync mode does), not for predicting the hardware's run time.
"""

from __future__ import annotations

import ctypes
from collections.abc import Generator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, fields, replace


@dataclass(frozen=True)
class CostTable:
    """Cycles and rates per core; the order of the fields is the C++ ``timeline::Cost`` enum's."""

    scalar_issue: float = 1.0
    """Cycles the scalar unit spends issuing one instruction to a pipe (assumed)."""
    scalar_access: float = 2.0
    """Cycles of one scalar load or store (``get_value``, ``set_value``; assumed)."""
    flag_latency: float = 8.0
    """Cycles from a ``set_flag`` to the release of its ``wait_flag`` (assumed)."""
    vector_bytes: float = 256.0
    """Bytes per cycle of a vector instruction: one 256-byte repeat per cycle (the 2048-bit vector unit)."""
    vector_overhead: float = 16.0
    """Cycles to start a vector instruction (assumed)."""
    mte2_bytes: float = 64.0
    """Bytes per cycle GM -> UB / L1 for one core (assumed: a share of the HBM bandwidth)."""
    mte3_bytes: float = 64.0
    """Bytes per cycle UB -> GM (assumed, as MTE2)."""
    mte1_bytes: float = 256.0
    """Bytes per cycle L1 -> L0A / L0B (assumed)."""
    fix_bytes: float = 128.0
    """Bytes per cycle out of L0C (fixpipe; assumed)."""
    mte_overhead: float = 32.0
    """Cycles to start a data move (assumed)."""
    cube_macs_1: float = 8192.0
    """MACs per cycle with 1-byte inputs (int8: twice the fp16 rate)."""
    cube_macs_2: float = 4096.0
    """MACs per cycle with 2-byte inputs (half, bfloat16: a 16x16x16 cube)."""
    cube_macs_4: float = 1024.0
    """MACs per cycle with 4-byte inputs (float; assumed a quarter of the fp16 rate)."""
    clock_ghz: float = 1.8
    """The clock that turns cycles into microseconds in the trace (assumed)."""

    def as_array(self) -> ctypes.Array[ctypes.c_double]:
        """The table as the launcher takes it (without the clock)."""
        values = [float(getattr(self, f.name)) for f in fields(self) if f.name != "clock_ghz"]
        return (ctypes.c_double * len(values))(*values)


DEFAULT = CostTable()
_costs: ContextVar[CostTable] = ContextVar("ascx_timeline_costs", default=DEFAULT)


def current_costs() -> CostTable:
    """The cost table launches use now."""
    return _costs.get()


@contextmanager
def costs(**overrides: float) -> Generator[CostTable]:
    """Launches inside use the default table with ``overrides`` (field names of :class:`CostTable`)."""
    table = replace(DEFAULT, **overrides)
    token = _costs.set(table)
    try:
        yield table
    finally:
        _costs.reset(token)
