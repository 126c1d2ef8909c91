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


class HardEvent(IntEnum):
    """An ordering between two pipes, ``SRC_DST``: the DST pipe waits for the SRC pipe (``AscendC::HardEvent``)."""

    MTE2_MTE1 = 0
    MTE1_MTE2 = 1
    MTE1_M = 2
    M_MTE1 = 3
    MTE2_V = 4
    V_MTE2 = 5
    MTE3_V = 6
    V_MTE3 = 7
    M_V = 8
    V_M = 9
    V_V = 10
    MTE3_MTE1 = 11
    MTE1_MTE3 = 12
    MTE1_V = 13
    MTE2_M = 14
    M_MTE2 = 15
    V_MTE1 = 16
    M_FIX = 17
    FIX_M = 18
    MTE3_MTE2 = 19
    MTE2_MTE3 = 20
    S_V = 21
    V_S = 22
    S_MTE2 = 23
    MTE2_S = 24
    S_MTE3 = 25
    MTE3_S = 26
    MTE2_FIX = 27
    FIX_MTE2 = 28
    FIX_S = 29
    M_S = 30
    FIX_MTE3 = 31
    MTE1_FIX = 32
    FIX_MTE1 = 33
    FIX_FIX = 34


class PipeID(IntEnum):
    """A hardware pipe (``pipe_t``)."""

    PIPE_S = 0
    PIPE_V = 1
    PIPE_M = 2
    PIPE_MTE1 = 3
    PIPE_MTE2 = 4
    PIPE_MTE3 = 5
    PIPE_ALL = 6
    PIPE_MTE4 = 7
    PIPE_MTE5 = 8
    PIPE_V2 = 9
    PIPE_FIX = 10


class RoundMode(IntEnum):
    """How ``cast`` rounds (``AscendC::RoundMode``)."""

    CAST_NONE = 0
    CAST_RINT = 1
    CAST_FLOOR = 2
    CAST_CEIL = 3
    CAST_ROUND = 4
    CAST_TRUNC = 5
    CAST_ODD = 6


class CMPMODE(IntEnum):
    """The comparison of ``compare`` (``AscendC::CMPMODE``)."""

    LT = 0
    GT = 1
    EQ = 2
    LE = 3
    GE = 4
    NE = 5


class SelMode(IntEnum):
    """What ``select`` chooses between (``AscendC::SELMODE``)."""

    VSEL_CMPMASK_SPR = 0
    VSEL_TENSOR_SCALAR_MODE = 1
    VSEL_TENSOR_TENSOR_MODE = 2


class CacheMode(IntEnum):
    """How the L2 cache keeps a GlobalTensor's data (``AscendC::CacheMode``)."""

    CACHE_MODE_NORMAL = 0
    CACHE_MODE_DISABLE = 1
    CACHE_MODE_LAST = 2
    CACHE_MODE_PERSISTENT = 4


class CacheRwMode(IntEnum):
    """Which accesses an L2 cache hint applies to (``AscendC::CacheRwMode``)."""

    READ = 1
    WRITE = 2
    RW = 3


class ReduceOrder(IntEnum):
    """Where ``whole_reduce_max``/``whole_reduce_min`` put each repeat's value and its index
    (``AscendC::ReduceOrder``)."""

    ORDER_VALUE_INDEX = 0
    ORDER_INDEX_VALUE = 1
    ORDER_ONLY_VALUE = 2
    ORDER_ONLY_INDEX = 3


class MaskMode(IntEnum):
    """How the vector mask register is read (``AscendC::MaskMode``): per repeat, or as an element count."""

    NORMAL = 0
    COUNTER = 1


class GatherMaskMode(IntEnum):
    """The ``mode`` template argument of ``gather_mask``; pyasc's one member prints CANN's
    ``AscendC::defaultGatherMaskMode``."""

    DEFAULT = 0


class TransposeType(IntEnum):
    """The layout change of ``transpose``'s extended form (``AscendC::TransposeType``)."""

    TRANSPOSE_TYPE_NONE = 0
    TRANSPOSE_NZ2ND_0213 = 1
    TRANSPOSE_NZ2NZ_0213 = 2
    TRANSPOSE_NZ2NZ_012_WITH_N = 3
    TRANSPOSE_NZ2ND_012_WITH_N = 4
    TRANSPOSE_NZ2ND_012_WITHOUT_N = 5
    TRANSPOSE_NZ2NZ_012_WITHOUT_N = 6
    TRANSPOSE_ND2ND_ONLY = 7
    TRANSPOSE_ND_UB_GM = 8
    TRANSPOSE_GRAD_ND_UB_GM = 9
    TRANSPOSE_ND2ND_B16 = 10
    TRANSPOSE_NCHW2NHWC = 11
    TRANSPOSE_NHWC2NCHW = 12


class DeqScale(IntEnum):
    """The dequantisation of a copy (``AscendC::DeqScale``)."""

    DEQ_NONE = 0
    DEQ = 1
    VDEQ = 2
    DEQ8 = 3
    VDEQ8 = 4
    DEQ16 = 5
    VDEQ16 = 6


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
