"""CANN's SoftMax variants: ``asc.adv.simple_softmax``, softmax over the last axis with the row sums and maxima
given (``AscendC::SimpleSoftMax``), ``asc.adv.log_softmax``, its log10 (``AscendC::LogSoftMax``), and
``asc.adv.adjust_softmax_res``, which resets the rows of a result whose maximum has given bits
(``AscendC::AdjustSoftMaxRes``)."""

from __future__ import annotations

from typing import Any

from ascx.dialects.ascendc.adv_ops import AdjustSoftmaxResOp, LogSoftmaxOp, SimpleSoftmaxOp
from ascx.language.adv.lib_records import library_records
from ascx.language.adv.lib_tiling import LogSoftmaxTiling, SoftmaxShapeInfo, SoftmaxTiling
from ascx.language.adv.tmp_sizes import softmax_row_floats
from ascx.language.adv.utils import (
    check_aligned,
    check_tmp_size,
    dtype_message,
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
from ascx.language.core.convert import describe, element_operand, integer_operand
from ascx.language.core.dtype import DataType, bit, float16, float32, uint32
from ascx.language.core.tensor import LocalTensor
from ascx.language.core.values import Handle, RuntimeScalar

lib_record = library_records(__name__)

_ROW_128_HALF = softmax_row_floats(128, 2) * 4
"""The bytes of temporary space one row of 128 half elements takes (the example of the records' rules)."""

_SIMPLE_T = (
    "template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false, "
    "const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>\n"
)


def _stats_type_message(api: str, stats: object, src: object) -> str:
    """The message of ``in_sum``/``in_max`` of a type that cannot hold ``src``'s row statistics."""
    return (
        f"{api}: in_sum and in_max have data type {stats} for a {src} src; they hold the type of src, or float32 "
        "for a half src"
    )


def _src_k_message(api: str, cpp: str, src_k: int, dtype: object, source: str = "tiling") -> str:
    """The message of a shape whose last axis is not 32-byte aligned (``source``: where the shape came from)."""
    return (
        f"{api}: the {source}'s src_k {src_k} is not 32-byte aligned for {dtype}; {cpp} needs the last axis "
        "32-byte aligned"
    )


def _basic_block_message(api: str, src_m: int, src_k: int, source: str = "tiling") -> str:
    """The message of ``basic_block=True`` for a shape that is not a basic block."""
    return (
        f"{api}: basic_block=True needs the last axis (src_k) a multiple of 64, at least 256 / sizeof(T) and below "
        f"2048, and the rows (src_m) a multiple of 8; the {source} has [{src_m}, {src_k}]"
    )


def _stats(api: str, s: LocalTensor, sums: LocalTensor, maxes: LocalTensor) -> None:
    require_same_dtype(api, ("in_sum", sums), ("in_max", maxes))
    if sums.dtype != s.dtype and not (s.dtype == float16 and sums.dtype == float32):
        raise ApiTypeError(_stats_type_message(api, sums.dtype, s.dtype))


def _check_shape(api: str, d: LocalTensor, s: LocalTensor, src_m: int, src_k: int, source: str) -> None:
    for name, tensor in (("src", s), ("dst", d)):
        elements = known_elements(tensor)
        if elements is not None and src_m * src_k > elements:
            raise ApiValueError(tiling_shape_message(api, (src_m, src_k), elements, name, source))


def _shape_info_operand(value: object, api: str) -> SoftmaxShapeInfo | None:
    """The optional ``softmax_shape_info``: a kernel-local ``SoftmaxShapeInfo``."""
    return None if value is None else kernel_tiling(value, SoftmaxShapeInfo, api, "softmax_shape_info")


def _check_known_shape(
    api: str,
    cpp: str,
    tiling: SoftmaxTiling | LogSoftmaxTiling,
    shape_info: SoftmaxShapeInfo | None,
    d: LocalTensor,
    s: LocalTensor,
    tmp: LocalTensor | None,
) -> tuple[int, int, str] | None:
    """The checks of a shape known at trace time (the shape info's, else the tiling's): the aligned last axis, a
    temporary buffer of one row at least, the shape within ``src`` and ``dst``; returns ``(src_m, src_k, where
    the shape came from)`` when both are known."""
    src_m, src_k, source = known_softmax_shape(tiling, shape_info)
    if not (isinstance(src_k, int) and src_k > 0):
        return None
    dtype: DataType = dtype_of(s)
    type_size = dtype.sizeof()
    if src_k * type_size % 32:
        hint = "pad the last axis of the input to a multiple of 32 bytes"
        raise ApiValueError(_src_k_message(api, cpp, src_k, dtype, source), hint)
    check_tmp_size(
        api, tmp, softmax_row_floats(src_k, type_size) * 4, f"{cpp} of rows of {src_k} {dtype}",
        "size it with asc.lib.host.get_soft_max_min_tmp_size / get_soft_max_max_tmp_size",
    )  # fmt: skip
    if not (isinstance(src_m, int) and src_m > 0):
        return None
    _check_shape(api, d, s, src_m, src_k, source)
    return src_m, src_k, source


@lib_record(
    cpp=(
        _SIMPLE_T + "void SimpleSoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& inSumTensor, "
        "const LocalTensor<T>& inMaxTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& "
        "sharedTmpBuffer, const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {});",
        _SIMPLE_T + "void SimpleSoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& inSumTensor, "
        "const LocalTensor<float>& inMaxTensor, const LocalTensor<half>& srcTensor, const LocalTensor<uint8_t>& "
        "sharedTmpBuffer, const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {});",
        "(and the same two without sharedTmpBuffer)",
    ),
    params=(
        ("dst", "the result, of ``src``'s type (half or float32); may be ``src``"),
        (
            "in_sum",
            "the row sums of e^(x - max), one 32-byte block per row holding one value; of ``src``'s type, or "
            "float32 for a half ``src`` (what ``softmax`` writes)",
        ),
        ("in_max", "the row maxima, like ``in_sum``"),
        ("src", "the input, ``src_m`` rows of ``src_k`` elements, the rows 32-byte aligned"),
        ("tiling", "a ``SoftmaxTiling`` (filled by ``asc.lib.host.soft_max_tiling_func``, or built in the kernel)"),
        ("temp_buffer", "a uint8 LocalTensor (sized with ``get_soft_max_min_tmp_size``/``max``)"),
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
        "``src_k`` of a tiling built in the kernel is 32-byte aligned: "
        f'"{_src_k_message("simple_softmax", "SimpleSoftMax", 10, float16)}".',
        "A temporary buffer of known size holds one row (GetSoftMaxMinTmpSize, (32/sizeof(T) + src_k + 64) * 4 bytes): "
        f'"{tmp_size_message("simple_softmax", 256, "SimpleSoftMax of rows of 128 float16", _ROW_128_HALF)}".',
        f'"{tiling_shape_message("simple_softmax", (4, 128), 256, "src")}"; '
        f'"{_stats_type_message("simple_softmax", "int16", float16)}".',
        f'``basic_block=True`` needs a basic-block shape: "{_basic_block_message("simple_softmax", 4, 100)}".',
        f'"{tiling_type_message("simple_softmax", "SoftmaxTiling", "a RmsNormTiling")}"; '
        f'"{outside_kernel_message("simple_softmax", "SoftmaxTiling")}"; '
        f'"{tiling_type_message("simple_softmax", "SoftmaxShapeInfo", "a SoftmaxTiling", "softmax_shape_info")}".',
        "With a ``softmax_shape_info`` whose ``src_m`` and ``src_k`` are known and non-zero, the checks above "
        "apply to its shape: "
        f'"{_src_k_message("simple_softmax", "SimpleSoftMax", 10, float16, "softmax_shape_info")}".',
        "Each row's block of ``in_sum`` and ``in_max`` holds one value (CANN reads its lane j % 8 for the element "
        "j of a row); ``temp_buffer`` may not overlap an operand; ``dst`` and ``src`` have the same size (the "
        "emulation fails the run otherwise).",
    ),
    precision="As CANN's (Atlas A2): in float32, half inputs and statistics widened: x - max, e^(x - max) and the "
    "division by the sum, each rounded to float32; a half dst rounded to nearest, ties away from zero (CANN's "
    "CAST_ROUND). Bit-exact with numpy's float32 steps (and CANN's rounding to half); the two emulation backends "
    "agree bit for bit.",
    example=("softmax", "asc.adv.simple_softmax(dst, row_sum, row_max, src, tiling, tmp)"),
    notes=(
        "pyasc 1.1.1 has no ``simple_softmax``; ascx names it after ``softmax`` and CANN's ``SimpleSoftMax``.",
        "CANN's ``config`` template argument (a ``SoftmaxConfig``) keeps its default, ``SOFTMAX_DEFAULT_CFG``.",
        "CANN's host ``SoftMaxTilingFunc`` takes one data type size (``src``'s): for float32 statistics of a half "
        "``src`` it fills ``reduce_k`` 16 (a half block), and CANN's SimpleSoftMax then reads row r's statistics "
        "at r * 16 floats. Set ``out_max_k``/``reduce_k`` to 8 and ``out_max_size``/``reduce_size``/"
        "``tail_reduce_size`` to match (what CANN's kernel-side tiling computes); the emulation fails the run "
        "on a ``reduce_k`` that is not the statistics' elements per block.",
        "With ``basic_block=True`` CANN computes only the tiling's ``range_m`` splits of ``split_m`` rows (no tail "
        "rows): use a tiling ``asc.lib.host.is_basic_block_in_soft_max`` accepts; the emulation fails the run "
        "on a tiling with ``tail_m`` rows.",
    ),
)
def simple_softmax(
    dst: Any,
    in_sum: Any,
    in_max: Any,
    src: Any,
    tiling: Any,
    temp_buffer: Any = None,
    reuse_source: Any = False,
    basic_block: Any = False,
    data_format_nz: Any = False,
    softmax_shape_info: Any = None,
) -> None:
    """``SimpleSoftMax``: softmax over the last axis of a ``[src_m, src_k]`` input with each row's sum and
    maximum given (``in_sum``, ``in_max``, as ``softmax`` writes them): dst = e^(src - max) / sum, with no
    reduction. The shape is ``src``'s when it has one (``src.set_shape_info(...)``), else the tiling's; when
    the two differ, CANN recomputes the tiling on the device, and so does the emulation.
    ``softmax_shape_info`` gives the shape explicitly (CANN's ``SoftMaxShapeInfo``)."""
    api = "simple_softmax"
    builder = active(api)
    d = lib_tensor(dst, api, "dst")
    s = lib_tensor(src, api, "src")
    sums = lib_tensor(in_sum, api, "in_sum")
    maxes = lib_tensor(in_max, api, "in_max")
    require_dtype(api, s, "src", (float16, float32))
    require_same_dtype(api, ("src", s), ("dst", d))
    _stats(api, s, sums, maxes)
    t = kernel_tiling(tiling, SoftmaxTiling, api)
    reuse = template_flag(reuse_source, api, "reuse_source")
    basic = template_flag(basic_block, api, "basic_block")
    nz = template_flag(data_format_nz, api, "data_format_nz")
    tmp = tmp_operand(temp_buffer, api)
    shape_info = _shape_info_operand(softmax_shape_info, api)
    tensors = (("dst", d), ("in_sum", sums), ("in_max", maxes), ("src", s))
    check_aligned(api, *tensors, *((("temp_buffer", tmp),) if tmp else ()))
    shape = _check_known_shape(api, "SimpleSoftMax", t, shape_info, d, s, tmp)
    if shape is not None and basic:
        src_m, src_k, source = shape
        if not (src_k % 64 == 0 and 256 // dtype_of(s).sizeof() <= src_k < 2048 and src_m % 8 == 0):
            raise ApiValueError(_basic_block_message(api, src_m, src_k, source), "pass basic_block=False")
    reserved_flag(builder, reuse, api, "reuse_source")
    flags = [f for f, on in (("reuse_source", reuse), ("basic_block", basic), ("data_format_nz", nz)) if on]
    operands = [d.ssa, sums.ssa, maxes.ssa, s.ssa, t.ssa]
    optional = {"tmp": tmp.ssa if tmp else None, "shape_info": shape_info.ssa if shape_info else None}
    builder.insert(SimpleSoftmaxOp.of(operands, optional, flags=flags))


_LOG_T = "template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>\n"


def _log_stats_message(stats: object, src: object) -> str:
    """The message of ``sum``/``max`` of another type than ``src`` (LogSoftMax has one type parameter)."""
    return (
        f"log_softmax: sum and max have data type {stats} for a {src} src; LogSoftMax's sum and max hold the type "
        "of src"
    )


def _log_tmp_required_message() -> str:
    return "log_softmax: temp_buffer is required: CANN declares LogSoftMax only with a sharedTmpBuffer"


@lib_record(
    cpp=(
        _LOG_T + "void LogSoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& sum, const LocalTensor<T>& max, "
        "const LocalTensor<T>& src, const LocalTensor<uint8_t>& sharedTmpBuffer, const LogSoftMaxTiling& tiling, "
        "const SoftMaxShapeInfo& softmaxShapeInfo = {});",
    ),
    params=(
        ("dst", "the result, log10 of the softmax, of ``src``'s type (half or float32); not ``src``"),
        ("sum", "written: the row sums of e^(x - max), one 32-byte block per row, of ``src``'s type"),
        ("max", "written: the row maxima, like ``sum``"),
        ("src", "the input, ``src_m`` rows of ``src_k`` elements, the rows 32-byte aligned"),
        (
            "tiling",
            "a ``LogSoftmaxTiling`` (filled by ``asc.lib.host.log_soft_max_tiling_func``, or built in the kernel); "
            "CANN's kernel recomputes it from the shape and ``temp_buffer``",
        ),
        ("temp_buffer", "a uint8 LocalTensor, required (``get_log_soft_max_min_tmp_size``/``max``)"),
        ("reuse_source", "compile-time bool; reserved by CANN"),
        ("data_format_nz", "compile-time bool: the input is in the NZ layout (not emulated)"),
        (
            "softmax_shape_info",
            "a ``SoftmaxShapeInfo`` built in the kernel: the shape to compute on (its ``src_m``/``src_k``, when "
            "both are non-zero, take precedence over ``src``'s shape)",
        ),
    ),
    rules=(
        f'"{_log_tmp_required_message()}"; "{_log_stats_message(float32, float16)}".',
        "``src_k`` of a tiling or shape info built in the kernel is 32-byte aligned: "
        f'"{_src_k_message("log_softmax", "LogSoftMax", 10, float16)}".',
        "A temporary buffer of known size holds one row (GetLogSoftMaxMinTmpSize, (32/sizeof(T) + src_k + 64) * 4 "
        f'bytes): "{tmp_size_message("log_softmax", 256, "LogSoftMax of rows of 128 float16", _ROW_128_HALF)}".',
        f'"{tiling_shape_message("log_softmax", (4, 128), 256, "src")}".',
        f'"{tiling_type_message("log_softmax", "LogSoftmaxTiling", "a SoftmaxTiling")}"; '
        f'"{outside_kernel_message("log_softmax", "LogSoftmaxTiling")}".',
        "The shape is ``softmax_shape_info``'s, else ``src``'s ShapeInfo (``src.set_shape_info``): CANN's kernel "
        "does not read the tiling's; ``dst`` may not overlap ``src``, nor ``temp_buffer`` an operand (the "
        "emulation fails the run otherwise).",
    ),
    precision="As CANN's (Atlas A2), in float32, half inputs widened: the row maximum (exact), x - max, e^(x - max), "
    "the row sum (in CANN's vector order: 64-lane chunks, then a binary tree), the division, ln and the product "
    "with 0.4342944819 (log10 e), each rounded to float32; a half dst, sum and max rounded with CAST_ROUND (ties "
    "away from zero). Bit-exact with numpy's float32 steps in that order "
    "(``ascx.testing.adv_numerics.log_softmax_model``) on both emulation backends; within 2e-6 (float32) / 1e-3 "
    "(half) of float64.",
    example=("log_softmax", "asc.adv.log_softmax(dst, row_sum, row_max, src, tiling, tmp)"),
    notes=(
        "pyasc 1.1.1 has no ``log_softmax``; ascx names it after ``softmax`` and CANN's ``LogSoftMax``.",
        "The logarithm is base 10, as CANN documents and computes (``np.log10``), not the natural logarithm of "
        "``torch.log_softmax``.",
        "CANN declares only the form with a ``sharedTmpBuffer`` and ``sum``/``max`` of ``src``'s type (no float32 "
        "statistics for a half ``src``).",
    ),
)
def log_softmax(
    dst: Any,
    sum: Any,
    max: Any,
    src: Any,
    tiling: Any,
    temp_buffer: Any = None,
    reuse_source: Any = False,
    data_format_nz: Any = False,
    softmax_shape_info: Any = None,
) -> None:
    """``LogSoftMax``: log10 of the softmax over the last axis of a ``[src_m, src_k]`` input, writing each row's
    sum of e^(x - max) and maximum broadcast over one 32-byte block of ``sum`` and ``max``. The shape is
    ``softmax_shape_info``'s when given, else ``src``'s (``src.set_shape_info(...)``); CANN's kernel computes
    its own tiling for it and the temporary buffer."""
    api = "log_softmax"
    builder = active(api)
    d = lib_tensor(dst, api, "dst")
    s = lib_tensor(src, api, "src")
    sums = lib_tensor(sum, api, "sum")
    maxes = lib_tensor(max, api, "max")
    require_dtype(api, s, "src", (float16, float32))
    require_same_dtype(api, ("src", s), ("dst", d))
    require_same_dtype(api, ("sum", sums), ("max", maxes))
    if sums.dtype != s.dtype:
        raise ApiTypeError(_log_stats_message(sums.dtype, s.dtype))
    t = kernel_tiling(tiling, LogSoftmaxTiling, api)
    reuse = template_flag(reuse_source, api, "reuse_source")
    nz = template_flag(data_format_nz, api, "data_format_nz")
    if temp_buffer is None:
        raise ApiValueError(
            _log_tmp_required_message(), "pass a uint8 LocalTensor of get_log_soft_max_min_tmp_size bytes"
        )
    tmp = tmp_operand(temp_buffer, api)
    assert tmp is not None
    shape_info = _shape_info_operand(softmax_shape_info, api)
    tensors = (("dst", d), ("sum", sums), ("max", maxes), ("src", s), ("temp_buffer", tmp))
    check_aligned(api, *tensors)
    _check_known_shape(api, "LogSoftMax", t, shape_info, d, s, tmp)
    reserved_flag(builder, reuse, api, "reuse_source")
    flags = [f for f, on in (("reuse_source", reuse), ("data_format_nz", nz)) if on]
    operands = [d.ssa, sums.ssa, maxes.ssa, s.ssa, tmp.ssa, t.ssa]
    builder.insert(LogSoftmaxOp.of(operands, {"shape_info": shape_info.ssa if shape_info else None}, flags=flags))


_ADJUST_T = "template <typename T1, typename T2, bool isDataFormatNZ = false, uint8_t stepSizeMode = 0>\n"


def _from_message(got: str) -> str:
    return (
        f"adjust_softmax_res: from_ must be the uint32 bits of the maximum to look for (0x3f800000 for 1.0), got {got}"
    )


def _step_size_message(got: str) -> str:
    return (
        "adjust_softmax_res: step_size_mode must be a compile-time uint8_t (0: one value per 32-byte block, else "
        f"one per element), got {got}"
    )


_NZ_STEP_MESSAGE = (
    "adjust_softmax_res: a non-zero step_size_mode takes an ND max tensor; CANN supports it only without data_format_nz"
)


def _step_size_mode(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ApiTypeError(_step_size_message(describe(value)), "pass an int in [0, 255]")
    if not 0 <= value <= 255:
        raise ApiValueError(_step_size_message(f"the int {value}"), "pass an int in [0, 255]")
    return value


@lib_record(
    cpp=(
        _ADJUST_T + "bool AdjustSoftMaxRes(const LocalTensor<T1>& softMaxRes, const LocalTensor<T2>& maxTensor, "
        "const uint32_t from, const T1 to, const SoftMaxShapeInfo& softmaxShapeInfo);",
    ),
    params=(
        ("softmax_res", "read and written: a softmax result, ``src_m`` rows of ``src_k`` elements (half or float32)"),
        (
            "max",
            "the row maxima (half or float32): one 32-byte block per row (its first element is compared), or one "
            "element per row with ``step_size_mode`` non-zero",
        ),
        ("from_", "the uint32 bits of the maximum to look for (a half maximum compares its 16 low bits)"),
        ("to", "the value the rows are set to: a number or a runtime scalar, converted to ``softmax_res``'s type"),
        ("softmax_shape_info", "a ``SoftmaxShapeInfo`` built in the kernel: ``[src_m, src_k]`` of ``softmax_res``"),
        ("data_format_nz", "compile-time bool: the NZ layout (not emulated)"),
        ("step_size_mode", "compile-time uint8_t: 0, one maximum per 32-byte block; else one per element"),
    ),
    rules=(
        f'"{dtype_message("adjust_softmax_res", "max", "int16", (float16, float32))}"; '
        f'"{_from_message("the float 1.0")}".',
        f'"{tiling_type_message("adjust_softmax_res", "SoftmaxShapeInfo", "a SoftmaxTiling", "softmax_shape_info")}"; '
        f'"{_NZ_STEP_MESSAGE}".',
        "With ``src_m``/``src_k`` known: "
        f'"{_src_k_message("adjust_softmax_res", "AdjustSoftMaxRes", 10, float16, "softmax_shape_info")}"; '
        f'"{tiling_shape_message("adjust_softmax_res", (4, 128), 256, "softmax_res", "softmax_shape_info")}".',
        "The kernel needs a TPipe (CANN takes an event id from it: rule XC-9); ``max`` holds a block (or an "
        "element) per row (the emulation fails the run otherwise).",
    ),
    precision="Exact: the maxima are compared bit for bit, and the rows set to ``to``; the two backends agree bit "
    "for bit. Returns a runtime ``bool`` (``asc.bit``) scalar, usable in ``if``/``while`` conditions.",
    example=(
        "softmax_shape",
        "found = asc.adv.adjust_softmax_res(dst, row_max, 0xFF7FFFFF, 0.0, asc.adv.SoftmaxShapeInfo(16, 256, 16, 256))",
    ),
    notes=(
        "pyasc 1.1.1 has no ``adjust_softmax_res``; ``from_`` has an underscore because ``from`` is a Python keyword.",
        "The result is computed on the scalar unit after CANN's own V-to-S wait; ascx's sync passes see the call on "
        "the vector pipe.",
    ),
)
def adjust_softmax_res(
    softmax_res: Any,
    max: Any,
    from_: Any,
    to: Any,
    softmax_shape_info: Any,
    data_format_nz: Any = False,
    step_size_mode: Any = 0,
) -> RuntimeScalar:
    """``AdjustSoftMaxRes``: sets every row of ``softmax_res`` whose maximum in ``max`` has the bits ``from_``
    to ``to`` (a row of ``-FLT_MAX`` maxima, say, to 0), and returns whether any row matched, as a runtime
    ``bool``."""
    api = "adjust_softmax_res"
    builder = active(api)
    res = lib_tensor(softmax_res, api, "softmax_res")
    maxes = lib_tensor(max, api, "max")
    require_dtype(api, res, "softmax_res", (float16, float32))
    require_dtype(api, maxes, "max", (float16, float32))
    if isinstance(from_, float) or (isinstance(from_, RuntimeScalar) and not from_.dtype.is_int()):
        raise ApiTypeError(
            _from_message(describe(from_)), "the bits of a float: struct.unpack('<I', struct.pack('<f', x))[0]"
        )
    from_bits = integer_operand(builder, from_, uint32, api=api, param="from_")
    to_value = element_operand(builder, to, dtype_of(res), api=api, param="to")
    shape_info = kernel_tiling(softmax_shape_info, SoftmaxShapeInfo, api, "softmax_shape_info")
    nz = template_flag(data_format_nz, api, "data_format_nz")
    if isinstance(step_size_mode, Handle):
        raise ApiTypeError(_step_size_message(describe(step_size_mode)), "pass an int in [0, 255]")
    mode = _step_size_mode(step_size_mode)
    if mode and nz:
        raise ApiValueError(_NZ_STEP_MESSAGE, "pass step_size_mode=0 or data_format_nz=False")
    check_aligned(api, ("softmax_res", res), ("max", maxes))
    fields = shape_info.known_fields()
    src_m, src_k = fields.get("src_m"), fields.get("src_k")
    if isinstance(src_k, int) and src_k > 0:
        dtype = dtype_of(res)
        if src_k * dtype.sizeof() % 32:
            hint = "pad the last axis of the result to a multiple of 32 bytes"
            raise ApiValueError(_src_k_message(api, "AdjustSoftMaxRes", src_k, dtype, "softmax_shape_info"), hint)
        if isinstance(src_m, int) and src_m > 0:
            elements = known_elements(res)
            if elements is not None and src_m * src_k > elements:
                message = tiling_shape_message(api, (src_m, src_k), elements, "softmax_res", "softmax_shape_info")
                raise ApiValueError(message)
    op = AdjustSoftmaxResOp(
        res.ssa, maxes.ssa, from_bits, to_value, shape_info.ssa, data_format_nz=nz, step_size_mode=mode
    )
    builder.insert(op)
    return RuntimeScalar(op.result, bit, origin="the result of adjust_softmax_res")


__all__ = ["adjust_softmax_res", "log_softmax", "simple_softmax"]
