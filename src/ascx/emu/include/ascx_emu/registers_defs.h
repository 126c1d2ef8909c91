// ascx host emulation: the bodies of registers.h's shared functions (ASCX_EMU_SHARED, linkage.h), which a
// kernel built with -DASCX_EMU_THIN links from runtime.o instead of compiling.  Clean-room; included at
// the end of registers.h.
#pragma once

namespace ascx_emu {

void gm_write(void* dst, const void* src, uint64_t bytes, const char* what) {
    auto* to = static_cast<unsigned char*>(dst);
    const auto* from = static_cast<const unsigned char*>(src);
    const AtomicOp op = registers.atomic_op;
    if (op == AtomicOp::NONE) {
        std::memmove(to, from, bytes);
        return;
    }
    const uint32_t unit = detail::atomic_type_bytes(registers.atomic_type);
    if (bytes % unit != 0) {
        fail("%s: %llu bytes are not whole elements of the atomic type (%u bytes each)", what,
             static_cast<unsigned long long>(bytes), unit);
    }
    static std::mutex atomic_writes;  // cores run on several threads: one read-modify-write at a time
    std::lock_guard<std::mutex> hold(atomic_writes);
    switch (registers.atomic_type) {
        case AtomicType::F32: detail::atomic_elements<float>(to, from, bytes, op); break;
        case AtomicType::F16: detail::atomic_elements<half>(to, from, bytes, op); break;
        case AtomicType::BF16: detail::atomic_elements<bfloat16_t>(to, from, bytes, op); break;
        case AtomicType::S32: detail::atomic_elements<int32_t>(to, from, bytes, op); break;
        case AtomicType::S16: detail::atomic_elements<int16_t>(to, from, bytes, op); break;
        case AtomicType::S8: detail::atomic_elements<int8_t>(to, from, bytes, op); break;
    }
}

void gm_write_runs(unsigned char* dst, const unsigned char* src, uint32_t blocks, uint64_t run,
                          uint64_t src_step, uint64_t dst_step, const char* what) {
    for (uint32_t b = 0; b < blocks; ++b) {
        gm_write(dst + b * dst_step, src + b * src_step, run, what);
    }
}

}  // namespace ascx_emu
