// ascx host emulation: binary16 and bfloat16 bit conversions (round to nearest even), shared by the
// clean-room headers' ``half`` (half.h) and the CANN backend's (src/ascx/emu/cann_backend/include/kernel_fp16.h).
#pragma once

#include <cstdint>
#include <cstring>

#ifndef ASCX_EMU_DEBUG
#define ASCX_EMU_DEBUG 0  // 1 in debug builds (ascx.emu.build.BUILD_FLAGS): the headers' reference paths
#endif

namespace ascx_emu {

inline uint32_t float_bits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

inline float bits_float(uint32_t u) {
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

/// binary16 bits of ``f``, rounded to nearest even; overflow gives infinity, NaN stays NaN.
inline uint16_t float_to_half_bits(float f) {
    const uint32_t x = float_bits(f);
    const uint32_t sign = (x >> 16) & 0x8000u;
    const uint32_t exponent = (x >> 23) & 0xffu;
    uint32_t mantissa = x & 0x7fffffu;
    if (exponent == 0xffu) {
        return static_cast<uint16_t>(sign | 0x7c00u | (mantissa ? 0x200u : 0u));
    }
    const int e = static_cast<int>(exponent) - 127 + 15;
    if (e >= 31) {
        return static_cast<uint16_t>(sign | 0x7c00u);
    }
    if (e <= 0) {  // subnormal or zero in binary16
        if (e < -10) {
            return static_cast<uint16_t>(sign);
        }
        mantissa |= 0x800000u;
        const int shift = 14 - e;
        uint32_t half_mantissa = mantissa >> shift;
        const uint32_t rest = mantissa & ((1u << shift) - 1u);
        const uint32_t halfway = 1u << (shift - 1);
        if (rest > halfway || (rest == halfway && (half_mantissa & 1u))) {
            ++half_mantissa;
        }
        return static_cast<uint16_t>(sign | half_mantissa);
    }
    uint32_t result = sign | (static_cast<uint32_t>(e) << 10) | (mantissa >> 13);
    const uint32_t rest = mantissa & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (result & 1u))) {
        ++result;  // may carry into the exponent, up to infinity: still correct
    }
    return static_cast<uint16_t>(result);
}

inline float half_bits_to_float(uint16_t h) {
    const uint32_t sign = (static_cast<uint32_t>(h) & 0x8000u) << 16;
    const uint32_t exponent = (h >> 10) & 0x1fu;
    uint32_t mantissa = h & 0x3ffu;
    if (exponent == 0x1fu) {
        return bits_float(sign | 0x7f800000u | (mantissa << 13));
    }
    if (exponent == 0) {
        if (mantissa == 0) {
            return bits_float(sign);
        }
        int e = -1;
        do {
            ++e;
            mantissa <<= 1;
        } while ((mantissa & 0x400u) == 0);
        return bits_float(sign | (static_cast<uint32_t>(127 - 15 - e) << 23) | ((mantissa & 0x3ffu) << 13));
    }
    return bits_float(sign | ((exponent + 127 - 15) << 23) | (mantissa << 13));
}

inline uint16_t float_to_bfloat16_bits(float f) {
    uint32_t x = float_bits(f);
    if ((x & 0x7fffffffu) > 0x7f800000u) {
        return static_cast<uint16_t>((x >> 16) | 0x40u);  // quiet NaN
    }
    x += 0x7fffu + ((x >> 16) & 1u);
    return static_cast<uint16_t>(x >> 16);
}

/// Every binary16 value as a float: a cache of half_bits_to_float, built once per process (the
/// conversion is exact, so the table gives the same floats; the debug build converts directly).
struct HalfTable {
    float value[65536];
    HalfTable() {
        for (uint32_t h = 0; h < 65536; ++h) {
            value[h] = half_bits_to_float(static_cast<uint16_t>(h));
        }
    }
};

inline const float* half_table() {
    static const HalfTable table;
    return table.value;
}

/// ``half`` bits as a float through ``table`` (half_table(), looked up once by the caller of a loop).
inline float half_from_table(const float* table, uint16_t h) { return table[h]; }

/// ``n`` binary16 values (their bits) as floats, exactly: zeros and normal numbers by a branch-free
/// formula the compiler vectorises, the rest (subnormals, infinities, NaNs) through half_table().
inline void half_bits_to_floats(float* out, const uint16_t* in, uint64_t n) {
    uint32_t special = 0;
    for (uint64_t i = 0; i < n; ++i) {
        const uint32_t h = in[i];
        const uint32_t sign = (h & 0x8000u) << 16;
        const uint32_t magnitude = h & 0x7fffu;
        const uint32_t normal = sign | ((magnitude << 13) + 0x38000000u);  // exponent rebased from 15 to 127
        const uint32_t bits = magnitude == 0 ? sign : normal;
        special |= static_cast<uint32_t>((magnitude != 0 && magnitude < 0x0400u) || magnitude >= 0x7c00u);
        std::memcpy(out + i, &bits, sizeof bits);
    }
    if (special != 0) {
        const float* table = half_table();
        for (uint64_t i = 0; i < n; ++i) {
            out[i] = table[in[i]];
        }
    }
}

}  // namespace ascx_emu
