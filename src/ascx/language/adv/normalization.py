"""``asc.adv.rmsnorm``: RMS normalisation over the last axis (``AscendC::RmsNorm``); ``asc.adv.layernorm``:
layer normalisation over the last axis with the mean and variance of each row (``AscendC::LayerNorm``);
``asc.adv.deepnorm``: layer normalisation of ``alpha * src + gx`` (``AscendC::DeepNorm``)."""

from __future__ import annotations

from typing import Any

from ascx.dialects.ascendc.adv_ops import DeepNormOp, LayerNormOp, RmsNormOp
from ascx.language.adv.lib_records import library_records
from ascx.language.adv.lib_tiling import DeepNormTiling, LayerNormTiling, RmsNormTiling
from ascx.language.adv.tmp_sizes import layernorm_tmp_size, rmsnorm_tmp_size
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
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import element_operand
from ascx.language.core.dtype import float16, float32
from ascx.language.core.tensor import LocalTensor

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


# --- LayerNorm (the form with mean and variance, LayerNormTiling) ---------------------------------------


def _layernorm_h_message(h: int, dtype: object) -> str:
    """The message of a LayerNorm tiling whose last axis is not 32-byte aligned."""
    return (
        f"layernorm: the tiling's h_length {h} is not 32-byte aligned for {dtype}; LayerNorm needs the last axis "
        "32-byte aligned"
    )


def _layernorm_short_message(param: str, elements: int, needed: int, what: str) -> str:
    """The message of an operand with fewer elements than the tiling's shape asks."""
    return f"layernorm: {param} has {elements} elements, fewer than the tiling's {what} {needed}"


def _layernorm_reuse_message(dtype: object) -> str:
    """The message of ``reuse_source=True`` with a half source (CANN's kernel check rejects it)."""
    return f"layernorm: reuse_source=True needs float32 src, got {dtype}; CANN's LayerNorm reuses only a float32 source"


def _layernorm_gamma_message(param: str, size: int) -> str:
    """The message of a gamma or beta whose size is not a whole number of 32-byte blocks (CANN's check)."""
    return f"layernorm: {param} has {size} bytes, not a multiple of 32; LayerNorm needs gamma and beta 32-byte aligned"


_LAYERNORM_MIN = layernorm_tmp_size(2, 8, 64, 2, False)[1]


