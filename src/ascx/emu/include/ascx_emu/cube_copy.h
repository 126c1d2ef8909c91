// ascx host emulation: the DataCopy forms of the cube data path (CANN's ND2NZ and NZ2ND documentation).
//
// Nd2NzParams: ndNum ND matrices of nValue rows and dValue columns (rows srcDValue elements apart,
// matrices srcNdMatrixStride apart) become NZ in L1: element (r, c) of matrix i goes to
// i * dstNzMatrixStride + (c / C0) * dstNzC0Stride * C0 + r * dstNzNStride * C0 + c % C0, and the rest
// of a row's last C0 block is zero.  From GM it runs on MTE2, from UB (into TSCM) on MTE3.
// Nz2NdParamsFull: NZ matrices of 16-wide Z blocks in UB (srcNStride * 16 elements apart, matrices
// srcNdMatrixStride * 256 apart) become ND rows dstDStride apart in GM (matrices dstNdMatrixStride
// apart), on MTE3.  DataCopy with DataCopyEnhancedParams in the normal block mode without conversion
// is a DataCopyParams copy; its other modes are not emulated.  SetPadValue sets the core's pad value
// register, which DataCopyPad from GM pads with (data_copy.h).
// DataCopyPad from UB to L1 with Nd2NzParams (CANN's DataCopyPad (UBToL1) page): blockCount runs of
// blockLen bytes out of UB into a relay in GM, dstStride bytes apart, then the relay's one ND matrix
// (ndNum 1) into TSCM as NZ, the rest of each row's last C0 block zero; all on MTE3, which issues it.
#pragma once

#include <algorithm>
#include <vector>

#include "ascx_emu/checker.h"
#include "ascx_emu/cube_structs.h"
#include "ascx_emu/data_copy.h"
#include "ascx_emu/fractal.h"
#include "ascx_emu/registers.h"
#include "ascx_emu/tensor.h"

namespace ascx_emu {
namespace cube {

template <typename T>
uint64_t nd2nz_dst_extent(const AscendC::Nd2NzParams& p) {
    constexpr uint64_t width = c0<T>();
    const uint64_t blocks = ceil_div(p.dValue, width);
    return uint64_t{p.ndNum - 1u} * p.dstNzMatrixStride + (blocks - 1) * p.dstNzC0Stride * width +
           uint64_t{p.nValue - 1u} * p.dstNzNStride * width + width;
}

inline uint64_t nd2nz_src_extent(const AscendC::Nd2NzParams& p) {
    return uint64_t{p.ndNum - 1u} * p.srcNdMatrixStride + uint64_t{p.nValue - 1u} * p.srcDValue + p.dValue;
}

template <typename T>
void nd2nz(T* dst, const T* src, const AscendC::Nd2NzParams& p) {
    constexpr uint64_t width = c0<T>();
    const uint64_t padded = ceil_div(p.dValue, width) * width;
    for (uint64_t i = 0; i < p.ndNum; ++i) {
        const T* matrix = src + i * p.srcNdMatrixStride;
        T* out = dst + i * p.dstNzMatrixStride;
        for (uint64_t r = 0; r < p.nValue; ++r) {
            for (uint64_t c = 0; c < padded; ++c) {
                out[(c / width) * p.dstNzC0Stride * width + r * p.dstNzNStride * width + c % width] =
                    c < p.dValue ? matrix[r * p.srcDValue + c] : T(0);
            }
        }
    }
}

template <typename D, typename S>
void nd2nz_copy(const AscendC::LocalTensor<D>& dst, const S& src, const AscendC::Nd2NzParams& p,
                sync_check::Actor actor, const char* what) {
    cube::require_aligned(dst, 32, what, "dst");
    if (p.ndNum == 0 || p.nValue == 0 || p.dValue == 0) {
        return;  // a NOP, as CANN documents
    }
    const uint64_t src_count = nd2nz_src_extent(p);
    const uint64_t dst_count = nd2nz_dst_extent<D>(p);
    const D* from = src.span(src_count, what);
    D* to = dst.span(dst_count, what);
    src.record(src_count, actor, false, what);
    dst.record(dst_count, actor, true, what);
    nd2nz(to, from, p);
}

}  // namespace cube
}  // namespace ascx_emu

namespace AscendC {

template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const Nd2NzParams& intriParams) {
    ASCX_COVER_FORM("DataCopy", "LocalTensor, GlobalTensor, Nd2NzParams");
    using namespace ascx_emu;
    const char* what = "DataCopy (GM to L1, ND to NZ)";
    cube::require_memory(dst, {Memory::L1}, what, "dst");
    cube::nd2nz_copy(dst, src, intriParams, sync_check::MTE2, what);
}

