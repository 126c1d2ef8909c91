"""The shape of ``with mm.iterate()`` loops (docs/rules/matmul.md): MM-11 (each step's block fetched
exactly once) and MM-29 (the loop form of asynchronous iteration).  Structural checks of the loop a
``with`` builds, made once per kernel after the protocol analysis."""

from __future__ import annotations

from xdsl.dialects import func, scf
from xdsl.ir import Block, Operation

from ascx.analysis.report import DiagnosticList
from ascx.analysis.spelling import matmul_call, value_name
from ascx.dialects.ascendc.traits import MatmulAsyncStart, MatmulMethod, MatmulRole, is_async_call, tensor_accesses


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
