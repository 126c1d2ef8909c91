"""IterateAll<false> straight into C in global memory, then WaitIterateAll and End.

Origin: mirror-cann/asc-devkit,
examples/01_simd_cpp_api/04_advanced_api/00_matmul/matmul_async_iterate_all/matmul_async_iterate_all.asc,
commit 82f415a6289e09a08f25235fc4db4d9a15d9cb89 (kernel ``matmul_async_iterate_all_custom``, class
``MatmulKernel``: ``Init``, ``Process``, ``CalcOffset``; host ``GenerateTiling``).

Changes the translation needed:
- The class's methods are device functions (``calc_offset``); its members are local values.
  ``CalcOffset``'s reference parameters are its return values.
- ``if (GetSysWorkSpacePtr() == nullptr) return;`` at the end of ``Init`` is left out (nothing follows it
  in ``Init``; pyasc has no null pointer test).
- ``IterateAll<false>(cGlobal, 0, false, true)`` is ``iterate_all(c_global, 0, sync=False, en_sequential_write=False,
  wait_iterate_all=True)`` (pyasc's keywords for the template argument and the fourth parameter).
- Template parameters: half A/B, float C and bias, no transposes, ``IS_BIAS = true``, ``CFG_MDL``. Sizes:
  M=96, N=64, K=32 over 2 vector cores (the sample: 640x1024x512 over every core); core 1 gets a tail.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np

import ascx as asc
from ascx.runtime.jit import MockTensor

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
    if tail_m < tiling.single_core_m or tail_n < tiling.single_core_n:
        mm.set_tail(tail_m, tail_n)
    return offset_a, offset_b, offset_c, offset_bias


@asc.jit
def matmul_async_iterate_all_custom(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    bias: asc.GlobalAddress,
    c: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
) -> None:
    mm = asc.adv.Matmul(
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False),
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False),
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
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
    offset_a, offset_b, offset_c, offset_bias = calc_offset(mm, tiling, asc.get_block_idx())
    a_global.set_global_buffer(a + offset_a)
    b_global.set_global_buffer(b + offset_b)
    c_global.set_global_buffer(c + offset_c)
    bias_global.set_global_buffer(bias + offset_bias)

    # Process
    mm.set_tensor_a(a_global, False)
    mm.set_tensor_b(b_global, False)
    mm.set_bias(bias_global)
    mm.iterate_all(c_global, 0, sync=False, en_sequential_write=False, wait_iterate_all=True)
    mm.wait_iterate_all()
    mm.end()


def generate_tiling(m: int, n: int, k: int, cores: int) -> asc.adv.TCubeTiling:
    """``GenerateTiling`` of the sample, on ``cores`` vector cores."""
    host = asc.lib.host
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    api.set_dim(cores)
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(True)
    api.set_buffer_space(-1, -1, -1)
    tiling = asc.adv.TCubeTiling()
    api.get_tiling(tiling)
    return tiling


def test_matmul_async_iterate_all() -> None:
    rng = np.random.default_rng(24)
    a = rng.integers(-4, 5, (M, K)).astype(np.float16)
    b = rng.integers(-4, 5, (K, N)).astype(np.float16)
    bias = rng.integers(-4, 5, (N,)).astype(np.float32)
    c = np.full((M, N), np.nan, np.float32)
    tiling = generate_tiling(M, N, K, 2)
    matmul_async_iterate_all_custom[(tiling.used_core_num + 1) // 2](a, b, bias, c, tiling)
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32) + bias)


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The kernel's C++, for the CANN type-check (``ascx.testing.cann_kernels``)."""
    f16, f32 = MockTensor(asc.float16), MockTensor(asc.float32)
    yield (
        "matmul_async_iterate_all_custom",
        matmul_async_iterate_all_custom.compile(f16, f16, f32, f32, asc.adv.TCubeTiling).source,
    )
