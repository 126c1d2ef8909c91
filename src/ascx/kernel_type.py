"""The kinds of kernel: the cores a kernel is built for and launched on.

A module of its own, with no xDSL in it, so that a kernel loaded from the disk cache has its kind
without the dialect (``ascx.dialects.ascendc`` re-exports it and wraps it as ``KernelTypeAttr``).
"""

from __future__ import annotations

from ascx.enums import IrEnum


class KernelType(IrEnum):
    """The cores a kernel runs on: CANN's ``KERNEL_TYPE_*`` with pyasc's numbering.  It is also pyasc's
    ``asc.runtime.config.KernelType``, which ``@asc.jit(kernel_type=...)`` takes and
    ``CompiledKernel.kernel_type`` holds.  ascx builds the five of :meth:`in_ir` (the IR's kernel types);
    the hard-sync MIX types and ``MIX_AIC_1_0`` are pyasc's names only."""

    AIV_ONLY = 0
    AIC_ONLY = 1
    MIX_AIV_HARD_SYNC = 2
    MIX_AIC_HARD_SYNC = 3
    MIX_AIV_1_0 = 4
    """Vector cores only, as a MIX kernel (what CANN's hard ``SyncAll`` needs in a vector kernel)."""
    MIX_AIC_1_0 = 5
    MIX_AIC_1_1 = 6
    """One AIC and one AIV per block."""
    MIX_AIC_1_2 = 7

    def __str__(self) -> str:
        """``MIX_AIC_1_2``: what ``print(compiled.kernel_type)`` shows (an ``IntEnum`` would show ``7``)."""
        return self.name

    @classmethod
    def in_ir(cls) -> tuple[KernelType, ...]:
        """The kernel types ascx builds."""
        return (cls.AIV_ONLY, cls.AIC_ONLY, cls.MIX_AIV_1_0, cls.MIX_AIC_1_1, cls.MIX_AIC_1_2)

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
    def toolchain_defines(self) -> tuple[str, ...]:
        """The macros CANN's toolchain defines when it compiles a kernel of this type (asc-devkit's
        ``compile_op.py`` and pyasc's ``compiler.py``): ``-D__MIX_CORE_AIC_RATION__=1`` for ``MIX_AIC_1_1``, from
        which CANN's KFC code takes how many AIVs a block's AIC serves (``MIX_NUM``, else 2).  Built with 2, a 1:1
        block's AIC stops only when the one AIV's quit message says it is alone, in a field the AIV stores after
        the message's head (docs/emulation.md#the-mix_aic_1_1-hang)."""
        return ("-D__MIX_CORE_AIC_RATION__=1",) if self is KernelType.MIX_AIC_1_1 else ()

    @property
    def declared(self) -> bool:
        """Whether the printed kernel declares its type with ``KERNEL_TASK_TYPE_DEFAULT``: CANN infers
        ``AIV_ONLY``, ``AIC_ONLY`` and ``MIX_AIC_1_2`` from the code, not these."""
        return self in (KernelType.MIX_AIC_1_1, KernelType.MIX_AIV_1_0)
