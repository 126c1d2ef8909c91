"""The head of ``docs/reference/adv/README.md``: what the library functions beyond Matmul share, their host
side, the pyasc unit tests ascx rejects, and the precision measured on the emulation.  The list of the
function pages (``ascx.language.adv.lib_api_docs``) follows it."""

from __future__ import annotations


def _table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


_PART_0 = """# The library beyond Matmul (`asc.adv`)

pyasc 1.1.1's high-level library functions besides the Matmul API ([its pages](../matmul/README.md)): the math
functions (`acos` ... `trunc`, `exp` with its Taylor expansion, `power`, `xor`, `axpy`), `softmax` with
`SoftmaxTiling` (and `SoftmaxShapeInfo`, the shape it computes on), `rmsnorm` with `RmsNormTiling`, `quant` with
`QuantConfig`, and `concat`/`extract` around `Sort`; beyond pyasc, `softmax_flash_v2` (FlashAttention-2's online
softmax step) with its kernel-side tiling function and CANN's deprecated `softmax_flash`, `layernorm` with
`LayerNormTiling` (CANN's `LayerNorm` with mean and variance) and `deepnorm` with `DeepNormTiling`. Each is an
`ascendc.adv.*` op that runs on the vector pipe (it reads its sources and writes its destinations and its temporary
buffer, for the sync passes), prints CANN 9.1's C++ call, and runs on the CPU emulation (`adv_api/` of the emulation
headers). The submodules have pyasc's names: `asc.adv.math`, `asc.adv.activation` (softmax),
`asc.adv.online_softmax` (softmax_flash_v2 and CANN's deprecated softmax_flash, ascx's own), `asc.adv.normalization`
(rmsnorm, layernorm, deepnorm), `asc.adv.quantization` (quant), `asc.adv.sort` (concat, extract), `asc.adv.types`
(the configuration types) and `asc.adv.utils` (the argument checks the functions share).

Beyond pyasc 1.1.1, CANN's SoftMax variants (`ascx.language.adv.softmax_variants`): `simple_softmax`
(`SimpleSoftMax`, softmax with the row sums and maxima given), `log_softmax` with `LogSoftmaxTiling`
(`LogSoftMax`, log10 of the softmax) and `adjust_softmax_res` (`AdjustSoftMaxRes`, which resets the rows whose
maximum has given bits and returns a runtime bool). And `softmax_tiling_func` (`asc.adv.activation`), CANN's
kernel-side `SoftMaxTilingFunc`: it fills a kernel-local `SoftmaxTiling` in place for a `SoftmaxShapeInfo` and
a temporary space counted in floats, as CANN's SoftMax does on the device when the shape differs from its
tiling's (CANN keeps it in an implementation header, undocumented: it may change).

## What every function checks

At trace time, where the kernel states it: the data types CANN documents for the function; tensors in the
unified buffer; template arguments (`is_reuse_source`, `reuse_source`, `basic_block`, `data_format_nz`,
`taylor_expand_level`, a `QuantConfig`) known at compile time; a known count within the operands; operands
at known addresses 32-byte aligned; a temporary buffer of known size at least CANN's documented minimum
(`Get<Op>MaxMinTmpSize`: "the temporary space reserved or allocated must not be smaller than the minimum");
the call forms CANN declares (`Log` takes no temporary buffer, `Ceil`, `Floor`, `Round`, `Digamma`, `Lgamma`
and `Exp` need a count, `Axpy` needs both).  A flag CANN reserves (`该参数预留`) passed as True warns, as
CANN's kernel check does.  At run time the emulation checks the rest and fails at the kernel's line: counts
and shapes within the tensors, the temporary buffer against the minimum and against what the tiling uses,
no temporary buffer overlapping an operand, no source overlapping a destination where CANN does not allow it.

A temporary buffer is optional: without one the library takes scratch space the framework reserves (on the
emulation, none is needed).  Its size comes from the host API below.

## The host side (`asc.lib.host`)

CANN's host functions in pure Python, with CANN's names in snake case; shapes are sequences of ints, sizes
bytes; values CANN returns through references come back as a tuple in CANN's order.
"""

