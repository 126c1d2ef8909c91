"""The batch layouts BSNGD and SBNGD on the CPU emulation, against numpy: ``iterate_batch`` (sync, and
async completed by ``wait_iterate_batch``), ``iterate_n_batch`` into the workspace (with
``MatmulConfig(is_n_batch=True)`` and ``set_workspace``), and its results read with
``get_batch_tensor_c`` / ``get_batch_c``, returning a GlobalTensor or into a LocalTensor.

Layouts (CANN's IterateBatch documentation and header): a BSNGD array is ``[B, S, N, G, D]``, each
batch one ``[S, D]`` matrix with rows ``N * G * D`` apart, the batches of one call ``D`` apart (the
``N * G`` heads of one S line); SBNGD is ``[S, B, N, G, D]``, rows ``B * N * G * D`` apart; BNGS1S2
holds whole ``[S1, S2]`` matrices one after another.  A side with ``G = 1`` against ``G > 1`` is
broadcast; a C with ``G = 1`` against inputs with ``G > 1`` adds up the G results.  Inputs are
small integers, so fp32 results are exact."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import ascx as asc
from ascx.emu.launch import EmulationError
from ascx.testing.tilings import ONE_BLOCK_L1_PLAN, batch_num, system_workspace

pytestmark = pytest.mark.differential

RNG = np.random.default_rng(9)

KERNELS = """
GM, ND = asc.TPosition.GM, asc.CubeFormat.ND
BSNGD, SBNGD, BNGS1S2 = asc.LayoutMode.BSNGD, asc.LayoutMode.SBNGD, asc.LayoutMode.BNGS1S2


@asc.jit
def batch_lines(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
                tiling: asc.adv.TCubeTiling, lines: asc.ConstExpr[int], a_step: asc.ConstExpr[int],
                b_step: asc.ConstExpr[int], c_step: asc.ConstExpr[int], batch_a: asc.ConstExpr[int],
                batch_b: asc.ConstExpr[int], c_layout: asc.ConstExpr[int], sync: asc.ConstExpr[bool]) -> None:
    \"\"\"A and B in BSNGD (B transposed): one iterate_batch per S line (the N * G heads of one b).\"\"\"
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16, layout=BSNGD),
                        asc.adv.MatmulType(GM, ND, asc.float16, is_trans=True, layout=BSNGD),
                        asc.adv.MatmulType(GM, ND, asc.float32, layout=c_layout))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    if asc.get_sub_block_idx() == 0:  # one AIV drives the cube (a G reduction adds into C)
        for line in asc.static_range(lines):
            mm.set_tensor_a(ag[line * a_step:])
            mm.set_tensor_b(bg[line * b_step:], transpose=True)
            if sync:
                mm.iterate_batch(cg[line * c_step:], batch_a, batch_b, False)
            else:
                mm.iterate_batch(cg[line * c_step:], batch_a, batch_b, False, sync=False, wait_iterate_batch=True)
                mm.wait_iterate_batch()
    mm.end()


@asc.jit
def batch_sbngd(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
                tiling: asc.adv.TCubeTiling, batch: asc.ConstExpr[int], sync: asc.ConstExpr[bool]) -> None:
    \"\"\"A, B and C in SBNGD: one iterate_batch over every (b, n, g).\"\"\"
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16, layout=SBNGD),
                        asc.adv.MatmulType(GM, ND, asc.float16, layout=SBNGD),
                        asc.adv.MatmulType(GM, ND, asc.float32, layout=SBNGD))
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
        mm.iterate_batch(cg, batch, batch, False)
    else:
        mm.iterate_batch(cg, batch, batch, False, sync=False, wait_iterate_batch=True)
        mm.wait_iterate_batch()
    mm.end()


