// ascx host emulation of the high-level library's math functions (adv_api/math): Acos ... Trunc, Exp
// with its Taylor expansion, Power, Xor and Axpy, with the call forms CANN 9.1 declares.  Clean-room.
//
// Precision (what the tests hold the emulation to, see tests/emu/test_adv_math_numerics.py):
//   - the transcendental functions compute f(x) of the float32 value of x in double precision and round
//     the result to float32, then to the destination type (half results are float32 results rounded
//     to nearest even, as CANN computes half inputs in float32 and casts back);
//   - Ceil, Floor, Trunc, Round (half to even), Frac, Sign and Xor are exact;
//   - Exp with taylorExpandLevel k > 0 follows CANN's algorithm in float32 arithmetic: x = n + f with
//     n = floor(x), exp(n) * (1 + f + f^2/2! + ... + f^k/k!), every product and sum rounded to float32;
//   - Power of floats is pow() in double rounded once; of int32 it is exact with wrap-around (a negative
//     exponent gives 0 unless the base is 1 or -1);
//   - Axpy computes src * scalar and dst + that in float32, each rounded to float32.
#pragma once

#include "ascx_emu/lib_common.h"

namespace ascx_emu {
namespace lib {

/// Temporary-buffer minimum of one math function: live float32 values per 256-byte repeat, by input type.
struct TmpFactors {
    uint32_t half;
    uint32_t single;
    uint32_t single_reuse;

    uint64_t minimum(uint32_t type_size, bool reuse) const {
        return 256ull * (type_size == 4 ? (reuse ? single_reuse : single) : half);
    }
};

/// Where the element operation of a one-source function comes from, and its rules.
template <typename T, typename F>
void unary(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
           const AscendC::LocalTensor<uint8_t>* tmp, uint32_t count, uint64_t min_tmp, bool in_place_ok, F f,
           const char* api) {
    static_assert(is_floating_v<T> && !std::is_same_v<T, bfloat16_t>, "the math functions take half or float");
    check_count(dst, count, "dstTensor", api);
    check_count(src, count, "srcTensor", api);
    if (!in_place_ok) {
        no_overlap(range_of(dst, count), "dstTensor", range_of(src, count), "srcTensor", api);
    }
    if (tmp != nullptr) {
        check_tmp(*tmp, min_tmp, api, "this data type");
        no_overlap(range_of(*tmp, tmp->GetSize()), "sharedTmpBuffer", range_of(src, count), "srcTensor", api);
        no_overlap(range_of(*tmp, tmp->GetSize()), "sharedTmpBuffer", range_of(dst, count), "dstTensor", api);
    }
    reads(src, count, api);
    if (tmp != nullptr) {
        writes(*tmp, tmp->GetSize(), api);
    }
    writes(dst, count, api);
    const T* in = src.data();
    T* out = dst.data();
    for (uint32_t i = 0; i < count; ++i) {
        out[i] = store<T>(f(static_cast<double>(load(in[i]))));
    }
}

/// f(x) with the sign of a zero result taken from x (what the rounding functions do with -0.4).
inline double signed_zero(double r, double x) { return r == 0 ? std::copysign(0.0, x) : r; }

inline double sign_of(double x) { return x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0); }  // NaN and +-0 give 0

/// Exp by CANN's Taylor expansion, in float32.
inline double exp_taylor(double x, uint32_t level) {
    const float xf = static_cast<float>(x);
    const float n = std::floor(xf);
    const float frac = xf - n;
    const float whole = static_cast<float>(std::exp(static_cast<double>(n)));
    float power = frac;
    float sum = frac + 1.0f;
    for (uint32_t i = 2; i <= level; ++i) {
        power = power * frac;
        power = power * (1.0f / static_cast<float>(i));
        sum = sum + power;
    }
    return static_cast<double>(sum * whole);
}

template <typename T>
T int_power(T base, T exponent) {
    using U = std::make_unsigned_t<T>;
    if (exponent < 0) {
        return base == 1 ? T(1) : (base == -1 ? ((exponent & 1) ? T(-1) : T(1)) : T(0));
    }
    U result = 1;
    U b = static_cast<U>(base);
    U e = static_cast<U>(exponent);
    while (e != 0) {
        if (e & 1u) {
            result = static_cast<U>(result * b);
        }
        b = static_cast<U>(b * b);
        e >>= 1;
    }
    return static_cast<T>(result);
}

}  // namespace lib
}  // namespace ascx_emu

