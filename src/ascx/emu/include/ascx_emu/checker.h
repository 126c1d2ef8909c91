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
// Speed: an access is checked and recorded once per range of bytes (access() walks the granules of
// the range in one loop), and a region of rows (a tile of a matrix) is one access (rows()).  The
// shadow of each memory is kept in pages allocated on first touch and cleared, when the next core
// starts, only where they were touched, so a core pays for the memory it uses, not for the size of
// the arrays it was given.  Call sites are interned: an access adds no record when its call and line
// were seen before.
#pragma once

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
};

constexpr uint64_t GRANULE = 32;

/// The granules of one memory (an on-chip memory or a GM buffer), in pages of PAGE granules that are
/// allocated when first touched and cleared by reset() only where they were touched.
class Shadow {
public:
    static constexpr uint64_t PAGE = 256;

    /// A shadow of ``granules`` granules, all untouched.
    void resize(uint64_t granules) {
        reset();
        granules_ = granules;
        const size_t pages = static_cast<size_t>((granules + PAGE - 1) / PAGE);
        if (pages_.size() > pages) {  // keep the pages for the next memory of this thread
            for (size_t p = pages; p < pages_.size(); ++p) {
                if (pages_[p] != nullptr) {
                    spare_.push_back(std::move(pages_[p]));
                }
            }
        }
        pages_.resize(pages);
    }
    uint64_t size() const { return granules_; }
    /// Every touched granule back to "never accessed".
    void reset() {
        for (uint32_t p : touched_) {
            std::fill(pages_[p].get(), pages_[p].get() + PAGE, Granule{});
            dirty_[p / 64] &= ~(uint64_t{1} << (p % 64));
        }
        touched_.clear();
    }
    /// The page of granule ``g`` (allocated and marked touched); granules ``[g, page end)`` follow it.
    Granule* page_of(uint64_t g) {
        const uint32_t p = static_cast<uint32_t>(g / PAGE);
        if (pages_[p] == nullptr) {
            if (!spare_.empty()) {
                pages_[p] = std::move(spare_.back());
                spare_.pop_back();
            } else {
                pages_[p].reset(new Granule[PAGE]);
            }
        }
        if (dirty_.size() <= p / 64) {
            dirty_.resize(p / 64 + 1, 0);
        }
        if ((dirty_[p / 64] & (uint64_t{1} << (p % 64))) == 0) {
            dirty_[p / 64] |= uint64_t{1} << (p % 64);
            touched_.push_back(p);
        }
        return pages_[p].get();
    }
    /// Granule ``g`` (for the per-element reference paths and tests).
    Granule& operator[](uint64_t g) { return page_of(g)[g % PAGE]; }

private:
    uint64_t granules_ = 0;
    std::vector<std::unique_ptr<Granule[]>> pages_;
    std::vector<std::unique_ptr<Granule[]>> spare_;
    std::vector<uint32_t> touched_;
    std::vector<uint64_t> dirty_;
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

    /// A new core: everything forgotten (the shadow pages stay allocated for reuse).
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

/// Check and record the granules [first, last) of ``shadow`` for one access (epoch ``e``, site ``here``).
inline void access_granules(Shadow& shadow, const MemoryName& name, uint64_t first, uint64_t last, Actor actor,
                            bool write, const char* call, uint32_t e, uint32_t here) {
    State& st = state;
    const Clock known = st.clock[actor];
    const uint32_t done = st.done[actor];
    const bool same_pipe = !write && actor != S && st.same_pipe_raw;
    last = last < shadow.size() ? last : shadow.size();
    for (uint64_t g = first; g < last;) {
        Granule* page = shadow.page_of(g);
        const uint64_t page_end = std::min(last, (g / Shadow::PAGE + 1) * Shadow::PAGE);
        Granule* granule = page + g % Shadow::PAGE;
        for (; g < page_end; ++g, ++granule) {
            const uint8_t w = granule->writer;
            if (w != NO_WRITER) {
                if (w != actor) {
                    if (known.at[w] < granule->write_epoch) {
                        hazard(write ? WAW : RAW, actor, call, name, g * GRANULE, (g + 1) * GRANULE, w,
                               granule->write_site);
                    }
                } else if (same_pipe && done < granule->write_epoch) {
                    hazard(SAME_PIPE_RAW, actor, call, name, g * GRANULE, (g + 1) * GRANULE, w, granule->write_site);
                }
            }
            if (write) {
                uint32_t late = 0;
                for (uint8_t q = 0; q < ACTORS; ++q) {
                    late |= static_cast<uint32_t>(q != actor && granule->read_epoch[q] > known.at[q]) << q;
                }
                if (late != 0) {
                    for (uint8_t q = 0; q < ACTORS; ++q) {
                        if ((late >> q) & 1u) {
                            hazard(WAR, actor, call, name, g * GRANULE, (g + 1) * GRANULE, q, granule->read_site[q]);
                        }
                    }
                }
                *granule = Granule{};
                granule->writer = actor;
                granule->write_epoch = e;
                granule->write_site = here;
            } else {
                granule->read_epoch[actor] = e;
                granule->read_site[actor] = here;
            }
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
