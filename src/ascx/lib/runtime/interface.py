"""pyasc's ``asc.lib.runtime`` functions on ascx's CPU emulation (``Backend.Model``).

The device is the emulation: ``malloc`` gives host memory that kernels launched with
``launch_kernel`` (or ``kernel[n](...)``) read and write, ``memcpy`` and ``copy_data_to_device`` /
``copy_data_from_device`` copy to and from it, streams exist but never hold pending work (a launch
runs to completion before it returns), and the device queries answer for the SoC that
``asc.runtime.config.set_platform`` selected.  What needs a real NPU (ACL, profiling, the NPU
print interface) raises :class:`NpuRequiredError`, one line that says so.
"""

from __future__ import annotations

import ctypes
import itertools
import time
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, Self, cast

from ascx.errors import AscxError
from ascx.lib.runtime import state, support

if TYPE_CHECKING:
    from ascx.kernel_facts import EmulatedKernel
    from ascx.lib.runtime.platforms import Platform

ALIGNMENT = 512
"""``malloc`` returns 512-byte aligned addresses, as pyasc's does."""
MODEL_DEVICE_COUNT = 1
"""The emulation is one device."""
C2C_CTRL_ADDR_MODEL = 255086295400448
"""What pyasc's ``c2c_ctrl_addr`` answers on the model (its fixed value for the CA model)."""


class RuntimeApiError(AscxError, RuntimeError):
    """A misuse of the runtime API (a bad handle, size or device id)."""

    def __init__(self, message: str, hints: Sequence[str] = ()) -> None:
        super().__init__(message, hints=list(hints), kind="runtime-api")


class NpuRequiredError(AscxError, RuntimeError):
    """The call needs an NPU runtime, which ascx does not have."""

    def __init__(self, api: str) -> None:
        super().__init__(
            f"asc.lib.runtime.{api} needs an NPU: ascx runs kernels on its CPU emulation (Backend.Model) "
            "and has no device runtime",
            kind="no-backend",
        )


def _needs_npu(api: str) -> NoReturn:
    raise NpuRequiredError(api)


def _lazy_init(api: str, need_device: bool = True, need_stream: bool = True) -> None:
    if not state.model:
        _needs_npu(api)
    state.initialized = True
    if need_device and state.device_id is None:
        set_device(default_device())
    if need_device and need_stream:
        assert state.device_id is not None
        if state.streams.get(state.device_id) is None:
            state.streams[state.device_id] = _new_stream()


_handles = itertools.count(0x1000)


def _new_stream() -> support.Stream:
    handle = support.Stream(next(_handles) * 16)
    assert handle.value is not None
    state.created_streams.add(handle.value)
    return handle


def _select_device_id(device_id: int | None = None) -> int:
    if device_id is None:
        return current_device()
    check_device_handle(device_id)
    return device_id


def use_model(custom_lib_prefix: str | None = None) -> None:
    """Run kernels on the CPU emulation (``Backend.Model``)."""
    state.model = True
    state.custom_lib_prefix = custom_lib_prefix


def use_npu(custom_lib_prefix: str | None = None) -> None:
    """Select an NPU: later calls that need the device raise :class:`NpuRequiredError`."""
    state.model = False
    state.custom_lib_prefix = custom_lib_prefix


def set_soc_version(soc_verison: Platform) -> None:
    """Select the SoC the device queries answer for (pyasc spells the parameter ``soc_verison``)."""
    state.soc_version = soc_verison


def get_soc_version() -> Platform:
    """The SoC selected (``Platform.Ascend910B1`` unless ``set_platform`` chose another)."""
    from ascx.lib.runtime.platforms import Platform

    return state.soc_version if state.soc_version is not None else Platform.Ascend910B1


def is_initialized() -> bool:
    return state.initialized


def is_available() -> bool:
    """Whether kernels can run: on the model, a host C++ compiler to build the emulation is installed;
    an NPU never is."""
    if not state.model:
        return False
    from ascx.emu.build import available_compilers

    return bool(available_compilers())


def is_model() -> bool:
    """Whether kernels run on the CPU emulation (the default)."""
    return state.model


