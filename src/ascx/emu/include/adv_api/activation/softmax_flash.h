// ascx host emulation of SoftmaxFlashV2 (adv_api/activation/softmaxflashv2.h): the online softmax step of
// FlashAttention-2 over the last axis of a [srcM, srcK] input, and its kernel-side tiling function
// SoftMaxFlashV2TilingFunc.  Clean-room, written from CANN's documentation of the API and from the order of
// the float32 steps its Atlas A2 implementation takes, so that this backend and the CANN-backed one agree
// bit for bit.
//
// What one row computes (x the row, widened to float32; in_max, in_sum the row's 32-byte blocks, widened):
//   r = max(x)                      (over the original last axis, oriSrcK of the shape)
//   isUpdate = false:  M = r                      S = rowsum(exp(x - M))
//   isUpdate = true:   M = max(in_max, r)         E = exp(in_max - M)        S = E * in_sum + rowsum(exp(x - M))
//   dst = exp(x - M), not normalised, over the whole padded last axis; max = M, expSum = S, expMax = E.
// Every step is a float32 operation rounded to float32 (exp as the correctly rounded float32 of the exact
// value, as the intrinsic layer's vexp); half outputs are rounded with CAST_ROUND (to nearest, ties away from
// zero), as CANN's half SoftmaxFlashV2 casts its results.  The stats are combined lane by lane over the row's
// 32-byte block (a block CANN's outputs fill with one value); element j of a row subtracts lane j % 8 of M.
// The half expMax block of a half/float call holds the eight float lanes twice.
//
// The row sum adds in CANN's vector order: the 64 lanes of a 64-element chunk column by column (from 512
// elements on, the first eight chunks as eight 8-element block sums each), the further chunks one after the
// other, the tail chunk's lanes onto the first lanes, then the 64 lanes as a binary tree (neighbours first);
// below 64 elements one tree over the row padded with zeros.  A basic block of 1024 elements (isBasicBlock)
// adds chunk i's tree sum to chunk i + 8's, then the eight as a tree.
//
// The shape: softmaxShapeInfo's [srcM, srcK] when both are non-zero (then its [oriSrcM, oriSrcK] is the
// original shape), else src's ShapeInfo (and its original shape); CANN's SoftmaxFlashV2 asserts that one of
// the two gives one.  A tiling of another [srcM, srcK] is recomputed for the shape and the temporary space
// (SOFTMAX_DEFAULT_CFG checks the tiling), as on the device; a tiling of the shape must be the one
// SoftMaxFlashV2TilingFunc makes for its splitM (CANN reads every field).
//
// Side effects CANN's float basic-block code has, reproduced: without isUpdate it leaves x - max in srcTensor,
// with isUpdate it leaves expMax * inExpSum in inExpSumTensor.
//
// Checks at run time: CANN's kernel checks of the call (softmaxShapeInfo's srcK 32-byte aligned and its shape
// within src, dst and src of one size, the basic-block shape), the last axis 32-byte aligned, the stats tensors
// one block per row, the temporary buffer at least what the tiling's splitM rows need (GetSoftMaxFlashV2
// MinTmpSize's per-row formula) and overlapping no operand, and no operands overlapping but the pairs CANN
// allows (srcTensor and dstTensor, maxTensor and inMaxTensor, expSumTensor and inExpSumTensor, each the same
// tensor).  isDataFormatNZ and a SoftmaxConfig other than SOFTMAX_DEFAULT_CFG are not emulated.
#pragma once

#include <algorithm>
#include <cstring>
#include <vector>

#include "adv_api/activation/softmax.h"
#include "ascx_emu/debug.h"
#include "ascx_emu/lib_common.h"
#include "kernel_tiling/kernel_tiling.h"

