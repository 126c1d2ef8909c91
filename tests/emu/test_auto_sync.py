"""pyasc's automatic-sync style (issue 14, point 4): kernels whose on-chip tensors are
``asc.LocalTensorAuto`` and that never call a queue or a flag compile, ``ascx-insert-sync`` makes them
correct (the verifiers accept the result, the emulation's dynamic checker finds no unordered access)
and they match numpy."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import ascx as asc
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
    "asc.LocalTensorAuto(asc.float16, n)": (
        "TypeError: LocalTensorAuto: the shape's dimensions must be compile-time ints, got a runtime int32 value"
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
