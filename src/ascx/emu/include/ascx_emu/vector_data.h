// ascx host emulation: the data-rearranging vector ops (CANN's documentation of each, Atlas A2).
//
//   Gather      dst lane j of repeat r (dst block stride 1, repeat stride dstRepStride) = the element of src
//               at byte srcBaseAddr + srcOffset[r * lanes + j]; the count form is CANN's: full repeats, then
//               the tail repeat on dst[k] and srcOffset[k], leaving the tail's mask in the register.
//   Gatherb     block j of repeat r of dst (dstBlkStride, dstRepStride; a block stride of 0 is 1) = the 32
//               bytes of src at byte offset[r * 8 + j]; resets the mask register first.
//   Scatter     nothing: Atlas A2 has no Scatter instruction (CANN compiles it to nothing there).
//   Brcb        block j of repeat r of dst filled with src[r * 8 + j] (a block stride of 0 is 1).
//   Copy        dst = src lane by lane under the mask, with CopyRepeatParams strides.
//   GatherMask  the src0 elements whose pattern bit is set, packed into dst from its start; each repeat
//               covers 256 bytes (reduceMode = false) or its first ``mask`` elements (true); a tensor pattern
//               is read bit by bit from byte r * src1RepeatStride * 32 for repeat r.  rsvdCnt and
//               GetGatherMaskRemainCount give how many; the mask register is left holding {mask, 0} in
//               normal mode, as CANN leaves it.
//   Transpose   a 16x16 matrix of 2-byte elements; the extended form converts [N,C,H,W] <-> [N,H,W,C].
//   TransDataTo5HD
//               per repeat, sixteen 32-byte source blocks at the source addresses (unified-buffer bytes, what
//               GetPhyAddr returns) transposed into the sixteen destination blocks: b16, dst block i
//               element k = src block k element i; b8, the same on the 16-byte half srcHighHalf/dstHighHalf
//               selects; b32, dst block 2i (2i + 1) element k = src block k (k + 8) element i (assumed, not
//               verified).  Repeat r adds r (or, with repeatTimes = 1, 1) repeat strides to every address, as
//               CANN documents.
// Reads and writes are recorded on the V pipe for the synchronisation checker.
#pragma once

#include "ascx_emu/vector.h"

