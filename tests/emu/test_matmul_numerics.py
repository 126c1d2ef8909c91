"""The Matmul engine of the CPU emulation (docs/emulation.md#the-matmul-engine) against numpy: the
repository's Matmul examples end to end, small kernels for the sync / IterateAll / async paths with
tails, transposes, bias and both iterate orders, and the documented run-time errors.

Inputs are small integers, so every product and partial sum is exact in fp32 and results can be
compared for equality; half outputs are numpy's round-to-nearest-even cast of the fp32 result."""

from __future__ import annotations

import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import ascx as asc
from ascx.emu.launch import EmulationError
from ascx.testing.examples import example_kernel
from ascx.testing.tilings import ONE_BLOCK_L1_PLAN, batch_num, system_workspace

pytestmark = pytest.mark.differential

RNG = np.random.default_rng(2024)


def small_ints(shape: tuple[int, ...], dtype: Any, low: int = -4, high: int = 5) -> np.ndarray:
    return RNG.integers(low, high, shape).astype(dtype)


def matmul_ref(a: np.ndarray, b: np.ndarray, bias: np.ndarray | None = None) -> np.ndarray:
    """fp32 accumulation (exact for the small-integer inputs used here)."""
    c = a.astype(np.float32) @ b.astype(np.float32)
    return c + bias.astype(np.float32) if bias is not None else c


def tiling(m: int, n: int, k: int, single: tuple[int, int, int], base: tuple[int, int, int], **fields: int) -> Any:
    return asc.adv.TCubeTiling(
        used_core_num=1, m=m, n=n, k_a=k, k_b=k, single_core_m=single[0], single_core_n=single[1],
        single_core_k=single[2], base_m=base[0], base_n=base[1], base_k=base[2], **{**ONE_BLOCK_L1_PLAN, **fields},
    )  # fmt: skip


def failure_line(error: EmulationError) -> str:
    location = error.location
    assert location is not None
    return Path(location.file).read_text().splitlines()[location.line - 1].strip()


# --- the repository's examples -------------------------------------------------------------------------


@pytest.mark.filterwarnings("ignore:register_matmul comes after pipe.init_buffer")  # pyasc tutorial 05's order
def test_leaky_relu_example_matches_numpy() -> None:
    """examples/matmul_leaky_relu.py: four AIVs (two blocks) each compute a 32x32 tile of
    leaky_relu(A @ B + bias) block by block (sync Iterate / GetTensorC to a VECOUT queue)."""
    kernel, _ = example_kernel("matmul_leaky_relu")
    m, n, k = 64, 64, 48
    a, b = small_ints((m, k), np.float16), small_ints((k, n), np.float16)
    bias = small_ints((n,), np.float32)
    c = np.full((m, n), np.nan, np.float32)
    t = tiling(m, n, k, (32, 32, k), (16, 16, 16), is_bias=1)
    kernel[2](a, b, c, bias, 0.25, t, system_workspace())
    ref = matmul_ref(a, b, bias)
    np.testing.assert_array_equal(c, np.where(ref >= 0, ref, ref * np.float32(0.25)))


@pytest.mark.filterwarnings("ignore:register_matmul comes after pipe.init_buffer")  # pyasc tutorial 05's order
def test_leaky_relu_example_random_floats() -> None:
    """Non-integer inputs: the fp32 accumulation agrees with numpy's to fp32 rounding."""
    kernel, _ = example_kernel("matmul_leaky_relu")
    m, n, k = 32, 64, 64
    a = RNG.standard_normal((m, k)).astype(np.float16)
    b = RNG.standard_normal((k, n)).astype(np.float16)
    bias = RNG.standard_normal(n).astype(np.float32)
    c = np.zeros((m, n), np.float32)
    t = tiling(m, n, k, (32, 32, k), (16, 32, 32), is_bias=1)
    kernel[1](a, b, c, bias, 0.1, t, system_workspace())
    ref = a.astype(np.float64) @ b.astype(np.float64) + bias
    ref = np.where(ref >= 0, ref, ref * 0.1)
    np.testing.assert_allclose(c, ref, rtol=1e-5, atol=1e-5)


