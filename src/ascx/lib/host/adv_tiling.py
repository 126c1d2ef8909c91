"""CANN's host API for the high-level library beyond Matmul, in pure Python: the temporary-buffer sizes of
the math functions, ``SoftMax``, ``RmsNorm`` and ``AscendQuant``, and the tilings of ``SoftMax`` and
``RmsNorm`` (CANN 9.1, Atlas A2).

Names are CANN's in snake case (``GetSoftMaxMaxTmpSize`` -> ``get_soft_max_max_tmp_size``), shapes are
sequences of ints (CANN's ``ge::Shape``), sizes are bytes.  Where CANN returns values through reference
parameters, the Python function returns them, in CANN's order (``(max_value, min_value)``); where CANN
reports a failure by returning false, the Python function raises :class:`TilingError` with the reason; and
where CANN's host checks log an error (a shape that is empty or not 32-byte aligned, an unsupported type
size), the Python function raises ``ValueError`` with CANN's message::

    host = asc.lib.host
    tiling = asc.adv.SoftmaxTiling()
    tmp_bytes = host.get_soft_max_min_tmp_size([64, 256], 2, False)
    host.soft_max_tiling_func([64, 256], 2, tmp_bytes, tiling)   # fills the 16 fields
"""

from __future__ import annotations

import math
import struct
from collections.abc import Sequence

from ascx.language.adv import tmp_sizes
from ascx.language.adv.lib_tiling import (
    DeepNormTiling,
    LayerNormTiling,
    LogSoftmaxTiling,
    RmsNormTiling,
    SoftmaxTiling,
)
from ascx.lib.host.platform import PlatformAscendC
from ascx.lib.host.search import TilingError, fail

Shape = Sequence[int]

SOFTMAX_BLOCK = 32
BASIC_TILE_NUM = 8
"""float32 elements per 32-byte block: the row unit of the SoftMax tiling."""


def _dims(shape: Sequence[object], api: str) -> list[int]:
    dims: list[int] = []
    for d in shape:
        if isinstance(d, bool) or not isinstance(d, int):
            raise TypeError(f"{api}: the shape must be a non-empty sequence of ints, got {shape!r}")
        dims.append(d)
    if not dims:
        raise TypeError(f"{api}: the shape must be a non-empty sequence of ints, got {shape!r}")
    return dims


def _size(shape: Shape, api: str) -> int:
    return math.prod(_dims(shape, api))


def _type_size(type_size: int, api: str, allowed: tuple[int, ...] = (2, 4)) -> int:
    if type_size not in allowed:
        supported = " ".join(str(s) for s in allowed)
        raise ValueError(f"[{api}] Type size {type_size} is unsupported! Support typesize is {supported}.")
    return type_size


# --- the math functions --------------------------------------------------------------------------------


def _math(function: str, src_shape: Shape, type_size: int, is_reuse_source: bool) -> tuple[int, int]:
    api = f"Get{function.capitalize()}MaxMinTmpSize"
    return tmp_sizes.math_tmp_size(function, _size(src_shape, api), _type_size(type_size, api), is_reuse_source)


def get_acos_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetAcosMaxMinTmpSize``: ``(max_value, min_value)`` bytes of temporary buffer for ``acos``."""
    return _math("acos", src_shape, type_size, is_reuse_source)


def get_acosh_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetAcoshMaxMinTmpSize``."""
    return _math("acosh", src_shape, type_size, is_reuse_source)


def get_asin_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetAsinMaxMinTmpSize``."""
    return _math("asin", src_shape, type_size, is_reuse_source)


def get_asinh_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetAsinhMaxMinTmpSize``."""
    return _math("asinh", src_shape, type_size, is_reuse_source)


def get_atan_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetAtanMaxMinTmpSize``."""
    return _math("atan", src_shape, type_size, is_reuse_source)


def get_atanh_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetAtanhMaxMinTmpSize``."""
    return _math("atanh", src_shape, type_size, is_reuse_source)


def get_axpy_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetAxpyMaxMinTmpSize`` (``type_size`` of the source; a float32 source needs none)."""
    return _math("axpy", src_shape, type_size, is_reuse_source)


def get_ceil_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetCeilMaxMinTmpSize``."""
    return _math("ceil", src_shape, type_size, is_reuse_source)


def get_cos_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetCosMaxMinTmpSize`` (``is_reuse_source`` takes effect for float32 only, and CANN rejects it for half)."""
    return _math("cos", src_shape, type_size, is_reuse_source)


def get_cosh_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetCoshMaxMinTmpSize``."""
    return _math("cosh", src_shape, type_size, is_reuse_source)


def get_digamma_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetDigammaMaxMinTmpSize``."""
    return _math("digamma", src_shape, type_size, is_reuse_source)


def get_erf_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetErfMaxMinTmpSize``."""
    return _math("erf", src_shape, type_size, is_reuse_source)


def get_erfc_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetErfcMaxMinTmpSize``."""
    return _math("erfc", src_shape, type_size, is_reuse_source)


def get_exp_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetExpMaxMinTmpSize`` (CANN's also returns true, always)."""
    return tmp_sizes.math_tmp_size("exp", _size(src_shape, "GetExpMaxMinTmpSize"), type_size, is_reuse_source)