namespace AscendC {

struct GatherRepeatParams {
    GatherRepeatParams() {}
    GatherRepeatParams(const uint8_t dstBlkStrideIn, const uint8_t dstRepStrideIn)
        : dstRepStride(dstRepStrideIn), dstBlkStride(dstBlkStrideIn) {}
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint16_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src1BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0RepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

struct BrcbRepeatParams {
    BrcbRepeatParams() {}
    BrcbRepeatParams(const uint16_t dstBlkStrideIn, const uint16_t dstRepStrideIn)
        : dstRepStride(dstRepStrideIn), dstBlkStride(dstBlkStrideIn) {}
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint16_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint16_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src1BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0RepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

enum class GatherMaskMode : uint8_t { VERSION_V1 = 0, VERSION_V2 = 1 };
constexpr GatherMaskMode defaultGatherMaskMode = GatherMaskMode::VERSION_V1;

struct GatherMaskParams {
    GatherMaskParams() {}
    GatherMaskParams(const uint8_t src0BlockStrideIn, const uint16_t repeatTimesIn, const uint16_t src0RepeatStrideIn,
                     const uint8_t src1RepeatStrideIn)
        : src0BlockStride(src0BlockStrideIn), repeatTimes(repeatTimesIn), src0RepeatStride(src0RepeatStrideIn),
          src1RepeatStride(src1RepeatStrideIn) {}
    uint8_t src0BlockStride = DEFAULT_BLK_STRIDE;
    uint16_t repeatTimes = 0;
    uint16_t src0RepeatStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepeatStride = DEFAULT_REPEAT_STRIDE;
};

constexpr uint16_t DEFAULT_DATA_COPY_STRIDE = 0;

struct CopyRepeatParams {
    CopyRepeatParams() {}
    CopyRepeatParams(const uint16_t dstStrideIn, const uint16_t srcStrideIn, uint16_t dstRepeatSizeIn,
                     uint16_t srcRepeatSizeIn)
        : dstStride(dstStrideIn), srcStride(srcStrideIn), dstRepeatSize(dstRepeatSizeIn),
          srcRepeatSize(srcRepeatSizeIn) {}
    uint16_t dstStride = DEFAULT_DATA_COPY_STRIDE;
    uint16_t srcStride = DEFAULT_DATA_COPY_STRIDE;
    uint16_t dstRepeatSize = DEFAULT_REPEAT_STRIDE;
    uint16_t srcRepeatSize = DEFAULT_REPEAT_STRIDE;
};

enum class TransposeType : uint8_t {
    TRANSPOSE_TYPE_NONE,
    TRANSPOSE_NZ2ND_0213,
    TRANSPOSE_NZ2NZ_0213,
    TRANSPOSE_NZ2NZ_012_WITH_N,
    TRANSPOSE_NZ2ND_012_WITH_N,
    TRANSPOSE_NZ2ND_012_WITHOUT_N,
    TRANSPOSE_NZ2NZ_012_WITHOUT_N,
    TRANSPOSE_ND2ND_ONLY,
    TRANSPOSE_ND_UB_GM,
    TRANSPOSE_GRAD_ND_UB_GM,
    TRANSPOSE_ND2ND_B16,
    TRANSPOSE_NCHW2NHWC,
    TRANSPOSE_NHWC2NCHW,
    TRANSPOSE_ND2ND_021,
    TRANSPOSE_ND2ND_102,
    TRANSPOSE_ND2ND_210,
    TRANSPOSE_ND2NZ_WITH_INTLV
};

struct TransDataTo5HDParams {
    constexpr TransDataTo5HDParams() = default;
    constexpr TransDataTo5HDParams(const bool dstHighHalfIn, const bool srcHighHalfIn, const uint8_t repeatTimesIn,
                                   const uint16_t dstRepStrideIn, const uint16_t srcRepStrideIn)
        : dstHighHalf(dstHighHalfIn), srcHighHalf(srcHighHalfIn), repeatTimes(repeatTimesIn),
          dstRepStride(dstRepStrideIn), srcRepStride(srcRepStrideIn) {}
    bool dstHighHalf = false;
    bool srcHighHalf = false;
    uint8_t repeatTimes = 1;
    uint16_t dstRepStride = 0;
    uint16_t srcRepStride = 0;
};

struct TransposeParamsExt {
    constexpr TransposeParamsExt() = default;
    constexpr TransposeParamsExt(const uint16_t nSizeIn, const uint16_t cSizeIn, const uint16_t hSizeIn,
                                 const uint16_t wSizeIn, const TransposeType transposeTypeIn)
        : nSize(nSizeIn), cSize(cSizeIn), hSize(hSizeIn), wSize(wSizeIn), transposeType(transposeTypeIn) {}
    uint16_t nSize = 0;
    uint16_t cSize = 0;
    uint16_t hSize = 0;
    uint16_t wSize = 0;
    TransposeType transposeType = TransposeType::TRANSPOSE_ND2ND_B16;
};

constexpr int32_t NCHW_CONV_ADDR_LIST_SIZE = 16;

}  // namespace AscendC

namespace ascx_emu {

/// Gather's mask form: the offsets and the destination are laid out by lane.
template <typename T>
void gather_lanes(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                  const AscendC::LocalTensor<uint32_t>& offsets, uint32_t base, const Repeats& rep,
                  uint16_t dst_rep_stride, const char* what) {
    const Stride ds = strided<T>(1, dst_rep_stride);
    const Stride os = strided<uint32_t>(1, static_cast<uint32_t>(uint64_t{rep.lanes} * sizeof(uint32_t) / BLOCK_BYTES));
    const uint32_t* off = offsets.span(rep.extent(os), what);
    const uint64_t src_size = src.GetSize();
    const T* in = src.span(src_size, what);
    T* out = dst.span(rep.extent(ds), what);
    on_v(offsets, rep.extent(os), false, what);
    uint64_t furthest = 0;
    store_lanes(out, rep, ds, [&](uint32_t r, uint32_t j) {
        const uint64_t lane = uint64_t{r} * rep.lanes + j;
        const uint64_t byte = uint64_t{base} + off[lane];
        if (byte % sizeof(T) != 0) {
            fail("%s: srcBaseAddr + srcOffset[%llu] = %llu bytes is not a multiple of sizeof(T) = %u", what,
                 static_cast<unsigned long long>(lane), static_cast<unsigned long long>(byte),
                 static_cast<unsigned>(sizeof(T)));
        }
        if (byte / sizeof(T) >= src_size) {
            fail("%s: srcBaseAddr + srcOffset[%llu] = %llu bytes is past the source's %llu elements", what,
                 static_cast<unsigned long long>(lane), static_cast<unsigned long long>(byte),
                 static_cast<unsigned long long>(src_size));
        }
        furthest = std::max(furthest, byte / sizeof(T) + 1);
        return in[byte / sizeof(T)];
    });
    on_v(src, furthest, false, what);
    on_v(dst, rep.extent(ds), true, what);
}

/// The 8-, 16- or 32-bit integer of the same size as T (the data ops move bits).
template <typename T>
using bits_of = std::conditional_t<sizeof(T) == 1, uint8_t, std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>>;

/// Unified-buffer bytes [address, address + bytes), checked, for the address forms.
inline unsigned char* ub_bytes(uint64_t address, uint64_t bytes, const char* what) {
    if (address + bytes > memory_capacity(Memory::UB)) {
        fail("%s: the address %llu (+%llu bytes) is outside the unified buffer", what,
             static_cast<unsigned long long>(address), static_cast<unsigned long long>(bytes));
    }
    return on_chip.base(Memory::UB) + address;
}

/// TransDataTo5HD over unified-buffer addresses.
template <typename T>
void trans_data_to_5hd(const uint64_t dst[AscendC::NCHW_CONV_ADDR_LIST_SIZE],
                       const uint64_t src[AscendC::NCHW_CONV_ADDR_LIST_SIZE], const AscendC::TransDataTo5HDParams& p) {
    const char* what = "TransDataTo5HD";
    constexpr int N = AscendC::NCHW_CONV_ADDR_LIST_SIZE;
    if (sizeof(T) != 1 && (p.dstHighHalf || p.srcHighHalf)) {
        fail("%s: dstHighHalf and srcHighHalf apply to int8_t and uint8_t only", what);
    }
    for (int i = 0; i < N; ++i) {
        if (dst[i] % BLOCK_BYTES != 0 || src[i] % BLOCK_BYTES != 0) {
            fail("%s: address %d (%llu, %llu) is not 32-byte aligned", what, i, static_cast<unsigned long long>(dst[i]),
                 static_cast<unsigned long long>(src[i]));
        }
    }
    for (uint32_t r = 0; r < p.repeatTimes; ++r) {
        const uint64_t step = p.repeatTimes == 1 ? 1 : r;  // CANN: one repeat starts one stride in
        unsigned char block[N][BLOCK_BYTES];
        for (int k = 0; k < N; ++k) {
            const uint64_t at = src[k] + step * p.srcRepStride * BLOCK_BYTES;
            std::memcpy(block[k], ub_bytes(at, BLOCK_BYTES, what), BLOCK_BYTES);
            sync_check::local(Memory::UB, at, BLOCK_BYTES, sync_check::V, false, what);
        }
        for (int i = 0; i < N; ++i) {
            const uint64_t at = dst[i] + step * p.dstRepStride * BLOCK_BYTES;
            unsigned char* out = ub_bytes(at, BLOCK_BYTES, what);
            if constexpr (sizeof(T) == 1) {
                const uint32_t dst_half = p.dstHighHalf ? 16 : 0;
                const uint32_t src_half = p.srcHighHalf ? 16 : 0;
                for (int k = 0; k < N; ++k) {
                    out[dst_half + k] = block[k][src_half + i];
                }
                sync_check::local(Memory::UB, at + dst_half, 16, sync_check::V, true, what);
            } else if constexpr (sizeof(T) == 2) {
                for (int k = 0; k < N; ++k) {
                    std::memcpy(out + 2 * k, block[k] + 2 * i, 2);
                }
                sync_check::local(Memory::UB, at, BLOCK_BYTES, sync_check::V, true, what);
            } else {
                const int row = i / 2;
                const int first = (i % 2) * 8;
                for (int k = 0; k < 8; ++k) {
                    std::memcpy(out + 4 * k, block[first + k] + 4 * row, 4);
                }
                sync_check::local(Memory::UB, at, BLOCK_BYTES, sync_check::V, true, what);
            }
        }
    }
}

inline bool builtin_pattern(uint8_t pattern, uint32_t j) {
    switch (pattern) {
        case 1: return j % 2 == 0;
        case 2: return j % 2 == 1;
        case 3: return j % 4 == 0;
        case 4: return j % 4 == 1;
        case 5: return j % 4 == 2;
        case 6: return j % 4 == 3;
        default: return true;
    }
}

/// GatherMask: ``pattern(r, j)`` says whether lane j of repeat r is kept.
template <typename T, typename Pattern>
uint64_t gather_mask(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0, bool reduceMode,
                     uint32_t mask, const AscendC::GatherMaskParams& p, Pattern pattern, const char* what) {
    Repeats rep;
    rep.lanes = lanes_for(sizeof(T));
    rep.times = p.repeatTimes;
    const uint32_t per_repeat = reduceMode ? (mask < rep.lanes ? mask : rep.lanes) : rep.lanes;
    if (reduceMode && mask == 0) {
        fail("%s: with reduceMode = true the mask counts elements and must be at least 1", what);
    }
    rep.bits[0] = per_repeat >= 64 ? ~uint64_t{0} : (uint64_t{1} << per_repeat) - 1;
    rep.bits[1] = per_repeat >= 128 ? ~uint64_t{0} : per_repeat > 64 ? (uint64_t{1} << (per_repeat - 64)) - 1 : 0;
    const Stride s0 = strided<T>(p.src0BlockStride, p.src0RepeatStride);
    const T* in = src0.span(rep.extent(s0), what);
    on_v(src0, rep.extent(s0), false, what);
    std::vector<T> kept;
    for (uint32_t r = 0; r < rep.times; ++r) {
        for (uint32_t j = 0; j < per_repeat; ++j) {
            if (pattern(r, j)) {
                kept.push_back(in[lane_offset(s0, r, j)]);
            }
        }
    }
    T* out = dst.span(kept.size(), what);
    on_v(dst, kept.size(), true, what);
    std::copy(kept.begin(), kept.end(), out);
    registers.vector_mask[0] = mask;  // as CANN's implementation leaves it
    registers.vector_mask[1] = 0;
    registers.mask_counter = false;
    registers.rsvd_cnt = kept.size();
    return kept.size();
}

template <typename T>
void transpose16(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, const char* what) {
    static_assert(sizeof(T) == 2, "Transpose of a 16x16 matrix takes 2-byte elements");
    const T* in = src.span(256, what);
    T* out = dst.span(256, what);
    on_v(src, 256, false, what);
    on_v(dst, 256, true, what);
    T tmp[256];
    for (int i = 0; i < 16; ++i) {
        for (int j = 0; j < 16; ++j) {
            tmp[i * 16 + j] = in[j * 16 + i];
        }
    }
    std::copy(tmp, tmp + 256, out);
}

}  // namespace ascx_emu

namespace AscendC {

// --- Gather, Gatherb, Scatter -------------------------------------------------------------------------

template <typename T>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
            const uint32_t srcBaseOffset, const uint64_t mask, const uint8_t repeatTime, const uint16_t dstRepStride) {
    ASCX_COVER_FORM("Gather", "LocalTensor, LocalTensor, LocalTensor, uint32_t, uint64_t, uint8_t, uint16_t");
    const ascx_emu::Repeats rep = ascx_emu::mask_repeats<true>(sizeof(T), mask, repeatTime, "Gather");
    ascx_emu::gather_lanes(dst, src, srcOffset, srcBaseOffset, rep, dstRepStride, "Gather");
}

template <typename T>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
            const uint32_t srcBaseOffset, const uint64_t mask[], const uint8_t repeatTime,
            const uint16_t dstRepStride) {
    ASCX_COVER_FORM("Gather", "LocalTensor, LocalTensor, LocalTensor, uint32_t, uint64_t[], uint8_t, uint16_t");
    const ascx_emu::Repeats rep = ascx_emu::mask_repeats<true>(sizeof(T), mask, repeatTime, "Gather");
    ascx_emu::gather_lanes(dst, src, srcOffset, srcBaseOffset, rep, dstRepStride, "Gather");
}

template <typename T>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
            const uint32_t srcBaseOffset, const uint32_t count) {
    ASCX_COVER_FORM("Gather", "LocalTensor, LocalTensor, LocalTensor, uint32_t, uint32_t");
    const uint32_t lanes = ascx_emu::lanes_for(sizeof(T));
    const uint32_t repeats = count / lanes;
    const uint32_t tail = count % lanes;
    if (repeats > 255) {
        ascx_emu::fail("Gather: %u elements need %u repeats of %u, more than 255", count, repeats, lanes);
    }
    if (repeats > 0) {
        Gather(dst, src, srcOffset, srcBaseOffset, uint64_t{lanes}, static_cast<uint8_t>(repeats), DEFAULT_REPEAT_STRIDE);
    }
    if (tail > 0) {
        const uint32_t done = count - tail;
        Gather(dst[done], src, srcOffset[done], srcBaseOffset, uint64_t{tail}, 1, DEFAULT_REPEAT_STRIDE);
    }
}

