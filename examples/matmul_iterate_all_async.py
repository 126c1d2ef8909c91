"""An asynchronous IterateAll Matmul: C = A @ B for 512x512 half matrices, 256x256 per core.

``iterate_all(..., sync=False, wait_iterate_all=True)`` starts the whole computation of the
core's C block and returns at once; ``wait_iterate_all()`` blocks until it is done.  Forgetting
that wait is exactly the race ascx exists to catch.

    ascx compile examples/matmul_iterate_all_async.py          # print the Ascend C
    ascx compile examples/matmul_iterate_all_async.py --emit ir
    python examples/matmul_iterate_all_async.py [--run]         # the same, from Python (--run: run and check it)
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



def main() -> None:
    """Run it on the CPU emulation (dynamic sync checker on) and compare with numpy: the core computes
    C[:256, :256] = A[:256, :256] @ B[:256, :256] of the 512x512 matrices, in half."""
    import numpy as np

    from ascx.emu.launch import run_with_progress

    rng = np.random.default_rng(0)
    a = rng.integers(-4, 5, (512, 512)).astype(np.float16)
    b = rng.integers(-4, 5, (512, 512)).astype(np.float16)
    c = np.zeros((512, 512), np.float16)
    # the system workspace holds the Matmul client and server's messages (CANN's KFC): the size the host
    # asks for (GetLibApiWorkSpaceSize), not a token buffer
    workspace = np.zeros(asc.lib.host.get_ascendc_platform().get_lib_api_work_space_size(), np.uint8)
    run_with_progress(matmul_iterate_all_async, 1, a, b, c, workspace)
    expected = np.zeros_like(c)
    expected[:256, :256] = (a[:256, :256].astype(np.float32) @ b[:256, :256].astype(np.float32)).astype(np.float16)
    ok = np.array_equal(c, expected)
    print(f"matmul_iterate_all_async: {'OK' if ok else 'MISMATCH'} (C[:256, :256] of 512x512 @ 512x512, bit-exact: {ok})")


if __name__ == "__main__":
    asc.show_progress()  # the slow steps, with their times, on stderr (docs/emulation.md#progress-and-timings)
    import sys

    if sys.argv[1:] == ["--run"]:
        main()
    else:
        from ascx.runtime.jit import MockTensor

        compiled = matmul_iterate_all_async.compile(*(MockTensor(asc.float16) for _ in range(4)))
        print(compiled.source, end="")
