"""Enumerations of the cube-level API (matrix loads, ``Mmad``, ``Fixpipe``, AIPP), with pyasc 1.1.1's
Python values.  C++ spells every enumerator by name (``QuantMode_t::F322F16``,
``AscendC::CO2Layout::ROW_MAJOR``), so only the Python numbering has to match pyasc's.
``Hardware``, ``BlockMode`` and ``pad_t`` are the system enums' (``ascx.language.core.system_enums``).
"""

from enum import IntEnum

from ascx.language.core.system_enums import BlockMode, Hardware, pad_t

__all__ = ["AippInputFormat", "BlockMode", "CO2Layout", "Hardware", "QuantModes", "pad_t"]


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


class AippInputFormat(IntEnum):
    """The image format ``SetAippFunctions`` reads (``AscendC::AippInputFormat``)."""

    YUV420SP_U8 = 0
    XRGB8888_U8 = 1
    RGB888_U8 = 4
    YUV400_U8 = 9
