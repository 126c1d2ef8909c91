// ascx host emulation: the mask registers of the vector unit (registers.h holds their state).
//
//  - SetVectorMask<T, mode>(len): normal mode, the first ``len`` lanes of a repeat (as the mask form's
//    continuous mask is written); counter mode, the element count ``len`` in word 0.
//    SetVectorMask<T, mode>(maskHigh, maskLow) writes both words as they are.  SetMaskCount/SetMaskNorm
//    switch the mode, ResetMask sets every bit.  Ops called with isSetMask = false read the register
//    (repeat.h: register_repeats).
//  - CMPMASK, 128 bits: SetCmpMask loads it from the first 16 bytes of a tensor, GetCmpMask stores it,
//    Compare(src0, src1, cmpMode, mask, repeatParams) writes one repeat's comparison bits into it (lane j is
//    bit j; masked-off lanes and lanes past the repeat are 0).  The Select forms without a mask read it:
//    VSEL_CMPMASK_SPR uses its first ``lanes`` bits in every repeat; VSEL_TENSOR_TENSOR_MODE reads the
//    selection bits from the unified-buffer address in its low 32 bits (what GetPhyAddr returns), bit
//    r * lanes + j for lane j of repeat r; the tensor-scalar form takes the scalar from its first bytes.
#pragma once

#include "ascx_emu/vector.h"

namespace AscendC {

enum class MaskMode : uint8_t { NORMAL = 0, COUNTER };

constexpr uint64_t MASK_PLACEHOLDER = 0;
constexpr uint64_t MASK_PLACEHOLDER_LIST[2] = {0, 0};

template <typename T, MaskMode mode = MaskMode::NORMAL>
void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow) {
    ASCX_COVER_FORM("SetVectorMask", "uint64_t, uint64_t");
    ASCX_COVER_ENUM("SetVectorMask", "mode", MaskMode, mode);
    ascx_emu::registers.vector_mask[0] = maskLow;
    ascx_emu::registers.vector_mask[1] = maskHigh;
}

template <typename T, MaskMode mode = MaskMode::NORMAL>
void SetVectorMask(int32_t len) {
    ASCX_COVER_FORM("SetVectorMask", "int32_t");
    ASCX_COVER_ENUM("SetVectorMask", "mode", MaskMode, mode);
    if constexpr (mode == MaskMode::COUNTER) {
        ascx_emu::registers.vector_mask[0] = static_cast<uint64_t>(static_cast<int64_t>(len));
        ascx_emu::registers.vector_mask[1] = 0;
    } else {
        ascx_emu::set_continuous_mask(sizeof(T), static_cast<uint64_t>(static_cast<int64_t>(len)));
    }
}

inline void ResetMask() {
    ASCX_COVER("ResetMask");
    ascx_emu::registers.vector_mask[0] = ~uint64_t{0};
    ascx_emu::registers.vector_mask[1] = ~uint64_t{0};
}

inline void SetMaskCount() { ASCX_COVER("SetMaskCount"); ascx_emu::registers.mask_counter = true; }

inline void SetMaskNorm() { ASCX_COVER("SetMaskNorm"); ascx_emu::registers.mask_counter = false; }

}  // namespace AscendC

namespace ascx_emu {

constexpr uint32_t CMP_MASK_BYTES = 16;

/// The selection bits of a Select without a mask: CMPMASK itself, or the bits at the UB address it holds.
struct CmpMaskBits {
    const unsigned char* bits = nullptr;
    bool every_repeat = false;  ///< VSEL_CMPMASK_SPR: the same bits for every repeat

