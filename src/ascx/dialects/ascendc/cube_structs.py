"""The parameter structs of the cube-level API: matrix loads (``LoadData`` 2D/3D, with transpose),
``Mmad``, ``Fixpipe``, the ND/NZ conversions of ``DataCopy``, ``InitConstValue`` and AIPP.

Each layout lists the fields in the order the struct's constructor takes them, with the
constructor's parameter types (``kernel_struct_mm.h``, ``kernel_struct_fixpipe.h``,
``kernel_struct_data_copy.h``, ``kernel_struct_aipp.h``); ``ascendc.params`` builds them like the
basic structs.  Importing this module registers the layouts in ``LAYOUTS``.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from xdsl.dialects.builtin import Float16Type, IntAttr, IntegerType, i1
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from ascx.dialects.ascendc.basic_types import CPP_ENUMS, LAYOUTS, U8, U16, U32, U64, ParamsKind, StructLayout
from ascx.enums import BlockMode, DeqScale, QuantModes, names_by_value, pad_t

I16 = IntegerType(16)
I32 = IntegerType(32)
I64 = IntegerType(64)
F16 = Float16Type()
PAD_SIZE = 4
"""Elements of a 3D load's ``padList`` (``PAD_SIZE``: left, right, top, bottom)."""


@irdl_attr_definition
class PadListType(ParametrizedAttribute, TypeAttribute):
    """``uint8_t padList[4]``: the padding of a 3D load (left, right, top, bottom), e.g.
    ``!ascendc.pad_list<4>``."""

    name = "ascendc.pad_list"
    size: IntAttr

    def __init__(self, size: int = PAD_SIZE):
        super().__init__(IntAttr(size))

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(str(self.size.data))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            return (IntAttr(parser.parse_integer(allow_boolean=False, allow_negative=False)),)


def _enum(cpp_name: str, enum: type[IntEnum]) -> str:
    """Register a C++ enumeration whose members are numbered from 0 (``CPP_ENUMS``); its C++ name."""
    CPP_ENUMS[cpp_name] = names_by_value(enum)
    return cpp_name


QUANT_MODE = _enum("QuantMode_t", QuantModes)
"""``QuantMode_t``: the dav-c220 modes (pyasc's ``QuantModes``)."""
BLOCK_MODE = _enum("AscendC::BlockMode", BlockMode)
DEQ_SCALE = _enum("AscendC::DeqScale", DeqScale)
PAD_MODE = _enum("pad_t", pad_t)

_B = i1

