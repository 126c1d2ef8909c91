"""The blocks of a launch run concurrently on host threads: inter-block synchronisation really waits
(``ib_set`` / ``ib_wait`` on any block, ``sync_all``, ``notify_next_block`` / ``wait_pre_block``,
cross-core flags), a wait that nothing can satisfy is a located deadlock error within seconds, and
results and output do not depend on how the cores were scheduled."""

from __future__ import annotations

import time
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from ascx.emu.launch import EmulationError, build_kernel, launch
from ascx.testing import line_of, load_kernel_source

N = 256

HANDOFF = """
@asc.jit
def handoff(x: asc.GlobalAddress, z: asc.GlobalAddress, sync: asc.GlobalAddress, n: int) -> None:
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    sg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    sg.set_global_buffer(sync)
    ub = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 8)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 1024, n)
    b = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 8192, n)
    if asc.get_block_idx() == 1:
        asc.data_copy(a, xg[n:], n)
        asc.muls(a, a, 2.0, n)
        asc.data_copy(zg[n:], a, n)
        asc.ib_set(sg, ub, 1, 0)
    else:
        asc.ib_wait(sg, ub, 1, 0)  # block 0 waits for block 1, which starts after it
        asc.data_copy(a, zg[n:], n)
        asc.data_copy(b, xg, n)
        asc.add(a, a, b, n)
        asc.data_copy(zg, a, n)
        asc.printf("block 0 done\\n")
    if asc.get_block_idx() == 1:
        asc.printf("block 1 done\\n")
"""

CIRCULAR = """
@asc.jit
def circular(sync: asc.GlobalAddress) -> None:
    sg = asc.GlobalTensor()
    sg.set_global_buffer(sync)
    ub = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 8)
    me = asc.get_block_idx()
    other = 1 - me
    asc.ib_wait(sg, ub, other, 0)  # each block waits for the other's ib_set: neither comes
    asc.ib_set(sg, ub, me, 0)
"""

NEIGHBOURS = """
@asc.jit
def neighbours(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int) -> None:
    block = asc.get_block_idx()
    blocks = asc.get_block_num()
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg[block * n:], n)
    asc.adds(a, a, 1.0, n)
    asc.data_copy(zg[block * n:], a, n)
    asc.sync_all()
    asc.data_copy(a, zg[((block + 1) % blocks) * n:], n)  # the next block's result, written before the barrier
    asc.data_copy(xg[block * n:], a, n)
"""

TURNS = """
@asc.jit
def turns(x: asc.GlobalAddress, total: asc.GlobalAddress, gm_ws: asc.GlobalAddress, n: int) -> None:
    block = asc.get_block_idx()
    xg = asc.GlobalTensor()
    tg = asc.GlobalTensor()
    wg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    tg.set_global_buffer(total)
    wg.set_global_buffer(gm_ws)
    ub = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 256)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 1024, n)
    b = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 8192, n)
    asc.data_copy(a, xg[block * n:], n)
    asc.wait_pre_block(wg, ub)  # the blocks add into the total one after another, in index order
    asc.data_copy(b, tg, n)
    asc.add(b, b, a, n)
    asc.data_copy(tg, b, n)
    asc.notify_next_block(wg, ub)
"""


@pytest.fixture(scope="module")
def kernels(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """The kernels of this file, in one module (built once for all the tests here)."""
    return load_kernel_source(tmp_path_factory.mktemp("concurrent"), HANDOFF + CIRCULAR + NEIGHBOURS + TURNS)


def _compile(module: ModuleType, name: str, *args: object) -> tuple[object, object]:
    kernel = getattr(module, name)
    compiled = kernel.compile(*args)
    build_kernel(compiled)
    return kernel, compiled


@pytest.mark.parametrize("threads", [1, 2, 4])
def test_a_block_waits_for_a_later_block(kernels: ModuleType, threads: int, capfd: pytest.CaptureFixture[str]) -> None:
    module = kernels
    x = np.arange(2 * N, dtype=np.float32) / 7
    z = np.zeros_like(x)
    sync = np.zeros(2 * 8, dtype=np.int32)
    _, compiled = _compile(module, "handoff", x, z, sync, N)
    launch(compiled, 2, [x, z, sync, N], threads=threads)  # type: ignore[arg-type]
    np.testing.assert_array_equal(z[N:], x[N:] * np.float32(2))
    np.testing.assert_array_equal(z[:N], x[:N] + x[N:] * np.float32(2))
    # block 1 printed first, but the output comes in core order
    assert capfd.readouterr().out == "block 0 done\nblock 1 done\n"


def test_a_wait_nothing_can_satisfy_is_a_located_deadlock(kernels: ModuleType) -> None:
    module = kernels
    sync = np.zeros(2 * 8, dtype=np.int32)
    _, compiled = _compile(module, "circular", sync)
    line = line_of(module, "asc.ib_wait(sg, ub, other, 0)")
    file = module.__file__
    for threads in (1, 2):
        start = time.perf_counter()
        with pytest.raises(EmulationError) as caught:
            launch(compiled, 2, [sync], threads=threads)  # type: ignore[arg-type]
        assert time.perf_counter() - start < 3.0
        assert caught.value.message == (
            "kernel 'circular' failed in the CPU emulation: deadlock: every running core waits for something no "
            f"core will do: block 0 (sub-block 0) waits in IBWait(block 1, event 0) ({file}:{line}); block 1 "
            f"(sub-block 0) waits in IBWait(block 0, event 0) ({file}:{line})"
        )
        location = caught.value.location
        assert location is not None
        assert (Path(location.file), location.line) == (Path(str(file)), line)


@pytest.mark.parametrize("threads", [1, 3])
def test_sync_all_is_a_barrier_of_every_block(kernels: ModuleType, threads: int) -> None:
    module = kernels
    blocks = 5
    x = np.arange(blocks * N, dtype=np.float32)
    original = x.copy()
    z = np.zeros_like(x)
    _, compiled = _compile(module, "neighbours", x, z, N)
    launch(compiled, blocks, [x, z, N], threads=threads)  # type: ignore[arg-type]
    np.testing.assert_array_equal(z, original + 1)
    np.testing.assert_array_equal(x, np.roll(original + 1, -N))


@pytest.mark.parametrize("threads", [1, 2])
def test_wait_pre_block_orders_the_blocks(kernels: ModuleType, threads: int) -> None:
    module = kernels
    blocks = 4
    rng = np.random.default_rng(1)
    x = rng.standard_normal(blocks * N).astype(np.float32)
    total = np.zeros(N, dtype=np.float32)
    workspace = np.zeros(blocks * 8, dtype=np.int32)
    _, compiled = _compile(module, "turns", x, total, workspace, N)
    launch(compiled, blocks, [x, total, workspace, N], threads=threads)  # type: ignore[arg-type]
    expected = np.zeros(N, dtype=np.float32)
    for b in range(blocks):  # in block order: the same float32 sums on every run
        expected = expected + x[b * N : (b + 1) * N]
    np.testing.assert_array_equal(total, expected)
