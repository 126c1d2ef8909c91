"""MIX_AIV_1_0 and MIX_AIC_1_1 (issue 31, points 9 and 12), end to end: what ``ascx-kernel-type`` derives
and ``@asc.jit(kernel_type=...)`` may ask for, the C++ declaration (``KERNEL_TASK_TYPE_DEFAULT``), and
the launch on the CPU emulation (one AIV per block), against numpy.

CANN's SyncAll page (asc-devkit's api/context/SyncAll.md): with the hardware ``SyncAll()`` a pure vector
kernel must be ``KERNEL_TYPE_MIX_AIV_1_0``; ``asc_get_sub_block_num``'s page: one AIV per block in MIX_AIC_1_1 and
MIX_AIV_1_0."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import numpy as np
import pytest

import ascx as asc
from ascx.analysis.report import SyncError
from ascx.dialects.ascendc import KernelType as BuiltType
from ascx.emu.cann_backend.build import build_executable, kernel_defines
from ascx.emu.cann_backend.launch import build_sides, launch
from ascx.emu.launch import runs_aic_side
from ascx.runtime.cann_check import CannHeaders
from ascx.runtime.jit import MockTensor
from ascx.testing import without_excerpts
from ascx.testing.kernels import line_of
from ascx.testing.tilings import ONE_BLOCK_L1_PLAN, system_workspace

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

KernelModule = Callable[[str], ModuleType]

TOTAL = """
@asc.jit{options}
def total(x: asc.GlobalAddress, z: asc.GlobalAddress, acc: asc.GlobalAddress) -> None:
    \"\"\"Every block adds its 8 values into acc atomically; after the hard sync_all each block reads the
    total's first element through the scalar cache (after the cache maintenance) and broadcasts it.\"\"\"
    N = 8
    b = asc.get_block_idx()
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + b * N, N)
    acc_gm = asc.GlobalTensor()
    acc_gm.set_global_buffer(acc, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z + b * N, N)
    xl = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    asc.data_copy(xl, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.set_atomic_add(asc.float32)
    asc.data_copy(acc_gm, xl, N)
    asc.set_atomic_none()
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.sync_all()  # the hard sync
    asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, acc_gm, asc.DcciDst.CACHELINE_OUT)
    t = acc_gm.get_value(0)
    asc.duplicate(xl, t, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, xl, N)
"""
TOTAL_ARGS = (MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32))


def run_total(module: ModuleType, blocks: int) -> None:
    rng = np.random.default_rng(31)
    x = rng.integers(-8, 8, blocks * 8).astype(np.float32)
    z = np.full_like(x, np.nan)
    acc = np.zeros(8, np.float32)
    module.total[blocks](x, z, acc)
    expected = x.reshape(blocks, 8).sum(axis=0)
    np.testing.assert_array_equal(acc, expected)
    np.testing.assert_array_equal(z, np.full_like(z, expected[0]))


def test_a_vector_kernel_with_the_hard_sync_all_is_mix_aiv_1_0(kernel_module: KernelModule) -> None:
    """Derived: the kernel declares KERNEL_TYPE_MIX_AIV_1_0 and gets the FFTS base address SyncAll uses."""
    module = kernel_module(TOTAL.format(options=""))
    compiled = module.total.compile(*TOTAL_ARGS)
    assert compiled.kernel_type is BuiltType.MIX_AIV_1_0
    assert compiled.core_type is asc.lib.runtime.CoreType.VectorCore
    head = compiled.source.splitlines()[2:5]
    assert head == [
        'extern "C" __global__ __aicore__ void total(__gm__ float* x, __gm__ float* z, __gm__ float* acc, '
        "__gm__ uint64_t* ffts_addr) {",
        "    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);",
        "    set_ffts_base_addr(*ffts_addr);",
    ]
    run_total(module, 4)


def test_mix_aiv_1_0_on_request(kernel_module: KernelModule) -> None:
    module = kernel_module(TOTAL.format(options="(kernel_type=asc.runtime.config.KernelType.MIX_AIV_1_0)"))
    assert module.total.compile(*TOTAL_ARGS).kernel_type is BuiltType.MIX_AIV_1_0
    run_total(module, 3)


def test_the_hard_sync_all_in_an_aiv_only_kernel_is_an_error(kernel_module: KernelModule) -> None:
    module = kernel_module(TOTAL.format(options="(kernel_type=asc.runtime.config.KernelType.AIV_ONLY)"))
    with pytest.raises(asc.KernelError) as caught:
        module.total.compile(*TOTAL_ARGS)
    assert caught.value.message == (
        "kernel_type=KernelType.AIV_ONLY, but the hardware `asc.sync_all()` needs a MIX kernel: in a pure vector "
        "kernel it requires KERNEL_TYPE_MIX_AIV_1_0 (CANN's SyncAll page, asc-devkit api/context/SyncAll.md)"
    )
    assert caught.value.hints == [
        "use kernel_type=KernelType.MIX_AIV_1_0 (or drop kernel_type: ascx then builds the kernel as MIX_AIV_1_0), "
        "or the software sync_all(gm_workspace, ub_workspace, used_cores)"
    ]
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "asc.sync_all()  # the hard sync")


def test_the_software_sync_all_stays_aiv_only(kernel_module: KernelModule) -> None:
    """SyncAll(gm, ub, cores) is CANN's software form, for pure vector kernels."""
    source = (
        TOTAL.format(options="(kernel_type=asc.runtime.config.KernelType.AIV_ONLY)")
        .replace(
            "asc.sync_all()  # the hard sync",
            "pipe = asc.TPipe()  # the software SyncAll takes event ids from it (XC-9)\n"
            "    wl = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 1024, 8 * 8)\n"
            "    w_gm = asc.GlobalTensor()\n"
            "    w_gm.set_global_buffer(w)\n"
            "    asc.sync_all(w_gm, wl, asc.get_block_num())",
        )
        .replace("acc: asc.GlobalAddress)", "acc: asc.GlobalAddress, w: asc.GlobalAddress)")
    )
    module = kernel_module(source)
    compiled = module.total.compile(*TOTAL_ARGS, MockTensor(asc.int32))
    assert compiled.kernel_type is BuiltType.AIV_ONLY
    assert "KERNEL_TASK_TYPE_DEFAULT" not in compiled.source