template <typename T>
void Gatherb(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& offset,
             const uint8_t repeatTime, const GatherRepeatParams& repeatParams) {
    ASCX_COVER("Gatherb");
    const char* what = "Gatherb";
    ascx_emu::registers.vector_mask[0] = ~uint64_t{0};  // CANN resets the mask first
    ascx_emu::registers.vector_mask[1] = ~uint64_t{0};
    const uint32_t blk = repeatParams.dstBlkStride == 0 ? 1 : repeatParams.dstBlkStride;
    const uint32_t per_block = ascx_emu::BLOCK_BYTES / sizeof(T);
    const uint64_t blocks = uint64_t{repeatTime} * 8;
    const uint32_t* off = offset.span(blocks, what);
    offset.record(blocks, ascx_emu::sync_check::V, false, what);
    const uint64_t src_size = src.GetSize();
    const T* in = src.span(src_size, what);
    uint64_t dst_extent = 0;
    uint64_t src_extent = 0;
    for (uint64_t b = 0; b < blocks; ++b) {
        const uint64_t r = b / 8;
        const uint64_t j = b % 8;
        dst_extent = std::max(dst_extent, (r * repeatParams.dstRepStride + j * blk + 1) * per_block);
        if (off[b] % ascx_emu::BLOCK_BYTES != 0 || off[b] / sizeof(T) + per_block > src_size) {
            ascx_emu::fail("%s: offset[%llu] = %u bytes is not a 32-byte block of the source's %llu elements", what,
                           static_cast<unsigned long long>(b), off[b], static_cast<unsigned long long>(src_size));
        }
        src_extent = std::max(src_extent, off[b] / sizeof(T) + per_block);
    }
    T* out = dst.span(dst_extent, what);
    src.record(src_extent, ascx_emu::sync_check::V, false, what);
    dst.record(dst_extent, ascx_emu::sync_check::V, true, what);
    for (uint64_t b = 0; b < blocks; ++b) {
        const uint64_t at = ((b / 8) * repeatParams.dstRepStride + (b % 8) * blk) * per_block;
        std::memmove(out + at, in + off[b] / sizeof(T), ascx_emu::BLOCK_BYTES);
    }
}

