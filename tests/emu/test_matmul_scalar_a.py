"""A scalar A on the CPU emulation: ``set_tensor_a(value)`` with A in ``CubeFormat.SCALAR`` is one row of K
copies of the value (CANN's SetTensorA page: the scalar becomes a [1, K] tensor), so C = value * the column
sums of B. Against numpy on both backends (``emulator``: CANN's MatmulImpl fills L0A with the value in its
``LoadToL0A`` for SCALAR; in the MIX kernel its KFC server reads the value back from the client's message),
in a cube-only and a MIX kernel, and the run-time rules the emulation checks where asc cannot
(docs/reference/matmul.md#a-scalar-a-in-cubeformatscalar)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import ascx as asc
from ascx.emu.launch import EmulationError, launch
from ascx.runtime.jit import MockTensor
from ascx.testing import load_kernel_source
from ascx.testing.tilings import system_workspace

pytestmark = pytest.mark.differential

RNG = np.random.default_rng(31)
host = asc.lib.host

KERNELS = """
GM, ND, SCALAR = asc.TPosition.GM, asc.CubeFormat.ND, asc.CubeFormat.SCALAR


@asc.jit(matmul_cube_only=True)
def scalar_cube(b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, value: float) -> None:
    \"\"\"Each core a slice of N, the last one's tail through set_tail.\"\"\"
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, SCALAR, {src}), asc.adv.MatmulType(GM, ND, {src}),
                        asc.adv.MatmulType(GM, ND, asc.float32))
    asc.adv.register_matmul(pipe, asc.get_sys_workspace(), mm, tiling)
    column = asc.get_block_idx() * tiling.single_core_n
    bg = asc.GlobalTensor(); bg.set_global_buffer(b + column)
    cg = asc.GlobalTensor(); cg.set_global_buffer(c + column)
    tail_n = tiling.n - column
    if tail_n < tiling.single_core_n:
        mm.set_tail(1, tail_n)
    mm.set_tensor_a(value)
    mm.set_tensor_b(bg)
    mm.iterate_all(cg)  # the computation
    mm.end()


@asc.jit
def scalar_mix(b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
               tiling: asc.adv.TCubeTiling, value: float) -> None:
    \"\"\"A MIX kernel: each AIV's client sends its own value (value + its sub-block index) to the AIC.\"\"\"
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, SCALAR, {src}), asc.adv.MatmulType(GM, ND, {src}),
                        asc.adv.MatmulType(GM, ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    bg = asc.GlobalTensor(); bg.set_global_buffer(b)
    cg = asc.GlobalTensor(); cg.set_global_buffer(c + asc.get_sub_block_idx() * tiling.n)
    mm.set_tensor_a(value + asc.get_sub_block_idx())
    mm.set_tensor_b(bg)
    mm.iterate_all(cg)
    mm.end()
"""

TYPES = {"half": (np.float16, host.DataType.DT_FLOAT16), "float": (np.float32, host.DataType.DT_FLOAT)}
ASC_TYPES = {"half": "asc.float16", "float": "asc.float32"}


def load_modules(directory: Path) -> dict[str, ModuleType]:
    """The kernels for each element type, loaded from files under ``directory``."""
    loaded: dict[str, ModuleType] = {}
    for name, src in ASC_TYPES.items():
        (directory / name).mkdir(parents=True, exist_ok=True)
        loaded[name] = load_kernel_source(directory / name, KERNELS.format(src=src))
    return loaded


@pytest.fixture(scope="module")
def modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    return load_modules(tmp_path_factory.mktemp("scalar_a"))


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """Both kernels for each element type, for the CANN type-check (``ascx.testing.cann_kernels``)."""
    for name, module in load_modules(directory).items():
        b, c = MockTensor(asc.DataType.from_numpy(TYPES[name][0])), MockTensor(asc.float32)
        yield f"scalar_a_cube_{name}", module.scalar_cube.compile(b, c, asc.adv.TCubeTiling, 1.0).source
        mix = module.scalar_mix.compile(b, c, MockTensor(asc.uint8), asc.adv.TCubeTiling, 1.0)
        yield f"scalar_a_mix_{name}", mix.source


def scalar_tiling(n: int, k: int, kind: str, fix: tuple[int, int, int], cores: int, m: int = 1) -> Any:
    """CANN's multi-core tiling of a 1 x k by k x n product with A in SCALAR, base sizes fixed."""
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    api.set_dim(cores)
    api.set_a_type(host.TPosition.GM, host.CubeFormat.SCALAR, TYPES[kind][1], False)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, TYPES[kind][1], False)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(False)
    api.set_fix_split(*fix)
    api.set_buffer_space(-1, -1, -1)
    tiling = asc.adv.TCubeTiling()
    assert api.get_tiling(tiling) == 0
    return tiling


def expected(value: float, b: np.ndarray) -> np.ndarray:
    """value * the column sums of B: exact (small integers and a value of a few binary digits)."""
    return (value * b.astype(np.float64).sum(axis=0)).astype(np.float32)


