"""Asynchronous batch Matmul: ``iterate_batch`` and ``iterate_n_batch`` with ``wait_iterate_batch``.

``iterate_batch(c, batch_a, batch_b, ..., sync=False, wait_iterate_batch=True)`` starts a batch of
multiplications into GM and returns; ``wait_iterate_batch()`` completes it.  ``iterate_n_batch``
runs ``batch_loop`` such batches (it needs ``is_n_batch`` and a workspace); its asynchronous
results can be fetched with ``get_batch_tensor_c(..., sync=False)``.

    ascx compile examples/matmul_batch_async.py --args "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.uint8), asc.adv.TCubeTiling"
    python examples/matmul_batch_async.py     # run it on the CPU emulation and compare with numpy
"""

import ascx as asc


@asc.jit
def matmul_batch_async(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    workspace: asc.GlobalAddress,
    sys_workspace: asc.GlobalAddress,
    tiling: asc.adv.TCubeTiling,
) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, layout=asc.LayoutMode.BSNGD)
    b_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, layout=asc.LayoutMode.BSNGD)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, layout=asc.LayoutMode.BSNGD)
    config = asc.adv.MatmulConfig(is_n_batch=True)
    matmul = asc.adv.Matmul(a_type, b_type, c_type, matmul_config=config)
    asc.adv.register_matmul(pipe, sys_workspace, matmul, tiling)
    a_global = asc.GlobalTensor()
    a_global.set_global_buffer(a)
    b_global = asc.GlobalTensor()
    b_global.set_global_buffer(b)
    c_global = asc.GlobalTensor()
    c_global.set_global_buffer(c)
    workspace_global = asc.GlobalTensor()
    # SetWorkspace asserts that the tensor has a size: the 4 x 2 results of iterate_n_batch, M x N each
    workspace_elements = 4 * 2 * tiling.single_core_m * tiling.single_core_n
    workspace_global.set_global_buffer(workspace, workspace_elements)
    matmul.set_tensor_a(a_global)
    matmul.set_tensor_b(b_global)
    matmul.iterate_batch(c_global, 2, 2, False, sync=False, wait_iterate_batch=True)
    matmul.wait_iterate_batch()
    matmul.set_workspace(workspace_global)
    # every message the client posts clears its first-iteration flag, and CANN's IterateBatch / IterateNBatch
    # assert it: the tensors are set again before each batch computation
    matmul.set_tensor_a(a_global)
    matmul.set_tensor_b(b_global)
    matmul.iterate_n_batch(4, 2, 2, False, sync=False, wait_iterate_batch=True)
    matmul.wait_iterate_batch()
    matmul.end()


def generate_tiling(batch: int, s1: int, s2: int, heads: int, groups: int, d: int) -> asc.adv.TCubeTiling:
    """The host tiling of the BSNGD batch: A [batch, s1, heads, groups, d], B [batch, d, heads, groups, s2] and
    C [batch, s1, heads, groups, s2]; each multiplication is s1 x d @ d x s2, two of them per batch line."""
    host = asc.lib.host
    tiling_api = host.BatchMatmulTiling(host.get_ascendc_platform())
    tiling_api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    tiling_api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    tiling_api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    tiling_api.set_org_shape(s1, s2, d)
    tiling_api.set_shape(s1, s2, d)
    tiling_api.enable_bias(False)
    tiling_api.set_a_layout(batch, s1, heads, groups, d)
    tiling_api.set_b_layout(batch, d, heads, groups, s2)
    tiling_api.set_c_layout(batch, s1, heads, groups, s2)
    tiling_api.set_batch_num(heads * groups)
    tiling = asc.adv.TCubeTiling()
    if tiling_api.get_tiling(tiling) != 0:
        raise RuntimeError(f"no batch tiling for {s1}x{d} @ {d}x{s2}")
    return tiling


def main() -> None:
    """Compile, build and run on the CPU emulation (dynamic sync checker on), then compare with numpy: the
    ``iterate_batch`` fills line 0 of C, the ``iterate_n_batch`` all four lines of the workspace."""
    import numpy as np

    from ascx.emu.launch import run_with_progress

    batch, s1, s2, heads, groups, d = 4, 16, 16, 1, 2, 32
    rng = np.random.default_rng(0)
    a = rng.integers(-4, 5, (batch, s1, heads, groups, d)).astype(np.float16)
    b = rng.integers(-4, 5, (batch, d, heads, groups, s2)).astype(np.float16)
    c = np.full((batch, s1, heads, groups, s2), np.nan, np.float32)
    workspace = np.full((batch, s1, heads, groups, s2), np.nan, np.float32)
    sys_workspace = np.zeros(asc.lib.host.get_ascendc_platform().get_lib_api_work_space_size(), np.uint8)
    tiling = generate_tiling(batch, s1, s2, heads, groups, d)
    run_with_progress(matmul_batch_async, 1, a, b, c, workspace, sys_workspace, tiling)
    expected = np.einsum("bsngd,bdngt->bsngt", a.astype(np.float32), b.astype(np.float32))
    ok = np.array_equal(c[0], expected[0]) and bool(np.isnan(c[1:]).all()) and np.array_equal(workspace, expected)
    print(
        f"matmul_batch_async: {'OK' if ok else 'MISMATCH'} ({batch} lines of {heads * groups} heads, "
        f"{s1}x{d} @ {d}x{s2} each, bit-exact: {ok})"
    )


if __name__ == "__main__":
    asc.show_progress()  # the slow steps, with their times, on stderr (docs/emulation.md#progress-and-timings)
    main()
