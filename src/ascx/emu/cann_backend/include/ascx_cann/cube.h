// ascx CANN backend: the cube's intrinsics, on the layouts the clean-room headers document
// (src/ascx/emu/include/ascx_emu/cube_copy.h, cube_load.h, mmad.h, fixpipe.h):
// - copy_gm_to_cbuf_multi_nd2nz_*: ndNum ND matrices (nValue rows of dValue elements, rows srcDValue
//   apart, matrices srcNdMatrixStride apart) become NZ in L1: (r, c) of matrix i goes to
//   i*dstNzMatrixStride + (c/C0)*dstNzC0Stride*C0 + r*dstNzNStride*C0 + c%C0; a row's last C0 block is
//   padded with zeros.
// - load_cbuf_to_ca/cb (2D): repeat i moves fractal startIndex +/- i*srcStride to fractal i*(1+dstGap),
//   transposing 16x16 fractals of a 16-bit type when asked; load_gm_to_ca/cb/cbuf the same from GM, untransposed.
// - mad: c (L0C, NZ) = a (L0A, ZZ) x b (L0B, ZN), m x k times k x n, accumulated in order over k.
// - copy_matrix_cc_to_gm: the NZ matrix of L0C to GM, ND (nz2nd, the ND_PARA register) or NZ, with ReLU,
//   the F322F16 / F322BF16 conversions and the atomic mode.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ascx_cann/copy.h"
#include "ascx_cann/core.h"
#include "ascx_cann/scalar.h"
#include "kernel_bf16.h"
#include "kernel_fp16.h"

