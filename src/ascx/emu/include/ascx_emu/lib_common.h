// ascx host emulation: what the high-level library functions share (the math functions, SoftMax,
// RmsNorm, AscendQuant, Concat/Extract).  Clean-room.
//
// A library call is one V-pipe operation for the synchronisation checker: it reads its sources and
// writes its destinations and its temporary buffer.  Before computing, it checks what CANN documents
// (and what CANN's CPU-debug kernel checks assert): calCount within every operand, the temporary buffer
// at least the minimum of the matching Get<Op>MaxMinTmpSize, no temporary buffer overlapping an operand,
// and no overlap of source and destination where the function does not support it.
//
// Precision: the functions compute in float32 (16-bit inputs are widened exactly), each documented
// step rounded to float32, and the result is rounded to the destination type with round-to-nearest-even.
#pragma once

#include <cmath>
#include <limits>

#include "ascx_emu/base.h"
#include "ascx_emu/checker.h"
#include "ascx_emu/convert.h"
#include "ascx_emu/tensor.h"

namespace ascx_emu {
namespace lib {

/// A byte range of one on-chip memory, for the overlap rules.
struct Range {
    Memory memory;
    uint64_t first;
    uint64_t end;
};

template <typename T>
Range range_of(const AscendC::LocalTensor<T>& t, uint64_t count) {
    return Range{t.memory(), t.GetPhyAddr(), t.GetPhyAddr() + count * sizeof(T)};
}

inline bool overlap(const Range& a, const Range& b) {
    return a.memory == b.memory && a.first < b.end && b.first < a.end && a.first != a.end && b.first != b.end;
}

inline void no_overlap(const Range& a, const char* a_name, const Range& b, const char* b_name, const char* api) {
    if (overlap(a, b)) {
        fail("%s: %s (bytes [%llu, %llu) of %s) overlaps %s (bytes [%llu, %llu)); CANN does not support it", api,
             a_name, static_cast<unsigned long long>(a.first), static_cast<unsigned long long>(a.end),
             memory_name(a.memory), b_name, static_cast<unsigned long long>(b.first),
             static_cast<unsigned long long>(b.end));
    }
}

/// ``count`` may not exceed the tensor's elements (CANN: calCount <= tensor size).
template <typename T>
void check_count(const AscendC::LocalTensor<T>& t, uint64_t count, const char* name, const char* api) {
    if (count > t.GetSize()) {
        fail("%s: calCount %llu exceeds the %u elements of %s", api, static_cast<unsigned long long>(count),
             t.GetSize(), name);
    }
}

/// The temporary buffer must hold at least ``minimum`` bytes.
inline void check_tmp(const AscendC::LocalTensor<uint8_t>& tmp, uint64_t minimum, const char* api, const char* how) {
    if (uint64_t{tmp.GetSize()} < minimum) {
        fail("%s: the temporary buffer has %u bytes, but %s needs at least %llu (CANN's minimum temporary size)", api,
             tmp.GetSize(), how, static_cast<unsigned long long>(minimum));
    }
}

/// Record the call's accesses for the synchronisation checker (sources read, then destinations written).
template <typename T>
void reads(const AscendC::LocalTensor<T>& t, uint64_t count, const char* api) {
    t.span(count, api);
    t.record(count, sync_check::V, false, api);
}

template <typename T>
void writes(const AscendC::LocalTensor<T>& t, uint64_t count, const char* api) {
    t.span(count, api);
    t.record(count, sync_check::V, true, api);
}

// --- rounding ---------------------------------------------------------------------------------------

/// A double rounded to float32, then to ``T`` (what a float32 computation stored as ``T`` gives).
template <typename T>
T store(double d) {
    const float f = static_cast<float>(d);
    if constexpr (std::is_same_v<T, float>) {
        return f;
    } else {
        return T(f);
    }
}

template <typename T>
float load(T v) {
    return static_cast<float>(v);
}

/// ``a op b`` in float32 (one rounding).
inline float f32(double d) { return static_cast<float>(d); }

// --- functions the C++ library has no counterpart of ---------------------------------------------------

/// The digamma function psi(x) = d/dx ln Gamma(x), in double precision: the reflection formula below 1/2,
/// the recurrence psi(x) = psi(x + 1) - 1/x up to 10, then the asymptotic series.
inline double digamma(double x) {
    constexpr double pi = 3.14159265358979323846;
    if (std::isnan(x) || x == -std::numeric_limits<double>::infinity()) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    if (x <= 0 && std::floor(x) == x) {
        return std::numeric_limits<double>::quiet_NaN();  // a pole
    }
    double result = 0;
    if (x < 0.5) {
        result -= pi / std::tan(pi * x);
        x = 1 - x;
    }
    while (x < 10) {
        result -= 1 / x;
        x += 1;
    }
    const double inv = 1 / x;
    const double inv2 = inv * inv;
    // Bernoulli terms B_2k / (2k x^2k), k = 1..7
    const double series =
        inv2 * (1.0 / 12 - inv2 * (1.0 / 120 - inv2 * (1.0 / 252 - inv2 * (1.0 / 240 - inv2 * (1.0 / 132 -
        inv2 * (691.0 / 32760 - inv2 * (1.0 / 12)))))));
    return result + std::log(x) - 0.5 * inv - series;
}

/// Round half to even (CANN's Round).
inline double round_even(double x) { return std::isfinite(x) ? round_half_even(x) : x; }

}  // namespace lib
}  // namespace ascx_emu
