"""The kinds of kernel: the cores a kernel is built for and launched on.

A module of its own, with no xDSL in it, so that a kernel loaded from the disk cache has its kind
without the dialect (``ascx.dialects.ascendc`` re-exports it and wraps it as ``KernelTypeAttr``).
"""

from __future__ import annotations

from enum import auto

from xdsl.utils.str_enum import StrEnum


class KernelType(StrEnum):
    """How a kernel is built and launched: the cores it runs on."""

    MIX_AIC_1_2 = auto()
    AIC_ONLY = auto()
    AIV_ONLY = auto()
