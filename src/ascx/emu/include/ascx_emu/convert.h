// ascx host emulation: element conversions with an Ascend C RoundMode (what Cast computes).
//
// Every source value is taken exactly as a double (all element types but 64-bit integers fit), then
// rounded once to the destination type:
//   CAST_NONE, CAST_RINT  to nearest, ties to even (CAST_NONE rounds like CAST_RINT when the
//                         conversion loses precision and is exact otherwise: the same thing)
//   CAST_FLOOR / CAST_CEIL / CAST_TRUNC   towards -inf / +inf / zero
//   CAST_ROUND            to nearest, ties away from zero
//   CAST_ODD              to the neighbour with an odd last bit when inexact (von Neumann rounding)
// Integer destinations saturate (NaN becomes 0); that hardware saturates is assumed, not verified.
#pragma once

#include <limits>

#include "ascx_emu/half.h"
#include "ascx_emu/base.h"

namespace AscendC {

enum class RoundMode : uint8_t { CAST_NONE = 0, CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC, CAST_ODD };

}  // namespace AscendC

namespace ascx_emu {

template <typename T>
constexpr bool is_float16_v = std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>;

/// float, double, half or bfloat16_t.
template <typename T>
constexpr bool is_floating_v = std::is_floating_point_v<T> || is_float16_v<T>;

/// The type arithmetic on ``T`` is done in: float for the 16-bit floats, ``T`` otherwise.
template <typename T>
using compute_t = std::conditional_t<is_float16_v<T>, float, T>;

template <typename T>
compute_t<T> widen(T v) {
    return static_cast<compute_t<T>>(v);
}

template <typename T>
double to_double(T v) {
    return static_cast<double>(widen(v));
}

// --- neighbours of a floating-point value ---------------------------------------------------------

/// The next representable value towards +inf / -inf (16-bit floats are sign-magnitude bit patterns).
template <typename T>
T next_up(T v) {
    if constexpr (is_float16_v<T>) {
        const uint16_t b = v.bits;
        return T::from_bits(static_cast<uint16_t>(b == 0x8000u ? 0x0001u : (b & 0x8000u) ? b - 1u : b + 1u));
    } else {
        return std::nextafter(v, std::numeric_limits<T>::infinity());
    }
}

template <typename T>
T next_down(T v) {
    if constexpr (is_float16_v<T>) {
        const uint16_t b = v.bits;
        return T::from_bits(static_cast<uint16_t>(b == 0x0000u ? 0x8001u : (b & 0x8000u) ? b + 1u : b - 1u));
    } else {
        return std::nextafter(v, -std::numeric_limits<T>::infinity());
    }
}

template <typename T>
bool last_bit_odd(T v) {
    if constexpr (is_float16_v<T>) {
        return (v.bits & 1u) != 0;
    } else if constexpr (std::is_same_v<T, float>) {
        return (float_bits(v) & 1u) != 0;
    } else {
        uint64_t u;
        std::memcpy(&u, &v, sizeof u);
        return (u & 1u) != 0;
    }
}

// --- rounding a double to a floating-point type ----------------------------------------------------

template <typename T>
T nearest_even(double d) {
    if constexpr (is_float16_v<T>) {
        return T(static_cast<float>(d));  // exact first step for every source type but >24-bit integers
    } else {
        return static_cast<T>(d);
    }
}

template <typename T>
T round_to_floating(double d, AscendC::RoundMode mode) {
    using AscendC::RoundMode;
    const T nearest = nearest_even<T>(d);
    const double n = to_double(nearest);
    if (std::isnan(d) || n == d || mode == RoundMode::CAST_NONE || mode == RoundMode::CAST_RINT) {
        return nearest;
    }
    const T lo = n < d ? nearest : next_down(nearest);
    const T hi = n < d ? next_up(nearest) : nearest;
    switch (mode) {
        case RoundMode::CAST_FLOOR: return lo;
        case RoundMode::CAST_CEIL: return hi;
        case RoundMode::CAST_TRUNC: return d > 0 ? lo : hi;
        case RoundMode::CAST_ODD: return last_bit_odd(lo) ? lo : hi;
        case RoundMode::CAST_ROUND: {
            if (std::isinf(n)) {
                return nearest;  // past the largest finite value by half an ulp or more
            }
            const double below = d - to_double(lo);
            const double above = to_double(hi) - d;
            if (below != above) {
                return below < above ? lo : hi;
            }
            return d > 0 ? hi : lo;
        }
        default: return nearest;
    }
}

// --- rounding a double to an integer type ---------------------------------------------------------

inline double round_half_even(double d) {
    const double below = std::floor(d);
    const double fraction = d - below;
    if (fraction != 0.5) {
        return fraction < 0.5 ? below : below + 1;
    }
    return std::fmod(below, 2.0) == 0 ? below : below + 1;
}

inline double round_integral(double d, AscendC::RoundMode mode) {
    using AscendC::RoundMode;
    switch (mode) {
        case RoundMode::CAST_FLOOR: return std::floor(d);
        case RoundMode::CAST_CEIL: return std::ceil(d);
        case RoundMode::CAST_TRUNC: return std::trunc(d);
        case RoundMode::CAST_ROUND: return std::round(d);
        case RoundMode::CAST_ODD: {
            const double below = std::floor(d);
            return below == d || std::fmod(below, 2.0) != 0 ? below : below + 1;
        }
        default: return round_half_even(d);
    }
}

template <typename T>
T saturate_from_double(double r) {
    if (std::isnan(r)) {
        return T(0);
    }
    if (r <= static_cast<double>(std::numeric_limits<T>::lowest())) {
        return std::numeric_limits<T>::lowest();
    }
    if (r >= static_cast<double>(std::numeric_limits<T>::max())) {
        return std::numeric_limits<T>::max();
    }
    return static_cast<T>(r);
}

/// An integer converted to another integer type, saturating.
template <typename D, typename S>
D saturate_integer(S v) {
    if constexpr (std::is_signed_v<S>) {
        if (v < 0) {
            const int64_t x = static_cast<int64_t>(v);
            const int64_t lowest = static_cast<int64_t>(std::numeric_limits<D>::lowest());
            return x < lowest ? std::numeric_limits<D>::lowest() : static_cast<D>(x);
        }
    }
    const uint64_t x = static_cast<uint64_t>(v);
    const uint64_t highest = static_cast<uint64_t>(std::numeric_limits<D>::max());
    return x > highest ? std::numeric_limits<D>::max() : static_cast<D>(x);
}

/// One element of a Cast: ``S`` to ``D`` with ``mode``.
template <typename D, typename S>
D convert(S v, AscendC::RoundMode mode) {
    if constexpr (std::is_same_v<D, S>) {
        (void)mode;
        return v;
    } else if constexpr (is_floating_v<D>) {
        return round_to_floating<D>(to_double(v), mode);
    } else if constexpr (is_floating_v<S>) {
        return saturate_from_double<D>(round_integral(to_double(v), mode));
    } else {
        (void)mode;
        return saturate_integer<D>(v);
    }
}

}  // namespace ascx_emu
