// ascx host emulation: what the generated launcher calls around each run of a kernel body
// (docs/emulation.md#how-a-launch-runs).  Blocks run one after another on the calling thread; every piece of core
// state is thread_local and reset before each run.
#pragma once

#include "ascx_emu/base.h"
#include "ascx_emu/checker.h"
#include "ascx_emu/registers.h"
#include "ascx_emu/sync.h"
#include "ascx_emu/system_state.h"

namespace ascx_emu {

/// One GM buffer the host passed (an array argument, the workspace, a hidden buffer).
struct LaunchBuffer {
    const void* data;
    uint64_t bytes;
    const char* name;
};

/// Prepare the core that runs block ``block_index`` (sub-block ``sub`` of ``sub_num``).
inline void begin_block(int64_t block_index, int64_t sub, int64_t block_num, int64_t sub_num,
                        const LaunchBuffer* buffers, int64_t buffer_count, bool check_sync, bool same_pipe_raw) {
    block.block_idx = block_index * sub_num + sub;
    block.block_num = block_num;
    block.sub_block_idx = sub;
    block.sub_block_num = sub_num;
    block.error[0] = '\0';
    block.file = nullptr;
    block.line = 0;
    for (auto& memory : on_chip.bytes) {
        std::fill(memory.begin(), memory.end(), static_cast<unsigned char>(0));
    }
    flag_slots = FlagSlots{};
    gm_allocations.clear();
    for (int64_t i = 0; i < buffer_count; ++i) {
        const auto* first = static_cast<const unsigned char*>(buffers[i].data);
        gm_allocations.push_back(GmAllocation{first, first + buffers[i].bytes, buffers[i].name});
    }
    at_kernel_exit.clear();
    registers = CoreRegisters{};
    system_state = SystemState{};
    sync_check::state.reset(check_sync, same_pipe_raw);
}

/// The checks of a kernel body that returned: every flag waited for, and whatever the parts of the
/// emulation registered (the Matmul engine's pending waits).
inline void end_block() {
    check_flags_at_exit();
    for (void (*check)() : at_kernel_exit) {
        check();
    }
    at_kernel_exit.clear();
}

/// Copy the error of the failed run, prefixed with the core that failed, for the host.
inline int report_error(char* out, int64_t size) {
    std::snprintf(out, static_cast<size_t>(size), "block %lld (sub-block %lld): %s",
                  static_cast<long long>(block.block_idx / block.sub_block_num),
                  static_cast<long long>(block.sub_block_idx), block.error);
    return 1;
}

/// Where the failed run was in the kernel's Python source (empty file when unknown).
inline void report_where(char* file, int64_t size, int64_t* line) {
    std::snprintf(file, static_cast<size_t>(size), "%s", block.file != nullptr ? block.file : "");
    *line = block.line;
}

}  // namespace ascx_emu
