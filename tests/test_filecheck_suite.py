"""Run the lit + filecheck suite (tests/filecheck) as part of pytest, so one command runs everything."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_filecheck_suite(repo: Path, tmp_path: Path) -> None:
    command = [sys.executable, "-c", "from lit.main import main; main()", "-sv", str(repo / "tests" / "filecheck")]
    env = {**os.environ, "ASCX_BUILD": str(tmp_path)}
    result = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "Failed" not in output, output