def test_iterate_all_async_example() -> None:
    """examples/matmul_iterate_all_async.py: IterateAll<false> + WaitIterateAll of C[:256, :256] of
    512x512 half matrices (org shape 512, single shape 256), half output."""
    kernel, _ = example_kernel("matmul_iterate_all_async")
    a, b = small_ints((512, 512), np.float16), small_ints((512, 512), np.float16)
    c = np.zeros((512, 512), np.float16)
    kernel[1](a, b, c, system_workspace())
    expected = np.zeros_like(c)
    expected[:256, :256] = matmul_ref(a[:256, :256], b[:256, :256]).astype(np.float16)
    np.testing.assert_array_equal(c, expected)


def test_iterate_async_example_fills_the_workspace_slots() -> None:
    """examples/matmul_iterate_async.py: one Iterate<false> posts both 128x256 blocks; they land in
    the workspace, slot i = block i of the ORDER_M iteration, row-major [baseM, baseN]."""
    kernel, _ = example_kernel("matmul_iterate_async")
    m, n, k = 256, 256, 64
    a, b = small_ints((m, k), np.float16), small_ints((k, n), np.float16)
    workspace = np.zeros((2, 128, 256), np.float32)
    t = tiling(m, n, k, (m, n, k), (128, 256, 64))
    kernel[1](a, b, workspace, system_workspace(), t)
    np.testing.assert_array_equal(workspace.reshape(m, n), matmul_ref(a, b))


def test_iterate_async_example_fetching_more_blocks_than_exist() -> None:
    """The example fetches two blocks; a single-core shape of one block makes the second an error."""
    kernel, _ = example_kernel("matmul_iterate_async")
    m, n, k = 128, 256, 64
    a, b = small_ints((m, k), np.float16), small_ints((k, n), np.float16)
    t = tiling(m, n, k, (m, n, k), (128, 256, 64))
    with pytest.raises(EmulationError) as caught:
        kernel[1](a, b, np.zeros(128 * 256, np.float32), system_workspace(), t)
    assert caught.value.message.endswith(
        "Matmul 'matmul': GetTensorC<false> (LocalTensor): called more times than the number of result blocks (1)"
    )
    assert failure_line(caught.value) == "matmul.get_tensor_c(c_block, sync=False)"


def test_iterate_async_example_workspace_too_small() -> None:
    kernel, _ = example_kernel("matmul_iterate_async")
    m, n, k = 256, 256, 64
    a, b = small_ints((m, k), np.float16), small_ints((k, n), np.float16)
    t = tiling(m, n, k, (m, n, k), (128, 256, 64))
    # the example sizes its workspace for every block (2 x 128 x 256 floats); the buffer holds half of that
    with pytest.raises(EmulationError, match="SetWorkspace: 262144 bytes at offset 0 of GM buffer 'workspace' run "):
        kernel[1](a, b, np.zeros(128 * 256, np.float32), system_workspace(), t)


def test_a_system_workspace_smaller_than_the_librarys_is_an_error(kernels: ModuleType) -> None:
    """CANN's Matmul client and server exchange their messages across the whole system workspace
    (docs/emulation.md#the-system-workspace): a 64-byte one would be written past its end."""
    m, n, k = 16, 16, 32
    a, b = np.zeros((m, k), np.int8), np.zeros((k, n), np.int8)
    with pytest.raises(EmulationError) as caught:
        kernels.int8_blocks[1](
            a, b, np.zeros((m, n), np.int32), np.zeros(64, np.uint8), tiling(m, n, k, (m, n, k), (16, 16, 32))
        )
    assert caught.value.message.endswith(
        "REGIST_MATMUL_OBJ: the workspace is GM buffer 'workspace' with 64 bytes from offset 0, but CANN's Matmul "
        "client and server exchange their messages across the whole system workspace (16777216 bytes, "
        "GetLibApiWorkSpaceSize()) and would write past its end; allocate "
        "asc.lib.host.get_ascendc_platform().get_lib_api_work_space_size() bytes, or pass asc.get_sys_workspace()"
    )
    assert failure_line(caught.value) == "asc.adv.register_matmul(pipe, workspace, mm, tiling)"


