// ascx CANN backend: the scalar unit's bit intrinsics, the control registers and the mask.
#pragma once

#include <atomic>
#include <cstdint>
#include <type_traits>

#include "ascx_cann/core.h"
#include "kernel_fp16.h"

/// ``x`` with bit ``bit`` cleared / set.
template <typename X, typename B>
inline int64_t sbitset0(X x, B bit) {
    return static_cast<int64_t>(static_cast<uint64_t>(x) & ~(1ull << (static_cast<uint64_t>(bit) & 63)));
}
template <typename X, typename B>
inline int64_t sbitset1(X x, B bit) {
    return static_cast<int64_t>(static_cast<uint64_t>(x) | (1ull << (static_cast<uint64_t>(bit) & 63)));
}
/// The position of the lowest 0 (sff0) or 1 (sff1) bit of ``x``; -1 when there is none.
template <typename X>
inline int64_t sff0(X x) {
    const uint64_t v = ~static_cast<uint64_t>(x);
    return v == 0 ? -1 : __builtin_ctzll(v);
}
template <typename X>
inline int64_t sff1(X x) {
    const uint64_t v = static_cast<uint64_t>(x);
    return v == 0 ? -1 : __builtin_ctzll(v);
}
template <typename X>
inline int64_t bcnt0(X x) { return 64 - __builtin_popcountll(static_cast<uint64_t>(x)); }
template <typename X>
inline int64_t bcnt1(X x) { return __builtin_popcountll(static_cast<uint64_t>(x)); }
template <typename X>
inline int64_t clz(X x) {
    const uint64_t v = static_cast<uint64_t>(x);
    return v == 0 ? 64 : __builtin_clzll(v);
}

inline int64_t get_ctrl() { return static_cast<int64_t>(ascx_cann::regs().ctrl); }
template <typename V>
inline void set_ctrl(V value) { ascx_cann::regs().ctrl = static_cast<uint64_t>(value); }

/// The vector mask: two 64-bit halves (normal mode), or the element count in the low half (counter mode).
template <typename H, typename L>
inline void set_vector_mask(H high, L low) {
    ascx_cann::regs().mask_hi = static_cast<uint64_t>(high);
    ascx_cann::regs().mask_lo = static_cast<uint64_t>(low);
}
inline void set_mask_count() { ascx_cann::regs().counter_mode = true; }
inline void set_mask_norm() { ascx_cann::regs().counter_mode = false; }

#define ASCX_CANN_REGISTER(name, field) \
    template <typename V>               \
    inline void name(V value) { ascx_cann::regs().field = static_cast<uint64_t>(value); }
ASCX_CANN_REGISTER(set_fmatrix, fmatrix)
ASCX_CANN_REGISTER(set_fmatrix_b, fmatrix_b)
ASCX_CANN_REGISTER(set_padding, padding)
ASCX_CANN_REGISTER(set_l1_3d_size, l1_3d_size)
ASCX_CANN_REGISTER(set_quant_pre, quant_pre)
ASCX_CANN_REGISTER(set_mov_pad_val, mov_pad_val)
ASCX_CANN_REGISTER(set_ffts_base_addr, ffts_base)
ASCX_CANN_REGISTER(set_l3d_rpt, l3d_rpt)
#undef ASCX_CANN_REGISTER

/// DEQSCALE: set_deqscale(half) keeps the half's bits (SetDeqScale(half), the scale of vconv_deq); a
/// uint64_t is a packed (scale, offset, signMode) set or a table's address (SetDeqScale's other forms).
template <typename V>
inline void set_deqscale(V value) {
    if constexpr (std::is_same_v<V, half>) {
        ascx_cann::regs().deqscale = value.val;
        ascx_cann::regs().deqscale_half = true;
    } else {
        ascx_cann::regs().deqscale = static_cast<uint64_t>(value);
        ascx_cann::regs().deqscale_half = false;
    }
}

/// ACC_VAL: what the last counter-mode vcadd with accumulate summed, in its low bytes (GetAccVal, the
/// count form of ReduceSum).
inline int64_t get_acc_val() { return ascx_cann::regs().acc_val; }

