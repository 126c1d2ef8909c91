"""The arguments of the mask-form reductions and the sort APIs: ranged integers (repeat counts, strides,
mode numbers), lane masks checked against the lanes of a repeat, and the one-data-type rule."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from xdsl.ir import SSAValue

from ascx.language.basic.operands import check_dtype, mask_operand
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import IRBuilder
from ascx.language.core.convert import integer_operand
from ascx.language.core.dtype import DataType, int32
from ascx.language.core.tensor import BaseTensor

REPEAT_BYTES = 256
"""The bytes one repeat of a vector instruction covers (8 blocks of 32 bytes)."""

UINT8_RANGE = (0, 255)
UINT16_RANGE = (0, 65535)
INT32_RANGE = (0, 2**31 - 1)


def lanes(dtype: DataType) -> int:
    """The elements of one 256-byte repeat."""
    return REPEAT_BYTES // (dtype.bitwidth // 8)


def range_message(api: str, param: str, value: int, bounds: tuple[int, int]) -> str:
    return f"{api}: {param} {value} is outside [{bounds[0]}, {bounds[1]}]"


def ranged_operand(
    builder: IRBuilder,
    value: object,
    api: str,
    param: str,
    bounds: tuple[int, int],
    dtype: DataType = int32,
) -> SSAValue:
    """An integer argument that CANN documents within ``bounds``: a constant outside them is an error; a
    runtime value is passed as it is."""
    low, high = bounds
    if isinstance(value, int) and not isinstance(value, bool) and not low <= value <= high:
        raise ApiValueError(range_message(api, param, value, bounds))
    return integer_operand(builder, value, dtype, api=api, param=param)


COUNTER_MODE_SEEN = "vector mask counter mode"
"""Kernel state: ``set_mask_count`` was traced, so a mask-form call's constant mask may be an element
count (counter mode), not the lanes of one repeat (the mode is a run-time state of the core)."""


def negative_mask_message(api: str, value: int) -> str:
    return f"{api}: mask {value} is negative"


def lanes_message(api: str, value: int, dtype: DataType) -> str:
    return f"{api}: mask {value} is more than the {lanes(dtype)} elements of one repeat of {dtype}"


def lane_mask_operand(builder: IRBuilder, value: object, api: str, dtype: DataType, *, checked: bool) -> SSAValue:
    """The mask of a mask-form call: a constant lane count at most the lanes of one repeat of ``dtype``
    (0 makes the call do nothing; any count once ``set_mask_count`` was traced, as counter mode counts
    the elements of all repeats), or a list of one or two 64-bit words.  With ``checked`` False (the
    mask register is set outside the call) the value is a placeholder and is not checked."""
    if isinstance(value, int) and not isinstance(value, bool):
        count = lanes(dtype)
        if checked and value < 0:
            raise ApiValueError(negative_mask_message(api, value))
        if checked and value > count and not builder.kernel_state.get(COUNTER_MODE_SEEN):
            raise ApiValueError(
                lanes_message(api, value, dtype), "pass a list of 64-bit words to pick elements bit by bit"
            )
        return integer_operand(builder, value, int32, api=api, param="mask")
    if isinstance(value, list | tuple):
        return mask_operand(builder, cast("Sequence[object]", value), api)
    return integer_operand(builder, value, int32, api=api, param="mask")


def one_dtype_message(api: str, name: str, dtype: object, first_name: str, first: object) -> str:
    return f"{api}: {name} has data type {dtype} but {first_name} has {first}; {api} works on one data type"


def one_dtype(api: str, *tensors: tuple[str, BaseTensor]) -> None:
    """All ``tensors`` have the data type of the first."""
    first_name, first = tensors[0]
    for name, tensor in tensors[1:]:
        if tensor.dtype != first.dtype:
            raise ApiTypeError(one_dtype_message(api, name, tensor.dtype, first_name, first.dtype))


def float_operands(api: str, allowed: Sequence[DataType], *tensors: tuple[str, BaseTensor]) -> None:
    """The first tensor has one of the ``allowed`` data types and the others have its type."""
    name, tensor = tensors[0]
    check_dtype(api, tensor, name, allowed)
    one_dtype(api, *tensors)
