// ascx host emulation: the vector instructions (docs/emulation.md#the-vector-instructions).  Each op has the CANN count form
// (the first ``count`` elements) and the mask forms (``mask`` as a lane count or a ``uint64_t[]`` bit
// mask, ``repeatTimes`` repeats, strides from a repeat-params struct); see repeat.h for the model.
// Results are numpy's: 16-bit floats compute in float and round to nearest even once per
// instruction; integers wrap around.  Within a repeat, all lanes are read before any is written.
// Every op reads its sources and writes its destination on the V pipe for the synchronisation
// checker (checker.h), over the extent of each operand that the op touches.
#pragma once

#include <vector>

#include "ascx_emu/cast_modes.h"
#include "ascx_emu/checker.h"
#include "ascx_emu/convert.h"
#include "ascx_emu/reduce_tmp.h"
#include "ascx_emu/repeat.h"

namespace AscendC {

enum class CMPMODE : uint8_t { LT = 0, GT, EQ, LE, GE, NE };

enum class SELMODE : uint8_t { VSEL_CMPMASK_SPR = 0, VSEL_TENSOR_SCALAR_MODE, VSEL_TENSOR_TENSOR_MODE };

}  // namespace AscendC

namespace ascx_emu {

// --- element operations -------------------------------------------------------------------------

namespace ops {

/// ``a op b`` for integers, wrapping around (computed on unsigned values, no undefined overflow).
template <typename T, typename F>
T wrapping(T a, T b, F f) {
    using U = std::make_unsigned_t<T>;
    using W = std::conditional_t<(sizeof(T) <= 4), uint32_t, uint64_t>;
    return static_cast<T>(static_cast<U>(f(static_cast<W>(static_cast<U>(a)), static_cast<W>(static_cast<U>(b)))));
}

/// ``f(a, b)`` computed in ``compute_t<T>`` and rounded back to ``T``.
template <typename T, typename F>
T rounded(T a, T b, F f) {
    return static_cast<T>(f(widen(a), widen(b)));
}

template <typename T>
T add(T a, T b) {
    if constexpr (std::is_integral_v<T>) {
        return wrapping(a, b, [](auto x, auto y) { return x + y; });
    } else {
        return rounded(a, b, [](auto x, auto y) { return x + y; });
    }
}

template <typename T>
T sub(T a, T b) {
    if constexpr (std::is_integral_v<T>) {
        return wrapping(a, b, [](auto x, auto y) { return x - y; });
    } else {
        return rounded(a, b, [](auto x, auto y) { return x - y; });
    }
}

template <typename T>
T mul(T a, T b) {
    if constexpr (std::is_integral_v<T>) {
        return wrapping(a, b, [](auto x, auto y) { return x * y; });
    } else {
        return rounded(a, b, [](auto x, auto y) { return x * y; });
    }
}

template <typename T>
T div(T a, T b) {
    if constexpr (std::is_integral_v<T>) {
        if (b == 0) {
            fail("Div: integer division by zero");
        }
        if constexpr (std::is_signed_v<T>) {
            if (a == std::numeric_limits<T>::lowest() && b == -1) {
                return a;  // wraps around
            }
        }
        return static_cast<T>(a / b);
    } else {
        return rounded(a, b, [](auto x, auto y) { return x / y; });
    }
}

/// numpy.maximum / numpy.minimum: a NaN operand gives NaN.
template <typename T>
T max(T a, T b) {
    if constexpr (is_floating_v<T>) {
        if (std::isnan(widen(a))) {
            return a;
        }
        if (std::isnan(widen(b))) {
            return b;
        }
    }
    return widen(a) < widen(b) ? b : a;
}

template <typename T>
T min(T a, T b) {
    if constexpr (is_floating_v<T>) {
        if (std::isnan(widen(a))) {
            return a;
        }
        if (std::isnan(widen(b))) {
            return b;
        }
    }
    return widen(b) < widen(a) ? b : a;
}

template <typename T>
T bit_and(T a, T b) {
    static_assert(std::is_integral_v<T>, "And works on integer types");
    return static_cast<T>(a & b);
}

template <typename T>
T bit_or(T a, T b) {
    static_assert(std::is_integral_v<T>, "Or works on integer types");
    return static_cast<T>(a | b);
}

template <typename T>
T bit_not(T a) {
    static_assert(std::is_integral_v<T>, "Not works on integer types");
    return static_cast<T>(~a);
}

template <typename T>
T abs(T a) {
    if constexpr (std::is_unsigned_v<T>) {
        return a;
    } else if constexpr (std::is_integral_v<T>) {
        return a < 0 ? wrapping(T(0), a, [](auto x, auto y) { return x - y; }) : a;
    } else {
        return static_cast<T>(std::fabs(widen(a)));
    }
}

/// A transcendental function: computed in double, rounded once to ``T``.
template <typename T, typename F>
T transcendental(T a, F f) {
    static_assert(is_floating_v<T>, "this vector op works on floating-point types");
    return static_cast<T>(static_cast<compute_t<T>>(f(to_double(a))));
}

template <typename T>
T exp(T a) {
    return transcendental(a, [](double x) { return std::exp(x); });
}

template <typename T>
T ln(T a) {
    return transcendental(a, [](double x) { return std::log(x); });
}

template <typename T>
T sqrt(T a) {
    return transcendental(a, [](double x) { return std::sqrt(x); });
}

template <typename T>
T rsqrt(T a) {
    return transcendental(a, [](double x) { return 1.0 / std::sqrt(x); });
}

template <typename T>
T reciprocal(T a) {
    return transcendental(a, [](double x) { return 1.0 / x; });
}

template <typename T>
T relu(T a) {
    if constexpr (std::is_unsigned_v<T>) {
        return a;
    } else {
        if constexpr (is_floating_v<T>) {
            if (std::isnan(widen(a))) {
                return a;
            }
        }
        return widen(a) < 0 ? T(0) : a;
    }
}

template <typename T>
T leaky_relu(T a, T alpha) {
    if constexpr (std::is_unsigned_v<T>) {
        (void)alpha;
        return a;
    } else {
        return widen(a) >= 0 ? a : mul(a, alpha);
    }
}

template <typename T>
bool compare(AscendC::CMPMODE mode, T a, T b) {
    const auto x = widen(a);
    const auto y = widen(b);
    switch (mode) {
        case AscendC::CMPMODE::LT: return x < y;
        case AscendC::CMPMODE::GT: return x > y;
        case AscendC::CMPMODE::EQ: return x == y;
        case AscendC::CMPMODE::LE: return x <= y;
        case AscendC::CMPMODE::GE: return x >= y;
        case AscendC::CMPMODE::NE: return x != y;
    }
    return false;
}

}  // namespace ops

// --- lane engines ----------------------------------------------------------------------------------

/// Record the V pipe's read or write of the first ``count`` elements of ``t``.
template <typename T>
void on_v(const AscendC::LocalTensor<T>& t, uint64_t count, bool write, const char* what) {
    t.record(count, sync_check::V, write, what);
}

/// ``dst[lane] = f(lane)`` for every active lane; ``f(r, j)`` reads the sources.  A repeat's results
/// are all computed before any is stored.
template <typename D, typename F>
void store_lanes(D* out, const Repeats& rep, const Stride& ds, F&& f) {
    D result[MAX_LANES];
    for (uint32_t r = 0; r < rep.times; ++r) {
        for (uint32_t j = 0; j < rep.lanes; ++j) {
            if (rep.active(r, j)) {
                result[j] = f(r, j);
            }
        }
        for (uint32_t j = 0; j < rep.lanes; ++j) {
            if (rep.active(r, j)) {
                out[lane_offset(ds, r, j)] = result[j];
            }
        }
    }
}

// --- the flat fast path -------------------------------------------------------------------------------
//
// Most instructions touch their operands as plain runs: the count form, or the mask form with every
// lane active and contiguous strides.  Then lane j of repeat r is element r * lanes + j of every
// operand, and the instruction is one loop over ``n`` elements.  The loop computes a chunk of results
// before storing any, so a destination that is also a source (the same elements, in place) reads
// what the repeat-by-repeat model reads; a destination that partly overlaps a source takes the
// general path.  The debug build always takes the general path.

/// How many elements an instruction processes as one flat run (0: not flat).
inline uint64_t flat_elements(const Repeats& rep) {
    if (ASCX_EMU_DEBUG) {
        return 0;
    }
    if (rep.count_form || rep.counted) {  // the first ``count`` lanes, repeat after repeat
        return rep.count;
    }
    const uint64_t low = rep.lanes >= 64 ? ~uint64_t{0} : (uint64_t{1} << rep.lanes) - 1;
    const uint64_t high = rep.lanes >= 128 ? ~uint64_t{0} : rep.lanes > 64 ? (uint64_t{1} << (rep.lanes - 64)) - 1 : 0;
    return (rep.bits[0] & low) == low && (rep.bits[1] & high) == high ? uint64_t{rep.times} * rep.lanes : 0;
}

/// Whether an operand laid out as ``s`` has lane j of repeat r at element r * lanes + j.
inline bool flat_operand(const Repeats& rep, const Stride& s) {
    const uint32_t per_block = s.elem_bytes < BLOCK_BYTES ? BLOCK_BYTES / s.elem_bytes : 1;
    return (s.block == 1 || rep.lanes <= per_block) && uint64_t{s.repeat} * per_block == rep.lanes;
}

/// Whether a flat loop reads source ``src`` as the repeat model does: it is the destination itself
/// (same start, same element size) or does not overlap it.
inline bool flat_source_ok(const void* dst, uint64_t dst_bytes, const void* src, uint64_t src_bytes, bool same_type) {
    const auto* d = static_cast<const unsigned char*>(dst);
    const auto* s = static_cast<const unsigned char*>(src);
    return (d == s && same_type) || d + dst_bytes <= s || s + src_bytes <= d;
}

/// ``out[i] = f(i)`` for i < n, a chunk of results computed before any is stored.
template <typename D, typename F>
void flat_lanes(D* out, uint64_t n, F&& f) {
    constexpr uint64_t CHUNK = 256;
    D result[CHUNK];
    for (uint64_t i = 0; i < n; i += CHUNK) {
        const uint64_t m = n - i < CHUNK ? n - i : CHUNK;
        for (uint64_t j = 0; j < m; ++j) {
            result[j] = f(i + j);
        }
        std::memcpy(static_cast<void*>(out + i), result, m * sizeof(D));
    }
}

template <typename D, typename S, typename F>
void unary_lanes(const AscendC::LocalTensor<D>& dst, const AscendC::LocalTensor<S>& src, const Repeats& rep,
                 const Stride& ds, const Stride& ss, F&& f, const char* what) {
    const S* in = src.span(rep.extent(ss), what);
    D* out = dst.span(rep.extent(ds), what);
    on_v(src, rep.extent(ss), false, what);
    on_v(dst, rep.extent(ds), true, what);
    const uint64_t n = flat_elements(rep);
    if (n != 0 && flat_operand(rep, ds) && flat_operand(rep, ss) &&
        flat_source_ok(out, n * sizeof(D), in, n * sizeof(S), std::is_same_v<D, S>)) {
        flat_lanes(out, n, [&](uint64_t i) { return f(in[i]); });
        return;
    }
    store_lanes(out, rep, ds, [&](uint32_t r, uint32_t j) { return f(in[lane_offset(ss, r, j)]); });
}

template <typename T, typename F>
void binary_lanes(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
                  const AscendC::LocalTensor<T>& src1, const Repeats& rep, const Stride& ds, const Stride& s0,
                  const Stride& s1, F&& f, const char* what) {
    const T* a = src0.span(rep.extent(s0), what);
    const T* b = src1.span(rep.extent(s1), what);
    T* out = dst.span(rep.extent(ds), what);
    on_v(src0, rep.extent(s0), false, what);
    on_v(src1, rep.extent(s1), false, what);
    on_v(dst, rep.extent(ds), true, what);
    const uint64_t n = flat_elements(rep);
    const uint64_t bytes = n * sizeof(T);
    if (n != 0 && flat_operand(rep, ds) && flat_operand(rep, s0) && flat_operand(rep, s1) &&
        flat_source_ok(out, bytes, a, bytes, true) && flat_source_ok(out, bytes, b, bytes, true)) {
        flat_lanes(out, n, [&](uint64_t i) { return f(a[i], b[i]); });
        return;
    }
    store_lanes(out, rep, ds, [&](uint32_t r, uint32_t j) { return f(a[lane_offset(s0, r, j)], b[lane_offset(s1, r, j)]); });
}

// --- the two forms of each family ------------------------------------------------------------------

template <typename T, typename F>
void binary_count(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
                  const AscendC::LocalTensor<T>& src1, int64_t count, F f, const char* what) {
    const Repeats rep = count_repeats(sizeof(T), count, what);
    const Stride s = rep.contiguous<T>();
    binary_lanes(dst, src0, src1, rep, s, s, s, f, what);
}

template <typename T, bool isSetMask, typename Mask, typename F>
void binary_masked(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
                   const AscendC::LocalTensor<T>& src1, Mask mask, uint8_t repeatTimes,
                   const AscendC::BinaryRepeatParams& p, F f, const char* what) {
    const Repeats rep = mask_repeats<isSetMask>(sizeof(T), mask, repeatTimes, what);
    binary_lanes(dst, src0, src1, rep, strided<T>(p.dstBlkStride, p.dstRepStride),
                 strided<T>(p.src0BlkStride, p.src0RepStride), strided<T>(p.src1BlkStride, p.src1RepStride), f, what);
}

template <typename D, typename S, typename F>
void unary_count(const AscendC::LocalTensor<D>& dst, const AscendC::LocalTensor<S>& src, int64_t count, F f,
                 const char* what) {
    const Repeats rep = count_repeats(sizeof(D) > sizeof(S) ? sizeof(D) : sizeof(S), count, what);
    unary_lanes(dst, src, rep, rep.contiguous<D>(), rep.contiguous<S>(), f, what);
}

template <bool isSetMask, typename D, typename S, typename Mask, typename F>
void unary_masked(const AscendC::LocalTensor<D>& dst, const AscendC::LocalTensor<S>& src, Mask mask,
                  uint8_t repeatTimes, const AscendC::UnaryRepeatParams& p, F f, const char* what) {
    const uint32_t widest = sizeof(D) > sizeof(S) ? sizeof(D) : sizeof(S);
    const Repeats rep = mask_repeats<isSetMask>(widest, mask, repeatTimes, what);
    unary_lanes(dst, src, rep, strided<D>(p.dstBlkStride, p.dstRepStride), strided<S>(p.srcBlkStride, p.srcRepStride),
                f, what);
}

}  // namespace ascx_emu

