// ascx host emulation of RmsNorm (adv_api/normalization/rmsnorm.h): for each of the bLength * sLength
// rows of hLength elements, dst = src / sqrt(mean(src^2) + epsilon) * gamma, the mean taken as the sum of
// squares times the tiling's reciprocalOfHLength (1 / originalHLength, so padded zeros do not count).
// Clean-room.
//
// Precision: half inputs are widened to float32; the squares, their sum (accumulated in order), the mean,
// mean + epsilon, the square root, its reciprocal and the two products each round to float32, and dst
// is rounded to T (nearest even).
//
// Checks at run time: the last axis is 32-byte aligned, the shape fits src and dst, gamma holds hLength
// elements, the temporary buffer holds the tiling's mainBsLength rows (at least one:
// GetRmsNormMaxMinTmpSize's minimum), it overlaps no operand, dst does not overlap gamma, and
// isBasicBlock's shape rule holds.
#pragma once

#include "ascx_emu/lib_common.h"
#include "kernel_tiling/kernel_tiling.h"

namespace ascx_emu {
namespace lib {

template <typename T, bool isBasicBlock>
void rmsnorm(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
             const AscendC::LocalTensor<T>& gamma, const AscendC::LocalTensor<uint8_t>* tmp, T epsilon,
             const RmsNormTiling& tiling) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "RmsNorm takes half or float");
    const char* api = "RmsNorm";
    const uint64_t rows = uint64_t{tiling.bLength} * tiling.sLength;
    const uint64_t h = tiling.hLength;
    if (h * sizeof(T) % 32 != 0) {
        fail("RmsNorm: the tiling's hLength %llu is not 32-byte aligned; the last axis must be",
             static_cast<unsigned long long>(h));
    }
    if (isBasicBlock && !(h % 64 == 0 && h < 2048 && rows % 8 == 0)) {
        fail("RmsNorm: isBasicBlock=true needs hLength a multiple of 64 below 2048 and bLength * sLength a multiple "
             "of 8; the tiling has [%u, %u, %u]",
             tiling.bLength, tiling.sLength, tiling.hLength);
    }
    check_count(src, rows * h, "srcLocal (bLength * sLength * hLength of the tiling)", api);
    check_count(dst, rows * h, "dstLocal (bLength * sLength * hLength of the tiling)", api);
    check_count(gamma, h, "gammaLocal (hLength of the tiling)", api);
    no_overlap(range_of(dst, rows * h), "dstLocal", range_of(gamma, h), "gammaLocal", api);
    if (tmp != nullptr) {
        const uint64_t main = tiling.mainBsLength > 0 ? tiling.mainBsLength : 1;
        const uint64_t coeff = sizeof(T) == 2 ? 2 : 1;
        const uint64_t need = (main * h * coeff + (main + 7) / 8 * 8) * 4;
        check_tmp(*tmp, need, api, "the tiling's mainBsLength rows");
        const Range t = range_of(*tmp, tmp->GetSize());
        no_overlap(t, "sharedTmpBuffer", range_of(src, rows * h), "srcLocal", api);
        no_overlap(t, "sharedTmpBuffer", range_of(dst, rows * h), "dstLocal", api);
        no_overlap(t, "sharedTmpBuffer", range_of(gamma, h), "gammaLocal", api);
    }
    reads(src, rows * h, api);
    reads(gamma, h, api);
    if (tmp != nullptr) {
        writes(*tmp, tmp->GetSize(), api);
    }
    writes(dst, rows * h, api);
    const T* in = src.data();
    const T* g = gamma.data();
    T* out = dst.data();
    const float eps = load(epsilon);
    const float reciprocal = tiling.reciprocalOfHLength;
    for (uint64_t r = 0; r < rows; ++r) {
        float squares = 0;
        for (uint64_t j = 0; j < h; ++j) {
            const float x = load(in[r * h + j]);
            squares = f32(static_cast<double>(squares) + f32(static_cast<double>(x) * x));
        }
        const float mean = f32(static_cast<double>(squares) * reciprocal);
        const float root = f32(std::sqrt(static_cast<double>(f32(static_cast<double>(mean) + eps))));
        const float rstd = f32(1.0 / root);
        for (uint64_t j = 0; j < h; ++j) {
            const float scaled = f32(static_cast<double>(load(in[r * h + j])) * rstd);
            out[r * h + j] = store<T>(static_cast<double>(scaled) * load(g[j]));
        }
    }
}

}  // namespace lib
}  // namespace ascx_emu

namespace AscendC {

template <typename T, bool isBasicBlock = false>
void RmsNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const LocalTensor<T>& gammaLocal,
             const LocalTensor<uint8_t>& sharedTmpBuffer, const T epsilon, const RmsNormTiling& tiling) {
    ASCX_COVER_FORM("RmsNorm", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, T, RmsNormTiling");
    ascx_emu::lib::rmsnorm<T, isBasicBlock>(dstLocal, srcLocal, gammaLocal, &sharedTmpBuffer, epsilon, tiling);
}

template <typename T, bool isBasicBlock = false>
void RmsNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const LocalTensor<T>& gammaLocal,
             const T epsilon, const RmsNormTiling& tiling) {
    ASCX_COVER_FORM("RmsNorm", "LocalTensor, LocalTensor, LocalTensor, T, RmsNormTiling");
    ascx_emu::lib::rmsnorm<T, isBasicBlock>(dstLocal, srcLocal, gammaLocal, nullptr, epsilon, tiling);
}

}  // namespace AscendC
