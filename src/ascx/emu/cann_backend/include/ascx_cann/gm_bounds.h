// ascx CANN backend: the bounds checks of the MTE copies to and from GM (docs/emulation.md#gm-overruns).
// A copy that runs past the end of an argument's array stops the core with the clean-room backend's error;
// with ASCX_EMU_GM_OVERRUN=warn, the launcher put zero-filled slack after each array, a copy into the slack
// is recorded for the launcher's warning, and one past the slack stops the core.  Other GM memory (the
// system workspace, scalars, tilings) and GM accesses other than these copies are not checked.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "ascx_cann/core.h"

namespace ascx_cann {

inline void note_overrun(GmArrays& arrays, uint64_t i, uint64_t begin, uint64_t end, const char* what) {
    while (arrays.overrun_lock.exchange(1, std::memory_order_acquire) != 0) {
    }
    GmOverrun& o = arrays.overrun[i];
    o.furthest = std::max(o.furthest, end);
    const Self& me = self();
    const int64_t core = me.slot();
    if (o.core < 0 || core < o.core) {
        o.core = core;
        const char* side = me.aic ? "AIC" : "AIV";
        if (me.aic || me.ration <= 1) {
            std::snprintf(o.what, sizeof o.what, "block %lld (%s): %s: %llu bytes at offset %llu",
                          static_cast<long long>(me.block), side, what,
                          static_cast<unsigned long long>(end - begin), static_cast<unsigned long long>(begin));
        } else {
            std::snprintf(o.what, sizeof o.what, "block %lld (AIV %lld): %s: %llu bytes at offset %llu",
                          static_cast<long long>(me.block), static_cast<long long>(me.sub), what,
                          static_cast<unsigned long long>(end - begin), static_cast<unsigned long long>(begin));
        }
        std::snprintf(o.file, sizeof o.file, "%s", me.file);
        o.line = me.line;
    }
    arrays.overrun_lock.store(0, std::memory_order_release);
}

/// Check an access of GM bytes ``[address, address + bytes)`` by ``what`` against the array it starts in.
inline void check_gm(const void* address, uint64_t bytes, const char* what) {
    if (!self().launched) {
        return;
    }
    Control& c = *control();
    const auto at = reinterpret_cast<uint64_t>(address);
    for (uint64_t i = 0; i < c.arg_count && i < static_cast<uint64_t>(MAX_ARGS); ++i) {
        const uint64_t size = c.arrays.array_bytes[i];
        const uint64_t start = GM_ADDRESS + c.arg_offset[i];
        const uint64_t slack = c.arrays.slack_bytes[i];
        // the argument's memory: up to the next argument's (or the system workspace), alignment padding included
        const uint64_t next = i + 1 < c.arg_count ? c.arg_offset[i + 1] : c.sys_workspace;
        if (size == 0 || at < start || at >= GM_ADDRESS + next) {
            continue;
        }
        const uint64_t begin = at - start;
        const uint64_t end = begin + bytes;
        if (end > size + slack && slack > 0) {
            fail("%s: %llu bytes at offset %llu of GM buffer '%s' run past its end (%llu bytes) and past the %llu "
                 "bytes of slack after it (ASCX_EMU_GM_OVERRUN=warn)",
                 what, static_cast<unsigned long long>(bytes), static_cast<unsigned long long>(begin), c.arrays.name[i],
                 static_cast<unsigned long long>(size), static_cast<unsigned long long>(slack));
        }
        if (end > size && slack == 0) {
            fail("%s: %llu bytes at offset %llu of GM buffer '%s' run past its end (%llu bytes)", what,
                 static_cast<unsigned long long>(bytes), static_cast<unsigned long long>(begin), c.arrays.name[i],
                 static_cast<unsigned long long>(size));
        }
        if (end > size) {
            note_overrun(c.arrays, i, begin, end, what);
        }
        return;
    }
}

/// The GM bytes ``n`` bursts of ``len`` units with gaps of ``gap`` units between them span.
inline uint64_t burst_span(uint64_t n, uint64_t len, uint64_t gap, uint64_t unit) {
    return n == 0 ? 0 : ((n - 1) * (len + gap) + len) * unit;
}

}  // namespace ascx_cann