_PART_1 = _table(
    ("C++", "Python", "returns"),
    [
        (
            "`Get<Op>MaxMinTmpSize(srcShape, typeSize, isReuseSource, max, min)`",
            (
                "`get_<op>_max_min_tmp_size(src_shape, type_size, is_reuse_source=False)` for acos ... trunc, axpy, "
                "exp, log, sign, xor"
            ),
            "`(max_value, min_value)`",
        ),
        (
            "`GetRoundMaxMinTmpSize(platform, ...)`",
            "`get_round_max_min_tmp_size(platform, src_shape, type_size, is_reuse_source=False)`",
            "`(max_value, min_value)`",
        ),
        (
            "`GetPowerMaxMinTmpSize(shape1, shape2, typeIsInt, typeSize, isReuseSource, max, min)`",
            "`get_power_max_min_tmp_size(src_shape1, src_shape2, type_is_int, type_size, is_reuse_source=False)`",
            "`(max_value, min_value)`",
        ),
        (
            "`GetAscendQuantMaxMinTmpSize(srcShape, typeSize, max, min)`",
            "`get_ascend_quant_max_min_tmp_size(src_shape, type_size)`",
            "`(max_value, min_value)`",
        ),
        (
            "`GetConcatTmpSize(platform, elemCount, dataTypeSize)`",
            "`get_concat_tmp_size(platform, elem_count, data_type_size)`",
            "0 on Atlas A2",
        ),
        (
            "`GetSoftMaxMaxTmpSize` / `GetSoftMaxMinTmpSize(srcShape, dataTypeSize, isReuseSource)`",
            (
                "`get_soft_max_max_tmp_size` / `get_soft_max_min_tmp_size(src_shape, data_type_size, "
                "is_reuse_source=False)`"
            ),
            "bytes",
        ),
        (
            "`SoftMaxTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, tiling)`",
            "`soft_max_tiling_func(src_shape, data_type_size, local_work_space_size, softmax_tiling)`",
            "fills the `SoftmaxTiling` (the kernel-side function of the same name, `asc.adv.softmax_tiling_func`, "
            "differs: [its page](softmax_tiling_func.md))",
        ),
        (
            "`IsBasicBlockInSoftMax(tiling, dataTypeSize = 2)`",
            "`is_basic_block_in_soft_max(tiling, data_type_size=2)`",
            "bool",
        ),
        (
            (
                "`GetSoftMaxFlashV2MaxTmpSize` / `GetSoftMaxFlashV2MinTmpSize(srcShape, dataTypeSize1, dataTypeSize2, "
                "isUpdate, isBasicBlock = false, isFlashOutputBrc = false)`"
            ),
            (
                "`get_soft_max_flash_v2_max_tmp_size` / `get_soft_max_flash_v2_min_tmp_size(src_shape, "
                "data_type_size1, data_type_size2, is_update, is_basic_block=False, is_flash_output_brc=False)`"
            ),
            "bytes",
        ),
        (
            (
                "`SoftMaxFlashV2TilingFunc(srcShape, dataTypeSize1, dataTypeSize2, localWorkSpaceSize, tiling, "
                "isUpdate, isBasicBlock = false, isFlashOutputBrc = false)`"
            ),
            (
                "`soft_max_flash_v2_tiling_func(src_shape, data_type_size1, data_type_size2, local_work_space_size, "
                "softmax_flash_tiling, is_update, is_basic_block=False, is_flash_output_brc=False)`"
            ),
            "fills the `SoftmaxTiling` (also computed in the kernel: `asc.adv.softmax_flash_v2_tiling_func`)",
        ),
        (
            "`GetLogSoftMaxMaxTmpSize` / `GetLogSoftMaxMinTmpSize(srcShape, dataTypeSize, isReuseSource)`",
            (
                "`get_log_soft_max_max_tmp_size` / `get_log_soft_max_min_tmp_size(src_shape, data_type_size, "
                "is_reuse_source=False)`"
            ),
            "bytes (SoftMax's on Atlas A2)",
        ),
        (
            "`LogSoftMaxTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, tiling)`",
            "`log_soft_max_tiling_func(src_shape, data_type_size, local_work_space_size, softmax_tiling)`",
            "fills the `LogSoftmaxTiling`",
        ),
        (
            (
                "`GetSoftMaxFlashMaxTmpSize` / `GetSoftMaxFlashMinTmpSize(srcShape, dataTypeSize, isUpdate, "
                "isReuseSource)` (deprecated by CANN)"
            ),
            (
                "`get_soft_max_flash_max_tmp_size` / `get_soft_max_flash_min_tmp_size(src_shape, data_type_size, "
                "is_update, is_reuse_source=False)`"
            ),
            "bytes",
        ),
        (
            (
                "`SoftMaxFlashTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, softmaxFlashTiling, "
                "isUpdate = false)` (deprecated by CANN)"
            ),
            (
                "`soft_max_flash_tiling_func(src_shape, data_type_size, local_work_space_size, "
                "softmax_flash_tiling, is_update=False)`"
            ),
            "fills the `SoftmaxTiling` of `asc.adv.softmax_flash`",
        ),
        (
            "`GetRmsNormMaxMinTmpSize(srcShape, typeSize, max, min, isBasicBlock = false)`",
            "`get_rms_norm_max_min_tmp_size(src_shape, type_size, is_basic_block=False)`",
            "`(max_value, min_value)`",
        ),
        (
            (
                "`GetRmsNormTilingInfo(srcShape, originSrcShape, stackBufferByteSize, typeSize, tiling, "
                "isBasicBlock = false)`"
            ),
            (
                "`get_rms_norm_tiling_info(src_shape, origin_src_shape, stack_buffer_byte_size, type_size, tiling, "
                "is_basic_block=False)`"
            ),
            "True, fills the `RmsNormTiling`",
        ),
        (
            "`GetLayerNormMaxMinTmpSize(srcShape, typeSize, isReuseSource, max, min)`",
            "`get_layer_norm_max_min_tmp_size(src_shape, type_size, is_reuse_source)`",
            "`(max_value, min_value)`; `src_shape` is `[B, S, storageHLength, originHLength]`",
        ),
        (
            "`GetLayerNormNDTilingInfo(srcShape, stackBufferSize, typeSize, isReuseSource, tiling)`",
            "`get_layer_norm_nd_tiling_info(src_shape, stack_buffer_size, type_size, is_reuse_source, tiling)`",
            "None, fills the `LayerNormTiling`",
        ),
        (
            "`GetDeepNormMaxMinTmpSize(srcShape, typeSize, isReuseSource, isBasicBlock, max, min)`",
            "`get_deep_norm_max_min_tmp_size(src_shape, type_size, is_reuse_source, is_basic_block)`",
            "`(max_value, min_value)`",
        ),
        (
            (
                "`GetDeepNormTilingInfo(srcShape, originSrcShape, stackBufferSize, typeSize, isReuseSource, "
                "isBasicBlock, tiling)`"
            ),
            (
                "`get_deep_norm_tiling_info(src_shape, origin_src_shape, stack_buffer_size, type_size, "
                "is_reuse_source, is_basic_block, tiling)`"
            ),
            "True, fills the `DeepNormTiling`",
        ),
    ],
)

