"""Running kernels whose API calls access a LocalTensor past its end, as the NPU does
(docs/emulation.md#local-tensor-overruns).

By default a call that spans more elements of a local tensor than the tensor has (a vector instruction whose
mask and repeats cover 128 elements of a 64-element tile) stops the launch: on the NPU the instruction reads
and writes whatever the on-chip memory holds after the tensor (the next queue's buffer, or unused UB), which
CANN's documentation leaves to the kernel ("avoid running past UB's actual size").  With
``ASCX_EMU_LOCAL_OVERRUN=warn`` such a call runs on into the memory, as far as the memory's capacity, and the
launch ends with one :class:`LocalOverrunWarning` counting the calls and naming the first.  A call past the
memory's end still stops the launch.  ``@asc.jit(local_overrun="warn")`` (or ``"error"``) chooses the mode for
one kernel's launches, over the environment.  The clean-room backend checks every call's extent; the CANN
backend does not check local extents (CANN's open checks accept these calls), so it runs them in either mode.
"""

from __future__ import annotations

import ctypes
import warnings
from collections.abc import Generator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from ascx.emu.gm_overrun import GmOverrunMode, chosen_mode

LOCAL_OVERRUN_ENV = "ASCX_EMU_LOCAL_OVERRUN"
LocalOverrunMode = GmOverrunMode

_chosen: ContextVar[LocalOverrunMode | None] = ContextVar("local_overrun", default=None)


@contextmanager
def local_overruns(mode: LocalOverrunMode | None) -> Generator[None]:
    """Launches inside run in ``mode`` (``@asc.jit(local_overrun=...)``); ``None`` leaves it to the environment."""
    token = _chosen.set(mode)
    try:
        yield
    finally:
        _chosen.reset(token)


def local_overrun_mode() -> LocalOverrunMode:
    """The mode :func:`local_overruns` chose, else ``$ASCX_EMU_LOCAL_OVERRUN``: ``error`` (the default) or
    ``warn``; a one-line error for anything else."""
    return chosen_mode(_chosen, LOCAL_OVERRUN_ENV)


class LocalOverrunWarning(UserWarning):
    """A kernel's calls accessed a LocalTensor past its end (with ``ASCX_EMU_LOCAL_OVERRUN=warn``)."""


class LocalOverrunRecord(ctypes.Structure):
    """The emulation's record of a launch's calls past a LocalTensor's end (``ascx_emu::LocalOverrun``)."""

    _fields_ = (
        ("accesses", ctypes.c_uint64),
        ("core", ctypes.c_int64),
        ("line", ctypes.c_int32),
        ("what", ctypes.c_char * 256),
        ("file", ctypes.c_char * 512),
    )


def fresh_local_record() -> LocalOverrunRecord:
    record = LocalOverrunRecord()
    record.core = -1
    return record


@dataclass(frozen=True)
class LocalOverrun:
    """What a launch did past the ends of its local tensors."""

    accesses: int
    """How many times a call spanned past one of its tensors, over every core."""
    first: str
    """The first such access (of the lowest core that made one): core, operation, elements, memory bytes."""
    file: str
    line: int

    def message(self, kernel: str) -> str:
        where = f" at {self.file}:{self.line}" if self.file and self.line > 0 else ""
        times = "once" if self.accesses == 1 else f"{self.accesses} times"
        return (
            f"kernel '{kernel}' accessed local tensors past their ends {times} ({LOCAL_OVERRUN_ENV}=warn ran the "
            f"accesses as the NPU would, into the on-chip memory after each tensor); the first: {self.first}{where}"
        )


def warn_local_overrun(kernel: str, overrun: LocalOverrun) -> None:
    warnings.warn(LocalOverrunWarning(overrun.message(kernel)), stacklevel=4)
