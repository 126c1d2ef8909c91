// ascx host emulation of SoftMax's variants (adv_api/activation/simplesoftmax.h, logsoftmax.h): SimpleSoftMax,
// softmax over the last axis of a [srcM, srcK] input with the row sums and maxima given, one 32-byte block per
// row of inSumTensor and inMaxTensor; LogSoftMax, log10 of the softmax, writing the sums and maxima; and
// AdjustSoftMaxRes (adv_api/activation/softmax.h), which resets the rows of a result whose maximum has given
// bits.  Clean-room.  (SimpleSoftMax's facts first; the others' are above their implementations below.)
//
// The shape follows SoftMax's rule (softmax.h: softmaxShapeInfo's, else src's ShapeInfo, else the
// tiling's; a shape other than the tiling's makes the kernel recompute its tiling for the temporary space
// at hand).
//
// Precision (CANN's order of steps on Atlas A2): half inputs and statistics are widened to float32; x - max,
// exp and the division by the sum each round to float32; a half dst is rounded with CAST_ROUND (to nearest,
// ties away from zero), as CANN's implementation rounds its float32 results to half.
//
// Checks at run time: a TPipe when no temporary buffer is given (CANN pops its stack buffer), the last axis
// is 32-byte aligned, the shape fits src and dst, dst and src have the
// same size, inSumTensor and inMaxTensor hold one block per row and each block holds one value (CANN
// documents it; its implementation reads lane j % 8 of the block for the element j of a row), the
// temporary buffer holds the tiling's splitM rows (at least one: GetSoftMaxMinTmpSize) and overlaps no
// operand, and isBasicBlock's shape rule holds; a config with a constant shape is not emulated.  Two facts of CANN's implementation are checked too, as
// it computes something else otherwise: a tiling used with isBasicBlock has no tail rows (CANN's
// basic-block path skips them), and a tiling's reduceK (when set) is the statistics' elements per block
// (CANN reads row r's statistics at r * reduceK; the host SoftMaxTilingFunc takes one data type size, so
// for float statistics of a half src it fills 16 where CANN's kernel-side tiling has 8).
// isDataFormatNZ is not emulated (the run fails).
#pragma once

#include <cstring>

#include "adv_api/activation/softmax.h"
#include "adv_api/activation/softmax_flash.h"
#include "ascx_emu/convert.h"
#include "ascx_emu/debug.h"
#include "ascx_emu/lib_common.h"
#include "ascx_emu/sync.h"
#include "kernel_tiling/kernel_tiling.h"

