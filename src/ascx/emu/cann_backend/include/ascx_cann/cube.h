// ascx CANN backend: the cube's intrinsics, on the layouts the clean-room headers document
// (src/ascx/emu/include/ascx_emu/cube_copy.h, cube_load.h, mmad.h, fixpipe.h):
// - copy_gm_to_cbuf_multi_nd2nz_*: ndNum ND matrices (nValue rows of dValue elements, rows srcDValue
//   apart, matrices srcNdMatrixStride apart) become NZ in L1: (r, c) of matrix i goes to
//   i*dstNzMatrixStride + (c/C0)*dstNzC0Stride*C0 + r*dstNzNStride*C0 + c%C0; a row's last C0 block is
//   padded with zeros.
// - load_cbuf_to_ca/cb (2D): repeat i moves fractal startIndex +/- i*srcStride to fractal i*(1+dstGap),
//   transposing 16x16 fractals of a 16-bit type when asked.
// - mad: c (L0C, NZ) = a (L0A, ZZ) x b (L0B, ZN), m x k times k x n, accumulated in order over k.
// - copy_matrix_cc_to_gm: the NZ matrix of L0C to GM, ND (nz2nd, the ND_PARA register) or NZ, with ReLU,
//   the F322F16 / F322BF16 conversions and the atomic mode.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ascx_cann/core.h"
#include "ascx_cann/scalar.h"
#include "kernel_bf16.h"
#include "kernel_fp16.h"

namespace ascx_cann {

template <typename T>
constexpr uint64_t c0() {
    return 32 / sizeof(T);
}
inline uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

template <typename T>
void nd2nz(T* dst, const T* src, uint64_t nd_num, uint64_t n, uint64_t d, uint64_t src_matrix, uint64_t src_d,
           uint64_t c0_stride, uint64_t n_stride, uint64_t dst_matrix) {
    constexpr uint64_t w = c0<T>();
    const uint64_t padded = ceil_div(d, w) * w;
    for (uint64_t i = 0; i < nd_num; ++i) {
        for (uint64_t r = 0; r < n; ++r) {
            for (uint64_t c = 0; c < padded; ++c) {
                dst[i * dst_matrix + (c / w) * c0_stride * w + r * n_stride * w + c % w] =
                    c < d ? src[i * src_matrix + r * src_d + c] : T(0);
            }
        }
    }
}

template <typename T>
void load_2d(T* dst, const T* src, uint64_t start, uint64_t repeats, uint64_t stride, uint64_t gap, bool transpose,
             bool count_down) {
    constexpr uint64_t w = c0<T>();
    constexpr uint64_t frac = 512 / sizeof(T);
    for (uint64_t i = 0; i < repeats; ++i) {
        const int64_t s = count_down ? static_cast<int64_t>(start) - static_cast<int64_t>(i * stride)
                                     : static_cast<int64_t>(start + i * stride);
        if (s < 0) {
            fail("load_cbuf_to_ca/cb: repeat %llu reads fractal %lld, before the source",
                 static_cast<unsigned long long>(i), static_cast<long long>(s));
        }
        const T* from = src + static_cast<uint64_t>(s) * frac;
        T* to = dst + i * (1 + gap) * frac;
        if (!transpose) {
            std::memmove(to, from, 512);
            continue;
        }
        for (uint64_t r = 0; r < 16; ++r) {
            for (uint64_t c = 0; c < w; ++c) {
                to[r * w + c] = from[c * w + r];
            }
        }
    }
}

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

template <typename D, typename A>
void mad(D* c, const A* a, const A* b, const D* bias_row, uint64_t m, uint64_t k, uint64_t n, bool k_align,
         bool init_zero) {
    constexpr uint64_t w = c0<A>();
    constexpr uint64_t frac = 512 / sizeof(A);
    uint64_t kb = ceil_div(k, w);
    if constexpr (std::is_same_v<A, float>) {
        if (k_align) {
            kb = ceil_div(k, 16) * 2;
        }
    }
    const uint64_t mb = ceil_div(m, 16);
    const uint64_t nb = ceil_div(n, 16);
    for (uint64_t row = 0; row < m; ++row) {
        for (uint64_t col = 0; col < n; ++col) {
            const uint64_t at = (col / 16) * mb * 256 + (row / 16) * 256 + (row % 16) * 16 + col % 16;
            D acc = bias_row != nullptr ? bias_row[col] : init_zero ? D(0) : c[at];
            for (uint64_t kk = 0; kk < k; ++kk) {
                const uint64_t a_at = m == 1 ? kk : ((row / 16) * kb + kk / w) * frac + (row % 16) * w + kk % w;
                const uint64_t b_at = ((kk / w) * nb + col / 16) * frac + (col % 16) * w + kk % w;
                acc = multiply_add<D>(acc, a[a_at], b[b_at]);
            }
            c[at] = acc;
        }
    }
}

template <typename T>
T combine(T old, T value) {
    using C = std::conditional_t<std::is_integral_v<T>, int64_t, float>;
    switch (atomic_op()) {
        case AtomicOp::SUM: return T(C(old) + C(value));
        case AtomicOp::MAX: return C(old) > C(value) ? old : value;
        case AtomicOp::MIN: return C(old) < C(value) ? old : value;
        default: return value;
    }
}

template <typename D, typename S>
D convert(S value, QuantMode_t quant, bool relu) {
    if (relu && value < S(0)) {
        value = S(0);
    }
    switch (quant) {
        case NoQuant: return static_cast<D>(value);
        case F322F16: return D(half(static_cast<float>(value)));
        case F322BF16: return D(bfloat16_t(static_cast<float>(value)));
        default: fail("copy_matrix_cc_to_gm: quantPre mode %d is not emulated", static_cast<int>(quant));
    }
}

template <typename D, typename S>
void cc_to_out(D* dst, const S* src, uint64_t n, uint64_t m, uint64_t dst_stride, uint64_t src_stride,
               QuantMode_t quant, bool relu, bool nz2nd, bool atomic) {
    uint64_t nd_num = 1, src_nd = 0, dst_nd = 0;
    if (nz2nd) {
        const uint64_t para = regs().nd_para;
        nd_num = std::max<uint64_t>(1, para & 0xffff);
        src_nd = ((para >> 16) & 0xffff) * 256;  // in fractals of 16 x 16 accumulator values
        dst_nd = (para >> 32) & 0xffff;
    }
    for (uint64_t i = 0; i < nd_num; ++i) {
        for (uint64_t row = 0; row < m; ++row) {
            for (uint64_t col = 0; col < n; ++col) {
                const S value = src[i * src_nd + (col / 16) * src_stride * 16 + row * 16 + col % 16];
                const uint64_t at = nz2nd ? i * dst_nd + row * dst_stride + col
                                          : row * 16 + (col / 16) * dst_stride * 32 / sizeof(D) + col % 16;
                const D out = convert<D>(value, quant, relu);
                dst[at] = atomic ? combine(dst[at], out) : out;
            }
        }
    }
}

}  // namespace ascx_cann

