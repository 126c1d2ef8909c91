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
                    raise TypeError(f"{api}: {name} must be a bool, got {type(value).__name__}")
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


class DataCopyParams(ParamsStruct):
    """``AscendC::DataCopyParams``: ``block_count`` blocks of ``block_len`` 32-byte units; the strides
    skip 32-byte units between blocks (in bytes for ``data_copy_pad``)."""

    __slots__ = ()
    KIND = ir.ParamsKind.DATA_COPY
    NAMES = ("block_count", "block_len", "src_stride", "dst_stride")

    def __init__(self, block_count: Any = 1, block_len: Any = 0, src_stride: Any = 0, dst_stride: Any = 0) -> None:
        self._build(dict(block_count=block_count, block_len=block_len, src_stride=src_stride, dst_stride=dst_stride))


class DataCopyExtParams(ParamsStruct):
    """``AscendC::DataCopyExtParams``: ``data_copy_pad``'s copy parameters with 32-bit lengths (bytes)."""

    __slots__ = ()
    KIND = ir.ParamsKind.DATA_COPY_EXT
    NAMES = ("block_count", "block_len", "src_stride", "dst_stride", "rsv")

    def __init__(
        self, block_count: Any = 1, block_len: Any = 0, src_stride: Any = 0, dst_stride: Any = 0, rsv: Any = 0
    ) -> None:
        self._build(
            dict(block_count=block_count, block_len=block_len, src_stride=src_stride, dst_stride=dst_stride, rsv=rsv)
        )


class DataCopyPadParams(ParamsStruct):
    """``AscendC::DataCopyPadParams``: pad each copied block on the left and right (in elements)."""

    __slots__ = ()
    KIND = ir.ParamsKind.DATA_COPY_PAD
    NAMES = ("is_pad", "left_padding", "right_padding", "padding_value")

    def __init__(
        self, is_pad: Any = False, left_padding: Any = 0, right_padding: Any = 0, padding_value: Any = 0
    ) -> None:
        self._build(
            dict(is_pad=is_pad, left_padding=left_padding, right_padding=right_padding, padding_value=padding_value)
        )


class DataCopyPadExtParams(ParamsStruct):
    """``AscendC::DataCopyPadExtParams<T>``: as ``DataCopyPadParams``, with a padding value of type ``dtype``."""

    __slots__ = ()
    KIND = ir.ParamsKind.DATA_COPY_PAD_EXT
    NAMES = ("is_pad", "left_padding", "right_padding", "padding_value")

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


class BinaryRepeatParams(ParamsStruct):
    """``AscendC::BinaryRepeatParams``: block strides within a repeat and repeat strides (in 32-byte
    blocks) of the destination and both sources."""

    __slots__ = ()
    KIND = ir.ParamsKind.BINARY_REPEAT
    NAMES = (
        "dst_blk_stride",
        "src0_blk_stride",
        "src1_blk_stride",
        "dst_rep_stride",
        "src0_rep_stride",
        "src1_rep_stride",
    )

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


class UnaryRepeatParams(ParamsStruct):
    """``AscendC::UnaryRepeatParams``: block and repeat strides of the destination and the source."""

    __slots__ = ()
    KIND = ir.ParamsKind.UNARY_REPEAT
    NAMES = ("dst_blk_stride", "src_blk_stride", "dst_rep_stride", "src_rep_stride")

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
