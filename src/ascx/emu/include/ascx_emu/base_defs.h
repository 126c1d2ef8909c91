// ascx host emulation: the bodies of base.h's shared functions (ASCX_EMU_SHARED, linkage.h), which a
// kernel built with -DASCX_EMU_THIN links from runtime.o instead of compiling.  Clean-room; included at
// the end of base.h.
#pragma once

namespace ascx_emu {

void stop_core() {
    block.stopped = true;
    std::longjmp(block.on_error, 1);
}

void fail(const char* format, ...) {
    std::va_list args;
    va_start(args, format);
    std::vsnprintf(block.error, sizeof(block.error), format, args);
    va_end(args);
    std::longjmp(block.on_error, 1);
}

void print_text(const std::string& text) {
    if (block.output != nullptr) {
        *block.output += text;
        return;
    }
    std::fputs(text.c_str(), stdout);
    std::fflush(stdout);
}

const GmAllocation& check_gm(const void* address, uint64_t bytes, const char* what) {
    const auto* first = static_cast<const unsigned char*>(address);
    for (const GmAllocation& a : gm_allocations) {
        if (first >= a.begin && first <= a.end) {
            if (first + bytes > a.end && a.overrun != nullptr) {
                fail("%s: %llu bytes at offset %lld of GM buffer '%s' run past its end (%lld bytes) and past the "
                     "%lld bytes of slack after it (ASCX_EMU_GM_OVERRUN=warn)", what,
                     static_cast<unsigned long long>(bytes), static_cast<long long>(first - a.begin), a.name,
                     static_cast<long long>(a.limit - a.begin), static_cast<long long>(a.end - a.limit));
            }
            if (first + bytes > a.end) {
                fail("%s: %llu bytes at offset %lld of GM buffer '%s' run past its end (%lld bytes)", what,
                     static_cast<unsigned long long>(bytes), static_cast<long long>(first - a.begin), a.name,
                     static_cast<long long>(a.end - a.begin));
            }
            if (a.overrun != nullptr && first + bytes > a.limit) {
                note_overrun(a, first, bytes, what);
            }
            return a;
        }
    }
    fail("%s: address %p is not inside any GM buffer passed to the kernel", what, address);
}

void note_overrun(const GmAllocation& a, const unsigned char* first, uint64_t bytes, const char* what) {
    static std::mutex mutex;  // the launch's cores share the record
    const std::lock_guard<std::mutex> lock(mutex);
    GmOverrun& o = *a.overrun;
    o.furthest = std::max(o.furthest, static_cast<uint64_t>(first + bytes - a.begin));
    if (o.core >= 0 && o.core <= block.block_idx) {
        return;  // a core's accesses come in order: its first is the earliest, the lowest core's is reported
    }
    o.core = block.block_idx;
    std::snprintf(o.what, sizeof o.what, "block %lld (sub-block %lld): %s: %llu bytes at offset %lld",
                  static_cast<long long>(block.block_idx / std::max<int64_t>(1, block.sub_block_num)),
                  static_cast<long long>(block.sub_block_idx), what, static_cast<unsigned long long>(bytes),
                  static_cast<long long>(first - a.begin));
    std::snprintf(o.file, sizeof o.file, "%s", block.file != nullptr ? block.file : "");
    o.line = block.line;
}

void note_local_overrun(const char* what, uint64_t count, uint64_t size, uint64_t element_bytes, Memory memory,
                        uint64_t offset) {
    static std::mutex mutex;  // the launch's cores share the record
    const std::lock_guard<std::mutex> lock(mutex);
    LocalOverrun& o = *block.local_overrun;
    ++o.accesses;
    if (o.core >= 0 && o.core <= block.block_idx) {
        return;  // a core's calls come in order: its first is the earliest, the lowest core's is reported
    }
    o.core = block.block_idx;
    std::snprintf(o.what, sizeof o.what,
                  "block %lld (sub-block %lld): %s: %llu elements of a LocalTensor of %llu, bytes [%llu, %llu) of %s",
                  static_cast<long long>(block.block_idx / std::max<int64_t>(1, block.sub_block_num)),
                  static_cast<long long>(block.sub_block_idx), what, static_cast<unsigned long long>(count),
                  static_cast<unsigned long long>(size), static_cast<unsigned long long>(offset),
                  static_cast<unsigned long long>(offset + count * element_bytes), memory_name(memory));
    std::snprintf(o.file, sizeof o.file, "%s", block.file != nullptr ? block.file : "");
    o.line = block.line;
}

}  // namespace ascx_emu
