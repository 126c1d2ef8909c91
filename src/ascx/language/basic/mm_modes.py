"""The cube's computation modes: HF32 (``set_hf32_mode``, ``set_hf32_trans_mode``) and the order in
which ``Mmad`` walks the result (``set_mm_layout_transform``).

Each sets a control register of the core that later ``Mmad`` calls read; pyasc passes a bool, which
is C++'s older overload (``SetHF32Mode(bool)``, ``SetHF32TransMode(bool)``,
``SetMMLayoutTransform(bool)``).
"""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.cube_operands import bool_flag
from ascx.language.core.builder import active
from ascx.language.records import records

record = records(__name__, "basic/cube_matmul")


def _set(setting: ir.CubeSetting, api: str, param: str, value: Any) -> None:
    builder = active(api)
    builder.insert(ir.CubeSettingOp(setting, bool_flag(builder, value, api, param)))


@record(
    forms=("asc.set_hf32_mode(hf32_mode)",),
    cpp=("void SetHF32Mode(bool hf32Mode);  // the bool overload (CANN: superseded by HF32Mode)",),
    # bool_operand (core/cube_params.py) raises this message; it is quoted here
    rules=('"set_hf32_mode: hf32_mode must be a bool, got the int 2".',),
    notes=("The emulation warns once and keeps computing float32.",),
)
def set_hf32_mode(hf32_mode: Any) -> None:
    """Multiply float32 in the cube as HF32 (True) or float32 (False)."""
    _set(ir.CubeSetting.HF32_MODE, "set_hf32_mode", "hf32_mode", hf32_mode)


@record(
    forms=("asc.set_hf32_trans_mode(trans_mode)",),
    cpp=("void SetHF32TransMode(bool hf32TransMode);  // the bool overload (CANN: superseded by HF32TransMode)",),
)
def set_hf32_trans_mode(trans_mode: Any) -> None:
    """HF32 rounding: to nearest with ties away from zero (True) or to even (False)."""
    _set(ir.CubeSetting.HF32_TRANS_MODE, "set_hf32_trans_mode", "trans_mode", trans_mode)


@record(
    forms=("asc.set_mm_layout_transform(mm_layout_mode)",),
    cpp=("void SetMMLayoutTransform(bool mmLayoutMode);",),
)
def set_mm_layout_transform(mm_layout_mode: Any) -> None:
    """The order the cube walks a large Mmad in: N first (True) or M first (False)."""
    _set(ir.CubeSetting.MM_LAYOUT_TRANSFORM, "set_mm_layout_transform", "mm_layout_mode", mm_layout_mode)


__all__ = ["set_hf32_mode", "set_hf32_trans_mode", "set_mm_layout_transform"]
