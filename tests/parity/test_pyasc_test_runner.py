"""``tools/run_pyasc_unit_tests.py`` beyond the language unit tests (issue 28, point 6): its one change to
pyasc's generalization tests, the file names of its table, and (opt-in, ``ASCX_PYASC_REPO``) pyasc's
``kernels/insert_sync/test_quant_dynamic.py`` passing on the emulation."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _runner() -> ModuleType:
    spec = importlib.util.spec_from_file_location("run_pyasc_unit_tests", ROOT / "tools" / "run_pyasc_unit_tests.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


BACKENDS_CRLF = b"BACKENDS = [\r\n    # config.Backend.Model,\r\n    config.Backend.NPU,\r\n]\r\n"


def test_generalization_tests_run_on_the_model_backend() -> None:
    runner = _runner()
    rewritten = runner.pyasc_rewrites("generalization/basic/test_vadd.py", BACKENDS_CRLF)
    assert rewritten == b"BACKENDS = [\r\n    config.Backend.Model,\r\n]\r\n"
    lf = BACKENDS_CRLF.replace(b"\r\n", b"\n")
    assert (
        runner.pyasc_rewrites("generalization/adv/test_quant.py", lf) == b"BACKENDS = [\n    config.Backend.Model,\n]\n"
    )
    assert runner.pyasc_rewrites("kernels/test_vadd.py", BACKENDS_CRLF) == BACKENDS_CRLF


def test_the_table_names_files_by_their_tree() -> None:
    runner = _runner()
    assert runner._file_of("unit.language.basic.test_scalar") == "basic/test_scalar.py"
    assert runner._file_of("kernels.insert_sync.test_quant_dynamic") == "kernels/insert_sync/test_quant_dynamic.py"
    assert runner._file_of("generalization.adv.test_quant") == "generalization/adv/test_quant.py"


def test_pyascs_quant_dynamic_kernel_test_passes(tmp_path: Path) -> None:
    repo = os.environ.get("ASCX_PYASC_REPO")
    if not repo or not Path(repo).exists():
        pytest.skip("set ASCX_PYASC_REPO to a pyasc checkout or its bare git snapshot to run pyasc's kernel tests")
    report = tmp_path / "results.json"
    command = [sys.executable, str(ROOT / "tools" / "run_pyasc_unit_tests.py"), repo, "--tree", "kernels"]
    command += ["--only", "insert_sync/test_quant_dynamic.py", "--json", str(report)]
    done = subprocess.run(command, check=False, capture_output=True, text=True)
    results = json.loads(report.read_text())
    assert results == {
        "kernels/insert_sync/test_quant_dynamic.py": {"failed": {}, "passed": ["test_quant_dynamic"], "skipped": []}
    }, done.stdout
