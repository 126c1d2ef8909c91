"""``ascx-insert-sync``: insert the synchronization a kernel is missing (docs/passes/insert-sync.md).

The work is :func:`ascx.analysis.sync.insert_sync`'s (docs/passes/insert-sync.md): first the Matmul waits, then
the pipe-level flags, barriers and queue hand-offs (``matmul_only=true`` stops after the waits).  The
pass checks its options, runs it on every kernel and publishes what was inserted: a warning at each
asynchronous start that needed a wait and, with ``report=true``, a remark at every inserted op.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.exceptions import PassFailedException

from ascx.analysis.inserted import INSERTED_ATTR
from ascx.analysis.insertion.pipe_sync import InsertionOptions
from ascx.analysis.pipe.state import PipeSyncOptions
from ascx.analysis.report import Diagnostic, publish
from ascx.analysis.sync import insert_sync
from ascx.passes.base import AscxPass

__all__ = ["INSERTED_ATTR", "InsertSyncPass", "insert_sync"]


@dataclass(frozen=True)
class InsertSyncPass(AscxPass):
    """Insert missing synchronization; ``report=true`` lists every inserted op as a remark."""

    name = "ascx-insert-sync"

    report: bool = False
    event_ids: str = "auto"
    final_barrier: str = "auto"
    matmul_only: bool = False
    """Insert only the Matmul waits, no pipe-level sync."""
    strict_same_pipe: bool = False
    alias: str = "conservative"
    assume_gm_args_noalias: bool = True

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.event_ids not in ("auto", "const", "alloc", "fetch"):
            raise PassFailedException(f'event_ids must be "auto", "const", "alloc" or "fetch", got {self.event_ids!r}')
        if self.final_barrier not in ("auto", "always", "never"):
            raise PassFailedException(f'final_barrier must be "auto", "always" or "never", got {self.final_barrier!r}')
        if self.alias not in ("conservative", "assume_disjoint"):
            raise PassFailedException(f'alias must be "conservative" or "assume_disjoint", got {self.alias!r}')
        options = InsertionOptions(
            event_ids=self.event_ids,
            final_barrier=self.final_barrier,
            alias=self.alias,
            analysis=PipeSyncOptions(self.strict_same_pipe, self.assume_gm_args_noalias),
        )
        found: list[Diagnostic] = []
        for kernel in op.body.block.ops:
            if isinstance(kernel, func.FuncOp) and kernel.body.blocks:
                found.extend(insert_sync(kernel, options, matmul_only=self.matmul_only))
        publish(found, report=self.report)
