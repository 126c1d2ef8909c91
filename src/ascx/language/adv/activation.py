"""``asc.adv.softmax``: SoftMax over the last axis (``AscendC::SoftMax``), and ``asc.adv.softmax_tiling_func``,
its tiling computed in the kernel (``AscendC::SoftMaxTilingFunc``)."""

from __future__ import annotations

from typing import Any

from ascx.dialects.ascendc.adv_ops import SoftmaxOp, SoftmaxTilingFuncOp
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
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.dtype import bit, float16, float32, uint32
from ascx.language.core.values import Handle, RuntimeScalar

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


TILING_API = "softmax_tiling_func"


def _device_row_floats(src_k: int, data_type_size1: int, data_type_size2: int) -> int:
    """The floats of temporary space CANN's kernel-side ``SoftMaxTilingFunc`` gives a row of the ND layout: the
    statistics' 32-byte block, the row widened to float for a half source (none for a float one), 64 floats."""
    return 32 // data_type_size2 + (src_k if data_type_size1 == 2 else 0) + 64


def _tiling_func_flag_message(param: str, got: str) -> str:
    return f"{TILING_API}: {param} must be a compile-time bool, got {got}"


def _tiling_func_size_message(param: str, size: int) -> str:
    return f"{TILING_API}: {param} is {size}; SoftMax takes elements of 2 (half) or 4 (float) bytes"


_ORI_SRC_M_MESSAGE = (
    f"{TILING_API}: the shape_info's ori_src_m is 0; SoftMaxTilingFunc splits ori_src_m rows, and CANN asserts "
    "a step of at least one row"
)


def _no_row_message(work: int, src_k: int, row: int) -> str:
    return (
        f"{TILING_API}: {work} floats of temporary space hold no row of {src_k} elements (a row takes {row} floats); "
        "CANN asserts that the temporary buffer is big enough"
    )


