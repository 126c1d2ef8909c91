"""The state of ascx's runtime, as pyasc keeps it in ``asc.lib.runtime.state``: the backend, the SoC,
the current device, its streams, the registered kernels and the device memory.

On ``Backend.Model`` the device is ascx's CPU emulation: device memory is host memory owned by numpy
arrays (``allocs``), which kernels launched with ``launch_kernel`` read and write in place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ascx.lib.runtime.platforms import Platform


@dataclass
class Allocation:
    """One ``malloc``: ``owner`` holds ``size`` bytes from ``address`` (512-byte aligned, as pyasc's)."""

    address: int
    size: int
    owner: Any
    """The numpy byte array that owns the memory (a little larger than ``size``, for the alignment)."""

    def contains(self, address: int, nbytes: int) -> bool:
        return self.address <= address and address + nbytes <= self.address + self.size


@dataclass
class RegisteredKernel:
    """A device binary registered with ``register_device_binary_kernel``."""

    binary: bytes
    magic: int


model: bool = True
"""Kernels run on the CPU emulation (``use_model()``); ``use_npu()`` selects a device, which ascx lacks."""
soc_version: Platform | None = None
"""The SoC ``set_soc_version`` selected (None: Ascend910B1)."""
custom_lib_prefix: str | None = None
device_id: int | None = None
"""The device ``set_device`` selected (None until a call needs one: then device 0)."""
streams: dict[int, Any] = {}
"""Each device's default stream."""
created_streams: set[int] = set()
"""The handles of the streams ``create_stream`` made and ``destroy_stream`` has not destroyed."""
kernels: dict[int, RegisteredKernel] = {}
functions: dict[int, tuple[int, str]] = {}
"""Function handle -> (kernel handle, function name)."""
allocs: dict[int, Allocation] = {}
"""Device address -> allocation."""
initialized: bool = False


def reset() -> None:
    """Forget every device, stream, kernel and allocation (the backend and SoC stay)."""
    global device_id, initialized
    device_id = None
    initialized = False
    streams.clear()
    created_streams.clear()
    kernels.clear()
    functions.clear()
    allocs.clear()
