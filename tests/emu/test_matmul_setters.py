"""The Matmul setters no other numerics test runs (the emulation coverage report listed them,
docs/emulation.md#coverage), on the MIX client and in a cube-only kernel: the shapes set again, the callback
data, a bias set then disabled; each result against numpy.  Small integers: every sum is exact
in float32."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import ascx as asc
from ascx.emu.launch import EmulationError
from ascx.testing import line_of
from ascx.testing.tilings import ONE_BLOCK_L1_PLAN, system_workspace

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

Load = Callable[[str], ModuleType]
RNG = np.random.default_rng(320)
M, N, K = 32, 32, 32

SETTERS = """
GM, ND = asc.TPosition.GM, asc.CubeFormat.ND


@asc.jit{options}
def k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias: asc.GlobalAddress,
      user: asc.GlobalAddress, workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling) -> None:
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(GM, ND, asc.float32), asc.adv.MatmulType(GM, ND, asc.float32),
                        matmul_config=asc.adv.MatmulConfig(enable_set_define_data=True))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    biasg = asc.GlobalTensor()
    biasg.set_global_buffer(bias)
    mm.set_org_shape(32, 32, 32)
    mm.set_org_shape(32, 32, 32, 32, 32)
    mm.set_single_shape(32, 32, 32)
    mm.set_self_define_data(7)
    mm.set_user_def_info(user)
    userg = asc.GlobalTensor()
    userg.set_global_buffer(user, 4096)
    mm.set_workspace(userg)
    mm.set_workspace(user, 4096)
{extra}
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.set_bias(biasg)
    mm.disable_bias()
    mm.iterate_all(cg)
    mm.end()
"""


def tiling() -> Any:
    return asc.adv.TCubeTiling(
        used_core_num=1, m=M, n=N, k_a=K, k_b=K, single_core_m=M, single_core_n=N, single_core_k=K, base_m=16,
        base_n=16, base_k=16, is_bias=1, **ONE_BLOCK_L1_PLAN,
    )  # fmt: skip


@pytest.mark.parametrize("cube_only", [False, True], ids=["mix", "cube-only"])
def test_the_setters_keep_the_product(kernel_module: Load, cube_only: bool) -> None:
    """The org and single shapes set again (both SetOrgShape forms), the callback data (recorded), a workspace
    (both SetWorkspace forms: only asynchronous fetches use it), set_hf32(False) in the cube-only kernel, a bias
    set then disabled: C = A @ B, without the bias."""
    options = "(matmul_cube_only=True)" if cube_only else ""
    extra = "    mm.set_hf32(False)" if cube_only else ""
    kernel = kernel_module(SETTERS.format(options=options, extra=extra)).k
    a = RNG.integers(-4, 5, (M, K)).astype(np.float16)
    b = RNG.integers(-4, 5, (K, N)).astype(np.float16)
    bias = RNG.integers(-4, 5, N).astype(np.float32)
    c = np.full((M, N), np.nan, np.float32)
    kernel[1](a, b, c, bias, np.zeros(4096, np.uint8), system_workspace(), tiling())
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))


NOT_EMULATED = {
    "quant_scalar": (
        "mm.set_quant_scalar(2)",
        "",
        "quantised output (SetQuantScalar / SetQuantVector) is not emulated: the formula is unverified",
    ),
    "quant_vector": (
        "mm.set_quant_vector(qg)",
        "",
        "quantised output (SetQuantScalar / SetQuantVector) is not emulated: the formula is unverified",
    ),
    "sparse_index": (
        "mm.set_sparse_index(sg)",
        "do_multi_data_load=True, ",
        "sparse matmul (SetSparseIndex) is not emulated",
    ),
}

NOT_EMULATED_KERNEL = """
GM, ND = asc.TPosition.GM, asc.CubeFormat.ND


@asc.jit(matmul_cube_only=True)
def k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, q: asc.GlobalAddress, s: asc.GlobalAddress,
      workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling) -> None:
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(GM, ND, asc.float32),
                        matmul_config=asc.adv.MatmulConfig({config}enable_quant_vector=True))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    qg = asc.GlobalTensor()
    qg.set_global_buffer(q)
    sg = asc.GlobalTensor()
    sg.set_global_buffer(s)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    {statement}
    mm.iterate_all(cg)
    mm.end()
"""


@pytest.mark.parametrize("name", sorted(NOT_EMULATED))
def test_quantised_and_sparse_matmuls_stop_at_the_computation(kernel_module: Load, name: str) -> None:
    """SetQuantScalar / SetQuantVector and SetSparseIndex are recorded; the computation after them stops with
    a located error: their arithmetic is not emulated (docs/emulation.md#coverage exempts them for that)."""
    statement, config, message = NOT_EMULATED[name]
    module = kernel_module(NOT_EMULATED_KERNEL.format(statement=statement, config=config))
    t = tiling()
    t.is_bias = 0
    args = (np.zeros((M, K), np.float16), np.zeros((K, N), np.float16), np.zeros((M, N), np.float32))
    with pytest.raises(EmulationError) as caught:
        module.k[1](*args, np.zeros(N, np.uint64), np.zeros(1024, np.uint8), system_workspace(), t)
    assert caught.value.message.endswith(f"Matmul 'mm': IterateAll: {message}"), caught.value.message
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "mm.iterate_all(cg)")


