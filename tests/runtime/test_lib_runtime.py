"""``asc.lib.runtime`` on ``Backend.Model``: device memory as host buffers the emulation reads and
writes, streams that never hold pending work, device queries for the selected SoC, kernels registered
and launched as pyasc's launcher does, ``Launcher.run`` as the last step of ``kernel[n](...)``, and one
clear error line for what needs an NPU."""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Iterator
from pathlib import Path
from unittest.mock import patch

import numpy as np
import pytest

import ascx as asc
import ascx.lib.runtime as rt
from ascx.lib.runtime import kernel_args, state
from ascx.runtime import config

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(autouse=True)
def model_backend() -> Iterator[None]:
    config.set_platform(config.Backend.Model, check=False)
    yield
    config.set_platform(config.Backend.Model, check=False)
    state.reset()


def _pointer(array: np.ndarray) -> ctypes.c_void_p:  # type: ignore[type-arg]
    return array.ctypes.data_as(ctypes.c_void_p)


def test_device_memory_round_trip() -> None:
    x = np.arange(100, dtype=np.float32)
    device = rt.copy_data_to_device(_pointer(x), x.nbytes)
    assert isinstance(device, ctypes.c_void_p)
    assert device.value is not None
    assert device.value % 512 == 0
    back = np.zeros_like(x)
    rt.copy_data_from_device(_pointer(back), device, x.nbytes)
    np.testing.assert_array_equal(back, x)
    other = rt.malloc(x.nbytes)
    rt.memcpy(other, x.nbytes, device, x.nbytes, rt.support.MemcpyKind.RT_MEMCPY_DEVICE_TO_DEVICE)
    rt.copy_data_from_device(_pointer(back), other, 40)
    np.testing.assert_array_equal(back[:10], x[:10])
    rt.free(device)
    rt.free(other)
    assert state.allocs == {}


def test_malloc_gives_zeroed_memory() -> None:
    memory = rt.malloc(64)
    out = np.ones(16, dtype=np.float32)
    rt.copy_data_from_device(_pointer(out), memory, 64)
    np.testing.assert_array_equal(out, np.zeros(16, dtype=np.float32))
    rt.free(memory)


MISUSE = {
    "zero_malloc": (lambda: rt.malloc(0), "Malloc size must be greater than 0!"),
    "double_free": (
        lambda: (m := rt.malloc(8), rt.free(m), rt.free(m)),
        "free: {address} is not the start of an allocation (or it was freed)",
    ),
    "copy_past_the_end": (
        lambda: rt.copy_data_from_device(_pointer(np.zeros(64, np.uint8)), rt.malloc(16), 64),
        "memcpy: the source ({address}, 64 bytes) is not inside device memory from malloc",
    ),
    "too_small_destination": (
        lambda: rt.memcpy(rt.malloc(8), 8, rt.malloc(16), 16, rt.support.MemcpyKind.RT_MEMCPY_DEVICE_TO_DEVICE),
        "memcpy: 16 bytes do not fit the destination's 8",
    ),
    "no_such_device": (
        lambda: rt.set_device(1),
        "device 1 does not exist: ascx's emulation is one device (0)",
    ),
    "bad_device_handle": (
        lambda: rt.check_device_handle(-1),
        "Device handle should be int >= 0, but '-1' with <class 'int'> type was given",
    ),
    "destroyed_stream": (
        lambda: (s := rt.create_stream(), rt.destroy_stream(s), rt.synchronize(s)),
        "synchronize: {stream} is not a stream of this runtime (or it was destroyed)",
    ),
    "foreign_binary": (
        lambda: rt.register_device_binary_kernel(b"\x7fELF...", 0),
        "register_device_binary_kernel: on Backend.Model the binary must be the `binary` of an ascx CompiledKernel "
        "(a device ELF cannot run on the CPU emulation)",
    ),
    "unmodelled_query": (
        lambda: rt.device_info(rt.DeviceModuleType.RT_MODULE_TYPE_SYSTEM, rt.DeviceInfoType.INFO_TYPE_VERSION),
        "device_info(RT_MODULE_TYPE_SYSTEM, INFO_TYPE_VERSION) is not modelled by ascx's emulation",
    ),
}


