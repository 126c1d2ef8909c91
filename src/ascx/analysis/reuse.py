"""Hand-over of analysis results from ``ascx-insert-sync`` to the verifiers that run right after it.

``ascx-insert-sync`` ends with an analysis of the IR it leaves behind, and in the compile pipeline
``ascx-verify-matmul-sync`` and ``ascx-verify-pipe-sync`` run next on exactly that IR: they take the
result instead of computing it again.  Results are handed over only inside :func:`handing_over`,
which the compile driver opens around its pipeline; it calls :func:`forget_all` before every pass that
does not declare ``preserves_ir`` (``ascx.passes.base.AscxPass``).  Outside it (``ascx-opt``, library
use) every pass analyses for itself.
"""

from __future__ import annotations

from collections.abc import Generator
from contextlib import contextmanager
from contextvars import ContextVar

from xdsl.dialects import func

_results: ContextVar[dict[tuple[str, object, int], object] | None] = ContextVar("ascx_sync_results", default=None)


@contextmanager
def handing_over() -> Generator[None]:
    token = _results.set({})
    try:
        yield
    finally:
        _results.reset(token)


def forget_all() -> None:
    """Drop every result (a pass that may change the IR is about to run)."""
    results = _results.get()
    if results is not None:
        results.clear()


def remember(kind: str, key: object, kernel: func.FuncOp, result: object) -> None:
    """Hand ``result`` of analysis ``kind`` (with options ``key``) of ``kernel`` to the next pass."""
    results = _results.get()
    if results is not None:
        results[(kind, key, id(kernel))] = result


def recall(kind: str, key: object, kernel: func.FuncOp) -> object | None:
    """The result handed over for ``kernel``, if any (once)."""
    results = _results.get()
    return results.pop((kind, key, id(kernel)), None) if results is not None else None
