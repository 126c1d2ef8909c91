// ascx host emulation: what the generated launcher calls to run a kernel on every core
// (docs/emulation.md#how-a-launch-runs).  The cores run on worker threads (blocks.h); every piece of
// core state is thread_local and reset before each core.
#pragma once

#include "ascx_emu/base.h"
#include "ascx_emu/blocks.h"
#include "ascx_emu/checker.h"
#include "ascx_emu/registers.h"
#include "ascx_emu/sync.h"
#include "ascx_emu/system_state.h"

#define ASCX_EMU_EXPORT __attribute__((visibility("default")))

namespace ascx_emu {

/// Prepare the calling thread to run core ``sub`` of block ``block_index``.
ASCX_EMU_SHARED void begin_block(int64_t block_index, int64_t sub, int64_t block_num, int64_t sub_num,
                        const LaunchBuffer* buffers, int64_t buffer_count, bool check_sync, bool same_pipe_raw);

/// The checks of a kernel body that returned: every flag waited for, and whatever the parts of the
/// emulation registered (the Matmul engine's pending waits).
ASCX_EMU_SHARED void end_block();

namespace blocks {

/// Run core ``core`` on the calling worker (which holds a run token for it).
ASCX_EMU_SHARED void run_core(Launch& l, int64_t core);

/// A worker thread: starts cores in index order while there are any, each once it holds a run token.
ASCX_EMU_SHARED void worker(Launch* launch);

}  // namespace blocks

/// Run ``body`` on every core of a launch; 0, or 1 with the error in ``error`` (and its source line
/// for report_where).  ``threads`` is the number of cores that run at once (at least 1); ``local_overrun``
/// is null, or the record that lets calls run past a LocalTensor's end (ASCX_EMU_LOCAL_OVERRUN=warn).
ASCX_EMU_SHARED int run_launch(void (*body)(void* const*), void* const* args, const LaunchBuffer* buffers, int64_t buffer_count,
                      int64_t block_num, int64_t sub_block_num, bool check_sync, bool same_pipe_raw, int64_t threads,
                      LocalOverrun* local_overrun, char* error, int64_t error_size);

/// Where the last failed launch stopped in the kernel's Python source.
struct LastFailure {
    const char* file = nullptr;
    int line = 0;
};
inline thread_local LastFailure last_failure;

/// Where the failed launch was in the kernel's Python source (empty file when unknown).
ASCX_EMU_SHARED void report_where(char* file, int64_t size, int64_t* line);

}  // namespace ascx_emu

#if !defined(ASCX_EMU_THIN)
#include "ascx_emu/launch_defs.h"
#endif
