// ascx host emulation: core state of the system APIs that outlives one call (reset by the launcher
// before each run of a kernel body): the HCCL context addresses, the system workspace set by
// SetSysWorkspace, the exception registers CheckLocalMemoryIA arms, the system counter, and the core's
// TPipe while it exists.
// Self-contained (base.h only), so that checker.h can test UB accesses against the armed registers.
#pragma once

#include "ascx_emu/base.h"

namespace ascx_emu {

/// One exception register of CheckLocalMemoryIA: UB bytes (start*32, end*32] and the kinds of access.
struct IaRegister {
    bool armed = false;
    uint64_t first = 0;  ///< first byte watched
    uint64_t last = 0;   ///< one past the last byte watched
    bool scalar_read = false, scalar_write = false, vector_read = false, vector_write = false;
    bool mte_read = false, mte_write = false;
};

struct SystemState {
    unsigned char* hccl_context[2] = {nullptr, nullptr};
    unsigned char* sys_workspace = nullptr;  ///< set by SetSysWorkspace (kept once set)
    IaRegister ia[4];
    int64_t last_cycle = 0;  ///< the last GetSystemCycle value, so that the counter always advances
    const void* tpipe = nullptr;  ///< the TPipe that exists on this core (a kernel has one at a time)
};

inline thread_local SystemState system_state;

/// An access of ``bytes`` bytes at ``offset`` of the UB by a pipe of ``kind`` (0 scalar, 1 vector, 2
/// MTE): stop the kernel when an armed exception register watches it.
inline void ia_check(uint64_t offset, uint64_t bytes, int kind, bool write, const char* call) {
    for (int r = 0; r < 4; ++r) {
        const IaRegister& ia = system_state.ia[r];
        if (!ia.armed || offset + bytes <= ia.first || offset >= ia.last) {
            continue;
        }
        const bool watched = kind == 0   ? (write ? ia.scalar_write : ia.scalar_read)
                             : kind == 1 ? (write ? ia.vector_write : ia.vector_read)
                                         : (write ? ia.mte_write : ia.mte_read);
        if (watched) {
            static const char* const kinds[] = {"scalar", "vector", "MTE"};
            fail("%s: %s %s of UB bytes %llu..%llu hits the range (%llu, %llu] of 32-byte units that "
                 "CheckLocalMemoryIA armed in exception register %d",
                 call, kinds[kind], write ? "write" : "read", static_cast<unsigned long long>(offset),
                 static_cast<unsigned long long>(offset + bytes - 1), static_cast<unsigned long long>(ia.first / 32 - 1),
                 static_cast<unsigned long long>(ia.last / 32 - 1), r);
        }
    }
}

}  // namespace ascx_emu
