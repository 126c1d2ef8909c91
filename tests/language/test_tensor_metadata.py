"""Tensor metadata methods, ``ShapeInfo`` from arrays, and the methods pyasc exposes that a kernel for
the NPU cannot call: the C++ (type-checked against CANN), the emulation, the errors at the call."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import ascx as asc
from ascx.runtime.jit import MockTensor
from ascx.testing.kernels import line_of

KernelModule = Callable[[str], ModuleType]

KERNEL = """
@asc.jit
def k(x: asc.GlobalAddress, out: asc.GlobalAddress) -> None:
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    o = asc.GlobalTensor()
    o.set_global_buffer(out)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
    view = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 1024, 64)
    empty = asc.ShapeInfo()
    shape = asc.ShapeInfo(asc.array(asc.int32, [4, 16]), data_format=asc.DataFormat.ND)
    t.set_shape_info(shape)
    g.set_shape_info(t.get_shape_info())
    t.set_user_tag(7)
    o.set_value(0, t.get_user_tag())
    o.set_value(1, asc.number(t.get_phy_addr(8), asc.int32))
    o.set_value(2, asc.get_shape_size(g.get_shape_info()))
    view.set_addr_with_offset(t, 16)
    o.set_value(3, asc.number(view.get_phy_addr(), asc.int32))
    t.set_size(32)
    o.set_value(4, asc.number(t.get_size(), asc.int32))
    t.set_buffer_len(64)
    o.set_value(5, asc.number(t.get_size(), asc.int32))
    element = g.get_phy_addr(4)
    h = asc.GlobalTensor()
    h.set_global_buffer(element)
    o.set_value(6, asc.number(h.get_value(0), asc.int32))
