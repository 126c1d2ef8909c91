"""Where inserted ops went, in words a diagnostic can say (docs/passes/insert-sync.md#matmul-waits):
``before line 21 (`asc.data_copy(cl, c_gm, 256)`)``, ``at the end of the body of the loop at line 12
(`for i in range(n):`)``, ``before the kernel returns``.

The position is read from the IR after the insertion, from the locations of the neighbouring ops, so it
is where the ops are and not where a repair meant them to go.
"""

from __future__ import annotations

import io
import tokenize
from collections.abc import Sequence

from xdsl.dialects import func, scf
from xdsl.ir import Operation
from xdsl.traits import IsTerminator

from ascx.analysis.inserted import is_inserted
from ascx.analysis.report import at, source_text
from ascx.analysis.spelling import python_call
from ascx.errors import SourceLocation


def inserted_where(inserted: Sequence[Operation], relative_to: SourceLocation | None = None) -> str:
    """Where ``inserted`` (consecutive ops of one block, in order) sit: before the next op of the kernel's
    own (skipping other inserted ops and unlocated helpers such as constants), else at the end of their
    block.  A line is named by its number (by ``file:line`` when it is in another file than
    ``relative_to``) and its source text (the op's Python call when the source is not available)."""
    following = inserted[-1].next_op
    while following is not None and (is_inserted(following) or _helper(following)):
        following = following.next_op
    if following is not None and not following.has_trait(IsTerminator):
        return f"before {_line(following, relative_to)}"
    owner = inserted[-1].parent_op()
    match owner:
        case func.FuncOp():
            return "before the kernel returns"
        case scf.ForOp() | scf.WhileOp():
            return f"at the end of the body of the loop{_at_line(owner, relative_to)}"
        case scf.IfOp():
            arm = "`if`" if inserted[-1].parent_region() is owner.true_region else "`else`"
            return f"at the end of the {arm} branch of the `if`{_at_line(owner, relative_to)}"
        case _:
            return "at the end of its block"


def _helper(op: Operation) -> bool:
    """An op without a location that no Python call built (a constant, an index computation)."""
    return at(op) is None and not op.name.startswith("ascendc.") and not op.regions


def _at_line(op: Operation, relative_to: SourceLocation | None) -> str:
    return f" at {_line(op, relative_to)}" if at(op) is not None else ""


def _line(op: Operation, relative_to: SourceLocation | None) -> str:
    """``line 21 (`asc.data_copy(cl, c_gm, 256)`)``: the line of ``op`` and its source text; the op's
    Python call (```asc.abs```) when it has no location."""
    location = at(op)
    if location is None:
        return f"`{python_call(op)}`"
    name = f"line {location.line}" if relative_to is not None and relative_to.file == location.file else None
    name = name or f"{location.file}:{location.line}"
    text = _without_comment(source_text(location))
    if text:
        return f"{name} (`{text}`)"
    return f"{name} (`{python_call(op)}`)" if op.name.startswith("ascendc.") else name


def _without_comment(line: str) -> str:
    """``line`` without a trailing ``# comment`` (a line that does not tokenize on its own is kept whole)."""
    try:
        for token in tokenize.generate_tokens(io.StringIO(line).readline):
            if token.type == tokenize.COMMENT:
                return line[: token.start[1]].rstrip()
    except (tokenize.TokenError, SyntaxError):
        pass
    return line
