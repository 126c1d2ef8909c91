"""pyasc's automatic-sync style (issue 14, point 4): kernels whose on-chip tensors are
``asc.LocalTensorAuto`` and that never call a queue or a flag compile, ``ascx-insert-sync`` makes them
correct (the verifiers accept the result, the emulation's dynamic checker finds no unordered access)
and they match numpy."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import ascx as asc
from ascx.emu.launch import EmulationError
from ascx.runtime.jit import MockTensor
from ascx.testing.kernels import line_of

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
KernelModule = Callable[[str], ModuleType]


@pytest.fixture(autouse=True)
def examples_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(EXAMPLES))


def test_pyascs_auto_sync_vector_add_matches_numpy() -> None:
    from auto_sync_vector_add import auto_sync_vector_add

    rng = np.random.default_rng(2025)
    x = rng.random(8192, dtype=np.float32)
    y = rng.random(8192, dtype=np.float32)
    z = np.zeros_like(x)
    auto_sync_vector_add[16](x, y, z, 512, 64, 8)  # the dynamic checker is on
    np.testing.assert_array_equal(z, x + y)


def test_pyascs_auto_sync_vector_add_scalar_matches_numpy() -> None:
    from auto_sync_vector_add import auto_sync_vector_add_scalar

    rng = np.random.default_rng(2026)
    x = rng.random(8192, dtype=np.float32)
    y = rng.random(8192, dtype=np.float32)
    z = np.zeros_like(x)
    auto_sync_vector_add_scalar[16](x, y, z, 512, 64, 8)
    np.testing.assert_array_equal(z, x + y[0])


def test_each_automatic_tensor_is_a_buffer_of_the_pipe_declared_once() -> None:
    from auto_sync_vector_add import auto_sync_vector_add

    source = auto_sync_vector_add.compile(*(MockTensor(asc.float32) for _ in range(3)), 512, 64, 8).source
    body = source.split("{", 1)[1]
    assert body.startswith(
        "\n    AscendC::TPipe pipe;\n"
        "    AscendC::TBuf<AscendC::TPosition::VECCALC> auto_buf;\n"
        "    pipe.InitBuffer(auto_buf, 256);\n"
        "    AscendC::TBuf<AscendC::TPosition::VECCALC> auto_buf_1;\n"
        "    pipe.InitBuffer(auto_buf_1, 256);\n"
        "    AscendC::TBuf<AscendC::TPosition::VECCALC> auto_buf_2;\n"
        "    pipe.InitBuffer(auto_buf_2, 256);\n"
    )
    loop = body.split("for (", 1)[1]
    assert "    AscendC::LocalTensor<float> x_local = auto_buf.Get<float>();\n" in loop
    assert "SetFlag<AscendC::HardEvent::MTE2_V>" in loop  # placed by ascx-insert-sync
    assert source.count("InitBuffer") == 3


def test_the_kernels_pipe_is_used_when_it_has_one(kernel_module: KernelModule) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            g = asc.GlobalTensor()
            g.set_global_buffer(x)
            pipe = asc.TPipe()
            t = asc.LocalTensorAuto(asc.float16, (4, 32))
            asc.data_copy(t, g, 128)
            asc.adds(t, t, 1.0, 128)
            asc.data_copy(g, t, 128)
        """
    )
    source = module.k.compile(MockTensor(asc.float16)).source
    assert "    AscendC::TPipe pipe;\n    AscendC::TBuf<AscendC::TPosition::VECCALC> auto_buf;\n" in source
    assert "    pipe.InitBuffer(auto_buf, 256);\n" in source
    x = np.arange(128, dtype=np.float16)
    module.k[1](x)
    np.testing.assert_array_equal(x, np.arange(128, dtype=np.float16) + 1)


REJECTS = {
    "asc.LocalTensorAuto(asc.float16, (8, 2.5))": (
        "TypeError: LocalTensorAuto: a dimension of the shape must be an integer, got the float 2.5"
    ),
    "asc.LocalTensorAuto(asc.float16, n > 2)": (
        "TypeError: LocalTensorAuto: a dimension of the shape must be an integer, got a runtime int1 value"
    ),
    "for i in range(n): asc.LocalTensorAuto(asc.float16, n)": (
        "ValueError: LocalTensorAuto: a shape computed at run time is allocated where it is given, which must be "
        "the kernel's top level (not in a loop or a branch): the pipe gives a buffer its memory once"
    ),
    "asc.LocalTensorAuto(asc.float16, (8, 0))": "ValueError: LocalTensorAuto: a dimension must be positive, got 0",
    "asc.LocalTensorAuto(3, 8)": (
        "TypeError: LocalTensorAuto: dtype must be a data type (e.g. asc.float32), got the int 3"
    ),
    "asc.LocalTensorAuto(asc.float16, 200000)": (
        "ValueError: TPipe.init_buffer: 'auto_buf' needs 400000 bytes, more than the 196608 bytes of the unified "
        "buffer (UB)"
    ),
}


