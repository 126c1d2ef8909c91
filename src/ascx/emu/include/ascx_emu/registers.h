// ascx host emulation: the per-core control registers that outlive one instruction.
//  - the vector mask register and its mode: the mask form of a vector op with isSetMask = true sets it,
//    one with isSetMask = false uses what is there; the count form leaves it full, in normal mode.  In
//    counter mode (SetMaskCount) word 0 is the number of elements a call computes;
//  - CMPMASK (128 bits), DEQSCALE and the count of the last GatherMask (vector_mask.h, vector_fused.h);
//  - the atomic mode (SetAtomicAdd<T>() and friends): how later copies to GM combine with the data
//    already there.
// The launcher resets ``registers`` before each run of a kernel body.  Self-contained (base.h and
// half.h only), so that data_copy.h can include it for ``gm_write``.
#pragma once

#include <mutex>

#include "ascx_emu/base.h"
#include "ascx_emu/half.h"

namespace ascx_emu {

/// The operation of the atomic mode.
enum class AtomicOp : uint8_t { NONE, ADD, MAX, MIN };

/// The element type the atomic mode combines in (the types SetAtomicAdd<T> accepts).
enum class AtomicType : uint8_t { F32, F16, BF16, S32, S16, S8 };

template <typename T>
constexpr AtomicType atomic_type_of() {
    static_assert(std::is_same_v<T, float> || std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t> ||
                      std::is_same_v<T, int32_t> || std::is_same_v<T, int16_t> || std::is_same_v<T, int8_t>,
                  "atomics support float, half, bfloat16_t, int32_t, int16_t and int8_t");
    if constexpr (std::is_same_v<T, float>) {
        return AtomicType::F32;
    } else if constexpr (std::is_same_v<T, half>) {
        return AtomicType::F16;
    } else if constexpr (std::is_same_v<T, bfloat16_t>) {
        return AtomicType::BF16;
    } else if constexpr (std::is_same_v<T, int32_t>) {
        return AtomicType::S32;
    } else if constexpr (std::is_same_v<T, int16_t>) {
        return AtomicType::S16;
    } else {
        return AtomicType::S8;
    }
}

/// The cube's control registers (cube_load.h, mmad.h, fixpipe.h): values later loads, Mmads and
/// Fixpipes read.
struct CubeRegisters {
    uint32_t load_data_boundary = 0;     ///< SetLoadDataBoundary
    uint64_t load_data_padding = 0;      ///< SetLoadDataPaddingValue, the bits of the value
    uint16_t load_data_repeat_stride = 0;  ///< SetLoadDataRepeat
    uint8_t load_data_repeat_time = 1;
    uint8_t load_data_repeat_mode = 0;
    uint64_t fixpipe_pre_quant = 0;      ///< SetFixpipePreQuantFlag
    uint64_t nd_para = 0;  ///< ND_PARA (ndNum, srcNdStride << 16, dstNdStride << 32): set by Fixpipe to GM in ND
    bool hf32 = false;                   ///< SetHF32Mode
    bool hf32_towards_zero = false;      ///< SetHF32TransMode
    bool mm_n_first = false;             ///< SetMMLayoutTransform
    uint64_t pad_value = 0;              ///< SetPadValue, the bits of the value
};

struct CoreRegisters {
    uint64_t vector_mask[2] = {~uint64_t{0}, ~uint64_t{0}};  ///< lanes 0-63 and 64-127 of a repeat
    bool mask_counter = false;  ///< counter mode: vector_mask[0] counts the elements of a call
    unsigned char cmp_mask[16] = {};  ///< CMPMASK: selection bits, a scalar or an address
    uint64_t deq_scale = 0;   ///< DEQSCALE: a half, a (scale, offset, sign) set, or a table's UB address
    bool deq_table = false;   ///< DEQSCALE points at sixteen parameter sets (SetDeqScale(vdeq, info))
    bool deq_set = false;     ///< SetDeqScale was called
    uint64_t rsvd_cnt = 0;    ///< the elements the last GatherMask kept
    AtomicOp atomic_op = AtomicOp::NONE;
    AtomicType atomic_type = AtomicType::F32;
    uint64_t mrg_sort_result = 0;  ///< VMS4_SR: the structures each queue of the last MrgSort gave, 16 bits each
    CubeRegisters cube;
};

inline thread_local CoreRegisters registers;

// --- writes to GM under the atomic mode ------------------------------------------------------------

namespace detail {

/// ``old (op) value`` in the element type ``T``; integers wrap around.
template <typename T>
T atomic_combine(AtomicOp op, T old, T value) {
    if constexpr (std::is_integral_v<T>) {
        using U = std::make_unsigned_t<T>;
        switch (op) {
            case AtomicOp::ADD: return static_cast<T>(static_cast<U>(static_cast<U>(old) + static_cast<U>(value)));
            case AtomicOp::MAX: return old < value ? value : old;
            case AtomicOp::MIN: return value < old ? value : old;
            default: return value;
        }
    } else {
        const float a = static_cast<float>(old);
        const float b = static_cast<float>(value);
        switch (op) {
            case AtomicOp::ADD: return static_cast<T>(a + b);
            case AtomicOp::MAX: return (std::isnan(a) || a >= b) ? old : value;
            case AtomicOp::MIN: return (std::isnan(a) || a <= b) ? old : value;
            default: return value;
        }
    }
}

template <typename T>
void atomic_elements(unsigned char* dst, const unsigned char* src, uint64_t bytes, AtomicOp op) {
    for (uint64_t at = 0; at < bytes; at += sizeof(T)) {
        T old;
        T value;
        std::memcpy(&old, dst + at, sizeof(T));
        std::memcpy(&value, src + at, sizeof(T));
        const T result = atomic_combine<T>(op, old, value);
        std::memcpy(dst + at, &result, sizeof(T));
    }
}

inline uint32_t atomic_type_bytes(AtomicType t) {
    switch (t) {
        case AtomicType::F32:
        case AtomicType::S32: return 4;
        case AtomicType::S8: return 1;
        default: return 2;
    }
}

}  // namespace detail

/// Write ``bytes`` bytes from local memory to GM at ``dst``: a plain copy, or combined element by
/// element in the atomic type when an atomic mode is set.  Every DataCopy / DataCopyPad towards GM
/// goes through here.
ASCX_EMU_SHARED void gm_write(void* dst, const void* src, uint64_t bytes, const char* what);

/// ``gm_write`` of ``blocks`` runs of ``run`` bytes, the runs ``src_step`` / ``dst_step`` bytes apart
/// (the GM-bound twin of ``copy_runs`` in data_copy.h).
ASCX_EMU_SHARED void gm_write_runs(unsigned char* dst, const unsigned char* src, uint32_t blocks, uint64_t run,
                          uint64_t src_step, uint64_t dst_step, const char* what);

}  // namespace ascx_emu

#if !defined(ASCX_EMU_THIN)
#include "ascx_emu/registers_defs.h"
#endif
