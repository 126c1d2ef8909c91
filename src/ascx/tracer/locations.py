"""Source locations of traced instructions: 1-based character columns, cached per position."""

from __future__ import annotations

import linecache

from xdsl.dialects.builtin import FileLineColLoc, IntAttr, StringAttr

from ascx.errors import SourceLocation
from ascx.tracer.decode import Position


def _char_column(filename: str, line: int, byte_col: int) -> int:
    """The 0-based character column of a 0-based UTF-8 byte offset on ``line`` of ``filename``."""
    text = linecache.getline(filename, line)
    if not text:
        return byte_col
    return len(text.encode("utf-8")[:byte_col].decode("utf-8", errors="replace"))


class Locator:
    """Converts instruction positions of one file into ``SourceLocation`` and ``FileLineColLoc``."""

    def __init__(self, filename: str):
        self.filename = filename
        self._source: dict[Position, SourceLocation] = {}
        self._ir: dict[Position, FileLineColLoc] = {}

    def source(self, pos: Position) -> SourceLocation:
        if (cached := self._source.get(pos)) is not None:
            return cached
        col = end_col = None
        if pos.col is not None:
            col = _char_column(self.filename, pos.line, pos.col) + 1
        if pos.end_col is not None and pos.end_line is not None:
            end_col = _char_column(self.filename, pos.end_line, pos.end_col) + 1
        loc = SourceLocation(self.filename, pos.line, col, pos.end_line, end_col)
        self._source[pos] = loc
        return loc

    def text_at(self, pos: Position) -> str:
        """The source text from ``pos`` to the end of its line ("" when the source is unavailable)."""
        text = linecache.getline(self.filename, pos.line)
        if not text or pos.col is None:
            return ""
        return text.encode("utf-8")[pos.col :].decode("utf-8", errors="replace").strip()

    def ir(self, pos: Position) -> FileLineColLoc:
        if (cached := self._ir.get(pos)) is not None:
            return cached
        src = self.source(pos)
        loc = FileLineColLoc(StringAttr(self.filename), IntAttr(src.line), IntAttr(src.col or 0))
        self._ir[pos] = loc
        return loc


_locators: dict[str, Locator] = {}


def locator(filename: str) -> Locator:
    """The shared locator of ``filename``."""
    if (cached := _locators.get(filename)) is None:
        cached = _locators[filename] = Locator(filename)
    return cached
