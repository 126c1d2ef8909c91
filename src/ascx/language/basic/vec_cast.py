"""``cast``: element-wise conversion between data types with a rounding mode (``AscendC::Cast``)."""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.operands import extent_operands, tensor_param, vector_forms, vector_tensor
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe
from ascx.language.core.enums import RoundMode
from ascx.language.core.forms import Param, bind
from ascx.language.core.params import UnaryRepeatParams

FORMS = vector_forms(
    [tensor_param("dst"), tensor_param("src"), Param("round_mode", lambda v: True, "RoundMode")],
    UnaryRepeatParams,
    count_set_mask=False,
)


def cast(dst: Any, src: Any, round_mode: Any, *args: Any, **kwargs: Any) -> None:
    """``AscendC::Cast<Dst, Src>(dst, src, roundMode, count)``."""
    builder = active("cast")
    form, bound = bind("cast", FORMS, (dst, src, round_mode, *args), kwargs)
    d = vector_tensor(bound["dst"], "cast", "dst")
    s = vector_tensor(bound["src"], "cast", "src")
    mode = bound["round_mode"]
    if not isinstance(mode, RoundMode):
        raise ApiTypeError(f"cast: round_mode must be an asc.RoundMode, got {describe(mode)}")
    if d.dtype == s.dtype:
        raise ApiValueError(
            f"cast: dst and src are both {d.dtype}; Cast converts between data types",
            "copy with asc.data_copy instead",
        )
    optional, flags = extent_operands(builder, "cast", form, bound)
    properties = {"round_mode": ir.RoundModeAttr(ir.RoundMode[mode.name])}
    builder.insert(ir.VecCastOp.of([d.ssa, s.ssa], optional, properties, flags))


__all__ = ["cast"]
