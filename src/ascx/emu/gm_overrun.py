"""Running kernels that access GM past the ends of their arrays, as the NPU does (docs/emulation.md#gm-overruns).

By default the emulation stops a launch at the first access of a GM argument beyond its array: on the NPU
such an access reads or writes whatever device memory follows the array, a memory-safety bug that the
emulation reports as a sanitizer would.  With ``ASCX_EMU_GM_OVERRUN=warn`` each array argument is placed at
the start of a larger zero-filled allocation (:func:`slack_bytes` after it), accesses inside the allocation
run, each argument accessed past its array gets one :class:`GmOverrunWarning` after the launch, and only the
array's own bytes are copied back.  An access beyond the slack still stops the launch.  ``@asc.jit(gm_overrun=
"warn")`` (or ``"error"``) chooses the mode for one kernel's launches, over the environment.
"""

from __future__ import annotations

import ctypes
import os
import warnings
from collections.abc import Generator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from ascx.errors import AscxError

OVERRUN_ENV = "ASCX_EMU_GM_OVERRUN"
GmOverrunMode = Literal["error", "warn"]
EXTRA_SLACK = 64 * 1024
"""Bytes of slack beyond the array's own size again (:func:`slack_bytes`)."""


_chosen: ContextVar[GmOverrunMode | None] = ContextVar("gm_overrun", default=None)


@contextmanager
def gm_overruns(mode: GmOverrunMode | None) -> Generator[None]:
    """Launches inside run in ``mode`` (``@asc.jit(gm_overrun=...)``); ``None`` leaves it to the environment."""
    token = _chosen.set(mode)
    try:
        yield
    finally:
        _chosen.reset(token)


def gm_overrun_mode() -> GmOverrunMode:
    """The mode :func:`gm_overruns` chose, else ``$ASCX_EMU_GM_OVERRUN``: ``error`` (the default) or ``warn``;
    a one-line error for anything else."""
    return chosen_mode(_chosen, OVERRUN_ENV)


def chosen_mode(chosen: ContextVar[GmOverrunMode | None], variable: str) -> GmOverrunMode:
    """What ``chosen`` holds (a kernel's option), else the environment ``variable``: ``error`` (the default) or
    ``warn``; a one-line error for anything else (the GM and the local overrun modes)."""
    mode = chosen.get()
    if mode is not None:
        return mode
    value = os.environ.get(variable, "").strip() or "error"
    if value == "error" or value == "warn":
        return value
    raise AscxError(f"{variable} must be 'error' or 'warn', got {value!r}", kind="usage")


def slack_bytes(array_bytes: int) -> int:
    """The zero-filled bytes placed after an array of ``array_bytes`` in warn mode: the array's size again
    plus 64 KiB, so a kernel that copies whole tiles past the end of a tensor (up to a tile per block, even
    when each block starts a tile's length before the end) stays inside its allocation, as it stays inside
    the device memory the NPU's allocator pools after a tensor."""
    return array_bytes + EXTRA_SLACK


class GmOverrunWarning(UserWarning):
    """A kernel accessed a GM argument past the end of its array (with ``ASCX_EMU_GM_OVERRUN=warn``)."""


class OverrunRecord(ctypes.Structure):
    """The emulation's record of one argument's accesses past its array (``ascx_emu::GmOverrun``)."""

    _fields_ = (
        ("furthest", ctypes.c_uint64),
        ("core", ctypes.c_int64),
        ("line", ctypes.c_int32),
        ("what", ctypes.c_char * 256),
        ("file", ctypes.c_char * 512),
    )


def fresh_record() -> OverrunRecord:
    record = OverrunRecord()
    record.core = -1
    return record


@dataclass
class PaddedArray:
    """An array argument placed at the start of a zero-filled allocation with slack after it."""

    array: np.ndarray[Any, Any]
    allocation: np.ndarray[Any, Any]

    @staticmethod
    def of(array: np.ndarray[Any, Any]) -> PaddedArray:
        allocation = np.zeros(array.nbytes + slack_bytes(array.nbytes), dtype=np.uint8)
        allocation[: array.nbytes] = array.reshape(-1).view(np.uint8)
        return PaddedArray(array, allocation)

    def copy_back(self) -> None:
        """The array's own bytes back into the array (never the slack)."""
        self.array.reshape(-1).view(np.uint8)[:] = self.allocation[: self.array.nbytes]


@dataclass(frozen=True)
class Overrun:
    """What a launch did past the end of one argument's array."""

    argument: str
    array_bytes: int
    furthest: int
    """One past the furthest byte accessed, counted from the array's start."""
    first: str
    """The first access past the array (of the lowest core that made one): core, operation, bytes, offset."""
    file: str
    line: int

    def message(self, kernel: str) -> str:
        where = f" at {self.file}:{self.line}" if self.file and self.line > 0 else ""
        return (
            f"kernel '{kernel}' accessed argument '{self.argument}' past its end ({self.array_bytes} bytes), up to "
            f"byte {self.furthest} ({self.furthest - self.array_bytes} bytes past it; {OVERRUN_ENV}=warn ran it "
            f"as the NPU would, into the memory after the array); the first access past it: {self.first}{where}"
        )


def warn_overruns(kernel: str, overruns: list[Overrun]) -> None:
    """One :class:`GmOverrunWarning` per argument accessed past its array."""
    for overrun in overruns:
        warnings.warn(GmOverrunWarning(overrun.message(kernel)), stacklevel=4)
