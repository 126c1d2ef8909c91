"""pyasc's ``asc.language.adv`` (``asc.adv``): the Matmul high-level API."""

from ascx.language.adv.matmul import Matmul, register_matmul
from ascx.language.adv.matmul_config import MatmulConfig
from ascx.language.adv.matmul_type import MatmulType
from ascx.language.adv.tiling import TCubeTiling
from ascx.language.core.enums import (
    BatchMode,
    BatchOutMode,
    CubeFormat,
    IterateMode,
    IterateOrder,
    LayoutMode,
    MatmulConfigMode,
    MatmulPolicy,
    ScheduleType,
    TPosition,
)

__all__ = [
    "BatchMode",
    "BatchOutMode",
    "CubeFormat",
    "IterateMode",
    "IterateOrder",
    "LayoutMode",
    "Matmul",
    "MatmulConfig",
    "MatmulConfigMode",
    "MatmulPolicy",
    "MatmulType",
    "ScheduleType",
    "TCubeTiling",
    "TPosition",
    "register_matmul",
]
