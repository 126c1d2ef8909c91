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
    }
};

inline thread_local State state;

inline uint32_t site(const char* call) {
    State& st = state;
    const char* file = block.file;
    const int line = block.line;
    const size_t h = (reinterpret_cast<uintptr_t>(call) * 31u + reinterpret_cast<uintptr_t>(file) * 17u +
                      static_cast<size_t>(line)) % 256u;
    const uint32_t cached = st.site_cache[h];
    if (cached != 0 && cached < st.sites.size()) {
        const Site& s = st.sites[cached];
        if (s.call == call && s.file == file && s.line == line) {
            return cached;
        }
    }
    st.sites.push_back(Site{call, file, line});
    const auto index = static_cast<uint32_t>(st.sites.size() - 1);
    st.site_cache[h] = index;
    return index;
}

inline const char* where(uint32_t s, char* buffer, size_t size) {
    const Site& at = state.sites[s];
    if (at.file != nullptr) {
        std::snprintf(buffer, size, " (%s:%d)", at.file, at.line);
    } else {
        buffer[0] = '\0';
    }
    return buffer;
}

/// One operation issued on ``actor``: its epoch.  Issue rule (docs/sync-model.md#the-happens-before-model, rule 1): the
/// scalar unit issues every instruction in order, so what it has waited for (not its own stores) is
/// known to every operation issued after it.
inline uint32_t issue(Actor actor) {
    State& st = state;
    if (actor != S) {
        const Clock& scalar = st.clock[S];
        for (int r = 0; r < ACTORS; ++r) {
            if (r == S) {
                continue;
            }
            uint32_t& known = r == actor ? st.done[actor] : st.clock[actor].at[r];
            known = known > scalar.at[r] ? known : scalar.at[r];
        }
    }
    const uint32_t e = ++st.epoch[actor];
    st.clock[actor].at[actor] = e;
    return e;
}

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
inline void check_record(const Granule& granule, const Clock& known, uint32_t done, bool same_pipe, const MemoryName& name,
                         uint64_t g, Actor actor, bool write, const char* call) {
    const uint8_t w = granule.writer;
    if (w != NO_WRITER) {
        if (w != actor) {
            if (known.at[w] < granule.write_epoch) {
                hazard(write ? WAW : RAW, actor, call, name, g * GRANULE, (g + 1) * GRANULE, w, granule.write_site);
            }
        } else if (same_pipe && done < granule.write_epoch) {
            hazard(SAME_PIPE_RAW, actor, call, name, g * GRANULE, (g + 1) * GRANULE, w, granule.write_site);
        }
    }
    if (write) {
        for (uint8_t q = 0; q < ACTORS; ++q) {
            if (q != actor && granule.read_epoch[q] > known.at[q]) {
                hazard(WAR, actor, call, name, g * GRANULE, (g + 1) * GRANULE, q, granule.read_site[q]);
            }
        }
    }
}

/// Check and record the granules [first, last) of ``shadow`` for one access (epoch ``e``, site ``here``):
/// every run the range overlaps is checked in address order (the first conflicting granule is
/// reported), then a write replaces the range by one run and a read adds itself to each run's reads.
inline void access_granules(Shadow& shadow, const MemoryName& name, uint64_t first, uint64_t last, Actor actor,
                            bool write, const char* call, uint32_t e, uint32_t here) {
    State& st = state;
    last = last < shadow.size() ? last : shadow.size();
    if (first >= last) {
        return;
    }
    const Clock& known = st.clock[actor];
    const uint32_t done = st.done[actor];
    const bool same_pipe = !write && actor != S && st.same_pipe_raw;
    Shadow::Runs& runs = shadow.runs();
    for (auto it = shadow.first_after(first); it != runs.end() && it->first < last; ++it) {
        check_record(it->second.record, known, done, same_pipe, name, it->first > first ? it->first : first, actor,
                     write, call);
    }
    auto begin = shadow.split(first);
    shadow.split(last);
    if (write) {
        if (begin != runs.end() && begin->first == first && begin->second.end == last) {  // one run: reuse it
            begin->second.record = Granule{};
            begin->second.record.writer = actor;
            begin->second.record.write_epoch = e;
            begin->second.record.write_site = here;
            shadow.merge_around(begin);
            return;
        }
        auto end = runs.lower_bound(last);
        runs.erase(begin, end);
        Shadow::Run run{last, Granule{}};
        run.record.writer = actor;
        run.record.write_epoch = e;
        run.record.write_site = here;
        shadow.merge_around(runs.emplace_hint(end, first, run));
        return;
    }
    // a read: every run in the range, and the gaps between them (never accessed), learn it
    uint64_t at = first;
    auto it = runs.lower_bound(first);
    while (at < last) {
        if (it == runs.end() || it->first > at) {  // a gap up to the next run (or the end of the range)
            const uint64_t gap_end = it == runs.end() || it->first > last ? last : it->first;
            Shadow::Run run{gap_end, Granule{}};
            run.record.read_epoch[actor] = e;
            run.record.read_site[actor] = here;
            it = runs.emplace_hint(it, at, run);
        } else {
            it->second.record.read_epoch[actor] = e;
            it->second.record.read_site[actor] = here;
        }
        at = it->second.end;
        ++it;
    }
    // merge what became equal: the runs of the range and their two outer neighbours
    auto from = runs.lower_bound(first);
    if (from != runs.begin()) {
        --from;
    }
    while (from != runs.end() && from->first <= last) {
        auto next = std::next(from);
        if (next == runs.end()) {
            break;
        }
        if (from->second.end == next->first && from->second.record.same(next->second.record)) {
            from->second.end = next->second.end;
            runs.erase(next);
        } else {
            from = next;
        }
    }
}

