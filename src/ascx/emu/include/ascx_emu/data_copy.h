// ascx host emulation: DataCopy and DataCopyPad (docs/emulation.md#the-vector-instructions).  The count form moves ``count``
// elements and requires a multiple of 32 bytes; the DataCopyParams form moves blockCount blocks of
// blockLen 32-byte units with srcStride/dstStride 32-byte gaps (from L1 into the bias table: 64-byte units and
// destination gaps; into the fixpipe buffer: 128-byte ones); DataCopyPad measures in bytes.
#pragma once

#include "ascx_emu/registers.h"
#include "ascx_emu/tensor.h"

namespace AscendC {

constexpr uint16_t DEFAULT_DATA_COPY_NBURST = 1;

struct DataCopyParams {
    DataCopyParams() {}
    DataCopyParams(const uint16_t count, const uint16_t len, const uint16_t srcStrideIn, const uint16_t dstStrideIn)
        : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn) {}
    uint16_t blockCount = DEFAULT_DATA_COPY_NBURST;
    uint16_t blockLen = 0;
    union {
        uint16_t srcGap = 0;
        uint16_t srcStride;
    };
    union {
        uint16_t dstGap = 0;
        uint16_t dstStride;
    };
};

struct DataCopyExtParams {
    DataCopyExtParams() {}
    DataCopyExtParams(const uint16_t count, const uint32_t len, const uint32_t srcStrideIn, const uint32_t dstStrideIn,
                      const uint32_t rsvIn)
        : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn), rsv(rsvIn) {}
    uint16_t blockCount = DEFAULT_DATA_COPY_NBURST;
    uint32_t blockLen = 0;
    uint32_t srcStride = 0;
    uint32_t dstStride = 0;
    uint32_t rsv = 0;
};

struct DataCopyPadParams {
    DataCopyPadParams() {}
    DataCopyPadParams(const bool isPadValue, const uint8_t leftPadValue, const uint8_t rightPadValue,
                      const uint64_t paddingValueIn)
        : isPad(isPadValue), leftPadding(leftPadValue), rightPadding(rightPadValue), paddingValue(paddingValueIn) {}
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    uint64_t paddingValue = 0;
};

template <typename T>
struct DataCopyPadExtParams {
    DataCopyPadExtParams() {}
    DataCopyPadExtParams(const bool isPadValue, const uint8_t leftPadValue, const uint8_t rightPadValue, T padValue)
        : isPad(isPadValue), leftPadding(leftPadValue), rightPadding(rightPadValue), paddingValue(padValue) {}
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    T paddingValue = 0;
};

}  // namespace AscendC

namespace ascx_emu {

constexpr uint32_t BLOCK_BYTES = 32;

template <typename T>
void check_count_aligned(uint32_t count, const char* what) {
    if ((uint64_t{count} * sizeof(T)) % BLOCK_BYTES != 0) {
        fail("%s: %u elements of %u bytes are not a multiple of 32 bytes (use DataCopyPad for unaligned sizes)",
             what, count, static_cast<unsigned>(sizeof(T)));
    }
}

/// Copy ``blocks`` runs of ``run`` bytes, the runs ``src_step`` / ``dst_step`` bytes apart.
inline void copy_runs(unsigned char* dst, const unsigned char* src, uint32_t blocks, uint64_t run, uint64_t src_step,
                      uint64_t dst_step) {
    for (uint32_t b = 0; b < blocks; ++b) {
        std::memmove(dst + b * dst_step, src + b * src_step, run);
    }
}

/// The bytes a strided copy spans: the last run's end.
inline uint64_t strided_extent(uint32_t blocks, uint64_t run, uint64_t step) {
    return blocks == 0 ? 0 : (blocks - 1) * step + run;
}

}  // namespace ascx_emu

