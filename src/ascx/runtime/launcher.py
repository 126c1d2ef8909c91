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
    copied: _CopiedArgument | None = None
    """Set when the argument gave ``host`` as a copy of its data (``__array__`` that copies)."""


@dataclass(frozen=True)
class _CopiedArgument:
    """An argument whose ``__array__`` gives a copy: its name, the object, and its data before the launch."""

    name: str
    owner: Any
    before: np.ndarray[Any, Any]


def copied_and_written_message(name: str) -> str:
    return (
        f"the kernel wrote to argument '{name}', but it gives its data only through __array__, as a copy, and "
        "has no __setitem__: the results cannot be written back to it"
    )


COPIED_HINT = (
    "pass a numpy array, or an object with __dlpack__ (a torch CPU tensor), __array_interface__ or __setitem__"
)


def _from_dlpack(value: Any) -> np.ndarray[Any, Any]:
    """The numpy view of a DLPack object's memory.  numpy has no bfloat16: a torch ``bfloat16`` tensor is
    viewed as ``int16`` (the same bits; the kernel's parameter type comes from the tensor's ``dtype``)."""
    import sys

    import numpy as np

    if str(getattr(value, "dtype", "")) == "torch.bfloat16":
        torch = sys.modules["torch"]
        value = value.view(torch.int16)
    return cast("np.ndarray[Any, Any]", np.from_dlpack(value))


def _shares_its_memory(value: Any, view: np.ndarray[Any, Any]) -> bool:
    """Whether ``np.asarray(value)`` is a view of the object's own memory (asked twice, it gives the same
    memory) rather than a fresh copy."""
    import numpy as np

    return view.nbytes == 0 or bool(np.shares_memory(view, np.asarray(value)))


def _host_array(
    value: Any, name: str
) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any] | None, _CopiedArgument | None]:
    """A C-contiguous numpy view of an array argument, the original view to copy results back to when a
    contiguous copy had to be made, and what is needed to write results back to an object whose
    ``__array__`` copies (docs/emulation.md#arguments)."""
    import numpy as np

    from ascx.runtime.jit import MockTensor

    if isinstance(value, MockTensor):
        raise AscxError(
            f"argument '{name}' is a MockTensor: it stands for a tensor when compiling, not when launching",
            hints=["pass an array (numpy, or anything with __array__ or __dlpack__), or call kernel.compile(...)"],
            kind="usage",
        )
    copied: _CopiedArgument | None = None
    if isinstance(value, np.ndarray):
        view = cast("np.ndarray[Any, Any]", value)
    elif hasattr(value, "__dlpack__"):
        view = _from_dlpack(value)
    elif hasattr(value, "__array_interface__") or hasattr(value, "__array_struct__"):
        view = np.asarray(value)  # a view of the object's memory
    elif hasattr(value, "__array__"):
        view = np.asarray(value)
        if not _shares_its_memory(value, view):
            copied = _CopiedArgument(name, value, view.copy())
    else:
        raise AscxError(
            f"argument '{name}' must be an array (numpy, or anything with __array__ or __dlpack__)", kind="usage"
        )
    if view.flags.c_contiguous:
        return view, None, copied
    return np.ascontiguousarray(view), view, copied


def _write_back_to_owner(copied: _CopiedArgument, result: np.ndarray[Any, Any]) -> bool:
    """Give the results to an argument whose ``__array__`` copied: nothing to do when the kernel did not
    change its data, ``owner[...] = result`` when it has ``__setitem__``; False when neither."""
    import numpy as np

    before = copied.before.reshape(-1).view(np.uint8)
    if np.array_equal(before, np.ascontiguousarray(result).reshape(-1).view(np.uint8)):
        return True
    if not hasattr(copied.owner, "__setitem__"):
        return False
    copied.owner[...] = result
    return True


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
        host, original, copied = _host_array(value, param.name)
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
        copies.append(_DeviceCopy(memory, host, original, copied))
        return memory

    @staticmethod
    def _copy_back_and_free(copies: list[_DeviceCopy]) -> None:
        import numpy as np

        from ascx.lib import runtime as rt

        unwritable: list[str] = []
        for copy in copies:
            try:
                if copy.host.nbytes and copy.host.flags.writeable:
                    rt.copy_data_from_device(copy.host.ctypes.data_as(ctypes.c_void_p), copy.memory, copy.host.nbytes)
                    if copy.write_back is not None:
                        np.copyto(copy.write_back, copy.host)
                    if copy.copied is not None and not _write_back_to_owner(copy.copied, copy.host):
                        unwritable.append(copy.copied.name)
            finally:
                rt.free(copy.memory)
        if unwritable:
            raise AscxError(copied_and_written_message(unwritable[0]), hints=[COPIED_HINT], kind="usage")
