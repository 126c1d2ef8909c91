"""``asc.array``: a scalar array of the kernel (``int32_t a[3] = {1, 2, 3};``), read and written with
``a[i]`` by the scalar unit."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from xdsl.ir import SSAValue

from ascx.dialects.ascendc import array_ops as array_ir
from ascx.language.core.api_errors import ApiTypeError
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.convert import describe, element_operand, integer_operand
from ascx.language.core.dtype import DataType, int32
from ascx.language.core.values import Handle, RuntimeScalar
from ascx.language.records import records

record = records(__name__, "core/helpers")
ARRAY_DTYPE = "Array dtype must be integer or float"
ARRAY_LENGTH = "Array length must be a positive integer"
FILL_WITH_VALUES = "fill_value cannot be provided together with initial values"


class Array(Handle):
    """A C array of ``length`` scalars of ``dtype`` (made by :func:`array`)."""

    __slots__ = ("dtype", "length")

    def __init__(self, ssa: SSAValue, dtype: DataType, length: int):
        super().__init__(ssa, origin="an element of an asc.array")
        self.dtype = dtype
        self.length = length

    def __len__(self) -> int:
        return self.length

    def _index(self, builder: IRBuilder, index: Any, api: str) -> SSAValue:
        if isinstance(index, int) and not isinstance(index, bool) and not -self.length <= index < self.length:
            raise IndexError(f"{api}: index {index} is out of range for an array of {self.length} elements")
        if isinstance(index, int) and not isinstance(index, bool) and index < 0:
            index += self.length
        return integer_operand(builder, index, int32, api=api, param="index")

    def __getitem__(self, index: Any) -> RuntimeScalar:
        api = "asc.array[]"
        builder = active(api)
        op = builder.insert(array_ir.ArrayLoadOp(self.ssa, self._index(builder, index, api)))
        return RuntimeScalar(op.result, self.dtype, origin="an element of an asc.array")

    def __setitem__(self, index: Any, value: Any) -> None:
        api = "asc.array[]="
        builder = active(api)
        position = self._index(builder, index, api)
        element = element_operand(builder, value, self.dtype, api=api, param="value")
        builder.insert(array_ir.ArrayStoreOp(element, self.ssa, position))


@record(
    forms=("a = asc.array(dtype, length, fill_value=None)", "a = asc.array(dtype, values)"),
    cpp=("T a[N];", "T a[N] = {v0, v1, ...};"),
    rules=(
        f'"{ARRAY_DTYPE}"; "{ARRAY_LENGTH}"; "{FILL_WITH_VALUES}" (pyasc\'s messages); a constant index out of range '
        "is an ``IndexError``.",
    ),
)
def array(dtype: Any, length_or_values: Any, fill_value: Any = None) -> Array:
    """A scalar array of the kernel: uninitialised, filled with ``fill_value``, or holding ``values``; ``a[i]``
    reads and ``a[i] = v`` writes an element."""
    builder = active("array")
    if not isinstance(dtype, DataType) or not dtype.is_numeric():
        raise RuntimeError(ARRAY_DTYPE)
    values: Sequence[Any]
    if isinstance(length_or_values, int) and not isinstance(length_or_values, bool):
        length = int(length_or_values)
        if length <= 0:
            raise RuntimeError(ARRAY_LENGTH)
        values = [] if fill_value is None else [fill_value] * length
    elif isinstance(length_or_values, list | tuple):
        if fill_value is not None:
            raise RuntimeError(FILL_WITH_VALUES)
        values = cast("Sequence[Any]", length_or_values)
        length = len(values)
        if length == 0:
            raise RuntimeError(ARRAY_LENGTH)
    else:
        raise ApiTypeError(
            f"array: the second argument is a length (int) or the initial values (list or tuple), "
            f"got {describe(length_or_values)}"
        )
    operands = [element_operand(builder, v, dtype, api="array", param="values") for v in values]
    op = builder.insert(array_ir.ArrayOp(array_ir.ArrayType(dtype.to_ir(), length), operands))
    return Array(op.result, dtype, length)


__all__ = ["array"]
