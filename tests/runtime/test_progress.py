"""Progress of the slow steps through ``logging``, and the build and run times a launch records
(docs/emulation.md#progress-and-timings; issue 28.4): quiet as a library, lines on stderr in the CLI and
with ``ascx.show_progress()``."""

from __future__ import annotations

import dataclasses
import io
import logging
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from tests.emu import test_launch as launch_tests

import ascx as asc
from ascx.emu.build import default_compiler
from ascx.emu.cann_backend.build import cann_compiler
from ascx.emu.launch import build_kernel, launch
from ascx.progress import hide_progress, progress_shown, show_progress
from ascx.runtime.cann_check import CannHeaders
from ascx.runtime.jit import MockTensor, MockValue

COPY = launch_tests.COPY  # the block-sliced copy kernel of the launch tests
SPECS = (MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32))
SECONDS = r"\d+\.\d\d s"
PRELUDE = "building the emulation prelude"
"""The prelude's one-off lines: there only when this machine's build directory has no prelude yet."""


def lines(text: str) -> list[str]:
    """The progress lines, without the prelude's (which depend on what the build directory holds)."""
    return [line for line in text.splitlines() if PRELUDE not in line]


def matches(patterns: list[str], actual: list[str]) -> bool:
    return len(patterns) == len(actual) and all(re.fullmatch(p, a) for p, a in zip(patterns, actual, strict=True))


def step_lines(text: str, *, cached: bool = False) -> list[str]:
    """The two lines of a step: ``text ...`` and ``text: 1.23 s`` (``(cached)``: nothing was compiled)."""
    return [re.escape(f"ascx: {text} ..."), re.escape(f"ascx: {text}: ") + SECONDS + (r" \(cached\)" if cached else "")]


@pytest.fixture
def copy_kernel(kernel_module: Callable[[str], ModuleType]) -> asc.JITFunction[..., None]:
    return kernel_module(COPY).copy


@pytest.fixture
def progress() -> Iterator[None]:
    show_progress()
    yield
    hide_progress()


def unbuilt(kernel: asc.JITFunction[..., None]) -> asc.CompiledKernel:
    """The kernel compiled, with its library gone from the build cache: the next launch builds it."""
    compiled = kernel.compile(*SPECS)
    build_kernel(compiled).unlink()
    return compiled


def run(kernel: asc.JITFunction[..., None], blocks: int = 2) -> None:
    x = np.arange(blocks * 256, dtype=np.float32)
    z = np.zeros_like(x)
    kernel[blocks](x, z, 256)
    np.testing.assert_array_equal(z, x)


def test_a_launch_with_progress_shown_prints_its_build_and_its_run(
    copy_kernel: asc.JITFunction[..., None], progress: None, capsys: pytest.CaptureFixture[str]
) -> None:
    unbuilt(copy_kernel)
    capsys.readouterr()
    run(copy_kernel)
    building = f"building 'copy' with {default_compiler().name} against the emulation headers"
    running = "running 'copy' on 2 blocks on the CPU"
    err = capsys.readouterr().err
    assert matches([*step_lines(building), *step_lines(running)], lines(err)), err
    run(copy_kernel)  # this process built it: no build step at all
    err = capsys.readouterr().err
    assert matches(step_lines(running), lines(err)), err


def test_a_launch_logs_each_compiler_run_at_debug(
    copy_kernel: asc.JITFunction[..., None], caplog: pytest.LogCaptureFixture
) -> None:
    """Without :func:`show_progress` the records still reach an application's handlers (here pytest's)."""
    unbuilt(copy_kernel)
    caplog.set_level(logging.DEBUG, logger="ascx")
    run(copy_kernel, blocks=1)
    compiler = default_compiler().name
    building = f"building 'copy' with {compiler} against the emulation headers"
    side = f"building 'copy' for the AIV side with {compiler}"
    running = "running 'copy' on 1 block on the CPU"
    records = [(r.name, r.levelname, r.getMessage()) for r in caplog.records if PRELUDE not in r.getMessage()]
    assert [(name, level, re.sub(SECONDS, "T", message)) for name, level, message in records] == [
        ("ascx.build", "INFO", f"{building} ..."),
        ("ascx.build", "DEBUG", f"{side} ..."),
        ("ascx.build", "DEBUG", f"{side}: T"),
        ("ascx.build", "INFO", f"{building}: T"),
        ("ascx.emu", "INFO", f"{running} ..."),
        ("ascx.emu", "INFO", f"{running}: T"),
    ]