def test_async_get_tensor_c_example() -> None:
    """examples/matmul_async_get_tensor_c.py (AsyncGetTensorC, migrated to GetTensorC<false>)."""
    kernel, _ = example_kernel("matmul_async_get_tensor_c")
    m, n, k = 128, 256, 32
    a, b = small_ints((m, k), np.float16), small_ints((k, n), np.float16)
    workspace = np.zeros((m, n), np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", asc.AscxWarning)  # "async_get_tensor_c is deprecated"
        kernel[1](a, b, workspace, system_workspace(), tiling(m, n, k, (m, n, k), (128, 256, 32)))
    np.testing.assert_array_equal(workspace, matmul_ref(a, b))


def test_batch_async_example_matches_numpy() -> None:
    """examples/matmul_batch_async.py: A, B and C in BSNGD ([B, S, N, G, D], B not transposed: [B, K, N, G,
    S2]); iterate_batch over the two heads of line 0 into C, then iterate_n_batch over the four lines
    into the workspace, each completed by wait_iterate_batch."""
    kernel, _ = example_kernel("matmul_batch_async")
    bb, s1, s2, n, g, d = 4, 16, 16, 1, 2, 32
    a, b = small_ints((bb, s1, n, g, d), np.float16), small_ints((bb, d, n, g, s2), np.float16)
    c = np.full((bb, s1, n, g, s2), np.nan, np.float32)
    workspace = np.full((bb, s1, n, g, s2), np.nan, np.float32)
    layout = {
        **{f"a_layout_info_{x}": v for x, v in zip("bsngd", (bb, s1, n, g, d), strict=True)},
        **{f"b_layout_info_{x}": v for x, v in zip("bsngd", (bb, d, n, g, s2), strict=True)},
        **dict(zip(("c_layout_info_b", "c_layout_info_s1", "c_layout_info_n", "c_layout_info_g", "c_layout_info_s2"),
                   (bb, s1, n, g, s2), strict=True)),
    }  # fmt: skip
    t = tiling(s1, s2, d, (s1, s2, d), (16, 16, 16), **layout, **batch_num(n * g))  # the heads of one line
    kernel[1](a, b, c, workspace, system_workspace(), t)
    expected = np.einsum("bsngd,bdngt->bsngt", a.astype(np.float32), b.astype(np.float32))
    np.testing.assert_array_equal(c[0], expected[0])
    assert np.isnan(c[1:]).all()
    np.testing.assert_array_equal(workspace, expected)


# --- small kernels -------------------------------------------------------------------------------------

KERNELS = """
GM, ND = asc.TPosition.GM, asc.CubeFormat.ND


@asc.jit
def sync_blocks(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias: asc.GlobalAddress,
                workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, trans_a: asc.ConstExpr[bool],
                trans_b: asc.ConstExpr[bool], with_bias: asc.ConstExpr[bool], atomic: asc.ConstExpr[int]) -> None:
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16, is_trans=True),
                        asc.adv.MatmulType(GM, ND, asc.float16, is_trans=True),
                        asc.adv.MatmulType(GM, ND, c.dtype), asc.adv.MatmulType(GM, ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    mm.set_tensor_a(ag, transpose=trans_a)
    mm.set_tensor_b(bg, transpose=trans_b)
    if with_bias:
        biasg = asc.GlobalTensor()
        biasg.set_global_buffer(bias)
        mm.set_bias(biasg)
    with mm.iterate() as count:
        mm.get_tensor_c(cg, en_atomic=atomic)
    mm.end()


@asc.jit
def partial_sums(a1: asc.GlobalAddress, b1: asc.GlobalAddress, a2: asc.GlobalAddress, b2: asc.GlobalAddress,
                 c: asc.GlobalAddress, workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling) -> None:
    # A1 @ B1 into C, then A2 @ B2 added to it in L0C (enPartialSum), into C again
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(GM, ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    a1g = asc.GlobalTensor()
    b1g = asc.GlobalTensor()
    a2g = asc.GlobalTensor()
    b2g = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    a1g.set_global_buffer(a1)
    b1g.set_global_buffer(b1)
    a2g.set_global_buffer(a2)
    b2g.set_global_buffer(b2)
    cg.set_global_buffer(c)
    mm.set_tensor_a(a1g)
    mm.set_tensor_b(b1g)
    with mm.iterate() as first:
        mm.get_tensor_c(cg)
    mm.set_tensor_a(a2g)
    mm.set_tensor_b(b2g)
    with mm.iterate(True) as second:
        mm.get_tensor_c(cg)
    mm.end()


@asc.jit
def int8_blocks(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
                tiling: asc.adv.TCubeTiling) -> None:
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.int8), asc.adv.MatmulType(GM, ND, asc.int8),
                        asc.adv.MatmulType(GM, ND, asc.int32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    with mm.iterate() as count:
        mm.get_tensor_c(cg)
    mm.end()


@asc.jit
def batched(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
            tiling: asc.adv.TCubeTiling, batch: asc.ConstExpr[int], sync: asc.ConstExpr[bool]) -> None:
    pipe = asc.TPipe()
    normal = asc.LayoutMode.NORMAL
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16, layout=normal),
                        asc.adv.MatmulType(GM, ND, asc.float16, layout=normal),
                        asc.adv.MatmulType(GM, ND, asc.float32, layout=normal))
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


@asc.jit
def all_at_once(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
                tiling: asc.adv.TCubeTiling, sync: asc.ConstExpr[bool]) -> None:
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(GM, ND, c.dtype))
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


@asc.jit(matmul_cube_only=True)
def cube_only(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
              tiling: asc.adv.TCubeTiling, all_at_once: asc.ConstExpr[bool]) -> None:
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
    if all_at_once:
        mm.iterate_all(cg)
    else:
        with mm.iterate() as count:
            mm.get_tensor_c(cg)
    mm.end()


@asc.jit(insert_sync=False, verify_sync=False)
def forgets_the_wait(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
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
    mm.iterate_all(cg, sync=False, wait_iterate_all=True)


@asc.jit
def async_blocks(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                 sys_workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, base_m: asc.ConstExpr[int],
                 base_n: asc.ConstExpr[int], n: asc.ConstExpr[int], m_iter: asc.ConstExpr[int],
                 blocks: asc.ConstExpr[int]) -> None:
    \"\"\"One Iterate<false>, then one GetTensorC<false> per block, copied with strides to its place in C.\"\"\"
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(asc.TPosition.VECIN, ND, asc.float32))
    asc.adv.register_matmul(pipe, sys_workspace, mm, tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    wsg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    wsg.set_global_buffer(ws, blocks * base_m * base_n)  # a slot per block
    block = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, base_m * base_n)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.set_workspace(wsg)
    copied_in = pipe.alloc_event_id(asc.HardEvent.MTE2_MTE3)
    copied_out = pipe.alloc_event_id(asc.HardEvent.MTE3_MTE2)
    mm.iterate(sync=False)
    for count in range(blocks):
        mm.get_tensor_c(block, sync=False)
        mm.wait_get_tensor_c()
        asc.set_flag(asc.HardEvent.MTE2_MTE3, copied_in)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, copied_in)
        row = count % m_iter
        column = count // m_iter
        rows = asc.DataCopyParams(block_count=base_m, block_len=base_n * 4 // 32, src_stride=0,
                                  dst_stride=(n - base_n) * 4 // 32)
        asc.data_copy(cg[row * base_m * n + column * base_n:], block, repeat_params=rows)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, copied_out)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, copied_out)
    mm.end()
    pipe.release_event_id(copied_in, asc.HardEvent.MTE2_MTE3)
    pipe.release_event_id(copied_out, asc.HardEvent.MTE3_MTE2)
"""


@pytest.fixture(scope="module")
def kernels(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    from ascx.testing import load_kernel_source

    return load_kernel_source(tmp_path_factory.mktemp("matmul_kernels"), KERNELS)


@pytest.mark.parametrize(
    ("trans_a", "trans_b", "order", "with_bias"),
    [(False, False, 0, True), (True, False, 0, True), (False, True, 1, True), (True, True, 1, False)],
)
def test_sync_iterate_with_tails(
    kernels: ModuleType, trans_a: bool, trans_b: bool, order: int, with_bias: bool
) -> None:
    """30x44x40 with 16x16 base blocks: 2x3 blocks, the last row and column clipped to 14 and 12."""
    m, n, k = 30, 44, 40
    a, b = small_ints((m, k), np.float16), small_ints((k, n), np.float16)
    bias = small_ints((n,), np.float32)
    c = np.full((m, n), np.nan, np.float32)
    t = tiling(m, n, k, (m, n, k), (16, 16, 16), is_bias=int(with_bias), iterate_order=order)
    a_arg = np.ascontiguousarray(a.T) if trans_a else a
    b_arg = np.ascontiguousarray(b.T) if trans_b else b
    kernels.sync_blocks[1](a_arg, b_arg, c, bias, system_workspace(), t, trans_a, trans_b, with_bias, 0)
    np.testing.assert_array_equal(c, matmul_ref(a, b, bias if with_bias else None))


def test_the_sums_start_from_the_bias(kernels: ModuleType) -> None:
    """CANN's Matmul starts a block's sums from the bias (its first mad reads the bias table into L0C) and
    adds the products to it in order: with a bias of 2**24 every product of 1 is lost to fp32's rounding,
    where adding the bias last would keep their 32.  (Found by the differential check: the clean-room engine
    added the bias last, and test_leaky_relu_example_random_floats differed in the last bits on 1465 of its
    2048 elements.)"""
    m, n, k = 16, 32, 32
    a, b = np.ones((m, k), np.float16), np.ones((k, n), np.float16)
    bias = np.full(n, 2.0**24, np.float32)
    c = np.full((m, n), np.nan, np.float32)
    t = tiling(m, n, k, (m, n, k), (16, 16, 16), is_bias=1)  # two K steps: the second accumulates into L0C
    kernels.sync_blocks[1](a, b, c, bias, system_workspace(), t, False, False, True, 0)
    np.testing.assert_array_equal(c, np.full((m, n), 2.0**24, np.float32))


def test_partial_sums_add_to_the_fetched_block_in_order(kernels: ModuleType) -> None:
    """iterate(en_partial_sum=True) adds the products to the sums L0C holds, those of the block get_tensor_c
    fetched before (CANN's GetTensorC frees the CO1 tensor, and the next mad accumulates into it), one
    product at a time: A1 @ B1 is 2**24 everywhere, and each of the 32 products of 1 of A2 @ B2 is lost to
    fp32's rounding.  (The clean-room engine used to start again from zero after get_tensor_c, giving 32.)"""
    m, n, k = 16, 16, 32
    a1, b1 = np.full((m, k), 2048, np.float16), np.full((k, n), 256, np.float16)  # 32 products of 2**19
    a2, b2 = np.ones((m, k), np.float16), np.ones((k, n), np.float16)
    c = np.full((m, n), np.nan, np.float32)
    t = tiling(m, n, k, (m, n, k), (16, 16, 16))  # enPartialSum: the single-core shape is one base block
    kernels.partial_sums[1](a1, b1, a2, b2, c, system_workspace(), t)
    np.testing.assert_array_equal(c, np.full((m, n), 2.0**24, np.float32))


def test_int8_inputs_accumulate_in_int32(kernels: ModuleType) -> None:
    """int8 x int8 -> int32 with tails (40x24x64, base 16x16x32); products reach 127 * 127 * 64."""
    m, n, k = 40, 24, 64
    a = RNG.integers(-128, 128, (m, k)).astype(np.int8)
    b = RNG.integers(-128, 128, (k, n)).astype(np.int8)
    c = np.zeros((m, n), np.int32)
    kernels.int8_blocks[1](a, b, c, system_workspace(), tiling(m, n, k, (m, n, k), (16, 16, 32)))
    np.testing.assert_array_equal(c, a.astype(np.int32) @ b.astype(np.int32))


@pytest.mark.parametrize("sync", [True, False])
def test_iterate_batch_normal_layout(kernels: ModuleType, sync: bool) -> None:
    """Three batches of 32x16x48 (NORMAL layout: whole matrices one after another), with K tails."""
    batch, m, n, k = 3, 32, 16, 48
    a, b = small_ints((batch, m, k), np.float16), small_ints((batch, k, n), np.float16)
    c = np.full((batch, m, n), np.nan, np.float32)
    t = tiling(m, n, k, (m, n, k), (16, 16, 32), batch_m=batch, batch_n=batch, **batch_num(batch))
    kernels.batched[1](a, b, c, system_workspace(), t, batch, sync)
    np.testing.assert_array_equal(c, np.stack([matmul_ref(a[i], b[i]) for i in range(batch)]))


def test_sync_iterate_atomic_add(kernels: ModuleType) -> None:
    """enAtomic=1 adds into C.  Both AIVs of the MIX block run the kernel body, each with its own
    Matmul client, so each adds one product."""
    m, n, k = 32, 32, 16
    a, b = small_ints((m, k), np.float16), small_ints((k, n), np.float16)
    c = np.full((m, n), 2.0, np.float32)
    t = tiling(m, n, k, (m, n, k), (16, 16, 16))
    kernels.sync_blocks[1](a, b, c, np.zeros(n, np.float32), system_workspace(), t, False, False, False, 1)
    np.testing.assert_array_equal(c, 2 * matmul_ref(a, b) + 2.0)


def test_sync_iterate_half_output_is_rounded_to_nearest_even(kernels: ModuleType) -> None:
    """Sums of 128 products of 4..7 exceed 2048, beyond half's exact integers: the cast rounds like numpy's."""
    m, n, k = 32, 32, 128
    a, b = small_ints((m, k), np.float16, 4, 8), small_ints((k, n), np.float16, 4, 8)  # sums >= 2048
    c = np.zeros((m, n), np.float16)
    t = tiling(m, n, k, (m, n, k), (16, 16, 32))
    kernels.sync_blocks[1](a, b, c, np.zeros(n, np.float32), system_workspace(), t, False, False, False, 0)
    ref = matmul_ref(a, b)
    assert np.any(ref > 2048)
    np.testing.assert_array_equal(c, ref.astype(np.float16))


@pytest.mark.parametrize("sync", [True, False])
def test_iterate_all(kernels: ModuleType, sync: bool) -> None:
    m, n, k = 40, 24, 24
    a, b = small_ints((m, k), np.float16), small_ints((k, n), np.float16)
    c = np.zeros((m, n), np.float32)
    kernels.all_at_once[1](a, b, c, system_workspace(), tiling(m, n, k, (m, n, k), (16, 16, 16)), sync)
    np.testing.assert_array_equal(c, matmul_ref(a, b))


@pytest.mark.parametrize("all_at_once", [False, True])
def test_cube_only_kernel(kernels: ModuleType, all_at_once: bool) -> None:
    """A cube-only kernel (MatmulImpl on the AIC): sync Iterate / GetTensorC and IterateAll, with tails."""
    m, n, k = 30, 44, 40
    a, b = small_ints((m, k), np.float16), small_ints((k, n), np.float16)
    c = np.full((m, n), np.nan, np.float32)
    t = tiling(m, n, k, (m, n, k), (16, 16, 16))
    kernels.cube_only[1](a, b, c, system_workspace(), t, all_at_once)
    np.testing.assert_array_equal(c, matmul_ref(a, b))


def test_a_missing_wait_iterate_all_is_an_error_at_kernel_end(kernels: ModuleType) -> None:
    """Built without ascx's sync insertion (which would add the wait), the run stops at kernel end."""
    m, n, k = 16, 16, 16
    a, b = small_ints((m, k), np.float16), small_ints((k, n), np.float16)
    with pytest.raises(EmulationError) as caught, pytest.warns(asc.AscxWarning, match="verify_sync=False"):
        kernels.forgets_the_wait[1](
            a, b, np.zeros((m, n), np.float32), system_workspace(), tiling(m, n, k, (m, n, k), (16, 16, 16))
        )
    assert caught.value.message.endswith(
        "Matmul 'mm': IterateAll<false>(..., waitIterateAll=true) is never followed by WaitIterateAll() before "
        "the kernel returns"
    )


def test_async_iterate_serves_every_block(kernels: ModuleType) -> None:
    """Iterate<false> computes all 3x2 blocks into workspace slots; the loop fetches each once."""
    m, n, k, base_m, base_n = 48, 64, 32, 16, 32
    a, b = small_ints((m, k), np.float16), small_ints((k, n), np.float16)
    c = np.full((m, n), np.nan, np.float32)
    ws = np.zeros(m * n, np.float32)
    t = tiling(m, n, k, (m, n, k), (base_m, base_n, 16))
    kernels.async_blocks[1](a, b, c, ws, system_workspace(), t, base_m, base_n, n, m // base_m, 6)
    np.testing.assert_array_equal(c, matmul_ref(a, b))


def test_a_bias_without_tiling_is_bias_is_an_error(kernels: ModuleType) -> None:
    m, n, k = 16, 16, 16
    a, b = small_ints((m, k), np.float16), small_ints((k, n), np.float16)
    with pytest.raises(EmulationError, match=r"Matmul 'mm': Iterate<true>: SetBias requires tiling.isBias == 1"):
        kernels.sync_blocks[1](
            a, b, np.zeros((m, n), np.float32), np.zeros(n, np.float32), system_workspace(),
            tiling(m, n, k, (m, n, k), (16, 16, 16)), False, False, True, 0,
        )  # fmt: skip


def test_an_operand_past_its_array_is_an_error(kernels: ModuleType) -> None:
    """The tiling says K = 40 but A only holds 30 x 32 elements."""
    m, n, k = 30, 16, 40
    a = small_ints((m, 32), np.float16)
    b = small_ints((k, n), np.float16)
    with pytest.raises(EmulationError, match=r"Matmul \(reading A\): 2400 bytes at offset 0 of GM buffer 'a' run past"):
        kernels.sync_blocks[1](
            a, b, np.zeros((m, n), np.float32), np.zeros(n, np.float32), system_workspace(),
            tiling(m, n, k, (m, n, k), (16, 16, 16)), False, False, False, 0,
        )  # fmt: skip
