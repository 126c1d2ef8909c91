"""The compilers the CANN type-check tests use.  Where they find CANN's headers and keep their verdicts
(fixtures ``cann_headers`` and ``shared_check_dir`` of tests/conftest.py, shared with the fuzzer):

The headers: ``$ASCX_TEST_CANN`` when set (CI names the location, since it checks out a copy of the
repository elsewhere), else ``../shared/cann`` next to the repository root: a CANN installation, or a
tree with ``asc-devkit/``, ``stub/`` and ``gen/``.  Without them the tests skip and say why.  Verdicts
are kept in ``$ASCX_CANN_CHECK_DIR`` (CI keeps it between runs), else
``$XDG_CACHE_HOME/ascx/cann-check-tests``; they are keyed by a digest of the source, the side, the
compiler and the header tree, so a shared directory only saves compiler time."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ascx.emu.build import Compiler, available_compilers


@pytest.fixture(scope="session")
def compilers() -> list[Compiler]:
    """Every host compiler installed; those CI requires (``ASCX_TEST_COMPILERS``) must be among them."""
    found = available_compilers()
    required = os.environ.get("ASCX_TEST_COMPILERS", "g++").split()
    assert set(required) <= {c.name for c in found}, f"{required} required, {[c.name for c in found]} installed"
    return found


@pytest.fixture(scope="session", autouse=True)
def _verdicts_kept(shared_check_dir: Path) -> Path:
    """Every test here keeps its verdicts in the shared directory (``shared_check_dir`` in tests/conftest.py)."""
    return shared_check_dir
