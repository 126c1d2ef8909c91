"""The system APIs: cache maintenance, system counters and versions, ``trap``, ``data_sync_barrier``,
the store atomic configuration, profiling and checkpoint dumps, ``init_soc_state``,
``check_local_memory_ia``, the HCCL contexts and the system workspace: the exact C++ of each call,
and every trace-time check with its exact message at the call's line.

The kernel below declares a float16 GM tensor ``g`` (on ``x``), a uint64 GM tensor ``gw`` (on ``w``),
a float16 VECIN LocalTensor ``ub`` at 0 and a runtime int32 ``n``; the statement is its last line.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

import ascx as asc
from ascx.errors import AscxWarning, KernelError
from ascx.runtime.jit import MockTensor, MockValue
from ascx.testing.kernels import line_of, load_kernel_source

KERNEL = """
@asc.jit(insert_sync=False, verify_sync=False{options})
def k(x: asc.GlobalAddress, w: asc.GlobalAddress, n: int) -> None:
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    gw = asc.GlobalTensor()
    gw.set_global_buffer(w)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    {statement}  # the statement under test
"""
ARGS = (MockTensor(asc.float16), MockTensor(asc.uint64), MockValue(asc.int32))
PREFIX = [
    "AscendC::GlobalTensor<half> g;",
    "g.SetGlobalBuffer(x);",
    "AscendC::GlobalTensor<uint64_t> gw;",
    "gw.SetGlobalBuffer(w);",
    "AscendC::LocalTensor<half> ub(AscendC::TPosition::VECIN, 0, 256);",
]


def _compile(directory: Path, statement: str, options: str = "") -> tuple[str, object]:
    module = load_kernel_source(directory, KERNEL.format(statement=statement, options=options))
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=AscxWarning)
        return module.k.compile(*ARGS).source, module


def lines(directory: Path, statement: str) -> list[str]:
    source, _ = _compile(directory, statement)
    body = source.split(") {\n", 1)[1].rsplit("}", 1)[0]
    text = [line.removeprefix("    ") for line in body.splitlines()]
    text = [line for line in text if line and not line.startswith(("#", "AscendC::InitDump"))]
    assert text[: len(PREFIX)] == PREFIX
    return text[len(PREFIX) :]


EMITS: dict[str, tuple[str, list[str]]] = {
    "dcci_with_destination": (
        "asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, g, asc.DcciDst.CACHELINE_OUT)",
        [
            "AscendC::DataCacheCleanAndInvalid<half, AscendC::CacheLine::SINGLE_CACHE_LINE, "
            "AscendC::DcciDst::CACHELINE_OUT>(g);"
        ],
    ),
    "dcci_pyasc_order": (
        "asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, asc.DcciDst.CACHELINE_ALL, g)",
        [
            "AscendC::DataCacheCleanAndInvalid<half, AscendC::CacheLine::SINGLE_CACHE_LINE, "
            "AscendC::DcciDst::CACHELINE_ALL>(g);"
        ],
    ),
    "dcci_whole_cache": (
        "asc.data_cache_clean_and_invalid(asc.CacheLine.ENTIRE_DATA_CACHE, g)",
        ["AscendC::DataCacheCleanAndInvalid<half, AscendC::CacheLine::ENTIRE_DATA_CACHE>(g);"],
    ),
    "dcci_local": (
        "asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, ub, dcci_dst=asc.DcciDst.CACHELINE_UB)",
        [
            "AscendC::DataCacheCleanAndInvalid<half, AscendC::CacheLine::SINGLE_CACHE_LINE, "
            "AscendC::DcciDst::CACHELINE_UB>(ub);"
        ],
    ),
    "data_cache_preload": (
        "asc.data_cache_preload(gw, n)",
        ["AscendC::DataCachePreload<int64_t>(gw, n);"],
    ),
    "icache": (
        "asc.icache_preload(2); s = asc.get_icache_preload_status()",
        ["AscendC::ICachePreLoad(2);", "int64_t s = AscendC::GetICachePreloadStatus();"],
    ),
    "counters": (
        "c = asc.get_system_cycle(); pc = asc.get_program_counter(); r = asc.get_task_ratio(); "
        "b = asc.get_data_block_size_in_bytes()",
        [
            "int64_t c = AscendC::GetSystemCycle();",
            "int64_t pc = AscendC::GetProgramCounter();",
            "int64_t r = AscendC::GetTaskRatio();",
            "int32_t b = AscendC::GetDataBlockSizeInBytes();",
        ],
    ),
    "arch_version": (
        "v = asc.get_arch_version(0)",
        ["uint32_t v = 0;", "AscendC::GetArchVersion(v);"],
    ),
    "trap": ("asc.trap()", ["AscendC::Trap();"]),
    "data_sync_barrier": (
        "asc.data_sync_barrier(asc.MemDsbT.ALL); asc.data_sync_barrier(asc.MemDsbT.UB)",
        ["AscendC::DataSyncBarrier<AscendC::MemDsbT::ALL>();", "AscendC::DataSyncBarrier<AscendC::MemDsbT::UB>();"],
    ),
    "store_atomic_config": (
        "asc.set_store_atomic_config(asc.AtomicDtype.ATOMIC_F16, asc.AtomicOp.ATOMIC_SUM); "
        "t, o = asc.get_store_atomic_config()",
        [
            "AscendC::SetStoreAtomicConfig<AscendC::AtomicDtype::ATOMIC_F16, AscendC::AtomicOp::ATOMIC_SUM>();",
            "uint16_t t;",
            "uint16_t o;",
            "AscendC::GetStoreAtomicConfig(t, o);",
        ],
    ),
    "profiling": (
        "asc.metrics_prof_start(); asc.print_time_stamp(n); asc.metrics_prof_stop()",
        ["AscendC::MetricsProfStart();", "AscendC::PrintTimeStamp(n);", "AscendC::MetricsProfStop();"],
    ),
    "dump_acc_chk_point": (
        "asc.dump_acc_chk_point(ub, 3, 16, 32); asc.dump_acc_chk_point(g, 4, n, n)",
        ["AscendC::DumpAccChkPoint(ub, 3, 16, 32);", "AscendC::DumpAccChkPoint(g, 4, n, n);"],
    ),
    "init_soc_state": ("asc.init_soc_state()", ["AscendC::InitSocState();"]),
    "check_local_memory_ia": (
        "p = asc.CheckLocalMemoryIAParam(1, 4, 8, is_vector_write=True, is_enable=True); asc.check_local_memory_ia(p)",
        [
            "AscendC::CheckLocalMemoryIAParam p{1, 4, 8, false, false, false, true, false, false, true};",
            "AscendC::CheckLocalMemoryIA(p);",
        ],
    ),
    "hccl_context": (
        "asc.set_hccl_context(1, x); h = asc.get_hccl_context(1)",
        [
            "AscendC::SetHcclContext<1>(reinterpret_cast<__gm__ uint8_t*>(x));",
            "__gm__ uint8_t* h = AscendC::GetHcclContext<1>();",
        ],
    ),
    "sys_workspace": (
        "asc.set_sys_workspace(w); ws = asc.get_sys_workspace()",
        [
            "AscendC::SetSysWorkspace(reinterpret_cast<__gm__ uint8_t*>(w));",
            "__gm__ uint8_t* ws = GetSysWorkSpacePtr();",
        ],
    ),
    "slice_info": (
        "s = asc.SliceInfo(2, stride=n); t = asc.SliceInfo(0, 15, 0, 16, 16)",
        [
            "AscendC::SliceInfo s{2, 31, static_cast<uint32_t>(n), 32, 0};",
            "AscendC::SliceInfo t{0, 15, 0, 16, 16};",
        ],
    ),
}

REJECTS: dict[str, tuple[str, str]] = {
    "dcci_int_line": (
        "asc.data_cache_clean_and_invalid(0, g)",
        "TypeError: data_cache_clean_and_invalid: entire_type must be an asc.CacheLine, got the int 0",
    ),
    "dcci_local_without_destination": (
        "asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, ub)",
        "TypeError: data_cache_clean_and_invalid: a LocalTensor needs dcci_dst (CANN has no "
        "DataCacheCleanAndInvalid<T, entireType> of a LocalTensor)",
    ),
    "dcci_address": (
        "asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, x)",
        "TypeError: data_cache_clean_and_invalid: dst must be a GlobalTensor or a LocalTensor, got a GlobalAddress",
    ),
    "preload_half": (
        "asc.data_cache_preload(g, 0)",
        "TypeError: data_cache_preload: src must be a GlobalTensor of uint64, got float16 (CANN: const "
        "GlobalTensor<uint64_t>& src)",
    ),
    "preload_float_offset": (
        "asc.data_cache_preload(gw, 1.5)",
        "TypeError: data_cache_preload: cache_offset must be an integer, got the float 1.5",
    ),
    "icache_too_long": (
        "asc.icache_preload(8)",
        "ValueError: icache_preload: pre_fetch_len counts 2 KiB units and must be 0 to 7, got 8 (the instruction "
        "cache is 16 KiB on a vector core)",
    ),
    "barrier_int": (
        "asc.data_sync_barrier(0)",
        "TypeError: data_sync_barrier: arg0 must be an asc.MemDsbT, got the int 0",
    ),
    "atomic_config_op": (
        "asc.set_store_atomic_config(asc.AtomicDtype.ATOMIC_F32, 0)",
        "TypeError: set_store_atomic_config: atomic_op must be an asc.AtomicOp, got the int 0",
    ),
    "dump_too_large": (
        "asc.dump_acc_chk_point(g, 1, 0, 20000)",
        "ValueError: dump_acc_chk_point: 20000 float16 elements are 40000 bytes, more than the 30 KiB a checkpoint "
        "prints (CANN prints nothing then)",
    ),
    "dump_unaligned": (
        "asc.dump_acc_chk_point(ub, 1, 3, 16)",
        "ValueError: dump_acc_chk_point: count_off 3 puts the dump at byte 6 of a unified-buffer tensor, which is "
        "not 32-byte aligned",
    ),
    "ia_params": (
        "asc.check_local_memory_ia(3)",
        "TypeError: check_local_memory_ia: check_params must be an asc.CheckLocalMemoryIAParam, got the int 3",
    ),
    "ia_register": (
        "asc.CheckLocalMemoryIAParam(enable_bit=4)",
        "ValueError: CheckLocalMemoryIAParam: enable_bit selects exception register 0 to 3, got 4",
    ),
    "ia_range": (
        "asc.CheckLocalMemoryIAParam(0, 9, 3)",
        "ValueError: CheckLocalMemoryIAParam: the range (start_addr, end_addr] is empty: 9 > 3",
    ),
    "ia_address": (
        "asc.CheckLocalMemoryIAParam(0, 0, 70000)",
        "ValueError: CheckLocalMemoryIAParam: end_addr counts 32-byte units, 0 to 65535, got 70000",
    ),
    "hccl_runtime_index": (
        "asc.get_hccl_context(n)",
        "TypeError: get_hccl_context: index must be a compile-time int (it is a template argument), got a runtime "
        "int32 value",
    ),
    "hccl_index": (
        "asc.set_hccl_context(2, x)",
        "ValueError: set_hccl_context: index must be 0 or 1 (a core keeps two HCCL contexts), got 2",
    ),
    "hccl_tensor": (
        "asc.set_hccl_context(0, g)",
        "TypeError: set_hccl_context: context must be a global address (a pointer parameter of the kernel), got a "
        "GlobalTensor",
    ),
    "workspace_int": (
        "asc.set_sys_workspace(0)",
        "TypeError: set_sys_workspace: workspace must be a global address (a pointer parameter of the kernel), got "
        "the int 0",
    ),
}


@pytest.mark.parametrize("name", sorted(EMITS))
def test_emits(tmp_path: Path, name: str) -> None:
    statement, cpp = EMITS[name]
    assert lines(tmp_path, statement) == cpp


@pytest.mark.parametrize("name", sorted(REJECTS))
def test_rejects(tmp_path: Path, name: str) -> None:
    statement, message = REJECTS[name]
    module = load_kernel_source(tmp_path, KERNEL.format(statement=statement, options=""))
    with pytest.raises(KernelError) as caught:
        module.k.compile(*ARGS)
    assert caught.value.message == message
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "# the statement under test")


def test_icache_limit_of_a_cube_kernel(tmp_path: Path) -> None:
    source, _ = _compile(tmp_path, "asc.icache_preload(15)", ", kernel_type=asc.runtime.config.KernelType.AIC_ONLY")
    assert "AscendC::ICachePreLoad(15);" in source
    with pytest.raises(KernelError, match=re.escape("must be 0 to 15, got 16 (the instruction cache is 32 KiB")):
        _compile(tmp_path, "asc.icache_preload(16)", ", kernel_type=asc.runtime.config.KernelType.AIC_ONLY")


def test_the_ops_run_on_the_scalar_pipe_and_declare_their_accesses(tmp_path: Path) -> None:
    from ascx.dialects.ascendc import system_api_ops as sys_ir
    from ascx.dialects.ascendc.enums import Pipe
    from ascx.dialects.ascendc.traits import issued_pipe, tensor_accesses

    statement = (
        "asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, g, asc.DcciDst.CACHELINE_OUT); "
        "asc.dump_acc_chk_point(ub, 1, 0, 16); asc.trap(); c = asc.get_system_cycle()"
    )
    module = load_kernel_source(tmp_path, KERNEL.format(statement=statement, options=""))
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=AscxWarning)
        ir_module = module.k.compile(*ARGS).module
    ops = [op for op in ir_module.walk() if type(op) in sys_ir.SYSTEM_API_OPS]
    assert [type(op).__name__ for op in ops] == [
        "DataCacheCleanAndInvalidOp",
        "DumpAccChkPointOp",
        "CoreControlOp",
        "SystemCounterOp",
    ]
    assert {issued_pipe(op) for op in ops} == {Pipe.PIPE_S}
    dcci, dump = ops[0], ops[1]
    assert [v.name_hint for v in tensor_accesses(dcci)[0]] == ["g"]
    assert [v.name_hint for v in tensor_accesses(dcci)[1]] == ["g"]
    assert [v.name_hint for v in tensor_accesses(dump)[0]] == ["ub"]
    assert tensor_accesses(dump)[1] == []


def test_pyasc_signatures() -> None:
    import inspect

    assert list(inspect.signature(asc.data_cache_clean_and_invalid).parameters) == ["entire_type", "dst", "dcci_dst"]
    assert list(inspect.signature(asc.data_sync_barrier).parameters) == ["arg0"]
    assert list(inspect.signature(asc.dump_acc_chk_point).parameters) == ["tensor", "index", "count_off", "dump_size"]


@pytest.mark.parametrize("side", ["aiv", "aic"])
@pytest.mark.parametrize("slug", ["basic/system_control", "basic/profiling"])
def test_the_pages_kernels_type_check_against_cann(tmp_path: Path, cann_typecheck: Path, slug: str, side: str) -> None:
    """The C++ of every system API (each page's example calls them all) is accepted by CANN's headers."""
    import os
    import subprocess

    from ascx.language.basic.api_docs_system import FAMILIES
    from ascx.language.reference import compile_example

    tool = cann_typecheck
    family = next(f for f in FAMILIES if f.slug == slug)
    source = tmp_path / "kernel.cpp"
    source.write_text(compile_example(family))
    result = subprocess.run(
        [str(tool), str(source), side, "-w"],
        capture_output=True,
        text=True,
        env={**os.environ, "CANN_TYPECHECK_PCH": "1"},
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
