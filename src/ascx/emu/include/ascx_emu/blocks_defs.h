// ascx host emulation: the bodies of blocks.h's shared functions (ASCX_EMU_SHARED, linkage.h), which a
// kernel built with -DASCX_EMU_THIN links from runtime.o instead of compiling.  Clean-room; included at
// the end of blocks.h.
#pragma once

namespace ascx_emu {
namespace blocks {

void describe_core(char* out, size_t size, const Launch& l, int64_t core) {
    std::snprintf(out, size, "block %lld (sub-block %lld)", static_cast<long long>(core / l.sub_num),
                  static_cast<long long>(core % l.sub_num));
}

void record_failure(Launch& l, int64_t core, const char* message, const char* file, int line) {
    if (l.failed_core < 0 || core < l.failed_core) {
        l.failed_core = core;
        std::snprintf(l.error, sizeof l.error, "%s", message);
        l.error_file = file;
        l.error_line = line;
    }
    if (core < l.stop_above.load()) {
        l.stop_above.store(core);
    }
    l.changed.notify_all();
}

bool deadlocked(Launch& l) {
    if (l.alive == 0 || l.next < l.cores) {
        return false;
    }
    int64_t waiting = 0;
    for (Wait& w : l.waits) {
        if (w.active) {
            if (w.ready()) {
                return false;
            }
            ++waiting;
        }
    }
    return waiting == l.alive;
}

void check_deadlock(Launch& l) {
    if (!deadlocked(l)) {
        return;
    }
    if (l.failed_core < 0) {
        std::string text = "deadlock: every running core waits for something no core will do:";
        int64_t first = -1;
        int listed = 0;
        for (int64_t c = 0; c < l.cores; ++c) {
            const Wait& w = l.waits[static_cast<size_t>(c)];
            if (!w.active) {
                continue;
            }
            if (first < 0) {
                first = c;
            }
            if (listed++ == 8) {
                text += " ...";
                break;
            }
            char who[96];
            describe_core(who, sizeof who, l, c);
            char line[512];
            if (w.file != nullptr) {
                std::snprintf(line, sizeof line, "%s %s waits in %s (%s:%d)", listed > 1 ? ";" : "", who, w.what, w.file,
                              w.line);
            } else {
                std::snprintf(line, sizeof line, "%s %s waits in %s", listed > 1 ? ";" : "", who, w.what);
            }
            text += line;
        }
        const Wait& w = l.waits[static_cast<size_t>(first)];
        l.failed_core = first;
        std::snprintf(l.error, sizeof l.error, "%s", text.c_str());
        l.error_file = w.file;
        l.error_line = w.line;
    }
    l.stop_above.store(-1);
    l.changed.notify_all();
}

void ensure_worker(Launch& l) {
    if (l.next < l.cores && l.token_waiters == 0 && l.next <= l.stop_above.load()) {
        ++l.workers_active;
        l.workers.emplace_back(l.worker, &l);
    }
}

void wait_until(std::unique_lock<std::mutex>& lock, const char* what, std::function<bool()> ready) {
    Launch& l = *this_launch;
    const int64_t me = this_core;
    if (ready()) {
        return;
    }
    Wait& w = l.waits[static_cast<size_t>(me)];
    w.active = true;
    w.ready = std::move(ready);
    std::snprintf(w.what, sizeof w.what, "%s", what);
    w.file = block.file;
    w.line = block.line;
    --l.running;
    ensure_worker(l);
    l.changed.notify_all();
    check_deadlock(l);
    while (!stopping(l, me) && !w.ready()) {
        l.changed.wait(lock);
    }
    w.active = false;
    w.ready = nullptr;
    ++l.token_waiters;
    while (!stopping(l, me) && l.running >= l.width) {
        l.changed.wait(lock);
    }
    --l.token_waiters;
    ++l.running;
    if (stopping(l, me)) {
        lock.unlock();
        stop_core();
    }
}

}  // namespace blocks
}  // namespace ascx_emu
