// ascx CANN backend: the MTE copies between GM, UB and L1 in bursts: nBurst bursts of lenBurst 32-byte
// blocks, the source and destination gaps between bursts in 32-byte blocks. A copy into GM (from UB or L1)
// under an atomic mode (set_atomic_add/max/min) combines each element of the element type set_atomic_<type>
// chose with the one in GM instead of overwriting it (CANN's SetAtomicAdd / SetAtomicMax / SetAtomicMin
// pages: "the data moved from VECOUT, L0C or L1 to GM").
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ascx_cann/core.h"
#include "ascx_cann/gm_bounds.h"
#include "ascx_cann/scalar.h"
#include "kernel_bf16.h"
#include "kernel_fp16.h"

namespace ascx_cann {
/// ``value`` written over ``old`` under the atomic mode (NONE: ``value``).
template <typename T>
T combine(T old, T value) {
    using C = std::conditional_t<std::is_integral_v<T>, int64_t, float>;
    switch (atomic_op()) {
        case AtomicOp::SUM: return T(C(old) + C(value));
        case AtomicOp::MAX: return C(old) > C(value) ? old : value;
        case AtomicOp::MIN: return C(old) < C(value) ? old : value;
        default: return value;
    }
}

template <typename T>
void combine_bytes(uint8_t* dst, const uint8_t* src, uint64_t bytes) {
    for (uint64_t at = 0; at + sizeof(T) <= bytes; at += sizeof(T)) {
        T old;
        T value;
        std::memcpy(&old, dst + at, sizeof(T));
        std::memcpy(&value, src + at, sizeof(T));
        const T out = combine(old, value);
        std::memcpy(dst + at, &out, sizeof(T));
    }
}

/// ``bytes`` from ``src`` onto ``dst`` in GM, combined under the atomic mode.
inline void atomic_write(uint8_t* dst, const uint8_t* src, uint64_t bytes) {
    switch (atomic_type()) {
        case AtomicType::F32: return combine_bytes<float>(dst, src, bytes);
        case AtomicType::F16: return combine_bytes<half>(dst, src, bytes);
        case AtomicType::BF16: return combine_bytes<bfloat16_t>(dst, src, bytes);
        case AtomicType::S32: return combine_bytes<int32_t>(dst, src, bytes);
        case AtomicType::S16: return combine_bytes<int16_t>(dst, src, bytes);
        case AtomicType::S8: return combine_bytes<int8_t>(dst, src, bytes);
    }
}

inline void burst_copy(void* dst, const void* src, uint64_t n, uint64_t len, uint64_t src_gap, uint64_t dst_gap,
                       bool to_gm = false, uint64_t unit = 32) {
    auto* d = static_cast<uint8_t*>(dst);
    const auto* s = static_cast<const uint8_t*>(src);
    const bool atomic = to_gm && atomic_op() != AtomicOp::NONE;
    for (uint64_t i = 0; i < n; ++i) {
        uint8_t* to = d + i * (len + dst_gap) * unit;
        const uint8_t* from = s + i * (len + src_gap) * unit;
        if (atomic) {
            atomic_write(to, from, len * unit);
        } else {
            std::memmove(to, from, len * unit);
        }
    }
}
}  // namespace ascx_cann

