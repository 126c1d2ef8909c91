"""Blocks exchange partial results through global memory around a hard ``SyncAll``: each block doubles
its 32 floats, writes them to its slot of a shared workspace, waits for every block, then adds the
other blocks' slots to its own result (hand-written MTE2/V/MTE3 flags, tensors from a
``LocalMemAllocator``).

Origin: mirror-cann/asc-devkit, examples/01_simd_cpp_api/03_basic_api/05_sync_control/sync_all/sync_all.asc,
commit 54f99b34d4c1ca45268de6d0ee3501d4a8a662f7 (class ``KernelSyncAll``: ``Init``, ``Process``,
``CopyToWorkGlobal``, ``CopyFromOtherCore``, ``Accumulate``, ``FirstCompute``; kernel ``sync_all_custom``).

The sample breaks one of CANN's rules: it declares the kernel ``__vector__`` and calls the hard
``SyncAll()``, while CANN's SyncAll page (mirror-cann/asc-devkit, its Chinese API documentation,
SIMD-API/基础API/同步控制/核间同步/SyncAll.md,
"硬件同步接口约束") requires ``__mix__(0, 1)`` for a pure vector kernel that uses the hard barrier.
``test_sync_all_custom_as_vector_kernel`` compiles the sample as written and expects ascx's located error
(issue 31 point 12); ``test_sync_all_custom`` runs it as CANN requires, ``kernel_type=KernelType.MIX_AIV_1_0``
(``KERNEL_TYPE_MIX_AIV_1_0``, issue 31 point 9).  Without a ``kernel_type`` ascx builds the kernel as
``MIX_AIV_1_0`` itself (docs/rules/cross-core.md#xc-8).

Changes the translation needed:
- The class's methods are device functions; its members are locals passed to them.
- ``reinterpret_cast<__gm__ float*>(srcGm + blockIdx * TILE_LENGTH * sizeof(float))`` (byte arithmetic on a
  ``uint8_t`` pointer) is ``src_gm + block_idx * TILE_LENGTH`` on a float address.
- ``ubAllocator.Alloc<float, 32>()`` is ``alloc(asc.TPosition.VECCALC, asc.float32, 32)`` (pyasc's form).
- ``__vector__`` is ``@asc.jit(kernel_type=KernelType.AIV_ONLY)``; ``__mix__(0, 1)`` is
  ``@asc.jit(kernel_type=KernelType.MIX_AIV_1_0)``.
- Sizes are the sample's: 256 floats over 8 blocks of 32.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import ascx as asc
from ascx.errors import KernelError
from ascx.runtime.config import KernelType
from ascx.runtime.jit import MockTensor

DEFAULT_SYNCALL_NEED_SIZE = 8
TOTAL_LENGTH = 256
TILE_LENGTH = 32


@asc.jit
def copy_to_work_global(dst_local, work_global, block_idx):
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(work_global[block_idx * TILE_LENGTH :], dst_local, TILE_LENGTH)


@asc.jit
def copy_from_other_core(index, src_local, work_global):
    asc.set_flag(asc.HardEvent.V_MTE2, 0)
    asc.wait_flag(asc.HardEvent.V_MTE2, 0)
    asc.data_copy(src_local, work_global[index * TILE_LENGTH :], TILE_LENGTH)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)


@asc.jit
def accumulate(dst_local, src_local):
    asc.add(dst_local, dst_local, src_local, TILE_LENGTH)
    asc.pipe_barrier(asc.PipeID.PIPE_V)


@asc.jit
def first_compute(src_local1, dst_local):
    scalar_value = 2.0
    asc.muls(dst_local, src_local1, scalar_value, TILE_LENGTH)
    asc.pipe_barrier(asc.PipeID.PIPE_V)


def sync_all_custom_source(
    src_gm: asc.GlobalAddress, dst_gm: asc.GlobalAddress, work_gm: asc.GlobalAddress, sync_gm: asc.GlobalAddress
) -> None:
    asc.init_soc_state()
    # Init
    block_num = asc.get_block_num()
    block_idx = asc.get_block_idx()
    src_global = asc.GlobalTensor()
    dst_global = asc.GlobalTensor()
    work_global = asc.GlobalTensor()
    sync_global = asc.GlobalTensor()
    src_global.set_global_buffer(src_gm + block_idx * TILE_LENGTH, TILE_LENGTH)
    dst_global.set_global_buffer(dst_gm + block_idx * TILE_LENGTH, TILE_LENGTH)
    work_global.set_global_buffer(work_gm, TOTAL_LENGTH)
    sync_global.set_global_buffer(sync_gm, block_num * DEFAULT_SYNCALL_NEED_SIZE)
    # Process
    ub_allocator = asc.LocalMemAllocator(asc.Hardware.UB)
    src_local1 = ub_allocator.alloc(asc.TPosition.VECCALC, asc.float32, 32)
    dst_local = ub_allocator.alloc(asc.TPosition.VECCALC, asc.float32, 32)

    asc.data_copy(src_local1, src_global, TILE_LENGTH)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)

    first_compute(src_local1, dst_local)
    copy_to_work_global(dst_local, work_global, block_idx)
    asc.sync_all()
    for i in range(block_num):
        if i != block_idx:
            copy_from_other_core(i, src_local1, work_global)
            accumulate(dst_local, src_local1)

    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(dst_global, dst_local, TILE_LENGTH)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


sync_all_custom = asc.jit(kernel_type=KernelType.MIX_AIV_1_0)(sync_all_custom_source)
sync_all_custom_vector = asc.jit(kernel_type=KernelType.AIV_ONLY)(sync_all_custom_source)


def test_sync_all_custom() -> None:
    rng = np.random.default_rng(31)
    x = rng.standard_normal(TOTAL_LENGTH).astype(np.float32)
    z = np.full_like(x, np.nan)
    work = np.zeros(TOTAL_LENGTH, np.float32)
    sync = np.zeros(TOTAL_LENGTH // TILE_LENGTH * DEFAULT_SYNCALL_NEED_SIZE, np.int32)
    sync_all_custom[TOTAL_LENGTH // TILE_LENGTH](x, z, work, sync)
    doubled = (x * np.float32(2)).reshape(-1, TILE_LENGTH)
    # block b adds the other blocks' slots to its own, in block order: the same float32 additions
    expected = doubled.copy()
    for b in range(doubled.shape[0]):
        for i in range(doubled.shape[0]):
            if i != b:
                expected[b] = expected[b] + doubled[i]
    np.testing.assert_array_equal(z, expected.reshape(-1))


def test_sync_all_custom_as_vector_kernel() -> None:
    f32 = MockTensor(asc.float32)
    with pytest.raises(KernelError) as caught:
        sync_all_custom_vector.compile(f32, f32, f32, MockTensor(asc.int32))
    assert caught.value.message == (
        "kernel_type=KernelType.AIV_ONLY, but the hardware `asc.sync_all()` needs a MIX kernel: in a pure vector "
        "kernel it requires KERNEL_TYPE_MIX_AIV_1_0 (CANN's SyncAll page, asc-devkit api/context/SyncAll.md)"
    )
    assert caught.value.location is not None
    assert caught.value.location.line == sync_all_custom_source.__code__.co_firstlineno + 26  # its sync_all()


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The kernel's C++, for the CANN type-check (``ascx.testing.cann_kernels``)."""
    f32 = MockTensor(asc.float32)
    yield "sync_all_custom", sync_all_custom.compile(f32, f32, f32, MockTensor(asc.int32)).source
