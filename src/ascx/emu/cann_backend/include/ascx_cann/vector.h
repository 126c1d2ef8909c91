// ascx CANN backend: the vector unit's repeat/stride/mask model (docs/emulation.md#the-vector-instructions):
// a repeat is 256 bytes in eight 32-byte blocks; lane j of repeat r of an operand with block stride bs and
// repeat stride rs (in blocks) is element r*rs*k + (j/k)*bs*k + j%k, k = 32/sizeof(T). The mask picks lanes:
// the two 64-bit halves in normal mode, the first `count` elements of the whole instruction in counter mode
// (the repeat argument is then ignored). Within a repeat every lane is read before any is written;
// half/bfloat16 compute in float and round once.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
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
ASCX_CANN_BINARY(vand, x & y)
ASCX_CANN_BINARY(vor, x | y)
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

/// vshr(dst, src, n, repeat, dstBlkStride, srcBlkStride, dstRepStride, srcRepStride, round): ShiftRight
/// (asc_shiftright): arithmetic for int16_t/int32_t (a shift by the whole width leaves the sign), logical for
/// the unsigned types; with ``round`` a signed result adds the last bit shifted out (asc_shiftright_round:
/// 0b1001 >> 1 gives 0b0101), which the unsigned types ignore.
namespace ascx_cann {
template <typename T>
T shift_right(T x, uint64_t n, bool round) {
    constexpr uint64_t bits = 8 * sizeof(T);
    if constexpr (std::is_signed_v<T>) {
        const int64_t wide = static_cast<int64_t>(x);
        const int64_t carry = round && n > 0 && n <= bits ? (wide >> (n - 1)) & 1 : 0;
        return static_cast<T>((wide >> (n >= bits ? bits - 1 : n)) + carry);
    } else {
        return n >= bits ? T(0) : static_cast<T>(x >> n);
    }
}
}  // namespace ascx_cann
template <typename T, typename S, typename R, typename B0, typename B1, typename R0, typename R1>
inline void vshr(T* dst, T* src, S value, R repeat, B0 bd, B1 bs, R0 rd, R1 rs, bool round) {
    const uint64_t n = static_cast<uint64_t>(value);
    ascx_cann::unary(dst, src, static_cast<uint64_t>(repeat), {uint64_t(bd), uint64_t(rd)},
                     {uint64_t(bs), uint64_t(rs)},
                     [n, round](ascx_cann::Compute<T> x) -> T { return ascx_cann::shift_right(T(x), n, round); });
}

/// vshl(dst, src, n, repeat, dstBlkStride, srcBlkStride, dstRepStride, srcRepStride): ShiftLeft
/// (asc_shiftleft): logical for the unsigned types; int16_t/int32_t keep their sign bit and shift the others
/// (docs/emulation.md's rule for ShiftLeft, as the clean-room backend's); a shift by the whole width leaves 0
/// (the sign bit of a signed type).
namespace ascx_cann {
template <typename T>
T shift_left(T x, uint64_t n) {
    using U = std::make_unsigned_t<T>;
    constexpr uint64_t bits = 8 * sizeof(T);
    const U ux = static_cast<U>(x);
    const U shifted = n >= bits ? U(0) : static_cast<U>(ux << n);
    if constexpr (std::is_signed_v<T>) {
        const U sign = static_cast<U>(U(1) << (bits - 1));
        return static_cast<T>(static_cast<U>((ux & sign) | (shifted & static_cast<U>(~sign))));
    } else {
        return static_cast<T>(shifted);
    }
}
}  // namespace ascx_cann
template <typename T, typename S, typename R, typename B0, typename B1, typename R0, typename R1>
inline void vshl(T* dst, T* src, S value, R repeat, B0 bd, B1 bs, R0 rd, R1 rs) {
    const uint64_t n = static_cast<uint64_t>(value);
    ascx_cann::unary(dst, src, static_cast<uint64_t>(repeat), {uint64_t(bd), uint64_t(rd)},
                     {uint64_t(bs), uint64_t(rs)},
                     [n](ascx_cann::Compute<T> x) -> T { return ascx_cann::shift_left(T(x), n); });
}

