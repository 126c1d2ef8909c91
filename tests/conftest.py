"""Shared fixtures."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

from ascx import cache_location
from ascx.emu import build
from ascx.emu.coverage import COVERAGE_ENV
from ascx.errors import AscxError
from ascx.runtime import cann_check, disk_cache
from ascx.runtime.cann_check import CannHeaders, find_headers
from ascx.testing import emu_coverage, load_kernel_source, suite_order
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
    monkeypatch.setattr(cache_location, "_root_override", None)
    return root


HEADERS_ENV = "ASCX_TEST_CANN"


def headers_location() -> Path:
    configured = os.environ.get(HEADERS_ENV)
    return Path(configured) if configured else REPO.parent / "shared" / "cann"


TYPECHECK_ENV = "ASCX_CANN_TYPECHECK"
DEVKIT_GIT_ENV = "ASCX_ASC_DEVKIT_GIT"


@pytest.fixture(scope="session")
def cann_typecheck() -> Path:
    """``cann-typecheck FILE.cpp aiv|aic`` (a host syntax check against CANN's headers): ``$ASCX_CANN_TYPECHECK``
    or ``../shared/tools/cann-typecheck``; a test that needs it is skipped, saying where it looked."""
    configured = os.environ.get(TYPECHECK_ENV)
    tool = Path(configured) if configured else REPO.parent / "shared" / "tools" / "cann-typecheck"
    if not tool.exists():
        pytest.skip(f"cann-typecheck is not at {tool} (set {TYPECHECK_ENV})")
    return tool


@pytest.fixture(scope="session")
def asc_devkit_git() -> Path:
    """A git directory of CANN's asc-devkit repository (all its headers): ``$ASCX_ASC_DEVKIT_GIT``; a test
    that needs it is skipped without it."""
    configured = os.environ.get(DEVKIT_GIT_ENV)
    if not configured or not Path(configured).exists():
        pytest.skip(f"no asc-devkit repository ({DEVKIT_GIT_ENV}={configured or ''})")
    return Path(configured)


@pytest.fixture(scope="session")
def cann_headers(shared_check_dir: Path) -> CannHeaders:
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


@pytest.fixture
def cann_emulator(cann_headers: CannHeaders, monkeypatch: pytest.MonkeyPatch) -> CannHeaders:
    """The CANN emulation backend pointed at the test headers (``ASCX_CANN_HEADERS``); launches still run
    on the backend ``ASCX_EMULATOR`` names (the clean-room one unless a test sets it)."""
    monkeypatch.setenv("ASCX_CANN_HEADERS", str(cann_headers.root))
    return cann_headers


@pytest.fixture(params=["clean-room", "both"])
def emulator(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The differential check of the emulation (docs/emulation.md#two-backends): a test that takes this
    fixture runs once on the clean-room backend and once with ``ASCX_EMULATOR=both``, where every launch
    also runs through CANN's own headers and the outputs must agree bit for bit.  The second run needs
    CANN's headers (``$ASCX_TEST_CANN`` or ``../shared/cann``) and is skipped, saying where it looked,
    without them."""
    backend = str(request.param)
    if backend == "clean-room":
        monkeypatch.delenv("ASCX_EMULATOR", raising=False)
        return backend
    location = headers_location()
    if not location.exists():
        pytest.skip(f"CANN's headers are not at {location} (set {HEADERS_ENV}): no differential run")
    monkeypatch.setenv("ASCX_CANN_HEADERS", str(location))
    monkeypatch.setenv("ASCX_EMULATOR", backend)
    return backend


def pytest_configure(config: pytest.Config) -> None:
    start_emu_coverage(config)
    config.addinivalue_line(
        "markers",
        "differential: run the test's launches with ASCX_EMULATOR=both where CANN's headers are (the clean-room "
        "backend, then the CANN backend on copies of the arguments, outputs equal bit for bit)",
    )
    config.addinivalue_line(
        "markers",
        "differential_rtol(rtol, reason): the relative tolerance (ASCX_EMULATOR_RTOL) of a differential test's "
        "floating-point outputs, and why the backends' bits may differ",
    )
    config.addinivalue_line(
        "markers",
        "clean_room_only(reason): a test of a differential module whose kernel the CANN backend cannot run, "
        "and why (docs/emulation.md#what-the-cann-backend-does-not-do)",
    )


@pytest.fixture(autouse=True)
def differential(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str | None:
    """The differential check of the numerics tests (docs/emulation.md#the-differential-check-in-the-suite): a
    test marked ``differential`` (a numerics module's ``pytestmark``) runs its launches with
    ``ASCX_EMULATOR=both`` when CANN's headers are at ``$ASCX_TEST_CANN`` or ``../shared/cann``; ``both``
    runs the clean-room backend first, so one run checks numpy's answer and the agreement of the backends.
    Without the headers it runs on the clean-room backend alone.  A test whose kernel the CANN backend
    cannot run says why with ``clean_room_only(reason)``; one whose floating-point results may differ in
    their last bits gives the tolerance and why with ``differential_rtol(rtol, reason)``."""
    if request.node.get_closest_marker("differential") is None:
        return None
    only = request.node.get_closest_marker("clean_room_only")
    if only is not None:
        if not only.args or not str(only.args[0]).strip():
            pytest.fail("clean_room_only needs a reason: why the CANN backend cannot run the kernel")
        return "clean-room"
    location = headers_location()
    if not location.exists():
        return "clean-room"
    monkeypatch.setenv("ASCX_CANN_HEADERS", str(location))
    monkeypatch.setenv("ASCX_EMULATOR", "both")
    tolerance = request.node.get_closest_marker("differential_rtol")
    if tolerance is not None:
        if len(tolerance.args) != 2 or not str(tolerance.args[1]).strip():
            pytest.fail("differential_rtol takes the tolerance and the reason the backends' bits may differ")
        monkeypatch.setenv("ASCX_EMULATOR_RTOL", str(tolerance.args[0]))
    return "both"


@pytest.fixture(scope="session")
def shared_check_dir() -> Iterator[Path]:
    configured = os.environ.get(cann_check.CHECK_DIR_ENV)
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "ascx" / "cann-check-tests"
    directory = Path(configured) if configured else cache
    cann_check.set_check_dir(directory)
    yield directory
    cann_check.set_check_dir(None)


@pytest.fixture
def kernel_module(tmp_path: Path) -> Callable[[str], ModuleType]:
    """Import kernel source from a real file (see ``ascx.testing.load_kernel_source``)."""
    return lambda source: load_kernel_source(tmp_path, source)


@pytest.fixture
def repo() -> Path:
    """The repository root."""
    return REPO


# --- run-time coverage of the clean-room emulation (docs/emulation.md#coverage) ---------------------------------

_EMU_COVERAGE_DIR = pytest.StashKey[Path]()


def start_emu_coverage(config: pytest.Config) -> None:
    """The session records which emulated entry points, forms and modes its launches ran: ``ASCX_EMU_COVERAGE``
    names a temporary directory for this process, its xdist workers and their subprocesses (unless the
    environment already names one: then whoever set it reads the hits)."""
    if hasattr(config, "workerinput") or os.environ.get(COVERAGE_ENV):
        return
    directory = Path(tempfile.mkdtemp(prefix="ascx-emu-coverage-"))
    os.environ[COVERAGE_ENV] = str(directory)
    config.stash[_EMU_COVERAGE_DIR] = directory


def _narrowed(config: pytest.Config) -> bool:
    option = config.option
    return bool(
        getattr(option, "keyword", "")
        or getattr(option, "markexpr", "")
        or getattr(option, "deselect", None)
        or getattr(option, "lf", False)
        or getattr(option, "failedfirst", False)
        or getattr(option, "stepwise", False)
        or getattr(option, "collectonly", False)
        or getattr(option, "ignore", None)
        or getattr(option, "ignore_glob", None)
    )


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """After a passing run of the whole of tests/emu and tests/examples on the clean-room backend, every
    implemented entry point, form and mode must have run in a test or be exempted with a reason: the report
    lists what did not, and the run then fails (``ASCX_EMU_COVERAGE_CHECK=0`` skips the report)."""
    config = session.config
    directory = config.stash.get(_EMU_COVERAGE_DIR, None)
    if directory is None:
        return
    try:
        if (
            exitstatus != 0
            or os.environ.get(emu_coverage.CHECK_ENV) == "0"
            or os.environ.get("ASCX_EMULATOR", "clean-room") not in ("", "clean-room", "both")
            or not emu_coverage.is_full_run(config.args, config.invocation_params.dir, REPO, narrowed=_narrowed(config))
        ):
            return
        report = emu_coverage.report_for(directory, full=True)
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_sep("=", "emulation coverage")
            reporter.write_line(report.text())
        if not report.ok:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
    finally:
        shutil.rmtree(directory, ignore_errors=True)
        os.environ.pop(COVERAGE_ENV, None)


# --- the order of a run's test files (docs/emulation.md#the-cold-suite) ------------------------------------------


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest test files start first (``ascx.testing.suite_order``)."""
    items[:] = suite_order.ordered(items, REPO)
