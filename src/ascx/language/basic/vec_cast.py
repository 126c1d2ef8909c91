"""``cast``: element-wise conversion between data types with a rounding mode (``AscendC::Cast``)."""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.operands import (
    MASK_PARAMS,
    extent_operands,
    tensor_param,
    vector_forms,
    vector_rules,
    vector_tensor,
)
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe
from ascx.language.core.dtype import float16
from ascx.language.core.enums import RoundMode
from ascx.language.core.forms import Param, bind
from ascx.language.core.params import UnaryRepeatParams
from ascx.language.records import records

record = records(__name__, "basic/vector_conversion")

FORMS = vector_forms(
    [tensor_param("dst"), tensor_param("src"), Param("round_mode", lambda v: True, "RoundMode")],
    UnaryRepeatParams,
    count_set_mask=False,
)


def round_mode_message(got: str) -> str:
    """``got`` describes the argument (``the int 1``)."""
    return f"cast: round_mode must be an asc.RoundMode, got {got}"


def same_types_message(dtype: object) -> str:
    return f"cast: dst and src are both {dtype}; Cast converts between data types"


@record(
    forms=(
        "asc.cast(dst, src, round_mode, count)",
        "asc.cast(dst, src, round_mode, mask, repeat_times, repeat_params, is_set_mask=True)",
    ),
    cpp=(
        "template <typename T1, typename T2> void Cast(const LocalTensor<T1>& dst, const LocalTensor<T2>& src, "
        "const RoundMode& roundMode, const uint32_t count);",
        "template <typename T1, typename T2, bool isSetMask = true> void Cast(..., const RoundMode& roundMode, "
        "uint64_t mask / const uint64_t mask[], const uint8_t repeatTimes, const UnaryRepeatParams& repeatParams);",
    ),
    params=(("round_mode", f"``asc.RoundMode``: {', '.join(mode.name for mode in RoundMode)}"), *MASK_PARAMS),
    rules=(f'"{same_types_message(float16)}"; "{round_mode_message(describe(1))}".', *vector_rules("cast")),
)
def cast(dst: Any, src: Any, round_mode: Any, *args: Any, **kwargs: Any) -> None:
    """Convert each element of ``src`` to the type of ``dst``, rounding as ``round_mode`` says."""
    builder = active("cast")
    form, bound = bind("cast", FORMS, (dst, src, round_mode, *args), kwargs)
    d = vector_tensor(bound["dst"], "cast", "dst")
    s = vector_tensor(bound["src"], "cast", "src")
    mode = bound["round_mode"]
    if not isinstance(mode, RoundMode):
        raise ApiTypeError(round_mode_message(describe(mode)))
    if d.dtype == s.dtype:
        raise ApiValueError(
            same_types_message(d.dtype),
            "copy with asc.data_copy instead",
        )
    optional, flags = extent_operands(builder, "cast", form, bound)
    properties = {"round_mode": ir.RoundModeAttr(ir.RoundMode[mode.name])}
    builder.insert(ir.VecCastOp.of([d.ssa, s.ssa], optional, properties, flags))


__all__ = ["cast"]