_PART_2 = """
Where CANN returns false, the Python function raises `asc.lib.host.TilingError` with the reason; where CANN's
host checks log an error (an empty or unaligned shape, an unsupported type size, `is_reuse_source` for a half
`sin`/`cos`), it raises `ValueError` with CANN's message.  One deviation: `soft_max_tiling_func` with a buffer
smaller than one row raises `TilingError` (CANN computes `split_m = 0`, which no kernel can use), and so
does `log_soft_max_tiling_func` (CANN divides by it) and `get_layer_norm_nd_tiling_info` where CANN leaves
the tiling unfilled (no room for a row in each work area) or, its `uint32_t` subtraction wrapping, fills one
LayerNorm's kernel check rejects (a half buffer smaller than the mean and variance areas).
`tests/host/test_adv_tiling.py` checks CANN's values at documented points and the invariants of the tilings
over a sweep of shapes, types and buffer sizes.  pyasc 1.1.1's `asc.lib.host` exposes none of these (only
the Matmul tiling).

## pyasc's unit tests

pyasc 1.1.1's unit tests of these functions (`python/test/unit/language/adv`) run as ascx kernels in
`tests/language/test_pyasc_adv_unit.py`.  They compile, except where CANN documents the kernel as invalid:
"""

_PART_3 = _table(
    ("pyasc test", "rule"),
    [
        (
            (
                "`test_acos_kernel`, `test_asin_kernel`, `test_asinh_kernel`, `test_atan_kernel`, "
                "`test_atanh_kernel`, `test_cos_kernel`, `test_cosh_kernel`, `test_digamma_kernel`, "
                "`test_erf_kernel`, `test_erfc_kernel`, `test_frac_kernel`, `test_lgamma_kernel`, "
                "`test_sign_kernel`, `test_sin_kernel`, `test_sinh_kernel`, `test_tan_kernel`, `test_tanh_kernel`, "
                "`test_power_kernel`, `test_axpy_kernel`"
            ),
            (
                "the tests give a 512-byte temporary buffer; CANN's `Get<Op>MaxMinTmpSize` documents a larger "
                'minimum for half inputs (768 bytes for asinh and sign up to 6656 for lgamma), and "the temporary '
                'space must not be smaller than the minimum"'
            ),
        ),
        (
            "`test_softmax`",
            (
                "its `SoftmaxTiling(src_m=1, src_k=1, ...)` makes rows of one half element; SoftMax documents the "
                "last axis 32-byte aligned"
            ),
        ),
    ],
)

