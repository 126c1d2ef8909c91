"""Matmul, then SoftMax over each row of the result, block by block (``asc.adv.softmax``).

``iterate(sync=False)`` starts the cube core on every ``base_m x base_n`` block of ``C = A @ B`` (``blocks``
of them, a compile-time count); each ``get_tensor_c(block, sync=False)`` fetches the next block into the unified buffer and
``wait_get_tensor_c()`` makes it readable by the vector unit.  The blocks span whole rows of C
(``base_n == n``), so SoftMax over the last axis of a block is SoftMax over rows of C; it also writes
each row's maximum and sum.  The Matmul tiling and the SoftMax tiling (filled on the host by
``asc.lib.host.soft_max_tiling_func`` for a ``[base_m, n]`` block and the temporary buffer the kernel
gives it) arrive as kernel parameters.  The synchronisation between the fetches, SoftMax and the copies
out is inserted and verified by ascx.

    ascx compile examples/matmul_softmax.py --args "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.uint8), asc.adv.TCubeTiling, asc.adv.SoftmaxTiling, 4096, 4"
"""

import ascx as asc


@asc.jit
def matmul_softmax(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    probs: asc.GlobalAddress,
    row_max: asc.GlobalAddress,
    workspace: asc.GlobalAddress,
    row_sum: asc.GlobalAddress,
    sys_workspace: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
    softmax_tiling: asc.adv.SoftmaxTiling,
    tmp_bytes: int,
    blocks: asc.ConstExpr[int],
) -> None:
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
        asc.adv.MatmulType(asc.TPosition.VECIN, asc.CubeFormat.ND, asc.float32),
    )
    asc.adv.register_matmul(pipe, sys_workspace, mm, tiling)
    a_global = asc.GlobalTensor()
    a_global.set_global_buffer(a)
    b_global = asc.GlobalTensor()
    b_global.set_global_buffer(b)
    probs_global = asc.GlobalTensor()
    probs_global.set_global_buffer(probs)
    max_global = asc.GlobalTensor()
    max_global.set_global_buffer(row_max)
    sum_global = asc.GlobalTensor()
    sum_global.set_global_buffer(row_sum)
    block_elements = tiling.base_m * tiling.base_n
    workspace_global = asc.GlobalTensor()
    # SetWorkspace asserts that the tensor has a size: a slot for each of the blocks
    workspace_elements = blocks * block_elements
    workspace_global.set_global_buffer(workspace, workspace_elements)

    stats_elements = tiling.base_m * 8  # one 32-byte block of float32 per row
    in_queue = asc.TQue(asc.TPosition.VECIN, 1)
    out_queue = asc.TQue(asc.TPosition.VECOUT, 1)
    stats = asc.TBuf(asc.TPosition.VECCALC)
    scratch = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(que=in_queue, num=1, len=block_elements * 4)
    pipe.init_buffer(que=out_queue, num=1, len=block_elements * 4)
    pipe.init_buffer(stats, stats_elements * 4 * 2)
    pipe.init_buffer(scratch, tmp_bytes)
    row_sums = stats.get(asc.float32)
    row_maxes = row_sums[stats_elements:]
    tmp = scratch.get(asc.uint8)

    mm.set_tensor_a(a_global)
    mm.set_tensor_b(b_global)
    mm.set_workspace(workspace_global)
    mm.iterate(sync=False)
    # SoftMax finds the rows and columns of its input in the tensor's ShapeInfo (CANN asserts it is set)
    block_shape = asc.ShapeInfo([tiling.base_m, tiling.base_n])
    for index in range(blocks):
        scores = in_queue.alloc_tensor(asc.float32)
        mm.get_tensor_c(scores, sync=False)
        mm.wait_get_tensor_c()
        scores.set_shape_info(block_shape)
        result = out_queue.alloc_tensor(asc.float32)
        asc.adv.softmax(result, row_sums, row_maxes, scores, softmax_tiling, tmp)
        out_queue.enque(result)
        in_queue.free_tensor(scores)
        result = out_queue.deque(asc.float32)
        asc.data_copy(probs_global[index * block_elements :], result, block_elements)
        asc.data_copy(sum_global[index * stats_elements :], row_sums, stats_elements)
        asc.data_copy(max_global[index * stats_elements :], row_maxes, stats_elements)
        out_queue.free_tensor(result)
    mm.end()


