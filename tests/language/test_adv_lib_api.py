"""The library functions beyond Matmul (``asc.adv.acos`` ... ``asc.adv.extract``): the exact C++ of every
call form, and every trace-time check with its exact message at the call's line.

Each statement runs in ``KERNEL``: ``a``/``b`` are float16 VECIN tensors of 256 elements, ``c`` a float16
VECOUT tensor, ``f32``/``i16``/``u32``/``q8`` float32/int16/uint32/int8 tensors, ``tmp`` an 8 KiB and
``small`` a 256-byte uint8 buffer, ``odd`` a float16 tensor at byte 16; ``n`` is a runtime int32 and ``f`` a
runtime float32.  pyasc 1.1.1 emits the same calls (``../shared/tools/pyasc-ref emit``) with its own
constant names, and three differences: it drops SoftMax's temporary buffer, passes AscendQuant's scale and
offset as half where CANN takes float, and names the config of AscendQuant ``static constexpr``.
"""

from __future__ import annotations

import os
import re
import subprocess
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from ascx.errors import AscxWarning, KernelError
from ascx.language.core.dtype import float16, float32 as f32_dtype, int32
from ascx.runtime.jit import MockTensor, MockValue
from ascx.runtime.sync_outcome import UNCHECKED
from ascx.testing.kernels import line_of, load_kernel_source

KERNEL = """
@asc.jit(insert_sync=False, verify_sync=False)
def k(x: asc.GlobalAddress, n: int, f: float) -> None:
    a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    b = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 512, 256)
    c = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 1024, 256)
    f32 = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 2048, 256)
    i16 = asc.LocalTensor(asc.int16, asc.TPosition.VECCALC, 4096, 256)
    u32 = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 8192, 256)
    q8 = asc.LocalTensor(asc.int8, asc.TPosition.VECOUT, 12288, 256)
    tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 16384, 8192)
    small = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 32768, 256)
    odd = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 40976, 256)
    {statement}  # the statement under test
"""
ARGS = (MockTensor(float16), MockValue(int32), MockValue(f32_dtype))


def _compile(directory: Path, statement: str) -> tuple[str, list[warnings.WarningMessage], int]:
    module = load_kernel_source(directory, KERNEL.format(statement=statement))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        source = module.k.compile(*ARGS).source
    kept = [w for w in caught if not (issubclass(w.category, AscxWarning) and str(w.message) == UNCHECKED)]
    return source, kept, line_of(module, "# the statement under test")


def lines(directory: Path, statement: str) -> list[str]:
    """The C++ lines the statement adds after the declarations."""
    source, _, _ = _compile(directory, statement)
    body = source.split("{", 1)[1].rsplit("}", 1)[0].strip("\n").split("\n")
    return [line.strip() for line in body[10:]]


def error(directory: Path, statement: str) -> tuple[KernelError, int]:
    module = load_kernel_source(directory, KERNEL.format(statement=statement))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            module.k.compile(*ARGS)
    except KernelError as caught:
        return caught, line_of(module, "# the statement under test")
    raise AssertionError(f"{statement!r} compiled")


