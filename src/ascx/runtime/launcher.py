"""pyasc's ``asc.runtime.launcher``: running a compiled kernel, the last step of ``kernel[n](...)``.

``kernel[core_num](*args)`` (or ``kernel[core_num, stream](*args)``) compiles the kernel to Ascend C
and then calls ``Launcher(LaunchOptions(core_num, stream)).run(compiled, name, runtime_args)``, as
pyasc does; tests that patch ``asc.runtime.launcher.Launcher.run`` stop there.  ``run`` does what
pyasc's launcher does, on ascx's runtime (``asc.lib.runtime``) and its CPU emulation: each array
argument is copied to device memory, the arguments are packed into words, the kernel is registered
and launched on ``core_num`` blocks, and the arrays are copied back.
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from ascx.errors import AscxError
from ascx.runtime.compiler import CompiledKernel
from ascx.runtime.config import require_model_backend
from ascx.tracer import KernelParam

if TYPE_CHECKING:  # numpy and the runtime load when a kernel is launched, not when ascx is imported
    import numpy as np

    from ascx.lib import runtime as rt


@dataclass(frozen=True)
class LaunchOptions:
    """``kernel[core_num, stream]``: the number of blocks and the stream (the current one by default)."""

    core_num: int = 0
    stream: rt.Stream | None = None


@dataclass
class _DeviceCopy:
    """An array argument's device memory, and the host array its results go back to."""

    memory: rt.Memory
    host: np.ndarray[Any, Any]
    write_back: np.ndarray[Any, Any] | None


def _host_array(value: Any, name: str) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any] | None]:
    """A C-contiguous numpy view of an array argument, and the original view to copy results back to
    when a contiguous copy had to be made."""
    import numpy as np

    from ascx.runtime.jit import MockTensor

    if isinstance(value, MockTensor):
        raise AscxError(
            f"argument '{name}' is a MockTensor: it stands for a tensor when compiling, not when launching",
            hints=["pass an array (numpy, or anything with __array__ or __dlpack__), or call kernel.compile(...)"],
            kind="usage",
        )
    if isinstance(value, np.ndarray):
        view = cast("np.ndarray[Any, Any]", value)
    elif hasattr(value, "__dlpack__"):
        view = cast("np.ndarray[Any, Any]", np.from_dlpack(value))
    elif hasattr(value, "__array__"):
        view = np.asarray(value)
    else:
        raise AscxError(
            f"argument '{name}' must be an array (numpy, or anything with __array__ or __dlpack__)", kind="usage"
        )
    if view.flags.c_contiguous:
        return view, None
    return np.ascontiguousarray(view), view


class Launcher:
    """Runs compiled kernels on the selected backend (ascx: the CPU emulation)."""

    def __init__(self, options: LaunchOptions):
        self.options = options

    @staticmethod
    def get_core_num(device_id: int | None = None) -> int:
        """The AI cores of the device (the cube cores of the selected SoC)."""
        from ascx.lib import runtime as rt

        return rt.device_info(
            rt.DeviceModuleType.RT_MODULE_TYPE_AICORE, rt.DeviceInfoType.INFO_TYPE_CORE_NUM, device_id
        )

    def run(self, kernel: CompiledKernel, function_name: str, user_args: Sequence[Any]) -> None:
        """Launch ``kernel`` on ``core_num`` blocks with ``user_args`` (its runtime arguments, in order)."""
        require_model_backend(function_name)
        from ascx.lib import runtime as rt

        blocks = self.options.core_num
        if not isinstance(cast(object, blocks), int) or isinstance(blocks, bool) or blocks < 1:
            raise AscxError(f"the block count must be a positive int, got {blocks!r}", kind="usage")
        runtime = [p for p in kernel.params if p.kind != "constexpr"]
        if len(user_args) != len(runtime):
            raise AscxError(
                f"kernel '{kernel.name}' takes {len(runtime)} runtime arguments, got {len(user_args)}", kind="usage"
            )
        copies: list[_DeviceCopy] = []
        try:
            values = [self._device_value(param, value, copies) for param, value in zip(runtime, user_args, strict=True)]
            stream = self.options.stream or rt.current_stream()
            handle = rt.register_device_binary_kernel(kernel.binary, rt.magic_elf_value(kernel.core_type))
            try:
                function = rt.register_function(handle, function_name, mode=0)
                from ascx.lib.runtime.kernel_args import pack_arguments

                rt.launch_kernel(function, blocks, pack_arguments(kernel, values), stream_handle=stream)
                rt.synchronize(stream)
            finally:
                rt.unregister_device_binary_kernel(handle)
        finally:
            self._copy_back_and_free(copies)

    @staticmethod
    def _device_value(param: KernelParam, value: Any, copies: list[_DeviceCopy]) -> Any:
        import numpy as np

        from ascx.lib import runtime as rt

        if param.kind == "scalar":
            return value
        if param.kind == "struct":
            pack = getattr(value, "pack", None)  # asc.adv.TCubeTiling: its C++ bytes
            data: Any = pack() if callable(pack) else value
            raw = np.frombuffer(bytes(data), dtype=np.uint8).copy()
            memory = rt.copy_data_to_device(raw.ctypes.data_as(ctypes.c_void_p), max(raw.nbytes, 1))
            copies.append(_DeviceCopy(memory, raw, None))
            return memory
        host, original = _host_array(value, param.name)
        for copy in copies:  # the same array passed twice is one device buffer
            if copy.host.ctypes.data == host.ctypes.data and copy.host.nbytes == host.nbytes:
                return copy.memory
        memory = rt.malloc(max(host.nbytes, 1), rt.support.MemoryType.RT_MEMORY_HBM)
        if host.nbytes:
            rt.memcpy(
                memory,
                host.nbytes,
                host.ctypes.data_as(ctypes.c_void_p),
                host.nbytes,
                rt.support.MemcpyKind.RT_MEMCPY_HOST_TO_DEVICE,
            )
        copies.append(_DeviceCopy(memory, host, original))
        return memory

    @staticmethod
    def _copy_back_and_free(copies: list[_DeviceCopy]) -> None:
        import numpy as np

        from ascx.lib import runtime as rt

        for copy in copies:
            try:
                if copy.host.nbytes and copy.host.flags.writeable:
                    rt.copy_data_from_device(copy.host.ctypes.data_as(ctypes.c_void_p), copy.memory, copy.host.nbytes)
                    if copy.write_back is not None:
                        np.copyto(copy.write_back, copy.host)
            finally:
                rt.free(copy.memory)
