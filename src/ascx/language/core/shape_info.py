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
from ascx.language.records import records

record = records(__name__, "core/values")


def dims_message(count: int) -> str:
    return f"ShapeInfo: a shape has 1 to 8 dimensions, got {count}"


def shape_size_message(got: str) -> str:
    return f"get_shape_size: expected an asc.ShapeInfo, got {got}"


@record(
    forms=("shape = asc.ShapeInfo([d0, d1, ...])",),
    cpp=("uint32_t shape_dims[] = {d0, d1, ...};", "AscendC::ShapeInfo shape(N, shape_dims);"),
    params=(("shape", "a list or tuple of integers, compile-time or runtime"),),
    rules=(f'"{dims_message(9)}".',),
    notes=("pyasc builds the shape from ``asc.array``; ascx takes a Python list.",),
    summary="A tensor shape of 1 to 8 dimensions, in ND format.",
    title="asc.ShapeInfo",
)
class ShapeInfo(Handle):
    """``AscendC::ShapeInfo``: ``shape`` is a list or tuple of 1 to 8 dimensions (ints or runtime
    integers), or an ``asc.array`` of them; the data format is ND.  ``ShapeInfo()`` is an empty shape."""

    __slots__ = ("dims",)

    def __init__(self, shape: Any = None, original_shape: Any = None, data_format: Any = None) -> None:
        from ascx.language.core.array import Array
        from ascx.language.core.system_enums import DataFormat

        builder = active("ShapeInfo")
        if original_shape is not None or (data_format is not None and data_format is not DataFormat.ND):
            raise ApiTypeError(
                "ShapeInfo: only shape is supported (original_shape and data_format keep their defaults)"
            )
        if shape is None:
            self.dims = ()
            super().__init__(builder.insert(ir.ShapeInfoOp([])).result)
            return
        if isinstance(shape, Array):
            shape = [shape[i] for i in range(len(shape))]
        if not isinstance(shape, list | tuple):
            raise ApiTypeError(f"ShapeInfo: shape must be a list or tuple of dimensions, got {describe(shape)}")
        dims = cast("Sequence[object]", shape)
        if not 1 <= len(dims) <= 8:
            raise ApiTypeError(dims_message(len(dims)))
        self.dims = tuple(dims)
        operands = [integer_operand(builder, d, uint32, api="ShapeInfo", param="shape") for d in dims]
        super().__init__(builder.insert(ir.ShapeInfoOp(operands)).result)

    @record(
        forms=("size = shape_info.shape(dim)",),
        cpp=(),
        rules=(
            "The shape must be known when the kernel is traced: a ShapeInfo from ``get_shape_info`` has no known "
            "dimensions.",
        ),
        page="core/tensor_metadata",
    )
    def shape(self, dim: Any) -> Any:
        """Dimension ``dim`` of a shape built in the kernel, as it was given."""
        return self._dim(dim, "ShapeInfo.shape")

    @record(forms=("size = shape_info.original_shape(dim)",), cpp=(), page="core/tensor_metadata")
    def original_shape(self, dim: Any) -> Any:
        """Dimension ``dim`` of the original shape (ascx's ShapeInfos are ND: the shape itself)."""
        return self._dim(dim, "ShapeInfo.original_shape")

    def _dim(self, dim: Any, api: str) -> Any:
        if not isinstance(dim, int) or isinstance(dim, bool):
            raise ApiTypeError(f"{api}: dim must be a compile-time int, got {describe(dim)}")
        if not self.dims and self.is_bound:
            raise ApiTypeError(
                f"{api}: the dimensions of this ShapeInfo are not known when the kernel is traced (it came from "
                "get_shape_info, or is empty)"
            )
        if not 0 <= dim < len(self.dims):
            raise IndexError(f"{api}: dimension {dim} of a shape of {len(self.dims)} dimensions")
        return self.dims[dim]

    @classmethod
    def wrap(cls, ssa: Any) -> ShapeInfo:
        """A ShapeInfo an op returned (``t.GetShapeInfo()``): its dimensions are not known here."""
        info = object.__new__(cls)
        Handle.__init__(info, ssa)
        info.dims = ()
        return info


@record(
    forms=("n = asc.get_shape_size(shape_info)",),
    cpp=("int32_t GetShapeSize(const ShapeInfo& shapeInfo);",),
    rules=(f'"{shape_size_message(describe(3))}".',),
)
def get_shape_size(shape_info: Any) -> RuntimeScalar:
    """The number of elements of a shape (``int32``)."""
    builder = active("get_shape_size")
    if not isinstance(shape_info, ShapeInfo):
        raise ApiTypeError(shape_size_message(describe(shape_info)))
    op = builder.insert(ir.GetShapeSizeOp(shape_info.ssa))
    return RuntimeScalar(op.result, int32, origin="a shape's size")


__all__ = ["ShapeInfo", "get_shape_size"]
