// ascx CANN backend: the system intrinsics of CANN's system APIs on Atlas A2 (GetICachePreloadStatus,
// GetProgramCounter, Trap, the store atomic configuration, CheckLocalMemoryIA's exception registers).
// Written for ascx from the API's documentation and the register layouts CANN's dav_c220 headers unpack;
// docs/emulation.md#the-cann-backend.
#pragma once

#include <cstdint>

#include "ascx_cann/core.h"
#include "ascx_cann/scalar.h"

/// ICACHE_PRL_ST: 0, the instruction-cache preload has completed (the host has nothing to preload).
inline int64_t get_icache_prl_st() { return 0; }

/// The program counter: on the emulation, the kernel's Python line being run (as on the clean-room backend:
/// GetProgramCounter, docs/emulation.md#what-the-headers-provide).
inline int64_t get_pc() { return ascx_cann::self().line; }

/// trap: stops the core (Trap, and the asserts of CANN's device path); the launcher reports it at the line.
[[noreturn]] inline void trap() { ascx_cann::fail("Trap() stopped the kernel"); }

// --- the store atomic configuration: bits [2:0] the element type (atomic_type_t: 0 none, 1 float, 2 half,
// 3 int16_t, 4 int32_t, 5 int8_t, 6 bfloat16_t), bits [4:3] the operation (atomic_op_t: 0 sum, 1 max, 2 min),
// as GetStoreAtomicConfig unpacks them. It is the atomic mode set_atomic_<op> / set_atomic_<type> set: one
// register, read back from that mode.
namespace ascx_cann {
inline AtomicType atomic_type_of(uint64_t code) {
    switch (code) {
        case ATOMIC_F16_T: return AtomicType::F16;
        case ATOMIC_S16_T: return AtomicType::S16;
        case ATOMIC_S32_T: return AtomicType::S32;
        case ATOMIC_S8_T: return AtomicType::S8;
        case ATOMIC_BF16_T: return AtomicType::BF16;
        default: return AtomicType::F32;
    }
}
inline uint64_t atomic_type_code(AtomicType type) {
    switch (type) {
        case AtomicType::F16: return ATOMIC_F16_T;
        case AtomicType::S16: return ATOMIC_S16_T;
        case AtomicType::S32: return ATOMIC_S32_T;
        case AtomicType::S8: return ATOMIC_S8_T;
        case AtomicType::BF16: return ATOMIC_BF16_T;
        default: return ATOMIC_F32_T;
    }
}
}  // namespace ascx_cann

/// set_st_atomic_cfg(type, op), or the packed register value: type 0 (ATOMIC_NONE_T) ends the atomic mode.
template <typename T, typename O>
inline void set_st_atomic_cfg(T type, O op) {
    const uint64_t code = static_cast<uint64_t>(type) & 0x7u;
    if (code == ATOMIC_NONE_T) {
        ascx_cann::set_atomic(ascx_cann::AtomicOp::NONE);
        return;
    }
    ascx_cann::regs().atomic_type = static_cast<int>(ascx_cann::atomic_type_of(code));
    const uint64_t operation = static_cast<uint64_t>(op) & 0x3u;
    ascx_cann::set_atomic(operation == ATOMIC_MAX_T   ? ascx_cann::AtomicOp::MAX
                          : operation == ATOMIC_MIN_T ? ascx_cann::AtomicOp::MIN
                                                      : ascx_cann::AtomicOp::SUM);
}
template <typename V>
inline void set_st_atomic_cfg(V config) {
    const uint64_t value = static_cast<uint64_t>(config);
    set_st_atomic_cfg(value & 0x7u, (value >> 3) & 0x3u);
}
inline int64_t get_st_atomic_cfg() {
    const ascx_cann::AtomicOp op = ascx_cann::atomic_op();
    if (op == ascx_cann::AtomicOp::NONE) {
        return 0;
    }
    return static_cast<int64_t>(ascx_cann::atomic_type_code(ascx_cann::atomic_type()) |
                                (static_cast<uint64_t>(static_cast<int>(op)) << 3));
}

/// CheckLocalMemoryIA's four exception registers (DATA_EXP_0..3): kept, not acted on. The CANN backend
/// does not stop an access in an armed range; the clean-room backend does.
namespace ascx_cann {
inline uint64_t& data_exp(int index) {
    static uint64_t registers[4] = {0, 0, 0, 0};
    return registers[index];
}
}  // namespace ascx_cann
template <typename V>
inline void set_data_exp_0(V config) { ascx_cann::data_exp(0) = static_cast<uint64_t>(config); }
template <typename V>
inline void set_data_exp_1(V config) { ascx_cann::data_exp(1) = static_cast<uint64_t>(config); }
template <typename V>
inline void set_data_exp_2(V config) { ascx_cann::data_exp(2) = static_cast<uint64_t>(config); }
template <typename V>
inline void set_data_exp_3(V config) { ascx_cann::data_exp(3) = static_cast<uint64_t>(config); }