namespace ascx_emu {
namespace lib {

/// A float32 result stored as ``T``: a half rounded with CAST_ROUND (CANN's softmax family rounds so).
template <typename T>
T store_cast_round(float v) {
    if constexpr (std::is_same_v<T, float>) {
        return v;
    } else {
        return round_to_floating<T>(static_cast<double>(v), AscendC::RoundMode::CAST_ROUND);
    }
}

/// Every element of row ``r``'s block of a statistics tensor holds the same value (bit for bit).
template <typename U>
void check_uniform_block(const AscendC::LocalTensor<U>& t, uint64_t r, const char* name, const char* api) {
    const uint64_t block = 32 / sizeof(U);
    const U* row = t.data() + r * block;
    for (uint64_t j = 1; j < block; ++j) {
        if (std::memcmp(&row[j], &row[0], sizeof(U)) != 0) {
            fail("%s: the block of row %llu of %s holds different values (element %llu is %g, element 0 %g); "
                 "each row's 32-byte block holds one value",
                 api, static_cast<unsigned long long>(r), name, static_cast<unsigned long long>(j),
                 static_cast<double>(load(row[j])), static_cast<double>(load(row[0])));
        }
    }
}

/// The shape of a softmax variant and the checks SoftMax's variants share: the aligned last axis, the
/// basic-block rule, the sizes of src, dst and the statistics, and the temporary buffer.
template <typename T, typename U, bool isBasicBlock, bool isDataFormatNZ>
SoftmaxShape softmax_variant_shape(const char* api, const AscendC::LocalTensor<T>& dst,
                                   const AscendC::LocalTensor<U>& sum, const char* sum_name,
                                   const AscendC::LocalTensor<U>& max, const char* max_name,
                                   const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<uint8_t>* tmp,
                                   const SoftMaxTiling& tiling, const AscendC::SoftMaxShapeInfo& shape_info) {
    if (isDataFormatNZ) {
        fail("%s: isDataFormatNZ=true (the NZ layout) is not emulated", api);
    }
    const SoftmaxShape shape = softmax_shape(src, tiling, shape_info);
    const uint64_t m = shape.m;
    const uint64_t k = shape.k;
    if (k * sizeof(T) % 32 != 0) {
        fail("%s: the %s srcK %llu is not 32-byte aligned; the last axis must be", api,
             shape.retiled ? "shape's" : "tiling's", static_cast<unsigned long long>(k));
    }
    if (isBasicBlock && !(k % 64 == 0 && k >= 256 / sizeof(T) && k < 2048 && m % 8 == 0)) {
        fail("%s: isBasicBlock=true needs srcK a multiple of 64 in [256/sizeof(T), 2048) and srcM a multiple of 8; "
             "the %s [%llu, %llu]",
             api, shape.retiled ? "shape is" : "tiling has", static_cast<unsigned long long>(m),
             static_cast<unsigned long long>(k));
    }
    if (isBasicBlock && !shape.retiled && tiling.tailM != 0) {
        fail("%s: isBasicBlock=true with a tiling of %u tail rows (tailM): CANN's basic-block path computes only "
             "the rangeM splits of splitM rows; the tiling is not a basic block (IsBasicBlockInSoftMax)",
             api, tiling.tailM);
    }
    if (!shape.retiled && tiling.reduceK != 0 && tiling.reduceK != 32 / sizeof(U)) {
        fail("%s: the tiling's reduceK is %u, but %s and %s hold %llu elements per 32-byte block; CANN reads the "
             "row statistics %u elements apart (a tiling filled for the data type size of src; set reduceK, "
             "reduceSize, outMaxK and outMaxSize for the statistics' type)",
             api, tiling.reduceK, sum_name, max_name, static_cast<unsigned long long>(32 / sizeof(U)), tiling.reduceK);
    }
    if (dst.GetSize() != src.GetSize()) {
        fail("%s: dstTensor has %u elements and srcTensor %u; they must be equal", api, dst.GetSize(), src.GetSize());
    }
    check_count(src, m * k, "srcTensor (srcM * srcK of the tiling)", api);
    const uint64_t block = 32 / sizeof(U);
    check_count(sum, m * block, sum_name, api);
    check_count(max, m * block, max_name, api);
    if (tmp != nullptr) {
        const uint64_t rows = !shape.retiled && tiling.splitM > 0 ? tiling.splitM : 1;
        const uint64_t need = rows * (32 / sizeof(T) + k + 64) * 4;
        check_tmp(*tmp, need, api, shape.retiled ? "one row of the shape" : "the tiling's splitM rows");
        const Range t = range_of(*tmp, tmp->GetSize());
        no_overlap(t, "sharedTmpBuffer", range_of(src, m * k), "srcTensor", api);
        no_overlap(t, "sharedTmpBuffer", range_of(dst, m * k), "dstTensor", api);
        no_overlap(t, "sharedTmpBuffer", range_of(sum, m * block), sum_name, api);
        no_overlap(t, "sharedTmpBuffer", range_of(max, m * block), max_name, api);
    }
    return shape;
}

/// SimpleSoftMax's ``config``: a shape made constant at compile time (oriSrcM, oriSrcK) is not emulated.
inline void simple_config(const AscendC::SoftmaxConfig& config) {
    if (config.oriSrcM != 0 || config.oriSrcK != 0) {
        fail("SimpleSoftMax: a SoftmaxConfig with a constant shape (oriSrcM %u, oriSrcK %u) is not emulated",
             config.oriSrcM, config.oriSrcK);
    }
}

template <typename T, typename U, bool isBasicBlock, bool isDataFormatNZ>
void simple_softmax(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& in_sum,
                    const AscendC::LocalTensor<U>& in_max, const AscendC::LocalTensor<T>& src,
                    const AscendC::LocalTensor<uint8_t>* tmp, const SoftMaxTiling& tiling,
                    const AscendC::SoftMaxShapeInfo& shape_info) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "SimpleSoftMax takes half or float");
    static_assert(std::is_same_v<U, T> || (std::is_same_v<T, half> && std::is_same_v<U, float>),
                  "inSumTensor and inMaxTensor hold T, or float for a half T");
    const char* api = "SimpleSoftMax";
    if (tmp == nullptr && ascx_emu::system_state.tpipe == nullptr) {
        fail("SimpleSoftMax: without a sharedTmpBuffer CANN takes the temporary space from the TPipe's stack "
             "buffer (PopStackBuffer), and the kernel has no TPipe: create one before the call, or pass a "
             "temporary buffer");
    }
    const SoftmaxShape shape = softmax_variant_shape<T, U, isBasicBlock, isDataFormatNZ>(
        api, dst, in_sum, "inSumTensor (one 32-byte block per row)", in_max, "inMaxTensor (one 32-byte block per row)",
        src, tmp, tiling, shape_info);
    const uint64_t m = shape.m;
    const uint64_t k = shape.k;
    const uint64_t block = 32 / sizeof(U);
    reads(src, m * k, api);
    reads(in_sum, m * block, api);
    reads(in_max, m * block, api);
    if (tmp != nullptr) {
        writes(*tmp, tmp->GetSize(), api);
    }
    writes(dst, m * k, api);
    const T* in = src.data();
    T* out = dst.data();
    for (uint64_t r = 0; r < m; ++r) {
        check_uniform_block(in_sum, r, "inSumTensor", api);
        check_uniform_block(in_max, r, "inMaxTensor", api);
        const float hi = load(in_max.data()[r * block]);
        const float total = load(in_sum.data()[r * block]);
        for (uint64_t j = 0; j < k; ++j) {
            const float e = f32(std::exp(static_cast<double>(f32(static_cast<double>(load(in[r * k + j])) - hi))));
            out[r * k + j] = store_cast_round<T>(e / total);
        }
    }
}

