"""Fuzzing the command-line tools with mutated inputs.

``ascx-opt`` gets textual IR mutated from valid files (truncated, lines swapped or dropped or
repeated, tokens retyped, attribute values and names spoiled); ``ascx compile`` gets the example
kernel files mutated the same way.  Either tool must succeed (exit status 0) or report the problem
on standard error with a location and exit status 1: never a Python traceback, never another status.
The tools run in this process (their ``main(argv)``), which is what a subprocess would run.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import traceback
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from ascx.cli import ascx_main, ascx_opt
from ascx.testing.examples import EXAMPLE_ARGUMENTS, EXAMPLES_DIR

REPO = Path(__file__).resolve().parents[2]
LONG = os.environ.get("ASCX_FUZZ", "") == "long"
SCALE = float(os.environ.get("ASCX_FUZZ_SCALE", "1"))
"""Test configuration: a factor on the long profile's program counts (to fit a run into a time budget)."""

IR_SEEDS = [
    *sorted((REPO / "tests/filecheck/dialects/ascendc").glob("*roundtrip.mlir")),
    REPO / "tests/filecheck/target/matmul_ops.mlir",
    REPO / "tests/filecheck/passes/insert_pipe_sync.mlir",
]
KERNEL_SEEDS = [EXAMPLES_DIR / f"{name}.py" for name in sorted(EXAMPLE_ARGUMENTS)]

TOKEN = re.compile(r"[A-Za-z_][\w.]*|\d+|\S")
RETYPES = ("f16", "f32", "i32", "i1", "index", "!ascendc.pipe", "<>", "vecin", '"x"', "-1", "999999999999", "#x")


def fuzz_settings(quick: int, long: int) -> Callable[[Any], Any]:
    return settings(
        derandomize=not LONG,
        database=None,
        max_examples=max(1, round(long * SCALE)) if LONG else quick,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


@st.composite
def mutated(draw: st.DrawFn, seeds: list[Path], keep_leading: int = 0) -> tuple[str, str]:
    """A seed file's text with one to three mutations, and a description of them."""
    path = draw(st.sampled_from(seeds))
    text = path.read_text()
    # Only the split inputs' first chunk, so one mutation is not hidden behind a split marker.
    text = text.split("// -----")[0]
    done: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        lines = text.splitlines(keepends=True)
        kind = draw(st.sampled_from(("truncate", "drop", "swap", "repeat", "retype", "delete_token", "garble")))
        if kind == "truncate":
            cut = draw(st.integers(0, max(0, len(text) - 1)))
            text = text[:cut]
        elif kind in ("drop", "swap", "repeat") and len(lines) > keep_leading + 1:
            i = draw(st.integers(keep_leading, len(lines) - 1))
            j = draw(st.integers(keep_leading, len(lines) - 1))
            if kind == "drop":
                del lines[i]
            elif kind == "swap":
                lines[i], lines[j] = lines[j], lines[i]
            else:
                lines.insert(i, lines[i])
            text = "".join(lines)
        else:
            tokens = list(TOKEN.finditer(text))
            if not tokens:
                continue
            token = tokens[draw(st.integers(0, len(tokens) - 1))]
            replacement = {
                "retype": draw(st.sampled_from(RETYPES)),
                "delete_token": "",
                "garble": token.group()[::-1] + "_",
            }.get(kind, "")
            text = text[: token.start()] + replacement + text[token.end() :]
        done.append(f"{kind} in {path.name}")
    return text, "; ".join(done)


LOCATED = re.compile(r"^\S[^\n]*:\d+(:\d+)?: error: ", re.MULTILINE)
"""``file:line:col: error:`` (or ``file:line: error:``) at the start of a line of standard error."""


def run_tool(main: Callable[[list[str]], int], argv: list[str]) -> tuple[int, str]:
    """Run a tool's ``main`` as its console script does: warnings are shown, not raised (the suite turns
    warnings into errors, which would replace the error a mutated kernel really gets)."""
    err = io.StringIO()
    with (
        contextlib.redirect_stderr(err),
        contextlib.redirect_stdout(io.StringIO()),
        warnings.catch_warnings(),
    ):
        warnings.simplefilter("default")
        try:
            status = main(argv)
        except SystemExit as exit_:  # argparse
            status = exit_.code if isinstance(exit_.code, int) else 1
        except Exception:
            pytest.fail(f"{argv}: internal error\n{traceback.format_exc()}")
    return status, err.getvalue()


def check_status(status: int, stderr: str, what: str, source: str, path: Path) -> None:
    """Success, or a located error with status 1.  An error about the whole file (it defines no
    kernel of that name, say) is located by naming the file."""
    context = f"{what}\n--- input ---\n{source}\n--- stderr ---\n{stderr}"
    assert status in (0, 1), f"exit status {status}\n{context}"
    assert "Traceback (most recent call last)" not in stderr, f"a traceback\n{context}"
    if status == 1:
        whole_file = stderr.startswith(f"error: {path} ")
        assert LOCATED.search(stderr) or whole_file, f"an error without a location\n{context}"


@fuzz_settings(quick=60, long=3000)
@given(case=mutated(IR_SEEDS))
def test_ascx_opt_reports_bad_ir_with_a_location(tmp_path: Path, case: tuple[str, str]) -> None:
    text, what = case
    path = tmp_path / "input.mlir"
    path.write_text(text)
    for argv in (
        [str(path)],
        [str(path), "-p", "ascx-insert-sync,ascx-verify-pipe-sync"],
        [str(path), "-t", "ascendc"],
    ):
        status, stderr = run_tool(ascx_opt.main, argv)
        check_status(status, stderr, f"ascx-opt {' '.join(argv[1:])}: {what}", text, path)


@fuzz_settings(quick=30, long=1500)
@given(case=mutated(KERNEL_SEEDS))
def test_ascx_compile_reports_bad_kernels_with_a_location(tmp_path: Path, case: tuple[str, str]) -> None:
    text, what = case
    name = what.split(" in ")[1].split(".py")[0]  # the seed: its kernel and arguments
    path = tmp_path / f"{name}.py"
    path.write_text(text)
    argv = ["compile", f"{path}::{name}", "--args", EXAMPLE_ARGUMENTS[name]]
    status, stderr = run_tool(ascx_main.main, argv)
    check_status(status, stderr, f"ascx compile: {what}", text, path)