// --- the one-source functions ----------------------------------------------------------------------
//
// ASCX_LIB_COUNT_FORMS declares the forms with calCount (with and without sharedTmpBuffer);
// ASCX_LIB_WHOLE_FORMS adds the forms over the whole source tensor.

#define ASCX_LIB_COUNT_FORMS(NAME, FACTORS, IN_PLACE_OK, OP)                                                     \
    template <typename T, bool isReuseSource = false>                                                         \
    void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                                \
              const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {                           \
        ASCX_COVER_FORM(#NAME, "calCount, sharedTmpBuffer");                                                    \
        ascx_emu::lib::unary(dstTensor, srcTensor, &sharedTmpBuffer, calCount,                                 \
                             ascx_emu::lib::TmpFactors FACTORS.minimum(sizeof(T), isReuseSource), IN_PLACE_OK, \
                             [](double x) { return OP; }, #NAME);                                               \
    }                                                                                                          \
    template <typename T, bool isReuseSource = false>                                                         \
    void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount) {     \
        ASCX_COVER_FORM(#NAME, "calCount");                                                                    \
        ascx_emu::lib::unary(dstTensor, srcTensor, nullptr, calCount, 0, IN_PLACE_OK,                          \
                             [](double x) { return OP; }, #NAME);                                               \
    }

#define ASCX_LIB_WHOLE_FORMS(NAME)                                                                             \
    template <typename T, bool isReuseSource = false>                                                         \
    void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                                \
              const LocalTensor<uint8_t>& sharedTmpBuffer) {                                                    \
        ASCX_COVER_FORM(#NAME, "whole, sharedTmpBuffer");                                                       \
        NAME<T, isReuseSource>(dstTensor, srcTensor, sharedTmpBuffer, srcTensor.GetSize());                    \
    }                                                                                                          \
    template <typename T, bool isReuseSource = false>                                                         \
    void NAME(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) {                              \
        ASCX_COVER_FORM(#NAME, "whole");                                                                       \
        NAME<T, isReuseSource>(dstTensor, srcTensor, srcTensor.GetSize());                                     \
    }

namespace AscendC {

ASCX_LIB_COUNT_FORMS(Acos, ({6, 2, 2}), false, std::acos(x))
ASCX_LIB_WHOLE_FORMS(Acos)
ASCX_LIB_COUNT_FORMS(Acosh, ({2, 1, 1}), false, std::acosh(x))
ASCX_LIB_WHOLE_FORMS(Acosh)
ASCX_LIB_COUNT_FORMS(Asin, ({6, 2, 2}), false, std::asin(x))
ASCX_LIB_WHOLE_FORMS(Asin)
ASCX_LIB_COUNT_FORMS(Asinh, ({3, 3, 3}), false, std::asinh(x))
ASCX_LIB_WHOLE_FORMS(Asinh)
ASCX_LIB_COUNT_FORMS(Atan, ({12, 5, 5}), false, std::atan(x))
ASCX_LIB_WHOLE_FORMS(Atan)
ASCX_LIB_COUNT_FORMS(Atanh, ({4, 1, 1}), false, std::atanh(x))
ASCX_LIB_WHOLE_FORMS(Atanh)
ASCX_LIB_COUNT_FORMS(Ceil, ({2, 1, 1}), false, ascx_emu::lib::signed_zero(std::ceil(x), x))
ASCX_LIB_COUNT_FORMS(Cos, ({8, 3, 2}), false, std::cos(x))
ASCX_LIB_WHOLE_FORMS(Cos)
ASCX_LIB_COUNT_FORMS(Cosh, ({6, 2, 2}), false, std::cosh(x))
ASCX_LIB_WHOLE_FORMS(Cosh)
ASCX_LIB_COUNT_FORMS(Digamma, ({16, 7, 6}), false, ascx_emu::lib::digamma(x))
ASCX_LIB_COUNT_FORMS(Erf, ({8, 3, 3}), false, std::erf(x))
ASCX_LIB_WHOLE_FORMS(Erf)
ASCX_LIB_COUNT_FORMS(Erfc, ({16, 7, 7}), false, std::erfc(x))
ASCX_LIB_WHOLE_FORMS(Erfc)
ASCX_LIB_COUNT_FORMS(Floor, ({2, 0, 0}), false, std::floor(x))
ASCX_LIB_COUNT_FORMS(Frac, ({4, 0, 0}), false, std::isinf(x) ? std::copysign(0.0, x) : x - std::trunc(x))
ASCX_LIB_WHOLE_FORMS(Frac)
ASCX_LIB_COUNT_FORMS(Lgamma, ({26, 8, 7}), false, std::lgamma(x))
ASCX_LIB_COUNT_FORMS(Round, ({1, 0, 0}), true, ascx_emu::lib::signed_zero(ascx_emu::lib::round_even(x), x))
ASCX_LIB_COUNT_FORMS(Sign, ({3, 3, 3}), false, ascx_emu::lib::sign_of(x))
ASCX_LIB_WHOLE_FORMS(Sign)
ASCX_LIB_COUNT_FORMS(Sin, ({8, 3, 2}), false, std::sin(x))
ASCX_LIB_WHOLE_FORMS(Sin)
ASCX_LIB_COUNT_FORMS(Sinh, ({4, 1, 1}), false, std::sinh(x))
ASCX_LIB_WHOLE_FORMS(Sinh)
ASCX_LIB_COUNT_FORMS(Tan, ({10, 4, 4}), false, std::tan(x))
ASCX_LIB_WHOLE_FORMS(Tan)
ASCX_LIB_COUNT_FORMS(Tanh, ({4, 1, 1}), false, std::tanh(x))
ASCX_LIB_WHOLE_FORMS(Tanh)
ASCX_LIB_COUNT_FORMS(Trunc, ({2, 1, 1}), true, ascx_emu::lib::signed_zero(std::trunc(x), x))
ASCX_LIB_WHOLE_FORMS(Trunc)

/// Log: only the forms without a temporary buffer (CANN declares no other).
template <typename T, bool isReuseSource = false>
void Log(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, uint32_t calCount) {
    ASCX_COVER_FORM("Log", "LocalTensor, LocalTensor, uint32_t");
    ascx_emu::lib::unary(dstTensor, srcTensor, nullptr, calCount, 0, false, [](double x) { return std::log(x); },
                         "Log");
}

template <typename T, bool isReuseSource = false>
void Log(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor) {
    ASCX_COVER_FORM("Log", "LocalTensor, LocalTensor");
    Log<T, isReuseSource>(dstTensor, srcTensor, srcTensor.GetSize());
}

/// Exp of the library: the vector Exp for taylorExpandLevel 0, else CANN's Taylor expansion.
template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
void Exp(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const LocalTensor<uint8_t>& sharedTmpBuffer,
         const uint32_t calCount) {
    ASCX_COVER_FORM("Exp", "LocalTensor, LocalTensor, LocalTensor, uint32_t");
    // The minimum of GetExpMaxMinTmpSize; without the expansion (level 0) the buffer is not used.
    const uint64_t buffers = taylorExpandLevel == 0 ? 0 : (sizeof(T) == 4 ? (isReuseSource ? 2 : 3) : 4);
    ascx_emu::lib::unary(dstLocal, srcLocal, &sharedTmpBuffer, calCount, buffers * 256, false,
                         [](double x) {
                             return taylorExpandLevel == 0 ? std::exp(x)
                                                           : ascx_emu::lib::exp_taylor(x, taylorExpandLevel);
                         },
                         "Exp");
}

template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
void Exp(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t calCount) {
    ASCX_COVER_FORM("Exp", "LocalTensor, LocalTensor, uint32_t");
    ascx_emu::lib::unary(dstLocal, srcLocal, nullptr, calCount, 0, false,
                         [](double x) {
                             return taylorExpandLevel == 0 ? std::exp(x)
                                                           : ascx_emu::lib::exp_taylor(x, taylorExpandLevel);
                         },
                         "Exp");
}

}  // namespace AscendC

#undef ASCX_LIB_COUNT_FORMS
#undef ASCX_LIB_WHOLE_FORMS

// --- Power, Xor, Axpy -------------------------------------------------------------------------------

namespace ascx_emu {
namespace lib {

template <typename T, typename F>
void binary(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0,
            const AscendC::LocalTensor<T>& src1, const AscendC::LocalTensor<uint8_t>* tmp, uint32_t count,
            uint64_t min_tmp, F f, const char* api) {
    check_count(dst, count, "dstTensor", api);
    check_count(src0, count, "src0Tensor", api);
    check_count(src1, count, "src1Tensor", api);
    no_overlap(range_of(dst, count), "dstTensor", range_of(src0, count), "src0Tensor", api);
    no_overlap(range_of(dst, count), "dstTensor", range_of(src1, count), "src1Tensor", api);
    if (tmp != nullptr) {
        check_tmp(*tmp, min_tmp, api, "this data type");
        for (const auto& r : {range_of(dst, count), range_of(src0, count), range_of(src1, count)}) {
            no_overlap(range_of(*tmp, tmp->GetSize()), "sharedTmpBuffer", r, "an operand", api);
        }
    }
    reads(src0, count, api);
    reads(src1, count, api);
    if (tmp != nullptr) {
        writes(*tmp, tmp->GetSize(), api);
    }
    writes(dst, count, api);
    const T* a = src0.data();
    const T* b = src1.data();
    T* out = dst.data();
    for (uint32_t i = 0; i < count; ++i) {
        out[i] = f(a[i], b[i]);
    }
}

template <typename T>
uint64_t power_min_tmp() {
    if constexpr (std::is_integral_v<T>) {
        return 256 * 6;
    } else if constexpr (sizeof(T) == 4) {
        return 256 * 4 + 256;
    } else {
        return 256 * 14 / 2 + 256;
    }
}

template <typename T>
T power(T a, T b) {
    if constexpr (std::is_integral_v<T>) {
        return int_power(a, b);
    } else {
        return store<T>(std::pow(static_cast<double>(load(a)), static_cast<double>(load(b))));
    }
}

}  // namespace lib
}  // namespace ascx_emu

namespace AscendC {

template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
           const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount) {
    ASCX_COVER_FORM("Power", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, uint32_t");
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float> || std::is_same_v<T, int32_t>,
                  "Power takes half, float or int32_t on Atlas A2");
    ascx_emu::lib::binary(dstTensor, src0Tensor, src1Tensor, &sharedTmpBuffer, calCount,
                          ascx_emu::lib::power_min_tmp<T>(), ascx_emu::lib::power<T>, "Power");
}

template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
           uint32_t calCount) {
    ASCX_COVER_FORM("Power", "LocalTensor, LocalTensor, LocalTensor, uint32_t");
    ascx_emu::lib::binary(dstTensor, src0Tensor, src1Tensor, nullptr, calCount, 0, ascx_emu::lib::power<T>, "Power");
}

template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
           const LocalTensor<uint8_t>& sharedTmpBuffer) {
    ASCX_COVER_FORM("Power", "LocalTensor, LocalTensor, LocalTensor, LocalTensor");
    Power<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, sharedTmpBuffer, src0Tensor.GetSize());
}

template <typename T, bool isReuseSource = false>
void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor) {
    ASCX_COVER_FORM("Power", "LocalTensor, LocalTensor, LocalTensor");
    Power<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, src0Tensor.GetSize());
}