MATMUL = """
GM, ND = asc.TPosition.GM, asc.CubeFormat.ND


@asc.jit(kernel_type=asc.runtime.config.KernelType.{kind})
def mm_tiles(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
             workspace: asc.GlobalAddress) -> None:
    \"\"\"pyasc's tutorial 03 (examples/matmul_mix.py): one iterate_all tile per vector core.\"\"\"
    core = asc.get_block_idx()
    tiles_along_m = tiling.m.ceildiv(tiling.single_core_m)
    m_index = core % tiles_along_m
    n_index = core // tiles_along_m
    a_global = asc.GlobalTensor()
    b_global = asc.GlobalTensor()
    c_global = asc.GlobalTensor()
    a_global.set_global_buffer(a + m_index * tiling.k_a * tiling.single_core_m)
    b_global.set_global_buffer(b + n_index * tiling.single_core_n)
    c_global.set_global_buffer(c + m_index * tiling.n * tiling.single_core_m + n_index * tiling.single_core_n)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(GM, ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if core < tiling.used_core_num:
        mm.set_tensor_a(a_global)
        mm.set_tensor_b(b_global)
        mm.iterate_all(c_global)
        mm.end()
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit(kernel_type=asc.runtime.config.KernelType.MIX_AIC_1_1)
def dual(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
         workspace: asc.GlobalAddress) -> None:
    \"\"\"MixDualMaster 1:1, without IBShare (CANN requires it only in 1:2): the AIC computes.\"\"\"
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(GM, ND, asc.float32),
                        matmul_config=asc.adv.MatmulConfig(enable_mix_dual_master=True))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.iterate_all(cg)
    mm.end()
"""


def tiles(m: int, n: int, k: int, cores: int) -> asc.adv.TCubeTiling:
    """The host tiling of C[m, n] = A[m, k] @ B[k, n] over ``cores`` vector cores."""
    host = asc.lib.host
    tiling_api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    tiling_api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    tiling_api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    tiling_api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    tiling_api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    tiling_api.set_dim(cores)
    tiling_api.set_org_shape(m, n, k)
    tiling_api.set_shape(m, n, k)
    tiling_api.enable_bias(False)
    tiling_api.set_buffer_space(-1, -1, -1)
    tiling = asc.adv.TCubeTiling()
    assert tiling_api.get_tiling(tiling) == 0
    return tiling


def operands(m: int, n: int, k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(11)
    a = rng.integers(-4, 5, (m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (k, n)).astype(np.float16)
    return a, b, np.full((m, n), np.nan, np.float32)


def test_mix_aic_1_1_runs_one_aiv_per_block(kernel_module: KernelModule) -> None:
    """Each block's single AIV drives the cube for one tile: as many blocks as tiles."""
    module = kernel_module(MATMUL.format(kind="MIX_AIC_1_1"))
    m, n, k = 128, 256, 64
    a, b, c = operands(m, n, k)
    tiling = tiles(m, n, k, 8)
    args = (a, b, c, tiling, system_workspace())
    compiled = module.mm_tiles.compile(*args)
    assert compiled.kernel_type is BuiltType.MIX_AIC_1_1
    assert compiled.core_type is asc.lib.runtime.CoreType.AiCore
    assert not runs_aic_side(compiled)
    lines = compiled.source.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith('extern "C"'))
    assert lines[start + 1 : start + 6] == [
        "    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_1);",
        "    set_ffts_base_addr(*ffts_addr);",
        "    bool is_aic = g_coreType == AscendC::AIC;",
        "    if (is_aic) {",
        "        ffts_cross_core_sync(PIPE_MTE3, 0xf21);",
    ]
    module.mm_tiles[tiling.used_core_num](*args)
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))


