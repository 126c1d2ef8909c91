"""Element-wise addition with fixed on-chip buffers and explicit flags (pyasc tutorial 01_add).

Each block adds its ``block_length`` elements of ``x`` and ``y`` into ``z``, in 16 tiles.  The
kernel places three LocalTensors itself (two input tiles and one output tile, each double
buffered) and orders the pipes by hand: copy-in (MTE2) before the add (V), the add before the
copy-out (MTE3), and the copy-out before the next copy-in into the same buffer.

    ascx compile examples/vector_add.py --args "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32)"
"""

import ascx as asc

TILES = 8
BUFFERS = 2  # double buffering: tile i uses buffer i % 2


@asc.jit
def vector_add(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int) -> None:
    start = asc.get_block_idx() * block_length
    x_global = asc.GlobalTensor()
    y_global = asc.GlobalTensor()
    z_global = asc.GlobalTensor()
    x_global.set_global_buffer(x + start, block_length)
    y_global.set_global_buffer(y + start, block_length)
    z_global.set_global_buffer(z + start, block_length)

    tile = block_length // TILES // BUFFERS
    element = x.dtype
    bytes_per_input = tile * BUFFERS * element.sizeof()
    x_tiles = asc.LocalTensor(element, asc.TPosition.VECIN, 0, tile * BUFFERS)
    y_tiles = asc.LocalTensor(element, asc.TPosition.VECIN, bytes_per_input, tile * BUFFERS)
    z_tiles = asc.LocalTensor(element, asc.TPosition.VECOUT, bytes_per_input * 2, tile * BUFFERS)

    for i in range(TILES * BUFFERS):
        slot = i % BUFFERS
        asc.data_copy(x_tiles[slot * tile :], x_global[i * tile :], tile)
        asc.data_copy(y_tiles[slot * tile :], y_global[i * tile :], tile)
        asc.set_flag(asc.HardEvent.MTE2_V, slot)
        asc.wait_flag(asc.HardEvent.MTE2_V, slot)

        asc.add(z_tiles[slot * tile :], x_tiles[slot * tile :], y_tiles[slot * tile :], tile)
        asc.set_flag(asc.HardEvent.V_MTE3, slot)
        asc.wait_flag(asc.HardEvent.V_MTE3, slot)

        asc.data_copy(z_global[i * tile :], z_tiles[slot * tile :], tile)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, slot)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, slot)


def main() -> None:
    """Run on the CPU emulation (8 blocks of 2048 floats) and compare with numpy."""
    import numpy as np

    blocks, block_length = 8, 2048
    rng = np.random.default_rng(0)
    x = rng.random(blocks * block_length, dtype=np.float32)
    y = rng.random(blocks * block_length, dtype=np.float32)
    z = np.zeros_like(x)
    vector_add[blocks](x, y, z, block_length)
    error = float(np.abs(z - (x + y)).max())
    print(f"vector_add: {'OK' if error == 0.0 else 'MISMATCH'} ({z.size} elements, max abs error {error:g})")


if __name__ == "__main__":
    asc.show_progress()  # the slow steps, with their times, on stderr (docs/emulation.md#progress-and-timings)
    main()