// --- the API: element-wise families --------------------------------------------------------------
//
// Each macro below declares one op's three CANN overloads (count form, continuous mask, bit mask)
// and forwards them to the engines above with the element operation ``OP``.

#define ASCX_EMU_BINARY_OP(NAME, OP)                                                                            \
    template <typename T>                                                                                      \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,              \
              const int32_t& count) {                                                                          \
        ASCX_COVER_FORM(#NAME, "count");                                                                       \
        ascx_emu::binary_count(dst, src0, src1, count, [](T a, T b) { return OP<T>(a, b); }, #NAME);            \
    }                                                                                                          \
    template <typename T, bool isSetMask = true>                                                               \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, uint64_t mask, \
              const uint8_t repeatTimes, const BinaryRepeatParams& repeatParams) {                             \
        ASCX_COVER_FORM(#NAME, "mask");                                                                        \
        ascx_emu::binary_masked<T, isSetMask>(dst, src0, src1, mask, repeatTimes, repeatParams,                 \
                                              [](T a, T b) { return OP<T>(a, b); }, #NAME);                     \
    }                                                                                                          \
    template <typename T, bool isSetMask = true>                                                               \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,              \
              const uint64_t mask[], const uint8_t repeatTimes, const BinaryRepeatParams& repeatParams) {       \
        ASCX_COVER_FORM(#NAME, "mask[]");                                                                       \
        ascx_emu::binary_masked<T, isSetMask>(dst, src0, src1, mask, repeatTimes, repeatParams,                 \
                                              [](T a, T b) { return OP<T>(a, b); }, #NAME);                     \
    }

#define ASCX_EMU_UNARY_OP(NAME, OP)                                                                             \
    template <typename T>                                                                                      \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {                    \
        ASCX_COVER_FORM(#NAME, "count");                                                                       \
        ascx_emu::unary_count(dst, src, count, [](T a) { return OP<T>(a); }, #NAME);                            \
    }                                                                                                          \
    template <typename T, bool isSetMask = true>                                                               \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask, const uint8_t repeatTimes,  \
              const UnaryRepeatParams& repeatParams) {                                                         \
        ASCX_COVER_FORM(#NAME, "mask");                                                                        \
        ascx_emu::unary_masked<isSetMask>(dst, src, mask, repeatTimes, repeatParams,                            \
                                          [](T a) { return OP<T>(a); }, #NAME);                                 \
    }                                                                                                          \
    template <typename T, bool isSetMask = true>                                                               \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[],                     \
              const uint8_t repeatTimes, const UnaryRepeatParams& repeatParams) {                              \
        ASCX_COVER_FORM(#NAME, "mask[]");                                                                      \
        ascx_emu::unary_masked<isSetMask>(dst, src, mask, repeatTimes, repeatParams,                            \
                                          [](T a) { return OP<T>(a); }, #NAME);                                 \
    }

// ``OP(x, scalar)`` for every element; the count form takes isSetMask too: false runs one instruction
// under the mask register as it is (repeat.h, count_or_register_repeats).
#define ASCX_EMU_SCALAR_OP(NAME, OP)                                                                            \
    template <typename T, bool isSetMask = true>                                                               \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, const int32_t& count) { \
        ASCX_COVER_FORM(#NAME, "count");                                                                          \
        const T s = scalarValue;                                                                               \
        const ascx_emu::Repeats rep = ascx_emu::count_or_register_repeats<isSetMask>(sizeof(T), count, #NAME);  \
        ascx_emu::unary_lanes(dst, src, rep, rep.contiguous<T>(), rep.contiguous<T>(),                         \
                              [s](T x) { return OP<T>(x, s); }, #NAME);                                         \
    }                                                                                                          \
    template <typename T, bool isSetMask = true>                                                               \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, uint64_t mask,       \
              const uint8_t repeatTimes, const UnaryRepeatParams& repeatParams) {                              \
        ASCX_COVER_FORM(#NAME, "mask");                                                                        \
        const T s = scalarValue;                                                                               \
        ascx_emu::unary_masked<isSetMask>(dst, src, mask, repeatTimes, repeatParams,                            \
                                          [s](T x) { return OP<T>(x, s); }, #NAME);                            \
    }                                                                                                          \
    template <typename T, bool isSetMask = true>                                                               \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, const uint64_t mask[], \
              const uint8_t repeatTimes, const UnaryRepeatParams& repeatParams) {                              \
        ASCX_COVER_FORM(#NAME, "mask[]");                                                                      \
        const T s = scalarValue;                                                                               \
        ascx_emu::unary_masked<isSetMask>(dst, src, mask, repeatTimes, repeatParams,                            \
                                          [s](T x) { return OP<T>(x, s); }, #NAME);                            \
    }

namespace AscendC {

// tensor-tensor: dst = src0 op src1
ASCX_EMU_BINARY_OP(Add, ascx_emu::ops::add)
ASCX_EMU_BINARY_OP(Sub, ascx_emu::ops::sub)
ASCX_EMU_BINARY_OP(Mul, ascx_emu::ops::mul)
ASCX_EMU_BINARY_OP(Div, ascx_emu::ops::div)
ASCX_EMU_BINARY_OP(Max, ascx_emu::ops::max)
ASCX_EMU_BINARY_OP(Min, ascx_emu::ops::min)
ASCX_EMU_BINARY_OP(And, ascx_emu::ops::bit_and)
ASCX_EMU_BINARY_OP(Or, ascx_emu::ops::bit_or)

// unary: dst = f(src)
ASCX_EMU_UNARY_OP(Abs, ascx_emu::ops::abs)
ASCX_EMU_UNARY_OP(Exp, ascx_emu::ops::exp)
ASCX_EMU_UNARY_OP(Ln, ascx_emu::ops::ln)
ASCX_EMU_UNARY_OP(Sqrt, ascx_emu::ops::sqrt)
ASCX_EMU_UNARY_OP(Rsqrt, ascx_emu::ops::rsqrt)
ASCX_EMU_UNARY_OP(Reciprocal, ascx_emu::ops::reciprocal)
ASCX_EMU_UNARY_OP(Relu, ascx_emu::ops::relu)
ASCX_EMU_UNARY_OP(Not, ascx_emu::ops::bit_not)

// tensor-scalar: dst = src op scalar
ASCX_EMU_SCALAR_OP(Adds, ascx_emu::ops::add)
ASCX_EMU_SCALAR_OP(Muls, ascx_emu::ops::mul)
ASCX_EMU_SCALAR_OP(Maxs, ascx_emu::ops::max)
ASCX_EMU_SCALAR_OP(Mins, ascx_emu::ops::min)
ASCX_EMU_SCALAR_OP(LeakyRelu, ascx_emu::ops::leaky_relu)

}  // namespace AscendC

#undef ASCX_EMU_BINARY_OP
#undef ASCX_EMU_UNARY_OP
#undef ASCX_EMU_SCALAR_OP

// --- Cast and Duplicate ---------------------------------------------------------------------------

namespace AscendC {

/// Cast: repeats are 256 bytes of the wider of the two types; each operand strides in its own blocks. The
/// round mode must be one CANN's Atlas A2 Cast takes for the two types (cast_modes.h).
template <typename T, typename U>
void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode, const uint32_t count) {
    ASCX_COVER_FORM("Cast", "LocalTensor, LocalTensor, RoundMode, uint32_t");
    ASCX_COVER_ENUM("Cast", "roundMode", RoundMode, roundMode);
    const RoundMode mode = roundMode;
    ascx_emu::check_cast_mode<T, U>(mode);
    ascx_emu::unary_count(dst, src, count, [mode](U x) { return ascx_emu::convert<T>(x, mode); }, "Cast");
}

template <typename T, typename U, bool isSetMask = true>
void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode, const uint64_t mask,
          const uint8_t repeatTimes, const UnaryRepeatParams& repeatParams) {
    ASCX_COVER_FORM("Cast", "LocalTensor, LocalTensor, RoundMode, uint64_t, uint8_t, UnaryRepeatParams");
    ASCX_COVER_ENUM("Cast", "roundMode", RoundMode, roundMode);
    const RoundMode mode = roundMode;
    ascx_emu::check_cast_mode<T, U>(mode);
    ascx_emu::unary_masked<isSetMask>(dst, src, mask, repeatTimes, repeatParams,
                                      [mode](U x) { return ascx_emu::convert<T>(x, mode); }, "Cast");
}

template <typename T, typename U, bool isSetMask = true>
void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode, const uint64_t mask[],
          const uint8_t repeatTimes, const UnaryRepeatParams& repeatParams) {
    ASCX_COVER_FORM("Cast", "LocalTensor, LocalTensor, RoundMode, uint64_t[], uint8_t, UnaryRepeatParams");
    ASCX_COVER_ENUM("Cast", "roundMode", RoundMode, roundMode);
    const RoundMode mode = roundMode;
    ascx_emu::check_cast_mode<T, U>(mode);
    ascx_emu::unary_masked<isSetMask>(dst, src, mask, repeatTimes, repeatParams,
                                      [mode](U x) { return ascx_emu::convert<T>(x, mode); }, "Cast");
}

/// Duplicate: every processed element of dst becomes ``scalarValue``.
template <typename T>
void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, const int32_t& count) {
    ASCX_COVER_FORM("Duplicate", "LocalTensor, T, int32_t");
    const char* what = "Duplicate";
    const ascx_emu::Repeats rep = ascx_emu::count_repeats(sizeof(T), count, what);
    const T value = scalarValue;
    T* out = dst.span(rep.count, what);
    ascx_emu::on_v(dst, rep.count, true, what);
    ascx_emu::store_lanes(out, rep, rep.contiguous<T>(), [value](uint32_t, uint32_t) { return value; });
}

namespace detail {
template <typename T, bool isSetMask, typename Mask>
void duplicate_masked(const LocalTensor<T>& dst, const T& scalarValue, Mask mask, uint8_t repeatTimes,
                      uint16_t dstBlockStride, uint8_t dstRepeatStride) {
    const char* what = "Duplicate";
    const ascx_emu::Repeats rep = ascx_emu::mask_repeats<isSetMask>(sizeof(T), mask, repeatTimes, what);
    const ascx_emu::Stride ds = ascx_emu::strided<T>(dstBlockStride, dstRepeatStride);
    const T value = scalarValue;
    T* out = dst.span(rep.extent(ds), what);
    ascx_emu::on_v(dst, rep.extent(ds), true, what);
    ascx_emu::store_lanes(out, rep, ds, [value](uint32_t, uint32_t) { return value; });
}
}  // namespace detail

template <typename T, bool isSetMask = true>
void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, uint64_t mask, const uint8_t repeatTimes,
               const uint16_t dstBlockStride, const uint8_t dstRepeatStride) {
    ASCX_COVER_FORM("Duplicate", "LocalTensor, T, uint64_t, uint8_t, uint16_t, uint8_t");
    detail::duplicate_masked<T, isSetMask>(dst, scalarValue, mask, repeatTimes, dstBlockStride, dstRepeatStride);
}

template <typename T, bool isSetMask = true>
void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, const uint64_t mask[], const uint8_t repeatTimes,
               const uint16_t dstBlockStride, const uint8_t dstRepeatStride) {
    ASCX_COVER_FORM("Duplicate", "LocalTensor, T, uint64_t[], uint8_t, uint16_t, uint8_t");
    detail::duplicate_masked<T, isSetMask>(dst, scalarValue, mask, repeatTimes, dstBlockStride, dstRepeatStride);
}

// CreateVecIndex: element j of repeat r is firstValue + r * lanes + j, computed as CANN does it.  The scalar
// unit writes the first 32-byte block (firstValue + j: integers in 64 bits, half and float in float), and
// then, on the vector pipe, each later block of the first repeat adds the block's length to the block before
// it, and each later repeat adds a repeat's length to the repeat before it, rounding to T at every add.  The
// bit-mask form writes every selected lane of the first repeat with the scalar unit.  The first repeat is
// written even for repeatTime 0 (CANN's implementation runs it before it counts the repeats).  The scalar
// unit's wait takes an event id from the TPipe, which the kernel must have.

namespace detail {
template <typename T>
T index_value(const T& first, uint32_t offset) {
    if constexpr (std::is_integral_v<T>) {
        return static_cast<T>(static_cast<int64_t>(first) + static_cast<int64_t>(offset));
    } else {
        return static_cast<T>(static_cast<float>(first) + static_cast<float>(offset));
    }
}

template <typename T>
void create_vec_index(const LocalTensor<T>& dst, const T& firstValue, const ascx_emu::Repeats& rep,
                      const ascx_emu::Stride& ds, bool chain_blocks) {
    const char* what = "CreateVecIndex";
    needs_tpipe(what);
    const uint32_t block = ascx_emu::BLOCK_BYTES / sizeof(T);
    T row[ascx_emu::MAX_LANES];
    for (uint32_t j = 0; j < rep.lanes; ++j) {
        if (!chain_blocks) {
            row[j] = index_value(firstValue, j);
            continue;
        }
        T value = index_value(firstValue, j % block);
        for (uint32_t b = 0; b < j / block; ++b) {
            value = ascx_emu::ops::add(value, index_value(T(0), block));
        }
        row[j] = value;
    }
    const T step = index_value(T(0), rep.lanes);
    const uint32_t times = rep.times == 0 && !rep.count_form ? 1 : rep.times;
    ascx_emu::Repeats written = rep;
    written.times = times;
    const uint64_t extent = written.extent(ds);
    T* out = dst.span(extent, what);
    ascx_emu::on_v(dst, extent, true, what);
    for (uint32_t r = 0; r < times; ++r) {
        for (uint32_t j = 0; j < rep.lanes && r > 0; ++j) {
            row[j] = ascx_emu::ops::add(row[j], step);
        }
        for (uint32_t j = 0; j < rep.lanes; ++j) {
            if (written.active(r, j)) {
                out[ascx_emu::lane_offset(ds, r, j)] = row[j];
            }
        }
    }
}
}  // namespace detail

template <typename T>
void CreateVecIndex(LocalTensor<T> dst, const T& firstValue, uint32_t count) {
    ASCX_COVER_FORM("CreateVecIndex", "LocalTensor, T, uint32_t");
    const ascx_emu::Repeats rep = ascx_emu::count_repeats(sizeof(T), count, "CreateVecIndex");
    detail::create_vec_index(dst, firstValue, rep, rep.contiguous<T>(), true);
}

template <typename T>
void CreateVecIndex(LocalTensor<T>& dst, const T& firstValue, uint64_t mask, uint8_t repeatTime, uint16_t dstBlkStride,
                    uint8_t dstRepStride) {
    ASCX_COVER_FORM("CreateVecIndex", "LocalTensor, T, uint64_t, uint8_t, uint16_t, uint8_t");
    const ascx_emu::Repeats rep = ascx_emu::mask_repeats<true>(sizeof(T), mask, repeatTime, "CreateVecIndex");
    detail::create_vec_index(dst, firstValue, rep, ascx_emu::strided<T>(dstBlkStride, dstRepStride), true);
}

template <typename T>
void CreateVecIndex(LocalTensor<T>& dst, const T& firstValue, uint64_t mask[], uint8_t repeatTime,
                    uint16_t dstBlkStride, uint8_t dstRepStride) {
    ASCX_COVER_FORM("CreateVecIndex", "LocalTensor, T, uint64_t[], uint8_t, uint16_t, uint8_t");
    const ascx_emu::Repeats rep = ascx_emu::mask_repeats<true>(sizeof(T), mask, repeatTime, "CreateVecIndex");
    detail::create_vec_index(dst, firstValue, rep, ascx_emu::strided<T>(dstBlkStride, dstRepStride), false);
}

}  // namespace AscendC

// --- reductions -------------------------------------------------------------------------------------
//
// ReduceSum adds the lanes of each repeat as a binary tree (inactive lanes count as 0), then adds the
// repeat sums in order (count form) or again as a binary tree (mask form), as CANN documents; every
// addition rounds to T.  ReduceMax / ReduceMin keep the first extreme element; with calIndex, dst[1]
// holds its index (repeat * lanes + lane) as the bits of an unsigned integer of T's size.

namespace ascx_emu {

template <typename T>
T tree_sum(std::vector<T> values) {
    if (values.empty()) {
        return T(0);
    }
    while (values.size() > 1) {
        std::vector<T> next;
        for (size_t i = 0; i + 1 < values.size(); i += 2) {
            next.push_back(ops::add(values[i], values[i + 1]));
        }
        if (values.size() % 2 != 0) {
            next.push_back(values.back());
        }
        values.swap(next);
    }
    return values[0];
}

template <typename T>
void reduce_sum(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                const AscendC::LocalTensor<T>& tmp, const Repeats& rep, const Stride& ss, const char* what) {
    if (rep.times == 0) {
        return;  // a count or repeatTime of 0: no operation (Atlas A2)
    }
    use_reduce_tmp(tmp, rep, true, false, what);
    const T* in = src.span(rep.extent(ss), what);
    T* out = dst.span(1, what);
    on_v(src, rep.extent(ss), false, what);
    on_v(dst, 1, true, what);
    std::vector<T> sums;
    for (uint32_t r = 0; r < rep.times; ++r) {
        std::vector<T> lanes(rep.lanes, T(0));
        for (uint32_t j = 0; j < rep.lanes; ++j) {
            if (rep.active(r, j)) {
                lanes[j] = in[lane_offset(ss, r, j)];
            }
        }
        sums.push_back(tree_sum(std::move(lanes)));
    }
    if (rep.count_form) {
        T total = T(0);
        for (const T& s : sums) {
            total = ops::add(total, s);
        }
        out[0] = total;
    } else {
        out[0] = tree_sum(std::move(sums));
    }
}

template <typename T>
void reduce_extreme(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                    const AscendC::LocalTensor<T>& tmp, const Repeats& rep, const Stride& ss, bool maximum,
                    bool calIndex, const char* what) {
    if (rep.times == 0) {
        return;  // a count or repeatTime of 0: no operation (Atlas A2)
    }
    use_reduce_tmp(tmp, rep, false, calIndex, what);
    const T* in = src.span(rep.extent(ss), what);
    T* out = dst.span(calIndex ? 2 : 1, what);
    on_v(src, rep.extent(ss), false, what);
    on_v(dst, calIndex ? 2 : 1, true, what);
    bool found = false;
    T best = T(0);
    uint64_t best_index = 0;
    for (uint32_t r = 0; r < rep.times; ++r) {
        for (uint32_t j = 0; j < rep.lanes; ++j) {
            if (!rep.active(r, j)) {
                continue;
            }
            const T v = in[lane_offset(ss, r, j)];
            bool better = !found;
            if (found) {
                if constexpr (is_floating_v<T>) {
                    better = !std::isnan(widen(best)) && (std::isnan(widen(v)) || (maximum ? widen(v) > widen(best)
                                                                                             : widen(v) < widen(best)));
                } else {
                    better = maximum ? v > best : v < best;
                }
            }
            if (better) {
                best = v;
                best_index = uint64_t{r} * rep.lanes + j;
                found = true;
            }
        }
    }
    if (!found) {
        fail("%s: no element to reduce", what);
    }
    out[0] = best;
    if (calIndex) {
        using Index = std::conditional_t<sizeof(T) == 2, uint16_t, std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>;
        if (best_index > static_cast<uint64_t>(std::numeric_limits<Index>::max())) {
            fail("%s: the index %llu does not fit the %u-byte index slot", what,
                 static_cast<unsigned long long>(best_index), static_cast<unsigned>(sizeof(T)));
        }
        const Index index = static_cast<Index>(best_index);
        std::memcpy(reinterpret_cast<unsigned char*>(out) + sizeof(T), &index, sizeof(Index));
    }
}

template <typename T>
bool is_zero_mask(uint64_t mask) {
    return mask == 0;
}

template <typename T>
bool is_zero_mask(const uint64_t mask[]) {
    return mask[0] == 0 && (lanes_for(sizeof(T)) <= 64 || mask[1] == 0);
}

/// The mask form of a reduction.
template <typename T, bool isSetMask, typename Mask>
Repeats reduce_repeats(Mask mask, int32_t repeatTime, const char* what) {
    if (repeatTime < 0) {
        fail("%s: repeatTime %d is negative", what, static_cast<int>(repeatTime));
    }
    if (repeatTime == 0 || (isSetMask && is_zero_mask<T>(mask))) {
        return Repeats{};  // no operation (Atlas A2)
    }
    return mask_repeats<isSetMask>(sizeof(T), mask, static_cast<uint32_t>(repeatTime), what);
}

/// The source layout of a reduction's mask form: block stride 1, repeat stride ``srcRepStride``.
template <typename T>
Stride reduce_stride(int32_t srcRepStride, const char* what) {
    if (srcRepStride < 0) {
        fail("%s: srcRepStride %d is negative", what, static_cast<int>(srcRepStride));
    }
    return strided<T>(1, static_cast<uint32_t>(srcRepStride));
}

}  // namespace ascx_emu

namespace AscendC {

template <typename T, bool isSetMask = true>
void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
               const int32_t count) {
    ASCX_COVER_FORM("ReduceSum", "LocalTensor, LocalTensor, LocalTensor, int32_t");
    const ascx_emu::Repeats rep = ascx_emu::count_repeats(sizeof(T), count, "ReduceSum");
    ascx_emu::reduce_sum(dst, src, sharedTmpBuffer, rep, rep.contiguous<T>(), "ReduceSum");
}

template <typename T, bool isSetMask = true>
void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
               const int32_t mask, const int32_t repeatTime, const int32_t srcRepStride) {
    ASCX_COVER_FORM("ReduceSum", "LocalTensor, LocalTensor, LocalTensor, int32_t, int32_t, int32_t");
    const auto rep = ascx_emu::reduce_repeats<T, isSetMask>(static_cast<uint64_t>(mask), repeatTime, "ReduceSum");
    ascx_emu::reduce_sum(dst, src, sharedTmpBuffer, rep, ascx_emu::reduce_stride<T>(srcRepStride, "ReduceSum"), "ReduceSum");
}

template <typename T, bool isSetMask = true>
void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
               const uint64_t mask[], const int32_t repeatTime, const int32_t srcRepStride) {
    ASCX_COVER_FORM("ReduceSum", "LocalTensor, LocalTensor, LocalTensor, uint64_t[], int32_t, int32_t");
    const auto rep = ascx_emu::reduce_repeats<T, isSetMask>(mask, repeatTime, "ReduceSum");
    ascx_emu::reduce_sum(dst, src, sharedTmpBuffer, rep, ascx_emu::reduce_stride<T>(srcRepStride, "ReduceSum"), "ReduceSum");
}

template <typename T>
void ReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
               const int32_t count, bool calIndex = 0) {
    ASCX_COVER_FORM("ReduceMax", "LocalTensor, LocalTensor, LocalTensor, int32_t, bool");
    const ascx_emu::Repeats rep = ascx_emu::count_repeats(sizeof(T), count, "ReduceMax");
    ascx_emu::reduce_extreme(dst, src, sharedTmpBuffer, rep, rep.contiguous<T>(), true, calIndex, "ReduceMax");
}

template <typename T, bool isSetMask = true>
void ReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
               const int32_t mask, const int32_t repeatTime, const int32_t srcRepStride, bool calIndex = 0) {
    ASCX_COVER_FORM("ReduceMax", "LocalTensor, LocalTensor, LocalTensor, int32_t, int32_t, int32_t, bool");
    const auto rep = ascx_emu::reduce_repeats<T, isSetMask>(static_cast<uint64_t>(mask), repeatTime, "ReduceMax");
    ascx_emu::reduce_extreme(dst, src, sharedTmpBuffer, rep, ascx_emu::reduce_stride<T>(srcRepStride, "ReduceMax"), true,
                             calIndex, "ReduceMax");
}

template <typename T, bool isSetMask = true>
void ReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
               const uint64_t mask[], const int32_t repeatTime, const int32_t srcRepStride, bool calIndex = 0) {
    ASCX_COVER_FORM("ReduceMax", "LocalTensor, LocalTensor, LocalTensor, uint64_t[], int32_t, int32_t, bool");
    const auto rep = ascx_emu::reduce_repeats<T, isSetMask>(mask, repeatTime, "ReduceMax");
    ascx_emu::reduce_extreme(dst, src, sharedTmpBuffer, rep, ascx_emu::reduce_stride<T>(srcRepStride, "ReduceMax"), true,
                             calIndex, "ReduceMax");
}

template <typename T>
void ReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
               const int32_t count, bool calIndex = 0) {
    ASCX_COVER_FORM("ReduceMin", "LocalTensor, LocalTensor, LocalTensor, int32_t, bool");
    const ascx_emu::Repeats rep = ascx_emu::count_repeats(sizeof(T), count, "ReduceMin");
    ascx_emu::reduce_extreme(dst, src, sharedTmpBuffer, rep, rep.contiguous<T>(), false, calIndex, "ReduceMin");
}

