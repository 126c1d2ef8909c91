"""``asc.TensorDesc`` and ``asc.ListTensorDesc``: the C++ of each call (and the header it needs), the
trace-time checks, the list decoded on the emulation from a buffer in device memory, and the C++
type-checked against CANN's headers (the full asc-devkit snapshot: the shared subset has no
``kernel_operator_list_tensor_intf.h``)."""

from __future__ import annotations

import ctypes
import os
import subprocess
import tarfile
from collections.abc import Callable, Iterator
from io import BytesIO
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import ascx as asc
import ascx.lib.runtime as rt
from ascx.emu.launch import EmulationError
from ascx.runtime.jit import MockTensor
from ascx.testing.kernels import line_of

KernelModule = Callable[[str], ModuleType]

KERNEL = """
@asc.jit
def k(lst: asc.GlobalAddress, out: asc.GlobalAddress) -> None:
    o = asc.GlobalTensor()
    o.set_global_buffer(out)
    descs = asc.ListTensorDesc(lst, 0xffffffff, 0xffffffff)
    count = descs.get_size()
    shape = asc.array(asc.uint64, 4)
    d = asc.TensorDesc(asc.float32)
    d.set_shape_addr(shape)
    descs.get_desc(d, 1)
    second = d.get_data_obj()
    first = asc.GlobalTensor()
    first.set_global_buffer(descs.get_data_ptr(0, asc.float32))
    o.set_value(0, second.get_value(0) + first.get_value(3))
    o.set_value(1, asc.number(d.get_dim(), asc.float32))
    o.set_value(2, asc.number(count, asc.float32))
    o.set_value(3, asc.number(d.get_shape(1), asc.float32))
    o.set_value(4, asc.number(d.get_index(), asc.float32))
    o.set_value(5, asc.number(second.get_size(), asc.float32))
"""
ARGS = (MockTensor(asc.uint8), MockTensor(asc.float32))


def test_the_cpp(kernel_module: KernelModule) -> None:
    source = kernel_module(KERNEL).k.compile(*ARGS).source
    assert source.startswith('#include "kernel_operator.h"\n#include "kernel_operator_list_tensor_intf.h"\n')
    for line in (
        "AscendC::ListTensorDesc descs(lst, 4294967295U, 4294967295U);",
        "uint32_t count = descs.GetSize();",
        "uint64_t shape[4];",
        "AscendC::TensorDesc<float> d;",
        "d.SetShapeAddr(shape);",
        "descs.GetDesc(d, 1);",
        "AscendC::GlobalTensor<float> second = d.GetDataObj();",
        "__gm__ float* v = descs.GetDataPtr<float>(0);",
    ):
        assert f"    {line}\n" in source
    assert " = d.GetDim();\n" in source