#define ASCX_CANN_UNARY(name, expr)                                                                         \
    template <typename T, typename R, typename B0, typename B1, typename R0, typename R1>                   \
    inline void name(T* dst, T* a, R repeat, B0 bd, B1 ba, R0 rd, R1 ra) {                                  \
        using C = ascx_cann::Compute<T>;                                                                      \
        ascx_cann::unary(dst, a, static_cast<uint64_t>(repeat), {uint64_t(bd), uint64_t(rd)},              \
                         {uint64_t(ba), uint64_t(ra)}, [](C x) -> C { return expr; });                       \
    }
// The transcendental ones are computed in double and rounded once to float (then once more to a 16-bit
// float): every result is the correctly rounded float of the exact value, whatever the host's libm does in
// float.
ASCX_CANN_UNARY(vexp, C(float(std::exp(double(x)))))
ASCX_CANN_UNARY(vabs, std::is_floating_point_v<C> ? C(std::fabs(double(x))) : (x < 0 ? -x : x))
ASCX_CANN_UNARY(vln, C(float(std::log(double(x)))))
ASCX_CANN_UNARY(vsqrt, C(float(std::sqrt(double(x)))))
ASCX_CANN_UNARY(vrsqrt, C(float(1.0 / std::sqrt(double(x)))))
ASCX_CANN_UNARY(vrelu, x > 0 ? x : C(0))
ASCX_CANN_UNARY(vrec, C(float(1.0 / double(x))))
ASCX_CANN_UNARY(vnot, ~x)
ASCX_CANN_UNARY(vcopy, x)
#undef ASCX_CANN_UNARY

/// vbrcb(dst, src, dstBlkStride, dstRepStride, repeat): repeat r takes elements 8r..8r+7 of src and fills
/// the r-th repeat's eight 32-byte blocks of dst, block j with element 8r+j (the C API's asc_brcb).
template <typename T, typename B, typename RS, typename R>
inline void vbrcb(T* dst, T* src, B block_stride, RS repeat_stride, R repeat) {
    constexpr uint64_t k = 32 / sizeof(T);
    const uint64_t values = uint64_t(repeat) * 8;
    T in[255 * 8];
    for (uint64_t v = 0; v < values; ++v) {
        in[v] = src[v];  // all read before any is written
    }
    for (uint64_t v = 0; v < values; ++v) {
        T* block = dst + ((v / 8) * uint64_t(repeat_stride) + (v % 8) * uint64_t(block_stride)) * k;
        for (uint64_t i = 0; i < k; ++i) {
            block[i] = in[v];
        }
    }
}

/// The source of the next vgatherb: CANN's CPU-debug build names it with SetModelGatherbSrc0Tensor (runtime.cpp),
/// because vgatherb's 32-bit source address cannot hold a host pointer.
extern uint64_t ascx_cann_gatherb_source;

