"""What a compile does with the sync passes' diagnostics (docs/sync-model.md#diagnostics): errors fail it with
every diagnostic printed in source order; warnings are issued as :class:`AscxWarning` at their
source lines (with their columns and their excerpts); remarks only with ``sync_report=True``."""

from __future__ import annotations

import warnings

from ascx.analysis.report import Diagnostic, SyncError
from ascx.errors import AscxWarning
from ascx.language.core.builder import KernelOptions

UNCHECKED = "verify_sync=False: this kernel's synchronization is not verified"


def settle_sync_diagnostics(
    diagnostics: list[Diagnostic], options: KernelOptions, kernel_at: tuple[str, int] | None = None
) -> None:
    """Raise :class:`SyncError` for the failing diagnostics, or issue them as warnings; ``kernel_at`` (the
    kernel's file and first line) locates the warning that a kernel's synchronization is not verified."""
    shown = sorted((d for d in diagnostics if d.severity != "remark" or options.sync_report), key=Diagnostic.sort_key)
    failing = [d for d in shown if d.severity == "error" or (d.severity == "warning" and options.warnings_as_errors)]
    if failing:
        raise SyncError(shown)
    if not options.verify_sync:
        if kernel_at is not None:
            warnings.warn_explicit(UNCHECKED, AscxWarning, kernel_at[0], kernel_at[1])
        else:
            warnings.warn(UNCHECKED, AscxWarning, stacklevel=2)
    for diagnostic in shown:
        prefix = "remark: " if diagnostic.severity == "remark" else ""
        lines = [f"{prefix}{diagnostic.message} [{diagnostic.rule}]", *diagnostic.details()]
        location = diagnostic.location
        if location is not None:
            warning = AscxWarning("\n".join(lines), column=location.col)
            warnings.warn_explicit(warning, AscxWarning, location.file, location.line)
        else:
            warnings.warn("\n".join(lines), AscxWarning, stacklevel=2)
