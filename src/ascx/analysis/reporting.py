"""The reporting base of the sync analyses: located diagnostics that a loop's fixpoint can undo.

A :class:`ReportingAnalysis` reports while the dataflow engine says it may (``reporting``), and
reports during the fixpoint iterations of loops: :meth:`checkpoint` marks what has been found so far
(its diagnostics and every :class:`Findings` list it made), :meth:`rollback` forgets what was found
after a mark, so only the stable iteration's findings are kept (see
:class:`~ascx.analysis.dataflow.ForwardAnalysis`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from xdsl.ir import Operation

from ascx.analysis.dataflow import ForwardAnalysis
from ascx.analysis.report import DiagnosticList, Note

S = TypeVar("S")
T = TypeVar("T")


class Findings(list[T]):
    """What an analysis found besides diagnostics (hazards, fixes, pairs ...): cut back on rollback."""


@dataclass(frozen=True)
class _Mark:
    """How much an analysis had found (see :meth:`ReportingAnalysis.checkpoint`)."""

    diagnostics: int
    findings: tuple[int, ...]


class ReportingAnalysis(ForwardAnalysis[S]):
    """A forward analysis with diagnostics and findings that are undone with the fixpoint's iterations."""

    report_during_fixpoint = True

    def __init__(self) -> None:
        super().__init__()
        self.diagnostics = DiagnosticList()
        self._findings: list[Findings[Any]] = []

    def findings(self) -> Findings[Any]:
        """A new list of findings, cut back with the diagnostics on :meth:`rollback`."""
        found: Findings[Any] = Findings()
        self._findings.append(found)
        return found

    def checkpoint(self) -> object:
        return _Mark(self.diagnostics.mark(), tuple(len(found) for found in self._findings))

    def rollback(self, mark: object) -> None:
        assert isinstance(mark, _Mark)
        self.diagnostics.rollback(mark.diagnostics)
        for found, length in zip(self._findings, mark.findings, strict=True):
            del found[length:]

    def error(
        self,
        rule: str,
        op: Operation,
        message: str,
        notes: Iterable[Note] = (),
        partner: object = None,
        *,
        cause: object = None,
        caused_by: object = None,
    ) -> None:
        """Report an error of ``rule`` at ``op`` (when the engine is reporting); ``cause`` / ``caused_by``
        link a root cause and its consequences (:meth:`~ascx.analysis.report.DiagnosticList.add`)."""
        if self.reporting:
            self.diagnostics.add("error", rule, op, message, notes, partner, cause=cause, caused_by=caused_by)

    def warn(
        self,
        rule: str,
        op: Operation,
        message: str,
        notes: Iterable[Note] = (),
        partner: object = None,
        *,
        cause: object = None,
        caused_by: object = None,
    ) -> None:
        """Report a warning of ``rule`` at ``op`` (when the engine is reporting)."""
        if self.reporting:
            self.diagnostics.add("warning", rule, op, message, notes, partner, cause=cause, caused_by=caused_by)