/// vgatherb(dst, offset, src0, dstRepStride, dstBlkStride, repeat): block j of repeat r of dst (strides in
/// 32-byte blocks, a block stride of 0 is 1) = the 32 bytes of the source at byte offset[r * 8 + j].
template <typename T, typename A, typename RS, typename BS, typename R>
inline void vgatherb(T* dst, uint32_t* offset, A, RS repeat_stride, BS block_stride, R repeat) {
    const auto* src = reinterpret_cast<const uint8_t*>(ascx_cann_gatherb_source);
    auto* out = reinterpret_cast<uint8_t*>(dst);
    const uint64_t blocks = uint64_t(block_stride) == 0 ? 1 : uint64_t(block_stride);
    for (uint64_t r = 0; r < uint64_t(repeat); ++r) {
        for (uint64_t j = 0; j < 8; ++j) {
            std::memcpy(out + (r * uint64_t(repeat_stride) + j * blocks) * 32, src + offset[r * 8 + j], 32);
        }
    }
}

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
// narrower float rounded as the suffix says (the same letters, and o: to the neighbour with an odd last bit
// when inexact; CANN's Cast maps CAST_ROUND, CAST_CEIL, CAST_FLOOR, CAST_TRUNC, CAST_ODD to a, c, f, z, o);
// an integer or a narrower float becomes a float exactly or rounded to nearest even; f322f32<mode> rounds to
// an integral value.
namespace ascx_cann {
enum class Round { NEAREST, AWAY, UP, DOWN, ZERO, ODD };
inline double round_as(double x, Round mode) {
    switch (mode) {
        case Round::AWAY: return std::round(x);
        case Round::UP: return std::ceil(x);
        case Round::DOWN: return std::floor(x);
        case Round::ZERO: return std::trunc(x);
        default: return std::nearbyint(x);
    }
}
/// The 16-bit float bits next to ``bits`` towards +inf (``up``) or -inf (sign-magnitude patterns).
inline uint16_t next_bits(uint16_t bits, bool up) {
    const bool negative = (bits & 0x8000u) != 0;
    if ((bits & 0x7fffu) == 0) {
        return up ? 0x0001u : 0x8001u;
    }
    return static_cast<uint16_t>(negative == up ? bits - 1u : bits + 1u);
}
/// A float as a 16-bit float D (half or bfloat16_t) rounded by ``mode``: the nearest-even value, or, when
/// that is inexact, the neighbour below or above the float that ``mode`` picks.
template <typename D>
D narrow_float(float value, Round mode) {
    D nearest(value);
    const float n = nearest.ToFloat();
    if (mode == Round::NEAREST || std::isnan(value) || n == value) {
        return nearest;
    }
    D other;
    other.val = next_bits(nearest.val, n < value);
    const D lo = n < value ? nearest : other;
    const D hi = n < value ? other : nearest;
    switch (mode) {
        case Round::UP: return hi;
        case Round::DOWN: return lo;
        case Round::ZERO: return value > 0 ? lo : hi;
        case Round::ODD: return (lo.val & 1u) != 0 ? lo : hi;
        default: {  // AWAY: the nearer neighbour, a tie away from zero
            if (std::isinf(n)) {
                return nearest;  // half an ulp or more past the largest finite value
            }
            const double below = double(value) - double(lo.ToFloat());
            const double above = double(hi.ToFloat()) - double(value);
            if (below != above) {
                return below < above ? lo : hi;
            }
            return value > 0 ? hi : lo;
        }
    }
}
/// ``value`` as a D: integers rounded and saturated, floats rounded to nearest even (16-bit floats as
/// ``mode`` says).
template <typename D>
D to_type(double value, Round mode) {
    if constexpr (std::is_same_v<D, half> || std::is_same_v<D, bfloat16_t>) {
        return narrow_float<D>(static_cast<float>(value), mode);  // a float or a narrower source: exact
    } else if constexpr (std::is_integral_v<D>) {
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
ASCX_CANN_VCONV(vconv_f322f16a, AWAY, false)
ASCX_CANN_VCONV(vconv_f322f16c, UP, false)
ASCX_CANN_VCONV(vconv_f322f16f, DOWN, false)
ASCX_CANN_VCONV(vconv_f322f16z, ZERO, false)
ASCX_CANN_VCONV(vconv_f322f16o, ODD, false)
ASCX_CANN_VCONV(vconv_f322bf16r, NEAREST, false)
ASCX_CANN_VCONV(vconv_f322bf16a, AWAY, false)
ASCX_CANN_VCONV(vconv_f322bf16c, UP, false)
ASCX_CANN_VCONV(vconv_f322bf16f, DOWN, false)
ASCX_CANN_VCONV(vconv_f322bf16z, ZERO, false)
ASCX_CANN_VCONV(vconv_f162f32, NEAREST, false)
ASCX_CANN_VCONV(vconv_bf162f32, NEAREST, false)
ASCX_CANN_VCONV(vconv_s322f32, NEAREST, false)
ASCX_CANN_VCONV(vconv_s322f32r, NEAREST, false)
ASCX_CANN_VCONV(vconv_s162f16, NEAREST, false)
ASCX_CANN_VCONV(vconv_s162f16r, NEAREST, false)
ASCX_CANN_VCONV(vconv_s162f32, NEAREST, false)

// --- vconv_deq(dst, src, repeat, dstBlkStride, srcBlkStride, dstRepStride, srcRepStride): int32_t to half,
// each element times the half scale SetDeqScale(half) put in DEQSCALE, the exact product rounded to the
// nearest half, ties to even (CastDeq from int32_t; the clean-room headers' cast_deq).
namespace ascx_cann {
/// ``value`` rounded once to the nearest half (ties to even), not through float.
inline half half_nearest(double value) {
    half h(static_cast<float>(value));
    const double first = static_cast<double>(static_cast<float>(h));
    if (std::isnan(value) || std::isinf(first) || first == value) {
        return h;
    }
    half other = h;
    const bool up = (value > first) == !(h.val & 0x8000u);  // away from zero in magnitude
    other.val = static_cast<uint16_t>(up ? h.val + 1 : h.val - 1);
    const double second = static_cast<double>(static_cast<float>(other));
    const double d1 = std::fabs(value - first);
    const double d2 = std::fabs(value - second);
    if (d2 < d1 || (d2 == d1 && (other.val & 1u) == 0)) {
        return other;
    }
    return h;
}
}  // namespace ascx_cann

template <typename R, typename B0, typename B1, typename R0, typename R1>
inline void vconv_deq(half* dst, int32_t* src, R repeat, B0 bd, B1 bs, R0 rd, R1 rs) {
    ascx_cann::Registers& reg = ascx_cann::regs();
    if (!reg.deqscale_half) {
        ascx_cann::fail("vconv_deq: DEQSCALE holds no half scale (SetDeqScale(half) sets it)");
    }
    half scale_bits;
    scale_bits.val = static_cast<uint16_t>(reg.deqscale);
    const double scale = static_cast<double>(static_cast<float>(scale_bits));
    ascx_cann::unary(dst, src, uint64_t(repeat), {uint64_t(bd), uint64_t(rd)}, {uint64_t(bs), uint64_t(rs)},
                     [scale](ascx_cann::Compute<int32_t> x) -> half {
                         return ascx_cann::half_nearest(static_cast<double>(x) * scale);
                     });
}
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
        int64_t bits = 0;
        std::memcpy(&bits, &total, sizeof(T));
        regs().acc_val = bits;  // ACC_VAL (get_acc_val) holds the sum too
    }
}
}  // namespace ascx_cann

