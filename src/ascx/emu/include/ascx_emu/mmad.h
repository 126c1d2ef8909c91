// ascx host emulation: Mmad, the cube's matrix multiply-accumulate, and its modes (CANN's Mmad
// documentation).
//
// dst (L0C, NZ of 16 x 16 accumulator fractals) = fm (L0A, ZZ) x filter (L0B, ZN), m x k times k x n.
// Every result starts from zero (cmatrixInitVal), from the bias (a bias tensor: one value per column in
// the bias table (C2), or a matrix in L0C; without one, cmatrixSource selects the bias table's start),
// or from what dst holds (accumulation); then the products are added one k after another, each sum
// rounded to the accumulator type (float: no fused multiply-add; int32_t: wrapping).  With m = 1 the
// left matrix is read as a plain row (GEMV).  Only the m x n results are written.  The cube (M pipe)
// reads fm, filter and the bias and writes dst; when accumulating a tile smaller than CANN's threshold
// ((m / 16) * (n / 16) < 10) it also reads dst, so that the checker asks for PipeBarrier<PIPE_M>
// between two such Mmads, as CANN does.
#pragma once

#include "ascx_emu/checker.h"
#include "ascx_emu/cube_structs.h"
#include "ascx_emu/fractal.h"
#include "ascx_emu/registers.h"
#include "ascx_emu/tensor.h"

namespace ascx_emu {
namespace cube {

inline bool mmad_hf32_warned = false;

/// The (dst, fm = filter) types of dav-c220's cube.
template <typename D, typename A, typename B>
constexpr bool mmad_types() {
    return std::is_same_v<A, B> &&
           ((std::is_same_v<D, int32_t> && std::is_same_v<A, int8_t>) ||
            (std::is_same_v<D, float> &&
             (std::is_same_v<A, half> || std::is_same_v<A, float> || std::is_same_v<A, bfloat16_t>)));
}

/// ``acc + a * b`` in the accumulator type: float, or int32_t wrapping around.
template <typename D, typename A>
D multiply_add(D acc, A a, A b) {
    if constexpr (std::is_integral_v<D>) {
        return static_cast<D>(static_cast<uint32_t>(acc) +
                              static_cast<uint32_t>(static_cast<int32_t>(a) * static_cast<int32_t>(b)));
    } else {
        const float product = static_cast<float>(a) * static_cast<float>(b);
        return acc + product;
    }
}

enum class MmadInit : uint8_t { ZERO, DESTINATION, BIAS_ROW, BIAS_MATRIX };

/// The shape of one Mmad in fractals.
struct MmadShape {
    uint64_t m, n, k;
    uint64_t mb, nb, kb;  ///< fractals along m, n (16 each) and k (C0 each)
};

template <typename A>
MmadShape mmad_shape(const AscendC::MmadParams& p) {
    uint64_t kb = ceil_div(p.k, c0<A>());
    if constexpr (std::is_same_v<A, float>) {
        if (p.kDirectionAlign) {
            kb = ceil_div(p.k, 16) * 2;
        }
    }
    return MmadShape{p.m, p.n, p.k, ceil_div(p.m, 16), ceil_div(p.n, 16), kb};
}

template <typename D, typename A, typename B, typename V>
void mmad(const AscendC::LocalTensor<D>& dst, const AscendC::LocalTensor<A>& fm, const AscendC::LocalTensor<B>& filter,
          const AscendC::LocalTensor<V>* bias, const AscendC::MmadParams& p, const char* what) {
    static_assert(mmad_types<D, A, B>(),
                  "Mmad computes int8_t x int8_t -> int32_t, half/float/bfloat16_t x same -> float on dav-c220");
    require_memory(dst, {Memory::L0C}, what, "dst");
    require_memory(fm, {Memory::L0A}, what, "fm");
    require_memory(filter, {Memory::L0B}, what, "filter");
    require_aligned(dst, 1024, what, "dst");
    require_aligned(fm, FRACTAL_BYTES, what, "fm");
    require_aligned(filter, FRACTAL_BYTES, what, "filter");
    if (p.m == 0 || p.n == 0 || p.k == 0) {
        return;  // a NOP, as CANN documents
    }
    if constexpr (std::is_same_v<A, float>) {
        if (registers.cube.hf32) {
            warn_once(mmad_hf32_warned, "Mmad: SetHF32Mode(true): HF32 numerics are not emulated, computing in fp32");
        }
    }
    const MmadShape s = mmad_shape<A>(p);
    constexpr uint64_t width = c0<A>();
    constexpr uint64_t frac = fractal_elements<A>();
    const uint64_t a_count = s.m == 1 ? s.k : s.mb * s.kb * frac;
    const uint64_t b_count = s.kb * s.nb * frac;
    const uint64_t c_count = s.mb * s.nb * 256;
    MmadInit init = MmadInit::ZERO;
    if (bias != nullptr) {
        if (!p.cmatrixInitVal) {
            init = bias->memory() == Memory::BT ? MmadInit::BIAS_ROW : MmadInit::BIAS_MATRIX;
        }
    } else if (!(p.cmatrixInitVal && !p.isBias)) {
        init = p.cmatrixSource ? MmadInit::BIAS_ROW : MmadInit::DESTINATION;
    }
    const A* a = fm.span(a_count, what);
    const B* b = filter.span(b_count, what);
    D* c = dst.span(c_count, what);
    const D* start = nullptr;
    if (init == MmadInit::BIAS_ROW && bias == nullptr) {  // cmatrixSource: the bias table from its start
        start = reinterpret_cast<const D*>(on_chip.base(Memory::BT));
        if (s.n * sizeof(D) > memory_capacity(Memory::BT)) {
            fail("%s: %llu bias values exceed the bias table", what, static_cast<unsigned long long>(s.n));
        }
        sync_check::local(Memory::BT, 0, s.n * sizeof(D), sync_check::M, false, what);
    } else if (bias != nullptr && init != MmadInit::ZERO) {
        static_assert(std::is_same_v<V, D> || std::is_same_v<V, void>, "the bias has the accumulator's type");
        const uint64_t count = init == MmadInit::BIAS_ROW ? s.n : c_count;
        start = reinterpret_cast<const D*>(bias->span(count, what));
        bias->record(count, sync_check::M, false, what);
    }
    fm.record(a_count, sync_check::M, false, what);
    filter.record(b_count, sync_check::M, false, what);
    if (init == MmadInit::DESTINATION && (s.m / 16) * (s.n / 16) < 10) {
        dst.record(c_count, sync_check::M, false, what);
    }
    dst.record(c_count, sync_check::M, true, what);
    sync_check::work(sync_check::M, s.m * s.n * s.k, sizeof(A));  // the timeline's cost (docs/emulation.md#timeline)
    for (uint64_t row = 0; row < s.m; ++row) {
        for (uint64_t col = 0; col < s.n; ++col) {
            const uint64_t at = (col / 16) * s.mb * 256 + (row / 16) * 256 + (row % 16) * 16 + col % 16;
            D acc = 0;
            switch (init) {
                case MmadInit::ZERO: break;
                case MmadInit::DESTINATION: acc = c[at]; break;
                case MmadInit::BIAS_ROW: acc = start[col]; break;
                case MmadInit::BIAS_MATRIX: acc = start[at]; break;
            }
            for (uint64_t kk = 0; kk < s.k; ++kk) {
                const uint64_t a_at =
                    s.m == 1 ? kk : ((row / 16) * s.kb + kk / width) * frac + (row % 16) * width + kk % width;
                const uint64_t b_at = ((kk / width) * s.nb + col / 16) * frac + (col % 16) * width + kk % width;
                acc = multiply_add<D>(acc, a[a_at], b[b_at]);
            }
            c[at] = acc;
        }
    }
}

}  // namespace cube
}  // namespace ascx_emu

