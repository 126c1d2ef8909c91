// ascx host emulation: the way out of L0C — Fixpipe and DataCopy with DataCopyCO12DstParams (CANN's
// NZ2ND / NZ2NZ documentation), on the FIX pipe.
//
// The source is an NZ matrix in L0C: Z column blocks of 16 values srcStride * 16 elements apart, row j
// of a block 16 elements into it.  NZ2ND (CO2Layout::ROW_MAJOR to GM) writes row j of matrix i at
// i * dstNdStride + j * dstStride elements of dst; NZ2NZ (CO2Layout::NZ, and always into L1 on
// dav-c220) writes block k of row j at j * 16 + k * dstStride * 32 / sizeof(dst) elements.  Fixpipe to GM in the
// ND layout sets the ND_PARA register (ndNum, srcNdStride, dstNdStride), which DataCopy with
// DataCopyCO12DstParams and nz2ndEn reads for its matrices (an error while nothing set it).  Into L1, as CANN's
// dav-c220 checks, Fixpipe takes CO2Layout::NZ only and both forms convert (no same-type copy).  ndNum
// matrices are srcNdStride * 256 elements apart in L0C.  Each value goes through ReLU (reluEn / reluPre)
// and the conversion quantPre names: NoQuant (same type), F322F16 and F322BF16 (rounding to nearest
// even).  The quantisation modes with factors (DEQF16, QF322B8_PRE, REQ8 and their vector forms) and
// channel split are not emulated: they stop the run with an error.  Writes to GM follow the atomic mode.
#pragma once

#include <algorithm>

#include "ascx_emu/checker.h"
#include "ascx_emu/cube_structs.h"
#include "ascx_emu/fractal.h"
#include "ascx_emu/registers.h"
#include "ascx_emu/tensor.h"

