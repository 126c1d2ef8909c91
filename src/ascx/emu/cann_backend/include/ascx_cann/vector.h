// ascx CANN backend: the vector unit's repeat/stride/mask model (docs/emulation.md#the-vector-instructions):
// a repeat is 256 bytes in eight 32-byte blocks; lane j of repeat r of an operand with block stride bs and
// repeat stride rs (in blocks) is element r*rs*k + (j/k)*bs*k + j%k, k = 32/sizeof(T). The mask picks lanes:
// the two 64-bit halves in normal mode, the first `count` elements of the whole instruction in counter mode
// (the repeat argument is then ignored). Within a repeat every lane is read before any is written;
// half/bfloat16 compute in float and round once.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "ascx_cann/core.h"
#include "kernel_bf16.h"
#include "kernel_fp16.h"

namespace ascx_cann {

template <typename T>
using Compute = std::conditional_t<std::is_floating_point_v<T> || std::is_same_v<T, half> ||
                                       std::is_same_v<T, bfloat16_t>,
                                   float, int64_t>;

/// An operand: its base and strides, in 32-byte blocks.
struct Stride {
    uint64_t block;
    uint64_t repeat;
};

/// Calls body(r, j) for every active lane j of every repeat r (lanes: lanes of the widest element type).
template <typename Body>
inline void each_lane(uint64_t repeats, uint64_t lanes, Body body) {
    const Registers& reg = regs();
    if (reg.counter_mode) {
        const uint64_t count = reg.mask_lo;
        for (uint64_t r = 0; r * lanes < count; ++r) {
            const uint64_t active = std::min<uint64_t>(lanes, count - r * lanes);
            body(r, active, nullptr);
        }
        return;
    }
    const uint64_t bits[2] = {reg.mask_lo, reg.mask_hi};
    for (uint64_t r = 0; r < repeats; ++r) {
        body(r, lanes, bits);
    }
}

inline bool lane_on(const uint64_t* bits, uint64_t j) { return bits == nullptr || ((bits[j / 64] >> (j % 64)) & 1u); }

template <typename T>
inline uint64_t element(uint64_t r, uint64_t j, Stride s) {
    constexpr uint64_t k = 32 / sizeof(T);
    return r * s.repeat * k + (j / k) * s.block * k + j % k;
}

/// dst[lane] = op(a[lane], b[lane]) over the repeats (lanes of T).
template <typename T, typename Op>
inline void binary(T* dst, const T* a, const T* b, uint64_t repeats, Stride sd, Stride sa, Stride sb, Op op) {
    constexpr uint64_t lanes = 256 / sizeof(T);
    each_lane(repeats, lanes, [&](uint64_t r, uint64_t active, const uint64_t* bits) {
        T out[lanes];
        for (uint64_t j = 0; j < active; ++j) {
            if (lane_on(bits, j)) {
                out[j] = T(op(Compute<T>(a[element<T>(r, j, sa)]), Compute<T>(b[element<T>(r, j, sb)])));
            }
        }
        for (uint64_t j = 0; j < active; ++j) {
            if (lane_on(bits, j)) {
                dst[element<T>(r, j, sd)] = out[j];
            }
        }
    });
}

/// dst[lane] = op(a[lane]) over the repeats.
template <typename D, typename S, typename Op>
inline void unary(D* dst, const S* a, uint64_t repeats, Stride sd, Stride sa, Op op) {
    constexpr uint64_t lanes = 256 / (sizeof(D) > sizeof(S) ? sizeof(D) : sizeof(S));
    each_lane(repeats, lanes, [&](uint64_t r, uint64_t active, const uint64_t* bits) {
        D out[lanes];
        for (uint64_t j = 0; j < active; ++j) {
            if (lane_on(bits, j)) {
                out[j] = D(op(Compute<S>(a[element<S>(r, j, sa)])));
            }
        }
        for (uint64_t j = 0; j < active; ++j) {
            if (lane_on(bits, j)) {
                dst[element<D>(r, j, sd)] = out[j];
            }
        }
    });
}

template <typename T>
inline T wrap(int64_t v) {
    return static_cast<T>(v);
}

}  // namespace ascx_cann