namespace AscendC {

template <typename T, typename U, typename S>
void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
          const MmadParams& mmadParams) {
    ASCX_COVER_FORM("Mmad", "LocalTensor, LocalTensor, LocalTensor, MmadParams");
    ascx_emu::cube::mmad<T, U, S, T>(dst, fm, filter, nullptr, mmadParams, "Mmad");
}

template <typename T, typename U, typename S, typename V>
void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<S>& filter,
          const LocalTensor<V>& bias, const MmadParams& mmadParams) {
    ASCX_COVER_FORM("Mmad", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, MmadParams");
    using namespace ascx_emu;
    cube::require_memory(bias, {Memory::BT, Memory::L0C}, "Mmad", "bias");
    if (bias.memory() == Memory::BT) {
        cube::require_aligned(bias, 64, "Mmad", "bias");
    }
    cube::mmad<T, U, S, V>(dst, fm, filter, &bias, mmadParams, "Mmad");
}

template <typename T = int32_t, typename U = int8_t>
void MmadWithSparse(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<U>& filter,
                    const MmadParams& mmadParams) {
    ASCX_COVER("MmadWithSparse");
    static_assert(std::is_same_v<T, int32_t> && std::is_same_v<U, int8_t>, "MmadWithSparse: int8_t -> int32_t");
    using namespace ascx_emu;
    cube::require_memory(dst, {Memory::L0C}, "MmadWithSparse", "dst");
    (void)fm;
    (void)filter;
    (void)mmadParams;
    fail("MmadWithSparse: the structured-sparse multiply is not emulated");
}

inline void SetHF32Mode(bool hf32Mode) { ASCX_COVER_FORM("SetHF32Mode", "bool"); ascx_emu::registers.cube.hf32 = hf32Mode; }
inline void SetHF32Mode(HF32Mode mode) { ASCX_COVER_FORM("SetHF32Mode", "HF32Mode"); SetHF32Mode(mode == HF32Mode::ENABLE); }
inline void SetHF32TransMode(bool hf32TransMode) { ASCX_COVER_FORM("SetHF32TransMode", "bool"); ascx_emu::registers.cube.hf32_towards_zero = hf32TransMode; }
inline void SetHF32TransMode(HF32TransMode mode) { ASCX_COVER_FORM("SetHF32TransMode", "HF32TransMode"); SetHF32TransMode(mode == HF32TransMode::NEAREST_ZERO); }
/// The order the cube walks the result in: no effect on the values.
inline void SetMMLayoutTransform(bool mmLayoutMode) { ASCX_COVER("SetMMLayoutTransform"); ascx_emu::registers.cube.mm_n_first = mmLayoutMode; }
inline void SetMMRowMajor() { ASCX_COVER("SetMMRowMajor"); SetMMLayoutTransform(true); }
inline void SetMMColumnMajor() { ASCX_COVER("SetMMColumnMajor"); SetMMLayoutTransform(false); }

}  // namespace AscendC
