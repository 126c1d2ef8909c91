"""Asynchronous batch Matmul: ``iterate_batch`` and ``iterate_n_batch`` with ``wait_iterate_batch``.

``iterate_batch(c, batch_a, batch_b, ..., sync=False, wait_iterate_batch=True)`` starts a batch of
multiplications into GM and returns; ``wait_iterate_batch()`` completes it.  ``iterate_n_batch``
runs ``batch_loop`` such batches (it needs ``is_n_batch`` and a workspace); its asynchronous
results can be fetched with ``get_batch_tensor_c(..., sync=False)``.

    ascx compile examples/matmul_batch_async.py --args "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.uint8), asc.adv.TCubeTiling"
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
    matmul.iterate_n_batch(4, 2, 2, False, sync=False, wait_iterate_batch=True)
    matmul.wait_iterate_batch()
    matmul.end()


if __name__ == "__main__":
    from ascx.runtime.jit import MockTensor

    f16, f32, u8 = MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.uint8)
    print(matmul_batch_async.compile(f16, f16, f32, f32, u8, asc.adv.TCubeTiling).source, end="")
