// ascx host emulation of SoftmaxFlash (adv_api/activation/softmaxflash.h), the older online softmax that CANN
// marks deprecated in favour of SoftmaxFlashV2.  Clean-room, written from CANN's documentation of the API and
// from the order of the float32 steps its Atlas A2 implementation takes on CANN's CPU-debug build, so that this
// backend and the CANN-backed one agree bit for bit.
//
// isUpdate is a run-time bool (a function argument, not a template parameter as in SoftmaxFlashV2).
//
// What one row computes (x the row, widened to float32; r = max(x) over the original last axis oriSrcK):
//   isUpdate = false (CANN's SoftMax path):  M = r, e = exp(x - M), S = rowsum(e), dst = e / S;
//     max = M, sum = S.  The row sum adds in SoftMax's order (the one of SoftmaxFlashV2's flash_row_sum).
//   isUpdate = true, lane by lane l of the row's 32-byte stats block (in_max, in_sum widened):
//     M_l = max(in_max_l, r)           e = exp(x - r)            s = rowsum(e)   (SoftmaxFlash's order below)
//     C_l = exp(in_max_l - M_l) * in_sum_l                        T_l = exp(r - M_l) * s
//     S_l = C_l + T_l    expMax_l = C_l / S_l    F_l = exp(r - M_l) / S_l    dst = e * F_0
//     max = M, sum = S, expMax = expMax (a half expMax block of a half/float call holds expMax_0 in all 16
//     lanes: CANN's CPU build broadcasts the first lane of a block).
// Every step is a float32 operation rounded to float32 (exp correctly rounded, as the intrinsic layer's
// vexp); half outputs are rounded with CAST_ROUND (ties away from zero).  For a half/half call the stats
// are rounded to half when stored, but the float values go on into the later steps, as in CANN.
//
// The update form's row sum (CANN's ReduceSumLastND): the 64-element chunks' eight 8-element block sums
// (each a binary tree) accumulate lane by lane chunk after chunk, the eight lanes add as a binary tree, and
// the tail (oriSrcK % 64 elements) adds as one binary tree of 64 lanes padded with zeros, added last.
//
// isBasicBlock: CANN's basic-block code runs on the NPU only (not on its CPU-debug build, which the CANN
// backend uses); it takes other reduction orders and, for float, leaves the result in srcTensor rather than
// dstTensor.  The emulation computes a basic block as the ND path (as CANN's CPU build does), with the
// basic-block shape checks.
//
// The shape: softmaxShapeInfo's [srcM, srcK] when both are non-zero (then oriSrcK is the original last
// axis), else src's ShapeInfo.  A tiling of another [srcM, srcK] is recomputed for the shape and the
// temporary space with CANN's kernel-side SoftMaxFlashTilingFunc: rows = floats / (blk * (isUpdate ? 4 : 2)
// + 2 * srcK) (blk the elements of a 32-byte block of maxTensor), at most srcM; for a basic block a multiple
// of 8 that divides srcM.  A tiling of the shape must have the fields that follow from its splitM.
//
// Checks at run time: CANN's kernel checks of the call (softmaxShapeInfo's srcK 32-byte aligned and its shape
// within src, dst and src of one size, the basic-block shape), the last axis 32-byte aligned, the stats tensors
// one block per row, the temporary buffer at least what the tiling's splitM rows need (GetSoftMaxFlashMinTmpSize
// a row: a stats block, the row and 64 floats; with isUpdate four stats blocks and two rows) and
// overlapping no operand, and no operands overlapping but the pairs CANN allows (srcTensor and dstTensor,
// maxTensor and inMaxTensor, sumTensor and inSumTensor, each the same tensor).
#pragma once

#include <cstring>
#include <vector>

#include "adv_api/activation/softmax_flash.h"

