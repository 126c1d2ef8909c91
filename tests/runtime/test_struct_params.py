"""Struct kernel parameters: a host ``TCubeTiling`` passed to a kernel, as in pyasc."""

from __future__ import annotations

import struct
from collections.abc import Callable
from types import ModuleType

import pytest

import ascx as asc
from ascx.runtime.jit import JITFunction, MockTensor
from ascx.testing import line_of

KERNEL = """
@asc.jit
def mm(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
       tiling: asc.adv.TCubeTiling) -> None:
    pipe = asc.TPipe()
    t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    matmul = asc.adv.Matmul(t, t, t)
    asc.adv.register_matmul(pipe, workspace, matmul, tiling)
    ga = asc.GlobalTensor()
    ga.set_global_buffer(a)
    gb = asc.GlobalTensor()
    gb.set_global_buffer(b)
    gc = asc.GlobalTensor()
    gc.set_global_buffer(c)
    matmul.set_tensor_a(ga)
    matmul.set_tensor_b(gb)
    matmul.set_single_shape(tiling.single_core_m, tiling.single_core_n, tiling.single_core_k)
    matmul.iterate_all(gc)
    matmul.end()
"""

ARGS = (MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.uint8))


@pytest.fixture
def module(kernel_module: Callable[[str], ModuleType]) -> ModuleType:
    return kernel_module(KERNEL)


@pytest.fixture
def mm(module: ModuleType) -> JITFunction[..., None]:
    return module.mm


def test_a_tiling_parameter_is_a_gm_pointer_copied_into_a_local(mm: JITFunction[..., None]) -> None:
    compiled = mm.compile(*ARGS, asc.adv.TCubeTiling(m=512))
    assert [p.kind for p in compiled.params] == ["pointer"] * 4 + ["struct"]
    lines = compiled.source.splitlines()
    assert next(line for line in lines if line.startswith('extern "C"')) == (
        'extern "C" __global__ __aicore__ void mm(__gm__ half* a, __gm__ half* b, __gm__ half* c, '
        "__gm__ uint8_t* workspace, __gm__ TCubeTiling* tiling_gm, __gm__ uint64_t* ffts_addr) {"
    )
    copy = lines.index("    TCubeTiling tiling;")
    assert lines[copy : copy + 4] == [
        "    TCubeTiling tiling;",
        "    for (uint32_t i = 0; i < sizeof(TCubeTiling) / sizeof(uint32_t); ++i) {",
        "        reinterpret_cast<uint32_t*>(&tiling)[i] = reinterpret_cast<__gm__ const uint32_t*>(tiling_gm)[i];",
        "    }",
    ]
    assert "    REGIST_MATMUL_OBJ(&pipe, workspace, matmul, &tiling);" in lines
    reads = lines.index("    int32_t single_core_m = tiling.singleCoreM;")
    assert lines[reads : reads + 4] == [
        "    int32_t single_core_m = tiling.singleCoreM;",
        "    int32_t single_core_n = tiling.singleCoreN;",
        "    int32_t single_core_k = tiling.singleCoreK;",
        "    matmul.SetSingleShape(single_core_m, single_core_n, single_core_k);",
    ]


def test_the_ir_loads_the_struct_at_the_def_line(module: ModuleType) -> None:
    compiled = module.mm.compile(*ARGS, asc.adv.TCubeTiling())
    assert "%tiling_gm: !ascendc.gm_struct_addr<!ascendc.cube_tiling>" in compiled.ir
    assert "%tiling = ascendc.cube_tiling.load %tiling_gm : !ascendc.gm_struct_addr<!ascendc.cube_tiling>" in (
        compiled.ir
    )
    load = next(line for line in compiled.ir_with_locations().splitlines() if "cube_tiling.load" in line)
    assert load.endswith(f'{module.__file__}":{line_of(module, "@asc.jit")}:1)'), load


def test_field_values_do_not_specialise_the_kernel(mm: JITFunction[..., None]) -> None:
    """The struct's bytes are a runtime argument: any tiling (or the class itself) gives one kernel."""
    first = mm.compile(*ARGS, asc.adv.TCubeTiling(m=512))
    assert mm.compile(*ARGS, asc.adv.TCubeTiling(m=64, base_k=32)) is first
    assert mm.compile(*ARGS, asc.adv.TCubeTiling) is first


def test_reading_a_field_of_a_local_tiling_emits_the_read(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(out: asc.GlobalAddress) -> None:
            t = asc.adv.TCubeTiling(base_m=128)
            n = t.base_m * 2
            t.base_n = n
        """
    )
    source = module.k.compile(MockTensor(asc.float16)).source
    body = source.split("{\n", 1)[1].splitlines()
    assert body[:5] == [
        "    TCubeTiling t;",
        "    t.baseM = 128;",
        "    int32_t base_m = t.baseM;",
        "    int32_t n = base_m * 2;",
        "    t.baseN = n;",
    ]


def test_pack_gives_the_200_byte_host_struct() -> None:
    tiling = asc.adv.TCubeTiling(used_core_num=24, m=512, mx_type_para=-3)
    data = tiling.pack()
    assert len(data) == asc.adv.TCubeTiling.C_SIZE == 200
    fields = struct.unpack("<50i", data)
    assert (fields[0], fields[1], fields[2], fields[49]) == (24, 512, 0, -3)