"""
ARGS = (MockTensor(asc.float32), MockTensor(asc.int32))


def test_the_cpp(kernel_module: KernelModule) -> None:
    source = kernel_module(KERNEL).k.compile(*ARGS).source
    for line in (
        "AscendC::ShapeInfo empty;",
        "int32_t v[2] = {4, 16};",
        "t.SetShapeInfo(shape);",
        "AscendC::ShapeInfo v_3 = t.GetShapeInfo();",
        "g.SetShapeInfo(v_3);",
        "t.SetUserTag(7);",
        "int32_t v_4 = t.GetUserTag();",
        "uint64_t v_5 = (uint64_t)t.GetPhyAddr(8);",
        "view.SetAddrWithOffset(t, 16);",
        "t.SetSize(32);",
        "t.SetBufferLen(64);",
        "__gm__ float* element = g.GetPhyAddr(4);",
    ):
        assert f"    {line}\n" in source, line


def test_on_the_emulation(kernel_module: KernelModule) -> None:
    module = kernel_module(KERNEL)
    x = np.arange(64, dtype=np.float32)
    out = np.zeros(8, dtype=np.int32)
    module.k[1](x, out)
    assert out[:7].tolist() == [7, 32, 64, 64, 32, 16, 4]


@pytest.mark.parametrize("side", ["aiv", "aic"])
def test_the_cpp_type_checks_against_cann(
    kernel_module: KernelModule, cann_typecheck: Path, tmp_path: Path, side: str
) -> None:
    tool = cann_typecheck
    source = tmp_path / "kernel.cpp"
    source.write_text(kernel_module(KERNEL).k.compile(*ARGS).source)
    result = subprocess.run(
        [str(tool), str(source), side, "-w"],
        capture_output=True,
        text=True,
        env={**os.environ, "CANN_TYPECHECK_PCH": "1"},
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]


REJECTS = {
    "t.print(16)": (
        "TypeError: LocalTensor.print: CANN has LocalTensor::Print only in its CPU debug build (ASCENDC_CPU_DEBUG): "
        "a kernel for the NPU cannot call it"
    ),
    't.to_file("t.bin")': (
        "TypeError: LocalTensor.to_file: CANN has LocalTensor::ToFile only in its CPU debug build (ASCENDC_CPU_DEBUG): "
        "a kernel for the NPU cannot call it"
    ),
    "asc.TPipe().get_base_addr(0)": (
        "TypeError: TPipe.get_base_addr: CANN has TPipe::GetBaseAddr only in its CPU debug build (ASCENDC_CPU_DEBUG): "
        "a kernel for the NPU cannot call it"
    ),
    "asc.TQue(asc.TPosition.VECIN, 1).free_all_event()": (
        "TypeError: TQueBind.free_all_event: TQueBind::FreeAllEvent is a protected member of CANN's TQueBind: "
        "kernels cannot call it"
    ),
    "asc.TBuf().vacant_in_que()": (
        "TypeError: TBuf.vacant_in_que: CANN's TBuf is a TQueBind of depth 0, and TQueBind::VacantInQue "
        'static_asserts "VacantInQue api is not supported while depth is zero"'
    ),
    "asc.TBuf().has_tensor_in_que()": (
        "TypeError: TBuf.has_tensor_in_que: CANN's TBuf is a TQueBind of depth 0, and TQueBind::HasTensorInQue "
        'static_asserts "HasTensorInQue api is not supported while depth is zero"'
    ),
    "asc.TBuf().get_tensor_count_in_que()": (
        "TypeError: TBuf.get_tensor_count_in_que: CANN's TBuf is a TQueBind of depth 0, and "
        'TQueBind::GetTensorCountInQue static_asserts "GetTensorCountInQue api is not supported while depth is zero"'
    ),
    "asc.TBuf().has_idle_buffer()": (
        "TypeError: TBuf.has_idle_buffer: CANN's TBuf is a TQueBind of depth 0, and TQueBind::HasIdleBuffer "
        'static_asserts "HasIdleBuffer api is not supported while depth is zero"'
    ),
    "asc.TBuf().free_all_event()": (
        "TypeError: TBuf.free_all_event: CANN's TBuf is a TQueBind of depth 0, and TQueBind::FreeAllEvent "
        'static_asserts "can not use FreeAllEvent api while depth is zero"'
    ),
    "asc.TBuf().init_start_buf_handle(0, 1, 32)": (
        "TypeError: TBuf.init_start_buf_handle: TBuf::InitStartBufHandle is how TPipe::InitBuffer points a TBuf "
        "at the memory it allocated; a kernel does not call it"
    ),
    "asc.TBuf().init_buf_handle(0, 0, 0, 0, 32)": (
        "TypeError: TBuf.init_buf_handle: TBuf::InitBufHandle is how TPipe::InitBuffer points a TBuf at the "
        "memory it allocated; a kernel does not call it"
    ),
    "t.set_shape_info(3)": "TypeError: LocalTensor.set_shape_info: shape_info must be an asc.ShapeInfo, got the int 3",
    "t.get_shape_info().shape(0)": (
        "TypeError: ShapeInfo.shape: the dimensions of this ShapeInfo are not known when the kernel is traced (it "
        "came from get_shape_info, or is empty)"
    ),
    "asc.ShapeInfo([2, 3]).shape(2)": "IndexError: ShapeInfo.shape: dimension 2 of a shape of 2 dimensions",
    "t.set_addr_with_offset(g, 0)": (
        "TypeError: LocalTensor.set_addr_with_offset: src must be a LocalTensor, got a GlobalTensor"
    ),
}


@pytest.mark.parametrize("statement", sorted(REJECTS))
def test_rejects(kernel_module: KernelModule, statement: str) -> None:
    module = kernel_module(
        f"""
        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            g = asc.GlobalTensor()
            g.set_global_buffer(x)
            t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
            {statement}  # here
        """
    )
    with pytest.raises(asc.KernelError) as caught:
        module.k.compile(MockTensor(asc.float32))
    assert caught.value.message == REJECTS[statement]
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "# here")
    if statement.startswith("asc.TBuf()"):
        expected_hint = (
            "allocate the buffer with pipe.init_buffer(buf, len)"
            if "init_" in statement
            else "a TBuf is not a queue: use a TQue for queue state, or a TBuf's get/alloc_tensor for scratch memory"
        )
        assert caught.value.hints == [expected_hint]


def test_shape_dims_are_the_given_values(kernel_module: KernelModule) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress, n: int) -> None:
            s = asc.ShapeInfo([4, n])
            asc.static_assert(s.shape(0) == 4 and s.original_shape(0) == 4, "compile-time dimension")
            asc.printf("%d", s.shape(1))
        """
    )
    assert 'AscendC::printf("%d", n);' in module.k.compile(MockTensor(asc.float32), 3).source
