"""Enumerations of the ``ascendc`` dialect: IR spellings are lower case, C++ spellings upper case.

``TPosition``, ``CubeFormat``, ``LayoutMode``, ``MatmulPolicy`` and ``Pipe`` are the kernel API's enums,
defined once in ``ascx.enums``; their attributes are ``IrEnumAttribute``s (``enum_attr``).
"""

from __future__ import annotations

from xdsl.ir import (
    SpacedOpaqueSyntaxAttribute,
)
from xdsl.irdl import (
    irdl_attr_definition,
)

from ascx.dialects.ascendc.enum_attr import IrEnumAttribute
from ascx.enums import (
    CubeFormat as CubeFormat,
    LayoutMode as LayoutMode,
    MatmulPolicy as MatmulPolicy,
    PipeID as PipeID,
    TPosition as TPosition,
)
from ascx.kernel_type import KernelType as KernelType

Pipe = PipeID
"""A hardware pipe (``pipe_t``): the dialect's name for the kernel API's ``PipeID``."""


@irdl_attr_definition
class TPositionAttr(IrEnumAttribute[TPosition], SpacedOpaqueSyntaxAttribute):
    """A ``TPosition``; prints as ``#ascendc<position gm>``."""

    name = "ascendc.position"


@irdl_attr_definition
class CubeFormatAttr(IrEnumAttribute[CubeFormat], SpacedOpaqueSyntaxAttribute):
    """A ``CubeFormat``; prints as ``#ascendc<format nd>``."""

    name = "ascendc.format"


@irdl_attr_definition
class LayoutModeAttr(IrEnumAttribute[LayoutMode], SpacedOpaqueSyntaxAttribute):
    """A ``LayoutMode``; prints as ``#ascendc<layout none>``."""

    name = "ascendc.layout"


@irdl_attr_definition
class MatmulPolicyAttr(IrEnumAttribute[MatmulPolicy], SpacedOpaqueSyntaxAttribute):
    """A Matmul policy; prints as ``#ascendc<policy TrianUpperMatmulPolicy>``."""

    name = "ascendc.policy"


@irdl_attr_definition
class KernelTypeAttr(IrEnumAttribute[KernelType], SpacedOpaqueSyntaxAttribute):
    """The kernel type decided by ``ascx-kernel-type``; prints as ``#ascendc<kernel_type mix_aic_1_2>``."""

    name = "ascendc.kernel_type"


@irdl_attr_definition
class PipeAttr(IrEnumAttribute[Pipe], SpacedOpaqueSyntaxAttribute):
    """A hardware pipe; prints as ``#ascendc<hw_pipe pipe_mte3>``."""

    name = "ascendc.hw_pipe"


__all__ = [
    "CubeFormat",
    "CubeFormatAttr",
    "KernelType",
    "KernelTypeAttr",
    "LayoutMode",
    "LayoutModeAttr",
    "MatmulPolicy",
    "MatmulPolicyAttr",
    "Pipe",
    "PipeAttr",
    "TPosition",
    "TPositionAttr",
]
