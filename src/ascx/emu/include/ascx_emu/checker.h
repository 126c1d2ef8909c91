// ascx host emulation: the dynamic synchronisation checker (docs/emulation.md#the-dynamic-synchronisation-checker).
//
// Sequential execution cannot show races, so every access is checked against the synchronisation
// the kernel performed.  Each pipe (actor) counts the operations issued on it (its epoch) and keeps
// a vector clock of what it knows about the other actors.  Every 32-byte granule of every memory
// remembers its last writer (actor, epoch, call site) and the last read of each actor.  A read by
// actor p of a granule written by w != p is ordered only if p's clock has seen w's write epoch; a
// write is checked the same way against the last writer and every last reader.  SetFlag stores a
// snapshot of the source's clock, WaitFlag merges it into the destination's; TQue EnQue/DeQue and
// FreeTensor/AllocTensor are implied flag pairs; PipeBarrier<PIPE_ALL> merges every clock into every
// actor.  The first unordered access stops the run with an error naming both accesses.
//
// Speed: the shadow of each memory is a map of runs of granules with equal records (Shadow), so an
// access is checked and recorded once per run it overlaps, usually one or two whatever its length;
// a region of rows (a tile of a matrix, a strided copy) is one operation (access_rows), checked row
// by row.  A core pays for the ranges it touches, not for the size of its memories or of the arrays
// it was given.  Call sites are interned: an access adds no record when its call and line were seen
// before.
#pragma once

#include <map>
#include <memory>

#include "ascx_emu/base.h"
#include "ascx_emu/system_state.h"

// The timeline's flavour (docs/emulation.md#timeline): only a profiled launch's build (-DASCX_EMU_TIMELINE=1,
// ascx/emu/build.py TIMELINE_FLAGS) has the hooks that record it; any other build has none.
#ifndef ASCX_EMU_TIMELINE
#define ASCX_EMU_TIMELINE 0
#endif
#if ASCX_EMU_TIMELINE
#include "ascx_emu/timeline.h"
#endif

namespace ascx_emu {
namespace sync_check {

/// The actors: the AIV and AIC pipes, and one CUBE actor for the work a MIX Matmul client hands to the AIC.
enum Actor : uint8_t { S = 0, V, MTE1, MTE2, MTE3, M, FIX, CUBE, ACTORS };
constexpr uint8_t NO_WRITER = 0xff;

inline const char* actor_name(uint8_t a) {
    static const char* const names[] = {"S", "V", "MTE1", "MTE2", "MTE3", "M", "FIX", "CUBE"};
    return a < ACTORS ? names[a] : "?";
}

struct Clock {
    uint32_t at[ACTORS] = {};
    void merge(const Clock& other) {
        for (int a = 0; a < ACTORS; ++a) {
            at[a] = at[a] > other.at[a] ? at[a] : other.at[a];
        }
    }
};

/// Where an access happened: the API call and the kernel's Python line.
struct Site {
    const char* call;
    const char* file;
    int line;
};

/// The last write and the last reads of 32 bytes of memory.
struct Granule {
    uint8_t writer = NO_WRITER;
    uint32_t write_epoch = 0;
    uint32_t write_site = 0;
    uint32_t read_epoch[ACTORS] = {};
    uint32_t read_site[ACTORS] = {};

    bool same(const Granule& o) const {
        if (writer != o.writer || write_epoch != o.write_epoch || write_site != o.write_site) {
            return false;
        }
        for (int a = 0; a < ACTORS; ++a) {
            if (read_epoch[a] != o.read_epoch[a] || read_site[a] != o.read_site[a]) {
                return false;
            }
        }
        return true;
    }
};

constexpr uint64_t GRANULE = 32;

/// The granules of one memory (an on-chip memory or a GM buffer), kept as runs: maximal ranges of
/// granules whose records are equal, in a map from each run's first granule.  Granules in no run were
/// never accessed.  An access touches the runs its range overlaps (usually one or two, whatever its
/// length), so checking and recording cost per range, not per granule.
class Shadow {
public:
    struct Run {
        uint64_t end;  ///< one past the run's last granule
        Granule record;
    };
    using Runs = std::map<uint64_t, Run>;

    /// A shadow of ``granules`` granules, none accessed.
    void resize(uint64_t granules) {
        runs_.clear();
        granules_ = granules;
    }
    uint64_t size() const { return granules_; }
    Runs& runs() { return runs_; }

    /// Make ``at`` the start of a run if a run covers it (split that run in two).
    Runs::iterator split(uint64_t at) {
        auto it = runs_.upper_bound(at);
        if (it == runs_.begin()) {
            return it;
        }
        auto prev = std::prev(it);
        if (prev->first == at) {
            return prev;
        }
        if (prev->second.end <= at) {
            return it;
        }
        Run right{prev->second.end, prev->second.record};
        prev->second.end = at;
        return runs_.emplace_hint(it, at, right);
    }