#define ASCX_CANN_BINARY(name, expr)                                                                             \
    template <typename T, typename R, typename B0, typename B1, typename B2, typename R0, typename R1, typename R2> \
    inline void name(T* dst, T* a, T* b, R repeat, B0 bd, B1 ba, B2 bb, R0 rd, R1 ra, R2 rb) {                   \
        using C = ascx_cann::Compute<T>;                                                                           \
        ascx_cann::binary(dst, a, b, static_cast<uint64_t>(repeat), {uint64_t(bd), uint64_t(rd)},                \
                          {uint64_t(ba), uint64_t(ra)}, {uint64_t(bb), uint64_t(rb)},                            \
                          [](C x, C y) -> C { return expr; });                                                    \
    }
ASCX_CANN_BINARY(vadd, x + y)
ASCX_CANN_BINARY(vsub, x - y)
ASCX_CANN_BINARY(vmul, x * y)
ASCX_CANN_BINARY(vdiv, x / y)
ASCX_CANN_BINARY(vmax, x > y ? x : y)
ASCX_CANN_BINARY(vmin, x < y ? x : y)
#undef ASCX_CANN_BINARY

#define ASCX_CANN_SCALAR(name, expr)                                                                        \
    template <typename T, typename S, typename R, typename B0, typename B1, typename R0, typename R1, typename... P> \
    inline void name(T* dst, T* a, S scalar, R repeat, B0 bd, B1 ba, R0 rd, R1 ra, P...) {                       \
        using C = ascx_cann::Compute<T>;                                                                      \
        const C y = C(scalar);                                                                                \
        ascx_cann::unary(dst, a, static_cast<uint64_t>(repeat), {uint64_t(bd), uint64_t(rd)},              \
                         {uint64_t(ba), uint64_t(ra)}, [y](C x) -> C { return expr; });                     \
    }
ASCX_CANN_SCALAR(vadds, x + y)
ASCX_CANN_SCALAR(vmuls, x * y)
ASCX_CANN_SCALAR(vmaxs, x > y ? x : y)
ASCX_CANN_SCALAR(vmins, x < y ? x : y)
ASCX_CANN_SCALAR(vlrelu, x >= C(0) ? x : x * y)
#undef ASCX_CANN_SCALAR

#define ASCX_CANN_UNARY(name, expr)                                                                         \
    template <typename T, typename R, typename B0, typename B1, typename R0, typename R1>                   \
    inline void name(T* dst, T* a, R repeat, B0 bd, B1 ba, R0 rd, R1 ra) {                                  \
        using C = ascx_cann::Compute<T>;                                                                      \
        ascx_cann::unary(dst, a, static_cast<uint64_t>(repeat), {uint64_t(bd), uint64_t(rd)},              \
                         {uint64_t(ba), uint64_t(ra)}, [](C x) -> C { return expr; });                       \
    }
ASCX_CANN_UNARY(vexp, C(std::exp(float(x))))
ASCX_CANN_UNARY(vabs, x < 0 ? -x : x)
ASCX_CANN_UNARY(vln, C(std::log(float(x))))
ASCX_CANN_UNARY(vsqrt, C(std::sqrt(float(x))))
ASCX_CANN_UNARY(vrelu, x > 0 ? x : C(0))
ASCX_CANN_UNARY(vrec, C(1.0f / float(x)))
#undef ASCX_CANN_UNARY