@asc.jit(matmul_cube_only=True)
def cube_sbngd(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
               tiling: asc.adv.TCubeTiling, batch: asc.ConstExpr[int]) -> None:
    \"\"\"The cube-only IterateBatch, its counts from set_batch_num.\"\"\"
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16, layout=SBNGD),
                        asc.adv.MatmulType(GM, ND, asc.float16, layout=SBNGD),
                        asc.adv.MatmulType(GM, ND, asc.float32, layout=SBNGD))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.set_batch_num(batch, batch)
    mm.iterate_batch(cg, False, 0, False)
    mm.end()


@asc.jit
def batch_into_ub(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
                  tiling: asc.adv.TCubeTiling, batch: asc.ConstExpr[int], span: asc.ConstExpr[int]) -> None:
    \"\"\"A and B in BSNGD (B transposed), C in BNGS1S2 at VECIN: the client's iterate_batch into a LocalTensor
    (enSequentialWrite, as CANN's page asks for a UB C), copied to GM.\"\"\"
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16, layout=BSNGD),
                        asc.adv.MatmulType(GM, ND, asc.float16, is_trans=True, layout=BSNGD),
                        asc.adv.MatmulType(asc.TPosition.VECIN, ND, asc.float32, layout=BNGS1S2))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, span)
    if asc.get_sub_block_idx() == 0:
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg, transpose=True)
        mm.iterate_batch(ub, batch, batch, True)  # the batch into UB
        copied_in = pipe.alloc_event_id(asc.HardEvent.MTE2_MTE3)  # the client's copy into UB is an MTE2 copy
        asc.set_flag(asc.HardEvent.MTE2_MTE3, copied_in)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, copied_in)
        asc.data_copy(cg, ub, span)
        pipe.release_event_id(copied_in, asc.HardEvent.MTE2_MTE3)
    mm.end()


@asc.jit
def n_batch(a: asc.GlobalAddress, b: asc.GlobalAddress, ws: asc.GlobalAddress, workspace: asc.GlobalAddress,
            tiling: asc.adv.TCubeTiling, layout: asc.ConstExpr[int], c_layout: asc.ConstExpr[int],
            loops: asc.ConstExpr[int], batch: asc.ConstExpr[int], sync: asc.ConstExpr[bool]) -> None:
    \"\"\"iterate_n_batch: ``loops`` batch calls, their results in the workspace ``ws``.\"\"\"
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16, layout=layout),
                        asc.adv.MatmulType(GM, ND, asc.float16, layout=layout),
                        asc.adv.MatmulType(GM, ND, asc.float32, layout=c_layout),
                        matmul_config=asc.adv.MatmulConfig(is_n_batch=True))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    wsg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    wsg.set_global_buffer(ws, loops * batch * tiling.single_core_m * tiling.single_core_n)  # each result's M x N
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.set_workspace(wsg)
    if sync:
        mm.iterate_n_batch(loops, batch, batch, False)
    else:
        mm.iterate_n_batch(loops, batch, batch, False, sync=False, wait_iterate_batch=True)
        mm.wait_iterate_batch()
    mm.end()


@asc.jit
def n_batch_fetch(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                  workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, layout: asc.ConstExpr[int],
                  c_layout: asc.ConstExpr[int], loops: asc.ConstExpr[int], batch: asc.ConstExpr[int],
                  span: asc.ConstExpr[int], c_step: asc.ConstExpr[int], use_get_batch_c: asc.ConstExpr[bool]) -> None:
    \"\"\"iterate_n_batch(sync=False), then one get_batch_tensor_c per loop step into a LocalTensor, copied
    to C (``span`` elements at ``c_step`` apart).\"\"\"
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16, layout=layout),
                        asc.adv.MatmulType(GM, ND, asc.float16, layout=layout),
                        asc.adv.MatmulType(asc.TPosition.VECIN, ND, asc.float32, layout=c_layout),
                        matmul_config=asc.adv.MatmulConfig(is_n_batch=True))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    wsg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    wsg.set_global_buffer(ws, loops * batch * tiling.single_core_m * tiling.single_core_n)  # each result's M x N
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, span)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.set_workspace(wsg)
    mm.iterate_n_batch(loops, batch, batch, False, sync=False)
    for step in asc.static_range(loops):
        if use_get_batch_c:
            mm.get_batch_c(ub, batch, batch, sync=False)
        else:
            mm.get_batch_tensor_c(ub, batch, batch, sync=False)
        mm.wait_get_tensor_c()
        asc.data_copy(cg[step * c_step:], ub, span)
    mm.end()


