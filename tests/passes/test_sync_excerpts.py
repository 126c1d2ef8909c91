"""Sync diagnostics show the source excerpt trace-time errors show (issue 28.5): the line with a caret at the
column, under the diagnostic and under each of its notes (docs/sync-model.md#diagnostics).  The other sync
tests compare diagnostics without their excerpts (``ascx.testing.without_excerpts``); these compare the
whole rendering."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

import ascx as asc
from ascx.analysis.report import Diagnostic, Note, SyncError
from ascx.errors import SourceLocation
from ascx.testing import without_excerpts
from ascx.testing.sync_kernels import make

Load = Callable[[str], ModuleType]


def test_an_error_and_its_note_each_show_their_line(kernel_module: Load) -> None:
    kernel = make(kernel_module, "asc.data_copy(xl, x_gm, N)\nasc.abs(zl, xl, N)")
    with pytest.raises(SyncError) as raised:
        kernel.compile()
    assert [kernel.relative(line) for line in str(raised.value).splitlines()] == [
        "L2:5: error: `asc.abs` (V) reads `xl` written by `asc.data_copy` (MTE2) without synchronization; needs "
        "MTE2 → V ordering [HZ-1]",
        f"{kernel.first + 1:>5} |     asc.abs(zl, xl, N)",
        "      |     ^",
        "L1:5: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.MTE2_V, id)",
        f"{kernel.first:>5} |     asc.data_copy(xl, x_gm, N)",
        "      |     ^",
    ]


def test_a_folded_consequence_shows_its_own_line(kernel_module: Load) -> None:
    """One mistake, one error: the consequence folded into its cause as a note keeps its excerpt."""
    kernel = make(kernel_module, "t = qin.deque(asc.float32)\nqin.free_tensor(t)", queues=True)
    with pytest.raises(SyncError) as raised:
        kernel.compile()
    lines = [kernel.relative(line) for line in str(raised.value).splitlines()]
    assert lines[:3] == [
        "L1:9: error: `qin.deque()` has no matching `qin.enque()`: queue `qin` may be empty here [TQ-1]",
        f"{kernel.first:>5} |     t = qin.deque(asc.float32)",
        "      |         ^",
    ]
    consequence = lines.index("L2:5: note: consequence: `qin.free_tensor(t)`: `t` was not allocated from `qin` [TQ-4]")
    assert lines[consequence + 1 : consequence + 3] == [
        f"{kernel.first + 1:>5} |     qin.free_tensor(t)",
        "      |     ^",
    ]


def test_a_warning_carries_its_column_and_excerpt(kernel_module: Load) -> None:
    kernel = make(kernel_module, "asc.set_atomic_add(asc.float32)\nasc.data_copy(z_gm, zl, N)")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        kernel.compile()
    [warning] = [w for w in caught if "[AT-1]" in str(w.message)]
    assert isinstance(warning.message, asc.AscxWarning)
    assert (warning.lineno - kernel.first + 1, warning.message.column) == (1, 5)
    assert str(warning.message).splitlines() == [
        "atomic mode set by `asc.set_atomic_add` is not reset with `asc.set_atomic_none()` before the kernel returns "
        "[AT-1]",
        f"{kernel.first:>5} |     asc.set_atomic_add(asc.float32)",
        "      |     ^",
    ]


def test_what_shows_an_excerpt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A note at the location just shown does not repeat it; a location without a column gets no caret; one
    whose file does not exist (IR written by hand), or exists only along ``sys.path`` and not as named, shows
    no excerpt, so the rendering is today's."""
    source = tmp_path / "kernel.py"
    source.write_text("def k():\n    first()\n    second()\n")
    here = SourceLocation(str(source), 2, 5)
    diagnostic = Diagnostic(
        "error",
        "HZ-1",
        "the message",
        here,
        (
            Note(here, "same place"),
            Note(SourceLocation(str(source), 3), "no column"),
            Note(None, "no location"),
            Note(SourceLocation("kernel.py", 3, 5), "relative, not found from the working directory"),
        ),
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path.parent)
    assert diagnostic.render().replace(str(source), "K").splitlines() == [
        "K:2:5: error: the message [HZ-1]",
        "    2 |     first()",
        "      |     ^",
        "K:2:5: note: same place",
        "K:3: note: no column",
        "    3 |     second()",
        "note: no location",
        "kernel.py:3:5: note: relative, not found from the working directory",
    ]
    monkeypatch.chdir(tmp_path)
    assert diagnostic.render().splitlines()[-3:] == [
        "kernel.py:3:5: note: relative, not found from the working directory",
        "    3 |     second()",
        "      |     ^",
    ]


def test_without_excerpts_keeps_the_diagnostic_lines() -> None:
    text = "k.py:2:5: error: m [HZ-1]\n    2 |     first()\n      |     ^\nk.py:1:1: note: n\nnote: hint"
    assert without_excerpts(text) == ["k.py:2:5: error: m [HZ-1]", "k.py:1:1: note: n", "note: hint"]
