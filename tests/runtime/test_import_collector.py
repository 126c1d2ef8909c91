"""``import ascx`` pauses Python's cyclic garbage collector while it imports, and only then (issue 18)."""

from __future__ import annotations

import subprocess
import sys


def _after_import(setup: str) -> str:
    probe = "print(gc.isenabled(), hasattr(ascx, '_gc'), hasattr(ascx, '_gc_was_enabled'))"
    code = f"import gc\n{setup}\nimport ascx\n{probe}"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return result.stdout.strip()


def test_the_collector_runs_again_after_import_ascx() -> None:
    assert _after_import("") == "True False False"


def test_a_collector_the_caller_disabled_stays_disabled() -> None:
    assert _after_import("gc.disable()") == "False False False"
