"""MixDualMaster and IBShare on the CPU emulation, against numpy.

In MixDualMaster mode the AIC side of a MIX kernel runs the kernel's code itself and computes (its
``REGIST_MATMUL_OBJ`` does not return), while the AIVs' ``IterateAll`` only waits: the emulation runs
every block's AIC before its AIVs.  With IBShare on both A and B (without MixDualMaster) only
sub-block 0's calls drive the cube, as CANN's client sends no message from sub-block 1."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest

import ascx as asc
from ascx.cli.kernel_loading import load_module
from ascx.emu.launch import EmulationError, runs_aic_side
from ascx.runtime.jit import MockTensor
from ascx.testing.examples import EXAMPLES_DIR, example_kernel
from ascx.testing.tilings import system_workspace

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

RNG = np.random.default_rng(16)
HAND_MADE_TILING = (
    "the kernels' hand-made TCubeTiling leaves the step fields (depthA1 and the rest) 0, which CANN's Matmul "
    "rejects (NumericalValidCheck: tiling_.GetDepthA1() is 0 , which should be larger than 0)"
)


def small_ints(shape: tuple[int, ...], dtype: type) -> np.ndarray:
    return RNG.integers(-4, 5, shape).astype(dtype)


def test_the_mix_dual_master_example_matches_numpy() -> None:
    """examples/matmul_mix_dual_master.py: tiles over the cube cores, tails, a bias; the AIC computes.  On
    CANN's MixDualMaster path (the module's differential check) each AIV's iterate_all pairs with its
    block's AIC through cross-core flags: an AIV that skipped it (a tile index from the AIV's own
    get_block_idx) would leave its AIC waiting forever."""
    example = load_module(EXAMPLES_DIR / "matmul_mix_dual_master.py")
    m, n, k = 200, 176, 96
    a, b = small_ints((m, k), np.float16), small_ints((k, n), np.float16)
    bias = small_ints((n,), np.float32)
    c = np.full((m, n), np.nan, np.float32)
    tiling = example.generate_tiling(m, n, k)
    assert tiling.used_core_num > 1
    example.matmul_mix_dual_master[tiling.used_core_num](a, b, bias, c, system_workspace(), tiling)
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32) + bias)


def test_the_example_prints_its_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    load_module(EXAMPLES_DIR / "matmul_mix_dual_master.py").main(m=96, k=64, n=80)
    assert capsys.readouterr().out.startswith("matmul_mix_dual_master: OK (96x64 @ 64x80 + bias on ")


KERNELS = """
GM, ND = asc.TPosition.GM, asc.CubeFormat.ND


@asc.jit
def dual(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
         tiling: asc.adv.TCubeTiling, sync: asc.ConstExpr[bool]) -> None:
    pipe = asc.TPipe()
    shared = asc.adv.MatmulType(GM, ND, asc.float16, ib_share=True)
    mm = asc.adv.Matmul(shared, shared, asc.adv.MatmulType(GM, ND, asc.float32),
                        matmul_config=asc.adv.MatmulConfig(enable_mix_dual_master=True))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    if sync:
        mm.iterate_all(cg)
    else:
        mm.iterate_all(cg, sync=False, wait_iterate_all=True)
        mm.wait_iterate_all()
    mm.end()


@asc.jit
def shared_ab(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
              tiling: asc.adv.TCubeTiling, size: asc.ConstExpr[int]) -> None:
    \"\"\"Both AIVs of the block call iterate_all with the same A and B; each names its own C.\"\"\"
    pipe = asc.TPipe()
    shared = asc.adv.MatmulType(GM, ND, asc.float16, ib_share=True)
    mm = asc.adv.Matmul(shared, shared, asc.adv.MatmulType(GM, ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c + asc.get_sub_block_idx() * size)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.iterate_all(cg)
    mm.end()
"""


@pytest.fixture(scope="module")
def kernels(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    from ascx.testing import load_kernel_source

    return load_kernel_source(tmp_path_factory.mktemp("matmul_mode_kernels"), KERNELS)


def tiling(m: int, n: int, k: int, base: tuple[int, int, int], whole: bool = True) -> asc.adv.TCubeTiling:
    """One core's tiling; with ``whole`` its L1 steps hold all of A and B, as IBShare requires."""
    steps = (-(-m // base[0]), -(-n // base[1]), -(-k // base[2])) if whole else (1, 1, 1)
    return asc.adv.TCubeTiling(
        used_core_num=1, m=m, n=n, k_a=k, k_b=k, single_core_m=m, single_core_n=n, single_core_k=k,
        base_m=base[0], base_n=base[1], base_k=base[2], step_m=steps[0], step_n=steps[1], step_k_a=steps[2],
        step_k_b=steps[2], depth_a1=steps[0] * steps[2], depth_b1=steps[1] * steps[2],
    )  # fmt: skip


@pytest.mark.clean_room_only(HAND_MADE_TILING)
@pytest.mark.parametrize("sync", [True, False])
def test_mix_dual_master_computes_on_the_aic(kernels: ModuleType, sync: bool) -> None:
    m, n, k = 48, 32, 40
    a, b = small_ints((m, k), np.float16), small_ints((k, n), np.float16)
    c = np.full((m, n), np.nan, np.float32)
    args = (a, b, c, system_workspace(), tiling(m, n, k, (16, 16, 16)), sync)
    assert runs_aic_side(kernels.dual.compile(*args))
    kernels.dual[1](*args)
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))


@pytest.mark.clean_room_only(HAND_MADE_TILING)
def test_only_sub_block_0_drives_the_cube_when_a_and_b_are_shared(kernels: ModuleType) -> None:
    m, n, k = 32, 32, 32
    a, b = small_ints((m, k), np.float16), small_ints((k, n), np.float16)
    c = np.full((2, m, n), np.nan, np.float32)
    args = (a, b, c, system_workspace(), tiling(m, n, k, (16, 16, 16)), m * n)
    assert not runs_aic_side(kernels.shared_ab.compile(*args))
    kernels.shared_ab[1](*args)
    np.testing.assert_array_equal(c[0], a.astype(np.float32) @ b.astype(np.float32))
    assert np.isnan(c[1]).all()  # sub-block 1's IterateAll sends nothing to the cube


def test_other_kernels_do_not_run_the_aic_side() -> None:
    kernel, arguments = example_kernel("matmul_iterate_all_async")
    assert not runs_aic_side(kernel.compile(*arguments))
    assert not runs_aic_side(example_kernel("vector_add")[0].compile(*example_kernel("vector_add")[1]))


def test_mock_arguments_compile(kernels: ModuleType) -> None:
    f16, f32, u8 = MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.uint8)
    assert "LayoutMode::NONE, true>" in kernels.dual.compile(f16, f16, f32, u8, asc.adv.TCubeTiling, True).source


def test_a_shared_matrix_not_whole_in_l1_is_an_error(kernels: ModuleType) -> None:
    """CANN: the A or B matrix the AIVs share must be fully loaded in L1."""
    m, n, k = 32, 32, 64
    a, b = small_ints((m, k), np.float16), small_ints((k, n), np.float16)
    with pytest.raises(EmulationError) as caught:
        kernels.dual[1](a, b, np.zeros((m, n), np.float32), system_workspace(),
                        tiling(m, n, k, (16, 16, 32), whole=False), True)  # fmt: skip
    assert caught.value.message.endswith(
        "block 0 (sub-block 0): Matmul 'mm': IterateAll: IBShare on A requires A to be whole in L1: singleCoreM (32) "
        "<= stepM * baseM (16) and singleCoreK (64) <= stepKa * baseK (32)"
    )
