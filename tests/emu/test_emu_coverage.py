"""The emulation's run-time coverage (docs/emulation.md#coverage): the headers' hooks are what is implemented,
the hits files what ran, and the report lists what no test ran and no exemption explains."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from ascx.emu.build import INCLUDE_DIR
from ascx.emu.coverage import COVERAGE_ENV
from ascx.testing import emu_coverage
from ascx.testing.emu_coverage import Point, check, implemented, is_full_run, read_hits

HEADER = r"""
namespace AscendC {
enum class CMPMODE : uint8_t { LT = 0, GT, EQ, LE, GE, NE };
enum Sparse { A = 1, B = 4, C, D = B };

template <typename T>
void Compare(CMPMODE cmpMode) {
    ASCX_COVER_ENUM("Compare", "cmpMode", CMPMODE, cmpMode);
}
inline void Trap() { ASCX_COVER("Trap"); }
inline void Gap(Sparse s) { ASCX_COVER_ENUM("Gap", "s", Sparse, s); }

#define FAMILY(NAME, OP)                           \
    void NAME(int count) {                         \
        ASCX_COVER_FORM(#NAME, "count");           \
    }                                              \
    void NAME(const uint64_t mask[]) {             \
        ASCX_COVER_FORM(#NAME, "mask[]");          \
    }

FAMILY(Add, ops::add)
FAMILY(Sub, ops::sub)

#define WHOLE(NAME)                  \
    void NAME() {                    \
        ASCX_COVER_FORM(#NAME, "whole"); \
    }

WHOLE(Exp)
}  // namespace AscendC
"""


@pytest.fixture
def headers(tmp_path: Path) -> Path:
    include = tmp_path / "include"
    include.mkdir()
    (include / "ops.h").write_text(HEADER)
    return include


def hits_file(directory: Path, lines: list[str]) -> Path:
    directory.mkdir(exist_ok=True)
    path = directory / "hits-1.tsv"
    path.write_text("".join(line + "\n" for line in lines))
    return directory


def test_the_points_come_from_the_hooks_macro_uses_and_enums(headers: Path) -> None:
    found = implemented(headers)
    assert sorted(str(p) for p in found.points) == [
        "Add",
        "Add (form count)",
        "Add (form mask[])",
        "Compare",
        "Compare (cmpMode EQ)",
        "Compare (cmpMode GE)",
        "Compare (cmpMode GT)",
        "Compare (cmpMode LE)",
        "Compare (cmpMode LT)",
        "Compare (cmpMode NE)",
        "Exp",
        "Exp (form whole)",
        "Gap",
        "Gap (s A)",
        "Gap (s B)",
        "Gap (s C)",
        "Sub",
        "Sub (form count)",
        "Sub (form mask[])",
        "Trap",
    ]
    assert found.enums[("Gap", "s")] == {1: "A", 4: "B", 5: "C"}  # D aliases B


def test_a_mode_no_test_ran_is_reported_with_the_rule(headers: Path, tmp_path: Path) -> None:
    found = implemented(headers)
    ran = [f"tests/emu/test_x.py::test_compare[{m}]\tCompare\tcmpMode\t{v}" for m, v in (("lt", 0), ("gt", 1))]
    ran += [f"t\tCompare\tcmpMode\t{v}" for v in (2, 3, 4)] + ["t\tCompare\t\t"]
    ran += ["t\tAdd\t\t", "t\tAdd\tform\tcount", "t\tAdd\tform\tmask[]", "t\tSub\t\t", "t\tSub\tform\tcount"]
    ran += ["t\tGap\t\t", "t\tGap\ts\t1", "t\tGap\ts\t4", "t\tGap\ts\t5"]
    hits = read_hits(hits_file(tmp_path / "hits", ran), found)
    assert hits[Point("Compare", "cmpMode", "GT")] == {"tests/emu/test_x.py::test_compare[gt]"}
    report = check(found, hits, {"Trap": "NPU-only: the emulation stops the kernel"}, full=True)
    assert [str(p) for p in report.missing] == ["Compare (cmpMode NE)", "Exp", "Exp (form whole)", "Sub (form mask[])"]
    assert not report.ok
    assert report.text() == textwrap.dedent(
        """\
        clean-room emulation coverage (docs/emulation.md#coverage)
        entry points: 6 implemented, 4 run by a test, 1 exempted, 1 never run
        forms and modes: 14 implemented, 11 run by a test, 0 exempted, 3 never run
        never run by a test and not exempted:
          Compare (cmpMode NE)
          Exp
          Exp (form whole)
          Sub (form mask[])
        fix: add a numerics test against numpy that runs each of them (tests/emu), or exempt it with its reason in \
emu_coverage_exemptions.toml"""
    )


def test_exemptions_of_unknown_or_covered_points_are_reported(headers: Path) -> None:
    found = implemented(headers)
    hits = {p: {"t"} for p in found.points}
    report = check(found, hits, {"Trap": "a reason", "Mul": "a reason"}, full=True)
    assert report.missing == []
    assert report.unknown_exemptions == ["Mul"]
    assert report.needless_exemptions == ["Trap"]
    assert "exemptions of points the headers do not mark (remove them):\n  Mul" in report.text()
    assert "exemptions of points a test runs (remove them):\n  Trap" in report.text()
    # a selection of tests runs less: an exemption of what it ran is not needless
    assert check(found, hits, {"Trap": "a reason"}, full=False).ok


def test_an_exemption_needs_a_reason(tmp_path: Path) -> None:
    path = tmp_path / "exemptions.toml"
    path.write_text('[[exempt]]\npoint = "Trap"\nreason = " "\n')
    with pytest.raises(ValueError, match=r"every \[\[exempt\]\] needs a point and a reason"):
        emu_coverage.load_exemptions(path)


def test_the_repository_exemptions_name_implemented_points_with_reasons() -> None:
    found = implemented()
    exemptions = emu_coverage.load_exemptions()
    assert check(found, {}, exemptions, full=False).unknown_exemptions == []


def test_every_hook_in_the_headers_is_read() -> None:
    """A hook the scanner's patterns miss would be an entry point nobody is asked to test."""
    uses = 0
    for header in INCLUDE_DIR.rglob("*.h"):
        if header.name != "coverage.h":
            uses += len(re.findall(r"\bASCX_COVER(?:_FORM|_ENUM)?\(", header.read_text()))
    scanned = sum(
        len(list(emu_coverage._HOOK.finditer(chunk)))  # pyright: ignore[reportPrivateUsage]
        for header in INCLUDE_DIR.rglob("*.h")
        if header.name != "coverage.h"
        for chunk in [header.read_text()]
    )
    assert uses == scanned > 300


def test_a_full_run_is_every_test_of_emu_and_examples(repo: Path) -> None:
    assert is_full_run(["tests"], repo, repo, narrowed=False)
    assert is_full_run(["."], repo, repo, narrowed=False)
    assert is_full_run(["tests/emu", "tests/examples"], repo, repo, narrowed=False)
    assert is_full_run(["emu", "examples"], repo / "tests", repo, narrowed=False)
    assert not is_full_run(["tests/emu"], repo, repo, narrowed=False)
    assert not is_full_run(["tests/emu/test_vector_ops.py", "tests/examples"], repo, repo, narrowed=False)
    assert not is_full_run(["tests/emu::x", "tests/examples"], repo, repo, narrowed=False)
    assert not is_full_run(["tests"], repo, repo, narrowed=True)


KERNEL = """
import numpy as np
import ascx as asc


@asc.jit
def k(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    a = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 64)
    c = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 4096, 64)
    asc.data_copy(a, xg, 64)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.abs(c, a, 64)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, c, 64)


x = np.arange(-32, 32, dtype=np.float32)
z = np.zeros_like(x)
k[1](x, z)
assert (z == np.abs(x)).all()
"""


def test_a_launch_with_recording_on_writes_what_ran(tmp_path: Path) -> None:
    script = tmp_path / "abs_kernel.py"
    script.write_text(KERNEL)
    hits = tmp_path / "hits"
    environment = dict(os.environ, **{COVERAGE_ENV: str(hits), "PYTEST_CURRENT_TEST": "t::abs (call)"})
    subprocess.run([sys.executable, str(script)], env=environment, check=True, cwd=tmp_path)
    [written] = hits.glob("hits-*.tsv")
    assert sorted(set(written.read_text().splitlines())) == [
        "t::abs\tAbs\t\t",
        "t::abs\tAbs\tform\tcount",
        "t::abs\tDataCopy\t\t",
        "t::abs\tDataCopy\tform\tGlobalTensor, LocalTensor, uint32_t",
        "t::abs\tDataCopy\tform\tLocalTensor, GlobalTensor, uint32_t",
        "t::abs\tPipeBarrier\t\t",
        "t::abs\tvector mask\t\t",
        "t::abs\tvector mask\tform\tcount",
    ]


def test_without_recording_a_launch_writes_nothing(tmp_path: Path) -> None:
    script = tmp_path / "abs_kernel.py"
    script.write_text(KERNEL)
    environment = {k: v for k, v in os.environ.items() if k != COVERAGE_ENV}
    environment[COVERAGE_ENV] = "0"
    subprocess.run([sys.executable, str(script)], env=environment, check=True, cwd=tmp_path)
    assert not list(tmp_path.rglob("hits-*.tsv"))


def test_the_session_records_in_every_worker() -> None:
    """tests/conftest.py names the session's hits directory before xdist starts its workers."""
    value = os.environ.get(COVERAGE_ENV, "")
    if value == "0":
        pytest.skip(f"{COVERAGE_ENV}=0 turned the recording off")
    assert Path(value).is_dir()


def test_every_public_function_of_the_headers_starts_with_a_hook() -> None:
    """A new API function without a hook would be missing from what is implemented, so no test would be asked
    for: each public AscendC function's body starts with one (docs/emulation.md#coverage)."""
    assert emu_coverage.unmarked_functions() == []


def test_a_function_without_a_hook_is_named(tmp_path: Path) -> None:
    (tmp_path / "ops.h").write_text(
        "namespace AscendC {\n"
        'inline void Trap() { ASCX_COVER("Trap"); }\n'
        "template <typename T>\n"
        "void Abs(const LocalTensor<T>& dst,\n"
        "         const LocalTensor<T>& src) {\n"
        "    unary(dst, src);\n"
        "}\n"
        "namespace detail {\n"
        "inline void helper() {}\n"
        "}  // namespace detail\n"
        "constexpr int Lanes() { return 8; }\n"
        "}  // namespace AscendC\n"
    )
    assert emu_coverage.unmarked_functions(tmp_path) == ["ops.h:4 Abs"]


def _session_after_a_full_run(request: pytest.FixtureRequest, repo: Path, hits: Path) -> tuple[Any, Any]:
    """What tests/conftest.py's ``pytest_sessionfinish`` reads of a passing ``pytest tests`` whose hits are in
    ``hits``."""
    plugins = request.config.pluginmanager.get_plugins()
    conftest = next(p for p in plugins if getattr(p, "__file__", None) == str(repo / "tests" / "conftest.py"))
    stash = pytest.Stash()
    stash[conftest._EMU_COVERAGE_DIR] = hits
    config = SimpleNamespace(
        stash=stash,
        args=["tests"],
        invocation_params=SimpleNamespace(dir=repo),
        option=SimpleNamespace(),
        pluginmanager=SimpleNamespace(get_plugin=lambda name: None),
    )
    return conftest, SimpleNamespace(config=config, exitstatus=pytest.ExitCode.OK)


@pytest.mark.parametrize(("check_env", "status"), [(None, pytest.ExitCode.TESTS_FAILED), ("0", pytest.ExitCode.OK)])
def test_a_full_run_with_a_point_never_run_fails_unless_the_check_is_off(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, repo: Path,
    check_env: str | None, status: pytest.ExitCode,
) -> None:  # fmt: skip
    """By default the check fails a full run in which an implemented point never ran (here: every point, with no
    hits); ``ASCX_EMU_COVERAGE_CHECK=0`` leaves the run's status alone."""
    monkeypatch.setenv(COVERAGE_ENV, os.environ.get(COVERAGE_ENV, ""))  # the hook pops it: restored after the test
    monkeypatch.delenv("ASCX_EMULATOR", raising=False)
    if check_env is None:
        monkeypatch.delenv(emu_coverage.CHECK_ENV, raising=False)
    else:
        monkeypatch.setenv(emu_coverage.CHECK_ENV, check_env)
    hits = tmp_path / "hits"
    hits.mkdir()
    conftest, session = _session_after_a_full_run(request, repo, hits)
    conftest.pytest_sessionfinish(session, 0)
    assert session.exitstatus == status
    assert not hits.exists()