CUBE_LAYOUTS: dict[ParamsKind, StructLayout] = {
    ParamsKind.MMAD: StructLayout(
        "MmadParams",
        (("m", U16), ("n", U16), ("k", U16), ("unitFlag", U8), ("cmatrixSource", _B), ("cmatrixInitVal", _B)),
    ),
    ParamsKind.MMAD_LEGACY: StructLayout(
        "MmadParams",
        (
            ("m", U16),
            ("n", U16),
            ("k", U16),
            ("isBias", _B),
            ("fmOffset", I32),
            ("enSsparse", _B),
            ("enWinogradA", _B),
            ("enWinogradB", _B),
        ),
    ),
    ParamsKind.LOAD_DATA_2D: StructLayout(
        "LoadData2DParams",
        (
            ("startIndex", U16),
            ("repeatTimes", U8),
            ("srcStride", U16),
            ("sid", U8),
            ("dstGap", U16),
            ("ifTranspose", _B),
            ("addrMode", U8),
        ),
    ),
    ParamsKind.LOAD_DATA_2D_V2: StructLayout(
        "LoadData2DParamsV2",
        (
            ("mStartPosition", U32),
            ("kStartPosition", U32),
            ("mStep", U16),
            ("kStep", U16),
            ("srcStride", I32),
            ("dstStride", U16),
            ("ifTranspose", _B),
            ("sid", U8),
        ),
    ),
    ParamsKind.LOAD_DATA_3D_V1: StructLayout(
        "LoadData3DParamsV1",
        (
            ("padList", PadListType()),
            ("l1H", U16),
            ("l1W", U16),
            ("c1Index", U16),
            ("fetchFilterW", U8),
            ("fetchFilterH", U8),
            ("leftTopW", I16),
            ("leftTopH", I16),
            ("strideW", U8),
            ("strideH", U8),
            ("filterW", U8),
            ("filterH", U8),
            ("dilationFilterW", U8),
            ("dilationFilterH", U8),
            ("jumpStride", U8),
            ("repeatMode", U8),
            ("repeatTime", U8),
            ("cSize", U8),
            ("padValue", None),
        ),
        templated=True,
    ),
    ParamsKind.LOAD_DATA_3D_V2: StructLayout(
        "LoadData3DParamsV2",
        (
            ("padList", PadListType()),
            ("l1H", U16),
            ("l1W", U16),
            ("channelSize", U16),
            ("kExtension", U16),
            ("mExtension", U16),
            ("kStartPt", U16),
            ("mStartPt", U16),
            ("strideW", U8),
            ("strideH", U8),
            ("filterW", U8),
            ("filterH", U8),
            ("dilationFilterW", U8),
            ("dilationFilterH", U8),
            ("enTranspose", _B),
            ("enSmallK", _B),
            ("padValue", None),
            ("filterSizeW", _B),
            ("filterSizeH", _B),
            ("fMatrixCtrl", _B),
        ),
        templated=True,
    ),
    ParamsKind.LOAD_DATA_3D_V2_PRO: StructLayout(
        "LoadData3DParamsV2Pro",
        (
            ("channelSize", U16),
            ("enTranspose", _B),
            ("enSmallK", _B),
            ("filterSizeW", _B),
            ("filterSizeH", _B),
            ("fMatrixCtrl", _B),
            ("extConfig", U64),
            ("filterConfig", U64),
        ),
    ),
    ParamsKind.LOAD_DATA_2D_TRANSPOSE: StructLayout(
        "LoadData2dTransposeParams",
        (
            ("startIndex", U16),
            ("repeatTimes", U8),
            ("srcStride", U16),
            ("dstGap", U16),
            ("dstFracGap", U16),
            ("addrMode", U8),
        ),
    ),
    ParamsKind.LOAD_DATA_2D_TRANSPOSE_V2: StructLayout(
        "LoadData2dTransposeParamsV2",
        (
            ("startIndex", U16),
            ("repeatTimes", U8),
            ("srcStride", U16),
            ("dstGap", U16),
            ("dstFracGap", U16),
            ("srcFracGap", U16),
            ("addrMode", U8),
        ),
    ),
    ParamsKind.LOAD_DATA_REPEAT: StructLayout(
        "LoadDataRepeatParam", (("repeatStride", U16), ("repeatTime", U8), ("repeatMode", U8))
    ),
    ParamsKind.INIT_CONST_VALUE: StructLayout(
        "InitConstValueParams",
        (("repeatTimes", U16), ("blockNum", U16), ("dstGap", U16), ("initValue", None)),
        templated=True,
    ),
    ParamsKind.LOAD_IMAGE_TO_LOCAL: StructLayout(
        "LoadImageToLocalParams",
        (
            ("horizSize", U16),
            ("vertSize", U16),
            ("horizStartPos", U16),
            ("vertStartPos", U16),
            ("srcHorizSize", U16),
            ("topPadSize", U8),
            ("botPadSize", U8),
            ("leftPadSize", U16),
            ("rightPadSize", U16),
        ),
    ),
    ParamsKind.ND2NZ: StructLayout(
        "Nd2NzParams",
        (
            ("ndNum", U16),
            ("nValue", U16),
            ("dValue", U16),
            ("srcNdMatrixStride", U16),
            ("srcDValue", U16),
            ("dstNzC0Stride", U16),
            ("dstNzNStride", U16),
            ("dstNzMatrixStride", U16),
        ),
    ),
    ParamsKind.NZ2ND_FULL: StructLayout(
        "Nz2NdParamsFull",
        (
            ("ndNum", U16),
            ("nValue", U16),
            ("dValue", U16),
            ("srcNdMatrixStride", U16),
            ("srcNStride", U16),
            ("dstDStride", U16),
            ("dstNdMatrixStride", U16),
        ),
    ),
    ParamsKind.DATA_COPY_CO12_DST: StructLayout(
        "DataCopyCO12DstParams",
        (
            ("nSize", U16),
            ("mSize", U16),
            ("dstStride", U32),
            ("srcStride", U16),
            ("quantPre", U8),
            ("reluPre", U8),
            ("channelSplit", _B),
            ("nz2ndEn", _B),
        ),
        enum_fields=(("quantPre", QUANT_MODE),),
    ),
    ParamsKind.DATA_COPY_ENHANCED: StructLayout(
        "DataCopyEnhancedParams",
        (
            ("blockMode", U8),
            ("deqScale", U8),
            ("deqValue", U64),
            ("sidStoreMode", U8),
            ("isRelu", _B),
            ("padMode", U8),
            ("padValue", U64),
        ),
        enum_fields=(("blockMode", BLOCK_MODE), ("deqScale", DEQ_SCALE), ("padMode", PAD_MODE)),
    ),
    ParamsKind.FIXPIPE_V220: StructLayout(
        "FixpipeParamsV220",
        (
            ("nSize", U16),
            ("mSize", U16),
            ("srcStride", U16),
            ("dstStride", U32),
            ("reluEn", _B),
            ("quantPre", U8),
            ("deqScalar", I64),
            ("ndNum", U16),
            ("srcNdStride", U16),
            ("dstNdStride", U16),
            ("unitFlag", U8),
            ("isChannelSplit", _B),
        ),
        enum_fields=(("quantPre", QUANT_MODE),),
    ),
    ParamsKind.AIPP_PADDING: StructLayout(
        "AippPaddingParams",
        (
            ("paddingMode", U32),
            ("paddingValueCh0", None),
            ("paddingValueCh1", None),
            ("paddingValueCh2", None),
            ("paddingValueCh3", None),
        ),
        templated=True,
    ),
    ParamsKind.AIPP_SWAP: StructLayout("AippSwapParams", (("isSwapRB", _B), ("isSwapUV", _B), ("isSwapAX", _B))),
    ParamsKind.AIPP_SINGLE_LINE: StructLayout("AippSingleLineParams", (("isSingleLineCopy", _B),)),
    ParamsKind.AIPP_DTC: StructLayout(
        "AippDataTypeConvParams",
        (
            ("dtcMeanCh0", U8),
            ("dtcMeanCh1", U8),
            ("dtcMeanCh2", U8),
            ("dtcMinCh0", F16),
            ("dtcMinCh1", F16),
            ("dtcMinCh2", F16),
            ("dtcVarCh0", F16),
            ("dtcVarCh1", F16),
            ("dtcVarCh2", F16),
            ("dtcRoundMode", U32),
        ),
    ),
    ParamsKind.AIPP_CHANNEL_PADDING: StructLayout(
        "AippChannelPaddingParams", (("cPaddingMode", U32), ("cPaddingValue", None)), templated=True
    ),
    ParamsKind.AIPP_CSC: StructLayout(
        "AippColorSpaceConvParams",
        (
            ("isEnableCsc", _B),
            *((f"cscMatrixR{r}C{c}", I16) for r in range(3) for c in range(3)),
            *((f"cscBiasIn{i}", U8) for i in range(3)),
            *((f"cscBiasOut{i}", U8) for i in range(3)),
        ),
    ),
    ParamsKind.AIPP: StructLayout(
        "AippParams",
        (
            ("paddingParams", ParamsKind.AIPP_PADDING),
            ("swapParams", ParamsKind.AIPP_SWAP),
            ("singleLineParams", ParamsKind.AIPP_SINGLE_LINE),
            ("dtcParams", ParamsKind.AIPP_DTC),
            ("cPaddingParams", ParamsKind.AIPP_CHANNEL_PADDING),
            ("cscParams", ParamsKind.AIPP_CSC),
        ),
        templated=True,
    ),
}
"""The layouts of the cube-level structs (constructor order and parameter types; the AIPP structs
are aggregates, in declaration order)."""

LAYOUTS.update(CUBE_LAYOUTS)

MMAD_KINDS = frozenset({ParamsKind.MMAD, ParamsKind.MMAD_LEGACY})
"""Both constructors build an ``AscendC::MmadParams``."""

__all__ = [
    "PadListType",
]
