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


def _set(setting: ir.CubeSetting, api: str, param: str, value: Any) -> None:
    builder = active(api)
    builder.insert(ir.CubeSettingOp(setting, bool_flag(builder, value, api, param)))


def set_hf32_mode(hf32_mode: Any) -> None:
    """``AscendC::SetHF32Mode(hf32Mode)``: float32 ``Mmad`` inputs are rounded to HF32 (True) or not."""
    _set(ir.CubeSetting.HF32_MODE, "set_hf32_mode", "hf32_mode", hf32_mode)


def set_hf32_trans_mode(trans_mode: Any) -> None:
    """``AscendC::SetHF32TransMode(transMode)``: HF32 rounds to nearest even (False) or towards zero (True)."""
    _set(ir.CubeSetting.HF32_TRANS_MODE, "set_hf32_trans_mode", "trans_mode", trans_mode)


def set_mm_layout_transform(mm_layout_mode: Any) -> None:
    """``AscendC::SetMMLayoutTransform(mmLayoutMode)``: ``Mmad`` walks the result N first (True) or M first."""
    _set(ir.CubeSetting.MM_LAYOUT_TRANSFORM, "set_mm_layout_transform", "mm_layout_mode", mm_layout_mode)


__all__ = ["set_hf32_mode", "set_hf32_trans_mode", "set_mm_layout_transform"]
