"""The main job, ``python examples/matmul_leaky_relu.py``, as a user runs it: each stage (compiling to
Ascend C, building with the host compiler, running on the CPU) reported with its time on stderr, and
a second process reusing the first one's kernel and its emulation build from the disk caches."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "matmul_leaky_relu.py"
BUILDING = r"building 'matmul_leaky_relu' with (?:g|clang)\+\+ against the emulation headers"
RUNNING = r"running 'matmul_leaky_relu' on (?P<blocks>\d+) blocks? on the CPU"
STAGES = re.compile(
    r"ascx: compiling 'matmul_leaky_relu' to Ascend C \.\.\.\n"
    # pyasc's tutorial registers after init_buffer: ascx moves the registration, and says so while compiling
    r"\S+matmul_leaky_relu\.py:45: AscxWarning: register_matmul comes after pipe\.init_buffer "
    r"\(matmul_leaky_relu\.py:37\); CANN's REGIST_MATMUL_OBJ must precede the first InitBuffer of its pipe in "
    r"separated \(MIX\) mode, so ascx moved the registration before it\n"
    r"  asc\.adv\.register_matmul\(pipe, workspace, mm, tiling\)\n"
    r"ascx: compiling 'matmul_leaky_relu' to Ascend C: (?P<compile>\d+\.\d\d) s\n"
    rf"ascx: {BUILDING} \.\.\.\n"
    # a fresh build directory: the prelude of each side is built first, once (docs/emulation.md#build-time)
    r"(?P<prelude>(?:ascx: building the emulation prelude for the AI[CV] side with \S+ \(once per compiler and "
    r"flags\)(?: \.\.\.|: \d+\.\d\d s)\n)*)"
    rf"ascx: {BUILDING}: (?P<build>\d+\.\d\d) s(?P<cached> \(cached\))?\n"
    rf"ascx: {RUNNING} \.\.\.\n"
    rf"ascx: {RUNNING.replace('(?P<blocks>', '(?:')}: (?P<run>\d+\.\d\d) s\n"
)


def run_script(cache: Path) -> re.Match[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("ASCX_EMU_BUILD_DIR", "ASCX_CACHE_DIR")}
    env["ASCX_CACHE_DIR"] = str(cache)  # the kernel cache, and the emulation builds under it
    done = subprocess.run(
        [sys.executable, str(SCRIPT)], capture_output=True, text=True, env=env, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("matmul_leaky_relu: OK"), done.stdout
    stages = STAGES.fullmatch(done.stderr)
    assert stages is not None, done.stderr
    return stages


def test_the_main_job_reports_its_stages_and_reuses_its_build(tmp_path: Path) -> None:
    first = run_script(tmp_path)
    assert first["cached"] is None  # a fresh cache: built
    assert first["prelude"].count("\n") == 4  # the AIV and the AIC side's, each started and finished
    assert list((tmp_path / "emu").glob("*.so"))
    second = run_script(tmp_path)
    assert second["cached"] == " (cached)"  # another process finds the build
    assert second["prelude"] == ""
    assert float(second["build"]) < float(first["build"])
    assert first["blocks"] == second["blocks"]
