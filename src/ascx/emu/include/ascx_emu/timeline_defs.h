// ascx host emulation: the bodies of timeline.h's shared functions (ASCX_EMU_SHARED, linkage.h).
// Clean-room; included at the end of timeline.h.  The model: docs/emulation.md#timeline.
#pragma once

#include <algorithm>
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
        reserve(24);
        size_ = static_cast<size_t>(std::to_chars(&buffer_[size_], &buffer_[size_] + 24, value).ptr - buffer_.data());
        return *this;
    }
    /// ``units`` / 10^``decimals`` written with that many decimals, at least one (JSON reads it as a float).
    Text& decimal(long long units, int decimals) {
        if (units < 0) {
            *this << '-';
            units = -units;
        }
        char digits[24];
        const auto length = static_cast<int>(std::to_chars(digits, digits + sizeof digits, units).ptr - digits);
        const int whole = length - decimals;
        reserve(static_cast<size_t>(std::max(length, decimals) + 3));
        if (whole > 0) {
            put(digits, static_cast<size_t>(whole));
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
        put(digits + from, static_cast<size_t>(length - from));
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

    /// Everything to ``fd``: 0, or the errno of the failed write.
    int write_to(int fd) const {
        size_t done = 0;
        while (done < size_) {
            const ssize_t n = ::write(fd, buffer_.data() + done, size_ - done);
            if (n < 0) {
                if (errno == EINTR) {
                    continue;
                }
                return errno != 0 ? errno : EIO;
            }
            done += static_cast<size_t>(n);
        }
        return 0;
    }

private:
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

/// Each C string's text as the trace writes it (a file restored), made once per launch: the events name a few.
class Names {
public:
    Names(const char* const* files, int64_t count) : files_(files), count_(count) {}

    /// ``call`` inside a JSON string.
    const std::string& call(const char* call) { return find(call, [&](Text& out) { out.json_escaped(call); }); }

    /// ``file`` restored, inside a JSON string, then ``:``.
    const std::string& file(const char* file) {
        return find(file, [&](Text& out) { out.json_escaped(file_name(file, files_, count_)) << ':'; });
    }

private:
    template <typename Make>
    const std::string& find(const char* key, Make make) {
        for (const auto& [at, text] : known_) {
            if (at == key) {
                return text;
            }
        }
        Text out(64);
        make(out);
        known_.emplace_back(key, out.str());
        return known_.back().second;
    }

    const char* const* files_;
    int64_t count_;
    std::vector<std::pair<const char*, std::string>> known_;
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
    long long units(double cycles) const { return std::llround(cycles / per_us * scale); }

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
                       Names& names) {
    const bool span = e.kind == OP || (e.kind != FLAG_SET && e.end > e.start);
    const bool instant = e.kind == FLAG_SET;
    const long long start = clock.units(e.start);
    if (span || instant) {
        head(out, heads, e.actor, start, clock);
        out << ",\"name\":\"";
        out.append(names.call(e.kind == OP ? e.call : kind_name(e.kind)));
        if (instant) {
            out << "\",\"ph\":\"i\"";  // no "s": an instant's scope is its thread unless it says otherwise
        } else {
            out << "\",\"ph\":\"X\",\"dur\":";
            out.decimal(clock.units(e.end) - start, clock.decimals);
        }
        out << ",\"args\":";
        char separator = '{';
        if (e.file != nullptr) {
            out << separator << "\"line\":\"";
            out.append(names.file(e.file)).integer(e.line) << '"';
            separator = ',';
        }
        if (e.end > e.start) {
            out << separator << "\"cycles\":";
            out.shortest(e.end - e.start);
            separator = ',';
        }
        if (e.bytes != 0) {
            out << separator << "\"bytes_written\":";
            out.integer(static_cast<long long>(e.bytes));
            separator = ',';
        }
        if (e.read != 0) {
            out << separator << "\"bytes_read\":";
            out.integer(static_cast<long long>(e.read));
            separator = ',';
        }
        if (e.macs != 0) {
            out << separator << "\"macs\":";
            out.integer(static_cast<long long>(e.macs));
            separator = ',';
        }
        if (e.kind == FLAG_WAIT || e.kind == JOIN || (e.kind == BARRIER_ALL && e.end > e.start)) {
            out << separator << "\"waits_for\":\"" << ACTOR_NAMES[e.other & 7] << '"';
            separator = ',';
        }
        out << (separator == '{' ? "{}}" : "}}");
    }
    if (e.flow >= 0 && ((e.kind == FLAG_SET && e.waited != 0) || e.kind == FLAG_WAIT)) {
        head(out, heads, e.actor, e.kind == FLAG_SET ? start : clock.units(e.end), clock);
        out << ",\"name\":\"flag\",\"id\":";
        out.integer(static_cast<long long>(e.flow * pids + pid));
        out << (e.kind == FLAG_SET ? ",\"ph\":\"s\"}" : ",\"ph\":\"f\",\"bp\":\"e\"}");
    }
}

/// Core ``index``'s events (the sink's lock held), or none.
inline const std::vector<Event>& core_events(int64_t index) {
    static const std::vector<Event> none;
    auto it = sink.cores.find(index);
    return it == sink.cores.end() ? none : it->second;
}

inline double events_end(const std::vector<Event>& events) {
    double end = 0;
    for (const Event& e : events) {
        end = std::max(end, e.end);
    }
    return end;
}

/// ``part`` of ``whole`` as Python's ``format(part / whole, ".0%")`` writes it.
inline void percent(Text& out, double part, double whole) {
    out.fixed(part / whole * 100.0, 0) << '%';
}

}  // namespace detail

int write_trace(int fd, int64_t pid_base, int64_t pids, double cycles_per_us, const char* const* files,
                int64_t file_count) {
    std::lock_guard<std::mutex> lock(sink.mutex);
    size_t events = 0;
    for (const auto& entry : sink.cores) {
        events += entry.second.size();
    }
    if (sink.text.size() < events * 256) {
        sink.text.resize(events * 256);
    }
    detail::Text out(sink.text);
    detail::Names names(files, file_count);
    const detail::Clock clock(cycles_per_us);
    for (const auto& entry : sink.cores) {
        const int64_t pid = pid_base + entry.first;
        const detail::Heads heads(pid);
        for (const Event& e : entry.second) {
            detail::event_json(out, e, pid, pids, heads, clock, names);
        }
    }
    return out.write_to(fd);
}

int write_svg(int fd, int64_t index, const char* title) {
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
    Text out(sink.text);
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
    return out.write_to(fd);
}

int64_t summary(int64_t index, int64_t steps, const char* const* files, int64_t file_count, char* out, int64_t size) {
    using namespace detail;
    std::lock_guard<std::mutex> lock(sink.mutex);
    const std::vector<Event>& events = core_events(index);
    const double end = events_end(events);
    Text text(1024);
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
    const std::string s = text.str();
    if (static_cast<int64_t>(s.size()) <= size) {
        std::copy(s.begin(), s.end(), out);
    }
    return static_cast<int64_t>(s.size());
}

}  // namespace timeline
}  // namespace ascx_emu