def test_init_form_and_pointer_accessors(kernel_module: KernelModule) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(lst: asc.GlobalAddress, n: int) -> None:
            descs = asc.ListTensorDesc()
            descs.init(lst, length=n, shape_size=2)
            d = asc.TensorDesc()
            d.set_shape_addr(n)
            address = d.get_data_ptr()
        """
    )
    source = module.k.compile(MockTensor(asc.uint8), 64).source
    assert "    AscendC::ListTensorDesc descs;\n    descs.Init(lst, n, 2);\n" in source
    assert "    d.SetShapeAddr(reinterpret_cast<uint64_t*>(n));\n" in source
    assert "    __gm__ float* address = d.GetDataPtr();\n" in source


REJECTS = {
    "asc.ListTensorDesc(3)": (
        "TypeError: ListTensorDesc: data must be a global address (the kernel's pointer to the list), got the int 3"
    ),
    "asc.TensorDesc(asc.float16).set_shape_addr(0)": (
        "ValueError: TensorDesc.set_shape_addr: the shape address is a null pointer (CANN asserts shapePtr != nullptr)"
    ),
    "asc.TensorDesc().set_shape_addr(asc.array(asc.int32, 4))": (
        "TypeError: TensorDesc.set_shape_addr: the shape array holds uint64 dimensions, got an array of int32"
    ),
    "asc.ListTensorDesc(lst).get_desc(lst, 0)": (
        "TypeError: ListTensorDesc.get_desc: desc must be an asc.TensorDesc, got a GlobalAddress"
    ),
    "asc.ListTensorDesc(lst).get_data_ptr(0, 4)": (
        "TypeError: ListTensorDesc.get_data_ptr: dtype must be a data type (e.g. asc.float16), got the int 4"
    ),
    "asc.TensorDesc(asc.void)": "TypeError: TensorDesc: dtype must be a data type (e.g. asc.float16), got a DataType",
}


@pytest.mark.parametrize("statement", sorted(REJECTS))
def test_rejects(kernel_module: KernelModule, statement: str) -> None:
    module = kernel_module(
        f"""
        @asc.jit
        def k(lst: asc.GlobalAddress) -> None:
            {statement}  # here
        """
    )
    with pytest.raises(asc.KernelError) as caught:
        module.k.compile(MockTensor(asc.uint8))
    assert caught.value.message == REJECTS[statement]
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "# here")


def _list_in_device_memory(shapes: list[tuple[int, ...]], *, words: int = 64) -> tuple[rt.Memory, np.ndarray]:  # type: ignore[type-arg]
    """A list of float32 tensors of ``shapes`` (equal ranks) in one allocation, tensor ``i`` holding
    ``100 * (i + 1) + arange``: the header, the records, the pointers, then the data."""
    dim = len(shapes[0])
    record = 1 + dim
    pointers = 1 + len(shapes) * record
    data_start = pointers + len(shapes)
    sizes = [int(np.prod(s)) for s in shapes]
    total = data_start + sum((n + 1) // 2 for n in sizes) + words
    buf = np.zeros(total, dtype=np.uint64)
    memory = rt.malloc(buf.nbytes)
    assert memory.value is not None
    buf[0] = pointers * 8
    at = data_start
    for i, shape in enumerate(shapes):
        buf[1 + i * record] = dim | ((len(shapes) << 32) if i == 0 else 0)
        buf[2 + i * record : 1 + (i + 1) * record] = shape
        buf[pointers + i] = memory.value + at * 8
        values = buf[at : at + (sizes[i] + 1) // 2].view(np.float32)
        values[: sizes[i]] = 100 * (i + 1) + np.arange(sizes[i])
        at += (sizes[i] + 1) // 2
    rt.memcpy(
        memory,
        buf.nbytes,
        buf.ctypes.data_as(ctypes.c_void_p),
        buf.nbytes,
        rt.support.MemcpyKind.RT_MEMCPY_HOST_TO_DEVICE,
    )
    return memory, buf


def _launch(module: ModuleType, memory: rt.Memory) -> np.ndarray:  # type: ignore[type-arg]
    out = rt.malloc(64)
    compiled = module.k.compile(*ARGS)
    function = rt.register_function(rt.register_device_binary_kernel(compiled.binary, 0), "k", 0)
    try:
        rt.launch_kernel(function, 1, [memory, out])
        result = np.zeros(16, dtype=np.float32)
        rt.copy_data_from_device(result.ctypes.data_as(ctypes.c_void_p), out, 64)
        return result
    finally:
        rt.free_mem()


def test_a_list_decoded_on_the_emulation(kernel_module: KernelModule) -> None:
    module = kernel_module(KERNEL)
    memory, _ = _list_in_device_memory([(4, 8), (2, 3)])
    result = _launch(module, memory)
    assert result[:6].tolist() == [200 + 103, 2, 2, 3, 1, 6]


def test_a_list_whose_records_do_not_match_its_pointers(kernel_module: KernelModule) -> None:
    module = kernel_module(KERNEL)
    memory, buf = _list_in_device_memory([(4, 8), (2, 3)])
    buf[0] = 64  # the pointers one word later than the records end
    rt.memcpy(
        memory,
        buf.nbytes,
        buf.ctypes.data_as(ctypes.c_void_p),
        buf.nbytes,
        rt.support.MemcpyKind.RT_MEMCPY_HOST_TO_DEVICE,
    )
    with pytest.raises(EmulationError, match=r"ListTensorDesc::Init: the list's records \(2 of 3 words\) do not end"):
        _launch(module, memory)


@pytest.fixture(scope="module")
def cann_root(tmp_path_factory: pytest.TempPathFactory, asc_devkit_git: Path, cann_typecheck: Path) -> Iterator[Path]:
    """A CANN type-check root with the full asc-devkit headers (from the repository's git directory) and
    the stubs of ``../shared/cann``."""
    shared = cann_typecheck.parent.parent / "cann"
    if not shared.exists():
        pytest.skip(f"CANN's stubs are not at {shared}")
    root = tmp_path_factory.mktemp("cann")
    archive = subprocess.run(
        ["git", "--git-dir", str(asc_devkit_git), "archive", "HEAD", "include", "impl"], capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(root / "asc-devkit", filter="data")
    (root / "stub").symlink_to(shared / "stub")
    (root / "gen").symlink_to(shared / "gen")
    return root


@pytest.mark.parametrize("side", ["aiv", "aic"])
def test_the_cpp_type_checks_against_cann(
    kernel_module: KernelModule, cann_root: Path, cann_typecheck: Path, tmp_path: Path, side: str
) -> None:
    source = tmp_path / "kernel.cpp"
    source.write_text(kernel_module(KERNEL).k.compile(*ARGS).source)
    result = subprocess.run(
        [str(cann_typecheck), str(source), side, "-w"],
        capture_output=True,
        text=True,
        env={**os.environ, "CANN_TYPECHECK_ROOT": str(cann_root)},
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