def magic_elf_value(core_type: support.CoreType) -> int:
    """The device-binary magic of a kernel built for ``core_type``."""
    if not isinstance(cast(object, core_type), support.CoreType):
        raise RuntimeApiError("Core type is not supported!")
    magic = {
        support.CoreType.AiCore: support.MagicElf.RT_DEV_BINARY_MAGIC_ELF,
        support.CoreType.VectorCore: support.MagicElf.RT_DEV_BINARY_MAGIC_ELF_AIVEC,
        support.CoreType.CubeCore: support.MagicElf.RT_DEV_BINARY_MAGIC_ELF_AICUBE,
    }.get(core_type, support.MagicElf.RT_DEV_BINARY_MAGIC_ELF_AICPU)
    return magic.value


def msprof_task_type(core_type: support.CoreType) -> int:
    """The profiler's task type of a kernel built for ``core_type``."""
    if not isinstance(cast(object, core_type), support.CoreType):
        raise RuntimeApiError("Core type is not supported!")
    kind = {
        support.CoreType.AiCore: support.MsprofTaskType.MSPROF_TASK_TYPE_AI_CORE,
        support.CoreType.VectorCore: support.MsprofTaskType.MSPROF_TASK_TYPE_AIV,
        support.CoreType.CubeCore: support.MsprofTaskType.MSPROF_TASK_TYPE_AI_CORE,
    }.get(core_type, support.MsprofTaskType.MSPROF_TASK_TYPE_AI_CPU)
    return kind.value


def check_device_handle(device_id: int) -> None:
    if isinstance(cast(object, device_id), int) and not isinstance(device_id, bool) and device_id >= 0:
        return
    raise RuntimeApiError(f"Device handle should be int >= 0, but '{device_id}' with {type(device_id)} type was given")


def default_device() -> int:
    return 0


def current_device() -> int:
    """The device ``set_device`` selected (device 0 until then)."""
    _lazy_init("current_device", need_stream=False)
    assert state.device_id is not None
    return state.device_id


def current_stream(device_id: int | None = None) -> support.Stream:
    """The default stream of the device (the current one by default)."""
    _lazy_init("current_stream")
    device = _select_device_id(device_id)
    stream = state.streams.get(device)
    if stream is None:
        stream = state.streams[device] = _new_stream()
    return stream


def current_platform() -> str:
    """The SoC name, as the device reports it (``"Ascend910B1"``)."""
    _lazy_init("current_platform", need_device=False)
    return str(get_soc_version().value)


def device_count() -> int:
    """The number of devices: the emulation is one."""
    _lazy_init("device_count", need_device=False)
    return MODEL_DEVICE_COUNT


def device_info(
    module_type: support.DeviceModuleType, info_type: support.DeviceInfoType, device_id: int | None = None
) -> int:
    """A device property, for the selected SoC: the core counts (``INFO_TYPE_CORE_NUM`` of the AI cores,
    that is the cube cores, or of the vector cores; ``INFO_TYPE_CUBE_NUM``), the device id, the
    endianness (0: little).  Other properties are not modelled and raise."""
    _lazy_init("device_info", need_stream=False)
    device = _select_device_id(device_id)
    if device >= MODEL_DEVICE_COUNT:
        raise RuntimeApiError(f"device {device} does not exist: the emulation is device 0")
    from ascx.lib.host.platform import CUBE_CORES

    cubes = CUBE_CORES[str(get_soc_version().value)]
    info = support.DeviceInfoType(info_type)
    module = support.DeviceModuleType(module_type)
    if info is support.DeviceInfoType.INFO_TYPE_CORE_NUM and module is support.DeviceModuleType.RT_MODULE_TYPE_AICORE:
        return cubes
    if (
        info is support.DeviceInfoType.INFO_TYPE_CORE_NUM
        and module is support.DeviceModuleType.RT_MODULE_TYPE_VECTOR_CORE
    ):
        return 2 * cubes
    if info is support.DeviceInfoType.INFO_TYPE_CUBE_NUM:
        return cubes
    if info is support.DeviceInfoType.INFO_TYPE_ID:
        return device
    if info is support.DeviceInfoType.INFO_TYPE_ENDIAN:
        return 0
    raise RuntimeApiError(
        f"device_info({module.name}, {info.name}) is not modelled by ascx's emulation",
        hints=["the core counts (INFO_TYPE_CORE_NUM of RT_MODULE_TYPE_AICORE or RT_MODULE_TYPE_VECTOR_CORE, "
               "INFO_TYPE_CUBE_NUM), INFO_TYPE_ID and INFO_TYPE_ENDIAN are"],
    )  # fmt: skip


