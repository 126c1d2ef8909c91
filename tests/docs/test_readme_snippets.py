"""The README's "Using it" snippets run as written, from the repository root with the Quickstart's
environment (issue 28.10): the Python one prints the Ascend C, the IR and the kernel type its comments name,
and the shell one compiles to IR and prints the C++ again through ``ascx-opt``."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def _using_it(language: str) -> str:
    section = README.read_text().split("## Using it", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(rf"```{language}\n(.*?)```", section, re.DOTALL)
    assert len(blocks) == 1, blocks
    return blocks[0]


def test_the_python_snippet_runs_from_the_repository_root(repo: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-c", _using_it("python")], cwd=repo, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.startswith('#include "kernel_operator.h"\n')
    assert "builtin.module {" in result.stdout
    assert result.stdout.rstrip("\n").endswith("\nMIX_AIC_1_2")


def test_the_shell_snippet_runs_from_the_repository_root(repo: Path, tmp_path: Path) -> None:
    """Run in a copy of the root's layout (``examples`` linked), so that ``slice.mlir`` lands outside the
    repository."""
    (tmp_path / "examples").symlink_to(repo / "examples")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    result = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", _using_it("bash")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    compiled = subprocess.run(
        [Path(sys.executable).parent / "ascx", "compile", repo / "examples" / "matmul_iterate_all_async.py"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert result.stdout == compiled
