"""C = A @ B by hand on the cube core, with static tensors (``LocalMemAllocator``), run on the CPU.

The cube's data path, one step per pipe, each ordered after the previous one by a flag:

- MTE2: ``data_copy`` with ``Nd2NzParams`` brings A (M x K) and B (K x N) from GM into L1 (A1, B1),
  turning the ND rows into NZ fractals (16 rows x 16 halves, one column of fractals after another);
- MTE1: ``load_data`` moves the fractals into L0A (A2, row of fractals by row of fractals) and L0B
  (B2, transposing each fractal: the cube reads B column by column);
- M: ``mmad`` multiplies L0A by L0B into L0C (CO1), float32 accumulation;
- FIX: ``fixpipe`` writes L0C back to GM as ND rows (``CO2Layout.ROW_MAJOR``).

The four memories each get a ``LocalMemAllocator``, which hands out their tensors one after another.

    python examples/cube_matmul.py
    ascx compile examples/cube_matmul.py::cube_matmul --args "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32)"
"""

import ascx as asc

M, N, K = 64, 48, 96  # multiples of the 16 x 16 fractal
FRACTAL = 16 * 16  # elements of a half fractal


@asc.jit(matmul_cube_only=True)
def cube_matmul(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress) -> None:
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
    # L1 -> L0B: for each row of fractals of B, its N / 16 fractals, each transposed
    for kb in range(K // 16):
        params = asc.LoadData2DParams(0, N // 16, K // 16, if_transpose=True)
        asc.load_data(b2[kb * (N // 16) * FRACTAL :], b1[kb * FRACTAL :], params)
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)

    asc.mmad(c1, a2, b2, asc.MmadParams(M, N, K))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)

    # L0C -> GM: M rows of N floats; the Z column blocks of the NZ result are M rows apart
    asc.fixpipe(c_gm, c1, asc.FixpipeParamsV220(N, M, M, N))


def reference(a, b):
    """What the cube computes: float32 sums of the products, added in order of k."""
    import numpy as np

    acc = np.zeros((a.shape[0], b.shape[1]), np.float32)
    a32, b32 = a.astype(np.float32), b.astype(np.float32)
    for k in range(a.shape[1]):
        acc = acc + a32[:, k : k + 1] * b32[k : k + 1, :]
    return acc


def main() -> None:
    """Run on the CPU emulation (one cube core) and compare with numpy, bit for bit."""
    import numpy as np

    rng = np.random.default_rng(0)
    a = rng.standard_normal((M, K)).astype(np.float16)
    b = rng.standard_normal((K, N)).astype(np.float16)
    c = np.full((M, N), np.nan, np.float32)
    cube_matmul[1](a, b, c)
    exact = np.array_equal(c, reference(a, b))
    error = float(np.abs(c - a.astype(np.float32) @ b.astype(np.float32)).max())
    print(
        f"cube_matmul: {'OK' if exact else 'MISMATCH'} ({M}x{K} @ {K}x{N}, bit-exact: {exact}, "
        f"max abs error vs float32 matmul {error:.2e})"
    )


if __name__ == "__main__":
    asc.show_progress()  # the slow steps, with their times, on stderr (docs/emulation.md#progress-and-timings)
    main()
