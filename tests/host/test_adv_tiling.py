"""The host side of the library beyond Matmul (``asc.lib.host``: temporary-buffer sizes, the SoftMax and
RmsNorm tilings): CANN's values at documented points, and the invariants of the computed values over a
sweep of shapes, types and buffer sizes."""

from __future__ import annotations

import itertools
import re
import struct

import pytest

import ascx as asc
from ascx.lib import host
from ascx.lib.host import TilingError

MATH = [
    "acos", "acosh", "asin", "asinh", "atan", "atanh", "axpy", "ceil", "cos", "cosh", "digamma", "erf", "erfc",
    "exp", "floor", "frac", "lgamma", "log", "sign", "sin", "sinh", "tan", "tanh", "trunc",
]  # fmt: skip

MINIMUM_HALF = {
    "acos": 1536, "acosh": 512, "asin": 1536, "asinh": 768, "atan": 3072, "atanh": 1024, "axpy": 1024,
    "ceil": 512, "cos": 2048, "cosh": 1536, "digamma": 4096, "erf": 2048, "erfc": 4096, "exp": 1024,
    "floor": 512, "frac": 1024, "lgamma": 6656, "log": 0, "sign": 768, "sin": 2048, "sinh": 1024, "tan": 2560,
    "tanh": 1024, "trunc": 512,
}  # fmt: skip
"""CANN's minimum temporary buffer for half inputs (its Get<Op>MaxMinTmpSize on Atlas A2)."""


def _math(name: str, shape: list[int], type_size: int, reuse: bool = False) -> tuple[int, int]:
    return getattr(host, f"get_{name}_max_min_tmp_size")(shape, type_size, reuse)


def test_math_minimums_for_half() -> None:
    assert {name: _math(name, [1024], 2)[1] for name in MATH} == MINIMUM_HALF
    assert host.get_round_max_min_tmp_size(host.get_ascendc_platform(), [1024], 2) == (2048, 256)
    assert host.get_round_max_min_tmp_size(host.get_ascendc_platform(), [1024], 4) == (0, 0)


def test_math_values_at_documented_points() -> None:
    assert _math("acos", [1024], 2) == (6 * 2048, 1536)
    assert _math("acos", [16], 4) == (2 * 256, 512)  # less than one repeat of data: one repeat per value
    assert _math("acosh", [1024], 2) == (2 * 1024 * 2, 512)
    assert _math("exp", [1024], 4, True) == (2 * 4096, 512)
    assert _math("exp", [1024], 2, True) == (4 * 4096, 1024)  # reuse does not apply to half
    assert _math("digamma", [64], 4, True) == (6 * 256, 6 * 256)
    assert _math("sin", [1024], 4) == (3 * 4096, 768)
    assert _math("axpy", [1024], 4) == (0, 0)
    assert host.get_xor_max_min_tmp_size([1024], 2) == (2048, 256)
    assert host.get_power_max_min_tmp_size([1024], [1024], False, 2) == (2048 * 14 + 256, 2048)
    assert host.get_power_max_min_tmp_size([1024], [1024], False, 4) == (4096 * 4 + 256, 1280)
    assert host.get_power_max_min_tmp_size([1024], [1024], True, 4) == (4096 * 6, 1536)
    assert host.get_power_max_min_tmp_size([1024], [1], False, 4) == (4096 * 5 + 256, 1536)
    assert host.get_ascend_quant_max_min_tmp_size([1000], 4) == (2016, 512)
    assert host.get_concat_tmp_size(host.get_ascendc_platform(), 128, 2) == 0


