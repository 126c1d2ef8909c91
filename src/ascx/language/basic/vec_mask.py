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
from ascx.language.core.dtype import DataType, float32, int32, uint64
from ascx.language.core.enums import MaskMode
from ascx.language.core.forms import Form, Param, bind, is_int
from ascx.language.records import records

record = records(__name__, "basic/vector_mask")
API = "set_vector_mask"

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


def dtype_message(got: object) -> str:
    return f"{API}: dtype must be an asc data type (asc.float16, ...), got {describe(got)}"


def mode_message(got: object) -> str:
    return f"{API}: mode must be an asc.MaskMode, got {describe(got)}"


def counter_high_message(high: int) -> str:
    return f"{API}: in counter mode mask_high must be 0, got {high}"


def lanes_message(dtype: DataType, high: int) -> str:
    return f"{API}: a repeat of {dtype} has {256 // dtype.sizeof()} lanes, so mask_high must be 0, got {high}"


@record(
    forms=(
        "asc.set_vector_mask(length, dtype, mode)  # counter mode: an element count",
        "asc.set_vector_mask(mask_high, mask_low, dtype, mode)  # normal mode: the lanes of a repeat",
    ),
    cpp=(
        "template <typename T, MaskMode mode = MaskMode::NORMAL> void SetVectorMask(int32_t len);",
        "template <typename T, MaskMode mode = MaskMode::NORMAL> void SetVectorMask(const uint64_t maskHigh, "
        "const uint64_t maskLow);",
    ),
    params=(
        ("dtype", "the element type of the ops the mask is for (``asc.float16`` ...)"),
        ("mode", "``asc.MaskMode.NORMAL`` or ``COUNTER``; the mode the register is in (``set_mask_count``)"),
    ),
    rules=(
        f'"{dtype_message(3)}"; "{mode_message(1)}".',
        f'In counter mode the count goes in the low word: "{counter_high_message(5)}"; 32-bit types have 64 lanes: '
        f'"{lanes_message(float32, 1)}".',
    ),
    notes=(
        "The register is per core and in program order on the vector pipe: the ops that read it follow it "
        "without synchronisation.",
    ),
)
def set_vector_mask(*args: Any, **kwargs: Any) -> None:
    """Set the vector mask register for mask-form ops called with ``is_set_mask=False``."""
    api = "set_vector_mask"
    builder = active(api)
    form, bound = bind(api, FORMS, args, kwargs)
    dtype, mode = bound["dtype"], bound["mode"]
    if not isinstance(dtype, DataType):
        raise ApiTypeError(dtype_message(dtype))
    if not isinstance(mode, MaskMode):
        raise ApiTypeError(mode_message(mode))
    if form == "length":
        values = [integer_operand(builder, bound["length"], int32, api=api, param="length")]
    else:
        high = bound["mask_high"]
        if isinstance(high, int) and high != 0:
            if mode is MaskMode.COUNTER:
                raise ApiValueError(
                    counter_high_message(high),
                    "the element count goes in mask_low",
                )
            if dtype.sizeof() >= 4:
                raise ApiValueError(lanes_message(dtype, high))
        values = [
            integer_operand(builder, high, uint64, api=api, param="mask_high"),
            integer_operand(builder, bound["mask_low"], uint64, api=api, param="mask_low"),
        ]
    builder.insert(ir.SetVectorMaskOp(ir.MaskMode[mode.name], dtype.to_ir(), values))


@record(
    forms=("asc.set_mask_count()",),
    cpp=("void SetMaskCount();",),
    notes=(
        "The emulation keeps the mode per core; a count form (which sets its own mask) returns the register "
        "to normal mode as CANN does.",
    ),
)
def set_mask_count() -> None:
    """Counter mode: the mask of a mask-form op is the number of elements it computes, in as many repeats as
    that takes (``repeat_times`` is ignored)."""
    builder = active("set_mask_count")
    builder.insert(ir.SetMaskModeOp(ir.MaskMode.COUNTER))
    builder.kernel_state[COUNTER_MODE_SEEN] = True


@record(forms=("asc.set_mask_norm()",), cpp=("void SetMaskNorm();",))
def set_mask_norm() -> None:
    """Normal mode (the default): the mask selects the lanes of each repeat."""
    active("set_mask_norm").insert(ir.SetMaskModeOp(ir.MaskMode.NORMAL))


@record(forms=("asc.reset_mask()",), cpp=("void ResetMask();",))
def reset_mask() -> None:
    """Set every lane of the mask register (normal mode)."""
    active("reset_mask").insert(ir.ResetMaskOp())


__all__ = ["reset_mask", "set_mask_count", "set_mask_norm", "set_vector_mask"]
