"""The enums the kernel API and the ``ascendc`` dialect share: each concept's members are listed once, here.

Every class is a pyasc-compatible ``IntEnum`` with pyasc 1.1.1's names and integer values, so kernels
may pass plain ints where pyasc does (``asc.TPosition.VECIN == 9``).  The kernel API
(``ascx.language``) re-exports these classes, and the dialect (``ascx.dialects.ascendc``) stores
their members in its enum attributes.  C++ spells every enumerator by name, so only the Python
numbering has to match pyasc's; the numbering never reaches the IR or the C++.

The IR spells a member as ``IrEnum.ir``: its name in lower case (``#ascendc<position vecin>``),
unless the class says otherwise (``MatmulPolicy`` keeps the C++ template's name).  A class may also
have members the IR has no use for (``TPosition.MAX``, ``Hardware.MAX``): ``IrEnum.in_ir`` lists the
members an IR attribute may hold.  The dialect's attribute base, ``IrEnumAttribute``
(``ascx.dialects.ascendc.enum_attr``), prints and parses ``ir`` spellings, so the IR text is what
xDSL's ``StrEnum``-based ``EnumAttribute`` would print for a ``StrEnum`` with those values.

The enums that exist in only one layer stay there: the kinds of the op families
(``ascx.dialects.ascendc.basic_enums``), ``IterateMode`` or ``DataFormat`` of the kernel API.  Enums
without an IR attribute whose member names the dialect needs (the ``MatmulConfig`` enums, the
enumerators of cube structs' fields) are here as well, so the dialect derives its name tables from them.

This module imports no xDSL: a kernel found in the disk cache resolves ``asc.TPosition`` without
loading the dialect (as ``ascx.kernel_type``).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Self


class IrEnum(IntEnum):
    """An enum whose members the IR spells by name (``ir``); pyasc's integer values."""

    @property
    def ir(self) -> str:
        """The member's spelling in the IR: its name in lower case."""
        return self.name.lower()

    @classmethod
    def in_ir(cls) -> tuple[Self, ...]:
        """The members an IR attribute may hold (all of them unless the class says otherwise)."""
        return tuple(cls)


def names_by_value(enum: type[IntEnum]) -> tuple[str, ...]:
    """The member names of ``enum``, whose values are 0, 1, 2...: the C++ enumerators indexed by value."""
    names = tuple(member.name for member in enum)
    assert [member.value for member in enum] == list(range(len(names))), enum
    return names


# --- positions, formats, Matmul ------------------------------------------------------------------


class TPosition(IrEnum):
    """Where a tensor lives (``AscendC::TPosition``).  ``TSCM`` is an ascx extension that Ascend C
    defines; ``MAX`` (pyasc's "every position") is no position of the IR."""

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

    @classmethod
    def in_ir(cls) -> tuple[Self, ...]:
        return tuple(member for member in cls if member.name != "MAX")


class CubeFormat(IrEnum):
    """Matrix storage format (``CubeFormat``).  The members beyond ``NZ`` are ascx extensions that Ascend C
    defines."""

    ND = 0
    NZ = 1
    ZN = 2
    ZZ = 3
    NN = 4
    ND_ALIGN = 5
    SCALAR = 6
    VECTOR = 7


class LayoutMode(IrEnum):
    """Batch layout of a Matmul operand (``LayoutMode``; C++ numbers these differently, emission is by name)."""

    NONE = 0
    NORMAL = 1
    BSNGD = 2
    SBNGD = 3
    BNGS1S2 = 4


class MatmulPolicy(IrEnum):
    """The Matmul policy template (``AscendC::Impl::Detail::<Name>``); the IR spells it by its C++ name
    (``#ascendc<policy TrianUpperMatmulPolicy>``)."""

    MatmulPolicy = 0
    TrianUpperMatmulPolicy = 1
    TrianLowerMatmulPolicy = 2
    NBuffer33MatmulPolicy = 3

    @property
    def ir(self) -> str:
        return self.name