template <typename T, bool isReuseSource = false>
void Xor(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
         const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    ASCX_COVER_FORM("Xor", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, uint32_t");
    static_assert(std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t>, "Xor takes int16_t or uint16_t");
    ascx_emu::lib::binary(dstTensor, src0Tensor, src1Tensor, &sharedTmpBuffer, calCount, 256,
                          [](T a, T b) { return static_cast<T>(a ^ b); }, "Xor");
}

template <typename T, bool isReuseSource = false>
void Xor(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
         const uint32_t calCount) {
    ASCX_COVER_FORM("Xor", "LocalTensor, LocalTensor, LocalTensor, uint32_t");
    static_assert(std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t>, "Xor takes int16_t or uint16_t");
    ascx_emu::lib::binary(dstTensor, src0Tensor, src1Tensor, nullptr, calCount, 0,
                          [](T a, T b) { return static_cast<T>(a ^ b); }, "Xor");
}

template <typename T, bool isReuseSource = false>
void Xor(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
         const LocalTensor<uint8_t>& sharedTmpBuffer) {
    ASCX_COVER_FORM("Xor", "LocalTensor, LocalTensor, LocalTensor, LocalTensor");
    if (src0Tensor.GetSize() != src1Tensor.GetSize()) {
        ascx_emu::fail("Xor: src0Tensor has %u elements and src1Tensor %u; without calCount they must be equal",
                       src0Tensor.GetSize(), src1Tensor.GetSize());
    }
    Xor<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, sharedTmpBuffer, src0Tensor.GetSize());
}

