"""C = A @ B + bias in MixDualMaster mode on MIX 1:1 blocks: one AIC and one AIV per block.

The MIX 1:1 form of ``matmul_mix_dual_master.py`` (CANN's ``matmul_mixdualmaster`` sample declares its kernel
``KERNEL_TYPE_MIX_AIC_1_1``). With ``MatmulConfig(enable_mix_dual_master=True)`` the AIC and the AIV of a
block each run the kernel's code on their own, without KFC messages: the cube core computes its tile with
``iterate_all``, the vector core only waits for it. With one AIV per AIC nothing is shared, so CANN does not
ask for IBShare, and ``get_block_idx()`` is the block index on both cores. The host tiling (the one of
``matmul_mix_dual_master.py``) splits M and N over the blocks.

    python examples/matmul_mix_dual_master_1_1.py
    ascx compile examples/matmul_mix_dual_master_1_1.py --args "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.uint8), asc.adv.TCubeTiling"
"""

import ascx as asc

MIX_1_1 = asc.runtime.config.KernelType.MIX_AIC_1_1


@asc.jit(kernel_type=MIX_1_1)
def matmul_mix_dual_master_1_1(
    a: asc.GlobalAddress, b: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress,
    workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
) -> None:  # fmt: skip
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    b_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    bias_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    config = asc.adv.MatmulConfig(enable_ub_reuse=True, enable_mix_dual_master=True)  # CFG_NORM, MixDualMaster
    mm = asc.adv.Matmul(a_type, b_type, c_type, bias_type, matmul_config=config)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    block = asc.get_block_idx()  # one AIV per block: the same index on the AIC and the AIV
    if block < tiling.used_core_num:
        tiles_along_m = tiling.m.ceildiv(tiling.single_core_m)
        m_index = block % tiles_along_m
        n_index = block // tiles_along_m
        a_global = asc.GlobalTensor()
        b_global = asc.GlobalTensor()
        c_global = asc.GlobalTensor()
        bias_global = asc.GlobalTensor()
        a_global.set_global_buffer(a + m_index * tiling.single_core_m * tiling.k_a)
        b_global.set_global_buffer(b + n_index * tiling.single_core_n)
        c_global.set_global_buffer(c + m_index * tiling.single_core_m * tiling.n + n_index * tiling.single_core_n)
        bias_global.set_global_buffer(bias + n_index * tiling.single_core_n)
        tail_m = tiling.m - m_index * tiling.single_core_m
        if tail_m > tiling.single_core_m:
            tail_m = tiling.single_core_m
        tail_n = tiling.n - n_index * tiling.single_core_n
        if tail_n > tiling.single_core_n:
            tail_n = tiling.single_core_n
        mm.set_tail(tail_m, tail_n)
        mm.set_tensor_a(a_global)
        mm.set_tensor_b(b_global)
        if tiling.is_bias:
            mm.set_bias(bias_global)
        mm.iterate_all(c_global)
        mm.end()


def main(m: int = 384, k: int = 128, n: int = 256) -> None:
    """Compile, build and run on the CPU emulation (each AIC computes, its AIV waits), then compare with
    numpy."""
    import numpy as np
    from matmul_mix_dual_master import generate_tiling

    from ascx.emu.launch import run_with_progress

    rng = np.random.default_rng(0)
    a = rng.integers(-5, 5, (m, k)).astype(np.float16)
    b = rng.integers(-5, 5, (k, n)).astype(np.float16)
    bias = rng.integers(-5, 5, (n,)).astype(np.float32)
    c = np.full((m, n), np.nan, np.float32)
    workspace = np.zeros(asc.lib.host.get_ascendc_platform().get_lib_api_work_space_size(), np.uint8)
    tiling = generate_tiling(m, n, k)
    run_with_progress(matmul_mix_dual_master_1_1, tiling.used_core_num, a, b, bias, c, workspace, tiling)
    expected = a.astype(np.float32) @ b.astype(np.float32) + bias
    ok = np.array_equal(c, expected)
    print(
        f"matmul_mix_dual_master_1_1: {'OK' if ok else 'MISMATCH'} ({m}x{k} @ {k}x{n} + bias on "
        f"{tiling.used_core_num} MIX 1:1 blocks, max abs error {np.nanmax(np.abs(c - expected)):g})"
    )


if __name__ == "__main__":
    asc.show_progress()  # the slow steps, with their times, on stderr (docs/emulation.md#progress-and-timings)
    main()