EMITS: dict[str, tuple[str, list[str]]] = {
    "acos_tmp_count": (
        "asc.adv.acos(c, a, count=256, temp_buffer=tmp)",
        ["AscendC::Acos<half, false>(c, a, tmp, 256);"],
    ),
    "acos_count": ("asc.adv.acos(c, a, 256)", ["AscendC::Acos<half, false>(c, a, 256);"]),
    "acos_runtime_count": ("asc.adv.acos(c, a, n)", ["AscendC::Acos<half, false>(c, a, n);"]),
    "acos_whole": ("asc.adv.acos(c, a)", ["AscendC::Acos<half, false>(c, a);"]),
    "acos_whole_tmp": ("asc.adv.acos(c, a, temp_buffer=tmp)", ["AscendC::Acos<half, false>(c, a, tmp);"]),
    "cos_reuse_float": (
        "asc.adv.cos(f32, f32[128:], 128, tmp, True)",
        [
            "AscendC::LocalTensor<float> v = f32[128];",
            "AscendC::Cos<float, true>(f32, v, tmp, 128);",
        ],
    ),
    "exp_taylor": ("asc.adv.exp(c, a, 256, 12, tmp)", ["AscendC::Exp<half, 12, false>(c, a, tmp, 256);"]),
    "exp_reuse": ("asc.adv.exp(c, a, 256, 0, is_reuse_source=True)", ["AscendC::Exp<half, 0, true>(c, a, 256);"]),
    "log": ("asc.adv.log(c, a, 256)", ["AscendC::Log<half, false>(c, a, 256);"]),
    "round": ("asc.adv.round(c, a, 256)", ["AscendC::Round<half, false>(c, a, 256);"]),
    "power": ("asc.adv.power(c, a, b, 256, tmp)", ["AscendC::Power<half, false>(c, a, b, tmp, 256);"]),
    "power_whole": ("asc.adv.power(c, a, b)", ["AscendC::Power<half, false>(c, a, b);"]),
    "xor": ("asc.adv.xor(i16, i16, i16, count=256)", ["AscendC::Xor<int16_t, false>(i16, i16, i16, 256);"]),
    "axpy": ("asc.adv.axpy(c, a, 3.0, 256, tmp)", ["AscendC::Axpy<half, half, false>(c, a, half(3.0), tmp, 256);"]),
    "axpy_mixed": (
        "asc.adv.axpy(f32, a, f, 256, tmp)",
        [
            "half v = static_cast<half>(f);",
            "AscendC::Axpy<float, half, false>(f32, a, v, tmp, 256);",
        ],
    ),
    "softmax_tiling_in_kernel": (
        "asc.adv.softmax(c, b, b, a, asc.adv.SoftmaxTiling(src_m=8, src_k=32), tmp)",
        [
            "SoftMaxTiling v;",
            "v.srcM = 8;",
            "v.srcK = 32;",
            "AscendC::SoftMax<half, false, false, false>(c, b, b, a, tmp, v);",
        ],
    ),
    "softmax_flags": (
        "asc.adv.softmax(c, f32, f32, a, asc.adv.SoftmaxTiling(), None, False, True, True)",
        [
            "SoftMaxTiling v;",
            "AscendC::SoftMax<half, false, true, true>(c, f32, f32, a, v);",
        ],
    ),
    "softmax_shape_info": (
        "asc.adv.softmax(c, f32, f32[64:], a, asc.adv.SoftmaxTiling(), tmp, "
        "softmax_shape_info=asc.adv.SoftmaxShapeInfo(8, 32, ori_src_k=n))",
        [
            "AscendC::LocalTensor<float> v = f32[64];",
            "SoftMaxTiling v_1;",
            "AscendC::SoftMaxShapeInfo v_2;",
            "v_2.srcM = 8;",
            "v_2.srcK = 32;",
            "v_2.oriSrcK = n;",
            "AscendC::SoftMax<half, false, false, false>(c, f32, v, a, tmp, v_1, v_2);",
        ],
    ),
    "softmax_flash_update": (
        "asc.adv.softmax_flash(c, f32, f32[64:], a, b, f32, f32[64:], asc.adv.SoftmaxTiling(), tmp, is_update=True)",
        [
            "AscendC::LocalTensor<float> v = f32[64];",
            "AscendC::LocalTensor<float> v_1 = f32[64];",
            "SoftMaxTiling v_2;",
            "AscendC::SoftmaxFlash<half, false, false>(c, f32, v, a, b, f32, v_1, tmp, v_2, true);",
        ],
    ),
    "softmax_flash_basic_block": (
        "asc.adv.softmax_flash(f32, f32, f32, f32, f32, f32, f32, asc.adv.SoftmaxTiling(), None, False, False, True)",
        [
            "SoftMaxTiling v;",
            "AscendC::SoftmaxFlash<float, false, true>(f32, f32, f32, f32, f32, f32, f32, v, false);",
        ],
    ),
    "softmax_flash_runtime_update_shape_info": (
        "asc.adv.softmax_flash(c, b, b[128:], a, c, b, b[128:], asc.adv.SoftmaxTiling(), is_update=n > 0, "
        "softmax_shape_info=asc.adv.SoftmaxShapeInfo(8, 16, 8, 16))",
        [
            "AscendC::LocalTensor<half> v = b[128];",
            "AscendC::LocalTensor<half> v_1 = b[128];",
            "SoftMaxTiling v_2;",
            "bool v_3 = n > 0;",
            "AscendC::SoftMaxShapeInfo v_4;",
            "v_4.srcM = 8;",
            "v_4.srcK = 16;",
            "v_4.oriSrcM = 8;",
            "v_4.oriSrcK = 16;",
            "AscendC::SoftmaxFlash<half, false, false>(c, b, v, a, c, b, v_1, v_2, v_3, v_4);",
        ],
    ),
    "softmax_flash_v2_update": (
        "asc.adv.softmax_flash_v2(c, f32, f32[64:], a, b, f32, f32[64:], asc.adv.SoftmaxTiling(), tmp, is_update=True)",
        [
            "AscendC::LocalTensor<float> v = f32[64];",
            "AscendC::LocalTensor<float> v_1 = f32[64];",
            "SoftMaxTiling v_2;",
            "AscendC::SoftmaxFlashV2<half, true, false, false, false, AscendC::SOFTMAX_DEFAULT_CFG>(c, f32, v, a, b, f32, v_1, tmp, v_2);",
        ],
    ),
    "softmax_flash_v2_flags": (
        "asc.adv.softmax_flash_v2(f32, f32, f32, f32, f32, f32, f32, asc.adv.SoftmaxTiling(), None, False, True, True, "
        "True)",
        [
            "SoftMaxTiling v;",
            "AscendC::SoftmaxFlashV2<float, false, true, true, true, AscendC::SOFTMAX_DEFAULT_CFG>(f32, f32, f32, f32, f32, f32, f32, v);",
        ],
    ),
    "softmax_flash_v2_shape_info": (
        "asc.adv.softmax_flash_v2(c, b, b[128:], a, c, b, b[128:], asc.adv.SoftmaxTiling(), "
        "softmax_shape_info=asc.adv.SoftmaxShapeInfo(8, 16, 8, 16))",
        [
            "AscendC::LocalTensor<half> v = b[128];",
            "AscendC::LocalTensor<half> v_1 = b[128];",
            "SoftMaxTiling v_2;",
            "AscendC::SoftMaxShapeInfo v_3;",
            "v_3.srcM = 8;",
            "v_3.srcK = 16;",
            "v_3.oriSrcM = 8;",
            "v_3.oriSrcK = 16;",
            "AscendC::SoftmaxFlashV2<half, false, false, false, false, AscendC::SOFTMAX_DEFAULT_CFG>(c, b, v, a, c, b, v_1, v_2, v_3);",
        ],
    ),
    "softmax_flash_v2_tiling_func": (
        "asc.adv.softmax_flash_v2(c, f32, f32[64:], a, b, f32, f32[64:], asc.adv.softmax_flash_v2_tiling_func("
        "asc.adv.SoftmaxShapeInfo(8, 32, 8, 32), 2, 4, n, True, basic_block=False), tmp, is_update=True)",
        [
            "AscendC::LocalTensor<float> v = f32[64];",
            "AscendC::LocalTensor<float> v_1 = f32[64];",
            "AscendC::SoftMaxShapeInfo v_2;",
            "v_2.srcM = 8;",
            "v_2.srcK = 32;",
            "v_2.oriSrcM = 8;",
            "v_2.oriSrcK = 32;",
            "SoftMaxTiling v_3 = AscendC::SoftMaxFlashV2TilingFunc(v_2, 2, 4, n, true, false, false, false);",
            "AscendC::SoftmaxFlashV2<half, true, false, false, false, AscendC::SOFTMAX_DEFAULT_CFG>(c, f32, v, a, b, f32, v_1, tmp, v_3);",
        ],
    ),
    "rmsnorm": (
        "asc.adv.rmsnorm(c, a, b, 1e-5, asc.adv.RmsNormTiling(h_length=256), tmp)",
        [
            "RmsNormTiling v;",
            "v.hLength = 256;",
            "AscendC::RmsNorm<half, false>(c, a, b, tmp, half(1.0013580322265625e-05), v);",
        ],
    ),
    "rmsnorm_runtime_epsilon": (
        "asc.adv.rmsnorm(f32, f32, f32, f, asc.adv.RmsNormTiling(), basic_block=True)",
        [
            "RmsNormTiling v;",
            "AscendC::RmsNorm<float, true>(f32, f32, f32, f, v);",
        ],
    ),
    "layernorm": (
        "asc.adv.layernorm(c, b[240:], b[224:], a, b[64:], b[128:], 1e-5, asc.adv.LayerNormTiling(h_length=64), tmp)",
        [
            "AscendC::LocalTensor<half> v = b[240];",
            "AscendC::LocalTensor<half> v_1 = b[224];",
            "AscendC::LocalTensor<half> v_2 = b[64];",
            "AscendC::LocalTensor<half> v_3 = b[128];",
            "LayerNormTiling v_4;",
            "v_4.hLength = 64;",
            "AscendC::LayerNorm<half, false>(c, v, v_1, a, v_2, v_3, tmp, half(1.0013580322265625e-05), v_4);",
        ],
    ),
    "layernorm_reuse_runtime_epsilon": (
        "asc.adv.layernorm(f32, f32, f32, f32, f32, f32, f, asc.adv.LayerNormTiling(), reuse_source=True)",
        [
            "LayerNormTiling v;",
            "AscendC::LayerNorm<float, true>(f32, f32, f32, f32, f32, f32, f, v);",
        ],
    ),
    "deepnorm": (
        "asc.adv.deepnorm(c, b[240:], b[224:], a, a, b[64:], b[128:], 0.5, 1e-5, asc.adv.DeepNormTiling(h_length=64), tmp)",
        [
            "AscendC::LocalTensor<half> v = b[240];",
            "AscendC::LocalTensor<half> v_1 = b[224];",
            "AscendC::LocalTensor<half> v_2 = b[64];",
            "AscendC::LocalTensor<half> v_3 = b[128];",
            "DeepNormTiling v_4;",
            "v_4.hLength = 64;",
            "AscendC::DeepNorm<half, false, false>(c, v, v_1, a, a, v_2, v_3, tmp, half(0.5), half(1.0013580322265625e-05), v_4);",
        ],
    ),
    "deepnorm_flags_runtime_scalars": (
        "asc.adv.deepnorm(f32, f32, f32, f32, f32, f32, f32, f, f, asc.adv.DeepNormTiling(), None, True, True)",
        [
            "DeepNormTiling v;",
            "AscendC::DeepNorm<float, true, true>(f32, f32, f32, f32, f32, f32, f32, f, f, v);",
        ],
    ),
    "quant": ("asc.adv.quant(q8, a, 2.0, 0.5)", ["AscendC::AscendQuant<half, false>(q8, a, 2.0f, 0.5f);"]),
    "quant_config": (
        "asc.adv.quant(q8, a, f, 1, 128, tmp, False, asc.adv.QuantConfig(128, 0, 0, 1024))",
        [
            "constexpr static AscendC::AscendQuantConfig quant_config = {128, 0, 0, 1024};",
            "AscendC::AscendQuant<half, false, quant_config>(q8, a, tmp, f, 1.0f, 128);",
        ],
    ),
    "concat": ("asc.adv.concat(c, a, b, 4)", ["AscendC::Concat(c, a, b, 4);"]),
    "extract": ("asc.adv.extract(c, u32, a, n)", ["AscendC::Extract(c, u32, a, n);"]),
    # --- SoftMax's variants ---
    "simple_softmax": (
        "asc.adv.simple_softmax(c, b, b, a, asc.adv.SoftmaxTiling(src_m=2, src_k=128), tmp)",
        [
            "SoftMaxTiling v;",
            "v.srcM = 2;",
            "v.srcK = 128;",
            "AscendC::SimpleSoftMax<half, false, false, false>(c, b, b, a, tmp, v);",
        ],
    ),
    "simple_softmax_float_stats_flags": (
        "asc.adv.simple_softmax(c, f32, f32[128:], a, asc.adv.SoftmaxTiling(), None, False, True, True)",
        [
            "AscendC::LocalTensor<float> v = f32[128];",
            "SoftMaxTiling v_1;",
            "AscendC::SimpleSoftMax<half, false, true, true>(c, f32, v, a, v_1);",
        ],
    ),
    "simple_softmax_shape_info": (
        "asc.adv.simple_softmax(f32, f32, f32, f32, asc.adv.SoftmaxTiling(), tmp, "
        "softmax_shape_info=asc.adv.SoftmaxShapeInfo(4, 64, ori_src_m=n))",
        [
            "SoftMaxTiling v;",
            "AscendC::SoftMaxShapeInfo v_1;",
            "v_1.srcM = 4;",
            "v_1.srcK = 64;",
            "v_1.oriSrcM = n;",
            "AscendC::SimpleSoftMax<float, false, false, false>(f32, f32, f32, f32, tmp, v, v_1);",
        ],
    ),
    "log_softmax": (
        "asc.adv.log_softmax(c, b, b, a, asc.adv.LogSoftmaxTiling(), tmp)",
        [
            "LogSoftMaxTiling v;",
            "AscendC::LogSoftMax<half, false, false>(c, b, b, a, tmp, v);",
        ],
    ),
    "log_softmax_flags_shape_info": (
        "asc.adv.log_softmax(f32, f32[64:], f32[128:], f32, asc.adv.LogSoftmaxTiling(src_m=1, src_k=64), tmp, "
        "False, True, asc.adv.SoftmaxShapeInfo(n, 64))",
        [
            "AscendC::LocalTensor<float> v = f32[64];",
            "AscendC::LocalTensor<float> v_1 = f32[128];",
            "LogSoftMaxTiling v_2;",
            "v_2.srcM = 1;",
            "v_2.srcK = 64;",
            "AscendC::SoftMaxShapeInfo v_3;",
            "v_3.srcM = n;",
            "v_3.srcK = 64;",
            "AscendC::LogSoftMax<float, false, true>(f32, v, v_1, f32, tmp, v_2, v_3);",
        ],
    ),
    "softmax_tiling_func": (
        "asc.adv.softmax_tiling_func(n, asc.adv.SoftmaxShapeInfo(8, 32, 8, 32), asc.adv.SoftmaxTiling(), 2, 4)",
        [
            "AscendC::SoftMaxShapeInfo v;",
            "v.srcM = 8;",
            "v.srcK = 32;",
            "v.oriSrcM = 8;",
            "v.oriSrcK = 32;",
            "SoftMaxTiling v_1;",
            "AscendC::SoftMaxTilingFunc(n, v, v_1, 2, 4, false, false);",
        ],
    ),
    "softmax_tiling_func_result": (
        "sm_t = asc.adv.SoftmaxTiling(); asc.adv.softmax(c, f32, f32[64:], a, sm_t, tmp, "
        "softmax_shape_info=asc.adv.SoftmaxShapeInfo(8, 32, 8, 32)) if asc.adv.softmax_tiling_func("
        "2048, asc.adv.SoftmaxShapeInfo(8, 32, 8, 32), sm_t, 2, 4, True, data_format_nz=False) else None",
        [
            "SoftMaxTiling sm_t;",
            "AscendC::SoftMaxShapeInfo v;",
            "v.srcM = 8;",
            "v.srcK = 32;",
            "v.oriSrcM = 8;",
            "v.oriSrcK = 32;",
            "bool v_1 = AscendC::SoftMaxTilingFunc(2048, v, sm_t, 2, 4, true, false);",
            "if (v_1) {",
            "AscendC::LocalTensor<float> v_2 = f32[64];",
            "AscendC::SoftMaxShapeInfo v_3;",
            "v_3.srcM = 8;",
            "v_3.srcK = 32;",
            "v_3.oriSrcM = 8;",
            "v_3.oriSrcK = 32;",
            "AscendC::SoftMax<half, false, false, false>(c, f32, v_2, a, tmp, sm_t, v_3);",
            "}",
        ],
    ),
    "softmax_tiling_func_nz": (
        "asc.adv.softmax_tiling_func(4096, asc.adv.SoftmaxShapeInfo(n, 64, n, 64), asc.adv.SoftmaxTiling(), 4, 4, "
        "data_format_nz=True)",
        [
            "AscendC::SoftMaxShapeInfo v;",
            "v.srcM = n;",
            "v.srcK = 64;",
            "v.oriSrcM = n;",
            "v.oriSrcK = 64;",
            "SoftMaxTiling v_1;",
            "AscendC::SoftMaxTilingFunc(4096, v, v_1, 4, 4, false, true);",
        ],
    ),
    "adjust_softmax_res": (
        "asc.adv.adjust_softmax_res(f32, f32, 0xFF7FFFFF, 0.0, asc.adv.SoftmaxShapeInfo(4, 64, 4, 64))",
        [
            "AscendC::SoftMaxShapeInfo v;",
            "v.srcM = 4;",
            "v.srcK = 64;",
            "v.oriSrcM = 4;",
            "v.oriSrcK = 64;",
            "AscendC::AdjustSoftMaxRes<float, float, false, 0>(f32, f32, 4286578687U, 0.0f, v);",
        ],
    ),
    "adjust_softmax_res_half_float_step": (
        "asc.adv.adjust_softmax_res(c, f32, n, f, asc.adv.SoftmaxShapeInfo(2, 128), step_size_mode=1)",
        [
            "AscendC::SoftMaxShapeInfo v;",
            "v.srcM = 2;",
            "v.srcK = 128;",
            "half v_1 = static_cast<half>(f);",
            "AscendC::AdjustSoftMaxRes<half, float, false, 1>(c, f32, n, v_1, v);",
        ],
    ),
    "adjust_softmax_res_nz": (
        "asc.adv.adjust_softmax_res(c, b, 0xFBFF, -1.0, asc.adv.SoftmaxShapeInfo(), True)",
        [
            "AscendC::SoftMaxShapeInfo v;",
            "AscendC::AdjustSoftMaxRes<half, half, true, 0>(c, b, 64511, half(-1.0), v);",
        ],
    ),
    "simple_softmax_float": (
        "asc.adv.simple_softmax(f32, f32, f32, f32, asc.adv.SoftmaxTiling())",
        [
            "SoftMaxTiling v;",
            "AscendC::SimpleSoftMax<float, false, false, false>(f32, f32, f32, f32, v);",
        ],
    ),
}


