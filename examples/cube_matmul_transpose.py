"""C = A @ B by hand on the cube core, B loaded with ``load_data_with_transpose``, run on the CPU.

As ``cube_matmul.py``, but B reaches L0B through ``load_data_with_transpose``: each repeat reads
one square block of L1 (one 16 x 16 fractal of halves) and writes it transposed, as the cube reads
B (column by column).  The result leaves L0C as half (``QuantModes.F322F16``, rounding to nearest
even).

    python examples/cube_matmul_transpose.py
    ascx compile examples/cube_matmul_transpose.py::cube_matmul_transpose --args "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float16)"
"""

import ascx as asc

M, N, K = 48, 64, 80  # multiples of the 16 x 16 fractal
FRACTAL = 16 * 16  # elements of a half fractal


@asc.jit(matmul_cube_only=True)
def cube_matmul_transpose(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress) -> None:
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)

    l1 = asc.LocalMemAllocator(asc.Hardware.L1)
    l0a = asc.LocalMemAllocator(asc.Hardware.L0A)
    l0b = asc.LocalMemAllocator(asc.Hardware.L0B)
    l0c = asc.LocalMemAllocator(asc.Hardware.L0C)
    a1 = l1.alloc(asc.TPosition.A1, asc.float16, M * K)
    b1 = l1.alloc(asc.TPosition.B1, asc.float16, K * N)
    a2 = l0a.alloc(asc.TPosition.A2, asc.float16, M * K)
    b2 = l0b.alloc(asc.TPosition.B2, asc.float16, K * N)
    c1 = l0c.alloc(asc.TPosition.CO1, asc.float32, M * N)

    # GM -> L1: one ND matrix each, its 16-wide column blocks M (or K) rows apart
    asc.data_copy(a1, a_gm, asc.Nd2NzParams(1, M, K, 0, K, M, 1, 0))
    asc.data_copy(b1, b_gm, asc.Nd2NzParams(1, K, N, 0, N, K, 1, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)

    # L1 -> L0A: for each row of fractals of A, its K / 16 fractals (M / 16 apart in L1), side by side
    for i in range(M // 16):
        asc.load_data(a2[i * (K // 16) * FRACTAL :], a1[i * FRACTAL :], asc.LoadData2DParams(0, K // 16, M // 16))
    # L1 -> L0B: for each row of fractals of B, its N / 16 square blocks (K / 16 apart), each transposed
    for kb in range(K // 16):
        params = asc.LoadData2dTransposeParams(0, N // 16, K // 16)
        asc.load_data_with_transpose(b2[kb * (N // 16) * FRACTAL :], b1[kb * FRACTAL :], params)
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)

    asc.mmad(c1, a2, b2, asc.MmadParams(M, N, K))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)

    # L0C -> GM: M rows of N halves; the Z column blocks of the NZ result are M rows apart
    asc.fixpipe(c_gm, c1, asc.FixpipeParamsV220(N, M, M, N, asc.QuantModes.F322F16))


def reference(a, b):
    """What the cube computes: float32 sums of the products in order of k, rounded to half."""
    import numpy as np

    acc = np.zeros((a.shape[0], b.shape[1]), np.float32)
    a32, b32 = a.astype(np.float32), b.astype(np.float32)
    for k in range(a.shape[1]):
        acc = acc + a32[:, k : k + 1] * b32[k : k + 1, :]
    return acc.astype(np.float16)


def main() -> None:
    """Run on the CPU emulation (one cube core) and compare with numpy, bit for bit."""
    import numpy as np

    rng = np.random.default_rng(2)
    a = rng.standard_normal((M, K)).astype(np.float16)
    b = rng.standard_normal((K, N)).astype(np.float16)
    c = np.full((M, N), np.nan, np.float16)
    cube_matmul_transpose[1](a, b, c)
    exact = np.array_equal(c, reference(a, b))
    print(f"cube_matmul_transpose: {'OK' if exact else 'MISMATCH'} ({M}x{K} @ {K}x{N}, bit-exact: {exact})")


if __name__ == "__main__":
    asc.show_progress()  # the slow steps, with their times, on stderr (docs/emulation.md#progress-and-timings)
    main()
