"""Run pyasc's own tests with ``asc`` standing for ascx, and print a pass/fail table per file.

    python tools/run_pyasc_unit_tests.py PYASC [--tree TREE ...] [--only PATTERN ...] [--json OUT.json]
        [--failures] [-- PYTEST_ARGS...]

``PYASC`` is a checkout of the hicann/pyasc repository or its bare git snapshot (such as
``/work/.mirror/hicann+pyasc/repo``).  ``--tree`` picks the directories of ``python/test`` to run:
``unit/language`` (the default), ``kernels`` and ``generalization``.  Their test files are copied to a
temporary directory (never into this repository), next to a conftest written here: it installs the
``asc`` alias (``ascx.testing.asc_alias``) and provides pyasc's fixtures: ``mock_launcher_run``
(which patches ``asc.runtime.launcher.Launcher.run``, so ``kernel[1](...)`` stops after compiling to
Ascend C), ``filecheck``, and the ``backend``/``platform`` fixtures of pyasc's ``kernels/conftest.py``
(``--backend``, default ``Model``: ascx's CPU emulation runs the kernels).  pyasc's ``filecheck`` tests
compare pyasc's MLIR text, which ascx does not produce, so they are skipped as pyasc's
``--skip-filecheck`` skips them.

One change is made to the copies: pyasc's generalization tests list ``config.Backend.NPU`` alone in
their ``BACKENDS`` (``config.Backend.Model`` commented out) and put their torch tensors on
``device="npu"`` for it; the copies list ``config.Backend.Model`` instead, so the kernels run on the
emulation with CPU tensors (``pyasc_rewrites``).  They need torch and skip themselves without it.

``--only`` keeps the files whose path (relative to ``python/test``) contains one of the patterns, e.g.
``--only basic/test_scalar.py --only fwk/``.  The exit status is 0 when every test passed or was
skipped.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import textwrap
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

TEST = "python/test"
TREES = ("unit/language", "kernels", "generalization")
"""The directories of ``python/test`` this tool runs."""

NPU_ONLY = re.compile(r"( *)# config\.Backend\.Model,(\r?\n) *config\.Backend\.NPU,\r?\n")
"""pyasc's generalization tests' ``BACKENDS`` list (its files end lines with CRLF)."""
ON_THE_MODEL = r"\1config.Backend.Model,\2"

CONFTEST = '''
"""Written by ascx's tools/run_pyasc_unit_tests.py: pyasc's test fixtures, with asc = ascx."""

from unittest.mock import patch

import pytest

from ascx.testing.asc_alias import install

install()

from asc.runtime import config  # noqa: E402  (after the alias)


@pytest.fixture
def mock_launcher_run():
    with patch("asc.runtime.launcher.Launcher.run", return_value=None) as mock:
        yield mock


def pytest_addoption(parser):
    parser.addoption("--skip-filecheck", action="store_true", help="Skip filecheck tests")
    parser.addoption("--backend", default=config.Backend.Model, help="Runtime backend for testing")
    parser.addoption("--platform", default=config.Platform.Ascend910B1, help="Runtime platform for testing")


@pytest.fixture
def filecheck(pytestconfig):
    pytest.skip("filecheck tests compare pyasc's MLIR, which ascx does not produce")


@pytest.fixture
def backend(request):
    return request.config.getoption("--backend")


@pytest.fixture
def platform(request):
    return request.config.getoption("--platform")
'''


def pyasc_rewrites(relative: str, text: bytes) -> bytes:
    """The copy of a pyasc test file as this tool runs it: a generalization test runs on the Model backend
    (the emulation) instead of the NPU, the one change (see the module's docstring)."""
    if not relative.startswith("generalization/"):
        return text
    return NPU_ONLY.sub(ON_THE_MODEL, text.decode()).encode()


@dataclass
class FileResult:
    passed: list[str] = field(default_factory=list[str])
    failed: dict[str, str] = field(default_factory=dict[str, str])
    """Test name -> the first line of its failure."""
    skipped: list[str] = field(default_factory=list[str])


def _is_git_dir(path: Path) -> bool:
    return (path / "HEAD").is_file() and (path / "objects").is_dir()


def extract(source: Path, destination: Path, only: list[str], trees: list[str] | None = None) -> list[str]:
    """Copy pyasc's tests of ``trees`` (default: the language API's unit tests) to ``destination``; the
    paths copied, relative to ``python/test``."""
    trees = list(trees or ["unit/language"])
    roots = [f"{TEST}/{tree}" for tree in trees]
    if _is_git_dir(source):
        listing = subprocess.run(
            ["git", "--git-dir", str(source), "ls-tree", "-r", "--name-only", "HEAD", *roots],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()

        def read(path: str) -> bytes:
            return subprocess.run(
                ["git", "--git-dir", str(source), "show", f"HEAD:{path}"], capture_output=True, check=True
            ).stdout

    else:
        if not (source / TEST / "unit" / "language").is_dir():
            raise SystemExit(f"{source} has no {TEST}/unit/language: pass a pyasc checkout or its bare git snapshot")
        listing = [str(p.relative_to(source)) for root in roots for p in sorted((source / root).rglob("*.py"))]

        def read(path: str) -> bytes:
            return (source / path).read_bytes()

    copied: list[str] = []
    for path in listing:
        relative = path.removeprefix(TEST + "/")
        if not path.endswith(".py") or Path(relative).name == "conftest.py":
            continue
        if only and not any(pattern in relative for pattern in only) and Path(relative).name.startswith("test_"):
            continue
        target = destination / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(pyasc_rewrites(relative, read(path)))
        copied.append(relative)
    (destination / "conftest.py").write_text(textwrap.dedent(CONFTEST).lstrip())
    (destination / "pytest.ini").write_text("[pytest]\naddopts = -p no:cacheprovider\n")
    return copied


def run(directory: Path, pytest_args: list[str], trees: list[str] | None = None) -> dict[str, FileResult]:
    report = directory / "report.xml"
    command = [
        sys.executable,
        "-m",
        "pytest",
        *(str(directory / tree) for tree in trees or ["unit/language"] if (directory / tree).exists()),
        "--rootdir",
        str(directory),
        "-c",
        str(directory / "pytest.ini"),
        "--import-mode=importlib",
        "--skip-filecheck",
        "--continue-on-collection-errors",
        "-q",
        f"--junitxml={report}",
        *pytest_args,
    ]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    subprocess.run(command, cwd=directory, env=env, check=False, stdout=subprocess.DEVNULL)
    if not report.exists():
        raise SystemExit("pytest wrote no report")
    return parse_report(report)


def _file_of(classname: str) -> str:
    """A test's file, relative to ``unit/language`` for the language unit tests (as the expected-failure
    list names them) and to ``python/test`` for the other trees."""
    path = classname.replace(".", "/")
    if "unit/language/" in path:
        return path.split("unit/language/", 1)[-1] + ".py"
    for tree in TREES[1:]:
        if f"{tree}/" in path:
            return tree + "/" + path.split(f"{tree}/", 1)[-1] + ".py"
    return path + ".py"


def parse_report(report: Path) -> dict[str, FileResult]:
    results: dict[str, FileResult] = defaultdict(FileResult)
    for case in ET.parse(report).getroot().iter("testcase"):
        classname = case.get("classname", "")
        name = case.get("name", "")
        if not classname:  # a module that skipped itself at import: its name is the module's
            classname, name = name, "(module)"
        file = _file_of(classname)
        result = results[file]
        failure = case.find("failure")
        if failure is None:
            failure = case.find("error")
        if failure is not None:
            message = (failure.get("message") or failure.text or "").strip().splitlines()
            result.failed[name] = message[0] if message else "failed"
        elif case.find("skipped") is not None:
            result.skipped.append(name)
        else:
            result.passed.append(name)
    return dict(sorted(results.items()))


def table(results: dict[str, FileResult]) -> str:
    width = max([len(f) for f in results] + [4])
    lines = [f"{'file':<{width}}  passed  failed  skipped", "-" * (width + 26)]
    totals = [0, 0, 0]
    for file, result in results.items():
        counts = (len(result.passed), len(result.failed), len(result.skipped))
        totals = [t + c for t, c in zip(totals, counts, strict=True)]
        lines.append(f"{file:<{width}}  {counts[0]:>6}  {counts[1]:>6}  {counts[2]:>7}")
    lines.append("-" * (width + 26))
    lines.append(f"{'total':<{width}}  {totals[0]:>6}  {totals[1]:>6}  {totals[2]:>7}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    extra: list[str] = []
    if "--" in args:
        split = args.index("--")
        args, extra = args[:split], args[split + 1 :]
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pyasc", type=Path, help="a pyasc checkout, or its bare git snapshot")
    parser.add_argument(
        "--tree",
        action="append",
        choices=TREES,
        default=[],
        help="a directory of python/test to run (repeatable; default unit/language)",
    )
    parser.add_argument("--only", action="append", default=[], help="keep test files whose path contains this")
    parser.add_argument("--json", type=Path, help="also write the results as JSON")
    parser.add_argument("--failures", action="store_true", help="list every failing test with its message")
    options = parser.parse_args(args)
    with tempfile.TemporaryDirectory(prefix="ascx_pyasc_unit_") as tmp:
        directory = Path(tmp)
        trees = options.tree or ["unit/language"]
        copied = extract(options.pyasc.resolve(), directory, options.only, trees)
        if not any(Path(p).name.startswith("test_") for p in copied):
            raise SystemExit("no test files matched")
        results = run(directory, extra, trees)
    print(table(results))
    if options.failures:
        for file, result in results.items():
            for name, message in result.failed.items():
                print(f"FAILED {file}::{name}: {message}")
    if options.json is not None:
        options.json.write_text(
            json.dumps(
                {f: {"passed": r.passed, "failed": r.failed, "skipped": r.skipped} for f, r in results.items()},
                indent=1,
                sort_keys=True,
            )
            + "\n"
        )
    return 0 if not any(r.failed for r in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
