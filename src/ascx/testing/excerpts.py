"""Rendered diagnostics without their source excerpts, for tests about what a diagnostic says (its location,
message, rule and notes) rather than how its source line is shown (``tests/passes/test_sync_excerpts.py``)."""

from __future__ import annotations

import re

_EXCERPT = re.compile(r"^ +(\d+ )?\| ")
"""A line of an excerpt: ``   13 |     asc.abs(zl, xl, 256)`` or its caret line ``      |     ^``."""


def without_excerpts(text: str) -> list[str]:
    """The lines of rendered diagnostics (``str(error)``, a warning's message) without the excerpt lines."""
    return [line for line in text.splitlines() if not _EXCERPT.match(line)]