namespace AscendC {

namespace detail {
/// A copy of ``src_bytes`` / ``dst_bytes`` from the start of ``src`` to ``dst`` on ``actor``: bounds,
/// then the dynamic checker, then the bytes.
template <typename D, typename S>
void checked_copy(const D& dst, const S& src, uint64_t src_bytes, uint64_t dst_bytes,
                  ascx_emu::sync_check::Actor actor, const char* what) {
    src.record_bytes(src_bytes, actor, false, what);
    dst.record_bytes(dst_bytes, actor, true, what);
}

/// The pipe that moves data between two tensors: MTE2 into local memory, MTE3 out of it, V within it.
template <typename D, typename S>
constexpr ascx_emu::sync_check::Actor copy_actor() {
    constexpr bool from_gm = std::is_same_v<S, GlobalTensor<typename S::PrimType>>;
    constexpr bool to_gm = std::is_same_v<D, GlobalTensor<typename D::PrimType>>;
    return from_gm ? ascx_emu::sync_check::MTE2 : to_gm ? ascx_emu::sync_check::MTE3 : ascx_emu::sync_check::V;
}

/// As above, with the memories of a copy within the core: UB to L1 runs on MTE3, L1 to the bias table
/// or the fixpipe buffer on MTE1 (the cube data path); the rest on V.
template <typename D, typename S>
ascx_emu::sync_check::Actor copy_actor(const D& dst, const S& src) {
    constexpr ascx_emu::sync_check::Actor by_type = copy_actor<D, S>();
    if constexpr (by_type != ascx_emu::sync_check::V) {
        return by_type;
    } else {
        using ascx_emu::Memory;
        if (src.memory() == Memory::UB && dst.memory() == Memory::L1) {
            return ascx_emu::sync_check::MTE3;
        }
        if (src.memory() == Memory::L1 && (dst.memory() == Memory::BT || dst.memory() == Memory::FB)) {
            return ascx_emu::sync_check::MTE1;
        }
        return by_type;
    }
}

template <typename D, typename S>
void copy_count(const D& dst, const S& src, uint32_t count, const char* what) {
    using T = typename D::PrimType;
    ascx_emu::check_count_aligned<T>(count, what);
    T* to = dst.span(count, what);
    const T* from = src.span(count, what);
    checked_copy(dst, src, uint64_t{count} * sizeof(T), uint64_t{count} * sizeof(T), copy_actor(dst, src), what);
    if constexpr (std::is_same_v<D, GlobalTensor<T>>) {
        ascx_emu::gm_write(to, from, uint64_t{count} * sizeof(T), what);  // under the atomic mode
    } else {
        std::memmove(to, from, uint64_t{count} * sizeof(T));
    }
}
}  // namespace detail

template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const uint32_t count) {
    ASCX_COVER_FORM("DataCopy", "LocalTensor, GlobalTensor, uint32_t");
    detail::copy_count(dst, src, count, "DataCopy (GM to local)");
}

template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count) {
    ASCX_COVER_FORM("DataCopy", "GlobalTensor, LocalTensor, uint32_t");
    detail::copy_count(dst, src, count, "DataCopy (local to GM)");
}

namespace detail {
/// The units of a DataCopyParams copy between two local tensors, in bytes: 32 everywhere (a block) but on
/// the cube's parameter paths, whose CCE copies measure otherwise (CANN's copy_cbuf_to_bt page: bursts and
/// destination gaps of 64 bytes, source gaps of 32; copy_cbuf_to_fbuf: 128, 128 and 32).
struct CopyUnits {
    uint64_t burst;
    uint64_t src_gap;
    uint64_t dst_gap;
};

inline CopyUnits local_copy_units(ascx_emu::Memory dst, ascx_emu::Memory src) {
    using ascx_emu::Memory;
    constexpr uint64_t block = ascx_emu::BLOCK_BYTES;
    if (src == Memory::L1 && dst == Memory::BT) {
        return {64, block, 64};
    }
    if (src == Memory::L1 && dst == Memory::FB) {
        return {128, block, 128};
    }
    return {block, block, block};
}
}  // namespace detail

template <typename T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count) {
    ASCX_COVER_FORM("DataCopy", "LocalTensor, LocalTensor, uint32_t");
    const char* what = "DataCopy (local to local)";
    const uint64_t unit = detail::local_copy_units(dst.memory(), src.memory()).burst;
    if (unit != ascx_emu::BLOCK_BYTES && (uint64_t{count} * sizeof(T)) % unit != 0) {
        // CANN's count form makes this a DataCopyParams copy of count * sizeof(T) / unit bursts, rounding down
        ascx_emu::fail("%s: %u elements of %u bytes into the %s are not a multiple of its %llu-byte unit (CANN's "
                       "DataCopy would copy only the whole units)",
                       what, count, static_cast<unsigned>(sizeof(T)),
                       dst.memory() == ascx_emu::Memory::BT ? "bias table" : "fixpipe buffer",
                       static_cast<unsigned long long>(unit));
    }
    detail::copy_count(dst, src, count, what);
}

