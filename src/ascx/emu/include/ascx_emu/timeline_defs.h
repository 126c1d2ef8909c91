// ascx host emulation: the bodies of timeline.h's shared functions (ASCX_EMU_SHARED, linkage.h).
// Clean-room; included at the end of timeline.h.  The model: docs/emulation.md#timeline.
#pragma once

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace ascx_emu {
namespace timeline {

namespace detail {

enum : uint8_t { S = 0, V, MTE1, MTE2, MTE3, M, FIX, CUBE };

inline double per(uint64_t amount, double rate) { return rate > 0 ? std::ceil(static_cast<double>(amount) / rate) : 0.0; }

inline double cube_rate(unsigned elem) {
    return sink.cost[elem <= 1 ? CUBE_MACS_1 : elem == 2 ? CUBE_MACS_2 : CUBE_MACS_4];
}

/// An operation's modelled cycles (docs/emulation.md#timeline: the cost table).
inline double length(const Event& e) {
    const double* c = sink.cost;
    const uint64_t moved = e.bytes > e.read ? e.bytes : e.read;
    switch (e.actor) {
        case S: return c[SCALAR_ACCESS];
        case V: return c[VECTOR_OVERHEAD] + per(e.bytes != 0 ? e.bytes : e.read, c[VECTOR_BYTES]);
        case MTE2: return c[MTE_OVERHEAD] + per(moved, c[MTE2_BYTES]);
        case MTE3: return c[MTE_OVERHEAD] + per(moved, c[MTE3_BYTES]);
        case MTE1: return c[MTE_OVERHEAD] + per(moved, c[MTE1_BYTES]);
        case FIX: return c[MTE_OVERHEAD] + per(moved, c[FIX_BYTES]);
        case M: return std::max(1.0, per(e.macs, cube_rate(e.elem)));
        default:  // CUBE: the AIC serving a Matmul client: its loads, its cube work and its writes
            return c[MTE_OVERHEAD] + per(e.read, c[MTE2_BYTES]) + per(e.macs, cube_rate(e.elem)) +
                   per(e.bytes, c[FIX_BYTES]);
    }
}

/// The scalar unit issues one more instruction: the time it is issued.
inline double issue(Core& c) {
    c.free[S] += sink.cost[SCALAR_ISSUE];
    return c.free[S];
}

/// An event on ``actor`` from the later of ``issued`` and the pipe being free: its start and cause.
inline void place(Core& c, uint8_t actor, double issued, Event& e) {
    if (actor != S && c.free[actor] > issued) {
        e.start = c.free[actor];
        e.cause = c.setter[actor];
    } else {
        e.start = issued;
        e.cause = c.setter[S];
    }
}

inline Event blank(Core& c, uint8_t actor, uint8_t kind, const char* call) {
    Event e{};
    e.call = call;
    e.file = block.file;
    e.line = block.line;
    e.core = c.index;
    e.cause = -1;
    e.flow = -1;
    e.actor = actor;
    e.kind = kind;
    return e;
}

inline int64_t push(Core& c, const Event& e) {
    c.events->push_back(e);
    return static_cast<int64_t>(c.events->size()) - 1;
}

}  // namespace detail

bool begin_core(int64_t index) {
    Core& c = core;
    c = Core{};
    c.index = index;
    for (int a = 0; a < 8; ++a) {
        c.setter[a] = -1;
        c.last_op[a] = -1;
    }
    std::lock_guard<std::mutex> lock(sink.mutex);
    c.on = sink.on;
    if (c.on) {
        std::vector<Event>& events = sink.cores[index];
        events.clear();
        c.events = &events;
    }
    return c.on;
}

void access(uint8_t actor, const char* call, uint64_t bytes, bool write) {
    using namespace detail;
    Core& c = core;
    std::vector<Event>& events = *c.events;
    if (!events.empty()) {
        Event& last = events.back();
        if (last.kind == OP && last.actor == actor && last.call == call && last.line == block.line &&
            last.file == block.file && !(last.wrote && !write)) {  // one more access of the same operation
            (write ? last.bytes : last.read) += bytes;
            last.wrote = last.wrote || write;
            last.end = last.start + length(last);
            c.free[actor] = std::max(c.free[actor], last.end);
            return;
        }
    }
    Event e = blank(c, actor, OP, call);
    place(c, actor, issue(c), e);
    (write ? e.bytes : e.read) = bytes;
    e.wrote = write;
    e.end = e.start + length(e);
    const int64_t at = push(c, e);
    c.free[actor] = e.end;
    c.setter[actor] = at;
    c.last_op[actor] = at;
}

void work(uint8_t actor, uint64_t macs, unsigned elem) {
    Core& c = core;
    const int64_t at = c.last_op[actor];
    if (at < 0) {
        return;
    }
    Event& e = (*c.events)[static_cast<size_t>(at)];
    e.macs += macs;
    e.elem = static_cast<uint8_t>(elem);
    e.end = e.start + detail::length(e);
    c.free[actor] = std::max(c.free[actor], e.end);
}

void signal(uint64_t key, uint8_t source) {
    using namespace detail;
    Core& c = core;
    Event e = blank(c, source, FLAG_SET, "set_flag");
    place(c, source, issue(c), e);
    e.end = e.start;
    e.flow = c.flows++;
    const int64_t at = push(c, e);
    const Slot slot{key, e.start + sink.cost[FLAG_LATENCY], at, e.flow};
    for (Slot& s : c.slots) {
        if (s.key == key) {
            s = slot;
            return;
        }
    }
    c.slots.push_back(slot);
}

void await(uint64_t key, uint8_t destination) {
    using namespace detail;
    Core& c = core;
    for (size_t i = 0; i < c.slots.size(); ++i) {
        if (c.slots[i].key != key) {
            continue;
        }
        const Slot slot = c.slots[i];
        c.slots.erase(c.slots.begin() + static_cast<std::ptrdiff_t>(i));
        Event e = blank(c, destination, FLAG_WAIT, "wait_flag");
        place(c, destination, issue(c), e);
        e.flow = slot.flow;
        (*c.events)[static_cast<size_t>(slot.cause)].waited = 1;
        if (slot.time > e.start) {
            e.end = slot.time;
            e.cause = slot.cause;
        } else {
            e.end = e.start;
        }
        const int64_t at = push(c, e);
        c.free[destination] = std::max(c.free[destination], e.end);
        c.setter[destination] = at;
        return;
    }
}

void barrier_all() {
    using namespace detail;
    Core& c = core;
    Event e = blank(c, S, BARRIER_ALL, "PipeBarrier<PIPE_ALL>");
    e.start = issue(c);
    e.end = e.start;
    e.cause = c.setter[S];
    for (uint8_t a = 0; a < 8; ++a) {
        if (c.free[a] > e.end) {
            e.end = c.free[a];
            e.cause = c.setter[a];
            e.other = a;
        }
    }
    const int64_t at = push(c, e);
    for (uint8_t a = 0; a < 8; ++a) {
        c.free[a] = e.end;
        c.setter[a] = at;
    }
}

void join(uint8_t destination, uint8_t source) {
    using namespace detail;
    Core& c = core;
    if (c.free[source] <= c.free[destination]) {
        return;
    }
    Event e = blank(c, destination, JOIN, "wait");
    e.start = c.free[destination];
    e.end = c.free[source];
    e.cause = c.setter[source];
    e.other = source;
    const int64_t at = push(c, e);
    c.free[destination] = e.end;
    c.setter[destination] = at;
}

void control(int on, const double* costs, int64_t count) {
    std::lock_guard<std::mutex> lock(sink.mutex);
    sink.on = on != 0;
    for (int64_t i = 0; i < COSTS && i < count; ++i) {
        sink.cost[i] = costs[i];
    }
    sink.cores.clear();
}

int64_t cores(int64_t* out, int64_t max) {
    std::lock_guard<std::mutex> lock(sink.mutex);
    int64_t n = 0;
    for (const auto& entry : sink.cores) {
        if (n < max) {
            out[n] = entry.first;
        }
        ++n;
    }
    return n;
}

int64_t core_size(int64_t index) {
    std::lock_guard<std::mutex> lock(sink.mutex);
    auto it = sink.cores.find(index);
    return it == sink.cores.end() ? 0 : static_cast<int64_t>(it->second.size());
}

void copy_core(int64_t index, Event* out) {
    std::lock_guard<std::mutex> lock(sink.mutex);
    auto it = sink.cores.find(index);
    if (it != sink.cores.end()) {
        std::copy(it->second.begin(), it->second.end(), out);
    }
}

double core_end(int64_t index) {
    std::lock_guard<std::mutex> lock(sink.mutex);
    double end = 0;
    auto it = sink.cores.find(index);
    if (it != sink.cores.end()) {
        for (const Event& e : it->second) {
            end = std::max(end, e.end);
        }
    }
    return end;
}

namespace detail {

inline void quoted(std::string& out, const char* text) {
    out += '"';
    for (const char* c = text != nullptr ? text : ""; *c != '\0'; ++c) {
        const auto byte = static_cast<unsigned char>(*c);
        if (*c == '"' || *c == '\\') {
            out += '\\';
            out += *c;
        } else if (byte < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", byte);
            out += escaped;
        } else {
            out += *c;
        }
    }
    out += '"';
}

inline const char* kind_name(uint8_t kind) {
    static const char* const names[] = {"op", "set_flag", "wait_flag", "barrier", "wait"};
    return kind < 5 ? names[kind] : "?";
}

inline void integer(std::string& out, long long value) {
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    out.append(digits, end);
}

/// ``value`` with six decimals (JSON reads it as a float), without printf.
inline void fixed6(std::string& out, double value) {
    const long long scaled = std::llround(value * 1e6);
    if (scaled < 0) {
        out += '-';
    }
    const long long magnitude = scaled < 0 ? -scaled : scaled;
    integer(out, magnitude / 1000000);
    char fraction[8];
    long long rest = magnitude % 1000000;
    for (int i = 5; i >= 0; --i) {
        fraction[i] = static_cast<char>('0' + rest % 10);
        rest /= 10;
    }
    out += '.';
    out.append(fraction, 6);
}

/// The start of one trace object: pid, tid and ts.
inline void head(std::string& out, int64_t pid, uint8_t actor, double ts) {
    if (!out.empty()) {
        out += ',';
    }
    out += "{\"pid\":";
    integer(out, pid);
    out += ",\"tid\":";
    integer(out, actor);
    out += ",\"ts\":";
    fixed6(out, ts);
}

/// One event's trace objects (ascx/emu/timeline/trace.py writes the processes' and threads' names).
inline void event_json(std::string& out, const Event& e, int64_t pid, double per_us) {
    static const char* const actors[] = {"S", "V", "MTE1", "MTE2", "MTE3", "M", "FIX", "CUBE"};
    const bool span = e.kind == OP || (e.kind != FLAG_SET && e.end > e.start);
    const bool instant = e.kind == FLAG_SET;
    if (span || instant) {
        head(out, pid, e.actor, e.start / per_us);
        out += ",\"name\":";
        quoted(out, e.kind == OP ? e.call : kind_name(e.kind));
        out += ",\"cat\":\"";
        out += kind_name(e.kind);
        if (instant) {
            out += "\",\"ph\":\"i\",\"s\":\"t\"";
        } else {
            out += "\",\"ph\":\"X\",\"dur\":";
            fixed6(out, (e.end - e.start) / per_us);
        }
        out += ",\"args\":{\"line\":\"";
        if (e.file != nullptr) {
            out.pop_back();
            quoted(out, e.file);
            out.pop_back();
            out += ':';
            integer(out, e.line);
        }
        out += "\",\"cycles\":";
        fixed6(out, e.end - e.start);
        if (e.kind == OP) {
            out += ",\"bytes_written\":";
            integer(out, static_cast<long long>(e.bytes));
            out += ",\"bytes_read\":";
            integer(out, static_cast<long long>(e.read));
            if (e.macs != 0) {
                out += ",\"macs\":";
                integer(out, static_cast<long long>(e.macs));
            }
        }
        if (e.kind == FLAG_WAIT || e.kind == JOIN || (e.kind == BARRIER_ALL && e.end > e.start)) {
            out += ",\"waits_for\":\"";
            out += actors[e.other & 7];
            out += '"';
        }
        out += "}}";
    }
    if (e.flow >= 0 && ((e.kind == FLAG_SET && e.waited != 0) || e.kind == FLAG_WAIT)) {
        head(out, pid, e.actor, (e.kind == FLAG_SET ? e.start : e.end) / per_us);
        out += ",\"name\":\"flag\",\"cat\":\"flag\",\"id\":";
        integer(out, static_cast<long long>(pid * (int64_t{1} << 32) + e.flow));
        out += e.kind == FLAG_SET ? ",\"ph\":\"s\"}" : ",\"ph\":\"f\",\"bp\":\"e\"}";
    }
}

}  // namespace detail

int64_t json(int64_t pid_base, double cycles_per_us) {
    std::lock_guard<std::mutex> lock(sink.mutex);
    std::string& out = sink.json;
    out.clear();
    for (const auto& entry : sink.cores) {
        for (const Event& e : entry.second) {
            detail::event_json(out, e, pid_base + entry.first, cycles_per_us);
        }
    }
    return static_cast<int64_t>(out.size());
}

void json_copy(char* out) {
    std::lock_guard<std::mutex> lock(sink.mutex);
    std::copy(sink.json.begin(), sink.json.end(), out);
    sink.json.clear();
    sink.json.shrink_to_fit();
}

}  // namespace timeline
}  // namespace ascx_emu
