"""pyasc's five tutorials, as ascx examples, run end to end on the CPU emulation: host tiling (for the
Matmul ones), compile, build, run with the dynamic sync checker, and compare with numpy.  Each script's
``main()`` prints one verdict line; a sweep of Matmul shapes (tails in M and N, K not a multiple of
base_k) goes through the same path with the MIX tutorial's kernel."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ascx.testing.tiling_invariants import check_buffers, check_cores, check_l1_steps
from ascx.testing.tilings import system_workspace

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TUTORIALS = {
    "vector_add": "vector_add: OK",  # 01_add
    "vector_add_queues": "vector_add_queues: OK",  # 02_add_framework
    "matmul_mix": "matmul_mix: OK",  # 03_matmul_mix
    "matmul_cube_only": "matmul_cube_only: OK",  # 04_matmul_cube_only
    "matmul_leaky_relu": "matmul_leaky_relu: OK",  # 05_matmul_leakyrelu
}


@pytest.fixture(autouse=True)
def examples_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(EXAMPLES))


def tutorial(name: str) -> Any:
    return importlib.import_module(name)


@pytest.mark.filterwarnings("ignore:register_matmul comes after pipe.init_buffer")  # pyasc tutorial 05's order
@pytest.mark.parametrize("name", sorted(TUTORIALS))
def test_tutorial_runs_and_matches_numpy(name: str, emulator: str, capsys: pytest.CaptureFixture[str]) -> None:
    tutorial(name).main()
    captured = capsys.readouterr()
    assert captured.out.startswith(TUTORIALS[name]), captured.out
    if name.startswith("matmul"):  # the stages are reported on stderr
        assert "ascx: compiling" in captured.err
        assert "ascx: running '" in captured.err


SHAPES = [(16, 16, 16), (30, 44, 40), (100, 70, 50), (128, 256, 96), (257, 129, 65), (64, 1000, 300)]
"""M, N, K: single blocks, tails in M and N, K not a multiple of the base K, more tiles than cores."""


@pytest.mark.parametrize(("m", "n", "k"), SHAPES)
def test_matmul_shape_sweep(m: int, n: int, k: int) -> None:
    """Each tiling of the sweep respects the 910B buffers and alignment, and runs correctly."""
    mix = tutorial("matmul_mix")
    tiling = mix.generate_tiling(m, n, k)
    rng = np.random.default_rng(m * 7 + n * 3 + k)
    a = rng.integers(-5, 5, (m, k)).astype(np.float16)
    b = rng.integers(-5, 5, (k, n)).astype(np.float16)
    c = np.full((m, n), np.nan, np.float32)
    check_buffers(tiling, a_bytes=2, bias=False)
    check_l1_steps(tiling)
    check_cores(tiling, m, n, k, mix.CORES)
    mix.matmul_mix[mix.CORES // 2](a, b, c, tiling, system_workspace())
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))


def test_the_sweep_covers_tails_and_partial_k() -> None:
    """The shapes above really do have tails and a K that is not a multiple of base_k."""
    mix = tutorial("matmul_mix")
    tilings = [mix.generate_tiling(m, n, k) for m, n, k in SHAPES]
    assert any(t.single_core_m % t.base_m or t.m % t.single_core_m for t in tilings)
    assert any(t.single_core_n % t.base_n or t.n % t.single_core_n for t in tilings)
    assert any(t.single_core_k % t.base_k for t in tilings)