template <typename T, typename R, typename DR, typename SB, typename SR, typename M>
inline void vcadd(T* dst, T* src, R repeat, DR dst_stride, SB src_block, SR src_repeat, M accumulate) {
    ascx_cann::reduce_sum(dst, src, uint64_t(repeat), uint64_t(dst_stride), {uint64_t(src_block), uint64_t(src_repeat)},
                          uint64_t(accumulate) != 0);
}

// --- vcgadd / vcgmax / vcgmin(dst, src, repeat, dstRepStride, srcBlkStride, srcRepStride): one result per
// 32-byte block of each repeat (the C API's asc_datablock_reduce_*), stored at dst[r * dstRepStride * 8 + b]
// (dstRepStride in units of eight elements); a block with no active lane is not written. Sums add as a binary
// tree over the block's lanes (neighbours first, an inactive lane counting 0, every addition rounded to T).
// vcpadd: dst[r * dstRepStride * lanes / 2 + p] = lane 2p + lane 2p+1, a pair with no active lane not written.
namespace ascx_cann {
enum class Reduce { SUM, MAX, MIN };
template <typename T>
T reduce_values(T* values, const bool* active, uint64_t count, Reduce kind) {
    if (kind == Reduce::SUM) {
        for (uint64_t j = 0; j < count; ++j) {
            if (!active[j]) values[j] = T(0);
        }
        return tree_sum(values, count);
    }
    bool found = false;
    T best = T(0);
    for (uint64_t j = 0; j < count; ++j) {
        if (!active[j]) continue;
        const bool better = kind == Reduce::MAX ? Compute<T>(values[j]) > Compute<T>(best)
                                                : Compute<T>(values[j]) < Compute<T>(best);
        if (!found || better) best = values[j];
        found = true;
    }
    return best;
}
template <typename T>
void reduce_groups(T* dst, const T* src, uint64_t repeats, uint64_t dst_stride, Stride ss, uint64_t group,
                   Reduce kind) {
    constexpr uint64_t lanes = 256 / sizeof(T);
    const uint64_t groups = lanes / group;
    T results[256][lanes];
    bool written[256][lanes] = {};
    uint64_t visited = 0;  // the repeats run (in counter mode, as many as the count needs)
    each_lane(repeats, lanes, [&](uint64_t r, uint64_t active_lanes, const uint64_t* bits) {
        if (r >= 256) return;
        visited = r + 1;
        for (uint64_t g = 0; g < groups; ++g) {
            T values[lanes];
            bool active[lanes];
            bool any = false;
            for (uint64_t i = 0; i < group; ++i) {
                const uint64_t j = g * group + i;
                active[i] = j < active_lanes && lane_on(bits, j);
                values[i] = active[i] ? src[element<T>(r, j, ss)] : T(0);
                any = any || active[i];
            }
            if (any) {
                results[r][g] = reduce_values(values, active, group, kind);
                written[r][g] = true;
            }
        }
    });
    for (uint64_t r = 0; r < visited; ++r) {  // all results computed before any is stored
        for (uint64_t g = 0; g < groups; ++g) {
            if (written[r][g]) dst[r * dst_stride * groups + g] = results[r][g];
        }
    }
}
}  // namespace ascx_cann

