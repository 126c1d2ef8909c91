"""``ascx-kernel-type``: decide how each kernel is built and launched, and record it in the IR."""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp

from ascx.dialects.ascendc import KernelType, KernelTypeAttr, RegisterMatmulOp, SyncAllOp
from ascx.dialects.ascendc.kernel_attrs import CUBE_ONLY_ATTR, KERNEL_ATTR, KERNEL_TYPE_ATTR
from ascx.passes.base import AscxPass


def is_hard_sync_all(op: object) -> bool:
    """Whether ``op`` is the hardware ``SyncAll()`` (no workspaces): CANN's SyncAll page requires a
    pure vector kernel that uses it to be ``KERNEL_TYPE_MIX_AIV_1_0``."""
    return isinstance(op, SyncAllOp) and op.gm_workspace is None


def decide_kernel_type(kernel: func.FuncOp) -> KernelType:
    """``AIC_ONLY`` for ``matmul_cube_only`` kernels, ``MIX_AIC_1_2`` for kernels that register a
    Matmul; a vector kernel is ``MIX_AIV_1_0`` when it calls the hardware ``sync_all()`` (CANN's SyncAll
    page), ``AIV_ONLY`` otherwise (docs/matmul-protocol.md#kernel-modes).
    """
    if CUBE_ONLY_ATTR in kernel.attributes:
        return KernelType.AIC_ONLY
    ops = list(kernel.walk())
    if any(isinstance(op, RegisterMatmulOp) for op in ops):
        return KernelType.MIX_AIC_1_2
    if any(is_hard_sync_all(op) for op in ops):
        return KernelType.MIX_AIV_1_0
    return KernelType.AIV_ONLY


@dataclass(frozen=True)
class KernelTypePass(AscxPass):
    """Record ``ascendc.kernel_type`` on every kernel ``func.func`` (those marked ``ascendc.kernel``).

    A kernel type already in the IR is kept: the pass only fills in missing decisions, so it is
    idempotent and a type chosen by hand in an ``.mlir`` file wins.
    """

    name = "ascx-kernel-type"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for kernel in op.body.block.ops:
            if isinstance(kernel, func.FuncOp) and KERNEL_ATTR in kernel.attributes:
                if KERNEL_TYPE_ATTR not in kernel.attributes:
                    kernel.attributes[KERNEL_TYPE_ATTR] = KernelTypeAttr(decide_kernel_type(kernel))
