"""The kinds of kernel: the cores a kernel is built for and launched on.

A module of its own, with no xDSL in it, so that a kernel loaded from the disk cache has its kind
without the dialect (``ascx.dialects.ascendc`` re-exports it and wraps it as ``KernelTypeAttr``).
"""

from __future__ import annotations

from enum import auto

from xdsl.utils.str_enum import StrEnum


class KernelType(StrEnum):
    """How a kernel is built and launched: the cores it runs on (CANN's ``KERNEL_TYPE_*``)."""

    MIX_AIC_1_2 = auto()
    AIC_ONLY = auto()
    AIV_ONLY = auto()
    MIX_AIC_1_1 = auto()
    """One AIC and one AIV per block."""
    MIX_AIV_1_0 = auto()
    """Vector cores only, as a MIX kernel (what CANN's hard ``SyncAll`` needs in a vector kernel)."""

    @property
    def cann_name(self) -> str:
        """CANN's ``KernelMetaType`` enumerator: ``KERNEL_TYPE_MIX_AIC_1_1``."""
        return f"KERNEL_TYPE_{self.name}"

    @property
    def has_matmul_aic(self) -> bool:
        """A MIX kernel with a cube core per block that serves the vector cores' Matmul objects."""
        return self in (KernelType.MIX_AIC_1_2, KernelType.MIX_AIC_1_1)

    @property
    def aivs_per_block(self) -> int:
        """Vector cores per block (CANN's ``GetSubBlockNum()`` on the AIV); 0 for a cube-only kernel."""
        return {KernelType.MIX_AIC_1_2: 2, KernelType.AIC_ONLY: 0}.get(self, 1)

    @property
    def declared(self) -> bool:
        """Whether the printed kernel declares its type with ``KERNEL_TASK_TYPE_DEFAULT``: CANN infers
        ``AIV_ONLY``, ``AIC_ONLY`` and ``MIX_AIC_1_2`` from the code, not these."""
        return self in (KernelType.MIX_AIC_1_1, KernelType.MIX_AIV_1_0)