template <typename T, bool isSetMask = true>
void ReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
               const int32_t mask, const int32_t repeatTime, const int32_t srcRepStride, bool calIndex = 0) {
    ASCX_COVER_FORM("ReduceMin", "LocalTensor, LocalTensor, LocalTensor, int32_t, int32_t, int32_t, bool");
    const auto rep = ascx_emu::reduce_repeats<T, isSetMask>(static_cast<uint64_t>(mask), repeatTime, "ReduceMin");
    ascx_emu::reduce_extreme(dst, src, sharedTmpBuffer, rep, ascx_emu::reduce_stride<T>(srcRepStride, "ReduceMin"), false,
                             calIndex, "ReduceMin");
}

template <typename T, bool isSetMask = true>
void ReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
               const uint64_t mask[], const int32_t repeatTime, const int32_t srcRepStride, bool calIndex = 0) {
    ASCX_COVER_FORM("ReduceMin", "LocalTensor, LocalTensor, LocalTensor, uint64_t[], int32_t, int32_t, bool");
    const auto rep = ascx_emu::reduce_repeats<T, isSetMask>(mask, repeatTime, "ReduceMin");
    ascx_emu::reduce_extreme(dst, src, sharedTmpBuffer, rep, ascx_emu::reduce_stride<T>(srcRepStride, "ReduceMin"), false,
                             calIndex, "ReduceMin");
}

}  // namespace AscendC

