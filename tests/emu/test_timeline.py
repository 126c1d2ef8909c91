"""The modelled per-pipe timeline of a launch (docs/emulation.md#timeline): exact times of tiny kernels
computed by hand from the cost table, and the model's invariants (barriers, queues, async Matmul)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from tests.emu.timeline_kernels import FLAGGED_COPY

import ascx as asc
from ascx.emu import timeline
from ascx.emu.timeline.events import BARRIER_ALL, FLAG_SET, FLAG_WAIT, OP, Event
from ascx.errors import AscxError

BARRIER = """
@asc.jit
def barrier(x: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 256)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 1024, 256)
    asc.data_copy(a, xg, 256)
    BARRIER_HERE
    asc.duplicate(b, 1.0, 256)
"""

QUEUES = """
@asc.jit
def queued_add(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, 4096)
    yg.set_global_buffer(y, 4096)
    zg.set_global_buffer(z, 4096)
    pipe = asc.TPipe()
    xq = asc.TQue(asc.TPosition.VECIN, BUFFERS)
    yq = asc.TQue(asc.TPosition.VECIN, BUFFERS)
    zq = asc.TQue(asc.TPosition.VECOUT, BUFFERS)
    pipe.init_buffer(xq, BUFFERS, 512 * 4)
    pipe.init_buffer(yq, BUFFERS, 512 * 4)
    pipe.init_buffer(zq, BUFFERS, 512 * 4)
    for i in range(8):
        xl = xq.alloc_tensor(asc.float32)
        yl = yq.alloc_tensor(asc.float32)
        asc.data_copy(xl, xg[i * 512:], 512)
        asc.data_copy(yl, yg[i * 512:], 512)
        xq.enque(xl)
        yq.enque(yl)
        xv = xq.deque(asc.float32)
        yv = yq.deque(asc.float32)
        zl = zq.alloc_tensor(asc.float32)
        asc.add(zl, xv, yv, 512)
        zq.enque(zl)
        xq.free_tensor(xv)
        yq.free_tensor(yv)
        zv = zq.deque(asc.float32)
        asc.data_copy(zg[i * 512:], zv, 512)
        zq.free_tensor(zv)