/// vector_dup(dst, value, repeat, dstBlkStride, srcBlkStride, dstRepStride, srcRepStride).
template <typename T, typename V, typename R, typename B0, typename B1, typename R0, typename R1>
inline void vector_dup(T* dst, V value, R repeat, B0 bd, B1, R0 rd, R1) {
    const T v = T(value);
    ascx_cann::each_lane(static_cast<uint64_t>(repeat), 256 / sizeof(T),
                         [&](uint64_t r, uint64_t active, const uint64_t* bits) {
                             for (uint64_t j = 0; j < active; ++j) {
                                 if (ascx_cann::lane_on(bits, j)) {
                                     dst[ascx_cann::element<T>(r, j, {uint64_t(bd), uint64_t(rd)})] = v;
                                 }
                             }
                         });
}

// --- vconv_<from>2<to>[mode]: element-wise conversion over the repeats (lanes of the wider type). A
// float becomes an integer rounded as the suffix says (a: half away from zero, c: up, f: down, r or none:
// to nearest even, z: towards zero) and saturated to the integer's range (NaN becomes 0); a float becomes a
// narrower float rounded to nearest even (none or r); an integer or a narrower float becomes a float
// exactly or rounded to nearest even; f322f32<mode> rounds to an integral value.
namespace ascx_cann {
enum class Round { NEAREST, AWAY, UP, DOWN, ZERO };
inline double round_as(double x, Round mode) {
    switch (mode) {
        case Round::AWAY: return std::round(x);
        case Round::UP: return std::ceil(x);
        case Round::DOWN: return std::floor(x);
        case Round::ZERO: return std::trunc(x);
        default: return std::nearbyint(x);
    }
}
/// ``value`` as a D: integers rounded and saturated, floats rounded to nearest even.
template <typename D>
D to_type(double value, Round mode) {
    if constexpr (std::is_integral_v<D>) {
        if (std::isnan(value)) {
            return D(0);
        }
        const double r = round_as(value, mode);
        const double lo = static_cast<double>(std::numeric_limits<D>::min());
        const double hi = static_cast<double>(std::numeric_limits<D>::max());
        return static_cast<D>(r < lo ? lo : r > hi ? hi : r);
    } else {
        return D(static_cast<float>(value));
    }
}
template <typename D, typename S>
void vconv(D* dst, const S* src, uint64_t repeats, Stride sd, Stride ss, Round mode, bool integral) {
    unary(dst, src, repeats, sd, ss, [mode, integral](Compute<S> x) -> D {
        const double v = static_cast<double>(x);
        return integral ? D(static_cast<float>(round_as(v, mode))) : to_type<D>(v, mode);
    });
}
}  // namespace ascx_cann

#define ASCX_CANN_VCONV(name, mode, integral)                                                                  \
    template <typename D, typename S, typename R, typename B0, typename B1, typename R0, typename R1, typename... P> \
    inline void name(D* dst, S* src, R repeat, B0 bd, B1 bs, R0 rd, R1 rs, P...) {                            \
        ascx_cann::vconv(dst, src, uint64_t(repeat), {uint64_t(bd), uint64_t(rd)}, {uint64_t(bs), uint64_t(rs)},  \
                         ascx_cann::Round::mode, integral);                                                    \
    }
