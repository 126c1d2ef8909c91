"""``asc.adv.rmsnorm``: RMS normalisation over the last axis (``AscendC::RmsNorm``)."""

from __future__ import annotations

from typing import Any

from ascx.dialects.ascendc.adv_ops import RmsNormOp
from ascx.language.adv.lib_tiling import RmsNormTiling
from ascx.language.adv.tmp_sizes import rmsnorm_tmp_size
from ascx.language.adv.utils import (
    check_aligned,
    check_tmp_size,
    dtype_of,
    kernel_tiling,
    known_elements,
    lib_tensor,
    require_dtype,
    require_same_dtype,
    template_flag,
    tmp_operand,
)
from ascx.language.core.api_errors import ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import element_operand
from ascx.language.core.dtype import float16, float32

BASIC_BLOCK_RULE = "the last axis (h_length) is a multiple of 64 below 2048 and b_length * s_length a multiple of 8"


def rmsnorm(
    dst: Any,
    src: Any,
    gamma: Any,
    epsilon: Any,
    tiling: Any,
    temp_buffer: Any = None,
    basic_block: Any = False,
) -> None:
    api = "rmsnorm"
    builder = active(api)
    d = lib_tensor(dst, api, "dst")
    s = lib_tensor(src, api, "src")
    g = lib_tensor(gamma, api, "gamma")
    require_dtype(api, s, "src", (float16, float32))
    require_same_dtype(api, ("src", s), ("dst", d), ("gamma", g))
    t = kernel_tiling(tiling, RmsNormTiling, api)
    basic = template_flag(basic_block, api, "basic_block")
    tmp = tmp_operand(temp_buffer, api)
    eps = element_operand(builder, epsilon, dtype_of(s), api=api, param="epsilon")
    check_aligned(api, ("dst", d), ("src", s), ("gamma", g), *((("temp_buffer", tmp),) if tmp else ()))
    fields = t.known_fields()
    b, sl, h = fields.get("b_length"), fields.get("s_length"), fields.get("h_length")
    type_size = dtype_of(s).sizeof()
    if isinstance(h, int) and h > 0:
        if h * type_size % 32:
            raise ApiValueError(
                f"rmsnorm: the tiling's h_length {h} is not 32-byte aligned for {dtype_of(s)}; RmsNorm needs the "
                "last axis 32-byte aligned",
                "pad H to a multiple of 32 bytes and set original_h_length to the real length",
            )
        _, minimum = rmsnorm_tmp_size(1, 1, h, type_size)
        check_tmp_size(
            api, tmp, minimum, f"RmsNorm of rows of {h} {dtype_of(s)}",
            "size it with asc.lib.host.get_rms_norm_max_min_tmp_size",
        )  # fmt: skip
        elements = known_elements(g)
        if elements is not None and elements < h:
            raise ApiValueError(f"rmsnorm: gamma has {elements} elements, fewer than the tiling's h_length {h}")
        if isinstance(b, int) and isinstance(sl, int) and b > 0 and sl > 0:
            for name, tensor in (("src", s), ("dst", d)):
                elements = known_elements(tensor)
                if elements is not None and b * sl * h > elements:
                    raise ApiValueError(
                        f"rmsnorm: the tiling's shape [{b}, {sl}, {h}] has {b * sl * h} elements, more than the "
                        f"{elements} of {name}"
                    )
            if basic and not (h % 64 == 0 and h < 2048 and b * sl % 8 == 0):
                raise ApiValueError(
                    f"rmsnorm: basic_block=True needs {BASIC_BLOCK_RULE}; the tiling has [{b}, {sl}, {h}]",
                    "pass basic_block=False",
                )
    op = RmsNormOp.of(
        [d.ssa, s.ssa, g.ssa, eps, t.ssa], {"tmp": tmp.ssa if tmp else None}, flags=["basic_block"] if basic else []
    )
    builder.insert(op)


__all__ = ["rmsnorm"]
