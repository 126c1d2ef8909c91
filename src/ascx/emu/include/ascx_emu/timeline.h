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

/// A flag or queue event set and not yet waited for: when it is set and by which event.
struct Slot {
    uint64_t key;
    double time;
    int64_t cause;
    int64_t flow;
};

/// One core's model and events: each pipe's free time and the event that set it.  Kept in the sink from launch
/// to launch (``used``: the core recorded in the last launch), so that its buffers are allocated once.
struct Core {
    bool used = false;
    int64_t index = 0;
    std::vector<Event> events;
    double free[8] = {};
    int64_t setter[8] = {};
    int64_t last_op[8] = {};
    std::vector<Slot> slots;
    int64_t flows = 0;
};

/// What every core of a launch shares: the switch, the costs, the cores by index, and the writer's buffers
/// (timeline_defs.h ``Text``), kept from launch to launch.
struct Sink {
    std::mutex mutex;
    bool on = false;
    double cost[COSTS] = {};
    std::map<int64_t, Core> cores;
    std::string trace;
    std::string svg;
    std::string summary;
};

inline Sink sink;

/// Start the calling thread's core ``index`` (from the checker's reset): its model, which the checker passes to
/// the hooks below, or null when the launch records no timeline.
ASCX_EMU_SHARED Core* begin_core(int64_t index);

/// One access of ``bytes`` on ``actor`` by ``call`` at ``file``:``line``; consecutive accesses of one call form one
/// operation.
ASCX_EMU_SHARED void access(Core& c, uint8_t actor, const char* call, const char* file, int64_t line, uint64_t bytes,
                            bool write);

/// ``macs`` multiply-accumulates of ``elem``-byte inputs done by the last operation of ``actor``.
ASCX_EMU_SHARED void work(Core& c, uint8_t actor, uint64_t macs, unsigned elem);

/// A flag or queue event set by ``source`` / waited for by ``destination``.
ASCX_EMU_SHARED void signal(Core& c, uint64_t key, uint8_t source);
ASCX_EMU_SHARED void await(Core& c, uint64_t key, uint8_t destination);

/// PipeBarrier<PIPE_ALL>: every pipe waits for every other.
ASCX_EMU_SHARED void barrier_all(Core& c);

/// ``destination`` waits until ``source``'s work so far has ended (a Matmul completion, a cube start).
ASCX_EMU_SHARED void join(Core& c, uint8_t destination, uint8_t source);

/// The launcher's entries (ascx/emu/timeline/recording.py): switch on (with the costs) or off; the cores that
/// recorded (their indices and modelled ends into ``indices`` and ``ends``, at most ``max``; the count); one
/// core's event count and its events.
ASCX_EMU_SHARED void control(int on, const double* costs, int64_t count);
ASCX_EMU_SHARED int64_t cores(int64_t* indices, double* ends, int64_t max);
ASCX_EMU_SHARED int64_t core_size(int64_t index);
ASCX_EMU_SHARED void copy_core(int64_t index, Event* out);

/// The writer's entries: each formats its text by hand into one of the sink's buffers, kept from launch to
/// launch, and gives its address (``out``, valid until the entry runs again) and length.  ``files`` name the
/// kernel's files by their relocation tokens (``@ascx-file-N@``, ascx/emu/relocation.py).  ``format_trace``:
/// every core's events as Chrome trace-event JSON objects, each after a comma (process ``pid_base`` + core of
/// ``pids`` in the trace, times in microseconds at ``cycles_per_us``, the files as ``files`` name them:
/// ascx/emu/timeline/trace.py ``short_names``).  ``format_svg``: core ``index``'s SVG under ``title`` (already
/// escaped), as ascx/emu/timeline/svg.py's ``timeline_svg`` draws it.  ``format_summary``: core ``index``'s lines
/// of the summary (its busy shares, overlap and critical path's first ``steps``), as
/// ascx/emu/timeline/summary.py's ``core_lines_of`` words them.
ASCX_EMU_SHARED int64_t format_trace(int64_t pid_base, int64_t pids, double cycles_per_us, const char* const* files,
                                     int64_t file_count, const char** out);
ASCX_EMU_SHARED int64_t format_svg(int64_t index, const char* title, const char** out);
ASCX_EMU_SHARED int64_t format_summary(int64_t index, int64_t steps, const char* const* files, int64_t file_count,
                                       const char** out);

/// A launch's three files written in one call (``paths``: the trace, the SVG, the summary; each made or emptied and
/// filled in one ``writev``).  The trace: the ``before`` pieces (its head and the events of the sides before this
/// library's), this library's events (``format_trace``), then the ``after`` pieces (later sides' events and its
/// tail).  The SVG and the summary's lines: core ``core``'s (-1: none), under ``title`` and after ``summary_head``,
/// their lines also given back (``core_lines``, valid until the next call).  0, or the errno of the first failure
/// (``failed``: the file's index).
ASCX_EMU_SHARED int write_profile(const char* const* paths, const char* const* before, const int64_t* before_sizes,
                                  int64_t before_count, const char* const* after, const int64_t* after_sizes,
                                  int64_t after_count, int64_t pid_base, int64_t pids, double cycles_per_us,
                                  const char* const* files, int64_t file_count, int64_t core, const char* title,
                                  const char* summary_head, int64_t steps, const char** core_lines,
                                  int64_t* core_lines_size, int64_t* failed);

}  // namespace timeline
}  // namespace ascx_emu

#if !defined(ASCX_EMU_THIN)
#include "ascx_emu/timeline_defs.h"
#endif
