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

RNG = np.random.default_rng(7)
A32 = RNG.standard_normal(256).astype(np.float32)
B32 = RNG.standard_normal(256).astype(np.float32)
A16 = RNG.standard_normal(256).astype(np.float16)
B16 = RNG.standard_normal(256).astype(np.float16)
M, K, N = 32, 32, 16
MAT_A = RNG.integers(-4, 5, size=(M, K)).astype(np.float16)
MAT_B = RNG.integers(-4, 5, size=(K, N)).astype(np.float16)


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
    set_nd_para(1);
    copy_matrix_cc_to_gm(c16, l0c, 0, {N}, {M}, {N}, {M}, 0, F322F16, 0, false, true);
    show("matmul", c16, {M * N});
    // Load3Dv2 with a 1 x 1 kernel over the NZ matrix (H 1, W 32): the same L0A as the 2D loads
    static half l0a3[{M * K}];
    set_fmatrix(uint64_t{{{M}}} | (uint64_t{{1}} << 16));
    img2colv2_cbuf_to_ca(l0a3, nz, {K}, {M}, 0, 0, 1, 1, 1, 1, 1, 1, false, false, false, false, {K});
    show("img2col_a", l0a3, {M * K});
    show("load2d_a", l0a, {M * K});
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
