"""Diagnostics of the sync passes: ``file:line:col: severity: message [RULE]`` plus located notes, each
followed by the excerpt of its source line when the source is available (docs/sync-model.md#diagnostics).

A pass builds :class:`Diagnostic` values and hands them to :func:`publish`.  While a compile
collects them (:func:`collecting`), they are kept so that every pass's diagnostics are printed
before the compile fails; otherwise (``ascx-opt``) errors raise :class:`SyncError` at once and
warnings go to standard error.
"""

from __future__ import annotations

import linecache
import os
import sys
from collections.abc import Generator, Iterable
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import cast

from xdsl.ir import Operation

from ascx.analysis.rules import RULES, Severity
from ascx.diagnostics import source_location
from ascx.errors import AscxError, SourceLocation


@dataclass(frozen=True)
class Note:
    """A note attached to a diagnostic, at another op (or at none)."""

    location: SourceLocation | None
    text: str

    def heading(self) -> str:
        """The note's line without its excerpt: ``file:line:col: note: text``."""
        where = f"{self.location}: " if self.location is not None else ""
        return f"{where}note: {self.text}"


@dataclass(frozen=True)
class Diagnostic:
    """One finding of a sync pass, located at an op of the kernel."""

    severity: Severity
    rule: str
    message: str
    location: SourceLocation | None
    notes: tuple[Note, ...] = ()
    cause: object = field(default=None, compare=False)
    """What this diagnostic is the root of: diagnostics ``caused_by`` the same key are its consequences."""
    caused_by: object = field(default=None, compare=False)
    """The cause this diagnostic follows from, if that cause is reported (see :meth:`DiagnosticList.sorted`);
    a list names alternative causes, the first reported one counts."""
    folded: str | None = field(default=None, compare=False)
    """The note's text when this diagnostic is folded into its cause (default: ``consequence: <message>
    [<rule>]``); a finding that repeats its cause at another op (XC-7 on the same buffer) says so."""

    def heading(self) -> str:
        """The first line: ``file:line:col: severity: message [RULE]``."""
        where = f"{self.location}: " if self.location is not None else ""
        return f"{where}{self.severity}: {self.message} [{self.rule}]"

    def details(self) -> list[str]:
        """The lines under the heading: the excerpt of the diagnostic's source line, then each note with the
        excerpt of its own (as trace-time errors show theirs: ``ascx.errors.SourceLocation.excerpt``).  A
        location without source (IR written by hand, a file that is gone) shows no excerpt, and a note at the
        location whose excerpt was just shown does not show it again."""
        lines = excerpt(self.location)
        shown = self.location
        for note in self.notes:
            lines.append(note.heading())
            if note.location is not None and note.location != shown:
                lines.extend(excerpt(note.location))
                shown = note.location
        return lines

    def render(self) -> str:
        return "\n".join([self.heading(), *self.details()])

    def sort_key(self) -> tuple[str, int, int, str, int]:
        family, _, number = self.rule.partition("-")
        rule = (family, int(number) if number.isdigit() else 0)
        loc = self.location
        return (loc.file, loc.line, loc.col or 0, *rule) if loc is not None else ("", 0, 0, *rule)


def excerpt(location: SourceLocation | None) -> list[str]:
    """The source line of ``location`` with a caret at its column, or nothing when it has no source: the
    file must exist as the location names it (relative to the working directory), or its source must have
    been given to ``linecache`` by whoever compiled it (``<string>`` code, a notebook's cell).  An IR
    file's ``loc("k.py":3:5)`` is not looked up along ``sys.path``, as Python's modules are."""
    return location.excerpt() if location is not None and has_source(location) else []


def has_source(location: SourceLocation) -> bool:
    """Whether the source of ``location`` can be shown (see :func:`excerpt`)."""
    return os.path.isfile(location.file) or _registered(location.file)


def source_text(location: SourceLocation) -> str:
    """The source line of ``location`` without its indentation, or ``""`` when it cannot be shown."""
    return linecache.getline(location.file, location.line).strip() if has_source(location) else ""


def _registered(file: str) -> bool:
    """Whether ``linecache`` holds source for ``file`` that no file on disk backs (its entry has no mtime)."""
    entry = linecache.cache.get(file)
    return entry is not None and len(entry) == 4 and entry[1] is None


def at(op: Operation | None) -> SourceLocation | None:
    """The source location of ``op`` (None when it has none)."""
    return source_location(op.location) if op is not None else None


def where(op: Operation | None) -> str:
    """Where ``op`` is, for the text of a message: ``k.py:12:5``, or ``<unknown location>`` for an op
    without one (IR written by hand or by a pass)."""
    location = at(op)
    return "<unknown location>" if location is None else str(location)


def note(op: Operation | None, text: str) -> Note:
    return Note(at(op), text)


