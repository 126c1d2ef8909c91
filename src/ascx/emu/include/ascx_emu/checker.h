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
#pragma once

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

struct State {
    bool enabled = true;
    bool same_pipe_raw = true;  ///< a read of a write on the same pipe (not S) needs PipeBarrier<pipe> too
    uint32_t epoch[ACTORS] = {};
    Clock clock[ACTORS];
    uint32_t done[ACTORS] = {};  ///< each actor's own epochs known complete (a barrier, or a flag chain back)
    std::vector<Site> sites;
    std::vector<Granule> on_chip[static_cast<int>(Memory::COUNT)];
    std::vector<std::vector<Granule>> gm;  ///< one per entry of gm_allocations
    /// SetFlag snapshots: user flags by (event, id), implied queue events by (queue, buffer, kind).
    std::vector<std::pair<uint64_t, Clock>> slots;

    void reset(bool on, bool strict_same_pipe) {
        *this = State{};
        enabled = on;
        same_pipe_raw = strict_same_pipe;
        for (int m = 0; m < static_cast<int>(Memory::COUNT); ++m) {
            on_chip[m].assign(memory_capacity(static_cast<Memory>(m)) / GRANULE, Granule{});
        }
        for (const GmAllocation& a : gm_allocations) {
            gm.emplace_back(static_cast<size_t>((a.end - a.begin + GRANULE - 1) / GRANULE), Granule{});
        }
        sites.push_back(Site{"(nothing)", nullptr, 0});
    }
};

inline thread_local State state;

inline uint32_t site(const char* call) {
    state.sites.push_back(Site{call, block.file, block.line});
    return static_cast<uint32_t>(state.sites.size() - 1);
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
    if (actor != S) {
        const Clock& scalar = state.clock[S];
        for (int r = 0; r < ACTORS; ++r) {
            if (r == S) {
                continue;
            }
            uint32_t& known = r == actor ? state.done[actor] : state.clock[actor].at[r];
            known = known > scalar.at[r] ? known : scalar.at[r];
        }
    }
    const uint32_t e = ++state.epoch[actor];
    state.clock[actor].at[actor] = e;
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

[[noreturn]] inline void hazard(const Conflict& c, Actor actor, const char* call, const char* memory, uint64_t first,
                                uint64_t last, uint8_t other, uint32_t other_site) {
    char there[512];
    fail("%s hazard: %s (%s) %s %s bytes [%llu, %llu) %s by %s (%s)%s with no synchronisation between them", c.kind,
         call, actor_name(actor), c.verb, memory, static_cast<unsigned long long>(first),
         static_cast<unsigned long long>(last), c.earlier, state.sites[other_site].call, actor_name(other),
         where(other_site, there, sizeof there));
}

/// Check and record an access of ``bytes`` bytes at ``offset`` of a shadow array.
inline void access(std::vector<Granule>& shadow, const char* memory, uint64_t offset, uint64_t bytes, Actor actor,
                   bool write, const char* call) {
    if (!state.enabled || bytes == 0) {
        return;
    }
    const uint32_t e = issue(actor);
    const uint32_t here = site(call);
    const Clock& known = state.clock[actor];
    const uint64_t first = offset / GRANULE;
    const uint64_t last = (offset + bytes + GRANULE - 1) / GRANULE;
    for (uint64_t g = first; g < last && g < shadow.size(); ++g) {
        Granule& granule = shadow[g];
        const uint8_t w = granule.writer;
        if (w != NO_WRITER && w != actor && known.at[w] < granule.write_epoch) {
            hazard(write ? WAW : RAW, actor, call, memory, g * GRANULE, (g + 1) * GRANULE, w, granule.write_site);
        }
        if (!write && w == actor && actor != S && state.same_pipe_raw && state.done[actor] < granule.write_epoch) {
            hazard(SAME_PIPE_RAW, actor, call, memory, g * GRANULE, (g + 1) * GRANULE, w, granule.write_site);
        }
        if (write) {
            for (uint8_t q = 0; q < ACTORS; ++q) {
                if (q != actor && granule.read_epoch[q] > known.at[q]) {
                    hazard(WAR, actor, call, memory, g * GRANULE, (g + 1) * GRANULE, q, granule.read_site[q]);
                }
            }
            granule = Granule{};
            granule.writer = actor;
            granule.write_epoch = e;
            granule.write_site = here;
        } else {
            granule.read_epoch[actor] = e;
            granule.read_site[actor] = here;
        }
    }
}

/// An access to local memory ``memory`` at ``byte_offset``.
inline void local(Memory memory, uint64_t byte_offset, uint64_t bytes, Actor actor, bool write, const char* call) {
    if (memory == Memory::UB) {  // CheckLocalMemoryIA's exception registers watch the UB, checker on or off
        ia_check(byte_offset, bytes, actor == S ? 0 : actor == V ? 1 : 2, write, call);
    }
    if (state.enabled) {
        access(state.on_chip[static_cast<int>(memory)], memory_name(memory), byte_offset, bytes, actor, write, call);
    }
}

/// An access to global memory at ``address``.
inline void global(const void* address, uint64_t bytes, Actor actor, bool write, const char* call) {
    if (!state.enabled) {
        return;
    }
    const auto* first = static_cast<const unsigned char*>(address);
    for (size_t i = 0; i < gm_allocations.size() && i < state.gm.size(); ++i) {
        const GmAllocation& a = gm_allocations[i];
        if (first >= a.begin && first < a.end) {
            char name[160];
            std::snprintf(name, sizeof name, "GM '%s'", a.name);
            access(state.gm[i], name, static_cast<uint64_t>(first - a.begin), bytes, actor, write, call);
            return;
        }
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