namespace ascx_emu {
namespace lib {

/// The floats of temporary space one row of SoftmaxFlash takes in CANN's kernel-side tiling function.
constexpr uint32_t flash_v1_row_floats(uint32_t k, uint32_t blk, bool update) {
    return blk * (update ? 4 : 2) + 2 * k;
}

/// The floats of temporary space one row of SoftmaxFlash needs (CANN's GetSoftMaxFlashMinTmpSize on dav-c220):
/// SoftMax's row without isUpdate (a stats block, the row and 64 floats), four stats blocks and two rows with it.
constexpr uint32_t flash_v1_min_row_floats(uint32_t k, uint32_t blk, bool update) {
    return update ? 4 * blk + 2 * k : blk + k + 64;
}

/// CANN's kernel-side SoftMaxFlashTilingFunc for ``work`` floats of temporary space.
constexpr SoftMaxTiling flash_v1_tiling(uint32_t m, uint32_t k, uint32_t blk, uint32_t work, bool update,
                                        bool basic) {
    uint32_t rows = work / flash_v1_row_floats(k, blk, update);
    rows = rows < m ? rows : m;
    if (basic && rows > 8 && m % 8 == 0) {
        rows = rows / 8 * 8;
        while (m % rows != 0) {
            rows -= 8;
        }
    }
    return flash_v2_tiling_of(m, k, blk, rows);
}

/// The update form's row sum of the first ``k`` values in CANN's SoftmaxFlash order (the header comment).
inline float flash_v1_row_sum(const float* row, uint32_t k) {
    const uint32_t chunks = k / 64;
    const uint32_t tail = k % 64;
    float total = 0.0f;
    if (chunks > 0) {
        float lanes[8];
        for (uint32_t c = 0; c < chunks; ++c) {
            for (uint32_t b = 0; b < 8; ++b) {
                float block[8];
                std::copy(row + 64 * c + 8 * b, row + 64 * c + 8 * b + 8, block);
                const float s = tree_sum(block, 8);
                lanes[b] = c == 0 ? s : lanes[b] + s;
            }
        }
        total = tree_sum(lanes, 8);
    }
    if (tail != 0) {
        float lanes[64];
        for (uint32_t l = 0; l < 64; ++l) {
            lanes[l] = l < tail ? row[64 * chunks + l] : 0.0f;
        }
        const float t = tree_sum(lanes, 64);
        total = chunks > 0 ? total + t : t;
    }
    return total;
}

/// The shape a SoftmaxFlash call computes on and the tiling it uses (CANN recomputes a tiling of another shape).
template <typename T1>
FlashShape flash_v1_shape(const char* api, const AscendC::LocalTensor<T1>& src, const SoftMaxTiling& tiling,
                          const AscendC::SoftMaxShapeInfo& given, uint32_t work_floats, uint32_t blk, bool update,
                          bool basic) {
    FlashShape shape{};
    if (given.srcM != 0 && given.srcK != 0) {
        shape.m = given.srcM;
        shape.k = given.srcK;
        shape.original_k = given.oriSrcK;
        if (given.oriSrcK == 0 || given.oriSrcK > given.srcK) {
            fail("%s: softmaxShapeInfo's oriSrcK %u is not in [1, srcK %u]; CANN reduces each row over its first "
                 "oriSrcK elements (give the original shape, equal to [srcM, srcK] when nothing was padded)",
                 api, given.oriSrcK, given.srcK);
        }
    } else {
        const AscendC::ShapeInfo info = src.GetShapeInfo();
        if (info.shapeDim == 0) {
            fail("%s: srcTensor has no ShapeInfo and softmaxShapeInfo gives no shape (set the shape with "
                 "SetShapeInfo or pass a SoftMaxShapeInfo)",
                 api);
        }
        shape.k = info.shape[info.shapeDim - 1];
        uint64_t m = 1;
        for (uint8_t i = 0; i + 1 < info.shapeDim; ++i) {
            m *= info.shape[i];
        }
        shape.m = static_cast<uint32_t>(m);
        shape.original_k = info.originalShapeDim > 0 ? info.originalShape[info.originalShapeDim - 1] : 0;
        if (shape.k == 0 || shape.original_k == 0 || shape.original_k > shape.k) {
            fail("%s: srcTensor's ShapeInfo has a last axis of %u and an original one of %u; both must be non-zero "
                 "and the original at most the last axis",
                 api, shape.k, shape.original_k);
        }
    }
    if (uint64_t{shape.k} * sizeof(T1) % 32 != 0) {
        fail("%s: the last axis srcK %u is not 32-byte aligned; %s needs it 32-byte aligned", api, shape.k, api);
    }
    shape.retiled = shape.m != tiling.srcM || shape.k != tiling.srcK;
    if (shape.retiled) {
        shape.tiling = flash_v1_tiling(shape.m, shape.k, blk, work_floats, update, basic);
        if (shape.tiling.splitM == 0) {
            fail("%s: the temporary space (%u floats) holds no row of the shape [%u, %u]; the tiling CANN recomputes "
                 "on the device has splitM 0 (softmaxflash need min tmpbuffer is not enough)",
                 api, work_floats, shape.m, shape.k);
        }
    } else {
        shape.tiling = tiling;
        const uint32_t rows = tiling.splitM;
        if (rows == 0) {
            fail("%s: the tiling's splitM is 0; fill it with SoftMaxFlashTilingFunc", api);
        }
        const SoftMaxTiling expected = flash_v2_tiling_of(shape.m, shape.k, blk, rows);
        uint32_t got = 0;
        uint32_t wanted = 0;
        if (const char* field = first_difference(tiling, expected, got, wanted)) {
            fail("%s: the tiling's %s is %u, but SoftMaxFlashTilingFunc makes %u for [%u, %u] in steps of splitM "
                 "%u rows; CANN's %s reads every field of the tiling",
                 api, field, got, wanted, shape.m, shape.k, rows, api);
        }
    }
    return shape;
}

template <typename T1, typename T2, bool isBasicBlock>
void softmax_flash_v1(const AscendC::LocalTensor<T1>& dst, const AscendC::LocalTensor<T2>& sum,
                      const AscendC::LocalTensor<T2>& max, const AscendC::LocalTensor<T1>& src,
                      const AscendC::LocalTensor<T1>& exp_max, const AscendC::LocalTensor<T2>& in_sum,
                      const AscendC::LocalTensor<T2>& in_max, const AscendC::LocalTensor<uint8_t>* tmp,
                      const SoftMaxTiling& tiling, bool update, const AscendC::SoftMaxShapeInfo& shape_info) {
    static_assert(std::is_same_v<T1, half> || std::is_same_v<T1, float>, "SoftmaxFlash takes half or float");
    static_assert(std::is_same_v<T2, T1> || (std::is_same_v<T1, half> && std::is_same_v<T2, float>),
                  "the stats hold T, or float for a half T");
    const char* api = "SoftmaxFlash";
    // CANN's kernel checks of the call (softmax_flash_check_common.h)
    if (uint64_t{shape_info.srcK} * sizeof(T1) % 32 != 0) {
        fail("%s: The softmaxShapeInfo.srcK is %u, should be 32B aligned.", api, shape_info.srcK);
    }
    if (isBasicBlock && (shape_info.srcK != 0 || shape_info.srcM != 0)) {
        if (!(shape_info.srcK < 2048 && shape_info.srcK >= 256 / sizeof(T1) && shape_info.srcK % 64 == 0)) {
            fail("%s: The softmaxShapeInfo.srcK is %u, should be less than 2048 and greater than or equal to "
                 "256/sizeof(T), and should be an integer multiple of 64.",
                 api, shape_info.srcK);
        }
        if (shape_info.srcM % 8 != 0) {
            fail("%s: The softmaxShapeInfo.srcM is %u, should be an integer multiple of 8.", api, shape_info.srcM);
        }
    }
    if (uint64_t{shape_info.srcK} * shape_info.srcM > src.GetSize()) {
        fail("%s: The softmaxShapeInfo.srcK is %u, softmaxShapeInfo.srcM is %u, the product of softmaxShapeInfo.srcM "
             "and softmaxShapeInfo.srcK should not be greater than srcTensor size %u.",
             api, shape_info.srcK, shape_info.srcM, src.GetSize());
    }
    if (dst.GetSize() != src.GetSize()) {
        fail("%s: The dstTensor size is %u, should be equal to srcTensor size %u.", api, dst.GetSize(), src.GetSize());
    }
    constexpr uint32_t stats = 32 / sizeof(T2);  // elements of a stats block
    constexpr uint32_t exp_lanes = 32 / sizeof(T1);
    // without a temporary buffer CANN takes the pipe's stack buffer: the emulation assumes it holds every row
    const uint32_t work = tmp != nullptr ? tmp->GetSize() / 4 : 0xFFFFFFFFu / 4;
    const FlashShape shape = flash_v1_shape<T1>(api, src, tiling, shape_info, work, stats, update, isBasicBlock);
    const uint32_t m = shape.m;
    const uint32_t k = shape.k;
    const SoftMaxTiling& t = shape.tiling;
    if (isBasicBlock && !(k % 64 == 0 && k >= 256 / sizeof(T1) && k < 2048 && m % 8 == 0)) {
        fail("%s: isBasicBlock=true needs srcK a multiple of 64 in [256/sizeof(T), 2048) and srcM a multiple of 8; "
             "the shape is [%u, %u]",
             api, m, k);
    }
    check_count(src, uint64_t{m} * k, "srcTensor (srcM * srcK)", api);
    check_count(sum, uint64_t{m} * stats, "sumTensor (one 32-byte block per row)", api);
    check_count(max, uint64_t{m} * stats, "maxTensor (one 32-byte block per row)", api);
    if (update) {
        check_count(in_sum, uint64_t{m} * stats, "inSumTensor (one 32-byte block per row)", api);
        check_count(in_max, uint64_t{m} * stats, "inMaxTensor (one 32-byte block per row)", api);
        check_count(exp_max, uint64_t{m} * exp_lanes, "expMaxTensor (one 32-byte block per row)", api);
    }
    const uint64_t block_bytes = uint64_t{m} * 32;
    const Operand operands[8] = {
        {"dstTensor", range_of(dst, uint64_t{m} * k), true},
        {"srcTensor", range_of(src, uint64_t{m} * k), false},
        {"sumTensor", range_of(sum, block_bytes / sizeof(T2)), true},
        {"maxTensor", range_of(max, block_bytes / sizeof(T2)), true},
        {"expMaxTensor", range_of(exp_max, update ? block_bytes / sizeof(T1) : 0), true},
        {"inSumTensor", range_of(in_sum, update ? block_bytes / sizeof(T2) : 0), false},
        {"inMaxTensor", range_of(in_max, update ? block_bytes / sizeof(T2) : 0), false},
        {"sharedTmpBuffer", tmp != nullptr ? range_of(*tmp, tmp->GetSize()) : Range{}, true},
    };
    const std::pair<const char*, const char*> same[3] = {
        {"srcTensor", "dstTensor"}, {"maxTensor", "inMaxTensor"}, {"sumTensor", "inSumTensor"}};
    const int count = tmp != nullptr ? 8 : 7;
    for (int i = 0; i < count; ++i) {
        for (int j = i + 1; j < count; ++j) {
            const Operand& a = operands[i];
            const Operand& b = operands[j];
            if ((!a.output && !b.output) || !overlap(a.range, b.range)) {
                continue;
            }
            bool allowed = false;
            for (const auto& [x, y] : same) {
                const bool pair = (std::strcmp(a.name, x) == 0 && std::strcmp(b.name, y) == 0) ||
                                  (std::strcmp(a.name, y) == 0 && std::strcmp(b.name, x) == 0);
                allowed = allowed || (pair && a.range.first == b.range.first && a.range.end == b.range.end);
            }
            if (!allowed) {
                fail("%s: %s (bytes [%llu, %llu)) overlaps %s (bytes [%llu, %llu)); CANN allows only srcTensor and "
                     "dstTensor, maxTensor and inMaxTensor, sumTensor and inSumTensor to be one tensor",
                     api, a.name, static_cast<unsigned long long>(a.range.first),
                     static_cast<unsigned long long>(a.range.end), b.name,
                     static_cast<unsigned long long>(b.range.first), static_cast<unsigned long long>(b.range.end));
            }
        }
    }
    if (tmp != nullptr) {
        const uint64_t need = uint64_t{t.splitM} * flash_v1_min_row_floats(k, stats, update) * 4;
        check_tmp(*tmp, need, api, shape.retiled ? "the splitM rows of the tiling recomputed for the shape"
                                                 : "the tiling's splitM rows");
    }
    reads(src, uint64_t{m} * k, api);
    if (update) {
        reads(in_sum, uint64_t{m} * stats, api);
        reads(in_max, uint64_t{m} * stats, api);
    }
    if (tmp != nullptr) {
        writes(*tmp, tmp->GetSize(), api);
    }
    const uint32_t reduce_k = shape.original_k;
    std::vector<float> row(k);
    for (uint32_t r = 0; r < m; ++r) {
        const T1* x = src.data() + uint64_t{r} * k;
        for (uint32_t j = 0; j < k; ++j) {
            row[j] = static_cast<float>(x[j]);
        }
        float hi = -std::numeric_limits<float>::infinity();
        for (uint32_t j = 0; j < reduce_k; ++j) {
            hi = row[j] > hi ? row[j] : hi;
        }
        for (uint32_t j = 0; j < k; ++j) {
            row[j] = flash_exp(row[j] - hi);
        }
        T1* y = dst.data() + uint64_t{r} * k;
        T2* sums = sum.data() + uint64_t{r} * stats;
        T2* maxes = max.data() + uint64_t{r} * stats;
        if (!update) {
            const float total = flash_row_sum(row.data(), reduce_k, false);
            for (uint32_t j = 0; j < k; ++j) {
                y[j] = flash_store<T1>(row[j] / total);
            }
            for (uint32_t l = 0; l < stats; ++l) {
                maxes[l] = flash_store<T2>(hi);
                sums[l] = flash_store<T2>(total);
            }
            continue;
        }
        const float total = flash_v1_row_sum(row.data(), reduce_k);
        float factor[stats];
        float carried_share[stats];
        for (uint32_t l = 0; l < stats; ++l) {
            const float in_m = static_cast<float>(in_max.data()[uint64_t{r} * stats + l]);
            const float in_s = static_cast<float>(in_sum.data()[uint64_t{r} * stats + l]);
            const float new_max = in_m > hi ? in_m : hi;
            const float rescale = flash_exp(hi - new_max);
            const float carried = flash_exp(in_m - new_max) * in_s;
            const float s = carried + rescale * total;
            carried_share[l] = carried / s;
            factor[l] = rescale / s;
            maxes[l] = flash_store<T2>(new_max);
            sums[l] = flash_store<T2>(s);
        }
        for (uint32_t j = 0; j < k; ++j) {
            y[j] = flash_store<T1>(row[j] * factor[0]);
        }
        T1* e = exp_max.data() + uint64_t{r} * exp_lanes;
        for (uint32_t l = 0; l < exp_lanes; ++l) {
            e[l] = flash_store<T1>(carried_share[exp_lanes == stats ? l : 0]);
        }
    }
    writes(sum, uint64_t{m} * stats, api);
    writes(max, uint64_t{m} * stats, api);
    if (update) {
        writes(exp_max, uint64_t{m} * exp_lanes, api);
    }
    writes(dst, uint64_t{m} * k, api);
}

}  // namespace lib
}  // namespace ascx_emu

