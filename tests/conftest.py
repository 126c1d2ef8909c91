"""Shared fixtures."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

from ascx.emu import build
from ascx.runtime import disk_cache
from ascx.testing import load_kernel_source
from ascx.testing.build_dir import shared_test_build_dir

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session", autouse=True)
def shared_build_dir() -> Iterator[Path]:
    """Emulation builds of the whole run share one build directory (``ascx.testing.build_dir``)."""
    directory = shared_test_build_dir()
    build.set_build_dir(directory)
    yield directory
    build.set_build_dir(None)


@pytest.fixture(autouse=True)
def kernel_cache_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test gets an empty disk cache of its own (subprocesses too, through the environment)."""
    root = tmp_path_factory.mktemp("ascx-cache")
    monkeypatch.setenv(disk_cache.CACHE_DIR_ENV, str(root))
    monkeypatch.setattr(disk_cache, "_root_override", None)
    return root


@pytest.fixture
def kernel_module(tmp_path: Path) -> Callable[[str], ModuleType]:
    """Import kernel source from a real file (see ``ascx.testing.load_kernel_source``)."""
    return lambda source: load_kernel_source(tmp_path, source)


@pytest.fixture
def repo() -> Path:
    """The repository root."""
    return REPO
