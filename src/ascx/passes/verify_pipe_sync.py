"""``ascx-verify-pipe-sync``: the intra-core pipe synchronization and TQue protocol verifier
(docs/passes/verify-pipe-sync.md).

The work is :func:`ascx.analysis.sync.verify_pipe_sync`'s (flags FL, the TQue protocol TQ, hazards HZ,
atomics AT and the cross-core and inter-block lints XC; docs/rules/); the pass runs it on every kernel
and publishes the diagnostics.  It never changes the IR.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp

from ascx.analysis.pipe.state import PipeSyncOptions
from ascx.analysis.report import Diagnostic, publish
from ascx.analysis.sync import verify_pipe_sync
from ascx.passes.base import AscxPass

__all__ = ["VerifyPipeSyncPass", "verify_pipe_sync"]


@dataclass(frozen=True)
class VerifyPipeSyncPass(AscxPass):
    """Verify flags, barriers, the TQue protocol and cross-pipe hazards of every kernel."""

    name = "ascx-verify-pipe-sync"
    preserves_ir: ClassVar[bool] = True

    strict_same_pipe: bool = False
    assume_gm_args_noalias: bool = True
    sync_lints: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        options = PipeSyncOptions(self.strict_same_pipe, self.assume_gm_args_noalias, self.sync_lints)
        found: list[Diagnostic] = []
        for kernel in op.body.block.ops:
            if isinstance(kernel, func.FuncOp) and kernel.body.blocks:
                found.extend(verify_pipe_sync(kernel, options))
        publish(found)