// --- Compare, CompareScalar, Select -----------------------------------------------------------------
//
// Compare writes one bit per element, little-endian (element i is bit i % 8 of byte i / 8 of the
// destination's memory, whatever its element type U).  Bits are consecutive across repeats: repeat r
// writes bits [r * lanes, (r + 1) * lanes); the destination strides of BinaryRepeatParams are not
// used.  In the mask form a masked-off lane writes a 0 bit (assumed, not verified).  The count form
// needs count * sizeof(T) to be a multiple of 256 bytes, as CANN documents.
//
// Select reads its selection bits the same way: bit (r * lanes + j) for lane j of repeat r in
// VSEL_TENSOR_SCALAR_MODE and VSEL_TENSOR_TENSOR_MODE; in VSEL_CMPMASK_SPR every repeat uses the same
// first ``lanes`` bits.  A set bit takes src0, a clear bit src1.

namespace ascx_emu {

/// The first ``bits`` bits of a tensor's memory, checked against the tensor and recorded as read or
/// written on the V pipe.
template <typename U>
unsigned char* bit_span(const AscendC::LocalTensor<U>& t, uint64_t bits, bool write, const char* what) {
    const uint64_t bytes = (bits + 7) / 8;
    auto* first = reinterpret_cast<unsigned char*>(t.span((bytes + sizeof(U) - 1) / sizeof(U), what));
    t.record_bytes(bytes, sync_check::V, write, what);
    return first;
}

inline bool get_bit(const unsigned char* bytes, uint64_t i) { return ((bytes[i / 8] >> (i % 8)) & 1u) != 0; }

inline void set_bit(unsigned char* bytes, uint64_t i, bool value) {
    const auto bit = static_cast<unsigned char>(1u << (i % 8));
    bytes[i / 8] = static_cast<unsigned char>(value ? (bytes[i / 8] | bit) : (bytes[i / 8] & ~bit));
}

template <typename T>
void check_compare_count(int64_t count, const char* what) {
    if ((static_cast<uint64_t>(count) * sizeof(T)) % REPEAT_BYTES != 0) {
        fail("%s: %lld elements of %u bytes are not a multiple of 256 bytes, as the count form requires", what,
             static_cast<long long>(count), static_cast<unsigned>(sizeof(T)));
    }
}

/// Compare ``src0`` lane by lane with ``rhs(r, j)``, into the bits of ``dst``.
template <typename T, typename U, typename Rhs>
void compare_lanes(const AscendC::LocalTensor<U>& dst, const AscendC::LocalTensor<T>& src0, Rhs rhs,
                   AscendC::CMPMODE mode, const Repeats& rep, const Stride& s0, const char* what) {
    const T* a = src0.span(rep.extent(s0), what);
    on_v(src0, rep.extent(s0), false, what);
    const uint64_t bits = rep.count_form ? rep.count : uint64_t{rep.times} * rep.lanes;
    unsigned char* out = bit_span(dst, bits, true, what);
    for (uint32_t r = 0; r < rep.times; ++r) {
        for (uint32_t j = 0; j < rep.lanes; ++j) {
            const uint64_t i = uint64_t{r} * rep.lanes + j;
            if (i < bits) {
                set_bit(out, i, rep.active(r, j) && ops::compare(mode, a[lane_offset(s0, r, j)], rhs(r, j)));
            }
        }
    }
}

/// Select lane by lane between ``src0`` and ``other(r, j)`` by the bits of ``selMask``.
template <typename T, typename U, typename Other>
void select_lanes(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& selMask,
                  const AscendC::LocalTensor<T>& src0, Other other, AscendC::SELMODE mode, const Repeats& rep,
                  const Stride& ds, const Stride& s0, const char* what) {
    const bool same_bits = mode == AscendC::SELMODE::VSEL_CMPMASK_SPR;
    const uint64_t bits = same_bits ? rep.lanes : rep.count_form ? rep.count : uint64_t{rep.times} * rep.lanes;
    const unsigned char* sel = bit_span(selMask, bits, false, what);
    const T* a = src0.span(rep.extent(s0), what);
    T* out = dst.span(rep.extent(ds), what);
    on_v(src0, rep.extent(s0), false, what);
    on_v(dst, rep.extent(ds), true, what);
    store_lanes(out, rep, ds, [&](uint32_t r, uint32_t j) {
        const uint64_t i = same_bits ? j : uint64_t{r} * rep.lanes + j;
        return get_bit(sel, i) ? a[lane_offset(s0, r, j)] : other(r, j);
    });
}

inline void check_select_mode(AscendC::SELMODE mode, bool scalar, const char* what) {
    if (scalar != (mode == AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE)) {
        fail(scalar ? "%s: a scalar src1 needs SELMODE::VSEL_TENSOR_SCALAR_MODE"
                    : "%s: SELMODE::VSEL_TENSOR_SCALAR_MODE needs a scalar src1",
             what);
    }
}

}  // namespace ascx_emu