namespace AscendC {

#define ASCX_FLASH_V1_TEMPLATE template <typename T, bool isReuseSource = false, bool isBasicBlock = false>

ASCX_FLASH_V1_TEMPLATE
void SoftmaxFlash(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
                  const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor,
                  const LocalTensor<T>& inSumTensor, const LocalTensor<T>& inMaxTensor, const SoftMaxTiling& tiling,
                  bool isUpdate = false, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCX_COVER_FORM("SoftmaxFlash", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, SoftMaxTiling, bool, SoftMaxShapeInfo");
    ascx_emu::lib::softmax_flash_v1<T, T, isBasicBlock>(dstTensor, sumTensor, maxTensor, srcTensor, expMaxTensor,
                                                        inSumTensor, inMaxTensor, nullptr, tiling, isUpdate,
                                                        softmaxShapeInfo);
}

ASCX_FLASH_V1_TEMPLATE
void SoftmaxFlash(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor,
                  const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                  const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inSumTensor,
                  const LocalTensor<float>& inMaxTensor, const SoftMaxTiling& tiling, bool isUpdate = false,
                  const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCX_COVER_FORM("SoftmaxFlash", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, SoftMaxTiling, bool, SoftMaxShapeInfo");
    ascx_emu::lib::softmax_flash_v1<half, float, isBasicBlock>(dstTensor, sumTensor, maxTensor, srcTensor,
                                                               expMaxTensor, inSumTensor, inMaxTensor, nullptr,
                                                               tiling, isUpdate, softmaxShapeInfo);
}

ASCX_FLASH_V1_TEMPLATE
void SoftmaxFlash(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
                  const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor,
                  const LocalTensor<T>& inSumTensor, const LocalTensor<T>& inMaxTensor,
                  const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling, bool isUpdate = false,
                  const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCX_COVER_FORM("SoftmaxFlash", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, SoftMaxTiling, bool, SoftMaxShapeInfo");
    ascx_emu::lib::softmax_flash_v1<T, T, isBasicBlock>(dstTensor, sumTensor, maxTensor, srcTensor, expMaxTensor,
                                                        inSumTensor, inMaxTensor, &sharedTmpBuffer, tiling, isUpdate,
                                                        softmaxShapeInfo);
}

ASCX_FLASH_V1_TEMPLATE
void SoftmaxFlash(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor,
                  const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                  const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inSumTensor,
                  const LocalTensor<float>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                  const SoftMaxTiling& tiling, bool isUpdate = false, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCX_COVER_FORM("SoftmaxFlash", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, SoftMaxTiling, bool, SoftMaxShapeInfo");
    ascx_emu::lib::softmax_flash_v1<half, float, isBasicBlock>(dstTensor, sumTensor, maxTensor, srcTensor,
                                                               expMaxTensor, inSumTensor, inMaxTensor,
                                                               &sharedTmpBuffer, tiling, isUpdate, softmaxShapeInfo);
}

#undef ASCX_FLASH_V1_TEMPLATE

}  // namespace AscendC
