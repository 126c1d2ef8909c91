"""The vector mask register: ``set_vector_mask``, ``set_mask_count``, ``set_mask_norm``, ``reset_mask``
(pyasc's ``asc.language.basic.common``; ``AscendC::SetVectorMask`` ...).

In normal mode the register holds the lanes of one repeat (a bit per lane); in counter mode its low word
is the number of elements a call computes, and the call's repeat count is ignored.  Mask forms called
with ``is_set_mask=False`` use the register as these APIs left it.
"""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.reduce_args import COUNTER_MODE_SEEN
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.dtype import DataType, int32, uint64
from ascx.language.core.enums import MaskMode
from ascx.language.core.forms import Form, Param, bind, is_int

FORMS = [
    Form(
        "length",
        (
            Param("length", is_int, "int"),
            Param("dtype", lambda v: True, "DataType"),
            Param("mode", lambda v: True, "MaskMode"),
        ),
    ),
    Form(
        "bits",
        (
            Param("mask_high", is_int, "int"),
            Param("mask_low", is_int, "int"),
            Param("dtype", lambda v: True, "DataType"),
            Param("mode", lambda v: True, "MaskMode"),
        ),
    ),
]


def set_vector_mask(*args: Any, **kwargs: Any) -> None:
    """``AscendC::SetVectorMask<T, mode>(len)`` or ``SetVectorMask<T, mode>(maskHigh, maskLow)``."""
    api = "set_vector_mask"
    builder = active(api)
    form, bound = bind(api, FORMS, args, kwargs)
    dtype, mode = bound["dtype"], bound["mode"]
    if not isinstance(dtype, DataType):
        raise ApiTypeError(f"{api}: dtype must be an asc data type (asc.float16, ...), got {describe(dtype)}")
    if not isinstance(mode, MaskMode):
        raise ApiTypeError(f"{api}: mode must be an asc.MaskMode, got {describe(mode)}")
    if form == "length":
        values = [integer_operand(builder, bound["length"], int32, api=api, param="length")]
    else:
        high = bound["mask_high"]
        if isinstance(high, int) and high != 0:
            if mode is MaskMode.COUNTER:
                raise ApiValueError(
                    f"{api}: in counter mode mask_high must be 0, got {high}",
                    "the element count goes in mask_low",
                )
            if dtype.sizeof() >= 4:
                raise ApiValueError(
                    f"{api}: a repeat of {dtype} has {256 // dtype.sizeof()} lanes, so mask_high must be 0, got {high}"
                )
        values = [
            integer_operand(builder, high, uint64, api=api, param="mask_high"),
            integer_operand(builder, bound["mask_low"], uint64, api=api, param="mask_low"),
        ]
    builder.insert(ir.SetVectorMaskOp(ir.MaskMode[mode.name], dtype.to_ir(), values))


def set_mask_count() -> None:
    """``AscendC::SetMaskCount()``: the vector mask counts elements from now on."""
    builder = active("set_mask_count")
    builder.insert(ir.SetMaskModeOp(ir.MaskMode.COUNTER))
    builder.kernel_state[COUNTER_MODE_SEEN] = True


def set_mask_norm() -> None:
    """``AscendC::SetMaskNorm()``: the vector mask selects the lanes of each repeat from now on."""
    active("set_mask_norm").insert(ir.SetMaskModeOp(ir.MaskMode.NORMAL))


def reset_mask() -> None:
    """``AscendC::ResetMask()``: every lane of the vector mask on again."""
    active("reset_mask").insert(ir.ResetMaskOp())


__all__ = ["reset_mask", "set_mask_count", "set_mask_norm", "set_vector_mask"]