namespace AscendC {

/// How SoftmaxFlashV2 lays out its outputs (CANN's softmax_utils.h).
enum class SoftmaxMode { SOFTMAX_NORMAL = 0, SOFTMAX_OUTPUT_WITHOUT_BRC = 1 };

/// The compile-time configuration of the softmax family (CANN's softmax_utils.h).
struct SoftmaxConfig {
    constexpr SoftmaxConfig(const bool isCheckTilingIn) : isCheckTiling(isCheckTilingIn) {}
    constexpr SoftmaxConfig(const bool isCheckTilingIn, const uint32_t oriSrcMIn, const uint32_t oriSrcKIn)
        : isCheckTiling(isCheckTilingIn), oriSrcM(oriSrcMIn), oriSrcK(oriSrcKIn) {}
    constexpr SoftmaxConfig(const bool isCheckTilingIn, const uint32_t oriSrcMIn, const uint32_t oriSrcKIn,
                            const SoftmaxMode modeIn)
        : isCheckTiling(isCheckTilingIn), oriSrcM(oriSrcMIn), oriSrcK(oriSrcKIn), mode(modeIn) {}
    bool isCheckTiling = true;
    uint32_t oriSrcM = 0;
    uint32_t oriSrcK = 0;
    SoftmaxMode mode = SoftmaxMode::SOFTMAX_NORMAL;
};

constexpr SoftmaxConfig SOFTMAX_DEFAULT_CFG = {true, 0, 0, SoftmaxMode::SOFTMAX_NORMAL};

}  // namespace AscendC

