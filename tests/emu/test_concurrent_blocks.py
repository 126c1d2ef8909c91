"""The blocks of a launch run concurrently on host threads: inter-block synchronisation really waits
(``ib_set`` / ``ib_wait`` on any block, ``sync_all``, ``notify_next_block`` / ``wait_pre_block``,
cross-core flags), a wait that nothing can satisfy is a located deadlock error within seconds, and
results and output do not depend on how the cores were scheduled."""

from __future__ import annotations

import time
import warnings
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import ascx as asc
from ascx.emu.launch import EmulationError, build_kernel, launch
from ascx.testing import line_of, load_kernel_source

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

N = 256

HANDOFF = """
@asc.jit
def handoff(x: asc.GlobalAddress, z: asc.GlobalAddress, sync: asc.GlobalAddress, n: int) -> None:
    pipe = asc.TPipe()  # CANN's IBSet / IBWait take their event ids from the kernel's TPipe
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
    pipe = asc.TPipe()
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
    pipe = asc.TPipe()  # CANN's WaitPreBlock / NotifyNextBlock take their event ids from the kernel's TPipe
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

FOREVER = """
@asc.jit(verify_sync=False)  # the static XC-6 would refuse the ib_wait without an ib_set
def forever(x: asc.GlobalAddress, sync: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    xg = asc.GlobalTensor()
    sg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    sg.set_global_buffer(sync)
    ub = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 8)
    if asc.get_block_idx() == 0:
        asc.ib_wait(sg, ub, 1, 0)  # block 1 finishes without setting the flag
    xg.set_value(asc.get_block_idx(), 1.0)
"""

LONELY_SYNC_ALL = """
@asc.jit(verify_sync=False)  # the static XC-4 would refuse a sync_all guarded by the block index
def lonely(x: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    if asc.get_block_idx() != 2:
        asc.sync_all()  # block 2 never comes
    xg.set_value(asc.get_block_idx(), 1.0)
"""

RACY = """
@asc.jit(insert_sync=False, verify_sync=False)
def racy(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int) -> None:
    block = asc.get_block_idx()
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    buf = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(buf, xg[block * n:], n)
    if block % 2 == 0:
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg[block * n:], buf, n)  # the odd blocks copy out what MTE2 may still be writing
"""

PIPELESS = """
@asc.jit(verify_sync=False)  # the verifier refuses it (XC-9): this tests the emulation's own stop
def pipeless(x: asc.GlobalAddress, sync: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    sg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    sg.set_global_buffer(sync)
    ub = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 8)
    if asc.get_block_idx() == 0:
        asc.ib_set(sg, ub, 0, 0)  # no TPipe
    else:
        asc.ib_wait(sg, ub, 0, 0)
    xg.set_value(asc.get_block_idx(), 1.0)
"""

FLAGGED = """
@asc.jit
def flagged(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int) -> None:
    block = asc.get_block_idx()
    blocks = asc.get_block_num()
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg[block * n:], n)
    asc.muls(a, a, 3.0, n)
    asc.data_copy(zg[block * n:], a, n)
    asc.cross_core_set_flag(3, 0, asc.PipeID.PIPE_MTE3)  # mode 0: every core of the launch
    asc.cross_core_wait_flag(3, 0, asc.PipeID.PIPE_MTE2)
    asc.data_copy(a, zg[((block + blocks - 1) % blocks) * n:], n)  # the previous block's result
    asc.data_copy(xg[block * n:], a, n)
"""


def scheduler_only(differential_case: str) -> pytest.MarkDecorator:
    """A parameter that runs the differential case's kernel again with another clean-room thread count."""
    return pytest.mark.clean_room_only(
        f"the same kernel as {differential_case}'s differential case; the parameter only varies the clean-room "
        "scheduler"
    )


DEADLOCK = pytest.mark.clean_room_only(
    "the deadlock is found by the clean-room backend's scheduler, whose located error stops the launch before the "
    "CANN backend would run (there IBWait and SyncAll spin on GM until the launch's timeout)"
)
CHECKER = pytest.mark.clean_room_only(
    "the dynamic synchronisation checker is the clean-room backend's: its hazard stops the launch before the CANN "
    "backend would run"
)