// LogSoftMax.  The shape is softmaxShapeInfo's [srcM, srcK] when both are non-zero, else src's ShapeInfo
// (the last axis k, the product of the others m); CANN's kernel never reads the tiling's shape: it computes
// a tiling of its own for the shape and the temporary buffer.  A src with neither fails the run, and so does
// a padded last axis (oriSrcK != srcK, not emulated) and isDataFormatNZ.
//
// Precision (CANN's order of steps on Atlas A2): in float32, half inputs widened: the row maximum (exact),
// x - max, exp, the row sum (in CANN's vector order: flash_row_sum of softmax_flash.h), the division, ln and
// the product with 0.4342944819f (log10 e), each rounded to float32.  max and sum are stored in T,
// a half rounded with CAST_ROUND, as is a half dst; the division uses the float32 sum and max.
//
// Checks at run time: the last axis is 32-byte aligned, the shape fits src and dst, dst and src have the
// same size and do not overlap (CANN documents it), sum and max hold one block per row, the temporary
// buffer holds one row (GetLogSoftMaxMinTmpSize) and overlaps no operand.

inline constexpr float kLog10E = 0.4342944819f;

template <typename T>
SoftmaxShape log_softmax_shape(const AscendC::LocalTensor<T>& src, const AscendC::SoftMaxShapeInfo& given) {
    uint64_t m = 0;
    uint64_t k = 0;
    uint64_t original_k = 0;
    if (given.srcM != 0 && given.srcK != 0) {
        m = given.srcM;
        k = given.srcK;
        original_k = given.oriSrcK != 0 ? given.oriSrcK : k;
    } else {
        const AscendC::ShapeInfo info = src.GetShapeInfo();
        if (info.shapeDim == 0) {
            fail("LogSoftMax: src has no ShapeInfo and softmaxShapeInfo gives no shape; LogSoftMax takes its shape "
                 "from one of them (not from the tiling)");
        }
        k = info.shape[info.shapeDim - 1];
        m = 1;
        for (uint8_t i = 0; i + 1 < info.shapeDim; ++i) {
            m *= info.shape[i];
        }
        original_k = info.originalShapeDim > 0 ? info.originalShape[info.originalShapeDim - 1] : k;
    }
    if (original_k != k) {
        fail("LogSoftMax: an original last axis of %llu in a shape of %llu (a padded last axis) is not emulated",
             static_cast<unsigned long long>(original_k), static_cast<unsigned long long>(k));
    }
    return {m, k, true};
}