/// Scatter: Atlas A2 has no Scatter instruction; CANN's implementation there does nothing, and so does this.
template <typename T>
void Scatter(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& dstOffset,
             const uint32_t dstBaseAddr, const uint64_t mask, const uint8_t repeatTime, const uint8_t srcRepStride) {
    ASCX_COVER_FORM("Scatter", "LocalTensor, LocalTensor, LocalTensor, uint32_t, uint64_t, uint8_t, uint8_t");
    (void)dst, (void)src, (void)dstOffset, (void)dstBaseAddr, (void)mask, (void)repeatTime, (void)srcRepStride;
}

template <typename T>
void Scatter(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& dstOffset,
             const uint32_t dstBaseAddr, const uint64_t mask[], const uint8_t repeatTime, const uint8_t srcRepStride) {
    ASCX_COVER_FORM("Scatter", "LocalTensor, LocalTensor, LocalTensor, uint32_t, uint64_t[], uint8_t, uint8_t");
    (void)dst, (void)src, (void)dstOffset, (void)dstBaseAddr, (void)mask, (void)repeatTime, (void)srcRepStride;
}

template <typename T>
void Scatter(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& dstOffset,
             const uint32_t dstBaseAddr, const uint32_t count) {
    ASCX_COVER_FORM("Scatter", "LocalTensor, LocalTensor, LocalTensor, uint32_t, uint32_t");
    (void)dst, (void)src, (void)dstOffset, (void)dstBaseAddr, (void)count;
}