namespace ascx_emu {
namespace cube {

inline const char* quant_name(QuantMode_t q) {
    static const char* const names[] = {"NoQuant", "F322F16", "F322BF16", "DEQF16", "VDEQF16",
                                        "QF322B8_PRE", "VQF322B8_PRE", "REQ8", "VREQ8"};
    return q <= VREQ8 ? names[q] : "?";
}

/// What one copy out of L0C does.
struct L0cOut {
    uint64_t n_size, m_size, src_stride, dst_stride;
    uint64_t nd_num = 1, src_nd_stride = 0, dst_nd_stride = 0;
    QuantMode_t quant = NoQuant;
    bool relu = false;
    bool nd = true;  ///< NZ2ND (else NZ2NZ)
};

/// The conversion of one accumulator value to the destination type.
template <typename D, typename L>
D convert_out(L value, const L0cOut& o, const char* what) {
    if (o.relu && value < L(0)) {
        value = L(0);
    }
    if constexpr (std::is_same_v<D, L>) {
        if (o.quant != NoQuant) {
            fail("%s: quant_pre %s is not emulated", what, quant_name(o.quant));
        }
        return value;
    } else if constexpr (std::is_same_v<L, float> && std::is_same_v<D, half>) {
        if (o.quant != F322F16) {
            fail("%s: float to half needs quant_pre F322F16, got %s", what, quant_name(o.quant));
        }
        return D(value);
    } else if constexpr (std::is_same_v<L, float> && std::is_same_v<D, bfloat16_t>) {
        if (o.quant != F322BF16) {
            fail("%s: float to bfloat16_t needs quant_pre F322BF16, got %s", what, quant_name(o.quant));
        }
        return D(value);
    } else {
        fail("%s: quant_pre %s (%s) is not emulated", what, quant_name(o.quant), "a quantising conversion");
    }
}

/// The elements of dst one copy reaches, from its start.
template <typename D>
uint64_t l0c_out_dst_extent(const L0cOut& o) {
    const uint64_t last = (o.nd_num - 1) * o.dst_nd_stride;
    if (o.nd) {
        return last + (o.m_size - 1) * o.dst_stride + o.n_size;
    }
    const uint64_t blocks = ceil_div(o.n_size, 16);
    return (blocks - 1) * o.dst_stride * BLOCK_BYTES / sizeof(D) + (o.m_size - 1) * 16 + 16;
}

inline uint64_t l0c_out_src_extent(const L0cOut& o) {
    const uint64_t blocks = ceil_div(o.n_size, 16);
    return (o.nd_num - 1) * o.src_nd_stride * 256 + (blocks - 1) * o.src_stride * 16 + (o.m_size - 1) * 16 + 16;
}

/// Copy out of L0C into ``dst`` (GM when ``to_gm``): converts element by element into a row buffer, then
/// writes each run (through the atomic mode for GM).
template <typename D, typename L>
void l0c_out(D* dst, const L* src, const L0cOut& o, bool to_gm, const char* what) {
    std::vector<D> run(16);
    auto write = [&](D* to, const D* from, uint64_t count) {
        if (to_gm) {
            gm_write(to, from, count * sizeof(D), what);
        } else {
            std::memmove(to, from, count * sizeof(D));
        }
    };
    if (o.nd) {
        run.resize(o.n_size);
    }
    for (uint64_t i = 0; i < o.nd_num; ++i) {
        const L* matrix = src + i * o.src_nd_stride * 256;
        D* out = dst + i * o.dst_nd_stride;
        for (uint64_t j = 0; j < o.m_size; ++j) {
            if (o.nd) {
                for (uint64_t c = 0; c < o.n_size; ++c) {
                    run[c] = convert_out<D, L>(matrix[(c / 16) * o.src_stride * 16 + j * 16 + c % 16], o, what);
                }
                write(out + j * o.dst_stride, run.data(), o.n_size);
                continue;
            }
            for (uint64_t k = 0; k * 16 < o.n_size; ++k) {
                const uint64_t count = o.n_size - k * 16 < 16 ? o.n_size - k * 16 : 16;
                for (uint64_t c = 0; c < count; ++c) {
                    run[c] = convert_out<D, L>(matrix[k * o.src_stride * 16 + j * 16 + c], o, what);
                }
                write(out + j * 16 + k * o.dst_stride * BLOCK_BYTES / sizeof(D), run.data(), count);
            }
        }
    }
}

/// One copy out of L0C from ``src`` to ``dst`` (a GlobalTensor or an L1 LocalTensor), recorded on FIX.
template <typename Dst, typename L>
void copy_out_of_l0c(const Dst& dst, const AscendC::LocalTensor<L>& src, L0cOut o, const char* what) {
    using D = typename Dst::PrimType;
    static_assert(std::is_same_v<L, float> || std::is_same_v<L, int32_t>, "L0C holds float or int32_t results");
    require_memory(src, {Memory::L0C}, what, "src");
    require_aligned(src, 64, what, "src");
    constexpr bool to_gm = std::is_same_v<Dst, AscendC::GlobalTensor<D>>;
    if constexpr (!to_gm) {
        require_memory(dst, {Memory::L1}, what, "dst");
        require_aligned(dst, 32, what, "dst");
        o.nd = false;  // into L1, dav-c220 writes NZ whatever the layout
    }
    if (o.n_size == 0 || o.m_size == 0 || o.nd_num == 0) {
        return;
    }
    if (!o.nd && sizeof(D) == 1) {
        fail("%s: NZ output of 8-bit values (channel merge) is not emulated", what);
    }
    const uint64_t src_count = l0c_out_src_extent(o);
    const uint64_t dst_count = l0c_out_dst_extent<D>(o);
    const L* from = src.span(src_count, what);
    D* to = dst.span(dst_count, what);
    src.record(src_count, sync_check::FIX, false, what);
    dst.record(dst_count, sync_check::FIX, true, what);
    l0c_out<D, L>(to, from, o, to_gm, what);
}

inline L0cOut fixpipe_out(const AscendC::FixpipeParamsV220& p, AscendC::CO2Layout layout, const char* what) {
    if (layout == AscendC::CO2Layout::COLUMN_MAJOR) {
        fail("%s: CO2Layout::COLUMN_MAJOR is not available on dav-c220 (Ascend 950 only)", what);
    }
    if (p.isChannelSplit) {
        fail("%s: isChannelSplit is not emulated", what);
    }
    L0cOut o{p.nSize, p.mSize, p.srcStride, p.dstStride};
    o.nd_num = p.ndNum;
    o.src_nd_stride = p.srcNdStride;
    o.dst_nd_stride = p.dstNdStride;
    o.quant = p.quantPre;
    o.relu = p.reluEn;
    o.nd = layout == AscendC::CO2Layout::ROW_MAJOR;
    return o;
}

/// Fixpipe into L1 takes what CANN's dav-c220 Fixpipe checks there (CheckFixpipeL0C2L1Param): the NZ format and
/// a converting type pair (float to int8_t / uint8_t / half / bfloat16_t, int32_t to int8_t / uint8_t / half).
template <typename D, typename L>
void check_fixpipe_into_l1(AscendC::CO2Layout layout, const char* what) {
    if (layout == AscendC::CO2Layout::ROW_MAJOR) {
        fail("%s: when src position is L0C Buffer(CO1) and dst position is L1 Buffer(C1), format must be set as NZ "
             "(FixpipeConfig CFG_NZ)",
             what);
    }
    constexpr bool to_8_bits = std::is_same_v<D, int8_t> || std::is_same_v<D, uint8_t>;
    constexpr bool supported = (std::is_same_v<L, float> && (to_8_bits || std::is_same_v<D, half> ||
                                                             std::is_same_v<D, bfloat16_t>)) ||
                               (std::is_same_v<L, int32_t> && (to_8_bits || std::is_same_v<D, half>));
    if (!supported) {
        fail("%s: when src position is L0C Buffer(CO1) and dst position is L1 Buffer(C1), support dtype combinations "
             "are src: float, dst: int8_t / uint8_t / half / bfloat16_t; src: int32_t, dst: int8_t / uint8_t / half",
             what);
    }
}

}  // namespace cube
}  // namespace ascx_emu

