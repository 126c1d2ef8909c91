"""Enumerations of the system, cache and atomic APIs, with pyasc 1.1.1's Python values.

As for ``ascx.language.core.enums``, C++ spells every enumerator by name (``AscendC::CacheLine::
SINGLE_CACHE_LINE``); the numbering matches pyasc so kernels may pass plain ints where pyasc does.
All but ``DataFormat`` are defined once, in ``ascx.enums`` (the dialect uses them too), and re-exported
here.
"""

from enum import IntEnum

from ascx.enums import (
    AtomicDtype as AtomicDtype,
    AtomicOp as AtomicOp,
    BlockMode as BlockMode,
    CacheLine as CacheLine,
    DcciDst as DcciDst,
    Hardware as Hardware,
    MemDsbT as MemDsbT,
    pad_t as pad_t,
)


class DataFormat(IntEnum):
    """The layout a ``ShapeInfo`` describes."""

    ND = 0
    NZ = 1
    NCHW = 2
    NC1HWC0 = 3
    NHWC = 4


__all__ = ["AtomicDtype", "AtomicOp", "BlockMode", "CacheLine", "DataFormat", "DcciDst", "Hardware", "MemDsbT", "pad_t"]
