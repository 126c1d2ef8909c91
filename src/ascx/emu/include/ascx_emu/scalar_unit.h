// ascx host emulation: computations of the scalar unit (CANN's scalar-computation pages).
//   ScalarCast<float, half, CAST_ODD>          float to half, rounding to odd
//   ScalarCast<float, int32_t, M>              M = CAST_ROUND (half away from zero), CAST_CEIL, CAST_FLOOR,
//                                              CAST_RINT (half to even); out-of-range values saturate
//   Cast(float) -> bfloat16_t                  rounding to nearest even (CAST_RINT)
//   ToFloat(bfloat16_t) -> float               exact: the 16 bits become the top half of the float
//   ScalarCountLeadingZero / CountLeadingZero  leading zero bits of a uint64_t (64 for 0)
//   ScalarGetCountOfValue<v> / GetBitCount<v>  how many of the 64 bits are v
//   ScalarGetSFFValue<v> / GetSFFValue<v>      the position of the lowest bit that is v, or -1
//   CountBitsCntSameAsSignBit                  how many bits below the sign bit of an int64_t equal it,
//                                              counted from the top; -1 for 0 and -1
// Each pair of names is CANN's: the Scalar* names are the ones pyasc calls, the others their
// successors.  The Cast forms keep apart from the vector Cast by their arguments.
#pragma once

#include "ascx_emu/convert.h"

namespace ascx_emu {
namespace scalar_unit {

template <int countValue>
constexpr void check_count_value() {
    static_assert(countValue == 0 || countValue == 1, "countValue must be 1 or 0");
}

inline int64_t count_leading_zero(uint64_t value) {
    int64_t n = 0;
    for (uint64_t bit = uint64_t{1} << 63; bit != 0 && (value & bit) == 0; bit >>= 1) {
        ++n;
    }
    return n;
}

inline int64_t count_ones(uint64_t value) {
    int64_t n = 0;
    for (; value != 0; value &= value - 1) {
        ++n;
    }
    return n;
}

inline int64_t lowest_set(uint64_t value) {
    if (value == 0) {
        return -1;
    }
    int64_t at = 0;
    while ((value & 1u) == 0) {
        value >>= 1;
        ++at;
    }
    return at;
}

}  // namespace scalar_unit
}  // namespace ascx_emu

namespace AscendC {

template <int countValue>
int64_t GetBitCount(uint64_t valueIn) {
    ASCX_COVER("GetBitCount");
    ascx_emu::scalar_unit::check_count_value<countValue>();
    const int64_t ones = ascx_emu::scalar_unit::count_ones(valueIn);
    return countValue == 1 ? ones : 64 - ones;
}

template <int countValue>
int64_t ScalarGetCountOfValue(uint64_t valueIn) {
    ASCX_COVER("ScalarGetCountOfValue");
    return GetBitCount<countValue>(valueIn);
}

inline int64_t CountLeadingZero(uint64_t valueIn) { ASCX_COVER("CountLeadingZero"); return ascx_emu::scalar_unit::count_leading_zero(valueIn); }

inline int64_t ScalarCountLeadingZero(uint64_t valueIn) { ASCX_COVER("ScalarCountLeadingZero"); return CountLeadingZero(valueIn); }

inline int64_t CountBitsCntSameAsSignBit(int64_t valueIn) {
    ASCX_COVER("CountBitsCntSameAsSignBit");
    if (valueIn == 0 || valueIn == -1) {
        return -1;
    }
    const uint64_t bits = static_cast<uint64_t>(valueIn);
    const uint64_t sign = bits >> 63;
    int64_t n = 0;
    for (int bit = 62; bit >= 0 && ((bits >> bit) & 1u) == sign; --bit) {
        ++n;
    }
    return n;
}

template <int countValue>
int64_t GetSFFValue(uint64_t valueIn) {
    ASCX_COVER("GetSFFValue");
    ascx_emu::scalar_unit::check_count_value<countValue>();
    return ascx_emu::scalar_unit::lowest_set(countValue == 1 ? valueIn : ~valueIn);
}

template <int countValue>
int64_t ScalarGetSFFValue(uint64_t valueIn) {
    ASCX_COVER("ScalarGetSFFValue");
    return GetSFFValue<countValue>(valueIn);
}

template <typename T, typename U, RoundMode roundMode>
U Cast(T valueIn) {
    ASCX_COVER_FORM("Cast", "scalar");
    ASCX_COVER_ENUM("Cast", "roundMode (scalar)", RoundMode, roundMode);
    static_assert(std::is_same_v<T, float>, "the scalar Cast converts a float");
    static_assert(std::is_same_v<U, half> || std::is_same_v<U, int32_t>, "U only support half or int32_t");
    if constexpr (std::is_same_v<U, half>) {
        if (roundMode != RoundMode::CAST_ODD) {
            ascx_emu::fail("Cast: float to half rounds with CAST_ODD only, got mode %d", static_cast<int>(roundMode));
        }
    } else if (roundMode != RoundMode::CAST_ROUND && roundMode != RoundMode::CAST_CEIL &&
               roundMode != RoundMode::CAST_FLOOR && roundMode != RoundMode::CAST_RINT) {
        ascx_emu::fail("Cast: float to int32_t rounds with CAST_ROUND, CAST_CEIL, CAST_FLOOR or CAST_RINT, got mode %d",
                       static_cast<int>(roundMode));
    }
    return ascx_emu::convert<U>(valueIn, roundMode);
}

template <typename T, typename U, RoundMode roundMode>
U ScalarCast(T valueIn) {
    ASCX_COVER("ScalarCast");
    return Cast<T, U, roundMode>(valueIn);
}

inline bfloat16_t Cast(const float& fVal) { ASCX_COVER_FORM("Cast", "float to bfloat16_t"); return ascx_emu::convert<bfloat16_t>(fVal, RoundMode::CAST_RINT); }

inline float ToFloat(const bfloat16_t& bVal) {
    ASCX_COVER("ToFloat");
    uint16_t bits = 0;
    std::memcpy(&bits, static_cast<const void*>(&bVal), sizeof(bits));
    const uint32_t wide = uint32_t{bits} << 16;
    float result = 0;
    std::memcpy(&result, &wide, sizeof(result));
    return result;
}

}  // namespace AscendC
