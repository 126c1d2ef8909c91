// ascx host emulation: the fused vector ops, the shifts, CastDeq with the DEQSCALE register, and
// BilinearInterpolation.  Count and mask forms as in vector.h (repeat.h for the model); every op records
// its reads and writes on the V pipe for the synchronisation checker.
//
// Element semantics (computed in the sources' type, rounded as each step of numpy's would be):
//   AddRelu / SubRelu            relu(a + b), relu(a - b)
//   AddReluCast / SubReluCast    convert<D>(relu(a +/- b)), rounding to nearest even and saturating
//   MulCast                      convert<D>(a * b), the same way
//   AddDeqRelu                   relu(half(rint((a + b) * scale))), scale the half in DEQSCALE
//   FusedMulAdd(Relu)            dst = [relu](a * dst + b); the product and the sum each rounded to T
//   MulAddDst                    dst = a * b + dst, in dst's type (a half product is exact in float)
//   Axpy                         dst = scalar * src + dst, likewise
//   ShiftLeft / ShiftRight       logical for unsigned types, arithmetic for signed ones (a left shift keeps
//                                the sign bit); ShiftRight's roundEn adds the last bit shifted out
// That hardware rounds after the multiply of the multiply-add ops (no fused rounding) is assumed, not
// verified.
//
// DEQSCALE (registers.h): SetDeqScale(half) stores the half's bits; SetDeqScale(float scale, int16_t offset,
// bool signMode) packs scale (bits 0-31), offset (9 bits at 37) and signMode (bit 46); SetDeqScale(vdeq,
// info) writes sixteen such sets into vdeq and keeps its address.  CastDeq from int16_t computes
// saturate(rint(src * scale + offset)) into int8 (signMode) or uint8 range, the scale rounded to the 10-bit
// mantissa the hardware uses; with isVecDeq element j of each 32-byte block uses set j.  Each 32-byte source
// block gives 16 bytes, written to the first half of the destination block (halfBlock = false) or the second
// (true).  From int32_t it computes half(rint(src * scale)).
//
// BilinearInterpolation: horizontal repeat h of vertical repeat v (i = v * hRepeat + h) gathers the eight
// 32-byte blocks of src0 at the byte offsets src0Offset[8i .. 8i + 7] and multiplies them by src1[i]
// (repeatMode = false) or block b by src1[8i + b] (true); the products of a vertical repeat are summed in
// order, each sum rounded, into dst from element v * vROffset, block b at b * dstBlkStride blocks; lanes
// the mask leaves off keep dst's value.
#pragma once

#include "ascx_emu/vector.h"

namespace AscendC {

constexpr int32_t VDEQ_TENSOR_SIZE = 16;

struct VdeqInfo {
    VdeqInfo() {}
    VdeqInfo(const float vdeqScaleIn[VDEQ_TENSOR_SIZE], const int16_t vdeqOffsetIn[VDEQ_TENSOR_SIZE],
             const bool vdeqSignModeIn[VDEQ_TENSOR_SIZE]) {
        for (int32_t i = 0; i < VDEQ_TENSOR_SIZE; ++i) {
            vdeqScale[i] = vdeqScaleIn[i];
            vdeqOffset[i] = vdeqOffsetIn[i];
            vdeqSignMode[i] = vdeqSignModeIn[i];
        }
    }
    float vdeqScale[VDEQ_TENSOR_SIZE] = {0};
    int16_t vdeqOffset[VDEQ_TENSOR_SIZE] = {0};
    bool vdeqSignMode[VDEQ_TENSOR_SIZE] = {0};
};

}  // namespace AscendC