namespace ascx_emu {
namespace lib {

/// The floats of temporary space one row of SoftmaxFlashV2 needs (GetSoftMaxFlashV2MinTmpSize per row, and
/// the divisor of its tiling function): ``stats`` elements of maxTensor per 32-byte block.
constexpr uint32_t flash_v2_row_floats(uint32_t k, uint32_t src_size, uint32_t stats, bool basic, bool host) {
    if (basic) {
        // the host formula keeps 64 floats more per row for a 1024-element basic block; the kernel-side one not
        const uint32_t extra = host && k == 1024 ? 128 : 64;
        return src_size == 2 ? stats + k + extra : stats + extra;
    }
    return src_size == 2 ? 2 * stats + k + 64 : stats + 64;
}

/// The SoftMaxTiling of a [m, k] input processed ``rows`` rows at a time, ``stats`` elements per 32-byte block
/// of maxTensor (every field follows from the rows per step).
constexpr SoftMaxTiling flash_v2_tiling_of(uint32_t m, uint32_t k, uint32_t stats, uint32_t rows) {
    SoftMaxTiling t{};
    t.srcM = m;
    t.srcK = k;
    t.srcSize = m * k;
    t.outMaxM = m;
    t.outMaxK = stats;
    t.outMaxSize = m * stats;
    t.reduceM = rows;
    t.reduceK = stats;
    t.reduceSize = rows * stats;
    t.splitM = rows;
    t.splitK = k;
    t.splitSize = rows * k;
    t.rangeM = rows == 0 ? 0 : m / rows;
    t.tailM = rows == 0 ? 0 : m % rows;
    t.tailSplitSize = t.tailM * k;
    t.tailReduceSize = t.tailM * stats;
    return t;
}

/// SoftMaxFlashV2TilingFunc (kernel side) for ``work`` floats of temporary space: as many rows per step as fit,
/// a multiple of 8 (16 for half with isFlashOutputBrc) when fewer than all, basic blocks adjusted.
constexpr SoftMaxTiling flash_v2_tiling(uint32_t m, uint32_t k, uint32_t size1, uint32_t size2, uint32_t work,
                                        bool basic, bool nz, bool output_brc) {
    const uint32_t stats = size2 == 0 ? 0 : 32 / size2;
    uint32_t rows = 0;
    if (nz) {
        rows = work / (16 * 4 + k);
    } else if (basic && k % 64 == 0 && m % 8 == 0) {
        rows = work / flash_v2_row_floats(k, size1, stats, true, false);
        rows = rows < m ? rows : m;
        if (rows > 8) {  // whole basic blocks of 8 rows that divide m, fewer than 64 * 256 elements
            rows = rows / 8 * 8;
            while (m % rows != 0) {
                rows -= 8;
            }
            while (rows * k >= 64 * 256) {
                rows /= 2;
            }
        }
    } else {
        rows = work / flash_v2_row_floats(k, size1, stats, false, false);
    }
    const uint32_t unit = output_brc && size1 == 2 ? 16 : 8;
    if (rows < m && rows > unit) {
        rows = rows / unit * unit;
    }
    return flash_v2_tiling_of(m, k, stats, rows < m ? rows : m);
}

/// The sum of ``count`` floats (a power of two) as a binary tree, neighbours first, every addition rounded.
inline float tree_sum(float* values, uint32_t count) {
    for (uint32_t width = count; width > 1; width /= 2) {
        for (uint32_t i = 0; i < width / 2; ++i) {
            values[i] = values[2 * i] + values[2 * i + 1];
        }
    }
    return values[0];
}

/// The sum of a row's first ``k`` values in CANN's order (the header comment).
inline float flash_row_sum(const float* row, uint32_t k, bool basic_1024) {
    float lanes[64];
    if (basic_1024) {
        float halves[8];
        for (uint32_t i = 0; i < 8; ++i) {
            float a[64];
            float b[64];
            std::copy(row + 64 * i, row + 64 * i + 64, a);
            std::copy(row + 64 * (i + 8), row + 64 * (i + 8) + 64, b);
            halves[i] = tree_sum(a, 64) + tree_sum(b, 64);
        }
        return tree_sum(halves, 8);
    }
    if (k < 64) {
        for (uint32_t l = 0; l < 64; ++l) {
            lanes[l] = l < k ? row[l] : 0.0f;
        }
        return tree_sum(lanes, 64);
    }
    const uint32_t chunks = k / 64;
    const uint32_t tail = k % 64;
    uint32_t next = 1;
    if (k >= 512) {
        for (uint32_t c = 0; c < 8; ++c) {
            for (uint32_t b = 0; b < 8; ++b) {
                float block[8];
                std::copy(row + 64 * c + 8 * b, row + 64 * c + 8 * b + 8, block);
                lanes[8 * c + b] = tree_sum(block, 8);
            }
        }
        next = 8;
    } else if (k >= 128) {
        for (uint32_t l = 0; l < 64; ++l) {
            lanes[l] = row[l] + row[64 + l];
        }
        next = 2;
    } else {
        std::copy(row, row + 64, lanes);
    }
    for (uint32_t c = next; c < chunks; ++c) {
        for (uint32_t l = 0; l < 64; ++l) {
            lanes[l] = lanes[l] + row[64 * c + l];
        }
    }
    for (uint32_t l = 0; l < tail; ++l) {
        lanes[l] = lanes[l] + row[64 * chunks + l];
    }
    return tree_sum(lanes, 64);
}

/// A float32 result stored as ``T`` (half with CAST_ROUND, as CANN's half softmax family casts).
template <typename T>
T flash_store(float v) {
    if constexpr (std::is_same_v<T, float>) {
        return v;
    } else {
        return round_to_floating<T>(static_cast<double>(v), AscendC::RoundMode::CAST_ROUND);
    }
}

inline float flash_exp(float v) { return static_cast<float>(std::exp(static_cast<double>(v))); }

/// The shape a softmax-family call computes on, its original last axis, and the tiling it uses.
struct FlashShape {
    uint32_t m;
    uint32_t k;
    uint32_t original_k;
    SoftMaxTiling tiling;
    bool retiled;
};

/// The first field in which two tilings differ (nullptr when none), with the two values.
inline const char* first_difference(const SoftMaxTiling& a, const SoftMaxTiling& b, uint32_t& got,
                                    uint32_t& want) {
    const uint32_t* x = reinterpret_cast<const uint32_t*>(&a);
    const uint32_t* y = reinterpret_cast<const uint32_t*>(&b);
    static const char* const names[16] = {"srcM",   "srcK",   "srcSize",   "outMaxM",    "outMaxK",    "outMaxSize",
                                          "splitM", "splitK", "splitSize", "reduceM",    "reduceK",    "reduceSize",
                                          "rangeM", "tailM",  "tailSplitSize", "tailReduceSize"};
    for (int i = 0; i < 16; ++i) {
        if (x[i] != y[i]) {
            got = x[i];
            want = y[i];
            return names[i];
        }
    }
    return nullptr;
}

template <typename T1, typename T2>
FlashShape flash_shape(const char* api, const AscendC::LocalTensor<T1>& src, const SoftMaxTiling& tiling,
                       const AscendC::SoftMaxShapeInfo& given, uint32_t work_floats, bool basic) {
    FlashShape shape{};
    if (given.srcM != 0 && given.srcK != 0) {
        shape.m = given.srcM;
        shape.k = given.srcK;
        shape.original_k = given.oriSrcK;
        if (!basic && (given.oriSrcK == 0 || given.oriSrcK > given.srcK)) {  // a basic block reduces all srcK
            fail("%s: softmaxShapeInfo's oriSrcK %u is not in [1, srcK %u]; CANN reduces each row over its first "
                 "oriSrcK elements (give the original shape, equal to [srcM, srcK] when nothing was padded)",
                 api, given.oriSrcK, given.srcK);
        }
    } else {
        const AscendC::ShapeInfo info = src.GetShapeInfo();
        if (info.shapeDim == 0) {
            fail("%s: srcTensor has no ShapeInfo and softmaxShapeInfo gives no shape; CANN's %s asserts "
                 "shapeInfo.shapeDim must > 0 (set the shape with SetShapeInfo or pass a SoftMaxShapeInfo)",
                 api, api);
        }
        shape.k = info.shape[info.shapeDim - 1];
        uint64_t m = 1;
        for (uint8_t i = 0; i + 1 < info.shapeDim; ++i) {
            m *= info.shape[i];
        }
        shape.m = static_cast<uint32_t>(m);
        shape.original_k = info.originalShapeDim > 0 ? info.originalShape[info.originalShapeDim - 1] : 0;
        if (shape.k == 0 || (!basic && (shape.original_k == 0 || shape.original_k > shape.k))) {
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
        shape.tiling = flash_v2_tiling(shape.m, shape.k, sizeof(T1), sizeof(T2), work_floats, basic, false, false);
        if (shape.tiling.splitM == 0) {
            fail("%s: the temporary space (%u floats) holds no row of the shape [%u, %u]; the tiling CANN recomputes "
                 "on the device has splitM 0",
                 api, work_floats, shape.m, shape.k);
        }
    } else {
        shape.tiling = tiling;
        const uint32_t rows = tiling.splitM;
        if (rows == 0) {
            fail("%s: the tiling's splitM is 0; fill it with SoftMaxFlashV2TilingFunc", api);
        }
        const SoftMaxTiling expected = flash_v2_tiling_of(shape.m, shape.k, 32 / sizeof(T2), rows);
        uint32_t got = 0;
        uint32_t wanted = 0;
        if (const char* field = first_difference(tiling, expected, got, wanted)) {
            fail("%s: the tiling's %s is %u, but SoftMaxFlashV2TilingFunc makes %u for [%u, %u] in steps of splitM "
                 "%u rows; CANN's %s reads every field of the tiling",
                 api, field, got, wanted, shape.m, shape.k, rows, api);
        }
    }
    return shape;
}

/// The byte range of a tensor operand, for the overlap rules.
struct Operand {
    const char* name;
    Range range;
    bool output;
};

/// Operands may overlap only as CANN allows: inputs with inputs, and the pairs in ``same`` as one tensor.
inline void flash_overlaps(const char* api, const Operand* operands, int count,
                           std::initializer_list<std::pair<const char*, const char*>> same) {
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
                     "dstTensor, maxTensor and inMaxTensor, expSumTensor and inExpSumTensor to be one tensor",
                     api, a.name, static_cast<unsigned long long>(a.range.first),
                     static_cast<unsigned long long>(a.range.end), b.name,
                     static_cast<unsigned long long>(b.range.first), static_cast<unsigned long long>(b.range.end));
            }
        }
    }
}