def get_floor_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetFloorMaxMinTmpSize``."""
    return _math("floor", src_shape, type_size, is_reuse_source)


def get_frac_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetFracMaxMinTmpSize``."""
    return _math("frac", src_shape, type_size, is_reuse_source)


def get_lgamma_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetLgammaMaxMinTmpSize``."""
    return _math("lgamma", src_shape, type_size, is_reuse_source)


def get_log_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetLogMaxMinTmpSize``: ``Log`` needs no temporary buffer, ``(0, 0)``."""
    _size(src_shape, "GetLogMaxMinTmpSize")
    return 0, 0


def get_round_max_min_tmp_size(
    ascendc_platform: object, src_shape: Shape, type_size: int, is_reuse_source: bool = False
) -> tuple[int, int]:
    """``GetRoundMaxMinTmpSize(platform, ...)`` on the Atlas A2 platforms ascx models."""
    if not isinstance(ascendc_platform, PlatformAscendC):
        raise TypeError(f"GetRoundMaxMinTmpSize: ascendc_platform must be a PlatformAscendC, got {ascendc_platform!r}")
    return _math("round", src_shape, type_size, is_reuse_source)


def get_sign_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetSignMaxMinTmpSize``."""
    return _math("sign", src_shape, type_size, is_reuse_source)


def get_sin_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetSinMaxMinTmpSize`` (``is_reuse_source`` takes effect for float32 only, and CANN rejects it for half)."""
    return _math("sin", src_shape, type_size, is_reuse_source)


def get_sinh_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetSinhMaxMinTmpSize``."""
    return _math("sinh", src_shape, type_size, is_reuse_source)


def get_tan_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetTanMaxMinTmpSize``."""
    return _math("tan", src_shape, type_size, is_reuse_source)


def get_tanh_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetTanhMaxMinTmpSize``."""
    return _math("tanh", src_shape, type_size, is_reuse_source)


def get_trunc_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetTruncMaxMinTmpSize``."""
    return _math("trunc", src_shape, type_size, is_reuse_source)


def get_power_max_min_tmp_size(
    src_shape1: Shape, src_shape2: Shape, type_is_int: bool, type_size: int, is_reuse_source: bool = False
) -> tuple[int, int]:
    """``GetPowerMaxMinTmpSize``: a shape of ``[1]`` stands for a scalar operand (``asc.adv.power`` takes two
    tensors)."""
    dims1, dims2 = _dims(src_shape1, "GetPowerMaxMinTmpSize"), _dims(src_shape2, "GetPowerMaxMinTmpSize")
    first_tensor, second_tensor = dims1 != [1], dims2 != [1]
    size = math.prod(dims1) if first_tensor else math.prod(dims2)
    return tmp_sizes.power_tmp_size(size, type_size, type_is_int, first_tensor and second_tensor)


def get_xor_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool = False) -> tuple[int, int]:
    """``GetXorMaxMinTmpSize``."""
    return tmp_sizes.xor_tmp_size(_size(src_shape, "GetXorMaxMinTmpSize"), type_size)


def get_ascend_quant_max_min_tmp_size(src_shape: Shape, type_size: int) -> tuple[int, int]:
    """``GetAscendQuantMaxMinTmpSize``."""
    return tmp_sizes.quant_tmp_size(_size(src_shape, "GetAscendQuantMaxMinTmpSize"), type_size)


def get_concat_tmp_size(ascendc_platform: object, elem_count: int, data_type_size: int) -> int:
    """``GetConcatTmpSize``: 0 on Atlas A2, whose ``Concat`` moves no data."""
    if not isinstance(ascendc_platform, PlatformAscendC):
        raise TypeError(f"GetConcatTmpSize: ascendc_platform must be a PlatformAscendC, got {ascendc_platform!r}")
    _type_size(data_type_size, "GetConcatTmpSize")
    if elem_count <= 0:
        raise ValueError("[GetConcatTmpSize] elemCount must be greater than 0.")
    return 0


# --- SoftMax -------------------------------------------------------------------------------------------


def _softmax_shape(src_shape: Shape, data_type_size: int, api: str) -> tuple[int, int]:
    """``[src_m, src_k]``: the last axis, and the product of the others."""
    dims = _dims(src_shape, api)
    if math.prod(dims) <= 0:
        raise ValueError(f"[{api}] Input shape size should be greater than 0!")
    _type_size(data_type_size, api)
    if dims[-1] * data_type_size % SOFTMAX_BLOCK:
        raise ValueError(f"[{api}] The shape LastAxis data size must be 32-byte aligned!")
    return math.prod(dims[:-1]), dims[-1]


def get_soft_max_max_tmp_size(src_shape: Shape, data_type_size: int, is_reuse_source: bool = False) -> int:
    """``GetSoftMaxMaxTmpSize``: the bytes with which ``softmax`` processes every row at once."""
    m, k = _softmax_shape(src_shape, data_type_size, "GetSoftMaxMaxTmpSize")
    return tmp_sizes.softmax_tmp_size(m, k, data_type_size)[0]


def get_soft_max_min_tmp_size(src_shape: Shape, data_type_size: int, is_reuse_source: bool = False) -> int:
    """``GetSoftMaxMinTmpSize``: the bytes ``softmax`` needs for one row."""
    m, k = _softmax_shape(src_shape, data_type_size, "GetSoftMaxMinTmpSize")
    return tmp_sizes.softmax_tmp_size(m, k, data_type_size)[1]


