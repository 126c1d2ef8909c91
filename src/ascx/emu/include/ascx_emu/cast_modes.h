// ascx host emulation: the round modes Cast takes for each conversion on Atlas A2
// (docs/emulation.md#what-the-differential-check-found). CANN's documentation of Cast lists, per source
// and destination type, the modes the vector unit has a conversion for; its Atlas A2 implementation
// asserts on the others, with the messages below. A conversion this table does not list is not checked.
#pragma once

#include <cstdint>
#include <type_traits>

#include "ascx_emu/base.h"
#include "ascx_emu/convert.h"

namespace ascx_emu {

/// Which modes a conversion takes: CAST_NONE alone (a conversion that never rounds, or one rounding
/// mode only), the five rounding modes (CAST_NONE and CAST_ODD rejected), those and CAST_NONE (only
/// CAST_ODD rejected), or every mode.
enum class CastModes { NONE_ONLY, ROUNDING, ROUNDING_OR_NONE, ALL, UNCHECKED };

template <typename T>
constexpr const char* cast_type_name() {
    if constexpr (std::is_same_v<T, half>) return "half";
    else if constexpr (std::is_same_v<T, bfloat16_t>) return "bfloat16_t";
    else if constexpr (std::is_same_v<T, float>) return "float";
    else if constexpr (std::is_same_v<T, int8_t>) return "int8_t";
    else if constexpr (std::is_same_v<T, uint8_t>) return "uint8_t";
    else if constexpr (std::is_same_v<T, int16_t>) return "int16_t";
    else if constexpr (std::is_same_v<T, int32_t>) return "int32_t";
    else if constexpr (std::is_same_v<T, int64_t>) return "int64_t";
    else return "?";
}

/// The modes a Cast from ``S`` to ``D`` takes.
template <typename D, typename S>
constexpr CastModes cast_modes() {
    using std::is_same_v;
    constexpr bool from_half = is_same_v<S, half>, from_float = is_same_v<S, float>;
    if constexpr ((is_same_v<D, half> && (is_same_v<S, int8_t> || is_same_v<S, uint8_t>)) ||
                  (is_same_v<D, float> && (from_half || is_same_v<S, bfloat16_t> || is_same_v<S, int16_t>)) ||
                  (is_same_v<D, int16_t> && is_same_v<S, int32_t>) ||
                  (is_same_v<D, int64_t> && is_same_v<S, int32_t>) ||
                  (is_same_v<D, int32_t> && is_same_v<S, int64_t>)) {
        return CastModes::NONE_ONLY;
    } else if constexpr ((from_half && (is_same_v<D, int32_t> || is_same_v<D, int16_t>)) ||
                         (from_float && (is_same_v<D, float> || is_same_v<D, bfloat16_t> || is_same_v<D, int64_t> ||
                                         is_same_v<D, int32_t> || is_same_v<D, int16_t>)) ||
                         (is_same_v<S, bfloat16_t> && is_same_v<D, int32_t>) ||
                         (is_same_v<S, int64_t> && is_same_v<D, float>)) {
        return CastModes::ROUNDING;
    } else if constexpr ((from_half && (is_same_v<D, int8_t> || is_same_v<D, uint8_t>)) ||
                         (is_same_v<S, int32_t> && is_same_v<D, float>) ||
                         (is_same_v<S, int16_t> && is_same_v<D, half>)) {
        return CastModes::ROUNDING_OR_NONE;
    } else if constexpr (from_float && is_same_v<D, half>) {
        return CastModes::ALL;
    } else {
        return CastModes::UNCHECKED;
    }
}

/// Stops the kernel, with CANN's message, when Cast from ``S`` to ``D`` does not take ``mode``.
template <typename D, typename S>
void check_cast_mode(AscendC::RoundMode mode) {
    using AscendC::RoundMode;
    constexpr CastModes modes = cast_modes<D, S>();
    [[maybe_unused]] constexpr const char* from = cast_type_name<S>();
    [[maybe_unused]] constexpr const char* to = cast_type_name<D>();
    const int number = static_cast<int>(mode);
    if constexpr (modes == CastModes::NONE_ONLY) {
        if (mode != RoundMode::CAST_NONE) {
            fail("Cast: illegal input cast mode %d, only support CAST_NONE from %s to %s on current device", number,
                 from, to);
        }
    } else if constexpr (modes == CastModes::ROUNDING || modes == CastModes::ROUNDING_OR_NONE) {
        if (mode == RoundMode::CAST_ODD) {
            fail("Cast: CAST_ODD from %s to %s is not supported on current device", from, to);
        }
        if (modes == CastModes::ROUNDING && mode == RoundMode::CAST_NONE) {
            fail("Cast: CAST_NONE from %s to %s is not supported on current device", from, to);
        }
    }
    if constexpr (modes != CastModes::UNCHECKED) {
        if (number > static_cast<int>(RoundMode::CAST_ODD)) {
            fail("Cast: illegal input cast mode %d", number);
        }
    }
}

}  // namespace ascx_emu
