"""Run-time coverage of the clean-room emulation (docs/emulation.md#coverage).

What is implemented comes from the headers themselves: every ``ASCX_COVER("Entry")``,
``ASCX_COVER_FORM("Entry", "form")`` and ``ASCX_COVER_ENUM("Entry", "key", Enum, value)`` hook in
``src/ascx/emu/include`` (inside a ``#define``, with ``#NAME`` standing for the macro's argument at each
use), an enum hook implementing every enumerator of its enum.  What ran comes from the hits files the
launcher writes while ``ASCX_EMU_COVERAGE`` names a directory (``ascx.emu.coverage``).  Every implemented
point must have run in a test, or be exempted with a reason in ``emu_coverage_exemptions.toml``.

``python -m ascx.testing.emu_coverage [PYTEST ARGS...]`` runs the chosen tests with recording on and
reports what they covered and what no test of them ran."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ascx.emu.build import INCLUDE_DIR
from ascx.emu.coverage import COVERAGE_ENV

EXEMPTIONS = Path(__file__).with_name("emu_coverage_exemptions.toml")
"""The exemption list: ``[[exempt]]`` tables with ``point`` (as the report names it) and ``reason``."""

CHECK_ENV = "ASCX_EMU_COVERAGE_CHECK"
"""tests/conftest.py's check at the end of a full run fails the run when a point never ran and is not exempted
(docs/emulation.md#coverage); ``0`` turns the report off (the recording stays on)."""

_HOOK = re.compile(
    r"ASCX_COVER\(\s*(?P<e1>#\w+|\"[^\"]*\")\s*\)"
    r"|ASCX_COVER_FORM\(\s*(?P<e2>#\w+|\"[^\"]*\")\s*,\s*\"(?P<form>[^\"]*)\"\s*\)"
    r"|ASCX_COVER_ENUM\(\s*(?P<e3>#\w+|\"[^\"]*\")\s*,\s*\"(?P<key>[^\"]+)\"\s*,\s*(?P<enum>\w+)\s*,"
)
_DEFINE = re.compile(r"^#define (\w+)\(([^)]*)\)((?:.*\\\n)*.*)$", re.MULTILINE)
_ENUM = re.compile(r"\benum\s+(?:class\s+)?(\w+)\s*(?::\s*\w+\s*)?\{([^}]*)\}")


@dataclass(frozen=True, order=True)
class Point:
    """An entry point (``key`` empty), one of its forms (``key`` is ``form``) or an enum value it takes."""

    entry: str
    key: str = ""
    value: str = ""

    def __str__(self) -> str:
        return self.entry if not self.key else f"{self.entry} ({self.key} {self.value})"


@dataclass
class Implemented:
    """The points the headers mark, and the enum of each enum hook (to name the values recorded)."""

    points: set[Point] = field(default_factory=lambda: set[Point]())
    enums: dict[tuple[str, str], dict[int, str]] = field(default_factory=lambda: {})


def parse_enums(text: str) -> dict[str, dict[int, str]]:
    """Every ``enum`` of the text: its enumerators by value (the first name of a value)."""
    enums: dict[str, dict[int, str]] = {}
    for match in _ENUM.finditer(text):
        values: dict[int, str] = {}
        names: dict[str, int] = {}
        next_value = 0
        for item in match.group(2).split(","):
            item = re.sub(r"//.*", "", item).strip()
            if not item:
                continue
            name, _, given = (part.strip() for part in item.partition("="))
            if given:
                next_value = names[given] if given in names else int(given, 0)
            names[name] = next_value
            values.setdefault(next_value, name)
            next_value += 1
        enums[match.group(1)] = values
    return enums


def _expanded_hooks(text: str) -> Iterable[str]:
    """The text's hooks outside macros, and each macro's hooks once per use with ``#PARAM`` replaced."""
    outside = text
    for define in _DEFINE.finditer(text):
        name, params, body = define.group(1), [p.strip() for p in define.group(2).split(",")], define.group(3)
        outside = outside.replace(define.group(0), "")
        if "ASCX_COVER" not in body or name.startswith("ASCX_COVER"):
            continue
        for use in re.finditer(rf"^{name}\(([^\n]*)", text, re.MULTILINE):
            args = [a.strip() for a in use.group(1).rsplit(")", 1)[0].split(",")]
            expanded = body
            for param, arg in zip(params, args, strict=False):
                expanded = re.sub(rf"#{param}\b", f'"{arg}"', expanded)
            yield expanded
    yield outside


def implemented(include_dir: Path = INCLUDE_DIR) -> Implemented:
    """The points the headers under ``include_dir`` mark with coverage hooks."""
    headers = sorted(p for p in include_dir.rglob("*.h") if p.name != "coverage.h")
    texts = [p.read_text(encoding="utf-8") for p in headers]
    enums: dict[str, dict[int, str]] = {}
    for text in texts:
        enums.update(parse_enums(text))
    found = Implemented()
    for text in texts:
        for chunk in _expanded_hooks(text):
            for hook in _HOOK.finditer(chunk):
                entry = (hook.group("e1") or hook.group("e2") or hook.group("e3")).strip('"')
                if entry.startswith("#"):
                    continue  # a macro's own text; its uses are expanded
                found.points.add(Point(entry))
                if hook.group("form") is not None:
                    found.points.add(Point(entry, "form", hook.group("form")))
                elif hook.group("enum") is not None:
                    values = enums[hook.group("enum")]
                    found.enums[(entry, hook.group("key"))] = values
                    found.points.update(Point(entry, hook.group("key"), name) for name in values.values())
    return found


_FUNCTION = re.compile(r"^(?=[\w_])(?:(?:inline|static|__aicore__)\s+)*[\w:<>,\s\*&]+?\s+([A-Z]\w*)\s*\(")


def unmarked_functions(include_dir: Path = INCLUDE_DIR) -> list[str]:
    """The public functions of ``namespace AscendC`` (not its ``detail``) whose definitions do not start with a
    coverage hook, as ``file:line name``: an entry point without one would never be asked for a test."""
    unmarked: list[str] = []
    for header in sorted(include_dir.rglob("*.h")):
        lines = header.read_text(encoding="utf-8").splitlines()
        scope: list[str] = []
        index = 0
        while index < len(lines):
            line = lines[index]
            if opened := re.match(r"^namespace ([\w:]+) \{", line):
                scope.append(opened.group(1))
            elif re.match(r"^\}\s*// namespace", line) and scope:
                scope.pop()
            elif scope == ["AscendC"] and (function := _FUNCTION.match(line)) and "constexpr" not in line:
                end = index
                while end + 1 < len(lines) and end < index + 12 and not re.search(r"[{;}]\s*$", lines[end]):
                    end += 1
                text = " ".join(lines[index : end + 2])
                if re.search(r"\{\s*(.*\})?\s*$", lines[end]) and "= delete" not in text:
                    body = text[text.index("{", text.index(")")) + 1 :].lstrip() if ")" in text else ""
                    if not body.startswith("ASCX_COVER"):
                        unmarked.append(f"{header.relative_to(include_dir)}:{index + 1} {function.group(1)}")
                index = end
            index += 1
    return unmarked


def read_hits(directory: Path, names: Implemented) -> dict[Point, set[str]]:
    """The points the hits files of ``directory`` record, each with the tests that ran it."""
    hits: dict[Point, set[str]] = {}
    for path in sorted(directory.glob("hits-*.tsv")):
        for line in path.read_text(encoding="utf-8").splitlines():
            parts = line.split("\t")
            if len(parts) != 4:
                continue
            test, entry, key, value = parts
            enum = names.enums.get((entry, key))
            if enum is not None:
                value = enum.get(int(value), value)
            hits.setdefault(Point(entry, key, value), set()).add(test)
    return hits


def load_exemptions(path: Path = EXEMPTIONS) -> dict[str, str]:
    """The exempted points (as the report names them) and their reasons; exempting an entry point exempts
    its forms and values."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    exemptions: dict[str, str] = {}
    for item in data.get("exempt", []):
        point, reason = str(item.get("point", "")), str(item.get("reason", "")).strip()
        if not point or not reason:
            raise ValueError(f"{path}: every [[exempt]] needs a point and a reason, got {item!r}")
        exemptions[point] = reason
    return exemptions


@dataclass
class Report:
    implemented: set[Point]
    covered: set[Point]
    exempted: set[Point]
    missing: list[Point]
    unknown_exemptions: list[str]
    needless_exemptions: list[str]

    @property
    def ok(self) -> bool:
        return not self.missing and not self.unknown_exemptions and not self.needless_exemptions

    def counts(self) -> str:
        def figures(points: set[Point] | list[Point], modes: bool) -> int:
            return sum(1 for p in points if bool(p.key) == modes)

        lines: list[str] = []
        for label, modes in (("entry points", False), ("forms and modes", True)):
            lines.append(
                f"{label}: {figures(self.implemented, modes)} implemented, {figures(self.covered, modes)} run by "
                f"a test, {figures(self.exempted, modes)} exempted, {figures(self.missing, modes)} never run"
            )
        return "\n".join(lines)

    def text(self) -> str:
        lines = ["clean-room emulation coverage (docs/emulation.md#coverage)", self.counts()]
        if self.missing:
            lines.append("never run by a test and not exempted:")
            lines.extend(f"  {point}" for point in self.missing)
            lines.append(
                "fix: add a numerics test against numpy that runs each of them (tests/emu), or exempt it with its "
                f"reason in {EXEMPTIONS.name}"
            )
        if self.unknown_exemptions:
            lines.append("exemptions of points the headers do not mark (remove them):")
            lines.extend(f"  {point}" for point in self.unknown_exemptions)
        if self.needless_exemptions:
            lines.append("exemptions of points a test runs (remove them):")
            lines.extend(f"  {point}" for point in self.needless_exemptions)
        return "\n".join(lines)


def check(found: Implemented, hits: dict[Point, set[str]], exemptions: dict[str, str], *, full: bool) -> Report:
    """Which implemented points no test ran and no exemption explains; with ``full`` (the whole suite ran),
    an exemption of a point that ran is reported too."""
    points = found.points
    covered = {p for p in points if p in hits}
    names = {str(p) for p in points}
    exempted = {p for p in points - covered if str(p) in exemptions or p.entry in exemptions}
    missing = sorted(points - covered - exempted)
    unknown = sorted(e for e in exemptions if e not in names)
    needless = sorted(e for e in exemptions if full and any(str(p) == e for p in covered)) if full else []
    return Report(points, covered, exempted, missing, unknown, needless)


def report_for(
    directory: Path, *, full: bool, include_dir: Path = INCLUDE_DIR, exemptions: Path = EXEMPTIONS
) -> Report:
    found = implemented(include_dir)
    return check(found, read_hits(directory, found), load_exemptions(exemptions), full=full)


def is_full_run(
    args: Sequence[str],
    invocation_dir: Path,
    repo: Path,
    *,
    narrowed: bool,
) -> bool:
    """Whether a pytest run selected every test of ``tests/emu`` and ``tests/examples``: each is a
    directory argument or inside one (``args``, relative to ``invocation_dir``; a ``::`` node id selects
    less), and nothing ``narrowed`` the selection (``-k``, ``-m``, ``--deselect``, ``--lf``, ``--co``...)."""
    if narrowed:
        return False
    roots = [(invocation_dir / arg).resolve() for arg in args if "::" not in arg]
    wanted = [repo / "tests" / "emu", repo / "tests" / "examples"]
    return all(any(root == w or root in w.parents for root in roots if root.is_dir()) for w in wanted)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ascx.testing.emu_coverage",
        description="Run tests with the emulation's coverage recording on and report the entry points, forms and "
        "modes they ran (docs/emulation.md#coverage).",
    )
    parser.add_argument("--hits", type=Path, help="report on an existing hits directory instead of running tests")
    parser.add_argument(
        "--strict", action="store_true", help="exit 1 when a point is neither run nor exempted (the full suite's rule)"
    )
    parser.add_argument("--list", action="store_true", help="list every implemented point and the tests that ran it")
    parser.add_argument("pytest_args", nargs=argparse.REMAINDER, help="arguments for pytest (after --)")
    options = parser.parse_args(argv)
    status = 0
    with tempfile.TemporaryDirectory(prefix="ascx-emu-coverage-") as scratch:
        directory = options.hits or Path(scratch)
        if options.hits is None:
            arguments = [a for a in options.pytest_args if a != "--"]
            environment = dict(os.environ, **{COVERAGE_ENV: str(directory), CHECK_ENV: "0"})
            command = [sys.executable, "-m", "pytest", *arguments]
            status = subprocess.run(command, env=environment, check=False).returncode
        found = implemented()
        hits = read_hits(directory, found)
        report = check(found, hits, load_exemptions(), full=options.strict)
        if options.list:
            for point in sorted(found.points):
                tests = sorted(hits.get(point, ()))
                print(f"{point}: {', '.join(tests) if tests else 'never run'}")
        print(report.text())
    if status != 0:
        return status
    return 1 if options.strict and not report.ok else 0


if __name__ == "__main__":
    sys.exit(main())