template <typename T, bool isDataFormatNZ>
void log_softmax(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& sum,
                 const AscendC::LocalTensor<T>& max, const AscendC::LocalTensor<T>& src,
                 const AscendC::LocalTensor<uint8_t>& tmp, const AscendC::SoftMaxShapeInfo& shape_info) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "LogSoftMax takes half or float");
    const char* api = "LogSoftMax";
    if (isDataFormatNZ) {
        fail("LogSoftMax: isDataFormatNZ=true (the NZ layout) is not emulated");
    }
    const SoftmaxShape shape = log_softmax_shape(src, shape_info);
    const uint64_t m = shape.m;
    const uint64_t k = shape.k;
    if (k * sizeof(T) % 32 != 0) {
        fail("LogSoftMax: the shape's srcK %llu is not 32-byte aligned; the last axis must be",
             static_cast<unsigned long long>(k));
    }
    if (dst.GetSize() != src.GetSize()) {
        fail("LogSoftMax: dst has %u elements and src %u; they must be equal", dst.GetSize(), src.GetSize());
    }
    check_count(src, m * k, "src (srcM * srcK of the shape)", api);
    const uint64_t block = 32 / sizeof(T);
    check_count(sum, m * block, "sum (one 32-byte block per row)", api);
    check_count(max, m * block, "max (one 32-byte block per row)", api);
    no_overlap(range_of(dst, m * k), "dst", range_of(src, m * k), "src", api);
    check_tmp(tmp, (block + k + 64) * 4, api, "one row of the shape");
    const Range t = range_of(tmp, tmp.GetSize());
    no_overlap(t, "sharedTmpBuffer", range_of(src, m * k), "src", api);
    no_overlap(t, "sharedTmpBuffer", range_of(dst, m * k), "dst", api);
    no_overlap(t, "sharedTmpBuffer", range_of(sum, m * block), "sum", api);
    no_overlap(t, "sharedTmpBuffer", range_of(max, m * block), "max", api);
    reads(src, m * k, api);
    writes(tmp, tmp.GetSize(), api);
    writes(max, m * block, api);
    writes(sum, m * block, api);
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
        for (uint64_t j = 0; j < k; ++j) {
            row[j] = f32(std::exp(static_cast<double>(f32(static_cast<double>(row[j]) - hi))));
        }
        const float total = flash_row_sum(row.data(), static_cast<uint32_t>(k), false);
        for (uint64_t j = 0; j < k; ++j) {
            const float q = row[j] / total;
            const float ln = f32(std::log(static_cast<double>(q)));
            out[r * k + j] = store_cast_round<T>(ln * kLog10E);
        }
        for (uint64_t j = 0; j < block; ++j) {
            sum.data()[r * block + j] = store_cast_round<T>(total);
            max.data()[r * block + j] = store_cast_round<T>(hi);
        }
    }
}

// AdjustSoftMaxRes.  For each row r < srcM of softmaxShapeInfo, the maximum is maxTensor's element r * step
// (step: the elements of a 32-byte block, or 1 with stepSizeMode non-zero); when its bits (a half's 16 bits
// against from's low 16) equal from, the row's srcK elements of softMaxRes become to.  Returns whether any row
// did.  CANN takes an event id from the kernel's TPipe (its V-to-S wait), so the kernel needs one.
// Checks at run time: the TPipe, srcK 32-byte aligned, srcM * srcK within softMaxRes, srcM maxima within
// maxTensor; isDataFormatNZ is not emulated (the run fails).

template <typename T1, typename T2, bool isDataFormatNZ, uint8_t stepSizeMode>
bool adjust_softmax_res(const AscendC::LocalTensor<T1>& res, const AscendC::LocalTensor<T2>& max, uint32_t from,
                        T1 to, const AscendC::SoftMaxShapeInfo& shape) {
    static_assert(std::is_same_v<T1, half> || std::is_same_v<T1, float>, "AdjustSoftMaxRes: T1 is half or float");
    static_assert(std::is_same_v<T2, half> || std::is_same_v<T2, float>, "AdjustSoftMaxRes: T2 is half or float");
    const char* api = "AdjustSoftMaxRes";
    AscendC::detail::needs_tpipe(api);
    if (isDataFormatNZ) {
        fail("AdjustSoftMaxRes: isDataFormatNZ=true (the NZ layout) is not emulated");
    }
    const uint64_t m = shape.srcM;
    const uint64_t k = shape.srcK;
    if (k * sizeof(T1) % 32 != 0) {
        fail("AdjustSoftMaxRes: softmaxShapeInfo.srcK %llu is not 32-byte aligned; the last axis must be",
             static_cast<unsigned long long>(k));
    }
    check_count(res, m * k, "softMaxRes (srcM * srcK of softmaxShapeInfo)", api);
    const uint64_t step = stepSizeMode != 0 ? 1 : 32 / sizeof(T2);
    if (m > 0) {
        check_count(max, (m - 1) * step + 1, "maxTensor (a maximum per row)", api);
    }
    reads(max, m == 0 ? 0 : (m - 1) * step + 1, api);
    reads(res, m * k, api);
    writes(res, m * k, api);
    bool found = false;
    for (uint64_t r = 0; r < m; ++r) {
        const T2 value = max.data()[r * step];
        bool match = false;
        if constexpr (std::is_same_v<T2, float>) {
            uint32_t bits = 0;
            std::memcpy(&bits, &value, sizeof bits);
            match = bits == from;
        } else {
            uint16_t bits = 0;
            std::memcpy(&bits, &value, sizeof bits);
            match = bits == static_cast<uint16_t>(from);
        }
        if (match) {
            for (uint64_t j = 0; j < k; ++j) {
                res.data()[r * k + j] = to;
            }
            found = true;
        }
    }
    return found;
}

}  // namespace lib
}  // namespace ascx_emu

