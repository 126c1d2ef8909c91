// ascx host emulation: the cores of one launch running concurrently on host threads, and what they
// use to wait for each other (docs/emulation.md#how-a-launch-runs).
//
// A launch has block_num x sub_block_num cores (core i is GetBlockIdx() == i).  Workers, as many as
// the machine has hardware threads (the launcher's ``threads``), take cores in index order; a core
// holds one of ``width`` run tokens while it runs.  A core that waits for another (IBWait, SyncAll,
// WaitPreBlock, CrossCoreWaitFlag) gives its token back while it waits, and a new worker starts the
// next core if no worker is free, so a core may wait for any other, later ones included.  Every
// piece of a core's state is thread_local to the worker running it and reset before each core.
//
// Waits are decided under the launch's one lock: each wait is a condition on the shared state.  When
// every started core waits, no core is left to start and no wait's condition holds, nothing can wake
// them: the launch stops at once with a deadlock error listing each waiting core and its line.
//
// Errors: the first error of the lowest-numbered failing core is the launch's error (so a launch
// reports the same error whatever order its cores ran in); cores numbered above a failed core stop
// at their next source line or wait, cores below it run on.  Output (printf, DumpTensor) is kept per
// core and written in core order.
#pragma once

#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <utility>

#include "ascx_emu/base.h"

namespace ascx_emu {

/// One GM buffer the host passed (an array argument, the workspace, a hidden buffer).
struct LaunchBuffer {
    const void* data;
    uint64_t bytes;  ///< the allocation's bytes: the array's, and with ASCX_EMU_GM_OVERRUN=warn its slack's
    const char* name;
    uint64_t array_bytes;  ///< the array's own bytes
    GmOverrun* overrun;    ///< null, or where accesses past the array are recorded (docs/emulation.md#gm-overruns)
};

/// What a waiting core waits for: its condition, and how the deadlock report names it.
struct Wait {
    bool active = false;
    std::function<bool()> ready;
    char what[192] = {0};
    const char* file = nullptr;
    int line = 0;
};

/// The state one launch shares between its cores; every field below ``mutex`` is guarded by it.
struct Launch {
    void (*body)(void* const*) = nullptr;
    void (*worker)(Launch*) = nullptr;  ///< what a worker thread runs (launch.h)
    void* const* args = nullptr;
    const LaunchBuffer* buffers = nullptr;
    int64_t buffer_count = 0;
    int64_t block_num = 1;
    int64_t sub_num = 1;
    int64_t cores = 1;
    bool check_sync = true;
    bool same_pipe_raw = true;
    int width = 1;
    LocalOverrun* local_overrun = nullptr;  ///< null, or where calls past a LocalTensor's end are recorded

    std::atomic<int64_t> stop_above{INT64_MAX};  ///< cores numbered above stop (see BlockContext)

    std::mutex mutex;
    std::condition_variable changed;  ///< any shared state changed: waiters re-check their condition
    int64_t next = 0;                 ///< the next core to start
    int64_t alive = 0;                ///< started and not finished
    int running = 0;                  ///< cores holding a run token
    int token_waiters = 0;            ///< workers and woken cores waiting for a token
    int workers_active = 0;
    std::vector<std::thread> workers;
    std::vector<Wait> waits;          ///< per core
    std::vector<std::string> output;  ///< per core: what it printed
    int64_t printed = 0;              ///< cores whose output is written

    // the launch's error: the lowest failing core's
    int64_t failed_core = -1;
    char error[1400] = {0};
    const char* error_file = nullptr;
    int error_line = 0;

    // inter-block synchronisation state
    std::map<std::pair<int32_t, int32_t>, int> ib_flags;  ///< IBSet / IBWait: (blockIdx, eventID) -> 0 or 1
    std::vector<int64_t> sync_all_calls;                  ///< SyncAll() per core
    std::map<int32_t, std::vector<int64_t>> soft_sync_calls;  ///< SyncAll(gm, ub, usedCores) per core, by usedCores
    std::vector<int64_t> notified;                         ///< NotifyNextBlock per core
    std::vector<int64_t> waited_pre;                       ///< WaitPreBlock per core
    std::map<std::pair<int, int>, std::vector<int64_t>> cross_sets;  ///< CrossCoreSetFlag (mode, flag) per core
    std::map<std::pair<int, int>, std::vector<int64_t>> cross_waits;
};

/// The launch the calling worker runs a core of, and that core's number (thread_local: one core at a time).
inline thread_local Launch* this_launch = nullptr;
inline thread_local int64_t this_core = -1;

namespace blocks {

ASCX_EMU_SHARED void describe_core(char* out, size_t size, const Launch& l, int64_t core);

/// Keep ``message`` as the launch's error if ``core`` is the lowest failing core so far, and stop the
/// cores above it (lock held).
ASCX_EMU_SHARED void record_failure(Launch& l, int64_t core, const char* message, const char* file, int line);

/// Whether nothing can wake the waiting cores (lock held): every core has started, every started core
/// waits, and no wait's condition holds.
ASCX_EMU_SHARED bool deadlocked(Launch& l);

/// Report a deadlock (lock held): the waiting cores and their lines, and stop every core.
ASCX_EMU_SHARED void check_deadlock(Launch& l);

/// A worker for the cores that have not started, if none is free to take them (lock held).
ASCX_EMU_SHARED void ensure_worker(Launch& l);

inline bool stopping(const Launch& l, int64_t core) { return core > l.stop_above.load(); }

/// Block the calling core until ``ready()`` holds (checked under the lock, which ``lock`` holds).
/// ``what`` names the wait in a deadlock report.  The core gives its run token back while it waits.
ASCX_EMU_SHARED void wait_until(std::unique_lock<std::mutex>& lock, const char* what, std::function<bool()> ready);

/// Something other cores may wait for changed (lock held).
inline void changed(Launch& l) { l.changed.notify_all(); }

}  // namespace blocks

/// Whether the calling code runs inside a launch's core (false in a plain call of the kernel function).
inline bool in_launch() { return this_launch != nullptr; }

}  // namespace ascx_emu

#if !defined(ASCX_EMU_THIN)
#include "ascx_emu/blocks_defs.h"
#endif
