"""Enumerations of the cube-level API (matrix loads, ``Mmad``, ``Fixpipe``, AIPP), with pyasc 1.1.1's
Python values.  C++ spells every enumerator by name (``QuantMode_t::F322F16``,
``AscendC::CO2Layout::ROW_MAJOR``), so only the Python numbering has to match pyasc's.
"""

from enum import IntEnum


class QuantModes(IntEnum):
    """How ``Fixpipe`` converts the L0C results on the way out (``QuantMode_t``)."""

    NoQuant = 0
    F322F16 = 1
    F322BF16 = 2
    DEQF16 = 3
    VDEQF16 = 4
    QF322B8_PRE = 5
    VQF322B8_PRE = 6
    REQ8 = 7
    VREQ8 = 8


class CO2Layout(IntEnum):
    """The layout ``Fixpipe`` writes (``AscendC::CO2Layout``): NZ as in L0C, row-major ND, or column-major."""

    NZ = 0
    ROW_MAJOR = 1
    COLUMN_MAJOR = 2


class Hardware(IntEnum):
    """A physical memory of the core (``AscendC::Hardware``); ``LocalMemAllocator`` allocates from one."""

    GM = 0
    UB = 1
    L1 = 2
    L0A = 3
    L0B = 4
    L0C = 5
    BIAS = 6
    FIXBUF = 7
    MAX = 8


class BlockMode(IntEnum):
    """The basic fractal of an enhanced ``DataCopy`` (``AscendC::BlockMode``)."""

    BLOCK_MODE_NORMAL = 0
    BLOCK_MODE_MATRIX = 1
    BLOCK_MODE_VECTOR = 2
    BLOCK_MODE_SMALL_CHANNEL = 3
    BLOCK_MODE_DEPTHWISE = 4


class pad_t(IntEnum):
    """The padding mode of an enhanced ``DataCopy`` (``pad_t``)."""

    PAD_NONE = 0
    PAD_MODE1 = 1
    PAD_MODE2 = 2
    PAD_MODE3 = 3
    PAD_MODE4 = 4
    PAD_MODE5 = 5
    PAD_MODE6 = 6
    PAD_MODE7 = 7
    PAD_MODE8 = 8


class AippInputFormat(IntEnum):
    """The image format ``SetAippFunctions`` reads (``AscendC::AippInputFormat``)."""

    YUV420SP_U8 = 0
    XRGB8888_U8 = 1
    RGB888_U8 = 4
    YUV400_U8 = 9
