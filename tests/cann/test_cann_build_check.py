"""``ascx build --target check``: a kernel type-checked against CANN's headers for a user, from a tree
laid out like ``../shared/cann`` or from a CANN installation's layout (the missing-headers errors are
in ``tests/cli/test_ascx_build.py``: they need no headers)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ascx.cli.ascx_main import main
from ascx.dialects import ascendc as ir
from ascx.emu.build import Compiler
from ascx.runtime.cann_check import CannHeaders, find_headers
from ascx.target import printer
from ascx.target.emitter_modules import load_all_emitters

REPO = Path(__file__).resolve().parents[2]
VECTOR_ADD = [
    f"{REPO}/examples/vector_add.py",
    "--args",
    "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32)",
]


def test_a_mix_kernel_is_checked_on_both_sides_with_every_compiler(
    cann_headers: CannHeaders, compilers: list[Compiler], capsys: pytest.CaptureFixture[str]
) -> None:
    """The README's command, default arguments: every address a ``half*``, the workspace too."""
    target = f"{REPO}/examples/matmul_iterate_all_async.py"
    assert main(["build", target, "--target", "check", "--cann-headers", str(cann_headers.root)]) == 0
    used = ", ".join(c.name for c in compilers)
    assert capsys.readouterr().out == (
        f"matmul_iterate_all_async: CANN's headers in {cann_headers.root} accept it (aiv and aic; {used})\n"
    )


def test_a_vector_kernel_is_checked_on_the_vector_side(
    cann_headers: CannHeaders, compilers: list[Compiler], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["build", *VECTOR_ADD, "--target", "check", "--cann-headers", str(cann_headers.root)]) == 0
    used = ", ".join(c.name for c in compilers)
    assert capsys.readouterr().out == f"vector_add: CANN's headers in {cann_headers.root} accept it (aiv; {used})\n"


def test_check_finds_the_headers_the_cann_backend_is_pointed_at(
    cann_headers: CannHeaders, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--cann-headers`` defaults to ``$ASCX_CANN_HEADERS`` (the CANN emulation backend's variable), which
    comes before ``$ASCEND_HOME_PATH``; the option still wins over both."""
    monkeypatch.setenv("ASCX_CANN_HEADERS", str(cann_headers.root))
    monkeypatch.setenv("ASCEND_HOME_PATH", str(tmp_path / "elsewhere"))
    assert main(["build", *VECTOR_ADD, "--target", "check"]) == 0
    assert capsys.readouterr().out.startswith(f"vector_add: CANN's headers in {cann_headers.root} accept it (aiv; ")
    monkeypatch.setenv("ASCX_CANN_HEADERS", str(tmp_path / "missing"))
    assert main(["build", *VECTOR_ADD, "--target", "check", "--cann-headers", str(cann_headers.root)]) == 0
    assert capsys.readouterr().out.startswith(f"vector_add: CANN's headers in {cann_headers.root} accept it (aiv; ")


def installation_like(headers: CannHeaders, root: Path) -> Path:
    """A CANN installation's layout (CANN 9's ``asc/``, ``include/`` and ``tools/tikicpulib``) whose
    directories are links into a tree like ``../shared/cann``."""
    (root / "asc").mkdir(parents=True)
    (root / "asc" / "include").symlink_to(headers.root / "asc-devkit" / "include")
    (root / "asc" / "impl").symlink_to(headers.root / "asc-devkit" / "impl")
    (root / "include").mkdir()
    (root / "include" / "kernel_tiling").symlink_to(headers.root / "gen" / "kernel_tiling")
    (root / "tools" / "tikicpulib" / "lib").mkdir(parents=True)
    (root / "tools" / "tikicpulib" / "lib" / "include").symlink_to(headers.root / "stub")
    return root


def test_a_cann_installation_layout_is_found_through_ascend_home_path(
    cann_headers: CannHeaders, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    if cann_headers.layout != "devkit tree":
        pytest.skip("the installation layout is built from a tree like ../shared/cann")
    home = installation_like(cann_headers, tmp_path / "cann")
    found = find_headers(home)
    assert found.layout == "installation"
    assert [d.relative_to(home).as_posix() for d in found.include_dirs] == [
        "tools/tikicpulib/lib/include", "include", "asc", "asc/impl", "asc/impl/adv_api", "asc/impl/basic_api",
        "asc/impl/utils", "asc/include", "asc/include/adv_api", "asc/include/adv_api/matmul",
        "asc/include/basic_api", "asc/include/simt_api", "asc/include/utils",
    ]  # fmt: skip
    monkeypatch.delenv("ASCX_CANN_HEADERS", raising=False)
    monkeypatch.setenv("ASCEND_HOME_PATH", str(home))
    assert main(["build", *VECTOR_ADD, "--target", "check"]) == 0
    assert capsys.readouterr().out.startswith(f"vector_add: CANN's headers in {home} accept it (aiv; ")


def after_progress(err: str, root: Path) -> str:
    """What follows the check's progress lines on stderr, which say it started and failed
    (docs/emulation.md#progress-and-timings)."""
    checking = f"ascx: type-checking 'vector_add' against CANN's headers in {root}"
    first, second, rest = err.split("\n", 2)
    assert first == f"{checking} ...", err
    assert re.fullmatch(re.escape(checking) + r": failed after \d+\.\d\d s", second), err
    return rest


def test_headers_that_miss_a_file_are_reported_as_incomplete(
    cann_headers: CannHeaders, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if cann_headers.layout != "devkit tree":
        pytest.skip("the incomplete tree is built from a tree like ../shared/cann")
    home = installation_like(cann_headers, tmp_path / "cann")
    (home / "asc" / "impl").unlink()
    (home / "asc" / "impl").mkdir()
    assert main(["build", *VECTOR_ADD, "--target", "check", "--cann-headers", str(home)]) == 1
    err = after_progress(capsys.readouterr().err, home)
    assert err.startswith(f"error: the CANN headers in {home} are incomplete: "), err
    assert err.count("\n") == 1


def test_a_rejected_kernel_shows_the_compiler_errors(
    cann_headers: CannHeaders, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def wrong_barrier(p: printer.AscendCPrinter, op: ir.PipeBarrierOp) -> None:
        p.line("AscendC::PipeBarrier<PIPE_VEC>();")

    load_all_emitters()  # the real entries first, so none replaces the broken one later
    monkeypatch.setitem(printer._EMITTERS, ir.PipeBarrierOp, wrong_barrier)  # pyright: ignore[reportPrivateUsage]
    assert main(["build", *VECTOR_ADD, "--target", "check", "--cann-headers", str(cann_headers.root)]) == 1
    err = after_progress(capsys.readouterr().err, cann_headers.root)
    assert err.startswith(
        f"error: CANN's headers in {cann_headers.root} reject kernel 'vector_add':\nvector_add [aiv, "
    ), err
    assert "PIPE_VEC" in err
    assert err.endswith("hint: this is a bug in ascx's printer; please report it with the kernel\n")
