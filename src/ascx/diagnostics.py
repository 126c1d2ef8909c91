"""Diagnostics on IR: an op's source location, and module verification that names the failing op."""

from __future__ import annotations

from xdsl.dialects.builtin import FileLineColLoc, ModuleOp, NameLoc
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import VerifyException

from ascx.errors import IRError, SourceLocation


def source_location(loc: Attribute) -> SourceLocation | None:
    """The Python (or IR file) location an op's ``location`` attribute points at."""
    match loc:
        case FileLineColLoc(filename=f, line=line, column=col):
            return SourceLocation(f.data, line.data, col.data or None)
        case NameLoc(location=inner):
            return source_location(inner)
        case _:
            return None


def op_error(op: Operation, message: str, *, hints: tuple[str, ...] = (), kind: str = "error") -> IRError:
    """An :class:`IRError` about ``op``, located at the op (or showing the op when it has no location)."""
    location = source_location(op.location)
    notes: list[str] = []
    if location is None:
        notes.append(f"in operation: {describe_op(op)}")
    return IRError(message, location, notes, list(hints), kind)


def describe_op(op: Operation) -> str:
    """A one-line rendering of ``op`` without its regions, for messages about unlocated IR."""
    operands = ", ".join(f"%{v.name_hint}" if v.name_hint else f"<{v.type}>" for v in op.operands)
    return f"{op.name}({operands})"


def verify_module(module: ModuleOp) -> None:
    """``module.verify()``, but the error names the innermost failing op and its source location."""
    try:
        module.verify()
    except VerifyException as whole:
        for op in module.walk(region_first=True):
            try:
                op.verify(verify_nested_ops=False)
            except VerifyException as exc:
                raise op_error(op, str(exc), kind="invalid-ir") from None
        raise IRError(str(whole), kind="invalid-ir") from None
