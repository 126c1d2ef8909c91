"""The parameter structs of data movement and vector ops (pyasc's ``asc.DataCopyParams``, ...).

Constructing one in a kernel builds it (``AscendC::DataCopyParams p{...};``), with every field
converted to its C++ type; the Python values stay on the object so that the APIs taking it can
check constant fields at the call.

A struct's fields are declared once, by its layout (``ascx.dialects.ascendc.LAYOUTS[KIND]``: C++
names, order and types); ``ParamsStruct.NAMES``, the Python names in C++ order, is derived from it:
each C++ name in snake case (``dstNzC0Stride``: ``dst_nz_c0_stride``), unless ``RENAMED`` gives
pyasc's own.  The constructor's signature is pyasc's (names, positional order, defaults).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, ClassVar

from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.language.core.builder import active
from ascx.language.core.checks import is_instance
from ascx.language.core.convert import element_operand, integer_operand
from ascx.language.core.dtype import DataType, bit
from ascx.language.core.values import Handle, RuntimeScalar
from ascx.language.records import records

record = records(__name__, "basic/data_copy")


def bool_field_message(api: str, name: str, got: str) -> str:
    """``got`` names the type given (``int``)."""
    return f"{api}: {name} must be a bool, got {got}"


def python_name(cpp_name: str) -> str:
    """A C++ field's name in snake case, as pyasc names its parameter (``l1H``: ``l1_h``)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cpp_name).lower()


class ParamsStruct(Handle):
    """A parameter struct built in the kernel; ``values`` holds the fields as the kernel gave them."""

    __slots__ = ("element_dtype", "values")

    KIND: ClassVar[ir.ParamsKind]
    RENAMED: ClassVar[Mapping[str, str]] = {}
    """pyasc's names of the fields it does not name by :func:`python_name`: C++ name -> Python name."""
    NAMES: ClassVar[tuple[str, ...]]
    """The Python names of the fields, in C++ declaration order: derived from the layout of ``KIND`` (a
    class that states them is checked against it)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "KIND" in vars(cls):
            names = cls.field_names(cls.KIND)
            stated = vars(cls).get("NAMES", names)
            if stated != names:
                raise TypeError(f"{cls.__name__}.NAMES {stated} are not the fields of its layout, {names}")
            cls.NAMES = names  # pyright: ignore[reportConstantRedefinition]  (derived once per class)

    @classmethod
    def field_names(cls, kind: ir.ParamsKind) -> tuple[str, ...]:
        """The Python names of the fields of ``kind``'s layout, in C++ order."""
        return tuple(cls.RENAMED.get(cpp_name, python_name(cpp_name)) for cpp_name, _ in ir.LAYOUTS[kind].fields)

    def _build(self, values: dict[str, Any], element_dtype: DataType | None = None) -> None:
        api = type(self).__name__
        builder = active(api)
        params_type = ir.ParamsType(self.KIND, element_dtype.to_ir() if element_dtype is not None else None)
        operands: list[SSAValue] = []
        for name, field_type in zip(self.NAMES, params_type.field_types(), strict=True):
            dtype = DataType.from_ir(field_type)
            value = values[name]
            if dtype == bit:
                if not isinstance(value, bool) and not (isinstance(value, RuntimeScalar) and value.dtype == bit):
                    raise TypeError(bool_field_message(api, name, type(value).__name__))
                operands.append(integer_operand(builder, value, bit, api=api, param=name))
            elif name == "padding_value" and element_dtype is not None:
                operands.append(element_operand(builder, value, dtype, api=api, param=name))
            else:
                operands.append(integer_operand(builder, value, dtype, api=api, param=name))
        super().__init__(builder.insert(ir.ParamsOp(params_type, operands)).result)
        self.values = values
        self.element_dtype = element_dtype

    def constant(self, name: str) -> int | None:
        """The field ``name`` when the kernel gave a Python int, else None."""
        value = self.values[name]
        return int(value) if isinstance(value, int) else None


@record(
    forms=("asc.DataCopyParams(block_count=1, block_len=0, src_stride=0, dst_stride=0)",),
    cpp=("AscendC::DataCopyParams p{blockCount, blockLen, srcStride, dstStride};  // uint16_t each",),
    rules=('Constants fit their fields: "DataCopyParams: block_count 70000 does not fit uint16".',),
)
class DataCopyParams(ParamsStruct):
    """``block_count`` blocks of ``block_len`` 32-byte units; the strides skip 32-byte units between blocks
    (in bytes for ``data_copy_pad``)."""

    __slots__ = ()
    KIND = ir.ParamsKind.DATA_COPY

    def __init__(self, block_count: Any = 1, block_len: Any = 0, src_stride: Any = 0, dst_stride: Any = 0) -> None:
        self._build(dict(block_count=block_count, block_len=block_len, src_stride=src_stride, dst_stride=dst_stride))


