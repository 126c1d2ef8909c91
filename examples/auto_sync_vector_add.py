"""pyasc's automatic-sync style: on-chip tensors from ``asc.LocalTensorAuto``, no queue, no flag.

The kernels are pyasc's own automatic-sync tests (``python/test/kernels/insert_sync/test_vadd.py``
and ``test_vadd_scalar.py``), written for ascx: each ``LocalTensorAuto`` gets a ``TBuf`` of its own
from the kernel's ``TPipe``, and ``ascx-insert-sync`` places every flag and barrier (the verifiers
then check the result, and the emulation's dynamic checker checks it again while it runs).

    ascx compile examples/auto_sync_vector_add.py::auto_sync_vector_add --args "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), 512, 64, 8"
    ascx compile examples/auto_sync_vector_add.py::auto_sync_vector_add_scalar --args "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), 512, 64, 8"
"""

import ascx as asc


@asc.jit
def auto_sync_vector_add(
    x: asc.GlobalAddress,
    y: asc.GlobalAddress,
    z: asc.GlobalAddress,
    block_length: asc.ConstExpr[int],
    tile_length: asc.ConstExpr[int],
    tile_num: asc.ConstExpr[int],
) -> None:
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset)
    y_gm.set_global_buffer(y + offset)
    z_gm.set_global_buffer(z + offset)
    for i in range(tile_num):
        x_local = asc.LocalTensorAuto(x.dtype, tile_length)
        y_local = asc.LocalTensorAuto(y.dtype, tile_length)
        z_local = asc.LocalTensorAuto(z.dtype, tile_length)
        copy_in(i, x_gm, y_gm, x_local, y_local, tile_length)
        compute(x_local, y_local, z_local, tile_length)
        copy_out(i, z_gm, z_local, tile_length)


@asc.jit
def copy_in(
    i: int,
    x_gm: asc.GlobalTensor,
    y_gm: asc.GlobalTensor,
    x_local: asc.LocalTensorAuto,
    y_local: asc.LocalTensorAuto,
    tile_length: asc.ConstExpr[int],
) -> None:
    asc.data_copy(x_local, x_gm[i * tile_length :], count=tile_length)
    asc.data_copy(y_local, y_gm[i * tile_length :], count=tile_length)


@asc.jit
def compute(
    x_local: asc.LocalTensorAuto,
    y_local: asc.LocalTensorAuto,
    z_local: asc.LocalTensorAuto,
    tile_length: asc.ConstExpr[int],
) -> None:
    asc.add(z_local, x_local, y_local, tile_length)


@asc.jit
def copy_out(i: int, z_gm: asc.GlobalTensor, z_local: asc.LocalTensorAuto, tile_length: asc.ConstExpr[int]) -> None:
    asc.data_copy(z_gm[i * tile_length :], z_local, count=tile_length)


@asc.jit(insert_sync=True)
def auto_sync_vector_add_scalar(
    x: asc.GlobalAddress,
    y: asc.GlobalAddress,
    z: asc.GlobalAddress,
    block_length: asc.ConstExpr[int],
    tile_length: asc.ConstExpr[int],
    tile_num: asc.ConstExpr[int],
) -> None:
    """``z = x + y[0]``: the scalar unit reads ``y[0]`` from the unified buffer between the copy-in and
    the vector ops."""
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset)
    y_gm.set_global_buffer(y)
    z_gm.set_global_buffer(z + offset)
    for i in range(tile_num):
        x_local = asc.LocalTensorAuto(x.dtype, tile_length)
        y_local = asc.LocalTensorAuto(y.dtype, tile_length)
        asc.data_copy(x_local, x_gm[i * tile_length :], count=tile_length)
        asc.data_copy(y_local, y_gm[0], count=tile_length)
        new_y_local = asc.LocalTensorAuto(y.dtype, tile_length)
        val = y_local.get_value(0)
        asc.duplicate(new_y_local, val, tile_length)
        z_local = asc.LocalTensorAuto(z.dtype, tile_length)
        asc.add(z_local, x_local, new_y_local, tile_length)
        asc.data_copy(z_gm[i * tile_length :], z_local, count=tile_length)


def main() -> None:
    """Run both kernels on the CPU emulation (16 blocks of 512 floats) and compare with numpy."""
    import numpy as np

    rng = np.random.default_rng(2025)
    x = rng.random(8192, dtype=np.float32)
    y = rng.random(8192, dtype=np.float32)
    z = np.zeros_like(x)
    auto_sync_vector_add[16](x, y, z, 512, 64, 8)
    ok = np.array_equal(z, x + y)
    auto_sync_vector_add_scalar[16](x, y, z, 512, 64, 8)
    ok = ok and np.array_equal(z, x + y[0])
    print(f"auto_sync_vector_add: {'OK' if ok else 'MISMATCH'} ({z.size} elements, twice)")


if __name__ == "__main__":
    asc.show_progress()  # the slow steps, with their times, on stderr (docs/emulation.md#progress-and-timings)
    main()
