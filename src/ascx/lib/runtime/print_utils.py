"""pyasc's ``asc.lib.runtime.print_utils``: the NPU's print interface, which reads what kernels wrote
with ``printf``/``dump_tensor`` from device memory.  On the CPU emulation kernels print directly, so
the interface is an NPU service."""

from __future__ import annotations

from typing import Any, NoReturn

from ascx.lib.runtime.interface import NpuRequiredError

PRINT_INTERFACE_NAME = "print_interface"


def call_print_interface(*args: Any) -> NoReturn:
    """Print a kernel's dump buffer from an NPU (needs the NPU runtime)."""
    del args
    raise NpuRequiredError("call_print_interface")