template <typename T, bool isReuseSource = false>
void Xor(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor) {
    ASCX_COVER_FORM("Xor", "LocalTensor, LocalTensor, LocalTensor");
    if (src0Tensor.GetSize() != src1Tensor.GetSize()) {
        ascx_emu::fail("Xor: src0Tensor has %u elements and src1Tensor %u; without calCount they must be equal",
                       src0Tensor.GetSize(), src1Tensor.GetSize());
    }
    Xor<T, isReuseSource>(dstTensor, src0Tensor, src1Tensor, src0Tensor.GetSize());
}

/// Axpy of the library: dst += src * scalar, in float32 (half operands widened).
template <typename T, typename U, bool isReuseSource = false>
void Axpy(const LocalTensor<T>& dstTensor, const LocalTensor<U>& srcTensor, const U scalarValue,
          const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount) {
    ASCX_COVER_FORM("Axpy", "LocalTensor, LocalTensor, U, LocalTensor, uint32_t");
    static_assert((std::is_same_v<T, U> && (std::is_same_v<T, half> || std::is_same_v<T, float>)) ||
                      (std::is_same_v<T, float> && std::is_same_v<U, half>),
                  "Axpy takes half/half, float/float or float/half");
    const char* api = "Axpy";
    ascx_emu::lib::check_count(dstTensor, calCount, "dstTensor", api);
    ascx_emu::lib::check_count(srcTensor, calCount, "srcTensor", api);
    ascx_emu::lib::check_tmp(sharedTmpBuffer, sizeof(U) == 4 ? 0 : 4 * 256, api, "this data type");
    ascx_emu::lib::no_overlap(ascx_emu::lib::range_of(dstTensor, calCount), "dstTensor",
                              ascx_emu::lib::range_of(srcTensor, calCount), "srcTensor", api);
    const auto tmp = ascx_emu::lib::range_of(sharedTmpBuffer, sharedTmpBuffer.GetSize());
    ascx_emu::lib::no_overlap(tmp, "sharedTmpBuffer", ascx_emu::lib::range_of(dstTensor, calCount), "dstTensor", api);
    ascx_emu::lib::no_overlap(tmp, "sharedTmpBuffer", ascx_emu::lib::range_of(srcTensor, calCount), "srcTensor", api);
    ascx_emu::lib::reads(srcTensor, calCount, api);
    ascx_emu::lib::reads(dstTensor, calCount, api);
    ascx_emu::lib::writes(sharedTmpBuffer, sharedTmpBuffer.GetSize(), api);
    ascx_emu::lib::writes(dstTensor, calCount, api);
    const float s = ascx_emu::lib::load(scalarValue);
    const U* in = srcTensor.data();
    T* out = dstTensor.data();
    for (uint32_t i = 0; i < calCount; ++i) {
        const float product = ascx_emu::lib::load(in[i]) * s;
        out[i] = ascx_emu::lib::store<T>(ascx_emu::lib::load(out[i]) + product);
    }
}

}  // namespace AscendC