LOCAL_INPUTS = """
GM, ND, NZ = asc.TPosition.GM, asc.CubeFormat.ND, asc.CubeFormat.NZ


@asc.jit(matmul_cube_only=True)
def k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias: asc.GlobalAddress,
      workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling) -> None:
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.TSCM, NZ, asc.float16),
                        asc.adv.MatmulType(asc.TPosition.TSCM, NZ, asc.float16),
                        asc.adv.MatmulType({c_type}), asc.adv.MatmulType({bias_position}, ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    biasg = asc.GlobalTensor()
    biasg.set_global_buffer(bias)
    l1 = asc.LocalMemAllocator(asc.Hardware.L1)
    at = l1.alloc(asc.TPosition.TSCM, asc.float16, 1024)
    bt = l1.alloc(asc.TPosition.TSCM, asc.float16, 1024)
    ct = l1.alloc(asc.TPosition.C1, asc.float16, 1024)
    asc.data_copy(at, ag, asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0))
    asc.data_copy(bt, bg, asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0))
    mm.set_tensor_a(at)
    mm.set_tensor_b(bt)
{compute}
    mm.end()
"""
C_GM = "GM, ND, asc.float32"
C_L1 = "asc.TPosition.C1, NZ, asc.float16"
LOCAL_COMPUTE = {
    "gm": (C_GM, "GM", "    mm.iterate_all(cg)"),
    "bias_l1": (
        C_GM,
        "asc.TPosition.TSCM",
        "    bl = l1.alloc(asc.TPosition.TSCM, asc.float32, 32)\n    asc.data_copy(bl, biasg, 32)\n"
        "    mm.set_bias(bl)\n    mm.iterate_all(cg)",
    ),
    "iterate_all_l1": (C_L1, "GM", "    mm.iterate_all(ct)\n    asc.data_copy(cg, ct, 1024)"),
    # the barrier: ascx inserts no sync between GetTensorC into L1 and the copy out of it (reported)
    "get_tensor_c_l1": (
        C_L1,
        "GM",
        "    with mm.iterate() as i:\n        mm.get_tensor_c(ct)\n    asc.pipe_barrier(asc.PipeID.PIPE_ALL)\n"
        "    asc.data_copy(cg, ct, 1024)",
    ),
    "iterate_l0c": (
        "asc.TPosition.CO1, NZ, asc.float32",
        "GM",
        "    l0c = asc.LocalMemAllocator(asc.Hardware.L0C).alloc(asc.TPosition.CO1, asc.float32, 1024)\n"
        "    with mm.iterate(local_c_matrix=l0c) as i:\n        pass\n"
        "    asc.fixpipe(cg, l0c, asc.FixpipeParamsV220(32, 32, 32, 32))",
    ),
}


def nz_of(matrix: np.ndarray) -> np.ndarray:
    """A 32 x 32 matrix in NZ: 16-wide column blocks of 32 rows."""
    return matrix.reshape(32, 2, 16).transpose(1, 0, 2).reshape(-1)


@pytest.mark.parametrize("name", list(LOCAL_COMPUTE))
def test_a_and_b_from_l1(kernel_module: Load, name: str) -> None:
    """A cube-only Matmul whose A and B are LocalTensors in TSCM (copied there as NZ from ND in GM): C = A @ B to
    GM; with a bias from L1; through IterateAll or Iterate / GetTensorC into a C1 LocalTensor (half, NZ: what
    CANN's Fixpipe into L1 takes), copied out; through Iterate into an L0C LocalTensor, then Fixpipe (one
    32 x 32 block)."""
    c_type, bias_position, compute = LOCAL_COMPUTE[name]
    source = LOCAL_INPUTS.format(c_type=c_type, bias_position=bias_position, compute=compute)
    kernel = kernel_module(source).k
    a = RNG.integers(-4, 5, (M, K)).astype(np.float16)
    b = RNG.integers(-4, 5, (K, N)).astype(np.float16)
    bias = RNG.integers(-4, 5, N).astype(np.float32)
    in_l1 = c_type == C_L1
    c = np.zeros(M * N, np.float16 if in_l1 else np.float32)
    t = tiling()
    t.is_bias = int(name == "bias_l1")
    if name in ("get_tensor_c_l1", "iterate_l0c"):
        t.base_m, t.base_n, t.base_k = M, N, K  # one block
    kernel[1](a, b, c, bias, system_workspace(), t)
    want = a.astype(np.float32) @ b.astype(np.float32) + (bias if name == "bias_l1" else 0)
    np.testing.assert_array_equal(c, nz_of(want).astype(np.float16) if in_l1 else want.reshape(-1))