@pytest.mark.parametrize("case", sorted(EMITS))
def test_emits(tmp_path: Path, case: str) -> None:
    statement, expected = EMITS[case]
    assert lines(tmp_path, statement) == expected


def test_tiling_fields_read_and_written_in_the_kernel(tmp_path: Path) -> None:
    statement = "t = asc.adv.RmsNormTiling(b_length=n); t.h_length = t.b_length * 2; r = t.reciprocal_of_h_length"
    assert lines(tmp_path, statement) == [
        "RmsNormTiling t;",
        "t.bLength = n;",
        "int32_t b_length = t.bLength;",
        "int32_t v = b_length * 2;",
        "t.hLength = v;",
        "float reciprocal_of_h_length = t.reciprocalOfHLength;",
    ]


def test_layernorm_tiling_fields_are_read_again_after_the_call(tmp_path: Path) -> None:
    """LayerNorm takes its tiling by reference and sets bshCurLength and bsCurLength: a read after the call is
    a new read, not the value read before it."""
    statement = (
        "t = asc.adv.LayerNormTiling(); r = t.bsh_cur_length; "
        "asc.adv.layernorm(f32, f32, f32, f32, f32, f32, f, t); u = t.bsh_cur_length + r"
    )
    assert lines(tmp_path, statement) == [
        "LayerNormTiling t;",
        "int32_t bsh_cur_length = t.bshCurLength;",
        "AscendC::LayerNorm<float, false>(f32, f32, f32, f32, f32, f32, f, t);",
        "int32_t bsh_cur_length_1 = t.bshCurLength;",
        "int32_t u = bsh_cur_length_1 + bsh_cur_length;",
    ]


