"""C = A @ B split over the cores of a MIX kernel (pyasc tutorial 03_matmul_mix), run on the CPU.

The host tiling (``asc.lib.host.MultiCoreMatmulTiling``) splits M and N into ``single_core_m x
single_core_n`` tiles, one per vector core: a MIX kernel launched on ``n`` blocks has ``2n`` AIVs,
each driving the cube with ``iterate_all`` for its tile (the last row and column of tiles are
clipped with ``set_tail``).

    python examples/matmul_mix.py
    ascx compile examples/matmul_mix.py::matmul_mix --args "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), asc.adv.TCubeTiling, MockTensor(asc.uint8)"
"""

import ascx as asc

CORES = 48  # vector cores used (24 AIC-AIV groups of one cube and two vector cores)


@asc.jit
def matmul_mix(
    a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
    workspace: asc.GlobalAddress,
) -> None:  # fmt: skip
    a_offset, b_offset, c_offset, tail_m, tail_n = tile_of_this_core(tiling)
    a_global = asc.GlobalTensor()
    b_global = asc.GlobalTensor()
    c_global = asc.GlobalTensor()
    a_global.set_global_buffer(a + a_offset)
    b_global.set_global_buffer(b + b_offset)
    c_global.set_global_buffer(c + c_offset)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a_global.dtype),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, b_global.dtype),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, c_global.dtype),
    )
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if asc.get_block_idx() < tiling.used_core_num:
        mm.set_tensor_a(a_global)
        mm.set_tensor_b(b_global)
        mm.set_tail(tail_m, tail_n)
        mm.iterate_all(c_global)
        mm.end()
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def tile_of_this_core(tiling: asc.adv.TCubeTiling):
    """Where this core's tiles of A, B and C start (in elements), and the tile's rows and columns."""
    core = asc.get_block_idx()
    tiles_along_m = tiling.m.ceildiv(tiling.single_core_m)
    m_index = core % tiles_along_m
    n_index = core // tiles_along_m
    a_offset = m_index * tiling.k_a * tiling.single_core_m
    b_offset = n_index * tiling.single_core_n
    c_offset = m_index * tiling.n * tiling.single_core_m + n_index * tiling.single_core_n
    tail_m = tiling.m - m_index * tiling.single_core_m
    if tail_m > tiling.single_core_m:
        tail_m = tiling.single_core_m
    tail_n = tiling.n - n_index * tiling.single_core_n
    if tail_n > tiling.single_core_n:
        tail_n = tiling.single_core_n
    return a_offset, b_offset, c_offset, tail_m, tail_n


def generate_tiling(m: int, n: int, k: int) -> asc.adv.TCubeTiling:
    """The host tiling of C[m, n] = A[m, k] @ B[k, n] over ``CORES`` vector cores."""
    host = asc.lib.host
    tiling_api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    tiling_api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    tiling_api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    tiling_api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    tiling_api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    tiling_api.set_dim(CORES)
    tiling_api.set_org_shape(m, n, k)
    tiling_api.set_shape(m, n, k)
    tiling_api.enable_bias(False)
    tiling_api.set_buffer_space(-1, -1, -1)
    tiling = asc.adv.TCubeTiling()
    if tiling_api.get_tiling(tiling) != 0:
        raise RuntimeError(f"no tiling for {m}x{n}x{k}")
    return tiling


def main(m: int = 512, k: int = 512, n: int = 1024) -> None:
    """Compile, build and run on the CPU emulation, then compare with numpy."""
    import numpy as np

    from ascx.emu.launch import run_with_progress

    rng = np.random.default_rng(0)
    a = rng.integers(-5, 5, (m, k)).astype(np.float16)
    b = rng.integers(-5, 5, (k, n)).astype(np.float16)
    c = np.zeros((m, n), np.float32)
    workspace = np.zeros(16 * 1024 * 1024, np.uint8)
    run_with_progress(matmul_mix, CORES // 2, a, b, c, generate_tiling(m, n, k), workspace)
    expected = a.astype(np.float32) @ b.astype(np.float32)
    ok = np.allclose(c, expected, rtol=1e-3, atol=1e-3)
    print(f"matmul_mix: {'OK' if ok else 'MISMATCH'} ({m}x{k} @ {k}x{n}, max abs error {np.abs(c - expected).max():g})")


if __name__ == "__main__":
    asc.show_progress()  # the slow steps, with their times, on stderr (docs/emulation.md#progress-and-timings)
    main()