def free_mem() -> None:
    """Unregister every kernel and free every allocation."""
    _lazy_init("free_mem")
    for handle in tuple(state.kernels):
        unregister_device_binary_kernel(support.Kernel(handle))
    for address in tuple(state.allocs):
        free(support.Memory(address))


def reset_device(device_id: int | None = None) -> None:
    """Release the device: its streams are destroyed (allocations and kernels stay, as pyasc's)."""
    if not state.model:
        _needs_npu("reset_device")
    if device_id is not None:
        check_device_handle(device_id)
    for device, stream in list(state.streams.items()):
        if stream is not None:
            destroy_stream(stream)
        state.streams[device] = None
    if device_id is None or device_id == state.device_id:
        state.device_id = None


def set_device(device_id: int) -> None:
    """Select the device later calls use (the emulation is device 0)."""
    check_device_handle(device_id)
    if not state.model:
        _needs_npu("set_device")
    if device_id >= MODEL_DEVICE_COUNT:
        raise RuntimeApiError(
            f"device {device_id} does not exist: ascx's emulation is one device (0)",
            hints=["asc.lib.runtime.device_count() is 1 on Backend.Model"],
        )
    if state.device_id is not None and state.device_id != device_id:
        reset_device(state.device_id)
    state.initialized = True
    state.device_id = device_id
    state.streams.setdefault(device_id, None)


def create_stream(priority: int = 0) -> support.Stream:
    """A new stream.  Launches on any stream have completed when they return."""
    _lazy_init("create_stream", need_stream=False)
    del priority
    return _new_stream()


def _stream_value(stream_handle: Any, api: str) -> int:
    value = stream_handle.value if isinstance(stream_handle, ctypes.c_void_p) else stream_handle
    if not isinstance(value, int) or value not in state.created_streams:
        raise RuntimeApiError(f"{api}: {stream_handle!r} is not a stream of this runtime (or it was destroyed)")
    return value


def destroy_stream(stream_handle: support.Stream | None) -> None:
    if stream_handle is None:
        return
    _lazy_init("destroy_stream", need_stream=False)
    state.created_streams.discard(_stream_value(stream_handle, "destroy_stream"))
    for device, stream in list(state.streams.items()):
        if stream is not None and stream.value == stream_handle.value:
            state.streams[device] = None


class KernelBinary(bytes):
    """What ``CompiledKernel.binary`` is on ``Backend.Model``: the kernel's Ascend C source (the bytes),
    carrying the compiled kernel so that ``register_device_binary_kernel`` can run it on the emulation."""

    kernel: EmulatedKernel

    def __new__(cls, kernel: EmulatedKernel) -> Self:
        binary = super().__new__(cls, kernel.source.encode())
        binary.kernel = kernel
        return binary


def register_device_binary_kernel(kernel_binary: bytes, core_type_id: int) -> support.Kernel:
    """Register a kernel binary: on the emulation, the ``binary`` of an ascx ``CompiledKernel``."""
    _lazy_init("register_device_binary_kernel")
    if len(kernel_binary) <= 0:
        raise RuntimeApiError("Kernel size must be greater than 0 when register device binary kernel!")
    if not isinstance(kernel_binary, KernelBinary):
        raise RuntimeApiError(
            "register_device_binary_kernel: on Backend.Model the binary must be the `binary` of an ascx "
            "CompiledKernel (a device ELF cannot run on the CPU emulation)",
            hints=["compiled = kernel.compile(*args); register_device_binary_kernel(compiled.binary, ...)"],
        )
    handle = support.Kernel(next(_handles) * 16)
    assert handle.value is not None
    state.kernels[handle.value] = state.RegisteredKernel(kernel_binary, core_type_id)
    return handle


def _kernel_value(kernel_handle: Any, api: str) -> int:
    value = kernel_handle.value if isinstance(kernel_handle, ctypes.c_void_p) else kernel_handle
    if not isinstance(value, int) or value not in state.kernels:
        raise RuntimeApiError(f"{api}: {kernel_handle!r} is not a registered kernel")
    return value


def unregister_device_binary_kernel(kernel_handle: support.Kernel) -> None:
    _lazy_init("unregister_device_binary_kernel")
    value = _kernel_value(kernel_handle, "unregister_device_binary_kernel")
    del state.kernels[value]
    for function, (owner, _) in list(state.functions.items()):
        if owner == value:
            del state.functions[function]