#define ASCX_CANN_VCONV_TO_INT(stem)                  \
    ASCX_CANN_VCONV(stem, NEAREST, false)             \
    ASCX_CANN_VCONV(stem##r, NEAREST, false)          \
    ASCX_CANN_VCONV(stem##a, AWAY, false)             \
    ASCX_CANN_VCONV(stem##c, UP, false)               \
    ASCX_CANN_VCONV(stem##f, DOWN, false)             \
    ASCX_CANN_VCONV(stem##z, ZERO, false)
ASCX_CANN_VCONV_TO_INT(vconv_f322s32)
ASCX_CANN_VCONV_TO_INT(vconv_f322s16)
ASCX_CANN_VCONV_TO_INT(vconv_f322s64)
ASCX_CANN_VCONV_TO_INT(vconv_f162s32)
ASCX_CANN_VCONV_TO_INT(vconv_f162s16)
ASCX_CANN_VCONV_TO_INT(vconv_f162s8)
ASCX_CANN_VCONV_TO_INT(vconv_f162u8)
ASCX_CANN_VCONV_TO_INT(vconv_bf162s32)
ASCX_CANN_VCONV(vconv_f322f32r, NEAREST, true)
ASCX_CANN_VCONV(vconv_f322f32a, AWAY, true)
ASCX_CANN_VCONV(vconv_f322f32c, UP, true)
ASCX_CANN_VCONV(vconv_f322f32f, DOWN, true)
ASCX_CANN_VCONV(vconv_f322f32z, ZERO, true)
ASCX_CANN_VCONV(vconv_f322f16, NEAREST, false)
ASCX_CANN_VCONV(vconv_f322f16r, NEAREST, false)
ASCX_CANN_VCONV(vconv_f322bf16r, NEAREST, false)
ASCX_CANN_VCONV(vconv_f162f32, NEAREST, false)
ASCX_CANN_VCONV(vconv_bf162f32, NEAREST, false)
ASCX_CANN_VCONV(vconv_s322f32, NEAREST, false)
ASCX_CANN_VCONV(vconv_s322f32r, NEAREST, false)
ASCX_CANN_VCONV(vconv_s162f16, NEAREST, false)
ASCX_CANN_VCONV(vconv_s162f16r, NEAREST, false)
ASCX_CANN_VCONV(vconv_s162f32, NEAREST, false)
ASCX_CANN_VCONV(vconv_s82f16, NEAREST, false)
ASCX_CANN_VCONV(vconv_u82f16, NEAREST, false)
#undef ASCX_CANN_VCONV_TO_INT
#undef ASCX_CANN_VCONV

// --- vcadd(dst, src, repeat, dstRepStride, srcBlkStride, srcRepStride, accumulate): the sum of each repeat's
// lanes, added as a binary tree (neighbours first, an inactive lane counting 0, every addition rounded to
// T: the clean-room headers' reduce_repeat.h order), written to dst[r * dstRepStride]; with accumulate (in
// counter mode) the repeats' sums are added in order into dst[0].
namespace ascx_cann {
template <typename T>
T tree_sum(T* values, uint64_t count) {
    for (uint64_t width = count; width > 1; width /= 2) {
        for (uint64_t i = 0; i < width / 2; ++i) {
            values[i] = T(Compute<T>(values[2 * i]) + Compute<T>(values[2 * i + 1]));
        }
    }
    return values[0];
}
template <typename T>
void reduce_sum(T* dst, const T* src, uint64_t repeats, uint64_t dst_stride, Stride ss, bool accumulate) {
    constexpr uint64_t lanes = 256 / sizeof(T);
    T total = T(0);
    bool first = true;
    each_lane(repeats, lanes, [&](uint64_t r, uint64_t active, const uint64_t* bits) {
        T values[lanes];
        for (uint64_t j = 0; j < lanes; ++j) {
            values[j] = j < active && lane_on(bits, j) ? src[element<T>(r, j, ss)] : T(0);
        }
        const T sum = tree_sum(values, lanes);
        if (accumulate) {
            total = first ? sum : T(Compute<T>(total) + Compute<T>(sum));
            first = false;
        } else {
            dst[r * dst_stride] = sum;
        }
    });
    if (accumulate && !first) {
        dst[0] = total;
    }
}
}  // namespace ascx_cann

template <typename T, typename R, typename DR, typename SB, typename SR, typename M>
inline void vcadd(T* dst, T* src, R repeat, DR dst_stride, SB src_block, SR src_repeat, M accumulate) {
    ascx_cann::reduce_sum(dst, src, uint64_t(repeat), uint64_t(dst_stride), {uint64_t(src_block), uint64_t(src_repeat)},
                          uint64_t(accumulate) != 0);
}
