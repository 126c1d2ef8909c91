"""Tracer conformance: every kernel of ``conformance/kernels.py`` gives its golden IR, or its expected
error, and the output is identical under every CPython 3.11-3.13 on the machine.

CI sets ``ASCX_CONFORMANCE_ALL_PYTHONS=1``, which makes a missing interpreter a failure rather
than a skip.  The other interpreters run ``python -m ascx.testing.conformance`` with this checkout's ``src`` on
``PYTHONPATH`` and xDSL from a small virtual environment of their own, created once under
``build/conformance-venvs``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ascx.testing.conformance import load, trace_all

HERE = Path(__file__).resolve().parent / "conformance"
KERNELS = HERE / "kernels.py"
GOLDENS = HERE / "goldens"
REPO = HERE.parent.parent.parent
VERSIONS = ("3.11", "3.12", "3.13")


@pytest.fixture(scope="module")
def traced() -> dict[str, str]:
    return trace_all(KERNELS)


def _marker_line(marker: str) -> int:
    for number, text in enumerate(KERNELS.read_text().splitlines(), start=1):
        if text.rstrip().endswith(marker):
            return number
    raise AssertionError(f"no line ends with {marker!r}")


def test_every_kernel_has_a_golden_or_an_expected_error(traced: dict[str, str]) -> None:
    errors = load(KERNELS).ERRORS
    assert {n for n in traced if n.startswith("t")} == {p.stem for p in GOLDENS.glob("*.mlir")}
    assert {n for n in traced if n.startswith("e")} == set(errors)


@pytest.mark.parametrize("golden", sorted(GOLDENS.glob("*.mlir")), ids=lambda p: p.stem)
def test_golden_ir(traced: dict[str, str], golden: Path) -> None:
    assert traced[golden.stem] == golden.read_text()


def test_expected_errors(traced: dict[str, str]) -> None:
    for name, (kind, message, marker) in load(KERNELS).ERRORS.items():
        expected = re.sub(r"\{line:([^}]+)\}", lambda m: str(_marker_line(f"# {m[1]}")), message)
        assert traced[name] == f"error[{kind}] line {_marker_line(marker)}: {expected}", name


def _interpreter(version: str) -> str | None:
    """A working ``python<version>``: on PATH, or in pyenv's versions directory."""
    candidates = [shutil.which(f"python{version}")]
    pyenv = Path.home() / ".pyenv" / "versions"
    if pyenv.is_dir():
        candidates += [str(p / "bin" / f"python{version}") for p in sorted(pyenv.glob(f"{version}.*"), reverse=True)]
    for candidate in candidates:
        if candidate and subprocess.run([candidate, "--version"], capture_output=True, check=False).returncode == 0:
            return candidate
    return None


def _environment(version: str, interpreter: str) -> Path:
    """A virtual environment of ``interpreter`` with xDSL, created once."""
    venv = REPO / "build" / "conformance-venvs" / version
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([interpreter, "-m", "venv", str(venv)], check=True)
        subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "xdsl==0.74.*"],
            check=True,
        )
    return python


def _run(python: str | Path, seed: str) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src"), "PYTHONHASHSEED": seed}
    result = subprocess.run(
        [str(python), "-m", "ascx.testing.conformance", str(KERNELS)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_same_output_under_another_hash_seed(traced: dict[str, str]) -> None:
    assert _run(sys.executable, "12345") == traced


@pytest.mark.parametrize("version", VERSIONS)
def test_same_output_under_every_interpreter(traced: dict[str, str], version: str) -> None:
    if f"{sys.version_info.major}.{sys.version_info.minor}" == version:
        return  # the traced fixture is this interpreter's output
    interpreter = _interpreter(version)
    if interpreter is None:
        if os.environ.get("ASCX_CONFORMANCE_ALL_PYTHONS") == "1":  # set by .ci/run
            pytest.fail(f"python{version} is required (ASCX_CONFORMANCE_ALL_PYTHONS=1) but not installed")
        pytest.skip(f"python{version} is not installed here")
    assert _run(_environment(version, interpreter), "0") == traced
