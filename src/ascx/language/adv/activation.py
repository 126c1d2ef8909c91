"""``asc.adv.softmax``: SoftMax over the last axis (``AscendC::SoftMax``)."""

from __future__ import annotations

from typing import Any

from ascx.dialects.ascendc.adv_ops import SoftmaxOp
from ascx.language.adv.lib_records import library_records
from ascx.language.adv.lib_tiling import SoftmaxShapeInfo, SoftmaxTiling
from ascx.language.adv.tmp_sizes import softmax_row_floats
from ascx.language.adv.utils import (
    check_aligned,
    check_tmp_size,
    dtype_of,
    kernel_tiling,
    known_elements,
    known_softmax_shape,
    lib_tensor,
    outside_kernel_message,
    require_dtype,
    require_same_dtype,
    reserved_flag,
    template_flag,
    tiling_shape_message,
    tiling_type_message,
    tmp_operand,
    tmp_size_message,
)
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.dtype import float16, float32

lib_record = library_records(__name__)

_ROW_128_HALF = softmax_row_floats(128, 2) * 4
"""The bytes of temporary space one row of 128 half elements takes (the example of the record's rule)."""

_T = "template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false>\n"

BASIC_BLOCK_RULE = (
    "the last axis (src_k) is a multiple of 64, at least 256 / sizeof(T) and below 2048, and the rows (src_m) "
    "are a multiple of 8"
)


def _sum_type_message(sums: object, src: object) -> str:
    """The message of ``sum``/``max`` of a type that cannot hold ``src``'s sums."""
    return (
        f"softmax: sum and max have data type {sums} for a {src} src; they hold the type of src, or float32 for a "
        "half src"
    )


def _src_k_message(src_k: int, dtype: object, source: str = "tiling") -> str:
    """The message of a shape whose last axis is not 32-byte aligned (``source``: where the shape came from)."""
    return (
        f"softmax: the {source}'s src_k {src_k} is not 32-byte aligned for {dtype}; SoftMax needs the last axis "
        "32-byte aligned"
    )


def _basic_block_message(src_m: int, src_k: int, source: str = "tiling") -> str:
    """The message of ``basic_block=True`` for a shape that is not a basic block."""
    return f"softmax: basic_block=True needs {BASIC_BLOCK_RULE}; the {source} has [{src_m}, {src_k}]"