/// Check and record an access of ``bytes`` bytes at ``offset`` of a shadow.
inline void access(Shadow& shadow, const MemoryName& name, uint64_t offset, uint64_t bytes, Actor actor, bool write,
                   const char* call) {
    if (!state.enabled || bytes == 0) {
        return;
    }
    const uint32_t e = issue(actor);
    const uint32_t here = site(call);
    access_granules(shadow, name, offset / GRANULE, (offset + bytes + GRANULE - 1) / GRANULE, actor, write, call, e,
                    here);
}

/// One access to ``rows`` runs of ``row_bytes`` bytes, ``stride`` bytes apart, from ``offset`` (a tile of
/// a matrix, a strided copy): one operation, checked run by run in address order.
inline void access_rows(Shadow& shadow, const MemoryName& name, uint64_t offset, uint64_t rows, uint64_t row_bytes,
                        uint64_t stride, Actor actor, bool write, const char* call) {
    if (!state.enabled || rows == 0 || row_bytes == 0) {
        return;
    }
    const uint32_t e = issue(actor);
    const uint32_t here = site(call);
    if (stride <= row_bytes) {  // the runs touch or overlap: one range
        access_granules(shadow, name, offset / GRANULE, (offset + (rows - 1) * stride + row_bytes + GRANULE - 1) / GRANULE,
                        actor, write, call, e, here);
        return;
    }
    uint64_t done = offset / GRANULE;  // granules before this are recorded (runs may share a granule)
    for (uint64_t r = 0; r < rows; ++r) {
        const uint64_t begin = offset + r * stride;
        const uint64_t first = std::max(begin / GRANULE, done);
        const uint64_t last = (begin + row_bytes + GRANULE - 1) / GRANULE;
        if (first < last) {
            access_granules(shadow, name, first, last, actor, write, call, e, here);
            done = last;
        }
    }
}

/// An access to local memory ``memory`` at ``byte_offset``.
inline void local(Memory memory, uint64_t byte_offset, uint64_t bytes, Actor actor, bool write, const char* call) {
    if (memory == Memory::UB) {  // CheckLocalMemoryIA's exception registers watch the UB, checker on or off
        ia_check(byte_offset, bytes, actor == S ? 0 : actor == V ? 1 : 2, write, call);
    }
    if (state.enabled) {
        access(state.on_chip[static_cast<int>(memory)], MemoryName{memory_name(memory), nullptr}, byte_offset, bytes,
               actor, write, call);
    }
}

/// ``rows`` runs of ``row_bytes`` bytes, ``stride`` bytes apart, of local memory ``memory`` (one operation).
inline void local_rows(Memory memory, uint64_t byte_offset, uint64_t rows, uint64_t row_bytes, uint64_t stride,
                       Actor actor, bool write, const char* call) {
    if (state.enabled) {
        access_rows(state.on_chip[static_cast<int>(memory)], MemoryName{memory_name(memory), nullptr}, byte_offset, rows,
                    row_bytes, stride, actor, write, call);
    }
}