namespace AscendC {

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SimpleSoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& inSumTensor,
                   const LocalTensor<T>& inMaxTensor, const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling,
                   const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCX_COVER_FORM("SimpleSoftMax", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, SoftMaxTiling, SoftMaxShapeInfo");
    ascx_emu::lib::simple_config(config);
    ascx_emu::lib::simple_softmax<T, T, isBasicBlock, isDataFormatNZ>(dstTensor, inSumTensor, inMaxTensor, srcTensor,
                                                                       nullptr, tiling, softmaxShapeInfo);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SimpleSoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& inSumTensor,
                   const LocalTensor<float>& inMaxTensor, const LocalTensor<half>& srcTensor,
                   const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCX_COVER_FORM("SimpleSoftMax", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, SoftMaxTiling, SoftMaxShapeInfo");
    ascx_emu::lib::simple_config(config);
    ascx_emu::lib::simple_softmax<half, float, isBasicBlock, isDataFormatNZ>(
        dstTensor, inSumTensor, inMaxTensor, srcTensor, nullptr, tiling, softmaxShapeInfo);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SimpleSoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& inSumTensor,
                   const LocalTensor<T>& inMaxTensor, const LocalTensor<T>& srcTensor,
                   const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                   const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCX_COVER_FORM("SimpleSoftMax", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, SoftMaxTiling, SoftMaxShapeInfo");
    ascx_emu::lib::simple_config(config);
    ascx_emu::lib::simple_softmax<T, T, isBasicBlock, isDataFormatNZ>(dstTensor, inSumTensor, inMaxTensor, srcTensor,
                                                                       &sharedTmpBuffer, tiling, softmaxShapeInfo);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SimpleSoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& inSumTensor,
                   const LocalTensor<float>& inMaxTensor, const LocalTensor<half>& srcTensor,
                   const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
                   const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCX_COVER_FORM("SimpleSoftMax", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, SoftMaxTiling, SoftMaxShapeInfo");
    ascx_emu::lib::simple_config(config);
    ascx_emu::lib::simple_softmax<half, float, isBasicBlock, isDataFormatNZ>(
        dstTensor, inSumTensor, inMaxTensor, srcTensor, &sharedTmpBuffer, tiling, softmaxShapeInfo);
}

template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
void LogSoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& sum, const LocalTensor<T>& max,
                const LocalTensor<T>& src, const LocalTensor<uint8_t>& sharedTmpBuffer, const LogSoftMaxTiling& tiling,
                const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCX_COVER("LogSoftMax");
    (void)tiling;  // CANN's LogSoftMax computes its own tiling (the header comment)
    ascx_emu::lib::log_softmax<T, isDataFormatNZ>(dst, sum, max, src, sharedTmpBuffer, softmaxShapeInfo);
}

template <typename T1, typename T2, bool isDataFormatNZ = false, uint8_t stepSizeMode = 0>
bool AdjustSoftMaxRes(const LocalTensor<T1>& softMaxRes, const LocalTensor<T2>& maxTensor, const uint32_t from,
                      const T1 to, const SoftMaxShapeInfo& softmaxShapeInfo) {
    ASCX_COVER("AdjustSoftMaxRes");
    return ascx_emu::lib::adjust_softmax_res<T1, T2, isDataFormatNZ, stepSizeMode>(softMaxRes, maxTensor, from, to,
                                                                                   softmaxShapeInfo);
}

}  // namespace AscendC