def test_the_timings_of_a_launch(copy_kernel: asc.JITFunction[..., None], caplog: pytest.LogCaptureFixture) -> None:
    """``build`` is the host compiler's seconds, 0.0 when the build cache had the library; ``run`` the run's."""
    compiled = unbuilt(copy_kernel)
    run(copy_kernel)
    assert compiled is copy_kernel.compile(*SPECS)
    assert {"build", "run"} <= set(compiled.timings)
    assert compiled.timings["build"] > 0.05  # a g++ build of a kernel takes seconds
    assert compiled.timings["run"] > 0
    run(copy_kernel)  # the library this process built
    assert compiled.timings["build"] == 0.0
    assert compiled.timings["run"] > 0
    again = dataclasses.replace(compiled, timings={})  # a new kernel object: the disk build cache has its library
    caplog.set_level(logging.INFO, logger="ascx")
    x = np.arange(256, dtype=np.float32)
    launch(again, 1, (x, np.zeros_like(x), 256))
    assert set(again.timings) == {"build", "run"}
    assert again.timings["build"] == 0.0
    assert caplog.records[1].getMessage().endswith(" s (cached)")


def test_asc_show_progress_follows_ascx_log(
    copy_kernel: asc.JITFunction[..., None], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ASCX_LOG", "warning")
    asc.show_progress()
    try:
        run(copy_kernel)
    finally:
        hide_progress()
    assert capsys.readouterr().err == ""
    monkeypatch.setenv("ASCX_LOG", "loud")
    with pytest.raises(asc.AscxError) as caught:
        show_progress()
    assert caught.value.message == "ASCX_LOG='loud' is not a log level: use one of debug, info, warning, off"
    run(copy_kernel)  # and changed nothing
    assert capsys.readouterr().err == ""
    assert not progress_shown()


LIBRARY_LAUNCH = """
import logging, sys
import numpy as np
sys.path.insert(0, {directory!r})
from kernel import copy
from ascx.emu.launch import build_kernel
from ascx.runtime.jit import MockTensor, MockValue
import ascx as asc
{configure}
build_kernel(copy.compile(MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32))).unlink()
x = np.arange(512, dtype=np.float32)
z = np.zeros_like(x)
copy[2](x, z, 256)
print("copied" if (z == x).all() else "wrong")
"""


@pytest.mark.parametrize("configure", ["", "logging.basicConfig()"], ids=["no logging setup", "basicConfig"])
def test_as_a_library_a_launch_writes_nothing_to_stderr(configure: str, tmp_path: Path, shared_build_dir: Path) -> None:
    (tmp_path / "kernel.py").write_text("import ascx as asc\n" + COPY)
    code = LIBRARY_LAUNCH.format(directory=str(tmp_path), configure=configure)
    env = {**os.environ, "ASCX_EMU_BUILD_DIR": str(shared_build_dir)}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)
    assert (result.returncode, result.stdout, result.stderr) == (0, "copied\n", "")


