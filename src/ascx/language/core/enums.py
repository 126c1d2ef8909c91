"""Enumerations of the kernel API, with pyasc 1.1.1's Python values.

C++ code spells every enumerator by name, so the Python numbering only has to match pyasc's
(kernels may pass plain ints).  ``TPosition.TSCM`` and the ``CubeFormat`` members beyond ``NZ``
are ascx extensions that Ascend C defines.
"""

from enum import IntEnum


class TPosition(IntEnum):
    """Where a tensor lives."""

    GM = 0
    A1 = 1
    A2 = 2
    B1 = 3
    B2 = 4
    C1 = 5
    C2 = 6
    CO1 = 7
    CO2 = 8
    VECIN = 9
    VECOUT = 10
    VECCALC = 11
    MAX = 12
    TSCM = 13


class CubeFormat(IntEnum):
    """Matrix storage format."""

    ND = 0
    NZ = 1
    ZN = 2
    ZZ = 3
    NN = 4
    ND_ALIGN = 5
    SCALAR = 6
    VECTOR = 7


class LayoutMode(IntEnum):
    """Batch layout of a Matmul operand (C++ numbers these differently; emission is by name)."""

    NONE = 0
    NORMAL = 1
    BSNGD = 2
    SBNGD = 3
    BNGS1S2 = 4


class BatchMode(IntEnum):
    NONE = 0
    BATCH_LESS_THAN_L1 = 1
    BATCH_LARGE_THAN_L1 = 2
    SINGLE_LARGE_THAN_L1 = 3


class IterateOrder(IntEnum):
    ORDER_M = 0
    ORDER_N = 1
    UNDEF = 2


class ScheduleType(IntEnum):
    INNER_PRODUCT = 0
    OUTER_PRODUCT = 1


class BatchOutMode(IntEnum):
    SINGLE_BATCH = 0
    MULTI_BATCH = 1
    DYNAMIC = 2


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


class MatmulPolicy(IntEnum):
    MatmulPolicy = 0
    TrianUpperMatmulPolicy = 1
    TrianLowerMatmulPolicy = 2
    NBuffer33MatmulPolicy = 3
