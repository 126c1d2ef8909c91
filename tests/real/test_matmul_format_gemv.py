"""A GEMV on the cube cores: A is a 1 x K vector (``CubeFormat::VECTOR``), a cube-only kernel that returns
at once on the vector cores, registers its Matmul after that return, and whose ``Process`` returns
early on cores the tiling does not use before ``SetTail`` / ``IterateAll`` / ``End``.

Origin: mirror-cann/asc-devkit,
examples/01_simd_cpp_api/04_advanced_api/00_matmul/matmul_format_gemv/matmul_format_gemv.asc,
commit 54f99b34d4c1ca45268de6d0ee3501d4a8a662f7 (kernel ``matmul_format_gemv_custom``, class
``MatmulKernel``: ``Init``, ``Process``, ``CalcOffset``; host ``GenerateTiling``).

Changes the translation needed:
- ``__cube__`` is ``@asc.jit(matmul_cube_only=True)``; ``if ASCEND_IS_AIV { return; }`` is
  ``if asc.ascend_is_aiv(): return``.
- The class's methods are device functions; ``CalcOffset`` returns the offsets and its
  ``mCoreIndex``/``nCoreIndex`` members; ``IS_TRANS_A``/``IS_TRANS_B`` are ``False`` (the sample's), so
  their ``if`` bodies are dead and kept as compile-time branches.
- ``if (GetSysWorkSpacePtr() == nullptr) return;`` at the end of ``Init`` is left out (pyasc has no null
  pointer test; nothing follows it).
- Sizes are the sample's (M=1, N=32, K=256, no bias); ``SetDim(GetCoreNumAic())`` is ``set_dim(24)``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np

import ascx as asc
from ascx.runtime.jit import MockTensor

M, N, K = 1, 32, 256
IS_TRANS_A = False
IS_TRANS_B = False
IS_BIAS = False


@asc.jit
def calc_offset(tiling: asc.adv.TCubeTiling, block_idx):
    m_single_blocks = (tiling.m + tiling.single_core_m - 1) // tiling.single_core_m
    m_core_index = block_idx % m_single_blocks
    n_core_index = block_idx // m_single_blocks

    offset_a = m_core_index * tiling.k_a * tiling.single_core_m
    if IS_TRANS_A:
        offset_a = m_core_index * tiling.single_core_m
    offset_b = n_core_index * tiling.single_core_n
    if IS_TRANS_B:
        offset_b = n_core_index * tiling.k_b * tiling.single_core_n
    offset_c = m_core_index * tiling.n * tiling.single_core_m + n_core_index * tiling.single_core_n
    offset_bias = n_core_index * tiling.single_core_n
    return offset_a, offset_b, offset_c, offset_bias, m_core_index, n_core_index


@asc.jit
def process(mm, tiling: asc.adv.TCubeTiling, a_global, b_global, c_global, bias_global, m_core_index, n_core_index):
    if asc.get_block_idx() >= tiling.used_core_num:
        return

    tail_m = tiling.m - m_core_index * tiling.single_core_m
    tail_m = tail_m if tail_m < tiling.single_core_m else tiling.single_core_m
    tail_n = tiling.n - n_core_index * tiling.single_core_n
    tail_n = tail_n if tail_n < tiling.single_core_n else tiling.single_core_n
    if tail_m < tiling.single_core_m or tail_n < tiling.single_core_n:
        mm.set_tail(tail_m, tail_n)

    mm.set_tensor_a(a_global, IS_TRANS_A)
    mm.set_tensor_b(b_global, IS_TRANS_B)
    if tiling.is_bias:
        mm.set_bias(bias_global)

    mm.iterate_all(c_global)
    mm.end()


@asc.jit(matmul_cube_only=True)
def matmul_format_gemv_custom(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    bias: asc.GlobalAddress,
    c: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
) -> None:
    if asc.ascend_is_aiv():
        return

    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.VECTOR, asc.float16),
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
        asc.adv.get_normal_config(),
    )
    asc.adv.register_matmul(pipe, asc.get_sys_workspace(), mm, tiling)

    # Init
    a_global = asc.GlobalTensor()
    b_global = asc.GlobalTensor()
    c_global = asc.GlobalTensor()
    bias_global = asc.GlobalTensor()
    offset_a, offset_b, offset_c, offset_bias, m_core_index, n_core_index = calc_offset(tiling, asc.get_block_idx())
    a_global.set_global_buffer(a + offset_a)
    b_global.set_global_buffer(b + offset_b)
    c_global.set_global_buffer(c + offset_c)
    bias_global.set_global_buffer(bias + offset_bias)

    process(mm, tiling, a_global, b_global, c_global, bias_global, m_core_index, n_core_index)


def generate_tiling() -> asc.adv.TCubeTiling:
    """``GenerateTiling`` of the sample."""
    host = asc.lib.host
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    api.set_dim(24)
    api.set_a_type(host.TPosition.GM, host.CubeFormat.VECTOR, host.DataType.DT_FLOAT16, IS_TRANS_A)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, IS_TRANS_B)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_org_shape(M, N, K)
    api.set_shape(M, N, K)
    api.enable_bias(IS_BIAS)
    api.set_buffer_space(-1, -1, -1)
    tiling = asc.adv.TCubeTiling()
    api.get_tiling(tiling)
    return tiling


def test_matmul_format_gemv(emulator: str) -> None:
    """On both emulation backends (``emulator``): CANN's own GEMV path (one row copied to L1, a 2D load, a
    mad with m = 1) gives the clean-room result bit for bit."""
    rng = np.random.default_rng(31)
    a = rng.integers(-4, 5, (M, K)).astype(np.float16)
    b = rng.integers(-4, 5, (K, N)).astype(np.float16)
    bias = np.zeros(N, np.float32)
    c = np.full((M, N), np.nan, np.float32)
    tiling = generate_tiling()
    matmul_format_gemv_custom[tiling.used_core_num](a, b, bias, c, tiling)
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The kernel's C++, for the CANN type-check (``ascx.testing.cann_kernels``)."""
    f16, f32 = MockTensor(asc.float16), MockTensor(asc.float32)
    yield "matmul_format_gemv_custom", matmul_format_gemv_custom.compile(f16, f16, f32, f32, asc.adv.TCubeTiling).source