CASES = {  # n, k, the fixed base sizes (baseM, baseN, baseK), the value
    "half, K in three steps with a tail, N tail on the second core": ("half", 48, 80, (16, 16, 32), 1.5),
    "half, one K step": ("half", 64, 32, (16, 32, 32), -2.0),
    "float, a K tail of 8 (baseK 16)": ("float", 40, 72, (16, 16, 16), 0.25),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_scalar_a_matches_numpy(modules: dict[str, ModuleType], emulator: str, case: str) -> None:
    kind, n, k, fix, value = CASES[case]
    tiling = scalar_tiling(n, k, kind, fix, cores=2)
    assert (tiling.used_core_num, tiling.single_core_m) == (2, 1)
    b = RNG.integers(-4, 5, (k, n)).astype(TYPES[kind][0])
    c = np.full((1, n), np.nan, np.float32)
    modules[kind].scalar_cube[tiling.used_core_num](b, c, tiling, value)
    np.testing.assert_array_equal(c[0], expected(value, b))


def test_scalar_a_in_a_mix_kernel(modules: dict[str, ModuleType], emulator: str) -> None:
    """The AIC serves both AIVs of the block, each with its own value (the value travels in the message)."""
    n, k = 32, 64
    tiling = scalar_tiling(n, k, "half", (16, 32, 32), cores=1)
    b = RNG.integers(-4, 5, (k, n)).astype(np.float16)
    c = np.full((2, n), np.nan, np.float32)
    modules["half"].scalar_mix[1](b, c, system_workspace(), tiling, 0.5)
    np.testing.assert_array_equal(c, np.vstack([expected(0.5, b), expected(1.5, b)]))


# --- the run-time rules (the clean-room backend) -------------------------------------------------------


def test_m_must_be_1(modules: dict[str, ModuleType]) -> None:
    """CANN's LoadToL0A for SCALAR asserts madM == 1: the scalar fills one row."""
    n, k = 32, 64
    tiling = scalar_tiling(n, k, "half", (16, 32, 32), cores=1)
    tiling.m = 2
    b = RNG.integers(-4, 5, (k, n)).astype(np.float16)
    with pytest.raises(EmulationError) as caught:
        modules["half"].scalar_cube[1](b, np.zeros((1, n), np.float32), tiling, 1.0)
    assert caught.value.message.endswith(
        "Matmul 'mm': IterateAll: A in CubeFormat::SCALAR (GEMV) is a 1 x K vector: M must be 1, got orgM=2 and "
        "singleCoreM=1"
    )
    location = caught.value.location
    assert location is not None
    lines = Path(modules["half"].__file__ or "").read_text().splitlines()
    assert "# the computation" in lines[location.line - 1]


# C++ that asc refuses to write, for a library user's kernel on the emulation's headers: the cube-only kernel
# with one call changed.
LIBRARY_FORMS = {
    "a scalar A in ND: CANN's MatmulImpl ignores it": (
        ("CubeFormat::SCALAR", "CubeFormat::ND"),
        "Matmul 'mm': SetTensorA: a scalar A needs A's MatmulType in CubeFormat::SCALAR, not ND (CANN's Matmul "
        "ignores the scalar in any other format)",
    ),
    "a scalar B: CANN's MatmulImpl asserts": (
        ("mm.SetTensorB(bg", "mm.SetTensorB(half(1.0)); mm.SetTensorB(bg"),
        "Matmul 'mm': SetTensorB: It is not allowed to set matrix B with scalar.",
    ),
    "a tensor A in SCALAR: CANN copies none": (
        ("mm.SetTensorB(bg", "mm.SetTensorA(bg); mm.SetTensorB(bg"),
        "Matmul 'mm': SetTensorA: A in CubeFormat::SCALAR takes a scalar, not a tensor (CANN copies no tensor in "
        "that format)",
    ),
}


@pytest.mark.parametrize("case", sorted(LIBRARY_FORMS))
def test_forms_asc_refuses_stop_a_library_kernel(modules: dict[str, ModuleType], case: str) -> None:
    (old, new), message = LIBRARY_FORMS[case]
    n, k = 32, 64
    tiling = scalar_tiling(n, k, "half", (16, 32, 32), cores=1)
    b = RNG.integers(-4, 5, (k, n)).astype(np.float16)
    compiled = modules["half"].scalar_cube.compile(b, np.zeros((1, n), np.float32), tiling, 1.0)
    facts = compiled.launch_facts
    assert facts.emulation_source.count(old) == 1
    source = facts.emulation_source.replace(old, new)
    edited = dataclasses.replace(compiled, launch=dataclasses.replace(facts, emulation_source=source))
    with pytest.raises(EmulationError) as caught:
        launch(edited, 1, (b, np.zeros((1, n), np.float32), tiling, 1.0))
    assert caught.value.message.endswith(message)