// ``from_gm`` / ``to_gm``: which side is GM, checked against its array (gm_bounds.h).
#define ASCX_CANN_COPY(name, from_gm, to_gm)                                                                      \
    template <typename D, typename S, typename Sid, typename N, typename L, typename SG, typename DG, typename... P> \
    inline void name(D* dst, S* src, Sid, N n, L len, SG src_gap, DG dst_gap, P...) {                           \
        if (from_gm) {                                                                                            \
            ascx_cann::check_gm(src, ascx_cann::burst_span(uint64_t(n), uint64_t(len), uint64_t(src_gap), 32), #name); \
        }                                                                                                         \
        if (to_gm) {                                                                                              \
            ascx_cann::check_gm(dst, ascx_cann::burst_span(uint64_t(n), uint64_t(len), uint64_t(dst_gap), 32), #name); \
        }                                                                                                         \
        ascx_cann::burst_copy(dst, src, uint64_t(n), uint64_t(len), uint64_t(src_gap), uint64_t(dst_gap), to_gm); \
    }
ASCX_CANN_COPY(copy_gm_to_ubuf, true, false)
ASCX_CANN_COPY(copy_ubuf_to_gm, false, true)
ASCX_CANN_COPY(copy_ubuf_to_ubuf, false, false)
ASCX_CANN_COPY(copy_gm_to_cbuf, true, false)
ASCX_CANN_COPY(copy_cbuf_to_gm, false, true)
ASCX_CANN_COPY(copy_ubuf_to_cbuf, false, false)
ASCX_CANN_COPY(copy_cbuf_to_ubuf, false, false)
#undef ASCX_CANN_COPY

// --- the byte-exact copies between GM and UB (DataCopyPad; the C API's asc_copy_gm2ub_align and
// asc_copy_ub2gm_align): nBurst bursts of lenBurst bytes, each burst in UB a 32-byte aligned row.
// GM to UB: the source gap is in bytes, the destination gap in 32-byte blocks; a row holds leftPad
// elements of the unit (8, 16 or 32 bits), the burst, rightPad elements and the dummy bytes that round it
// up to 32 bytes; outside the burst the row holds the pad value register (set_mov_pad_val) when a padding
// is given, and repeats the burst's first unit when both are 0 (CANN's DataCopyPad page).
// UB to GM: the source gap is in 32-byte blocks, the destination gap in bytes; each burst is read from
// the start of its row (under the atomic mode, combined with GM).
namespace ascx_cann {
inline uint64_t round_up32(uint64_t bytes) { return (bytes + 31) / 32 * 32; }

template <typename U>
void copy_in_padded(uint8_t* dst, const uint8_t* src, uint64_t n, uint64_t len, uint64_t left, uint64_t right,
                    uint64_t src_gap, uint64_t dst_gap) {
    const uint64_t row = round_up32(len + (left + right) * sizeof(U));
    const bool padded = left + right > 0;
    const uint64_t pad = regs().mov_pad_val;
    for (uint64_t i = 0; i < n; ++i) {
        uint8_t* line = dst + i * (row + dst_gap * 32);
        const uint8_t* burst = src + i * (len + src_gap);
        const uint64_t begin = left * sizeof(U);
        for (uint64_t at = 0; at < row; at += sizeof(U)) {
            if (at < begin || at >= begin + len) {
                std::memcpy(line + at, padded ? reinterpret_cast<const uint8_t*>(&pad) : burst, sizeof(U));
            }
        }
        std::memmove(line + begin, burst, len);
    }
}

inline void copy_out_rows(uint8_t* dst, const uint8_t* src, uint64_t n, uint64_t len, uint64_t src_gap,
                          uint64_t dst_gap) {
    const uint64_t row = round_up32(len);
    const bool atomic = atomic_op() != AtomicOp::NONE;
    for (uint64_t i = 0; i < n; ++i) {
        uint8_t* to = dst + i * (len + dst_gap);
        const uint8_t* from = src + i * (row + src_gap * 32);
        if (atomic) {
            atomic_write(to, from, len);
        } else {
            std::memmove(to, from, len);
        }
    }
}
}  // namespace ascx_cann

#define ASCX_CANN_COPY_ALIGN(bits)                                                                                 \
    template <typename D, typename S, typename Sid, typename N, typename L, typename LP, typename RP, typename SG,  \
              typename DG>                                                                                         \
    inline void copy_gm_to_ubuf_align_b##bits(D* dst, S* src, Sid, N n, L len, LP left, RP right, SG src_gap,       \
                                              DG dst_gap) {                                                        \
        ascx_cann::check_gm(src, ascx_cann::burst_span(uint64_t(n), uint64_t(len), uint64_t(src_gap), 1),         \
                            "copy_gm_to_ubuf_align_b" #bits);                                                      \
        ascx_cann::copy_in_padded<uint##bits##_t>(reinterpret_cast<uint8_t*>(dst),                                 \
                                                  reinterpret_cast<const uint8_t*>(src), uint64_t(n), uint64_t(len), \
                                                  uint64_t(left), uint64_t(right), uint64_t(src_gap),              \
                                                  uint64_t(dst_gap));                                              \
    }                                                                                                              \
    template <typename D, typename S, typename Sid, typename N, typename L, typename LP, typename RP, typename SG,  \
              typename DG>                                                                                         \
    inline void copy_ubuf_to_gm_align_b##bits(D* dst, S* src, Sid, N n, L len, LP, RP, SG src_gap, DG dst_gap) {   \
        ascx_cann::check_gm(dst, ascx_cann::burst_span(uint64_t(n), uint64_t(len), uint64_t(dst_gap), 1),         \
                            "copy_ubuf_to_gm_align_b" #bits);                                                      \
        ascx_cann::copy_out_rows(reinterpret_cast<uint8_t*>(dst), reinterpret_cast<const uint8_t*>(src),          \
                                 uint64_t(n), uint64_t(len), uint64_t(src_gap), uint64_t(dst_gap));                \
    }
ASCX_CANN_COPY_ALIGN(8)
ASCX_CANN_COPY_ALIGN(16)
ASCX_CANN_COPY_ALIGN(32)
#undef ASCX_CANN_COPY_ALIGN