// --- Brcb, Copy ---------------------------------------------------------------------------------------

template <typename T>
void Brcb(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint8_t repeatTime,
          const BrcbRepeatParams& repeatParams) {
    ASCX_COVER("Brcb");
    const char* what = "Brcb";
    ascx_emu::registers.vector_mask[0] = ~uint64_t{0};  // CANN resets the mask first
    ascx_emu::registers.vector_mask[1] = ~uint64_t{0};
    const uint32_t blk = repeatParams.dstBlkStride == 0 ? 1 : repeatParams.dstBlkStride;
    const uint32_t per_block = ascx_emu::BLOCK_BYTES / sizeof(T);
    const uint64_t values = uint64_t{repeatTime} * 8;
    const T* in = src.span(values, what);
    uint64_t extent = 0;
    for (uint64_t v = 0; v < values; ++v) {
        extent = std::max(extent, ((v / 8) * repeatParams.dstRepStride + (v % 8) * blk + 1) * per_block);
    }
    T* out = dst.span(extent, what);
    src.record(values, ascx_emu::sync_check::V, false, what);
    dst.record(extent, ascx_emu::sync_check::V, true, what);
    std::vector<T> copy(in, in + values);  // all read before any is written
    for (uint64_t v = 0; v < values; ++v) {
        T* block = out + ((v / 8) * repeatParams.dstRepStride + (v % 8) * blk) * per_block;
        std::fill(block, block + per_block, copy[v]);
    }
}

