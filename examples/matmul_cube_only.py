"""C = A @ B (+ bias) on the cube cores alone (pyasc tutorial 04_matmul_cube_only), run on the CPU.

A cube-only kernel (``@asc.jit(matmul_cube_only=True)``) runs on the AIC cores only: one core per
block, each computing its ``single_core_m x single_core_n`` tile with ``iterate_all``; the host tiling
decides the tiles.

    python examples/matmul_cube_only.py
    ascx compile examples/matmul_cube_only.py::matmul_cube_only --args "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.float32), asc.adv.TCubeTiling, MockTensor(asc.uint8)"
"""

import ascx as asc

CORES = 24  # cube cores used


@asc.jit(matmul_cube_only=True)
def matmul_cube_only(
    a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
) -> None:  # fmt: skip
    a_offset, b_offset, c_offset, bias_offset, tail_m, tail_n = tile_of_this_core(tiling)
    a_global = asc.GlobalTensor()
    b_global = asc.GlobalTensor()
    c_global = asc.GlobalTensor()
    bias_global = asc.GlobalTensor()
    a_global.set_global_buffer(a + a_offset)
    b_global.set_global_buffer(b + b_offset)
    c_global.set_global_buffer(c + c_offset)
    bias_global.set_global_buffer(bias + bias_offset)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a_global.dtype),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, b_global.dtype),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, c_global.dtype),
        bias=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bias_global.dtype),
    )
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if asc.get_block_idx() < tiling.used_core_num:
        mm.set_tensor_a(a_global)
        mm.set_tensor_b(b_global)
        if tiling.is_bias:
            mm.set_bias(bias_global)
        mm.set_tail(tail_m, tail_n, tiling.k_a)
        mm.iterate_all(c_global)
        mm.end()
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def tile_of_this_core(tiling: asc.adv.TCubeTiling):
    """Where this core's tiles of A, B, C and the bias start (in elements), and the tile's shape."""
    core = asc.get_block_idx()
    tiles_along_m = tiling.m.ceildiv(tiling.single_core_m)
    m_index = core % tiles_along_m
    n_index = core // tiles_along_m
    a_offset = m_index * tiling.k_a * tiling.single_core_m
    b_offset = n_index * tiling.single_core_n
    c_offset = m_index * tiling.n * tiling.single_core_m + n_index * tiling.single_core_n
    bias_offset = n_index * tiling.single_core_n
    tail_m = tiling.m - m_index * tiling.single_core_m
    if tail_m > tiling.single_core_m:
        tail_m = tiling.single_core_m
    tail_n = tiling.n - n_index * tiling.single_core_n
    if tail_n > tiling.single_core_n:
        tail_n = tiling.single_core_n
    return a_offset, b_offset, c_offset, bias_offset, tail_m, tail_n


def generate_tiling(m: int, n: int, k: int, bias: bool) -> asc.adv.TCubeTiling:
    """The host tiling of C[m, n] = A[m, k] @ B[k, n] (+ bias) over ``CORES`` cube cores."""
    host = asc.lib.host
    tiling_api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    tiling_api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    tiling_api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    tiling_api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    tiling_api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    tiling_api.set_dim(CORES)
    tiling_api.set_org_shape(m, n, k)
    tiling_api.set_shape(m, n, k)
    tiling_api.enable_bias(bias)
    tiling_api.set_buffer_space(-1, -1, -1)
    tiling = asc.adv.TCubeTiling()
    if tiling_api.get_tiling(tiling) != 0:
        raise RuntimeError(f"no tiling for {m}x{n}x{k}")
    return tiling


def main(m: int = 128, k: int = 64, n: int = 30720, with_bias: bool = True) -> None:
    """Compile, build and run on the CPU emulation, then compare with numpy."""
    import numpy as np

    from ascx.emu.launch import run_with_progress

    rng = np.random.default_rng(0)
    a = rng.integers(-5, 5, (m, k)).astype(np.float16)
    b = rng.integers(-5, 5, (k, n)).astype(np.float16)
    bias = rng.integers(-5, 5, (n,)).astype(np.float32)
    c = np.zeros((m, n), np.float32)
    tiling = generate_tiling(m, n, k, with_bias)
    run_with_progress(matmul_cube_only, tiling.used_core_num, a, b, c, bias, tiling, np.zeros(1024, np.uint8))
    expected = a.astype(np.float32) @ b.astype(np.float32) + (bias if with_bias else 0)
    ok = np.allclose(c, expected, rtol=1e-3, atol=1e-3)
    print(
        f"matmul_cube_only: {'OK' if ok else 'MISMATCH'} ({m}x{k} @ {k}x{n}{' + bias' if with_bias else ''}, "
        f"max abs error {np.abs(c - expected).max():g})"
    )


if __name__ == "__main__":
    asc.show_progress()  # the slow steps, with their times, on stderr (docs/emulation.md#progress-and-timings)
    main()