class BatchMode(IntEnum):
    """``BatchMode`` of a ``MatmulConfig`` (the IR writes the C++ enumerator name)."""

    NONE = 0
    BATCH_LESS_THAN_L1 = 1
    BATCH_LARGE_THAN_L1 = 2
    SINGLE_LARGE_THAN_L1 = 3


class IterateOrder(IntEnum):
    """``IterateOrder`` of a ``MatmulConfig``."""

    ORDER_M = 0
    ORDER_N = 1
    UNDEF = 2


class ScheduleType(IntEnum):
    """``ScheduleType`` of a ``MatmulConfig`` (and of the host tiling API)."""

    INNER_PRODUCT = 0
    OUTER_PRODUCT = 1


class BatchOutMode(IntEnum):
    """``BatchOutMode`` of a ``MatmulConfig``."""

    SINGLE_BATCH = 0
    MULTI_BATCH = 1
    DYNAMIC = 2


# --- pipes, events, vector modes -----------------------------------------------------------------


class PipeID(IrEnum):
    """A hardware pipe (``pipe_t``); the dialect calls it ``Pipe``."""

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


class HardEvent(IrEnum):
    """An ordering between two pipes, ``SRC_DST``: the DST pipe waits for the SRC pipe (``AscendC::HardEvent``,
    docs/sync-model.md#hardevents)."""

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

    @property
    def src(self) -> PipeID:
        """The pipe that signals."""
        return PipeID[f"PIPE_{self.name.split('_')[0]}"]

    @property
    def dst(self) -> PipeID:
        """The pipe that waits."""
        return PipeID[f"PIPE_{self.name.split('_')[1]}"]


class RoundMode(IrEnum):
    """How ``cast`` rounds (``AscendC::RoundMode``)."""

    CAST_NONE = 0
    CAST_RINT = 1
    CAST_FLOOR = 2
    CAST_CEIL = 3
    CAST_ROUND = 4
    CAST_TRUNC = 5
    CAST_ODD = 6


class CMPMODE(IrEnum):
    """The comparison of ``compare`` (``AscendC::CMPMODE``); the dialect calls it ``CmpMode``."""

    LT = 0
    GT = 1
    EQ = 2
    LE = 3
    GE = 4
    NE = 5


class SelMode(IrEnum):
    """What ``select`` chooses between (``AscendC::SELMODE``)."""

    VSEL_CMPMASK_SPR = 0
    VSEL_TENSOR_SCALAR_MODE = 1
    VSEL_TENSOR_TENSOR_MODE = 2


class CacheMode(IrEnum):
    """How the L2 cache keeps a GlobalTensor's data (``AscendC::CacheMode``, ``SetL2CacheHint``)."""

    CACHE_MODE_NORMAL = 0
    CACHE_MODE_DISABLE = 1
    CACHE_MODE_LAST = 2
    CACHE_MODE_PERSISTENT = 4


class CacheRwMode(IrEnum):
    """Which accesses an L2 cache hint applies to (``AscendC::CacheRwMode``)."""

    READ = 1
    WRITE = 2
    RW = 3


class ReduceOrder(IrEnum):
    """Where ``whole_reduce_max``/``whole_reduce_min`` put each repeat's value and its index
    (``AscendC::ReduceOrder``)."""

    ORDER_VALUE_INDEX = 0
    ORDER_INDEX_VALUE = 1
    ORDER_ONLY_VALUE = 2
    ORDER_ONLY_INDEX = 3


class MaskMode(IrEnum):
    """How the vector mask register is read (``AscendC::MaskMode``): per repeat, or as an element count."""

    NORMAL = 0
    COUNTER = 1


class TransposeType(IntEnum):
    """The layout change of ``transpose``'s extended form (``AscendC::TransposeType``, a field of
    ``TransposeParamsExt``)."""

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