"""


def profiled(kernel: Any, blocks: int, *args: Any, directory: Path, **costs: float) -> timeline.Profile:
    with timeline.costs(**costs), timeline.profiling(directory, quiet=True) as found:
        kernel[blocks](*args)
    assert len(found) == 1
    return found[0]


def ops(profile: timeline.Profile, actor: str) -> list[Event]:
    return [e for e in profile.timeline.events if e.kind == OP and e.actor == actor]


def overlaps(first: list[Event], second: list[Event]) -> bool:
    return any(a.start < b.end and b.start < a.end for a in first for b in second)


def test_a_flagged_copy_takes_the_cycles_the_cost_table_gives(
    kernel_module: Callable[[str], ModuleType], tmp_path: Path
) -> None:
    kernel = kernel_module(FLAGGED_COPY).flagged_copy
    x = np.arange(256, dtype=np.float32)
    z = np.zeros_like(x)
    profile = profiled(
        kernel, 1, x, z, directory=tmp_path, scalar_issue=1, mte_overhead=10, mte2_bytes=32, mte3_bytes=128,
        flag_latency=5,
    )  # fmt: skip
    np.testing.assert_array_equal(z, x)
    events = profile.timeline.events
    # issue 1: the load starts at 1 and moves 1024 bytes at 32 a cycle after 10 to start: [1, 43)
    # issue 2: set_flag when MTE2 reaches it (43); the flag is seen 5 cycles later (48)
    # issue 3: MTE3's wait_flag from its issue (3) to 48; issue 4: the store [48, 48 + 10 + 1024 / 128);
    # issue 5: the kernel's closing PipeBarrier<PIPE_ALL> (ascx prints one) waits for the store
    assert [(e.actor, e.kind, e.start, e.end) for e in events] == [
        ("MTE2", OP, 1.0, 43.0),
        ("MTE2", FLAG_SET, 43.0, 43.0),
        ("MTE3", FLAG_WAIT, 3.0, 48.0),
        ("MTE3", OP, 48.0, 66.0),
        ("S", BARRIER_ALL, 5.0, 66.0),
    ]
    assert [e.call for e in events] == [
        "DataCopy (GM to local)",
        "set_flag",
        "wait_flag",
        "DataCopy (local to GM)",
        "PipeBarrier<PIPE_ALL>",
    ]
    assert [(e.bytes, e.read) for e in events if e.kind == OP] == [(1024, 1024), (1024, 1024)]
    assert profile.timeline.total == 66.0
    assert [e.cause for e in events] == [-1, 0, 1, 2, 3]  # each decided by the one before: the critical path
    assert profile.timeline.ends == {("aiv", 0): 66.0}
    assert profile.timeline.core == ("aiv", 0)
    assert "total: 66 cycles" in profile.text


@pytest.mark.parametrize(("barrier", "serial"), [("asc.pipe_barrier(asc.PipeID.PIPE_ALL)", True), ("pass", False)])
def test_a_pipe_all_barrier_serialises_the_pipes(
    kernel_module: Callable[[str], ModuleType], tmp_path: Path, barrier: str, serial: bool
) -> None:
    kernel = kernel_module(BARRIER.replace("BARRIER_HERE", barrier)).barrier
    profile = profiled(kernel, 1, np.zeros(256, np.float32), directory=tmp_path)
    (load,) = ops(profile, "MTE2")
    (fill,) = ops(profile, "V")
    if serial:
        assert fill.start == load.end + 1  # the scalar unit waits for every pipe, then issues (1 cycle)
    else:
        assert fill.start < load.end  # the duplicate runs while the load does
        assert fill.start == 2.0  # its issue: the second instruction, one cycle each


def test_a_double_buffered_queue_overlaps_mte2_with_v_and_a_single_one_does_not(
    kernel_module: Callable[[str], ModuleType], tmp_path: Path
) -> None:
    x = np.arange(4096, dtype=np.float32)
    y = np.ones_like(x)
    profiles: dict[int, timeline.Profile] = {}
    for buffers in (1, 2):
        kernel = kernel_module(QUEUES.replace("BUFFERS", str(buffers))).queued_add
        z = np.zeros_like(x)
        profiles[buffers] = profiled(kernel, 1, x, y, z, directory=tmp_path / str(buffers))
        np.testing.assert_array_equal(z, x + y)
    assert not overlaps(ops(profiles[1], "MTE2"), ops(profiles[1], "V"))
    assert overlaps(ops(profiles[2], "MTE2"), ops(profiles[2], "V"))
    assert profiles[2].timeline.total < profiles[1].timeline.total


def test_a_double_buffered_queue_hands_its_buffers_out_in_turn(
    kernel_module: Callable[[str], ModuleType], tmp_path: Path
) -> None:
    """As CANN's TQue (a cursor over the buffers): after a free, the next alloc takes the other buffer, so
    the next tile's load need not wait for this tile's compute."""
    kernel = kernel_module(QUEUES.replace("BUFFERS", "2")).queued_add
    x = np.arange(4096, dtype=np.float32)
    profile = profiled(kernel, 1, x, x, np.zeros_like(x), directory=tmp_path)
    waits = [e for e in profile.timeline.events if e.kind == FLAG_WAIT and e.actor == "MTE2"]
    first_reuse = min(e.start for e in waits)
    second_tile_loads = ops(profile, "MTE2")[2:4]
    assert all(load.end <= first_reuse for load in second_tile_loads)


ASYNC = """
@asc.jit
def overlapped(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(position=asc.TPosition.GM, format=asc.CubeFormat.ND, dtype=asc.float16)
    b_type = asc.adv.MatmulType(position=asc.TPosition.GM, format=asc.CubeFormat.ND, dtype=asc.float16)
    c_type = asc.adv.MatmulType(position=asc.TPosition.GM, format=asc.CubeFormat.ND, dtype=asc.float16)
    matmul = asc.adv.Matmul(a_type, b_type, c_type)
    asc.adv.register_matmul(pipe, workspace, matmul)
    tiling = asc.adv.TCubeTiling(used_core_num=1, m=128, k_a=64, k_b=64, n=256, base_m=128, base_k=64,
                                 base_n=256, single_core_m=128, single_core_k=64, single_core_n=256,
                                 depth_a1=1, depth_b1=1, step_m=1, step_n=1, share_mode=0, share_ub_size=0,
                                 share_l1_size=asc.property(asc.TOTAL_L1_SIZE),
                                 share_l0c_size=asc.property(asc.TOTAL_L0C_SIZE))
    matmul.init(tiling)
    a_global = asc.GlobalTensor()
    b_global = asc.GlobalTensor()
    c_global = asc.GlobalTensor()
    a_global.set_global_buffer(a)
    b_global.set_global_buffer(b)
    c_global.set_global_buffer(c)
    matmul.set_org_shape(128, 256, 64)
    matmul.set_tensor_a(a_global)
    matmul.set_tensor_b(b_global)
    matmul.set_single_shape(128, 256, 64)
    scratch = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 4096)
    matmul.iterate_all(c_global, en_atomic=0, en_sequential_write=False, wait_iterate_all=ASYNC, fake_msg=False,
                       sync=SYNC)
    for _ in range(4):
        asc.duplicate(scratch, 1.0, 4096)
    WAIT
    matmul.end()
