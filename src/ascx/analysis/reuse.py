"""Reuse of an analysis result on IR that has not changed since it was computed.

``ascx-insert-sync`` ends with an analysis of the IR it leaves behind; in the default pipeline
``ascx-verify-pipe-sync`` runs next on exactly that IR, so it can take the result instead of
computing it again.  A result is kept together with a fingerprint of the kernel (every op with its
operands, properties and attributes, by identity) and is only handed out while the fingerprint
still matches, so a pass that changes anything in between makes the verifier analyse afresh.
"""

from __future__ import annotations

from xdsl.dialects import func

Fingerprint = tuple[tuple[int, ...], ...]

_results: dict[tuple[str, object], tuple[Fingerprint, object]] = {}
_KEEP = 8
"""Results kept at once (a compile uses one; the bound keeps the table from growing)."""


def fingerprint(kernel: func.FuncOp) -> Fingerprint:
    return tuple(
        (
            id(op),
            *map(id, op.operands),
            *map(id, op.properties.values()),
            *map(id, op.attributes.values()),
        )
        for op in kernel.walk()
    )


def remember(kind: str, key: object, kernel: func.FuncOp, result: object) -> None:
    """Keep ``result`` of analysis ``kind`` (with options ``key``) for ``kernel`` as it is now."""
    if len(_results) >= _KEEP:
        _results.pop(next(iter(_results)))
    _results[(kind, key)] = (fingerprint(kernel), result)


def recall(kind: str, key: object, kernel: func.FuncOp) -> object | None:
    """The result remembered for ``kernel`` if the kernel has not changed since; it is handed out once."""
    found = _results.pop((kind, key), None)
    if found is None or found[0] != fingerprint(kernel):
        return None
    return found[1]