@lib_record(
    cpp=(
        "template <typename T, bool isReuseSource = false>\nvoid LayerNorm(const LocalTensor<T>& output, const "
        "LocalTensor<T>& outputMean, const LocalTensor<T>& outputVariance, const LocalTensor<T>& inputX, const "
        "LocalTensor<T>& gamma, const LocalTensor<T>& beta, const LocalTensor<uint8_t>& sharedTmpBuffer, const T "
        "epsilon, LayerNormTiling& tiling);",
        "template <typename T, bool isReuseSource = false>\nvoid LayerNorm(const LocalTensor<T>& output, const "
        "LocalTensor<T>& outputMean, const LocalTensor<T>& outputVariance, const LocalTensor<T>& inputX, const "
        "LocalTensor<T>& gamma, const LocalTensor<T>& beta, const T epsilon, LayerNormTiling& tiling);",
    ),
    params=(
        ("dst", "the result ``[b, s, h]``, of ``src``'s type (half or float32); may be ``src`` itself"),
        ("mean", "the mean of each row, ``b * s`` elements of ``src``'s type"),
        ("variance", "the variance of each row, ``b * s`` elements of ``src``'s type"),
        ("src", "the input, ``b * s`` rows of ``h`` elements (``h`` 32-byte aligned, padded with zeros)"),
        ("gamma", "the scale, ``h`` elements of ``src``'s type"),
        ("beta", "the shift, ``h`` elements of ``src``'s type"),
        ("epsilon", "a number or a runtime scalar, converted to ``src``'s type"),
        (
            "tiling",
            "a ``LayerNormTiling`` (filled by ``asc.lib.host.get_layer_norm_nd_tiling_info``, or built in the "
            "kernel); the call sets its ``bsh_cur_length`` and ``bs_cur_length`` to the tail's when there is one",
        ),
        ("temp_buffer", "a uint8 LocalTensor of at least the tiling's ``tmp_buf_size`` float32 elements"),
        ("reuse_source", "compile-time bool: a float32 ``src`` is used as a work area (its contents are lost)"),
    ),
    rules=(
        f'"{_layernorm_h_message(60, float16)}".',
        f'"{_layernorm_reuse_message(float16)}".',
        f'"{_layernorm_short_message("gamma", 32, 64, "h_length")}"; likewise beta, and ``src``, ``dst`` '
        "(``b * s * h``), ``mean`` and ``variance`` (``b * s``).",
        f'"{_layernorm_gamma_message("gamma", 48)}" (of a tensor of known size; CANN\'s kernel check).',
        "A temporary buffer of known size holds CANN's minimum for the tiling's shape (three float32 rows, two "
        "with a reused float32 source, and the float32 mean and variance of every row, each area 32-byte "
        f'aligned): "{tmp_size_message("layernorm", 256, "LayerNorm of 2 x 8 rows of 64 float16", _LAYERNORM_MIN)}".',
        "At run time (the emulation fails the run): the tiling's work areas fit the temporary buffer "
        "(``third_tmp_start_pos + one_tmp_size <= tmp_buf_size``, and the buffer holds ``tmp_buf_size`` float32 "
        "elements), its rounds cover "
        "whole rows of the shape, and ``temp_buffer`` overlaps no operand; ``mean`` and ``variance`` overlap "
        "no other operand, ``dst`` none but ``src``.",
    ),
    precision="In float32, in CANN's order: x times the tiling's 1/original_h, the row sums of those (64 lanes "
    "accumulated block by block, then a binary tree), x - mean, its square, times 1/original_h, summed the same "
    "way, + epsilon, the square root, 1 / it, times x - mean, times gamma, plus beta, each rounded to float32; "
    "half results rounded to nearest even. Bit-exact with ascx.testing.adv_numerics.layernorm_model and with "
    "CANN's implementation on the CANN backend. From float64: dst within 1e-5 (float32) / 2e-3 (half) of "
    "max(|exact|, 1) (adding beta cancels), mean and variance within 1e-6 / 1e-3 relative error.",
    example=("layernorm", "asc.adv.layernorm(dst, mean, variance, src, gamma, beta, epsilon, tiling, tmp)"),
)
def layernorm(
    dst: Any,
    mean: Any,
    variance: Any,
    src: Any,
    gamma: Any,
    beta: Any,
    epsilon: Any,
    tiling: Any,
    temp_buffer: Any = None,
    reuse_source: Any = False,
) -> None:
    """``LayerNorm``: ``dst = (src - mean) / sqrt(variance + epsilon) * gamma + beta`` over the last axis of
    a ``[b, s, h]`` input, with ``mean`` and ``variance`` (the biased one) of each row, taken with the
    tiling's ``1 / original_h_length``."""
    api = "layernorm"
    builder = active(api)
    d = lib_tensor(dst, api, "dst")
    m = lib_tensor(mean, api, "mean")
    v = lib_tensor(variance, api, "variance")
    s = lib_tensor(src, api, "src")
    g = lib_tensor(gamma, api, "gamma")
    bt = lib_tensor(beta, api, "beta")
    require_dtype(api, s, "src", (float16, float32))
    require_same_dtype(api, ("src", s), ("dst", d), ("mean", m), ("variance", v), ("gamma", g), ("beta", bt))
    t = kernel_tiling(tiling, LayerNormTiling, api)
    reuse = template_flag(reuse_source, api, "reuse_source")
    if reuse and dtype_of(s) == float16:
        raise ApiTypeError(_layernorm_reuse_message(dtype_of(s)), "pass reuse_source=False for a half input")
    tmp = tmp_operand(temp_buffer, api)
    eps = element_operand(builder, epsilon, dtype_of(s), api=api, param="epsilon")
    tensors = (("dst", d), ("mean", m), ("variance", v), ("src", s), ("gamma", g), ("beta", bt))
    check_aligned(api, *tensors, *((("temp_buffer", tmp),) if tmp else ()))
    type_size = dtype_of(s).sizeof()
    for name, tensor in (("gamma", g), ("beta", bt)):
        elements = known_elements(tensor)
        if elements is not None and elements * type_size % 32:
            raise ApiValueError(_layernorm_gamma_message(name, elements * type_size))
    _check_layernorm_shape(t, d, m, v, s, g, bt, tmp, reuse)
    op = LayerNormOp.of(
        [d.ssa, m.ssa, v.ssa, s.ssa, g.ssa, bt.ssa, eps, t.ssa],
        {"tmp": tmp.ssa if tmp else None},
        flags=["reuse_source"] if reuse else [],
    )
    builder.insert(op)
    t.forget_reads("bsh_cur_length", "bs_cur_length")  # LayerNorm sets them to the tail's


