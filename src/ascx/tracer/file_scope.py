"""Ops a kernel's API calls make that belong before the kernel function: ``#include``s an API needs
(``ascendc.include``) and file-scope verbatim C++ (``asc.inline(..., before_function=True)``).  The
tracer moves them out of the kernel body into the module, in the order they were made (one
``#include`` per header)."""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.ir import Operation

from ascx.dialects.ascendc import IncludeOp
from ascx.dialects.ascendc.array_ops import VerbatimOp


def hoist_file_scope(kernel: func.FuncOp) -> list[Operation]:
    """Detach the file-scope ops of ``kernel`` and return them, to precede it in the module."""
    hoisted: list[Operation] = []
    headers: set[str] = set()
    for op in list(kernel.walk()):
        if isinstance(op, IncludeOp) or (isinstance(op, VerbatimOp) and op.file_scope is not None):
            op.detach()
            if isinstance(op, IncludeOp):
                if op.header.data in headers:
                    continue
                headers.add(op.header.data)
            hoisted.append(op)
    return hoisted
