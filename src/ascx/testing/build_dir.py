"""The build directory test suites share for emulation builds."""

from __future__ import annotations

import os
from pathlib import Path

from ascx.emu import build


def shared_test_build_dir() -> Path:
    """``$ASCX_EMU_BUILD_DIR`` when set (CI keeps it between runs), else
    ``$XDG_CACHE_HOME/ascx/emu-test-builds``.  Builds are keyed by a digest of the source, the
    compiler and the headers, so a shared directory only saves host-compiler time."""
    configured = os.environ.get(build.BUILD_DIR_ENV)
    if configured:
        return Path(configured)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "ascx" / "emu-test-builds"
