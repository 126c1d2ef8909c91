"""Element-wise addition with queues (pyasc tutorial 02_add_framework).

The same computation as ``vector_add.py``, written the framework's way: the pipe gives two VECIN
queues and one VECOUT queue two buffers each, and the queue calls imply the pipe ordering that
``vector_add.py`` writes by hand (``enque``/``deque`` of a VECIN queue order MTE2 before V, of a
VECOUT queue V before MTE3).  The three stages are device functions, traced inline.

    ascx compile examples/vector_add_queues.py::vector_add_queues --args "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32), 128"
"""

import ascx as asc

TILES = 8
BUFFERS = 2


@asc.jit
def vector_add_queues(
    x: asc.GlobalAddress,
    y: asc.GlobalAddress,
    z: asc.GlobalAddress,
    block_length: int,
    tile: asc.ConstExpr[int],
) -> None:
    start = asc.get_block_idx() * block_length
    x_global = asc.GlobalTensor()
    y_global = asc.GlobalTensor()
    z_global = asc.GlobalTensor()
    x_global.set_global_buffer(x + start)
    y_global.set_global_buffer(y + start)
    z_global.set_global_buffer(z + start)

    pipe = asc.TPipe()
    x_queue = asc.TQue(asc.TPosition.VECIN, BUFFERS)
    y_queue = asc.TQue(asc.TPosition.VECIN, BUFFERS)
    z_queue = asc.TQue(asc.TPosition.VECOUT, BUFFERS)
    pipe.init_buffer(x_queue, BUFFERS, tile * x.dtype.sizeof())
    pipe.init_buffer(y_queue, BUFFERS, tile * y.dtype.sizeof())
    pipe.init_buffer(z_queue, BUFFERS, tile * z.dtype.sizeof())

    for i in range(TILES * BUFFERS):
        load(i, x_global, y_global, x_queue, y_queue, tile)
        add(z_global, x_queue, y_queue, z_queue, tile)
        store(i, z_global, z_queue, tile)


@asc.jit
def load(i: int, x_global, y_global, x_queue, y_queue, tile: asc.ConstExpr[int]):
    x_local = x_queue.alloc_tensor(x_global.dtype)
    y_local = y_queue.alloc_tensor(y_global.dtype)
    asc.data_copy(x_local, x_global[i * tile :], tile)
    asc.data_copy(y_local, y_global[i * tile :], tile)
    x_queue.enque(x_local)
    y_queue.enque(y_local)


@asc.jit
def add(z_global, x_queue, y_queue, z_queue, tile: asc.ConstExpr[int]):
    x_local = x_queue.deque(z_global.dtype)
    y_local = y_queue.deque(z_global.dtype)
    z_local = z_queue.alloc_tensor(z_global.dtype)
    asc.add(z_local, x_local, y_local, tile)
    z_queue.enque(z_local)
    x_queue.free_tensor(x_local)
    y_queue.free_tensor(y_local)


@asc.jit
def store(i: int, z_global, z_queue, tile: asc.ConstExpr[int]):
    z_local = z_queue.deque(z_global.dtype)
    asc.data_copy(z_global[i * tile :], z_local, tile)
    z_queue.free_tensor(z_local)


def main() -> None:
    """Run on the CPU emulation (8 blocks of 2048 floats, 128-element tiles) and compare with numpy."""
    import numpy as np

    blocks, block_length, tile = 8, 2048, 128
    rng = np.random.default_rng(0)
    x = rng.random(blocks * block_length, dtype=np.float32)
    y = rng.random(blocks * block_length, dtype=np.float32)
    z = np.zeros_like(x)
    vector_add_queues[blocks](x, y, z, block_length, tile)
    error = float(np.abs(z - (x + y)).max())
    print(f"vector_add_queues: {'OK' if error == 0.0 else 'MISMATCH'} ({z.size} elements, max abs error {error:g})")


if __name__ == "__main__":
    asc.show_progress()  # the slow steps, with their times, on stderr (docs/emulation.md#progress-and-timings)
    main()
