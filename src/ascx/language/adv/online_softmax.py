"""``asc.adv.softmax_flash_v2``: one step of FlashAttention-2's online softmax (``AscendC::SoftmaxFlashV2``)."""

from __future__ import annotations

from typing import Any

from ascx.dialects.ascendc.adv_ops import SoftmaxFlashOp, SoftmaxFlashV2Op, SoftmaxFlashV2TilingOp
from ascx.language.adv.lib_records import library_records
from ascx.language.adv.lib_tiling import SoftmaxShapeInfo, SoftmaxTiling
from ascx.language.adv.tmp_sizes import softmax_flash_row_floats, softmax_flash_v2_tmp_size
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
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.dtype import float16, float32, int1, uint32
from ascx.language.core.tensor import LocalTensor
from ascx.language.core.values import Handle, RuntimeScalar

lib_record = library_records(__name__)

API = "softmax_flash_v2"
BASIC_BLOCK_RULE = (
    "the last axis (src_k) is a multiple of 64, at least 256 / sizeof(T) and below 2048, and the rows (src_m) "
    "are a multiple of 8"
)
_T = (
    "template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false, "
    "bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>\n"
)
_HALF_ROW_TMP = softmax_flash_v2_tmp_size(1, 128, 2, 4)[1]
"""The bytes of temporary space one row of 128 half elements with float stats takes (the record's example)."""


def _stats_type_message(
    api: str, stats: object, src: object, names: str = "exp_sum, max, in_exp_sum and in_max"
) -> str:
    """The message of max/sum tensors (``names``) of a type that cannot hold ``src``'s stats."""
    return (
        f"{api}: {names} have data type {stats} for a {src} src; they hold the type of src, or float32 for a half src"
    )


def _src_k_message(api: str, src_k: int, dtype: object, source: str = "tiling") -> str:
    """The message of a known last axis that is not 32-byte aligned (``source``: where the shape came from)."""
    return (
        f"{api}: the {source}'s src_k {src_k} is not 32-byte aligned for {dtype}; the last axis must be 32-byte aligned"
    )


def _basic_block_message(api: str, src_m: int, src_k: int, source: str = "tiling") -> str:
    """The message of ``basic_block=True`` for a shape that is not a basic block."""
    return f"{api}: basic_block=True needs {BASIC_BLOCK_RULE}; the {source} has [{src_m}, {src_k}]"


def _stats_size_message(api: str, param: str, elements: int, rows: int, per_row: int, source: str = "tiling") -> str:
    """The message of a stats tensor smaller than one 32-byte block per row."""
    return (
        f"{api}: {param} has {elements} elements, fewer than the {rows * per_row} of one 32-byte block ({per_row} "
        f"elements) per row of the {source}'s {rows} rows"
    )