class DiagnosticList:
    """Diagnostics of one pass run: one per ``(rule, op, partner)``, in source order.

    Identical diagnostics (same severity, rule, location, text and notes) are shown once: a device
    function is traced once per call site, and every copy reports at the same Python line."""

    def __init__(self) -> None:
        self._items: dict[tuple[object, ...], Diagnostic] = {}
        """Keyed by what makes two diagnostics the same finding: ``(rule, op, partner)``."""

    def add(
        self,
        severity: Severity,
        rule: str,
        op: Operation,
        message: str,
        notes: Iterable[Note] = (),
        partner: object = None,
        *,
        cause: object = None,
        caused_by: object = None,
        folded: str | None = None,
    ) -> None:
        """Add a diagnostic (once per ``(rule, op, partner)``).  ``cause`` names what it is the root of;
        ``caused_by`` names the cause it follows from: when a diagnostic with that ``cause`` is reported too,
        this one becomes a note of it (one mistake, one error: docs/sync-model.md#diagnostics), with the text
        ``folded`` when given."""
        assert rule in RULES, f"rule {rule} is not in ascx.analysis.rules.RULES"
        assert RULES[rule].allows(severity), f"RULES does not list {severity} for {rule}"
        key = (rule, id(op), partner if partner is None or isinstance(partner, str | int) else id(partner))
        if key not in self._items:
            self._items[key] = Diagnostic(severity, rule, message, at(op), tuple(notes), cause, caused_by, folded)

    def mark(self) -> int:
        """How many diagnostics there are now (for :meth:`rollback`)."""
        return len(self._items)

    def rollback(self, mark: int) -> None:
        """Forget the diagnostics added since :meth:`mark` returned ``mark``."""
        for key in list(self._items)[mark:]:
            del self._items[key]

    def added_since(self, mark: int) -> list[tuple[object, ...]]:
        """The keys of the diagnostics added since :meth:`mark` returned ``mark`` (for :meth:`forget`)."""
        return list(self._items)[mark:]

    def forget(self, keys: Iterable[tuple[object, ...]]) -> None:
        """Forget the diagnostics of ``keys``."""
        for key in keys:
            self._items.pop(key, None)

    def copy(self) -> DiagnosticList:
        copied = DiagnosticList()
        copied._items = dict(self._items)
        return copied

    def sorted(self) -> list[Diagnostic]:
        """The distinct diagnostics in source order, each consequence folded into its root cause as a note."""
        items = sorted(self._items.values(), key=Diagnostic.sort_key)
        causes: dict[object, Diagnostic] = {}
        for diagnostic in items:
            if diagnostic.cause is not None:
                causes.setdefault(diagnostic.cause, diagnostic)
        consequences: dict[int, list[Diagnostic]] = {}
        kept: list[Diagnostic] = []
        for diagnostic in items:
            root = _root_of(diagnostic, causes)
            if root is diagnostic:
                kept.append(diagnostic)
            else:
                consequences.setdefault(id(root), []).append(diagnostic)
        folded = [_with_consequences(d, consequences.get(id(d), [])) for d in kept]
        return list(dict.fromkeys(folded))  # equal in severity, rule, location, message and notes: shown once

    def __len__(self) -> int:
        return len(self._items)


_SEVERITY_RANK = {"remark": 0, "warning": 1, "error": 2}


def _root_of(diagnostic: Diagnostic, causes: dict[object, Diagnostic]) -> Diagnostic:
    """The reported root cause ``diagnostic`` follows from (through consequences of consequences), or
    ``diagnostic`` itself.  A consequence more severe than its cause stays a diagnostic of its own."""
    current, seen = diagnostic, {id(diagnostic)}
    while current.caused_by is not None:
        candidates = (
            cast(list[object], current.caused_by) if isinstance(current.caused_by, list) else [current.caused_by]
        )
        cause = next((causes[c] for c in candidates if c in causes), None)
        if cause is None or id(cause) in seen:
            break
        seen.add(id(cause))
        current = cause
    if _SEVERITY_RANK[diagnostic.severity] > _SEVERITY_RANK[current.severity]:
        return diagnostic
    return current


def _with_consequences(diagnostic: Diagnostic, consequences: list[Diagnostic]) -> Diagnostic:
    if not consequences:
        return diagnostic
    notes = tuple(
        dict.fromkeys(  # a device function traced per call folds the same note once per call: shown once
            Note(c.location, c.folded if c.folded is not None else f"consequence: {c.message} [{c.rule}]")
            for c in consequences
        )
    )
    return replace(diagnostic, notes=diagnostic.notes + notes)


class SyncError(AscxError):
    """The sync passes found errors: every diagnostic, rendered in source order."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        errors = [d for d in diagnostics if d.severity == "error"]
        first = errors[0] if errors else None
        super().__init__(
            first.message if first is not None else "synchronization errors",
            first.location if first is not None else None,
            kind="sync",
        )

    def __str__(self) -> str:
        return "\n".join(d.render() for d in self.diagnostics)


_collector: ContextVar[list[Diagnostic] | None] = ContextVar("ascx_sync_diagnostics", default=None)


@contextmanager
def collecting() -> Generator[list[Diagnostic]]:
    """Keep the diagnostics published inside the ``with`` block instead of acting on them."""
    found: list[Diagnostic] = []
    token = _collector.set(found)
    try:
        yield found
    finally:
        _collector.reset(token)


def publish(diagnostics: list[Diagnostic], *, report: bool = False) -> None:
    """Hand a pass's diagnostics on: to the active collection, or (standalone) raise on errors and
    print warnings (and remarks when ``report``) to standard error."""
    found = _collector.get()
    if found is not None:
        found.extend(diagnostics)  # the collector's owner decides what to show
        return
    shown = [d for d in diagnostics if d.severity != "remark" or report]
    if any(d.severity == "error" for d in shown):
        raise SyncError(sorted(shown, key=Diagnostic.sort_key))
    for diagnostic in shown:
        print(diagnostic.render(), file=sys.stderr)