namespace AscendC {

template <typename T, typename U>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
             uint32_t count) {
    ASCX_COVER_FORM("Compare", "LocalTensor, LocalTensor, LocalTensor, CMPMODE, uint32_t");
    ASCX_COVER_ENUM("Compare", "cmpMode", CMPMODE, cmpMode);
    const char* what = "Compare";
    ascx_emu::check_compare_count<T>(count, what);
    const ascx_emu::Repeats rep = ascx_emu::count_repeats(sizeof(T), count, what);
    const ascx_emu::Stride s = rep.contiguous<T>();
    const T* b = src1.span(rep.extent(s), what);
    ascx_emu::on_v(src1, rep.extent(s), false, what);
    ascx_emu::compare_lanes(dst, src0, [&](uint32_t r, uint32_t j) { return b[ascx_emu::lane_offset(s, r, j)]; },
                            cmpMode, rep, s, what);
}

namespace detail {
template <typename T, typename U, bool isSetMask, typename Mask>
void compare_masked(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                    CMPMODE cmpMode, Mask mask, uint8_t repeatTimes, const BinaryRepeatParams& p) {
    const char* what = "Compare";
    const ascx_emu::Repeats rep = ascx_emu::mask_repeats<isSetMask>(sizeof(T), mask, repeatTimes, what);
    const ascx_emu::Stride s1 = ascx_emu::strided<T>(p.src1BlkStride, p.src1RepStride);
    const T* b = src1.span(rep.extent(s1), what);
    ascx_emu::on_v(src1, rep.extent(s1), false, what);
    ascx_emu::compare_lanes(dst, src0, [&](uint32_t r, uint32_t j) { return b[ascx_emu::lane_offset(s1, r, j)]; },
                            cmpMode, rep, ascx_emu::strided<T>(p.src0BlkStride, p.src0RepStride), what);
}
}  // namespace detail

