"""C = A @ B by hand on the cube core, with queues (``TQue``) and a ``TBuf``, run on the CPU.

The same data path as ``cube_matmul.py`` (GM -> L1 with ``Nd2NzParams``, L1 -> L0A/L0B with
``load_data``, ``mmad`` into L0C, ``fixpipe`` to GM), but K is walked in steps of ``K_STEP``: each
step copies a slice of A and of B into double-buffered L1 queues, loads it into L0A/L0B, and
``mmad`` adds its product to the L0C result (``cmatrix_init_val`` is true on the first step only).
The queues order the pipes: enque on the producer, deque on the consumer, free before the next
alloc.  The result lives in a ``TBuf`` at CO1 for the whole loop.  Two accumulating ``mmad``s on one
small tile must not overlap on the cube (CANN's rule: ``PipeBarrier<PIPE_M>`` while
``(m / 16) * (n / 16) < 10``); here the queues already order them: the cube frees its L0A/L0B tensors
(M -> MTE1) before MTE1 loads the next step and hands it over (MTE1 -> M).

The kernel is compiled with ``insert_sync=False``: ascx's static sync analysis does not model the
events that queues at the cube's positions imply (it warns: TQ-14, and HZ-5 for the hand-offs it
cannot see ordered), so sync insertion would add flags the queues already provide.  The dynamic
checker of the emulation models them and checks the run.

    python examples/cube_matmul_queues.py
    ascx compile examples/cube_matmul_queues.py::cube_matmul_queues --args "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float16)"
"""

import ascx as asc

M, N, K = 32, 48, 128
K_STEP = 32  # K per step: two 16-wide fractal columns of A and fractal rows of B
FRACTAL = 16 * 16


@asc.jit(matmul_cube_only=True, insert_sync=False)
def cube_matmul_queues(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress) -> None:
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)

    pipe = asc.TPipe()
    in_a = asc.TQue(asc.TPosition.A1, 2)
    in_b = asc.TQue(asc.TPosition.B1, 2)
    to_a = asc.TQue(asc.TPosition.A2, 1)
    to_b = asc.TQue(asc.TPosition.B2, 1)
    result = asc.TBuf(asc.TPosition.CO1)
    pipe.init_buffer(in_a, 2, M * K_STEP * 2)
    pipe.init_buffer(in_b, 2, K_STEP * N * 2)
    pipe.init_buffer(to_a, 1, M * K_STEP * 2)
    pipe.init_buffer(to_b, 1, K_STEP * N * 2)
    pipe.init_buffer(result, M * N * 4)
    c1 = result.get(asc.float32)

    for step in range(K // K_STEP):
        # GM -> L1: the slice A[:, k0:k0+K_STEP] (rows K apart in GM) and B[k0:k0+K_STEP, :]
        a1 = in_a.alloc_tensor(asc.float16)
        asc.data_copy(a1, a_gm[step * K_STEP :], asc.Nd2NzParams(1, M, K_STEP, 0, K, M, 1, 0))
        in_a.enque(a1)
        b1 = in_b.alloc_tensor(asc.float16)
        asc.data_copy(b1, b_gm[step * K_STEP * N :], asc.Nd2NzParams(1, K_STEP, N, 0, N, K_STEP, 1, 0))
        in_b.enque(b1)

        # L1 -> L0A / L0B
        a1 = in_a.deque(asc.float16)
        a2 = to_a.alloc_tensor(asc.float16)
        for i in range(M // 16):
            params = asc.LoadData2DParams(0, K_STEP // 16, M // 16)
            asc.load_data(a2[i * (K_STEP // 16) * FRACTAL :], a1[i * FRACTAL :], params)
        to_a.enque(a2)
        in_a.free_tensor(a1)
        b1 = in_b.deque(asc.float16)
        b2 = to_b.alloc_tensor(asc.float16)
        for kb in range(K_STEP // 16):
            params = asc.LoadData2DParams(0, N // 16, K_STEP // 16, if_transpose=True)
            asc.load_data(b2[kb * (N // 16) * FRACTAL :], b1[kb * FRACTAL :], params)
        to_b.enque(b2)
        in_b.free_tensor(b1)

        # L0A x L0B, added to what L0C holds after the first step
        a2 = to_a.deque(asc.float16)
        b2 = to_b.deque(asc.float16)
        # The queues' events already order this Mmad after the previous step's, but ascx's sync analysis
        # does not model the cube's queue positions (TQ-14): the barrier says it explicitly (a 32 x 48 tile
        # is below CANN's threshold at which the cube orders accumulation itself).
        asc.pipe_barrier(asc.PipeID.PIPE_M)
        asc.mmad(c1, a2, b2, asc.MmadParams(M, N, K_STEP, cmatrix_init_val=step == 0))
        to_a.free_tensor(a2)
        to_b.free_tensor(b2)

    event = pipe.fetch_event_id(asc.HardEvent.M_FIX)
    asc.set_flag(asc.HardEvent.M_FIX, event)
    asc.wait_flag(asc.HardEvent.M_FIX, event)
    # L0C -> GM, rounded to half on the way
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

    rng = np.random.default_rng(1)
    a = rng.standard_normal((M, K)).astype(np.float16)
    b = rng.standard_normal((K, N)).astype(np.float16)
    c = np.full((M, N), np.nan, np.float16)
    cube_matmul_queues[1](a, b, c)
    exact = np.array_equal(c, reference(a, b))
    steps = K // K_STEP
    print(
        f"cube_matmul_queues: {'OK' if exact else 'MISMATCH'} ({M}x{K} @ {K}x{N} in {steps} steps, bit-exact: {exact})"
    )


if __name__ == "__main__":
    asc.show_progress()  # the slow steps, with their times, on stderr (docs/emulation.md#progress-and-timings)
    main()
