"""Iterate<false> posts the whole tile, then a fetch loop with a tiling-derived trip count pulls each
base block through a VECIN queue, a copy into a VECOUT queue and a strided copy to C.

Origin: mirror-cann/asc-devkit,
examples/01_simd_cpp_api/04_advanced_api/00_matmul/matmul_async_iterate/matmul_async_iterate.asc,
commit 82f415a6289e09a08f25235fc4db4d9a15d9cb89 (kernel ``matmul_async_iterate_custom``, class
``MatmulKernel``: ``Init``, ``Process``, ``CalcOffset``, ``CalcDstOffset``; host ``GenerateTiling``).

Changes the translation needed:
- The class's methods are device functions (``init``, ``process``, ``calc_offset``, ``calc_dst_offset``);
  its members are passed as arguments. ``CalcOffset``'s reference parameters are its return values.
- ``CalcOffset`` stores the tail in ``this->tiling.singleCoreM/N``; the tiling is a kernel parameter
  here, so the tail single-core shape is returned and passed on as two scalars.
- ``if (GetSysWorkSpacePtr() == nullptr) return;`` at the end of ``Init`` is left out: it returns from
  a function with nothing left to do (pyasc has no null pointer test).
- ``copyParams.blockCount = ...`` inside ``if`` becomes a runtime choice of the block count before the
  ``DataCopyParams`` is built (pyasc's params are immutable values).
- Template parameters: half A/B, float C and bias, ``IS_TRANS_A = IS_TRANS_B = false``, ``IS_BIAS = true``,
  ``CFG_MDL`` (``asc.adv.get_mdl_config()``). Sizes: M=96, N=64, K=32 over 2 vector cores (the sample:
  640x1024x512 over every core), so core 1 gets a tail and the fetch loop runs a runtime count.
"""

from __future__ import annotations

import numpy as np
import pytest

import ascx as asc

M, N, K = 96, 64, 32


@asc.jit
def calc_offset(mm, tiling: asc.adv.TCubeTiling, block_idx):
    m_single_blocks = tiling.m.ceildiv(tiling.single_core_m)
    m_core_indx = block_idx % m_single_blocks
    n_core_indx = block_idx // m_single_blocks

    offset_a = m_core_indx * tiling.k_a * tiling.single_core_m
    offset_b = n_core_indx * tiling.single_core_n
    offset_c = m_core_indx * tiling.n * tiling.single_core_m + n_core_indx * tiling.single_core_n
    offset_bias = n_core_indx * tiling.single_core_n

    tail_m = tiling.m - m_core_indx * tiling.single_core_m
    tail_m = tail_m if tail_m < tiling.single_core_m else tiling.single_core_m
    tail_n = tiling.n - n_core_indx * tiling.single_core_n
    tail_n = tail_n if tail_n < tiling.single_core_n else tiling.single_core_n
    single_core_m = tiling.single_core_m
    single_core_n = tiling.single_core_n
    if tail_m < tiling.single_core_m or tail_n < tiling.single_core_n:
        single_core_m = tail_m
        single_core_n = tail_n
        mm.set_tail(tail_m, tail_n)
    return offset_a, offset_b, offset_c, offset_bias, single_core_m, single_core_n


@asc.jit
def calc_dst_offset(i, tiling: asc.adv.TCubeTiling, single_core_m, single_core_n):
    m_iter = 0
    n_iter = 0
    if tiling.iterate_order != 1:
        m_iter_times = single_core_m.ceildiv(tiling.base_m)
        m_iter = i % m_iter_times
        n_iter = i // m_iter_times
    else:
        n_iter_times = single_core_n.ceildiv(tiling.base_n)
        m_iter = i // n_iter_times
        n_iter = i % n_iter_times
    return m_iter * tiling.base_m * tiling.n + n_iter * tiling.base_n


