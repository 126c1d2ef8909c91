"""``asc.adv.rmsnorm``: RMS normalisation over the last axis (``AscendC::RmsNorm``)."""

from __future__ import annotations

from typing import Any

from ascx.dialects.ascendc.adv_ops import RmsNormOp
from ascx.language.adv.lib_records import library_records
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
    tiling_shape_message,
    tmp_operand,
    tmp_size_message,
)
from ascx.language.core.api_errors import ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import element_operand
from ascx.language.core.dtype import float16, float32

lib_record = library_records(__name__)

BASIC_BLOCK_RULE = "the last axis (h_length) is a multiple of 64 below 2048 and b_length * s_length a multiple of 8"


def _h_length_message(h: int, dtype: object) -> str:
    """The message of a tiling whose last axis is not 32-byte aligned."""
    return (
        f"rmsnorm: the tiling's h_length {h} is not 32-byte aligned for {dtype}; RmsNorm needs the last axis "
        "32-byte aligned"
    )


def _gamma_message(elements: int, h: int) -> str:
    """The message of a ``gamma`` shorter than the last axis."""
    return f"rmsnorm: gamma has {elements} elements, fewer than the tiling's h_length {h}"


@lib_record(
    cpp=(
        "template <typename T, bool isBasicBlock = false>\nvoid RmsNorm(const LocalTensor<T>& dstLocal, const "
        "LocalTensor<T>& srcLocal, const LocalTensor<T>& gammaLocal, const LocalTensor<uint8_t>& sharedTmpBuffer, "
        "const T epsilon, const RmsNormTiling& tiling);",
        "template <typename T, bool isBasicBlock = false>\nvoid RmsNorm(const LocalTensor<T>& dstLocal, const "
        "LocalTensor<T>& srcLocal, const LocalTensor<T>& gammaLocal, const T epsilon, const RmsNormTiling& "
        "tiling);",
    ),
    params=(
        ("dst", "the result, of ``src``'s type (half or float32); may not overlap ``gamma``"),
        ("src", "the input, ``b * s`` rows of ``h`` elements (``h`` 32-byte aligned, padded with zeros)"),
        ("gamma", "the scale, ``h`` elements of ``src``'s type"),
        ("epsilon", "a number or a runtime scalar, converted to ``src``'s type"),
        ("tiling", "a ``RmsNormTiling`` (filled by ``asc.lib.host.get_rms_norm_tiling_info``, or built in the kernel)"),
        ("temp_buffer", "a uint8 LocalTensor; the tiling's ``main_bs_length`` rows of it are used at a time"),
        ("basic_block", "compile-time bool: the shape is a basic block"),
    ),
    rules=(
        f'"{_h_length_message(60, float16)}".',
        "A temporary buffer of known size holds one row ((h * 2 + 8) * 4 bytes for half, (h + 8) * 4 for float32): "
        f'"{tmp_size_message("rmsnorm", 256, "RmsNorm of rows of 64 float16", rmsnorm_tmp_size(1, 1, 64, 2)[1])}".',
        f'"{_gamma_message(128, 256)}"; the shape fits ``src`` and ``dst``.',
        "``basic_block=True`` needs ``h`` a multiple of 64 below 2048 and ``b * s`` a multiple of 8.",
        "``temp_buffer`` may not overlap an operand, nor ``dst`` ``gamma`` (the emulation fails the run).",
    ),
    precision="In float32: the squares, their sum (in order), times 1/original_h, + epsilon, the square root, its "
    "reciprocal and the two products each rounded to float32; dst rounded to its type. Bit-exact with numpy's "
    "float32 steps; within 4e-6 (float32) / 1e-3 (half) relative error of float64.",
    example=("rmsnorm", "asc.adv.rmsnorm(dst, src, gamma, epsilon, tiling, tmp)"),
)
def rmsnorm(
    dst: Any,
    src: Any,
    gamma: Any,
    epsilon: Any,
    tiling: Any,
    temp_buffer: Any = None,
    basic_block: Any = False,
) -> None:
    """``RmsNorm``: ``dst = src / sqrt(mean(src^2) + epsilon) * gamma`` over the last axis of a ``[b, s, h]``
    input, the mean taken with the tiling's ``1 / original_h_length``."""
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
                _h_length_message(h, dtype_of(s)),
                "pad H to a multiple of 32 bytes and set original_h_length to the real length",
            )
        _, minimum = rmsnorm_tmp_size(1, 1, h, type_size)
        check_tmp_size(
            api, tmp, minimum, f"RmsNorm of rows of {h} {dtype_of(s)}",
            "size it with asc.lib.host.get_rms_norm_max_min_tmp_size",
        )  # fmt: skip
        elements = known_elements(g)
        if elements is not None and elements < h:
            raise ApiValueError(_gamma_message(elements, h))
        if isinstance(b, int) and isinstance(sl, int) and b > 0 and sl > 0:
            for name, tensor in (("src", s), ("dst", d)):
                elements = known_elements(tensor)
                if elements is not None and b * sl * h > elements:
                    raise ApiValueError(tiling_shape_message(api, (b, sl, h), elements, name))
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