template <typename T1, typename T2, bool isUpdate, bool isBasicBlock, bool isDataFormatNZ, const AscendC::SoftmaxConfig& config>
void softmax_flash_v2(const AscendC::LocalTensor<T1>& dst, const AscendC::LocalTensor<T2>& sum,
                      const AscendC::LocalTensor<T2>& max, const AscendC::LocalTensor<T1>& src,
                      const AscendC::LocalTensor<T1>& exp_max, const AscendC::LocalTensor<T2>& in_sum,
                      const AscendC::LocalTensor<T2>& in_max, const AscendC::LocalTensor<uint8_t>* tmp,
                      const SoftMaxTiling& tiling, const AscendC::SoftMaxShapeInfo& shape_info) {
    static_assert(std::is_same_v<T1, half> || std::is_same_v<T1, float>, "SoftmaxFlashV2 takes half or float");
    static_assert(std::is_same_v<T2, T1> || (std::is_same_v<T1, half> && std::is_same_v<T2, float>),
                  "the stats hold T, or float for a half T");
    static_assert(config.isCheckTiling && config.oriSrcM == 0 && config.oriSrcK == 0 &&
                      config.mode == AscendC::SoftmaxMode::SOFTMAX_NORMAL,
                  "the emulation runs SoftmaxFlashV2 with SOFTMAX_DEFAULT_CFG only");
    const char* api = "SoftmaxFlashV2";
    if (isDataFormatNZ) {
        fail("SoftmaxFlashV2: isDataFormatNZ=true (the NZ layout) is not emulated");
    }
    // CANN's kernel checks of the call (softmax_flashv2_check_common.h)
    if (uint64_t{shape_info.srcK} * sizeof(T1) % 32 != 0) {
        fail("%s: The softmaxShapeInfo.srcK is %u, should be 32B aligned.", api, shape_info.srcK);
    }
    if (uint64_t{shape_info.srcK} * shape_info.srcM > src.GetSize()) {
        fail("%s: The softmaxShapeInfo.srcK is %u, softmaxShapeInfo.srcM is %u, the product of softmaxShapeInfo.srcM "
             "and softmaxShapeInfo.srcK should not be greater than srcTensor size %u.",
             api, shape_info.srcK, shape_info.srcM, src.GetSize());
    }
    if (dst.GetSize() != src.GetSize()) {
        fail("%s: The dstTensor size is %u, should be equal to srcTensor size %u.", api, dst.GetSize(), src.GetSize());
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
    constexpr uint32_t stats = 32 / sizeof(T2);  // elements of a stats block
    constexpr uint32_t exp_lanes = 32 / sizeof(T1);
    // without a temporary buffer CANN takes the pipe's stack buffer: the emulation assumes it holds every row
    const uint32_t work = tmp != nullptr ? tmp->GetSize() / 4 : 0xFFFFFFFFu / 4;
    const FlashShape shape = flash_shape<T1, T2>(api, src, tiling, shape_info, work, isBasicBlock);
    const uint32_t m = shape.m;
    const uint32_t k = shape.k;
    const SoftMaxTiling& t = shape.tiling;
    if (isBasicBlock) {
        if (t.tailM != 0 || t.splitM % 8 != 0 || t.splitK % 64 != 0 || t.splitSize / 64 > 255 ||
            (t.splitK == 1024 && t.splitM != 8)) {
            fail("%s: isBasicBlock=true with a tiling of splitM %u, splitK %u and tailM %u; CANN's basic-block code "
                 "handles whole steps of a multiple of 8 rows (8 for 1024 elements) below 64 * 256 elements, and no "
                 "tail",
                 api, t.splitM, t.splitK, t.tailM);
        }
    }
    check_count(src, uint64_t{m} * k, "srcTensor (srcM * srcK)", api);
    check_count(sum, uint64_t{m} * stats, "expSumTensor (one 32-byte block per row)", api);
    check_count(max, uint64_t{m} * stats, "maxTensor (one 32-byte block per row)", api);
    if (isUpdate) {
        check_count(in_sum, uint64_t{m} * stats, "inExpSumTensor (one 32-byte block per row)", api);
        check_count(in_max, uint64_t{m} * stats, "inMaxTensor (one 32-byte block per row)", api);
        check_count(exp_max, uint64_t{m} * exp_lanes, "expMaxTensor (one 32-byte block per row)", api);
    }
    const uint64_t block_bytes = uint64_t{m} * 32;
    Operand operands[8] = {
        {"dstTensor", range_of(dst, uint64_t{m} * k), true},
        {"srcTensor", range_of(src, uint64_t{m} * k), isBasicBlock && !isUpdate && std::is_same_v<T1, float>},
        {"expSumTensor", range_of(sum, block_bytes / sizeof(T2)), true},
        {"maxTensor", range_of(max, block_bytes / sizeof(T2)), true},
        {"expMaxTensor", range_of(exp_max, isUpdate ? block_bytes / sizeof(T1) : 0), true},
        {"inExpSumTensor", range_of(in_sum, isUpdate ? block_bytes / sizeof(T2) : 0),
         isUpdate && isBasicBlock && std::is_same_v<T1, float>},
        {"inMaxTensor", range_of(in_max, isUpdate ? block_bytes / sizeof(T2) : 0), false},
        {"sharedTmpBuffer", tmp != nullptr ? range_of(*tmp, tmp->GetSize()) : Range{}, true},
    };
    flash_overlaps(api, operands, tmp != nullptr ? 8 : 7,
                   {{"srcTensor", "dstTensor"}, {"maxTensor", "inMaxTensor"}, {"expSumTensor", "inExpSumTensor"}});
    if (tmp != nullptr) {
        const uint64_t need = uint64_t{t.splitM} * flash_v2_row_floats(k, sizeof(T1), stats, isBasicBlock, true) * 4;
        check_tmp(*tmp, need, api, shape.retiled ? "the splitM rows of the tiling recomputed for the shape"
                                                 : "the tiling's splitM rows");
    }
    reads(src, uint64_t{m} * k, api);
    if (isUpdate) {
        reads(in_sum, uint64_t{m} * stats, api);
        reads(in_max, uint64_t{m} * stats, api);
    }
    if (tmp != nullptr) {
        writes(*tmp, tmp->GetSize(), api);
    }
    const bool basic_1024 = isBasicBlock && k == 1024;
    const uint32_t reduce_k = isBasicBlock ? k : shape.original_k;
    std::vector<float> row(k);
    for (uint32_t r = 0; r < m; ++r) {
        const T1* x = src.data() + uint64_t{r} * k;
        float hi = -std::numeric_limits<float>::infinity();
        for (uint32_t j = 0; j < k; ++j) {
            row[j] = static_cast<float>(x[j]);
        }
        for (uint32_t j = 0; j < reduce_k; ++j) {
            hi = row[j] > hi ? row[j] : hi;
        }
        float in_m[stats];
        float in_s[stats];
        float lane_max[stats];
        for (uint32_t l = 0; l < stats; ++l) {
            in_m[l] = isUpdate ? static_cast<float>(in_max.data()[uint64_t{r} * stats + l]) : hi;
            in_s[l] = isUpdate ? static_cast<float>(in_sum.data()[uint64_t{r} * stats + l]) : 0.0f;
            lane_max[l] = isUpdate && in_m[l] > hi ? in_m[l] : hi;
        }
        for (uint32_t j = 0; j < k; ++j) {
            row[j] = row[j] - lane_max[j % 8];
        }
        if (isBasicBlock && !isUpdate && std::is_same_v<T1, float>) {
            for (uint32_t j = 0; j < k; ++j) {  // CANN's float basic block subtracts in place in srcTensor
                src.data()[uint64_t{r} * k + j] = static_cast<T1>(row[j]);
            }
        }
        for (uint32_t j = 0; j < k; ++j) {
            row[j] = flash_exp(row[j]);
        }
        const float total = flash_row_sum(row.data(), reduce_k, basic_1024);
        float lane_exp[stats];
        float lane_sum[stats];
        for (uint32_t l = 0; l < stats; ++l) {
            lane_exp[l] = isUpdate ? flash_exp(in_m[l] - lane_max[l]) : 0.0f;
            const float carried = lane_exp[l] * in_s[l];
            lane_sum[l] = isUpdate ? carried + total : total;
            if (isUpdate && isBasicBlock && std::is_same_v<T1, float>) {
                in_sum.data()[uint64_t{r} * stats + l] = static_cast<T2>(carried);
            }
        }
        T1* y = dst.data() + uint64_t{r} * k;
        for (uint32_t j = 0; j < k; ++j) {
            y[j] = flash_store<T1>(row[j]);
        }
        for (uint32_t l = 0; l < stats; ++l) {
            max.data()[uint64_t{r} * stats + l] = flash_store<T2>(lane_max[l]);
            sum.data()[uint64_t{r} * stats + l] = flash_store<T2>(lane_sum[l]);
        }
        if (isUpdate) {
            for (uint32_t l = 0; l < exp_lanes; ++l) {
                exp_max.data()[uint64_t{r} * exp_lanes + l] = flash_store<T1>(lane_exp[l % stats]);
            }
        }
    }
    if (isBasicBlock && !isUpdate && std::is_same_v<T1, float>) {
        writes(src, uint64_t{m} * k, api);
    }
    if (isUpdate && isBasicBlock && std::is_same_v<T1, float>) {
        writes(in_sum, uint64_t{m} * stats, api);
    }
    writes(sum, uint64_t{m} * stats, api);
    writes(max, uint64_t{m} * stats, api);
    if (isUpdate) {
        writes(exp_max, uint64_t{m} * exp_lanes, api);
    }
    writes(dst, uint64_t{m} * k, api);
}

}  // namespace lib
}  // namespace ascx_emu

