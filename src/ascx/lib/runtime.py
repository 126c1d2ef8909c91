"""pyasc's ``asc.lib.runtime``, as far as launch code needs it on the CPU emulation.

pyasc launches ``kernel[core_num, rt.current_stream()](...)`` on an NPU stream.  The emulation runs a
launch to completion before it returns, so there is one stream and it is always synchronised;
``current_stream()`` returns it so that such launch code runs unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Stream:
    """The emulation's only stream: launches on it have completed when they return."""

    device_id: int = 0

    def synchronize(self) -> None:
        """Nothing to wait for: every launch is synchronous."""


_STREAM = Stream()


def current_stream(device_id: int | None = None) -> Stream:
    """The stream launches go to (``device_id`` is accepted for pyasc compatibility)."""
    del device_id
    return _STREAM


def is_model() -> bool:
    """Whether launches run on the CPU model (always, in ascx)."""
    return True