@pytest.mark.parametrize("name", sorted(MISUSE))
def test_misuse_is_a_runtime_error(name: str) -> None:
    call, message = MISUSE[name]
    with pytest.raises(RuntimeError) as caught:
        call()
    assert isinstance(caught.value, rt.RuntimeApiError)
    text = caught.value.message
    if "{address}" in message:
        address = text.split(": ", 2)[-1].split(" ")[0] if "free" in name else text.split("(")[1].split(",")[0]
        message = message.replace("{address}", address)
    if "{stream}" in message:
        message = message.replace("{stream}", text.split(": ")[1].split(" is ")[0])
    assert text == message


def test_device_queries_answer_for_the_selected_soc() -> None:
    config.set_platform(config.Backend.Model, config.Platform.Ascend910B3, check=False)
    assert rt.device_count() == 1
    assert rt.current_device() == 0
    assert rt.current_platform() == "Ascend910B3"
    assert rt.get_soc_version() is config.Platform.Ascend910B3
    core_num = rt.DeviceInfoType.INFO_TYPE_CORE_NUM
    assert rt.device_info(rt.DeviceModuleType.RT_MODULE_TYPE_AICORE, core_num) == 20
    assert rt.device_info(rt.DeviceModuleType.RT_MODULE_TYPE_VECTOR_CORE, core_num) == 40
    assert rt.device_info(rt.DeviceModuleType.RT_MODULE_TYPE_AICORE, rt.DeviceInfoType.INFO_TYPE_CUBE_NUM) == 20
    assert asc.runtime.launcher.Launcher.get_core_num() == 20
    assert rt.is_model()
    assert rt.is_initialized()
    assert rt.c2c_ctrl_addr() == 255086295400448


def test_streams_never_hold_work() -> None:
    stream = rt.create_stream()
    assert isinstance(stream, ctypes.c_void_p)
    rt.synchronize(stream)
    rt.synchronize()
    rt.synchronize_device()
    rt.current_stream().synchronize()
    rt.destroy_stream(stream)
    assert rt.current_tick() is not None


NPU_ONLY = {
    "acl_init": lambda: rt.acl_init(),
    "acl_finalize": lambda: rt.acl_finalize(),
    "npu_utils": lambda: rt.npu_utils(),
    "set_pro_switch": lambda: rt.set_pro_switch(rt.ProfilingCommandHandle.Type.START),
    "call_print_interface": lambda: rt.call_print_interface(0, 0),
    "build_utils.build_npu_ext": lambda: rt.build_utils.build_npu_ext("x", False, None, "x.cpp", "."),
}


@pytest.mark.parametrize("name", sorted(NPU_ONLY))
def test_what_needs_an_npu_says_so_in_one_line(name: str) -> None:
    with pytest.raises(RuntimeError) as caught:
        NPU_ONLY[name]()
    assert isinstance(caught.value, rt.NpuRequiredError)
    assert str(caught.value) == (
        f"error: asc.lib.runtime.{name} needs an NPU: ascx runs kernels on its CPU emulation (Backend.Model) and has "
        "no device runtime"
    )


def test_the_npu_backend_has_no_device() -> None:
    config.set_platform(config.Backend.NPU, check=False)
    assert not rt.is_available()
    assert config.current_backend() is config.Backend.NPU
    with pytest.raises(rt.NpuRequiredError, match=r"asc.lib.runtime.malloc needs an NPU"):
        rt.malloc(64)
    assert rt.current_tick() is None
    with pytest.raises(RuntimeError, match="ascx has no NPU runtime"):
        config.set_platform(config.Backend.NPU)