namespace detail {
template <typename D, typename S>
void copy_blocks(const D& dst, const S& src, uint32_t blocks, uint64_t run, uint64_t src_gap, uint64_t dst_gap,
                 const char* what) {
    using T = std::remove_pointer_t<decltype(dst.span(0, what))>;
    const uint64_t src_bytes = ascx_emu::strided_extent(blocks, run, run + src_gap);
    const uint64_t dst_bytes = ascx_emu::strided_extent(blocks, run, run + dst_gap);
    auto* to = reinterpret_cast<unsigned char*>(dst.span(ascx_emu::round_up(dst_bytes, sizeof(T)) / sizeof(T), what));
    const auto* from = reinterpret_cast<const unsigned char*>(
        src.span(ascx_emu::round_up(src_bytes, sizeof(T)) / sizeof(T), what));
    checked_copy(dst, src, src_bytes, dst_bytes, copy_actor(dst, src), what);
    if constexpr (std::is_same_v<D, GlobalTensor<T>>) {
        ascx_emu::gm_write_runs(to, from, blocks, run, run + src_gap, run + dst_gap, what);
    } else {
        ascx_emu::copy_runs(to, from, blocks, run, run + src_gap, run + dst_gap);
    }
}
}  // namespace detail

template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p) {
    ASCX_COVER_FORM("DataCopy", "LocalTensor, GlobalTensor, DataCopyParams");
    const uint64_t unit = ascx_emu::BLOCK_BYTES;
    detail::copy_blocks(dst, src, p.blockCount, p.blockLen * unit, p.srcStride * unit, p.dstStride * unit,
                        "DataCopy (GM to local, DataCopyParams)");
}

template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
    ASCX_COVER_FORM("DataCopy", "GlobalTensor, LocalTensor, DataCopyParams");
    const uint64_t unit = ascx_emu::BLOCK_BYTES;
    detail::copy_blocks(dst, src, p.blockCount, p.blockLen * unit, p.srcStride * unit, p.dstStride * unit,
                        "DataCopy (local to GM, DataCopyParams)");
}

template <typename T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
    ASCX_COVER_FORM("DataCopy", "LocalTensor, LocalTensor, DataCopyParams");
    const detail::CopyUnits unit = detail::local_copy_units(dst.memory(), src.memory());
    detail::copy_blocks(dst, src, p.blockCount, p.blockLen * unit.burst, p.srcStride * unit.src_gap,
                        p.dstStride * unit.dst_gap, "DataCopy (local to local, DataCopyParams)");
}

