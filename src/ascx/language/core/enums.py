"""Enumerations of the kernel API, with pyasc 1.1.1's Python values.

C++ code spells every enumerator by name, so the Python numbering only has to match pyasc's
(kernels may pass plain ints).  The enums the dialect also uses are defined once, in ``ascx.enums``,
and re-exported here; ``IterateMode``, ``MatmulConfigMode`` and ``GatherMaskMode`` are the kernel
API's only.
"""

from enum import IntEnum

from ascx.enums import (
    CMPMODE as CMPMODE,
    BatchMode as BatchMode,
    BatchOutMode as BatchOutMode,
    CacheMode as CacheMode,
    CacheRwMode as CacheRwMode,
    CubeFormat as CubeFormat,
    DeqScale as DeqScale,
    HardEvent as HardEvent,
    IterateOrder as IterateOrder,
    LayoutMode as LayoutMode,
    MaskMode as MaskMode,
    MatmulPolicy as MatmulPolicy,
    PipeID as PipeID,
    ReduceOrder as ReduceOrder,
    RoundMode as RoundMode,
    ScheduleType as ScheduleType,
    SelMode as SelMode,
    TPosition as TPosition,
    TransposeType as TransposeType,
)


class IterateMode(IntEnum):
    """Which Matmul compute methods a config enables; the values may be OR-ed."""

    ITERATE_MODE_NORMAL = 0b1
    ITERATE_MODE_ALL = 0b10
    ITERATE_MODE_BATCH = 0b100
    ITERATE_MODE_N_BATCH = 0b1000
    ITERATE_MODE_DEFAULT = 0xFF


class MatmulConfigMode(IntEnum):
    CONFIG_NORM = 1
    CONFIG_MDL = 2
    CONFIG_SPECIALMDL = 3
    CONFIG_IBSHARE = 4


class GatherMaskMode(IntEnum):
    """The ``mode`` template argument of ``gather_mask``; pyasc's one member prints CANN's
    ``AscendC::defaultGatherMaskMode``."""

    DEFAULT = 0


__all__ = [
    "CMPMODE",
    "BatchMode",
    "BatchOutMode",
    "CacheMode",
    "CacheRwMode",
    "CubeFormat",
    "DeqScale",
    "GatherMaskMode",
    "HardEvent",
    "IterateMode",
    "IterateOrder",
    "LayoutMode",
    "MaskMode",
    "MatmulConfigMode",
    "MatmulPolicy",
    "PipeID",
    "ReduceOrder",
    "RoundMode",
    "ScheduleType",
    "SelMode",
    "TPosition",
    "TransposeType",
]
