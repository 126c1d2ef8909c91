"""Every C++ form of the cube-level API that ``tests/language/test_cube_api.py`` emits, in one kernel,
type-checked against CANN's real Ascend C headers (``../shared/tools/cann-typecheck``) on the cube
side (``aic``, where these APIs work) and on the vector side (``aiv``, where CANN's headers accept them
and the calls do nothing: their bodies are guarded by ``ASCEND_IS_AIC``).

Skipped, with the reason, when the shared CANN tools are not next to the repository.
"""

from __future__ import annotations

import runpy
import subprocess
from pathlib import Path

import pytest

from ascx.testing.cube_snippets import cube_snippet_source

REPO = Path(__file__).resolve().parents[2]
EMITS: dict[str, tuple[str, list[str]]] = runpy.run_path(str(REPO / "tests" / "language" / "test_cube_api.py"))["EMITS"]


def _typecheck_tool() -> Path | None:
    for parent in REPO.parents:
        tool = parent / "shared" / "tools" / "cann-typecheck"
        if tool.exists():
            return tool
    return None


TOOL = _typecheck_tool()


@pytest.mark.skipif(TOOL is None, reason="../shared/tools/cann-typecheck (CANN's headers) is not available")
@pytest.mark.parametrize("side", ["aic", "aiv"])
def test_every_cube_form_type_checks_against_cann(tmp_path: Path, side: str) -> None:
    assert TOOL is not None
    statements = "\n    ".join(statement for statement, _ in EMITS.values())
    source = tmp_path / "cube_forms.cpp"
    source.write_text(cube_snippet_source(tmp_path, statements))
    result = subprocess.run([str(TOOL), str(source), side, "-w"], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-4000:]