def register_function(kernel_handle: support.Kernel, fn_name: str, mode: int) -> support.Function:
    """The kernel function ``fn_name`` of a registered binary, to launch with ``launch_kernel``."""
    _lazy_init("register_function")
    value = _kernel_value(kernel_handle, "register_function")
    binary = state.kernels[value].binary
    assert isinstance(binary, KernelBinary)
    if binary.kernel.name != fn_name:
        raise RuntimeApiError(f"register_function: the binary defines '{binary.kernel.name}', not '{fn_name}'")
    del mode
    handle = support.Function(next(_handles) * 16)
    assert handle.value is not None
    state.functions[handle.value] = (value, fn_name)
    return handle


def malloc(
    size: int,
    memory_type: support.MemoryType = support.MemoryType.RT_MEMORY_DEFAULT,
    policy: support.MallocPolicy = support.MallocPolicy.RT_MEMORY_POLICY_NONE,
) -> support.Memory:
    """``size`` bytes of device memory (zeroed, 512-byte aligned); free it with ``free``."""
    import numpy as np

    if not isinstance(cast(object, size), int) or size <= 0:
        raise RuntimeApiError("Malloc size must be greater than 0!")
    _lazy_init("malloc")
    del memory_type, policy
    owner = np.zeros(size + ALIGNMENT, dtype=np.uint8)
    start = int(owner.ctypes.data)
    address = ALIGNMENT * ((start + ALIGNMENT - 1) // ALIGNMENT)
    state.allocs[address] = state.Allocation(address, size, owner)
    return support.Memory(address)


def _address(handle: Any, api: str, what: str) -> int:
    if isinstance(handle, ctypes.c_void_p):
        value = handle.value
    elif isinstance(handle, int):
        value = handle
    else:
        raise RuntimeApiError(f"{api}: {what} must be a memory handle (ctypes.c_void_p), got {type(handle).__name__}")
    if not value:
        raise RuntimeApiError(f"{api}: {what} is a null pointer")
    return value


def device_allocation(address: int, nbytes: int, api: str, what: str) -> state.Allocation:
    """The allocation that holds ``nbytes`` from ``address``; an error when none does."""
    for allocation in state.allocs.values():
        if allocation.contains(address, nbytes):
            return allocation
    raise RuntimeApiError(f"{api}: {what} ({address:#x}, {nbytes} bytes) is not inside device memory from malloc")


_DEVICE_SIDES: dict[support.MemcpyKind, tuple[bool, bool]] = {
    support.MemcpyKind.RT_MEMCPY_HOST_TO_HOST: (False, False),
    support.MemcpyKind.RT_MEMCPY_HOST_TO_DEVICE: (True, False),
    support.MemcpyKind.RT_MEMCPY_DEVICE_TO_HOST: (False, True),
    support.MemcpyKind.RT_MEMCPY_DEVICE_TO_DEVICE: (True, True),
    support.MemcpyKind.RT_MEMCPY_HOST_TO_DEVICE_EX: (True, False),
    support.MemcpyKind.RT_MEMCPY_DEVICE_TO_HOST_EX: (False, True),
}
"""Which side of a copy is device memory (destination, source)."""


def memcpy(
    mem_dst_handle: ctypes.c_void_p,
    dst_nbytes: int,
    mem_src_handle: ctypes.c_void_p,
    src_nbytes: int,
    kind: support.MemcpyKind,
) -> None:
    """Copy ``src_nbytes`` bytes into a destination of ``dst_nbytes`` bytes; ``kind`` says which side is
    device memory, and device addresses must lie inside allocations of ``malloc``."""
    if dst_nbytes <= 0 or src_nbytes <= 0:
        raise RuntimeApiError("Memcopy src and dst size must be greater than 0!")
    _lazy_init("memcpy")
    if src_nbytes > dst_nbytes:
        raise RuntimeApiError(f"memcpy: {src_nbytes} bytes do not fit the destination's {dst_nbytes}")
    sides = _DEVICE_SIDES.get(support.MemcpyKind(kind))
    if sides is None:
        raise RuntimeApiError(f"memcpy: {support.MemcpyKind(kind).name} copies are not modelled")
    dst = _address(mem_dst_handle, "memcpy", "the destination")
    src = _address(mem_src_handle, "memcpy", "the source")
    if sides[0]:
        device_allocation(dst, src_nbytes, "memcpy", "the destination")
    if sides[1]:
        device_allocation(src, src_nbytes, "memcpy", "the source")
    ctypes.memmove(dst, src, src_nbytes)


def copy_data_to_device(src_mem_handle: ctypes.c_void_p, nbytes: int) -> support.Memory:
    """A new allocation holding ``nbytes`` bytes copied from host memory."""
    _lazy_init("copy_data_to_device")
    dst = malloc(nbytes, support.MemoryType.RT_MEMORY_HBM)
    memcpy(dst, nbytes, src_mem_handle, nbytes, support.MemcpyKind.RT_MEMCPY_HOST_TO_DEVICE)
    return dst


def copy_data_from_device(mem_dst_handle: ctypes.c_void_p, mem_src_handle: ctypes.c_void_p, nbytes: int) -> None:
    """Copy ``nbytes`` bytes of device memory to host memory."""
    _lazy_init("copy_data_from_device")
    memcpy(mem_dst_handle, nbytes, mem_src_handle, nbytes, support.MemcpyKind.RT_MEMCPY_DEVICE_TO_HOST)


def launch_kernel(
    fn_handle: support.Function,
    block_num: int,
    args: Iterable[Any],
    num_args: int | None = None,
    sm_desc: int | ctypes.c_uint64 | None = None,
    stream_handle: support.Stream | None = None,
) -> None:
    """Run a registered function on ``block_num`` blocks of the emulation.  ``args`` are the kernel's
    arguments packed into 8-byte words as pyasc's launcher packs them (scalars little-endian, padded to
    4 bytes; device addresses 8-byte aligned); the kernel reads and writes the device memory they
    point to.  The launch has completed when this returns."""
    from ascx.lib.runtime.kernel_args import unpack_arguments

    _lazy_init("launch_kernel")
    value = cast(ctypes.c_void_p, fn_handle).value
    if value is None or value not in state.functions:
        raise RuntimeApiError(f"launch_kernel: {fn_handle!r} is not a registered function")
    if stream_handle is not None:
        _stream_value(stream_handle, "launch_kernel")
    words = list(args)
    count = len(words) if num_args is None else num_args
    del sm_desc
    kernel_value, _ = state.functions[value]
    binary = state.kernels[kernel_value].binary
    assert isinstance(binary, KernelBinary)
    from ascx.emu.launch import launch

    launch(binary.kernel, block_num, unpack_arguments(binary.kernel, words[:count]))


def synchronize(stream_handle: support.Stream | None = None, timeout: int = 0) -> None:
    """Wait for a stream's work (the current stream's by default): launches have completed when they
    return, so there is nothing to wait for."""
    _lazy_init("synchronize")
    if stream_handle is not None:
        _stream_value(stream_handle, "synchronize")
    del timeout


def free(mem_handle: ctypes.c_void_p) -> None:
    """Free an allocation of ``malloc``."""
    _lazy_init("free")
    address = _address(mem_handle, "free", "the memory")
    if address not in state.allocs:
        raise RuntimeApiError(f"free: {address:#x} is not the start of an allocation (or it was freed)")
    del state.allocs[address]


def synchronize_device() -> None:
    """Wait for all of the device's work: there is none pending."""
    _lazy_init("synchronize_device")


def c2c_ctrl_addr() -> int:
    """The cross-core control address of MIX kernels (pyasc's fixed value on the model)."""
    if not state.model:
        _needs_npu("c2c_ctrl_addr")
    return C2C_CTRL_ADDR_MODEL


def set_pro_switch(
    command_type: support.ProfilingCommandHandle.Type, device_id: int | None = None, conf: int = 0b11111
) -> None:
    """Profiling is an NPU runtime service."""
    del command_type, device_id, conf
    _needs_npu("set_pro_switch")


def acl_init() -> None:
    _needs_npu("acl_init")


def acl_finalize() -> None:
    _needs_npu("acl_finalize")


def npu_utils() -> NoReturn:
    """pyasc's NPU utilities (ACL and profiling): not available on the model."""
    _needs_npu("npu_utils")


_START = time.perf_counter_ns()


def current_tick() -> int | None:
    """The model's clock: nanoseconds since ascx's runtime was loaded (None on an NPU, as pyasc)."""
    if not state.model:
        return None
    return time.perf_counter_ns() - _START