def test_set_platform_checks_that_the_model_can_run() -> None:
    """pyasc's test_config: the error names the SoC's simulator directory."""
    soc = config.Platform.Ascend910B3
    with patch.object(config.rt, "is_available", return_value=False):
        with pytest.raises(RuntimeError) as caught:
            config.set_platform(config.Backend.Model, soc_version=soc, check=True)
    assert f"simulator/{soc.value}/lib" in str(caught.value)
    assert "{soc_version.value}" not in str(caught.value)


def test_the_argument_words_are_pyascs_packing() -> None:
    from ascx.tracer import KernelParam

    compiled = type("K", (), {})()

    compiled.params = (  # type: ignore[attr-defined]
        KernelParam("a", "pointer", asc.float32),
        KernelParam("small", "scalar", asc.int8),
        KernelParam("big", "scalar", asc.int32),
        KernelParam("wide", "scalar", asc.int64),
        KernelParam("b", "pointer", asc.float32),
    )
    compiled.name = "k"  # type: ignore[attr-defined]
    x, y = rt.malloc(64), rt.malloc(64)
    words = kernel_args.pack_arguments(compiled, [x, -3, 7, 1 << 40, y])  # type: ignore[arg-type]
    # a (8) | small (1, padded to 4) big (4) | wide (8) | b (8)
    assert [w.value for w in words] == [x.value, 0xFD | (7 << 32), 1 << 40, y.value]
    a, small, big, wide, b = kernel_args.unpack_arguments(compiled, words)  # type: ignore[arg-type]
    assert (a.ctypes.data, small, big, wide, b.ctypes.data) == (x.value, -3, 7, 1 << 40, y.value)
    assert a.dtype == np.float32
    assert a.size == 16


def test_a_host_program_on_the_runtime_api(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.syspath_prepend(str(EXAMPLES))
    sys.modules.pop("runtime_vector_add", None)
    import runtime_vector_add

    runtime_vector_add.main()
    out = capsys.readouterr().out
    assert "device 0 of 1: Ascend910B1, 24 AI cores" in out
    assert "runtime_vector_add: OK (16384 elements, max abs error 0)" in out
    assert state.allocs == {}


def test_a_launch_goes_through_launcher_run() -> None:
    @asc.jit
    def k(x: asc.GlobalAddress) -> None:
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        g.set_value(0, 5.0)

    x = np.zeros(8, dtype=np.float32)
    with patch("ascx.runtime.launcher.Launcher.run", return_value=None) as run:
        k[2](x)
    assert run.call_count == 1
    compiled, name, runtime_args = run.call_args.args
    assert (compiled.name, name, len(runtime_args)) == ("k", "k", 1)
    assert x[0] == 0.0  # stopped before running
    k[1](x)
    assert x[0] == 5.0
    with pytest.raises(asc.AscxError, match="argument 'x' is a MockTensor"):
        k[1](asc.MockTensor(asc.float32))


def test_bfloat16_arrays_pass_as_their_bits() -> None:
    """A torch ``bfloat16`` tensor reaches the launcher as its 16-bit patterns (numpy has no bfloat16): the
    runtime views a ``bfloat16`` pointer argument's memory as ``uint16`` and the kernel copies the bits."""
    from ascx.runtime.launcher import Launcher, LaunchOptions

    @asc.jit
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
        xg = asc.GlobalTensor()
        zg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        zg.set_global_buffer(z)
        t = asc.LocalTensor(asc.bfloat16, asc.TPosition.VECIN, 0, 64)
        asc.data_copy(t, xg, 64)
        asc.data_copy(zg, t, 64)

    compiled = k.compile(asc.MockTensor(asc.bfloat16), asc.MockTensor(asc.bfloat16))
    bits = (np.arange(64, dtype=np.float32).view(np.uint32) >> 16).astype(np.uint16)  # 0.0 ... 63.0
    z = np.zeros(64, dtype=np.uint16)
    Launcher(LaunchOptions(1)).run(compiled, "k", [bits, z])
    np.testing.assert_array_equal(z, bits)


def test_pyascs_module_names_exist() -> None:
    for name in ("state", "interface", "support", "print_utils", "build_utils", "npu_utils"):
        assert hasattr(rt, name)
    assert config.rt is rt