#define ASCX_CANN_ND2NZ(name)                                                                                     \
    template <typename T, typename Sid, typename... P>                                                            \
    inline void name(T* dst, T* src, Sid, P... p) {                                                               \
        const uint64_t v[] = {static_cast<uint64_t>(p)...};                                                       \
        static_assert(sizeof...(P) == 8, "nd2nz takes ndNum, nValue, dValue and five strides");                  \
        ascx_cann::nd2nz(dst, src, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);                             \
    }
ASCX_CANN_ND2NZ(copy_gm_to_cbuf_multi_nd2nz_b16)
ASCX_CANN_ND2NZ(copy_gm_to_cbuf_multi_nd2nz_b32s)
ASCX_CANN_ND2NZ(copy_gm_to_cbuf_multi_nd2nz_b8)
#undef ASCX_CANN_ND2NZ

/// load_cbuf_to_ca / _cb (dst, src, startIndex, repeat, srcStride, dstGap, sid, transpose, addr_cal_mode).
template <typename T, typename S0, typename R, typename SS, typename G, typename Sid, typename Tr, typename M>
inline void load_cbuf_to_ca(T* dst, T* src, S0 start, R repeat, SS stride, G gap, Sid, Tr transpose, M mode) {
    ascx_cann::load_2d(dst, src, uint64_t(start), uint64_t(repeat), uint64_t(stride), uint64_t(gap), bool(transpose),
                       static_cast<int>(mode) != 0);
}
template <typename T, typename S0, typename R, typename SS, typename G, typename Sid, typename Tr, typename M>
inline void load_cbuf_to_cb(T* dst, T* src, S0 start, R repeat, SS stride, G gap, Sid, Tr transpose, M mode) {
    ascx_cann::load_2d(dst, src, uint64_t(start), uint64_t(repeat), uint64_t(stride), uint64_t(gap), bool(transpose),
                       static_cast<int>(mode) != 0);
}

/// mad(c, a, b, m, k, n, unitFlag, kDirectionAlign, cmatrixSource, cmatrixInitVal).
template <typename D, typename A, typename M, typename K, typename N, typename U, typename KA, typename CS,
          typename CI>
inline void mad(D* c, A* a, A* b, M m, K k, N n, U, KA k_align, CS source, CI init) {
    if (bool(source) && !bool(init)) {
        ascx_cann::fail("mad: a bias from the bias table (cmatrixSource) is not emulated");
    }
    ascx_cann::mad<D, A>(c, a, b, nullptr, uint64_t(m), uint64_t(k), uint64_t(n), bool(k_align), bool(init));
}

/// copy_matrix_cc_to_gm(dst, src, sid, nSize, mSize, dstStride, srcStride, unitFlag, quantPre, reluPre,
/// channelSplit, nz2ndEn).
template <typename D, typename S, typename Sid, typename N, typename M, typename DS, typename SS, typename U,
          typename R, typename CH, typename ND>
inline void copy_matrix_cc_to_gm(D* dst, S* src, Sid, N n, M m, DS dst_stride, SS src_stride, U, QuantMode_t quant,
                                 R relu, CH split, ND nz2nd) {
    if (bool(split)) {
        ascx_cann::fail("copy_matrix_cc_to_gm: channel split is not emulated");
    }
    ascx_cann::cc_to_out(dst, src, uint64_t(n), uint64_t(m), uint64_t(dst_stride), uint64_t(src_stride), quant,
                         uint64_t(relu) != 0, bool(nz2nd), ascx_cann::atomic_op() != ascx_cann::AtomicOp::NONE);
}
template <typename D, typename S, typename Sid, typename N, typename M, typename DS, typename SS, typename U,
          typename R, typename CH, typename ND>
inline void copy_matrix_cc_to_cbuf(D* dst, S* src, Sid, N n, M m, DS dst_stride, SS src_stride, U,
                                   QuantMode_t quant, R relu, CH split, ND nz2nd) {
    if (bool(split)) {
        ascx_cann::fail("copy_matrix_cc_to_cbuf: channel split is not emulated");
    }
    ascx_cann::cc_to_out(dst, src, uint64_t(n), uint64_t(m), uint64_t(dst_stride), uint64_t(src_stride), quant,
                         uint64_t(relu) != 0, bool(nz2nd), false);
}