def _check_layernorm_shape(
    t: LayerNormTiling,
    d: LocalTensor,
    m: LocalTensor,
    v: LocalTensor,
    s: LocalTensor,
    g: LocalTensor,
    bt: LocalTensor,
    tmp: LocalTensor | None,
    reuse: bool,
) -> None:
    """The checks of ``layernorm`` that need the tiling's shape known at trace time."""
    api = "layernorm"
    type_size = dtype_of(s).sizeof()
    fields = t.known_fields()
    b, sl, h = fields.get("b_length"), fields.get("s_length"), fields.get("h_length")
    if isinstance(h, int) and h > 0:
        if h * type_size % 32:
            raise ApiValueError(
                _layernorm_h_message(h, dtype_of(s)),
                "pad H to a multiple of 32 bytes with zeros (CANN: storageHLength and originHLength are equal)",
            )
        for name, tensor in (("gamma", g), ("beta", bt)):
            elements = known_elements(tensor)
            if elements is not None and elements < h:
                raise ApiValueError(_layernorm_short_message(name, elements, h, "h_length"))
        if isinstance(b, int) and isinstance(sl, int) and b > 0 and sl > 0:
            for name, tensor in (("src", s), ("dst", d)):
                elements = known_elements(tensor)
                if elements is not None and b * sl * h > elements:
                    raise ApiValueError(tiling_shape_message(api, (b, sl, h), elements, name))
            for name, tensor in (("mean", m), ("variance", v)):
                elements = known_elements(tensor)
                if elements is not None and elements < b * sl:
                    raise ApiValueError(_layernorm_short_message(name, elements, b * sl, "b_length * s_length"))
            _, minimum = layernorm_tmp_size(b, sl, h, type_size, reuse)
            check_tmp_size(
                api, tmp, minimum, f"LayerNorm of {b} x {sl} rows of {h} {dtype_of(s)}",
                "size it with asc.lib.host.get_layer_norm_max_min_tmp_size",
            )  # fmt: skip


# --- DeepNorm ----------------------------------------------------------------------------------------------

DEEPNORM_MAX_H = 2040
"""CANN's DeepNorm: the last axis, and gamma and beta, hold at most 2040 elements."""


def _deepnorm_message(what: str) -> str:
    """A DeepNorm shape message."""
    return f"deepnorm: {what}"


def _deepnorm_basic_message(b: int, s: int, h: int, oh: int) -> str:
    return _deepnorm_message(
        f"basic_block=True needs h_length and original_h_length multiples of 64 and b_length * s_length a "
        f"multiple of 8; the tiling has [{b}, {s}, {h}] with original_h_length {oh}"
    )


_DEEPNORM_MIN = layernorm_tmp_size(2, 8, 64, 2, False)[1]
_DEEPNORM_SHARE = _deepnorm_message("dst is src; CANN's DeepNorm shares their memory only with reuse_source=True")
_DEEPNORM_H_EXAMPLE = _deepnorm_message("the tiling's h_length 2048 is more than 2040")


