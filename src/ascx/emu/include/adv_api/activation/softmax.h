// ascx host emulation of SoftMax (adv_api/activation/softmax.h): softmax over the last axis of a
// [srcM, srcK] input (the shape of the tiling), with the row maxima and sums broadcast over one 32-byte
// block per row of maxTensor and sumTensor.  Clean-room.
//
// Precision: half inputs are widened to float32; the row maximum is exact, x - max, exp, the row sum
// (accumulated in order) and the division each round to float32, and dst is rounded to T (nearest
// even); sum and max are stored in their own type.
//
// Checks at run time: the last axis is 32-byte aligned, the shape fits src and dst, dst and src have the
// same size, sum and max hold one block per row, the temporary buffer holds the tiling's splitM rows
// (at least one: GetSoftMaxMinTmpSize), it overlaps no operand, and isBasicBlock's shape rule holds.
// isDataFormatNZ is not emulated (the run fails).
#pragma once

#include "ascx_emu/lib_common.h"
#include "kernel_tiling/kernel_tiling.h"

namespace ascx_emu {
namespace lib {

template <typename T, typename U, bool isBasicBlock, bool isDataFormatNZ>
void softmax(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& sum,
             const AscendC::LocalTensor<U>& max, const AscendC::LocalTensor<T>& src,
             const AscendC::LocalTensor<uint8_t>* tmp, const SoftMaxTiling& tiling) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "SoftMax takes half or float");
    static_assert(std::is_same_v<U, T> || (std::is_same_v<T, half> && std::is_same_v<U, float>),
                  "sum and max hold T, or float for a half T");
    const char* api = "SoftMax";
    if (isDataFormatNZ) {
        fail("SoftMax: isDataFormatNZ=true (the NZ layout) is not emulated");
    }
    const uint64_t m = tiling.srcM;
    const uint64_t k = tiling.srcK;
    if (k * sizeof(T) % 32 != 0) {
        fail("SoftMax: the tiling's srcK %llu is not 32-byte aligned; the last axis must be", 
             static_cast<unsigned long long>(k));
    }
    if (isBasicBlock && !(k % 64 == 0 && k >= 256 / sizeof(T) && k < 2048 && m % 8 == 0)) {
        fail("SoftMax: isBasicBlock=true needs srcK a multiple of 64 in [256/sizeof(T), 2048) and srcM a multiple "
             "of 8; the tiling has [%llu, %llu]",
             static_cast<unsigned long long>(m), static_cast<unsigned long long>(k));
    }
    if (dst.GetSize() != src.GetSize()) {
        fail("SoftMax: dstTensor has %u elements and srcTensor %u; they must be equal", dst.GetSize(), src.GetSize());
    }
    check_count(src, m * k, "srcTensor (srcM * srcK of the tiling)", api);
    const uint64_t block = 32 / sizeof(U);
    check_count(sum, m * block, "sumTensor (one 32-byte block per row)", api);
    check_count(max, m * block, "maxTensor (one 32-byte block per row)", api);
    if (tmp != nullptr) {
        const uint64_t rows = tiling.splitM > 0 ? tiling.splitM : 1;
        const uint64_t need = rows * (32 / sizeof(T) + k + 64) * 4;
        check_tmp(*tmp, need, api, "the tiling's splitM rows");
        const Range t = range_of(*tmp, tmp->GetSize());
        no_overlap(t, "sharedTmpBuffer", range_of(src, m * k), "srcTensor", api);
        no_overlap(t, "sharedTmpBuffer", range_of(dst, m * k), "dstTensor", api);
        no_overlap(t, "sharedTmpBuffer", range_of(sum, m * block), "sumTensor", api);
        no_overlap(t, "sharedTmpBuffer", range_of(max, m * block), "maxTensor", api);
    }
    reads(src, m * k, api);
    if (tmp != nullptr) {
        writes(*tmp, tmp->GetSize(), api);
    }
    writes(sum, m * block, api);
    writes(max, m * block, api);
    writes(dst, m * k, api);
    const T* in = src.data();
    T* out = dst.data();
    std::vector<float> row(k);
    for (uint64_t r = 0; r < m; ++r) {
        float hi = -std::numeric_limits<float>::infinity();
        for (uint64_t j = 0; j < k; ++j) {
            row[j] = load(in[r * k + j]);
            hi = std::isnan(row[j]) || row[j] > hi ? row[j] : hi;
        }
        float total = 0;
        for (uint64_t j = 0; j < k; ++j) {
            row[j] = f32(std::exp(static_cast<double>(f32(static_cast<double>(row[j]) - hi))));
            total = f32(static_cast<double>(total) + row[j]);
        }
        for (uint64_t j = 0; j < k; ++j) {
            out[r * k + j] = store<T>(static_cast<double>(row[j]) / total);
        }
        for (uint64_t j = 0; j < block; ++j) {
            sum.data()[r * block + j] = store<U>(total);
            max.data()[r * block + j] = store<U>(hi);
        }
    }
}

}  // namespace lib
}  // namespace ascx_emu

namespace AscendC {

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false>
void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
             const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling) {
    ascx_emu::lib::softmax<T, T, isBasicBlock, isDataFormatNZ>(dstTensor, sumTensor, maxTensor, srcTensor, nullptr,
                                                                tiling);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false>
void SoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor,
             const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor, const SoftMaxTiling& tiling) {
    ascx_emu::lib::softmax<half, float, isBasicBlock, isDataFormatNZ>(dstTensor, sumTensor, maxTensor, srcTensor,
                                                                       nullptr, tiling);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false>
void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
             const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
             const SoftMaxTiling& tiling) {
    ascx_emu::lib::softmax<T, T, isBasicBlock, isDataFormatNZ>(dstTensor, sumTensor, maxTensor, srcTensor,
                                                                &sharedTmpBuffer, tiling);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false>
void SoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor,
             const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
             const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling) {
    ascx_emu::lib::softmax<half, float, isBasicBlock, isDataFormatNZ>(dstTensor, sumTensor, maxTensor, srcTensor,
                                                                       &sharedTmpBuffer, tiling);
}

}  // namespace AscendC