# --- system, cache and atomic APIs ---------------------------------------------------------------


class AtomicDtype(IrEnum):
    """The element type of ``set_store_atomic_config`` (CANN's ``atomic_type_t``; ``ATOMIC_NONE``: none)."""

    ATOMIC_NONE = 0
    ATOMIC_F32 = 1
    ATOMIC_F16 = 2
    ATOMIC_S16 = 3
    ATOMIC_S32 = 4
    ATOMIC_S8 = 5
    ATOMIC_BF16 = 6


class AtomicOp(IrEnum):
    """The operation of ``set_store_atomic_config`` (CANN's ``atomic_op_t``)."""

    ATOMIC_SUM = 0


class BlockMode(IntEnum):
    """How a cube instruction walks its blocks (CANN's ``BlockMode``)."""

    BLOCK_MODE_NORMAL = 0
    BLOCK_MODE_MATRIX = 1
    BLOCK_MODE_VECTOR = 2
    BLOCK_MODE_SMALL_CHANNEL = 3
    BLOCK_MODE_DEPTHWISE = 4


class CacheLine(IrEnum):
    """What ``data_cache_clean_and_invalid`` flushes: one cache line or the whole data cache
    (``AscendC::CacheLine``)."""

    SINGLE_CACHE_LINE = 0
    ENTIRE_DATA_CACHE = 1


class DcciDst(IrEnum):
    """Which cache ``data_cache_clean_and_invalid`` works on (``AscendC::DcciDst``)."""

    CACHELINE_ALL = 0
    CACHELINE_UB = 1
    CACHELINE_OUT = 2
    CACHELINE_ATOMIC = 3


class Hardware(IrEnum):
    """A memory of the AI core (CANN's ``Hardware``); ``MAX`` is no memory of the IR."""

    GM = 0
    UB = 1
    L1 = 2
    L0A = 3
    L0B = 4
    L0C = 5
    BIAS = 6
    FIXBUF = 7
    MAX = 8

    @classmethod
    def in_ir(cls) -> tuple[Self, ...]:
        return tuple(member for member in cls if member.name != "MAX")


class MemDsbT(IrEnum):
    """What ``data_sync_barrier`` waits for (CANN's ``mem_dsb_t``)."""

    ALL = 0
    DDR = 1
    UB = 2
    SEQ = 3


class pad_t(IntEnum):
    """A padding mode (CANN's ``pad_t``)."""

    PAD_NONE = 0
    PAD_MODE1 = 1
    PAD_MODE2 = 2
    PAD_MODE3 = 3
    PAD_MODE4 = 4
    PAD_MODE5 = 5
    PAD_MODE6 = 6
    PAD_MODE7 = 7
    PAD_MODE8 = 8


# --- the cube level ------------------------------------------------------------------------------


class QuantModes(IntEnum):
    """How ``Fixpipe`` converts the L0C results on the way out (``QuantMode_t``, the dav-c220 modes)."""

    NoQuant = 0
    F322F16 = 1
    F322BF16 = 2
    DEQF16 = 3
    VDEQF16 = 4
    QF322B8_PRE = 5
    VQF322B8_PRE = 6
    REQ8 = 7
    VREQ8 = 8


class CO2Layout(IrEnum):
    """The layout ``Fixpipe`` writes (``AscendC::CO2Layout``): NZ as in L0C, row-major ND, or column-major;
    C++ names the config ``CFG_<NAME>``."""

    NZ = 0
    ROW_MAJOR = 1
    COLUMN_MAJOR = 2

    @property
    def config(self) -> str:
        return f"AscendC::CFG_{self.name}"


class AippInputFormat(IrEnum):
    """The image format ``SetAippFunctions`` reads (``AscendC::AippInputFormat``)."""

    YUV420SP_U8 = 0
    XRGB8888_U8 = 1
    RGB888_U8 = 4
    YUV400_U8 = 9