#define ASCX_CANN_GROUP_REDUCE(name, group, kind)                                                                 \
    template <typename T, typename R, typename DR, typename SB, typename SR>                                       \
    inline void name(T* dst, T* src, R repeat, DR dst_stride, SB src_block, SR src_repeat) {                        \
        ascx_cann::reduce_groups(dst, src, uint64_t(repeat), uint64_t(dst_stride),                                  \
                                 {uint64_t(src_block), uint64_t(src_repeat)}, group, ascx_cann::Reduce::kind);     \
    }
ASCX_CANN_GROUP_REDUCE(vcgadd, 32 / sizeof(T), SUM)
ASCX_CANN_GROUP_REDUCE(vcgmax, 32 / sizeof(T), MAX)
ASCX_CANN_GROUP_REDUCE(vcgmin, 32 / sizeof(T), MIN)
ASCX_CANN_GROUP_REDUCE(vcpadd, 2, SUM)
#undef ASCX_CANN_GROUP_REDUCE

// --- the fused ops: vaddrelu / vsubrelu (relu of the rounded sum), vmla (dst = a * b + dst), vmadd
// (dst = a * dst + b), vmaddrelu (relu of vmadd), vaxpy (dst = scalar * src + dst). Each step rounds to the
// type it computes in: the destination's, where a product of two halves into float is exact. Lanes are
// those of the wider type; each operand strides in blocks of its own type.
namespace ascx_cann {
template <typename T>
inline T relu_of(T v) {
    return Compute<T>(v) > Compute<T>(0) ? v : T(0);
}
/// dst[lane] = op(dst[lane], a[lane], b[lane]) over the repeats (b may be null for the scalar forms).
template <typename D, typename S, typename Op>
inline void ternary(D* dst, const S* a, const S* b, uint64_t repeats, Stride sd, Stride sa, Stride sb, Op op) {
    constexpr uint64_t lanes = 256 / (sizeof(D) > sizeof(S) ? sizeof(D) : sizeof(S));
    each_lane(repeats, lanes, [&](uint64_t r, uint64_t active, const uint64_t* bits) {
        D out[lanes];
        for (uint64_t j = 0; j < active; ++j) {
            if (lane_on(bits, j)) {
                const S y = b == nullptr ? S(0) : b[element<S>(r, j, sb)];
                out[j] = op(dst[element<D>(r, j, sd)], a[element<S>(r, j, sa)], y);
            }
        }
        for (uint64_t j = 0; j < active; ++j) {
            if (lane_on(bits, j)) {
                dst[element<D>(r, j, sd)] = out[j];
            }
        }
    });
}
/// ``x * y`` in D's type: rounded once to D (exact for two halves into float).
template <typename D, typename S>
inline D product(S x, S y) {
    return D(Compute<D>(Compute<S>(x) * Compute<S>(y)));
}
template <typename D>
inline D sum(D x, D y) {
    return D(Compute<D>(x) + Compute<D>(y));
}
}  // namespace ascx_cann

#define ASCX_CANN_FUSED(name, expr)                                                                               \
    template <typename D, typename S, typename R, typename B0, typename B1, typename B2, typename R0, typename R1, \
              typename R2>                                                                                       \
    inline void name(D* dst, S* a, S* b, R repeat, B0 bd, B1 ba, B2 bb, R0 rd, R1 ra, R2 rb) {                   \
        ascx_cann::ternary(dst, a, b, uint64_t(repeat), {uint64_t(bd), uint64_t(rd)}, {uint64_t(ba), uint64_t(ra)}, \
                           {uint64_t(bb), uint64_t(rb)}, [](D d, S x, S y) -> D { return expr; });               \
    }
ASCX_CANN_FUSED(vaddrelu, ascx_cann::relu_of(ascx_cann::sum<D>(D(x), D(y))))
ASCX_CANN_FUSED(vsubrelu, ascx_cann::relu_of(D(ascx_cann::Compute<D>(D(x)) - ascx_cann::Compute<D>(D(y)))))
ASCX_CANN_FUSED(vmla, ascx_cann::sum<D>(ascx_cann::product<D>(x, y), d))
ASCX_CANN_FUSED(vmadd, ascx_cann::sum<D>(ascx_cann::product<D>(x, S(d)), D(y)))
ASCX_CANN_FUSED(vmaddrelu, ascx_cann::relu_of(ascx_cann::sum<D>(ascx_cann::product<D>(x, S(d)), D(y))))
#undef ASCX_CANN_FUSED