@pytest.fixture(scope="module")
def kernels(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """The kernels of this file, in one module (built once for all the tests here)."""
    sources = (HANDOFF, CIRCULAR, NEIGHBOURS, TURNS, FOREVER, LONELY_SYNC_ALL, RACY, FLAGGED, PIPELESS)
    return load_kernel_source(tmp_path_factory.mktemp("concurrent"), "".join(sources))


def _compile(module: ModuleType, name: str, *args: object) -> tuple[object, object]:
    kernel = getattr(module, name)
    with warnings.catch_warnings():  # racy and forever opt out of sync insertion or verification
        warnings.simplefilter("ignore", asc.AscxWarning)
        compiled = kernel.compile(*args)
    build_kernel(compiled)
    return kernel, compiled


@pytest.mark.parametrize(
    "threads",
    [pytest.param(1, marks=scheduler_only("threads=2")), 2, pytest.param(4, marks=scheduler_only("threads=2"))],
)
def test_a_block_waits_for_a_later_block(
    kernels: ModuleType, threads: int, capfd: pytest.CaptureFixture[str], differential: str | None
) -> None:
    module = kernels
    x = np.arange(2 * N, dtype=np.float32) / 7
    z = np.zeros_like(x)
    sync = np.zeros(2 * 8, dtype=np.int32)
    _, compiled = _compile(module, "handoff", x, z, sync, N)
    launch(compiled, 2, [x, z, sync, N], threads=threads)  # type: ignore[arg-type]
    np.testing.assert_array_equal(z[N:], x[N:] * np.float32(2))
    np.testing.assert_array_equal(z[:N], x[:N] + x[N:] * np.float32(2))
    # block 1 printed first, but the output comes in core order (on each backend the launch runs on)
    runs = 2 if differential == "both" else 1
    assert capfd.readouterr().out == "block 0 done\nblock 1 done\n" * runs


@DEADLOCK
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


@pytest.mark.parametrize("threads", [pytest.param(1, marks=scheduler_only("threads=3")), 3])
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


@pytest.mark.parametrize("threads", [pytest.param(1, marks=scheduler_only("threads=2")), 2])
def test_cross_core_flags_of_every_core_are_a_barrier(kernels: ModuleType, threads: int) -> None:
    """Mode 0: a core's wait passes once every core of the launch has set the flag."""
    module = kernels
    blocks = 3
    x = np.arange(blocks * N, dtype=np.float32)
    original = x.copy()
    z = np.zeros_like(x)
    _, compiled = _compile(module, "flagged", x, z, N)
    launch(compiled, blocks, [x, z, N], threads=threads)  # type: ignore[arg-type]
    np.testing.assert_array_equal(z, original * 3)
    np.testing.assert_array_equal(x, np.roll(original * 3, N))


@pytest.mark.parametrize("threads", [pytest.param(1, marks=scheduler_only("threads=2")), 2])
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


def _deadlock(module: ModuleType, name: str, blocks: int, args: list[object], threads: int) -> EmulationError:
    """The launch's error, which must come within a few seconds of the start."""
    _, compiled = _compile(module, name, *args)
    start = time.perf_counter()
    with pytest.raises(EmulationError) as caught:
        launch(compiled, blocks, args, threads=threads)  # type: ignore[arg-type]
    assert time.perf_counter() - start < 3.0
    return caught.value


@DEADLOCK
@pytest.mark.parametrize("threads", [1, 2, 4])
def test_a_kernel_that_waits_forever_is_a_located_deadlock(kernels: ModuleType, threads: int) -> None:
    """Block 0 waits for a flag block 1 never sets: once block 1 has finished, nothing can wake it."""
    module = kernels
    x = np.zeros(8, dtype=np.float32)
    error = _deadlock(module, "forever", 2, [x, np.zeros(2 * 8, dtype=np.int32)], threads)
    line = line_of(module, "asc.ib_wait(sg, ub, 1, 0)  # block 1 finishes")
    file = module.__file__
    assert error.message == (
        "kernel 'forever' failed in the CPU emulation: deadlock: every running core waits for something no core "
        f"will do: block 0 (sub-block 0) waits in IBWait(block 1, event 0) ({file}:{line})"
    )
    assert error.location is not None
    assert (Path(error.location.file), error.location.line) == (Path(str(file)), line)
    assert x[1] == 1.0  # block 1 ran to its end
    assert x[0] == 0.0  # block 0 never got past its wait


@DEADLOCK
@pytest.mark.parametrize("threads", [1, 2])
def test_a_sync_all_one_block_skips_is_a_located_deadlock(kernels: ModuleType, threads: int) -> None:
    module = kernels
    error = _deadlock(module, "lonely", 4, [np.zeros(8, dtype=np.float32)], threads)
    line = line_of(module, "asc.sync_all()  # block 2 never comes")
    file = module.__file__
    assert error.message == (
        "kernel 'lonely' failed in the CPU emulation: deadlock: every running core waits for something no core "
        f"will do: block 0 (sub-block 0) waits in SyncAll() ({file}:{line}); block 1 (sub-block 0) waits in "
        f"SyncAll() ({file}:{line}); block 3 (sub-block 0) waits in SyncAll() ({file}:{line})"
    )
    assert error.location is not None
    assert error.location.line == line


@pytest.mark.clean_room_only(
    "the property is the clean-room scheduler's (the cores on host threads, however the host interleaves them); "
    "its three kernels run on both backends in the differential cases above"
)
def test_results_are_the_same_on_every_run(kernels: ModuleType) -> None:
    """Blocks that share GM only through inter-block synchronisation compute the same bits on every
    run, whatever the threads and however the host schedules them."""
    module = kernels
    blocks = 6
    rng = np.random.default_rng(7)
    x = rng.standard_normal(blocks * N).astype(np.float32)
    _, turns = _compile(module, "turns", x, np.zeros(N, np.float32), np.zeros(blocks * 8, np.int32), N)
    _, neighbours = _compile(module, "neighbours", x.copy(), np.zeros_like(x), N)
    _, handoff = _compile(module, "handoff", x[: 2 * N].copy(), np.zeros(2 * N, np.float32), np.zeros(16, np.int32), N)
    seen: dict[str, set[bytes]] = {"turns": set(), "neighbours": set(), "handoff": set()}
    for run in range(12):
        threads = (1, 2, 3, 6)[run % 4]
        total = np.zeros(N, np.float32)
        launch(turns, blocks, [x, total, np.zeros(blocks * 8, np.int32), N], threads=threads)  # type: ignore[arg-type]
        seen["turns"].add(total.tobytes())
        moved, z = x.copy(), np.zeros_like(x)
        launch(neighbours, blocks, [moved, z, N], threads=threads)  # type: ignore[arg-type]
        seen["neighbours"].add(moved.tobytes() + z.tobytes())
        pair = np.zeros(2 * N, np.float32)
        launch(handoff, 2, [x[: 2 * N].copy(), pair, np.zeros(16, np.int32), N], threads=threads)  # type: ignore[arg-type]
        seen["handoff"].add(pair.tobytes())
    assert {name: len(results) for name, results in seen.items()} == {"turns": 1, "neighbours": 1, "handoff": 1}


@CHECKER
@pytest.mark.parametrize("threads", [1, 2, 4])
def test_the_checker_flags_a_missing_flag_in_a_concurrent_launch(kernels: ModuleType, threads: int) -> None:
    """Each core has its own checker clocks: blocks 1 and 3 miss the flag the even blocks set, and the
    launch reports block 1's hazard (the lowest failing core), whichever core failed first."""
    module = kernels
    blocks = 4
    x = np.arange(blocks * N, dtype=np.float32)
    z = np.zeros_like(x)
    _, compiled = _compile(module, "racy", x, z, N)
    with pytest.raises(EmulationError) as caught:
        launch(compiled, blocks, [x, z, N], threads=threads)  # type: ignore[arg-type]
    file = module.__file__
    copy_in = line_of(module, "asc.data_copy(buf, xg[block * n:], n)")
    copy_out = line_of(module, "asc.data_copy(zg[block * n:], buf, n)")
    assert caught.value.message == (
        "kernel 'racy' failed in the CPU emulation: block 1 (sub-block 0): RAW hazard: DataCopy (local to GM) "
        f"(MTE3) reads UB bytes [0, 32) written by DataCopy (GM to local) (MTE2) ({file}:{copy_in}) with no "
        "synchronisation between them"
    )
    assert caught.value.location is not None
    assert caught.value.location.line == copy_out
    # block 0, below the failing core, is synchronised: it ran on to its end (blocks above 1 stop early)
    np.testing.assert_array_equal(z[:N], x[:N])


@pytest.mark.clean_room_only(
    "the TPipe check is the clean-room backend's: its error stops the launch before the CANN backend would run, "
    "whose IBSet stops with SIGSEGV at the null TPipe"
)
def test_inter_block_sync_without_a_tpipe_is_an_error(kernels: ModuleType) -> None:
    """Found by the differential check: CANN's IBSet, IBWait, WaitPreBlock, NotifyNextBlock and software SyncAll
    take their event ids from the kernel's TPipe (GetTPipePtr()->FetchEventID)."""
    module = kernels
    x = np.zeros(8, dtype=np.float32)
    _, compiled = _compile(module, "pipeless", x, np.zeros(16, dtype=np.int32))
    with pytest.raises(EmulationError) as caught:
        launch(compiled, 2, [x, np.zeros(16, dtype=np.int32)])  # type: ignore[arg-type]
    assert caught.value.message == (
        "kernel 'pipeless' failed in the CPU emulation: block 0 (sub-block 0): IBSet: the kernel has no TPipe, and "
        "CANN's IBSet takes its event ids from the kernel's TPipe (GetTPipePtr()->FetchEventID): create one before "
        "the call"
    )
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "asc.ib_set(sg, ub, 0, 0)  # no TPipe")