/// The GM buffer (index into gm_allocations and state.gm) that holds ``address``, or -1.
inline int64_t gm_index(const unsigned char* address) {
    State& st = state;
    const size_t n = std::min(gm_allocations.size(), st.gm.size());
    if (st.last_gm < n) {
        const GmAllocation& a = gm_allocations[st.last_gm];
        if (address >= a.begin && address < a.end) {
            return static_cast<int64_t>(st.last_gm);
        }
    }
    for (size_t i = 0; i < n; ++i) {
        const GmAllocation& a = gm_allocations[i];
        if (address >= a.begin && address < a.end) {
            st.last_gm = i;
            return static_cast<int64_t>(i);
        }
    }
    return -1;
}

/// An access to global memory at ``address``.
inline void global(const void* address, uint64_t bytes, Actor actor, bool write, const char* call) {
    if (!state.enabled) {
        return;
    }
    const auto* first = static_cast<const unsigned char*>(address);
    const int64_t i = gm_index(first);
    if (i >= 0) {
        const GmAllocation& a = gm_allocations[static_cast<size_t>(i)];
        access(state.gm[static_cast<size_t>(i)], MemoryName{nullptr, a.name}, static_cast<uint64_t>(first - a.begin),
               bytes, actor, write, call);
    }
}

/// ``rows`` runs of ``row_bytes`` bytes, ``stride`` bytes apart, of global memory from ``address`` (one
/// operation, e.g. a tile of a matrix in GM).
inline void global_rows(const void* address, uint64_t rows, uint64_t row_bytes, uint64_t stride, Actor actor,
                        bool write, const char* call) {
    if (!state.enabled) {
        return;
    }
    const auto* first = static_cast<const unsigned char*>(address);
    const int64_t i = gm_index(first);
    if (i >= 0) {
        const GmAllocation& a = gm_allocations[static_cast<size_t>(i)];
        access_rows(state.gm[static_cast<size_t>(i)], MemoryName{nullptr, a.name}, static_cast<uint64_t>(first - a.begin),
                    rows, row_bytes, stride, actor, write, call);
    }
}

// --- synchronisation -----------------------------------------------------------------------------------

inline Clock* slot(uint64_t key) {
    for (auto& entry : state.slots) {
        if (entry.first == key) {
            return &entry.second;
        }
    }
    return nullptr;
}

/// ``source`` signals: the slot remembers what it knows now.
inline void signal(uint64_t key, Actor source) {
    if (!state.enabled) {
        return;
    }
    issue(source);
    Clock* existing = slot(key);
    if (existing != nullptr) {
        *existing = state.clock[source];
    } else {
        state.slots.emplace_back(key, state.clock[source]);
    }
}

/// ``destination`` waits for the slot's signal (absent when nothing was signalled: the first alloc).
inline void await(uint64_t key, Actor destination) {
    if (!state.enabled) {
        return;
    }
    for (size_t i = 0; i < state.slots.size(); ++i) {
        if (state.slots[i].first == key) {
            state.clock[destination].merge(state.slots[i].second);
            const uint32_t own = state.slots[i].second.at[destination];  // a chain of flags back to itself
            state.done[destination] = state.done[destination] > own ? state.done[destination] : own;
            state.slots.erase(state.slots.begin() + static_cast<std::ptrdiff_t>(i));
            return;
        }
    }
}

/// Every actor has waited for every other (PipeBarrier<PIPE_ALL>, a blocking Matmul call).
inline void barrier_all() {
    if (!state.enabled) {
        return;
    }
    Clock all;
    for (const Clock& c : state.clock) {
        all.merge(c);
    }
    for (Clock& c : state.clock) {
        c = all;
    }
    for (int a = 0; a < ACTORS; ++a) {
        state.done[a] = state.epoch[a];
    }
}

/// PipeBarrier<pipe>: the pipe's earlier work completes before its later work starts.
inline void barrier(Actor actor) {
    if (state.enabled) {
        state.done[actor] = state.epoch[actor];
    }
}

/// ``destination`` has seen everything ``source`` did so far.
inline void import(Actor destination, Actor source) {
    if (state.enabled) {
        state.clock[destination].merge(state.clock[source]);
    }
}

/// The slot key of a user flag and of a queue buffer's implied event.
inline uint64_t flag_key(int event, int id) { return (uint64_t{1} << 62) | (uint64_t(event) << 8) | uint64_t(id); }
inline uint64_t queue_key(const void* queue, uint32_t buffer, bool free_event) {
    return (reinterpret_cast<uintptr_t>(queue) << 9) ^ (uint64_t{buffer} << 1) ^ (free_event ? 1u : 0u);
}

}  // namespace sync_check
}  // namespace ascx_emu
