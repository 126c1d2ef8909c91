"""How much temporary buffer the library functions need: CANN 9.1's host formulas for Atlas A2
(``__NPU_ARCH__`` 2201), as facts in Python.  ``asc.lib.host`` exposes them under CANN's names
(``get_acos_max_min_tmp_size`` ...); the kernel API checks a temporary buffer of known size against the
minimum, and the emulation does so at run time.

Every function returns ``(max_value, min_value)`` in bytes, as CANN's ``Get<Op>MaxMinTmpSize``: the
minimum guarantees a correct result, more up to the maximum only speeds the computation up.
"""

from __future__ import annotations

from dataclasses import dataclass

ONE_REPEAT = 256
"""Bytes one vector repeat processes: the unit of the minimum sizes."""

BLOCK = 32
"""Bytes of a data block: the alignment unit."""


@dataclass(frozen=True)
class MathFactors:
    """Live temporary values per input byte (``max``) or per repeat (``min``), by input type and reuse."""

    half: int
    float: int
    float_reuse: int | None = None
    """The float factor with ``isReuseSource`` (when it differs)."""
    floor_256: bool = True
    """``max`` is ``factor * max(bytes, 256)`` (else ``factor * bytes``, raised to ``min``)."""

    def factor(self, type_size: int, reuse: bool) -> int:
        if type_size == 4:
            return self.float_reuse if reuse and self.float_reuse is not None else self.float
        return self.half


MATH_FACTORS: dict[str, MathFactors] = {
    "acos": MathFactors(6, 2),
    "asin": MathFactors(6, 2),
    "asinh": MathFactors(3, 3),
    "atan": MathFactors(12, 5),
    "atanh": MathFactors(4, 1),
    "ceil": MathFactors(2, 1),
    "cos": MathFactors(8, 3, 2),
    "cosh": MathFactors(6, 2),
    "digamma": MathFactors(16, 7, 6),
    "erf": MathFactors(8, 3),
    "erfc": MathFactors(16, 7),
    "floor": MathFactors(2, 0),
    "frac": MathFactors(4, 0),
    "lgamma": MathFactors(26, 8, 7),
    "sin": MathFactors(8, 3, 2, floor_256=False),
    "sinh": MathFactors(4, 1),
    "tan": MathFactors(10, 4),
    "tanh": MathFactors(4, 1),
    "trunc": MathFactors(2, 1),
}
"""The functions whose sizes follow the common pattern, with CANN's factors."""

REUSE_HALF_UNSUPPORTED = frozenset({"sin", "cos"})
"""CANN's host functions reject ``isReuseSource`` for half inputs of these."""


def _check_input(size: int, type_size: int, api: str) -> None:
    if size <= 0:
        raise ValueError(f"{api}: Input Shape size must be greater than 0.")
    if type_size not in (2, 4):
        raise ValueError(f"{api}: Type size {type_size} is unsupported! Support typesize is 2 4.")


def math_tmp_size(function: str, size: int, type_size: int, reuse: bool = False) -> tuple[int, int]:
    """``Get<Function>MaxMinTmpSize`` of a one-source math function (``acos`` ... ``trunc``, ``exp``, ``axpy``,
    ``acosh``, ``log``, ``round``, ``sign``) for ``size`` elements of ``type_size`` bytes."""
    api = f"Get{function.capitalize()}MaxMinTmpSize"
    if function != "exp":
        _check_input(size, type_size, api)
    data = size * type_size
    match function:
        case "acosh":
            factor = 1 if type_size == 4 else 2
            return max(factor * size, ONE_REPEAT) * type_size, factor * ONE_REPEAT
        case "axpy":
            return (0, 0) if type_size == 4 else (4 * max(data, ONE_REPEAT), 4 * ONE_REPEAT)
        case "exp":
            buffers = (2 if reuse else 3) if type_size == 4 else 4
            return buffers * max(size * 4, ONE_REPEAT), buffers * ONE_REPEAT
        case "log":
            return 0, 0
        case "round":
            return (0, 0) if type_size == 4 else (max(data, ONE_REPEAT), ONE_REPEAT)
        case "sign":
            return max(3 * data, 3 * ONE_REPEAT), 3 * ONE_REPEAT
        case _:
            factors = MATH_FACTORS[function]
            if function in REUSE_HALF_UNSUPPORTED and type_size == 2 and reuse:
                raise ValueError(f"{api}: when the input data type is half, isReuseSource is not supported")
            factor = factors.factor(type_size, reuse)
            minimum = factor * ONE_REPEAT
            if factors.floor_256:
                return factor * max(data, ONE_REPEAT), minimum
            return max(factor * data, minimum), minimum


