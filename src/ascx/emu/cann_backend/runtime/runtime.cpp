// ascx CANN backend: the CPU-debug runtime of one emulated core, linked into every kernel built for the
// backend (once per side: -DASCX_CANN_AIC for the cube core, else the vector core). It defines what CANN's
// headers expect from the closed CPU-simulator library (the per-core globals, AscendC::ProcessLock, the
// npu-check hooks, appended by ascx.emu.cann_backend.runtime) and the process entry point:
//
//     KERNEL FILE BLOCK SUB BLOCK_NUM RATION
//
// maps the launch's FILE (the Control block, then every argument's data) MAP_SHARED at GM_ADDRESS, runs
// the kernel body once as core (BLOCK, SUB), and records how it ended in its CoreSlot.
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdarg>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "kernel_operator.h"

uint64_t ascx_cann_gatherb_source = 0;
namespace AscendC {
void SetModelGatherbSrc0Tensor(uint64_t src0, const uint32_t) { ascx_cann_gatherb_source = src0; }
}  // namespace AscendC

int64_t block_idx = 0;
int64_t block_num = 1;
int64_t sub_block_idx = 0;
int64_t g_taskRation = 1;
uint64_t g_fixpipeNdNzParam = 0;
#ifdef ASCX_CANN_AIC
int32_t g_coreType = AscendC::AIC;
#else
int32_t g_coreType = AscendC::AIV;
#endif

namespace AscendC {
bool g_isAtomic = false;
AtomicType g_atomicType = SUM;
bool g_isVdeq = false;

// One lock for every core of the launch: a spin lock in the shared Control block.
ProcessLock* ProcessLock::processLock = nullptr;
ProcessLock::ProcessLock() = default;
ProcessLock::~ProcessLock() = default;
ProcessLock* ProcessLock::CreateLock() {
    static ProcessLock lock;
    return &lock;
}
void ProcessLock::FreeLock() {}
void ProcessLock::UnInit() {}
int ProcessLock::Read() { return Write(); }
int ProcessLock::Write() {
    std::atomic<int32_t>& word = ascx_cann::control()->lock;
    int32_t expected = 0;
    while (!word.compare_exchange_weak(expected, 1)) {
        expected = 0;
        sched_yield();
    }
    return 0;
}
int ProcessLock::Unlock() {
    ascx_cann::control()->lock.store(0);
    return 0;
}
}  // namespace AscendC

// The system workspace: CANN's CPU-debug path declares GetSysWorkSpacePtr / SetSysWorkSpacePtr and leaves
// them to the closed library. A kernel's SetSysWorkSpacePtr wins; else the launch's region (one for every
// core, as on the device).
static __gm__ uint8_t* g_set_sys_workspace = nullptr;
__aicore__ __gm__ uint8_t* __gm__ GetSysWorkSpacePtr() {
    if (g_set_sys_workspace != nullptr) {
        return g_set_sys_workspace;
    }
    return reinterpret_cast<__gm__ uint8_t*>(ascx_cann::GM_ADDRESS + ascx_cann::control()->sys_workspace);
}
__aicore__ void SetSysWorkSpacePtr(__gm__ uint8_t* workspace) { g_set_sys_workspace = workspace; }

namespace AscendC {
namespace check {
// The size of a hardware buffer, for CANN's library-function checks (their HardWareIndex: GM, UB, L1, ...).
uint64_t GetHardWarebufferSize(uint8_t index) {
    const auto& sizes = ConstDefiner::Instance().bufferInitLen;
    const auto found = sizes.find(static_cast<Hardware>(index));
    return found == sizes.end() ? 0 : found->second;
}
}  // namespace check
}  // namespace AscendC

namespace ascx_cann {

static AtomicOp g_atomic = AtomicOp::NONE;
void set_atomic(AtomicOp op) {
    g_atomic = op;
    AscendC::g_isAtomic = op != AtomicOp::NONE;
    if (op != AtomicOp::NONE) {
        AscendC::g_atomicType = static_cast<AscendC::AtomicType>(static_cast<int>(op));
    }
}
AtomicOp atomic_op() { return g_atomic; }

const void* bias_table() { return AscendC::ConstDefiner::Instance().GetHardwareBaseAddr(AscendC::Hardware::BIAS); }

static CoreSlot& my_slot() { return control()->core[self().slot()]; }

static void record_location(CoreSlot& slot) {
    slot.line = self().line;
    std::strncpy(slot.file, self().file, sizeof slot.file - 1);
}

void fail(const char* format, ...) {
    CoreSlot& slot = my_slot();
    va_list args;
    va_start(args, format);
    std::vsnprintf(slot.message, sizeof slot.message, format, args);
    va_end(args);
    record_location(slot);
    slot.state.store(FAILED);
    std::fflush(stdout);
    std::fflush(stderr);
    _exit(3);
}

void unemulated(const char* name) {
    fail("the intrinsic %s is not emulated by the CANN backend", name);
}

/// A memory fault at an address of the launch's memory (up to 1 GiB past its end, where an access that
/// ran off the last argument lands) is recorded as an offset into it: the launcher names the argument.
static void on_signal(int signal, siginfo_t* info, void*) {
    CoreSlot& slot = my_slot();
    slot.signal = signal;
    const auto address = reinterpret_cast<uint64_t>(info != nullptr ? info->si_addr : nullptr);
    if ((signal == SIGSEGV || signal == SIGBUS) && address >= GM_ADDRESS &&
        address - GM_ADDRESS < control()->size + (1ull << 30)) {
        slot.fault_offset = static_cast<int64_t>(address - GM_ADDRESS);
    }
    record_location(slot);
    slot.state.store(FAILED);
    ::signal(signal, SIG_DFL);
    raise(signal);
}

}  // namespace ascx_cann

