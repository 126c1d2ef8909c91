// ascx host emulation of AscendQuant's per-tensor forms (adv_api/quantization/ascend_quant.h):
// dst = round(src * scale + offset) as int8_t.  Clean-room.
//
// Precision, as CANN documents the computation: src, scale and offset are converted to half (nearest
// even); src * scale and + offset are computed in half (each rounded to half); the result is rounded to
// the nearest integer, ties to even, and saturated to [-128, 127].
//
// With a config whose calcCount and workLocalSize are both non-zero, calcCount replaces calCount (CANN's
// constant form).  Checks at run time: the count fits src and dst, it is a multiple of 32 (the int8
// output must be 32-byte aligned), the temporary buffer has the minimum 512 bytes and at least
// workLocalSize, and it overlaps no operand.
#pragma once

#include "ascx_emu/lib_common.h"

namespace AscendC {

struct AscendQuantConfig {
    constexpr AscendQuantConfig(const uint32_t calcCount, const uint32_t offsetCount, const uint32_t scaleCount,
                                const uint32_t workLocalSize)
        : calcCount(calcCount), offsetCount(offsetCount), scaleCount(scaleCount), workLocalSize(workLocalSize) {}
    uint32_t calcCount = 0;
    uint32_t offsetCount = 0;
    uint32_t scaleCount = 0;
    uint32_t workLocalSize = 0;
};

constexpr AscendQuantConfig ASCEND_QUANT_DEFAULT_CFG = {0, 0, 0, 0};

}  // namespace AscendC

namespace ascx_emu {
namespace lib {

template <typename T, const AscendC::AscendQuantConfig& config>
void ascend_quant(const AscendC::LocalTensor<int8_t>& dst, const AscendC::LocalTensor<T>& src,
                  const AscendC::LocalTensor<uint8_t>* tmp, float scale, float offset, uint32_t calCount) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "AscendQuant takes half or float");
    const char* api = "AscendQuant";
    const uint64_t count = config.calcCount != 0 && config.workLocalSize != 0 ? config.calcCount : calCount;
    check_count(src, count, "srcTensor", api);
    check_count(dst, count, "dstTensor", api);
    if (count % 32 != 0) {
        fail("AscendQuant: %llu elements are not a multiple of 32; the int8 output must be 32-byte aligned",
             static_cast<unsigned long long>(count));
    }
    if (tmp != nullptr) {
        check_tmp(*tmp, 512, api, "AscendQuant");
        if (config.workLocalSize > tmp->GetSize()) {
            fail("AscendQuant: the config's workLocalSize %u is larger than the %u bytes of the temporary buffer",
                 config.workLocalSize, tmp->GetSize());
        }
        const Range t = range_of(*tmp, tmp->GetSize());
        no_overlap(t, "sharedTmpBuffer", range_of(src, count), "srcTensor", api);
        no_overlap(t, "sharedTmpBuffer", range_of(dst, count), "dstTensor", api);
    }
    reads(src, count, api);
    if (tmp != nullptr) {
        writes(*tmp, tmp->GetSize(), api);
    }
    writes(dst, count, api);
    const half s(scale);
    const half o(offset);
    const T* in = src.data();
    int8_t* out = dst.data();
    for (uint64_t i = 0; i < count; ++i) {
        const half x(load(in[i]));
        const half scaled(static_cast<float>(x) * static_cast<float>(s));
        const half shifted(static_cast<float>(scaled) + static_cast<float>(o));
        out[i] = convert<int8_t>(shifted, AscendC::RoundMode::CAST_RINT);
    }
}

}  // namespace lib
}  // namespace ascx_emu

namespace AscendC {

template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const float scale, const float offset,
                 const uint32_t calCount) {
    ASCX_COVER_FORM("AscendQuant", "LocalTensor, LocalTensor, LocalTensor, float, float, uint32_t");
    ascx_emu::lib::ascend_quant<T, config>(dstTensor, srcTensor, &sharedTmpBuffer, scale, offset, calCount);
}

template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const float scale,
                 const float offset, const uint32_t calCount) {
    ASCX_COVER_FORM("AscendQuant", "LocalTensor, LocalTensor, float, float, uint32_t");
    ascx_emu::lib::ascend_quant<T, config>(dstTensor, srcTensor, nullptr, scale, offset, calCount);
}

template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const float scale, const float offset) {
    ASCX_COVER_FORM("AscendQuant", "LocalTensor, LocalTensor, LocalTensor, float, float");
    ascx_emu::lib::ascend_quant<T, config>(dstTensor, srcTensor, &sharedTmpBuffer, scale, offset, srcTensor.GetSize());
}

template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const float scale,
                 const float offset) {
    ASCX_COVER_FORM("AscendQuant", "LocalTensor, LocalTensor, float, float");
    ascx_emu::lib::ascend_quant<T, config>(dstTensor, srcTensor, nullptr, scale, offset, srcTensor.GetSize());
}

}  // namespace AscendC
