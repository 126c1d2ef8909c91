"""The CANN backend's intrinsic layer (src/ascx/emu/cann_backend/include/ascx_cann) against numpy.

The intrinsics are header-only and need nothing of CANN's headers, so one small host program exercises
them directly: inputs are written into its source, its outputs are printed and compared here with what
numpy computes from the same inputs (docs/emulation.md#the-cann-backend)."""

from __future__ import annotations

import hashlib
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ascx.emu.build import build_dir, default_compiler
from ascx.emu.cann_backend.build import INCLUDE_DIR
from ascx.testing.rounding import BFLOAT16_MODES, bfloat16_bits

RNG = np.random.default_rng(7)
A32 = RNG.standard_normal(256).astype(np.float32)
B32 = RNG.standard_normal(256).astype(np.float32)
A16 = RNG.standard_normal(256).astype(np.float16)
B16 = RNG.standard_normal(256).astype(np.float16)
M, K, N = 32, 32, 16
MAT_A = RNG.integers(-4, 5, size=(M, K)).astype(np.float16)
MAT_B = RNG.integers(-4, 5, size=(K, N)).astype(np.float16)
NARROW_IN = np.concatenate(
    [
        np.array([1 + 2.0**-11, -1 - 2.0**-11, 3 + 2.0**-10, -3 - 2.0**-10, 1 + 3 * 2.0**-11], np.float32),  # ties
        np.array([2.0**-25, -(2.0**-25), 65520, -65520, 70000, 0.0, 2.5], np.float32),
        RNG.uniform(-100, 100, 52).astype(np.float32),
    ]
)  # vconv_f322f16<mode>: ties, the smallest subnormal's halfway point, overflow, exact values
SHIFT16 = np.concatenate([np.array([9, -9, 12, -12, 4, -4, -32768, 32767], np.int16), RNG.integers(-32768, 32768, 120)])
SHIFT16 = SHIFT16.astype(np.int16)  # one repeat of int16_t lanes for vshr: ties of the rounding, both signs
BF16_IN = np.concatenate(
    [
        np.array([1 + 2.0**-8, -1 - 2.0**-8, 3 + 2.0**-7, -3 - 2.0**-7, 1 + 3 * 2.0**-8], np.float32),  # ties
        np.array([2.0**-133, -(2.0**-133), 3.3961776e38, -3.3961776e38, 3.4e38, 0.0, 2.5], np.float32),
        RNG.uniform(-100, 100, 52).astype(np.float32),
    ]
)  # vconv_f322bf16<mode>: ties, a tie below the smallest subnormal, overflow past the largest finite, exact
DEQ_IN = [*RNG.integers(-(2**20), 2**20, size=60).tolist(), 2732, 2740, 65519, -(2**31)]  # ties and overflow


def _floats(values: np.ndarray) -> str:
    return ", ".join(f"{float(v)!r}f" for v in values.astype(np.float32).reshape(-1))


def _halves(values: np.ndarray) -> str:
    return ", ".join(str(int(b)) for b in values.astype(np.float16).view(np.uint16).reshape(-1))


