"""Parsing IR files for ``ascx-opt``: ops without a ``loc(...)`` are located where they stand in the
file (as MLIR's parser does), and parse errors render as ``file:line:col: error: message``."""

from __future__ import annotations

from typing import Any

from xdsl.context import Context
from xdsl.dialects.builtin import FileLineColLoc, IntAttr, StringAttr, UnknownLoc, UnregisteredAttr
from xdsl.ir import Data, Operation, ParametrizedAttribute
from xdsl.parser import Parser
from xdsl.utils.exceptions import MultipleSpansParseError, ParseError, VerifyException
from xdsl.utils.lexer import Position, Span


class LocatingParser(Parser):
    """A parser that gives every op parsed without a location the file position of its first token
    (``line_offset``: the lines before this chunk of a ``--split-input-file`` input)."""

    def __init__(self, ctx: Context, text: str, name: str, line_offset: int = 0):
        super().__init__(ctx, text, name)
        self.line_offset = line_offset

    def parse_operation(self) -> Operation:
        start = self._current_token.span
        where = start.get_location()
        try:
            op = super().parse_operation()
        except (VerifyException, ValueError) as exc:  # an op's constructor or an attribute rejected its input
            self.raise_error(f"invalid operation: {exc}", start.start, self.pos)
        if isinstance(op.location, UnknownLoc):
            line = IntAttr(where.line + self.line_offset)
            op.location = FileLineColLoc(StringAttr(where.file), line, IntAttr(where.col))
        return op

    def _parse_dialect_type_or_attribute_body(
        self, attr_name: str, is_type: bool, is_opaque: bool, starting_opaque_pos: Position | None
    ) -> UnregisteredAttr | ParametrizedAttribute | Data[Any]:
        """xDSL builds a parametrized attribute from whatever parameters it parsed: too few or too many
        is a ``ValueError``, a parameter of the wrong kind a ``VerifyException``.  Both are parse errors
        at the attribute."""
        start = self.pos
        try:
            return super()._parse_dialect_type_or_attribute_body(attr_name, is_type, is_opaque, starting_opaque_pos)
        except VerifyException as exc:
            kind = "type" if is_type else "attribute"
            self.raise_error(f"invalid {kind} '{attr_name}': {exc}", start, self.pos)
        except ValueError:
            definition = self.ctx.get_optional_type(attr_name) if is_type else self.ctx.get_optional_attr(attr_name)
            if definition is None or not issubclass(definition, ParametrizedAttribute):
                raise
            count = len(definition.get_irdl_definition().parameters)
            self.raise_error(f"'{attr_name}' takes {count} parameter{'' if count == 1 else 's'}", start, self.pos)


def _excerpt(span: Span[str] | Span[bytes]) -> list[str]:
    """The source lines of ``span`` with carets under it, in the gutter style of Python errors
    (``ascx.errors.SourceLocation.excerpt``)."""
    context = span.print_with_context().split("\n")[1:]
    first = span.get_location().line
    out: list[str] = []
    for index in range(0, len(context) - 1, 2):
        text, carets = context[index], context[index + 1]
        out.append(f"{first + index // 2:>5} | {text}")
        if carets.strip():
            out.append(f"      | {carets}")
    return out


def render_parse_error(error: ParseError) -> str:
    """``file:line:col: error: message``, the source line with carets, and any related spans as notes."""
    lines = [f"{error.span.get_location()}: error: {error.msg}", *_excerpt(error.span)]
    if isinstance(error, MultipleSpansParseError):
        if error.ref_text:
            lines.append(f"note: {error.ref_text.strip()}")
        for span, message in error.refs:
            lines.append(f"{span.get_location()}: note: {message or ''}".rstrip())
            lines.extend(_excerpt(span))
    return "\n".join(lines) + "\n"
