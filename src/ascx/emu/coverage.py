"""Collecting the run-time coverage hits of the clean-room emulation (docs/emulation.md#coverage).

With ``ASCX_EMU_COVERAGE`` naming a directory, every kernel library records which of the headers'
coverage hooks ran (``ascx_emu/coverage.h``); after each launch the launcher takes them and appends them to
``<dir>/hits-<pid>.tsv``, one line per hit: the test (``PYTEST_CURRENT_TEST``, ``-`` outside pytest), the
entry point, the key (empty, ``form`` or an enum parameter) and the value. A launch that fails keeps nothing:
only runs that completed count."""

from __future__ import annotations

import ctypes
import os
from pathlib import Path
from typing import Any

COVERAGE_ENV = "ASCX_EMU_COVERAGE"
"""The environment variable naming the directory the hits go to; unset, empty or ``0``: no recording."""


def output_dir() -> Path | None:
    """The directory hits are written to, or None when recording is off (as the headers read it)."""
    value = os.environ.get(COVERAGE_ENV, "")
    return None if value in ("", "0") else Path(value)


def current_test() -> str:
    """The running pytest test's id (``tests/emu/test_x.py::test_y[param]``), or ``-``."""
    test = os.environ.get("PYTEST_CURRENT_TEST", "")
    return test.rsplit(" (", 1)[0] if test else "-"


def take(library: Any) -> str:
    """The hits the library recorded since the last call (it starts recording afresh)."""
    function = library.ascx_emu_coverage
    function.restype = ctypes.c_int64
    function.argtypes = (ctypes.c_char_p, ctypes.c_int64)
    size = 1 << 16
    while True:
        buffer = ctypes.create_string_buffer(size)
        length = int(function(buffer, size))
        if length < size:
            return buffer.value.decode()
        size = length + 1


def collect(library: Any, *, completed: bool) -> None:
    """After a launch: take the library's hits and, if the launch ``completed``, append them to this
    process's hits file."""
    directory = output_dir()
    if directory is None:
        return
    hits = take(library)
    if not completed or not hits:
        return
    test = current_test()
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / f"hits-{os.getpid()}.tsv", "a", encoding="utf-8") as out:
        out.writelines(f"{test}\t{line}\n" for line in hits.splitlines() if line)
