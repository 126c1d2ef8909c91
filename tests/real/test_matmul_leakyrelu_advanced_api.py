"""Matmul with a vector epilogue: ``while (Iterate<true>())`` fetches each base block into a VECIN queue,
LeakyReLU writes it to a VECOUT queue, and a strided copy puts it in C at a row offset that a
hand-incremented counter (``computeRound``) tracks; each of the two vector cores owns a column slice.

Origin: mirror-cann/asc-devkit,
examples/01_simd_cpp_api/00_introduction/03_fusion_operation/matmul_leakyrelu_advanced_api/matmul_leakyrelu_advanced_api.asc,
commit 54f99b34d4c1ca45268de6d0ee3501d4a8a662f7 (kernel ``matmul_leakyrelu_custom``, host
``GenerateTiling``).

Changes the translation needed:
- ``bGlobal = bGlobal[nCoreOffset]`` (re-pointing a GlobalTensor at an element offset) is
  ``set_global_buffer(b + n_core_offset)``; the ``SetGlobalBuffer`` sizes are dropped with it.
- ``GetTensorC<true>(mmOutLocal, false, true)`` is ``get_tensor_c(mm_out_local, False, True)``
  (pyasc's ``en_atomic``, ``en_sequential_write``).
- ``uint64_t cOffset = static_cast<uint64_t>(computeRound) * ...`` keeps ``compute_round`` an int32
  counter (the product fits in 32 bits at every size this sample allows).
- The kernel offsets only along N (``blockIdx * singleCoreN``): it relies on CANN's tiling splitting N
  over the two cores (single-core 512x64). ascx's host tiling chooses its own split (256x128) for this
  shape, so the host code pins CANN's with ``set_single_shape(512, 64, 128)``.
- Sizes are the sample's: M=512, N=128, K=128, base 128x64x128, ``SetDim(2)``, one launched block
  (``__mix__(1, 2)``: 1 AIC + 2 AIVs).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np

import ascx as asc
from ascx.runtime.jit import MockTensor

M, N, K = 512, 128, 128
BASE_M, BASE_N, BASE_K = 128, 64, 128
ALPHA = 0.001


@asc.jit
def matmul_leakyrelu_custom(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    bias: asc.GlobalAddress,
    c: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
) -> None:
    pipe = asc.TPipe()
    a_global = asc.GlobalTensor()
    b_global = asc.GlobalTensor()
    c_global = asc.GlobalTensor()
    bias_global = asc.GlobalTensor()
    mm_out_queue = asc.TQue(asc.TPosition.VECIN, 1)
    relu_out_queue = asc.TQue(asc.TPosition.VECOUT, 1)
    mm = asc.adv.Matmul(
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        asc.adv.MatmulType(asc.TPosition.VECIN, asc.CubeFormat.ND, asc.float32),
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
    )
    asc.adv.register_matmul(pipe, asc.get_sys_workspace(), mm, tiling)
    block_idx = asc.get_block_idx()
    n_core_offset = block_idx * tiling.single_core_n
    a_global.set_global_buffer(a, tiling.m * tiling.k_a)
    b_global.set_global_buffer(b + n_core_offset)
    c_global.set_global_buffer(c + n_core_offset)
    bias_global.set_global_buffer(bias + n_core_offset)
    mm.set_tensor_a(a_global)
    mm.set_tensor_b(b_global)
    mm.set_bias(bias_global)

    pipe.init_buffer(mm_out_queue, 1, tiling.base_m * tiling.base_n * asc.float32.sizeof())
    pipe.init_buffer(relu_out_queue, 1, tiling.base_m * tiling.base_n * asc.float32.sizeof())
    compute_round = 0
    while mm.iterate():
        mm_out_local = mm_out_queue.alloc_tensor(asc.float32)
        mm.get_tensor_c(mm_out_local, False, True)
        mm_out_queue.enque(mm_out_local)
        mm_out_local = mm_out_queue.deque(asc.float32)
        relu_out_local = relu_out_queue.alloc_tensor(asc.float32)
        asc.leaky_relu(relu_out_local, mm_out_local, ALPHA, tiling.base_m * tiling.base_n)
        relu_out_queue.enque(relu_out_local)
        relu_out_local = relu_out_queue.deque(asc.float32)
        mm_out_queue.free_tensor(mm_out_local)
        c_offset = compute_round * tiling.base_m * tiling.n
        asc.data_copy(
            c_global[c_offset:],
            relu_out_local,
            asc.DataCopyParams(
                tiling.base_m,
                tiling.base_n * asc.float32.sizeof() // 32,
                0,
                (tiling.n - tiling.base_n) * asc.float32.sizeof() // 32,
            ),
        )
        relu_out_queue.free_tensor(relu_out_local)
        compute_round += 1
    mm.end()


def generate_tiling() -> asc.adv.TCubeTiling:
    """``GenerateTiling`` of the sample."""
    host = asc.lib.host
    platform = host.get_ascendc_platform()
    api = host.MultiCoreMatmulTiling(platform)
    api.set_dim(2)
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    api.set_c_type(host.TPosition.VECIN, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_org_shape(M, N, K)
    api.set_shape(M, N, K)
    api.enable_bias(True)
    api.set_fix_split(BASE_M, BASE_N, BASE_K)
    api.set_single_shape(M, N // 2, K)  # the split CANN's tiling chooses here (see the docstring)
    ub_size = platform.get_core_mem_size(host.CoreMemType.UB)
    api.set_buffer_space(-1, -1, ub_size - BASE_M * BASE_N * 4)
    tiling = asc.adv.TCubeTiling()
    api.get_tiling(tiling)
    return tiling


def test_matmul_leakyrelu_advanced_api() -> None:
    rng = np.random.default_rng(24)
    a = rng.integers(-4, 5, (M, K)).astype(np.float16)
    b = rng.integers(-4, 5, (K, N)).astype(np.float16)
    bias = rng.integers(-4, 5, (N,)).astype(np.float32)
    c = np.full((M, N), np.nan, np.float32)
    matmul_leakyrelu_custom[1](a, b, bias, c, generate_tiling())
    product = a.astype(np.float32) @ b.astype(np.float32) + bias  # exact: small integers
    expected = np.where(product >= 0, product, product * np.float32(ALPHA))  # one fp32 multiply, as LeakyRelu
    np.testing.assert_array_equal(c, expected)


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The kernel's C++, for the CANN type-check (``ascx.testing.cann_kernels``)."""
    f16, f32 = MockTensor(asc.float16), MockTensor(asc.float32)
    yield "matmul_leakyrelu_custom", matmul_leakyrelu_custom.compile(f16, f16, f32, f32, asc.adv.TCubeTiling).source
