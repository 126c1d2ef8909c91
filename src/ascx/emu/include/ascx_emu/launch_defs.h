// ascx host emulation: the bodies of launch.h's shared functions (ASCX_EMU_SHARED, linkage.h), which a
// kernel built with -DASCX_EMU_THIN links from runtime.o instead of compiling.  Clean-room; included at
// the end of launch.h.
#pragma once

namespace ascx_emu {

void begin_block(int64_t block_index, int64_t sub, int64_t block_num, int64_t sub_num,
                        const LaunchBuffer* buffers, int64_t buffer_count, bool check_sync, bool same_pipe_raw) {
    block.block_idx = block_index * sub_num + sub;
    block.block_num = block_num;
    block.sub_block_idx = sub;
    block.sub_block_num = sub_num;
    block.error[0] = '\0';
    block.file = nullptr;
    block.line = 0;
    block.stopped = false;
    on_chip.clear();
    flag_slots = FlagSlots{};
    gm_allocations.clear();
    for (int64_t i = 0; i < buffer_count; ++i) {
        const auto* first = static_cast<const unsigned char*>(buffers[i].data);
        gm_allocations.push_back(GmAllocation{first, first + buffers[i].bytes, buffers[i].name,
                                              first + buffers[i].array_bytes, buffers[i].overrun});
    }
    at_kernel_exit.clear();
    registers = CoreRegisters{};
    system_state = SystemState{};
    sync_check::state.reset(check_sync, same_pipe_raw);
}

void end_block() {
    check_flags_at_exit();
    for (void (*check)() : at_kernel_exit) {
        check();
    }
    at_kernel_exit.clear();
}

}  // namespace ascx_emu

namespace ascx_emu {
namespace blocks {

void run_core(Launch& l, int64_t core) {
    const int64_t b = core / l.sub_num;
    const int64_t s = core % l.sub_num;
    begin_block(b, s, l.block_num, l.sub_num, l.buffers, l.buffer_count, l.check_sync, l.same_pipe_raw);
    this_launch = &l;
    this_core = core;
    block.stop_above = &l.stop_above;
    block.output = &l.output[static_cast<size_t>(core)];
    block.local_overrun = l.local_overrun;
    volatile bool ok = false;
    if (setjmp(block.on_error) == 0) {
        if (core > l.stop_above.load()) {
            stop_core();
        }
        l.body(l.args);
        end_block();
        ok = true;
    }
    block.stop_above = nullptr;
    block.output = nullptr;
    block.local_overrun = nullptr;
    std::unique_lock<std::mutex> lock(l.mutex);
    if (!ok && !block.stopped) {
        char message[sizeof l.error];
        char who[96];
        describe_core(who, sizeof who, l, core);
        std::snprintf(message, sizeof message, "%s: %s", who, block.error);
        record_failure(l, core, message, block.file, block.line);
    }
    this_launch = nullptr;
    this_core = -1;
    --l.alive;
    --l.running;
    l.changed.notify_all();
    check_deadlock(l);
}

void worker(Launch* launch) {
    Launch& l = *launch;
    std::unique_lock<std::mutex> lock(l.mutex);
    for (;;) {
        ++l.token_waiters;
        while (l.running >= l.width && l.next < l.cores && l.next <= l.stop_above.load()) {
            l.changed.wait(lock);
        }
        --l.token_waiters;
        if (l.next >= l.cores || l.next > l.stop_above.load()) {
            break;
        }
        const int64_t core = l.next++;
        ++l.alive;
        ++l.running;
        lock.unlock();
        run_core(l, core);
        lock.lock();
    }
    --l.workers_active;
    l.changed.notify_all();
}

}  // namespace blocks
}  // namespace ascx_emu

namespace ascx_emu {

int run_launch(void (*body)(void* const*), void* const* args, const LaunchBuffer* buffers, int64_t buffer_count,
                      int64_t block_num, int64_t sub_block_num, bool check_sync, bool same_pipe_raw, int64_t threads,
                      LocalOverrun* local_overrun, char* error, int64_t error_size) {
    Launch l;
    l.local_overrun = local_overrun;
    l.body = body;
    l.worker = &blocks::worker;
    l.args = args;
    l.buffers = buffers;
    l.buffer_count = buffer_count;
    l.block_num = block_num;
    l.sub_num = sub_block_num;
    l.cores = block_num * sub_block_num;
    l.check_sync = check_sync;
    l.same_pipe_raw = same_pipe_raw;
    l.width = static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(threads, l.cores)));
    l.waits.resize(static_cast<size_t>(l.cores));
    l.output.resize(static_cast<size_t>(l.cores));
    l.sync_all_calls.assign(static_cast<size_t>(l.cores), 0);
    l.notified.assign(static_cast<size_t>(l.cores), 0);
    l.waited_pre.assign(static_cast<size_t>(l.cores), 0);
    {
        std::unique_lock<std::mutex> lock(l.mutex);
        l.workers_active = l.width;  // this thread and width - 1 more
        for (int i = 1; i < l.width; ++i) {
            l.workers.emplace_back(&blocks::worker, &l);
        }
    }
    blocks::worker(&l);
    std::vector<std::thread> joined;
    {
        std::unique_lock<std::mutex> lock(l.mutex);
        while (l.workers_active > 0) {
            l.changed.wait(lock);
        }
        joined.swap(l.workers);
    }
    for (std::thread& t : joined) {
        t.join();
    }
    for (std::string& text : l.output) {  // in core order
        if (!text.empty()) {
            std::fputs(text.c_str(), stdout);
        }
    }
    std::fflush(stdout);
    last_failure = LastFailure{};
    if (l.failed_core >= 0) {
        std::snprintf(error, static_cast<size_t>(error_size), "%s", l.error);
        last_failure = LastFailure{l.error_file, l.error_line};
        return 1;
    }
    return 0;
}

void report_where(char* file, int64_t size, int64_t* line) {
    std::snprintf(file, static_cast<size_t>(size), "%s", last_failure.file != nullptr ? last_failure.file : "");
    *line = last_failure.line;
}

}  // namespace ascx_emu