namespace ascx_cann {

/// The bias table's first byte (runtime.cpp: the buffer CANN's CPU-debug code allocates for it).
const void* bias_table();

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
void load_2d(const char* name, T* dst, const T* src, uint64_t start, uint64_t repeats, uint64_t stride, uint64_t gap,
             bool transpose, bool count_down) {
    constexpr uint64_t w = c0<T>();
    constexpr uint64_t frac = 512 / sizeof(T);
    for (uint64_t i = 0; i < repeats; ++i) {
        const int64_t s = count_down ? static_cast<int64_t>(start) - static_cast<int64_t>(i * stride)
                                     : static_cast<int64_t>(start + i * stride);
        if (s < 0) {
            fail("%s: repeat %llu reads fractal %lld, before the source", name, static_cast<unsigned long long>(i),
                 static_cast<long long>(s));
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

/// Where a mad's sums start: zero, what c holds, one bias value per column (the bias table), or a bias
/// matrix in L0C (NZ like c).
enum class MadInit { ZERO, ACCUMULATE, BIAS_ROW, BIAS_MATRIX };

template <typename D, typename A>
void mad(D* c, const A* a, const A* b, const D* bias, uint64_t m, uint64_t k, uint64_t n, bool k_align,
         MadInit init) {
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
            D acc = init == MadInit::ZERO         ? D(0)
                    : init == MadInit::ACCUMULATE ? c[at]
                    : init == MadInit::BIAS_ROW   ? bias[col]
                                                  : bias[at];
            for (uint64_t kk = 0; kk < k; ++kk) {
                const uint64_t a_at = m == 1 ? kk : ((row / 16) * kb + kk / w) * frac + (row % 16) * w + kk % w;
                const uint64_t b_at = ((kk / w) * nb + col / 16) * frac + (col % 16) * w + kk % w;
                acc = multiply_add<D>(acc, a[a_at], b[b_at]);
            }
            c[at] = acc;
        }
    }
}

template <typename D, typename S>
D convert(S value, QuantMode_t quant, bool relu) {
    if (relu && value < S(0)) {
        value = S(0);
    }
    switch (quant) {
        case NoQuant: return static_cast<D>(value);
        case F322F16: return D(static_cast<float>(half(static_cast<float>(value))));
        case F322BF16: return D(static_cast<float>(bfloat16_t(static_cast<float>(value))));
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
#define ASCX_CANN_LOAD_2D_L1(name)                                                                              \
    template <typename T, typename S0, typename R, typename SS, typename G, typename Sid, typename Tr, typename M> \
    inline void name(T* dst, T* src, S0 start, R repeat, SS stride, G gap, Sid, Tr transpose, M mode) {        \
        ascx_cann::load_2d(#name, dst, src, uint64_t(start), uint64_t(repeat), uint64_t(stride), uint64_t(gap),  \
                           bool(transpose), static_cast<int>(mode) != 0);                                        \
    }
ASCX_CANN_LOAD_2D_L1(load_cbuf_to_ca)
ASCX_CANN_LOAD_2D_L1(load_cbuf_to_cb)
#undef ASCX_CANN_LOAD_2D_L1

/// load_gm_to_ca / _cb / _cbuf (dst, src, startIndex, repeat, srcStride, dstGap, sid, addr_cal_mode): the 2D load
/// from GM into L0A, L0B or L1 (CANN's asc_copy_gm2l0a / gm2l0b / gm2l1 in their 2D form): the fractals of
/// load_cbuf_to_ca/cb, never transposed.
#define ASCX_CANN_LOAD_2D_GM(name)                                                                              \
    template <typename T, typename S0, typename R, typename SS, typename G, typename Sid, typename M>           \
    inline void name(T* dst, T* src, S0 start, R repeat, SS stride, G gap, Sid, M mode) {                      \
        ascx_cann::load_2d(#name, dst, src, uint64_t(start), uint64_t(repeat), uint64_t(stride), uint64_t(gap),  \
                           false, static_cast<int>(mode) != 0);                                                  \
    }
ASCX_CANN_LOAD_2D_GM(load_gm_to_ca)
ASCX_CANN_LOAD_2D_GM(load_gm_to_cb)
ASCX_CANN_LOAD_2D_GM(load_gm_to_cbuf)
#undef ASCX_CANN_LOAD_2D_GM

namespace ascx_cann {
/// create_*_matrix (InitConstValue): repeat r of the config's repeatTimes (bits 0-15) fills blockNum (bits 16-31)
/// blocks from block r * (blockNum + dstGap) (dstGap: bits 32-47) with the value's bits; a block is 32 bytes in
/// L1 and a 512-byte fractal in L0A / L0B (the layout of the clean-room headers' cube_load.h).
template <typename T, typename V>
void fill_blocks(T* dst, uint64_t config, V value, uint64_t block_bytes) {
    static_assert(sizeof(V) == sizeof(T), "create_*_matrix: the value has the width of the elements");
    const uint64_t repeats = config & 0xffff, blocks = (config >> 16) & 0xffff, gap = (config >> 32) & 0xffff;
    auto* bytes = reinterpret_cast<uint8_t*>(dst);
    for (uint64_t r = 0; r < repeats; ++r) {
        uint8_t* run = bytes + r * (blocks + gap) * block_bytes;
        for (uint64_t e = 0; e < blocks * block_bytes / sizeof(V); ++e) {
            std::memcpy(run + e * sizeof(V), &value, sizeof(V));
        }
    }
}
}  // namespace ascx_cann

/// create_cbuf_matrix / create_ca_matrix / create_cb_matrix (and their _bf16 forms) (dst, config, value).
#define ASCX_CANN_CREATE_MATRIX(name, block)                                  \
    template <typename T, typename C, typename V>                             \
    inline void name(T* dst, C config, V value) {                             \
        ascx_cann::fill_blocks(dst, static_cast<uint64_t>(config), value, block); \
    }
ASCX_CANN_CREATE_MATRIX(create_cbuf_matrix, 32)
ASCX_CANN_CREATE_MATRIX(create_cbuf_matrix_bf16, 32)
ASCX_CANN_CREATE_MATRIX(create_ca_matrix, 512)
ASCX_CANN_CREATE_MATRIX(create_ca_matrix_bf16, 512)
ASCX_CANN_CREATE_MATRIX(create_cb_matrix, 512)
ASCX_CANN_CREATE_MATRIX(create_cb_matrix_bf16, 512)
#undef ASCX_CANN_CREATE_MATRIX

/// mad(c, a, b, m, k, n, unitFlag, kDirectionAlign, cmatrixSource, cmatrixInitVal).
template <typename D, typename A, typename M, typename K, typename N, typename U, typename KA, typename CS,
          typename CI>
inline void mad(D* c, A* a, A* b, M m, K k, N n, U, KA k_align, CS source, CI init) {
    // cmatrixSource without a bias operand: the bias values start at the bias table's first byte
    const ascx_cann::MadInit start = bool(init)     ? ascx_cann::MadInit::ZERO
                                     : bool(source) ? ascx_cann::MadInit::BIAS_ROW
                                                    : ascx_cann::MadInit::ACCUMULATE;
    const D* bias = start == ascx_cann::MadInit::BIAS_ROW ? static_cast<const D*>(ascx_cann::bias_table()) : nullptr;
    ascx_cann::mad<D, A>(c, a, b, bias, uint64_t(m), uint64_t(k), uint64_t(n), bool(k_align), start);
}

/// mad(c, a, b, bias, m, k, n, unitFlag, kDirectionAlign, cmatrixSource, cmatrixInitVal): the bias is the
/// address of a row in the bias table (cmatrixSource) or of a matrix in L0C.
template <typename D, typename A, typename M, typename K, typename N, typename U, typename KA, typename CS,
          typename CI>
inline void mad(D* c, A* a, A* b, uint64_t bias, M m, K k, N n, U, KA k_align, CS source, CI init) {
    const ascx_cann::MadInit start = bool(init)     ? ascx_cann::MadInit::ZERO
                                     : bool(source) ? ascx_cann::MadInit::BIAS_ROW
                                                    : ascx_cann::MadInit::BIAS_MATRIX;
    ascx_cann::mad<D, A>(c, a, b, reinterpret_cast<const D*>(bias), uint64_t(m), uint64_t(k), uint64_t(n),
                         bool(k_align), start);
}

/// copy_cbuf_to_bt(dst, src, convControl, nBurst, lenBurst, srcGap, dstGap): bursts of lenBurst 64-byte
/// units into the bias table (dst a 64-byte aligned address), gaps of 32 (source) and 64 (destination)
/// bytes; with convControl the source is half and each value becomes a float.
template <typename S, typename CC, typename NB, typename LB, typename SG, typename DG>
inline void copy_cbuf_to_bt(uint64_t dst, S* src, CC conv, NB n, LB len, SG src_gap, DG dst_gap) {
    auto* to = reinterpret_cast<uint8_t*>(dst);
    const auto* from = reinterpret_cast<const uint8_t*>(src);
    const uint64_t out_bytes = uint64_t(len) * 64;
    const uint64_t in_bytes = bool(conv) ? out_bytes / 2 : out_bytes;
    for (uint64_t i = 0; i < uint64_t(n); ++i) {
        uint8_t* d = to + i * (out_bytes + uint64_t(dst_gap) * 64);
        const uint8_t* s = from + i * (in_bytes + uint64_t(src_gap) * 32);
        if (!bool(conv)) {
            std::memmove(d, s, out_bytes);
            continue;
        }
        for (uint64_t e = 0; e < out_bytes / 4; ++e) {
            half h;
            std::memcpy(&h, s + e * 2, 2);
            const float f = h.ToFloat();
            std::memcpy(d + e * 4, &f, 4);
        }
    }
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

// --- Load3Dv2: img2col from a feature map in L1 (C1 x H x W x C0, the FMATRIX register: W in bits 0-15, H in
// 16-31, padding left/right/top/bottom in the bytes from bit 32) into L0A or L0B. Position p of the output
// (ho, wo over the padded, strided map) and channel c read element (c / C0, ho*strideH - top,
// wo*strideW - left, c % C0), the padding value outside the map. The window [mStart, mStart+mExt) x
// [kStart, kStart+kExt) of (position, channel) is written as the cube reads it: L0A as mad's left operand
// (rows = positions, or channels with transpose), L0B as its right operand (k = positions, or channels
// with transpose). Only 1 x 1 kernels are emulated (CANN's Matmul loads with them).
namespace ascx_cann {

template <typename T>
void img2col(T* dst, const T* src, bool to_b, uint64_t k_ext, uint64_t m_ext, uint64_t k_start, uint64_t m_start,
             uint64_t stride_w, uint64_t stride_h, uint64_t filter_w, uint64_t filter_h, bool transpose,
             bool fmatrix_b, uint64_t channels) {
    if (filter_w != 1 || filter_h != 1) {
        fail("img2colv2_cbuf_to_%s: a %llu x %llu kernel is not emulated (only 1 x 1)", to_b ? "cb" : "ca",
             static_cast<unsigned long long>(filter_h), static_cast<unsigned long long>(filter_w));
    }
    constexpr uint64_t w0 = c0<T>();
    constexpr uint64_t frac = 512 / sizeof(T);
    const uint64_t fm = fmatrix_b ? regs().fmatrix_b : regs().fmatrix;
    const uint64_t width = fm & 0xffff, height = (fm >> 16) & 0xffff;
    const uint64_t left = (fm >> 32) & 0xff, right = (fm >> 40) & 0xff, top = (fm >> 48) & 0xff,
                   bottom = (fm >> 56) & 0xff;
    const uint64_t out_w = (width + left + right - 1) / std::max<uint64_t>(1, stride_w) + 1;
    (void)height;
    (void)bottom;
    T pad;
    const uint16_t pad_bits = static_cast<uint16_t>(regs().padding & 0xffff);
    std::memcpy(&pad, &pad_bits, sizeof(T) < 2 ? sizeof(T) : 2);
    const uint64_t rows = transpose ? k_ext : m_ext;  // the cube operand's row (L0A) or k (L0B) extent
    const uint64_t cols = transpose ? m_ext : k_ext;
    for (uint64_t i = 0; i < m_ext; ++i) {
        const uint64_t p = m_start + i;
        const int64_t h = static_cast<int64_t>((p / out_w) * stride_h) - static_cast<int64_t>(top);
        const int64_t w = static_cast<int64_t>((p % out_w) * stride_w) - static_cast<int64_t>(left);
        for (uint64_t j = 0; j < k_ext; ++j) {
            const uint64_t c = k_start + j;
            const bool inside = h >= 0 && w >= 0 && static_cast<uint64_t>(h) < height &&
                                static_cast<uint64_t>(w) < width && c < channels;
            const T value = inside ? src[(((c / w0) * height + static_cast<uint64_t>(h)) * width +
                                          static_cast<uint64_t>(w)) * w0 + c % w0]
                                   : pad;
            const uint64_t r = transpose ? j : i;  // row of L0A / k of L0B
            const uint64_t q = transpose ? i : j;  // column of L0A / n of L0B
            if (!to_b) {
                dst[((r / 16) * ceil_div(cols, w0) + q / w0) * frac + (r % 16) * w0 + q % w0] = value;
            } else {
                dst[((r / w0) * ceil_div(cols, 16) + q / 16) * frac + (q % 16) * w0 + r % w0] = value;
            }
        }
    }
    (void)rows;
}

}  // namespace ascx_cann

/// img2colv2_cbuf_to_ca / _cb (dst, src, kExtension, mExtension, kStartPt, mStartPt, strideW, strideH, filterW,
/// filterH, dilationFilterW, dilationFilterH, filterSizeW, filterSizeH, transpose, fMatrixCtrl, channelSize),
/// each operand cut to its field's width (CANN's Matmul passes the packed extConfig / filterConfig shifted).
#define ASCX_CANN_IMG2COL(name, to_b)                                                                           \
    template <typename T, typename... P>                                                                       \
    inline void name(T* dst, T* src, P... p) {                                                                 \
        static_assert(sizeof...(P) == 15, #name " takes 15 operands after dst and src");                        \
        const uint64_t v[] = {static_cast<uint64_t>(p)...};                                                     \
        ascx_cann::img2col(dst, src, to_b, v[0] & 0xffff, v[1] & 0xffff, v[2] & 0xffff, v[3] & 0xffff,            \
                           v[4] & 0xff, v[5] & 0xff, (v[6] & 0xff) + (v[10] ? 256 : 0),                         \
                           (v[7] & 0xff) + (v[11] ? 256 : 0), v[12] != 0, v[13] != 0, v[14] & 0xffff);         \
    }
ASCX_CANN_IMG2COL(img2colv2_cbuf_to_ca, false)
ASCX_CANN_IMG2COL(img2colv2_cbuf_to_cb, true)
#undef ASCX_CANN_IMG2COL

// --- load_cbuf_to_ca/cb_transpose (LoadDataWithTranspose): repeat i transposes the square at startIndex
// +/- i*srcStride (one 16x16 fractal of a 16-bit type; two stacked 16x32 fractals, a 32x32 square, of an
// 8-bit type; two 16x8 fractals side by side, a 16x16 square, of a 32-bit type) into fractal i*(1+dstGap),
// the square's fractals (1+dstFracGap) fractals apart (as the clean-room headers' cube_load.h).
namespace ascx_cann {
template <typename T>
void transpose_square(T* dst, const T* src, uint64_t frac_step) {
    if constexpr (sizeof(T) == 2) {
        for (uint64_t r = 0; r < 16; ++r) {
            for (uint64_t c = 0; c < 16; ++c) {
                dst[r * 16 + c] = src[c * 16 + r];
            }
        }
    } else if constexpr (sizeof(T) == 1) {
        for (uint64_t j = 0; j < 2; ++j) {
            for (uint64_t k = 0; k < 16; ++k) {
                for (uint64_t c = 0; c < 32; ++c) {
                    dst[j * frac_step + k * 32 + c] = src[c * 32 + j * 16 + k];
                }
            }
        }
    } else {
        for (uint64_t j = 0; j < 2; ++j) {
            for (uint64_t r = 0; r < 16; ++r) {
                for (uint64_t c = 0; c < 8; ++c) {
                    const uint64_t row = 8 * j + c;
                    dst[j * frac_step + r * 8 + c] = r < 8 ? src[row * 8 + r] : src[128 + row * 8 + (r - 8)];
                }
            }
        }
    }
}

template <typename T>
void load_transpose(T* dst, const T* src, uint64_t start, uint64_t repeats, uint64_t stride, uint64_t gap,
                    bool count_down, uint64_t frac_gap) {
    constexpr uint64_t frac = 512 / sizeof(T);
    constexpr uint64_t square = frac * (sizeof(T) == 2 ? 1 : 2);
    for (uint64_t i = 0; i < repeats; ++i) {
        const int64_t s = count_down ? static_cast<int64_t>(start) - static_cast<int64_t>(i * stride)
                                     : static_cast<int64_t>(start + i * stride);
        if (s < 0) {
            fail("load_cbuf_to_ca/cb_transpose: repeat %llu reads square %lld, before the source",
                 static_cast<unsigned long long>(i), static_cast<long long>(s));
        }
        transpose_square(dst + i * (1 + gap) * frac, src + static_cast<uint64_t>(s) * square, (1 + frac_gap) * frac);
    }
}
}  // namespace ascx_cann

/// load_cbuf_to_ca_transpose / _cb_transpose (dst, src, startIndex, repeat, srcStride, dstGap, addrMode, dstFracGap).
#define ASCX_CANN_LOAD_TRANSPOSE(name)                                                                          \
    template <typename T, typename S0, typename R, typename SS, typename G, typename M, typename FG>            \
    inline void name(T* dst, T* src, S0 start, R repeat, SS stride, G gap, M mode, FG frac_gap) {               \
        ascx_cann::load_transpose(dst, src, uint64_t(start), uint64_t(repeat), uint64_t(stride), uint64_t(gap), \
                                  static_cast<int>(mode) != 0, uint64_t(frac_gap));                             \
    }
ASCX_CANN_LOAD_TRANSPOSE(load_cbuf_to_ca_transpose)
ASCX_CANN_LOAD_TRANSPOSE(load_cbuf_to_cb_transpose)
#undef ASCX_CANN_LOAD_TRANSPOSE
