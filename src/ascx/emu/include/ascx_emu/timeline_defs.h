// ascx host emulation: the bodies of timeline.h's shared functions (ASCX_EMU_SHARED, linkage.h).
// Clean-room; included at the end of timeline.h.  The model: docs/emulation.md#timeline.
#pragma once

#include <algorithm>
#include <fcntl.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>

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

inline Event blank(Core& c, uint8_t actor, uint8_t kind, const char* call, const char* file, int64_t line) {
    Event e{};
    e.call = call;
    e.file = file;
    e.line = line;
    e.core = c.index;
    e.cause = -1;
    e.flow = -1;
    e.actor = actor;
    e.kind = kind;
    return e;
}

inline int64_t push(Core& c, const Event& e) {
    c.events.push_back(e);
    return static_cast<int64_t>(c.events.size()) - 1;
}

}  // namespace detail

Core* begin_core(int64_t index) {
    std::lock_guard<std::mutex> lock(sink.mutex);
    if (!sink.on) {
        return nullptr;
    }
    Core& c = sink.cores[index];  // a map's elements stay where they are as others are added
    c.used = true;
    c.index = index;
    c.events.clear();
    c.slots.clear();
    c.flows = 0;
    for (int a = 0; a < 8; ++a) {
        c.free[a] = 0;
        c.setter[a] = -1;
        c.last_op[a] = -1;
    }
    return &c;
}

void access(Core& c, uint8_t actor, const char* call, const char* file, int64_t line, uint64_t bytes, bool write) {
    using namespace detail;
    std::vector<Event>& events = c.events;
    if (!events.empty()) {
        Event& last = events.back();
        if (last.kind == OP && last.actor == actor && last.call == call && last.line == line && last.file == file &&
            !(last.wrote && !write)) {  // one more access of the same operation
            (write ? last.bytes : last.read) += bytes;
            last.wrote = last.wrote || write;
            last.end = last.start + length(last);
            c.free[actor] = std::max(c.free[actor], last.end);
            return;
        }
    }
    Event e = blank(c, actor, OP, call, file, line);
    place(c, actor, issue(c), e);
    (write ? e.bytes : e.read) = bytes;
    e.wrote = write;
    e.end = e.start + length(e);
    const int64_t at = push(c, e);
    c.free[actor] = e.end;
    c.setter[actor] = at;
    c.last_op[actor] = at;
}

void work(Core& c, uint8_t actor, uint64_t macs, unsigned elem) {
    const int64_t at = c.last_op[actor];
    if (at < 0) {
        return;
    }
    Event& e = c.events[static_cast<size_t>(at)];
    e.macs += macs;
    e.elem = static_cast<uint8_t>(elem);
    e.end = e.start + detail::length(e);
    c.free[actor] = std::max(c.free[actor], e.end);
}