QUITTING_AIV = """#include "kernel_operator.h"
#include "lib/matmul_intf.h"

extern "C" void ascx_cann_body(void* const* args) {
    __gm__ uint8_t* workspace = static_cast<__gm__ uint8_t*>(args[4]);
    auto* msg = reinterpret_cast<__gm__ AscendC::KfcMsg*>(AscendC::GetMsgHead(workspace, 0));
    msg->head = AscendC::KfcMsgMakeFlag(AscendC::KFC_Enum::SERVICE_QUIT, 0);
    dcci(reinterpret_cast<__gm__ int64_t*>(msg), cache_line_t::SINGLE_CACHE_LINE, dcci_dst_t::CACHELINE_OUT);
}
"""
"""A MIX_AIC_1_1 block's AIV as its AIC may see it quitting: CANN's ``KfcCommClient`` destructor stores the quit
message's head, then the field after it (``ubAddr``: the AIVs per block), each a plain store, then cleans the
cache line; here the AIC reads the head and the field as the launch's memory left it, 0."""


def test_the_aic_of_a_mix_aic_1_1_block_ends_on_the_quit_messages_head(
    kernel_module: KernelModule, cann_emulator: CannHeaders
) -> None:
    """The race that hung 8-block MIX_AIC_1_1 launches on the CANN backend (docs/emulation.md#the-mix_aic_1_1-hang),
    made certain: built without CANN's ``-D__MIX_CORE_AIC_RATION__=1``, the AIC's KFC server waits for a second
    AIV unless the quit message's second field reads 1, and it spins until the time limit."""
    module = kernel_module(MATMUL.format(kind="MIX_AIC_1_1"))
    m, n, k = 128, 256, 64
    a, b, c = operands(m, n, k)
    args = (a, b, c, tiles(m, n, k, 8), system_workspace())
    compiled = module.mm_tiles.compile(*args)
    aiv = build_executable(QUITTING_AIV, "aiv", name="quitting_aiv", defines=kernel_defines(compiled.kernel_type))
    launch(compiled, 1, args, timeout=10, executables={"aic": build_sides(compiled)["aic"], "aiv": aiv})
    assert np.isnan(c).all()  # the AIC ran no Matmul: the one message it read was the quit


def test_mix_aic_1_1_mix_dual_master_without_ib_share(kernel_module: KernelModule) -> None:
    """MixDualMaster 1:1: the AIC side runs and computes, the one AIV waits; no IBShare needed."""
    module = kernel_module(MATMUL.format(kind="MIX_AIC_1_1"))
    m, n, k = 48, 32, 40
    a, b, c = operands(m, n, k)
    tiling = asc.adv.TCubeTiling(
        used_core_num=1, m=m, n=n, k_a=k, k_b=k, single_core_m=m, single_core_n=n, single_core_k=k,
        base_m=16, base_n=16, base_k=16, **ONE_BLOCK_L1_PLAN,
    )  # fmt: skip
    args = (a, b, c, tiling, system_workspace())
    compiled = module.dual.compile(*args)
    assert compiled.kernel_type is BuiltType.MIX_AIC_1_1
    assert runs_aic_side(compiled)
    module.dual[1](*args)
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))


def test_mix_aiv_1_0_refuses_a_matmul(kernel_module: KernelModule) -> None:
    module = kernel_module(MATMUL.format(kind="MIX_AIV_1_0"))
    m, n, k = 32, 32, 32
    with pytest.raises(asc.KernelError) as caught:
        module.mm_tiles.compile(*operands(m, n, k), tiles(m, n, k, 1), system_workspace())
    assert caught.value.message == (
        "kernel_type=KernelType.MIX_AIV_1_0, but the kernel registers a Matmul object, whose matrix work runs on "
        "the cube cores"
    )
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "asc.adv.register_matmul(pipe, workspace, mm, tiling)")


def test_the_hard_sync_all_in_a_cube_only_kernel_is_xc8(kernel_module: KernelModule) -> None:
    """CANN requires MIX_AIC_1_0 of a pure cube kernel with the hardware SyncAll; ascx does not build it."""
    module = kernel_module(
        """
        F16 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        F32 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)

        @asc.jit(matmul_cube_only=True)
        def k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, w: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            mm = asc.adv.Matmul(F16, F16, F32)
            asc.adv.register_matmul(pipe, w, mm)
            asc.sync_all()  # the hard sync
        """
    )
    args = (MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.uint8))
    with pytest.raises(SyncError) as caught:
        module.k.compile(*args)
    line = line_of(module, "asc.sync_all()  # the hard sync")
    assert [text.split(".py:", 1)[1] for text in without_excerpts(str(caught.value))] == [
        f"{line}:5: error: the hardware `asc.sync_all()` is not allowed in an AIC_ONLY kernel: CANN's SyncAll page "
        "requires KERNEL_TYPE_MIX_AIC_1_0 for a pure cube kernel, a type ascx does not build [XC-8]"
    ]
