"""The deprecated ``async_get_tensor_c`` fetch, which ascx migrates to ``get_tensor_c(sync=False)``.

Older kernels fetch asynchronous results with ``async_get_tensor_c(ub)`` and complete them with
``wait_get_tensor_c()``.  The ``ascx-migrate-async-get-tensor-c`` pass rewrites each call into
``GetTensorC<false>(ub, 0, false)`` and warns at its line; the two forms behave the same.

    ascx compile examples/matmul_async_get_tensor_c.py
"""

import ascx as asc


@asc.jit
def matmul_async_get_tensor_c(
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
    matmul.async_get_tensor_c(c_block)
    matmul.wait_get_tensor_c()
    matmul.end()


if __name__ == "__main__":
    from ascx.runtime.jit import MockTensor

    f16, f32, u8 = MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.uint8)
    print(matmul_async_get_tensor_c.compile(f16, f16, f32, u8, asc.adv.TCubeTiling).source, end="")
