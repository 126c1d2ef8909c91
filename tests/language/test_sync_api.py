"""Synchronisation, system values, atomics and debug output: ``set_flag``/``wait_flag``,
``pipe_barrier``, cross-core flags, ``sync_all``, ``get_block_idx`` and friends, the core-type
tests, ``set_atomic_*``, ``printf`` and ``dump_tensor``; the exact C++ and every check with its
exact message at the call's line (the kernel is ``ascx.testing.snippets``).

Where ascx is stricter than pyasc (docs/sync-model.md#flags-and-event-ids): events and pipes must be the enum
members (C++ numbers events per architecture), constant event ids are 0 to 7, cross-core flags 0 to
15 and modes 0 to 2, and ``PIPE_S`` cannot be a barrier.  ``is_aiv_only=False`` works (pyasc's
binding rejects it), and ``printf`` escapes its format string (pyasc writes a Python newline into
the C++ literal).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

import ascx as asc
from ascx.runtime.jit import MockTensor, MockValue
from ascx.testing.snippets import snippet_error, snippet_lines, snippet_source

EMITS: dict[str, tuple[str, list[str]]] = {
    "set_wait_flag": (
        "asc.set_flag(asc.HardEvent.MTE2_V); asc.wait_flag(asc.HardEvent.MTE2_V, 1)",
        ["AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);", "AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(1);"],
    ),
    "flag_runtime_id": (
        "asc.set_flag(event=asc.HardEvent.V_MTE3, event_id=n % 2); asc.wait_flag(asc.HardEvent.V_MTE3, n % 2)",
        [
            "int32_t v = n % 2;",
            "AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(v);",
            "int32_t v_1 = n % 2;",
            "AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(v_1);",
        ],
    ),
    "pipe_barrier": (
        "asc.pipe_barrier(asc.PipeID.PIPE_V); asc.pipe_barrier(asc.PipeID.PIPE_ALL)",
        ["AscendC::PipeBarrier<PIPE_V>();", "AscendC::PipeBarrier<PIPE_ALL>();"],
    ),
    "cross_core_flags": (
        "asc.cross_core_set_flag(1, 0, asc.PipeID.PIPE_MTE3); asc.cross_core_wait_flag(n, 2, asc.PipeID.PIPE_FIX)",
        ["AscendC::CrossCoreSetFlag<0, PIPE_MTE3>(1);", "AscendC::CrossCoreWaitFlag<2, PIPE_FIX>(n);"],
    ),
    "sys_vars": (
        "b0 = asc.get_block_idx(); b1 = asc.get_block_num(); b2 = asc.get_sub_block_idx(); b3 = asc.get_sub_block_num()",
        [
            "int32_t b0 = AscendC::GetBlockIdx();",
            "int32_t b1 = AscendC::GetBlockNum();",
            "int64_t b2 = AscendC::GetSubBlockIdx();",
            "int64_t b3 = AscendC::GetSubBlockNum();",
        ],
    ),
    "core_type": (
        "c0 = asc.ascend_is_aic(); c1 = asc.ascend_is_aiv()",
        ["bool c0 = g_coreType == AscendC::AIC;", "bool c1 = g_coreType == AscendC::AIV;"],
    ),
    "core_type_branch": (
        "c1 = asc.ascend_is_aiv(); asc.pipe_barrier(asc.PipeID.PIPE_V) if c1 else None",
        ["bool c1 = g_coreType == AscendC::AIV;", "if (c1) {", "    AscendC::PipeBarrier<PIPE_V>();", "}"],
    ),
    "atomics": (
        "asc.set_atomic_add(asc.float32); asc.set_atomic_max(asc.float16); asc.set_atomic_min(asc.int16); asc.set_atomic_type(asc.float16); asc.set_atomic_none()",
        [
            "AscendC::SetAtomicAdd<float>();",
            "AscendC::SetAtomicMax<half>();",
            "AscendC::SetAtomicMin<int16_t>();",
            "AscendC::SetAtomicType<half>();",
            "AscendC::SetAtomicNone();",
        ],
    ),
}

REJECTS: dict[str, tuple[str, str]] = {
    "event_id_out_of_range": (
        "asc.set_flag(asc.HardEvent.MTE2_V, 9)",
        "ValueError: set_flag: event_id 9 is not an event id (0 to 7)",
    ),
    "event_as_int": (
        "asc.set_flag(4, 0)",
        "TypeError: set_flag: the event must be an asc.HardEvent, got the int 4",
    ),
    "event_id_float": (
        "asc.wait_flag(asc.HardEvent.MTE2_V, 1.0)",
        "TypeError: wait_flag: event_id must be an integer, got the float 1.0",
    ),
    "barrier_on_scalar_pipe": (
        "asc.pipe_barrier(asc.PipeID.PIPE_S)",
        "ValueError: pipe_barrier: PIPE_S cannot be a barrier (a hardware error): the scalar pipe runs in order",
    ),
    "barrier_pipe_as_int": (
        "asc.pipe_barrier(1)",
        "TypeError: pipe_barrier: the pipe must be an asc.PipeID, got the int 1",
    ),
    "cross_core_runtime_mode": (
        "asc.cross_core_set_flag(1, n, asc.PipeID.PIPE_MTE3)",
        "TypeError: cross_core_set_flag: mode_id must be a compile-time int, got a runtime int32 value",
    ),
    "cross_core_bad_mode": (
        "asc.cross_core_set_flag(1, 5, asc.PipeID.PIPE_MTE3)",
        "ValueError: cross_core_set_flag: mode_id must be 0 (all cores), 1 (the AIVs of a group) or 2 (AIC and AIVs of a group), got 5",
    ),
    "cross_core_bad_flag": (
        "asc.cross_core_wait_flag(16, 0, asc.PipeID.PIPE_MTE3)",
        "ValueError: cross_core_wait_flag: flag_id 16 is not a cross-core flag (0 to 15)",
    ),
    "sync_all_float_workspace": (
        "asc.sync_all(xg, a)",
        "TypeError: sync_all: gm_workspace must be int32, got float16",
    ),
    "sync_all_one_workspace": (
        "asc.sync_all(xg)",
        "TypeError: sync_all: the software form takes gm_workspace (a GlobalTensor) and ub_workspace (a LocalTensor), got a GlobalTensor and None",
    ),
    "sync_all_runtime_aiv_only": (
        "asc.sync_all(is_aiv_only=n)",
        "TypeError: sync_all: is_aiv_only must be True or False, got a runtime int32 value",
    ),
    "atomic_uint8": (
        "asc.set_atomic_add(asc.uint8)",
        "TypeError: set_atomic_add: atomics do not support uint8; supported: float32, float16, int16, int32, int8, bfloat16",
    ),
    "atomic_without_dtype": (
        "asc.set_atomic_add()",
        "TypeError: set_atomic_add() missing 1 required positional argument: 'dtype'",
    ),
    "printf_format_not_str": (
        "asc.printf(3)",
        "TypeError: printf: the format must be a str, got the int 3",
    ),
    "printf_missing_str": (
        'asc.printf("%s %s", "a")',
        "TypeError: printf: the format has 2 %s but 1 str arguments",
    ),
    "printf_tensor": (
        'asc.printf("%d", a)',
        "TypeError: printf: cannot print a LocalTensor",
    ),
    "dump_tensor_float_desc": (
        "asc.dump_tensor(a, 1.5, 32)",
        "TypeError: dump_tensor: desc must be an integer, got the float 1.5",
    ),
    "dump_tensor_not_tensor": (
        "asc.dump_tensor(x, 1, 32)",
        "TypeError: dump_tensor: tensor must be a GlobalTensor or a LocalTensor, got a GlobalAddress",
    ),
}


@pytest.mark.parametrize("name", sorted(EMITS))
def test_emits(tmp_path: Path, name: str) -> None:
    statement, cpp = EMITS[name]
    assert snippet_lines(tmp_path, statement) == cpp


@pytest.mark.parametrize("name", sorted(REJECTS))
def test_rejects(tmp_path: Path, name: str) -> None:
    statement, message = REJECTS[name]
    error, line = snippet_error(tmp_path, statement)
    assert error.message == message
    assert error.location is not None
    assert error.location.line == line


def test_hard_sync_all(tmp_path: Path) -> None:
    """The hardware forms; they make the vector kernel MIX_AIV_1_0 (CANN's SyncAll page), which its body
    declares first (so they are not an ``EMITS`` entry: they change the snippet kernel's set-up)."""
    lines = [
        line.strip()
        for line in snippet_source(tmp_path, "asc.sync_all(); asc.sync_all(is_aiv_only=False)").splitlines()
    ]
    start = next(i for i, line in enumerate(lines) if line.startswith('extern "C"'))
    assert lines[start].endswith("__gm__ uint64_t* ffts_addr) {")
    assert lines[start + 1 : start + 3] == [
        "KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);",
        "set_ffts_base_addr(*ffts_addr);",
    ]
    assert lines[-3:] == ["AscendC::SyncAll();", "AscendC::SyncAll<false>();", "}"]


def test_software_sync_all(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(w: asc.GlobalAddress, cores: int) -> None:
            pipe = asc.TPipe()  # the software SyncAll takes event ids from it (XC-9)
            gm = asc.GlobalTensor()
            gm.set_global_buffer(w)
            ub = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 256)
            asc.sync_all(gm, ub, cores)
            asc.sync_all(gm, ub, 8, False)
        """
    )
    source = module.k.compile(MockTensor(asc.int32), MockValue(asc.int32)).source
    assert "    AscendC::SyncAll(gm, ub, cores);\n    AscendC::SyncAll<false>(gm, ub, 8);\n" in source


def test_inter_block_sync(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(w: asc.GlobalAddress, e: int) -> None:
            pipe = asc.TPipe()  # inter-block sync takes event ids from it (XC-9)
            gm = asc.GlobalTensor()
            gm.set_global_buffer(w)
            ub = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 256)
            b = asc.get_block_idx()
            asc.ib_set(gm, ub, b, e)
            asc.ib_wait(gm, ub, 0, e, is_aiv_only=False)
            asc.ib_set(gm, ub, b, e)
            asc.ib_wait(gm, ub, 0, e, False)
            asc.wait_pre_block(gm, ub)
            asc.notify_next_block(gm, ub)
        """
    )
    source = module.k.compile(MockTensor(asc.int32), MockValue(asc.int32)).source
    assert (
        "    AscendC::IBSet(gm, ub, b, e);\n"
        "    AscendC::IBWait<false>(gm, ub, 0, e);\n"
        "    AscendC::IBSet(gm, ub, b, e);\n"
        "    AscendC::IBWait<false>(gm, ub, 0, e);\n"
        "    AscendC::WaitPreBlock(gm, ub);\n"
        "    AscendC::NotifyNextBlock(gm, ub);\n"
    ) in source


INTER_BLOCK_REJECTS = {
    "asc.ib_set(gm, ub, -1, 0)": "ValueError: ib_set: block_idx must not be negative, got -1",
    "asc.ib_wait(gm, ub, 0, -2)": "ValueError: ib_wait: event_id must not be negative, got -2",
    "asc.ib_wait(gm, ub, 0, 1.5)": "TypeError: ib_wait: event_id must be an integer, got the float 1.5",
    "asc.ib_set(gm, ub, 0, 0, is_aiv_only=1)": "TypeError: ib_set: is_aiv_only must be True or False, got the int 1",
    "asc.ib_set(gm, gm, 0, 0)": (
        "TypeError: ib_set: expected gm_workspace (a GlobalTensor) and ub_workspace (a LocalTensor), "
        "got a GlobalTensor and a GlobalTensor"
    ),
    "asc.wait_pre_block(gm, half_ub)": "TypeError: wait_pre_block: ub_workspace must be int32, got float16",
    "asc.notify_next_block(ub, gm)": (
        "TypeError: notify_next_block: expected gm_workspace (a GlobalTensor) and ub_workspace (a LocalTensor), "
        "got a LocalTensor and a GlobalTensor"
    ),
}


@pytest.mark.parametrize("statement", sorted(INTER_BLOCK_REJECTS))
def test_inter_block_sync_rejects(kernel_module: Callable[[str], ModuleType], statement: str) -> None:
    module = kernel_module(
        f"""
        @asc.jit
        def k(w: asc.GlobalAddress) -> None:
            gm = asc.GlobalTensor()
            gm.set_global_buffer(w)
            ub = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 256)
            half_ub = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 1024, 256)
            {statement}
        """
    )
    with pytest.raises(asc.KernelError) as caught:
        module.k.compile(MockTensor(asc.int32))
    assert caught.value.message == INTER_BLOCK_REJECTS[statement]
    lines = Path(str(module.__file__)).read_text().splitlines()
    assert caught.value.location is not None
    assert lines[caught.value.location.line - 1].strip() == statement


def test_debug_output_gets_the_dump_buffer(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress, n: int) -> None:
            g = asc.GlobalTensor()
            g.set_global_buffer(x)
            asc.printf("n=%d %s\\n", n, "done", 1.5)
            asc.dump_tensor(g, 7, n)
            asc.dump_tensor(g, 8, 16, asc.ShapeInfo([4, 4]))
        """
    )
    source = module.k.compile(MockTensor(asc.float16), MockValue(asc.int32)).source
    assert source == (
        '#include "kernel_operator.h"\n'
        "\n"
        'extern "C" __global__ __aicore__ void k(__gm__ half* x, int32_t n, __gm__ uint8_t* dump_addr) {\n'
        "#if defined ASCENDC_DUMP\n"
        "    AscendC::InitDump(false, dump_addr, 1048576);\n"
        "#endif\n"
        "    AscendC::GlobalTensor<half> g;\n"
        "    g.SetGlobalBuffer(x);\n"
        '    AscendC::printf("n=%d done\\n", n, 1.5f);\n'
        "    AscendC::DumpTensor(g, 7, n);\n"
        "    uint32_t v_dims[] = {4, 4};\n"
        "    AscendC::ShapeInfo v(2, v_dims);\n"
        "    AscendC::DumpTensor(g, 8, 16, v);\n"
        "}\n"
    )


def test_printf_escapes_its_format(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            asc.printf('say "hi"\\tthen\\\\ %d%%\\n', 3)
        """
    )
    source = module.k.compile(MockTensor(asc.float16)).source
    assert '    AscendC::printf("say \\"hi\\"\\tthen\\\\ %d%%\\n", 3);\n' in source


def test_kernels_that_print_in_a_mix_kernel_init_dump_for_mix(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        F16 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)

        @asc.jit
        def k(w: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            mm = asc.adv.Matmul(F16, F16, F16)
            asc.adv.register_matmul(pipe, w, mm)
            asc.printf("registered")
        """
    )
    source = module.k.compile(MockTensor(asc.uint8)).source
    assert "__gm__ uint64_t* ffts_addr, __gm__ uint8_t* dump_addr) {\n#if defined ASCENDC_DUMP\n" in source
    assert "    AscendC::InitDump(true, dump_addr, 1048576);\n#endif\n    set_ffts_base_addr(*ffts_addr);" in source