@pytest.mark.parametrize("statement", sorted(REJECTS))
def test_rejects(kernel_module: KernelModule, statement: str) -> None:
    module = kernel_module(
        f"""
        @asc.jit
        def k(x: asc.GlobalAddress, n: int) -> None:
            {statement}  # here
        """
    )
    with pytest.raises(asc.KernelError) as caught:
        module.k.compile(MockTensor(asc.float16), 4)
    assert caught.value.message == REJECTS[statement]
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "# here")


RUNTIME_SHAPE = """
@asc.jit
def k(x: asc.GlobalAddress, rows: asc.ConstExpr[int], n: int) -> None:
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    t = asc.LocalTensorAuto(asc.float16, (rows, n))  # here
    scratch = asc.LocalTensorAuto(asc.uint8, n)
    asc.data_copy(t, g, rows * n)
    asc.adds(t, t, 1.0, rows * n)
    asc.duplicate(scratch.reinterpret_cast(asc.float16), 0.0, 32)
    asc.data_copy(g, t, rows * n)
"""


def test_a_shape_computed_at_run_time(kernel_module: KernelModule) -> None:
    """pyasc's ``LocalTensorAuto(dtype, (dim1, dim2))`` with ``dim2: int`` (its
    kernels/insert_sync/test_quant_dynamic.py): the buffer is allocated where the tensor is given, its
    length computed at run time, and the kernel runs on both backends."""
    module = kernel_module(RUNTIME_SHAPE)
    source = module.k.compile(MockTensor(asc.float16), 2, 128).source
    assert (
        "    AscendC::TBuf<AscendC::TPosition::VECCALC> auto_buf;\n"
        "    int32_t v = n * 4;\n"
        "    pipe.InitBuffer(auto_buf, v);\n"
        "    AscendC::LocalTensor<half> t = auto_buf.Get<half>();\n"
        "    AscendC::TBuf<AscendC::TPosition::VECCALC> auto_buf_1;\n"
        "    pipe.InitBuffer(auto_buf_1, n);\n"
        "    AscendC::LocalTensor<uint8_t> scratch = auto_buf_1.Get<uint8_t>();\n"
    ) in source
    x = np.arange(256, dtype=np.float16)
    module.k[1](x, 2, 128)
    np.testing.assert_array_equal(x, np.arange(256, dtype=np.float16) + 1)


def test_a_run_time_shape_type_checks_against_cann(
    kernel_module: KernelModule, cann_typecheck: Path, tmp_path: Path
) -> None:
    source = tmp_path / "kernel.cpp"
    source.write_text(kernel_module(RUNTIME_SHAPE).k.compile(MockTensor(asc.float16), 2, 128).source)
    result = subprocess.run(
        [str(cann_typecheck), str(source), "aiv", "-w"],
        capture_output=True,
        text=True,
        env={**os.environ, "CANN_TYPECHECK_PCH": "1"},
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]


def test_a_run_time_shape_beyond_the_unified_buffer_stops_the_launch(kernel_module: KernelModule) -> None:
    """The trace-time budget cannot count a size computed at run time; the emulation checks it when
    ``InitBuffer`` runs."""
    module = kernel_module(RUNTIME_SHAPE)
    x = np.zeros(2 * 60000, dtype=np.float16)
    with pytest.raises(EmulationError) as caught:
        module.k[1](x, 2, 60000)
    assert caught.value.message == (
        "kernel 'k' failed in the CPU emulation: block 0 (sub-block 0): TPipe::InitBuffer: 240000 more bytes of UB "
        "exceed its 196608 bytes (0 already in use)"
    )
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "# here")


def test_automatic_tensors_need_the_insertion(kernel_module: KernelModule) -> None:
    module = kernel_module(
        """
        @asc.jit(insert_sync=False)
        def k(x: asc.GlobalAddress) -> None:
            t = asc.LocalTensorAuto(asc.float16, 64)  # here
        """
    )
    with pytest.raises(asc.KernelError) as caught:
        module.k.compile(MockTensor(asc.float16))
    assert caught.value.message == (
        "ValueError: LocalTensorAuto: automatic tensors need ascx-insert-sync, which places their synchronisation"
    )
    assert caught.value.hints == ["remove insert_sync=False from @asc.jit"]
