"""GEMV on the CPU emulation: A in ``CubeFormat.VECTOR`` is one row of K elements (M = 1), against numpy
on both backends (``emulator``: CANN's own GEMV path, one row copied to L1, a 2D load and a mad with m = 1,
must agree bit for bit), and the run-time rules of CANN's GEMV page and of its SetTensorA
(docs/reference/matmul.md#gemv-a-in-cubeformatvector)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import ascx as asc
from ascx.emu.launch import EmulationError
from ascx.runtime.jit import MockTensor
from ascx.testing import load_kernel_source
from ascx.testing.tilings import system_workspace

RNG = np.random.default_rng(77)
host = asc.lib.host

KERNELS = """
GM, ND, VECTOR = asc.TPosition.GM, asc.CubeFormat.ND, asc.CubeFormat.VECTOR


@asc.jit(matmul_cube_only=True)
def gemv_cube(a: asc.GlobalAddress, b: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress,
              tiling: asc.adv.TCubeTiling, a_offset: int, with_bias: asc.ConstExpr[bool]) -> None:
    \"\"\"Each core a slice of N; the last one's tail through set_tail (matmul_format_gemv's structure).\"\"\"
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, VECTOR, {src}), asc.adv.MatmulType(GM, ND, {src}),
                        asc.adv.MatmulType(GM, ND, {dst}), asc.adv.MatmulType(GM, ND, {bias_t}))
    asc.adv.register_matmul(pipe, asc.get_sys_workspace(), mm, tiling)
    column = asc.get_block_idx() * tiling.single_core_n
    ag = asc.GlobalTensor(); ag.set_global_buffer(a + a_offset)
    bg = asc.GlobalTensor(); bg.set_global_buffer(b + column)
    biasg = asc.GlobalTensor(); biasg.set_global_buffer(bias + column)
    cg = asc.GlobalTensor(); cg.set_global_buffer(c + column)
    tail_n = tiling.n - column
    if tail_n < tiling.single_core_n:
        mm.set_tail(1, tail_n)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    if with_bias:
        mm.set_bias(biasg)
    mm.iterate_all(cg)  # the computation
    mm.end()


@asc.jit
def gemv_mix(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
             tiling: asc.adv.TCubeTiling, transpose: bool) -> None:
    \"\"\"A MIX kernel: each AIV's client asks the AIC for the product, into its own row of C.\"\"\"
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, VECTOR, {src}, is_trans=True), asc.adv.MatmulType(GM, ND, {src}),
                        asc.adv.MatmulType(GM, ND, {dst}))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor(); ag.set_global_buffer(a)
    bg = asc.GlobalTensor(); bg.set_global_buffer(b)
    cg = asc.GlobalTensor(); cg.set_global_buffer(c + asc.get_sub_block_idx() * tiling.n)
    mm.set_tensor_a(ag, transpose)  # A's transpose flag
    mm.set_tensor_b(bg)
    mm.iterate_all(cg)
    mm.end()
