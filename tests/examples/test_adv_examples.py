"""The library examples end to end on the CPU emulation: ``examples/matmul_softmax.py`` (Matmul into the
unified buffer through ``get_tensor_c(sync=False)`` + ``wait_get_tensor_c``, then SoftMax of each block)
and ``examples/rmsnorm_quant.py`` (RmsNorm, then AscendQuant).  Each ``main()`` prints one verdict line;
the kernels compile without a sync diagnostic (the sync ascx inserts is verified), run with the dynamic
sync checker on, and match the numpy models of the documented steps exactly."""

from __future__ import annotations

import importlib
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ascx.testing import adv_numerics as an
from ascx.testing.examples import example_kernel
from ascx.testing.tilings import system_workspace

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(autouse=True)
def examples_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(EXAMPLES))


def example(name: str) -> Any:
    return importlib.import_module(name)


@pytest.mark.parametrize("name", ["matmul_softmax"])
def test_example_prints_ok(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """matmul_softmax runs on the clean-room backend only: its tilings are valid for CANN (asc.lib.host's
    MatmulApiTiling, the ShapeInfo CANN's SoftMax reads), but CANN's SoftMax reaches the vector reductions
    (``vcgmax``) that the CANN backend's intrinsic layer does not emulate (docs/emulation.md)."""
    example(name).main()
    captured = capsys.readouterr()
    assert captured.out.startswith(f"{name}: OK"), captured.out
    assert "ascx: running '" in captured.err


@pytest.mark.parametrize("name", ["rmsnorm_quant"])
def test_example_prints_ok_on_both_backends(name: str, emulator: str, capsys: pytest.CaptureFixture[str]) -> None:
    example(name).main()
    captured = capsys.readouterr()
    assert captured.out.startswith(f"{name}: OK"), captured.out
    assert "ascx: running '" in captured.err


@pytest.mark.parametrize("name", ["matmul_softmax", "rmsnorm_quant"])
def test_example_compiles_with_its_sync_verified(name: str) -> None:
    kernel, arguments = example_kernel(name)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no sync warning, no MM-29, nothing left unverified
        compiled = kernel.compile(*arguments)
    assert "WaitGetTensorC" in compiled.source or "AscendQuant" in compiled.source


def test_matmul_softmax_matches_the_float32_model() -> None:
    module = example("matmul_softmax")
    m, k, n, base_m = 64, 32, 128, 16
    rng = np.random.default_rng(1)
    a = (rng.integers(-8, 8, (m, k)) / 8).astype(np.float16)
    b = (rng.integers(-8, 8, (k, n)) / 8).astype(np.float16)
    probs = np.zeros((m, n), np.float32)
    row_max = np.zeros((m, 8), np.float32)
    row_sum = np.zeros((m, 8), np.float32)
    tiling, softmax_tiling, tmp_bytes = module.generate_tilings(m, n, k, base_m, softmax_rows=4)
    assert softmax_tiling.split_m == 4  # four rows of a 16-row block at a time
    module.matmul_softmax[1](
        a, b, probs, row_max, np.zeros((m, n), np.float32), row_sum, system_workspace(), tiling,
        softmax_tiling, tmp_bytes, m // base_m,
    )  # fmt: skip
    scores = a.astype(np.float32) @ b.astype(np.float32)  # exact: eighths times eighths, summed
    dst, total, hi = an.softmax_model(scores)
    assert np.array_equal(probs, dst)
    assert np.array_equal(row_sum, np.repeat(total, 8, axis=1))
    assert np.array_equal(row_max, np.repeat(hi, 8, axis=1))


def test_rmsnorm_quant_matches_the_documented_steps() -> None:
    module = example("rmsnorm_quant")
    cores, tiles, rows, h = 2, 2, 4, 128
    rng = np.random.default_rng(2)
    x = rng.normal(0, 2, (cores * tiles * rows, h)).astype(np.float16)
    gamma = rng.uniform(0.5, 1.5, h).astype(np.float16)
    q = np.zeros_like(x, dtype=np.int8)
    tmp_bytes = 2048
    tiling = module.generate_tiling(rows, h, tmp_bytes)
    module.rmsnorm_quant[cores](x, gamma, q, tiling, tmp_bytes, tiles, 1e-5, 30.0, -1.0)
    y = an.rmsnorm_model(x, gamma, float(np.float16(1e-5)), tiling.reciprocal_of_h_length).astype(np.float16)
    assert np.array_equal(q, an.quant_model(y, 30.0, -1.0))