/// vaxpy(dst, src, scalar, repeat, dstBlkStride, srcBlkStride, dstRepStride, srcRepStride).
template <typename D, typename S, typename V, typename R, typename B0, typename B1, typename R0, typename R1>
inline void vaxpy(D* dst, S* src, V scalar, R repeat, B0 bd, B1 bs, R0 rd, R1 rs) {
    const S k = S(scalar);
    ascx_cann::ternary(dst, src, static_cast<const S*>(nullptr), uint64_t(repeat), {uint64_t(bd), uint64_t(rd)},
                       {uint64_t(bs), uint64_t(rs)}, {0, 0},
                       [k](D d, S x, S) -> D { return ascx_cann::sum<D>(ascx_cann::product<D>(k, x), d); });
}

// --- comparisons and selects (the C API's asc_lt ... asc_select, asc_get_cmp_mask). vcmpv_<op> and
// vcmpvs_<op> write one bit per lane, little-endian (lane j of repeat r is bit r * lanes + j of dst; the
// destination strides are not used), a lane the mask leaves off writing 0 (in counter mode, bits past the
// count are not written). vcmp_<op> writes the bits of one repeat into CMPMASK (128 bits). set_cmpmask
// and get_cmpmask load and store CMPMASK as 16 bytes. vsel picks src0 where a bit is set, else src1: with
// no mode (or mode 0), the first ``lanes`` bits of CMPMASK in every repeat; with mode 2 the bits at the
// address in CMPMASK's low 64 bits (what CANN's CPU-debug Select puts there), bit r * lanes + j; with mode 1
// its third operand holds the bits and the scalar src1 is in CMPMASK's first bytes.
namespace ascx_cann {
enum class Cmp { LT, GT, EQ, LE, GE, NE };
template <typename C>
inline bool compare(Cmp op, C x, C y) {
    switch (op) {
        case Cmp::LT: return x < y;
        case Cmp::GT: return x > y;
        case Cmp::EQ: return x == y;
        case Cmp::LE: return x <= y;
        case Cmp::GE: return x >= y;
        default: return x != y;
    }
}
inline void put_bit(uint8_t* bytes, uint64_t i, bool value) {
    const uint8_t bit = uint8_t(1u << (i % 8));
    bytes[i / 8] = uint8_t(value ? (bytes[i / 8] | bit) : (bytes[i / 8] & ~bit));
}
inline bool bit_of(const uint8_t* bytes, uint64_t i) { return ((bytes[i / 8] >> (i % 8)) & 1u) != 0; }
/// The comparison bits of ``a`` against ``rhs(r, j)``, into ``out`` from bit 0.
template <typename T, typename Rhs>
void compare_bits(uint8_t* out, const T* a, uint64_t repeats, Stride sa, Cmp op, Rhs rhs) {
    constexpr uint64_t lanes = 256 / sizeof(T);
    each_lane(repeats, lanes, [&](uint64_t r, uint64_t active, const uint64_t* bits) {
        for (uint64_t j = 0; j < (bits == nullptr ? active : lanes); ++j) {
            const bool on = j < active && lane_on(bits, j);
            put_bit(out, r * lanes + j, on && compare(op, Compute<T>(a[element<T>(r, j, sa)]), rhs(r, j)));
        }
    });
}
template <typename T, typename Bits>
void select(T* dst, const T* a, uint64_t repeats, Stride sd, Stride sa, Bits bit, const T* b, Stride sb,
            const T* scalar) {
    constexpr uint64_t lanes = 256 / sizeof(T);
    each_lane(repeats, lanes, [&](uint64_t r, uint64_t active, const uint64_t* bits) {
        T out[lanes];
        for (uint64_t j = 0; j < active; ++j) {
            if (lane_on(bits, j)) {
                out[j] = bit(r, j) ? a[element<T>(r, j, sa)] : scalar != nullptr ? *scalar : b[element<T>(r, j, sb)];
            }
        }
        for (uint64_t j = 0; j < active; ++j) {
            if (lane_on(bits, j)) dst[element<T>(r, j, sd)] = out[j];
        }
    });
}
}  // namespace ascx_cann