@asc.jit
def n_batch_views(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                  workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, loops: asc.ConstExpr[int],
                  batch: asc.ConstExpr[int], span: asc.ConstExpr[int], fetches: asc.ConstExpr[int]) -> None:
    \"\"\"iterate_n_batch(sync=False) in BSNGD / BNGS1S2, each step's results read through the GlobalTensor
    get_batch_tensor_c returns, copied to C through UB.\"\"\"
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16, layout=BSNGD),
                        asc.adv.MatmulType(GM, ND, asc.float16, layout=BSNGD),
                        asc.adv.MatmulType(GM, ND, asc.float32, layout=BNGS1S2),
                        matmul_config=asc.adv.MatmulConfig(is_n_batch=True))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    wsg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    wsg.set_global_buffer(ws, loops * batch * tiling.single_core_m * tiling.single_core_n)  # each result's M x N
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, span)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.set_workspace(wsg)
    mm.iterate_n_batch(loops, batch, batch, False, sync=False)
    for step in range(fetches):
        view = mm.get_batch_tensor_c(batch, batch, sync=False)
        asc.data_copy(ub, view, span)
        asc.data_copy(cg[step * span:], ub, span)
    mm.end()
"""


@pytest.fixture(scope="module")
def kernels(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    from ascx.testing import load_kernel_source

    return load_kernel_source(tmp_path_factory.mktemp("batch_layout_kernels"), KERNELS)


def small_ints(shape: tuple[int, ...]) -> np.ndarray:
    return RNG.integers(-3, 4, shape).astype(np.float16)


def tiling(m: int, n: int, k: int, base: tuple[int, int, int], **fields: int) -> Any:
    return asc.adv.TCubeTiling(
        used_core_num=1, m=m, n=n, k_a=k, k_b=k, single_core_m=m, single_core_n=n, single_core_k=k,
        base_m=base[0], base_n=base[1], base_k=base[2], **{**ONE_BLOCK_L1_PLAN, **fields},
    )  # fmt: skip


def layout_fields(role: str, b: int, s: int, n: int, g: int, d: int) -> dict[str, int]:
    names = ("b", "s1", "n", "g", "s2") if role == "c" else ("b", "s", "n", "g", "d")
    return {f"{role}_layout_info_{x}": v for x, v in zip(names, (b, s, n, g, d), strict=True)}


def f32(x: np.ndarray) -> np.ndarray:
    return x.astype(np.float32)


WORKSPACE = system_workspace()


@pytest.mark.parametrize("sync", [True, False])
def test_bsngd_into_bngs1s2(kernels: ModuleType, sync: bool) -> None:
    """A [B, S1, N, G, D] times B^T [B, S2, N, G, D]: C[b, n, g] = A[b, :, n, g] @ B[b, :, n, g].T, one
    iterate_batch per b (its N * G heads), C in BNGS1S2."""
    bb, s1, s2, n, g, d = 2, 32, 16, 2, 2, 48
    a, b = small_ints((bb, s1, n, g, d)), small_ints((bb, s2, n, g, d))
    c = np.full((bb, n, g, s1, s2), np.nan, np.float32)
    t = tiling(s1, s2, d, (16, 16, 16), **layout_fields("a", bb, s1, n, g, d), **layout_fields("b", bb, s2, n, g, d),
               **layout_fields("c", bb, s1, n, g, s2), **batch_num(n * g))  # fmt: skip
    kernels.batch_lines[1](a, b, c, WORKSPACE, t, bb, s1 * n * g * d, s2 * n * g * d, n * g * s1 * s2, n * g, n * g,
                           int(asc.LayoutMode.BNGS1S2), sync)  # fmt: skip
    np.testing.assert_array_equal(c, np.einsum("bsngd,btngd->bngst", f32(a), f32(b)))


@pytest.mark.parametrize("sync", [True, False])
def test_bsngd_into_bsngd(kernels: ModuleType, sync: bool) -> None:
    """C in BSNGD too: [B, S1, N, G, S2], each batch's rows G * S2 * N apart, the batches S2 apart."""
    bb, s1, s2, n, g, d = 2, 16, 32, 1, 3, 32
    a, b = small_ints((bb, s1, n, g, d)), small_ints((bb, s2, n, g, d))
    c = np.full((bb, s1, n, g, s2), np.nan, np.float32)
    t = tiling(s1, s2, d, (16, 16, 32), **layout_fields("a", bb, s1, n, g, d), **layout_fields("b", bb, s2, n, g, d),
               **layout_fields("c", bb, s1, n, g, s2), **batch_num(n * g))  # fmt: skip
    kernels.batch_lines[1](a, b, c, WORKSPACE, t, bb, s1 * n * g * d, s2 * n * g * d, s1 * n * g * s2, n * g, n * g,
                           int(asc.LayoutMode.BSNGD), sync)  # fmt: skip
    np.testing.assert_array_equal(c, np.einsum("bsngd,btngd->bsngt", f32(a), f32(b)))


