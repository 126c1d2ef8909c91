"""An asynchronous IterateAll Matmul: C = A @ B for 512x512 half matrices, 256x256 per core.

``iterate_all(..., sync=False, wait_iterate_all=True)`` starts the whole computation of the
core's C block and returns at once; ``wait_iterate_all()`` blocks until it is done.  Forgetting
that wait is exactly the race ascx exists to catch.

    ascx compile examples/matmul_iterate_all_async.py          # print the Ascend C
    ascx compile examples/matmul_iterate_all_async.py --emit ir
    python examples/matmul_iterate_all_async.py                 # the same, from Python
"""

import ascx as asc


@asc.jit
def matmul_iterate_all_async(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                             workspace: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(position=asc.TPosition.GM, format=asc.CubeFormat.ND, dtype=asc.float16)
    b_type = asc.adv.MatmulType(position=asc.TPosition.GM, format=asc.CubeFormat.ND, dtype=asc.float16)
    c_type = asc.adv.MatmulType(position=asc.TPosition.GM, format=asc.CubeFormat.ND, dtype=asc.float16)
    matmul = asc.adv.Matmul(a_type, b_type, c_type)
    asc.adv.register_matmul(pipe, workspace, matmul)
    tiling = asc.adv.TCubeTiling(used_core_num=24, m=512, k_a=512, k_b=512, n=512, base_m=128, base_k=64,
                                 base_n=256, single_core_m=256, single_core_k=256, single_core_n=256,
                                 depth_a1=1, depth_b1=1, step_m=1, step_n=1, share_mode=0, share_ub_size=0,
                                 share_l1_size=asc.property(asc.TOTAL_L1_SIZE),
                                 share_l0c_size=asc.property(asc.TOTAL_L0C_SIZE))
    matmul.init(tiling)
    a_global = asc.GlobalTensor(); b_global = asc.GlobalTensor(); c_global = asc.GlobalTensor()
    a_global.set_global_buffer(a); b_global.set_global_buffer(b); c_global.set_global_buffer(c)
    matmul.set_org_shape(512, 512, 512)  # before the tensors and the single-core shape (documented order)
    matmul.set_tensor_a(a_global)
    matmul.set_tensor_b(b_global)
    matmul.set_single_shape(256, 256, 256)
    matmul.iterate_all(c_global, en_atomic=0, en_sequential_write=False, wait_iterate_all=True,
                       fake_msg=False, sync=False)
    matmul.wait_iterate_all()
    matmul.end()


if __name__ == "__main__":
    from ascx.runtime.jit import MockTensor

    compiled = matmul_iterate_all_async.compile(*(MockTensor(asc.float16) for _ in range(4)))
    print(compiled.source, end="")