/// The simulator's inter-block bookkeeping around IBSet / IBWait: the synchronisation itself is the GM
/// flag those functions spin on, so there is nothing to do.
template <typename... A>
inline void __ib_set_stub(A...) {}
template <typename... A>
inline void __ib_wait_stub(A...) {}

/// ND_PARA (ndNum, srcNdStride << 16, dstNdStride << 32): CANN's CPU-debug check of DataCopy with
/// DataCopyCO12DstParams reads the register as g_fixpipeNdNzParam, so setting it sets both.
template <typename V>
inline void set_nd_para(V value) {
    ascx_cann::regs().nd_para = static_cast<uint64_t>(value);
    g_fixpipeNdNzParam = static_cast<uint64_t>(value);
}

inline int64_t get_block_idx() { return ascx_cann::self().block; }
inline int64_t get_block_num() { return ascx_cann::self().blocks; }
inline int64_t get_subblockid() { return ascx_cann::self().sub; }
inline int64_t get_subblockdim() { return ascx_cann::self().aic ? 1 : ascx_cann::self().ration; }
/// ARCH_VER: the core version in bits [43:32] (where GetArchVersion reads it), 0x220 for dav-c220 (Atlas A2).
inline int64_t get_arch_ver() { return static_cast<int64_t>(0x220ull << 32); }

/// Caches and preloads: the host has one coherent memory, so a cache clean/invalidate and a data barrier
/// have nothing to move; but they are where CANN's code orders its GM accesses between cores (the KFC
/// messages: the body written, dcci, the state word written; the state polled, dcci, the body read), so they
/// are full fences here: neither the compiler nor the CPU moves an access of one core's process across them.
template <typename... A>
inline void dcci(A...) {
    std::atomic_thread_fence(std::memory_order_seq_cst);
}
template <typename... A>
inline void dc_preload(A...) {}
template <typename... A>
inline void dsb(A...) {
    std::atomic_thread_fence(std::memory_order_seq_cst);
}
template <typename... A>
inline void preload(A...) {}

// --- the atomic mode of writes to GM (set_atomic_<op> and set_atomic_<type>) ---------------------------
namespace ascx_cann {
enum class AtomicOp : int { NONE = -1, SUM = 0, MAX = 1, MIN = 2 };
void set_atomic(AtomicOp op);  // runtime.cpp: also sets AscendC::g_isAtomic / g_atomicType for the headers
AtomicOp atomic_op();
}  // namespace ascx_cann
inline void set_atomic_none() { ascx_cann::set_atomic(ascx_cann::AtomicOp::NONE); }
inline void set_atomic_add() { ascx_cann::set_atomic(ascx_cann::AtomicOp::SUM); }
inline void set_atomic_max() { ascx_cann::set_atomic(ascx_cann::AtomicOp::MAX); }
inline void set_atomic_min() { ascx_cann::set_atomic(ascx_cann::AtomicOp::MIN); }
// The element type of the atomic operation, for the copies that move bytes (copy_ubuf_to_gm,
// copy_cbuf_to_gm); the copy out of L0C knows its element type.
namespace ascx_cann {
enum class AtomicType : int { F32, F16, BF16, S32, S16, S8 };
inline AtomicType atomic_type() { return static_cast<AtomicType>(regs().atomic_type); }
}  // namespace ascx_cann
inline void set_atomic_f32() { ascx_cann::regs().atomic_type = int(ascx_cann::AtomicType::F32); }
inline void set_atomic_f16() { ascx_cann::regs().atomic_type = int(ascx_cann::AtomicType::F16); }
inline void set_atomic_bf16() { ascx_cann::regs().atomic_type = int(ascx_cann::AtomicType::BF16); }
inline void set_atomic_s32() { ascx_cann::regs().atomic_type = int(ascx_cann::AtomicType::S32); }
inline void set_atomic_s16() { ascx_cann::regs().atomic_type = int(ascx_cann::AtomicType::S16); }
inline void set_atomic_s8() { ascx_cann::regs().atomic_type = int(ascx_cann::AtomicType::S8); }