ERRORS: dict[str, tuple[str, str]] = {
    "acos_int": ("asc.adv.acos(i16, i16)", "TypeError: acos: src has data type int16; acos supports float16, float32"),
    "acos_mixed": ("asc.adv.acos(f32, a)", "TypeError: acos: dst has data type float32, but src has float16; they must match"),
    "acos_global": (
        "g = asc.GlobalTensor(); g.set_global_buffer(x); asc.adv.acos(c, g)",
        "TypeError: acos: src is a GlobalTensor, but vector ops work on LocalTensors in the unified buffer",
    ),
    "tmp_type": ("asc.adv.sin(c, a, 256, a)", "TypeError: sin: temp_buffer has data type float16; the temporary buffer is a uint8 tensor"),
    "tmp_not_tensor": ("asc.adv.sin(c, a, 256, 5)", "TypeError: 'temp_buffer' argument must be LocalTensor, got int"),
    "tmp_too_small": ("asc.adv.acos(c, a, 256, small)", "ValueError: acos: temp_buffer has 256 bytes, but Acos of float16 needs at least 1536 bytes"),
    "tmp_too_small_reuse": (
        "asc.adv.exp(f32, f32, 256, 10, small)",
        "ValueError: exp: temp_buffer has 256 bytes, but Exp of float32 needs at least 768 bytes",
    ),
    "count_too_large": ("asc.adv.tanh(c, a, 512)", "ValueError: tanh: count 512 exceeds the 256 elements of dst"),
    "count_negative": ("asc.adv.tanh(c, a, -1)", "ValueError: tanh: count -1 does not fit uint32"),
    "count_float": ("asc.adv.tanh(c, a, 1.5)", "TypeError: 'count' argument must be RuntimeInt, got float"),
    "count_required": ("asc.adv.floor(c, a)", "ValueError: floor: count is required: CANN declares Floor only with calCount"),
    "log_tmp": ("asc.adv.log(c, a, 256, tmp)", "ValueError: log: CANN's Log takes no temporary buffer"),
    "unaligned": ("asc.adv.erf(c, odd, 256)", "ValueError: erf: src starts at byte 40976 of the unified buffer; erf needs its operands 32-byte aligned"),
    "unaligned_view": ("asc.adv.erf(c, a[8:], 8)", "ValueError: erf: src starts at byte 16 of the unified buffer; erf needs its operands 32-byte aligned"),
    "runtime_reuse": (
        "asc.adv.acos(c, a, is_reuse_source=n > 0)",
        "TypeError: acos: is_reuse_source must be a compile-time bool (it is a template argument of the C++ call), got a runtime int1 value",
    ),
    "exp_runtime_level": (
        "asc.adv.exp(c, a, 256, n)",
        "TypeError: exp: taylor_expand_level must be a compile-time int in [0, 255] (it is a template argument of the C++ call), got a runtime int32 value",
    ),
    "exp_level_range": ("asc.adv.exp(c, a, 256, 256)", "ValueError: exp: taylor_expand_level must be an int in [0, 255], got the int 256"),
    "power_int16": ("asc.adv.power(i16, i16, i16)", "TypeError: power: src0 has data type int16; power supports float16, float32, int32"),
    "power_tmp": ("asc.adv.power(c, a, b, 256, small)", "ValueError: power: temp_buffer has 256 bytes, but Power of float16 needs at least 2048 bytes"),
    "xor_half": ("asc.adv.xor(c, a, b)", "TypeError: xor: src0 has data type float16; xor supports int16, uint16"),
    "axpy_no_tmp": (
        "asc.adv.axpy(c, a, 1.0, 256)",
        "ValueError: axpy: temp_buffer is required: CANN declares Axpy only with a temporary buffer and a count",
    ),
    "axpy_no_count": (
        "asc.adv.axpy(c, a, 1.0)",
        "ValueError: axpy: count and temp_buffer is required: CANN declares Axpy only with a temporary buffer and a count",
    ),
    "axpy_types": (
        "asc.adv.axpy(c, f32, 1.0, 256, tmp)",
        "TypeError: axpy: dst has data type float16 and src float32; Axpy takes both half, both float32, or a float32 dst with a half src",
    ),
    "softmax_tiling_type": (
        "asc.adv.softmax(c, b, b, a, asc.adv.RmsNormTiling())",
        "TypeError: softmax: tiling must be a SoftmaxTiling, got a RmsNormTiling",
    ),
    "softmax_stats_type": (
        "asc.adv.softmax(c, i16, i16, a, asc.adv.SoftmaxTiling())",
        "TypeError: softmax: sum and max have data type int16 for a float16 src; they hold the type of src, or float32 for a half src",
    ),
    "softmax_unaligned_k": (
        "asc.adv.softmax(c, b, b, a, asc.adv.SoftmaxTiling(src_m=1, src_k=10))",
        "ValueError: softmax: the tiling's src_k 10 is not 32-byte aligned for float16; SoftMax needs the last axis 32-byte aligned",
    ),
    "softmax_shape_info_type": (
        "asc.adv.softmax(c, b, b, a, asc.adv.SoftmaxTiling(), softmax_shape_info=asc.adv.SoftmaxTiling())",
        "TypeError: softmax: softmax_shape_info must be a SoftmaxShapeInfo, got a SoftmaxTiling",
    ),
    "softmax_shape_info_unaligned_k": (
        "asc.adv.softmax(c, b, b, a, asc.adv.SoftmaxTiling(src_m=8, src_k=32), "
        "softmax_shape_info=asc.adv.SoftmaxShapeInfo(2, 24))",
        "ValueError: softmax: the softmax_shape_info's src_k 24 is not 32-byte aligned for float16; SoftMax needs the last axis 32-byte aligned",
    ),
    "softmax_shape_info_shape": (
        "asc.adv.softmax(c, b, b, a, asc.adv.SoftmaxTiling(src_m=2, src_k=128), "
        "softmax_shape_info=asc.adv.SoftmaxShapeInfo(4, 128))",
        "ValueError: softmax: the softmax_shape_info's shape [4, 128] has 512 elements, more than the 256 of src",
    ),
    "softmax_tmp": (
        "asc.adv.softmax(c, b, b, a, asc.adv.SoftmaxTiling(src_m=2, src_k=128), small)",
        "ValueError: softmax: temp_buffer has 256 bytes, but SoftMax of rows of 128 float16 needs at least 832 bytes",
    ),
    "softmax_shape": (
        "asc.adv.softmax(c, b, b, a, asc.adv.SoftmaxTiling(src_m=4, src_k=128))",
        "ValueError: softmax: the tiling's shape [4, 128] has 512 elements, more than the 256 of src",
    ),
    "softmax_basic_block": (
        "asc.adv.softmax(c, b, b, a, asc.adv.SoftmaxTiling(src_m=2, src_k=128), basic_block=True)",
        "ValueError: softmax: basic_block=True needs the last axis (src_k) is a multiple of 64, at least 256 / sizeof(T) and below 2048, and the rows (src_m) are a multiple of 8; the tiling has [2, 128]",
    ),
    "softmax_flash_stats_type": (
        "asc.adv.softmax_flash(c, i16, i16, a, b, i16, i16, asc.adv.SoftmaxTiling())",
        "TypeError: softmax_flash: sum, max, in_sum and in_max have data type int16 for a float16 src; they hold the type of src, or float32 for a half src",
    ),
    "softmax_flash_exp_max_type": (
        "asc.adv.softmax_flash(c, b, b, a, f32, b, b, asc.adv.SoftmaxTiling())",
        "TypeError: softmax_flash: exp_max has data type float32, but src has float16; they must match",
    ),
    "softmax_flash_in_max_type": (
        "asc.adv.softmax_flash(c, f32, f32, a, b, f32, b, asc.adv.SoftmaxTiling())",
        "TypeError: softmax_flash: in_max has data type float16, but sum has float32; they must match",
    ),
    "softmax_flash_tiling_type": (
        "asc.adv.softmax_flash(c, b, b, a, b, b, b, asc.adv.RmsNormTiling())",
        "TypeError: softmax_flash: tiling must be a SoftmaxTiling, got a RmsNormTiling",
    ),
    "softmax_flash_update_int": (
        "asc.adv.softmax_flash(c, b, b, a, b, b, b, asc.adv.SoftmaxTiling(), is_update=n)",
        "TypeError: softmax_flash: is_update must be a bool or a run-time bool (int1) value, got a runtime int32 value",
    ),
    "softmax_flash_update_constant_int": (
        "asc.adv.softmax_flash(c, b, b, a, b, b, b, asc.adv.SoftmaxTiling(), is_update=1)",
        "TypeError: softmax_flash: is_update must be a bool or a run-time bool (int1) value, got the int 1",
    ),
    "softmax_flash_reuse_runtime": (
        "asc.adv.softmax_flash(c, b, b, a, b, b, b, asc.adv.SoftmaxTiling(), reuse_source=n > 0)",
        "TypeError: softmax_flash: reuse_source must be a compile-time bool (it is a template argument of the C++ call), got a runtime int1 value",
    ),
    "softmax_flash_unaligned_k": (
        "asc.adv.softmax_flash(c, b, b, a, b, b, b, asc.adv.SoftmaxTiling(src_m=1, src_k=10))",
        "ValueError: softmax_flash: the tiling's src_k 10 is not 32-byte aligned for float16; the last axis must be 32-byte aligned",
    ),
    "softmax_flash_tmp": (
        "asc.adv.softmax_flash(c, f32, f32, a, b, f32, f32, asc.adv.SoftmaxTiling(src_m=2, src_k=128), small)",
        "ValueError: softmax_flash: temp_buffer has 256 bytes, but SoftmaxFlash of rows of 128 float16 needs at least 800 bytes",
    ),
    "softmax_flash_update_tmp": (
        "asc.adv.softmax_flash(c, f32, f32, a, b, f32, f32, asc.adv.SoftmaxTiling(src_m=2, src_k=64), small, is_update=True)",
        "ValueError: softmax_flash: temp_buffer has 256 bytes, but SoftmaxFlash of rows of 64 float16 needs at least 640 bytes",
    ),
    "softmax_flash_runtime_update_tmp": (
        "asc.adv.softmax_flash(c, f32, f32, a, b, f32, f32, asc.adv.SoftmaxTiling(src_m=2, src_k=32), small, "
        "is_update=n > 0)",
        "ValueError: softmax_flash: temp_buffer has 256 bytes, but SoftmaxFlash of rows of 32 float16 needs at least 384 bytes",
    ),
    "softmax_flash_shape": (
        "asc.adv.softmax_flash(c, b, b, a, b, b, b, asc.adv.SoftmaxTiling(src_m=4, src_k=128))",
        "ValueError: softmax_flash: the tiling's shape [4, 128] has 512 elements, more than the 256 of src",
    ),
    "softmax_flash_stats_size": (
        "asc.adv.softmax_flash(c, b, b[240:], a, b, b, b, asc.adv.SoftmaxTiling(src_m=2, src_k=64))",
        "ValueError: softmax_flash: max has 16 elements, fewer than the 32 of one 32-byte block (16 elements) per row of the tiling's 2 rows",
    ),
    "softmax_flash_in_max_size": (
        "asc.adv.softmax_flash(c, b, b, a, b, b, b[240:], asc.adv.SoftmaxTiling(src_m=2, src_k=64), is_update=True)",
        "ValueError: softmax_flash: in_max has 16 elements, fewer than the 32 of one 32-byte block (16 elements) per row of the tiling's 2 rows",
    ),
    "softmax_flash_basic_block": (
        "asc.adv.softmax_flash(c, b, b, a, b, b, b, asc.adv.SoftmaxTiling(src_m=2, src_k=128), basic_block=True)",
        "ValueError: softmax_flash: basic_block=True needs the last axis (src_k) is a multiple of 64, at least 256 / sizeof(T) and below 2048, and the rows (src_m) are a multiple of 8; the tiling has [2, 128]",
    ),
    "softmax_flash_shape_info_type": (
        "asc.adv.softmax_flash(c, b, b, a, b, b, b, asc.adv.SoftmaxTiling(), "
        "softmax_shape_info=asc.adv.SoftmaxTiling())",
        "TypeError: softmax_flash: softmax_shape_info must be a SoftmaxShapeInfo, got a SoftmaxTiling",
    ),
    "softmax_flash_shape_info_unaligned_k": (
        "asc.adv.softmax_flash(c, b, b, a, b, b, b, asc.adv.SoftmaxTiling(), "
        "softmax_shape_info=asc.adv.SoftmaxShapeInfo(8, 24, 8, 24))",
        "ValueError: softmax_flash: the softmax_shape_info's src_k 24 is not 32-byte aligned for float16; the last axis must be 32-byte aligned",
    ),
    "softmax_flash_v2_stats_type": (
        "asc.adv.softmax_flash_v2(c, i16, i16, a, b, i16, i16, asc.adv.SoftmaxTiling())",
        "TypeError: softmax_flash_v2: exp_sum, max, in_exp_sum and in_max have data type int16 for a float16 src; they hold the type of src, or float32 for a half src",
    ),
    "softmax_flash_v2_exp_max_type": (
        "asc.adv.softmax_flash_v2(c, b, b, a, f32, b, b, asc.adv.SoftmaxTiling())",
        "TypeError: softmax_flash_v2: exp_max has data type float32, but src has float16; they must match",
    ),
    "softmax_flash_v2_in_max_type": (
        "asc.adv.softmax_flash_v2(c, f32, f32, a, b, f32, b, asc.adv.SoftmaxTiling())",
        "TypeError: softmax_flash_v2: in_max has data type float16, but exp_sum has float32; they must match",
    ),
    "softmax_flash_v2_tiling_type": (
        "asc.adv.softmax_flash_v2(c, b, b, a, b, b, b, asc.adv.RmsNormTiling())",
        "TypeError: softmax_flash_v2: tiling must be a SoftmaxTiling, got a RmsNormTiling",
    ),
    "softmax_flash_v2_update_runtime": (
        "asc.adv.softmax_flash_v2(c, b, b, a, b, b, b, asc.adv.SoftmaxTiling(), is_update=n)",
        "TypeError: softmax_flash_v2: is_update must be a compile-time bool (it is a template argument of the C++ call), got a runtime int32 value",
    ),
    "softmax_flash_v2_unaligned_k": (
        "asc.adv.softmax_flash_v2(c, b, b, a, b, b, b, asc.adv.SoftmaxTiling(src_m=1, src_k=10))",
        "ValueError: softmax_flash_v2: the tiling's src_k 10 is not 32-byte aligned for float16; the last axis must be 32-byte aligned",
    ),
    "softmax_flash_v2_tmp": (
        "asc.adv.softmax_flash_v2(c, b, b, a, b, b, b, asc.adv.SoftmaxTiling(src_m=2, src_k=128), small)",
        "ValueError: softmax_flash_v2: temp_buffer has 256 bytes, but SoftmaxFlashV2 of rows of 128 float16 needs at least 896 bytes",
    ),
    "softmax_flash_v2_basic_tmp": (
        "asc.adv.softmax_flash_v2(c, f32, f32, a, b, f32, f32, asc.adv.SoftmaxTiling(src_m=2, src_k=128), small, "
        "basic_block=True)",
        "ValueError: softmax_flash_v2: temp_buffer has 256 bytes, but SoftmaxFlashV2 of rows of 128 float16 needs at least 6400 bytes",
    ),
    "softmax_flash_v2_shape": (
        "asc.adv.softmax_flash_v2(c, b, b, a, b, b, b, asc.adv.SoftmaxTiling(src_m=4, src_k=128))",
        "ValueError: softmax_flash_v2: the tiling's shape [4, 128] has 512 elements, more than the 256 of src",
    ),
    "softmax_flash_v2_stats_size": (
        "asc.adv.softmax_flash_v2(c, b, b[240:], a, b, b, b, asc.adv.SoftmaxTiling(src_m=2, src_k=64))",
        "ValueError: softmax_flash_v2: max has 16 elements, fewer than the 32 of one 32-byte block (16 elements) per row of the tiling's 2 rows",
    ),
    "softmax_flash_v2_exp_max_size": (
        "asc.adv.softmax_flash_v2(c, b, b, a, b[240:], b, b, asc.adv.SoftmaxTiling(src_m=2, src_k=64), is_update=True)",
        "ValueError: softmax_flash_v2: exp_max has 16 elements, fewer than the 32 of one 32-byte block (16 elements) per row of the tiling's 2 rows",
    ),
    "softmax_flash_v2_basic_block": (
        "asc.adv.softmax_flash_v2(c, b, b, a, b, b, b, asc.adv.SoftmaxTiling(src_m=2, src_k=128), basic_block=True)",
        "ValueError: softmax_flash_v2: basic_block=True needs the last axis (src_k) is a multiple of 64, at least 256 / sizeof(T) and below 2048, and the rows (src_m) are a multiple of 8; the tiling has [2, 128]",
    ),
    "softmax_flash_v2_shape_info_type": (
        "asc.adv.softmax_flash_v2(c, b, b, a, b, b, b, asc.adv.SoftmaxTiling(), "
        "softmax_shape_info=asc.adv.SoftmaxTiling())",
        "TypeError: softmax_flash_v2: softmax_shape_info must be a SoftmaxShapeInfo, got a SoftmaxTiling",
    ),
    "softmax_flash_v2_shape_info_unaligned_k": (
        "asc.adv.softmax_flash_v2(c, b, b, a, b, b, b, asc.adv.SoftmaxTiling(), "
        "softmax_shape_info=asc.adv.SoftmaxShapeInfo(2, 24, 2, 24))",
        "ValueError: softmax_flash_v2: the softmax_shape_info's src_k 24 is not 32-byte aligned for float16; the last axis must be 32-byte aligned",
    ),
    "softmax_flash_v2_tiling_func_shape_info": (
        "asc.adv.softmax_flash_v2_tiling_func(asc.adv.SoftmaxTiling(), 2, 4, 1024)",
        "TypeError: softmax_flash_v2_tiling_func: shape_info must be a SoftmaxShapeInfo, got a SoftmaxTiling",
    ),
    "softmax_flash_v2_tiling_func_type_size": (
        "asc.adv.softmax_flash_v2_tiling_func(asc.adv.SoftmaxShapeInfo(8, 32), 8, 4, 1024)",
        "ValueError: softmax_flash_v2_tiling_func: data_type_size1 is 8; SoftmaxFlashV2 takes elements of 2 (half) or 4 (float) bytes",
    ),
    "softmax_flash_v2_tiling_func_flag": (
        "asc.adv.softmax_flash_v2_tiling_func(asc.adv.SoftmaxShapeInfo(8, 32), 2, 4, 1024, n > 0)",
        "TypeError: softmax_flash_v2_tiling_func: is_update must be a compile-time bool, got a runtime int1 value",
    ),
    "rmsnorm_gamma_type": (
        "asc.adv.rmsnorm(c, a, f32, 1.0, asc.adv.RmsNormTiling())",
        "TypeError: rmsnorm: gamma has data type float32, but src has float16; they must match",
    ),
    "rmsnorm_epsilon": (
        "asc.adv.rmsnorm(c, a, b, 'x', asc.adv.RmsNormTiling())",
        "TypeError: rmsnorm: epsilon must be a number, got a str",
    ),
    "rmsnorm_tmp": (
        "asc.adv.rmsnorm(c, a, b, 1.0, asc.adv.RmsNormTiling(h_length=64), small)",
        "ValueError: rmsnorm: temp_buffer has 256 bytes, but RmsNorm of rows of 64 float16 needs at least 544 bytes",
    ),
    "rmsnorm_gamma_short": (
        "asc.adv.rmsnorm(c, a, b[128:], 1.0, asc.adv.RmsNormTiling(h_length=256))",
        "ValueError: rmsnorm: gamma has 128 elements, fewer than the tiling's h_length 256",
    ),
    "rmsnorm_basic_block": (
        "asc.adv.rmsnorm(c, a, b, 1.0, asc.adv.RmsNormTiling(b_length=1, s_length=2, h_length=64), basic_block=True)",
        "ValueError: rmsnorm: basic_block=True needs the last axis (h_length) is a multiple of 64 below 2048 and b_length * s_length a multiple of 8; the tiling has [1, 2, 64]",
    ),
    "layernorm_dtype": (
        "asc.adv.layernorm(i16, i16, i16, i16, i16, i16, 1, asc.adv.LayerNormTiling())",
        "TypeError: layernorm: src has data type int16; layernorm supports float16, float32",
    ),
    "layernorm_beta_type": (
        "asc.adv.layernorm(c, b, b, a, b, f32, 1.0, asc.adv.LayerNormTiling())",
        "TypeError: layernorm: beta has data type float32, but src has float16; they must match",
    ),
    "layernorm_tiling_type": (
        "asc.adv.layernorm(c, b, b, a, b, b, 1.0, asc.adv.RmsNormTiling())",
        "TypeError: layernorm: tiling must be a LayerNormTiling, got a RmsNormTiling",
    ),
    "layernorm_reuse_half": (
        "asc.adv.layernorm(c, b, b, a, b, b, 1.0, asc.adv.LayerNormTiling(), reuse_source=True)",
        "TypeError: layernorm: reuse_source=True needs float32 src, got float16; CANN's LayerNorm reuses only a float32 source",
    ),
    "layernorm_h_length": (
        "asc.adv.layernorm(c, b, b, a, b, b, 1.0, asc.adv.LayerNormTiling(h_length=60))",
        "ValueError: layernorm: the tiling's h_length 60 is not 32-byte aligned for float16; LayerNorm needs the last axis 32-byte aligned",
    ),
    "layernorm_gamma_bytes": (
        "g = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 49152, 24); asc.adv.layernorm(c, b, b, a, g, b, 1.0, asc.adv.LayerNormTiling())",
        "ValueError: layernorm: gamma has 48 bytes, not a multiple of 32; LayerNorm needs gamma and beta 32-byte aligned",
    ),
    "layernorm_gamma_short": (
        "asc.adv.layernorm(c, b, b, a, b[128:], b, 1.0, asc.adv.LayerNormTiling(h_length=256))",
        "ValueError: layernorm: gamma has 128 elements, fewer than the tiling's h_length 256",
    ),
    "layernorm_src_short": (
        "asc.adv.layernorm(c, b, b, a, b, b, 1.0, asc.adv.LayerNormTiling(b_length=2, s_length=4, h_length=64))",
        "ValueError: layernorm: the tiling's shape [2, 4, 64] has 512 elements, more than the 256 of src",
    ),
    "layernorm_mean_short": (
        "m = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 49152, 8); asc.adv.layernorm(c, m, b[224:], a, b, b, 1.0, asc.adv.LayerNormTiling(b_length=1, s_length=16, h_length=16))",
        "ValueError: layernorm: mean has 8 elements, fewer than the tiling's b_length * s_length 16",
    ),
    "layernorm_tmp": (
        "asc.adv.layernorm(c, b[240:], b[224:], a, b, b, 1.0, asc.adv.LayerNormTiling(b_length=1, s_length=4, h_length=64), small)",
        "ValueError: layernorm: temp_buffer has 256 bytes, but LayerNorm of 1 x 4 rows of 64 float16 needs at least 832 bytes",
    ),
    "deepnorm_dtype": (
        "asc.adv.deepnorm(i16, i16, i16, i16, i16, i16, i16, 1, 1, asc.adv.DeepNormTiling())",
        "TypeError: deepnorm: src has data type int16; deepnorm supports float16, float32",
    ),
    "deepnorm_gx_type": (
        "asc.adv.deepnorm(c, b, b, a, f32, b, b, 1.0, 1.0, asc.adv.DeepNormTiling())",
        "TypeError: deepnorm: gx has data type float32, but src has float16; they must match",
    ),
    "deepnorm_tiling_type": (
        "asc.adv.deepnorm(c, b, b, a, a, b, b, 1.0, 1.0, asc.adv.LayerNormTiling())",
        "TypeError: deepnorm: tiling must be a DeepNormTiling, got a LayerNormTiling",
    ),
    "deepnorm_reuse_half": (
        "asc.adv.deepnorm(c, b, b, a, a, b, b, 1.0, 1.0, asc.adv.DeepNormTiling(), reuse_source=True)",
        "TypeError: deepnorm: reuse_source=True needs float32 src, got float16",
    ),
    "deepnorm_dst_is_src": (
        "asc.adv.deepnorm(a, b, b, a, c, b, b, 1.0, 1.0, asc.adv.DeepNormTiling())",
        "ValueError: deepnorm: dst is src; CANN's DeepNorm shares their memory only with reuse_source=True",
    ),
    "deepnorm_h_length": (
        "asc.adv.deepnorm(c, b, b, a, a, b, b, 1.0, 1.0, asc.adv.DeepNormTiling(h_length=2048))",
        "ValueError: deepnorm: the tiling's h_length 2048 is more than 2040",
    ),
    "deepnorm_h_aligned": (
        "asc.adv.deepnorm(c, b, b, a, a, b, b, 1.0, 1.0, asc.adv.DeepNormTiling(h_length=60))",
        "ValueError: deepnorm: the tiling's h_length 60 is not 32-byte aligned for float16",
    ),
    "deepnorm_gamma_bytes": (
        "g = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 49152, 24); asc.adv.deepnorm(c, b, b, a, a, b, g, 1.0, 1.0, asc.adv.DeepNormTiling())",
        "ValueError: deepnorm: gamma has 48 bytes, not a multiple of 32 (CANN's check)",
    ),
    "deepnorm_beta_long": (
        "g = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 49152, 2048); asc.adv.deepnorm(c, b, b, a, a, g, b, 1.0, 1.0, asc.adv.DeepNormTiling())",
        "ValueError: deepnorm: beta has 2048 elements, more than 2040 (CANN's check)",
    ),
    "deepnorm_gamma_short": (
        "asc.adv.deepnorm(c, b, b, a, a, b, b[128:], 1.0, 1.0, asc.adv.DeepNormTiling(h_length=256))",
        "ValueError: deepnorm: gamma has 128 elements, fewer than the tiling's h_length 256",
    ),
    "deepnorm_basic_block": (
        "asc.adv.deepnorm(c, b, b, a, a, b, b, 1.0, 1.0, asc.adv.DeepNormTiling(b_length=1, s_length=2, h_length=64, original_h_length=64), basic_block=True)",
        "ValueError: deepnorm: basic_block=True needs h_length and original_h_length multiples of 64 and b_length * s_length a multiple of 8; the tiling has [1, 2, 64] with original_h_length 64",
    ),
    "deepnorm_gx_short": (
        "asc.adv.deepnorm(c, b, b, a, b[128:], b, b, 1.0, 1.0, asc.adv.DeepNormTiling(b_length=1, s_length=4, h_length=64))",
        "ValueError: deepnorm: the tiling's shape [1, 4, 64] has 256 elements, more than the 128 of gx",
    ),
    "deepnorm_rstd_short": (
        "m = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 49152, 8); asc.adv.deepnorm(c, b[224:], m, a, a, b, b, 1.0, 1.0, asc.adv.DeepNormTiling(b_length=1, s_length=16, h_length=16))",
        "ValueError: deepnorm: rstd has 8 elements, fewer than the tiling's b_length * s_length 16",
    ),
    "deepnorm_tmp": (
        "asc.adv.deepnorm(c, b[240:], b[224:], a, a, b, b, 1.0, 1.0, asc.adv.DeepNormTiling(b_length=1, s_length=4, h_length=64), small)",
        "ValueError: deepnorm: temp_buffer has 256 bytes, but DeepNorm of 1 x 4 rows of 64 float16 needs at least 832 bytes",
    ),
    "deepnorm_alpha": (
        "asc.adv.deepnorm(c, b, b, a, a, b, b, 'x', 1.0, asc.adv.DeepNormTiling())",
        "TypeError: deepnorm: alpha must be a number, got a str",
    ),
    "quant_dst": ("asc.adv.quant(c, a, 1.0, 0.0)", "TypeError: quant: dst has data type float16; AscendQuant writes int8"),
    "quant_count_alignment": (
        "asc.adv.quant(q8, a, 1.0, 0.0, 48)",
        "ValueError: quant: count 48 is not a multiple of 32; AscendQuant needs the data of its int8 output 32-byte aligned",
    ),
    "quant_tmp": (
        "asc.adv.quant(q8, a, 1.0, 0.0, 64, small)",
        "ValueError: quant: temp_buffer has 256 bytes, but AscendQuant needs at least 512 bytes",
    ),
    "quant_config_type": (
        "asc.adv.quant(q8, a, 1.0, 0.0, config=(1, 2, 3, 4))",
        "TypeError: quant: config must be an asc.adv.QuantConfig, got a tuple",
    ),
    "quant_config_runtime": (
        "asc.adv.quant(q8, a, 1.0, 0.0, config=asc.adv.QuantConfig(n))",
        "ValueError: quant: QuantConfig.calc_count must be a compile-time uint32_t (a template argument of the C++ call), got a runtime int32 value",
    ),
    "quant_config_work": (
        "asc.adv.quant(q8, a, 1.0, 0.0, 64, tmp, config=asc.adv.QuantConfig(64, 0, 0, 16384))",
        "ValueError: quant: QuantConfig.work_local_size 16384 is larger than the 8192 bytes of temp_buffer",
    ),
    "quant_config_split": (
        "asc.adv.quant(q8, a, 1.0, 0.0, config=asc.adv.QuantConfig(64, 0, 0, 32))",
        "ValueError: quant: QuantConfig.work_local_size 32 is too small: with calc_count and work_local_size both non-zero AscendQuant processes work_local_size / 2 rounded down to 32 elements at a time, which must not be 0",
    ),
    "quant_config_calc": (
        "asc.adv.quant(q8, a, 1.0, 0.0, config=asc.adv.QuantConfig(512))",
        "ValueError: quant: QuantConfig.calc_count 512 exceeds the 256 elements of src",
    ),
    "concat_types": ("asc.adv.concat(c, a, f32, 4)", "TypeError: concat: tmp has data type float32, but src has float16; they must match"),
    "concat_repeat": ("asc.adv.concat(c, a, b, 256)", "ValueError: concat: repeat_time 256 is outside [0, 255]"),
    "extract_index": ("asc.adv.extract(c, i16, a, 1)", "TypeError: extract: dst_index has data type int16; extract supports uint32"),
    # --- SoftMax's variants ---
    "simple_softmax_tiling_type": (
        "asc.adv.simple_softmax(c, b, b, a, asc.adv.RmsNormTiling())",
        "TypeError: simple_softmax: tiling must be a SoftmaxTiling, got a RmsNormTiling",
    ),
    "simple_softmax_src_type": (
        "asc.adv.simple_softmax(i16, i16, i16, i16, asc.adv.SoftmaxTiling())",
        "TypeError: simple_softmax: src has data type int16; simple_softmax supports float16, float32",
    ),
    "simple_softmax_dst_type": (
        "asc.adv.simple_softmax(f32, b, b, a, asc.adv.SoftmaxTiling())",
        "TypeError: simple_softmax: dst has data type float32, but src has float16; they must match",
    ),
    "simple_softmax_stats_differ": (
        "asc.adv.simple_softmax(c, b, f32, a, asc.adv.SoftmaxTiling())",
        "TypeError: simple_softmax: in_max has data type float32, but in_sum has float16; they must match",
    ),
    "simple_softmax_stats_type": (
        "asc.adv.simple_softmax(c, i16, i16, a, asc.adv.SoftmaxTiling())",
        "TypeError: simple_softmax: in_sum and in_max have data type int16 for a float16 src; they hold the type of src, or float32 for a half src",
    ),
    "simple_softmax_unaligned_k": (
        "asc.adv.simple_softmax(c, b, b, a, asc.adv.SoftmaxTiling(src_m=1, src_k=10))",
        "ValueError: simple_softmax: the tiling's src_k 10 is not 32-byte aligned for float16; SimpleSoftMax needs the last axis 32-byte aligned",
    ),
    "simple_softmax_tmp": (
        "asc.adv.simple_softmax(c, b, b, a, asc.adv.SoftmaxTiling(src_m=2, src_k=128), small)",
        "ValueError: simple_softmax: temp_buffer has 256 bytes, but SimpleSoftMax of rows of 128 float16 needs at least 832 bytes",
    ),
    "simple_softmax_shape": (
        "asc.adv.simple_softmax(c, b, b, a, asc.adv.SoftmaxTiling(src_m=4, src_k=128))",
        "ValueError: simple_softmax: the tiling's shape [4, 128] has 512 elements, more than the 256 of src",
    ),
    "simple_softmax_basic_block": (
        "asc.adv.simple_softmax(c, b, b, a, asc.adv.SoftmaxTiling(src_m=2, src_k=128), basic_block=True)",
        "ValueError: simple_softmax: basic_block=True needs the last axis (src_k) a multiple of 64, at least 256 / sizeof(T) and below 2048, and the rows (src_m) a multiple of 8; the tiling has [2, 128]",
    ),
    "simple_softmax_runtime_flag": (
        "asc.adv.simple_softmax(c, b, b, a, asc.adv.SoftmaxTiling(), basic_block=n > 0)",
        "TypeError: simple_softmax: basic_block must be a compile-time bool (it is a template argument of the C++ call), got a runtime int1 value",
    ),
    "simple_softmax_unaligned": (
        "asc.adv.simple_softmax(c, odd, odd, a, asc.adv.SoftmaxTiling())",
        "ValueError: simple_softmax: in_sum starts at byte 40976 of the unified buffer; simple_softmax needs its operands 32-byte aligned",
    ),
    "simple_softmax_shape_info_type": (
        "asc.adv.simple_softmax(c, b, b, a, asc.adv.SoftmaxTiling(), softmax_shape_info=asc.adv.SoftmaxTiling())",
        "TypeError: simple_softmax: softmax_shape_info must be a SoftmaxShapeInfo, got a SoftmaxTiling",
    ),
    "simple_softmax_shape_info_unaligned_k": (
        "asc.adv.simple_softmax(c, b, b, a, asc.adv.SoftmaxTiling(src_m=8, src_k=32), "
        "softmax_shape_info=asc.adv.SoftmaxShapeInfo(2, 24))",
        "ValueError: simple_softmax: the softmax_shape_info's src_k 24 is not 32-byte aligned for float16; SimpleSoftMax needs the last axis 32-byte aligned",
    ),
    "simple_softmax_shape_info_shape": (
        "asc.adv.simple_softmax(c, b, b, a, asc.adv.SoftmaxTiling(src_m=2, src_k=128), "
        "softmax_shape_info=asc.adv.SoftmaxShapeInfo(4, 128))",
        "ValueError: simple_softmax: the softmax_shape_info's shape [4, 128] has 512 elements, more than the 256 of src",
    ),
    "simple_softmax_shape_info_basic_block": (
        "asc.adv.simple_softmax(c, b, b, a, asc.adv.SoftmaxTiling(src_m=2, src_k=128), basic_block=True, "
        "softmax_shape_info=asc.adv.SoftmaxShapeInfo(1, 256))",
        "ValueError: simple_softmax: basic_block=True needs the last axis (src_k) a multiple of 64, at least 256 / sizeof(T) and below 2048, and the rows (src_m) a multiple of 8; the softmax_shape_info has [1, 256]",
    ),
    "log_softmax_no_tmp": (
        "asc.adv.log_softmax(c, b, b, a, asc.adv.LogSoftmaxTiling())",
        "ValueError: log_softmax: temp_buffer is required: CANN declares LogSoftMax only with a sharedTmpBuffer",
    ),
    "log_softmax_stats_type": (
        "asc.adv.log_softmax(c, f32, f32, a, asc.adv.LogSoftmaxTiling(), tmp)",
        "TypeError: log_softmax: sum and max have data type float32 for a float16 src; LogSoftMax's sum and max hold the type of src",
    ),
    "log_softmax_src_type": (
        "asc.adv.log_softmax(i16, i16, i16, i16, asc.adv.LogSoftmaxTiling(), tmp)",
        "TypeError: log_softmax: src has data type int16; log_softmax supports float16, float32",
    ),
    "log_softmax_stats_differ": (
        "asc.adv.log_softmax(c, b, f32, a, asc.adv.LogSoftmaxTiling(), tmp)",
        "TypeError: log_softmax: max has data type float32, but sum has float16; they must match",
    ),
    "log_softmax_tiling_type": (
        "asc.adv.log_softmax(c, b, b, a, asc.adv.SoftmaxTiling(), tmp)",
        "TypeError: log_softmax: tiling must be a LogSoftmaxTiling, got a SoftmaxTiling",
    ),
    "log_softmax_unaligned_k": (
        "asc.adv.log_softmax(c, b, b, a, asc.adv.LogSoftmaxTiling(src_m=1, src_k=10), tmp)",
        "ValueError: log_softmax: the tiling's src_k 10 is not 32-byte aligned for float16; LogSoftMax needs the last axis 32-byte aligned",
    ),
    "log_softmax_tmp": (
        "asc.adv.log_softmax(c, b, b, a, asc.adv.LogSoftmaxTiling(src_m=2, src_k=128), small)",
        "ValueError: log_softmax: temp_buffer has 256 bytes, but LogSoftMax of rows of 128 float16 needs at least 832 bytes",
    ),
    "log_softmax_shape_info_shape": (
        "asc.adv.log_softmax(c, b, b, a, asc.adv.LogSoftmaxTiling(), tmp, softmax_shape_info=asc.adv.SoftmaxShapeInfo(4, 128))",
        "ValueError: log_softmax: the softmax_shape_info's shape [4, 128] has 512 elements, more than the 256 of src",
    ),
    "log_softmax_shape_info_type": (
        "asc.adv.log_softmax(c, b, b, a, asc.adv.LogSoftmaxTiling(), tmp, softmax_shape_info=asc.adv.LogSoftmaxTiling())",
        "TypeError: log_softmax: softmax_shape_info must be a SoftmaxShapeInfo, got a LogSoftmaxTiling",
    ),
    "log_softmax_runtime_flag": (
        "asc.adv.log_softmax(c, b, b, a, asc.adv.LogSoftmaxTiling(), tmp, data_format_nz=n > 0)",
        "TypeError: log_softmax: data_format_nz must be a compile-time bool (it is a template argument of the C++ call), got a runtime int1 value",
    ),
    "log_softmax_unaligned": (
        "asc.adv.log_softmax(c, b, odd, a, asc.adv.LogSoftmaxTiling(), tmp)",
        "ValueError: log_softmax: max starts at byte 40976 of the unified buffer; log_softmax needs its operands 32-byte aligned",
    ),
    "log_softmax_tmp_type": (
        "asc.adv.log_softmax(c, b, b, a, asc.adv.LogSoftmaxTiling(), a)",
        "TypeError: log_softmax: temp_buffer has data type float16; the temporary buffer is a uint8 tensor",
    ),
    "softmax_tiling_func_tiling_type": (
        "asc.adv.softmax_tiling_func(1024, asc.adv.SoftmaxShapeInfo(8, 32, 8, 32), asc.adv.SoftmaxShapeInfo(), 2, 4)",
        "TypeError: softmax_tiling_func: tiling must be a SoftmaxTiling, got a SoftmaxShapeInfo",
    ),
    "softmax_tiling_func_shape_info_type": (
        "asc.adv.softmax_tiling_func(1024, asc.adv.SoftmaxTiling(), asc.adv.SoftmaxTiling(), 2, 4)",
        "TypeError: softmax_tiling_func: shape_info must be a SoftmaxShapeInfo, got a SoftmaxTiling",
    ),
    "softmax_tiling_func_type_size": (
        "asc.adv.softmax_tiling_func(1024, asc.adv.SoftmaxShapeInfo(8, 32, 8, 32), asc.adv.SoftmaxTiling(), 2, 0)",
        "ValueError: softmax_tiling_func: data_type_size2 is 0; SoftMax takes elements of 2 (half) or 4 (float) bytes",
    ),
    "softmax_tiling_func_flag": (
        "asc.adv.softmax_tiling_func(1024, asc.adv.SoftmaxShapeInfo(8, 32, 8, 32), asc.adv.SoftmaxTiling(), 2, 4, n > 0)",
        "TypeError: softmax_tiling_func: basic_block must be a compile-time bool, got a runtime int1 value",
    ),
    "softmax_tiling_func_ori_src_m": (
        "asc.adv.softmax_tiling_func(1024, asc.adv.SoftmaxShapeInfo(8, 32), asc.adv.SoftmaxTiling(), 2, 4)",
        "ValueError: softmax_tiling_func: the shape_info's ori_src_m is 0; SoftMaxTilingFunc splits ori_src_m rows, and CANN asserts a step of at least one row",
    ),
    "softmax_tiling_func_no_row": (
        "asc.adv.softmax_tiling_func(100, asc.adv.SoftmaxShapeInfo(8, 64, 8, 64), asc.adv.SoftmaxTiling(), 2, 4)",
        "ValueError: softmax_tiling_func: 100 floats of temporary space hold no row of 64 elements (a row takes 136 floats); CANN asserts that the temporary buffer is big enough",
    ),
    "softmax_tiling_func_work_type": (
        "asc.adv.softmax_tiling_func(f, asc.adv.SoftmaxShapeInfo(8, 64, 8, 64), asc.adv.SoftmaxTiling(), 2, 4)",
        "TypeError: softmax_tiling_func: work_local_size must be an integer, got a runtime float32 value",
    ),
    "adjust_softmax_res_from_float": (
        "asc.adv.adjust_softmax_res(f32, f32, 1.0, 0.0, asc.adv.SoftmaxShapeInfo())",
        "TypeError: adjust_softmax_res: from_ must be the uint32 bits of the maximum to look for (0x3f800000 for 1.0), got the float 1.0",
    ),
    "adjust_softmax_res_from_range": (
        "asc.adv.adjust_softmax_res(f32, f32, -1, 0.0, asc.adv.SoftmaxShapeInfo())",
        "ValueError: adjust_softmax_res: from_ -1 does not fit uint32",
    ),
    "adjust_softmax_res_max_type": (
        "asc.adv.adjust_softmax_res(f32, i16, 0, 0.0, asc.adv.SoftmaxShapeInfo())",
        "TypeError: adjust_softmax_res: max has data type int16; adjust_softmax_res supports float16, float32",
    ),
    "adjust_softmax_res_res_type": (
        "asc.adv.adjust_softmax_res(i16, f32, 0, 0, asc.adv.SoftmaxShapeInfo())",
        "TypeError: adjust_softmax_res: softmax_res has data type int16; adjust_softmax_res supports float16, float32",
    ),
    "adjust_softmax_res_shape_info_type": (
        "asc.adv.adjust_softmax_res(f32, f32, 0, 0.0, asc.adv.SoftmaxTiling())",
        "TypeError: adjust_softmax_res: softmax_shape_info must be a SoftmaxShapeInfo, got a SoftmaxTiling",
    ),
    "adjust_softmax_res_nz_step": (
        "asc.adv.adjust_softmax_res(f32, f32, 0, 0.0, asc.adv.SoftmaxShapeInfo(), True, 1)",
        "ValueError: adjust_softmax_res: a non-zero step_size_mode takes an ND max tensor; CANN supports it only without data_format_nz",
    ),
    "adjust_softmax_res_step_range": (
        "asc.adv.adjust_softmax_res(f32, f32, 0, 0.0, asc.adv.SoftmaxShapeInfo(), step_size_mode=256)",
        "ValueError: adjust_softmax_res: step_size_mode must be a compile-time uint8_t (0: one value per 32-byte block, else one per element), got the int 256",
    ),
    "adjust_softmax_res_step_runtime": (
        "asc.adv.adjust_softmax_res(f32, f32, 0, 0.0, asc.adv.SoftmaxShapeInfo(), step_size_mode=n)",
        "TypeError: adjust_softmax_res: step_size_mode must be a compile-time uint8_t (0: one value per 32-byte block, else one per element), got a runtime int32 value",
    ),
    "adjust_softmax_res_unaligned_k": (
        "asc.adv.adjust_softmax_res(c, b, 0, 0.0, asc.adv.SoftmaxShapeInfo(2, 24))",
        "ValueError: adjust_softmax_res: the softmax_shape_info's src_k 24 is not 32-byte aligned for float16; AdjustSoftMaxRes needs the last axis 32-byte aligned",
    ),
    "adjust_softmax_res_shape": (
        "asc.adv.adjust_softmax_res(c, b, 0, 0.0, asc.adv.SoftmaxShapeInfo(4, 128))",
        "ValueError: adjust_softmax_res: the softmax_shape_info's shape [4, 128] has 512 elements, more than the 256 of softmax_res",
    ),
    "adjust_softmax_res_unaligned": (
        "asc.adv.adjust_softmax_res(c, odd, 0, 0.0, asc.adv.SoftmaxShapeInfo())",
        "ValueError: adjust_softmax_res: max starts at byte 40976 of the unified buffer; adjust_softmax_res needs its operands 32-byte aligned",
    ),
    "simple_softmax_tmp_type": (
        "asc.adv.simple_softmax(c, b, b, a, asc.adv.SoftmaxTiling(), a)",
        "TypeError: simple_softmax: temp_buffer has data type float16; the temporary buffer is a uint8 tensor",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_rejects(tmp_path: Path, case: str) -> None:
    statement, message = ERRORS[case]
    caught, line = error(tmp_path, statement)
    assert caught.message == message
    assert caught.location is not None
    assert caught.location.line == line


def test_errors_carry_hints(tmp_path: Path) -> None:
    caught, _ = error(tmp_path, "asc.adv.acos(c, a, 256, small)")
    assert caught.hints == [
        "size it with asc.lib.host.get_acos_max_min_tmp_size(shape, type_size, is_reuse_source) "
        "(the minimum is enough, more may be faster)"
    ]


def test_reserved_flags_warn_as_cann_does(tmp_path: Path) -> None:
    _, caught, line = _compile(tmp_path, "asc.adv.acos(c, a, is_reuse_source=True)")
    assert [(str(w.message), w.lineno) for w in caught] == [
        ("acos: is_reuse_source=True has no effect: CANN reserves the parameter (pass False)", line)
    ]
    _, caught, _ = _compile(tmp_path, "asc.adv.exp(c, a, 256, 0, is_reuse_source=True)")
    assert caught == []  # Exp's flag is not reserved (it takes effect for float32 sources)


def test_simple_softmax_reserved_flag_warns(tmp_path: Path) -> None:
    _, caught, line = _compile(
        tmp_path, "asc.adv.simple_softmax(c, b, b, a, asc.adv.SoftmaxTiling(), reuse_source=True)"
    )
    assert [(str(w.message), w.lineno) for w in caught] == [
        ("simple_softmax: reuse_source=True has no effect: CANN reserves the parameter (pass False)", line)
    ]


def test_log_softmax_reserved_flag_warns(tmp_path: Path) -> None:
    _, caught, line = _compile(tmp_path, "asc.adv.log_softmax(c, b, b, a, asc.adv.LogSoftmaxTiling(), tmp, True)")
    assert [(str(w.message), w.lineno) for w in caught] == [
        ("log_softmax: reuse_source=True has no effect: CANN reserves the parameter (pass False)", line)
    ]


def test_a_log_softmax_host_tiling_captured_by_the_kernel_is_rejected(tmp_path: Path) -> None:
    source = KERNEL.format(statement="asc.adv.log_softmax(c, b, b, a, HOST, tmp)").replace(
        "@asc.jit", "HOST = asc.adv.LogSoftmaxTiling()\n\n\n@asc.jit"
    )
    module = load_kernel_source(tmp_path, source)
    with pytest.raises(KernelError, match=re.escape("log_softmax: the LogSoftmaxTiling was built outside the kernel")):
        module.k.compile(*ARGS)


def test_softmax_tiling_func_rejects_a_host_tiling(tmp_path: Path) -> None:
    statement = "asc.adv.softmax_tiling_func(1024, asc.adv.SoftmaxShapeInfo(8, 32, 8, 32), HOST, 2, 4)"
    source = KERNEL.format(statement=statement).replace("@asc.jit", "HOST = asc.adv.SoftmaxTiling()\n\n\n@asc.jit")
    module = load_kernel_source(tmp_path, source)
    with pytest.raises(
        KernelError, match=re.escape("softmax_tiling_func: the SoftmaxTiling was built outside the kernel")
    ):
        module.k.compile(*ARGS)


def test_a_tiling_softmax_tiling_func_fills_has_no_known_fields(tmp_path: Path) -> None:
    """The fields set before the call are no longer known at trace time (softmax does not check the unaligned
    src_k the kernel set first), and a field read after the call is read again."""
    statement = (
        "sm_t = asc.adv.SoftmaxTiling(src_k=10); before = sm_t.split_m; asc.adv.softmax_tiling_func(n, "
        "asc.adv.SoftmaxShapeInfo(8, 32, 8, 32), sm_t, 2, 2); after = sm_t.split_m; "
        "asc.adv.softmax(c, b, b[128:], a, sm_t, tmp)"
    )
    emitted = lines(tmp_path, statement)
    assert sum("= sm_t.splitM;" in line for line in emitted) == 2
    assert emitted[-1] == "AscendC::SoftMax<half, false, false, false>(c, b, v_1, a, tmp, sm_t);"


def test_softmax_flash_warns_with_canns_deprecation(tmp_path: Path) -> None:
    """CANN marks every SoftmaxFlash overload [[deprecated]]: ascx accepts the call and warns with CANN's text."""
    _, caught, line = _compile(tmp_path, "asc.adv.softmax_flash(c, b, b, a, b, b, b, asc.adv.SoftmaxTiling())")
    assert [(str(w.message), w.lineno) for w in caught] == [
        (
            "softmax_flash: CANN marks SoftmaxFlash deprecated: adv_api/activation/softmaxflash.h is deprecated, "
            "please use softmaxflashv2.h instead! (use asc.adv.softmax_flash_v2)",
            line,
        )
    ]
    _, caught, _ = _compile(
        tmp_path, "asc.adv.softmax_flash(c, b, b, a, b, b, b, asc.adv.SoftmaxTiling(), reuse_source=True)"
    )
    assert [str(w.message).split(":")[1].strip() for w in caught] == [
        "CANN marks SoftmaxFlash deprecated",
        "reuse_source=True has no effect",
    ]


def test_a_host_tiling_captured_by_the_kernel_is_rejected(tmp_path: Path) -> None:
    source = KERNEL.format(statement="asc.adv.softmax(c, b, b, a, HOST)").replace(
        "@asc.jit", "HOST = asc.adv.SoftmaxTiling()\n\n\n@asc.jit"
    )
    module = load_kernel_source(tmp_path, source)
    with pytest.raises(KernelError, match=re.escape("softmax: the SoftmaxTiling was built outside the kernel")):
        module.k.compile(*ARGS)


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The kernel of every ``EMITS`` case, for the CANN type-check of the test suite."""
    for case in sorted(EMITS):
        source, _, _ = _compile(directory, EMITS[case][0])
        yield f"test_adv_lib_api::{case}", source


@pytest.mark.parametrize("side", ["aiv", "aic"])
def test_every_emitted_call_passes_cann_typecheck(tmp_path: Path, cann_typecheck: Path, side: str) -> None:
    statements = "; ".join(statement for statement, _ in EMITS.values())
    source, _, _ = _compile(tmp_path, statements)
    path = tmp_path / "adv_lib.cpp"
    path.write_text(source)
    result = subprocess.run(
        [str(cann_typecheck), str(path), side, "-w"],
        capture_output=True,
        text=True,
        env={**os.environ, "CANN_TYPECHECK_PCH": "1"},
        check=False,
    )
    assert result.returncode == 0, "\n".join(line for line in result.stderr.splitlines() if "error" in line)
