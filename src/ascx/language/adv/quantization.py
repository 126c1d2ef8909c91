"""``asc.adv.quant``: per-tensor quantisation to int8 (``AscendC::AscendQuant``)."""

from __future__ import annotations

from typing import Any

from xdsl.dialects.builtin import DenseArrayBase, i64

from ascx.dialects.ascendc.adv_ops import QuantOp
from ascx.language.adv.config_helpers import QuantConfig
from ascx.language.adv.known_values import known_int, tensor_extent
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
)
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, scalar_operand
from ascx.language.core.dtype import float16, float32, int8

__all__ = ["QuantConfig", "quant"]

CONFIG_FIELDS = ("calc_count", "offset_count", "scale_count", "work_local_size")


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
    api = "quant"
    builder = active(api)
    d = lib_tensor(dst, api, "dst")
    s = lib_tensor(src, api, "src")
    require_dtype(api, s, "src", (float16, float32))
    if d.dtype != int8:
        raise ApiTypeError(f"quant: dst has data type {d.dtype}; AscendQuant writes int8")
    reuse = template_flag(reuse_source, api, "reuse_source")
    tmp = tmp_operand(temp_buffer, api)
    scale_value = scalar_operand(builder, scale, float32, api=api, param="scale")
    offset_value = scalar_operand(builder, offset, float32, api=api, param="offset")
    n = count_operand(builder, count, api) if count is not None else None
    check_count(api, count, ("dst", d), ("src", s))
    if (known := known_int(count)) is not None and known % 32:
        raise ApiValueError(
            f"quant: count {known} is not a multiple of 32; AscendQuant needs the data of its int8 output "
            "32-byte aligned"
        )
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
            f"quant: QuantConfig.work_local_size {work} is too small: with calc_count and work_local_size both "
            "non-zero AscendQuant processes work_local_size / 2 rounded down to 32 elements at a time, which "
            "must not be 0",
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
