"""Enumerations of the ``ascendc`` dialect: IR spellings are lower case, C++ spellings upper case."""

from __future__ import annotations

from enum import auto

from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import (
    SpacedOpaqueSyntaxAttribute,
)
from xdsl.irdl import (
    irdl_attr_definition,
)
from xdsl.utils.str_enum import StrEnum

from ascx.kernel_type import KernelType as KernelType


class TPosition(StrEnum):
    """Where a tensor lives (``AscendC::TPosition``)."""

    GM = auto()
    A1 = auto()
    A2 = auto()
    B1 = auto()
    B2 = auto()
    C1 = auto()
    C2 = auto()
    CO1 = auto()
    CO2 = auto()
    VECIN = auto()
    VECOUT = auto()
    VECCALC = auto()
    TSCM = auto()


class CubeFormat(StrEnum):
    """Matrix storage format (``CubeFormat``)."""

    ND = auto()
    NZ = auto()
    ZN = auto()
    ZZ = auto()
    NN = auto()
    ND_ALIGN = auto()
    SCALAR = auto()
    VECTOR = auto()


class LayoutMode(StrEnum):
    """Batch layout of a Matmul operand (``LayoutMode``)."""

    NONE = auto()
    NORMAL = auto()
    BSNGD = auto()
    SBNGD = auto()
    BNGS1S2 = auto()


class MatmulPolicy(StrEnum):
    """The Matmul policy template (``AscendC::Impl::Detail::<Name>``)."""

    MATMUL_POLICY = "MatmulPolicy"
    TRIAN_UPPER = "TrianUpperMatmulPolicy"
    TRIAN_LOWER = "TrianLowerMatmulPolicy"
    NBUFFER33 = "NBuffer33MatmulPolicy"


class Pipe(StrEnum):
    """A hardware pipe (``pipe_t``)."""

    PIPE_S = auto()
    PIPE_V = auto()
    PIPE_M = auto()
    PIPE_MTE1 = auto()
    PIPE_MTE2 = auto()
    PIPE_MTE3 = auto()
    PIPE_ALL = auto()
    PIPE_MTE4 = auto()
    PIPE_MTE5 = auto()
    PIPE_V2 = auto()
    PIPE_FIX = auto()


@irdl_attr_definition
class TPositionAttr(EnumAttribute[TPosition], SpacedOpaqueSyntaxAttribute):
    """A ``TPosition``; prints as ``#ascendc<position gm>``."""

    name = "ascendc.position"


@irdl_attr_definition
class CubeFormatAttr(EnumAttribute[CubeFormat], SpacedOpaqueSyntaxAttribute):
    """A ``CubeFormat``; prints as ``#ascendc<format nd>``."""

    name = "ascendc.format"


@irdl_attr_definition
class LayoutModeAttr(EnumAttribute[LayoutMode], SpacedOpaqueSyntaxAttribute):
    """A ``LayoutMode``; prints as ``#ascendc<layout none>``."""

    name = "ascendc.layout"


@irdl_attr_definition
class MatmulPolicyAttr(EnumAttribute[MatmulPolicy], SpacedOpaqueSyntaxAttribute):
    """A Matmul policy; prints as ``#ascendc<policy TrianUpperMatmulPolicy>``."""

    name = "ascendc.policy"


@irdl_attr_definition
class KernelTypeAttr(EnumAttribute[KernelType], SpacedOpaqueSyntaxAttribute):
    """The kernel type decided by ``ascx-kernel-type``; prints as ``#ascendc<kernel_type mix_aic_1_2>``."""

    name = "ascendc.kernel_type"


@irdl_attr_definition
class PipeAttr(EnumAttribute[Pipe], SpacedOpaqueSyntaxAttribute):
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
