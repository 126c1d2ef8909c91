"""Enumerations of the system, cache and atomic APIs, with pyasc 1.1.1's Python values.

As for ``ascx.language.core.enums``, C++ spells every enumerator by name (``AscendC::CacheLine::
SINGLE_CACHE_LINE``); the numbering matches pyasc so kernels may pass plain ints where pyasc does.
"""

from enum import IntEnum


class AtomicDtype(IntEnum):
    """The element type of ``set_store_atomic_config`` (CANN's ``atomic_type_t``)."""

    ATOMIC_NONE = 0
    ATOMIC_F32 = 1
    ATOMIC_F16 = 2
    ATOMIC_S16 = 3
    ATOMIC_S32 = 4
    ATOMIC_S8 = 5
    ATOMIC_BF16 = 6


class AtomicOp(IntEnum):
    """The operation of ``set_store_atomic_config`` (CANN's ``atomic_op_t``)."""

    ATOMIC_SUM = 0


class BlockMode(IntEnum):
    """How a cube instruction walks its blocks (CANN's ``BlockMode``)."""

    BLOCK_MODE_NORMAL = 0
    BLOCK_MODE_MATRIX = 1
    BLOCK_MODE_VECTOR = 2
    BLOCK_MODE_SMALL_CHANNEL = 3
    BLOCK_MODE_DEPTHWISE = 4


class CacheLine(IntEnum):
    """What ``data_cache_clean_and_invalid`` flushes: one cache line or the whole data cache."""

    SINGLE_CACHE_LINE = 0
    ENTIRE_DATA_CACHE = 1


class DataFormat(IntEnum):
    """The layout a ``ShapeInfo`` describes."""

    ND = 0
    NZ = 1
    NCHW = 2
    NC1HWC0 = 3
    NHWC = 4


class DcciDst(IntEnum):
    """Which cache ``data_cache_clean_and_invalid`` works on."""

    CACHELINE_ALL = 0
    CACHELINE_UB = 1
    CACHELINE_OUT = 2
    CACHELINE_ATOMIC = 3


class Hardware(IntEnum):
    """A memory of the AI core (CANN's ``Hardware``)."""

    GM = 0
    UB = 1
    L1 = 2
    L0A = 3
    L0B = 4
    L0C = 5
    BIAS = 6
    FIXBUF = 7
    MAX = 8


class MemDsbT(IntEnum):
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


__all__ = ["AtomicDtype", "AtomicOp", "BlockMode", "CacheLine", "DataFormat", "DcciDst", "Hardware", "MemDsbT", "pad_t"]
