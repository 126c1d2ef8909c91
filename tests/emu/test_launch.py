"""``kernel[block_dim](*arrays)`` on the CPU emulation: arguments, blocks, errors, the build cache."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import ascx as asc
from ascx.emu import build, build_cache
from ascx.emu.launch import EmulationError, kernel_signature, launcher_source
from ascx.runtime import config
from ascx.runtime.jit import MockTensor, MockValue
from ascx.testing.array_protocols import (
    ArrayCopyOnly,
    ArrayCopyWithSetitem,
    ArrayInterfaceOnly,
    ArrayOnly,
    DLPackOnly,
)

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

COPY = """
@asc.jit
def copy(x: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int) -> None:
    start = asc.get_block_idx() * block_length
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x + start, block_length)
    zg.set_global_buffer(z + start, block_length)
    buf = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 256)
    for i in range(block_length // 256):
        asc.data_copy(buf, xg[i * 256:], 256)
        asc.data_copy(zg[i * 256:], buf, 256)
"""


@pytest.fixture
def copy_kernel(kernel_module: Callable[[str], ModuleType]) -> asc.JITFunction[..., None]:
    return kernel_module(COPY).copy


def test_each_block_copies_its_part(copy_kernel: asc.JITFunction[..., None]) -> None:
    x = np.arange(4 * 512, dtype=np.float32)
    z = np.zeros_like(x)
    copy_kernel[4](x, z, 512)
    np.testing.assert_array_equal(z, x)


def test_a_non_contiguous_output_gets_its_results_back(copy_kernel: asc.JITFunction[..., None]) -> None:
    x = np.arange(512, dtype=np.int32)
    z = np.zeros((512, 2), dtype=np.int32)
    copy_kernel[1](x, z[:, 1], 512)
    np.testing.assert_array_equal(z[:, 1], x)
    np.testing.assert_array_equal(z[:, 0], 0)


@pytest.mark.clean_room_only(
    "the bounds check of a GM access is the clean-room backend's: its error stops the launch before the CANN backend "
    "would run"
)
def test_an_access_past_an_array_is_an_error(copy_kernel: asc.JITFunction[..., None]) -> None:
    x = np.zeros(2 * 512, dtype=np.float32)
    with pytest.raises(EmulationError) as caught:
        copy_kernel[3](x, np.zeros_like(x), 512)
    assert caught.value.message == (
        "kernel 'copy' failed in the CPU emulation: block 2 (sub-block 0): DataCopy (GM to local): 1024 bytes at "
        "offset 4096 of GM buffer 'x' run past its end (4096 bytes)"
    )
    location = caught.value.location
    assert location is not None
    assert Path(location.file).read_text().splitlines()[location.line - 1].strip() == (
        "asc.data_copy(buf, xg[i * 256:], 256)"
    )


def test_wrong_element_type_and_block_count(copy_kernel: asc.JITFunction[..., None]) -> None:
    x = np.zeros(512, dtype=np.float32)
    with pytest.raises(asc.AscxError, match="the block count must be a positive int, got 0"):
        copy_kernel[0](x, np.zeros_like(x), 512)
    compiled = copy_kernel.compile(MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32))
    from ascx.emu.launch import launch

    with pytest.raises(asc.AscxError, match="argument 'z' holds float64, but the kernel was compiled for float32"):
        launch(compiled, 1, [x, np.zeros(512), 512])


def test_the_npu_backend_is_refused(copy_kernel: asc.JITFunction[..., None]) -> None:
    x = np.zeros(512, dtype=np.float32)
    config.set_platform(config.Backend.NPU, check=False)
    try:
        with pytest.raises(asc.AscxError, match="cannot launch 'copy' on an NPU"):
            copy_kernel[1](x, np.zeros_like(x), 512)
    finally:
        config.set_platform(config.Backend.Model)


def test_builds_are_cached_and_a_failed_build_leaves_nothing(tmp_path: Path) -> None:
    source = '#include "kernel_operator.h"\nextern "C" __global__ __aicore__ void k(__gm__ float* x) {}\n'
    build.set_build_dir(tmp_path)
    try:
        first = build.build_library(source, "aiv", name="k")
        stamp = first.stat().st_mtime_ns
        assert build.build_library(source, "aiv", name="k") == first
        assert first.stat().st_mtime_ns == stamp
        with pytest.raises(build.BuildError, match="cannot build kernel 'broken' for the AIV side"):
            build.build_library(source + "int broken(\n", "aiv", name="broken")
        # the library, its prelude and the stamp of the directory's last prune (docs/emulation.md#the-build-cache)
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted([first.name, "prelude", build_cache.STAMP])
        [prelude] = (tmp_path / "prelude").iterdir()
        precompiled = "preamble.h.pch" if build.default_compiler().name == "clang++" else "preamble.h.gch"
        assert sorted(p.name for p in prelude.iterdir()) == ["preamble.h", precompiled, "runtime.cpp", "runtime.o"]
    finally:
        build.set_build_dir(None)


def test_the_launcher_passes_each_parameter(copy_kernel: asc.JITFunction[..., None]) -> None:
    compiled = copy_kernel.compile(MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32))
    assert [(p.type, p.name) for p in kernel_signature(compiled.source, "copy")] == [
        ("__gm__ float*", "x"),
        ("__gm__ float*", "z"),
        ("int32_t", "block_length"),
    ]
    assert (
        "static void ascx_emu_body(void* const* args) {\n"
        "    copy(static_cast<__gm__ float*>(args[0]), static_cast<__gm__ float*>(args[1]), "
        "*static_cast<int32_t*>(args[2]));\n}\n"
    ) in launcher_source(compiled)


def test_a_compiler_error_is_mapped_to_the_python_line() -> None:
    """The nearest ``ascx_emu::at`` marker above the C++ line of the first error (emulation builds)."""
    source = (
        '#include "kernel_operator.h"\n'
        'extern "C" __global__ __aicore__ void k(__gm__ float* x) {\n'
        '    ascx_emu::at("/src/k.py", 7);\n'
        "    int32_t n = 1;\n"
        '    ascx_emu::at("/src/k.py", 9);\n'
        "    AscendC::NoSuchCall(n);\n"
        "}\n"
    )
    with pytest.raises(build.BuildError) as caught:
        build.check_source(source, "aiv", name="k")
    assert caught.value.location is not None
    assert (caught.value.location.file, caught.value.location.line) == ("/src/k.py", 9)
    assert "    | AscendC::NoSuchCall(n);" in caught.value.message


def test_arrays_through_array_and_dlpack(copy_kernel: asc.JITFunction[..., None]) -> None:
    """pyasc launch code passes torch tensors: anything with ``__array__`` or ``__dlpack__`` works, and the
    kernel writes into its memory."""
    x = np.arange(512, dtype=np.float32)
    z = np.zeros(512, dtype=np.float32)
    copy_kernel[1](ArrayOnly(x), DLPackOnly(z), 512)
    np.testing.assert_array_equal(z, x)


def test_an_array_interface_argument_is_written_in_place(copy_kernel: asc.JITFunction[..., None]) -> None:
    x = np.arange(512, dtype=np.float16)
    z = np.zeros(512, dtype=np.float16)
    copy_kernel[1](DLPackOnly(x), ArrayInterfaceOnly(z), 512)
    np.testing.assert_array_equal(z, x)


def test_an_array_copy_is_written_back_through_setitem(copy_kernel: asc.JITFunction[..., None]) -> None:
    """``__array__`` that returns a copy: the results go back through ``obj[...] = result``."""
    x = np.arange(512, dtype=np.int32)
    z = ArrayCopyWithSetitem(np.zeros(512, dtype=np.int32))
    copy_kernel[1](ArrayCopyOnly(x), z, 512)  # an input that is a copy is fine
    np.testing.assert_array_equal(z.data, x)


def test_an_array_copy_the_kernel_writes_is_an_error(copy_kernel: asc.JITFunction[..., None]) -> None:
    x = np.arange(512, dtype=np.float32)
    z = ArrayCopyOnly(np.zeros(512, dtype=np.float32))
    with pytest.raises(asc.AscxError) as caught:
        copy_kernel[1](x, z, 512)
    assert caught.value.message == (
        "the kernel wrote to argument 'z', but it gives its data only through __array__, as a copy, and has no "
        "__setitem__: the results cannot be written back to it"
    )
    assert caught.value.hints == [
        "pass a numpy array, or an object with __dlpack__ (a torch CPU tensor), __array_interface__ or __setitem__"
    ]
    np.testing.assert_array_equal(z.data, np.zeros(512, dtype=np.float32))


def test_a_protocol_argument_gives_the_kernel_its_dtype(copy_kernel: asc.JITFunction[..., None]) -> None:
    """The parameter's element type comes from the object's ``dtype``, as for a numpy array."""
    x = np.arange(512, dtype=np.int16)
    source = copy_kernel.compile(DLPackOnly(x), ArrayInterfaceOnly(np.zeros_like(x)), 512).source
    assert "copy(__gm__ int16_t* x, __gm__ int16_t* z, int32_t block_length)" in source


def test_pyasc_launch_code_selects_the_model_backend() -> None:
    import ascx.runtime.config as runtime_config

    assert asc.runtime.config is runtime_config
    runtime_config.set_platform(runtime_config.Backend.Model, runtime_config.Platform.Ascend910B1)
    assert runtime_config.current_backend() is runtime_config.Backend.Model


def test_pyasc_launch_with_a_stream(copy_kernel: asc.JITFunction[..., None]) -> None:
    """pyasc's ``kernel[core_num, rt.current_stream()](...)``."""
    import ascx.lib.runtime as rt

    x = np.arange(2 * 512, dtype=np.float32)
    z = np.zeros_like(x)
    copy_kernel[2, rt.current_stream()](x, z, 512)
    rt.current_stream().synchronize()
    np.testing.assert_array_equal(z, x)
    assert asc.lib.runtime is rt
    assert rt.is_model()
