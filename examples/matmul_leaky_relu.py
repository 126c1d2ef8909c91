"""Matmul with a bias, then LeakyReLU on each result block (pyasc tutorial 05_matmul_leakyrelu).

Each block of cores computes one ``single_core_m x single_core_n`` tile of ``C = A @ B + bias``.
``with mm.iterate() as count`` runs once per ``base_m x base_n`` result block: the block is fetched
into a VECOUT queue tensor (``get_tensor_c``), LeakyReLU runs on the vector unit in place, and a
strided ``data_copy`` writes it to its place in C.  The tiling arrives as a kernel parameter.

    ascx compile examples/matmul_leaky_relu.py::matmul_leaky_relu --args "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.float32), asc.adv.TCubeTiling, MockTensor(asc.uint8)"
"""

import ascx as asc


@asc.jit
def matmul_leaky_relu(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    bias: asc.GlobalAddress,
    alpha: float,
    tiling: asc.adv.TCubeTiling,
    workspace: asc.GlobalAddress,
) -> None:
    a_offset, b_offset, c_offset, bias_offset = tile_offsets(tiling)
    a_global = asc.GlobalTensor()
    b_global = asc.GlobalTensor()
    c_global = asc.GlobalTensor()
    bias_global = asc.GlobalTensor()
    a_global.set_global_buffer(a + a_offset)
    b_global.set_global_buffer(b + b_offset)
    c_global.set_global_buffer(c + c_offset)
    bias_global.set_global_buffer(bias + bias_offset)

    block_bytes = tiling.base_m * tiling.base_n * c.dtype.sizeof()
    pipe = asc.TPipe()
    out_queue = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=out_queue, num=1, len=block_bytes)

    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a_global.dtype),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, b_global.dtype),
        c=asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, c_global.dtype),
        bias=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bias_global.dtype),
    )
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_global)
    mm.set_tensor_b(b_global)
    mm.set_bias(bias_global)
    with mm.iterate() as count:
        block = out_queue.alloc_tensor(c.dtype)
        mm.get_tensor_c(block, en_sequential_write=True)
        asc.leaky_relu(block, block, alpha, count=tiling.base_m * tiling.base_n)
        out_queue.enque(block)
        block = out_queue.deque(c.dtype)

        blocks_per_column = tiling.single_core_m // tiling.base_m
        row = count % blocks_per_column
        column = count // blocks_per_column
        destination = row * tiling.base_m * tiling.n + column * tiling.base_n
        unit = asc.property(asc.DEFAULT_C0_SIZE)  # bytes per copy unit
        rows = asc.DataCopyParams(
            block_count=tiling.base_m,
            block_len=tiling.base_n * c.dtype.sizeof() // unit,
            src_stride=0,
            dst_stride=(tiling.n - tiling.base_n) * c.dtype.sizeof() // unit,
        )
        asc.data_copy(c_global[destination:], block, repeat_params=rows)
        out_queue.free_tensor(block)
    mm.end()
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def tile_offsets(tiling: asc.adv.TCubeTiling):
    """Where this block's tiles of A, B, C and the bias start (in elements)."""
    block = asc.get_block_idx()
    blocks_along_m = tiling.m.ceildiv(tiling.single_core_m)
    m_index = block % blocks_along_m
    n_index = block // blocks_along_m
    a_offset = m_index * tiling.k_a * tiling.single_core_m
    b_offset = n_index * tiling.single_core_n
    c_offset = m_index * tiling.n * tiling.single_core_m + n_index * tiling.single_core_n
    bias_offset = n_index * tiling.single_core_n
    return a_offset, b_offset, c_offset, bias_offset


def generate_tiling(m: int, n: int, k: int) -> asc.adv.TCubeTiling:
    """The host tiling: two vector cores, 256x128 base blocks walked along M, with a bias."""
    host = asc.lib.host
    tiling_api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    tiling_api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    tiling_api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    tiling_api.set_c_type(host.TPosition.VECCALC, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    tiling_api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    tiling_api.set_dim(2)
    tiling_api.set_org_shape(m, n, k)
    tiling_api.set_shape(m, n, k)
    tiling_api.enable_bias(True)
    tiling_api.set_traverse(host.MatrixTraverse.FIRSTM)
    tiling_api.set_fix_split(256, 128, -1)
    tiling_api.set_buffer_space(-1, -1, -1)
    tiling = asc.adv.TCubeTiling()
    if tiling_api.get_tiling(tiling) != 0:
        raise RuntimeError(f"no tiling for {m}x{n}x{k}")
    return tiling


def main(m: int = 1024, k: int = 256, n: int = 640, alpha: float = 0.001) -> None:
    """Compile, build and run on the CPU emulation, then compare with numpy."""
    import numpy as np

    from ascx.emu.launch import run_with_progress

    rng = np.random.default_rng(0)
    a = rng.integers(-5, 5, (m, k)).astype(np.float16)
    b = rng.integers(-5, 5, (k, n)).astype(np.float16)
    bias = rng.integers(-5, 5, (n,)).astype(np.float32)
    c = np.zeros((m, n), np.float32)
    tiling = generate_tiling(m, n, k)
    workspace = np.zeros(16 * 1024 * 1024, np.uint8)
    run_with_progress(matmul_leaky_relu, tiling.used_core_num // 2, a, b, c, bias, alpha, tiling, workspace)
    product = a.astype(np.float32) @ b.astype(np.float32) + bias
    expected = np.where(product >= 0, product, product * np.float32(alpha))
    ok = np.array_equal(c, expected)  # small integers: the products and sums are exact in float32
    print(
        f"matmul_leaky_relu: {'OK' if ok else 'MISMATCH'} ({m}x{k} @ {k}x{n} + bias, LeakyReLU({alpha}), "
        f"max abs error {np.abs(c - expected).max():g})"
    )


if __name__ == "__main__":
    asc.show_progress()  # the slow steps, with their times, on stderr (docs/emulation.md#progress-and-timings)
    main()