@asc.jit
def matmul_async_iterate_custom(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    bias: asc.GlobalAddress,
    c: asc.GlobalAddress,
    workspace: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
) -> None:
    mm = asc.adv.Matmul(
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False),
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False),
        asc.adv.MatmulType(asc.TPosition.VECIN, asc.CubeFormat.ND, asc.float32),
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
        asc.adv.get_mdl_config(),
    )
    pipe = asc.TPipe()
    asc.adv.register_matmul(pipe, asc.get_sys_workspace(), mm, tiling)

    # Init
    a_global = asc.GlobalTensor()
    b_global = asc.GlobalTensor()
    c_global = asc.GlobalTensor()
    bias_global = asc.GlobalTensor()
    workspace_global = asc.GlobalTensor()
    offset_a, offset_b, offset_c, offset_bias, single_core_m, single_core_n = calc_offset(
        mm, tiling, asc.get_block_idx()
    )
    a_global.set_global_buffer(a + offset_a)
    b_global.set_global_buffer(b + offset_b)
    c_global.set_global_buffer(c + offset_c)
    bias_global.set_global_buffer(bias + offset_bias)
    workspace_global.set_global_buffer(workspace + asc.get_block_idx() * tiling.single_core_m * tiling.single_core_n)

    # Process
    c_in_queue = asc.TQue(asc.TPosition.VECIN, 1)
    c_out_queue = asc.TQue(asc.TPosition.VECOUT, 1)
    mm.set_tensor_a(a_global, False)
    mm.set_tensor_b(b_global, False)
    mm.set_bias(bias_global)
    mm.set_workspace(workspace_global)
    mm.iterate(sync=False)

    base_m = tiling.base_m
    base_n = tiling.base_n
    pipe.init_buffer(c_in_queue, 1, base_m * base_n * c.dtype.sizeof())
    pipe.init_buffer(c_out_queue, 1, base_m * base_n * c.dtype.sizeof())

    unit = asc.property(asc.DEFAULT_C0_SIZE)
    iterate_times = single_core_m.ceildiv(base_m) * single_core_n.ceildiv(base_n)
    for i in range(iterate_times):
        c_in_local = c_in_queue.alloc_tensor(c.dtype)
        mm.get_tensor_c(c_in_local, sync=False)
        c_in_queue.enque(c_in_local)
        src = c_in_queue.deque(c.dtype)
        dst = c_out_queue.alloc_tensor(c.dtype)
        asc.data_copy(dst, src, base_m * base_n)
        c_out_queue.enque(dst)
        c_in_queue.free_tensor(src)
        c_out_local = c_out_queue.deque(c.dtype)
        block_count = base_m
        if (i + 1) * base_m > single_core_m:
            block_count = single_core_m - i * base_m
        copy_params = asc.DataCopyParams(
            block_count, base_n * c.dtype.sizeof() // unit, 0, (tiling.n - base_n) * c.dtype.sizeof() // unit
        )
        asc.data_copy(c_global[calc_dst_offset(i, tiling, single_core_m, single_core_n) :], c_out_local, copy_params)
        c_out_queue.free_tensor(c_out_local)
    mm.end()


def generate_tiling(m: int, n: int, k: int, cores: int) -> asc.adv.TCubeTiling:
    """``GenerateTiling`` of the sample, on ``cores`` vector cores."""
    host = asc.lib.host
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    api.set_dim(cores)
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    api.set_c_type(host.TPosition.VECIN, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(True)
    api.set_buffer_space(-1, -1, -1)
    tiling = asc.adv.TCubeTiling()
    api.get_tiling(tiling)
    return tiling


# CANN's sample gives its workspace tensor no size; ascx warns that CANN's CPU-debug build asserts
# SetWorkspace's addr.GetSize() > 0 (the NPU build does not check): the translation keeps the sample's call.
@pytest.mark.filterwarnings("ignore:set_workspace. the workspace GlobalTensor has no size")
@pytest.mark.clean_room_only(
    "the original sets its workspace GlobalTensor without a size; CANN's CPU-debug SetWorkspace asserts "
    "addr.GetSize() > 0 (matmul_client.h), so the CANN backend aborts where the NPU build does not check "
    "(ascx warns at the set_workspace line)"
)
def test_matmul_async_iterate() -> None:
    rng = np.random.default_rng(24)
    a = rng.integers(-4, 5, (M, K)).astype(np.float16)
    b = rng.integers(-4, 5, (K, N)).astype(np.float16)
    bias = rng.integers(-4, 5, (N,)).astype(np.float32)
    c = np.full((M, N), np.nan, np.float32)
    tiling = generate_tiling(M, N, K, 2)
    workspace = np.zeros(tiling.used_core_num * tiling.single_core_m * tiling.single_core_n, np.float32)
    matmul_async_iterate_custom[(tiling.used_core_num + 1) // 2](a, b, bias, c, workspace, tiling)
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32) + bias)
