"""``ascx-verify-matmul-sync``: the Matmul asynchronous protocol verifier (sync-model spec §2.1).

For each kernel function it runs :class:`~ascx.analysis.matmul_protocol.MatmulProtocolAnalysis`
and two structural checks of ``with mm.iterate()`` loops (the fetch count MM-11 and the loop form
of asynchronous iteration MM-29), then publishes the diagnostics.  The pass never changes the IR.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation
from xdsl.passes import ModulePass

from ascx.analysis.matmul_protocol import MatmulProtocolAnalysis
from ascx.analysis.report import Diagnostic, DiagnosticList, publish
from ascx.analysis.reuse import recall
from ascx.analysis.spelling import matmul_call, value_name
from ascx.dialects.ascendc.traits import MatmulAsyncStart, MatmulMethod, MatmulRole, is_async_call, tensor_accesses


def verify_matmul_sync(kernel: func.FuncOp) -> list[Diagnostic]:
    """Every Matmul protocol diagnostic of ``kernel``, in source order."""
    found = recall("matmul-sync", None, kernel)
    if isinstance(found, DiagnosticList):  # ascx-insert-sync's last analysis, and nothing it looks at changed
        diagnostics = found.copy()
    else:
        analysis = MatmulProtocolAnalysis(kernel)
        analysis.run()
        diagnostics = analysis.diagnostics
    check_iterate_loops(kernel, diagnostics)
    return diagnostics.sorted()


def _iterate_of(loop: scf.WhileOp) -> Operation | None:
    for op in loop.before_region.block.ops:
        start = op.get_trait(MatmulAsyncStart)
        if start is not None and start.kind == "iterate":
            return op
    return None


def _fetch_range(block: Block, matmul: object) -> tuple[int, float]:
    """The fewest and most fetches (``get_tensor_c`` on ``matmul``) one pass through ``block`` makes."""
    low, high = 0, 0.0
    for op in block.ops:
        if isinstance(op, scf.IfOp):
            then_low, then_high = _fetch_range(op.true_region.block, matmul)
            if op.false_region.blocks:
                else_low, else_high = _fetch_range(op.false_region.block, matmul)
            else:
                else_low, else_high = 0, 0.0
            low += min(then_low, else_low)
            high += max(then_high, else_high)
        elif isinstance(op, scf.ForOp | scf.WhileOp):
            inner = [_fetch_range(region.block, matmul) for region in op.regions if region.blocks]
            if any(h > 0 for _, h in inner):
                high = float("inf")
        else:
            method = op.get_trait(MatmulMethod)
            if method is not None and method.role is MatmulRole.FETCH and op.operands[0] is matmul:
                low += 1
                high += 1
    return low, high


def check_iterate_loops(kernel: func.FuncOp, diagnostics: DiagnosticList) -> None:
    """MM-11 (one fetch per ``with mm.iterate()`` step) and MM-29 (the asynchronous loop form)."""
    for loop in kernel.walk():
        if not isinstance(loop, scf.WhileOp):
            continue
        iterate = _iterate_of(loop)
        if iterate is None:
            continue
        mm = iterate.operands[0]
        name = value_name(mm, "mm")
        call = matmul_call(iterate)
        if is_async_call(iterate):
            diagnostics.add(
                "warning",
                "MM-29",
                iterate,
                f"`with {call}(sync=False)` calls Iterate<false> once per block; Ascend C documents one "
                "Iterate<false>() followed by one GetTensorC<false> per block",
            )
        if tensor_accesses(iterate)[1]:
            continue  # Iterate(local_c_matrix) writes each block itself: nothing to fetch
        low, high = _fetch_range(loop.after_region.block, mm)
        if high == 0:
            diagnostics.add("error", "MM-11", iterate, f"the block produced by each `{call}()` step is never fetched")
        elif high > 1:
            count = "more than once" if high == float("inf") else f"{int(high)} times"
            diagnostics.add(
                "error",
                "MM-11",
                iterate,
                f"`{name}.get_tensor_c` is called {count} in one `{call}()` step; each step produces one block",
            )
        elif low == 0:
            diagnostics.add(
                "warning", "MM-11", iterate, f"some paths through this `{call}()` step do not fetch its block"
            )


@dataclass(frozen=True)
class VerifyMatmulSyncPass(ModulePass):
    """Verify the Matmul async/wait protocol of every kernel; errors fail the pass (spec §2.1)."""

    name = "ascx-verify-matmul-sync"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        found: list[Diagnostic] = []
        for kernel in op.body.block.ops:
            if isinstance(kernel, func.FuncOp) and kernel.body.blocks:
                found.extend(verify_matmul_sync(kernel))
        publish(found)
