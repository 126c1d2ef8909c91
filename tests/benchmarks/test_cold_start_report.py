"""``benchmarks/cold_start.py`` reports each figure with its spread and calls a target met only when every
run meets it (issue 32: a median that meets a target hides the runs that do not)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "cold_start.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cold_start", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_report_gives_the_spread_and_a_verdict_on_every_run(capsys: pytest.CaptureFixture[str]) -> None:
    samples = {
        "import ascx": [0.08, 0.10, 0.09],
        "ascx compile, cold": [0.43, 0.52, 0.47],
        "ascx compile, cache hit": [0.09, 0.10, 0.08],
        "pyasc 1.1.1 compile, cold": [0.50, 0.50, 0.50],
    }
    _script().report(samples)
    assert capsys.readouterr().out.splitlines() == [
        "  import ascx                   0.090 s  (runs 0.080-0.100 s)",
        "  ascx compile, cold            0.470 s  (runs 0.430-0.520 s)",
        "  ascx compile, cache hit       0.090 s  (runs 0.080-0.100 s)",
        "  pyasc 1.1.1 compile, cold     0.500 s  (runs 0.500-0.500 s)",
        "target import ascx <= 0.35 s: met in every run",
        "ratios ascx/pyasc (pyasc's cold compile of the same round = 1), median (runs min-max):",
        "  import ascx                    0.18  (runs 0.16-0.20)",
        "  ascx compile, cold             0.94  (runs 0.86-1.04)",
        "  ascx compile, cache hit        0.18  (runs 0.16-0.20)",
        "target cold compile <= pyasc's cold compile: not met in 1 of 3 runs",
        "target cold cache hit <= 1/3 of pyasc's cold compile: met in every run",
    ]
