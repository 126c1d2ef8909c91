"""``asc.adv.softmax``: SoftMax over the last axis (``AscendC::SoftMax``)."""

from __future__ import annotations

from typing import Any

from ascx.dialects.ascendc.adv_ops import SoftmaxOp
from ascx.language.adv.lib_tiling import SoftmaxTiling
from ascx.language.adv.tmp_sizes import softmax_row_floats
from ascx.language.adv.utils import (
    check_aligned,
    check_tmp_size,
    dtype_of,
    kernel_tiling,
    known_elements,
    lib_tensor,
    require_dtype,
    require_same_dtype,
    reserved_flag,
    template_flag,
    tmp_operand,
)
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.dtype import float16, float32

BASIC_BLOCK_RULE = (
    "the last axis (src_k) is a multiple of 64, at least 256 / sizeof(T) and below 2048, and the rows (src_m) "
    "are a multiple of 8"
)


def softmax(
    dst: Any,
    sum: Any,
    max: Any,
    src: Any,
    tiling: Any,
    temp_buffer: Any = None,
    reuse_source: Any = False,
    basic_block: Any = False,
    data_format_nz: Any = False,
) -> None:
    api = "softmax"
    builder = active(api)
    d = lib_tensor(dst, api, "dst")
    s = lib_tensor(src, api, "src")
    sums = lib_tensor(sum, api, "sum")
    maxes = lib_tensor(max, api, "max")
    require_dtype(api, s, "src", (float16, float32))
    require_same_dtype(api, ("src", s), ("dst", d))
    require_same_dtype(api, ("sum", sums), ("max", maxes))
    if sums.dtype != s.dtype and not (s.dtype == float16 and sums.dtype == float32):
        raise ApiTypeError(
            f"softmax: sum and max have data type {sums.dtype} for a {s.dtype} src; they hold the type of src, "
            "or float32 for a half src"
        )
    t = kernel_tiling(tiling, SoftmaxTiling, api)
    reuse = template_flag(reuse_source, api, "reuse_source")
    basic = template_flag(basic_block, api, "basic_block")
    nz = template_flag(data_format_nz, api, "data_format_nz")
    tmp = tmp_operand(temp_buffer, api)
    check_aligned(api, ("dst", d), ("sum", sums), ("max", maxes), ("src", s), *((("temp_buffer", tmp),) if tmp else ()))
    type_size = dtype_of(s).sizeof()
    fields = t.known_fields()
    src_m, src_k = fields.get("src_m"), fields.get("src_k")
    if isinstance(src_k, int) and src_k > 0:
        if src_k * type_size % 32:
            raise ApiValueError(
                f"softmax: the tiling's src_k {src_k} is not 32-byte aligned for {dtype_of(s)}; "
                "SoftMax needs the last axis 32-byte aligned",
                "pad the last axis of the input to a multiple of 32 bytes",
            )
        check_tmp_size(
            api, tmp, softmax_row_floats(src_k, type_size) * 4, f"SoftMax of rows of {src_k} {dtype_of(s)}",
            "size it with asc.lib.host.get_soft_max_min_tmp_size / get_soft_max_max_tmp_size",
        )  # fmt: skip
        if isinstance(src_m, int) and src_m > 0:
            _check_shape(api, d, s, src_m, src_k)
            if basic and not (src_k % 64 == 0 and 256 // type_size <= src_k < 2048 and src_m % 8 == 0):
                raise ApiValueError(
                    f"softmax: basic_block=True needs {BASIC_BLOCK_RULE}; the tiling has [{src_m}, {src_k}]",
                    "pass basic_block=False",
                )
    reserved_flag(builder, reuse, api, "reuse_source")
    flags = [f for f, on in (("reuse_source", reuse), ("basic_block", basic), ("data_format_nz", nz)) if on]
    op = SoftmaxOp.of([d.ssa, sums.ssa, maxes.ssa, s.ssa, t.ssa], {"tmp": tmp.ssa if tmp else None}, flags=flags)
    builder.insert(op)


def _check_shape(api: str, d: Any, s: Any, src_m: int, src_k: int) -> None:
    for name, tensor in (("src", s), ("dst", d)):
        elements = known_elements(tensor)
        if elements is not None and src_m * src_k > elements:
            raise ApiValueError(
                f"{api}: the tiling's shape [{src_m}, {src_k}] has {src_m * src_k} elements, more than the "
                f"{elements} of {name}"
            )


__all__ = ["softmax"]
