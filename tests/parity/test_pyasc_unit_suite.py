"""pyasc's own unit tests of the language API, run with ``asc`` standing for ascx
(``tools/run_pyasc_unit_tests.py``).  Opt-in: set ``ASCX_PYASC_REPO`` to a pyasc checkout or its bare git
snapshot (the ``fetch`` of hicann/pyasc); the run takes minutes.

``pyasc_unit_expected.json`` lists every test that fails today with why: a name another part of issue
14 (or issue 15) adds, or a kernel ascx rejects on purpose (``docs/reference/pyasc_parity.md`` gives
each rule).  The list is exact: a listed test that passes must leave it, an unlisted failure fails
this test.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXPECTED: dict[str, str] = json.loads((Path(__file__).with_name("pyasc_unit_expected.json")).read_text())


def test_pyasc_unit_tests_with_asc_as_ascx(tmp_path: Path) -> None:
    repo = os.environ.get("ASCX_PYASC_REPO")
    if not repo or not Path(repo).exists():
        pytest.skip("set ASCX_PYASC_REPO to a pyasc checkout or its bare git snapshot to run pyasc's unit tests")
    report = tmp_path / "results.json"
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "run_pyasc_unit_tests.py"), repo, "--json", str(report)],
        check=False,
        capture_output=True,
        text=True,
    )
    results: dict[str, dict[str, object]] = json.loads(report.read_text())
    failed = {f"{file}::{name}" for file, result in results.items() for name in result["failed"]}  # type: ignore[union-attr]
    unexpected = sorted(failed - set(EXPECTED))
    assert not unexpected, f"pyasc unit tests that fail and are not expected to: {unexpected}"
    fixed = sorted(set(EXPECTED) - failed)
    assert not fixed, f"{fixed} pass now: remove them from pyasc_unit_expected.json"