def xor_tmp_size(size: int, type_size: int) -> tuple[int, int]:
    """``GetXorMaxMinTmpSize``."""
    if size <= 0:
        raise ValueError("GetXorMaxMinTmpSize: Input Shape size must be greater than 0.")
    return max(size * type_size, ONE_REPEAT), ONE_REPEAT


_POWER = {"int": (6, 7), "float": (4, 5), "half": (14, 14)}
"""Live values of ``Power`` on dav-c220: (tensor-tensor, tensor-scalar)."""


def power_tmp_size(size: int, type_size: int, type_is_int: bool, tensor_tensor: bool = True) -> tuple[int, int]:
    """``GetPowerMaxMinTmpSize`` on dav-c220 (``size`` elements of the tensor operand)."""
    kind = "int" if type_is_int else ("float" if type_size == 4 else "half")
    factor = _POWER[kind][0 if tensor_tensor else 1]
    unit = max(size * type_size, ONE_REPEAT if type_size == 4 else ONE_REPEAT // 2)
    if kind == "half":
        return unit * factor + ONE_REPEAT, ONE_REPEAT * factor // 2 + ONE_REPEAT
    extra = ONE_REPEAT if kind == "float" else 0
    return unit * factor + extra, ONE_REPEAT * factor + extra


def quant_tmp_size(size: int, type_size: int) -> tuple[int, int]:
    """``GetAscendQuantMaxMinTmpSize``."""
    api = "[AscendQuant][GetAscendQuantMaxMinTmpSize]"
    if size <= 0:
        raise ValueError(f"{api} Input Shape size must be greater than 0.")
    if size * type_size % BLOCK:
        raise ValueError(f"{api} Input Shape size must be 32B aligned!.")
    if type_size not in (2, 4):
        raise ValueError(f"{api} Type size {type_size} is unsupported!")
    return -(-max(size * 2, 2 * ONE_REPEAT) // BLOCK) * BLOCK, 2 * ONE_REPEAT


SOFTMAX_UNIT = 64
"""Floats of working space per row beyond the row itself and its block (``SOFTMAX_BASICBLOCK_UNIT``)."""


def softmax_row_floats(src_k: int, type_size: int) -> int:
    """The floats of temporary buffer one row of ``SoftMax`` needs on dav-c220."""
    return BLOCK // type_size + src_k + SOFTMAX_UNIT


def softmax_tmp_size(src_m: int, src_k: int, type_size: int) -> tuple[int, int]:
    """``GetSoftMaxMaxTmpSize`` and ``GetSoftMaxMinTmpSize`` for a ``[src_m, src_k]`` input: every row at once,
    or one row at a time."""
    row = softmax_row_floats(src_k, type_size)
    return src_m * row * 4, row * 4


def align_to_block(value: int, type_size: int) -> int:
    unit = BLOCK // type_size
    return -(-value // unit) * unit


def rmsnorm_tmp_size(b: int, s: int, h: int, type_size: int) -> tuple[int, int]:
    """``GetRmsNormMaxMinTmpSize`` (without its basic-block shape check): all ``b * s`` rows at once, or one."""
    coeff = 2 if type_size == 2 else 1
    maximum = b * s * h * coeff + align_to_block(b * s, type_size)
    minimum = h * coeff + BLOCK // 4
    return maximum * 4, minimum * 4


def rmsnorm_rows_fitting(tmp_bytes: int, h: int, type_size: int) -> int:
    """How many rows of ``h`` elements ``RmsNorm`` can process at once in ``tmp_bytes`` (at least the
    ``GetRmsNormTilingInfo`` search's starting value, 1)."""
    total = tmp_bytes // 4
    coeff = 1 if type_size == 4 else 2
    rows = 1
    while total >= (rows + 1) * h * coeff + -(-(rows + 1) // 8) * 8:
        rows += 1
    return rows


# --- LayerNorm (in its own block: GetLayerNormMaxMinTmpSize, the [B, S, H] form) -----------------------

U32 = 0xFFFFFFFF
"""CANN's host computes in ``uint32_t``; the sizes wrap as its arithmetic does."""


def layernorm_tmp_size(b: int, s: int, h: int, type_size: int, reuse_source: bool) -> tuple[int, int]:
    """``GetLayerNormMaxMinTmpSize`` for a ``[B, S, H]`` input: three float32 work areas of all ``b * s * h``
    elements (maximum) or of one row (minimum), two when a float32 source is reused, plus the float32 mean
    and variance of every row; each area rounded up to 32 bytes."""
    mean_var = -(-((b * s * 4) & U32) // BLOCK) * BLOCK & U32
    whole = -(-((b * s * h * 4) & U32) // BLOCK) * BLOCK & U32
    row = -(-((h * 4) & U32) // BLOCK) * BLOCK & U32
    areas = 2 if reuse_source and type_size == 4 else 3
    return (areas * whole + 2 * mean_var) & U32, (areas * row + 2 * mean_var) & U32


SOFTMAX_BASIC_MAX_ELEMENTS = 64 * 256
"""A basic-block step of the softmax family stays below this many elements (its repeat count fits 255)."""


def softmax_flash_v2_row_floats(src_k: int, size1: int, size2: int, basic: bool, host: bool = True) -> int:
    """The floats of temporary buffer one row of ``SoftmaxFlashV2`` needs on dav-c220 (``size1``: bytes of a source
    element, ``size2`` of a max/sum element).  CANN's host formula keeps 64 floats more for a basic block of
    1024 elements than its kernel-side tiling function (``host=False``)."""
    stats = BLOCK // size2
    if basic:
        extra = 2 * SOFTMAX_UNIT if host and src_k == 1024 else SOFTMAX_UNIT
        return stats + src_k + extra if size1 == 2 else stats + extra
    return 2 * stats + src_k + SOFTMAX_UNIT if size1 == 2 else stats + SOFTMAX_UNIT


def softmax_flash_v2_tmp_size(
    src_m: int, src_k: int, size1: int, size2: int, basic: bool = False, output_brc: bool = False
) -> tuple[int, int]:
    """``GetSoftMaxFlashV2MaxTmpSize`` and ``GetSoftMaxFlashV2MinTmpSize`` (bytes) for a ``[src_m, src_k]`` input
    on dav-c220 (``isUpdate`` does not enter them there): every row at once (a basic block: as many rows as a step
    takes), and one row (a basic block: eight); ``output_brc`` (``isFlashOutputBrc``) scales the minimum to the
    rows of one output block."""
    basic_shape = basic and src_k % 64 == 0
    if basic_shape and src_m % 8 == 0:
        rows = src_m
        while rows * src_k >= SOFTMAX_BASIC_MAX_ELEMENTS:
            rows //= 2
        maximum = rows * softmax_flash_v2_row_floats(src_k, size1, size2, True)
    else:
        maximum = src_m * softmax_flash_v2_row_floats(src_k, size1, size2, False)
    if basic_shape:
        minimum = 8 * softmax_flash_v2_row_floats(src_k, size1, size2, True)
    else:
        minimum = softmax_flash_v2_row_floats(src_k, size1, size2, False)
    if output_brc:
        rows_per_block = min(BLOCK // size1, src_m)
        minimum = (minimum // 8 if basic_shape else minimum) * rows_per_block
    return maximum * 4, minimum * 4


def softmax_flash_row_floats(src_k: int, type_size: int, update: bool) -> int:
    """The floats of temporary buffer one row of ``SoftmaxFlash`` (CANN's deprecated online softmax) needs on
    dav-c220 (``type_size``: bytes of a max/sum element): CANN's GetSoftMaxFlashMinTmpSize, SoftMax's row without
    ``isUpdate``, four stats blocks and two rows of floats with it."""
    blk = BLOCK // type_size
    return 4 * blk + 2 * src_k if update else blk + src_k + SOFTMAX_UNIT
