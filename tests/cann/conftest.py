"""Where the CANN type-check tests find CANN's headers and keep their verdicts.

The headers: ``$ASCX_TEST_CANN`` when set (CI names the location, since it checks out a copy of the
repository elsewhere), else ``../shared/cann`` next to the repository root: a CANN installation, or a
tree with ``asc-devkit/``, ``stub/`` and ``gen/``.  Without them the tests skip and say why.  Verdicts
are kept in ``$ASCX_CANN_CHECK_DIR`` (CI keeps it between runs), else
``$XDG_CACHE_HOME/ascx/cann-check-tests``; they are keyed by a digest of the source, the side, the
compiler and the header tree, so a shared directory only saves compiler time."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from ascx.emu.build import Compiler, available_compilers
from ascx.errors import AscxError
from ascx.runtime import cann_check
from ascx.runtime.cann_check import CannHeaders, find_headers

REPO = Path(__file__).resolve().parents[2]
HEADERS_ENV = "ASCX_TEST_CANN"


def headers_location() -> Path:
    configured = os.environ.get(HEADERS_ENV)
    return Path(configured) if configured else REPO.parent / "shared" / "cann"


@pytest.fixture(scope="session")
def cann_headers() -> CannHeaders:
    location = headers_location()
    if not location.exists():
        pytest.skip(
            f"CANN's headers are not at {location} (set {HEADERS_ENV} to a CANN installation or a tree "
            "with asc-devkit/, stub/ and gen/)"
        )
    try:
        return find_headers(location)
    except AscxError as error:
        pytest.skip(f"{error.message} (set {HEADERS_ENV})")


@pytest.fixture(scope="session")
def compilers() -> list[Compiler]:
    """Every host compiler installed; those CI requires (``ASCX_TEST_COMPILERS``) must be among them."""
    found = available_compilers()
    required = os.environ.get("ASCX_TEST_COMPILERS", "g++").split()
    assert set(required) <= {c.name for c in found}, f"{required} required, {[c.name for c in found]} installed"
    return found


@pytest.fixture(scope="session", autouse=True)
def shared_check_dir() -> Iterator[Path]:
    configured = os.environ.get(cann_check.CHECK_DIR_ENV)
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "ascx" / "cann-check-tests"
    directory = Path(configured) if configured else cache
    cann_check.set_check_dir(directory)
    yield directory
    cann_check.set_check_dir(None)