    bool get(uint32_t lanes, uint32_t r, uint32_t j) const {
        return get_bit(bits, every_repeat ? j : uint64_t{r} * lanes + j);
    }
};

/// The bits at the unified-buffer address in CMPMASK's low 32 bits, checked and recorded as read.
inline const unsigned char* cmp_mask_address(uint64_t bits, const char* what) {
    uint32_t address = 0;
    std::memcpy(&address, registers.cmp_mask, sizeof(address));
    const uint64_t bytes = (bits + 7) / 8;
    if (uint64_t{address} + bytes > memory_capacity(Memory::UB)) {
        fail("%s: CMPMASK holds the address %u, and %llu bytes of selection bits there are outside the unified "
             "buffer", what, address, static_cast<unsigned long long>(bytes));
    }
    sync_check::local(Memory::UB, address, bytes, sync_check::V, false, what);
    return on_chip.base(Memory::UB) + address;
}

/// ``dst = bit ? src0 : other`` for every active lane of the mask register's repeats.
template <typename T, typename Other>
void select_by(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src0, const CmpMaskBits& sel,
               Other other, const Repeats& rep, const AscendC::BinaryRepeatParams& p, const char* what) {
    const Stride ds = strided<T>(p.dstBlkStride, p.dstRepStride);
    const Stride s0 = strided<T>(p.src0BlkStride, p.src0RepStride);
    const T* a = src0.span(rep.extent(s0), what);
    T* out = dst.span(rep.extent(ds), what);
    on_v(src0, rep.extent(s0), false, what);
    on_v(dst, rep.extent(ds), true, what);
    store_lanes(out, rep, ds, [&](uint32_t r, uint32_t j) {
        return sel.get(rep.lanes, r, j) ? a[lane_offset(s0, r, j)] : other(r, j);
    });
}

template <typename T, bool isSetMask, typename Mask>
void compare_into_cmp_mask(const AscendC::LocalTensor<T>& src0, const AscendC::LocalTensor<T>& src1,
                           AscendC::CMPMODE mode, Mask mask, const AscendC::BinaryRepeatParams& p) {
    const char* what = "Compare";
    const Repeats rep = mask_repeats<isSetMask>(sizeof(T), mask, 1, what);
    const Stride s0 = strided<T>(p.src0BlkStride, p.src0RepStride);
    const Stride s1 = strided<T>(p.src1BlkStride, p.src1RepStride);
    Repeats one = rep;
    one.times = rep.times < 1 ? rep.times : 1;  // one repeat: the 256 bytes of a single instruction
    const T* a = src0.span(one.extent(s0), what);
    const T* b = src1.span(one.extent(s1), what);
    on_v(src0, one.extent(s0), false, what);
    on_v(src1, one.extent(s1), false, what);
    unsigned char bits[CMP_MASK_BYTES] = {};
    for (uint32_t j = 0; j < one.lanes && one.times == 1; ++j) {
        set_bit(bits, j, one.active(0, j) && ops::compare(mode, a[lane_offset(s0, 0, j)], b[lane_offset(s1, 0, j)]));
    }
    std::memcpy(registers.cmp_mask, bits, CMP_MASK_BYTES);
}

}  // namespace ascx_emu

namespace AscendC {

template <typename T>
void SetCmpMask(const LocalTensor<T>& src) {
    ASCX_COVER("SetCmpMask");
    const char* what = "SetCmpMask";
    const auto* bytes = reinterpret_cast<const unsigned char*>(src.span((ascx_emu::CMP_MASK_BYTES + sizeof(T) - 1) / sizeof(T), what));
    src.record_bytes(ascx_emu::CMP_MASK_BYTES, ascx_emu::sync_check::V, false, what);
    std::memcpy(ascx_emu::registers.cmp_mask, bytes, ascx_emu::CMP_MASK_BYTES);
}

/// GetCmpMask: CANN requires dst to hold at least 128 bytes; the register's 16 bytes are written.
template <typename T>
void GetCmpMask(const LocalTensor<T>& dst) {
    ASCX_COVER("GetCmpMask");
    const char* what = "GetCmpMask";
    auto* bytes = reinterpret_cast<unsigned char*>(dst.span((128 + sizeof(T) - 1) / sizeof(T), what));
    dst.record_bytes(ascx_emu::CMP_MASK_BYTES, ascx_emu::sync_check::V, true, what);
    std::memcpy(bytes, ascx_emu::registers.cmp_mask, ascx_emu::CMP_MASK_BYTES);
}

template <typename T, bool isSetMask = true>
void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode, const uint64_t mask[],
             const BinaryRepeatParams& repeatParams) {
    ASCX_COVER_FORM("Compare", "LocalTensor, LocalTensor, CMPMODE, uint64_t[], BinaryRepeatParams");
    ASCX_COVER_ENUM("Compare", "cmpMode", CMPMODE, cmpMode);
    ascx_emu::compare_into_cmp_mask<T, isSetMask>(src0, src1, cmpMode, mask, repeatParams);
}

