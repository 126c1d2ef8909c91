"""The mark of an op ``ascx-insert-sync`` inserted (docs/passes/insert-sync.md#placement): the checkers read
it and the repairs write it, so it sits below both."""

from __future__ import annotations

from xdsl.ir import Operation

INSERTED_ATTR = "ascx.inserted"
"""The attribute on every op ``ascx-insert-sync`` inserted (a later run may move or remove only these)."""


def is_inserted(op: Operation) -> bool:
    """Whether ``ascx-insert-sync`` inserted ``op``."""
    return INSERTED_ATTR in op.attributes