def test_bsngd_broadcasts_a_g_of_one(kernels: ModuleType) -> None:
    """A with G = 1 against B with G = 2: each A head serves the G heads of B (CANN's G broadcast)."""
    bb, s1, s2, n, g, d = 1, 16, 16, 2, 2, 32
    a, b = small_ints((bb, s1, n, 1, d)), small_ints((bb, s2, n, g, d))
    c = np.full((bb, n, g, s1, s2), np.nan, np.float32)
    t = tiling(s1, s2, d, (16, 16, 32), **layout_fields("a", bb, s1, n, 1, d), **layout_fields("b", bb, s2, n, g, d),
               **layout_fields("c", bb, s1, n, g, s2), **batch_num(n, n * g))  # fmt: skip
    kernels.batch_lines[1](a, b, c, WORKSPACE, t, 1, 0, 0, 0, n, n * g, int(asc.LayoutMode.BNGS1S2), True)
    np.testing.assert_array_equal(c, np.einsum("bsnd,btngd->bngst", f32(a[:, :, :, 0]), f32(b)))


def test_bsngd_reduces_g_into_a_c_of_g_one(kernels: ModuleType) -> None:
    """C with G = 1 against inputs with G = 2: the G products of a head add up in C (atomic add)."""
    bb, s1, s2, n, g, d = 1, 16, 16, 2, 2, 32
    a, b = small_ints((bb, s1, n, g, d)), small_ints((bb, s2, n, g, d))
    c = np.zeros((bb, n, 1, s1, s2), np.float32)
    t = tiling(s1, s2, d, (16, 16, 32), **layout_fields("a", bb, s1, n, g, d), **layout_fields("b", bb, s2, n, g, d),
               **layout_fields("c", bb, s1, n, 1, s2), **batch_num(n * g))  # fmt: skip
    kernels.batch_lines[1](a, b, c, WORKSPACE, t, 1, 0, 0, 0, n * g, n * g, int(asc.LayoutMode.BNGS1S2), True)
    np.testing.assert_array_equal(c[:, :, 0], np.einsum("bsngd,btngd->bnst", f32(a), f32(b)))


