"""Element-wise addition through TPipe/TQue, one tile per block: each block points its three global
tensors at its own slice (``x + blockLength * GetBlockIdx()``), copies in through two VECIN queues, adds,
and copies out through a VECOUT queue.

Origin: mirror-cann/asc-devkit, examples/01_simd_cpp_api/00_introduction/01_add/add_tpipe_tque/add_tpipe_tque.asc,
commit 54f99b34d4c1ca45268de6d0ee3501d4a8a662f7 (kernel ``add_custom``).

Changes the translation needed:
- ``(__gm__ float*)x + blockLength * GetBlockIdx()`` is ``x + block_length * asc.get_block_idx()``.
- ``totalLength`` is a Python int (int32 in the kernel; the sample's is uint32).
- Sizes: 8 blocks as the sample, 8 x 256 floats (the sample: 8 x 2048).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np

import ascx as asc
from ascx.runtime.jit import MockTensor, MockValue


@asc.jit
def add_custom(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, total_length: int) -> None:
    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, 1)
    in_queue_y = asc.TQue(asc.TPosition.VECIN, 1)
    out_queue_z = asc.TQue(asc.TPosition.VECOUT, 1)
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()

    block_length = total_length // asc.get_block_num()
    x_gm.set_global_buffer(x + block_length * asc.get_block_idx(), block_length)
    y_gm.set_global_buffer(y + block_length * asc.get_block_idx(), block_length)
    z_gm.set_global_buffer(z + block_length * asc.get_block_idx(), block_length)
    pipe.init_buffer(in_queue_x, 1, block_length * asc.float32.sizeof())
    pipe.init_buffer(in_queue_y, 1, block_length * asc.float32.sizeof())
    pipe.init_buffer(out_queue_z, 1, block_length * asc.float32.sizeof())

    x_local = in_queue_x.alloc_tensor(asc.float32)
    y_local = in_queue_y.alloc_tensor(asc.float32)
    asc.data_copy(x_local, x_gm, block_length)
    asc.data_copy(y_local, y_gm, block_length)
    in_queue_x.enque(x_local)
    in_queue_y.enque(y_local)

    x_local = in_queue_x.deque(asc.float32)
    y_local = in_queue_y.deque(asc.float32)
    z_local = out_queue_z.alloc_tensor(asc.float32)
    asc.add(z_local, x_local, y_local, block_length)
    out_queue_z.enque(z_local)
    in_queue_x.free_tensor(x_local)
    in_queue_y.free_tensor(y_local)

    z_local = out_queue_z.deque(asc.float32)
    asc.data_copy(z_gm, z_local, block_length)
    out_queue_z.free_tensor(z_local)


def test_add_tpipe_tque() -> None:
    blocks, total = 8, 8 * 256
    rng = np.random.default_rng(24)
    x = rng.standard_normal(total).astype(np.float32)
    y = rng.standard_normal(total).astype(np.float32)
    z = np.full_like(x, np.nan)
    add_custom[blocks](x, y, z, total)
    np.testing.assert_array_equal(z, x + y)  # one float32 add per element, as numpy's


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The kernel's C++, for the CANN type-check (``ascx.testing.cann_kernels``)."""
    f32 = MockTensor(asc.float32)
    yield "add_custom", add_custom.compile(f32, f32, f32, MockValue(asc.int32)).source