namespace detail {
template <typename T, bool isSetMask, typename Mask>
void copy_masked(const LocalTensor<T>& dst, const LocalTensor<T>& src, Mask mask, uint8_t repeatTime,
                 const CopyRepeatParams& p) {
    const ascx_emu::Repeats rep = ascx_emu::mask_repeats<isSetMask>(sizeof(T), mask, repeatTime, "Copy");
    ascx_emu::unary_lanes(dst, src, rep, ascx_emu::strided<T>(p.dstStride, p.dstRepeatSize),
                          ascx_emu::strided<T>(p.srcStride, p.srcRepeatSize), [](T x) { return x; }, "Copy");
}
}  // namespace detail

template <typename T, bool isSetMask = true>
void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[], const uint8_t repeatTime,
          const CopyRepeatParams& repeatParams) {
    ASCX_COVER_FORM("Copy", "LocalTensor, LocalTensor, uint64_t[], uint8_t, CopyRepeatParams");
    detail::copy_masked<T, isSetMask>(dst, src, mask, repeatTime, repeatParams);
}

template <typename T, bool isSetMask = true>
void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask, const uint8_t repeatTime,
          const CopyRepeatParams& repeatParams) {
    ASCX_COVER_FORM("Copy", "LocalTensor, LocalTensor, uint64_t, uint8_t, CopyRepeatParams");
    detail::copy_masked<T, isSetMask>(dst, src, mask, repeatTime, repeatParams);
}

// --- GatherMask ---------------------------------------------------------------------------------------

