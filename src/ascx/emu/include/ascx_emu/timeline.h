// ascx host emulation: the modelled per-pipe timeline of a launch (docs/emulation.md#timeline).  Clean-room.
//
// With the timeline on (ASCX_PROFILE, a launch's ``profile=``), the dynamic checker's hooks (checker.h)
// also give every operation a modelled start and end: per core, each pipe is an in-order unit, the
// scalar unit issues in program order, and an operation starts at the latest of its issue, its pipe
// being free and the flags, queue events and Matmul completions its pipe waits for.  Its length comes
// from a cost table (ascx/emu/timeline/costs.py) by the bytes it moves or the MACs it computes.  The
// events go into a per-core buffer that the launcher hands to Python (ascx_emu_timeline_*), and its writer
// formats the launch's files from it.  Only a profiled launch's build includes this header and the hooks
// (-DASCX_EMU_TIMELINE=1, checker.h); any other build has no timeline code.  Times are modelled cycles:
// relative, not measured.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "ascx_emu/base.h"

namespace ascx_emu {
namespace timeline {

/// What an event is (ascx/emu/timeline/events.py mirrors these values).
enum Kind : uint8_t { OP = 0, FLAG_SET = 1, FLAG_WAIT = 2, BARRIER_ALL = 3, JOIN = 4 };

/// One event of one core.  ``cause`` is the index (in its core's events) of the event whose end
/// decided this one's start, or -1 when the issue did; ``flow`` pairs a FLAG_SET with its FLAG_WAIT.
struct Event {
    const char* call;
    const char* file;
    int64_t core;
    int64_t line;
    int64_t cause;
    int64_t flow;
    double start;
    double end;
    uint64_t bytes;  ///< OP: the bytes it writes
    uint64_t read;   ///< OP: the bytes it reads
    uint64_t macs;
    uint8_t actor;
    uint8_t kind;
    uint8_t other;  ///< FLAG_WAIT / JOIN: the actor waited for
    uint8_t elem;   ///< OP with MACs: the element bytes of the cube's inputs
    uint8_t wrote;  ///< OP: a write was recorded (a read after it starts the next operation)
    uint8_t waited;  ///< FLAG_SET: a FLAG_WAIT waited for it (the trace draws the arrow)
    uint8_t pad[2];
};

/// The cost table's entries, in the order ascx/emu/timeline/costs.py passes them.
enum Cost : int {
    SCALAR_ISSUE = 0,   ///< cycles the scalar unit spends issuing one instruction
    SCALAR_ACCESS,      ///< cycles of one scalar load or store
    FLAG_LATENCY,       ///< cycles from a set_flag to its wait_flag's release
    VECTOR_BYTES,       ///< bytes per cycle of a vector instruction (one 256-byte repeat per cycle)
    VECTOR_OVERHEAD,    ///< cycles to start a vector instruction
    MTE2_BYTES,         ///< bytes per cycle GM -> UB / L1
    MTE3_BYTES,         ///< bytes per cycle UB -> GM
    MTE1_BYTES,         ///< bytes per cycle L1 -> L0A / L0B
    FIX_BYTES,          ///< bytes per cycle L0C -> GM / UB (fixpipe)
    MTE_OVERHEAD,       ///< cycles to start a data move
    CUBE_MACS_1,        ///< MACs per cycle, 1-byte inputs (int8)
    CUBE_MACS_2,        ///< MACs per cycle, 2-byte inputs (half, bfloat16)
    CUBE_MACS_4,        ///< MACs per cycle, 4-byte inputs (float)
    COSTS
};

/// What every core of a launch shares: the switch, the costs, and the cores' events by core index.
struct Sink {
    std::mutex mutex;
    bool on = false;
    double cost[COSTS] = {};
    std::map<int64_t, std::vector<Event>> cores;
    std::string text;  ///< the writer's buffer, kept from launch to launch (timeline_defs.h ``Text``)
};

inline Sink sink;

/// A flag or queue event set and not yet waited for: when it is set and by which event.
struct Slot {
    uint64_t key;
    double time;
    int64_t cause;
    int64_t flow;
};

/// One core's model: each pipe's free time and the event that set it.
struct Core {
    bool on = false;
    int64_t index = 0;
    std::vector<Event>* events = nullptr;
    double free[8] = {};
    int64_t setter[8] = {};
    int64_t last_op[8] = {};
    std::vector<Slot> slots;
    int64_t flows = 0;
};

inline thread_local Core core;

/// Start the calling thread's core ``index`` (from the checker's reset): whether it records.
ASCX_EMU_SHARED bool begin_core(int64_t index);

/// One access of ``bytes`` on ``actor`` by ``call``; consecutive accesses of one call form one operation.
ASCX_EMU_SHARED void access(uint8_t actor, const char* call, uint64_t bytes, bool write);

/// ``macs`` multiply-accumulates of ``elem``-byte inputs done by the last operation of ``actor``.
ASCX_EMU_SHARED void work(uint8_t actor, uint64_t macs, unsigned elem);

/// A flag or queue event set by ``source`` / waited for by ``destination``.
ASCX_EMU_SHARED void signal(uint64_t key, uint8_t source);
ASCX_EMU_SHARED void await(uint64_t key, uint8_t destination);

/// PipeBarrier<PIPE_ALL>: every pipe waits for every other.
ASCX_EMU_SHARED void barrier_all();

/// ``destination`` waits until ``source``'s work so far has ended (a Matmul completion, a cube start).
ASCX_EMU_SHARED void join(uint8_t destination, uint8_t source);

/// The launcher's entries (ascx/emu/timeline/recording.py): switch on (with the costs) or off; the cores that
/// recorded (their indices into ``out``, at most ``max``; the count); one core's event count, its events and
/// its end.
ASCX_EMU_SHARED void control(int on, const double* costs, int64_t count);
ASCX_EMU_SHARED int64_t cores(int64_t* out, int64_t max);
ASCX_EMU_SHARED int64_t core_size(int64_t index);
ASCX_EMU_SHARED void copy_core(int64_t index, Event* out);
ASCX_EMU_SHARED double core_end(int64_t index);

/// The writer's entries: each formats its text by hand into one buffer and writes it to ``fd`` in one go
/// (0, or the errno of a failed write).  ``files`` name the kernel's files by their relocation tokens (``@ascx-file-N@``,
/// ascx/emu/relocation.py).  ``write_trace``: every core's events as Chrome trace-event JSON objects, each
/// after a comma (process ``pid_base`` + core of ``pids`` in the trace, times in microseconds at ``cycles_per_us``,
/// the files as ``files`` name them: ascx/emu/timeline/trace.py ``short_names``).  ``write_svg``:
/// core ``index``'s SVG under ``title`` (already escaped), as ascx/emu/timeline/svg.py's ``timeline_svg``
/// draws it.  ``summary``: core ``index``'s lines of the summary (its busy shares, overlap and critical path's
/// first ``steps``), as ascx/emu/timeline/summary.py's ``core_lines`` words them, into ``out`` (at most
/// ``size`` bytes; the length it needs).
ASCX_EMU_SHARED int write_trace(int fd, int64_t pid_base, int64_t pids, double cycles_per_us,
                                const char* const* files, int64_t file_count);
ASCX_EMU_SHARED int write_svg(int fd, int64_t index, const char* title);
ASCX_EMU_SHARED int64_t summary(int64_t index, int64_t steps, const char* const* files, int64_t file_count, char* out,
                                int64_t size);

}  // namespace timeline
}  // namespace ascx_emu

#if !defined(ASCX_EMU_THIN)
#include "ascx_emu/timeline_defs.h"
#endif
