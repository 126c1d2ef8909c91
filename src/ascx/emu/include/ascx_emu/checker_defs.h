// ascx host emulation: the bodies of checker.h's shared functions (ASCX_EMU_SHARED, linkage.h), which a
// kernel built with -DASCX_EMU_THIN links from runtime.o instead of compiling.  Clean-room; included at
// the end of checker.h.
#pragma once

namespace ascx_emu {
namespace sync_check {

uint32_t site(const char* call) {
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

const char* where(uint32_t s, char* buffer, size_t size) {
    const Site& at = state.sites[s];
    if (at.file != nullptr) {
        std::snprintf(buffer, size, " (%s:%d)", at.file, at.line);
    } else {
        buffer[0] = '\0';
    }
    return buffer;
}

uint32_t issue(Actor actor) {
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

void check_record(const Granule& granule, const Clock& known, uint32_t done, bool same_pipe, const MemoryName& name,
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

void access_granules(Shadow& shadow, const MemoryName& name, uint64_t first, uint64_t last, Actor actor,
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

void access(Shadow& shadow, const MemoryName& name, uint64_t offset, uint64_t bytes, Actor actor, bool write,
                   const char* call) {
    if (!state.enabled || bytes == 0) {
        return;
    }
    const uint32_t e = issue(actor);
    const uint32_t here = site(call);
#if ASCX_EMU_TIMELINE
    if (state.timeline) {
        const Site& at = state.sites[here];
        timeline::access(*state.timeline, actor, call, at.file, at.line, bytes, write);
    }
#endif
    access_granules(shadow, name, offset / GRANULE, (offset + bytes + GRANULE - 1) / GRANULE, actor, write, call, e,
                    here);
}

void access_rows(Shadow& shadow, const MemoryName& name, uint64_t offset, uint64_t rows, uint64_t row_bytes,
                        uint64_t stride, Actor actor, bool write, const char* call) {
    if (!state.enabled || rows == 0 || row_bytes == 0) {
        return;
    }
    const uint32_t e = issue(actor);
    const uint32_t here = site(call);
#if ASCX_EMU_TIMELINE
    if (state.timeline) {
        const Site& at = state.sites[here];
        timeline::access(*state.timeline, actor, call, at.file, at.line, rows * row_bytes, write);
    }
#endif
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

void local(Memory memory, uint64_t byte_offset, uint64_t bytes, Actor actor, bool write, const char* call) {
    if (memory == Memory::UB) {  // CheckLocalMemoryIA's exception registers watch the UB, checker on or off
        ia_check(byte_offset, bytes, actor == S ? 0 : actor == V ? 1 : 2, write, call);
    }
    if (state.enabled) {
        access(state.on_chip[static_cast<int>(memory)], MemoryName{memory_name(memory), nullptr}, byte_offset, bytes,
               actor, write, call);
    }
}

void local_rows(Memory memory, uint64_t byte_offset, uint64_t rows, uint64_t row_bytes, uint64_t stride,
                       Actor actor, bool write, const char* call) {
    if (state.enabled) {
        access_rows(state.on_chip[static_cast<int>(memory)], MemoryName{memory_name(memory), nullptr}, byte_offset, rows,
                    row_bytes, stride, actor, write, call);
    }
}

int64_t gm_index(const unsigned char* address) {
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

void global(const void* address, uint64_t bytes, Actor actor, bool write, const char* call) {
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

void global_rows(const void* address, uint64_t rows, uint64_t row_bytes, uint64_t stride, Actor actor,
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

Clock* slot(uint64_t key) {
    for (auto& entry : state.slots) {
        if (entry.first == key) {
            return &entry.second;
        }
    }
    return nullptr;
}

void signal(uint64_t key, Actor source) {
    if (!state.enabled) {
        return;
    }
    issue(source);
#if ASCX_EMU_TIMELINE
    if (state.timeline) {
        timeline::signal(*state.timeline, key, source);
    }
#endif
    Clock* existing = slot(key);
    if (existing != nullptr) {
        *existing = state.clock[source];
    } else {
        state.slots.emplace_back(key, state.clock[source]);
    }
}

void await(uint64_t key, Actor destination) {
    if (!state.enabled) {
        return;
    }
#if ASCX_EMU_TIMELINE
    if (state.timeline) {
        timeline::await(*state.timeline, key, destination);
    }
#endif
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

void barrier_all() {
    if (!state.enabled) {
        return;
    }
#if ASCX_EMU_TIMELINE
    if (state.timeline) {
        timeline::barrier_all(*state.timeline);
    }
#endif
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

void barrier(Actor actor) {
    if (state.enabled) {
        state.done[actor] = state.epoch[actor];
    }
}

void import(Actor destination, Actor source) {
    if (state.enabled) {
#if ASCX_EMU_TIMELINE
        if (state.timeline) {
            timeline::join(*state.timeline, destination, source);
        }
#endif
        state.clock[destination].merge(state.clock[source]);
    }
}

}  // namespace sync_check
}  // namespace ascx_emu