PROGRAM = f"""
#include "stub_fun.h"
#include <cstdarg>

int64_t block_idx, block_num = 1, sub_block_idx, g_taskRation = 1;
uint64_t g_fixpipeNdNzParam;
namespace AscendC {{ bool g_isVdeq; }}
namespace ascx_cann {{
static AtomicOp g_op = AtomicOp::NONE;
void set_atomic(AtomicOp op) {{ g_op = op; }}
AtomicOp atomic_op() {{ return g_op; }}
void fail(const char* format, ...) {{
    va_list args;
    va_start(args, format);
    std::vfprintf(stdout, format, args);
    va_end(args);
    std::printf("\\n");
    std::exit(3);
}}
void unemulated(const char* name) {{ fail("unemulated %s", name); }}
}}

static float a32[256] = {{{_floats(A32)}}};
static float b32[256] = {{{_floats(B32)}}};
static uint16_t a16[256] = {{{_halves(A16)}}};
static uint16_t b16[256] = {{{_halves(B16)}}};
static uint16_t mat_a[{M * K}] = {{{_halves(MAT_A)}}};
static uint16_t mat_b[{K * N}] = {{{_halves(MAT_B)}}};

template <typename T>
static void show(const char* name, const T* values, int n) {{
    std::printf("%s", name);
    for (int i = 0; i < n; ++i) {{
        if constexpr (std::is_same_v<T, half>) std::printf(" %u", values[i].val);
        else if constexpr (std::is_same_v<T, float>) std::printf(" %.9g", values[i]);
        else std::printf(" %lld", static_cast<long long>(values[i]));
    }}
    std::printf("\\n");
}}

int main() {{
    float out[256];
    // vadd, normal mode: full mask, two repeats of 64 float lanes
    std::memset(out, 0, sizeof out);
    set_mask_norm();
    set_vector_mask(~0ull, ~0ull);
    vadd(out, a32, b32, 2, 1, 1, 1, 8, 8, 8);
    show("vadd_full", out, 128);
    // vadd, normal mode, a bit mask: lanes 0..9 and 63 of each of two repeats
    std::memset(out, 0, sizeof out);
    set_vector_mask(0ull, (1ull << 10) - 1 | (1ull << 63));
    vadd(out, a32, b32, 2, 1, 1, 1, 8, 8, 8);
    show("vadd_bits", out, 128);
    // vmul, counter mode: 100 elements, the repeat operand ignored
    std::memset(out, 0, sizeof out);
    set_mask_count();
    set_vector_mask(0, 100);
    vmul(out, a32, b32, 1, 1, 1, 1, 8, 8, 8);
    set_mask_norm();
    show("vmul_count", out, 128);
    // vadd, block stride 2 on the source (every other 32-byte block), one repeat
    std::memset(out, 0, sizeof out);
    set_vector_mask(~0ull, ~0ull);
    vadd(out, a32, b32, 1, 1, 2, 1, 8, 16, 8);
    show("vadd_stride", out, 64);
    // half: computed in float, rounded once
    half h[128];
    set_vector_mask(~0ull, ~0ull);
    vadd(h, reinterpret_cast<half*>(a16), reinterpret_cast<half*>(b16), 1, 1, 1, 1, 8, 8, 8);
    show("vadd_half", h, 128);
    // scalar forms and duplicate
    std::memset(out, 0, sizeof out);
    vadds(out, a32, 1.5f, 1, 1, 1, 8, 8);
    show("vadds", out, 64);
    vector_dup(out, 2.25f, 1, 1, 1, 8, 0);
    show("vdup", out, 64);
    // conversions: float to int32 in each rounding mode, half to float
    static float halves_away[64];
    for (int i = 0; i < 64; ++i) halves_away[i] = (i % 2 ? -1.0f : 1.0f) * (0.5f + float(i / 2));
    int32_t rounded[64];
    vconv_f322s32a(rounded, halves_away, 1, 1, 1, 8, 8);
    show("round_a", rounded, 64);
    vconv_f322s32r(rounded, halves_away, 1, 1, 1, 8, 8);
    show("round_r", rounded, 64);
    vconv_f322s32f(rounded, halves_away, 1, 1, 1, 8, 8);
    show("round_f", rounded, 64);
    vconv_f322s32c(rounded, halves_away, 1, 1, 1, 8, 8);
    show("round_c", rounded, 64);
    vconv_f322s32z(rounded, halves_away, 1, 1, 1, 8, 8);
    show("round_z", rounded, 64);
    float widened[64];
    vconv_f162f32(widened, reinterpret_cast<half*>(a16), 1, 1, 1, 8, 4);
    show("widen", widened, 64);
    // vcadd: one tree sum per repeat of 64 float lanes
    float sums[2];
    set_vector_mask(~0ull, ~0ull);
    vcadd(sums, a32, 2, 1, 1, 8, 0);
    show("vcadd", sums, 2);
    // counter mode with accumulate (ReduceSum's count form): the repeats' sums in order, also in ACC_VAL
    float total[1];
    set_mask_count();
    set_vector_mask(0, 100);
    vcadd(total, a32, 1, 1, 1, 8, 1);
    show("vcadd_count", total, 1);
    int64_t acc = get_acc_val();
    show("acc_val", reinterpret_cast<float*>(&acc), 1);
    set_mask_norm();
    set_vector_mask(~0ull, ~0ull);
    // vconv_deq: int32_t times the half of SetDeqScale(half), rounded once to half
    static int32_t deq_in[64] = {{{", ".join(str(v) for v in DEQ_IN)}}};
    half deq_out[64];
    set_deqscale(half(0.375f));
    vconv_deq(deq_out, deq_in, 1, 1, 1, 4, 8);
    show("vconv_deq", deq_out, 64);
    // vconv_f322f16<mode>: float to half rounded as the suffix says (CAST_ROUND, CEIL, FLOOR, TRUNC, ODD)
    static float narrow_in[64] = {{{_floats(NARROW_IN)}}};
    half narrowed[64];
    vconv_f322f16a(narrowed, narrow_in, 1, 1, 1, 4, 8);
    show("narrow_a", narrowed, 64);
    vconv_f322f16c(narrowed, narrow_in, 1, 1, 1, 4, 8);
    show("narrow_c", narrowed, 64);
    vconv_f322f16f(narrowed, narrow_in, 1, 1, 1, 4, 8);
    show("narrow_f", narrowed, 64);
    vconv_f322f16z(narrowed, narrow_in, 1, 1, 1, 4, 8);
    show("narrow_z", narrowed, 64);
    vconv_f322f16o(narrowed, narrow_in, 1, 1, 1, 4, 8);
    show("narrow_o", narrowed, 64);
    // vshr: ShiftRight of int16_t (arithmetic, with and without rounding), of uint16_t (logical), by 3 and
    // by the whole width
    static int16_t shift_in[128] = {{{", ".join(str(int(v)) for v in SHIFT16)}}};
    int16_t shifted[128];
    vshr(shifted, shift_in, int32_t(3), 1, 1, 1, 8, 8, false);
    show("vshr_s16", shifted, 128);
    vshr(shifted, shift_in, int32_t(3), 1, 1, 1, 8, 8, true);
    show("vshr_s16_round", shifted, 128);
    vshr(shifted, shift_in, int32_t(16), 1, 1, 1, 8, 8, false);
    show("vshr_s16_width", shifted, 128);
    uint16_t logical[128];
    vshr(logical, reinterpret_cast<uint16_t*>(shift_in), uint32_t(3), 1, 1, 1, 8, 8, false);
    show("vshr_u16", logical, 128);
    // vshl: ShiftLeft of int16_t (the sign bit kept), of uint16_t, by 3 and by the whole width
    vshl(shifted, shift_in, int32_t(3), 1, 1, 1, 8, 8);
    show("vshl_s16", shifted, 128);
    vshl(shifted, shift_in, int32_t(16), 1, 1, 1, 8, 8);
    show("vshl_s16_width", shifted, 128);
    vshl(logical, reinterpret_cast<uint16_t*>(shift_in), uint32_t(3), 1, 1, 1, 8, 8);
    show("vshl_u16", logical, 128);
    // vconv_f322bf16<mode>: float to bfloat16 rounded as the suffix says (CAST_RINT, ROUND, CEIL, FLOOR, TRUNC)
    static float bf16_in[64] = {{{_floats(BF16_IN)}}};
    static bfloat16_t brain[64];
    vconv_f322bf16r(brain, bf16_in, 1, 1, 1, 4, 8);
    show("bf16_r", reinterpret_cast<uint16_t*>(brain), 64);
    vconv_f322bf16a(brain, bf16_in, 1, 1, 1, 4, 8);
    show("bf16_a", reinterpret_cast<uint16_t*>(brain), 64);
    vconv_f322bf16c(brain, bf16_in, 1, 1, 1, 4, 8);
    show("bf16_c", reinterpret_cast<uint16_t*>(brain), 64);
    vconv_f322bf16f(brain, bf16_in, 1, 1, 1, 4, 8);
    show("bf16_f", reinterpret_cast<uint16_t*>(brain), 64);
    vconv_f322bf16z(brain, bf16_in, 1, 1, 1, 4, 8);
    show("bf16_z", reinterpret_cast<uint16_t*>(brain), 64);
    // the system intrinsics: the store atomic configuration (type | op << 3) from set_st_atomic_cfg's two
    // forms and from set_atomic_<type> / <op>; ARCH_VER's core version; the preload status
    int64_t system[7];
    set_st_atomic_cfg(ATOMIC_F16_T, ATOMIC_MAX_T);
    system[0] = get_st_atomic_cfg();
    system[1] = static_cast<int64_t>(ascx_cann::atomic_op());
    set_st_atomic_cfg(uint64_t(ATOMIC_F32_T | (ATOMIC_SUM_T << 3)));
    system[2] = get_st_atomic_cfg();
    set_st_atomic_cfg(ATOMIC_NONE_T, ATOMIC_SUM_T);
    system[3] = get_st_atomic_cfg();
    set_atomic_s32();
    set_atomic_min();
    system[4] = get_st_atomic_cfg();
    set_atomic_none();
    system[5] = (static_cast<uint64_t>(get_arch_ver()) >> 32) & 0xfff;
    system[6] = get_icache_prl_st();
    show("system", system, 7);
    // copies into GM under the store atomic configuration: float sum onto ones
    static float gm_st[64];
    for (int i = 0; i < 64; ++i) gm_st[i] = 1.0f;
    set_st_atomic_cfg(ATOMIC_F32_T, ATOMIC_SUM_T);
    copy_ubuf_to_gm(gm_st, a32, 0, 1, 8, 0, 0);
    set_st_atomic_cfg(ATOMIC_NONE_T, ATOMIC_SUM_T);
    show("st_atomic_add", gm_st, 64);
    // scalar bit intrinsics
    int64_t bits[] = {{sff0(0x7ull), sff0(~0ull), sbitset1(0ull, 5), sbitset0(0xffull, 0), bcnt1(0xf0ull)}};
    show("scalar", bits, 5);
    // nd2nz: a 32 x 32 half matrix into NZ (C0 16, n stride 32 rows)
    static half nz[{M * K}];
    copy_gm_to_cbuf_multi_nd2nz_b16(nz, reinterpret_cast<half*>(mat_a), 0, 1, {M}, {K}, 0, {K}, {M}, 1, 0);
    show("nd2nz", nz, {M * K});
    // the cube: A (ZZ in L0A) x B (ZN in L0B) into C (NZ in L0C), out as ND float16
    static half l1b[{K * N}], l0a[{M * K}], l0b[{K * N}];
    static float l0c[{M * N}];
    copy_gm_to_cbuf_multi_nd2nz_b16(l1b, reinterpret_cast<half*>(mat_b), 0, 1, {K}, {N}, 0, {N}, {K}, 1, 0);
    // L1 NZ of A: fractal (row block r, col block c) at c*{M // 16}+r; L0A wants row-block-major
    for (int r = 0; r < {M // 16}; ++r)
        load_cbuf_to_ca(l0a + r * {K // 16} * 256, nz, r, {K // 16}, {M // 16}, 0, 0, 0, inc);
    // L1 NZ of B: fractal (k block, n block) at n*{K // 16}+k, each transposed into ZN
    for (int k = 0; k < {K // 16}; ++k)
        load_cbuf_to_cb(l0b + k * {N // 16} * 256, l1b, k, {N // 16}, {K // 16}, 0, 0, 1, inc);
    mad(l0c, l0a, l0b, {M}, {K}, {N}, 0, 0, 0, 1);
    static half c16[{M * N}];
    set_nd_para(uint64_t(1) | (uint64_t(2) << 16) | (uint64_t(400) << 32));
    show("nd_para_check", &g_fixpipeNdNzParam, 1);
    set_nd_para(1);
    copy_matrix_cc_to_gm(c16, l0c, 0, {N}, {M}, {N}, {M}, 0, F322F16, 0, false, true);
    show("matmul", c16, {M * N});
    // Load3Dv2 with a 1 x 1 kernel over the NZ matrix (H 1, W 32): the same L0A as the 2D loads
    static half l0a3[{M * K}];
    set_fmatrix(uint64_t{{{M}}} | (uint64_t{{1}} << 16));
    img2colv2_cbuf_to_ca(l0a3, nz, {K}, {M}, 0, 0, 1, 1, 1, 1, 1, 1, false, false, false, false, {K});
    show("img2col_a", l0a3, {M * K});
    show("load2d_a", l0a, {M * K});
    // the 2D loads from GM: 512-byte fractals of a GM array, as half into L0A (fractals 1, 3, 5 to 0, 2, 4), as
    // int8 into L0B (fractals 0, 3 to 0, 1), as float into L1 counting down (fractals 3, 2, 1 to 0, 3, 6)
    static uint8_t gm_fractals[8 * 512];
    for (int i = 0; i < 8 * 512; ++i) gm_fractals[i] = uint8_t((i * 7) % 251);
    static uint8_t l0a_gm[5 * 512], l0b_gm[2 * 512], l1_gm[7 * 512];
    load_gm_to_ca(reinterpret_cast<half*>(l0a_gm), reinterpret_cast<half*>(gm_fractals), 1, 3, 2, 1, 0, inc);
    show("load_gm_to_ca", l0a_gm, 5 * 512);
    load_gm_to_cb(reinterpret_cast<int8_t*>(l0b_gm), reinterpret_cast<int8_t*>(gm_fractals), 0, 2, 3, 0, 0, inc);
    show("load_gm_to_cb", l0b_gm, 2 * 512);
    load_gm_to_cbuf(reinterpret_cast<float*>(l1_gm), reinterpret_cast<float*>(gm_fractals), 3, 3, 1, 2, 0, dec);
    show("load_gm_to_cbuf", l1_gm, 7 * 512);
    // create_*_matrix (InitConstValue): 2.5 as half into L1, 3 repeats of 2 blocks of 32 bytes, 1 block apart;
    // the bits of 1.5f into L0A, 2 repeats of one 512-byte fractal, 1 fractal apart
    static uint16_t l1_fill[8 * 16];
    create_cbuf_matrix(reinterpret_cast<half*>(l1_fill), uint64_t(3) | (uint64_t(2) << 16) | (uint64_t(1) << 32),
                       half(2.5f));
    show("create_cbuf_matrix", l1_fill, 8 * 16);
    static uint32_t l0a_fill[3 * 128];
    uint32_t one_and_a_half;
    const float one_and_a_half_f = 1.5f;
    std::memcpy(&one_and_a_half, &one_and_a_half_f, 4);
    create_ca_matrix(reinterpret_cast<float*>(l0a_fill), uint64_t(2) | (uint64_t(1) << 16) | (uint64_t(1) << 32),
                     one_and_a_half);
    show("create_ca_matrix", l0a_fill, 3 * 128);
    // copies into GM under the atomic modes: add on float (two copies onto ones), max on half, then a
    // plain copy once the mode is back to none
    static float gm32[64];
    for (int i = 0; i < 64; ++i) gm32[i] = 1.0f;
    set_atomic_f32();
    set_atomic_add();
    copy_ubuf_to_gm(gm32, a32, 0, 1, 8, 0, 0);
    copy_ubuf_to_gm(gm32, b32, 0, 1, 8, 0, 0);
    set_atomic_none();
    show("atomic_add", gm32, 64);
    static uint16_t gm16[128];
    std::memcpy(gm16, a16, sizeof gm16);
    set_atomic_f16();
    set_atomic_max();
    copy_ubuf_to_gm(gm16, b16, 0, 1, 8, 0, 0);
    set_atomic_none();
    show("atomic_max", reinterpret_cast<half*>(gm16), 128);
    copy_ubuf_to_gm(gm32, b32, 0, 1, 8, 0, 0);
    show("atomic_none", gm32, 64);
    // more unary ops: rsqrt and abs on float (|x| of the inputs, a -0.0 included), rsqrt on half
    set_vector_mask(~0ull, ~0ull);
    static float magnitudes[64];
    for (int i = 0; i < 64; ++i) magnitudes[i] = std::fabs(a32[i]) + 0.25f;
    vrsqrt(out, magnitudes, 1, 1, 1, 8, 8);
    show("vrsqrt", out, 64);
    static float signed_zero[64];
    std::memcpy(signed_zero, a32, sizeof signed_zero);
    signed_zero[0] = -0.0f;
    vabs(out, signed_zero, 1, 1, 1, 8, 8);
    show("vabs", out, 64);
    // bitwise ops on int16 (128 lanes), and vcopy of uint32 with a source block stride of 2
    static int16_t i16a[128], i16b[128], i16o[128];
    for (int i = 0; i < 128; ++i) {{ i16a[i] = int16_t(a16[i]); i16b[i] = int16_t(b16[i]); }}
    vand(i16o, i16a, i16b, 1, 1, 1, 1, 8, 8, 8);
    show("vand", i16o, 128);
    vor(i16o, i16a, i16b, 1, 1, 1, 1, 8, 8, 8);
    show("vor", i16o, 128);
    vnot(i16o, i16a, 1, 1, 1, 8, 8);
    show("vnot", i16o, 128);
    static uint32_t u32o[64];
    vcopy(u32o, reinterpret_cast<uint32_t*>(a32), 1, 1, 2, 8, 16);
    show("vcopy", u32o, 64);
    // vbrcb: two repeats of eight float values, block stride 1, repeat stride 8
    static float broadcast[128];
    vbrcb(broadcast, a32, 1, 8, 2);
    show("vbrcb", broadcast, 128);
    // DataCopyPad's copies: two bursts of three halves (6 bytes, 2 bytes apart in GM) into rows of 32 bytes
    // one block apart, padded 1 left and 2 right with the pad register (1.0), then unpadded
    static uint16_t padded_rows[64];
    std::memset(padded_rows, 0, sizeof padded_rows);
    set_mov_pad_val(0x3c00);
    copy_gm_to_ubuf_align_b16(padded_rows, a16, 0, 2, 6, 1, 2, 2, 1);
    show("pad_in", padded_rows, 64);
    std::memset(padded_rows, 0, sizeof padded_rows);
    copy_gm_to_ubuf_align_b16(padded_rows, a16, 0, 2, 6, 0, 0, 2, 1);
    show("pad_in_dummy", padded_rows, 64);
    // out: two bursts of 12 bytes read from rows one block apart, written 4 bytes apart
    static float rows_out[8];
    std::memset(rows_out, 0, sizeof rows_out);
    copy_ubuf_to_gm_align_b32(rows_out, a32, 0, 2, 12, 0, 0, 1, 4);
    show("pad_out", rows_out, 8);
    // block reductions over two repeats of float (8 lanes a block), and pair sums of one repeat
    set_vector_mask(~0ull, ~0ull);
    static float reduced[16];
    vcgadd(reduced, a32, 2, 1, 1, 8);
    show("vcgadd", reduced, 16);
    vcgmax(reduced, a32, 2, 1, 1, 8);
    show("vcgmax", reduced, 16);
    vcgmin(reduced, a32, 2, 1, 1, 8);
    show("vcgmin", reduced, 16);
    static float pairs[32];
    vcpadd(pairs, a32, 1, 1, 1, 8);
    show("vcpadd", pairs, 32);
    // fused ops on float: relu(a + b), a * b + dst, a * dst + b, 1.5 * a + dst; half into float for vmla
    static float fused[64];
    vaddrelu(fused, a32, b32, 1, 1, 1, 1, 8, 8, 8);
    show("vaddrelu", fused, 64);
    for (int i = 0; i < 64; ++i) fused[i] = b32[i];
    vmla(fused, a32, a32, 1, 1, 1, 1, 8, 8, 8);
    show("vmla", fused, 64);
    for (int i = 0; i < 64; ++i) fused[i] = b32[i];
    vmadd(fused, a32, a32, 1, 1, 1, 1, 8, 8, 8);
    show("vmadd", fused, 64);
    for (int i = 0; i < 64; ++i) fused[i] = b32[i];
    vaxpy(fused, a32, 1.5f, 1, 1, 1, 8, 8);
    show("vaxpy", fused, 64);
    for (int i = 0; i < 64; ++i) fused[i] = b32[i];
    vmla(fused, reinterpret_cast<half*>(a16), reinterpret_cast<half*>(b16), 1, 1, 1, 1, 8, 4, 4);
    show("vmla_mixed", fused, 64);
    // comparisons: a < b into bits over two repeats, lanes 0..9 of a repeat into CMPMASK, then selects
    set_vector_mask(~0ull, ~0ull);
    static uint8_t lt_bits[16];
    vcmpv_lt(lt_bits, a32, b32, 2, 1, 1, 1, 8, 8, 8);
    show("vcmpv_lt", lt_bits, 16);
    set_vector_mask(0ull, (1ull << 10) - 1);
    vcmp_gt(a32, b32, 1, 1, 1, 1, 8, 8, 8);
    static uint8_t cmp_reg[16];
    get_cmpmask(cmp_reg);
    show("cmpmask", cmp_reg, 16);
    set_vector_mask(~0ull, ~0ull);
    vsel(out, a32, b32, 2, 1, 1, 1, 8, 8, 8);
    show("vsel_spr", out, 128);
    static int64_t address[2];
    address[0] = reinterpret_cast<int64_t>(lt_bits);
    set_cmpmask(address);
    vsel(out, a32, b32, 2, 1, 1, 1, 8, 8, 8, uint8_t(2));
    show("vsel_tensor", out, 128);
    // vcmax over two repeats as [value, index] pairs; vcmin's indices only
    set_vector_mask(~0ull, ~0ull);
    static float best[4];
    vcmax(best, a32, 2, 1, 1, 8, VALUE_INDEX);
    show("vcmax", reinterpret_cast<uint32_t*>(best), 4);
    static uint32_t where[2];
    vcmin(reinterpret_cast<float*>(where), a32, 2, 1, 1, 8, ONLY_INDEX);
    show("vcmin_index", where, 2);
    return 0;
}}
"""


