"""C = A @ B + bias in MixDualMaster mode, the structure of CANN's ``matmul_mixdualmaster`` example.

With ``MatmulConfig(enable_mix_dual_master=True)`` the AIC and the two AIVs of a block each run the
kernel's code on their own, without KFC messages: the cube core computes its tile with
``iterate_all``, the vector cores only wait for it.  In a MIX 1:2 kernel CANN requires IBShare on both
A and B (``MatmulType(ib_share=True)``, an ascx extension of pyasc's ``MatmulType``); results come only
from ``iterate_all`` to a GlobalTensor.  The host tiling splits M and N over the cube cores: block
``i`` computes tile ``i`` (``get_block_idx() // get_sub_block_num()`` is the block index on every core).

    python examples/matmul_mix_dual_master.py
    ascx compile examples/matmul_mix_dual_master.py --args "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.uint8), asc.adv.TCubeTiling"
"""

import ascx as asc

BLOCKS = 8  # AIC cores the tiling may use; each block has one AIC and two AIVs


@asc.jit
def matmul_mix_dual_master(
    a: asc.GlobalAddress, b: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress,
    workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
) -> None:  # fmt: skip
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, ib_share=True)
    b_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, ib_share=True)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    bias_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    config = asc.adv.MatmulConfig(enable_ub_reuse=True, enable_mix_dual_master=True)  # CFG_NORM, MixDualMaster
    mm = asc.adv.Matmul(a_type, b_type, c_type, bias_type, matmul_config=config)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    # the block's index on every core: get_block_idx() is 2 * block + sub-block on the AIVs, and each AIV's
    # iterate_all must pair with its own block's AIC (they synchronise through cross-core flags)
    block = asc.get_block_idx() // asc.get_sub_block_num()
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


def generate_tiling(m: int, n: int, k: int) -> asc.adv.TCubeTiling:
    """The host tiling of C[m, n] = A[m, k] @ B[k, n] + bias[n], split over ``BLOCKS`` cube cores."""
    host = asc.lib.host
    tiling_api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    tiling_api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    tiling_api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    tiling_api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    tiling_api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    tiling_api.set_dim(BLOCKS)
    tiling_api.set_org_shape(m, n, k)
    tiling_api.set_shape(m, n, k)
    tiling_api.enable_bias(True)
    tiling_api.set_buffer_space(-1, -1, -1)
    tiling = asc.adv.TCubeTiling()
    if tiling_api.get_tiling(tiling) != 0:
        raise RuntimeError(f"no tiling for {m}x{n}x{k}")
    return tiling


def main(m: int = 384, k: int = 128, n: int = 256) -> None:
    """Compile, build and run on the CPU emulation (the AIC side computes, the AIVs wait), then
    compare with numpy."""
    import numpy as np

    from ascx.emu.launch import run_with_progress

    rng = np.random.default_rng(0)
    a = rng.integers(-5, 5, (m, k)).astype(np.float16)
    b = rng.integers(-5, 5, (k, n)).astype(np.float16)
    bias = rng.integers(-5, 5, (n,)).astype(np.float32)
    c = np.full((m, n), np.nan, np.float32)
    workspace = np.zeros(16 * 1024 * 1024, np.uint8)
    tiling = generate_tiling(m, n, k)
    run_with_progress(matmul_mix_dual_master, tiling.used_core_num, a, b, bias, c, workspace, tiling)
    expected = a.astype(np.float32) @ b.astype(np.float32) + bias
    ok = np.array_equal(c, expected)
    print(
        f"matmul_mix_dual_master: {'OK' if ok else 'MISMATCH'} ({m}x{k} @ {k}x{n} + bias on "
        f"{tiling.used_core_num} blocks, max abs error {np.nanmax(np.abs(c - expected)):g})"
    )


if __name__ == "__main__":
    asc.show_progress()  # the slow steps, with their times, on stderr (docs/emulation.md#progress-and-timings)
    main()