@lib_record(
    cpp=(
        _T + "void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& expSumTensor, const "
        "LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor, const "
        "LocalTensor<T>& inExpSumTensor, const LocalTensor<T>& inMaxTensor, const LocalTensor<uint8_t>& "
        "sharedTmpBuffer, const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {});",
        _T + "void SoftmaxFlashV2(const LocalTensor<half>& dstTensor, const LocalTensor<float>& expSumTensor, const "
        "LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor, const LocalTensor<half>& expMaxTensor, "
        "const LocalTensor<float>& inExpSumTensor, const LocalTensor<float>& inMaxTensor, const "
        "LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling, const SoftMaxShapeInfo& "
        "softmaxShapeInfo = {});",
        "(and the same two without sharedTmpBuffer; ascx prints config as AscendC::SOFTMAX_DEFAULT_CFG)",
    ),
    params=(
        ("dst", "``exp(src - max)`` of each row, not normalised; of ``src``'s type (half or float32); may be ``src``"),
        ("exp_sum", "the row sums, one 32-byte block per row; of ``src``'s type, or float32 for a half ``src``"),
        ("max", "the row maxima, like ``exp_sum``; may be ``in_max``"),
        ("src", "the input, ``src_m`` rows of ``src_k`` elements, the rows 32-byte aligned"),
        ("exp_max", "with ``is_update``: ``exp(in_max - max)``, one 32-byte block per row, of ``src``'s type"),
        ("in_exp_sum", "with ``is_update``: the sums of the previous step, like ``exp_sum`` (may be ``exp_sum``)"),
        ("in_max", "with ``is_update``: the maxima of the previous step, like ``max`` (may be ``max``)"),
        (
            "tiling",
            "a ``SoftmaxTiling`` (``asc.lib.host.soft_max_flash_v2_tiling_func``, or "
            "``asc.adv.softmax_flash_v2_tiling_func`` in the kernel)",
        ),
        ("temp_buffer", "a uint8 LocalTensor; the tiling's ``split_m`` rows of it are used at a time"),
        ("is_update", "compile-time bool: fold in ``in_max``/``in_exp_sum`` of the previous step"),
        ("reuse_source", "compile-time bool; reserved by CANN"),
        ("basic_block", "compile-time bool: the shape is a basic block (faster)"),
        ("data_format_nz", "compile-time bool: the input is in the NZ layout (not emulated)"),
        (
            "softmax_shape_info",
            "a ``SoftmaxShapeInfo`` built in the kernel: the shape to compute on (its ``src_m``/``src_k``, when "
            "both are non-zero, take precedence over ``src``'s shape and the tiling's; its ``ori_src_k`` is the "
            "unpadded last axis the rows are reduced over)",
        ),
    ),
    rules=(
        f'"{_stats_type_message(API, "int16", float16)}".',
        f'``src_k`` of a tiling built in the kernel is 32-byte aligned: "{_src_k_message(API, 10, float16)}".',
        "A temporary buffer of known size holds CANN's minimum (GetSoftMaxFlashV2MinTmpSize: one row, eight "
        f'for a basic block): "{tmp_size_message(API, 256, "SoftmaxFlashV2 of rows of 128 float16", _HALF_ROW_TMP)}"; '
        "at run time it holds the tiling's ``split_m`` rows.",
        f'"{tiling_shape_message(API, (4, 128), 256, "src")}"; the stats tensors hold one 32-byte block per row: '
        f'"{_stats_size_message(API, "max", 16, 4, 8)}".',
        "``basic_block=True`` needs ``src_k`` a multiple of 64 in [256 / sizeof(T), 2048) and ``src_m`` a "
        f'multiple of 8: "{_basic_block_message(API, 4, 100)}".',
        f'"{tiling_type_message(API, "SoftmaxTiling", "a RmsNormTiling")}"; '
        f'"{outside_kernel_message(API, "SoftmaxTiling")}"; '
        f'"{tiling_type_message(API, "SoftmaxShapeInfo", "a SoftmaxTiling", "softmax_shape_info")}".',
        "With a ``softmax_shape_info`` whose ``src_m`` and ``src_k`` are known and non-zero, the checks above "
        f'apply to its shape: "{_src_k_message(API, 10, float16, "softmax_shape_info")}".',
        "At run time, as CANN: the shape comes from ``src``'s ShapeInfo (``src.set_shape_info(...)``), and a tiling "
        "of another shape is recomputed for it; a tiling of the shape must be the one ``SoftMaxFlashV2TilingFunc`` "
        "makes; no operands overlap but ``src``/``dst``, ``max``/``in_max`` and ``exp_sum``/``in_exp_sum`` as one "
        "tensor; ``temp_buffer`` overlaps none.",
    ),
    precision="In float32 (half inputs widened), CANN's steps in CANN's order: the row maximum, the new maximum "
    "max(in_max, row max), x - max, e^(x - max) (correctly rounded), the row sum in CANN's vector reduction order "
    "(64 lanes a chunk, chunk after chunk, then a binary tree), e^(in_max - max) and in_exp_sum * exp_max + sum, "
    "each rounded to float32; half results rounded with CAST_ROUND (ties away from zero), as CANN casts them. "
    "Bit-exact with CANN's implementation on the CANN-backed emulation; within 3e-6 (float32) relative error of "
    "float64, and one half ULP of it for half outputs.",
    example=(
        "softmax_flash_v2",
        "asc.adv.softmax_flash_v2(dst, row_sum, row_max, src, exp_max, row_sum, row_max, tiling, tmp, is_update=True)",
    ),
    notes=(
        "CANN's ``SoftmaxConfig`` template parameter is not exposed: ascx prints ``AscendC::SOFTMAX_DEFAULT_CFG`` "
        "(``{isCheckTiling = true, oriSrcM = 0, oriSrcK = 0, mode = SOFTMAX_NORMAL}``): the tiling is checked "
        "against the shape and recomputed on the device when they differ, and the outputs are broadcast over a "
        "32-byte block per row.",
        "The form that also outputs the first reduce max (``outReduceMax``) computes only with "
        "``SOFTMAX_OUTPUT_WITHOUT_BRC``, which ascx does not expose; it is not offered.",
        "pyasc 1.1.1 has no ``softmax_flash_v2``.",
    ),
)
def softmax_flash_v2(
    dst: Any,
    exp_sum: Any,
    max: Any,
    src: Any,
    exp_max: Any,
    in_exp_sum: Any,
    in_max: Any,
    tiling: Any,
    temp_buffer: Any = None,
    is_update: Any = False,
    reuse_source: Any = False,
    basic_block: Any = False,
    data_format_nz: Any = False,
    softmax_shape_info: Any = None,
) -> None:
    """``SoftmaxFlashV2``: one step of FlashAttention-2's online softmax over the last axis of a ``[src_m, src_k]``
    input. Without ``is_update``: ``max = rowmax(src)``, ``dst = exp(src - max)`` (not normalised),
    ``exp_sum = rowsum(dst)``. With it, folding in the previous step's ``in_max`` and ``in_exp_sum``:
    ``max = max(in_max, rowmax(src))``, ``dst = exp(src - max)``, ``exp_max = exp(in_max - max)`` (the factor that
    rescales the previous output) and ``exp_sum = exp_max * in_exp_sum + rowsum(dst)``. Each row's max, sum and
    exp_max fill one 32-byte block. The shape is ``src``'s (``src.set_shape_info(...)``: the last axis is
    ``src_k``, the product of the others ``src_m``); when it differs from the tiling's, CANN recomputes the
    tiling on the device, and so does the emulation."""
    builder = active(API)
    d = lib_tensor(dst, API, "dst")
    sums = lib_tensor(exp_sum, API, "exp_sum")
    maxes = lib_tensor(max, API, "max")
    s = lib_tensor(src, API, "src")
    e = lib_tensor(exp_max, API, "exp_max")
    in_sums = lib_tensor(in_exp_sum, API, "in_exp_sum")
    in_maxes = lib_tensor(in_max, API, "in_max")
    require_dtype(API, s, "src", (float16, float32))
    require_same_dtype(API, ("src", s), ("dst", d), ("exp_max", e))
    require_same_dtype(API, ("exp_sum", sums), ("max", maxes), ("in_exp_sum", in_sums), ("in_max", in_maxes))
    if sums.dtype != s.dtype and not (s.dtype == float16 and sums.dtype == float32):
        raise ApiTypeError(_stats_type_message(API, sums.dtype, s.dtype))
    t = kernel_tiling(tiling, SoftmaxTiling, API)
    update = template_flag(is_update, API, "is_update")
    reuse = template_flag(reuse_source, API, "reuse_source")
    basic = template_flag(basic_block, API, "basic_block")
    nz = template_flag(data_format_nz, API, "data_format_nz")
    tmp = tmp_operand(temp_buffer, API)
    tensors = (("dst", d), ("exp_sum", sums), ("max", maxes), ("src", s), ("exp_max", e))
    inputs = (("in_exp_sum", in_sums), ("in_max", in_maxes))
    check_aligned(API, *tensors, *inputs, *((("temp_buffer", tmp),) if tmp else ()))
    shape_info = (
        None
        if softmax_shape_info is None
        else kernel_tiling(softmax_shape_info, SoftmaxShapeInfo, API, "softmax_shape_info")
    )
    src_m, src_k, source = known_softmax_shape(t, shape_info)
    _check_known_shape(src_m, src_k, source, d, s, tmp, basic, update, tensors + inputs)
    reserved_flag(builder, reuse, API, "reuse_source")
    flags = [
        f
        for f, on in (("is_update", update), ("reuse_source", reuse), ("basic_block", basic), ("data_format_nz", nz))
        if on
    ]
    leading = [d.ssa, sums.ssa, maxes.ssa, s.ssa, e.ssa, in_sums.ssa, in_maxes.ssa, t.ssa]
    optional = {"tmp": tmp.ssa if tmp else None, "shape_info": shape_info.ssa if shape_info else None}
    builder.insert(SoftmaxFlashV2Op.of(leading, optional, flags=flags))


