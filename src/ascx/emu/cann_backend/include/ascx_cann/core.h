// ascx CANN backend: one emulated core's registers and the state the cores of a launch share.
// Each core is a process of its own (CANN's headers keep a core's buffers in function-local statics);
// GM and the Control block below are one file mapped MAP_SHARED at the same address in every core.
#pragma once

#include <atomic>
#include <cstdint>

namespace ascx_cann {

constexpr int MAX_BLOCKS = 64;
constexpr int CORES_PER_BLOCK = 3;  // slot 0: the AIC, slots 1 and 2: the AIVs
constexpr int FLAG_IDS = 16;
constexpr uint64_t GM_ADDRESS = 0x600000000000ull;  // where every core maps the launch's file
constexpr uint64_t CONTROL_BYTES = 1ull << 20;
constexpr int MAX_ARGS = 64;
/// The system workspace GetSysWorkSpacePtr() returns: CANN's RESERVED_WORKSPACE for Atlas A2 (16 MiB), one
/// region of the launch's file that every core sees, as the device's KFC workspace is one per launch.
constexpr uint64_t SYS_WORKSPACE_BYTES = 16ull << 20;

enum CoreState : int32_t { NOT_STARTED = 0, RUNNING, WAITING, DONE, FAILED };

/// What a core shows the launcher (and the other cores).
struct CoreSlot {
    std::atomic<int32_t> state;
    std::atomic<int32_t> flag_counter[FLAG_IDS];  // ffts flags received and not yet waited for
    int32_t wait_flag;                            // the flag a WAITING core waits for
    int32_t line;                                 // the kernel's Python line last reached
    int32_t signal;                               // the signal that stopped a FAILED core
    int64_t fault_offset;                         // a SIGSEGV / SIGBUS address in the launch's memory, or -1
    char file[244];                               // ... and its file
    char message[512];                            // what stopped it
};

/// What the launch records of one argument's accesses past its array (docs/emulation.md#gm-overruns): as the
/// clean-room backend's ``ascx_emu::GmOverrun``, shared by the cores' processes under Control::overrun_lock.
struct GmOverrun {
    uint64_t furthest;  // one past the furthest byte accessed, from the array's start (0: none past its end)
    int64_t core;       // the slot of the core of the first access past the array (-1: none yet)
    int32_t line;
    char what[256];
    char file[244];
};

/// The arrays the kernel was passed, for the bounds checks of the copies to and from GM (gm_bounds.h).
struct GmArrays {
    uint64_t array_bytes[MAX_ARGS];  // argument i's array (0: not an array, unchecked)
    uint64_t slack_bytes[MAX_ARGS];  // the zero-filled bytes after it (ASCX_EMU_GM_OVERRUN=warn; else 0)
    char name[MAX_ARGS][64];
    std::atomic<int32_t> overrun_lock;
    GmOverrun overrun[MAX_ARGS];
};

/// The launch's shared block at the start of the file (the launcher zero-fills it and writes the header).
struct Control {
    uint64_t magic;
    uint64_t size;
    uint64_t arg_count;
    uint64_t arg_offset[MAX_ARGS];  // argument i's data, from the start of the file
    std::atomic<int64_t> progress;  // bumped by every cross-core set: a launch that stops moving hangs
    std::atomic<int32_t> lock;      // AscendC::ProcessLock
    std::atomic<int32_t> mode0_sets[2][FLAG_IDS];                // per core type (0: AIC, 1: AIV)
    std::atomic<int32_t> mode1_sets[MAX_BLOCKS][FLAG_IDS];       // the AIVs of a block
    std::atomic<int32_t> mode2_aiv_sets[MAX_BLOCKS][FLAG_IDS];   // the AIVs of a block towards its AIC
    CoreSlot core[MAX_BLOCKS * CORES_PER_BLOCK];
    uint64_t sys_workspace;  // the system workspace's SYS_WORKSPACE_BYTES, from the start of the file
    GmArrays arrays;
};
static_assert(sizeof(Control) <= CONTROL_BYTES, "the control block must fit its reserved bytes");

inline Control* control() { return reinterpret_cast<Control*>(GM_ADDRESS); }

/// This process's core (set by the runtime before the kernel runs).
struct Self {
    int64_t block = 0;
    int64_t sub = 0;
    int64_t blocks = 1;
    int64_t ration = 1;  // AIVs per block
    bool aic = false;
    bool launched = false;  // run by a launch, whose Control block is mapped (not a test of the intrinsics)
    const char* file = "";
    int line = 0;
    int slot() const { return static_cast<int>(block * CORES_PER_BLOCK + (aic ? 0 : 1 + sub)); }
};
inline Self& self() {
    static Self s;
    return s;
}

/// Stop this core with ``message`` (the launcher reports it with the core's block, side and line).
[[noreturn]] void fail(const char* format, ...) __attribute__((format(printf, 1, 2)));

/// The per-core control registers the intrinsics read.
struct Registers {
    uint64_t mask_hi = ~0ull;
    uint64_t mask_lo = ~0ull;
    bool counter_mode = false;
    uint64_t ctrl = 0;
    uint64_t fmatrix = 0;
    uint64_t fmatrix_b = 0;
    uint64_t padding = 0;
    uint64_t l1_3d_size = 0;
    uint64_t nd_para = 0;
    uint64_t quant_pre = 0;
    uint64_t mov_pad_val = 0;
    uint64_t ffts_base = 0;
    uint64_t deqscale = 0;
    bool deqscale_half = false;  // set_deqscale(half): deqscale holds the half's bits
    int64_t acc_val = 0;         // ACC_VAL: the sum of a counter-mode vcadd with accumulate (get_acc_val)
    uint64_t cmpmask[2] = {0, 0};
    uint64_t l3d_rpt = 0;
    int atomic_type = 0;  // the element type of atomic writes to GM (set_atomic_<type>): an AtomicType
};
inline Registers& regs() {
    static Registers r;
    return r;
}

}  // namespace ascx_cann

namespace ascx_emu {
/// The marker the printer writes before each kernel statement (print_ascendc(source_lines=True)).
inline void at(const char* file, int line) {
    ascx_cann::self().file = file;
    ascx_cann::self().line = line;
}
}  // namespace ascx_emu
