"""``ascx-verify-matmul-sync``: the Matmul asynchronous protocol verifier (docs/passes/verify-matmul-sync.md).

The work is :func:`ascx.analysis.sync.verify_matmul_sync`'s (the MM rules, docs/rules/matmul.md); the pass
runs it on every kernel and publishes the diagnostics.  It never changes the IR.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp

from ascx.analysis.report import Diagnostic, publish
from ascx.analysis.sync import verify_matmul_sync
from ascx.passes.base import AscxPass

__all__ = ["VerifyMatmulSyncPass", "verify_matmul_sync"]


@dataclass(frozen=True)
class VerifyMatmulSyncPass(AscxPass):
    """Verify the Matmul async/wait protocol of every kernel; errors fail the pass."""

    name = "ascx-verify-matmul-sync"
    preserves_ir: ClassVar[bool] = True

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        found: list[Diagnostic] = []
        for kernel in op.body.block.ops:
            if isinstance(kernel, func.FuncOp) and kernel.body.blocks:
                found.extend(verify_matmul_sync(kernel))
        publish(found)