def ascx(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``ascx ARGS`` in a subprocess, with ``env`` over this process's environment (without ``ASCX_LOG``)."""
    command = [sys.executable, "-m", "ascx.cli.ascx_main", *args]
    base = {k: v for k, v in os.environ.items() if k != "ASCX_LOG"}
    return subprocess.run(command, capture_output=True, text=True, env={**base, **env}, check=False)


def test_ascx_build_prints_its_progress(tmp_path: Path, shared_build_dir: Path) -> None:
    """A subprocess, as a user runs it: ``-v`` adds the compile and each compiler run, ``-q`` and
    ``ASCX_LOG=off`` silence it, and a bad ``ASCX_LOG`` is one line."""
    source = tmp_path / "kernel.py"
    source.write_text("import ascx as asc\n" + COPY)
    args = ["build", f"{source}::copy", "--args", "MockTensor(asc.float32), MockTensor(asc.float32), 256"]
    env = {"ASCX_EMU_BUILD_DIR": str(shared_build_dir), "ASCX_CACHE_DIR": str(tmp_path / "cache")}
    first = ascx(*args, env=env)
    assert first.returncode == 0, first.stderr
    Path(first.stdout.strip()).unlink()  # the next build is a real one
    compiler = default_compiler().name
    building = f"building 'copy' with {compiler} against the emulation headers"
    side = f"building 'copy' for the AIV side with {compiler}"
    verbose = ascx(*args, "-v", env={**env, "ASCX_CACHE_DIR": str(tmp_path / "empty-cache")})
    assert verbose.stdout == first.stdout
    expected = [
        *step_lines("compiling 'copy' to Ascend C"),
        step_lines(building)[0],
        *step_lines(side),
        step_lines(building)[1],
    ]
    assert matches(expected, lines(verbose.stderr)), verbose.stderr
    cached = ascx(*args, env=env)
    assert matches(step_lines(building, cached=True), cached.stderr.splitlines()), cached.stderr
    assert (ascx(*args, "-q", env=env).stderr, ascx(*args, env={**env, "ASCX_LOG": "off"}).stderr) == ("", "")
    bad = ascx(*args, env={**env, "ASCX_LOG": "chatty"})
    assert (bad.returncode, bad.stdout) == (1, "")
    assert bad.stderr == "error: ASCX_LOG='chatty' is not a log level: use one of debug, info, warning, off\n"


def test_ascx_compile_prints_no_progress_unless_asked(tmp_path: Path) -> None:
    """A compile takes well under a second: its step is DEBUG, shown by ``-v``."""
    source = tmp_path / "kernel.py"
    source.write_text("import ascx as asc\n" + COPY)
    args = ["compile", str(source), "--args", "MockTensor(asc.float32), MockTensor(asc.float32), 256"]
    quiet = ascx(*args, env={"ASCX_CACHE_DIR": str(tmp_path / "a")})
    assert (quiet.returncode, quiet.stderr) == (0, "")
    verbose = ascx(*args, "-v", env={"ASCX_CACHE_DIR": str(tmp_path / "b")})
    assert verbose.stdout == quiet.stdout
    assert matches(step_lines("compiling 'copy' to Ascend C"), verbose.stderr.splitlines()), verbose.stderr


def test_ascx_build_target_check_prints_its_progress(tmp_path: Path, cann_headers: CannHeaders, repo: Path) -> None:
    """The CANN type-check: about 6 s on an idle core for a new kernel, then its verdicts are cached."""
    target = f"{repo}/examples/vector_add.py"
    args = ["build", target, "--target", "check", "--cann-headers", str(cann_headers.root)]
    args += ["--args", "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), 8192"]
    env = {"ASCX_CANN_CHECK_DIR": str(tmp_path / "verdicts"), "ASCX_CACHE_DIR": str(tmp_path / "cache")}
    checking = f"type-checking 'vector_add' against CANN's headers in {cann_headers.root}"
    fresh = ascx(*args, env=env)
    assert fresh.returncode == 0, fresh.stderr
    assert fresh.stdout.startswith(f"vector_add: CANN's headers in {cann_headers.root} accept it (aiv; ")
    assert matches(step_lines(checking), fresh.stderr.splitlines()), fresh.stderr
    again = ascx(*args, env=env)
    assert matches(step_lines(checking, cached=True), again.stderr.splitlines()), again.stderr


def test_the_cann_backend_reports_its_build_and_run(
    copy_kernel: asc.JITFunction[..., None],
    kernel_module: Callable[[str], ModuleType],
    cann_emulator: CannHeaders,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """``ASCX_EMULATOR=cann``: the build through CANN's headers and the run, with their timings; ``both``
    adds the clean-room backend's (its build from the build cache: 0.0)."""
    monkeypatch.delenv("ASCX_EMULATOR", raising=False)
    run(kernel_module(COPY).copy, blocks=1)  # the clean-room build in the cache, whatever ran before
    monkeypatch.setenv("ASCX_EMULATOR", "cann")
    caplog.set_level(logging.INFO, logger="ascx")
    run(copy_kernel, blocks=1)
    compiled = copy_kernel.compile(*SPECS)
    building = f"building 'copy' with {cann_compiler().name} against CANN's headers"  # clang++ where installed
    running = "running 'copy' on 1 block on the CPU through CANN's headers"
    messages = [re.sub(SECONDS, "T", r.getMessage()) for r in caplog.records if "once per" not in r.getMessage()]
    assert messages[0] == f"{building} ..."
    assert re.fullmatch(re.escape(building) + r": T( \(cached\))?", messages[1])
    assert messages[2:] == [f"{running} ...", f"{running}: T"]
    assert set(compiled.timings) >= {"build", "run"}
    assert compiled.timings["run"] > 0
    caplog.clear()
    monkeypatch.setenv("ASCX_EMULATOR", "both")
    run(copy_kernel, blocks=1)
    names = sorted(r.getMessage() for r in caplog.records if r.getMessage().endswith(" ..."))
    assert names == [
        f"{building} ...",
        f"building 'copy' with {default_compiler().name} against the emulation headers ...",
        "running 'copy' on 1 block on the CPU ...",
        f"{running} ...",
    ]
    assert compiled.timings["build"] == 0.0  # both backends' builds came from their caches
    assert compiled.timings["run"] > 0


def test_run_with_progress_writes_each_stage_on_its_stream(
    copy_kernel: asc.JITFunction[..., None], capsys: pytest.CaptureFixture[str]
) -> None:
    """The examples' ``main()``: the compile too (at INFO there), on ``out``; afterwards ascx is quiet again."""
    from ascx.emu.launch import run_with_progress

    out = io.StringIO()
    x = np.arange(256, dtype=np.float32)
    z = np.zeros_like(x)
    run_with_progress(copy_kernel, 1, x, z, 256, out=out)
    np.testing.assert_array_equal(z, x)
    building = f"building 'copy' with {default_compiler().name} against the emulation headers"
    expected = [
        *step_lines("compiling 'copy' to Ascend C"),
        step_lines(building)[0],
        step_lines(building)[1] + r"( \(cached\))?",
        *step_lines("running 'copy' on 1 block on the CPU"),
    ]
    assert matches(expected, lines(out.getvalue())), out.getvalue()
    assert not progress_shown()
    run(copy_kernel)
    assert capsys.readouterr().err == ""
