"""Types of the basic API's value structs: the parameter structs of data movement and vector ops,
mask arrays and ``ShapeInfo``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import auto

from xdsl.dialects.builtin import IntAttr, IntegerType, NoneAttr, Signedness, i1
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.str_enum import StrEnum

from ascx.enums import TransposeType, names_by_value

_U8 = IntegerType(8, Signedness.UNSIGNED)
_U16 = IntegerType(16, Signedness.UNSIGNED)
_U32 = IntegerType(32, Signedness.UNSIGNED)
_U64 = IntegerType(64, Signedness.UNSIGNED)


class ParamsKind(StrEnum):
    """The parameter structs that ``ascendc.params`` builds."""

    DATA_COPY = auto()
    DATA_COPY_EXT = auto()
    DATA_COPY_PAD = auto()
    DATA_COPY_PAD_EXT = auto()
    BINARY_REPEAT = auto()
    UNARY_REPEAT = auto()
    GATHER_REPEAT = auto()
    BRCB_REPEAT = auto()
    GATHER_MASK = auto()
    TRANSPOSE_EXT = auto()
    TRANS_DATA_TO_5HD = auto()
    COPY_REPEAT = auto()
    VDEQ_INFO = auto()
    CHECK_LOCAL_MEMORY_IA = auto()
    SLICE_INFO = auto()
    # the cube-level structs (their layouts are in ``cube_structs``)
    MMAD = auto()
    MMAD_LEGACY = auto()
    LOAD_DATA_2D = auto()
    LOAD_DATA_2D_V2 = auto()
    LOAD_DATA_3D_V1 = auto()
    LOAD_DATA_3D_V2 = auto()
    LOAD_DATA_3D_V2_PRO = auto()
    LOAD_DATA_2D_TRANSPOSE = auto()
    LOAD_DATA_2D_TRANSPOSE_V2 = auto()
    LOAD_DATA_REPEAT = auto()
    INIT_CONST_VALUE = auto()
    LOAD_IMAGE_TO_LOCAL = auto()
    ND2NZ = auto()
    NZ2ND_FULL = auto()
    DATA_COPY_CO12_DST = auto()
    DATA_COPY_ENHANCED = auto()
    FIXPIPE_V220 = auto()
    AIPP_PADDING = auto()
    AIPP_SWAP = auto()
    AIPP_SINGLE_LINE = auto()
    AIPP_DTC = auto()
    AIPP_CHANNEL_PADDING = auto()
    AIPP_CSC = auto()
    AIPP = auto()


FieldType = Attribute | ParamsKind | None
"""A field's C++ type: a scalar type; None for the struct's element type
(``DataCopyPadExtParams<T>::paddingValue``); a ``ParamsKind`` for a nested struct, templated on the
struct's element type when the nested struct is templated (``AippParams<T>::paddingParams``)."""


@dataclass(frozen=True)
class StructLayout:
    """A C++ parameter struct: its name and its fields in the order its constructor takes them (its
    declaration order for an aggregate), with their types.  ``enum_fields`` names the fields that hold a
    C++ enumeration (an integer in the IR, spelled by name in C++)."""

    cpp_name: str
    fields: tuple[tuple[str, FieldType], ...]
    templated: bool = False
    enum_fields: tuple[tuple[str, str], ...] = ()
    """Fields of a C++ enum type, carried as integers: (field, the enum's C++ name, a key of ``CPP_ENUMS``)."""

    def enum_of(self, field: str) -> str | None:
        return dict(self.enum_fields).get(field)