template <typename T, typename U, GatherMaskMode mode = defaultGatherMaskMode>
void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1Pattern,
                const bool reduceMode, const uint32_t mask, const GatherMaskParams& gatherMaskParams,
                uint64_t& rsvdCnt) {
    ASCX_COVER_FORM("GatherMask", "LocalTensor, LocalTensor, LocalTensor, bool, uint32_t, GatherMaskParams, uint64_t");
    ASCX_COVER_ENUM("GatherMask", "mode", GatherMaskMode, mode);
    static_assert(sizeof(U) == sizeof(T) && (sizeof(T) == 2 || sizeof(T) == 4),
                  "GatherMask takes a uint16_t pattern for 16-bit data and a uint32_t one for 32-bit data");
    const char* what = "GatherMask";
    const uint32_t lanes = ascx_emu::lanes_for(sizeof(T));
    const uint64_t pattern_bytes =
        uint64_t{gatherMaskParams.repeatTimes > 0 ? gatherMaskParams.repeatTimes - 1u : 0u} *
            gatherMaskParams.src1RepeatStride * ascx_emu::BLOCK_BYTES + lanes / 8;
    const auto* bits = reinterpret_cast<const unsigned char*>(
        src1Pattern.span((pattern_bytes + sizeof(U) - 1) / sizeof(U), what));
    src1Pattern.record_bytes(pattern_bytes, ascx_emu::sync_check::V, false, what);
    const uint32_t stride = gatherMaskParams.src1RepeatStride;
    rsvdCnt = ascx_emu::gather_mask(dst, src0, reduceMode, mask, gatherMaskParams, [&](uint32_t r, uint32_t j) {
        return ascx_emu::get_bit(bits + uint64_t{r} * stride * ascx_emu::BLOCK_BYTES, j);
    }, what);
}

template <typename T, GatherMaskMode mode = defaultGatherMaskMode>
void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const uint8_t src1Pattern,
                const bool reduceMode, const uint32_t mask, const GatherMaskParams& gatherMaskParams,
                uint64_t& rsvdCnt) {
    ASCX_COVER_FORM("GatherMask", "LocalTensor, LocalTensor, uint8_t, bool, uint32_t, GatherMaskParams, uint64_t");
    ASCX_COVER_ENUM("GatherMask", "mode", GatherMaskMode, mode);
    static_assert(sizeof(T) == 2 || sizeof(T) == 4, "GatherMask takes 16- or 32-bit data");
    const char* what = "GatherMask";
    if (src1Pattern < 1 || src1Pattern > 7) {
        ascx_emu::fail("%s: the built-in pattern %u is outside [1, 7]", what, static_cast<unsigned>(src1Pattern));
    }
    rsvdCnt = ascx_emu::gather_mask(dst, src0, reduceMode, mask, gatherMaskParams,
                                    [src1Pattern](uint32_t, uint32_t j) { return ascx_emu::builtin_pattern(src1Pattern, j); },
                                    what);
}

inline int64_t GetGatherMaskRemainCount() { ASCX_COVER("GetGatherMaskRemainCount"); return static_cast<int64_t>(ascx_emu::registers.rsvd_cnt); }

// --- Transpose, TransDataTo5HD ------------------------------------------------------------------------

template <typename T>
void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src) {
    ASCX_COVER_FORM("Transpose", "LocalTensor, LocalTensor");
    ascx_emu::transpose16(dst, src, "Transpose");
}

template <typename T>
void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& sharedTmpBuffer,
               const TransposeParamsExt& transposeParams) {
    ASCX_COVER_FORM("Transpose", "LocalTensor, LocalTensor, LocalTensor, TransposeParamsExt");
    const char* what = "Transpose";
    const TransposeType kind = transposeParams.transposeType;
    if (kind == TransposeType::TRANSPOSE_TYPE_NONE) {
        return;
    }
    if (kind == TransposeType::TRANSPOSE_ND2ND_B16) {
        if (transposeParams.hSize != 16 || transposeParams.wSize != 16) {
            ascx_emu::fail("%s: TRANSPOSE_ND2ND_B16 transposes 16x16 (hSize %u, wSize %u)", what, transposeParams.hSize,
                           transposeParams.wSize);
        }
        if constexpr (sizeof(T) == 2) {
            ascx_emu::transpose16(dst, src, what);
        } else {
            ascx_emu::fail("%s: TRANSPOSE_ND2ND_B16 takes 2-byte elements", what);
        }
        return;
    }
    if (kind != TransposeType::TRANSPOSE_NCHW2NHWC && kind != TransposeType::TRANSPOSE_NHWC2NCHW) {
        ascx_emu::fail("%s: transpose type %u is not supported", what, static_cast<unsigned>(kind));
    }
    const uint64_t n = transposeParams.nSize, c = transposeParams.cSize, h = transposeParams.hSize,
                   w = transposeParams.wSize;
    const uint64_t total = n * c * h * w;
    if (total == 0) {
        return;
    }
    const uint64_t h0 = sizeof(T) == 1 ? 32 : 16;
    const uint64_t tmp_bytes = (kind == TransposeType::TRANSPOSE_NCHW2NHWC ? c + 2 : 2 * c + 1) * h0 * 32;
    sharedTmpBuffer.required(tmp_bytes, what, "sharedTmpBuffer");
    sharedTmpBuffer.record(tmp_bytes, ascx_emu::sync_check::V, true, what);
    const T* in = src.span(total, what);
    T* out = dst.span(total, what);
    src.record(total, ascx_emu::sync_check::V, false, what);
    dst.record(total, ascx_emu::sync_check::V, true, what);
    std::vector<T> copy(in, in + total);
    for (uint64_t in_n = 0; in_n < n; ++in_n) {
        for (uint64_t ic = 0; ic < c; ++ic) {
            for (uint64_t ih = 0; ih < h; ++ih) {
                for (uint64_t iw = 0; iw < w; ++iw) {
                    const uint64_t nchw = ((in_n * c + ic) * h + ih) * w + iw;
                    const uint64_t nhwc = ((in_n * h + ih) * w + iw) * c + ic;
                    if (kind == TransposeType::TRANSPOSE_NCHW2NHWC) {
                        out[nhwc] = copy[nchw];
                    } else {
                        out[nchw] = copy[nhwc];
                    }
                }
            }
        }
    }
}

