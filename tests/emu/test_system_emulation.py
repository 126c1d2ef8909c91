"""The system APIs on the CPU emulation, checker on: what each reports (the counters, the versions,
the store atomic configuration, the HCCL contexts and the system workspace), what each changes (the
atomic mode of GM copies, ``init_soc_state``), ``trap`` and the exception registers of
``check_local_memory_ia`` stopping the kernel at the call, and ``dump_acc_chk_point``'s output."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import numpy as np
import pytest

import ascx as asc
from ascx.emu.launch import EmulationError
from ascx.testing.kernels import line_of

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

KernelModule = Callable[[str], ModuleType]


def test_values_the_core_reports(kernel_module: KernelModule) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(out: asc.GlobalAddress, version: asc.GlobalAddress) -> None:
            o = asc.GlobalTensor()
            o.set_global_buffer(out)
            v = asc.GlobalTensor()
            v.set_global_buffer(version)
            first = asc.get_system_cycle()
            second = asc.get_system_cycle()
            o.set_value(0, 1 if second > first else 0)  # the counts themselves differ from run to run
            v.set_value(0, asc.get_arch_version(0))
            o.set_value(2, asc.get_data_block_size_in_bytes())
            o.set_value(3, asc.get_task_ratio())
            o.set_value(4, asc.get_icache_preload_status())
            o.set_value(5, asc.get_program_counter())  # the line
            asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, o, asc.DcciDst.CACHELINE_OUT)
        """
    )
    out = np.zeros(8, dtype=np.int64)
    version = np.zeros(8, dtype=np.uint32)
    module.k[1](out, version)
    assert out[0] == 1  # the counter always advances
    assert version[0] == 0x220  # dav-c220
    assert out[2] == 32
    assert out[3] == 1  # a vector core of an AIV_ONLY kernel
    assert out[4] == 0
    assert out[5] == line_of(module, "# the line")


def test_the_store_atomic_config_adds_copies_to_gm(kernel_module: KernelModule) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress, z: asc.GlobalAddress, config: asc.GlobalAddress) -> None:
            xg = asc.GlobalTensor()
            xg.set_global_buffer(x)
            zg = asc.GlobalTensor()
            zg.set_global_buffer(z)
            cg = asc.GlobalTensor()
            cg.set_global_buffer(config)
            ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
            asc.data_copy(ub, xg, 64)
            asc.set_store_atomic_config(asc.AtomicDtype.ATOMIC_F32, asc.AtomicOp.ATOMIC_SUM)
            asc.data_copy(zg, ub, 64)
            kind, operation = asc.get_store_atomic_config()
            cg.set_value(0, kind)
            cg.set_value(1, operation)
            asc.set_store_atomic_config(asc.AtomicDtype.ATOMIC_NONE, asc.AtomicOp.ATOMIC_SUM)
            asc.data_copy(zg[64:], ub, 64)
            kind, operation = asc.get_store_atomic_config()
            cg.set_value(2, kind)
        """
    )
    x = np.arange(64, dtype=np.float32)
    z = np.full(128, 100.0, dtype=np.float32)
    config = np.full(4, 9, dtype=np.uint16)
    module.k[1](x, z, config)
    np.testing.assert_array_equal(z[:64], 100.0 + x)  # added
    np.testing.assert_array_equal(z[64:], x)  # overwritten
    assert config[:3].tolist() == [1, 0, 0]  # ATOMIC_F32, ATOMIC_SUM, then ATOMIC_NONE


def test_init_soc_state_ends_the_atomic_mode(kernel_module: KernelModule) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
            xg = asc.GlobalTensor()
            xg.set_global_buffer(x)
            zg = asc.GlobalTensor()
            zg.set_global_buffer(z)
            ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
            asc.data_copy(ub, xg, 64)
            asc.set_atomic_add(asc.float32)
            asc.init_soc_state()
            asc.data_copy(zg, ub, 64)
        """
    )
    x = np.arange(64, dtype=np.float32)
    z = np.full(64, 100.0, dtype=np.float32)
    with pytest.warns(asc.AscxWarning, match="AT-1"):
        module.k[1](x, z)
    np.testing.assert_array_equal(z, x)


def test_init_soc_state_restores_the_normal_mask_mode_and_a_full_mask(kernel_module: KernelModule) -> None:
    """After counter mode with a count of 130, init_soc_state: a call with is_set_mask=False runs all
    lanes of each of its 2 repeats (CANN's InitSocState on Atlas A2: the mask mode and the mask)."""
    module = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
            xg = asc.GlobalTensor()
            xg.set_global_buffer(x)
            yg = asc.GlobalTensor()
            yg.set_global_buffer(y)
            zg = asc.GlobalTensor()
            zg.set_global_buffer(z)
            xu = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, 256)
            yu = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 512, 256)
            zu = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 1024, 256)
            asc.data_copy(xu, xg, 256)
            asc.data_copy(yu, yg, 256)
            asc.set_mask_count()
            asc.set_vector_mask(130, dtype=asc.float16, mode=asc.MaskMode.COUNTER)
            asc.init_soc_state()
            asc.mul(zu, xu, yu, 0, 2, asc.BinaryRepeatParams(), False)
            asc.data_copy(zg, zu, 256)
        """
    )
    rng = np.random.default_rng(7)
    x = rng.uniform(-4, 4, 256).astype(np.float16)
    y = rng.uniform(-4, 4, 256).astype(np.float16)
    z = np.zeros(256, dtype=np.float16)
    module.k[1](x, y, z)
    np.testing.assert_array_equal(z, x * y)


def test_hccl_contexts_round_trip(kernel_module: KernelModule) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(a: asc.GlobalAddress, b: asc.GlobalAddress) -> None:
            asc.set_hccl_context(0, a)
            asc.set_hccl_context(1, b)
            ga = asc.GlobalTensor()
            ga.set_global_buffer(asc.get_hccl_context(0))
            gb = asc.GlobalTensor()
            gb.set_global_buffer(asc.get_hccl_context(1))
            ga.set_value(0, 7)
            gb.set_value(1, 8)
        """
    )
    a = np.zeros(4, dtype=np.uint8)
    b = np.zeros(4, dtype=np.uint8)
    module.k[1](a, b)
    assert (a.tolist(), b.tolist()) == ([7, 0, 0, 0], [0, 8, 0, 0])


