"""The repository is its own reference: nothing cites the design specifications that ascx was first
written from (they live outside the repository), and every ``docs/...md#anchor`` the code and the
documents cite exists.  Sections are cited as ``docs/<page>.md#<anchor>``."""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path

import pytest

from ascx.analysis.rules import RULES
from ascx.cli.explain import sections

REPO = Path(__file__).resolve().parents[2]
TEXT_FILES = ("*.py", "*.md", "*.mlir", "*.h", "*.cfg", "*.toml", "*.txt")
SKIPPED = {".git", ".venv", "build", "__pycache__", ".pytest_cache", ".ruff_cache"}

OUTSIDE = [
    (re.compile(r"shared/spec"), "a path to the shared specifications"),
    (re.compile(r"§"), "a section sign (cite docs/<page>.md#<anchor>)"),
    (re.compile(r"\b(sync-model|matmul-api|tracing|ascendc-cpp-api|xdsl-notes) spec\b"), "a specification by name"),
    (re.compile(r"\b(matmul-api|ascendc-cpp-api|xdsl-notes)\.md\b"), "a specification file"),
    (re.compile(r"\b[Tt]he spec(?:'s|ification)?\b(?! for| of the)"), "the specification"),
    (
        re.compile(
            r"\bspec (section|sections|example|examples|checklist|says|leaves|documents|lists|[A-Z]{1,2}-?\d|\d)"
        ),
        "a section of the specification",
    ),
    (re.compile(r"\b(MA|PV|MV|IX|IN-M)-?\d+\b"), "a requirement or example ID of the specification"),
    (re.compile(r"\bA\.M\d+\b"), "a diagnostic ID of the Matmul specification"),
    (re.compile(r"\b(D|U|T|P)-\d+\b"), "a requirement ID of the specification"),
    (re.compile(r"\b[Cc]hecklist (row|\d)"), "a row of the specification's checklist"),
]
"""What a citation of the outside specifications looks like, and what it is."""

NAMES_UNKNOWN_RULES = {REPO / "tests" / "cli" / "test_explain.py"}
"""Files that name rules that do not exist on purpose."""
_RULE_LIKE = re.compile(r"\b(?:MM|FL|TQ|HZ|AT|XC|IN|PA)-[EM]?\d+[a-z]?(?:\.\d+)?\b")


def text_files() -> list[Path]:
    found: list[Path] = []
    for pattern in TEXT_FILES:
        for path in REPO.rglob(pattern):
            parts = set(path.relative_to(REPO).parts)
            if not parts & SKIPPED and not any(part.endswith(".egg-info") for part in parts):
                found.append(path)
    return sorted(found)


FILES = text_files()
THIS = Path(__file__).resolve()


def test_no_file_cites_the_outside_specifications() -> None:
    found: list[str] = []
    for path in FILES:
        if path == THIS:
            continue
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), start=1):
            for pattern, what in OUTSIDE:
                match = pattern.search(line)
                if match:
                    found.append(f"{path.relative_to(REPO)}:{number}: {what}: {match.group(0)!r}")
            for match in _RULE_LIKE.finditer(line):
                if match.group(0) not in RULES and path not in NAMES_UNKNOWN_RULES:
                    found.append(f"{path.relative_to(REPO)}:{number}: a rule of the specification: {match.group(0)!r}")
    assert found == [], "\n".join(found)


_CITED = re.compile(r"\bdocs/([\w/.-]+\.md)(?:#([\w-]+))?")
_EXPLICIT = re.compile(r"<a (?:id|name)=\"([\w-]+)\"")
EXTERNAL = {"docs/python_syntax_support.md"}
"""Documents of other projects cited by their own paths (pyasc's syntax list)."""
_LINK = re.compile(r"\]\((?!https?:)([^)#\s]+\.md)?(?:#([\w-]+))?\)")


def _anchors(page: Path) -> set[str]:
    text = page.read_text()
    return set(sections(text)) | set(_EXPLICIT.findall(text))


@functools.cache
def citations() -> list[tuple[str, Path, str | None]]:
    """Every ``docs/page.md#anchor`` in the repository's files and every relative link of the documents:
    (where, the page, the anchor)."""
    found: list[tuple[str, Path, str | None]] = []
    for path in FILES:
        if path == THIS:
            continue
        text = path.read_text(errors="replace")
        document = path.suffix == ".md"
        if "docs/" not in text and not (document and "](" in text):
            continue  # cites nothing, like most files: the collection reads every file of the repository
        relative = path.relative_to(REPO)
        for number, line in enumerate(text.splitlines(), start=1):
            where = f"{relative}:{number}"
            for match in _CITED.finditer(line):
                if f"docs/{match.group(1)}" not in EXTERNAL:
                    found.append((where, REPO / "docs" / match.group(1), match.group(2)))
            if document:
                for match in _LINK.finditer(line):
                    target = (path.parent / match.group(1)).resolve() if match.group(1) else path
                    if match.group(1) or match.group(2):
                        found.append((where, target, match.group(2)))
    return found


@pytest.mark.parametrize("page", sorted({c[1] for c in citations()}), ids=lambda p: os.path.relpath(p, REPO))
def test_cited_pages_and_anchors_exist(page: Path) -> None:
    cited = [(where, anchor) for where, target, anchor in citations() if target == page]
    assert page.is_file(), f"{cited[0][0]} cites {os.path.relpath(page, REPO)}, which does not exist"
    anchors = _anchors(page)
    missing = [f"{where}: #{anchor}" for where, anchor in cited if anchor is not None and anchor not in anchors]
    assert missing == [], f"anchors {os.path.relpath(page, REPO)} does not have:\n" + "\n".join(missing)