template <typename T, bool isSetMask = true>
void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode, const uint64_t mask,
             const BinaryRepeatParams& repeatParams) {
    ASCX_COVER_FORM("Compare", "LocalTensor, LocalTensor, CMPMODE, uint64_t, BinaryRepeatParams");
    ASCX_COVER_ENUM("Compare", "cmpMode", CMPMODE, cmpMode);
    ascx_emu::compare_into_cmp_mask<T, isSetMask>(src0, src1, cmpMode, mask, repeatParams);
}

/// Select by CMPMASK (VSEL_CMPMASK_SPR: the bits; VSEL_TENSOR_TENSOR_MODE: their address), under the mask
/// register as it is.
template <typename T, SELMODE selMode>
void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, uint8_t repeatTime,
            const BinaryRepeatParams& repeatParams) {
    ASCX_COVER_FORM("Select", "LocalTensor, LocalTensor, LocalTensor, uint8_t, BinaryRepeatParams");
    ASCX_COVER_ENUM("Select", "selMode", SELMODE, selMode);
    const char* what = "Select";
    static_assert(selMode != SELMODE::VSEL_TENSOR_SCALAR_MODE,
                  "the tensor-scalar Select without a mask is Select<T, U>(dst, selMask, src0, repeatTime, params)");
    const ascx_emu::Repeats rep = ascx_emu::register_repeats(sizeof(T), repeatTime);
    ascx_emu::CmpMaskBits sel;
    if constexpr (selMode == SELMODE::VSEL_CMPMASK_SPR) {
        sel.bits = ascx_emu::registers.cmp_mask;
        sel.every_repeat = true;
    } else {
        sel.bits = ascx_emu::cmp_mask_address(uint64_t{rep.times} * rep.lanes, what);
    }
    const ascx_emu::Stride s1 = ascx_emu::strided<T>(repeatParams.src1BlkStride, repeatParams.src1RepStride);
    const T* b = src1.span(rep.extent(s1), what);
    ascx_emu::on_v(src1, rep.extent(s1), false, what);
    ascx_emu::select_by(dst, src0, sel, [&](uint32_t r, uint32_t j) { return b[ascx_emu::lane_offset(s1, r, j)]; },
                        rep, repeatParams, what);
}

/// VSEL_TENSOR_SCALAR_MODE without a mask: the scalar from CMPMASK, the bits from selMask.
template <typename T, typename U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, uint8_t repeatTime,
            const BinaryRepeatParams& repeatParams) {
    ASCX_COVER_FORM("Select", "LocalTensor, selMask, LocalTensor, uint8_t, BinaryRepeatParams");
    ASCX_COVER_ENUM("Select", "selMode", SELMODE, SELMODE::VSEL_TENSOR_SCALAR_MODE);
    const char* what = "Select";
    const ascx_emu::Repeats rep = ascx_emu::register_repeats(sizeof(T), repeatTime);
    ascx_emu::CmpMaskBits sel;
    sel.bits = ascx_emu::bit_span(selMask, uint64_t{rep.times} * rep.lanes, false, what);
    T scalar;
    std::memcpy(&scalar, ascx_emu::registers.cmp_mask, sizeof(T));
    ascx_emu::select_by(dst, src0, sel, [scalar](uint32_t, uint32_t) { return scalar; }, rep, repeatParams, what);
}

}  // namespace AscendC