    /// The first run that ends after ``at``.
    Runs::iterator first_after(uint64_t at) {
        auto it = runs_.upper_bound(at);
        if (it != runs_.begin()) {
            auto prev = std::prev(it);
            if (prev->second.end > at) {
                return prev;
            }
        }
        return it;
    }

    /// Merge the run at ``it`` with its neighbours when their records are equal and they touch.
    void merge_around(Runs::iterator it) {
        if (it != runs_.begin()) {
            auto prev = std::prev(it);
            if (prev->second.end == it->first && prev->second.record.same(it->second.record)) {
                prev->second.end = it->second.end;
                runs_.erase(it);
                it = prev;
            }
        }
        auto next = std::next(it);
        if (next != runs_.end() && it->second.end == next->first && it->second.record.same(next->second.record)) {
            it->second.end = next->second.end;
            runs_.erase(next);
        }
    }

private:
    uint64_t granules_ = 0;
    Runs runs_;
};

struct State {
    bool enabled = true;
    bool same_pipe_raw = true;  ///< a read of a write on the same pipe (not S) needs PipeBarrier<pipe> too
#if ASCX_EMU_TIMELINE
    timeline::Core* timeline = nullptr;  ///< the core's timeline when it records one (the hooks take it: no TLS lookup)
#endif
    uint32_t epoch[ACTORS] = {};
    Clock clock[ACTORS];
    uint32_t done[ACTORS] = {};  ///< each actor's own epochs known complete (a barrier, or a flag chain back)
    std::vector<Site> sites;
    Shadow on_chip[static_cast<int>(Memory::COUNT)];
    std::vector<Shadow> gm;  ///< one per entry of gm_allocations
    /// SetFlag snapshots: user flags by (event, id), implied queue events by (queue, buffer, kind).
    std::vector<std::pair<uint64_t, Clock>> slots;
    /// Interned call sites: a direct-mapped cache from (call, file, line) to its index in ``sites``.
    uint32_t site_cache[256] = {};
    size_t last_gm = 0;  ///< the GM buffer the last access fell in (searched first)

