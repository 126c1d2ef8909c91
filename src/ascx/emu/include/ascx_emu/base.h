// ascx host emulation of the Ascend C API: qualifier macros, builtin enums, the block context and
// run-time errors.  Clean-room, written from ascx's docs/emulation.md.
#pragma once

#include <cmath>
#include <csetjmp>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <atomic>
#include <mutex>
#include <string>
#include <type_traits>
#include <vector>

#include "ascx_emu/coverage.h"
#include "ascx_emu/linkage.h"

#ifndef ASCX_EMU_DEBUG
#define ASCX_EMU_DEBUG 0  // 1 in debug builds (ascx.emu.build.BUILD_FLAGS): the headers' reference paths
#endif

// --- qualifier and attribute macros: compiler attributes on the NPU, nothing on the host -----------
#define __global__
#define __aicore__
#define __host__
#define __gm__
#define __ubuf__
#define __cbuf__
#define __ca__
#define __cb__
#define __cc__
#define __fbuf__
#define __biasbuf__
#define __ssbuf__
#define __vector__
#define __cube__
#define __mix__(...)
#define __inout_pipe__(...)
#define __in_pipe__(...)
#define __out_pipe__(...)
#define __sync_alias__
#define __sync_noalias__
#define __kfc_workspace__
#define __simd_vf__
#define __simd_callee__
#define __disable_kernel_type_autoinfer__
#define ASCENDC_HOST_AICORE
#define __BLOCK_LOCAL__
#define __WORKGROUP_LOCAL__

#define GM_ADDR __gm__ uint8_t*

// --- builtin enums (values of the CANN 8.1.RC1 stub header, matching pyasc's PipeID) ----------------
enum pipe_t { PIPE_S = 0, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_MTE4, PIPE_MTE5, PIPE_V2, PIPE_FIX };
enum event_t { EVENT_ID0 = 0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7 };

enum KernelMetaType : uint8_t {
    KERNEL_TYPE_AIV_ONLY, KERNEL_TYPE_AIC_ONLY, KERNEL_TYPE_MIX_AIV_1_0, KERNEL_TYPE_MIX_AIC_1_0,
    KERNEL_TYPE_MIX_AIC_1_1, KERNEL_TYPE_MIX_AIC_1_2, KERNEL_TYPE_AICORE, KERNEL_TYPE_VECTORCORE,
    KERNEL_TYPE_MIX_AICORE, KERNEL_TYPE_MIX_VECTOR_CORE, KERNEL_TYPE_MAX
};
#define KERNEL_TASK_TYPE_DEFAULT(value) static_assert(static_cast<KernelMetaType>(value) < KERNEL_TYPE_MAX, "not a KernelMetaType")
#define KERNEL_TASK_TYPE(key, value) static_assert(static_cast<KernelMetaType>(value) < KERNEL_TYPE_MAX, "not a KernelMetaType")

