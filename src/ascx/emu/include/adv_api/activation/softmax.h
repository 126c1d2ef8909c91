// ascx host emulation of SoftMax (adv_api/activation/softmax.h): softmax over the last axis of a
// [srcM, srcK] input, with the row maxima and sums broadcast over one 32-byte block per row of maxTensor
// and sumTensor.  Clean-room.
//
// The shape: CANN's SoftMax page documents softmaxShapeInfo as the shape of src, taken from the tensor's
// ShapeInfo when softmaxShapeInfo gives none (srcM or srcK 0), and the kernel recomputes the tiling on the
// device when that shape differs from the tiling's [srcM, srcK] (pyasc's own softmax test passes a zero
// SoftMaxTiling and sets the shape with SetShapeInfo).  So the shape computed is, in order: softmaxShapeInfo's
// [srcM, srcK]; src's ShapeInfo (the last axis is k, the product of the others m); the tiling's.  The
// recomputed tiling fits the temporary space at hand, so the temporary buffer then only needs one row.
// An original shape narrower than the shape (a padded last axis) is not emulated (the run fails).
//
// Precision: half inputs are widened to float32; the row maximum is exact, x - max, exp, the row sum
// (accumulated in order) and the division each round to float32, and dst is rounded to T (nearest
// even); sum and max are stored in their own type.
//
// Checks at run time: the last axis is 32-byte aligned, the shape fits src and dst, dst and src have the
// same size, sum and max hold one block per row, the temporary buffer holds the tiling's splitM rows
// (at least one; a row's size is the one SoftMaxTilingFunc divides the space by, below: for a float
// source less than GetSoftMaxMinTmpSize's), it overlaps no operand, and isBasicBlock's shape rule holds.
// isDataFormatNZ is not emulated (the run fails).
//
// SoftMaxTilingFunc, the kernel-side tiling function (CANN keeps it in an implementation header,
// impl/adv_api/detail/activation/softmax/softmax_common/softmax_tiling_func.h, undocumented, and calls it from
// SoftMax and LogSoftMax when the shape differs from the tiling's): it fills a SoftMaxTiling for the shape of a
// SoftMaxShapeInfo and workLocalSize floats of temporary space (CANN passes the float count of its work
// tensor, not bytes).  The facts: a row of the statistics holds 32 / dataTypeSize2 elements (outMaxK, reduceK);
// a row needs 32 / dataTypeSize2 + 64 floats, plus srcK when dataTypeSize1 is 2 (a half source is widened;
// a float one is not copied); the rows per step are as many as fit, at most srcM; with isBasicBlock and srcM
// a multiple of 8, whole steps of 8 rows dividing srcM, halved while a step holds 64 * 256 elements or more;
// then, fewer than oriSrcM and more than 8, a multiple of 8; at most oriSrcM; rangeM and tailM split oriSrcM.
// The NZ layout's rows need 16 + srcK floats.  It returns true.  Checks at run time: dataTypeSize2 is not 0,
// and at least one row fits (CANN asserts both).  SoftMax's temporary buffer check below uses the same row
// size, so a tiling it fills runs.
#pragma once

#include "ascx_emu/debug.h"
#include "ascx_emu/lib_common.h"
#include "kernel_tiling/kernel_tiling.h"

namespace AscendC {

/// The shape SoftMax computes on, when the caller gives one (CANN's SoftMax page).
struct SoftMaxShapeInfo {
    uint32_t srcM{0};
    uint32_t srcK{0};
    uint32_t oriSrcM{0};
    uint32_t oriSrcK{0};
};

}  // namespace AscendC