@pytest.mark.parametrize("sync", [True, False])
def test_sbngd(kernels: ModuleType, sync: bool) -> None:
    """A [S1, B, N, G, D], B [D, B, N, G, S2] (not transposed: K rows), C [S1, B, N, G, S2]: every
    (b, n, g) in one call, rows B * N * G * D apart."""
    s1, bb, n, g, d, s2 = 16, 2, 1, 2, 32, 16
    a = small_ints((s1, bb, n, g, d))
    b = small_ints((d, bb, n, g, s2))
    c = np.full((s1, bb, n, g, s2), np.nan, np.float32)
    t = tiling(s1, s2, d, (16, 16, 16), **layout_fields("a", bb, s1, n, g, d), **layout_fields("b", bb, d, n, g, s2),
               **layout_fields("c", bb, s1, n, g, s2), **batch_num(bb * n * g))  # fmt: skip
    kernels.batch_sbngd[1](a, b, c, WORKSPACE, t, bb * n * g, sync)
    np.testing.assert_array_equal(c, np.einsum("sbngd,dbngt->sbngt", f32(a), f32(b)))


def test_sbngd_in_a_cube_only_kernel(kernels: ModuleType) -> None:
    s1, bb, n, g, d, s2 = 16, 1, 2, 2, 32, 16
    a = small_ints((s1, bb, n, g, d))
    b = small_ints((d, bb, n, g, s2))
    c = np.full((s1, bb, n, g, s2), np.nan, np.float32)
    t = tiling(s1, s2, d, (16, 16, 16), **layout_fields("a", bb, s1, n, g, d), **layout_fields("b", bb, d, n, g, s2),
               **layout_fields("c", bb, s1, n, g, s2), **batch_num(bb * n * g))  # fmt: skip
    kernels.cube_sbngd[1](a, b, c, WORKSPACE, t, bb * n * g)
    np.testing.assert_array_equal(c, np.einsum("sbngd,dbngt->sbngt", f32(a), f32(b)))


UB_CASES = {  # S1 (= singleCoreM = baseM), S2 (= singleCoreN = baseN), G, D, baseK
    "16 x 16 batches, K in two steps": (16, 16, 2, 32, 16),
    "32 x 16 batches, three of them": (32, 16, 3, 32, 32),
    "16 x 20 batches: each batch's N rounded up to 32 bytes in UB": (16, 20, 2, 16, 16),
}


