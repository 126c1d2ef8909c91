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
            if (first + bytes > a.end) {
                fail("%s: %llu bytes at offset %lld of GM buffer '%s' run past its end (%lld bytes)", what,
                     static_cast<unsigned long long>(bytes), static_cast<long long>(first - a.begin), a.name,
                     static_cast<long long>(a.end - a.begin));
            }
            return a;
        }
    }
    fail("%s: address %p is not inside any GM buffer passed to the kernel", what, address);
}

}  // namespace ascx_emu