namespace ascx_emu {

namespace ops {

template <typename D, typename S>
D to_rint(S v) {
    return convert<D>(v, AscendC::RoundMode::CAST_RINT);
}

/// ``x << n`` / ``x >> n`` with the hardware's sign rules; ``n`` in [0, bits of T].
template <typename T>
T shift_left(T x, int64_t n) {
    using U = std::make_unsigned_t<T>;
    constexpr int64_t bits = 8 * sizeof(T);
    const U ux = static_cast<U>(x);
    const U shifted = n >= bits ? U(0) : static_cast<U>(ux << n);
    if constexpr (std::is_signed_v<T>) {
        const U sign = static_cast<U>(U(1) << (bits - 1));
        return static_cast<T>(static_cast<U>((ux & sign) | (shifted & static_cast<U>(~sign))));
    } else {
        return static_cast<T>(shifted);
    }
}

template <typename T>
T shift_right(T x, int64_t n, bool round) {
    constexpr int64_t bits = 8 * sizeof(T);
    if constexpr (std::is_signed_v<T>) {
        const int64_t wide = static_cast<int64_t>(x);
        const int64_t shifted = wide >> (n >= bits ? bits - 1 : n);
        const int64_t carry = round && n > 0 && n <= bits ? (wide >> (n - 1)) & 1 : 0;
        return static_cast<T>(shifted + carry);
    } else {
        using U = std::make_unsigned_t<T>;
        return n >= bits ? T(0) : static_cast<T>(static_cast<U>(x) >> n);
    }
}

}  // namespace ops

template <typename T>
int64_t shift_count(T n, const char* what) {
    const int64_t count = static_cast<int64_t>(n);
    if (count < 0 || count > static_cast<int64_t>(8 * sizeof(T))) {
        fail("%s: a shift of %lld bits is outside [0, %u]", what, static_cast<long long>(count),
             static_cast<unsigned>(8 * sizeof(T)));
    }
    return count;
}

/// ``dst = f(src0, src1, dst)`` over the active lanes; ``dst`` is read too when ``reads_dst``.
template <typename D, typename S, typename F>
void fused_lanes(const AscendC::LocalTensor<D>& dst, const AscendC::LocalTensor<S>& src0,
                 const AscendC::LocalTensor<S>& src1, const Repeats& rep, const Stride& ds, const Stride& s0,
                 const Stride& s1, bool reads_dst, F&& f, const char* what) {
    const S* a = src0.span(rep.extent(s0), what);
    const S* b = src1.span(rep.extent(s1), what);
    D* out = dst.span(rep.extent(ds), what);
    on_v(src0, rep.extent(s0), false, what);
    on_v(src1, rep.extent(s1), false, what);
    if (reads_dst) {
        on_v(dst, rep.extent(ds), false, what);
    }
    on_v(dst, rep.extent(ds), true, what);
    store_lanes(out, rep, ds, [&](uint32_t r, uint32_t j) {
        return f(a[lane_offset(s0, r, j)], b[lane_offset(s1, r, j)], out[lane_offset(ds, r, j)]);
    });
}

template <typename D, typename S>
constexpr uint32_t widest() {
    return sizeof(D) > sizeof(S) ? sizeof(D) : sizeof(S);
}

/// The count form: ``count`` elements, contiguous operands.
template <typename D, typename S, typename F>
void fused_count(const AscendC::LocalTensor<D>& dst, const AscendC::LocalTensor<S>& src0,
                 const AscendC::LocalTensor<S>& src1, int64_t count, bool reads_dst, F f, const char* what) {
    const Repeats rep = count_repeats(widest<D, S>(), count, what);
    fused_lanes(dst, src0, src1, rep, rep.contiguous<D>(), rep.contiguous<S>(), rep.contiguous<S>(), reads_dst, f, what);
}

template <typename D, typename S, bool isSetMask, typename Mask, typename F>
void fused_masked(const AscendC::LocalTensor<D>& dst, const AscendC::LocalTensor<S>& src0,
                  const AscendC::LocalTensor<S>& src1, Mask mask, uint8_t repeatTimes,
                  const AscendC::BinaryRepeatParams& p, bool reads_dst, F f, const char* what) {
    const Repeats rep = mask_repeats<isSetMask>(widest<D, S>(), mask, repeatTimes, what);
    fused_lanes(dst, src0, src1, rep, strided<D>(p.dstBlkStride, p.dstRepStride),
                strided<S>(p.src0BlkStride, p.src0RepStride), strided<S>(p.src1BlkStride, p.src1RepStride), reads_dst,
                f, what);
}

// --- DEQSCALE -----------------------------------------------------------------------------------------

/// One packed parameter set: the float scale's bits, a 9-bit offset at bit 37, the sign mode at bit 46.
inline uint64_t pack_deq(float scale, int16_t offset, bool sign_mode) {
    uint32_t bits = 0;
    std::memcpy(&bits, &scale, sizeof(bits));
    const uint64_t off = static_cast<uint64_t>(static_cast<uint16_t>(offset)) & 0x1ffu;
    return uint64_t{bits} | (off << 37) | (uint64_t{sign_mode} << 46);
}

struct DeqSet {
    double scale;
    int64_t offset;
    bool sign_mode;
};

/// A packed set as the int16 dequantisation uses it: the scale with a 10-bit mantissa (rounded to
/// nearest even), the offset sign-extended from 9 bits.
inline DeqSet unpack_deq(uint64_t packed) {
    uint32_t bits = static_cast<uint32_t>(packed);
    if ((bits & 0x7f800000u) != 0x7f800000u) {
        bits += 0xfffu + ((bits >> 13) & 1u);  // round away the 13 low mantissa bits
        bits &= ~0x1fffu;
    }
    float scale = 0;
    std::memcpy(&scale, &bits, sizeof(scale));
    int64_t offset = static_cast<int64_t>((packed >> 37) & 0x1ffu);
    if (offset >= 256) {
        offset -= 512;
    }
    return DeqSet{scale, offset, ((packed >> 46) & 1u) != 0};
}

inline double deq_half_scale(const char* what) {
    if (!registers.deq_set || registers.deq_table) {
        fail("%s: DEQSCALE holds no half scale (call SetDeqScale(half) first)", what);
    }
    return static_cast<double>(static_cast<float>(half::from_bits(static_cast<uint16_t>(registers.deq_scale))));
}

/// The sixteen parameter sets of a vector dequantisation, or the one set of the register.
inline void deq_sets(bool table, DeqSet sets[AscendC::VDEQ_TENSOR_SIZE], const char* what) {
    if (!registers.deq_set) {
        fail("%s: DEQSCALE is not set (call SetDeqScale first)", what);
    }
    if (table != registers.deq_table) {
        fail(table ? "%s: isVecDeq needs SetDeqScale(vdeq, vdeqInfo) first"
                   : "%s: DEQSCALE points at a table; call CastDeq with isVecDeq = true, or SetDeqScale(scale, offset, "
                     "signMode)",
             what);
    }
    if (!table) {
        for (int i = 0; i < AscendC::VDEQ_TENSOR_SIZE; ++i) {
            sets[i] = unpack_deq(registers.deq_scale);
        }
        return;
    }
    const uint64_t address = registers.deq_scale;
    const uint64_t bytes = AscendC::VDEQ_TENSOR_SIZE * sizeof(uint64_t);
    if (address + bytes > memory_capacity(Memory::UB)) {
        fail("%s: the dequantisation table at %llu is outside the unified buffer", what,
             static_cast<unsigned long long>(address));
    }
    sync_check::local(Memory::UB, address, bytes, sync_check::V, false, what);
    for (int i = 0; i < AscendC::VDEQ_TENSOR_SIZE; ++i) {
        uint64_t packed = 0;
        std::memcpy(&packed, on_chip.base(Memory::UB) + address + i * sizeof(uint64_t), sizeof(packed));
        sets[i] = unpack_deq(packed);
    }
}

template <typename D>
D dequantise_b8(int16_t v, const DeqSet& set) {
    const double r = round_half_even(static_cast<double>(v) * set.scale + static_cast<double>(set.offset));
    const double low = set.sign_mode ? -128.0 : 0.0;
    const double high = set.sign_mode ? 127.0 : 255.0;
    const double clamped = std::isnan(r) ? 0.0 : r < low ? low : r > high ? high : r;
    return static_cast<D>(static_cast<int>(clamped));
}

/// CastDeq from int16_t: 128 lanes a repeat (8 source blocks); lane j of repeat r writes byte j % 16 of the
/// first or second half of destination block j / 16.
template <typename D, bool isVecDeq, bool halfBlock>
void cast_deq_b8(const AscendC::LocalTensor<D>& dst, const AscendC::LocalTensor<int16_t>& src, const Repeats& rep,
                 const Stride& ss, uint32_t dst_blk, uint32_t dst_rep, const char* what) {
    static_assert(sizeof(D) == 1, "CastDeq from int16_t writes int8_t or uint8_t");
    DeqSet sets[AscendC::VDEQ_TENSOR_SIZE];
    deq_sets(isVecDeq, sets, what);
    const int16_t* in = src.span(rep.extent(ss), what);
    on_v(src, rep.extent(ss), false, what);
    auto dst_byte = [&](uint32_t r, uint32_t j) {
        return uint64_t{r} * dst_rep * BLOCK_BYTES + uint64_t{j / 16} * dst_blk * BLOCK_BYTES + (halfBlock ? 16 : 0) +
               j % 16;
    };
    uint64_t extent = 0;
    for (uint32_t r = rep.times >= 2 ? rep.times - 2 : 0; r < rep.times; ++r) {
        for (uint32_t j = 0; j < rep.lanes; ++j) {
            if (rep.active(r, j)) {
                extent = std::max(extent, dst_byte(r, j) + 1);
            }
        }
    }
    D* out = dst.span(extent, what);
    on_v(dst, extent, true, what);
    D result[MAX_LANES];
    for (uint32_t r = 0; r < rep.times; ++r) {  // a repeat's lanes are all read before any is written
        for (uint32_t j = 0; j < rep.lanes; ++j) {
            if (rep.active(r, j)) {
                result[j] = dequantise_b8<D>(in[lane_offset(ss, r, j)], sets[j % AscendC::VDEQ_TENSOR_SIZE]);
            }
        }
        for (uint32_t j = 0; j < rep.lanes; ++j) {
            if (rep.active(r, j)) {
                out[dst_byte(r, j)] = result[j];
            }
        }
    }
}

template <typename D, typename S, bool isVecDeq, bool halfBlock>
void cast_deq(const AscendC::LocalTensor<D>& dst, const AscendC::LocalTensor<S>& src, const Repeats& rep,
              const Stride& ds, const Stride& ss, uint32_t dst_blk, uint32_t dst_rep, const char* what) {
    if constexpr (std::is_same_v<S, int32_t>) {
        static_assert(std::is_same_v<D, half>, "CastDeq from int32_t writes half");
        const double scale = deq_half_scale(what);
        unary_lanes(dst, src, rep, ds, ss,
                    [scale](int32_t v) { return round_to_floating<half>(static_cast<double>(v) * scale,
                                                                        AscendC::RoundMode::CAST_RINT); },
                    what);
    } else {
        static_assert(std::is_same_v<S, int16_t>, "CastDeq reads int16_t or int32_t");
        cast_deq_b8<D, isVecDeq, halfBlock>(dst, src, rep, ss, dst_blk, dst_rep, what);
    }
}

}  // namespace ascx_emu