@cache
def _run() -> dict[str, list[str]]:
    compiler = default_compiler()
    key = hashlib.sha256((PROGRAM + compiler.version).encode())
    for path in sorted(INCLUDE_DIR.rglob("*.h")) + sorted(INCLUDE_DIR.rglob("*.inc")):
        key.update(path.read_bytes())
    directory = build_dir()
    directory.mkdir(parents=True, exist_ok=True)
    binary = directory / f"cann-intrinsics-test-{key.hexdigest()[:24]}"
    if not binary.exists():
        source = directory / f"{binary.name}.cpp"
        source.write_text(PROGRAM)
        partial = Path(f"{binary}.partial")
        flags = ["-std=c++17", "-O1", "-ffp-contract=off", "-w", "-DASCENDC_CPU_DEBUG=1", "-D__NPU_ARCH__=2201"]
        subprocess.run(
            [compiler.path, *flags, f"-I{INCLUDE_DIR}", str(source), "-o", str(partial)],
            check=True,
            capture_output=True,
        )
        partial.rename(binary)
    result = subprocess.run([str(binary)], capture_output=True, text=True, check=True)
    return {line.split()[0]: line.split()[1:] for line in result.stdout.splitlines()}


def _float_output(name: str) -> np.ndarray:
    return np.array([float(v) for v in _run()[name]], dtype=np.float32)


