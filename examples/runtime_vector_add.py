"""A host program on pyasc's runtime API (``asc.lib.runtime``): device memory, a stream, a registered
kernel and ``launch_kernel``, the steps pyasc's own launcher takes, written out by hand.  On
``Backend.Model`` the device is ascx's CPU emulation: ``malloc`` gives host memory that the kernel
reads and writes, and the launch has completed when ``launch_kernel`` returns.

The kernel is ``examples/vector_add.py``'s.

    python examples/runtime_vector_add.py
"""

import ctypes

import numpy as np
from vector_add import vector_add

import ascx as asc
import ascx.lib.runtime as rt
from ascx.runtime import config


def main() -> None:
    """Add two vectors of 8 blocks of 2048 floats through device memory and compare with numpy."""
    config.set_platform(config.Backend.Model, config.Platform.Ascend910B1)
    rt.set_device(0)
    stream = rt.create_stream()
    print(
        f"device {rt.current_device()} of {rt.device_count()}: {rt.current_platform()}, "
        f"{rt.device_info(rt.DeviceModuleType.RT_MODULE_TYPE_AICORE, rt.DeviceInfoType.INFO_TYPE_CORE_NUM)} AI cores"
    )

    blocks, block_length = 8, 2048
    rng = np.random.default_rng(0)
    x = rng.random(blocks * block_length, dtype=np.float32)
    y = rng.random(blocks * block_length, dtype=np.float32)
    z = np.zeros_like(x)

    x_device = rt.copy_data_to_device(x.ctypes.data_as(ctypes.c_void_p), x.nbytes)
    y_device = rt.copy_data_to_device(y.ctypes.data_as(ctypes.c_void_p), y.nbytes)
    z_device = rt.malloc(z.nbytes)

    compiled = vector_add.compile(
        asc.MockTensor(asc.float32), asc.MockTensor(asc.float32), asc.MockTensor(asc.float32), asc.MockValue(asc.int32)
    )
    kernel = rt.register_device_binary_kernel(compiled.binary, rt.magic_elf_value(compiled.core_type))
    function = rt.register_function(kernel, "vector_add", mode=0)
    arguments = [x_device, y_device, z_device, ctypes.c_uint64(block_length)]
    rt.launch_kernel(function, blocks, arguments, stream_handle=stream)
    rt.synchronize(stream)

    rt.copy_data_from_device(z.ctypes.data_as(ctypes.c_void_p), z_device, z.nbytes)
    for memory in (x_device, y_device, z_device):
        rt.free(memory)
    rt.unregister_device_binary_kernel(kernel)
    rt.destroy_stream(stream)

    error = float(np.abs(z - (x + y)).max())
    print(f"runtime_vector_add: {'OK' if error == 0.0 else 'MISMATCH'} ({z.size} elements, max abs error {error:g})")


if __name__ == "__main__":
    asc.show_progress()  # the slow steps, with their times, on stderr (docs/emulation.md#progress-and-timings)
    main()