"""


def test_an_async_iterate_all_overlaps_the_cube_with_vector_work_that_a_sync_one_serialises(
    kernel_module: Callable[[str], ModuleType], tmp_path: Path
) -> None:
    rng = np.random.default_rng(0)
    a = rng.integers(-4, 5, (128, 64)).astype(np.float16)
    b = rng.integers(-4, 5, (64, 256)).astype(np.float16)
    workspace = np.zeros(asc.lib.host.get_ascendc_platform().get_lib_api_work_space_size(), np.uint8)
    profiles: dict[bool, timeline.Profile] = {}
    for sync in (True, False):
        source = (
            ASYNC.replace("ASYNC", str(not sync))
            .replace("SYNC", str(sync))
            .replace("WAIT", "pass" if sync else "matmul.wait_iterate_all()")
        )
        c = np.zeros((128, 256), np.float16)
        profiles[sync] = profiled(kernel_module(source).overlapped, 1, a, b, c, workspace, directory=tmp_path)
        np.testing.assert_array_equal(c, (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float16))
    assert ops(profiles[True], "CUBE")
    assert ops(profiles[True], "V")
    assert not overlaps(ops(profiles[True], "CUBE"), ops(profiles[True], "V"))
    assert overlaps(ops(profiles[False], "CUBE"), ops(profiles[False], "V"))
    assert profiles[False].timeline.total < profiles[True].timeline.total


def test_the_modelled_time_is_deterministic_whatever_the_host_threads(
    kernel_module: Callable[[str], ModuleType], tmp_path: Path
) -> None:
    from ascx.emu.launch import launch

    kernel = kernel_module(QUEUES.replace("BUFFERS", "2")).queued_add
    x = np.arange(4 * 4096, dtype=np.float32)
    compiled = kernel.compile(x, x, x)
    runs: list[timeline.Timeline] = []
    for threads in (1, 4, 4):
        with timeline.profiling(tmp_path, quiet=True, block=2) as found:
            launch(compiled, 4, (x, x, np.zeros_like(x)), threads=threads)
        runs.append(found[0].timeline)
    assert runs[0] == runs[1] == runs[2]  # every core's events (in the trace's text), each core's end
    assert runs[0].ends.keys() == {("aiv", core) for core in range(4)}
    assert runs[0].core == ("aiv", 2)
    assert {e.core for e in runs[0].events} == {2}


def test_profiling_without_the_checker_is_a_usage_error(
    kernel_module: Callable[[str], ModuleType], tmp_path: Path
) -> None:
    from ascx.emu.launch import launch

    kernel = kernel_module(FLAGGED_COPY).flagged_copy
    x = np.zeros(256, np.float32)
    compiled = kernel.compile(x, x)
    with timeline.profiling(tmp_path), pytest.raises(AscxError) as error:
        launch(compiled, 1, (x, x), check_sync=False)
    assert str(error.value) == (
        "error: kernel 'flagged_copy': the timeline (ASCX_PROFILE) is recorded by the synchronisation checker, "
        "which this launch turns off (check_sync=False)\n"
        "hint: launch with the checker on to profile (docs/emulation.md#timeline)"
    )
    assert error.value.kind == "usage"


def test_without_asking_nothing_is_recorded(kernel_module: Callable[[str], ModuleType], tmp_path: Path) -> None:
    kernel = kernel_module(FLAGGED_COPY).flagged_copy
    x = np.zeros(256, np.float32)
    with timeline.profiling(tmp_path / "out", quiet=True):
        kernel[1](x, x)
    kernel[1](x, x)  # the same library, the timeline switched off again
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "flagged_copy-0.summary.txt",
        "flagged_copy-0.svg",
        "flagged_copy-0.trace.json",
    ]


def test_a_launch_option_profiles_that_launch(
    kernel_module: Callable[[str], ModuleType], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kernel = kernel_module(FLAGGED_COPY).flagged_copy
    x = np.zeros(256, np.float32)
    kernel[1](x, x, profile=tmp_path / "call")
    kernel[1](x, x)  # not this one
    assert sorted(p.name for p in (tmp_path / "call").iterdir()) == [
        "flagged_copy-0.summary.txt",
        "flagged_copy-0.svg",
        "flagged_copy-0.trace.json",
    ]
    assert capsys.readouterr().err == (
        f"ascx: the modelled timeline of 'flagged_copy' is in {tmp_path}/call/flagged_copy-0.*\n"
    )


def test_a_profile_option_that_is_no_directory_is_a_usage_error(kernel_module: Callable[[str], ModuleType]) -> None:
    kernel = kernel_module(FLAGGED_COPY).flagged_copy
    x = np.zeros(256, np.float32)
    with pytest.raises(AscxError) as error:
        kernel[1](x, x, profile=True)
    assert str(error.value) == (
        "error: profile must be the directory for the timeline's files (a str or a path), got True\n"
        "hint: e.g. kernel[n](..., profile='profile-out') (docs/emulation.md#timeline)"
    )


def test_a_profile_directory_that_cannot_be_written_is_a_usage_error(
    kernel_module: Callable[[str], ModuleType], tmp_path: Path
) -> None:
    kernel = kernel_module(FLAGGED_COPY).flagged_copy
    x = np.zeros(256, np.float32)
    (tmp_path / "taken").write_text("a file, not a directory")
    with timeline.profiling(tmp_path / "taken", quiet=True), pytest.raises(AscxError) as error:
        kernel[1](x, x)
    assert str(error.value) == (
        f"error: cannot write the modelled timeline of 'flagged_copy' to {tmp_path}/taken: Not a directory "
        f"({tmp_path}/taken/flagged_copy-0.trace.json)\n"
        "hint: ASCX_PROFILE, or a launch's profile=, names a directory for the files, made when missing "
        "(docs/emulation.md#timeline)"
    )
    assert error.value.kind == "usage"