@pytest.mark.clean_room_only(
    "CANN's CPU-debug SetSysWorkspace only asserts that the pointer is not null (dav_c220 "
    "kernel_operator_common_impl.h): the device path's g_sysWorkspaceReserved assignment, which "
    "GetSysWorkSpacePtr returns, is not on it, so the workspace stays the launch's own"
)
def test_the_system_workspace_round_trips(kernel_module: KernelModule) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(w: asc.GlobalAddress) -> None:
            asc.set_sys_workspace(w)
            gw = asc.GlobalTensor()
            gw.set_global_buffer(asc.get_sys_workspace())
            gw.set_value(2, 9)
        """
    )
    w = np.zeros(4, dtype=np.uint8)
    module.k[1](w)
    assert w.tolist() == [0, 0, 9, 0]


def test_trap_stops_the_kernel_at_the_call(
    kernel_module: KernelModule, differential: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress, n: int) -> None:
            if n > 2:
                asc.trap()  # the trap
        """
    )
    x = np.zeros(4, dtype=np.float32)
    module.k[1](x, 1)
    with pytest.raises(EmulationError) as caught:
        module.k[1](x, 3)
    assert (
        caught.value.message
        == "kernel 'k' failed in the CPU emulation: block 0 (sub-block 0): Trap() stopped the kernel"
    )
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "# the trap")
    if differential == "both":  # the clean-room backend stopped first: the CANN backend's trap on its own
        monkeypatch.setenv("ASCX_EMULATOR", "cann")
        with pytest.raises(EmulationError) as caught:
            module.k[1](x, 3)
        assert caught.value.message == "kernel 'k' failed on the CANN backend: block 0 (AIV): Trap() stopped the kernel"
        assert caught.value.location is not None
        assert caught.value.location.line == line_of(module, "# the trap")


IA_KERNEL = """
@asc.jit
def k(x: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
    asc.check_local_memory_ia(asc.CheckLocalMemoryIAParam(2, 1, 3, is_vector_write={vector}, is_enable={armed}))
    asc.duplicate(ub, 1.0, 64)  # the write
    asc.check_local_memory_ia(asc.CheckLocalMemoryIAParam(2, is_enable=False))
    asc.data_copy(xg, ub, 64)
"""


@pytest.mark.clean_room_only(
    "the exception registers' check of UB accesses is the clean-room backend's: the CANN backend's "
    "set_data_exp_0..3 keep CheckLocalMemoryIA's registers and stop no access"
)
def test_an_armed_exception_register_stops_the_access(kernel_module: KernelModule) -> None:
    module = kernel_module(IA_KERNEL.format(vector=True, armed=True))
    with pytest.raises(EmulationError) as caught:
        module.k[1](np.zeros(64, dtype=np.float32))
    assert caught.value.message.endswith(
        "Duplicate: vector write of UB bytes 0..255 hits the range (1, 3] of 32-byte units that CheckLocalMemoryIA "
        "armed in exception register 2"
    )
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "# the write")


@pytest.mark.parametrize(("vector", "armed"), [(True, False), (False, True)])
def test_a_disarmed_or_unwatched_register_lets_it_pass(kernel_module: KernelModule, vector: bool, armed: bool) -> None:
    module = kernel_module(IA_KERNEL.format(vector=vector, armed=armed))
    x = np.zeros(64, dtype=np.float32)
    module.k[1](x)
    np.testing.assert_array_equal(x, np.ones(64, dtype=np.float32))


@pytest.mark.clean_room_only(
    "CANN's DumpAccChkPoint asserts on its CPU-debug path: DumpAccChkPoint is not supported in cpu mode."
)
def test_dump_acc_chk_point_prints_from_the_offset(
    kernel_module: KernelModule, capfd: pytest.CaptureFixture[str]
) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
            xg = asc.GlobalTensor()
            xg.set_global_buffer(x)
            yg = asc.GlobalTensor()
            yg.set_global_buffer(y)
            ub = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, 64)
            asc.data_copy(ub, xg, 64)
            asc.dump_acc_chk_point(ub, 7, 16, 4)
            asc.dump_acc_chk_point(yg, 8, 60, 2)
        """
    )
    module.k[1](np.arange(64, dtype=np.float16), np.arange(64, dtype=np.float16))
    out = capfd.readouterr().out
    assert "DumpTensor desc=7 (UB, half, 4 elements): [16, 17, 18, 19]\n" in out
    assert "DumpTensor desc=8 (GM, half, 2 elements): [60, 61]\n" in out