def _half_output(name: str) -> np.ndarray:
    return np.array([int(v) for v in _run()[name]], dtype=np.uint16).view(np.float16)


def test_vadd_full_mask_two_repeats() -> None:
    np.testing.assert_array_equal(_float_output("vadd_full"), A32[:128] + B32[:128])


def test_vadd_bit_mask_writes_only_the_selected_lanes() -> None:
    expected = np.zeros(128, dtype=np.float32)
    for r in range(2):
        for j in [*range(10), 63]:
            expected[r * 64 + j] = A32[r * 64 + j] + B32[r * 64 + j]
    np.testing.assert_array_equal(_float_output("vadd_bits"), expected)


def test_counter_mode_takes_the_first_count_elements() -> None:
    expected = np.zeros(128, dtype=np.float32)
    expected[:100] = A32[:100] * B32[:100]
    np.testing.assert_array_equal(_float_output("vmul_count"), expected)


def test_block_stride_picks_every_other_block() -> None:
    lanes = np.arange(64)
    source = (lanes // 8) * 16 + lanes % 8  # block stride 2: block j of the repeat starts at element 16 j
    np.testing.assert_array_equal(_float_output("vadd_stride"), A32[source] + B32[:64])


def test_half_is_computed_in_float_and_rounded_once() -> None:
    expected = (A16[:128].astype(np.float32) + B16[:128].astype(np.float32)).astype(np.float16)
    np.testing.assert_array_equal(_half_output("vadd_half").view(np.uint16), expected.view(np.uint16))


def test_scalar_forms_and_duplicate() -> None:
    np.testing.assert_array_equal(_float_output("vadds"), A32[:64] + np.float32(1.5))
    np.testing.assert_array_equal(_float_output("vdup"), np.full(64, 2.25, dtype=np.float32))


HALVES = np.array([(-1.0 if i % 2 else 1.0) * (0.5 + i // 2) for i in range(64)])


@pytest.mark.parametrize(
    ("mode", "rounding"),
    [("a", lambda v: np.sign(v) * np.floor(np.abs(v) + 0.5)), ("r", np.rint), ("f", np.floor), ("c", np.ceil),
     ("z", np.trunc)],
)  # fmt: skip
def test_float_to_int_rounding_modes(mode: str, rounding: Any) -> None:
    assert [int(v) for v in _run()[f"round_{mode}"]] == [int(v) for v in rounding(HALVES)]


def test_half_widens_exactly() -> None:
    np.testing.assert_array_equal(_float_output("widen"), A16[:64].astype(np.float32))


def _tree(values: np.ndarray) -> np.float32:
    while values.size > 1:
        values = (values[0::2] + values[1::2]).astype(np.float32)
    return values[0]


def test_vcadd_sums_each_repeat_as_a_binary_tree() -> None:
    np.testing.assert_array_equal(_float_output("vcadd"), [_tree(A32[:64]), _tree(A32[64:128])])


def test_vcadd_in_counter_mode_accumulates_into_dst_and_acc_val() -> None:
    """ReduceSum's count form: the 64-lane tree sums of the first 100 elements, added in order, in dst[0] and
    in the ACC_VAL register get_acc_val reads."""
    first, second = _tree(A32[:64]), _tree(np.concatenate([A32[64:100], np.zeros(28, np.float32)]))
    np.testing.assert_array_equal(_float_output("vcadd_count"), [first + second])
    np.testing.assert_array_equal(_float_output("acc_val"), [first + second])


def test_vconv_deq_scales_int32_into_half() -> None:
    """CastDeq from int32_t: src * 0.375 (exact in double) rounded once to the nearest half, ties to even
    (2732 * 0.375 = 1024.5 goes to 1024, 2740 * 0.375 = 1027.5 to 1028), past 65504 to infinity."""
    with np.errstate(over="ignore"):  # the last value overflows to -inf, as on the vector unit
        expected = (np.array(DEQ_IN, np.float64) * 0.375).astype(np.float16)
    np.testing.assert_array_equal(_half_output("vconv_deq"), expected)


def test_scalar_bit_intrinsics() -> None:
    assert [int(v) for v in _run()["scalar"]] == [3, -1, 32, 0xFE, 4]


def _nz(matrix: np.ndarray) -> np.ndarray:
    """A row-major matrix as NZ: column blocks of 16, each block's rows contiguous."""
    rows, cols = matrix.shape
    return matrix.reshape(rows, cols // 16, 16).transpose(1, 0, 2).reshape(-1)


def test_nd2nz_lays_out_column_blocks() -> None:
    np.testing.assert_array_equal(_half_output("nd2nz"), _nz(MAT_A))


def test_cube_path_multiplies_exactly() -> None:
    expected = (MAT_A.astype(np.float32) @ MAT_B.astype(np.float32)).astype(np.float16)
    np.testing.assert_array_equal(_half_output("matmul").reshape(M, N), expected)


def test_load3dv2_with_a_1x1_kernel_is_the_2d_load() -> None:
    zz = MAT_A.reshape(M // 16, 16, K // 16, 16).transpose(0, 2, 1, 3).reshape(-1)
    np.testing.assert_array_equal(_half_output("load2d_a"), zz)
    np.testing.assert_array_equal(_half_output("img2col_a"), zz)


def _fractal_moves(name: str, fractals: int, moves: list[tuple[int, int]]) -> None:
    """The output ``name`` (``fractals`` 512-byte fractals, zero where no repeat wrote) holds source fractal s of
    the GM bytes at fractal d for each (s, d) of ``moves``."""
    source = (np.arange(8 * 512) * 7 % 251).astype(np.uint8).reshape(8, 512)
    expected = np.zeros((fractals, 512), np.uint8)
    for s, d in moves:
        expected[d] = source[s]
    assert [int(v) for v in _run()[name]] == [int(v) for v in expected.reshape(-1)]


def test_2d_loads_from_gm_move_fractals() -> None:
    """load_gm_to_ca/cb/cbuf (startIndex, repeat, srcStride, dstGap, sid, addr_cal_mode): repeat i moves the
    fractal startIndex +/- i * srcStride (inc / dec) of GM to fractal i * (dstGap + 1), 512 bytes whatever the
    element type (CANN's LoadData 2D from GM, the asc_copy_gm2l0a / gm2l0b / gm2l1 pages)."""
    _fractal_moves("load_gm_to_ca", 5, [(1, 0), (3, 2), (5, 4)])
    _fractal_moves("load_gm_to_cb", 2, [(0, 0), (3, 1)])
    _fractal_moves("load_gm_to_cbuf", 7, [(3, 0), (2, 3), (1, 6)])


def test_create_matrix_fills_runs_of_blocks() -> None:
    """create_cbuf_matrix / create_ca_matrix (config: repeatTimes, blockNum << 16, dstGap << 32): each repeat
    fills blockNum blocks (32 bytes in L1, 512 in L0A) with the value, repeats blockNum + dstGap blocks apart."""
    l1 = np.zeros((8, 16), np.float16)
    for r in range(3):
        l1[3 * r : 3 * r + 2] = 2.5
    assert [int(v) for v in _run()["create_cbuf_matrix"]] == [int(v) for v in l1.view(np.uint16).reshape(-1)]
    l0a = np.zeros((3, 128), np.float32)
    l0a[[0, 2]] = 1.5
    assert [int(v) for v in _run()["create_ca_matrix"]] == [int(v) for v in l0a.view(np.uint32).reshape(-1)]


def test_set_nd_para_is_what_cann_s_check_reads() -> None:
    """Found by the differential check: CANN's CPU-debug check of DataCopy with DataCopyCO12DstParams reads ND_PARA
    as g_fixpipeNdNzParam, which set_nd_para left at 0 (every nz2nd copy then failed the check)."""
    assert [int(v) for v in _run()["nd_para_check"]] == [1 | (2 << 16) | (400 << 32)]


def test_copies_into_gm_combine_under_the_atomic_modes() -> None:
    """Found by the differential check (``test_atomic_modes_combine_copies_to_gm``): copy_ubuf_to_gm
    overwrote GM under set_atomic_add/max; it combines each element of set_atomic_<type>'s type."""
    np.testing.assert_array_equal(_float_output("atomic_add"), (np.float32(1) + A32[:64]) + B32[:64])
    np.testing.assert_array_equal(_half_output("atomic_max"), np.maximum(A16[:128], B16[:128]))
    np.testing.assert_array_equal(_float_output("atomic_none"), B32[:64])


def test_rsqrt_and_abs() -> None:
    magnitudes = np.abs(A32[:64]) + np.float32(0.25)
    np.testing.assert_array_equal(
        _float_output("vrsqrt"), (1.0 / np.sqrt(magnitudes.astype(np.float64))).astype(np.float32)
    )
    signed = A32[:64].copy()
    signed[0] = -0.0
    got = _float_output("vabs")
    np.testing.assert_array_equal(got, np.abs(signed))
    assert not np.signbit(got[0])  # abs clears the sign of -0.0


def test_bitwise_ops_and_copy() -> None:
    a = A16[:128].view(np.int16)
    b = B16[:128].view(np.int16)
    for name, expected in (("vand", a & b), ("vor", a | b), ("vnot", ~a)):
        assert [int(v) for v in _run()[name]] == [int(v) for v in expected], name
    lanes = np.arange(64)
    source = (lanes // 8) * 16 + lanes % 8  # block stride 2
    assert [int(v) for v in _run()["vcopy"]] == [int(v) for v in A32.view(np.uint32)[source]]


def test_brcb_fills_a_block_with_each_value() -> None:
    np.testing.assert_array_equal(_float_output("vbrcb"), np.repeat(A32[:16], 8))


def test_data_copy_pad_copies_bursts_into_padded_rows_and_back() -> None:
    bits = A16.view(np.uint16)
    got = np.array([int(v) for v in _run()["pad_in"]], dtype=np.uint16).reshape(2, 32)
    for i in range(2):
        row = np.full(16, 0x3C00, dtype=np.uint16)
        row[1:4] = bits[4 * i : 4 * i + 3]  # bursts 8 bytes (4 halves) apart in GM
        np.testing.assert_array_equal(got[i, :16], row)
        np.testing.assert_array_equal(got[i, 16:], 0)  # the one-block gap is not written
    dummy = np.array([int(v) for v in _run()["pad_in_dummy"]], dtype=np.uint16).reshape(2, 32)
    for i in range(2):
        row = np.full(16, bits[4 * i], dtype=np.uint16)  # no padding: the burst's first half repeats
        row[:3] = bits[4 * i : 4 * i + 3]
        np.testing.assert_array_equal(dummy[i, :16], row)
    out = _float_output("pad_out")
    np.testing.assert_array_equal(out, [*A32[0:3], 0, *A32[16:19], 0])


def test_block_and_pair_reductions() -> None:
    blocks = A32[:128].reshape(16, 8)
    np.testing.assert_array_equal(_float_output("vcgadd"), [_tree(b) for b in blocks])
    np.testing.assert_array_equal(_float_output("vcgmax"), blocks.max(axis=1))
    np.testing.assert_array_equal(_float_output("vcgmin"), blocks.min(axis=1))
    np.testing.assert_array_equal(_float_output("vcpadd"), A32[0:64:2] + A32[1:64:2])


def test_fused_ops_round_each_step() -> None:
    a, b = A32[:64], B32[:64]
    np.testing.assert_array_equal(_float_output("vaddrelu"), np.maximum(a + b, 0))
    np.testing.assert_array_equal(_float_output("vmla"), a * a + b)
    np.testing.assert_array_equal(_float_output("vmadd"), a * b + a)
    np.testing.assert_array_equal(_float_output("vaxpy"), np.float32(1.5) * a + b)
    exact = A16[:64].astype(np.float32) * B16[:64].astype(np.float32)  # a product of halves is exact in float
    np.testing.assert_array_equal(_float_output("vmla_mixed"), exact + b)


def test_compare_and_select() -> None:
    less = A32[:128] < B32[:128]
    assert [int(v) for v in _run()["vcmpv_lt"]] == [int(v) for v in np.packbits(less, bitorder="little")]
    greater = np.zeros(128, dtype=bool)
    greater[:10] = A32[:10] > B32[:10]  # lanes the mask leaves off give 0
    assert [int(v) for v in _run()["cmpmask"]] == [int(v) for v in np.packbits(greater, bitorder="little")]
    same_bits = np.tile(greater[:64], 2)  # mode 0: every repeat uses CMPMASK's first 64 bits
    np.testing.assert_array_equal(_float_output("vsel_spr"), np.where(same_bits, A32[:128], B32[:128]))
    np.testing.assert_array_equal(_float_output("vsel_tensor"), np.where(less, A32[:128], B32[:128]))


def test_repeat_max_and_min_with_their_index() -> None:
    got = [int(v) for v in _run()["vcmax"]]
    for r in range(2):
        lanes = A32[64 * r : 64 * (r + 1)]
        assert got[2 * r] == int(lanes.max().view(np.uint32))
        assert got[2 * r + 1] == int(lanes.argmax())
    assert [int(v) for v in _run()["vcmin_index"]] == [int(A32[:64].argmin()), int(A32[64:128].argmin())]


def _narrowed(values: np.ndarray, mode: str) -> np.ndarray:
    """float32 to half rounded by ``mode``, element by element in float64: the half neighbours below and
    above each inexact value, and the one the mode picks (a: the nearer, a tie away from zero)."""
    out = []
    with np.errstate(over="ignore"):
        for v in values.astype(np.float64):
            nearest = np.float16(v)
            if float(nearest) == v:
                out.append(nearest)
                continue
            other = np.nextafter(nearest, np.float16(np.inf if float(nearest) < v else -np.inf))
            lo, hi = (nearest, other) if float(nearest) < v else (other, nearest)
            if mode == "a":
                below, above = v - float(lo), float(hi) - v
                pick = (
                    nearest
                    if np.isinf(nearest)
                    else (lo if below < above else hi if above < below else hi if v > 0 else lo)
                )
            else:
                odd = lo if int(np.array(lo).view(np.uint16)) & 1 else hi
                pick = {"c": hi, "f": lo, "z": lo if v > 0 else hi, "o": odd}[mode]
            out.append(pick)
    return np.array(out, dtype=np.float16)


@pytest.mark.parametrize("mode", ["a", "c", "f", "z", "o"])
def test_float_to_half_rounding_modes(mode: str) -> None:
    """vconv_f322f16a/c/f/z/o, what Cast from float to half with CAST_ROUND, CAST_CEIL, CAST_FLOOR,
    CAST_TRUNC and CAST_ODD runs: a tie such as 1 + 2^-11 goes away from zero under a (to 1 + 2^-10, where
    nearest-even gives 1); 65520 is half an ulp past 65504, so a gives infinity and z 65504."""
    got = _half_output(f"narrow_{mode}").view(np.uint16)
    np.testing.assert_array_equal(got, _narrowed(NARROW_IN, mode).view(np.uint16))
    if mode == "a":
        ties = [1 + 2.0**-10, -1 - 2.0**-10, 3 + 2.0**-9, -3 - 2.0**-9, 1 + 2.0**-9, 2.0**-24, -(2.0**-24)]
        assert _half_output("narrow_a")[:9].tolist() == [*ties, np.inf, -np.inf]


def test_vshr_shifts_signed_types_arithmetically_and_rounds_with_the_last_bit_out() -> None:
    """ShiftRight (asc_shiftright): int16_t keeps its sign; with rounding the last bit shifted out is added
    (asc_shiftright_round: 0b1001 >> 1 is 0b0101), so 12 >> 3 is 2 and -12 >> 3 is -1; by the whole width
    a value leaves its sign (0 or -1); uint16_t shifts in zeros."""
    values = SHIFT16.astype(np.int64)
    assert [int(v) for v in _run()["vshr_s16"]] == (values >> 3).tolist()
    assert [int(v) for v in _run()["vshr_s16_round"]] == ((values >> 3) + ((values >> 2) & 1)).tolist()
    assert [int(v) for v in _run()["vshr_s16_round"]][:4] == [1, -1, 2, -1]
    assert [int(v) for v in _run()["vshr_s16_width"]] == (values >> 15).tolist()
    assert [int(v) for v in _run()["vshr_u16"]] == (SHIFT16.view(np.uint16) >> 3).astype(np.int64).tolist()


def test_vshl_keeps_the_sign_bit_of_signed_types_and_shifts_unsigned_ones_logically() -> None:
    """ShiftLeft (asc_shiftleft), as the clean-room backend's: int16_t keeps its sign bit and shifts the other
    15 (so -9 << 3 is -72, and 0x4000 << 1 would drop the bit it shifts into the sign); by the whole width
    only the sign is left; uint16_t shifts in zeros."""
    values = SHIFT16.astype(np.int64)
    sign = values & -0x8000  # the sign bit, as a value: 0 or -32768
    assert [int(v) for v in _run()["vshl_s16"]] == (sign | ((values << 3) & 0x7FFF)).tolist()
    assert [int(v) for v in _run()["vshl_s16"]][:4] == [72, -72, 96, -96]
    assert [int(v) for v in _run()["vshl_s16_width"]] == sign.tolist()
    unsigned = SHIFT16.view(np.uint16).astype(np.int64)
    assert [int(v) for v in _run()["vshl_u16"]] == ((unsigned << 3) & 0xFFFF).tolist()


@pytest.mark.parametrize("mode", BFLOAT16_MODES)
def test_float_to_bfloat16_rounding_modes(mode: str) -> None:
    """vconv_f322bf16r/a/c/f/z, what Cast from float to bfloat16 with CAST_RINT, CAST_ROUND, CAST_CEIL,
    CAST_FLOOR and CAST_TRUNC runs: 1 + 2^-8 is a tie between 1 and 1 + 2^-7 (r: 1, a: 1 + 2^-7); 3.3961776e38
    lies half an ulp past the largest finite bfloat16 (r and a give infinity, z the largest finite)."""
    got = [int(v) for v in _run()[f"bf16_{mode}"]]
    assert got == bfloat16_bits(BF16_IN, mode).astype(np.int64).tolist()
    if mode in ("r", "a"):
        ties = {"r": [0x3F80, 0xBF80, 0x4040, 0xC040], "a": [0x3F81, 0xBF81, 0x4041, 0xC041]}[mode]
        assert got[:4] == ties
        assert got[7:9] == [0x7F80, 0xFF80]  # infinity


def test_the_system_intrinsics() -> None:
    """set_st_atomic_cfg / get_st_atomic_cfg hold the atomic mode in GetStoreAtomicConfig's layout (type in bits
    2..0: 1 float, 2 half, 4 int32_t; operation in bits 4..3: 0 sum, 1 max, 2 min), and are the mode
    set_atomic_<type> / <op> set; ARCH_VER holds 0x220 in bits 43..32, where GetArchVersion reads it (it held
    0, found by the differential check); the instruction-cache preload has always completed."""
    assert [int(v) for v in _run()["system"]] == [2 | 1 << 3, 1, 1, 0, 4 | 2 << 3, 0x220, 0]
    np.testing.assert_array_equal(_float_output("st_atomic_add"), np.float32(1) + A32[:64])
