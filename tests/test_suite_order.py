"""The order a whole run takes its test files in (``ascx.testing.suite_order``, docs/emulation.md#the-cold-suite):
the longest files first, so that neither xdist worker is left running one alone at the end."""

from __future__ import annotations

import tomllib
from pathlib import Path
from types import SimpleNamespace

from ascx.testing.suite_order import LONGEST_FILES, ordered

REPO = Path(__file__).resolve().parent.parent


def test_every_listed_long_file_exists() -> None:
    assert [name for name in LONGEST_FILES if not (REPO / name).is_file()] == []


def test_xdist_keeps_the_order_file_by_file() -> None:
    options = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]["addopts"]
    assert options[options.index("--dist") + 1] == "loadfile"
    assert "--no-loadscope-reorder" in options


def test_the_long_files_come_first_then_the_files_with_more_tests() -> None:
    first, second = LONGEST_FILES[:2]
    names = ["tests/a/test_few.py", "tests/b/test_many.py", second, "tests/b/test_many.py", first]
    names += ["tests/b/test_many.py", second, "/elsewhere/test_x.py"]
    items = [SimpleNamespace(path=REPO / name, index=i) for i, name in enumerate(names)]
    assert [item.index for item in ordered(items, REPO)] == [4, 2, 6, 1, 3, 5, 7, 0]