template <typename T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const Nd2NzParams& intriParams) {
    ASCX_COVER_FORM("DataCopy", "LocalTensor, LocalTensor, Nd2NzParams");
    using namespace ascx_emu;
    const char* what = "DataCopy (UB to L1, ND to NZ)";
    cube::require_memory(dst, {Memory::L1}, what, "dst");
    cube::require_memory(src, {Memory::UB}, what, "src");
    if (intriParams.ndNum > 1) {
        fail("%s: ndNum must be 1 on this path, got %u", what, static_cast<unsigned>(intriParams.ndNum));
    }
    cube::nd2nz_copy(dst, src, intriParams, sync_check::MTE3, what);
}

namespace detail {
/// DataCopyPad from UB to L1 with Nd2NzParams.  On the NPU the vector core copies ``blocks`` runs of
/// ``len`` bytes (read from 32-byte aligned rows of ``src``, ``src_gap_blocks`` 32-byte units apart) to
/// a relay in GM, ``len + dst_gap`` bytes apart, and the cube core copies the relay's one ND matrix into
/// TSCM as NZ.  Here the relay is a host buffer; reading a byte of it the first stage did not write
/// is an error (it would be whatever the workspace held).
template <typename T>
void pad_ub_to_l1(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t blocks, uint64_t len,
                  uint64_t src_gap_blocks, uint64_t dst_gap, const Nd2NzParams& p) {
    using namespace ascx_emu;
    const char* what = "DataCopyPad (UB to L1, ND to NZ)";
    if (static_cast<TPosition>(dst.GetPosition()) != TPosition::TSCM) {
        fail("%s: dst must be at TSCM", what);
    }
    cube::require_memory(src, {Memory::UB}, what, "src");
    cube::require_aligned(src, 32, what, "src");
    cube::require_aligned(dst, 32, what, "dst");
    if (blocks == 0 || len == 0) {
        fail("%s: blockCount and blockLen must be at least 1, got %u and %llu", what, blocks,
             static_cast<unsigned long long>(len));
    }
    if (len % sizeof(T) != 0) {
        fail("%s: blockLen %llu is not a multiple of %zu bytes", what, static_cast<unsigned long long>(len), sizeof(T));
    }
    if (p.ndNum != 1) {
        fail("%s: ndNum must be 1, got %u", what, static_cast<unsigned>(p.ndNum));
    }
    const uint64_t src_step = round_up(len, BLOCK_BYTES) + src_gap_blocks * BLOCK_BYTES;
    const uint64_t src_bytes = strided_extent(blocks, len, src_step);
    const auto* from = reinterpret_cast<const unsigned char*>(src.span(round_up(src_bytes, sizeof(T)) / sizeof(T), what));
    src.record_bytes(src_bytes, sync_check::MTE3, false, what);
    const uint64_t relay_step = len + dst_gap;
    const uint64_t relay_bytes = strided_extent(blocks, len, relay_step);
    std::vector<unsigned char> relay(relay_bytes);
    std::vector<bool> written(relay_bytes, false);
    for (uint32_t b = 0; b < blocks; ++b) {
        std::memcpy(relay.data() + b * relay_step, from + b * src_step, len);
        std::fill(written.begin() + static_cast<std::ptrdiff_t>(b * relay_step),
                  written.begin() + static_cast<std::ptrdiff_t>(b * relay_step + len), true);
    }
    if (p.nValue == 0 || p.dValue == 0) {
        return;  // the ND to NZ stage is a NOP, as CANN documents
    }
    for (uint64_t r = 0; r < p.nValue; ++r) {
        const uint64_t first = r * p.srcDValue * sizeof(T);
        const uint64_t end = first + uint64_t{p.dValue} * sizeof(T);
        if (end > relay_bytes || std::find(written.begin() + static_cast<std::ptrdiff_t>(first),
                                           written.begin() + static_cast<std::ptrdiff_t>(end),
                                           false) != written.begin() + static_cast<std::ptrdiff_t>(end)) {
            fail("%s: row %llu of the ND matrix (bytes %llu to %llu of the GM relay) reaches bytes the UB -> GM "
                 "stage did not write (it wrote %u blocks of %llu bytes, %llu bytes apart)",
                 what, static_cast<unsigned long long>(r), static_cast<unsigned long long>(first),
                 static_cast<unsigned long long>(end), blocks, static_cast<unsigned long long>(len),
                 static_cast<unsigned long long>(relay_step));
        }
    }
    const uint64_t dst_count = cube::nd2nz_dst_extent<T>(p);
    T* to = dst.span(dst_count, what);
    dst.record(dst_count, sync_check::MTE3, true, what);
    std::vector<T> matrix(relay_bytes / sizeof(T) + 1);
    std::memcpy(static_cast<void*>(matrix.data()), relay.data(), relay_bytes);
    cube::nd2nz(to, matrix.data(), p);
}
}  // namespace detail

template <typename T>
void DataCopyPad(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& dataCopyParams,
                 const Nd2NzParams& nd2nzParams) {
    ASCX_COVER_FORM("DataCopyPad", "LocalTensor, LocalTensor, DataCopyParams, Nd2NzParams");
    const DataCopyParams& c = dataCopyParams;
    detail::pad_ub_to_l1(dst, src, c.blockCount, c.blockLen, c.srcStride, c.dstStride, nd2nzParams);
}