def generate_tilings(m: int, n: int, k: int, base_m: int, softmax_rows: int) -> tuple[object, object, int]:
    """The Matmul tiling (one core, ``base_m``-row blocks of whole rows) and the SoftMax tiling of a block,
    for a temporary buffer that holds ``softmax_rows`` rows; and that buffer's size."""
    host = asc.lib.host
    tiling_api = host.MatmulApiTiling(host.get_ascendc_platform())
    tiling_api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    tiling_api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    tiling_api.set_c_type(host.TPosition.VECIN, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    tiling_api.set_org_shape(m, n, k)
    tiling_api.set_shape(m, n, k)
    tiling_api.enable_bias(False)
    tiling_api.set_fix_split(base_m, n, k)  # blocks of base_m whole rows, all of K at once
    tiling = asc.adv.TCubeTiling()
    if tiling_api.get_tiling(tiling) != 0:
        raise RuntimeError(f"no tiling for {m}x{n}x{k} in {base_m}-row blocks")
    tmp_bytes = softmax_rows * host.get_soft_max_min_tmp_size([base_m, n], 4)
    softmax_tiling = asc.adv.SoftmaxTiling()
    host.soft_max_tiling_func([base_m, n], 4, tmp_bytes, softmax_tiling)
    return tiling, softmax_tiling, tmp_bytes


def main(m: int = 128, k: int = 64, n: int = 256, base_m: int = 32) -> None:
    """Compile, build and run on the CPU emulation (dynamic sync checker on), then compare with numpy."""
    import numpy as np

    from ascx.emu.launch import run_with_progress

    rng = np.random.default_rng(0)
    a = (rng.integers(-8, 8, (m, k)) / 8).astype(np.float16)
    b = (rng.integers(-8, 8, (k, n)) / 8).astype(np.float16)
    probs = np.zeros((m, n), np.float32)
    row_max = np.zeros((m, 8), np.float32)
    row_sum = np.zeros((m, 8), np.float32)
    workspace = np.zeros((m, n), np.float32)
    sys_workspace = np.zeros(asc.lib.host.get_ascendc_platform().get_lib_api_work_space_size(), np.uint8)
    tiling, softmax_tiling, tmp_bytes = generate_tilings(m, n, k, base_m, softmax_rows=8)
    run_with_progress(
        matmul_softmax, 1, a, b, probs, row_max, workspace, row_sum, sys_workspace, tiling,
        softmax_tiling, tmp_bytes, m // base_m,
    )  # fmt: skip
    scores = a.astype(np.float64) @ b.astype(np.float64)
    exps = np.exp(scores - scores.max(axis=1, keepdims=True))
    expected = exps / exps.sum(axis=1, keepdims=True)
    error = float(np.abs(probs - expected).max() / expected.max())
    ok = (
        error < 1e-6
        and np.array_equal(row_max, np.repeat(scores.max(axis=1, keepdims=True), 8, axis=1).astype(np.float32))
        and np.allclose(row_sum[:, 0], exps.sum(axis=1), rtol=1e-6)
    )
    print(
        f"matmul_softmax: {'OK' if ok else 'MISMATCH'} (softmax({m}x{k} @ {k}x{n}) by rows, {m // base_m} blocks "
        f"of {base_m} rows, max relative error {error:.2g})"
    )


if __name__ == "__main__":
    asc.show_progress()  # the slow steps, with their times, on stderr (docs/emulation.md#progress-and-timings)
    main()
