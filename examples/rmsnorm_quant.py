"""RMS-normalise the rows of a vector input, then quantise them to int8 (``asc.adv.rmsnorm``, ``asc.adv.quant``).

Each core takes ``tiles`` tiles of ``rows`` rows of ``h`` half elements, one after another: it copies a
tile in through a double-buffered queue (the scale vector ``gamma`` once), normalises every row (``x / sqrt(mean(x^2) + epsilon) * gamma``) into a half tensor,
quantises that to int8 (``round(y * scale + offset)``, saturated) and copies the result out.  The
RmsNorm tiling, filled on the host by ``asc.lib.host.get_rms_norm_tiling_info`` for one core's
``[1, rows, h]`` tile and the temporary buffer the kernel gives it, arrives as a kernel parameter; the same
buffer serves ``quant``.  The synchronisation between the copies and the vector unit is inserted by ascx.

    ascx compile examples/rmsnorm_quant.py --args "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.int8), asc.adv.RmsNormTiling, 4096, MockValue(asc.int32), MockValue(asc.float32), MockValue(asc.float32), MockValue(asc.float32)"
"""

import ascx as asc


@asc.jit
def rmsnorm_quant(
    x: asc.GlobalAddress,
    gamma: asc.GlobalAddress,
    q: asc.GlobalAddress,
    tiling: asc.adv.RmsNormTiling,
    tmp_bytes: int,
    tiles: int,
    epsilon: float,
    scale: float,
    offset: float,
) -> None:
    h = tiling.h_length
    count = tiling.b_length * tiling.s_length * h  # elements of one tile
    start = asc.get_block_idx() * tiles * count
    x_global = asc.GlobalTensor()
    x_global.set_global_buffer(x + start)
    gamma_global = asc.GlobalTensor()
    gamma_global.set_global_buffer(gamma)
    q_global = asc.GlobalTensor()
    q_global.set_global_buffer(q + start)

    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 2)
    gamma_queue = asc.TQue(asc.TPosition.VECIN, 1)
    out_queue = asc.TQue(asc.TPosition.VECOUT, 2)
    normalised = asc.TBuf(asc.TPosition.VECCALC)
    scratch = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(que=in_queue, num=2, len=count * 2)
    pipe.init_buffer(que=gamma_queue, num=1, len=h * 2)
    pipe.init_buffer(que=out_queue, num=2, len=count)
    pipe.init_buffer(normalised, count * 2)
    pipe.init_buffer(scratch, tmp_bytes)
    y = normalised.get(asc.float16)
    tmp = scratch.get(asc.uint8)

    gamma_local = gamma_queue.alloc_tensor(asc.float16)
    asc.data_copy(gamma_local, gamma_global, h)
    gamma_queue.enque(gamma_local)
    gamma_local = gamma_queue.deque(asc.float16)
    for tile in range(tiles):
        x_local = in_queue.alloc_tensor(asc.float16)
        asc.data_copy(x_local, x_global[tile * count :], count)
        in_queue.enque(x_local)
        x_local = in_queue.deque(asc.float16)
        asc.adv.rmsnorm(y, x_local, gamma_local, epsilon, tiling, tmp)
        in_queue.free_tensor(x_local)
        q_local = out_queue.alloc_tensor(asc.int8)
        asc.adv.quant(q_local, y, scale, offset, count, tmp)
        out_queue.enque(q_local)
        q_local = out_queue.deque(asc.int8)
        asc.data_copy(q_global[tile * count :], q_local, count)
        out_queue.free_tensor(q_local)
    gamma_queue.free_tensor(gamma_local)


def generate_tiling(rows: int, h: int, tmp_bytes: int) -> asc.adv.RmsNormTiling:
    """The RmsNorm tiling of a tile of ``[1, rows, h]`` half elements and a ``tmp_bytes`` temporary buffer."""
    tiling = asc.adv.RmsNormTiling()
    asc.lib.host.get_rms_norm_tiling_info([1, rows, h], [1, rows, h], tmp_bytes, 2, tiling)
    return tiling


def main(
    cores: int = 2, tiles: int = 3, rows: int = 8, h: int = 256, epsilon: float = 1e-5, scale: float = 40.0
) -> None:
    """Compile, build and run on the CPU emulation, then compare with numpy."""
    import numpy as np

    from ascx.emu.launch import run_with_progress

    rng = np.random.default_rng(0)
    x = rng.normal(0, 2, (cores * tiles * rows, h)).astype(np.float16)
    gamma = rng.uniform(0.5, 1.5, h).astype(np.float16)
    q = np.zeros((cores * tiles * rows, h), np.int8)
    _, minimum = asc.lib.host.get_rms_norm_max_min_tmp_size([1, rows, h], 2)
    tmp_bytes = max(4 * minimum, 512)  # four rows at a time; quant needs 512 bytes
    tiling = generate_tiling(rows, h, tmp_bytes)
    offset = 0.5
    run_with_progress(rmsnorm_quant, cores, x, gamma, q, tiling, tmp_bytes, tiles, epsilon, scale, offset)
    x64 = x.astype(np.float64)
    y = x64 / np.sqrt((x64**2).mean(axis=1, keepdims=True) + epsilon) * gamma.astype(np.float64)
    expected = np.clip(np.rint(y * scale + offset), -128, 127)
    steps = int(np.abs(q.astype(np.int64) - expected).max())
    ok = steps <= 1  # half-precision steps may move a value across a rounding boundary
    print(
        f"rmsnorm_quant: {'OK' if ok else 'MISMATCH'} ({cores} cores x {tiles} tiles x {rows} rows of {h}, "
        f"int8 = round(rmsnorm(x) "
        f"* {scale:g} + {offset:g}), max deviation {steps} step(s) from float64, "
        f"{int((q != expected).sum())} of {q.size} values differ)"
    )


if __name__ == "__main__":
    asc.show_progress()  # the slow steps, with their times, on stderr (docs/emulation.md#progress-and-timings)
    main()