template <typename T, typename U, bool isSetMask = true>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
             const uint64_t mask, uint8_t repeatTimes, const BinaryRepeatParams& repeatParams) {
    ASCX_COVER_FORM("Compare", "LocalTensor, LocalTensor, LocalTensor, CMPMODE, uint64_t, uint8_t, BinaryRepeatParams");
    ASCX_COVER_ENUM("Compare", "cmpMode", CMPMODE, cmpMode);
    detail::compare_masked<T, U, isSetMask>(dst, src0, src1, cmpMode, mask, repeatTimes, repeatParams);
}

template <typename T, typename U, bool isSetMask = true>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
             const uint64_t mask[], uint8_t repeatTimes, const BinaryRepeatParams& repeatParams) {
    ASCX_COVER_FORM("Compare", "LocalTensor, LocalTensor, LocalTensor, CMPMODE, uint64_t[], uint8_t, BinaryRepeatParams");
    ASCX_COVER_ENUM("Compare", "cmpMode", CMPMODE, cmpMode);
    detail::compare_masked<T, U, isSetMask>(dst, src0, src1, cmpMode, mask, repeatTimes, repeatParams);
}

template <typename T, typename U>
void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode,
                   uint32_t count) {
    ASCX_COVER_FORM("CompareScalar", "LocalTensor, LocalTensor, T, CMPMODE, uint32_t");
    ASCX_COVER_ENUM("CompareScalar", "cmpMode", CMPMODE, cmpMode);
    const char* what = "CompareScalar";
    ascx_emu::check_compare_count<T>(count, what);
    const ascx_emu::Repeats rep = ascx_emu::count_repeats(sizeof(T), count, what);
    ascx_emu::compare_lanes(dst, src0, [src1Scalar](uint32_t, uint32_t) { return src1Scalar; }, cmpMode, rep,
                            rep.contiguous<T>(), what);
}

