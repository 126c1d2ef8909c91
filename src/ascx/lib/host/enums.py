"""The enums of the host tiling API (CANN's ``matmul_tiling`` namespace, as pyasc's binding names them).

These are not the kernel-side enums of ``asc.TPosition`` / ``asc.CubeFormat``: the host library
has members the kernel side lacks (``SPM``, ``COLUMN_MAJOR``), numbers ``MAX`` differently (14 here,
12 in a kernel) and has aliases (``LCM`` = ``VECCALC``, ``SHM`` = ``SPM``, ``ROW_MAJOR`` = ``ND``).
The values are those of CANN's ``matmul_tiling_base.h``; the members are the ones pyasc 1.1.1's
binding exports.
"""

from __future__ import annotations

from enum import IntEnum

from ascx.language.core.enums import ScheduleType as ScheduleType  # the same enumerators on both sides


class TPosition(IntEnum):
    """Where a matrix lives (host numbering)."""

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
    LCM = 11
    SPM = 12
    SHM = 12
    TSCM = 13
    MAX = 14


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
    ROW_MAJOR = 0
    COLUMN_MAJOR = 8


class DataType(IntEnum):
    """Element types (the members pyasc's binding exports)."""

    DT_FLOAT = 0
    DT_FLOAT16 = 1
    DT_INT8 = 2
    DT_INT32 = 3
    DT_UINT8 = 4
    DT_INT16 = 6
    DT_UINT16 = 7
    DT_UINT32 = 8
    DT_INT64 = 9
    DT_UINT64 = 10
    DT_DOUBLE = 11
    DT_BOOL = 12
    DT_STRING = 13
    DT_COMPLEX64 = 16
    DT_COMPLEX128 = 17
    DT_QINT8 = 18
    DT_QINT16 = 19
    DT_QINT32 = 20
    DT_QUINT8 = 21
    DT_QUINT16 = 22
    DT_STRING_REF = 24
    DT_DUAL = 25
    DT_VARIANT = 26
    DT_BF16 = 27
    DT_UNDEFINED = 28
    DT_INT4 = 29
    DT_UINT1 = 30
    DT_INT2 = 31
    DT_BFLOAT16 = 33
    DT_MAX = 40


class MatrixTraverse(IntEnum):
    """The order of result blocks: ``FIRSTM`` walks along M first (``iterate_order`` 0), ``FIRSTN``
    along N first (1); ``NOSET`` lets the tiling choose (ascx chooses M first)."""

    NOSET = 0
    FIRSTM = 1
    FIRSTN = 2


class MatrixMadType(IntEnum):
    NORMAL = 0
    HF32 = 1
    MXMODE = 2


class DequantType(IntEnum):
    SCALAR = 0
    TENSOR = 1


CUBE_INPUT_BYTES: dict[DataType, int] = {
    DataType.DT_FLOAT16: 2,
    DataType.DT_BF16: 2,
    DataType.DT_BFLOAT16: 2,
    DataType.DT_FLOAT: 4,
    DataType.DT_INT8: 1,
}
"""Bytes per element of the A and B types the tiling supports."""

OUTPUT_BYTES: dict[DataType, int] = {
    DataType.DT_FLOAT: 4,
    DataType.DT_FLOAT16: 2,
    DataType.DT_BF16: 2,
    DataType.DT_BFLOAT16: 2,
    DataType.DT_INT32: 4,
    DataType.DT_INT8: 1,
}
"""Bytes per element of the C (and bias) types the tiling supports."""

UB_POSITIONS = frozenset({TPosition.VECIN, TPosition.VECOUT, TPosition.VECCALC})
"""Positions in the Unified Buffer."""