"""

TYPES = {  # A and B, C, bias: CANN's combinations for Atlas A2 (its MatmulType page, table 2)
    "half": (np.float16, np.float32, np.float32, host.DataType.DT_FLOAT16, host.DataType.DT_FLOAT),
    "float": (np.float32, np.float32, np.float32, host.DataType.DT_FLOAT, host.DataType.DT_FLOAT),
    "int8": (np.int8, np.int32, np.int32, host.DataType.DT_INT8, host.DataType.DT_INT32),
}
ASC_TYPES = {"half": ("asc.float16", "asc.float32", "asc.float32"), "float": ("asc.float32",) * 3,
             "int8": ("asc.int8", "asc.int32", "asc.int32")}  # fmt: skip


def load_modules(directory: Path) -> dict[str, ModuleType]:
    """The kernels for each element type, loaded from files under ``directory``."""
    loaded: dict[str, ModuleType] = {}
    for name, (src, dst, bias_t) in ASC_TYPES.items():
        (directory / name).mkdir(parents=True, exist_ok=True)
        loaded[name] = load_kernel_source(directory / name, KERNELS.format(src=src, dst=dst, bias_t=bias_t))
    return loaded


@pytest.fixture(scope="module")
def modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    return load_modules(tmp_path_factory.mktemp("gemv"))


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """Both kernels for each element type, for the CANN type-check (``ascx.testing.cann_kernels``)."""
    for name, module in load_modules(directory).items():
        ab, c, bias = (MockTensor(asc.DataType.from_numpy(t)) for t in TYPES[name][:3])
        cube = module.gemv_cube.compile(ab, ab, bias, c, asc.adv.TCubeTiling, 0, True)
        yield f"gemv_cube_{name}", cube.source
        mix = module.gemv_mix.compile(ab, ab, c, MockTensor(asc.uint8), asc.adv.TCubeTiling, False)
        yield f"gemv_mix_{name}", mix.source


def gemv_tiling(n: int, k: int, kind: str, fix: tuple[int, int, int], bias: bool, cores: int = 2) -> Any:
    """CANN's multi-core tiling of a 1 x k by k x n product with A in VECTOR, base sizes fixed."""
    _, _, _, ab, c = TYPES[kind]
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    api.set_dim(cores)
    api.set_a_type(host.TPosition.GM, host.CubeFormat.VECTOR, ab, False)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, ab, False)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, c)
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, c)
    api.set_org_shape(1, n, k)
    api.set_shape(1, n, k)
    api.enable_bias(bias)
    api.set_fix_split(*fix)
    api.set_buffer_space(-1, -1, -1)
    tiling = asc.adv.TCubeTiling()
    assert api.get_tiling(tiling) == 0
    return tiling