// --- the API ------------------------------------------------------------------------------------------

#define ASCX_EMU_FUSED_OP(NAME, READS_DST, BODY)                                                                \
    template <typename T, bool isSetMask = true>                                                               \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,              \
              uint64_t mask[], const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {              \
        ASCX_COVER_FORM(#NAME, "mask[]");                                                                       \
        ascx_emu::fused_masked<T, T, isSetMask>(dst, src0, src1, static_cast<const uint64_t*>(mask), repeatTime,  \
                                                repeatParams, READS_DST, [](T a, T b, T d) { (void)d; return BODY; }, #NAME); \
    }                                                                                                          \
    template <typename T, bool isSetMask = true>                                                               \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, uint64_t mask, \
              const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {                              \
        ASCX_COVER_FORM(#NAME, "mask");                                                                        \
        ascx_emu::fused_masked<T, T, isSetMask>(dst, src0, src1, mask, repeatTime, repeatParams, READS_DST,    \
                                                [](T a, T b, T d) { (void)d; return BODY; }, #NAME);            \
    }                                                                                                          \
    template <typename T>                                                                                      \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,              \
              const int32_t& count) {                                                                          \
        ASCX_COVER_FORM(#NAME, "count");                                                                       \
        ascx_emu::fused_count(dst, src0, src1, count, READS_DST, [](T a, T b, T d) { (void)d; return BODY; }, #NAME); \
    }

// An op whose destination has its own type D (T) and sources U; ``COUNT_T`` is the count parameter's type.
#define ASCX_EMU_CONVERTING_OP(NAME, READS_DST, COUNT_T, BODY)                                                   \
    template <typename T, typename U, bool isSetMask = true>                                                   \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, uint64_t mask, \
              const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {                              \
        ASCX_COVER_FORM(#NAME, "mask");                                                                        \
        ascx_emu::fused_masked<T, U, isSetMask>(dst, src0, src1, mask, repeatTime, repeatParams, READS_DST,    \
                                                [](U a, U b, T d) { (void)d; return BODY; }, #NAME);            \
    }                                                                                                          \
    template <typename T, typename U, bool isSetMask = true>                                                   \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,              \
              const uint64_t mask[], const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {       \
        ASCX_COVER_FORM(#NAME, "mask[]");                                                                      \
        ascx_emu::fused_masked<T, U, isSetMask>(dst, src0, src1, mask, repeatTime, repeatParams, READS_DST,    \
                                                [](U a, U b, T d) { (void)d; return BODY; }, #NAME);            \
    }                                                                                                          \
    template <typename T, typename U>                                                                          \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, COUNT_T count) { \
        ASCX_COVER_FORM(#NAME, "count");                                                                          \
        ascx_emu::fused_count(dst, src0, src1, count, READS_DST, [](U a, U b, T d) { (void)d; return BODY; }, #NAME); \
    }

namespace AscendC {

ASCX_EMU_FUSED_OP(AddRelu, false, ascx_emu::ops::relu(ascx_emu::ops::add(a, b)))
ASCX_EMU_FUSED_OP(SubRelu, false, ascx_emu::ops::relu(ascx_emu::ops::sub(a, b)))
ASCX_EMU_FUSED_OP(FusedMulAdd, true, ascx_emu::ops::add(ascx_emu::ops::mul(a, d), b))
ASCX_EMU_FUSED_OP(FusedMulAddRelu, true, ascx_emu::ops::relu(ascx_emu::ops::add(ascx_emu::ops::mul(a, d), b)))

ASCX_EMU_CONVERTING_OP(AddReluCast, false, const uint32_t, (ascx_emu::ops::to_rint<T>(ascx_emu::ops::relu(ascx_emu::ops::add(a, b)))))
ASCX_EMU_CONVERTING_OP(SubReluCast, false, const uint32_t, (ascx_emu::ops::to_rint<T>(ascx_emu::ops::relu(ascx_emu::ops::sub(a, b)))))
ASCX_EMU_CONVERTING_OP(MulCast, false, uint32_t, (ascx_emu::ops::to_rint<T>(ascx_emu::ops::mul(a, b))))
ASCX_EMU_CONVERTING_OP(MulAddDst, true, const int32_t&,
                       (ascx_emu::ops::add(ascx_emu::ops::mul(ascx_emu::convert<T>(a, RoundMode::CAST_NONE),
                                                              ascx_emu::convert<T>(b, RoundMode::CAST_NONE)), d)))

#undef ASCX_EMU_FUSED_OP
#undef ASCX_EMU_CONVERTING_OP

// AddDeqRelu: (int32_t + int32_t) * scale into half, then relu.
namespace detail {
template <typename T, typename U, bool isSetMask, typename Mask>
void add_deq_relu_masked(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, Mask mask,
                         uint8_t repeatTime, const BinaryRepeatParams& p) {
    static_assert(std::is_same_v<T, half> && std::is_same_v<U, int32_t>, "AddDeqRelu adds int32_t into half");
    const double scale = ascx_emu::deq_half_scale("AddDeqRelu");
    ascx_emu::fused_masked<T, U, isSetMask>(
        dst, src0, src1, mask, repeatTime, p, false,
        [scale](U a, U b, T) {
            return ascx_emu::ops::relu(ascx_emu::round_to_floating<half>(
                static_cast<double>(ascx_emu::ops::add(a, b)) * scale, RoundMode::CAST_RINT));
        },
        "AddDeqRelu");
}
}  // namespace detail

template <typename T, typename U, bool isSetMask = true>
void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, uint64_t mask[],
                const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {
    ASCX_COVER_FORM("AddDeqRelu", "LocalTensor, LocalTensor, LocalTensor, uint64_t[], uint8_t, BinaryRepeatParams");
    detail::add_deq_relu_masked<T, U, isSetMask>(dst, src0, src1, static_cast<const uint64_t*>(mask), repeatTime,
                                                 repeatParams);
}

template <typename T, typename U, bool isSetMask = true>
void AddDeqRelu(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1, uint64_t mask,
                const uint8_t repeatTime, const BinaryRepeatParams& repeatParams) {
    ASCX_COVER_FORM("AddDeqRelu", "LocalTensor, LocalTensor, LocalTensor, uint64_t, uint8_t, BinaryRepeatParams");
    detail::add_deq_relu_masked<T, U, isSetMask>(dst, src0, src1, mask, repeatTime, repeatParams);
}

inline void AddDeqRelu(const LocalTensor<half>& dst, const LocalTensor<int32_t>& src0,
                       const LocalTensor<int32_t>& src1, const int32_t& count) {
    ASCX_COVER_FORM("AddDeqRelu", "LocalTensor, LocalTensor, LocalTensor, int32_t");
    const double scale = ascx_emu::deq_half_scale("AddDeqRelu");
    ascx_emu::fused_count(
        dst, src0, src1, count, false,
        [scale](int32_t a, int32_t b, half) {
            return ascx_emu::ops::relu(ascx_emu::round_to_floating<half>(
                static_cast<double>(ascx_emu::ops::add(a, b)) * scale, RoundMode::CAST_RINT));
        },
        "AddDeqRelu");
}

// Axpy: dst = scalar * src + dst, dst in its own type.
namespace detail {
template <typename T, typename U>
T axpy(U x, U scalar, T d) {
    return ascx_emu::ops::add(ascx_emu::ops::mul(ascx_emu::convert<T>(scalar, RoundMode::CAST_NONE),
                                                 ascx_emu::convert<T>(x, RoundMode::CAST_NONE)),
                              d);
}

template <typename T, typename U>
void axpy_lanes(const LocalTensor<T>& dst, const LocalTensor<U>& src, U scalar, const ascx_emu::Repeats& rep,
                const ascx_emu::Stride& ds, const ascx_emu::Stride& ss) {
    const char* what = "Axpy";
    const U* in = src.span(rep.extent(ss), what);
    T* out = dst.span(rep.extent(ds), what);
    ascx_emu::on_v(src, rep.extent(ss), false, what);
    ascx_emu::on_v(dst, rep.extent(ds), false, what);
    ascx_emu::on_v(dst, rep.extent(ds), true, what);
    ascx_emu::store_lanes(out, rep, ds, [&](uint32_t r, uint32_t j) {
        return axpy<T, U>(in[ascx_emu::lane_offset(ss, r, j)], scalar, out[ascx_emu::lane_offset(ds, r, j)]);
    });
}
}  // namespace detail

template <typename T, typename U, bool isSetMask = true>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U& scalarValue, uint64_t mask,
          const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {
    ASCX_COVER_FORM("Axpy", "LocalTensor, LocalTensor, U, uint64_t, uint8_t, UnaryRepeatParams");
    const ascx_emu::Repeats rep = ascx_emu::mask_repeats<isSetMask>(ascx_emu::widest<T, U>(), mask, repeatTime, "Axpy");
    detail::axpy_lanes(dst, src, scalarValue, rep, ascx_emu::strided<T>(repeatParams.dstBlkStride, repeatParams.dstRepStride),
                       ascx_emu::strided<U>(repeatParams.srcBlkStride, repeatParams.srcRepStride));
}

template <typename T, typename U, bool isSetMask = true>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U& scalarValue, uint64_t mask[],
          const uint8_t repeatTime, const UnaryRepeatParams& repeatParams) {
    ASCX_COVER_FORM("Axpy", "LocalTensor, LocalTensor, U, uint64_t[], uint8_t, UnaryRepeatParams");
    const ascx_emu::Repeats rep = ascx_emu::mask_repeats<isSetMask>(ascx_emu::widest<T, U>(), static_cast<const uint64_t*>(mask),
                                                      repeatTime, "Axpy");
    detail::axpy_lanes(dst, src, scalarValue, rep, ascx_emu::strided<T>(repeatParams.dstBlkStride, repeatParams.dstRepStride),
                       ascx_emu::strided<U>(repeatParams.srcBlkStride, repeatParams.srcRepStride));
}

template <typename T, typename U>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U& scalarValue, const int32_t& count) {
    ASCX_COVER_FORM("Axpy", "LocalTensor, LocalTensor, U, int32_t");
    const ascx_emu::Repeats rep = ascx_emu::count_repeats(ascx_emu::widest<T, U>(), count, "Axpy");
    detail::axpy_lanes(dst, src, scalarValue, rep, rep.contiguous<T>(), rep.contiguous<U>());
}

// ShiftLeft / ShiftRight: the scalar form of vector.h with the shift's sign rules.
#define ASCX_EMU_SHIFT_OP(NAME, EXTRA_PARAM, EXTRA_ARG, OP)                                                    \
    template <typename T, bool isSetMask = true>                                                               \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, uint64_t mask[],     \
              const uint8_t repeatTime, const UnaryRepeatParams& repeatParams EXTRA_PARAM) {                   \
        ASCX_COVER_FORM(#NAME, "mask[]");                                                                      \
        const int64_t n = ascx_emu::shift_count(scalarValue, #NAME);                                           \
        ascx_emu::unary_masked<isSetMask>(dst, src, static_cast<const uint64_t*>(mask), repeatTime, repeatParams, \
                                          [=](T x) { return OP; }, #NAME);                                     \
    }                                                                                                          \
    template <typename T, bool isSetMask = true>                                                               \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, uint64_t mask,       \
              const uint8_t repeatTime, const UnaryRepeatParams& repeatParams EXTRA_PARAM) {                   \
        ASCX_COVER_FORM(#NAME, "mask");                                                                        \
        const int64_t n = ascx_emu::shift_count(scalarValue, #NAME);                                           \
        ascx_emu::unary_masked<isSetMask>(dst, src, mask, repeatTime, repeatParams, [=](T x) { return OP; }, #NAME); \
    }                                                                                                          \
    template <typename T, bool isSetMask = true>                                                               \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, const int32_t& count) { \
        ASCX_COVER_FORM(#NAME, "count");                                                                          \
        const int64_t n = ascx_emu::shift_count(scalarValue, #NAME);                                           \
        EXTRA_ARG;                                                                                             \
        const ascx_emu::Repeats rep = ascx_emu::count_or_register_repeats<isSetMask>(sizeof(T), count, #NAME);  \
        ascx_emu::unary_lanes(dst, src, rep, rep.contiguous<T>(), rep.contiguous<T>(), [=](T x) { return OP; }, #NAME); \
    }

#define ASCX_EMU_COMMA ,
ASCX_EMU_SHIFT_OP(ShiftLeft, , (void)0, ascx_emu::ops::shift_left(x, n))
ASCX_EMU_SHIFT_OP(ShiftRight, ASCX_EMU_COMMA bool roundEn = false, const bool roundEn = false,
                  ascx_emu::ops::shift_right(x, n, roundEn))
#undef ASCX_EMU_COMMA
#undef ASCX_EMU_SHIFT_OP

// The DEQSCALE register and CastDeq.
inline void SetDeqScale(half scale) {
    ASCX_COVER_FORM("SetDeqScale", "half");
    ascx_emu::registers.deq_scale = scale.bits;
    ascx_emu::registers.deq_table = false;
    ascx_emu::registers.deq_set = true;
}

inline void SetDeqScale(float scale, int16_t offset, bool signMode) {
    ASCX_COVER_FORM("SetDeqScale", "float, int16_t, bool");
    ascx_emu::registers.deq_scale = ascx_emu::pack_deq(scale, offset, signMode);
    ascx_emu::registers.deq_table = false;
    ascx_emu::registers.deq_set = true;
}

/// Written by the scalar unit, as CANN's implementation does (SetValue per set).
template <typename T>
void SetDeqScale(const LocalTensor<T>& vdeq, const VdeqInfo& vdeqInfo) {
    ASCX_COVER_FORM("SetDeqScale", "LocalTensor, VdeqInfo");
    static_assert(std::is_same_v<T, uint64_t>, "SetDeqScale takes a uint64_t vdeq tensor");
    for (int32_t i = 0; i < VDEQ_TENSOR_SIZE; ++i) {
        vdeq.SetValue(static_cast<uint32_t>(i), ascx_emu::pack_deq(vdeqInfo.vdeqScale[i], vdeqInfo.vdeqOffset[i],
                                                                     vdeqInfo.vdeqSignMode[i]));
    }
    ascx_emu::registers.deq_scale = vdeq.GetPhyAddr();
    ascx_emu::registers.deq_table = true;
    ascx_emu::registers.deq_set = true;
}

template <typename T, typename U, bool isVecDeq = true, bool halfBlock = true>
void CastDeq(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint32_t count) {
    ASCX_COVER_FORM("CastDeq", "LocalTensor, LocalTensor, uint32_t");
    const char* what = "CastDeq";
    const ascx_emu::Repeats rep = ascx_emu::count_repeats(ascx_emu::widest<T, U>(), count, what);
    ascx_emu::cast_deq<T, U, isVecDeq, halfBlock>(dst, src, rep, rep.template contiguous<T>(), rep.template contiguous<U>(), 1, 8, what);
}

template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>
void CastDeq(const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint64_t mask[], uint8_t repeatTime,
             const UnaryRepeatParams& repeatParams) {
    ASCX_COVER_FORM("CastDeq", "LocalTensor, LocalTensor, uint64_t[], uint8_t, UnaryRepeatParams");
    const char* what = "CastDeq";
    const ascx_emu::Repeats rep = ascx_emu::mask_repeats<isSetMask>(ascx_emu::widest<T, U>(), mask, repeatTime, what);
    ascx_emu::cast_deq<T, U, isVecDeq, halfBlock>(
        dst, src, rep, ascx_emu::strided<T>(repeatParams.dstBlkStride, repeatParams.dstRepStride),
        ascx_emu::strided<U>(repeatParams.srcBlkStride, repeatParams.srcRepStride), repeatParams.dstBlkStride,
        repeatParams.dstRepStride, what);
}

template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>
void CastDeq(const LocalTensor<T>& dst, const LocalTensor<U>& src, const int32_t mask, uint8_t repeatTime,
             const UnaryRepeatParams& repeatParams) {
    ASCX_COVER_FORM("CastDeq", "LocalTensor, LocalTensor, int32_t, uint8_t, UnaryRepeatParams");
    const char* what = "CastDeq";
    const ascx_emu::Repeats rep = ascx_emu::mask_repeats<isSetMask>(ascx_emu::widest<T, U>(), static_cast<uint64_t>(mask),
                                                      repeatTime, what);
    ascx_emu::cast_deq<T, U, isVecDeq, halfBlock>(
        dst, src, rep, ascx_emu::strided<T>(repeatParams.dstBlkStride, repeatParams.dstRepStride),
        ascx_emu::strided<U>(repeatParams.srcBlkStride, repeatParams.srcRepStride), repeatParams.dstBlkStride,
        repeatParams.dstRepStride, what);
}

namespace detail {
template <typename T>
void bilinear(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& src0Offset,
              const LocalTensor<T>& src1, const ascx_emu::Repeats& rep, uint8_t hRepeat, bool repeatMode,
              uint16_t dstBlkStride, uint16_t vROffset, uint8_t vRepeat, const LocalTensor<uint8_t>& sharedTmpBuffer) {
    static_assert(std::is_same_v<T, half>, "BilinearInterpolation works on half");
    const char* what = "BilinearInterpolation";
    constexpr uint32_t per_block = ascx_emu::BLOCK_BYTES / sizeof(T);
    const uint64_t iterations = uint64_t{hRepeat} * vRepeat;
    const uint64_t tmp_bytes = (uint64_t{src0.GetSize()} + src1.GetSize()) * ascx_emu::BLOCK_BYTES;
    sharedTmpBuffer.required(tmp_bytes, what, "sharedTmpBuffer");
    sharedTmpBuffer.record(tmp_bytes, ascx_emu::sync_check::V, true, what);
    const uint32_t* offsets = src0Offset.span(iterations * 8, what);
    src0Offset.record(iterations * 8, ascx_emu::sync_check::V, false, what);
    const uint64_t weights = repeatMode ? iterations * 8 : iterations;
    const T* w = src1.span(weights, what);
    src1.record(weights, ascx_emu::sync_check::V, false, what);
    const uint64_t src_size = src0.GetSize();
    const T* in = src0.span(src_size, what);
    uint64_t furthest = 0;
    for (uint64_t k = 0; k < iterations * 8; ++k) {
        if (offsets[k] % ascx_emu::BLOCK_BYTES != 0 || offsets[k] / sizeof(T) + per_block > src_size) {
            ascx_emu::fail("%s: src0Offset[%llu] = %u bytes is not a 32-byte block of src0's %llu elements", what,
                           static_cast<unsigned long long>(k), offsets[k], static_cast<unsigned long long>(src_size));
        }
        furthest = std::max<uint64_t>(furthest, offsets[k] / sizeof(T) + per_block);
    }
    src0.record(furthest, ascx_emu::sync_check::V, false, what);
    auto dst_at = [&](uint32_t v, uint32_t lane) {
        return uint64_t{v} * vROffset + uint64_t{lane / per_block} * dstBlkStride * per_block + lane % per_block;
    };
    uint64_t extent = 0;
    for (uint32_t v = 0; v < vRepeat; ++v) {
        for (uint32_t lane = 0; lane < rep.lanes; ++lane) {
            if (rep.active(0, lane)) {
                extent = std::max(extent, dst_at(v, lane) + 1);
            }
        }
    }
    T* out = dst.span(extent, what);
    dst.record(extent, ascx_emu::sync_check::V, true, what);
    for (uint32_t v = 0; v < vRepeat; ++v) {
        T acc[ascx_emu::MAX_LANES];
        for (uint32_t h = 0; h < hRepeat; ++h) {
            const uint64_t i = uint64_t{v} * hRepeat + h;
            for (uint32_t lane = 0; lane < rep.lanes; ++lane) {
                const uint32_t b = lane / per_block;
                const T weight = repeatMode ? w[i * 8 + b] : w[i];
                const T product = ascx_emu::ops::mul(in[offsets[i * 8 + b] / sizeof(T) + lane % per_block], weight);
                acc[lane] = h == 0 ? product : ascx_emu::ops::add(acc[lane], product);
            }
        }
        for (uint32_t lane = 0; lane < rep.lanes; ++lane) {
            if (rep.active(0, lane)) {
                out[dst_at(v, lane)] = acc[lane];
            }
        }
    }
}
}  // namespace detail

template <typename T>
void BilinearInterpolation(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                           const LocalTensor<uint32_t>& src0Offset, const LocalTensor<T>& src1, uint64_t mask,
                           uint8_t hRepeat, bool repeatMode, uint16_t dstBlkStride, uint16_t vROffset, uint8_t vRepeat,
                           const LocalTensor<uint8_t>& sharedTmpBuffer) {
    ASCX_COVER_FORM("BilinearInterpolation", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, uint64_t, uint8_t, bool, uint16_t, uint16_t, uint8_t, LocalTensor");
    const ascx_emu::Repeats rep = ascx_emu::mask_repeats<true>(sizeof(T), mask, 1, "BilinearInterpolation");
    detail::bilinear(dst, src0, src0Offset, src1, rep, hRepeat, repeatMode, dstBlkStride, vROffset, vRepeat,
                     sharedTmpBuffer);
}

template <typename T>
void BilinearInterpolation(const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                           const LocalTensor<uint32_t>& src0Offset, const LocalTensor<T>& src1, uint64_t mask[],
                           uint8_t hRepeat, bool repeatMode, uint16_t dstBlkStride, uint16_t vROffset, uint8_t vRepeat,
                           const LocalTensor<uint8_t>& sharedTmpBuffer) {
    ASCX_COVER_FORM("BilinearInterpolation", "LocalTensor, LocalTensor, LocalTensor, LocalTensor, uint64_t[], uint8_t, bool, uint16_t, uint16_t, uint8_t, LocalTensor");
    const ascx_emu::Repeats rep = ascx_emu::mask_repeats<true>(sizeof(T), static_cast<const uint64_t*>(mask), 1,
                                                               "BilinearInterpolation");
    detail::bilinear(dst, src0, src0Offset, src1, rep, hRepeat, repeatMode, dstBlkStride, vROffset, vRepeat,
                     sharedTmpBuffer);
}

}  // namespace AscendC