#define ASCX_CANN_COMPARE(op, kind)                                                                               \
    template <typename U, typename T, typename R, typename B0, typename B1, typename B2, typename R0, typename R1, \
              typename R2>                                                                                       \
    inline void vcmpv_##op(U* dst, T* a, T* b, R repeat, B0, B1 ba, B2 bb, R0, R1 ra, R2 rb) {                    \
        using C = ascx_cann::Compute<T>;                                                                          \
        const ascx_cann::Stride sb{uint64_t(bb), uint64_t(rb)};                                                   \
        ascx_cann::compare_bits(reinterpret_cast<uint8_t*>(dst), a, uint64_t(repeat), {uint64_t(ba), uint64_t(ra)}, \
                                ascx_cann::Cmp::kind,                                                            \
                                [&](uint64_t r, uint64_t j) { return C(b[ascx_cann::element<T>(r, j, sb)]); });  \
    }                                                                                                            \
    template <typename U, typename T, typename S, typename R, typename B0, typename B1, typename R0, typename R1>  \
    inline void vcmpvs_##op(U* dst, T* a, S scalar, R repeat, B0, B1 ba, R0, R1 ra) {                             \
        using C = ascx_cann::Compute<T>;                                                                          \
        const C y = C(T(scalar));                                                                                 \
        ascx_cann::compare_bits(reinterpret_cast<uint8_t*>(dst), a, uint64_t(repeat), {uint64_t(ba), uint64_t(ra)}, \
                                ascx_cann::Cmp::kind, [y](uint64_t, uint64_t) { return y; });                    \
    }                                                                                                            \
    template <typename T, typename R, typename B0, typename B1, typename B2, typename R0, typename R1, typename R2> \
    inline void vcmp_##op(T* a, T* b, R, B0, B1 ba, B2 bb, R0, R1 ra, R2 rb) {                                    \
        using C = ascx_cann::Compute<T>;                                                                          \
        uint8_t bits[16] = {};                                                                                    \
        const ascx_cann::Stride sb{uint64_t(bb), uint64_t(rb)};                                                   \
        ascx_cann::compare_bits(bits, a, 1, {uint64_t(ba), uint64_t(ra)}, ascx_cann::Cmp::kind,                   \
                                [&](uint64_t r, uint64_t j) { return C(b[ascx_cann::element<T>(r, j, sb)]); });  \
        std::memcpy(ascx_cann::regs().cmpmask, bits, sizeof bits);                                               \
    }
ASCX_CANN_COMPARE(lt, LT)
ASCX_CANN_COMPARE(gt, GT)
ASCX_CANN_COMPARE(eq, EQ)
ASCX_CANN_COMPARE(le, LE)
ASCX_CANN_COMPARE(ge, GE)
ASCX_CANN_COMPARE(ne, NE)
#undef ASCX_CANN_COMPARE

template <typename T>
inline void set_cmpmask(T* src) {
    std::memcpy(ascx_cann::regs().cmpmask, reinterpret_cast<const void*>(src), 16);
}
template <typename T>
inline void get_cmpmask(T* dst) {
    std::memcpy(reinterpret_cast<void*>(dst), ascx_cann::regs().cmpmask, 16);
}

/// vsel(dst, src0, src1, repeat, strides...[, mode]): mode 0 (or none) and 2 take two tensors; mode 1 a
/// tensor src0 and the selection bits as the third operand, the scalar in CMPMASK.
template <typename T, typename U, typename R, typename B0, typename B1, typename B2, typename R0, typename R1,
          typename R2>
inline void vsel(T* dst, T* a, U* third, R repeat, B0 bd, B1 ba, B2 bb, R0 rd, R1 ra, R2 rb, uint8_t mode = 0) {
    constexpr uint64_t lanes = 256 / sizeof(T);
    const ascx_cann::Stride sd{uint64_t(bd), uint64_t(rd)}, sa{uint64_t(ba), uint64_t(ra)}, sb{uint64_t(bb), uint64_t(rb)};
    const auto* mask = reinterpret_cast<const uint8_t*>(ascx_cann::regs().cmpmask);
    if (mode == 1) {
        T scalar;
        std::memcpy(&scalar, mask, sizeof(T));
        const auto* sel = reinterpret_cast<const uint8_t*>(third);
        ascx_cann::select(dst, a, uint64_t(repeat), sd, sa,
                          [sel](uint64_t r, uint64_t j) { return ascx_cann::bit_of(sel, r * lanes + j); },
                          static_cast<const T*>(nullptr), sb, &scalar);
        return;
    }
    const T* b = reinterpret_cast<const T*>(third);
    if (mode == 2) {
        const auto* sel = reinterpret_cast<const uint8_t*>(static_cast<uintptr_t>(ascx_cann::regs().cmpmask[0]));
        ascx_cann::select(dst, a, uint64_t(repeat), sd, sa,
                          [sel](uint64_t r, uint64_t j) { return ascx_cann::bit_of(sel, r * lanes + j); }, b, sb,
                          static_cast<const T*>(nullptr));
        return;
    }
    ascx_cann::select(dst, a, uint64_t(repeat), sd, sa, [mask](uint64_t, uint64_t j) { return ascx_cann::bit_of(mask, j); },
                      b, sb, static_cast<const T*>(nullptr));
}

