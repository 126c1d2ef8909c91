// ascx CANN backend: the host `half` the CPU-debug path of CANN's headers expects (IEEE binary16 stored as
// bits, computed in float, rounded to nearest even), on ascx's own conversions (ascx_emu/half.h).
#pragma once
#include <cstdint>
#include <type_traits>

#include "../../include/ascx_emu/half_bits.h"  // ascx_emu/half_bits.h of the clean-room headers

namespace ascx_cann {
/// A 16-bit float type stored as bits; `Brain` selects bfloat16 instead of binary16.
template <bool Brain>
struct Float16Value {
    uint16_t val = 0;
    Float16Value() = default;
    template <typename T, typename std::enable_if<std::is_arithmetic<T>::value, int>::type = 0>
    constexpr Float16Value(T v) : val(encode(static_cast<float>(v))) {}  // NOLINT: implicit, as CANN's
    static uint16_t encode(float f) {
        return Brain ? ascx_emu::float_to_bfloat16_bits(f) : ascx_emu::float_to_half_bits(f);
    }
    float ToFloat() const {
        return Brain ? ascx_emu::bits_float(static_cast<uint32_t>(val) << 16) : ascx_emu::half_bits_to_float(val);
    }
    operator float() const { return ToFloat(); }
    template <typename T> Float16Value& operator+=(const T& o) { return *this = Float16Value(ToFloat() + float(o)); }
    template <typename T> Float16Value& operator-=(const T& o) { return *this = Float16Value(ToFloat() - float(o)); }
    template <typename T> Float16Value& operator*=(const T& o) { return *this = Float16Value(ToFloat() * float(o)); }
    template <typename T> Float16Value& operator/=(const T& o) { return *this = Float16Value(ToFloat() / float(o)); }
};
}  // namespace ascx_cann

struct half : ascx_cann::Float16Value<false> {
    using ascx_cann::Float16Value<false>::Float16Value;
    half() = default;
};