template <typename T>
void DataCopyPad(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& dataCopyParams,
                 const Nd2NzParams& nd2nzParams) {
    ASCX_COVER_FORM("DataCopyPad", "LocalTensor, LocalTensor, DataCopyExtParams, Nd2NzParams");
    const DataCopyExtParams& c = dataCopyParams;
    detail::pad_ub_to_l1(dst, src, c.blockCount, c.blockLen, c.srcStride, c.dstStride, nd2nzParams);
}

template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const Nz2NdParamsFull& intriParams) {
    ASCX_COVER_FORM("DataCopy", "GlobalTensor, LocalTensor, Nz2NdParamsFull");
    using namespace ascx_emu;
    const char* what = "DataCopy (UB to GM, NZ to ND)";
    cube::require_memory(src, {Memory::UB}, what, "src");
    const Nz2NdParamsFull& p = intriParams;
    if (p.ndNum == 0 || p.nValue == 0 || p.dValue == 0) {
        return;
    }
    if (p.dValue % 16 != 0) {
        fail("%s: dValue must be a multiple of 16, got %u", what, static_cast<unsigned>(p.dValue));
    }
    const uint64_t blocks = p.dValue / 16;
    const uint64_t src_count =
        uint64_t{p.ndNum - 1u} * p.srcNdMatrixStride * 256 + (blocks - 1) * p.srcNStride * 16 + uint64_t{p.nValue} * 16;
    const uint64_t dst_count = uint64_t{p.ndNum - 1u} * p.dstNdMatrixStride + uint64_t{p.nValue - 1u} * p.dstDStride +
                               p.dValue;
    const T* from = src.span(src_count, what);
    T* to = dst.span(dst_count, what);
    src.record(src_count, sync_check::MTE3, false, what);
    dst.record(dst_count, sync_check::MTE3, true, what);
    for (uint64_t i = 0; i < p.ndNum; ++i) {
        for (uint64_t r = 0; r < p.nValue; ++r) {
            for (uint64_t b = 0; b < blocks; ++b) {
                const T* block = from + i * p.srcNdMatrixStride * 256 + b * p.srcNStride * 16 + r * 16;
                gm_write(to + i * p.dstNdMatrixStride + r * p.dstDStride + b * 16, block, 16 * sizeof(T), what);
            }
        }
    }
}

namespace detail {
inline void normal_enhanced(const DataCopyEnhancedParams& e, const char* what) {
    if (e.blockMode != BlockMode::BLOCK_MODE_NORMAL || e.deqScale != DeqScale::DEQ_NONE || e.isRelu ||
        e.padMode != pad_t::PAD_NONE) {
        ascx_emu::fail("%s: only BLOCK_MODE_NORMAL without conversion, ReLU or padding is emulated", what);
    }
}
}  // namespace detail

template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& intriParams,
              const DataCopyEnhancedParams& enhancedParams) {
    ASCX_COVER_FORM("DataCopy", "LocalTensor, GlobalTensor, DataCopyParams, DataCopyEnhancedParams");
    detail::normal_enhanced(enhancedParams, "DataCopy (GM to local, enhanced)");
    DataCopy(dst, src, intriParams);
}

template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& intriParams,
              const DataCopyEnhancedParams& enhancedParams) {
    ASCX_COVER_FORM("DataCopy", "GlobalTensor, LocalTensor, DataCopyParams, DataCopyEnhancedParams");
    detail::normal_enhanced(enhancedParams, "DataCopy (local to GM, enhanced)");
    DataCopy(dst, src, intriParams);
}

template <typename T, typename U>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyParams& intriParams,
              const DataCopyEnhancedParams& enhancedParams) {
    ASCX_COVER_FORM("DataCopy", "LocalTensor, LocalTensor, DataCopyParams, DataCopyEnhancedParams");
    const char* what = "DataCopy (local to local, enhanced)";
    if constexpr (std::is_same_v<T, U>) {
        detail::normal_enhanced(enhancedParams, what);
        DataCopy(dst, src, intriParams);
    } else {
        (void)dst;
        (void)src;
        (void)intriParams;
        (void)enhancedParams;
        ascx_emu::fail("%s: the converting copy is not emulated", what);
    }
}

template <typename T, TPosition pos = TPosition::MAX>
void SetPadValue(T paddingValue) {
    ASCX_COVER("SetPadValue");
    static_assert(pos == TPosition::MAX || pos == TPosition::VECIN || pos == TPosition::VECOUT,
                  "SetPadValue: pos is VECIN, VECOUT or MAX");
    uint64_t bits = 0;
    std::memcpy(&bits, &paddingValue, sizeof(T) < sizeof(bits) ? sizeof(T) : sizeof(bits));
    ascx_emu::registers.cube.pad_value = bits;
}

}  // namespace AscendC
