"""The emulation tests share one build directory per session (``$ASCX_EMU_BUILD_DIR`` when set, so CI
can keep builds between runs): each kernel is compiled by the host compiler once."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from ascx.emu import build


@pytest.fixture(scope="session", autouse=True)
def shared_build_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    configured = os.environ.get(build.BUILD_DIR_ENV)
    directory = Path(configured) if configured else tmp_path_factory.mktemp("emu-builds")
    build.set_build_dir(directory)
    yield directory
    build.set_build_dir(None)