namespace detail {
template <typename T, typename U, bool isSetMask, typename Mask>
void compare_scalar_masked(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar,
                           CMPMODE cmpMode, Mask mask, uint8_t repeatTimes, const UnaryRepeatParams& p) {
    const char* what = "CompareScalar";
    const ascx_emu::Repeats rep = ascx_emu::mask_repeats<isSetMask>(sizeof(T), mask, repeatTimes, what);
    ascx_emu::compare_lanes(dst, src0, [src1Scalar](uint32_t, uint32_t) { return src1Scalar; }, cmpMode, rep,
                            ascx_emu::strided<T>(p.srcBlkStride, p.srcRepStride), what);
}
}  // namespace detail

template <typename T, typename U, bool isSetMask = true>
void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode,
                   const uint64_t mask, uint8_t repeatTimes, const UnaryRepeatParams& repeatParams) {
    ASCX_COVER_FORM("CompareScalar", "LocalTensor, LocalTensor, T, CMPMODE, uint64_t, uint8_t, UnaryRepeatParams");
    ASCX_COVER_ENUM("CompareScalar", "cmpMode", CMPMODE, cmpMode);
    detail::compare_scalar_masked<T, U, isSetMask>(dst, src0, src1Scalar, cmpMode, mask, repeatTimes, repeatParams);
}

