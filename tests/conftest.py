"""Shared fixtures."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from ascx.runtime import disk_cache
from ascx.testing import load_kernel_source

REPO = Path(__file__).resolve().parent.parent


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