@lib_record(
    cpp=(
        "template <typename T, bool isReuseSrc = false, bool isBasicBlock = false>\nvoid DeepNorm(const "
        "LocalTensor<T>& dstLocal, const LocalTensor<T>& meanLocal, const LocalTensor<T>& rstdLocal, const "
        "LocalTensor<T>& srcLocal, const LocalTensor<T>& gxLocal, const LocalTensor<T>& betaLocal, const "
        "LocalTensor<T>& gammaLocal, const LocalTensor<uint8_t>& sharedTmpBuffer, const T alpha, const T epsilon, "
        "DeepNormTiling& tiling);",
        "template <typename T, bool isReuseSrc = false, bool isBasicBlock = false>\nvoid DeepNorm(const "
        "LocalTensor<T>& dstLocal, const LocalTensor<T>& meanLocal, const LocalTensor<T>& rstdLocal, const "
        "LocalTensor<T>& srcLocal, const LocalTensor<T>& gxLocal, const LocalTensor<T>& betaLocal, const "
        "LocalTensor<T>& gammaLocal, const T alpha, const T epsilon, DeepNormTiling& tiling);",
    ),
    params=(
        ("dst", "the result ``[b, s, h]``, of ``src``'s type (half or float32); not ``src`` unless ``reuse_source``"),
        ("mean", "the mean of each row of ``alpha * src + gx``, ``b * s`` elements of ``src``'s type"),
        (
            "rstd",
            "``b * s`` elements of ``src``'s type; CANN documents the reciprocal standard deviation, but its Atlas "
            "A2 implementation stores each row's variance there, and so does the emulation",
        ),
        ("src", "the input ``x``, ``b * s`` rows of ``h`` elements (``h`` 32-byte aligned, at most 2040)"),
        ("gx", "the sublayer's output ``SubLayer(x)``, shaped as ``src``"),
        ("beta", "the shift, ``h`` elements (at most 2040) of ``src``'s type"),
        ("gamma", "the scale, ``h`` elements (at most 2040) of ``src``'s type"),
        ("alpha", "a number or a runtime scalar, converted to ``src``'s type: the weight of ``src``"),
        ("epsilon", "a number or a runtime scalar, converted to ``src``'s type"),
        (
            "tiling",
            "a ``DeepNormTiling`` (filled by ``asc.lib.host.get_deep_norm_tiling_info``, or built in the kernel); "
            "the call sets its ``bsh_cur_length`` and ``bs_cur_length`` to the tail's when there is one",
        ),
        ("temp_buffer", "a uint8 LocalTensor of at least the tiling's ``tmp_buf_size`` float32 elements"),
        ("reuse_source", "compile-time bool: a float32 ``src`` is used as a work area (its contents are lost)"),
        ("basic_block", "compile-time bool: ``h`` a multiple of 64 and ``b * s`` of 8 (CANN's faster path)"),
    ),
    rules=(
        f'"{_deepnorm_message("reuse_source=True needs float32 src, got float16")}".',
        f'"{_deepnorm_basic_message(1, 2, 64, 64)}".',
        f'"{_DEEPNORM_H_EXAMPLE}"; likewise gamma and beta of '
        "known size (CANN's kernel check), which must also be whole 32-byte blocks; ``h`` is 32-byte aligned.",
        f'"{_DEEPNORM_SHARE}".',
        "The shape fits the operands: ``src``, ``gx``, ``dst`` (``b * s * h``), ``mean``, ``rstd`` (``b * s``), "
        "``gamma`` and ``beta`` (``h``): e.g. \"deepnorm: rstd has 8 elements, fewer than the tiling's b_length "
        '* s_length 16".',
        "A temporary buffer of known size holds CANN's minimum (LayerNorm's: three float32 rows, two with a reused "
        "float32 source, and the float32 mean and variance of every row): "
        f'"{tmp_size_message("deepnorm", 256, "DeepNorm of 2 x 8 rows of 64 float16", _DEEPNORM_MIN)}".',
        "At run time (the emulation fails the run): LayerNorm's tiling and overlap checks, ``dst`` not "
        "overlapping ``src`` without ``reuse_source``, and CANN's basic-block shape rule.",
    ),
    precision="In float32, in CANN's order: alpha * x, + gx; times the tiling's 1/original_h; the row sums over "
    "the first original_h elements (the basic block: over h, 64 lanes accumulated block by block) as 64-lane "
    "binary trees repeated until one value is left; x1 - mean, its square, times 1/original_h, summed the same "
    "way; + epsilon, the square root, 1 / it, times x1 - mean, times gamma, plus beta; each step rounded to "
    "float32, half results to nearest even. Bit-exact with ascx.testing.adv_numerics.deepnorm_model and with "
    "CANN's implementation on the CANN backend. From float64: dst within 1e-5 (float32) / 2e-3 (half) of "
    "max(|exact|, 1), mean and variance within 1e-6 / 1e-3 relative error.",
    example=("deepnorm", "asc.adv.deepnorm(dst, mean, rstd, src, gx, beta, gamma, alpha, epsilon, tiling, tmp)"),
)
def deepnorm(
    dst: Any,
    mean: Any,
    rstd: Any,
    src: Any,
    gx: Any,
    beta: Any,
    gamma: Any,
    alpha: Any,
    epsilon: Any,
    tiling: Any,
    temp_buffer: Any = None,
    reuse_source: Any = False,
    basic_block: Any = False,
) -> None:
    """``DeepNorm``: ``dst = LayerNorm(alpha * src + gx) * gamma + beta`` over the last axis of a ``[b, s, h]``
    input, with the mean and the variance of each row of ``alpha * src + gx`` in ``mean`` and ``rstd``."""
    api = "deepnorm"
    builder = active(api)
    d = lib_tensor(dst, api, "dst")
    m = lib_tensor(mean, api, "mean")
    r = lib_tensor(rstd, api, "rstd")
    s = lib_tensor(src, api, "src")
    x2 = lib_tensor(gx, api, "gx")
    bt = lib_tensor(beta, api, "beta")
    g = lib_tensor(gamma, api, "gamma")
    require_dtype(api, s, "src", (float16, float32))
    tensors = (("dst", d), ("mean", m), ("rstd", r), ("src", s), ("gx", x2), ("beta", bt), ("gamma", g))
    require_same_dtype(api, ("src", s), *(t for t in tensors if t[0] != "src"))
    t = kernel_tiling(tiling, DeepNormTiling, api)
    reuse = template_flag(reuse_source, api, "reuse_source")
    basic = template_flag(basic_block, api, "basic_block")
    if reuse and dtype_of(s) == float16:
        raise ApiTypeError(_deepnorm_message("reuse_source=True needs float32 src, got float16"), "pass False")
    if d.ssa is s.ssa and not reuse:
        raise ApiValueError(_DEEPNORM_SHARE, "pass another dst, or reuse_source=True for float32")
    tmp = tmp_operand(temp_buffer, api)
    a = element_operand(builder, alpha, dtype_of(s), api=api, param="alpha")
    eps = element_operand(builder, epsilon, dtype_of(s), api=api, param="epsilon")
    check_aligned(api, *tensors, *((("temp_buffer", tmp),) if tmp else ()))
    _check_deepnorm_shape(t, dict(tensors), tmp, reuse, basic)
    op = DeepNormOp.of(
        [d.ssa, m.ssa, r.ssa, s.ssa, x2.ssa, bt.ssa, g.ssa, a, eps, t.ssa],
        {"tmp": tmp.ssa if tmp else None},
        flags=[f for f, on in (("reuse_source", reuse), ("basic_block", basic)) if on],
    )
    builder.insert(op)
    t.forget_reads("bsh_cur_length", "bs_cur_length")  # DeepNorm sets them to the tail's