// --- vcmax / vcmin(dst, src, repeat, dstRepStride, srcBlkStride, srcRepStride, order): the largest
// (smallest) active lane of each repeat and its lane index (ties: the first lane), stored as the order says
// (the C API's asc_repeat_reduce_max/min): [value, index] or [index, value] in 2 * sizeof(T) bytes at pair
// r * dstRepStride, [value] at element r * dstRepStride, or [index] as a uint32_t at byte 4 * r *
// dstRepStride; the index is the bits of an unsigned integer of T's size (a uint32_t for ONLY_INDEX). All
// repeats are computed before any is stored.
namespace ascx_cann {
template <typename T>
void reduce_with_index(T* dst, const T* src, uint64_t repeats, uint64_t dst_stride, Stride ss, Order_t order,
                       bool largest) {
    using Index = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;
    constexpr uint64_t lanes = 256 / sizeof(T);
    struct Found {
        T value;
        uint64_t index;
        bool any;
    };
    Found found[256] = {};
    uint64_t visited = 0;
    each_lane(repeats, lanes, [&](uint64_t r, uint64_t active, const uint64_t* bits) {
        if (r >= 256) return;
        visited = r + 1;
        Found f{T(0), 0, false};
        for (uint64_t j = 0; j < active; ++j) {
            if (!lane_on(bits, j)) continue;
            const T v = src[element<T>(r, j, ss)];
            const bool better = largest ? Compute<T>(v) > Compute<T>(f.value) : Compute<T>(v) < Compute<T>(f.value);
            if (!f.any || better) f = {v, j, true};
        }
        found[r] = f;
    });
    auto* bytes = reinterpret_cast<uint8_t*>(dst);
    for (uint64_t r = 0; r < visited; ++r) {
        if (!found[r].any) continue;
        const Index index = Index(found[r].index);
        const T value = found[r].value;
        switch (order) {
            case VALUE_INDEX:
                std::memcpy(bytes + r * dst_stride * 2 * sizeof(T), &value, sizeof(T));
                std::memcpy(bytes + r * dst_stride * 2 * sizeof(T) + sizeof(T), &index, sizeof(T));
                break;
            case INDEX_VALUE:
                std::memcpy(bytes + r * dst_stride * 2 * sizeof(T), &index, sizeof(T));
                std::memcpy(bytes + r * dst_stride * 2 * sizeof(T) + sizeof(T), &value, sizeof(T));
                break;
            case ONLY_VALUE: std::memcpy(bytes + r * dst_stride * sizeof(T), &value, sizeof(T)); break;
            default: {
                const uint32_t wide = uint32_t(found[r].index);
                std::memcpy(bytes + r * dst_stride * 4, &wide, 4);
            }
        }
    }
}
}  // namespace ascx_cann

template <typename T, typename R, typename DR, typename SB, typename SR>
inline void vcmax(T* dst, T* src, R repeat, DR dst_stride, SB src_block, SR src_repeat, Order_t order = VALUE_INDEX) {
    ascx_cann::reduce_with_index(dst, src, uint64_t(repeat), uint64_t(dst_stride),
                                 {uint64_t(src_block), uint64_t(src_repeat)}, order, true);
}
template <typename T, typename R, typename DR, typename SB, typename SR>
inline void vcmin(T* dst, T* src, R repeat, DR dst_stride, SB src_block, SR src_repeat, Order_t order = VALUE_INDEX) {
    ascx_cann::reduce_with_index(dst, src, uint64_t(repeat), uint64_t(dst_stride),
                                 {uint64_t(src_block), uint64_t(src_repeat)}, order, false);
}
