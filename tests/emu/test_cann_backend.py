"""The CANN emulation backend (docs/emulation.md#two-backends): choosing it, running kernels through CANN's
own headers one process per core, and the errors a launch reports (a core that stops at an unemulated
intrinsic or hangs on a cross-core flag, located at the kernel's line; a divergence between backends)."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import cast

import numpy as np
import pytest

from ascx.emu.backends import run_both, system_workspaces
from ascx.emu.launch import EmulationError, launch
from ascx.errors import AscxError
from ascx.runtime.cann_check import CannHeaders
from ascx.runtime.compiler import CompiledKernel
from ascx.testing import line_of, load_kernel_source
from ascx.testing.array_protocols import DLPackOnly

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

KERNELS = """
import ascx as asc


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


@asc.jit
def through_workspace(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, at: int) -> None:
    # each block leaves its slice of x in the system workspace; after the flag it reads the previous block's
    block = asc.get_block_idx()
    blocks = asc.get_block_num()
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    wg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    wg.set_global_buffer(asc.get_sys_workspace() + at)
    a = asc.LocalTensor(asc.uint8, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg[block * n:], n)
    asc.data_copy(wg[block * n:], a, n)
    asc.cross_core_set_flag(4, 0, asc.PipeID.PIPE_MTE3)  # mode 0: every core of the launch
    asc.cross_core_wait_flag(4, 0, asc.PipeID.PIPE_MTE2)
    asc.data_copy(a, wg[((block + blocks - 1) % blocks) * n:], n)
    asc.data_copy(zg[block * n:], a, n)


@asc.jit(verify_sync=False)  # the static XC-1 would refuse a wait without a set
def lonely(x: asc.GlobalAddress, n: int) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)
    asc.cross_core_wait_flag(5, 0, asc.PipeID.PIPE_MTE2)  # nobody sets flag 5
    asc.data_copy(xg, a, n)


@asc.jit
def transposing(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    a = asc.LocalTensor(asc.uint16, asc.TPosition.VECIN, 0, 256)
    b = asc.LocalTensor(asc.uint16, asc.TPosition.VECOUT, 4096, 256)
    asc.data_copy(a, xg, 256)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.transpose(b, a)  # a 16 x 16 transpose: vtranspose
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, b, 256)


@asc.jit
def oversized(x: asc.GlobalAddress, n: int) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 2)
    pipe.init_buffer(q, 2, n * 4)  # n is known at run time only: two buffers of n floats
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, xg, n)
    q.enque(t)
    u = q.deque(asc.float32)
    asc.data_copy(xg, u, n)
    q.free_tensor(u)


