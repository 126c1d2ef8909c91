// ascx host emulation: run-time coverage of the emulated API (docs/emulation.md#coverage).  Clean-room.
//
// Each public entry point of the headers is marked with one of three hooks, which the coverage test
// (ascx.testing.emu_coverage) also reads from the headers' text to know what is implemented:
// - ASCX_COVER("Name")                       the entry point ran;
// - ASCX_COVER_FORM("Name", "form")          it ran in one of its forms (an overload, a mask form, a
//                                            copy direction);
// - ASCX_COVER_ENUM("Name", "key", Enum, v)  it ran with the enum value v of parameter `key`; every
//                                            enumerator of Enum counts as implemented.
// Recording is off unless the environment variable ASCX_EMU_COVERAGE names a directory when the kernel's
// library is loaded; then a hook records its site once per launch (a relaxed atomic load per call
// afterwards) and the launcher collects the hits after each launch (ascx_emu_coverage, launch.py).
// Off, a hook is one load of a constant flag.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

namespace ascx_emu::coverage {

inline bool read_enabled() {
    const char* dir = std::getenv("ASCX_EMU_COVERAGE");
    return dir != nullptr && dir[0] != '\0' && std::strcmp(dir, "0") != 0;
}

// Whether this library records: read once, when it is loaded.
inline const bool enabled = read_enabled();

struct Site {
    const char* entry;
    const char* key;    // "" for a plain entry point, "form" for a form, the parameter for an enum
    const char* value;  // the form's name; nullptr for an enum (the value is the enumerator's number)
    std::atomic<uint64_t> seen{0};
    std::atomic<bool> listed{false};
};

struct Registry {
    std::mutex lock;
    std::vector<Site*> sites;
    std::string hits;  // one line per hit: entry \t key \t value
};

inline Registry& registry() {
    static Registry r;
    return r;
}

inline void record(Site& site, uint64_t bit, int64_t number) {
    Registry& r = registry();
    std::lock_guard<std::mutex> guard(r.lock);
    if (!site.listed.exchange(true)) {
        r.sites.push_back(&site);
    }
    if ((site.seen.fetch_or(bit) & bit) != 0 && bit != 0) {
        return;
    }
    r.hits += site.entry;
    r.hits += '\t';
    r.hits += site.key;
    r.hits += '\t';
    if (site.value != nullptr) {
        r.hits += site.value;
    } else {
        r.hits += std::to_string(number);
    }
    r.hits += '\n';
}

inline void hit(Site& site, int64_t number = 0) {
    // A number outside 0..62 shares bit 63 and is recorded on every call (no enum of the API has one).
    const uint64_t bit = uint64_t{1} << (number >= 0 && number < 63 ? number : 63);
    if ((site.seen.load(std::memory_order_relaxed) & bit) == 0 || bit == (uint64_t{1} << 63)) {
        record(site, bit, number);
    }
}

// The hits since the last call, as text (truncated to `size` - 1 bytes); every site records again.
// Returns the full length, so a caller with too small a buffer can ask again with a larger one.
inline int64_t take(char* out, int64_t size) {
    Registry& r = registry();
    std::lock_guard<std::mutex> guard(r.lock);
    const int64_t length = static_cast<int64_t>(r.hits.size());
    if (size > 0) {
        const int64_t n = length < size - 1 ? length : size - 1;
        std::memcpy(out, r.hits.data(), static_cast<size_t>(n));
        out[n] = '\0';
        if (n < length) {
            return length;  // keep the hits for the larger buffer
        }
    }
    r.hits.clear();
    for (Site* site : r.sites) {
        site->seen.store(0, std::memory_order_relaxed);
    }
    return length;
}

}  // namespace ascx_emu::coverage

#define ASCX_COVER_SITE_(ENTRY, KEY, VALUE, NUMBER)                                                 \
    do {                                                                                          \
        if (::ascx_emu::coverage::enabled) {                                                      \
            static ::ascx_emu::coverage::Site ascx_cover_site_{ENTRY, KEY, VALUE};                \
            ::ascx_emu::coverage::hit(ascx_cover_site_, NUMBER);                                   \
        }                                                                                         \
    } while (0)

#define ASCX_COVER(ENTRY) ASCX_COVER_SITE_(ENTRY, "", "", 0)
#define ASCX_COVER_FORM(ENTRY, FORM) \
    do {                             \
        ASCX_COVER(ENTRY);           \
        ASCX_COVER_SITE_(ENTRY, "form", FORM, 0); \
    } while (0)
#define ASCX_COVER_ENUM(ENTRY, KEY, ENUM, VALUE)                                 \
    do {                                                                         \
        ASCX_COVER(ENTRY);                                                       \
        ASCX_COVER_SITE_(ENTRY, KEY, nullptr, static_cast<int64_t>(static_cast<ENUM>(VALUE))); \
    } while (0)