def _check_known_shape(
    src_m: object,
    src_k: object,
    source: str,
    d: LocalTensor,
    s: LocalTensor,
    tmp: LocalTensor | None,
    basic: bool,
    update: bool,
    tensors: tuple[tuple[str, LocalTensor], ...],
) -> None:
    """The checks of a shape known at trace time: the last axis aligned, the temporary buffer at least CANN's
    minimum, the shape within ``src`` and ``dst``, a stats block per row, the basic-block shape."""
    if not isinstance(src_k, int) or src_k <= 0:
        return
    src_type, stats_type = dtype_of(s), dtype_of(dict(tensors)["max"])
    size1, size2 = src_type.sizeof(), stats_type.sizeof()
    if src_k * size1 % 32:
        raise ApiValueError(
            _src_k_message(API, src_k, src_type, source), "pad the last axis of the input to a multiple of 32 bytes"
        )
    minimum = softmax_flash_v2_tmp_size(max(src_m, 1) if isinstance(src_m, int) else 1, src_k, size1, size2, basic)[1]
    check_tmp_size(
        API, tmp, minimum, f"SoftmaxFlashV2 of rows of {src_k} {src_type}",
        "size it with asc.lib.host.get_soft_max_flash_v2_min_tmp_size / get_soft_max_flash_v2_max_tmp_size",
    )  # fmt: skip
    if not isinstance(src_m, int) or src_m <= 0:
        return
    for name, tensor in (("src", s), ("dst", d)):
        elements = known_elements(tensor)
        if elements is not None and src_m * src_k > elements:
            raise ApiValueError(tiling_shape_message(API, (src_m, src_k), elements, name, source))
    for name, tensor in tensors:
        if name in ("src", "dst") or (not update and name in ("exp_max", "in_exp_sum", "in_max")):
            continue
        per_row = 32 // dtype_of(tensor).sizeof()
        elements = known_elements(tensor)
        if elements is not None and elements < src_m * per_row:
            raise ApiValueError(_stats_size_message(API, name, elements, src_m, per_row, source))
    if basic and not (src_k % 64 == 0 and 256 // size1 <= src_k < 2048 and src_m % 8 == 0):
        raise ApiValueError(_basic_block_message(API, src_m, src_k, source), "pass basic_block=False")


TILING_API = "softmax_flash_v2_tiling_func"


def _tiling_flag_message(param: str, got: str) -> str:
    """The message of a flag of the kernel-side tiling function not known at compile time."""
    return f"{TILING_API}: {param} must be a compile-time bool, got {got}"


def _type_size_message(param: str, size: int) -> str:
    """The message of an element size the tiling function does not take."""
    return f"{TILING_API}: {param} is {size}; SoftmaxFlashV2 takes elements of 2 (half) or 4 (float) bytes"


@lib_record(
    cpp=(
        "constexpr SoftMaxTiling SoftMaxFlashV2TilingFunc(const SoftMaxShapeInfo& shapeInfo, const uint32_t "
        "dataTypeSize1, const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize, const bool isUpdate = "
        "false, const bool isBasicBlock = false, const bool isDataFormatNZ = false, const bool isFlashOutputBrc = "
        "false);",
    ),
    params=(
        ("shape_info", "a ``SoftmaxShapeInfo`` built in the kernel: its ``src_m`` and ``src_k`` are the shape"),
        ("data_type_size1", "bytes of a source element: 2 (half) or 4 (float)"),
        ("data_type_size2", "bytes of an element of the max/sum tensors: 2 or 4"),
        ("local_work_space_size", "bytes of temporary space ``softmax_flash_v2`` will get"),
        ("is_update", "compile-time bool, as ``softmax_flash_v2``'s (CANN's Atlas A2 tiling does not use it)"),
        ("basic_block", "compile-time bool, as ``softmax_flash_v2``'s"),
        ("data_format_nz", "compile-time bool: the NZ layout (not emulated by ``softmax_flash_v2``)"),
        ("is_flash_output_brc", "compile-time bool: outputs without the 32-byte broadcast (not exposed by ascx)"),
    ),
    rules=(
        f'"{tiling_type_message(TILING_API, "SoftmaxShapeInfo", "a SoftmaxTiling", "shape_info")}"; '
        f'"{outside_kernel_message(TILING_API, "SoftmaxShapeInfo")}".',
        f'Known element sizes are 2 or 4: "{_type_size_message("data_type_size1", 8)}".',
        f'"{_tiling_flag_message("is_update", "a runtime int1 value")}".',
        "Returns a ``SoftmaxTiling`` of the kernel, computed on the device: as many rows per step as fit, a "
        "multiple of 8 when fewer than all, basic blocks in whole steps of 8 rows below 64 * 256 elements; its "
        "fields can be read and set.",
    ),
    precision="Integer arithmetic, as CANN's (the emulation computes the same tiling). It agrees with the host "
    "``asc.lib.host.soft_max_flash_v2_tiling_func`` except for basic blocks of 1024 elements, for which CANN's "
    "host formula reserves 64 floats more per row than this kernel-side one.",
    example=(
        "softmax_flash_v2",
        "tiling = asc.adv.softmax_flash_v2_tiling_func(asc.adv.SoftmaxShapeInfo(16, 256, 16, 256), 2, 4, 16384, True)",
    ),
    notes=(
        "The kernel-side ``SoftMaxTilingFunc`` of ``softmax`` is ``asc.adv.softmax_tiling_func`` (CANN keeps it in "
        "an implementation header, undocumented).",
    ),
)
def softmax_flash_v2_tiling_func(
    shape_info: Any,
    data_type_size1: Any,
    data_type_size2: Any,
    local_work_space_size: Any,
    is_update: Any = False,
    basic_block: Any = False,
    data_format_nz: Any = False,
    is_flash_output_brc: Any = False,
) -> SoftmaxTiling:
    """``SoftMaxFlashV2TilingFunc`` in the kernel: the ``SoftmaxTiling`` of ``softmax_flash_v2`` for the shape of
    ``shape_info`` and ``local_work_space_size`` bytes of temporary space, computed on the device (for a shape known
    only in the kernel, where the host's tiling was made for another)."""
    builder = active(TILING_API)
    info = kernel_tiling(shape_info, SoftmaxShapeInfo, TILING_API, "shape_info")
    sizes = (
        ("data_type_size1", data_type_size1),
        ("data_type_size2", data_type_size2),
        ("local_work_space_size", local_work_space_size),
    )
    for name, value in sizes[:2]:
        if isinstance(value, int) and not isinstance(value, bool) and value not in (2, 4):
            raise ApiValueError(_type_size_message(name, value), "pass 2 for half, 4 for float")
    operands = tuple(integer_operand(builder, value, uint32, api=TILING_API, param=name) for name, value in sizes)
    flags: list[str] = []
    for name, value in (
        ("is_update", is_update),
        ("basic_block", basic_block),
        ("data_format_nz", data_format_nz),
        ("is_flash_output_brc", is_flash_output_brc),
    ):
        if isinstance(value, Handle) or not isinstance(value, bool | int):
            raise ApiTypeError(_tiling_flag_message(name, describe(value)), "pass True or False")
        if value:
            flags.append(name)
    op = builder.insert(SoftmaxFlashV2TilingOp(info.ssa, (operands[0], operands[1], operands[2]), flags))
    return SoftmaxTiling.of_value(op.result, f"the SoftmaxTiling {TILING_API} computes in the kernel")


# --- SoftmaxFlash (deprecated by CANN) -------------------------------------------------------------------

FLASH_API = "softmax_flash"
DEPRECATION = "adv_api/activation/softmaxflash.h is deprecated, please use softmaxflashv2.h instead!"
"""CANN's ``[[deprecated]]`` text on every ``SoftmaxFlash`` overload (``__FILE__`` there is the header's path)."""
_FLASH_STATS = "sum, max, in_sum and in_max"
_T1 = "template <typename T, bool isReuseSource = false, bool isBasicBlock = false>\n"


def _deprecation_message() -> str:
    """The warning every ``softmax_flash`` call gives, with CANN's deprecation text."""
    return f"{FLASH_API}: CANN marks SoftmaxFlash deprecated: {DEPRECATION} (use asc.adv.softmax_flash_v2)"


def _is_update_message(got: str) -> str:
    """The message of an ``is_update`` that is neither a bool nor a run-time bool."""
    return f"{FLASH_API}: is_update must be a bool or a run-time bool (int1) value, got {got}"


@lib_record(
    cpp=(
        _T1 + "void SoftmaxFlash(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const "
        "LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor, const "
        "LocalTensor<T>& inSumTensor, const LocalTensor<T>& inMaxTensor, const LocalTensor<uint8_t>& "
        "sharedTmpBuffer, const SoftMaxTiling& tiling, bool isUpdate = false, const SoftMaxShapeInfo& "
        "softmaxShapeInfo = {});",
        _T1 + "void SoftmaxFlash(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor, const "
        "LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor, const LocalTensor<half>& expMaxTensor, "
        "const LocalTensor<float>& inSumTensor, const LocalTensor<float>& inMaxTensor, const LocalTensor<uint8_t>& "
        "sharedTmpBuffer, const SoftMaxTiling& tiling, bool isUpdate = false, const SoftMaxShapeInfo& "
        "softmaxShapeInfo = {});",
        "(and the same two without sharedTmpBuffer; CANN marks all four [[deprecated]])",
    ),
    params=(
        ("dst", "the softmax of each row (normalised); of ``src``'s type (half or float32); may be ``src``"),
        ("sum", "the row sums, one 32-byte block per row; of ``src``'s type, or float32 for a half ``src``"),
        ("max", "the row maxima, like ``sum``; may be ``in_max``"),
        ("src", "the input, ``src_m`` rows of ``src_k`` elements, the rows 32-byte aligned"),
        (
            "exp_max",
            "with ``is_update``: ``exp(in_max - max) * in_sum / sum``, one 32-byte block per row, of ``src``'s type",
        ),
        ("in_sum", "with ``is_update``: the sums of the previous step, like ``sum`` (may be ``sum``)"),
        ("in_max", "with ``is_update``: the maxima of the previous step, like ``max`` (may be ``max``)"),
        (
            "tiling",
            "a ``SoftmaxTiling`` (``asc.lib.host.soft_max_flash_tiling_func``); one of another shape than the "
            "computed one is recomputed on the device (CANN's kernel-side ``SoftMaxFlashTilingFunc``) for the "
            "temporary space",
        ),
        ("temp_buffer", "a uint8 LocalTensor; the tiling's ``split_m`` rows of it are used at a time"),
        (
            "is_update",
            "a bool, or a run-time bool (CANN's ``isUpdate`` is an argument of the call, not a template "
            "parameter): fold in ``in_max``/``in_sum`` of the previous step",
        ),
        ("reuse_source", "compile-time bool; reserved by CANN"),
        ("basic_block", "compile-time bool: the shape is a basic block"),
        (
            "softmax_shape_info",
            "a ``SoftmaxShapeInfo`` built in the kernel: the shape to compute on (its "
            "``src_m``/``src_k``, when both are non-zero, take precedence over ``src``'s shape; its ``ori_src_k`` is "
            "the unpadded last axis the rows are reduced over)",
        ),
    ),
    rules=(
        f'Every call warns: "{_deprecation_message()}".',
        f'"{_stats_type_message(FLASH_API, "int16", float16, _FLASH_STATS)}".',
        f'"{_is_update_message("the int 1")}".',
        f'``src_k`` of a known shape is 32-byte aligned: "{_src_k_message(FLASH_API, 10, float16)}".',
        "A temporary buffer of known size holds CANN's minimum (GetSoftMaxFlashMinTmpSize: one row; a stats "
        "block, the row and 64 floats, or with ``is_update=True`` four stats blocks and two rows; the smaller of "
        "the two for a run-time ``is_update``): "
        f'"{tmp_size_message(FLASH_API, 256, "SoftmaxFlash of rows of 128 float16", 800)}"; at run time it '
        "holds the tiling's ``split_m`` rows.",
        f'"{tiling_shape_message(FLASH_API, (4, 128), 256, "src")}"; with ``is_update=True`` the stats tensors '
        f'hold one 32-byte block per row: "{_stats_size_message(FLASH_API, "in_max", 16, 4, 8)}".',
        "``basic_block=True`` needs ``src_k`` a multiple of 64 in [256 / sizeof(T), 2048) and ``src_m`` a "
        f'multiple of 8: "{_basic_block_message(FLASH_API, 4, 100)}".',
        f'"{tiling_type_message(FLASH_API, "SoftmaxTiling", "a RmsNormTiling")}"; '
        f'"{outside_kernel_message(FLASH_API, "SoftmaxTiling")}".',
        "At run time, as CANN: the shape comes from ``softmax_shape_info`` or ``src``'s ShapeInfo "
        "(``src.set_shape_info(...)``), and a tiling of another shape is recomputed for it; a tiling of the "
        "shape must have the fields its ``split_m`` gives; no operands overlap but ``src``/``dst``, "
        "``max``/``in_max`` and ``sum``/``in_sum`` as one tensor; ``temp_buffer`` overlaps none.",
    ),
    precision="In float32 (half inputs widened), CANN's steps in CANN's order, each rounded to float32: without "
    "``is_update`` SoftMax's (the row maximum, e^(x - max), the row sum as SoftmaxFlashV2's, e / sum); with it "
    "M = max(in_max, rowmax), e = e^(x - rowmax), s = rowsum(e) (the 64-element chunks' 8-element block sums "
    "lane by lane, a tree of the 8 lanes, then the tail), C = e^(in_max - M) * in_sum, "
    "sum = C + e^(rowmax - M) * s, exp_max = C / sum and dst = e * (e^(rowmax - M) / sum); half results rounded "
    "with CAST_ROUND. Bit-exact with a numpy model of these steps and with CANN's implementation on the "
    "CANN-backed emulation (its CPU-debug build); the row sums within k * 2^-24 relative error of float64.",
    example=(
        "softmax_flash",
        "asc.adv.softmax_flash(dst, row_sum, row_max, src, exp_max, row_sum, row_max, tiling, tmp, is_update=True)",
    ),
    notes=(
        "CANN marks ``SoftmaxFlash`` deprecated (use ``softmax_flash_v2``); ascx accepts it and warns.",
        "Without ``is_update`` it is CANN's ``SoftMax``: ``exp_max``, ``in_sum`` and ``in_max`` are not used.",
        "CANN's basic-block code (``basic_block=True``) runs on the NPU only: its CPU-debug build, and the "
        "emulation, compute a basic block as any other shape. On the NPU it reduces in another order and, for "
        "float with ``is_update``, leaves the result in ``src`` rather than ``dst``.",
        "The host ``GetSoftMaxFlashMaxTmpSize``/``GetSoftMaxFlashMinTmpSize``/``SoftMaxFlashTilingFunc`` are "
        "``asc.lib.host.get_soft_max_flash_max_tmp_size``/``get_soft_max_flash_min_tmp_size``/"
        "``soft_max_flash_tiling_func``; a ``SoftmaxTiling`` of another shape (e.g. one left zero) is recomputed in "
        "the kernel, which takes as many rows as its own formula fits (two stats blocks and two rows of floats a "
        "row without ``is_update``), not rounded to 8.",
        "pyasc 1.1.1 has no ``softmax_flash``.",
    ),
)
def softmax_flash(
    dst: Any,
    sum: Any,
    max: Any,
    src: Any,
    exp_max: Any,
    in_sum: Any,
    in_max: Any,
    tiling: Any,
    temp_buffer: Any = None,
    is_update: Any = False,
    reuse_source: Any = False,
    basic_block: Any = False,
    softmax_shape_info: Any = None,
) -> None:
    """``SoftmaxFlash`` (deprecated by CANN for ``SoftmaxFlashV2``): softmax over the last axis of a
    ``[src_m, src_k]`` input. Without ``is_update`` it is ``softmax``: ``max = rowmax(src)``,
    ``dst = exp(src - max) / sum`` with ``sum = rowsum(exp(src - max))``. With it, folding in the previous step's
    ``in_max`` and ``in_sum``: ``max = max(in_max, rowmax(src))``, ``sum = exp(in_max - max) * in_sum +
    rowsum(exp(src - max))``, ``dst = exp(src - max) / sum`` and ``exp_max = exp(in_max - max) * in_sum / sum``
    (the share of the previous steps, which rescales their output). Each row's max, sum and exp_max fill one
    32-byte block."""
    builder = active(FLASH_API)
    d = lib_tensor(dst, FLASH_API, "dst")
    sums = lib_tensor(sum, FLASH_API, "sum")
    maxes = lib_tensor(max, FLASH_API, "max")
    s = lib_tensor(src, FLASH_API, "src")
    e = lib_tensor(exp_max, FLASH_API, "exp_max")
    in_sums = lib_tensor(in_sum, FLASH_API, "in_sum")
    in_maxes = lib_tensor(in_max, FLASH_API, "in_max")
    require_dtype(FLASH_API, s, "src", (float16, float32))
    require_same_dtype(FLASH_API, ("src", s), ("dst", d), ("exp_max", e))
    require_same_dtype(FLASH_API, ("sum", sums), ("max", maxes), ("in_sum", in_sums), ("in_max", in_maxes))
    if sums.dtype != s.dtype and not (s.dtype == float16 and sums.dtype == float32):
        raise ApiTypeError(_stats_type_message(FLASH_API, sums.dtype, s.dtype, _FLASH_STATS))
    t = kernel_tiling(tiling, SoftmaxTiling, FLASH_API)
    if isinstance(is_update, bool):
        update: bool | None = is_update
        update_ssa = builder.constant(is_update, int1.to_ir())
    elif isinstance(is_update, RuntimeScalar) and is_update.dtype == int1:
        update, update_ssa = None, is_update.ssa
    else:
        raise ApiTypeError(_is_update_message(describe(is_update)), "pass True, False or a comparison's result")
    reuse = template_flag(reuse_source, FLASH_API, "reuse_source")
    basic = template_flag(basic_block, FLASH_API, "basic_block")
    tmp = tmp_operand(temp_buffer, FLASH_API)
    tensors = (("dst", d), ("sum", sums), ("max", maxes), ("src", s), ("exp_max", e))
    inputs = (("in_sum", in_sums), ("in_max", in_maxes))
    check_aligned(FLASH_API, *tensors, *inputs, *((("temp_buffer", tmp),) if tmp else ()))
    shape_info = (
        None
        if softmax_shape_info is None
        else kernel_tiling(softmax_shape_info, SoftmaxShapeInfo, FLASH_API, "softmax_shape_info")
    )
    src_m, src_k, source = known_softmax_shape(t, shape_info)
    _check_flash_shape(src_m, src_k, source, d, s, tmp, basic, update, tensors + inputs)
    builder.warn(_deprecation_message())
    reserved_flag(builder, reuse, FLASH_API, "reuse_source")
    flags = [f for f, on in (("reuse_source", reuse), ("basic_block", basic)) if on]
    leading = [d.ssa, sums.ssa, maxes.ssa, s.ssa, e.ssa, in_sums.ssa, in_maxes.ssa, t.ssa, update_ssa]
    optional = {"tmp": tmp.ssa if tmp else None, "shape_info": shape_info.ssa if shape_info else None}
    builder.insert(SoftmaxFlashOp.of(leading, optional, flags=flags))


def _check_flash_shape(
    src_m: object,
    src_k: object,
    source: str,
    d: LocalTensor,
    s: LocalTensor,
    tmp: LocalTensor | None,
    basic: bool,
    update: bool | None,
    tensors: tuple[tuple[str, LocalTensor], ...],
) -> None:
    """``softmax_flash``'s checks of a shape known at trace time (``update`` None: known at run time only)."""
    if not isinstance(src_k, int) or src_k <= 0:
        return
    src_type, stats_type = dtype_of(s), dtype_of(dict(tensors)["max"])
    size1 = src_type.sizeof()
    forms = (False, True) if update is None else (update,)  # a run-time is_update: the smaller minimum
    if src_k * size1 % 32:
        raise ApiValueError(
            _src_k_message(FLASH_API, src_k, src_type, source),
            "pad the last axis of the input to a multiple of 32 bytes",
        )
    check_tmp_size(
        FLASH_API, tmp, min(softmax_flash_row_floats(src_k, stats_type.sizeof(), u) * 4 for u in forms),
        f"SoftmaxFlash of rows of {src_k} {src_type}", "size it with asc.lib.host.get_soft_max_flash_min_tmp_size",
    )  # fmt: skip
    if not isinstance(src_m, int) or src_m <= 0:
        return
    for name, tensor in (("src", s), ("dst", d)):
        elements = known_elements(tensor)
        if elements is not None and src_m * src_k > elements:
            raise ApiValueError(tiling_shape_message(FLASH_API, (src_m, src_k), elements, name, source))
    for name, tensor in tensors:
        if name in ("src", "dst") or (update is not True and name in ("exp_max", "in_sum", "in_max")):
            continue
        per_row = 32 // dtype_of(tensor).sizeof()
        elements = known_elements(tensor)
        if elements is not None and elements < src_m * per_row:
            raise ApiValueError(_stats_size_message(FLASH_API, name, elements, src_m, per_row, source))
    if basic and not (src_k % 64 == 0 and 256 // size1 <= src_k < 2048 and src_m % 8 == 0):
        raise ApiValueError(_basic_block_message(FLASH_API, src_m, src_k, source), "pass basic_block=False")


__all__ = ["softmax_flash", "softmax_flash_v2", "softmax_flash_v2_tiling_func"]
