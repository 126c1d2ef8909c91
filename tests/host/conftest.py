"""The host tiling tests run Matmul kernels on the emulation: share one build directory, as
tests/emu does (``$ASCX_EMU_BUILD_DIR``, else ``$XDG_CACHE_HOME/ascx/emu-test-builds``)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from ascx.emu import build


@pytest.fixture(scope="session", autouse=True)
def shared_build_dir() -> Iterator[Path]:
    configured = os.environ.get(build.BUILD_DIR_ENV)
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "ascx" / "emu-test-builds"
    directory = Path(configured) if configured else cache
    build.set_build_dir(directory)
    yield directory
    build.set_build_dir(None)
