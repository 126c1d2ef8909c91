"""User-facing errors: one base class, a source location, and the ``file:line:col: error:`` rendering.

Every error a user can cause (bad kernel code, API misuse, bad IR) is an :class:`AscxError`
carrying a message, where it happened, and hints.  ``str(error)`` is the complete rendered
diagnostic, so command-line tools print it and nothing else.
"""

from __future__ import annotations

import linecache
from dataclasses import dataclass, field

from xdsl.utils.exceptions import DiagnosticException


@dataclass(frozen=True)
class SourceLocation:
    """A span of Python (or IR) source: 1-based line and 1-based character columns."""

    file: str
    line: int
    col: int | None = None
    end_line: int | None = None
    end_col: int | None = None
    """One past the last column of the span (exclusive), when known."""

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}" if self.col is not None else f"{self.file}:{self.line}"

    def excerpt(self) -> list[str]:
        """The source line with a caret run under the span, or nothing when the source is unavailable."""
        linecache.checkcache(self.file)
        text = linecache.getline(self.file, self.line).rstrip("\n")
        if not text:
            return []
        gutter = f"{self.line:>5} | "
        lines = [gutter + text]
        if self.col is not None:
            end = self.end_col if self.end_col is not None and self.end_line == self.line else None
            width = max(1, (end - self.col) if end is not None else 1)
            lines.append(" " * (len(gutter) - 2) + "| " + " " * (self.col - 1) + "^" * width)
        return lines


@dataclass(eq=False)
class AscxError(DiagnosticException):
    """An error the user can cause and fix.  ``str()`` renders it completely."""

    message: str
    location: SourceLocation | None = None
    notes: list[str] = field(default_factory=list[str])
    hints: list[str] = field(default_factory=list[str])
    kind: str = "error"
    """A stable identifier of the kind of problem, e.g. ``unsupported-construct``."""

    def __post_init__(self) -> None:
        super().__init__(self.message)

    def __str__(self) -> str:
        where = f"{self.location}: " if self.location is not None else ""
        lines = [f"{where}error: {self.message}"]
        if self.location is not None:
            lines.extend(self.location.excerpt())
        lines.extend(f"note: {note}" for note in self.notes)
        lines.extend(f"hint: {hint}" for hint in self.hints)
        return "\n".join(lines)


class KernelError(AscxError):
    """An error in a kernel's Python source, found while tracing it."""


class IRError(AscxError):
    """An error in IR: a failed verification or a rule a pass enforces, located at the op."""


class AscxWarning(UserWarning):
    """A warning about a kernel that compiles but may not do what its author meant.

    Python's warnings carry a file and a line; a warning issued as an instance may also carry the column
    (``AscxWarning(text, column=5)``), which ``ascx compile`` prints as ``file:line:col: warning: ...``."""

    def __init__(self, *args: object, column: int | None = None) -> None:
        super().__init__(*args)
        self.column = column