@lib_record(
    cpp=(
        _T + "void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& "
        "maxTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer, const "
        "SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {});",
        _T + "void SoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor, const "
        "LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor, const LocalTensor<uint8_t>& "
        "sharedTmpBuffer, const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {});",
        "(and the same two without sharedTmpBuffer)",
    ),
    params=(
        ("dst", "the result, of ``src``'s type (half or float32); may be ``src``"),
        ("sum", "the row sums, one 32-byte block per row; of ``src``'s type, or float32 for a half ``src``"),
        ("max", "the row maxima, like ``sum``"),
        ("src", "the input, ``src_m`` rows of ``src_k`` elements, the rows 32-byte aligned"),
        ("tiling", "a ``SoftmaxTiling`` (filled by ``asc.lib.host.soft_max_tiling_func``, or built in the kernel)"),
        ("temp_buffer", "a uint8 LocalTensor; the tiling's ``split_m`` rows of it are used at a time"),
        ("reuse_source", "compile-time bool; reserved by CANN"),
        ("basic_block", "compile-time bool: the shape is a basic block (faster)"),
        ("data_format_nz", "compile-time bool: the input is in the NZ layout (not emulated)"),
        (
            "softmax_shape_info",
            "a ``SoftmaxShapeInfo`` built in the kernel: the shape to compute on (its ``src_m``/``src_k``, when "
            "both are non-zero, take precedence over ``src``'s shape and the tiling's)",
        ),
    ),
    rules=(
        f'``src_k`` of a tiling built in the kernel is 32-byte aligned: "{_src_k_message(10, float16)}".',
        "A temporary buffer of known size holds one row (GetSoftMaxMinTmpSize, (32/sizeof(T) + src_k + 64) * 4 "
        f'bytes): "{tmp_size_message("softmax", 256, "SoftMax of rows of 128 float16", _ROW_128_HALF)}"; '
        "at run time it holds the tiling's ``split_m`` rows (one row of the shape when the tiling is recomputed for "
        "``src``'s shape).",
        f'"{tiling_shape_message("softmax", (4, 128), 256, "src")}"; "{_sum_type_message("int16", float16)}".',
        "``basic_block=True`` needs ``src_k`` a multiple of 64 in [256 / sizeof(T), 2048) and ``src_m`` a "
        f'multiple of 8: "{_basic_block_message(4, 100)}".',
        f'"{tiling_type_message("softmax", "SoftmaxTiling", "a RmsNormTiling")}"; '
        f'"{outside_kernel_message("softmax", "SoftmaxTiling")}"; '
        f'"{tiling_type_message("softmax", "SoftmaxShapeInfo", "a SoftmaxTiling", "softmax_shape_info")}".',
        "With a ``softmax_shape_info`` whose ``src_m`` and ``src_k`` are known and non-zero, the checks above "
        f'apply to its shape: "{_src_k_message(10, float16, "softmax_shape_info")}".',
        "``temp_buffer`` may not overlap an operand; ``dst`` and ``src`` have the same size (the emulation fails "
        "the run otherwise).",
    ),
    precision="In float32 (half inputs widened): the row maximum (exact), x - max, e^(x - max), the row sum "
    "accumulated in order and the division, each rounded to float32; dst rounded to its type. Bit-exact with "
    "numpy's float32 steps; within 2e-6 (float32) / 1e-3 (half) relative error of float64.",
    example=("softmax", "asc.adv.softmax(dst, row_sum, row_max, src, tiling, tmp)"),
    notes=("pyasc 1.1.1 drops ``temp_buffer`` from the call it emits; ascx passes it, as CANN declares.",),
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
    softmax_shape_info: Any = None,
) -> None:
    """``SoftMax``: softmax over the last axis of a ``[src_m, src_k]`` input, with each row's sum and maximum
    broadcast over one 32-byte block of ``sum`` and ``max``. The shape is ``src``'s when it has one
    (``src.set_shape_info(...)``: the last axis is ``src_k``, the product of the others ``src_m``), else the
    tiling's; when the two differ, CANN recomputes the tiling on the device for the shape and the temporary
    space at hand (so a zero ``SoftmaxTiling`` with the shape set, as in pyasc's own softmax test, works), and
    so does the emulation. ``softmax_shape_info`` gives the shape explicitly (CANN's ``SoftMaxShapeInfo``)."""
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
        raise ApiTypeError(_sum_type_message(sums.dtype, s.dtype))
    t = kernel_tiling(tiling, SoftmaxTiling, api)
    reuse = template_flag(reuse_source, api, "reuse_source")
    basic = template_flag(basic_block, api, "basic_block")
    nz = template_flag(data_format_nz, api, "data_format_nz")
    tmp = tmp_operand(temp_buffer, api)
    check_aligned(api, ("dst", d), ("sum", sums), ("max", maxes), ("src", s), *((("temp_buffer", tmp),) if tmp else ()))
    type_size = dtype_of(s).sizeof()
    shape_info = (
        None
        if softmax_shape_info is None
        else kernel_tiling(softmax_shape_info, SoftmaxShapeInfo, api, "softmax_shape_info")
    )
    src_m, src_k, source = known_softmax_shape(t, shape_info)
    if isinstance(src_k, int) and src_k > 0:
        if src_k * type_size % 32:
            raise ApiValueError(
                _src_k_message(src_k, dtype_of(s), source),
                "pad the last axis of the input to a multiple of 32 bytes",
            )
        check_tmp_size(
            api, tmp, softmax_row_floats(src_k, type_size) * 4, f"SoftMax of rows of {src_k} {dtype_of(s)}",
            "size it with asc.lib.host.get_soft_max_min_tmp_size / get_soft_max_max_tmp_size",
        )  # fmt: skip
        if isinstance(src_m, int) and src_m > 0:
            _check_shape(api, d, s, src_m, src_k, source)
            if basic and not (src_k % 64 == 0 and 256 // type_size <= src_k < 2048 and src_m % 8 == 0):
                raise ApiValueError(
                    _basic_block_message(src_m, src_k, source),
                    "pass basic_block=False",
                )
    reserved_flag(builder, reuse, api, "reuse_source")
    flags = [f for f, on in (("reuse_source", reuse), ("basic_block", basic), ("data_format_nz", nz)) if on]
    optional = {"tmp": tmp.ssa if tmp else None, "shape_info": shape_info.ssa if shape_info else None}
    op = SoftmaxOp.of([d.ssa, sums.ssa, maxes.ssa, s.ssa, t.ssa], optional, flags=flags)
    builder.insert(op)


def _check_shape(api: str, d: Any, s: Any, src_m: int, src_k: int, source: str) -> None:
    for name, tensor in (("src", s), ("dst", d)):
        elements = known_elements(tensor)
        if elements is not None and src_m * src_k > elements:
            raise ApiValueError(tiling_shape_message(api, (src_m, src_k), elements, name, source))


__all__ = ["softmax"]