@pytest.mark.parametrize("name", MATH)
def test_math_invariants_over_a_sweep(name: str) -> None:
    for type_size, reuse in itertools.product((2, 4), (False, True)):
        if name in ("sin", "cos") and type_size == 2 and reuse:
            continue
        previous_max = 0
        minimums = set()
        for size in (1, 7, 64, 127, 128, 255, 256, 1000, 4096, 65536):
            maximum, minimum = _math(name, [size], type_size, reuse)
            assert 0 <= minimum <= maximum, (name, size, type_size, reuse)
            assert minimum % 32 == 0
            assert maximum >= previous_max  # more data never needs less buffer
            assert _math(name, [size // 4 or 1, 4] if size >= 4 else [size], type_size, reuse)[1] == minimum
            previous_max = maximum
            minimums.add(minimum)
        assert len(minimums) == 1  # the minimum does not depend on the shape


def test_math_host_errors() -> None:
    with pytest.raises(ValueError, match=r"GetSinMaxMinTmpSize: when the input data type is half, isReuseSource"):
        host.get_sin_max_min_tmp_size([128], 2, True)
    with pytest.raises(ValueError, match=r"GetAcosMaxMinTmpSize: Input Shape size must be greater than 0"):
        host.get_acos_max_min_tmp_size([0], 2)
    with pytest.raises(ValueError, match=r"\[GetAcosMaxMinTmpSize\] Type size 8 is unsupported"):
        host.get_acos_max_min_tmp_size([8], 8)
    with pytest.raises(ValueError, match=r"Input Shape size must be 32B aligned"):
        host.get_ascend_quant_max_min_tmp_size([7], 2)
    with pytest.raises(TypeError, match=r"non-empty sequence of ints"):
        host.get_acos_max_min_tmp_size([], 2)


# --- SoftMax --------------------------------------------------------------------------------------------


def test_softmax_sizes_and_tiling_at_a_documented_shape() -> None:
    assert host.get_soft_max_min_tmp_size([64, 256], 2) == (16 + 256 + 64) * 4
    assert host.get_soft_max_max_tmp_size([64, 256], 2) == 64 * (16 + 256 + 64) * 4
    tiling = asc.adv.SoftmaxTiling()
    host.soft_max_tiling_func([2, 32, 256], 2, 10 * 336 * 4, tiling)
    assert tiling.pack() == struct.pack(
        "<16I", 64, 256, 64 * 256, 64, 16, 64 * 16, 8, 256, 2048, 8, 16, 128, 8, 0, 0, 0
    )
    assert host.is_basic_block_in_soft_max(tiling, 2)


SOFTMAX_SHAPES = [
    (m, k) for m in (1, 3, 8, 9, 16, 24, 40, 64, 100, 128, 200) for k in (16, 32, 64, 128, 256, 320, 1024)
]


@pytest.mark.parametrize("type_size", [2, 4])
def test_softmax_tiling_invariants_over_a_sweep(type_size: int) -> None:
    for m, k in SOFTMAX_SHAPES:
        if k * type_size % 32:
            continue
        minimum = host.get_soft_max_min_tmp_size([m, k], type_size)
        maximum = host.get_soft_max_max_tmp_size([m, k], type_size)
        assert maximum == m * minimum
        for workspace in sorted({minimum, minimum + 4, 3 * minimum, 8 * minimum + 100, 9 * minimum, maximum}):
            t = asc.adv.SoftmaxTiling()
            host.soft_max_tiling_func([m, k], type_size, workspace, t)
            where = (m, k, type_size, workspace)
            assert 1 <= t.split_m <= m, where
            assert t.split_m * minimum <= workspace, where  # the rows of a step fit the buffer
            assert t.range_m * t.split_m + t.tail_m == m, where
            assert 0 <= t.tail_m < t.split_m, where
            assert (t.src_size, t.split_size, t.split_k) == (m * k, t.split_m * k, k), where
            block = 32 // type_size
            assert (t.out_max_k, t.reduce_k, t.out_max_size) == (block, block, m * block), where
            assert (t.tail_split_size, t.tail_reduce_size) == (t.tail_m * k, t.tail_m * block), where
            basic = m % 8 == 0 and k % 64 == 0
            if basic and t.split_m > 8:  # CANN's basic-block steps: 8-row multiples below 64 * 256 elements
                assert t.split_m * k < 64 * 256, where
            elif t.split_m < m and t.split_m > 8:
                assert t.split_m % 8 == 0, where
            if workspace >= maximum and not (m % 8 == 0 and k % 64 == 0 and m > 8):
                assert t.split_m == m, where


def test_softmax_host_errors() -> None:
    with pytest.raises(ValueError, match=r"\[GetSoftMaxMinTmpSize\] The shape LastAxis data size must be 32-byte"):
        host.get_soft_max_min_tmp_size([8, 10], 2)
    with pytest.raises(ValueError, match=r"\[SoftMaxTilingFunc\] The localWorkSpaceSize should be greater than 0"):
        host.soft_max_tiling_func([8, 16], 2, 0, asc.adv.SoftmaxTiling())
    with pytest.raises(TilingError, match=r"SoftMaxTilingFunc: 100 bytes of temporary buffer hold no row of 16"):
        host.soft_max_tiling_func([8, 16], 2, 100, asc.adv.SoftmaxTiling())
    with pytest.raises(TypeError, match=r"fills a host asc.adv.SoftmaxTiling"):
        host.soft_max_tiling_func([8, 16], 2, 4096, asc.adv.RmsNormTiling())


# --- LogSoftMax -----------------------------------------------------------------------------------------


def test_log_softmax_sizes_and_tiling_are_softmax_s() -> None:
    """CANN's LogSoftMax host formulas for Atlas A2 are SoftMax's: (32 / type size + k + 64) floats a row, and
    LogSoftMaxTilingFunc fills the fields SoftMaxTilingFunc fills."""
    assert host.get_log_soft_max_min_tmp_size([64, 256], 2) == (16 + 256 + 64) * 4
    assert host.get_log_soft_max_max_tmp_size([64, 256], 2) == 64 * (16 + 256 + 64) * 4
    assert host.get_log_soft_max_min_tmp_size([3, 64], 4) == (8 + 64 + 64) * 4
    tiling = asc.adv.LogSoftmaxTiling()
    host.log_soft_max_tiling_func([2, 32, 256], 2, 10 * 336 * 4, tiling)
    assert tiling.pack() == struct.pack(
        "<16I", 64, 256, 64 * 256, 64, 16, 64 * 16, 8, 256, 2048, 8, 16, 128, 8, 0, 0, 0
    )
    for m, k in SOFTMAX_SHAPES:
        for type_size in (2, 4):
            if k * type_size % 32:
                continue
            minimum = host.get_log_soft_max_min_tmp_size([m, k], type_size)
            assert minimum == host.get_soft_max_min_tmp_size([m, k], type_size)
            assert host.get_log_soft_max_max_tmp_size([m, k], type_size) == m * minimum
            for workspace in (minimum, 3 * minimum + 4, 9 * minimum):
                log, plain = asc.adv.LogSoftmaxTiling(), asc.adv.SoftmaxTiling()
                host.log_soft_max_tiling_func([m, k], type_size, workspace, log)
                host.soft_max_tiling_func([m, k], type_size, workspace, plain)
                assert log.pack() == plain.pack(), (m, k, type_size, workspace)


def test_log_softmax_host_errors() -> None:
    with pytest.raises(ValueError, match=r"\[GetLogSoftMaxMinTmpSize\] The shape LastAxis data size must be 32-byte"):
        host.get_log_soft_max_min_tmp_size([8, 10], 2)
    with pytest.raises(ValueError, match=r"\[GetLogSoftMaxMaxTmpSize\] Type size 8 is unsupported"):
        host.get_log_soft_max_max_tmp_size([8, 16], 8)
    with pytest.raises(ValueError, match=r"\[LogSoftMaxTilingFunc\] The localWorkSpaceSize should be greater than 0"):
        host.log_soft_max_tiling_func([8, 16], 2, 0, asc.adv.LogSoftmaxTiling())
    with pytest.raises(TilingError, match=r"LogSoftMaxTilingFunc: 100 bytes of temporary buffer hold no row of 16"):
        host.log_soft_max_tiling_func([8, 16], 2, 100, asc.adv.LogSoftmaxTiling())
    with pytest.raises(TypeError, match=r"fills a host asc.adv.LogSoftmaxTiling"):
        host.log_soft_max_tiling_func([8, 16], 2, 4096, asc.adv.SoftmaxTiling())


# --- RmsNorm --------------------------------------------------------------------------------------------


def test_rmsnorm_at_a_documented_shape() -> None:
    assert host.get_rms_norm_max_min_tmp_size([2, 8, 64], 2) == ((2 * 8 * 64 * 2 + 16) * 4, (64 * 2 + 8) * 4)
    assert host.get_rms_norm_max_min_tmp_size([2, 8, 64], 4) == ((2 * 8 * 64 + 16) * 4, (64 + 8) * 4)
    tiling = asc.adv.RmsNormTiling()
    assert host.get_rms_norm_tiling_info([2, 8, 64], [2, 8, 60], 4096, 2, tiling)
    reciprocal = struct.unpack("<f", struct.pack("<f", 1 / 60))[0]
    assert tiling.pack() == struct.pack("<4If7I", 2, 8, 64, 60, reciprocal, 7 * 64, 7, 8, 2, 14 * 64, 128, 2)


RMS_SHAPES = [(b, s, h) for b in (1, 2, 3) for s in (1, 4, 8, 33) for h in (16, 64, 128, 1024, 2048)]


@pytest.mark.parametrize("type_size", [2, 4])
@pytest.mark.parametrize("basic_block", [False, True])
def test_rmsnorm_tiling_invariants_over_a_sweep(type_size: int, basic_block: bool) -> None:
    coeff = 2 if type_size == 2 else 1
    for b, s, h in RMS_SHAPES:
        if h * type_size % 32:
            continue
        basic_ok = h % 64 == 0 and h < 2048 and b * s % 8 == 0
        if basic_block and not basic_ok:
            with pytest.raises(TilingError, match="is not a basic-block shape"):
                host.get_rms_norm_max_min_tmp_size([b, s, h], type_size, True)
            continue
        maximum, minimum = host.get_rms_norm_max_min_tmp_size([b, s, h], type_size, basic_block)
        assert minimum <= maximum
        for stack in sorted({minimum, minimum + 100, 2 * minimum, maximum, maximum + 4096}):
            t = asc.adv.RmsNormTiling()
            assert host.get_rms_norm_tiling_info([b, s, h], [b, s, h - 8], stack, type_size, t, basic_block)
            where = (b, s, h, type_size, stack)
            rows = t.main_bs_length
            assert 1 <= rows <= min(b * s, 255), where
            assert (rows * h * coeff + -(-rows // 8) * 8) * 4 <= max(stack, minimum), where
            assert t.main_bsh_length == rows * h, where
            assert t.main_bs_length_align % 8 == 0, where
            assert t.loop_round * t.main_bsh_length + t.tail_bsh_length == b * s * h, where
            assert t.input_tail_pos == t.loop_round * t.main_bsh_length, where
            assert t.tail_bs_length * h == t.tail_bsh_length < t.main_bsh_length, where
            if basic_block and rows >= 8:
                assert rows % 8 == 0, where


def test_rmsnorm_host_failures() -> None:
    tiling = asc.adv.RmsNormTiling()
    with pytest.raises(TilingError, match=r"fewer than the minimum 544"):
        host.get_rms_norm_tiling_info([2, 8, 64], [2, 8, 64], 543, 2, tiling)
    with pytest.raises(TilingError, match=r"the origin shape \[2, 8, 70\] does not fit \[2, 8, 64\]"):
        host.get_rms_norm_tiling_info([2, 8, 64], [2, 8, 70], 4096, 2, tiling)
    with pytest.raises(TilingError, match=r"H 60 of 2-byte elements is not 32-byte aligned"):
        host.get_rms_norm_tiling_info([2, 8, 60], [2, 8, 60], 4096, 2, tiling)
    with pytest.raises(TilingError, match=r"the shape must be \[B, S, H\]"):
        host.get_rms_norm_max_min_tmp_size([8, 64], 2)


# --- LayerNorm -------------------------------------------------------------------------------------------


def test_layernorm_at_the_documented_shape() -> None:
    """CANN's LayerNorm Tiling page: [2, 16, 64, 64] half, the minimum buffer: one row per round."""
    assert host.get_layer_norm_max_min_tmp_size([2, 16, 64, 64], 2, False) == (3 * 8192 + 2 * 128, 3 * 256 + 2 * 128)
    assert host.get_layer_norm_max_min_tmp_size([2, 16, 64, 64], 4, True) == (2 * 8192 + 2 * 128, 2 * 256 + 2 * 128)
    tiling = asc.adv.LayerNormTiling()
    assert host.get_layer_norm_nd_tiling_info([2, 16, 64, 64], 1024, 2, False, tiling) is None
    fields = (2, 16, 64, 64, 2048, 32, 3, 0, 32, 32, 32, 256, 64, 64, 128, 192, 32, 64, 0, 2048, 1, 0, 32, 64, 1)
    assert tiling.pack() == struct.pack("<25If", *fields, 1 / 64)
    assert len(tiling.pack()) == asc.adv.LayerNormTiling.C_SIZE


LAYERNORM_SHAPES = [(b, s, h) for b in (1, 2, 3) for s in (1, 4, 9, 33) for h in (16, 40, 64, 200, 1024)]


@pytest.mark.parametrize("type_size", [2, 4])
@pytest.mark.parametrize("reuse", [False, True])
def test_layernorm_tiling_invariants_over_a_sweep(type_size: int, reuse: bool) -> None:
    areas = 2 if reuse and type_size == 4 else 3
    for b, s, h in LAYERNORM_SHAPES:
        if h * type_size % 32:
            continue
        rows = b * s
        maximum, minimum = host.get_layer_norm_max_min_tmp_size([b, s, h, h], type_size, reuse)
        assert minimum <= maximum
        for stack in sorted({minimum, minimum + 100, 2 * minimum, maximum, maximum + 4096}):
            t = asc.adv.LayerNormTiling()
            host.get_layer_norm_nd_tiling_info([b, s, h, h], stack, type_size, reuse, t)
            where = (b, s, h, type_size, stack)
            assert t.number_of_tmp_buf == areas, where
            assert t.one_tmp_size % h == 0, where
            assert 0 < t.one_tmp_size <= rows * h, where
            assert t.first_tmp_start_pos + areas * t.one_tmp_size <= t.tmp_buf_size == stack // 4, where
            mean_var = 0 if type_size == 4 else 2 * (-(-rows // 8) * 8)
            assert t.first_tmp_start_pos == mean_var, where
            assert t.loop_round * t.input_round_size + t.input_tail_size == rows * h, where
            assert t.mean_var_round_size * h == t.input_round_size == t.bsh_cur_length == t.bs_cur_length * h, where
            assert t.mean_var_tail_size * h == t.input_tail_size < t.input_round_size, where
            assert t.mean_var_tail_pos + t.mean_var_tail_size == rows, where
            if stack >= maximum:
                assert t.loop_round == 1, where
                assert t.input_tail_size == 0, where


def test_layernorm_host_failures() -> None:
    tiling = asc.adv.LayerNormTiling()
    with pytest.raises(TilingError, match=r"GetLayerNormNDTilingInfo: 700 bytes of temporary buffer hold no row"):
        host.get_layer_norm_nd_tiling_info([2, 16, 64, 64], 700, 2, False, tiling)
    with pytest.raises(TilingError, match=r"fewer than the mean and variance areas of 512 rows \(4096 bytes\)"):
        host.get_layer_norm_nd_tiling_info([2, 256, 16, 16], 4000, 2, False, tiling)
    assert tiling.b_length == 0  # not filled
    with pytest.raises(ValueError, match=re.escape("[LayerNorm][GetLayerNormMaxMinTmpSize] The dims of srcShape is 3")):
        host.get_layer_norm_max_min_tmp_size([2, 16, 64], 2, False)
    unsupported = "[LayerNorm][GetLayerNormNDTilingInfo] Type size 8 is unsupported!"
    with pytest.raises(ValueError, match=re.escape(unsupported)):
        host.get_layer_norm_nd_tiling_info([2, 16, 64, 64], 4096, 8, False, tiling)
    with pytest.raises(ValueError, match=re.escape("Input Shape size must be greater than 0.")):
        host.get_layer_norm_max_min_tmp_size([2, 0, 64, 64], 2, False)
    with pytest.raises(TypeError, match=r"fills a host asc\.adv\.LayerNormTiling"):
        host.get_layer_norm_nd_tiling_info([2, 16, 64, 64], 4096, 2, False, asc.adv.RmsNormTiling())


# --- DeepNorm --------------------------------------------------------------------------------------------


def test_deepnorm_at_the_documented_shape() -> None:
    """CANN's DeepNorm Tiling page: [2, 16, 64] half, the minimum buffer: LayerNorm's sizes and fields."""
    assert host.get_deep_norm_max_min_tmp_size([2, 16, 64], 2, False, False) == (3 * 8192 + 2 * 128, 3 * 256 + 256)
    for basic in (False, True):
        tiling = asc.adv.DeepNormTiling()
        assert host.get_deep_norm_tiling_info([2, 16, 64], [2, 16, 64], 1024, 2, False, basic, tiling)
        fields = (2, 16, 64, 64, 2048, 32, 3, 0, 32, 32, 32, 256, 64, 64, 128, 192, 32, 64, 0, 2048, 1, 0, 32, 64, 1)
        assert tiling.pack() == struct.pack("<25If", *fields, 1 / 64)


def test_deepnorm_basic_block_rounds_are_multiples_of_eight_rows() -> None:
    for stack in (24 * 1024, 40 * 1024, 100 * 1024):
        tiling = asc.adv.DeepNormTiling()
        assert host.get_deep_norm_tiling_info([4, 16, 128], [4, 16, 128], stack, 4, False, True, tiling)
        assert tiling.one_tmp_size % (8 * 128) == 0, stack
        plain = asc.adv.DeepNormTiling()
        assert host.get_deep_norm_tiling_info([4, 16, 128], [4, 16, 128], stack, 4, False, False, plain)
        assert plain.one_tmp_size == min(stack // 4 // 3 // 128 * 128, 4 * 16 * 128)
        assert tiling.one_tmp_size == plain.one_tmp_size // 1024 * 1024


def test_deepnorm_padded_h() -> None:
    tiling = asc.adv.DeepNormTiling()
    assert host.get_deep_norm_tiling_info([1, 4, 208], [1, 4, 200], 1 << 16, 4, True, False, tiling)
    assert (tiling.h_length, tiling.original_h_length, tiling.number_of_tmp_buf) == (208, 200, 2)
    assert tiling.last_dim_value_back == struct.unpack("<f", struct.pack("<f", 1 / 200))[0]
    assert (tiling.loop_round, tiling.input_tail_size, tiling.first_tmp_start_pos) == (1, 0, 0)


@pytest.mark.parametrize("type_size", [2, 4])
@pytest.mark.parametrize(("reuse", "basic"), [(False, False), (True, False), (False, True)])
def test_deepnorm_tiling_invariants_over_a_sweep(type_size: int, reuse: bool, basic: bool) -> None:
    areas = 2 if reuse and type_size == 4 else 3
    for b, s, h in LAYERNORM_SHAPES:
        if h * type_size % 32 or h > 2040 or (basic and (h % 64 or b * s % 8)):
            continue
        rows = b * s
        maximum, minimum = host.get_deep_norm_max_min_tmp_size([b, s, h], type_size, reuse, basic)
        assert (maximum, minimum) == host.get_layer_norm_max_min_tmp_size([b, s, h, h], type_size, reuse)
        for stack in sorted({minimum, minimum + 100, 2 * minimum, maximum, maximum + 4096}):
            t = asc.adv.DeepNormTiling()
            assert host.get_deep_norm_tiling_info([b, s, h], [b, s, h], stack, type_size, reuse, basic, t)
            where = (b, s, h, type_size, stack)
            assert t.number_of_tmp_buf == areas, where
            assert t.one_tmp_size % h == 0, where
            assert 0 < t.one_tmp_size <= rows * h, where
            if basic and t.one_tmp_size >= 8 * h:
                assert t.one_tmp_size % (8 * h) == 0, where
            assert t.first_tmp_start_pos + areas * t.one_tmp_size <= t.tmp_buf_size == stack // 4, where
            assert t.loop_round * t.input_round_size + t.input_tail_size == rows * h, where
            assert t.mean_var_round_size * h == t.input_round_size == t.bsh_cur_length == t.bs_cur_length * h, where
            assert t.mean_var_tail_pos + t.mean_var_tail_size == rows, where


def test_deepnorm_host_failures() -> None:
    tiling = asc.adv.DeepNormTiling()
    api = "[DeepNorm][GetDeepNormTilingInfo]"
    with pytest.raises(TilingError, match=r"GetDeepNormTilingInfo: 1000 bytes .* fewer than the minimum 1024"):
        host.get_deep_norm_tiling_info([2, 16, 64], [2, 16, 64], 1000, 2, False, False, tiling)
    with pytest.raises(TilingError, match=r"the origin shape \[2, 8, 64\] does not fit \[2, 16, 64\]"):
        host.get_deep_norm_tiling_info([2, 16, 64], [2, 8, 64], 4096, 2, False, False, tiling)
    with pytest.raises(ValueError, match=re.escape(f"{api} The range of originH is 70, must be (0, 64]!")):
        host.get_deep_norm_tiling_info([2, 16, 64], [2, 16, 70], 4096, 2, False, False, tiling)
    with pytest.raises(ValueError, match=re.escape(f"{api} When isBasicBlock is true, originH is 60, H is 64")):
        host.get_deep_norm_tiling_info([2, 16, 64], [2, 16, 60], 4096, 2, False, True, tiling)
    with pytest.raises(ValueError, match=re.escape(f"{api} The last axis H must be 32B aligned!")):
        host.get_deep_norm_tiling_info([2, 16, 60], [2, 16, 60], 4096, 2, False, False, tiling)
    with pytest.raises(ValueError, match=re.escape("The value of last axis can not be greater than 2040!")):
        host.get_deep_norm_max_min_tmp_size([1, 8, 2048], 4, False, False)
    with pytest.raises(ValueError, match=re.escape("The non-last axis B*S must be 8 aligned!")):
        host.get_deep_norm_max_min_tmp_size([1, 4, 64], 4, False, True)
    with pytest.raises(ValueError, match=re.escape("should be 3 (e.g. [B, S, H])!")):
        host.get_deep_norm_max_min_tmp_size([16, 64], 4, False, False)
    assert tiling.b_length == 0  # not filled
