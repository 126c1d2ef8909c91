// ascx host emulation: the inner product of the Matmul engine, written so that the host compiler
// vectorises it across columns without changing a single result bit.
//
// acc[r][c] = sum over k of a[r][k] * b[k][c], accumulated in order over k in the accumulator type:
// each product is rounded, then added to the running sum (fp32; int32 wraps around), exactly as
// the plain triple loop does.  The running sum starts from zero, or from acc's value (``accumulate``): a
// mad's chain starts from what L0C holds (the bias, or the partial sum), as the cube unit's does.  No FMA contraction (the builds pass -ffp-contract=off) and no
// reassociation: the loops below only compute several (r, c) sums at once, each in its own lane.
//
// Layout (the engine's loaders fill these):
//  - A: ``rows`` rows of ``k_len`` values, zero rows up to a multiple of ROWS;
//  - B: packed in panels of COLS columns: panel p holds columns [p * COLS, p * COLS + COLS) as
//    k_len rows of COLS values (zero columns past w).
// Zero padding only produces sums that are thrown away.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

namespace ascx_emu {
namespace gemm {

constexpr uint64_t ROWS = 4;   ///< rows of A per tile
constexpr uint64_t LANES = 4;  ///< 32-bit lanes of one host vector (16 bytes: SSE2 / NEON, every 64-bit host)
constexpr uint64_t VECS = 2;   ///< vectors per row of a tile
constexpr uint64_t COLS = LANES * VECS;  ///< columns of B per panel

inline uint64_t padded_rows(uint64_t h) { return (h + ROWS - 1) / ROWS * ROWS; }
inline uint64_t panels(uint64_t w) { return (w + COLS - 1) / COLS; }

/// The accumulator's arithmetic: fp32 rounds each step; int32 wraps (computed on unsigned values).
template <typename L, bool = std::is_integral_v<L>>
struct Arith {
    using U = L;
};
template <typename L>
struct Arith<L, true> {
    using U = std::make_unsigned_t<L>;
};

/// One tile: the ROWS rows of ``a`` times the COLS columns of one panel, over all k, each sum starting
/// from its value in ``out`` (ROWS x COLS, row-major), where the sums go.  The sums live in ROWS x VECS host vectors (GCC / Clang vector
/// extensions: lane-wise IEEE arithmetic, the same rounding as scalar code) so that they stay in
/// registers while k runs.
template <typename L>
inline void tile(const L* a, const L* panel, uint64_t k_len, L* out) {
    using U = typename Arith<L>::U;
    typedef U Vec __attribute__((vector_size(LANES * sizeof(U))));
    static_assert(sizeof(U) == 4, "the tile works on 32-bit accumulators");
    static_assert(ROWS == 4 && VECS == 2, "the tile loop names its registers");
    Vec start[ROWS][VECS];
    std::memcpy(start, out, sizeof start);
    Vec s00 = start[0][0], s01 = start[0][1], s10 = start[1][0], s11 = start[1][1];
    Vec s20 = start[2][0], s21 = start[2][1], s30 = start[3][0], s31 = start[3][1];
    const L* a0 = a;
    const L* a1 = a + k_len;
    const L* a2 = a + 2 * k_len;
    const L* a3 = a + 3 * k_len;
    for (uint64_t k = 0; k < k_len; ++k) {
        Vec b0;
        Vec b1;
        std::memcpy(&b0, panel + k * COLS, sizeof b0);
        std::memcpy(&b1, panel + k * COLS + LANES, sizeof b1);
        Vec v0;
        Vec v1;
        Vec v2;
        Vec v3;
        for (uint64_t l = 0; l < LANES; ++l) {
            v0[l] = static_cast<U>(a0[k]);
            v1[l] = static_cast<U>(a1[k]);
            v2[l] = static_cast<U>(a2[k]);
            v3[l] = static_cast<U>(a3[k]);
        }
        const Vec p00 = v0 * b0, p01 = v0 * b1, p10 = v1 * b0, p11 = v1 * b1;
        const Vec p20 = v2 * b0, p21 = v2 * b1, p30 = v3 * b0, p31 = v3 * b1;
        s00 = s00 + p00;
        s01 = s01 + p01;
        s10 = s10 + p10;
        s11 = s11 + p11;
        s20 = s20 + p20;
        s21 = s21 + p21;
        s30 = s30 + p30;
        s31 = s31 + p31;
    }
    const Vec sums[ROWS][VECS] = {{s00, s01}, {s10, s11}, {s20, s21}, {s30, s31}};
    std::memcpy(out, sums, sizeof sums);
}

/// acc (h x w, row-major) = A x B, or with ``accumulate`` each sum continues from acc's value (the
/// bias, enPartialSum's previous result).  ``a`` and ``b`` as described at the top of this file.
template <typename L>
inline void product(const L* a, const L* b, uint64_t h, uint64_t w, uint64_t k_len, bool accumulate, L* acc) {
    L out[ROWS * COLS];
    const uint64_t np = panels(w);
    for (uint64_t r0 = 0; r0 < h; r0 += ROWS) {
        const uint64_t rows = h - r0 < ROWS ? h - r0 : ROWS;
        for (uint64_t p = 0; p < np; ++p) {
            const uint64_t c0 = p * COLS;
            const uint64_t cols = w - c0 < COLS ? w - c0 : COLS;
            std::memset(out, 0, sizeof out);
            if (accumulate) {
                for (uint64_t i = 0; i < rows; ++i) {
                    std::memcpy(out + i * COLS, acc + (r0 + i) * w + c0, cols * sizeof(L));
                }
            }
            tile<L>(a + r0 * k_len, b + p * k_len * COLS, k_len, out);
            for (uint64_t i = 0; i < rows; ++i) {
                std::memcpy(acc + (r0 + i) * w + c0, out + i * COLS, cols * sizeof(L));
            }
        }
    }
}

}  // namespace gemm
}  // namespace ascx_emu