@record(
    forms=("asc.DataCopyExtParams(block_count=1, block_len=0, src_stride=0, dst_stride=0, rsv=0)",),
    cpp=("AscendC::DataCopyExtParams p{blockCount, blockLen, srcStride, dstStride, rsv};  // uint16_t, then uint32_t",),
)
class DataCopyExtParams(ParamsStruct):
    """``data_copy_pad``'s copy parameters, with 32-bit lengths in bytes."""

    __slots__ = ()
    KIND = ir.ParamsKind.DATA_COPY_EXT

    def __init__(
        self, block_count: Any = 1, block_len: Any = 0, src_stride: Any = 0, dst_stride: Any = 0, rsv: Any = 0
    ) -> None:
        self._build(
            dict(block_count=block_count, block_len=block_len, src_stride=src_stride, dst_stride=dst_stride, rsv=rsv)
        )


@record(
    forms=("asc.DataCopyPadParams(is_pad=False, left_padding=0, right_padding=0, padding_value=0)",),
    cpp=("AscendC::DataCopyPadParams p{isPad, leftPadding, rightPadding, paddingValue};",),
    rules=(f'``is_pad`` is a bool: "{bool_field_message("DataCopyPadParams", "is_pad", "int")}".',),
)
class DataCopyPadParams(ParamsStruct):
    """Pad each copied block with ``left_padding``/``right_padding`` elements of ``padding_value``."""

    __slots__ = ()
    KIND = ir.ParamsKind.DATA_COPY_PAD

    def __init__(
        self, is_pad: Any = False, left_padding: Any = 0, right_padding: Any = 0, padding_value: Any = 0
    ) -> None:
        self._build(
            dict(is_pad=is_pad, left_padding=left_padding, right_padding=right_padding, padding_value=padding_value)
        )


@record(
    forms=("asc.DataCopyPadExtParams(dtype, is_pad=False, left_padding=0, right_padding=0, padding_value=0)",),
    cpp=("AscendC::DataCopyPadExtParams<T> p{isPad, leftPadding, rightPadding, paddingValue};",),
)
class DataCopyPadExtParams(ParamsStruct):
    """As ``DataCopyPadParams``, with a padding value of the tensors' type ``dtype``."""

    __slots__ = ()
    KIND = ir.ParamsKind.DATA_COPY_PAD_EXT

    def __init__(
        self,
        dtype: DataType,
        is_pad: Any = False,
        left_padding: Any = 0,
        right_padding: Any = 0,
        padding_value: Any = 0,
    ) -> None:
        if not is_instance(dtype, DataType):
            raise TypeError(f"DataCopyPadExtParams: dtype must be a DataType, got {type(dtype).__name__}")
        values = dict(
            is_pad=is_pad, left_padding=left_padding, right_padding=right_padding, padding_value=padding_value
        )
        self._build(values, dtype)


@record(
    forms=(
        "asc.BinaryRepeatParams(dst_blk_stride=1, src0_blk_stride=1, src1_blk_stride=1, dst_rep_stride=8, "
        "src0_rep_stride=8, src1_rep_stride=8)",
    ),
    cpp=(
        "AscendC::BinaryRepeatParams p{dstBlkStride, src0BlkStride, src1BlkStride, dstRepStride, src0RepStride, "
        "src1RepStride};  // uint8_t each",
    ),
    page="basic/vector_binary",
)
class BinaryRepeatParams(ParamsStruct):
    """Strides of the mask form of binary ops: within a repeat (blocks of 32 bytes) and between repeats, of
    the destination and both sources."""

    __slots__ = ()
    KIND = ir.ParamsKind.BINARY_REPEAT

    def __init__(
        self,
        dst_blk_stride: Any = 1,
        src0_blk_stride: Any = 1,
        src1_blk_stride: Any = 1,
        dst_rep_stride: Any = 8,
        src0_rep_stride: Any = 8,
        src1_rep_stride: Any = 8,
    ) -> None:
        self._build(
            dict(
                dst_blk_stride=dst_blk_stride,
                src0_blk_stride=src0_blk_stride,
                src1_blk_stride=src1_blk_stride,
                dst_rep_stride=dst_rep_stride,
                src0_rep_stride=src0_rep_stride,
                src1_rep_stride=src1_rep_stride,
            )
        )


@record(
    forms=("asc.UnaryRepeatParams(dst_blk_stride=1, src_blk_stride=1, dst_rep_stride=8, src_rep_stride=8)",),
    cpp=(
        "AscendC::UnaryRepeatParams p{dstBlkStride, srcBlkStride, dstRepStride, srcRepStride};  // uint16_t, uint8_t",
    ),
    page="basic/vector_unary",
)
class UnaryRepeatParams(ParamsStruct):
    """Strides of the mask form of unary and tensor-scalar ops: within a repeat (blocks of 32 bytes) and
    between repeats, of the destination and the source."""

    __slots__ = ()
    KIND = ir.ParamsKind.UNARY_REPEAT

    def __init__(
        self, dst_blk_stride: Any = 1, src_blk_stride: Any = 1, dst_rep_stride: Any = 8, src_rep_stride: Any = 8
    ) -> None:
        self._build(
            dict(
                dst_blk_stride=dst_blk_stride,
                src_blk_stride=src_blk_stride,
                dst_rep_stride=dst_rep_stride,
                src_rep_stride=src_rep_stride,
            )
        )


__all__ = [
    "BinaryRepeatParams",
    "DataCopyExtParams",
    "DataCopyPadExtParams",
    "DataCopyPadParams",
    "DataCopyParams",
    "UnaryRepeatParams",
]