def _check_deepnorm_shape(
    t: DeepNormTiling, ops: dict[str, LocalTensor], tmp: LocalTensor | None, reuse: bool, basic: bool
) -> None:
    """The checks of ``deepnorm`` on gamma and beta and on the tiling's shape where known at trace time."""
    api = "deepnorm"
    dtype = dtype_of(ops["src"])
    type_size = dtype.sizeof()
    _check_deepnorm_affine(ops, type_size)
    fields = t.known_fields()
    b, sl, h, oh = (fields.get(k) for k in ("b_length", "s_length", "h_length", "original_h_length"))
    if not (isinstance(h, int) and h > 0):
        return
    if h > DEEPNORM_MAX_H:
        raise ApiValueError(_deepnorm_message(f"the tiling's h_length {h} is more than 2040"))
    if h * type_size % 32:
        raise ApiValueError(
            _deepnorm_message(f"the tiling's h_length {h} is not 32-byte aligned for {dtype}"),
            "pad H to a multiple of 32 bytes with zeros and set original_h_length to the real length",
        )
    for name in ("beta", "gamma"):
        elements = known_elements(ops[name])
        if elements is not None and elements < h:
            raise ApiValueError(
                _deepnorm_message(f"{name} has {elements} elements, fewer than the tiling's h_length {h}")
            )
    if not (isinstance(b, int) and isinstance(sl, int) and b > 0 and sl > 0):
        return
    if basic and isinstance(oh, int) and not (h % 64 == 0 and oh % 64 == 0 and b * sl % 8 == 0):
        raise ApiValueError(_deepnorm_basic_message(b, sl, h, oh), "pass basic_block=False")
    for name in ("src", "gx", "dst"):
        elements = known_elements(ops[name])
        if elements is not None and b * sl * h > elements:
            raise ApiValueError(tiling_shape_message(api, (b, sl, h), elements, name))
    for name in ("mean", "rstd"):
        elements = known_elements(ops[name])
        if elements is not None and elements < b * sl:
            raise ApiValueError(
                _deepnorm_message(
                    f"{name} has {elements} elements, fewer than the tiling's b_length * s_length {b * sl}"
                )
            )
    _, minimum = layernorm_tmp_size(b, sl, h, type_size, reuse)
    check_tmp_size(
        api, tmp, minimum, f"DeepNorm of {b} x {sl} rows of {h} {dtype}",
        "size it with asc.lib.host.get_deep_norm_max_min_tmp_size",
    )  # fmt: skip


def _check_deepnorm_affine(ops: dict[str, LocalTensor], type_size: int) -> None:
    """CANN's kernel check of gamma and beta of known size: whole 32-byte blocks, at most 2040 elements."""
    for name in ("beta", "gamma"):
        elements = known_elements(ops[name])
        if elements is not None and elements * type_size % 32:
            raise ApiValueError(
                _deepnorm_message(f"{name} has {elements * type_size} bytes, not a multiple of 32 (CANN's check)")
            )
        if elements is not None and elements > DEEPNORM_MAX_H:
            raise ApiValueError(_deepnorm_message(f"{name} has {elements} elements, more than 2040 (CANN's check)"))


__all__ = ["deepnorm", "layernorm", "rmsnorm"]
