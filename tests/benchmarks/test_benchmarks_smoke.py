"""Every benchmark script keeps working: each runs in its smoke mode (``--smoke``: tiny sizes, one
repeat, no pyasc) as a subprocess, the way a user runs it, and prints its table.  A script under
``benchmarks/`` that this module does not know fails the suite until it is added here."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ascx.emu import build

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"

SMOKE: dict[str, list[str]] = {
    # script: lines its smoke run must print (each a line's start)
    "adv_lib_precision.py": ["| function | type | ULP from", "| quant | float16 | - | ", "| quant | float32 | - | "],
    "cold_start.py": ["kernel: ", "fresh processes, median of 1 (round-robin):", "  import ascx ",
                      "  ascx compile, cold ", "  ascx compile, cache hit ", "  ascx-opt, small file ",
                      "target import ascx <= 0.35 s: ", "pyasc 1.1.1: skipped (--smoke or --no-pyasc)"],
    "compile_latency.py": ["kernel: ", "ascx median over 1 compiles:", "  total ", "  disk hit ",
                           "pyasc 1.1.1: skipped (--smoke or --no-pyasc)"],
    "compile_tutorials.py": ["example ", "vector_add ", "vector_add_queues ", "matmul_leaky_relu ",
                             "pyasc 1.1.1: skipped (--smoke or --no-pyasc)"],
    "edit_run_latency.py": ["edit-to-result on examples/matmul_leaky_relu.py, median of 1 round (wall s):",
                            "  prelude ", "  engine-in-kernel ", "  whole ", "whole / prelude: edit-to-result ",
                            "engine-in-kernel / prelude: edit-to-result "],
    "emulation_cann_build.py": ["CANN headers: ",
                                "per-kernel build (every side), median of 1 round (wall / CPU seconds):",
                                "  kernel             sides      clean-room    CANN thin   CANN whole whole/thin",
                                "  vector_add         aiv "],
    "emulation_matmul.py": ["emulation builds: ", "256x256x256 fp16 -> fp32 Matmul, median of 1 rounds",
                            "  floor (exact in-order fp32, vectorised C++) ", "  numpy a.astype(f32) @ b.astype(f32) ",
                            "  iterate_all_sync, checker on, cores one after another ",
                            "  iterate_get_tensor_c, checker off, cores on the default pool "],
    "emulation_timeline.py": ["launch CPU time with the timeline off and on, median of 1 rounds",
                              "  vector_add_queues (8 x 2048, 128-element tiles) ",
                              "  matmul_iterate_all_async (256^3 per core) "],
    "emulation_vector.py": ["per-element cost, median of 1 rounds", "  vector_add                       on ",
                            "  vector_add_queues (same tiles)   off "],
    "sync_insertion_counts.py": ["kernel ", "vadd         ascx ", "matmul       ascx ", "tutorial 05  ascx ",
                                 "pyasc 1.1.1: skipped (--smoke or --no-pyasc)"],
    "sync_verification_scaling.py": ["    ops   seconds   us/op  vs first"],
    "trace_scaling.py": ["family ", "straight ", "unrolled ", "branches "],
}  # fmt: skip


def test_every_benchmark_script_has_a_smoke_run() -> None:
    assert sorted(p.name for p in BENCHMARKS.glob("*.py")) == sorted(SMOKE)


@pytest.mark.parametrize("script", sorted(SMOKE))
def test_benchmark_runs_in_smoke_mode(script: str, tmp_path: Path) -> None:
    builds = os.environ.get(build.BUILD_DIR_ENV) or str(
        Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "ascx" / "emu-test-builds"
    )
    env = {**os.environ, build.BUILD_DIR_ENV: builds}
    if script == "emulation_cann_build.py":  # CANN's headers where the suite finds them (tests/conftest.py)
        headers = Path(os.environ.get("ASCX_TEST_CANN") or BENCHMARKS.parent.parent / "shared" / "cann")
        if not headers.is_dir():
            pytest.skip(f"CANN's headers are not at {headers} (set ASCX_TEST_CANN)")
        env["ASCX_CANN_HEADERS"] = str(headers)
    result = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), "--smoke"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        check=False,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    for start in SMOKE[script]:
        assert any(line.startswith(start) for line in lines), f"no line starts with {start!r}:\n{result.stdout}"
    negative = [line for line in lines if re.search(r"(^|\s)-\d", line)]
    assert not negative, f"a figure below zero was printed as measured:\n{negative}"