@pytest.mark.parametrize("case", sorted(UB_CASES))
def test_iterate_batch_into_a_local_tensor(kernels: ModuleType, emulator: str, case: str) -> None:
    """The MIX client's IterateBatch into UB (CANN's client: the AIC writes into a GM buffer the client then
    copies into the tensor): each batch one [baseM, baseN] block, written densely at the batch's start, the
    batches S1 * S2 apart with S2 rounded up to 32 bytes (CANN's BatchScheduler::GetBatchResult)."""
    s1, s2, g, d, base_k = UB_CASES[case]
    a, b = small_ints((1, s1, 1, g, d)), small_ints((1, s2, 1, g, d))
    row = -(-s2 // 8) * 8  # S2 floats rounded up to 32 bytes
    c = np.full((g, s1, row), np.nan, np.float32)
    t = tiling(s1, s2, d, (s1, s2, base_k), **layout_fields("a", 1, s1, 1, g, d), **layout_fields("b", 1, s2, 1, g, d),
               **layout_fields("c", 1, s1, 1, g, s2), **batch_num(g))  # fmt: skip
    kernels.batch_into_ub[1](a, b, c, WORKSPACE, t, g, c.size)
    expected = np.einsum("bsngd,btngd->bngst", f32(a), f32(b)).reshape(g, s1 * s2)
    np.testing.assert_array_equal(c.reshape(g, s1 * row)[:, : s1 * s2], expected)


def test_iterate_batch_into_a_local_tensor_holds_one_block_per_batch(kernels: ModuleType) -> None:
    """With more blocks per batch CANN writes each over the last (its copy-out with enSequentialWrite has no
    block offset): the emulation stops at the call."""
    s1, s2, g, d = 32, 16, 2, 32
    a, b = small_ints((1, s1, 1, g, d)), small_ints((1, s2, 1, g, d))
    t = tiling(s1, s2, d, (16, 16, 32), **layout_fields("a", 1, s1, 1, g, d), **layout_fields("b", 1, s2, 1, g, d),
               **layout_fields("c", 1, s1, 1, g, s2), **batch_num(g))  # fmt: skip
    with pytest.raises(EmulationError) as caught:
        kernels.batch_into_ub[1](a, b, np.zeros(g * s1 * s2, np.float32), WORKSPACE, t, g, g * s1 * s2)
    assert caught.value.message.endswith(
        "Matmul 'mm': IterateBatch (LocalTensor): with enSequentialWrite every [baseM, baseN] block of a batch is "
        "written at the batch's start in the LocalTensor, so a batch must be one block: singleCoreM=32, "
        "singleCoreN=16, baseM=16, baseN=16 give 2 blocks"
    )
    location = caught.value.location
    assert location is not None
    assert "# the batch into UB" in Path(kernels.__file__ or "").read_text().splitlines()[location.line - 1]


@pytest.mark.parametrize("sync", [True, False])
def test_iterate_n_batch_bsngd_into_the_workspace(kernels: ModuleType, sync: bool) -> None:
    """iterate_n_batch over the B lines of BSNGD inputs (B not transposed: [B, K, N, G, S2] rows of N * G * S2):
    step l's N * G results land in the workspace after step l - 1's (C in BNGS1S2)."""
    bb, s1, s2, n, g, d = 3, 16, 16, 1, 2, 32
    a = small_ints((bb, s1, n, g, d))
    b = small_ints((bb, d, n, g, s2))
    ws = np.full((bb, n, g, s1, s2), np.nan, np.float32)
    t = tiling(s1, s2, d, (16, 16, 16), **layout_fields("a", bb, s1, n, g, d), **layout_fields("b", bb, d, n, g, s2),
               **layout_fields("c", bb, s1, n, g, s2), **batch_num(n * g))  # fmt: skip
    layout = int(asc.LayoutMode.BSNGD)
    kernels.n_batch[1](a, b, ws, WORKSPACE, t, layout, int(asc.LayoutMode.BNGS1S2), bb, n * g, sync)
    np.testing.assert_array_equal(ws, np.einsum("bsngd,bdngt->bngst", f32(a), f32(b)))


def test_iterate_n_batch_sbngd_into_a_sbngd_workspace(kernels: ModuleType) -> None:
    """SBNGD steps are ``batch`` heads of D (S2 for C) apart."""
    s1, bb, n, g, d, s2 = 16, 2, 2, 1, 32, 16
    a = small_ints((s1, bb, n, g, d))
    b = small_ints((d, bb, n, g, s2))
    ws = np.full((s1, bb, n, g, s2), np.nan, np.float32)
    t = tiling(s1, s2, d, (16, 16, 16), **layout_fields("a", bb, s1, n, g, d), **layout_fields("b", bb, d, n, g, s2),
               **layout_fields("c", bb, s1, n, g, s2), **batch_num(n * g))  # fmt: skip
    layout = int(asc.LayoutMode.SBNGD)
    kernels.n_batch[1](a, b, ws, WORKSPACE, t, layout, layout, bb, n * g, True)
    np.testing.assert_array_equal(ws, np.einsum("sbngd,dbngt->sbngt", f32(a), f32(b)))


# The static verifier warns (MM-8) about iterate_n_batch(sync=False) without wait_iterate_batch, although
# CANN documents get_batch_tensor_c as the call that waits for each step's results.
FETCH_WARNING = "ignore:asynchronous `mm.iterate_n_batch` with wait_iterate_batch=False"


@pytest.mark.filterwarnings(FETCH_WARNING)
@pytest.mark.parametrize("alias", [False, True])
def test_get_batch_tensor_c_into_a_local_tensor(kernels: ModuleType, alias: bool) -> None:
    """iterate_n_batch(sync=False) in BSNGD with C in BSNGD: each get_batch_tensor_c (or get_batch_c)
    brings one step's rows, G * S2 * N apart as in the workspace, into UB."""
    bb, s1, s2, n, g, d = 2, 16, 16, 1, 2, 32
    a = small_ints((bb, s1, n, g, d))
    b = small_ints((bb, d, n, g, s2))
    row = n * g * s2
    span = (s1 - 1) * row + (n * g - 1) * s2 + s2
    c = np.full((bb, s1 * row), np.nan, np.float32)
    ws = np.zeros(bb * s1 * row, np.float32)
    t = tiling(s1, s2, d, (16, 16, 16), **layout_fields("a", bb, s1, n, g, d), **layout_fields("b", bb, d, n, g, s2),
               **layout_fields("c", bb, s1, n, g, s2), **batch_num(n * g))  # fmt: skip
    layout = int(asc.LayoutMode.BSNGD)
    kernels.n_batch_fetch[1](a, b, c, ws, WORKSPACE, t, layout, layout, bb, n * g, s1 * row, s1 * row, alias)
    expected = np.einsum("bsngd,bdngt->bsngt", f32(a), f32(b)).reshape(bb, s1 * row)
    np.testing.assert_array_equal(c[:, :span], expected[:, :span])


@pytest.mark.filterwarnings(FETCH_WARNING)
def test_get_batch_tensor_c_returns_each_steps_results(kernels: ModuleType) -> None:
    """The GlobalTensor of each get_batch_tensor_c views the next max(batchA, batchB) results."""
    bb, s1, s2, n, g, d = 2, 16, 16, 2, 1, 32
    a = small_ints((bb, s1, n, g, d))
    b = small_ints((bb, d, n, g, s2))
    span = n * g * s1 * s2
    c = np.full((bb, n, g, s1, s2), np.nan, np.float32)
    ws = np.zeros(bb * span, np.float32)
    t = tiling(s1, s2, d, (16, 16, 16), **layout_fields("a", bb, s1, n, g, d), **layout_fields("b", bb, d, n, g, s2),
               **layout_fields("c", bb, s1, n, g, s2), **batch_num(n * g))  # fmt: skip
    kernels.n_batch_views[1](a, b, c, ws, WORKSPACE, t, bb, n * g, span, bb)
    np.testing.assert_array_equal(c, np.einsum("bsngd,bdngt->bngst", f32(a), f32(b)))


@pytest.mark.filterwarnings(FETCH_WARNING)
def test_fetching_past_batch_loop_is_an_error(kernels: ModuleType) -> None:
    bb, s1, s2, n, g, d = 2, 16, 16, 2, 1, 32
    t = tiling(s1, s2, d, (16, 16, 16), **layout_fields("a", bb, s1, n, g, d), **layout_fields("b", bb, d, n, g, s2),
               **layout_fields("c", bb, s1, n, g, s2), **batch_num(n * g))  # fmt: skip
    span = n * g * s1 * s2
    a, b = small_ints((bb, s1, n, g, d)), small_ints((bb, d, n, g, s2))
    with pytest.raises(EmulationError) as caught:
        kernels.n_batch_views[1](a, b, np.zeros(3 * span, np.float32), np.zeros(bb * span, np.float32), WORKSPACE, t,
                                 bb, n * g, span, 3)  # fmt: skip
    assert caught.value.message.endswith(
        "Matmul 'mm': GetBatchTensorC: called more times than batchLoop (2) of the IterateNBatch it reads"
    )


def test_missing_layout_fields_are_an_error(kernels: ModuleType) -> None:
    a, b = small_ints((16, 32)), small_ints((32, 16))
    with pytest.raises(EmulationError) as caught:
        kernels.batch_sbngd[1](a, b, np.zeros((16, 16), np.float32), WORKSPACE,
                               tiling(16, 16, 32, (16, 16, 16), **batch_num(1)), 1,
                               True)  # fmt: skip
    assert caught.value.message.endswith(
        "Matmul 'mm': IterateBatch: the tiling's ALayoutInfo fields must be positive for layout BSNGD / SBNGD (got "
        "B=0 S=0 N=0 G=0 D=0): set them with SetALayout / SetBLayout / SetCLayout"
    )