namespace AscendC {

template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& intriParams) {
    ASCX_COVER_FORM("Fixpipe", "GlobalTensor, LocalTensor, FixpipeParamsV220");
    const char* what = "Fixpipe (L0C to GM)";
    if constexpr (config.format == CO2Layout::ROW_MAJOR) {  // as CANN's dav-c220 Fixpipe: NZ2ND sets ND_PARA
        ascx_emu::registers.cube.nd_para = uint64_t{intriParams.ndNum} | (uint64_t{intriParams.srcNdStride} << 16) |
                                           (uint64_t{intriParams.dstNdStride} << 32);
    }
    ascx_emu::cube::copy_out_of_l0c(dst, src, ascx_emu::cube::fixpipe_out(intriParams, config.format, what), what);
}

template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR>
void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& intriParams) {
    ASCX_COVER_FORM("Fixpipe", "LocalTensor, LocalTensor, FixpipeParamsV220");
    const char* what = "Fixpipe (L0C to L1)";
    const ascx_emu::cube::L0cOut out = ascx_emu::cube::fixpipe_out(intriParams, config.format, what);
    ascx_emu::cube::check_fixpipe_into_l1<T, U>(config.format, what);
    ascx_emu::cube::copy_out_of_l0c(dst, src, out, what);
}

namespace detail {
template <typename S>
void fixpipe_workspace(const LocalTensor<S>& cbufWorkspace, const char* what) {
    static_assert(std::is_same_v<S, uint64_t>, "the cbufWorkspace of Fixpipe holds uint64_t factors");
    ascx_emu::cube::require_memory(cbufWorkspace, {ascx_emu::Memory::L1}, what, "cbufWorkspace");
    ascx_emu::fail("%s: the per-channel quantisation of the cbufWorkspace form is not emulated", what);
}
}  // namespace detail