namespace AscendC {

/// The tiling of SoftmaxFlashV2 for a shape and ``localWorkSpaceSize`` bytes of temporary space, computed in the
/// kernel (CANN's kernel-side SoftMaxFlashV2TilingFunc).
constexpr SoftMaxTiling SoftMaxFlashV2TilingFunc(const SoftMaxShapeInfo& shapeInfo, const uint32_t dataTypeSize1,
                                                 const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                                                 const bool isUpdate = false, const bool isBasicBlock = false,
                                                 const bool isDataFormatNZ = false,
                                                 const bool isFlashOutputBrc = false) {
    (void)isUpdate;
    return ascx_emu::lib::flash_v2_tiling(shapeInfo.srcM, shapeInfo.srcK, dataTypeSize1, dataTypeSize2,
                                          localWorkSpaceSize / 4, isBasicBlock, isDataFormatNZ, isFlashOutputBrc);
}

#define ASCX_FLASH_V2_TEMPLATE                                                                                    \
    template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,           \
              bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>

ASCX_FLASH_V2_TEMPLATE
void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& expSumTensor,
                    const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                    const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inExpSumTensor,
                    const LocalTensor<T>& inMaxTensor, const SoftMaxTiling& tiling,
                    const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCX_COVER_FORM("SoftmaxFlashV2", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, SoftMaxTiling, SoftMaxShapeInfo");
    ascx_emu::lib::softmax_flash_v2<T, T, isUpdate, isBasicBlock, isDataFormatNZ, config>(
        dstTensor, expSumTensor, maxTensor, srcTensor, expMaxTensor, inExpSumTensor, inMaxTensor, nullptr, tiling,
        softmaxShapeInfo);
}

ASCX_FLASH_V2_TEMPLATE
void SoftmaxFlashV2(const LocalTensor<half>& dstTensor, const LocalTensor<float>& expSumTensor,
                    const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                    const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inExpSumTensor,
                    const LocalTensor<float>& inMaxTensor, const SoftMaxTiling& tiling,
                    const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCX_COVER_FORM("SoftmaxFlashV2", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, SoftMaxTiling, SoftMaxShapeInfo");
    ascx_emu::lib::softmax_flash_v2<half, float, isUpdate, isBasicBlock, isDataFormatNZ, config>(
        dstTensor, expSumTensor, maxTensor, srcTensor, expMaxTensor, inExpSumTensor, inMaxTensor, nullptr, tiling,
        softmaxShapeInfo);
}

ASCX_FLASH_V2_TEMPLATE
void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& expSumTensor,
                    const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                    const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inExpSumTensor,
                    const LocalTensor<T>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                    const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCX_COVER_FORM("SoftmaxFlashV2", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, SoftMaxTiling, SoftMaxShapeInfo");
    ascx_emu::lib::softmax_flash_v2<T, T, isUpdate, isBasicBlock, isDataFormatNZ, config>(
        dstTensor, expSumTensor, maxTensor, srcTensor, expMaxTensor, inExpSumTensor, inMaxTensor, &sharedTmpBuffer,
        tiling, softmaxShapeInfo);
}

ASCX_FLASH_V2_TEMPLATE
void SoftmaxFlashV2(const LocalTensor<half>& dstTensor, const LocalTensor<float>& expSumTensor,
                    const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                    const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inExpSumTensor,
                    const LocalTensor<float>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                    const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCX_COVER_FORM("SoftmaxFlashV2", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, SoftMaxTiling, SoftMaxShapeInfo");
    ascx_emu::lib::softmax_flash_v2<half, float, isUpdate, isBasicBlock, isDataFormatNZ, config>(
        dstTensor, expSumTensor, maxTensor, srcTensor, expMaxTensor, inExpSumTensor, inMaxTensor, &sharedTmpBuffer,
        tiling, softmaxShapeInfo);
}

#undef ASCX_FLASH_V2_TEMPLATE

}  // namespace AscendC