namespace detail {
/// GM to local with byte-sized blocks (CANN's DataCopyPad page, GM->VECIN/VECOUT): each block lands at a
/// 32-byte aligned row of the destination, ``left`` elements in; the row's ``left`` and ``right`` padding
/// and the dummy that rounds ``blockLen`` plus both paddings up to 32 bytes hold:
/// - with both paddings 0, the dummy repeats the block's first element, whatever ``isPad`` says;
/// - otherwise the core's pad value register: ``isPad`` sets it to ``paddingValue`` first, without it the
///   register holds what SetPadValue (or an earlier padded copy) left there ("random" on the page).
/// The hardware pads in units of the copy's element up to 32 bits (64-bit elements move as pairs of 32-bit
/// ones, their paddings doubled), so the dummy of a 64-bit copy repeats the block's first 32 bits.
template <typename T>
void pad_in(const LocalTensor<T>& dst, const GlobalTensor<T>& src, uint32_t blocks, uint64_t len, uint64_t src_gap,
            uint64_t dst_gap_blocks, bool is_pad, uint32_t left, uint32_t right, uint64_t value_bits) {
    const char* what = "DataCopyPad (GM to local)";
    const uint64_t row = ascx_emu::round_up(len + (left + right) * sizeof(T), ascx_emu::BLOCK_BYTES);
    const uint64_t dst_step = row + dst_gap_blocks * ascx_emu::BLOCK_BYTES;
    const uint64_t src_bytes = ascx_emu::strided_extent(blocks, len, len + src_gap);
    const auto* from = reinterpret_cast<const unsigned char*>(src.span(ascx_emu::round_up(src_bytes, sizeof(T)) / sizeof(T), what));
    T* to = dst.span(ascx_emu::strided_extent(blocks, row, dst_step) / sizeof(T), what);
    checked_copy(dst, src, src_bytes, ascx_emu::strided_extent(blocks, row, dst_step), ascx_emu::sync_check::MTE2, what);
    if (is_pad) {
        ascx_emu::registers.cube.pad_value = value_bits;
    }
    constexpr uint64_t unit = sizeof(T) < 4 ? sizeof(T) : 4;
    const bool padded = left + right > 0;
    const uint64_t data_begin = left * sizeof(T);
    const uint64_t data_end = data_begin + len;
    for (uint32_t b = 0; b < blocks; ++b) {
        auto* line = reinterpret_cast<unsigned char*>(to) + b * dst_step;
        const unsigned char* block = from + b * (len + src_gap);
        // what fills the row outside the data: the register's value, or the block's first element
        const unsigned char* fill = padded ? reinterpret_cast<const unsigned char*>(&ascx_emu::registers.cube.pad_value)
                                           : block;
        for (uint64_t at = 0; at < row; at += unit) {
            if (at < data_begin || at >= data_end) {
                std::memcpy(line + at, fill, unit);
            }
        }
        std::memmove(line + data_begin, block, len);
    }
}
}  // namespace detail

template <typename T>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p,
                 const DataCopyPadParams& pad) {
    ASCX_COVER_FORM("DataCopyPad", "LocalTensor, GlobalTensor, DataCopyParams, DataCopyPadParams");
    detail::pad_in(dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride, pad.isPad, pad.leftPadding,
                   pad.rightPadding, pad.paddingValue);
}

template <typename T>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& p,
                 const DataCopyPadExtParams<T>& pad) {
    ASCX_COVER_FORM("DataCopyPad", "LocalTensor, GlobalTensor, DataCopyExtParams, DataCopyPadExtParams");
    uint64_t bits = 0;
    std::memcpy(&bits, static_cast<const void*>(&pad.paddingValue), sizeof(T) < sizeof(bits) ? sizeof(T) : sizeof(bits));
    detail::pad_in(dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride, pad.isPad, pad.leftPadding,
                   pad.rightPadding, bits);
}

namespace detail {
/// Local to GM with byte-sized blocks: each block is read from a 32-byte aligned row of the source.
template <typename T>
void pad_out(const GlobalTensor<T>& dst, const LocalTensor<T>& src, uint32_t blocks, uint64_t len, uint64_t src_gap_blocks,
             uint64_t dst_gap) {
    const char* what = "DataCopyPad (local to GM)";
    const uint64_t row = ascx_emu::round_up(len, ascx_emu::BLOCK_BYTES);
    const uint64_t src_step = row + src_gap_blocks * ascx_emu::BLOCK_BYTES;
    const uint64_t dst_bytes = ascx_emu::strided_extent(blocks, len, len + dst_gap);
    auto* to = reinterpret_cast<unsigned char*>(dst.span(ascx_emu::round_up(dst_bytes, sizeof(T)) / sizeof(T), what));
    const auto* from = reinterpret_cast<const unsigned char*>(
        src.span(ascx_emu::round_up(ascx_emu::strided_extent(blocks, len, src_step), sizeof(T)) / sizeof(T), what));
    checked_copy(dst, src, ascx_emu::strided_extent(blocks, len, src_step), dst_bytes, ascx_emu::sync_check::MTE3, what);
    ascx_emu::gm_write_runs(to, from, blocks, len, src_step, len + dst_gap, what);
}
}  // namespace detail

template <typename T>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
    ASCX_COVER_FORM("DataCopyPad", "GlobalTensor, LocalTensor, DataCopyParams");
    detail::pad_out(dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride);
}

template <typename T>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& p) {
    ASCX_COVER_FORM("DataCopyPad", "GlobalTensor, LocalTensor, DataCopyExtParams");
    detail::pad_out(dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride);
}

}  // namespace AscendC