namespace ascx_emu {

// --- the block being run ------------------------------------------------------------------------------

struct LocalOverrun;

/// What one emulated core knows about itself, set by the launcher before each run of the kernel body.
struct BlockContext {
    int64_t block_idx = 0;      ///< GetBlockIdx(): 2*block + sub on the AIV of a MIX kernel
    int64_t block_num = 1;      ///< GetBlockNum(): the launch's block count
    int64_t sub_block_idx = 0;  ///< GetSubBlockIdx()
    int64_t sub_block_num = 1;  ///< GetSubBlockNum()
    std::jmp_buf on_error;      ///< where fail() returns to: the launcher
    char error[1024] = {0};     ///< the message of the run's first error
    const char* file = nullptr; ///< the kernel's Python source line being run (set by at())
    int line = 0;
    /// Cores of the launch with an index above this one stop at their next source line (another core
    /// failed first); null outside a launch.
    const std::atomic<int64_t>* stop_above = nullptr;
    bool stopped = false;             ///< the core stopped because another one failed (not its own error)
    std::string* output = nullptr;    ///< where printf / DumpTensor text goes (null: straight to stdout)
    /// With ASCX_EMU_LOCAL_OVERRUN=warn, the launch's record of accesses past a LocalTensor's end (which then
    /// run on inside the tensor's memory); null: such an access stops the core (LocalTensor::span).
    LocalOverrun* local_overrun = nullptr;
};

inline thread_local BlockContext block;

[[noreturn]] ASCX_EMU_SHARED void fail(const char* format, ...);

/// Stop this core without an error of its own: another core of the launch failed, or a deadlock.
[[noreturn]] ASCX_EMU_SHARED void stop_core();

/// The statements that follow come from Python line ``line`` of ``file`` (the printer writes these
/// markers into emulation builds only).  A core that should stop (another core failed) stops here.
inline void at(const char* file, int line) {
    BlockContext& b = block;
    b.file = file;
    b.line = line;
    if (b.stop_above != nullptr && b.block_idx > b.stop_above->load(std::memory_order_relaxed)) {
        stop_core();
    }
}

/// Stop the kernel with an error (the launcher reports it to Python); never returns.
[[noreturn]] ASCX_EMU_SHARED void fail(const char* format, ...);

/// Text the kernel prints (printf, DumpTensor): kept with the core's output so that a launch's output
/// comes out in core order whatever order the cores ran in, or written at once outside a launch.
ASCX_EMU_SHARED void print_text(const std::string& text);

/// Checks to run when a kernel body returns (registered by parts of the emulation, e.g. the Matmul
/// engine's "every asynchronous operation was waited for"); cleared before each run.
inline thread_local std::vector<void (*)()> at_kernel_exit;

// --- global memory: the arrays the launcher passed, for bounds checks ----------------------------------

/// What ASCX_EMU_GM_OVERRUN=warn records of one argument's accesses past its array (into the slack the
/// launcher put after it), shared by the launch's cores (docs/emulation.md#gm-overruns).
struct GmOverrun {
    uint64_t furthest;  ///< one past the furthest byte accessed, from the array's start (0: none past its end)
    int64_t core;       ///< the core of the first access past the array (-1: none yet); the lowest core's wins
    int32_t line;       ///< that access's kernel line (0: unknown)
    char what[256];     ///< that access: its core, operation, bytes and offset
    char file[512];
};

struct GmAllocation {
    const unsigned char* begin;
    const unsigned char* end;  ///< the end of the allocation (with ASCX_EMU_GM_OVERRUN=warn, of the slack)
    const char* name;
    const unsigned char* limit = nullptr;  ///< the end of the argument's array, with a slack after it
    GmOverrun* overrun = nullptr;          ///< where accesses past ``limit`` are recorded (null: no slack)
};

inline thread_local std::vector<GmAllocation> gm_allocations;

/// The allocation that contains ``address``, or null.
inline const GmAllocation* find_gm(const void* address) {
    const auto* first = static_cast<const unsigned char*>(address);
    for (const GmAllocation& a : gm_allocations) {
        if (first >= a.begin && first <= a.end) {
            return &a;
        }
    }
    return nullptr;
}

/// The allocation that contains ``[address, address + bytes)``; fails when there is none.  An access
/// into an argument's slack is recorded (note_overrun), not refused.
ASCX_EMU_SHARED const GmAllocation& check_gm(const void* address, uint64_t bytes, const char* what);

/// Record an access of ``[first, first + bytes)`` that runs past ``a``'s array into its slack.
ASCX_EMU_SHARED void note_overrun(const GmAllocation& a, const unsigned char* first, uint64_t bytes, const char* what);

/// What ASCX_EMU_LOCAL_OVERRUN=warn records of a launch's API calls that access a LocalTensor past its end
/// (inside its on-chip memory), shared by the launch's cores (docs/emulation.md#local-tensor-overruns).
struct LocalOverrun {
    uint64_t accesses;  ///< how many times a call spanned past one of its tensors, over every core
    int64_t core;       ///< the core of the first such access (-1: none yet); the lowest core's wins
    int32_t line;       ///< its kernel line (0: unknown)
    char what[256];     ///< its core, operation, the elements it spans and the tensor's
    char file[512];
};

// --- on-chip memories --------------------------------------------------------------------------------

/// The physical memories of a core (dav-c220 sizes; UB 192 KiB is assumed: docs/emulation.md#not-verified).
enum class Memory : uint8_t { UB, L1, L0A, L0B, L0C, BT, FB, COUNT };

constexpr uint64_t memory_capacity(Memory m) {
    switch (m) {
        case Memory::UB: return 192 * 1024;
        case Memory::L1: return 512 * 1024;
        case Memory::L0A: return 64 * 1024;
        case Memory::L0B: return 64 * 1024;
        case Memory::L0C: return 128 * 1024;
        case Memory::BT: return 1024;
        case Memory::FB: return 2048;
        default: return 0;
    }
}

inline const char* memory_name(Memory m) {
    static const char* const names[] = {"UB", "L1", "L0A", "L0B", "L0C", "BT", "FB"};
    return names[static_cast<int>(m)];
}

/// Record a call ``what`` that spans ``count`` elements of ``element_bytes`` from byte ``offset`` of ``memory``
/// where its tensor has ``size`` (ASCX_EMU_LOCAL_OVERRUN=warn; the caller checked the memory's capacity).
ASCX_EMU_SHARED void note_local_overrun(const char* what, uint64_t count, uint64_t size, uint64_t element_bytes,
                                        Memory memory, uint64_t offset);

/// One core's on-chip storage (reset before each run of the kernel body).
struct OnChip {
    std::vector<unsigned char> bytes[static_cast<int>(Memory::COUNT)];
    /// Per memory, the end of the bytes any tensor created since the last clear() spans: every access
    /// to on-chip memory goes through a LocalTensor, whose extent is checked (and noted) when it is made.
    uint64_t used[static_cast<int>(Memory::COUNT)] = {};
    OnChip() {
        for (int m = 0; m < static_cast<int>(Memory::COUNT); ++m) {
            bytes[m].assign(memory_capacity(static_cast<Memory>(m)), 0);
            used[m] = 0;
        }
    }
    unsigned char* base(Memory m) { return bytes[static_cast<int>(m)].data(); }
    /// A tensor spans bytes up to ``end`` of ``m``.
    void note(Memory m, uint64_t end) {
        uint64_t& u = used[static_cast<int>(m)];
        u = end > u ? end : u;
    }
    /// Every memory back to zeros (a new core): only the bytes tensors could reach since the last clear.
    void clear() {
        for (int m = 0; m < static_cast<int>(Memory::COUNT); ++m) {
            std::memset(bytes[m].data(), 0, ASCX_EMU_DEBUG ? bytes[m].size() : used[m]);
            used[m] = 0;
        }
    }
};

inline thread_local OnChip on_chip;

inline uint64_t round_up(uint64_t value, uint64_t unit) { return (value + unit - 1) / unit * unit; }

}  // namespace ascx_emu

#if !defined(ASCX_EMU_THIN)
#include "ascx_emu/base_defs.h"
#endif
