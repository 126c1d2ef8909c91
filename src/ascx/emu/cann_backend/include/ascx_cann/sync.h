// ascx CANN backend: pipe flags and barriers (a core runs its instructions in order, so they order
// nothing more), and the cross-core flags of ffts_cross_core_sync / wait_flag_dev, shared by the
// processes of a launch (docs: CrossCoreSetFlag's modes 0, 1 and 2).
#pragma once

#include <time.h>

#include <cstring>

#include "ascx_cann/core.h"

template <typename... A>
inline void set_flag(A...) {}
template <typename... A>
inline void wait_flag(A...) {}
template <typename... A>
inline void pipe_barrier(A...) {}
template <typename... A>
inline void hset_flag(A...) {}
template <typename... A>
inline void hwait_flag(A...) {}

namespace ascx_cann {

inline void give(int slot, int flag) {
    control()->core[slot].flag_counter[flag].fetch_add(1);
}

/// ffts_cross_core_sync's config: mode in bits 4-5, flag id in bits 8-11.
inline void cross_core_set(uint64_t config) {
    const int mode = static_cast<int>((config >> 4) & 0x3);
    const int flag = static_cast<int>((config >> 8) & 0xf);
    Self& me = self();
    Control* c = control();
    const int base = static_cast<int>(me.block * CORES_PER_BLOCK);
    if (mode == 0) {  // every core of this core's type
        const int type = me.aic ? 0 : 1;
        const int64_t members = me.aic ? me.blocks : me.blocks * me.ration;
        if ((c->mode0_sets[type][flag].fetch_add(1) + 1) % members == 0) {
            for (int64_t b = 0; b < me.blocks; ++b) {
                if (me.aic) {
                    give(static_cast<int>(b * CORES_PER_BLOCK), flag);
                } else {
                    for (int64_t s = 0; s < me.ration; ++s) {
                        give(static_cast<int>(b * CORES_PER_BLOCK + 1 + s), flag);
                    }
                }
            }
        }
    } else if (mode == 1) {  // the AIVs of this block
        if ((c->mode1_sets[me.block][flag].fetch_add(1) + 1) % me.ration == 0) {
            for (int64_t s = 0; s < me.ration; ++s) {
                give(static_cast<int>(base + 1 + s), flag);
            }
        }
    } else if (me.aic) {  // mode 2 from the AIC: each AIV of the block
        for (int64_t s = 0; s < me.ration; ++s) {
            give(static_cast<int>(base + 1 + s), flag);
        }
    } else if ((c->mode2_aiv_sets[me.block][flag].fetch_add(1) + 1) % me.ration == 0) {  // every AIV: the AIC
        give(base, flag);
    }
    c->progress.fetch_add(1);
}

inline void cross_core_wait(int flag) {
    CoreSlot& slot = control()->core[self().slot()];
    std::atomic<int32_t>& counter = slot.flag_counter[flag & 0xf];
    int spins = 0;
    for (;;) {
        int32_t value = counter.load();
        if (value > 0 && counter.compare_exchange_weak(value, value - 1)) {
            break;
        }
        if (++spins == 64) {
            slot.wait_flag = flag;
            slot.line = self().line;
            std::strncpy(slot.file, self().file, sizeof slot.file - 1);
            slot.state.store(WAITING);
        }
        if (spins > 64) {
            timespec pause{0, spins < 1000 ? 20000 : 200000};
            nanosleep(&pause, nullptr);
        }
    }
    if (spins >= 64) {
        slot.state.store(RUNNING);
    }
}

}  // namespace ascx_cann

template <typename P, typename C>
inline void ffts_cross_core_sync(P, C config) { ascx_cann::cross_core_set(static_cast<uint64_t>(config)); }
template <typename F>
inline void wait_flag_dev(F flag) { ascx_cann::cross_core_wait(static_cast<int>(flag)); }