extern "C" void ascx_cann_body(void* const* args);

int main(int argc, char** argv) {
    using namespace ascx_cann;
    if (argc == 2 && std::strcmp(argv[1], "--layout") == 0) {  // where the launcher finds what it reads
        std::printf("control_bytes %llu\nslots %d\nprogress %zu\ncore %zu\nslot_size %zu\nstate %zu\n"
                    "wait_flag %zu\nline %zu\nsignal %zu\nfault_offset %zu\nfile %zu\nmessage %zu\nmax_args %d\n"
                    "sys_workspace %zu\nsys_workspace_bytes %llu\narray_bytes %zu\nslack_bytes %zu\n"
                    "array_name %zu\noverrun %zu\noverrun_size %zu\n",
                    static_cast<unsigned long long>(CONTROL_BYTES), MAX_BLOCKS * CORES_PER_BLOCK,
                    offsetof(Control, progress), offsetof(Control, core), sizeof(CoreSlot),
                    offsetof(CoreSlot, state), offsetof(CoreSlot, wait_flag), offsetof(CoreSlot, line),
                    offsetof(CoreSlot, signal), offsetof(CoreSlot, fault_offset), offsetof(CoreSlot, file),
                    offsetof(CoreSlot, message), MAX_ARGS, offsetof(Control, sys_workspace),
                    static_cast<unsigned long long>(SYS_WORKSPACE_BYTES),
                    offsetof(Control, arrays) + offsetof(GmArrays, array_bytes),
                    offsetof(Control, arrays) + offsetof(GmArrays, slack_bytes),
                    offsetof(Control, arrays) + offsetof(GmArrays, name),
                    offsetof(Control, arrays) + offsetof(GmArrays, overrun), sizeof(GmOverrun));
        return 0;
    }
    if (argc != 6) {
        std::fprintf(stderr, "usage: %s FILE BLOCK SUB BLOCK_NUM RATION\n", argv[0]);
        return 2;
    }
    const int fd = open(argv[1], O_RDWR);
    struct stat info;
    if (fd < 0 || fstat(fd, &info) != 0) {
        std::perror(argv[1]);
        return 2;
    }
    void* base = mmap(reinterpret_cast<void*>(GM_ADDRESS), static_cast<size_t>(info.st_size), PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_FIXED_NOREPLACE, fd, 0);
    if (base != reinterpret_cast<void*>(GM_ADDRESS)) {
        std::fprintf(stderr, "ascx CANN backend: cannot map the launch's memory at %#llx\n",
                     static_cast<unsigned long long>(GM_ADDRESS));
        return 2;
    }
    Self& me = self();
    me.block = std::atoll(argv[2]);
    me.sub = std::atoll(argv[3]);
    me.blocks = std::atoll(argv[4]);
    me.ration = std::atoll(argv[5]);
    me.launched = true;
#ifdef ASCX_CANN_AIC
    me.aic = true;
#endif
    block_idx = me.block;
    sub_block_idx = me.sub;
    block_num = me.blocks;
    g_taskRation = me.ration;
    std::setvbuf(stdout, nullptr, _IOLBF, 0);  // what CANN logs before an abort reaches the launcher
    my_slot().fault_offset = -1;
    struct sigaction action {};
    action.sa_sigaction = on_signal;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    for (int s : {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP}) {
        sigaction(s, &action, nullptr);
    }
    Control* c = control();
    void* args[MAX_ARGS];
    for (uint64_t i = 0; i < c->arg_count && i < MAX_ARGS; ++i) {
        args[i] = reinterpret_cast<uint8_t*>(GM_ADDRESS) + c->arg_offset[i];
    }
    my_slot().state.store(RUNNING);
    ascx_cann_body(args);
    std::fflush(stdout);
    my_slot().state.store(DONE);
    return 0;
}