_PART_4 = """
The other tests (acosh, ceil, exp, floor, log, round, trunc, xor, rmsnorm, concat, extract) compile.  (The
tests also place every tensor at address 0; CANN forbids overlapping operands for most functions, which the
emulation checks at run time, so those kernels would fail if run.)

## Differences from pyasc 1.1.1

- `axpy` and `quant` keep pyasc's `count=None` default, but `axpy` without a count or a temporary buffer is
  rejected (CANN declares only `Axpy(dst, src, scalar, sharedTmpBuffer, calCount)`; pyasc fails with an
  internal error), and `quant` without a count compiles to the whole-tensor form (pyasc fails).
- `softmax` passes its temporary buffer to `SoftMax` (pyasc drops it); `quant` passes `scale` and `offset`
  as float, CANN's type (pyasc converts them to the source type); `log` with a temporary buffer is rejected
  (CANN's `Log` has no such form; pyasc emits a call that does not compile).
- `QuantConfig` is a compile-time value printed as `constexpr static AscendC::AscendQuantConfig` next to the
  call.

## Precision on the emulation

Measured by `python benchmarks/adv_lib_precision.py` over the inputs of the numerics tests
(`tests/emu/test_adv_math_numerics.py`, `tests/emu/test_adv_lib_numerics.py`, which assert the bounds each
page states): the distance in ULP from numpy's float64 result rounded to float32 and then to the output type
(the documented computation; "-" where the result is compared with a step-by-step model instead), the error
from the exact float64 value in ULP of the output type, and the relative error from it (relative to
max(|exact|, the smallest normal number)).  Cancellation makes the relative errors of axpy, softmax and
rmsnorm in float32 larger than one rounding; the Taylor expansion with 3 terms is as inexact as CANN's.
"""