template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR, typename S = uint64_t>
void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const LocalTensor<S>& cbufWorkspace,
             const FixpipeParamsV220& intriParams) {
    ASCX_COVER_FORM("Fixpipe", "GlobalTensor, LocalTensor, LocalTensor, FixpipeParamsV220");
    (void)dst;
    (void)src;
    (void)intriParams;
    detail::fixpipe_workspace(cbufWorkspace, "Fixpipe (L0C to GM, with cbufWorkspace)");
}

template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR, typename S = uint64_t>
void Fixpipe(const LocalTensor<T>& dst, const LocalTensor<U>& src, const LocalTensor<S>& cbufWorkspace,
             const FixpipeParamsV220& intriParams) {
    ASCX_COVER_FORM("Fixpipe", "LocalTensor, LocalTensor, LocalTensor, FixpipeParamsV220");
    (void)dst;
    (void)src;
    (void)intriParams;
    detail::fixpipe_workspace(cbufWorkspace, "Fixpipe (L0C to L1, with cbufWorkspace)");
}

namespace detail {
inline ascx_emu::cube::L0cOut co12_out(const DataCopyCO12DstParams& p, const char* what) {
    if (p.channelSplit) {
        ascx_emu::fail("%s: channelSplit is not emulated", what);
    }
    if (p.reluPre > 1) {
        ascx_emu::fail("%s: reluPre %u is not emulated (0: off, 1: ReLU)", what, static_cast<unsigned>(p.reluPre));
    }
    ascx_emu::cube::L0cOut o{p.nSize, p.mSize, p.srcStride, p.dstStride};
    o.quant = p.quantPre;
    o.relu = p.reluPre == 1;
    o.nd = p.nz2ndEn;
    return o;
}
}  // namespace detail

template <typename T, typename U>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyCO12DstParams& intriParams) {
    ASCX_COVER_FORM("DataCopy", "GlobalTensor, LocalTensor, DataCopyCO12DstParams");
    const char* what = "DataCopy (L0C to GM)";
    ascx_emu::cube::L0cOut out = detail::co12_out(intriParams, what);
    if (out.nd) {  // NZ2ND takes its matrices from ND_PARA, as CANN's CPU-debug check and copy do
        const uint64_t para = ascx_emu::registers.cube.nd_para;
        if (para == 0) {
            ascx_emu::fail("%s: SetFixpipeNz2ndFlag was not called before DataCopy with DataCopyCO12DstParams (the "
                           "ND_PARA register of nz2ndEn, which a Fixpipe to GM in the ND layout also sets)",
                           what);
        }
        out.nd_num = std::max<uint64_t>(1, para & 0xffff);
        out.src_nd_stride = (para >> 16) & 0xffff;
        out.dst_nd_stride = (para >> 32) & 0xffff;
    }
    ascx_emu::cube::copy_out_of_l0c(dst, src, out, what);
}

template <typename T, typename U>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyCO12DstParams& intriParams) {
    ASCX_COVER_FORM("DataCopy", "LocalTensor, LocalTensor, DataCopyCO12DstParams");
    const char* what = "DataCopy (L0C to L1)";
    if (intriParams.quantPre == NoQuant) {  // CANN's DataCopyL0C2L1Impl converts on the way into L1, always
        ascx_emu::fail("%s: supported quantPre values are F322F16 / F322BF16 / DEQF16 / VDEQF16 / QF322B8_PRE / "
                       "VQF322B8_PRE / REQ8 / VREQ8, got NoQuant",
                       what);
    }
    ascx_emu::cube::copy_out_of_l0c(dst, src, detail::co12_out(intriParams, what), what);
}

inline void SetFixpipePreQuantFlag(uint64_t config) { ASCX_COVER("SetFixpipePreQuantFlag"); ascx_emu::registers.cube.fixpipe_pre_quant = config; }

}  // namespace AscendC