def soft_max_tiling_func(
    src_shape: Shape, data_type_size: int, local_work_space_size: int, softmax_tiling: object
) -> None:
    """``SoftMaxTilingFunc``: fill ``softmax_tiling`` for an input of ``src_shape`` and a temporary buffer of
    ``local_work_space_size`` bytes (``split_m`` rows of it at a time: as many as fit, a multiple of 8 when
    fewer than all, adjusted to the basic-block shape when the input has it)."""
    api = "SoftMaxTilingFunc"
    if not isinstance(softmax_tiling, SoftmaxTiling) or softmax_tiling.is_bound:
        raise TypeError(f"{api} fills a host asc.adv.SoftmaxTiling, got {softmax_tiling!r}")
    m, k = _softmax_shape(src_shape, data_type_size, api)
    if local_work_space_size <= 0:
        raise ValueError(f"[{api}] The localWorkSpaceSize should be greater than 0!")
    minimum = tmp_sizes.softmax_tmp_size(m, k, data_type_size)[1]
    if local_work_space_size < minimum:
        raise fail(
            f"{api}: {local_work_space_size} bytes of temporary buffer hold no row of {k} elements "
            f"(GetSoftMaxMinTmpSize: {minimum})",
            "give softmax at least get_soft_max_min_tmp_size(shape, type_size) bytes",
        )
    block = SOFTMAX_BLOCK // data_type_size
    base_m = min(local_work_space_size // 4 // tmp_sizes.softmax_row_floats(k, data_type_size), m)
    if base_m < m and base_m > BASIC_TILE_NUM:
        base_m = base_m // BASIC_TILE_NUM * BASIC_TILE_NUM
    base_m = _basic_block_rows(base_m, m, k)
    tail = m % base_m if base_m else 0
    fields = {
        "src_m": m, "src_k": k, "src_size": m * k, "out_max_m": m, "out_max_k": block, "out_max_size": m * block,
        "split_m": base_m, "split_k": k, "split_size": base_m * k, "reduce_m": base_m, "reduce_k": block,
        "reduce_size": base_m * block, "range_m": m // base_m if base_m else 0, "tail_m": tail,
        "tail_split_size": tail * k, "tail_reduce_size": tail * block,
    }  # fmt: skip
    for name, value in fields.items():
        setattr(softmax_tiling, name, value)


def _basic_block_rows(base_m: int, m: int, k: int) -> int:
    """CANN's adjustment of the rows per step to the basic-block shape (8-row steps, fewer than 64 * 256
    elements per step)."""
    if base_m > BASIC_TILE_NUM and m % BASIC_TILE_NUM == 0 and k % 64 == 0:
        base_m = base_m // BASIC_TILE_NUM * BASIC_TILE_NUM
        while m % base_m:
            base_m -= BASIC_TILE_NUM
        while base_m * k >= 64 * 256:
            base_m //= 2
    return base_m


def is_basic_block_in_soft_max(tiling: SoftmaxTiling, data_type_size: int = 2) -> bool:
    """``IsBasicBlockInSoftMax``: whether ``tiling`` splits its input in basic blocks (no tail rows, the last
    axis a multiple of 64 in [256 / data_type_size, 2048))."""
    if data_type_size == 0:
        return False
    k, tail = int(tiling.src_k), int(tiling.tail_m)
    return tail == 0 and 256 // data_type_size <= k < 2048 and k % 64 == 0


# --- LogSoftMax ----------------------------------------------------------------------------------------


def get_log_soft_max_max_tmp_size(src_shape: Shape, data_type_size: int, is_reuse_source: bool = False) -> int:
    """``GetLogSoftMaxMaxTmpSize``: the bytes with which ``log_softmax`` processes every row at once
    (``src_m * (32 / data_type_size + src_k + 64)`` floats on Atlas A2, as ``GetSoftMaxMaxTmpSize``)."""
    m, k = _softmax_shape(src_shape, data_type_size, "GetLogSoftMaxMaxTmpSize")
    return tmp_sizes.softmax_tmp_size(m, k, data_type_size)[0]


def get_log_soft_max_min_tmp_size(src_shape: Shape, data_type_size: int, is_reuse_source: bool = False) -> int:
    """``GetLogSoftMaxMinTmpSize``: the bytes ``log_softmax`` needs for one row (``32 / data_type_size + src_k
    + 64`` floats on Atlas A2, as ``GetSoftMaxMinTmpSize``)."""
    m, k = _softmax_shape(src_shape, data_type_size, "GetLogSoftMaxMinTmpSize")
    return tmp_sizes.softmax_tmp_size(m, k, data_type_size)[1]


def log_soft_max_tiling_func(
    src_shape: Shape, data_type_size: int, local_work_space_size: int, softmax_tiling: object
) -> None:
    """``LogSoftMaxTilingFunc``: fill ``softmax_tiling`` (a ``LogSoftmaxTiling``) for an input of ``src_shape``
    and a temporary buffer of ``local_work_space_size`` bytes, as ``SoftMaxTilingFunc`` fills a
    ``SoftmaxTiling`` (the same rows per step and the same fields)."""
    api = "LogSoftMaxTilingFunc"
    if not isinstance(softmax_tiling, LogSoftmaxTiling) or softmax_tiling.is_bound:
        raise TypeError(f"{api} fills a host asc.adv.LogSoftmaxTiling, got {softmax_tiling!r}")
    m, k = _softmax_shape(src_shape, data_type_size, api)
    if local_work_space_size <= 0:
        raise ValueError(f"[{api}] The localWorkSpaceSize should be greater than 0!")
    minimum = tmp_sizes.softmax_tmp_size(m, k, data_type_size)[1]
    if local_work_space_size < minimum:
        raise fail(
            f"{api}: {local_work_space_size} bytes of temporary buffer hold no row of {k} elements "
            f"(GetLogSoftMaxMinTmpSize: {minimum})",
            "give log_softmax at least get_log_soft_max_min_tmp_size(shape, type_size) bytes",
        )
    filled = SoftmaxTiling()
    soft_max_tiling_func(src_shape, data_type_size, local_work_space_size, filled)
    for name, _, _ in SoftmaxTiling.FIELDS:
        setattr(softmax_tiling, name, getattr(filled, name))


# --- SoftmaxFlashV2 -------------------------------------------------------------------------------------


def _flash_v2_shape(src_shape: Shape, size1: int, size2: int, api: str) -> tuple[int, int]:
    m, k = _softmax_shape(src_shape, size1, api)
    _type_size(size2, api)
    return m, k


def get_soft_max_flash_v2_max_tmp_size(
    src_shape: Shape,
    data_type_size1: int,
    data_type_size2: int,
    is_update: bool,
    is_basic_block: bool = False,
    is_flash_output_brc: bool = False,
) -> int:
    """``GetSoftMaxFlashV2MaxTmpSize``: the bytes with which ``softmax_flash_v2`` processes every row at once (a
    basic block: as many rows as one step takes); ``data_type_size1`` is the source's element size,
    ``data_type_size2`` the max/sum tensors'. On Atlas A2 ``is_update`` and ``is_flash_output_brc`` do not
    change it."""
    m, k = _flash_v2_shape(src_shape, data_type_size1, data_type_size2, "GetSoftMaxFlashV2MaxTmpSize")
    return tmp_sizes.softmax_flash_v2_tmp_size(m, k, data_type_size1, data_type_size2, is_basic_block)[0]


def get_soft_max_flash_v2_min_tmp_size(
    src_shape: Shape,
    data_type_size1: int,
    data_type_size2: int,
    is_update: bool,
    is_basic_block: bool = False,
    is_flash_output_brc: bool = False,
) -> int:
    """``GetSoftMaxFlashV2MinTmpSize``: the bytes ``softmax_flash_v2`` needs for one row (a basic block: eight;
    ``is_flash_output_brc``: the rows of one output block)."""
    m, k = _flash_v2_shape(src_shape, data_type_size1, data_type_size2, "GetSoftMaxFlashV2MinTmpSize")
    sizes = tmp_sizes.softmax_flash_v2_tmp_size(
        m, k, data_type_size1, data_type_size2, is_basic_block, is_flash_output_brc
    )
    return sizes[1]


def soft_max_flash_v2_tiling_func(
    src_shape: Shape,
    data_type_size1: int,
    data_type_size2: int,
    local_work_space_size: int,
    softmax_flash_tiling: object,
    is_update: bool,
    is_basic_block: bool = False,
    is_flash_output_brc: bool = False,
) -> None:
    """``SoftMaxFlashV2TilingFunc``: fill ``softmax_flash_tiling`` for an input of ``src_shape`` and a temporary
    buffer of ``local_work_space_size`` bytes: ``split_m`` rows at a time, as many as fit, a multiple of 8 (16 for
    half with ``is_flash_output_brc``) when fewer than all; a basic block (``is_basic_block`` with the last axis
    a multiple of 64 and the rows of 8) in whole steps of 8 rows that divide the rows, below 64 * 256 elements."""
    api = "SoftMaxFlashV2TilingFunc"
    if not isinstance(softmax_flash_tiling, SoftmaxTiling) or softmax_flash_tiling.is_bound:
        raise TypeError(f"{api} fills a host asc.adv.SoftmaxTiling, got {softmax_flash_tiling!r}")
    m, k = _flash_v2_shape(src_shape, data_type_size1, data_type_size2, api)
    if local_work_space_size <= 0:
        raise ValueError(f"[{api}] The localWorkSpaceSize should be greater than 0!")
    work = local_work_space_size // 4
    basic = is_basic_block and k % 64 == 0 and m % BASIC_TILE_NUM == 0
    rows = work // tmp_sizes.softmax_flash_v2_row_floats(k, data_type_size1, data_type_size2, basic)
    if basic:
        rows = _basic_block_rows(min(rows, m), m, k)
    unit = 16 if is_flash_output_brc and data_type_size1 == 2 else BASIC_TILE_NUM
    rows = min(rows, m)
    if unit < rows < m:
        rows = rows // unit * unit
    if rows == 0:
        minimum = tmp_sizes.softmax_flash_v2_tmp_size(m, k, data_type_size1, data_type_size2, is_basic_block)[1]
        raise fail(
            f"{api}: {local_work_space_size} bytes of temporary buffer hold no row of {k} elements "
            f"(GetSoftMaxFlashV2MinTmpSize: {minimum})",
            "give softmax_flash_v2 at least get_soft_max_flash_v2_min_tmp_size(shape, size1, size2, is_update) bytes",
        )
    stats = SOFTMAX_BLOCK // data_type_size2
    tail = m % rows
    if is_flash_output_brc and (m // rows > 1 or tail) and rows % (SOFTMAX_BLOCK // data_type_size1):
        raise fail(
            f"{api}: When dataTypeSize1({data_type_size1}) is float(or half), softmaxFlashTiling.reduceM({rows}) "
            "must be a multiple of 8(or 16), Adjust the input parameter -> localWorkSpaceSize."
        )
    fields = {
        "src_m": m, "src_k": k, "src_size": m * k, "out_max_m": m, "out_max_k": stats, "out_max_size": m * stats,
        "split_m": rows, "split_k": k, "split_size": rows * k, "reduce_m": rows, "reduce_k": stats,
        "reduce_size": rows * stats, "range_m": m // rows, "tail_m": tail, "tail_split_size": tail * k,
        "tail_reduce_size": tail * stats,
    }  # fmt: skip
    for name, value in fields.items():
        setattr(softmax_flash_tiling, name, value)


# --- SoftmaxFlash (deprecated by CANN) ------------------------------------------------------------------


def get_soft_max_flash_max_tmp_size(
    src_shape: Shape, data_type_size: int, is_update: bool, is_reuse_source: bool = False
) -> int:
    """``GetSoftMaxFlashMaxTmpSize`` (CANN deprecates SoftmaxFlash): the bytes with which ``softmax_flash``
    processes every row at once; ``data_type_size`` is the max/sum tensors' element size (CANN also checks the
    last axis' alignment with it)."""
    m, k = _softmax_shape(src_shape, data_type_size, "GetSoftMaxFlashMaxTmpSize")
    return m * tmp_sizes.softmax_flash_row_floats(k, data_type_size, is_update) * 4


def get_soft_max_flash_min_tmp_size(
    src_shape: Shape, data_type_size: int, is_update: bool, is_reuse_source: bool = False
) -> int:
    """``GetSoftMaxFlashMinTmpSize`` (CANN deprecates SoftmaxFlash): the bytes ``softmax_flash`` needs for one
    row."""
    _, k = _softmax_shape(src_shape, data_type_size, "GetSoftMaxFlashMinTmpSize")
    return tmp_sizes.softmax_flash_row_floats(k, data_type_size, is_update) * 4


def soft_max_flash_tiling_func(
    src_shape: Shape,
    data_type_size: int,
    local_work_space_size: int,
    softmax_flash_tiling: object,
    is_update: bool = False,
) -> None:
    """``SoftMaxFlashTilingFunc`` (CANN deprecates SoftmaxFlash): fill ``softmax_flash_tiling`` for an input of
    ``src_shape`` and a temporary buffer of ``local_work_space_size`` bytes: ``split_m`` rows at a time, as many
    as fit, a multiple of 8 when fewer than all, adjusted to the basic-block shape when the input has it."""
    api = "SoftMaxFlashTilingFunc"
    if not isinstance(softmax_flash_tiling, SoftmaxTiling) or softmax_flash_tiling.is_bound:
        raise TypeError(f"{api} fills a host asc.adv.SoftmaxTiling, got {softmax_flash_tiling!r}")
    m, k = _softmax_shape(src_shape, data_type_size, api)
    if local_work_space_size <= 0:
        raise ValueError(f"[{api}] The localWorkSpaceSize should be greater than 0!")
    row = tmp_sizes.softmax_flash_row_floats(k, data_type_size, is_update)
    rows = min(local_work_space_size // 4 // row, m)
    if BASIC_TILE_NUM < rows < m:
        rows = rows // BASIC_TILE_NUM * BASIC_TILE_NUM
    rows = _basic_block_rows(rows, m, k)
    if rows == 0:
        raise fail(
            f"{api}: {local_work_space_size} bytes of temporary buffer hold no row of {k} elements "
            f"(GetSoftMaxFlashMinTmpSize: {row * 4})",
            "give softmax_flash at least get_soft_max_flash_min_tmp_size(shape, type_size, is_update) bytes",
        )
    block = SOFTMAX_BLOCK // data_type_size
    tail = m % rows
    fields = {
        "src_m": m, "src_k": k, "src_size": m * k, "out_max_m": m, "out_max_k": block, "out_max_size": m * block,
        "split_m": rows, "split_k": k, "split_size": rows * k, "reduce_m": rows, "reduce_k": block,
        "reduce_size": rows * block, "range_m": m // rows, "tail_m": tail, "tail_split_size": tail * k,
        "tail_reduce_size": tail * block,
    }  # fmt: skip
    for name, value in fields.items():
        setattr(softmax_flash_tiling, name, value)


# --- RmsNorm -------------------------------------------------------------------------------------------


def _bsh(shape: Shape, api: str) -> tuple[int, int, int]:
    dims = _dims(shape, api)
    if len(dims) != 3:
        raise fail(f"{api}: the shape must be [B, S, H], got {dims}")
    b, s, h = dims
    return b, s, h


def _basic_block_shape_ok(b: int, s: int, h: int) -> bool:
    return h % 64 == 0 and b * s % 8 == 0 and h < 2048


def get_rms_norm_max_min_tmp_size(src_shape: Shape, type_size: int, is_basic_block: bool = False) -> tuple[int, int]:
    """``GetRmsNormMaxMinTmpSize``: ``(max_value, min_value)`` for an input ``[B, S, H]``; raises
    :class:`TilingError` where CANN returns false (``is_basic_block`` with a shape that is not one)."""
    api = "GetRmsNormMaxMinTmpSize"
    b, s, h = _bsh(src_shape, api)
    if is_basic_block and not _basic_block_shape_ok(b, s, h):
        raise fail(
            f"{api}: [{b}, {s}, {h}] is not a basic-block shape (H a multiple of 64 below 2048, B * S a multiple of 8)"
        )
    return tmp_sizes.rmsnorm_tmp_size(b, s, h, type_size)


def get_rms_norm_tiling_info(
    src_shape: Shape,
    origin_src_shape: Shape,
    stack_buffer_byte_size: int,
    type_size: int,
    tiling: object,
    is_basic_block: bool = False,
) -> bool:
    """``GetRmsNormTilingInfo``: fill ``tiling`` for an input ``[B, S, H]`` (``origin_src_shape`` has the real,
    unpadded H) and a temporary buffer of ``stack_buffer_byte_size`` bytes; True, or :class:`TilingError`
    with the reason where CANN returns false."""
    api = "GetRmsNormTilingInfo"
    if not isinstance(tiling, RmsNormTiling) or tiling.is_bound:
        raise TypeError(f"{api} fills a host asc.adv.RmsNormTiling, got {tiling!r}")
    b, s, h = _bsh(src_shape, api)
    ob, os_, oh = _bsh(origin_src_shape, api)
    if (b, s) != (ob, os_) or h < oh or oh == 0:
        raise fail(f"{api}: the origin shape {[ob, os_, oh]} does not fit {[b, s, h]} (same B and S, H up to H)")
    if h * type_size % 32:
        raise fail(f"{api}: H {h} of {type_size}-byte elements is not 32-byte aligned")
    if is_basic_block and not _basic_block_shape_ok(b, s, h):
        raise fail(f"{api}: [{b}, {s}, {h}] is not a basic-block shape")
    _, minimum = tmp_sizes.rmsnorm_tmp_size(b, s, h, type_size)
    if stack_buffer_byte_size < minimum:
        raise fail(f"{api}: {stack_buffer_byte_size} bytes of temporary buffer are fewer than the minimum {minimum}")
    rows = min(tmp_sizes.rmsnorm_rows_fitting(stack_buffer_byte_size, h, type_size), b * s)
    if is_basic_block:
        rows = rows if rows < 8 else rows // 8 * 8
    else:
        rows = min(rows, 255)
    total = b * s * h
    main = rows * h
    tail = total % main
    fields = {
        "b_length": b, "s_length": s, "h_length": h, "original_h_length": oh,
        "reciprocal_of_h_length": float(_f32(1.0 / oh)), "main_bsh_length": main, "main_bs_length": rows,
        "main_bs_length_align": -(-rows // 8) * 8, "loop_round": total // main, "input_tail_pos": total - tail,
        "tail_bsh_length": tail, "tail_bs_length": tail // h,
    }  # fmt: skip
    for name, value in fields.items():
        setattr(tiling, name, value)
    return True


# --- LayerNorm -----------------------------------------------------------------------------------------

LAYERNORM_TILING_FIELDS = (
    "b_length", "s_length", "h_length", "original_h_length", "input_x_size", "mean_var_size", "number_of_tmp_buf",
    "mean_tmp_tensor_pos", "mean_tmp_tensor_size", "variance_tmp_tensor_pos", "variance_tmp_tensor_size",
    "tmp_buf_size", "one_tmp_size", "first_tmp_start_pos", "second_tmp_start_pos", "third_tmp_start_pos",
    "loop_round", "input_round_size", "input_tail_size", "input_tail_pos", "mean_var_round_size",
    "mean_var_tail_size", "mean_var_tail_pos", "bsh_cur_length", "bs_cur_length", "last_dim_value_back",
)  # fmt: skip


def _layer_norm_shape(src_shape: Shape, type_size: int, function: str) -> tuple[int, int, int, int]:
    """CANN's ``CheckLayerNormHostCommon``: a non-empty 4-dim shape ``[B, S, storageHLength, originHLength]``
    and a type size of 2 or 4, with CANN's messages."""
    dims = _dims(src_shape, function)
    prefix = f"[LayerNorm][{function}]"
    if math.prod(dims) <= 0:
        raise ValueError(f"{prefix} Input Shape size must be greater than 0.")
    if len(dims) != 4:
        raise ValueError(
            f"{prefix} The dims of srcShape is {len(dims)}, should be 4 (e.g. [B, S, storageHLength, originHLength])!"
        )
    if type_size not in (2, 4):
        raise ValueError(f"{prefix} Type size {type_size} is unsupported!")
    b, s, h, oh = dims
    return b, s, h, oh


def get_layer_norm_max_min_tmp_size(src_shape: Shape, type_size: int, is_reuse_source: bool) -> tuple[int, int]:
    """``GetLayerNormMaxMinTmpSize`` (the form for ``layernorm`` with mean and variance): ``(max_value,
    min_value)`` bytes for an input ``[B, S, storageHLength, originHLength]``."""
    b, s, h, _ = _layer_norm_shape(src_shape, type_size, "GetLayerNormMaxMinTmpSize")
    return tmp_sizes.layernorm_tmp_size(b, s, h, type_size, bool(is_reuse_source))


def get_layer_norm_nd_tiling_info(
    src_shape: Shape, stack_buffer_size: int, type_size: int, is_reuse_source: bool, tiling: object
) -> None:
    """``GetLayerNormNDTilingInfo`` (the form that fills a ``LayerNormTiling``): the tiling of an input
    ``[B, S, storageHLength, originHLength]`` and a temporary buffer of ``stack_buffer_size`` bytes, in CANN's
    ``uint32_t`` arithmetic.  Where CANN leaves the tiling unfilled (a buffer without room for one row) or
    fills one its kernel rejects (a half buffer smaller than the mean and variance areas), raises
    :class:`TilingError` with the reason."""
    api = "GetLayerNormNDTilingInfo"
    if not isinstance(tiling, LayerNormTiling) or tiling.is_bound:
        raise TypeError(f"{api} fills a host asc.adv.LayerNormTiling, got {tiling!r}")
    b, s, h, oh = _layer_norm_shape(src_shape, type_size, api)
    u32 = tmp_sizes.U32
    if h == 0:
        raise ValueError("the value of hLength should not be zero.")
    input_x_size = (b * s * h) & u32
    mean_var_size = (b * s) & u32
    buffers = 2 if is_reuse_source and type_size == 4 else 3
    mean_size = (mean_var_size + 7) // 8 * 8 & u32
    mean_var_total = 0 if type_size == 4 else (2 * mean_size) & u32
    tmp_buf_size = (stack_buffer_size // 4) & u32
    one = ((tmp_buf_size - mean_var_total) & u32) // buffers
    one = min(one // h * h, input_x_size)
    if one == 0:
        raise fail(
            f"{api}: {stack_buffer_size} bytes of temporary buffer hold no row of {h} float32 elements "
            f"in each of {buffers} work areas (CANN leaves the tiling unfilled)",
            "size the buffer with asc.lib.host.get_layer_norm_max_min_tmp_size",
        )
    if mean_var_total + buffers * one > tmp_buf_size:
        raise fail(
            f"{api}: {stack_buffer_size} bytes of temporary buffer are fewer than the mean and variance areas "
            f"of {b * s} rows ({mean_var_total * 4} bytes) and a row per work area; CANN's tiling would make "
            "LayerNorm's kernel check fail",
            "size the buffer with asc.lib.host.get_layer_norm_max_min_tmp_size",
        )
    tail = input_x_size % one
    mean_var_tail = tail // h
    values = (
        b, s, h, oh & u32, input_x_size, mean_var_size, buffers, 0, mean_size, mean_size, mean_size, tmp_buf_size,
        one, mean_var_total, mean_var_total + one, mean_var_total + 2 * one, input_x_size // one, one, tail,
        input_x_size - tail, one // h, mean_var_tail, mean_var_size - mean_var_tail, one, one // h,
        _f32(1.0 / _f32(float(oh & u32))) if oh else math.inf,
    )  # fmt: skip
    for name, value in zip(LAYERNORM_TILING_FIELDS, values, strict=True):
        setattr(tiling, name, value)


# --- DeepNorm ------------------------------------------------------------------------------------------


def _deep_norm_shape(src_shape: Shape, type_size: int, is_basic_block: bool, function: str) -> tuple[int, int, int]:
    """CANN's ``CheckDeepNormHostCommon``: a non-empty ``[B, S, H]`` of a 2- or 4-byte type, H 32-byte aligned and
    at most 2040 (a multiple of 64 and B * S of 8 for a basic block), with CANN's messages."""
    dims = _dims(src_shape, function)
    prefix = f"[DeepNorm][{function}]"
    if math.prod(dims) <= 0:
        raise ValueError(f"{prefix} Input Shape size must be greater than 0.")
    if type_size not in (2, 4):
        raise ValueError(f"{prefix} Type size {type_size} is unsupported!")
    if len(dims) != 3:
        raise ValueError(f"{prefix} The dims of srcShape is {len(dims)}, should be 3 (e.g. [B, S, H])!")
    b, s, h = dims
    if h <= 0:
        raise ValueError(f"{prefix} The last axis H must be greater than 0!")
    if b * s <= 0:
        raise ValueError(f"{prefix} The non-last axis B*S must be greater than 0!")
    if h * type_size % 32:
        raise ValueError(f"{prefix} The last axis H must be 32B aligned!")
    if h > 2040:
        raise ValueError(f"{prefix} The value of last axis can not be greater than 2040!")
    if is_basic_block and h % 64:
        raise ValueError(f"{prefix} The last axis H must be 64 aligned!")
    if is_basic_block and b * s % 8:
        raise ValueError(f"{prefix} The non-last axis B*S must be 8 aligned!")
    return b, s, h


def get_deep_norm_max_min_tmp_size(
    src_shape: Shape, type_size: int, is_reuse_source: bool, is_basic_block: bool
) -> tuple[int, int]:
    """``GetDeepNormMaxMinTmpSize``: ``(max_value, min_value)`` bytes for an input ``[B, S, H]`` (LayerNorm's
    sizes: three float32 work areas, two for a reused float32 source, and the float32 mean and variance)."""
    b, s, h = _deep_norm_shape(src_shape, type_size, is_basic_block, "GetDeepNormMaxMinTmpSize")
    return tmp_sizes.layernorm_tmp_size(b, s, h, type_size, bool(is_reuse_source))


def get_deep_norm_tiling_info(
    src_shape: Shape,
    origin_src_shape: Shape,
    stack_buffer_size: int,
    type_size: int,
    is_reuse_source: bool,
    is_basic_block: bool,
    tiling: object,
) -> bool:
    """``GetDeepNormTilingInfo``: fill ``tiling`` for an input ``[B, S, H]`` (``origin_src_shape`` has the real,
    unpadded H) and a temporary buffer of ``stack_buffer_size`` bytes; True, or :class:`TilingError` with the
    reason where CANN returns false."""
    api = "GetDeepNormTilingInfo"
    if not isinstance(tiling, DeepNormTiling) or tiling.is_bound:
        raise TypeError(f"{api} fills a host asc.adv.DeepNormTiling, got {tiling!r}")
    b, s, h = _deep_norm_shape(src_shape, type_size, is_basic_block, api)
    origin = _dims(origin_src_shape, api)
    if len(origin) != 3:
        raise fail(f"{api}: the origin shape must be [B, S, originH], got {origin}")
    ob, os_, oh = origin
    if not 0 < oh <= h:
        raise ValueError(f"[DeepNorm][{api}] The range of originH is {oh}, must be (0, {h}]!")
    if is_basic_block and oh != h:
        raise ValueError(
            f"[DeepNorm][{api}] When isBasicBlock is true, originH is {oh}, H is {h}, originH must be equal to H!"
        )
    _, minimum = tmp_sizes.layernorm_tmp_size(b, s, h, type_size, bool(is_reuse_source))
    if stack_buffer_size < minimum:
        raise fail(f"{api}: {stack_buffer_size} bytes of temporary buffer are fewer than the minimum {minimum}")
    if (b, s) != (ob, os_):
        raise fail(f"{api}: the origin shape {[ob, os_, oh]} does not fit {[b, s, h]} (same B and S)")
    u32 = tmp_sizes.U32
    input_x_size = b * s * h & u32
    mean_var_size = b * s & u32
    buffers = 2 if is_reuse_source and type_size == 4 else 3
    mean_size = (mean_var_size + 7) // 8 * 8 & u32
    mean_var_total = 0 if type_size == 4 else 2 * mean_size
    tmp_buf_size = stack_buffer_size // 4 & u32
    one = ((tmp_buf_size - mean_var_total) & u32) // buffers
    one = min(one // h * h, input_x_size)
    if is_basic_block and one // (8 * h) > 0:
        one = one // (8 * h) * (8 * h)
    if one == 0:
        raise fail(f"{api}: {stack_buffer_size} bytes of temporary buffer hold no row in each of {buffers} work areas")
    tail = input_x_size % one
    mean_var_tail = tail // h
    values = (
        b, s, h, oh, input_x_size, mean_var_size, buffers, 0, mean_size, mean_size, mean_size, tmp_buf_size, one,
        mean_var_total, mean_var_total + one, mean_var_total + 2 * one, input_x_size // one, one, tail,
        input_x_size - tail, one // h, mean_var_tail, mean_var_size - mean_var_tail, one, one // h,
        _f32(1.0 / _f32(float(oh))),
    )  # fmt: skip
    for name, value in zip(LAYERNORM_TILING_FIELDS, values, strict=True):
        setattr(tiling, name, value)
    return True


def _f32(value: float) -> float:
    return struct.unpack("<f", struct.pack("<f", value))[0]


__all__ = [
    "TilingError",
    "get_acos_max_min_tmp_size",
    "get_acosh_max_min_tmp_size",
    "get_ascend_quant_max_min_tmp_size",
    "get_asin_max_min_tmp_size",
    "get_asinh_max_min_tmp_size",
    "get_atan_max_min_tmp_size",
    "get_atanh_max_min_tmp_size",
    "get_axpy_max_min_tmp_size",
    "get_ceil_max_min_tmp_size",
    "get_concat_tmp_size",
    "get_cos_max_min_tmp_size",
    "get_cosh_max_min_tmp_size",
    "get_deep_norm_max_min_tmp_size",
    "get_deep_norm_tiling_info",
    "get_digamma_max_min_tmp_size",
    "get_erf_max_min_tmp_size",
    "get_erfc_max_min_tmp_size",
    "get_exp_max_min_tmp_size",
    "get_floor_max_min_tmp_size",
    "get_frac_max_min_tmp_size",
    "get_layer_norm_max_min_tmp_size",
    "get_layer_norm_nd_tiling_info",
    "get_lgamma_max_min_tmp_size",
    "get_log_max_min_tmp_size",
    "get_power_max_min_tmp_size",
    "get_rms_norm_max_min_tmp_size",
    "get_rms_norm_tiling_info",
    "get_round_max_min_tmp_size",
    "get_sign_max_min_tmp_size",
    "get_sin_max_min_tmp_size",
    "get_sinh_max_min_tmp_size",
    "get_soft_max_flash_v2_max_tmp_size",
    "get_soft_max_flash_v2_min_tmp_size",
    "get_soft_max_max_tmp_size",
    "get_soft_max_min_tmp_size",
    "get_tan_max_min_tmp_size",
    "get_tanh_max_min_tmp_size",
    "get_trunc_max_min_tmp_size",
    "get_xor_max_min_tmp_size",
    "is_basic_block_in_soft_max",
    "soft_max_flash_v2_tiling_func",
    "soft_max_tiling_func",
]
