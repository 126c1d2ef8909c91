"""``asc.ShapeInfo`` and ``asc.get_shape_size``: a tensor shape on the device."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from ascx.dialects import ascendc as ir
from ascx.language.core.api_errors import ApiTypeError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.dtype import int32, uint32
from ascx.language.core.values import Handle, RuntimeScalar


class ShapeInfo(Handle):
    """``AscendC::ShapeInfo``: ``shape`` is a list or tuple of 1 to 8 dimensions (ints or runtime
    integers); the data format is ND."""

    __slots__ = ("dims",)

    def __init__(self, shape: Any = None, original_shape: Any = None, data_format: Any = None) -> None:
        builder = active("ShapeInfo")
        if original_shape is not None or data_format is not None:
            raise ApiTypeError(
                "ShapeInfo: only shape is supported (original_shape and data_format keep their defaults)"
            )
        if not isinstance(shape, list | tuple):
            raise ApiTypeError(f"ShapeInfo: shape must be a list or tuple of dimensions, got {describe(shape)}")
        dims = cast("Sequence[object]", shape)
        if not 1 <= len(dims) <= 8:
            raise ApiTypeError(f"ShapeInfo: a shape has 1 to 8 dimensions, got {len(dims)}")
        self.dims = tuple(dims)
        operands = [integer_operand(builder, d, uint32, api="ShapeInfo", param="shape") for d in dims]
        super().__init__(builder.insert(ir.ShapeInfoOp(operands)).result)


def get_shape_size(shape_info: Any) -> RuntimeScalar:
    """``AscendC::GetShapeSize(shapeInfo)``: the number of elements of the shape (``int32``)."""
    builder = active("get_shape_size")
    if not isinstance(shape_info, ShapeInfo):
        raise ApiTypeError(f"get_shape_size: expected an asc.ShapeInfo, got {describe(shape_info)}")
    op = builder.insert(ir.GetShapeSizeOp(shape_info.ssa))
    return RuntimeScalar(op.result, int32, origin="a shape's size")