MIX_FROM_UB = """
GM, ND = asc.TPosition.GM, asc.CubeFormat.ND
VO = asc.TPosition.VECOUT


@asc.jit
def k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, d: asc.GlobalAddress,
      bias: asc.GlobalAddress, workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling) -> None:
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(VO, ND, asc.float16), asc.adv.MatmulType(VO, ND, asc.float16),
                        asc.adv.MatmulType(GM, ND, asc.float32), asc.adv.MatmulType(VO, ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    dg = asc.GlobalTensor()
    dg.set_global_buffer(d)
    biasg = asc.GlobalTensor()
    biasg.set_global_buffer(bias)
    al = asc.LocalTensor(asc.float16, VO, 0, 1024)
    bl = asc.LocalTensor(asc.float16, VO, 2048, 1024)
    bsl = asc.LocalTensor(asc.float32, VO, 4096, 32)
    cl = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 8192, 1024)
    asc.data_copy(al, ag, 1024)
    asc.data_copy(bl, bg, 1024)
    asc.data_copy(bsl, biasg, 32)
    mm.set_tensor_a(al)
    mm.set_tensor_b(bl)
    mm.set_bias(bsl)
    with mm.iterate() as i:
        mm.get_tensor_c(cg, optional_tensor=cl)
    asc.data_copy(dg, cl, 1024)
    mm.end()
"""


def test_the_mix_client_takes_a_b_and_the_bias_from_ub(kernel_module: Load) -> None:
    """A MIX Matmul whose A, B and bias are LocalTensors in UB (VECOUT), one 32 x 32 block fetched into GM and a
    UB tensor at once: both hold A @ B + bias."""
    kernel = kernel_module(MIX_FROM_UB).k
    a = RNG.integers(-4, 5, (M, K)).astype(np.float16)
    b = RNG.integers(-4, 5, (K, N)).astype(np.float16)
    bias = RNG.integers(-4, 5, N).astype(np.float32)
    c = np.full((M, N), np.nan, np.float32)
    d = np.full((M, N), np.nan, np.float32)
    t = tiling()
    t.base_m, t.base_n, t.base_k = M, N, K  # one block
    kernel[1](a, b, c, d, bias, system_workspace(), t)
    want = a.astype(np.float32) @ b.astype(np.float32) + bias
    np.testing.assert_array_equal(c, want)
    np.testing.assert_array_equal(d, want)


MIX_FETCHES = """
GM, ND, NZ = asc.TPosition.GM, asc.CubeFormat.ND, asc.CubeFormat.NZ


@asc.jit
def k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, w: asc.GlobalAddress,
      workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling) -> None:
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType({c_type}))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
{compute}
    mm.end()
"""
MIX_FETCH = {
    "view": (
        "asc.TPosition.VECIN, ND, asc.float32",
        "    mm.set_workspace(w, 4096)\n    mm.iterate(sync=False)\n    g = mm.get_tensor_c(sync=False)\n"
        "    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 1024)\n    asc.data_copy(ub, g, 1024)\n"
        "    asc.data_copy(cg, ub, 1024)",
    ),
    "iterate_all_l1": (
        "asc.TPosition.C1, NZ, asc.float16",
        "    ct = asc.LocalMemAllocator(asc.Hardware.L1).alloc(asc.TPosition.C1, asc.float16, 1024)\n"
        "    mm.iterate_all(ct)\n    asc.data_copy(cg, ct, 1024)",
    ),
}


@pytest.mark.parametrize(
    "name",
    [
        "view",
        pytest.param(
            "iterate_all_l1",
            marks=pytest.mark.clean_room_only(
                "CANN's MIX Matmul server with C in C1 aborts at register_matmul in its CPU build "
                "(kernel_tensor_impl.h:442: 'offset is 0, which can not be larger than data len 0'), measured"
            ),
        ),
    ],
)
def test_the_mix_client_s_other_fetches(kernel_module: Load, name: str) -> None:
    """One 32 x 32 block on the MIX client: fetched as a returned GlobalTensor viewing its workspace slot
    (GetTensorC<false>() after an asynchronous Iterate), copied out through UB; or IterateAll into a C1
    LocalTensor (half, NZ), copied out."""
    c_type, compute = MIX_FETCH[name]
    kernel = kernel_module(MIX_FETCHES.format(c_type=c_type, compute=compute)).k
    a = RNG.integers(-4, 5, (M, K)).astype(np.float16)
    b = RNG.integers(-4, 5, (K, N)).astype(np.float16)
    in_l1 = name == "iterate_all_l1"
    c = np.zeros(M * N, np.float16 if in_l1 else np.float32)
    t = tiling()
    t.is_bias = 0
    t.base_m, t.base_n, t.base_k = M, N, K  # one block
    kernel[1](a, b, c, np.zeros(4096, np.uint8), system_workspace(), t)
    want = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_array_equal(c, nz_of(want).astype(np.float16) if in_l1 else want.reshape(-1))