namespace ascx_emu {
namespace lib {

/// [m, k] of a SoftMax: the caller's shape, else src's ShapeInfo, else the tiling's (the header comment);
/// ``retiled`` when the tiling's shape is not the one computed.
struct SoftmaxShape {
    uint64_t m;
    uint64_t k;
    bool retiled;
};

template <typename T>
SoftmaxShape softmax_shape(const AscendC::LocalTensor<T>& src, const SoftMaxTiling& tiling,
                           const AscendC::SoftMaxShapeInfo& given) {
    uint64_t m = tiling.srcM;
    uint64_t k = tiling.srcK;
    uint64_t original_k = k;
    if (given.srcM != 0 && given.srcK != 0) {
        m = given.srcM;
        k = given.srcK;
        original_k = given.oriSrcK != 0 ? given.oriSrcK : k;
    } else {
        const AscendC::ShapeInfo info = src.GetShapeInfo();
        if (info.shapeDim > 0) {
            k = info.shape[info.shapeDim - 1];
            m = 1;
            for (uint8_t i = 0; i + 1 < info.shapeDim; ++i) {
                m *= info.shape[i];
            }
            original_k = info.originalShapeDim > 0 ? info.originalShape[info.originalShapeDim - 1] : k;
        }
    }
    if (original_k != k) {
        fail("SoftMax: an original last axis of %llu in a shape of %llu (a padded last axis) is not emulated",
             static_cast<unsigned long long>(original_k), static_cast<unsigned long long>(k));
    }
    return {m, k, m != tiling.srcM || k != tiling.srcK};
}

/// The floats of temporary space a row of SoftMax takes on the device: the statistics' block, the row widened
/// to float for a half source, and 64 floats of reduction (SoftMaxTilingFunc's row; the header comment).
constexpr uint64_t softmax_device_row_floats(uint64_t k, uint32_t size1, uint32_t size2) {
    return (size2 == 0 ? 0 : 32 / size2) + (size1 == 2 ? k : 0) + 64;
}

/// SoftMaxTilingFunc (kernel side): the SoftMaxTiling of ``info``'s shape for ``work`` floats of temporary
/// space (the header comment); the run fails where CANN asserts.
inline SoftMaxTiling softmax_tiling(uint32_t work, const AscendC::SoftMaxShapeInfo& info, uint32_t size1,
                                    uint32_t size2, bool basic, bool nz) {
    if (size2 == 0) {
        fail("SoftMaxTilingFunc: dataTypeSize2 (the bytes of an element of the max and sum tensors) is 0");
    }
    const uint32_t stats = 32 / size2;
    const uint32_t m = info.srcM;
    const uint32_t k = info.srcK;
    const uint32_t ori_m = info.oriSrcM;
    uint32_t rows = 0;
    if (nz) {
        rows = work / (16 + k);
    } else {
        rows = static_cast<uint32_t>(work / softmax_device_row_floats(k, size1, size2));
        rows = rows < m ? rows : m;
        if (basic && rows > 8 && m % 8 == 0) {
            rows = rows / 8 * 8;
            while (m % rows != 0) {
                rows -= 8;
            }
            while (uint64_t{rows} * k >= 64 * 256) {
                rows /= 2;
            }
        }
    }
    if (rows < ori_m && rows > 8) {
        rows = rows / 8 * 8;
    }
    rows = rows < ori_m ? rows : ori_m;
    if (rows == 0) {
        fail("SoftMaxTilingFunc: %u floats of temporary space hold no row of the shape [%u, %u] (oriSrcM %u; a row "
             "takes %llu floats): CANN asserts that the temporary buffer is big enough",
             work, m, k, ori_m,
             static_cast<unsigned long long>(nz ? 16 + uint64_t{k} : softmax_device_row_floats(k, size1, size2)));
    }
    SoftMaxTiling t{};
    t.srcM = m;
    t.srcK = k;
    t.srcSize = m * k;
    t.outMaxM = m;
    t.outMaxK = stats;
    t.outMaxSize = m * stats;
    t.splitM = rows;
    t.splitK = k;
    t.splitSize = rows * k;
    t.reduceM = rows;
    t.reduceK = stats;
    t.reduceSize = rows * stats;
    t.rangeM = ori_m / rows;
    t.tailM = ori_m % rows;
    t.tailSplitSize = t.tailM * k;
    t.tailReduceSize = t.tailM * stats;
    return t;
}

template <typename T, typename U, bool isBasicBlock, bool isDataFormatNZ>
void softmax(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<U>& sum,
             const AscendC::LocalTensor<U>& max, const AscendC::LocalTensor<T>& src,
             const AscendC::LocalTensor<uint8_t>* tmp, const SoftMaxTiling& tiling,
             const AscendC::SoftMaxShapeInfo& shape_info) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "SoftMax takes half or float");
    static_assert(std::is_same_v<U, T> || (std::is_same_v<T, half> && std::is_same_v<U, float>),
                  "sum and max hold T, or float for a half T");
    const char* api = "SoftMax";
    if (isDataFormatNZ) {
        fail("SoftMax: isDataFormatNZ=true (the NZ layout) is not emulated");
    }
    // CANN's high-level API check (TensorReuseLoopCheck): two operands with the same start and size are one
    // tensor reused, which SoftMax does not allow for sumTensor and maxTensor
    if (sum.GetPhyAddr() == max.GetPhyAddr() && sum.GetSize() == max.GetSize()) {
        fail("SoftMax: the input Tensor (sumTensor) and (maxTensor) cannot be reused, their start address is %llu, "
             "tensor size is %llu (CANN's SoftMax checks that they are two tensors)",
             static_cast<unsigned long long>(sum.GetPhyAddr()),
             static_cast<unsigned long long>(sum.GetSize() * sizeof(U)));
    }
    const SoftmaxShape shape = softmax_shape(src, tiling, shape_info);
    const uint64_t m = shape.m;
    const uint64_t k = shape.k;
    if (k * sizeof(T) % 32 != 0) {
        fail("SoftMax: the %s srcK %llu is not 32-byte aligned; the last axis must be",
             shape.retiled ? "shape's" : "tiling's", static_cast<unsigned long long>(k));
    }
    if (isBasicBlock && !(k % 64 == 0 && k >= 256 / sizeof(T) && k < 2048 && m % 8 == 0)) {
        fail("SoftMax: isBasicBlock=true needs srcK a multiple of 64 in [256/sizeof(T), 2048) and srcM a multiple "
             "of 8; the %s [%llu, %llu]",
             shape.retiled ? "shape is" : "tiling has", static_cast<unsigned long long>(m),
             static_cast<unsigned long long>(k));
    }
    if (dst.GetSize() != src.GetSize()) {
        fail("SoftMax: dstTensor has %u elements and srcTensor %u; they must be equal", dst.GetSize(), src.GetSize());
    }
    check_count(src, m * k, "srcTensor (srcM * srcK of the tiling)", api);
    const uint64_t block = 32 / sizeof(U);
    check_count(sum, m * block, "sumTensor (one 32-byte block per row)", api);
    check_count(max, m * block, "maxTensor (one 32-byte block per row)", api);
    if (tmp != nullptr) {
        // a tiling recomputed on the device splits the rows to fit the buffer: one row is the minimum
        const uint64_t rows = !shape.retiled && tiling.splitM > 0 ? tiling.splitM : 1;
        const uint64_t need = rows * softmax_device_row_floats(k, sizeof(T), sizeof(U)) * 4;
        check_tmp(*tmp, need, api, shape.retiled ? "one row of the shape" : "the tiling's splitM rows");
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

/// The kernel-side tiling function of SoftMax (the header comment): fills ``softmaxTiling`` for ``ndinfo``'s
/// shape and ``workLocalSize`` floats of temporary space; returns true.
inline bool SoftMaxTilingFunc(const uint32_t workLocalSize, const SoftMaxShapeInfo& ndinfo, SoftMaxTiling& softmaxTiling,
                              const uint32_t dataTypeSize1, const uint32_t dataTypeSize2, bool isBasicBlock = false,
                              bool isDataFormatNZ = false) {
    ASCX_COVER("SoftMaxTilingFunc");
    softmaxTiling = ascx_emu::lib::softmax_tiling(workLocalSize, ndinfo, dataTypeSize1, dataTypeSize2, isBasicBlock,
                                                  isDataFormatNZ);
    return true;
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false>
void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
             const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling,
             const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCX_COVER_FORM("SoftMax", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, SoftMaxTiling, SoftMaxShapeInfo");
    ascx_emu::lib::softmax<T, T, isBasicBlock, isDataFormatNZ>(dstTensor, sumTensor, maxTensor, srcTensor, nullptr,
                                                                tiling, softmaxShapeInfo);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false>
void SoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor,
             const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor, const SoftMaxTiling& tiling,
             const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCX_COVER_FORM("SoftMax", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, SoftMaxTiling, SoftMaxShapeInfo");
    ascx_emu::lib::softmax<half, float, isBasicBlock, isDataFormatNZ>(dstTensor, sumTensor, maxTensor, srcTensor,
                                                                       nullptr, tiling, softmaxShapeInfo);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false>
void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& maxTensor,
             const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
             const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCX_COVER_FORM("SoftMax", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, SoftMaxTiling, SoftMaxShapeInfo");
    ascx_emu::lib::softmax<T, T, isBasicBlock, isDataFormatNZ>(dstTensor, sumTensor, maxTensor, srcTensor,
                                                                &sharedTmpBuffer, tiling, softmaxShapeInfo);
}

template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false>
void SoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor,
             const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
             const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
             const SoftMaxShapeInfo& softmaxShapeInfo = {}) {
    ASCX_COVER_FORM("SoftMax", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, LocalTensor, SoftMaxTiling, SoftMaxShapeInfo");
    ascx_emu::lib::softmax<half, float, isBasicBlock, isDataFormatNZ>(dstTensor, sumTensor, maxTensor, srcTensor,
                                                                       &sharedTmpBuffer, tiling, softmaxShapeInfo);
}

}  // namespace AscendC
