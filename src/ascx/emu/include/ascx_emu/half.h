// ascx host emulation: the 16-bit floating-point types ``half`` (IEEE binary16) and ``bfloat16_t``,
// stored as bits, computed in float, converted with round-to-nearest-even (docs/emulation.md#the-vector-instructions).
#pragma once

#include "ascx_emu/half_bits.h"

namespace ascx_emu {

/// A 16-bit float stored as its bits; arithmetic happens in float and rounds back (RNE).
template <bool Brain>
struct Float16 {
    uint16_t bits = 0;

    Float16() = default;
    Float16(float f) : bits(Brain ? float_to_bfloat16_bits(f) : float_to_half_bits(f)) {}  // NOLINT: implicit, as in CANN
    Float16(double d) : Float16(static_cast<float>(d)) {}
    Float16(int i) : Float16(static_cast<float>(i)) {}
    Float16(int64_t i) : Float16(static_cast<float>(i)) {}
    Float16(uint32_t i) : Float16(static_cast<float>(i)) {}

    static Float16 from_bits(uint16_t b) {
        Float16 h;
        h.bits = b;
        return h;
    }
    operator float() const {
        if constexpr (Brain) {
            return bits_float(static_cast<uint32_t>(bits) << 16);
        } else {
#if ASCX_EMU_DEBUG
            return half_bits_to_float(bits);
#else
            return half_table()[bits];
#endif
        }
    }

    Float16& operator+=(Float16 o) { return *this = Float16(float(*this) + float(o)); }
    Float16& operator-=(Float16 o) { return *this = Float16(float(*this) - float(o)); }
    Float16& operator*=(Float16 o) { return *this = Float16(float(*this) * float(o)); }
    Float16& operator/=(Float16 o) { return *this = Float16(float(*this) / float(o)); }
};

}  // namespace ascx_emu

using half = ascx_emu::Float16<false>;
using bfloat16_t = ascx_emu::Float16<true>;
