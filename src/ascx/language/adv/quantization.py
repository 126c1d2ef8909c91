"""``asc.adv.quant``: per-tensor quantisation to int8 (``AscendC::AscendQuant``)."""

from __future__ import annotations

from typing import Any

from xdsl.dialects.builtin import DenseArrayBase, i64

from ascx.dialects.ascendc.adv_ops import QuantOp
from ascx.language.adv.config_helpers import QuantConfig
from ascx.language.adv.known_values import known_int, tensor_extent
from ascx.language.adv.lib_records import library_records
from ascx.language.adv.tmp_sizes import quant_tmp_size
from ascx.language.adv.utils import (
    check_aligned,
    check_count,
    check_tmp_size,
    count_operand,
    known_elements,
    lib_tensor,
    require_dtype,
    reserved_flag,
    template_flag,
    tmp_operand,
    tmp_size_message,
)
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, scalar_operand
from ascx.language.core.dtype import float16, float32, int8

__all__ = ["QuantConfig", "quant"]

CONFIG_FIELDS = ("calc_count", "offset_count", "scale_count", "work_local_size")

lib_record = library_records(__name__)

_T = "template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>\n"


def _dst_type_message(dtype: object) -> str:
    """The message of a destination that is not int8."""
    return f"quant: dst has data type {dtype}; AscendQuant writes int8"


def _count_multiple_message(count: int) -> str:
    """The message of a count that is not a multiple of 32."""
    return (
        f"quant: count {count} is not a multiple of 32; AscendQuant needs the data of its int8 output 32-byte aligned"
    )


def _work_size_message(work: int) -> str:
    """The message of a ``QuantConfig.work_local_size`` too small to process any element."""
    return (
        f"quant: QuantConfig.work_local_size {work} is too small: with calc_count and work_local_size both "
        "non-zero AscendQuant processes work_local_size / 2 rounded down to 32 elements at a time, which "
        "must not be 0"
    )


@lib_record(
    cpp=(
        _T + "void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const "
        "LocalTensor<uint8_t>& sharedTmpBuffer, const float scale, const float offset, const uint32_t calCount);",
        _T + "void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const float "
        "scale, const float offset, const uint32_t calCount);",
        "(and the same two without calCount)",
    ),
    params=(
        ("dst", "the int8 result"),
        ("src", "the input, half or float32"),
        ("scale", "a number or a runtime scalar (float in C++)"),
        ("offset", "a number or a runtime scalar (float in C++)"),
        ("count", "how many elements (all of ``src`` when None), a multiple of 32"),
        ("temp_buffer", "a uint8 LocalTensor of at least 512 bytes, or None"),
        ("reuse_source", "compile-time bool; reserved by CANN"),
        ("config", "an ``asc.adv.QuantConfig(calc_count, offset_count, scale_count, work_local_size)``, compile-time"),
    ),
    rules=(
        f'"{_dst_type_message(float16)}".',
        f'"{_count_multiple_message(48)}".',
        f'"{tmp_size_message("quant", 256, "AscendQuant", quant_tmp_size(32, 2)[1])}".',
        "The config's counts are template arguments (compile-time ``uint32_t``); ``work_local_size`` fits the "
        "buffer; with ``calc_count`` and ``work_local_size`` both non-zero, ``calc_count`` replaces the count and "
        f'``work_local_size`` is at least 64 (CANN divides by it): "{_work_size_message(32)}".',
    ),
    precision="As CANN documents: src, scale and offset converted to half; src * scale and + offset each rounded to "
    "half; rounded to the nearest integer (ties to even) and saturated to [-128, 127]. Bit-exact with numpy's half "
    "steps; within one integer step of the float64 result.",
    example=("quant", "asc.adv.quant(dst, src, scale, 0.5, 1024, tmp)"),
    notes=(
        "pyasc 1.1.1 converts scale and offset to the source type before the call; ascx passes float32, the type "
        "of CANN's parameters (AscendQuant converts them to half itself).",
    ),
)
def quant(
    dst: Any,
    src: Any,
    scale: Any,
    offset: Any,
    count: Any = None,
    temp_buffer: Any = None,
    reuse_source: Any = False,
    config: Any = None,
) -> None:
    """``AscendQuant`` (per tensor): ``dst = round(src * scale + offset)`` as int8."""
    api = "quant"
    builder = active(api)
    d = lib_tensor(dst, api, "dst")
    s = lib_tensor(src, api, "src")
    require_dtype(api, s, "src", (float16, float32))
    if d.dtype != int8:
        raise ApiTypeError(_dst_type_message(d.dtype))
    reuse = template_flag(reuse_source, api, "reuse_source")
    tmp = tmp_operand(temp_buffer, api)
    scale_value = scalar_operand(builder, scale, float32, api=api, param="scale")
    offset_value = scalar_operand(builder, offset, float32, api=api, param="offset")
    n = count_operand(builder, count, api) if count is not None else None
    check_count(api, count, ("dst", d), ("src", s))
    if (known := known_int(count)) is not None and known % 32:
        raise ApiValueError(_count_multiple_message(known))
    check_aligned(api, ("dst", d), ("src", s), *((("temp_buffer", tmp),) if tmp else ()))
    _, minimum = quant_tmp_size(32, 2)
    check_tmp_size(api, tmp, minimum, "AscendQuant", "size it with asc.lib.host.get_ascend_quant_max_min_tmp_size")
    values = _config(config, s, tmp)
    reserved_flag(builder, reuse, api, "reuse_source")
    attr = DenseArrayBase.from_list(i64, values) if values is not None else None
    op = QuantOp.of(
        [d.ssa, s.ssa, scale_value, offset_value], {"count": n, "tmp": tmp.ssa if tmp else None},
        {"config": attr}, ["reuse_source"] if reuse else [],
    )  # fmt: skip
    builder.insert(op)


def _config(config: Any, src: Any, tmp: Any) -> list[int] | None:
    if config is None:
        return None
    if not isinstance(config, QuantConfig):
        raise ApiTypeError(f"quant: config must be an asc.adv.QuantConfig, got {describe(config)}")
    values: list[int] = []
    for name in CONFIG_FIELDS:
        value = getattr(config, name)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << 32:
            raise ApiValueError(
                f"quant: QuantConfig.{name} must be a compile-time uint32_t (a template argument of the C++ call), "
                f"got {describe(value)}"
            )
        values.append(value)
    calc, _, _, work = values
    if calc and work and work // 2 // 32 * 32 == 0:
        raise ApiValueError(
            _work_size_message(work),
            "give work_local_size at least 64 bytes, or 0 to size the work from the buffer at run time",
        )
    elements = known_elements(src)
    if elements is not None and calc > elements:
        raise ApiValueError(f"quant: QuantConfig.calc_count {calc} exceeds the {elements} elements of src")
    if tmp is not None:
        size = tensor_extent(tmp.ssa).size
        if size is not None and work > size:
            raise ApiValueError(
                f"quant: QuantConfig.work_local_size {work} is larger than the {size} bytes of temp_buffer"
            )
    return values