    /// A new core: everything forgotten.
    void reset(bool on, bool strict_same_pipe) {
        enabled = on;
        same_pipe_raw = strict_same_pipe;
        for (int a = 0; a < ACTORS; ++a) {
            epoch[a] = 0;
            clock[a] = Clock{};
            done[a] = 0;
        }
        sites.clear();
        slots.clear();
        std::fill(std::begin(site_cache), std::end(site_cache), 0u);
        last_gm = 0;
        for (int m = 0; m < static_cast<int>(Memory::COUNT); ++m) {
            on_chip[m].resize(memory_capacity(static_cast<Memory>(m)) / GRANULE);
        }
        gm.resize(gm_allocations.size());
        for (size_t i = 0; i < gm.size(); ++i) {
            const GmAllocation& a = gm_allocations[i];
            gm[i].resize(static_cast<uint64_t>((a.end - a.begin + GRANULE - 1) / GRANULE));
        }
        sites.push_back(Site{"(nothing)", nullptr, 0});
#if ASCX_EMU_TIMELINE
        timeline = timeline::begin_core(block.block_idx);  // docs/emulation.md#timeline
#endif
    }
};

inline thread_local State state;

ASCX_EMU_SHARED uint32_t site(const char* call);

ASCX_EMU_SHARED const char* where(uint32_t s, char* buffer, size_t size);

/// One operation issued on ``actor``: its epoch.  Issue rule (docs/sync-model.md#the-happens-before-model, rule 1): the
/// scalar unit issues every instruction in order, so what it has waited for (not its own stores) is
/// known to every operation issued after it.
ASCX_EMU_SHARED uint32_t issue(Actor actor);

/// What an unordered pair of accesses is called, and how each side is described.
struct Conflict {
    const char* kind;      ///< "RAW", "WAR", "WAW"
    const char* verb;      ///< what the later access does
    const char* earlier;   ///< what the earlier access did
};
constexpr Conflict RAW{"RAW", "reads", "written"};
constexpr Conflict WAR{"WAR", "overwrites", "still being read"};
constexpr Conflict WAW{"WAW", "writes", "written"};
constexpr Conflict SAME_PIPE_RAW{"RAW", "reads", "written on the same pipe, with no PipeBarrier in between,"};

/// How a hazard report names the memory of a shadow: an on-chip memory, or a GM buffer by name.
struct MemoryName {
    const char* memory = nullptr;  ///< "UB", "L1", ...
    const char* gm = nullptr;      ///< the GM buffer's name
};

[[noreturn]] inline void hazard(const Conflict& c, Actor actor, const char* call, const MemoryName& name, uint64_t first,
                                uint64_t last, uint8_t other, uint32_t other_site) {
    char there[512];
    char memory[160];
    if (name.gm != nullptr) {
        std::snprintf(memory, sizeof memory, "GM '%s'", name.gm);
    } else {
        std::snprintf(memory, sizeof memory, "%s", name.memory);
    }
    fail("%s hazard: %s (%s) %s %s bytes [%llu, %llu) %s by %s (%s)%s with no synchronisation between them", c.kind,
         call, actor_name(actor), c.verb, memory, static_cast<unsigned long long>(first),
         static_cast<unsigned long long>(last), c.earlier, state.sites[other_site].call, actor_name(other),
         where(other_site, there, sizeof there));
}

/// The checks of one access against the record of the granules it touches; ``g`` is the first of them
/// (named in a hazard report).
ASCX_EMU_SHARED void check_record(const Granule& granule, const Clock& known, uint32_t done, bool same_pipe, const MemoryName& name,
                         uint64_t g, Actor actor, bool write, const char* call);

/// Check and record the granules [first, last) of ``shadow`` for one access (epoch ``e``, site ``here``):
/// every run the range overlaps is checked in address order (the first conflicting granule is
/// reported), then a write replaces the range by one run and a read adds itself to each run's reads.
ASCX_EMU_SHARED void access_granules(Shadow& shadow, const MemoryName& name, uint64_t first, uint64_t last, Actor actor,
                            bool write, const char* call, uint32_t e, uint32_t here);

/// Check and record an access of ``bytes`` bytes at ``offset`` of a shadow.
ASCX_EMU_SHARED void access(Shadow& shadow, const MemoryName& name, uint64_t offset, uint64_t bytes, Actor actor, bool write,
                   const char* call);

/// One access to ``rows`` runs of ``row_bytes`` bytes, ``stride`` bytes apart, from ``offset`` (a tile of
/// a matrix, a strided copy): one operation, checked run by run in address order.
ASCX_EMU_SHARED void access_rows(Shadow& shadow, const MemoryName& name, uint64_t offset, uint64_t rows, uint64_t row_bytes,
                        uint64_t stride, Actor actor, bool write, const char* call);

/// An access to local memory ``memory`` at ``byte_offset``.
ASCX_EMU_SHARED void local(Memory memory, uint64_t byte_offset, uint64_t bytes, Actor actor, bool write, const char* call);

/// ``rows`` runs of ``row_bytes`` bytes, ``stride`` bytes apart, of local memory ``memory`` (one operation).
ASCX_EMU_SHARED void local_rows(Memory memory, uint64_t byte_offset, uint64_t rows, uint64_t row_bytes, uint64_t stride,
                       Actor actor, bool write, const char* call);

/// The GM buffer (index into gm_allocations and state.gm) that holds ``address``, or -1.
ASCX_EMU_SHARED int64_t gm_index(const unsigned char* address);

/// An access to global memory at ``address``.
ASCX_EMU_SHARED void global(const void* address, uint64_t bytes, Actor actor, bool write, const char* call);

/// ``rows`` runs of ``row_bytes`` bytes, ``stride`` bytes apart, of global memory from ``address`` (one
/// operation, e.g. a tile of a matrix in GM).
ASCX_EMU_SHARED void global_rows(const void* address, uint64_t rows, uint64_t row_bytes, uint64_t stride, Actor actor,
                        bool write, const char* call);

// --- synchronisation -----------------------------------------------------------------------------------

ASCX_EMU_SHARED Clock* slot(uint64_t key);

/// ``source`` signals: the slot remembers what it knows now.
ASCX_EMU_SHARED void signal(uint64_t key, Actor source);

/// ``destination`` waits for the slot's signal (absent when nothing was signalled: the first alloc).
ASCX_EMU_SHARED void await(uint64_t key, Actor destination);

/// Every actor has waited for every other (PipeBarrier<PIPE_ALL>, a blocking Matmul call).
ASCX_EMU_SHARED void barrier_all();

/// PipeBarrier<pipe>: the pipe's earlier work completes before its later work starts.
ASCX_EMU_SHARED void barrier(Actor actor);

/// ``destination`` has seen everything ``source`` did so far.
ASCX_EMU_SHARED void import(Actor destination, Actor source);

/// ``macs`` multiply-accumulates of ``elem``-byte inputs done by the last operation issued on ``actor`` (for
/// the timeline's cost model, docs/emulation.md#timeline; the checker has nothing to check).
inline void work([[maybe_unused]] Actor actor, [[maybe_unused]] uint64_t macs, [[maybe_unused]] unsigned elem) {
#if ASCX_EMU_TIMELINE
    if (state.enabled && state.timeline) {
        timeline::work(*state.timeline, actor, macs, elem);
    }
#endif
}

/// The slot key of a user flag and of a queue buffer's implied event.
inline uint64_t flag_key(int event, int id) { return (uint64_t{1} << 62) | (uint64_t(event) << 8) | uint64_t(id); }
inline uint64_t queue_key(const void* queue, uint32_t buffer, bool free_event) {
    return (reinterpret_cast<uintptr_t>(queue) << 9) ^ (uint64_t{buffer} << 1) ^ (free_event ? 1u : 0u);
}

}  // namespace sync_check
}  // namespace ascx_emu

#if !defined(ASCX_EMU_THIN)
#include "ascx_emu/checker_defs.h"
#endif