def operands(n: int, k: int, kind: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    ab, c, bias, _, _ = TYPES[kind]
    a = RNG.integers(-4, 5, (1, k)).astype(ab)
    b = RNG.integers(-4, 5, (k, n)).astype(ab)
    return a, b, RNG.integers(-4, 5, n).astype(bias), np.full((1, n), -7, c)


def product(a: np.ndarray, b: np.ndarray, out: Any) -> np.ndarray:
    """Exact: small integers."""
    return (a.astype(np.int64) @ b.astype(np.int64)).astype(out)


CASES = {  # n, k, the fixed base sizes (baseM, baseN, baseK), with a bias
    "half, K in three steps with a tail, N tail on the second core": ("half", 48, 80, (16, 16, 32), False),
    "half with a bias": ("half", 64, 256, (16, 32, 256), True),
    "float with a bias, a K tail of 8 (baseK 16)": ("float", 40, 72, (16, 16, 16), True),
    "int8": ("int8", 64, 96, (16, 32, 32), False),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_gemv_matches_numpy(modules: dict[str, ModuleType], emulator: str, case: str) -> None:
    kind, n, k, fix, with_bias = CASES[case]
    tiling = gemv_tiling(n, k, kind, fix, with_bias)
    assert tiling.used_core_num == 2
    assert tiling.single_core_m == 1
    a, b, bias, c = operands(n, k, kind)
    modules[kind].gemv_cube[tiling.used_core_num](a, b, bias, c, tiling, 0, with_bias)
    expected = product(a, b, c.dtype)
    np.testing.assert_array_equal(c, expected + bias if with_bias else expected)


def test_gemv_in_a_mix_kernel(modules: dict[str, ModuleType], emulator: str) -> None:
    """A MIX kernel: the AIC serves the GEMV of both AIVs of the block (CANN's KFC client and server)."""
    n, k = 32, 64
    tiling = gemv_tiling(n, k, "half", (16, 32, 32), False, cores=1)
    a, b, _, _ = operands(n, k, "half")
    c = np.full((2, n), np.nan, np.float32)
    modules["half"].gemv_mix[1](a, b, c, system_workspace(), tiling, False)
    np.testing.assert_array_equal(c, np.vstack([product(a, b, np.float32)] * 2))


# --- the run-time rules (the clean-room backend) -------------------------------------------------------


def located(error: EmulationError, module: ModuleType, marker: str) -> None:
    location = error.location
    assert location is not None
    lines = Path(module.__file__ or "").read_text().splitlines()
    assert marker in lines[location.line - 1]


def test_a_transposed_at_run_time(modules: dict[str, ModuleType]) -> None:
    """CANN's SetTensorA asserts it (MatmulTensorInfo::CheckMatrixA), even with is_trans=True on A."""
    n, k = 32, 64
    tiling = gemv_tiling(n, k, "half", (16, 32, 32), False, cores=1)
    a, b, _, _ = operands(n, k, "half")
    with pytest.raises(EmulationError) as caught:
        modules["half"].gemv_mix[1](a, b, np.zeros((2, n), np.float32), system_workspace(), tiling, True)
    assert caught.value.message.endswith("Matmul 'mm': SetTensorA: In GEMV mode, matrix A should not be transposed.")
    located(caught.value, modules["half"], "# A's transpose flag")


def test_m_must_be_1(modules: dict[str, ModuleType]) -> None:
    """CANN's GEMV page: A's original M is 1."""
    n, k = 32, 64
    tiling = gemv_tiling(n, k, "half", (16, 32, 32), False, cores=1)
    tiling.m = 2
    a, b, bias, c = operands(n, k, "half")
    with pytest.raises(EmulationError) as caught:
        modules["half"].gemv_cube[1](a, b, bias, c, tiling, 0, False)
    assert caught.value.message.endswith(
        "Matmul 'mm': IterateAll: A in CubeFormat::VECTOR (GEMV) is a 1 x K vector: M must be 1, got orgM=2 and "
        "singleCoreM=1"
    )
    located(caught.value, modules["half"], "# the computation")


def test_a_must_be_16_byte_aligned(modules: dict[str, ModuleType]) -> None:
    """CANN's GEMV page: A's data in GM is 16-byte aligned; one half element in is 2 bytes past."""
    n, k = 32, 64
    tiling = gemv_tiling(n, k, "half", (16, 32, 32), False, cores=1)
    a, b, bias, c = operands(n, k + 8, "half")
    b = np.ascontiguousarray(b[:k])
    with pytest.raises(EmulationError) as caught:
        modules["half"].gemv_cube[1](a, b, bias, c, tiling, 1, False)
    assert caught.value.message.endswith(
        "Matmul 'mm': IterateAll: A in CubeFormat::VECTOR (GEMV) must be 16-byte aligned in GM; it starts 2 bytes "
        "past a 16-byte boundary"
    )
    located(caught.value, modules["half"], "# the computation")
    modules["half"].gemv_cube[1](a, b, bias, c, tiling, 8, False)  # 16 bytes in: aligned
    np.testing.assert_array_equal(c, product(a[:, 8 : 8 + k], b, np.float32))


def test_cann_itself_rejects_a_transposed_gemv_a(
    modules: dict[str, ModuleType], cann_emulator: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The clean-room message is CANN's: its own SetTensorA aborts the AIC with it (the AIC serves the client's
    calls inside REGIST_MATMUL_OBJ, the line it reached)."""
    monkeypatch.setenv("ASCX_EMULATOR", "cann")
    n, k = 32, 64
    tiling = gemv_tiling(n, k, "half", (16, 32, 32), False, cores=1)
    a, b, _, _ = operands(n, k, "half")
    with pytest.raises(EmulationError) as caught:
        modules["half"].gemv_mix[1](a, b, np.zeros((2, n), np.float32), system_workspace(), tiling, True)
    assert caught.value.message == (
        "kernel 'gemv_mix' failed on the CANN backend: block 0 (AIC): CANN's CheckMatrixA (matmul_tensor_info.h:101) "
        "failed: In GEMV mode, matrix A should not be transposed."
    )
    located(caught.value, modules["half"], "asc.adv.register_matmul(pipe, workspace, mm, tiling)")