LAYOUTS: dict[ParamsKind, StructLayout] = {
    ParamsKind.DATA_COPY: StructLayout(
        "DataCopyParams", (("blockCount", _U16), ("blockLen", _U16), ("srcStride", _U16), ("dstStride", _U16))
    ),
    ParamsKind.DATA_COPY_EXT: StructLayout(
        "DataCopyExtParams",
        (("blockCount", _U16), ("blockLen", _U32), ("srcStride", _U32), ("dstStride", _U32), ("rsv", _U32)),
    ),
    ParamsKind.DATA_COPY_PAD: StructLayout(
        "DataCopyPadParams", (("isPad", i1), ("leftPadding", _U8), ("rightPadding", _U8), ("paddingValue", _U64))
    ),
    ParamsKind.DATA_COPY_PAD_EXT: StructLayout(
        "DataCopyPadExtParams",
        (("isPad", i1), ("leftPadding", _U8), ("rightPadding", _U8), ("paddingValue", None)),
        templated=True,
    ),
    ParamsKind.BINARY_REPEAT: StructLayout(
        "BinaryRepeatParams",
        (
            ("dstBlkStride", _U8),
            ("src0BlkStride", _U8),
            ("src1BlkStride", _U8),
            ("dstRepStride", _U8),
            ("src0RepStride", _U8),
            ("src1RepStride", _U8),
        ),
    ),
    ParamsKind.UNARY_REPEAT: StructLayout(
        "UnaryRepeatParams",
        (("dstBlkStride", _U16), ("srcBlkStride", _U16), ("dstRepStride", _U8), ("srcRepStride", _U8)),
    ),
    ParamsKind.GATHER_REPEAT: StructLayout("GatherRepeatParams", (("dstBlkStride", _U8), ("dstRepStride", _U8))),
    ParamsKind.BRCB_REPEAT: StructLayout("BrcbRepeatParams", (("dstBlkStride", _U16), ("dstRepStride", _U16))),
    ParamsKind.GATHER_MASK: StructLayout(
        "GatherMaskParams",
        (("src0BlockStride", _U8), ("repeatTimes", _U16), ("src0RepeatStride", _U16), ("src1RepeatStride", _U8)),
    ),
    ParamsKind.TRANSPOSE_EXT: StructLayout(
        "TransposeParamsExt",
        (("nSize", _U16), ("cSize", _U16), ("hSize", _U16), ("wSize", _U16), ("transposeType", _U8)),
        enum_fields=(("transposeType", "AscendC::TransposeType"),),
    ),
    ParamsKind.TRANS_DATA_TO_5HD: StructLayout(
        "TransDataTo5HDParams",
        (
            ("dstHighHalf", i1),
            ("srcHighHalf", i1),
            ("repeatTimes", _U8),
            ("dstRepStride", _U16),
            ("srcRepStride", _U16),
        ),
    ),
    ParamsKind.COPY_REPEAT: StructLayout(
        "CopyRepeatParams", (("dstStride", _U16), ("srcStride", _U16), ("dstRepeatSize", _U16), ("srcRepeatSize", _U16))
    ),
    ParamsKind.VDEQ_INFO: StructLayout("VdeqInfo", ()),  # built from three arrays by ascendc.vdeq_info
    ParamsKind.CHECK_LOCAL_MEMORY_IA: StructLayout(
        "CheckLocalMemoryIAParam",
        (
            ("enableBit", _U8),
            ("startAddr", _U32),
            ("endAddr", _U32),
            ("isScalarRead", i1),
            ("isScalarWrite", i1),
            ("isVectorRead", i1),
            ("isVectorWrite", i1),
            ("isMteRead", i1),
            ("isMteWrite", i1),
            ("isEnable", i1),
        ),
    ),
    ParamsKind.SLICE_INFO: StructLayout(
        "SliceInfo",
        (("startIndex", _U32), ("endIndex", _U32), ("stride", _U32), ("burstLen", _U32), ("shapeValue", _U32)),
    ),
}
"""The field layouts of CANN's structs (the order of their constructors' parameters: ``kernel_struct_data_copy.h``,
``kernel_struct_binary.h``, ``kernel_struct_unary.h``, ``kernel_struct_gather.h``, ``kernel_struct_brcb.h``,
``kernel_struct_transpose.h``)."""

CPP_ENUMS: dict[str, tuple[str, ...]] = {"AscendC::TransposeType": names_by_value(TransposeType)}
"""The members of the C++ enums that struct fields hold, by value (``enum class TransposeType : uint8_t``)."""


@irdl_attr_definition
class ParamsType(ParametrizedAttribute, TypeAttribute):
    """A parameter struct: ``!ascendc.params<data_copy>``, or ``!ascendc.params<data_copy_pad_ext, f16>``
    for the templated ``DataCopyPadExtParams<half>``."""

    name = "ascendc.params"
    kind: IntAttr
    element_type: Attribute

    def __init__(self, kind: ParamsKind, element_type: Attribute | None = None):
        super().__init__(IntAttr(list(ParamsKind).index(kind)), element_type or NoneAttr())

    @property
    def params_kind(self) -> ParamsKind:
        return list(ParamsKind)[self.kind.data]

    @property
    def layout(self) -> StructLayout:
        return LAYOUTS[self.params_kind]

    def field_types(self) -> list[Attribute]:
        """The C++ type of every field, in order."""
        return [self._field_type(t) for _, t in self.layout.fields]

    def _field_type(self, t: FieldType) -> Attribute:
        if t is None:
            return self.element_type
        if isinstance(t, ParamsKind):
            nested = LAYOUTS[t]
            return ParamsType(t, self.element_type if nested.templated else None)
        return t

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(str(self.params_kind))
            if not isinstance(self.element_type, NoneAttr):
                printer.print_string(", ")
                printer.print_attribute(self.element_type)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            kind = parser.parse_str_enum(ParamsKind)
            element: Attribute = NoneAttr()
            if parser.parse_optional_punctuation(",") is not None:
                element = parser.parse_type()
        return (IntAttr(list(ParamsKind).index(kind)), element)

    def verify(self) -> None:
        from xdsl.utils.exceptions import VerifyException

        if not 0 <= self.kind.data < len(ParamsKind):
            raise VerifyException(f"unknown parameter struct kind {self.kind.data}")
        if self.layout.templated == isinstance(self.element_type, NoneAttr):
            wanted = "needs" if self.layout.templated else "takes no"
            raise VerifyException(f"{self.layout.cpp_name} {wanted} element type")


@irdl_attr_definition
class MaskListType(ParametrizedAttribute, TypeAttribute):
    """A bit mask given per element: ``uint64_t mask[N]``, e.g. ``!ascendc.mask_list<2>``."""

    name = "ascendc.mask_list"
    size: IntAttr

    def __init__(self, size: int):
        super().__init__(IntAttr(size))

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(str(self.size.data))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            return (IntAttr(parser.parse_integer(allow_boolean=False, allow_negative=False)),)


@irdl_attr_definition
class ShapeInfoType(ParametrizedAttribute, TypeAttribute):
    """An ``AscendC::ShapeInfo``: the shape of a tensor, as ``GetShapeSize`` reads it."""

    name = "ascendc.shape_info"


U8, U16, U32, U64 = _U8, _U16, _U32, _U64


__all__ = ["CPP_ENUMS", "LAYOUTS", "MaskListType", "ParamsKind", "ParamsType", "ShapeInfoType"]
