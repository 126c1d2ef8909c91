"""The fast build (range-based checks, the vectorised Matmul inner product, the flat vector path) and
the debug build (``debug=True``: the reference paths, element by element) give the same bits and the
same errors."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import ascx as asc
from ascx.emu import build
from ascx.emu.launch import EmulationError, build_kernel, launch
from ascx.testing import load_kernel_source
from ascx.testing.tilings import ONE_BLOCK_L1_PLAN, system_workspace

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

KERNELS = """
GM, ND = asc.TPosition.GM, asc.CubeFormat.ND


@asc.jit
def product(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
            tiling: asc.adv.TCubeTiling) -> None:
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(GM, ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if asc.get_block_idx() == 0:
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.iterate_all(cg)
        mm.end()


@asc.jit
def strided(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 512)
    b = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 2048, 512)
    asc.data_copy(a, xg, 512)
    asc.add(b, a, a, 512)
    asc.mul(b, b, a, 64, 4, asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8))
    asc.add(b[8:], b, a, 256)
    asc.data_copy(zg, b, 512)


@asc.jit(debug=True)
def doubled_in_debug_build(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 256)
    asc.data_copy(a, xg, 256)
    asc.add(a, a, a, 256)
    asc.data_copy(zg, a, 256)


@asc.jit(insert_sync=False, verify_sync=False)
def racy(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 256)
    asc.data_copy(a, xg, 256)
    asc.data_copy(zg, a, 256)
"""


@pytest.fixture(scope="module")
def kernels(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return load_kernel_source(tmp_path_factory.mktemp("build_kinds"), KERNELS)


def in_order_product(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """C = A @ B in fp32, summed over k in order with every step rounded (the emulation's numerics)."""
    af = a.astype(np.float32)
    bf = b.astype(np.float32)
    out = np.zeros((a.shape[0], b.shape[1]), np.float32)
    for k in range(a.shape[1]):
        out = out + np.outer(af[:, k], bf[k, :])
    return out


def clean_room_in_debug(debug: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The debug build is the clean-room backend's: its launch runs there alone (the fast build's launch runs
    on both backends in the differential check)."""
    if debug:
        monkeypatch.delenv("ASCX_EMULATOR", raising=False)


def test_a_matmul_with_tails_is_bit_identical_in_both_builds(
    kernels: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    m, n, k = 70, 90, 40  # tails in every direction: 70 = 64 + 6 rows, 90 = 48 + 42 columns
    rng = np.random.default_rng(3)
    a = rng.standard_normal((m, k)).astype(np.float16)
    b = rng.standard_normal((k, n)).astype(np.float16)
    workspace = system_workspace()
    tiling = asc.adv.TCubeTiling(
        used_core_num=1, m=m, n=n, k_a=k, k_b=k, single_core_m=m, single_core_n=n, single_core_k=k,
        base_m=64, base_n=48, base_k=16, **ONE_BLOCK_L1_PLAN,
    )  # fmt: skip
    results = []
    for debug in (False, True):
        c = np.zeros((m, n), np.float32)
        compiled = kernels.product.compile(a, b, c, workspace, tiling)
        clean_room_in_debug(debug, monkeypatch)
        launch(compiled, 1, [a, b, c, workspace, tiling], debug=debug)
        results.append(c)
    np.testing.assert_array_equal(results[0], in_order_product(a, b))
    np.testing.assert_array_equal(results[1], results[0])


def test_vector_ops_in_place_masked_and_overlapping_agree(kernels: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    x = (np.arange(512, dtype=np.float32) - 100) / 3
    results = []
    for debug in (False, True):
        z = np.zeros_like(x)
        compiled = kernels.strided.compile(x, z)
        clean_room_in_debug(debug, monkeypatch)
        launch(compiled, 1, [x, z], debug=debug)
        results.append(z)
    np.testing.assert_array_equal(results[0], results[1])


@pytest.mark.clean_room_only(
    "the dynamic synchronisation checker is the clean-room backend's: its hazard stops the launch before the CANN "
    "backend would run"
)
def test_a_hazard_is_the_same_error_in_both_builds(kernels: ModuleType) -> None:
    x = np.zeros(256, np.float32)
    with pytest.warns(asc.AscxWarning, match="synchronization is not verified"):
        compiled = kernels.racy.compile(x, x.copy())
    messages = []
    for debug in (False, True):
        with pytest.raises(EmulationError) as caught:
            launch(compiled, 1, [x, x.copy()], debug=debug)
        messages.append((caught.value.message, caught.value.location))
    assert messages[0] == messages[1]
    assert "RAW hazard" in messages[0][0]


def test_the_debug_build_is_a_separate_library(kernels: ModuleType) -> None:
    x = np.zeros(256, np.float32)
    compiled = kernels.strided.compile(x, x.copy())
    fast = build_kernel(compiled)
    debug = build_kernel(compiled, debug=True)
    assert fast != debug
    assert Path(debug).name.startswith("strided-aiv-")
    assert "-debug-" in Path(debug).name


@pytest.mark.clean_room_only(
    "the debug build is the clean-room backend's (its headers' reference paths); the CANN backend has one build"
)
def test_jit_debug_launches_the_debug_build(kernels: ModuleType) -> None:
    x = np.arange(256, dtype=np.float32)
    z = np.zeros_like(x)
    kernels.doubled_in_debug_build[1](x, z)
    np.testing.assert_array_equal(z, x + x)
    built = sorted(p.name for p in build.build_dir().glob("doubled_in_debug_build-aiv-*.so"))
    assert built
    assert all("-debug-" in name for name in built)