template <typename T, typename U, bool isSetMask = true>
void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode,
                   const uint64_t mask[], uint8_t repeatTimes, const UnaryRepeatParams& repeatParams) {
    ASCX_COVER_FORM("CompareScalar", "LocalTensor, LocalTensor, T, CMPMODE, uint64_t[], uint8_t, UnaryRepeatParams");
    ASCX_COVER_ENUM("CompareScalar", "cmpMode", CMPMODE, cmpMode);
    detail::compare_scalar_masked<T, U, isSetMask>(dst, src0, src1Scalar, cmpMode, mask, repeatTimes, repeatParams);
}

// Select, count form: src1 a scalar (VSEL_TENSOR_SCALAR_MODE) or a tensor (the other two modes).
template <typename T, typename U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, T src1,
            SELMODE selMode, uint32_t count) {
    ASCX_COVER_FORM("Select", "LocalTensor, LocalTensor, LocalTensor, T, SELMODE, uint32_t");
    ASCX_COVER_ENUM("Select", "selMode", SELMODE, selMode);
    const char* what = "Select";
    ascx_emu::check_select_mode(selMode, true, what);
    const ascx_emu::Repeats rep = ascx_emu::count_repeats(sizeof(T), count, what);
    const ascx_emu::Stride s = rep.contiguous<T>();
    ascx_emu::select_lanes(dst, selMask, src0, [src1](uint32_t, uint32_t) { return src1; }, selMode, rep, s, s, what);
}

template <typename T, typename U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            const LocalTensor<T>& src1, SELMODE selMode, uint32_t count) {
    ASCX_COVER_FORM("Select", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, SELMODE, uint32_t");
    ASCX_COVER_ENUM("Select", "selMode", SELMODE, selMode);
    const char* what = "Select";
    ascx_emu::check_select_mode(selMode, false, what);
    const ascx_emu::Repeats rep = ascx_emu::count_repeats(sizeof(T), count, what);
    const ascx_emu::Stride s = rep.contiguous<T>();
    const T* b = src1.span(rep.extent(s), what);
    ascx_emu::on_v(src1, rep.extent(s), false, what);
    ascx_emu::select_lanes(dst, selMask, src0, [&](uint32_t r, uint32_t j) { return b[ascx_emu::lane_offset(s, r, j)]; },
                           selMode, rep, s, s, what);
}

namespace detail {
template <typename T, typename U, bool isSetMask, typename Mask>
void select_scalar_masked(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                          T src1, SELMODE selMode, Mask mask, uint8_t repeatTimes, const BinaryRepeatParams& p) {
    const char* what = "Select";
    ascx_emu::check_select_mode(selMode, true, what);
    const ascx_emu::Repeats rep = ascx_emu::mask_repeats<isSetMask>(sizeof(T), mask, repeatTimes, what);
    ascx_emu::select_lanes(dst, selMask, src0, [src1](uint32_t, uint32_t) { return src1; }, selMode, rep,
                           ascx_emu::strided<T>(p.dstBlkStride, p.dstRepStride),
                           ascx_emu::strided<T>(p.src0BlkStride, p.src0RepStride), what);
}

template <typename T, typename U, bool isSetMask, typename Mask>
void select_tensor_masked(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                          const LocalTensor<T>& src1, SELMODE selMode, Mask mask, uint8_t repeatTimes,
                          const BinaryRepeatParams& p) {
    const char* what = "Select";
    ascx_emu::check_select_mode(selMode, false, what);
    const ascx_emu::Repeats rep = ascx_emu::mask_repeats<isSetMask>(sizeof(T), mask, repeatTimes, what);
    const ascx_emu::Stride s1 = ascx_emu::strided<T>(p.src1BlkStride, p.src1RepStride);
    const T* b = src1.span(rep.extent(s1), what);
    ascx_emu::on_v(src1, rep.extent(s1), false, what);
    ascx_emu::select_lanes(dst, selMask, src0, [&](uint32_t r, uint32_t j) { return b[ascx_emu::lane_offset(s1, r, j)]; },
                           selMode, rep, ascx_emu::strided<T>(p.dstBlkStride, p.dstRepStride),
                           ascx_emu::strided<T>(p.src0BlkStride, p.src0RepStride), what);
}
}  // namespace detail

template <typename T, typename U, bool isSetMask = true>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, T src1,
            SELMODE selMode, uint64_t mask, uint8_t repeatTimes, const BinaryRepeatParams& repeatParams) {
    ASCX_COVER_FORM("Select", "LocalTensor, LocalTensor, LocalTensor, T, SELMODE, uint64_t, uint8_t, BinaryRepeatParams");
    ASCX_COVER_ENUM("Select", "selMode", SELMODE, selMode);
    detail::select_scalar_masked<T, U, isSetMask>(dst, selMask, src0, src1, selMode, mask, repeatTimes, repeatParams);
}

template <typename T, typename U, bool isSetMask = true>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, T src1,
            SELMODE selMode, const uint64_t mask[], uint8_t repeatTimes, const BinaryRepeatParams& repeatParams) {
    ASCX_COVER_FORM("Select", "LocalTensor, LocalTensor, LocalTensor, T, SELMODE, uint64_t[], uint8_t, BinaryRepeatParams");
    ASCX_COVER_ENUM("Select", "selMode", SELMODE, selMode);
    detail::select_scalar_masked<T, U, isSetMask>(dst, selMask, src0, src1, selMode, mask, repeatTimes, repeatParams);
}

template <typename T, typename U, bool isSetMask = true>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            const LocalTensor<T>& src1, SELMODE selMode, uint64_t mask, uint8_t repeatTimes,
            const BinaryRepeatParams& repeatParams) {
    ASCX_COVER_FORM("Select", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, SELMODE, uint64_t, uint8_t, BinaryRepeatParams");
    ASCX_COVER_ENUM("Select", "selMode", SELMODE, selMode);
    detail::select_tensor_masked<T, U, isSetMask>(dst, selMask, src0, src1, selMode, mask, repeatTimes, repeatParams);
}

template <typename T, typename U, bool isSetMask = true>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            const LocalTensor<T>& src1, SELMODE selMode, const uint64_t mask[], uint8_t repeatTimes,
            const BinaryRepeatParams& repeatParams) {
    ASCX_COVER_FORM("Select", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, SELMODE, uint64_t[], uint8_t, BinaryRepeatParams");
    ASCX_COVER_ENUM("Select", "selMode", SELMODE, selMode);
    detail::select_tensor_masked<T, U, isSetMask>(dst, selMask, src0, src1, selMode, mask, repeatTimes, repeatParams);
}

}  // namespace AscendC