@lib_record(
    cpp=(
        "bool SoftMaxTilingFunc(const uint32_t workLocalSize, const SoftMaxShapeInfo& ndinfo, SoftMaxTiling& "
        "softmaxTiling, const uint32_t dataTypeSize1, const uint32_t dataTypeSize2, bool isBasicBlock = false, "
        "bool isDataFormatNZ = false);",
    ),
    params=(
        (
            "work_local_size",
            "the temporary space in **floats** (CANN passes its work tensor's element count: the bytes of "
            "``softmax``'s ``temp_buffer`` / 4)",
        ),
        (
            "shape_info",
            "a ``SoftmaxShapeInfo`` built in the kernel: ``[src_m, src_k]``, and ``ori_src_m``, the rows split "
            "into steps (0 makes no step: set it)",
        ),
        ("tiling", "a kernel-local ``SoftmaxTiling`` (built in the kernel, or a kernel parameter), filled in place"),
        ("data_type_size1", "bytes of a source element: 2 (half) or 4 (float)"),
        ("data_type_size2", "bytes of an element of the sum/max tensors: 2 or 4"),
        ("basic_block", "compile-time bool, as ``softmax``'s: whole steps of 8 rows dividing ``src_m``"),
        ("data_format_nz", "compile-time bool: the NZ layout's rows (16 + ``src_k`` floats; not emulated by softmax)"),
    ),
    rules=(
        f'"{tiling_type_message(TILING_API, "SoftmaxTiling", "a SoftmaxShapeInfo")}"; '
        f'"{tiling_type_message(TILING_API, "SoftmaxShapeInfo", "a SoftmaxTiling", "shape_info")}"; '
        f'"{outside_kernel_message(TILING_API, "SoftmaxTiling")}".',
        f'Known element sizes are 2 or 4: "{_tiling_func_size_message("data_type_size2", 0)}"; '
        f'"{_tiling_func_flag_message("basic_block", "a runtime int1 value")}".',
        f'With ``ori_src_m`` known: "{_ORI_SRC_M_MESSAGE}". With the space, ``src_k`` and the sizes known (ND): '
        f'"{_no_row_message(100, 64, _device_row_floats(64, 2, 4))}". At run time the emulation fails the run where '
        "CANN asserts (``data_type_size2`` 0, no row).",
        "Returns a runtime ``bool`` (``asc.bit``), CANN's ``true``. A row takes ``32 / data_type_size2 + 64`` "
        "floats, plus ``src_k`` for a half source; the rows per step are as many as fit (at most ``src_m``), "
        "basic blocks in whole steps of 8 rows below 64 * 256 elements, then a multiple of 8 when fewer than "
        "``ori_src_m``, at most ``ori_src_m``; ``range_m``/``tail_m`` split ``ori_src_m``. ``softmax`` then "
        "needs ``split_m`` such rows of ``temp_buffer``.",
    ),
    precision="Integer arithmetic, as CANN's: both backends fill the same 16 fields, checked against a Python "
    "model field by field. It differs from the host ``asc.lib.host.soft_max_tiling_func``: the space is in floats "
    "(the host's in bytes); the statistics' block is ``32 / data_type_size2`` (the host's ``32 / "
    "data_type_size``, the source's); a float source's row is ``src_k`` floats shorter; the basic-block steps "
    "follow ``basic_block`` (the host detects the shape) and come before the rounding to 8; the steps split "
    "``ori_src_m``; no minimum is checked (CANN asserts a step of one row).",
    example=(
        "softmax",
        "shape = asc.adv.SoftmaxShapeInfo(16, 256, 16, 256)\n"
        "ok = asc.adv.softmax_tiling_func(8192 // 4, shape, tiling, 2, 4)\n"
        "asc.adv.softmax(dst, row_sum, row_max, src, tiling, tmp, softmax_shape_info=shape)",
    ),
    notes=(
        "CANN keeps ``SoftMaxTilingFunc`` in an implementation header (``impl/adv_api/detail/activation/softmax/"
        "softmax_common/softmax_tiling_func.h``), undocumented, and marks such headers internal: it may change or "
        "go. Its own ``SoftMax``/``LogSoftMax`` call it when the shape differs from the tiling's.",
        "pyasc 1.1.1 has no ``softmax_tiling_func``; the host ``asc.lib.host.soft_max_tiling_func`` is CANN's "
        "documented host function of the same name.",
    ),
)
def softmax_tiling_func(
    work_local_size: Any,
    shape_info: Any,
    tiling: Any,
    data_type_size1: Any,
    data_type_size2: Any,
    basic_block: Any = False,
    data_format_nz: Any = False,
) -> RuntimeScalar:
    """``SoftMaxTilingFunc`` in the kernel: fills ``tiling`` (a kernel-local ``SoftmaxTiling``) for the shape of
    ``shape_info`` and ``work_local_size`` floats of temporary space, as CANN's SoftMax does on the device when
    the shape differs from its tiling's; returns a runtime ``bool`` (true)."""
    builder = active(TILING_API)
    t = kernel_tiling(tiling, SoftmaxTiling, TILING_API)
    info = kernel_tiling(shape_info, SoftmaxShapeInfo, TILING_API, "shape_info")
    for name, value in (("data_type_size1", data_type_size1), ("data_type_size2", data_type_size2)):
        if isinstance(value, int) and not isinstance(value, bool) and value not in (2, 4):
            raise ApiValueError(_tiling_func_size_message(name, value), "pass 2 for half, 4 for float")
    flags: list[str] = []
    for name, value in (("basic_block", basic_block), ("data_format_nz", data_format_nz)):
        if isinstance(value, Handle) or not isinstance(value, bool | int):
            raise ApiTypeError(_tiling_func_flag_message(name, describe(value)), "pass True or False")
        if value:
            flags.append(name)
    known = info.known_fields()
    if known.get("ori_src_m") == 0:
        raise ApiValueError(_ORI_SRC_M_MESSAGE, "set ori_src_m (and ori_src_k): SoftmaxShapeInfo(m, k, m, k)")
    src_k = known.get("src_k")
    if (
        not data_format_nz
        and isinstance(work_local_size, int)
        and isinstance(src_k, int)
        and isinstance(data_type_size1, int)
        and isinstance(data_type_size2, int)
    ):
        row = _device_row_floats(src_k, data_type_size1, data_type_size2)
        if 0 <= work_local_size < row:
            hint = f"work_local_size counts floats (the temporary buffer's bytes / 4): at least {row}"
            raise ApiValueError(_no_row_message(work_local_size, src_k, row), hint)
    work = integer_operand(builder, work_local_size, uint32, api=TILING_API, param="work_local_size")
    sizes = tuple(
        integer_operand(builder, value, uint32, api=TILING_API, param=name)
        for name, value in (("data_type_size1", data_type_size1), ("data_type_size2", data_type_size2))
    )
    op = builder.insert(SoftmaxTilingFuncOp(work, info.ssa, t.ssa, (sizes[0], sizes[1]), flags))
    t.forget_reads(*(field[0] for field in SoftmaxTiling.FIELDS))
    return RuntimeScalar(op.result, bit, origin=f"the result of {TILING_API}")


__all__ = ["softmax", "softmax_tiling_func"]