_PART_5 = _table(
    ("function", "type", "ULP from the float64 result rounded", "error from exact (ULP)", "relative error"),
    [
        (
            "acos",
            "float16",
            "0",
            "0.498",
            "0.00046",
        ),
        (
            "acos",
            "float32",
            "0",
            "0.5",
            "5.3e-08",
        ),
        (
            "acosh",
            "float16",
            "0",
            "0.496",
            "0.00045",
        ),
        (
            "acosh",
            "float32",
            "0",
            "0.499",
            "5.7e-08",
        ),
        (
            "asin",
            "float16",
            "0",
            "0.5",
            "0.00046",
        ),
        (
            "asin",
            "float32",
            "0",
            "0.499",
            "5.5e-08",
        ),
        (
            "asinh",
            "float16",
            "0",
            "0.499",
            "0.00044",
        ),
        (
            "asinh",
            "float32",
            "0",
            "0.499",
            "5.6e-08",
        ),
        (
            "atan",
            "float16",
            "0",
            "0.494",
            "0.00038",
        ),
        (
            "atan",
            "float32",
            "0",
            "0.5",
            "5.4e-08",
        ),
        (
            "atanh",
            "float16",
            "0",
            "0.499",
            "0.00046",
        ),
        (
            "atanh",
            "float32",
            "0",
            "0.498",
            "5.2e-08",
        ),
        (
            "axpy",
            "float16",
            "-",
            "0.5",
            "0.00045",
        ),
        (
            "axpy",
            "float32",
            "-",
            "32",
            "2.2e-06",
        ),
        (
            "ceil",
            "float16",
            "0",
            "0",
            "0",
        ),
        (
            "ceil",
            "float32",
            "0",
            "0",
            "0",
        ),
        (
            "cos",
            "float16",
            "0",
            "0.492",
            "0.00044",
        ),
        (
            "cos",
            "float32",
            "0",
            "0.497",
            "5.8e-08",
        ),
        (
            "cosh",
            "float16",
            "0",
            "0.495",
            "0.00044",
        ),
        (
            "cosh",
            "float32",
            "0",
            "0.499",
            "5.4e-08",
        ),
        (
            "digamma",
            "float16",
            "0",
            "0.497",
            "0.00047",
        ),
        (
            "digamma",
            "float32",
            "0",
            "0.497",
            "5.4e-08",
        ),
        (
            "erf",
            "float16",
            "0",
            "0.497",
            "0.00044",
        ),
        (
            "erf",
            "float32",
            "0",
            "0.498",
            "5.7e-08",
        ),
        (
            "erfc",
            "float16",
            "0",
            "0.5",
            "0.00048",
        ),
        (
            "erfc",
            "float32",
            "0",
            "0.497",
            "5.5e-08",
        ),
        (
            "exp",
            "float16",
            "0",
            "0.497",
            "0.00047",
        ),
        (
            "exp",
            "float32",
            "0",
            "0.497",
            "5.8e-08",
        ),
        (
            "exp (taylor 12)",
            "float16",
            "-",
            "0.497",
            "0.00047",
        ),
        (
            "exp (taylor 12)",
            "float32",
            "-",
            "2.9",
            "2.4e-07",
        ),
        (
            "exp (taylor 3)",
            "float16",
            "-",
            "34.1",
            "0.018",
        ),
        (
            "exp (taylor 3)",
            "float32",
            "-",
            "2.85e+05",
            "0.018",
        ),
        (
            "floor",
            "float16",
            "0",
            "0",
            "0",
        ),
        (
            "floor",
            "float32",
            "0",
            "0",
            "0",
        ),
        (
            "frac",
            "float16",
            "0",
            "0",
            "0",
        ),
        (
            "frac",
            "float32",
            "0",
            "0",
            "0",
        ),
        (
            "lgamma",
            "float16",
            "0",
            "0.5",
            "0.00048",
        ),
        (
            "lgamma",
            "float32",
            "0",
            "0.5",
            "5.5e-08",
        ),
        (
            "log",
            "float16",
            "0",
            "0.498",
            "0.00041",
        ),
        (
            "log",
            "float32",
            "0",
            "0.497",
            "5e-08",
        ),
        (
            "power",
            "float16",
            "0",
            "0.499",
            "0.00049",
        ),
        (
            "power",
            "float32",
            "0",
            "0.5",
            "5.7e-08",
        ),
        (
            "quant",
            "float16",
            "-",
            "0 step",
            "0/256 differ",
        ),
        (
            "quant",
            "float32",
            "-",
            "1 step",
            "3/256 differ",
        ),
        (
            "rmsnorm",
            "float16",
            "-",
            "0.499",
            "0.00047",
        ),
        (
            "rmsnorm",
            "float32",
            "-",
            "3.4",
            "2.6e-07",
        ),
        (
            "round",
            "float16",
            "0",
            "0",
            "0",
        ),
        (
            "round",
            "float32",
            "0",
            "0",
            "0",
        ),
        (
            "sign",
            "float16",
            "0",
            "0",
            "0",
        ),
        (
            "sign",
            "float32",
            "0",
            "0",
            "0",
        ),
        (
            "sin",
            "float16",
            "0",
            "0.499",
            "0.00044",
        ),
        (
            "sin",
            "float32",
            "0",
            "0.497",
            "5.3e-08",
        ),
        (
            "sinh",
            "float16",
            "0",
            "0.496",
            "0.00043",
        ),
        (
            "sinh",
            "float32",
            "0",
            "0.499",
            "5.6e-08",
        ),
        (
            "softmax",
            "float16",
            "-",
            "0.5",
            "0.00049",
        ),
        (
            "softmax",
            "float32",
            "-",
            "14.4",
            "1.1e-06",
        ),
        (
            "tan",
            "float16",
            "0",
            "0.497",
            "0.00047",
        ),
        (
            "tan",
            "float32",
            "0",
            "0.5",
            "5.6e-08",
        ),
        (
            "tanh",
            "float16",
            "0",
            "0.499",
            "0.00034",
        ),
        (
            "tanh",
            "float32",
            "0",
            "0.5",
            "4.2e-08",
        ),
        (
            "trunc",
            "float16",
            "0",
            "0",
            "0",
        ),
        (
            "trunc",
            "float32",
            "0",
            "0",
            "0",
        ),
    ],
)

_PART_6 = """"""

OVERVIEW = "\n".join([_PART_0, _PART_1, _PART_2, _PART_3, _PART_4, _PART_5, _PART_6])
