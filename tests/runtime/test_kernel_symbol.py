"""A kernel may take a name C++ or CANN's headers already use (``matmul``: ``namespace matmul = AscendC;``
of ``lib/matmul_intf.h``; ``sync``: the C library's ``sync()``): its C++ symbol is then ``<name>_kernel``
(``CompiledKernel.kernel_name``), and it compiles, prints, runs on the emulation and type-checks against
CANN's headers (``cann_check_kernels`` below feeds ``tests/cann``).  A workspace that is not a byte
address reaches ``REGIST_MATMUL_OBJ`` as CANN's ``GM_ADDR``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import ascx as asc
from ascx.runtime.jit import MockTensor, MockValue
from ascx.testing import load_kernel_source
from ascx.testing.tilings import ONE_BLOCK_L1_PLAN, system_workspace

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

MATMUL = """
GM, ND = asc.TPosition.GM, asc.CubeFormat.ND


@asc.jit
def matmul(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
           tiling: asc.adv.TCubeTiling) -> None:
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(GM, ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.iterate_all(cg)
    mm.end()
"""
MATMUL_SPECS = (
    MockTensor(asc.float16),
    MockTensor(asc.float16),
    MockTensor(asc.float32),
    MockTensor(asc.float16),
    asc.adv.TCubeTiling,
)

SYNC = """
@asc.jit
def sync(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int) -> None:
    xg = asc.GlobalTensor(); xg.set_global_buffer(x)
    zg = asc.GlobalTensor(); zg.set_global_buffer(z)
    buf = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    asc.data_copy(buf, xg, 64)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg, buf, 64)
"""
SYNC_SPECS = (MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32))


def test_a_kernel_named_matmul_compiles_under_another_symbol(kernel_module: Callable[[str], ModuleType]) -> None:
    compiled = kernel_module(MATMUL).matmul.compile(*MATMUL_SPECS)
    assert (compiled.name, compiled.kernel_name) == ("matmul", "matmul_kernel")
    lines = [line.strip() for line in compiled.source.splitlines()]
    assert (
        'extern "C" __global__ __aicore__ void matmul_kernel(__gm__ half* a, __gm__ half* b, __gm__ float* c, '
        "__gm__ half* workspace, __gm__ TCubeTiling* tiling_gm, __gm__ uint64_t* ffts_addr) {"
    ) in lines
    assert "REGIST_MATMUL_OBJ(&pipe, reinterpret_cast<GM_ADDR>(workspace), mm, &tiling);" in lines


def test_a_kernel_named_matmul_runs_on_the_emulation(kernel_module: Callable[[str], ModuleType]) -> None:
    kernel = kernel_module(MATMUL).matmul
    size = 128
    rng = np.random.default_rng(7)
    a = rng.integers(-4, 4, (size, size)).astype(np.float16)
    b = rng.integers(-4, 4, (size, size)).astype(np.float16)
    c = np.full((size, size), np.nan, np.float32)
    tiling = asc.adv.TCubeTiling(
        used_core_num=1, m=size, n=size, k_a=size, k_b=size, single_core_m=size, single_core_n=size,
        single_core_k=size, base_m=128, base_n=128, base_k=64, **ONE_BLOCK_L1_PLAN,
    )  # fmt: skip
    kernel[1](a, b, c, system_workspace(), tiling)
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))


def test_a_kernel_named_sync_runs_on_the_emulation(kernel_module: Callable[[str], ModuleType]) -> None:
    kernel = kernel_module(SYNC).sync
    assert kernel.compile(*SYNC_SPECS).kernel_name == "sync_kernel"
    x = np.arange(64, dtype=np.float32)
    z = np.zeros(64, np.float32)
    kernel[1](x, z, 64)
    np.testing.assert_array_equal(z, x)


def test_a_name_nothing_declares_is_kept(kernel_module: Callable[[str], ModuleType]) -> None:
    compiled = kernel_module(SYNC.replace("def sync(", "def copy_through(")).copy_through.compile(*SYNC_SPECS)
    assert compiled.kernel_name == "copy_through"
    assert 'extern "C" __global__ __aicore__ void copy_through(' in compiled.source


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The renamed kernels, for the CANN type-check (``ascx.testing.cann_kernels``)."""
    yield "matmul", load_kernel_source(directory, MATMUL).matmul.compile(*MATMUL_SPECS).source
    yield "sync", load_kernel_source(directory, SYNC).sync.compile(*SYNC_SPECS).source
