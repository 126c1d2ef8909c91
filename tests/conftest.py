"""Shared fixtures."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from ascx.testing import load_kernel_source

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def kernel_module(tmp_path: Path) -> Callable[[str], ModuleType]:
    """Import kernel source from a real file (see ``ascx.testing.load_kernel_source``)."""
    return lambda source: load_kernel_source(tmp_path, source)


@pytest.fixture
def repo() -> Path:
    """The repository root."""
    return REPO
