"""Asynchronous Iterate: post the whole computation, then fetch the result blocks one by one.

``iterate(sync=False)`` as a statement starts the cube core on every block of this core's C tile;
the results land in the workspace.  Each ``get_tensor_c(ub, sync=False)`` copies the next block
into a LocalTensor; ``wait_get_tensor_c()`` makes it readable by the vector unit.  With 256x256
per core and 128x256 blocks there are two blocks.

    ascx compile examples/matmul_iterate_async.py
    python examples/matmul_iterate_async.py     # run it on the CPU emulation and compare with numpy
"""

import ascx as asc


@asc.jit
def matmul_iterate_async(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    workspace: asc.GlobalAddress,
    sys_workspace: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    b_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    c_type = asc.adv.MatmulType(asc.TPosition.VECIN, asc.CubeFormat.ND, asc.float32)
    matmul = asc.adv.Matmul(a_type, b_type, c_type)
    asc.adv.register_matmul(pipe, sys_workspace, matmul, tiling)
    a_global = asc.GlobalTensor()
    a_global.set_global_buffer(a)
    b_global = asc.GlobalTensor()
    b_global.set_global_buffer(b)
    workspace_global = asc.GlobalTensor()
    # SetWorkspace asserts that the tensor has a size: a base_m x base_n slot per block of this core's C tile
    blocks = tiling.single_core_m.ceildiv(tiling.base_m) * tiling.single_core_n.ceildiv(tiling.base_n)
    workspace_elements = blocks * tiling.base_m * tiling.base_n
    workspace_global.set_global_buffer(workspace, workspace_elements)
    c_block = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 128 * 256)
    matmul.set_tensor_a(a_global)
    matmul.set_tensor_b(b_global)
    matmul.set_workspace(workspace_global)
    matmul.iterate(sync=False)
    for _block in range(2):
        matmul.get_tensor_c(c_block, sync=False)
        matmul.wait_get_tensor_c()
    matmul.end()


def generate_tiling(m: int, n: int, k: int, base: tuple[int, int, int], c_position: object) -> asc.adv.TCubeTiling:
    """The host tiling of one core's C[m, n] = A[m, k] @ B[k, n] in ``base`` blocks (base_m, base_n, base_k)."""
    host = asc.lib.host
    tiling_api = host.MatmulApiTiling(host.get_ascendc_platform())
    tiling_api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    tiling_api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    tiling_api.set_c_type(c_position, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    tiling_api.set_org_shape(m, n, k)
    tiling_api.set_shape(m, n, k)
    tiling_api.enable_bias(False)
    tiling_api.set_fix_split(*base)
    tiling = asc.adv.TCubeTiling()
    if tiling_api.get_tiling(tiling) != 0:
        raise RuntimeError(f"no tiling for {m}x{n}x{k}")
    return tiling


def main(m: int = 256, k: int = 64, n: int = 256) -> None:
    """Compile, build and run on the CPU emulation (dynamic sync checker on), then compare with numpy: the two
    128x256 blocks land in the workspace, slot i = block i (M first), row-major [base_m, base_n]."""
    import numpy as np

    from ascx.emu.launch import run_with_progress

    host = asc.lib.host
    rng = np.random.default_rng(0)
    a = rng.integers(-4, 5, (m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (k, n)).astype(np.float16)
    workspace = np.zeros((m // 128, 128, n), np.float32)
    sys_workspace = np.zeros(host.get_ascendc_platform().get_lib_api_work_space_size(), np.uint8)
    tiling = generate_tiling(m, n, k, (128, 256, 64), host.TPosition.VECIN)
    run_with_progress(matmul_iterate_async, 1, a, b, workspace, sys_workspace, tiling)
    ok = np.array_equal(workspace.reshape(m, n), a.astype(np.float32) @ b.astype(np.float32))
    print(
        f"matmul_iterate_async: {'OK' if ok else 'MISMATCH'} ({m}x{k} @ {k}x{n} in {m // 128} blocks, bit-exact: {ok})"
    )


if __name__ == "__main__":
    asc.show_progress()  # the slow steps, with their times, on stderr (docs/emulation.md#progress-and-timings)
    main()