void signal(Core& c, uint64_t key, uint8_t source) {
    using namespace detail;
    Event e = blank(c, source, FLAG_SET, "set_flag", block.file, block.line);
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

void await(Core& c, uint64_t key, uint8_t destination) {
    using namespace detail;
    for (size_t i = 0; i < c.slots.size(); ++i) {
        if (c.slots[i].key != key) {
            continue;
        }
        const Slot slot = c.slots[i];
        c.slots.erase(c.slots.begin() + static_cast<std::ptrdiff_t>(i));
        Event e = blank(c, destination, FLAG_WAIT, "wait_flag", block.file, block.line);
        place(c, destination, issue(c), e);
        e.flow = slot.flow;
        c.events[static_cast<size_t>(slot.cause)].waited = 1;
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

void barrier_all(Core& c) {
    using namespace detail;
    Event e = blank(c, S, BARRIER_ALL, "PipeBarrier<PIPE_ALL>", block.file, block.line);
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

void join(Core& c, uint8_t destination, uint8_t source) {
    using namespace detail;
    if (c.free[source] <= c.free[destination]) {
        return;
    }
    Event e = blank(c, destination, JOIN, "wait", block.file, block.line);
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
    for (auto& entry : sink.cores) {
        entry.second.used = false;
    }
}

namespace detail {

/// Core ``index``'s events in the last launch (the sink's lock held), or none.
inline const std::vector<Event>& core_events(int64_t index) {
    static const std::vector<Event> none;
    auto it = sink.cores.find(index);
    return it == sink.cores.end() || !it->second.used ? none : it->second.events;
}

inline double events_end(const std::vector<Event>& events) {
    double end = 0;
    for (const Event& e : events) {
        end = std::max(end, e.end);
    }
    return end;
}

}  // namespace detail

int64_t cores(int64_t* indices, double* ends, int64_t max) {
    std::lock_guard<std::mutex> lock(sink.mutex);
    int64_t n = 0;
    for (const auto& [index, c] : sink.cores) {
        if (!c.used) {
            continue;
        }
        if (n < max) {
            indices[n] = index;
            ends[n] = detail::events_end(c.events);
        }
        ++n;
    }
    return n;
}

int64_t core_size(int64_t index) {
    std::lock_guard<std::mutex> lock(sink.mutex);
    return static_cast<int64_t>(detail::core_events(index).size());
}

void copy_core(int64_t index, Event* out) {
    std::lock_guard<std::mutex> lock(sink.mutex);
    const std::vector<Event>& events = detail::core_events(index);
    std::copy(events.begin(), events.end(), out);
}

namespace detail {

/// Text built by hand (no printf, no out-of-line appends) and written out in one go.
class Text {
public:
    explicit Text(size_t reserve) : buffer_(own_) { buffer_.resize(reserve); }
    /// Into ``buffer``, whose memory a writer keeps from launch to launch: a trace of a few hundred kilobytes
    /// in fresh memory costs as many page faults as its formatting.
    explicit Text(std::string& buffer) : buffer_(buffer) {}

    template <size_t N>
    Text& operator<<(const char (&literal)[N]) {  // a literal's length is known: no strlen
        put(literal, N - 1);
        return *this;
    }
    Text& operator<<(const char* text) {
        put(text, std::strlen(text));
        return *this;
    }
    Text& operator<<(char c) {
        reserve(1);
        buffer_[size_++] = c;
        return *this;
    }
    Text& integer(long long value) {
        if (value < 0) {
            *this << '-';
            value = -value;  // the trace's integers are far from LLONG_MIN
        }
        char digits[24];
        const int length = digits_of(static_cast<unsigned long long>(value), digits);
        put(digits + sizeof digits - length, static_cast<size_t>(length));
        return *this;
    }
    /// ``units`` / 10^``decimals`` written with that many decimals, at least one (JSON reads it as a float).
    Text& decimal(long long units, int decimals) {
        if (units < 0) {
            *this << '-';
            units = -units;
        }
        char digits[24];
        const int length = digits_of(static_cast<unsigned long long>(units), digits);
        const char* first = digits + sizeof digits - length;
        const int whole = length - decimals;
        reserve(static_cast<size_t>(std::max(length, decimals) + 3));
        if (whole > 0) {
            put(first, static_cast<size_t>(whole));
        } else {
            *this << '0';
        }
        *this << '.';
        if (decimals == 0) {
            *this << '0';
        }
        for (int i = whole; i < 0; ++i) {
            *this << '0';
        }
        const int from = std::max(whole, 0);
        put(first + from, static_cast<size_t>(length - from));
        return *this;
    }
    /// ``value`` as Python's ``repr`` of a float writes it when it is below 1e16 (the shortest digits that
    /// read back as ``value``, and ``.0`` after a whole number).
    Text& shortest(double value) {
        if (value >= 0 && value < 1e15 && value == std::floor(value)) {  // a whole number (the usual cycles)
            integer(static_cast<long long>(value)) << ".0";
            return *this;
        }
        char digits[64];
        const char* end = std::to_chars(digits, digits + sizeof digits, value, std::chars_format::fixed).ptr;
        put(digits, static_cast<size_t>(end - digits));
        if (std::memchr(digits, '.', static_cast<size_t>(end - digits)) == nullptr) {
            *this << ".0";
        }
        return *this;
    }
    /// ``value`` as Python's ``format(value, ".Nf")`` writes it (both round the binary value exactly).
    Text& fixed(double value, int decimals) {
        char digits[400];
        put(digits, static_cast<size_t>(
                        std::to_chars(digits, digits + sizeof digits, value, std::chars_format::fixed, decimals).ptr -
                        digits));
        return *this;
    }
    Text& append(const std::string& text) {
        put(text.data(), text.size());
        return *this;
    }
    /// ``text`` inside a JSON string.
    Text& json_escaped(const char* text) {
        for (const char* c = text != nullptr ? text : ""; *c != '\0'; ++c) {
            const auto byte = static_cast<unsigned char>(*c);
            if (*c == '"' || *c == '\\') {
                *this << '\\' << *c;
            } else if (byte < 0x20) {
                static const char hex[] = "0123456789abcdef";
                const char escaped[] = {'\\', 'u', '0', '0', hex[byte >> 4], hex[byte & 15]};
                put(escaped, sizeof escaped);
            } else {
                *this << *c;
            }
        }
        return *this;
    }
    /// ``text`` as Python's ``html.escape`` writes it.
    Text& html_escaped(const char* text) {
        for (const char* c = text != nullptr ? text : ""; *c != '\0'; ++c) {
            switch (*c) {
                case '&': *this << "&amp;"; break;
                case '<': *this << "&lt;"; break;
                case '>': *this << "&gt;"; break;
                case '"': *this << "&quot;"; break;
                case '\'': *this << "&#x27;"; break;
                default: *this << *c;
            }
        }
        return *this;
    }
    std::string str() const { return buffer_.substr(0, size_); }
    size_t size() const { return size_; }

private:
    /// ``value``'s decimal digits at the end of ``out`` (two at a time from a table); how many.
    static int digits_of(unsigned long long value, char (&out)[24]) {
        static constexpr char pairs[] =
            "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
            "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
            "8081828384858687888990919293949596979899";
        char* at = out + sizeof out;
        while (value >= 100) {
            const auto pair = static_cast<size_t>(value % 100) * 2;
            value /= 100;
            *--at = pairs[pair + 1];
            *--at = pairs[pair];
        }
        if (value >= 10) {
            *--at = pairs[value * 2 + 1];
            *--at = pairs[value * 2];
        } else {
            *--at = static_cast<char>('0' + value);
        }
        return static_cast<int>(out + sizeof out - at);
    }
    void reserve(size_t more) {
        if (size_ + more > buffer_.size()) {
            buffer_.resize(std::max(buffer_.size() * 2, size_ + more + 4096));
        }
    }
    void put(const char* text, size_t length) {
        reserve(length);
        std::memcpy(&buffer_[size_], text, length);
        size_ += length;
    }

    std::string own_;
    std::string& buffer_;
    size_t size_ = 0;
};

/// ``path`` made or emptied, then ``count`` pieces of text written to it in as few ``writev`` calls as it takes:
/// 0, or the errno of the failure.
inline int write_file(const char* path, const char* const* texts, const int64_t* sizes, int64_t count) {
    const int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) {
        return errno != 0 ? errno : EIO;
    }
    std::vector<iovec> left;
    for (int64_t i = 0; i < count; ++i) {
        if (sizes[i] > 0) {
            left.push_back(iovec{const_cast<char*>(texts[i]), static_cast<size_t>(sizes[i])});
        }
    }
    int status = 0;
    size_t at = 0;
    while (at < left.size()) {
        const ssize_t n = ::writev(fd, left.data() + at, static_cast<int>(std::min<size_t>(left.size() - at, 1024)));
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            status = errno != 0 ? errno : EIO;
            break;
        }
        auto done = static_cast<size_t>(n);
        while (at < left.size() && done >= left[at].iov_len) {
            done -= left[at].iov_len;
            ++at;
        }
        if (at < left.size()) {  // a short write: the rest of this piece next
            left[at].iov_base = static_cast<char*>(left[at].iov_base) + done;
            left[at].iov_len -= done;
        }
    }
    if (::close(fd) != 0 && status == 0) {
        status = errno != 0 ? errno : EIO;
    }
    return status;
}

const char* const ACTOR_NAMES[] = {"S", "V", "MTE1", "MTE2", "MTE3", "M", "FIX", "CUBE"};

inline const char* kind_name(uint8_t kind) {
    static const char* const names[] = {"op", "set_flag", "wait_flag", "barrier", "wait"};
    return kind < 5 ? names[kind] : "?";
}

/// The kernel's file behind ``file``: its relocation token (``@ascx-file-N@``) replaced by ``files[N]``.
inline const char* file_name(const char* file, const char* const* files, int64_t count) {
    static const char prefix[] = "@ascx-file-";
    if (file == nullptr || std::strncmp(file, prefix, sizeof prefix - 1) != 0) {
        return file;
    }
    int64_t index = 0;
    const char* end = std::from_chars(file + sizeof prefix - 1, file + std::strlen(file), index).ptr;
    return end[0] == '@' && end[1] == '\0' && index >= 0 && index < count ? files[index] : file;
}

/// The middle of a span's or an instant's trace object, the same for every event of one call site: from its name to
/// its ``line`` argument (``,"name":"Add","ph":"X","args":{"line":"k.py:62"``), made once per site and launch.
class Sites {
public:
    Sites(const char* const* files, int64_t count) : files_(files), count_(count) {}

    /// ``e``'s middle, named ``name``; ``instant``: an instant's (else a span's).  Whether it has an argument is
    /// whether ``e`` names a file.
    const std::string& of(const Event& e, const char* name, bool instant) {
        uint64_t hash = reinterpret_cast<uintptr_t>(name) ^ (reinterpret_cast<uintptr_t>(e.file) << 1) ^
                        (static_cast<uint64_t>(e.line) << 17) ^ (instant ? 1u : 0u);
        hash *= 0x9e3779b97f4a7c15ull;  // Fibonacci hashing: the high bits mix every bit of the key
        for (size_t probe = 0, at = hash >> 55; probe < SIZE; ++probe, at = (at + 1) % SIZE) {
            Entry& entry = table_[at];
            if (!entry.made) {
                entry = Entry{true, name, e.file, e.line, instant, middle(e, name, instant)};
                return entry.text;
            }
            if (entry.name == name && entry.file == e.file && entry.line == e.line && entry.instant == instant) {
                return entry.text;
            }
        }
        spare_ = middle(e, name, instant);  // more sites than the table holds: made each time
        return spare_;
    }

private:
    std::string middle(const Event& e, const char* name, bool instant) const {
        Text out(64);
        out << ",\"name\":\"";
        out.json_escaped(name) << (instant ? "\",\"ph\":\"i\"" : "\",\"ph\":\"X\"") << ",\"args\":{";
        if (e.file != nullptr) {
            out << "\"line\":\"";
            out.json_escaped(file_name(e.file, files_, count_)) << ':';
            out.integer(e.line) << '"';
        }
        return out.str();
    }

    static constexpr size_t SIZE = 512;  // hash >> 55: nine bits
    struct Entry {
        bool made = false;
        const char* name = nullptr;
        const char* file = nullptr;
        int64_t line = 0;
        bool instant = false;
        std::string text;
    };
    const char* const* files_;
    int64_t count_;
    Entry table_[SIZE];
    std::string spare_;
};

/// How the trace writes times: microseconds with the fewest decimals that keep a cycle's steps apart (a grid of
/// at most half a cycle), each time rounded on that grid once, so that a span ends where its time does.
struct Clock {
    explicit Clock(double cycles_per_us) : per_us(cycles_per_us) {
        // a decimal more until the grid (1 / scale microseconds) is at most half a cycle
        while (decimals < 15 && per_us > 0 && scale / per_us < 2.0) {
            scale *= 10;
            ++decimals;
        }
    }
    /// ``cycles`` on the grid, rounded half up (times are never negative).
    long long units(double cycles) const { return static_cast<long long>(cycles / per_us * scale + 0.5); }

    double per_us;
    double scale = 1;
    int decimals = 0;
};

/// The start of one trace object of process ``pid``: its pid, tid and ts up to the ts's value, for each tid.
class Heads {
public:
    explicit Heads(int64_t pid) {
        for (uint8_t actor = 0; actor < 8; ++actor) {
            Text head(32);
            head << ",{\"pid\":";
            head.integer(pid) << ",\"tid\":";
            head.integer(actor) << ",\"ts\":";
            heads_[actor] = head.str();
        }
    }
    const std::string& operator[](uint8_t actor) const { return heads_[actor & 7]; }

private:
    std::string heads_[8];
};

/// The start of one trace object: pid, tid and ts.
inline void head(Text& out, const Heads& heads, uint8_t actor, long long ts, const Clock& clock) {
    out.append(heads[actor]).decimal(ts, clock.decimals);
}

/// One event's trace objects (ascx/emu/timeline/trace.py writes the processes' and threads' names, and the
/// files' full names).  Arguments that would be zero or empty are left out; a flow's id is unique in the trace
/// (its core's flow times ``pids``, plus its process).
inline void event_json(Text& out, const Event& e, int64_t pid, int64_t pids, const Heads& heads, const Clock& clock,
                       Sites& sites) {
    const bool span = e.kind == OP || (e.kind != FLAG_SET && e.end > e.start);
    const bool instant = e.kind == FLAG_SET;
    const long long start = clock.units(e.start);
    if (span || instant) {
        head(out, heads, e.actor, start, clock);
        if (!instant) {  // "dur" before the name: the name, phase and line are one piece per call site
            out << ",\"dur\":";
            out.decimal(clock.units(e.end) - start, clock.decimals);
        }
        out.append(sites.of(e, e.kind == OP ? e.call : kind_name(e.kind), instant));
        char separator = e.file != nullptr ? ',' : '{';
        if (e.end > e.start) {
            out << (separator == ',' ? ",\"cycles\":" : "\"cycles\":");
            out.shortest(e.end - e.start);
            separator = ',';
        }
        if (e.bytes != 0) {
            out << (separator == ',' ? ",\"bytes_written\":" : "\"bytes_written\":");
            out.integer(static_cast<long long>(e.bytes));
            separator = ',';
        }
        if (e.read != 0) {
            out << (separator == ',' ? ",\"bytes_read\":" : "\"bytes_read\":");
            out.integer(static_cast<long long>(e.read));
            separator = ',';
        }
        if (e.macs != 0) {
            out << (separator == ',' ? ",\"macs\":" : "\"macs\":");
            out.integer(static_cast<long long>(e.macs));
            separator = ',';
        }
        if (e.kind == FLAG_WAIT || e.kind == JOIN || (e.kind == BARRIER_ALL && e.end > e.start)) {
            out << (separator == ',' ? ",\"waits_for\":\"" : "\"waits_for\":\"") << ACTOR_NAMES[e.other & 7] << '"';
        }
        out << "}}";
    }
    if (e.flow >= 0 && ((e.kind == FLAG_SET && e.waited != 0) || e.kind == FLAG_WAIT)) {
        head(out, heads, e.actor, e.kind == FLAG_SET ? start : clock.units(e.end), clock);
        out << ",\"name\":\"flag\",\"id\":";
        out.integer(static_cast<long long>(e.flow * pids + pid));
        out << (e.kind == FLAG_SET ? ",\"ph\":\"s\"}" : ",\"ph\":\"f\",\"bp\":\"e\"}");
    }
}

/// ``part`` of ``whole`` as Python's ``format(part / whole, ".0%")`` writes it.
inline void percent(Text& out, double part, double whole) {
    out.fixed(part / whole * 100.0, 0) << '%';
}

}  // namespace detail

int64_t format_trace(int64_t pid_base, int64_t pids, double cycles_per_us, const char* const* files,
                     int64_t file_count, const char** out) {
    std::lock_guard<std::mutex> lock(sink.mutex);
    size_t events = 0;
    for (const auto& entry : sink.cores) {
        events += entry.second.used ? entry.second.events.size() : 0;
    }
    if (sink.trace.size() < events * 256) {
        sink.trace.resize(events * 256);
    }
    detail::Text text(sink.trace);
    detail::Sites sites(files, file_count);
    const detail::Clock clock(cycles_per_us);
    for (const auto& [index, c] : sink.cores) {
        if (!c.used) {
            continue;
        }
        const int64_t pid = pid_base + index;
        const detail::Heads heads(pid);
        for (const Event& e : c.events) {
            detail::event_json(text, e, pid, pids, heads, clock, sites);
        }
    }
    *out = sink.trace.data();
    return static_cast<int64_t>(text.size());
}

int64_t format_svg(int64_t index, const char* title, const char** out_text) {
    using namespace detail;
    static const char* const colours[] = {"#9e9e9e", "#4caf50", "#ff9800", "#2196f3",
                                          "#9c27b0", "#f44336", "#795548", "#e91e63"};
    constexpr int width = 960, left = 60, row = 22, top = 28;
    std::lock_guard<std::mutex> lock(sink.mutex);
    const std::vector<Event>& events = core_events(index);
    const double end = events_end(events);
    const double scale = (width - left - 10) / (end > 0 ? end : 1.0);
    bool drawn[8] = {};
    for (const Event& e : events) {
        drawn[e.actor & 7] = drawn[e.actor & 7] || e.kind == OP;
    }
    const int rows = static_cast<int>(std::count(std::begin(drawn), std::end(drawn), true));
    Text out(sink.svg);
    out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"960\" height=\"";
    out.integer(top + row * rows + 8) << "\" font-family=\"sans-serif\" font-size=\"11\">\n<text x=\"4\" y=\"14\">";
    out << title << ": ";
    out.fixed(end, 0) << " modelled cycles (relative, not measured)</text>";
    int y = top;
    for (uint8_t actor = 0; actor < 8; ++actor) {
        if (!drawn[actor]) {
            continue;
        }
        out << "\n<text x=\"4\" y=\"";
        out.integer(y + 14) << "\">" << ACTOR_NAMES[actor] << "</text>\n<line x1=\"60\" y1=\"";
        out.integer(y + row - 2) << "\" x2=\"950\" y2=\"";
        out.integer(y + row - 2) << "\" stroke=\"#ddd\"/>";
        for (const Event& e : events) {
            if (e.actor != actor || e.kind != OP) {
                continue;
            }
            out << "\n<rect x=\"";
            out.fixed(left + e.start * scale, 2) << "\" y=\"";
            out.integer(y + 2) << "\" width=\"";
            out.fixed(std::max(0.5, (e.end - e.start) * scale), 2) << "\" height=\"16\" fill=\"" << colours[actor];
            out << "\"><title>";
            out.html_escaped(e.call) << " [";
            out.fixed(e.start, 0) << ", ";
            out.fixed(e.end, 0) << ")</title></rect>";
        }
        y += row;
    }
    out << "\n</svg>\n";
    *out_text = sink.svg.data();
    return static_cast<int64_t>(out.size());
}

int64_t format_summary(int64_t index, int64_t steps, const char* const* files, int64_t file_count, const char** out) {
    using namespace detail;
    std::lock_guard<std::mutex> lock(sink.mutex);
    const std::vector<Event>& events = core_events(index);
    const double end = events_end(events);
    Text text(sink.summary);
    if (end > 0) {
        double busy[8] = {};
        std::vector<std::pair<double, int>> edges;
        for (const Event& e : events) {
            if (e.kind == OP) {
                busy[e.actor & 7] += e.end - e.start;
                if (e.actor != S && e.end > e.start) {
                    edges.emplace_back(e.start, 1);
                    edges.emplace_back(e.end, -1);
                }
            }
        }
        int order[8] = {0, 1, 2, 3, 4, 5, 6, 7};
        std::stable_sort(std::begin(order), std::end(order), [&](int a, int b) { return busy[a] > busy[b]; });
        text << "    busy: ";
        bool first = true;
        for (int a : order) {
            if (busy[a] > 0) {
                text << (first ? "" : ", ") << ACTOR_NAMES[a] << ' ';
                percent(text, busy[a], end);
                first = false;
            }
        }
        std::sort(edges.begin(), edges.end());
        int running = 0;
        double since = 0, both = 0;
        for (const auto& [at, step] : edges) {
            if (running >= 2) {
                both += at - since;
            }
            running += step;
            since = at;
        }
        text << "\n    overlap (two or more pipes busy): ";
        percent(text, both, end);
        text << '\n';
    }
    std::vector<const Event*> path;
    if (!events.empty()) {  // from the last event to end, each one's cause, back to one its issue decided
        int64_t at = 0;
        for (size_t i = 0; i < events.size(); ++i) {
            if (events[i].end >= events[static_cast<size_t>(at)].end) {
                at = static_cast<int64_t>(i);
            }
        }
        std::vector<bool> seen(events.size());
        while (at >= 0 && static_cast<size_t>(at) < events.size() && !seen[static_cast<size_t>(at)]) {
            seen[static_cast<size_t>(at)] = true;
            const Event& e = events[static_cast<size_t>(at)];
            if (e.kind == OP || e.end > e.start) {
                path.push_back(&e);
            }
            at = e.cause;
        }
        std::reverse(path.begin(), path.end());
    }
    if (!path.empty()) {
        const auto shown = std::min<size_t>(static_cast<size_t>(steps), path.size());
        text << "    critical path (first ";
        text.integer(static_cast<long long>(shown)) << " of ";
        text.integer(static_cast<long long>(path.size())) << " steps):\n";
        for (size_t i = 0; i < shown; ++i) {
            const Event& e = *path[i];
            const char* actor = ACTOR_NAMES[e.actor & 7];
            text << "      " << actor;
            for (size_t pad = std::strlen(actor); pad < 5; ++pad) {
                text << ' ';
            }
            text << ' ' << e.call << " [";
            text.fixed(e.start, 0) << ", ";
            text.fixed(e.end, 0) << ')';
            const char* file = file_name(e.file, files, file_count);
            if (file != nullptr && *file != '\0') {
                const char* slash = std::strrchr(file, '/');
                text << " (" << (slash != nullptr ? slash + 1 : file) << ':';
                text.integer(e.line) << ')';
            }
            text << '\n';
        }
    }
    *out = sink.summary.data();
    return static_cast<int64_t>(text.size());
}

int write_profile(const char* const* paths, const char* const* before, const int64_t* before_sizes,
                  int64_t before_count, const char* const* after, const int64_t* after_sizes, int64_t after_count,
                  int64_t pid_base, int64_t pids, double cycles_per_us, const char* const* files, int64_t file_count,
                  int64_t core, const char* title, const char* summary_head, int64_t steps, const char** core_lines,
                  int64_t* core_lines_size, int64_t* failed) {
    const char* events = nullptr;
    const char* svg = nullptr;
    const int64_t events_size = format_trace(pid_base, pids, cycles_per_us, files, file_count, &events);
    const int64_t svg_size = format_svg(core, title, &svg);
    *core_lines_size = format_summary(core, steps, files, file_count, core_lines);
    std::vector<const char*> texts(before, before + before_count);
    std::vector<int64_t> sizes(before_sizes, before_sizes + before_count);
    texts.push_back(events);
    sizes.push_back(events_size);
    texts.insert(texts.end(), after, after + after_count);
    sizes.insert(sizes.end(), after_sizes, after_sizes + after_count);
    const int64_t trace_pieces = static_cast<int64_t>(texts.size());
    texts.insert(texts.end(), {svg, summary_head, *core_lines});
    sizes.insert(sizes.end(), {svg_size, static_cast<int64_t>(std::strlen(summary_head)), *core_lines_size});
    const int64_t pieces[] = {trace_pieces, 1, 2};
    int64_t next = 0;
    for (int64_t i = 0; i < 3; ++i) {
        const int status = detail::write_file(paths[i], texts.data() + next, sizes.data() + next, pieces[i]);
        next += pieces[i];
        if (status != 0) {
            *failed = i;
            return status;
        }
    }
    return 0;
}

}  // namespace timeline
}  // namespace ascx_emu