template <typename T>
void TransDataTo5HD(const LocalTensor<T> (&dstList)[NCHW_CONV_ADDR_LIST_SIZE],
                    const LocalTensor<T> (&srcList)[NCHW_CONV_ADDR_LIST_SIZE], const TransDataTo5HDParams& params) {
    ASCX_COVER_FORM("TransDataTo5HD", "LocalTensor(dstList)[NCHW_CONV_ADDR_LIST_SIZE], LocalTensor(srcList)[NCHW_CONV_ADDR_LIST_SIZE], TransDataTo5HDParams");
    uint64_t dst[NCHW_CONV_ADDR_LIST_SIZE];
    uint64_t src[NCHW_CONV_ADDR_LIST_SIZE];
    for (int i = 0; i < NCHW_CONV_ADDR_LIST_SIZE; ++i) {
        if (dstList[i].memory() != ascx_emu::Memory::UB || srcList[i].memory() != ascx_emu::Memory::UB) {
            ascx_emu::fail("TransDataTo5HD: tensor %d is not in the unified buffer", i);
        }
        dst[i] = dstList[i].GetPhyAddr();
        src[i] = srcList[i].GetPhyAddr();
    }
    ascx_emu::trans_data_to_5hd<T>(dst, src, params);
}

template <typename T>
void TransDataTo5HD(uint64_t dstList[NCHW_CONV_ADDR_LIST_SIZE], uint64_t srcList[NCHW_CONV_ADDR_LIST_SIZE],
                    const TransDataTo5HDParams& params) {
    ASCX_COVER_FORM("TransDataTo5HD", "uint64_tdstList[NCHW_CONV_ADDR_LIST_SIZE], uint64_tsrcList[NCHW_CONV_ADDR_LIST_SIZE], TransDataTo5HDParams");
    ascx_emu::trans_data_to_5hd<T>(dstList, srcList, params);
}

/// The addresses in two uint64_t tensors, read by the scalar unit.
template <typename T>
void TransDataTo5HD(const LocalTensor<uint64_t>& dst, const LocalTensor<uint64_t>& src,
                    const TransDataTo5HDParams& params) {
    ASCX_COVER_FORM("TransDataTo5HD", "LocalTensor, LocalTensor, TransDataTo5HDParams");
    uint64_t d[NCHW_CONV_ADDR_LIST_SIZE];
    uint64_t s[NCHW_CONV_ADDR_LIST_SIZE];
    for (int i = 0; i < NCHW_CONV_ADDR_LIST_SIZE; ++i) {
        d[i] = dst.GetValue(static_cast<uint32_t>(i));
        s[i] = src.GetValue(static_cast<uint32_t>(i));
    }
    ascx_emu::trans_data_to_5hd<T>(d, s, params);
}

}  // namespace AscendC