@asc.jit
def runs_off(x: asc.GlobalAddress, n: int, at: int) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, n)
    asc.data_copy(a, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(xg[at:], a, n)  # ``at`` elements on: past every buffer the kernel has
"""


QUIET = pytest.mark.filterwarnings("ignore::ascx.errors.AscxWarning")
"""The kernels here opt out of verification or share GM between blocks on purpose."""


@pytest.fixture(scope="module")
def kernels(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return load_kernel_source(tmp_path_factory.mktemp("cann"), KERNELS)


@QUIET
def test_unknown_backend_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch, kernels: ModuleType) -> None:
    monkeypatch.setenv("ASCX_EMULATOR", "npu")
    x = np.zeros(64, dtype=np.float32)
    with pytest.raises(AscxError) as error:
        kernels.lonely[1](x, 64)
    assert (
        str(error.value) == "error: ASCX_EMULATOR='npu' is not an emulation backend: use one of clean-room, cann, both"
    )


@QUIET
def test_cann_backend_without_headers_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch, kernels: ModuleType) -> None:
    monkeypatch.setenv("ASCX_EMULATOR", "cann")
    monkeypatch.delenv("ASCX_CANN_HEADERS", raising=False)
    x = np.zeros(64, dtype=np.float32)
    with pytest.raises(AscxError) as error:
        kernels.lonely[1](x, 64)
    assert str(error.value) == (
        "error: the CANN emulation backend needs CANN's Ascend C headers: set ASCX_CANN_HEADERS=DIR (an asc-devkit "
        "tree with gen/, or a CANN installation)"
    )


@QUIET
def test_cross_core_flags_order_the_processes(
    cann_emulator: CannHeaders, monkeypatch: pytest.MonkeyPatch, kernels: ModuleType
) -> None:
    """Mode 0 flags between four AIV processes: each block reads the previous block's result after the
    flag, through the shared GM."""
    monkeypatch.setenv("ASCX_EMULATOR", "cann")
    n, blocks = 64, 4
    x = np.arange(n * blocks, dtype=np.float32)
    original = x.copy()
    z = np.zeros_like(x)
    kernels.flagged[blocks](x, z, n)
    np.testing.assert_array_equal(z, original * 3)
    np.testing.assert_array_equal(x, np.roll(original * 3, n))


@QUIET
def test_both_takes_arguments_that_offer_only_dlpack(
    cann_emulator: CannHeaders, monkeypatch: pytest.MonkeyPatch, kernels: ModuleType
) -> None:
    """``both`` copied each array with ``np.asarray``, which wraps a DLPack-only tensor in an object array:
    the CANN backend then refused the argument ("holds object"). It reads it through DLPack, as a launch does."""
    monkeypatch.setenv("ASCX_EMULATOR", "both")
    n, blocks = 64, 2
    x = np.arange(n * blocks, dtype=np.float32)
    original = x.copy()
    z = np.zeros_like(x)
    compiled = kernels.flagged.compile(x, z, n)
    launch(compiled, blocks, [DLPackOnly(x), DLPackOnly(z), n])
    np.testing.assert_array_equal(z, original * 3)
    np.testing.assert_array_equal(x, np.roll(original * 3, n))


@QUIET
def test_the_system_workspace_is_one_region_for_every_core(
    cann_emulator: CannHeaders, monkeypatch: pytest.MonkeyPatch, kernels: ModuleType
) -> None:
    """GetSysWorkSpacePtr(), which CANN's CPU-debug path leaves to the closed library, is the launch's 16 MiB
    region that every core maps (the device's KFC workspace is one per launch); used up to its last byte."""
    monkeypatch.setenv("ASCX_EMULATOR", "cann")
    n, blocks = 64, 4
    x = np.arange(n * blocks, dtype=np.uint8)
    z = np.zeros_like(x)
    kernels.through_workspace[blocks](x, z, n, (16 << 20) - n * blocks)
    np.testing.assert_array_equal(z, np.roll(x, n))


@QUIET
def test_a_core_that_waits_forever_is_reported_with_its_flag_and_line(
    cann_emulator: CannHeaders, monkeypatch: pytest.MonkeyPatch, kernels: ModuleType
) -> None:
    monkeypatch.setenv("ASCX_EMULATOR", "cann")
    x = np.zeros(64, dtype=np.float32)
    with pytest.raises(EmulationError) as error:
        kernels.lonely[2](x, 64)
    line = line_of(kernels, "asc.cross_core_wait_flag(5")
    file = Path(kernels.__file__).name
    assert error.value.message == (
        "kernel 'lonely' hangs on the CANN backend: every unfinished core waits for a cross-core flag no core will "
        f"set: block 0 (AIV) waits for flag 5 ({file}:{line}); block 1 (AIV) waits for flag 5 ({file}:{line})"
    )
    assert error.value.location is not None
    assert error.value.location.line == line


def test_an_unemulated_intrinsic_stops_the_core_at_its_line(
    cann_emulator: CannHeaders, monkeypatch: pytest.MonkeyPatch, kernels: ModuleType
) -> None:
    monkeypatch.setenv("ASCX_EMULATOR", "cann")
    x = np.arange(256, dtype=np.uint16)
    z = np.zeros(256, dtype=np.uint16)
    with pytest.raises(EmulationError) as error:
        kernels.transposing[1](x, z)
    assert error.value.message == (
        "kernel 'transposing' failed on the CANN backend: block 0 (AIV): the intrinsic vtranspose is not emulated "
        "by the CANN backend"
    )
    assert error.value.location is not None
    assert error.value.location.line == line_of(kernels, "asc.transpose(b, a)")


def test_both_reports_the_first_differing_element(cann_emulator: CannHeaders) -> None:
    sys.path.insert(0, str(EXAMPLES))
    try:
        from vector_add import vector_add
    finally:
        sys.path.remove(str(EXAMPLES))
    blocks, n = 2, 2048
    rng = np.random.default_rng(1)
    x = rng.random(blocks * n, dtype=np.float32)
    y = rng.random(blocks * n, dtype=np.float32)
    z = np.zeros_like(x)
    compiled = vector_add.compile(x, y, z, n)

    def clean_room_with_a_wrong_element(values: object) -> None:
        launch(compiled, blocks, values)  # type: ignore[arg-type]
        z[1234] += 1.0

    with pytest.raises(EmulationError) as error:
        run_both(compiled, blocks, [x, y, z, n], clean_room_with_a_wrong_element)
    right = (x + y)[1234]
    wrong = np.float32(right + 1)
    assert error.value.message == (
        f"the emulation backends differ on kernel 'vector_add': argument 'z' element 1234 is {wrong} on the "
        f"clean-room backend and {right} on the CANN backend (1 of 4096 elements differ)"
    )


def test_both_accepts_differences_within_the_relative_tolerance(
    cann_emulator: CannHeaders, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ASCX_EMULATOR_RTOL``: floating-point outputs may differ by that much relative to the larger value;
    beyond it the error says so."""
    sys.path.insert(0, str(EXAMPLES))
    try:
        from vector_add import vector_add
    finally:
        sys.path.remove(str(EXAMPLES))
    blocks, n = 2, 2048
    rng = np.random.default_rng(1)
    x = rng.random(blocks * n, dtype=np.float32) + np.float32(1)
    y = rng.random(blocks * n, dtype=np.float32)
    z = np.zeros_like(x)
    compiled = vector_add.compile(x, y, z, n)
    scale = {"by": np.float32(1 + 2e-6)}

    def clean_room_off_by(values: object) -> None:
        launch(compiled, blocks, values)  # type: ignore[arg-type]
        z[7] *= scale["by"]

    monkeypatch.setenv("ASCX_EMULATOR_RTOL", "1e-5")
    run_both(compiled, blocks, [x, y, z, n], clean_room_off_by)
    scale["by"] = np.float32(1 + 1e-4)
    with pytest.raises(EmulationError) as error:
        run_both(compiled, blocks, [x, y, z, n], clean_room_off_by)
    assert error.value.message.endswith(
        "on the CANN backend (1 of 4096 elements differ beyond the relative tolerance 1e-05)"
    )
    monkeypatch.setenv("ASCX_EMULATOR_RTOL", "tight")
    with pytest.raises(AscxError) as usage:
        run_both(compiled, blocks, [x, y, z, n], clean_room_off_by)
    assert usage.value.message == "ASCX_EMULATOR_RTOL='tight' is not a relative tolerance: use a number >= 0"


@QUIET
def test_a_cann_assertion_is_located_at_the_kernel_line(
    cann_emulator: CannHeaders, monkeypatch: pytest.MonkeyPatch, kernels: ModuleType
) -> None:
    """CANN's own InitBuffer asserts that the queue fits the UB; the core aborts and its log is quoted."""
    monkeypatch.setenv("ASCX_EMULATOR", "cann")
    x = np.zeros(40000, dtype=np.float32)
    with pytest.raises(EmulationError) as error:
        kernels.oversized[1](x, 40000)
    assert error.value.message == (
        "kernel 'oversized' failed on the CANN backend: block 0 (AIV): CANN's InitBuffer (kernel_tpipe_impl.h:298) "
        "failed: buffer size is 320000, exceeds the limit 196608"
    )
    assert error.value.location is not None
    assert error.value.location.line == line_of(kernels, "pipe.init_buffer(q, 2, n * 4)")


def test_a_memory_fault_past_the_launchs_memory_is_named(
    cann_emulator: CannHeaders, monkeypatch: pytest.MonkeyPatch, kernels: ModuleType
) -> None:
    """A GM write 64 MiB past its buffer lands beyond the launch's memory (the arguments, then the 16 MiB
    system workspace): the core's SIGSEGV is reported with where the access landed, at the kernel's line.
    (Found with examples/matmul_iterate_all_async.py handed a 128-byte REGIST_MATMUL_OBJ workspace: CANN's
    KFC messages lie at ``(2 * block + sub) * 16 KiB`` of it and ran off the memory, before the launch
    reserved the system workspace after the arguments.)"""
    monkeypatch.setenv("ASCX_EMULATOR", "cann")
    x = np.ones(64, np.float32)
    with pytest.raises(EmulationError) as error:
        kernels.runs_off[1](x, 64, 16 << 20)
    message = error.value.message
    assert message.startswith("kernel 'runs_off' failed on the CANN backend: block 0 (AIV): it stopped with "), message
    assert message.endswith(
        " bytes past the end of the launch's memory (after the system workspace): a GM address beyond every "
        "buffer the kernel was given"
    ), message
    assert error.value.location is not None
    assert error.value.location.line == line_of(kernels, "asc.data_copy(xg[at:], a, n)")


@pytest.mark.parametrize(
    "line",
    [
        "    REGIST_MATMUL_OBJ(&pipe, workspace, mm, &tiling);",
        "    REGIST_MATMUL_OBJ(&pipe, reinterpret_cast<GM_ADDR>(workspace), mm, &tiling);",
    ],
)
def test_both_leaves_out_the_system_workspace_however_it_is_passed(line: str) -> None:
    """The messages in the system workspace are CANN's own (docs/emulation.md#what-both-compares); the
    printer casts a typed workspace argument to ``GM_ADDR``."""
    compiled = cast("CompiledKernel", SimpleNamespace(source=f"void k() {{\n{line}\n}}\n"))
    assert system_workspaces(compiled) == {"workspace"}
