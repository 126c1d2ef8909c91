// ascx host emulation: flags, barriers, cross-core and inter-block synchronisation
// (docs/sync-model.md#ordering-primitives).
// Within a core the pipes run in program order, so SetFlag / WaitFlag order nothing; the flag slots
// are still tracked so that a wait without a set (a hang on hardware), a set on a pending slot, and a
// set never waited at the end of the kernel are errors, and the dynamic checker learns the ordering.
// Between cores (IBSet / IBWait, SyncAll, NotifyNextBlock / WaitPreBlock, CrossCoreSetFlag /
// CrossCoreWaitFlag in modes 0 and 1) the cores really wait for each other: they run on host threads
// (blocks.h), and a wait that nothing can satisfy ends the launch with a deadlock error.
#pragma once

#include "ascx_emu/blocks.h"
#include "ascx_emu/checker.h"
#include "ascx_emu/tensor.h"

namespace ascx_emu {

/// Pending SetFlag slots of one core: (event, id) -> set.
struct FlagSlots {
    bool pending[static_cast<int>(AscendC::HardEvent::MAX)][8] = {};
};

inline thread_local FlagSlots flag_slots;

inline const char* event_name(AscendC::HardEvent e) {
    static const char* const names[] = {
        "MTE2_MTE1", "MTE1_MTE2", "MTE1_M", "M_MTE1", "MTE2_V", "V_MTE2", "MTE3_V", "V_MTE3", "M_V", "V_M", "V_V",
        "MTE3_MTE1", "MTE1_MTE3", "MTE1_V", "MTE2_M", "M_MTE2", "V_MTE1", "M_FIX", "FIX_M", "MTE3_MTE2", "MTE2_MTE3",
        "S_V", "V_S", "S_MTE2", "MTE2_S", "S_MTE3", "MTE3_S", "MTE2_FIX", "FIX_MTE2", "FIX_S", "M_S", "FIX_MTE3",
        "MTE1_FIX", "FIX_MTE1", "FIX_FIX"};
    return names[static_cast<int>(e)];
}

/// The pipes an event connects: the source signals, the destination waits.
inline void event_actors(AscendC::HardEvent e, sync_check::Actor& source, sync_check::Actor& destination) {
    using sync_check::Actor;
    static const Actor table[][2] = {
        {Actor::MTE2, Actor::MTE1}, {Actor::MTE1, Actor::MTE2}, {Actor::MTE1, Actor::M}, {Actor::M, Actor::MTE1},
        {Actor::MTE2, Actor::V},    {Actor::V, Actor::MTE2},    {Actor::MTE3, Actor::V}, {Actor::V, Actor::MTE3},
        {Actor::M, Actor::V},       {Actor::V, Actor::M},       {Actor::V, Actor::V},    {Actor::MTE3, Actor::MTE1},
        {Actor::MTE1, Actor::MTE3}, {Actor::MTE1, Actor::V},    {Actor::MTE2, Actor::M}, {Actor::M, Actor::MTE2},
        {Actor::V, Actor::MTE1},    {Actor::M, Actor::FIX},     {Actor::FIX, Actor::M},  {Actor::MTE3, Actor::MTE2},
        {Actor::MTE2, Actor::MTE3}, {Actor::S, Actor::V},       {Actor::V, Actor::S},    {Actor::S, Actor::MTE2},
        {Actor::MTE2, Actor::S},    {Actor::S, Actor::MTE3},    {Actor::MTE3, Actor::S}, {Actor::MTE2, Actor::FIX},
        {Actor::FIX, Actor::MTE2},  {Actor::FIX, Actor::S},     {Actor::M, Actor::S},    {Actor::FIX, Actor::MTE3},
        {Actor::MTE1, Actor::FIX},  {Actor::FIX, Actor::MTE1},  {Actor::FIX, Actor::FIX}};
    static_assert(sizeof(table) / sizeof(table[0]) == static_cast<size_t>(AscendC::HardEvent::MAX),
                  "one row per HardEvent");
    source = table[static_cast<int>(e)][0];
    destination = table[static_cast<int>(e)][1];
}

inline bool& flag_slot(AscendC::HardEvent e, int32_t id, const char* what) {
    if (id < 0 || id > 7) {
        fail("%s<%s>: event id %d is not 0 to 7", what, event_name(e), static_cast<int>(id));
    }
    return flag_slots.pending[static_cast<int>(e)][id];
}

/// Called by the launcher when a kernel body returns: every flag set must have been waited for.
ASCX_EMU_SHARED void check_flags_at_exit();

}  // namespace ascx_emu

namespace AscendC {

template <HardEvent event>
void SetFlag(int32_t eventID) {
    ASCX_COVER("SetFlag");
    bool& slot = ascx_emu::flag_slot(event, eventID, "SetFlag");
    if (slot) {
        ascx_emu::fail("SetFlag<%s>(%d): the flag is already set and not yet waited for", ascx_emu::event_name(event),
                       static_cast<int>(eventID));
    }
    slot = true;
    ascx_emu::sync_check::Actor source, destination;
    ascx_emu::event_actors(event, source, destination);
    ascx_emu::sync_check::signal(ascx_emu::sync_check::flag_key(static_cast<int>(event), eventID), source);
}

template <HardEvent event>
void WaitFlag(int32_t eventID) {
    ASCX_COVER("WaitFlag");
    bool& slot = ascx_emu::flag_slot(event, eventID, "WaitFlag");
    if (!slot) {
        ascx_emu::fail("WaitFlag<%s>(%d) without a matching SetFlag (would hang on hardware)",
                       ascx_emu::event_name(event), static_cast<int>(eventID));
    }
    slot = false;
    ascx_emu::sync_check::Actor source, destination;
    ascx_emu::event_actors(event, source, destination);
    ascx_emu::sync_check::await(ascx_emu::sync_check::flag_key(static_cast<int>(event), eventID), destination);
}

namespace detail {
inline void barrier(pipe_t pipe) {
    using namespace ascx_emu::sync_check;
    switch (pipe) {
        case PIPE_ALL: barrier_all(); break;  // every pipe's earlier work completes before any later work
        case PIPE_V: ascx_emu::sync_check::barrier(V); break;
        case PIPE_MTE1: ascx_emu::sync_check::barrier(MTE1); break;
        case PIPE_MTE2: ascx_emu::sync_check::barrier(MTE2); break;
        case PIPE_MTE3: ascx_emu::sync_check::barrier(MTE3); break;
        case PIPE_M: ascx_emu::sync_check::barrier(M); break;
        case PIPE_FIX: ascx_emu::sync_check::barrier(FIX); break;
        default: break;
    }
}
}  // namespace detail

template <pipe_t pipe>
void PipeBarrier() {
    ASCX_COVER("PipeBarrier");
    static_assert(pipe != PIPE_S, "PipeBarrier<PIPE_S> is a hardware error: the scalar pipe runs in order");
    detail::barrier(pipe);
}

namespace detail {

/// The inter-block operations start and end with PipeBarrier<PIPE_ALL> (as CANN implements them).
inline void inter_block_barrier() { ascx_emu::sync_check::barrier_all(); }

/// CANN's IBSet, IBWait, WaitPreBlock, NotifyNextBlock and software SyncAll take the event ids of their
/// copies from the kernel's TPipe (GetTPipePtr()->FetchEventID, dav_c220 kernel_operator_sync_impl.h and
/// kernel_operator_determine_compute_sync_impl.h): in a kernel without one that is a null pointer.
inline void needs_tpipe(const char* what) {
    if (ascx_emu::system_state.tpipe == nullptr) {
        ascx_emu::fail("%s: the kernel has no TPipe, and CANN's %s takes its event ids from the kernel's TPipe "
                       "(GetTPipePtr()->FetchEventID): create one before the call",
                       what, what);
    }
}

/// Cross-core flags: the cores a mode synchronises (mode 0: every core of the launch; mode 1: the
/// AIVs of this core's block), and the counters of (mode, flag) per core.
inline std::vector<int64_t>& cross_counts(std::map<std::pair<int, int>, std::vector<int64_t>>& table, int mode,
                                          int flag) {
    std::vector<int64_t>& counts = table[{mode, flag}];
    counts.resize(static_cast<size_t>(ascx_emu::this_launch->cores), 0);
    return counts;
}

ASCX_EMU_SHARED void cross_core_check(int mode, uint16_t flag, const char* what);

}  // namespace detail

template <uint8_t modeId, pipe_t pipe>
void CrossCoreSetFlag(uint16_t flagId) {
    ASCX_COVER("CrossCoreSetFlag");
    static_assert(modeId <= 2, "CrossCoreSetFlag: modeId is 0, 1 or 2");
    detail::cross_core_check(modeId, flagId, "CrossCoreSetFlag");
    if constexpr (modeId == 2) {
        return;  // AIC <-> AIV: the AIC side of a MIX kernel is not run by the emulation
    } else {
        if (!ascx_emu::in_launch()) {
            return;
        }
        ascx_emu::Launch& l = *ascx_emu::this_launch;
        std::unique_lock<std::mutex> lock(l.mutex);
        ++detail::cross_counts(l.cross_sets, modeId, flagId)[static_cast<size_t>(ascx_emu::this_core)];
        ascx_emu::blocks::changed(l);
    }
}

template <uint8_t modeId = 0, pipe_t pipe = PIPE_S>
void CrossCoreWaitFlag(uint16_t flagId) {
    ASCX_COVER("CrossCoreWaitFlag");
    static_assert(modeId <= 2, "CrossCoreWaitFlag: modeId is 0, 1 or 2");
    detail::cross_core_check(modeId, flagId, "CrossCoreWaitFlag");
    if constexpr (modeId == 2) {
        return;  // AIC <-> AIV: the AIC side of a MIX kernel is not run by the emulation
    } else {
        if (!ascx_emu::in_launch()) {
            return;
        }
        ascx_emu::Launch& l = *ascx_emu::this_launch;
        const int64_t me = ascx_emu::this_core;
        std::unique_lock<std::mutex> lock(l.mutex);
        const int64_t round = ++detail::cross_counts(l.cross_waits, modeId, flagId)[static_cast<size_t>(me)];
        std::vector<int64_t>* sets = &detail::cross_counts(l.cross_sets, modeId, flagId);
        const int64_t first = modeId == 0 ? 0 : me / l.sub_num * l.sub_num;
        const int64_t last = modeId == 0 ? l.cores : first + l.sub_num;
        char what[96];
        std::snprintf(what, sizeof what, "CrossCoreWaitFlag<%d>(%u)", static_cast<int>(modeId),
                      static_cast<unsigned>(flagId));
        ascx_emu::blocks::wait_until(lock, what, [sets, first, last, round] {
            for (int64_t c = first; c < last; ++c) {
                if ((*sets)[static_cast<size_t>(c)] < round) {
                    return false;
                }
            }
            return true;
        });
    }
}

template <pipe_t src, pipe_t dst>
class TQueSync {
public:
    void SetFlag(TEventID id) { (void)id; }
    void WaitFlag(TEventID id) { (void)id; }
};

/// The hardware SyncAll: every core of the launch reaches its n-th SyncAll before any passes it.
template <bool isAIVOnly = true>
void SyncAll() {
    ASCX_COVER_FORM("SyncAll", "()");
    detail::inter_block_barrier();
    if (!ascx_emu::in_launch()) {
        return;
    }
    ascx_emu::Launch& l = *ascx_emu::this_launch;
    std::unique_lock<std::mutex> lock(l.mutex);
    const int64_t round = ++l.sync_all_calls[static_cast<size_t>(ascx_emu::this_core)];
    ascx_emu::blocks::changed(l);
    ascx_emu::blocks::wait_until(lock, "SyncAll()", [&l, round] {
        for (int64_t calls : l.sync_all_calls) {
            if (calls < round) {
                return false;
            }
        }
        return true;
    });
    lock.unlock();
    detail::inter_block_barrier();
}

/// The software SyncAll: each of the first ``usedCores`` cores (all when 0) counts its calls in its
/// 32-byte slot of ``gmWorkspace``; a core passes its n-th call when the slots add up to n per core.
template <bool isAIVOnly = true>
void SyncAll(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
             const int32_t usedCores = 0) {
    ASCX_COVER_FORM("SyncAll", "GlobalTensor, LocalTensor, int32_t");
#if defined(EMU_AIC)
    (void)gmWorkspace, (void)ubWorkspace, (void)usedCores;
    return;
#else
    const char* what = "SyncAll(gmWorkspace, ubWorkspace, usedCores)";
    detail::needs_tpipe("SyncAll");
    if (!ascx_emu::in_launch()) {
        return;
    }
    ascx_emu::Launch& l = *ascx_emu::this_launch;
    const int64_t total = usedCores != 0 ? usedCores : l.cores;
    if (usedCores < 0 || total > l.cores) {
        ascx_emu::fail("%s: usedCores %d is outside 0 to the %lld cores of the launch", what, static_cast<int>(usedCores),
                       static_cast<long long>(l.cores));
    }
    const int64_t me = ascx_emu::block.block_idx;
    int32_t* slots = gmWorkspace.span(static_cast<uint64_t>(std::max(total, me + 1)) * 8, what);
    ubWorkspace.span(static_cast<uint64_t>(total) * 8, what);
    detail::inter_block_barrier();
    std::unique_lock<std::mutex> lock(l.mutex);
    std::vector<int64_t>& calls = l.soft_sync_calls[usedCores];
    calls.resize(static_cast<size_t>(l.cores), 0);
    const int64_t round = ++calls[static_cast<size_t>(me)];
    slots[me * 8] = static_cast<int32_t>(round);
    ascx_emu::blocks::changed(l);
    char text[96];
    std::snprintf(text, sizeof text, "SyncAll(gmWorkspace, ubWorkspace, %d)", static_cast<int>(usedCores));
    ascx_emu::blocks::wait_until(lock, text, [&calls, total, round] {
        int64_t sum = 0;
        for (int64_t c = 0; c < total; ++c) {
            sum += calls[static_cast<size_t>(c)];
        }
        return sum >= total * round;
    });
    lock.unlock();
    detail::inter_block_barrier();
#endif
}

namespace detail {

/// The flag of IBSet / IBWait: the 32-byte slot of (blockIdx, eventID) in the workspace (as CANN lays
/// it out: blockNum * 8 * eventID + blockIdx * 8 int32s in, blockNum doubled for a MIX kernel).
inline int32_t* ib_slot(const GlobalTensor<int32_t>& gm, const LocalTensor<int32_t>& ub, int32_t blockIdx,
                        int32_t eventID, bool aiv_only, const char* what) {
    const int64_t cores = ascx_emu::block.block_num * (aiv_only ? 1 : 2);
    if (blockIdx < 0 || eventID < 0) {
        ascx_emu::fail("%s: blockIdx %d and eventID %d must not be negative", what, static_cast<int>(blockIdx),
                       static_cast<int>(eventID));
    }
    const uint64_t index = static_cast<uint64_t>(cores * 8 * eventID + int64_t{blockIdx} * 8);
    ub.span(8, what);
    return gm.span(index + 8, what) + index;
}

}  // namespace detail

/// Waits until the (blockIdx, eventID) flag is clear, then sets it (CANN writes 1 to its GM slot).
template <bool isAIVOnly = true>
void IBSet(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace, int32_t blockIdx,
           int32_t eventID) {
    ASCX_COVER("IBSet");
#if defined(EMU_AIC)
    (void)gmWorkspace, (void)ubWorkspace, (void)blockIdx, (void)eventID;
    return;
#else
    detail::needs_tpipe("IBSet");
    int32_t* slot = detail::ib_slot(gmWorkspace, ubWorkspace, blockIdx, eventID, isAIVOnly, "IBSet");
    detail::inter_block_barrier();
    if (!ascx_emu::in_launch()) {
        return;
    }
    ascx_emu::Launch& l = *ascx_emu::this_launch;
    std::unique_lock<std::mutex> lock(l.mutex);
    int& flag = l.ib_flags[{blockIdx, eventID}];
    char what[96];
    std::snprintf(what, sizeof what, "IBSet(block %d, event %d): its flag is still set", static_cast<int>(blockIdx),
                  static_cast<int>(eventID));
    ascx_emu::blocks::wait_until(lock, what, [&flag] { return flag == 0; });
    flag = 1;
    *slot = 1;
    ascx_emu::blocks::changed(l);
    lock.unlock();
    detail::inter_block_barrier();
#endif
}

/// Waits until the (blockIdx, eventID) flag is set, then clears it (CANN writes 0 to its GM slot).
template <bool isAIVOnly = true>
void IBWait(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace, int32_t blockIdx,
            int32_t eventID) {
    ASCX_COVER("IBWait");
#if defined(EMU_AIC)
    (void)gmWorkspace, (void)ubWorkspace, (void)blockIdx, (void)eventID;
    return;
#else
    detail::needs_tpipe("IBWait");
    int32_t* slot = detail::ib_slot(gmWorkspace, ubWorkspace, blockIdx, eventID, isAIVOnly, "IBWait");
    detail::inter_block_barrier();
    if (!ascx_emu::in_launch()) {
        return;
    }
    ascx_emu::Launch& l = *ascx_emu::this_launch;
    std::unique_lock<std::mutex> lock(l.mutex);
    int& flag = l.ib_flags[{blockIdx, eventID}];
    char what[96];
    std::snprintf(what, sizeof what, "IBWait(block %d, event %d)", static_cast<int>(blockIdx),
                  static_cast<int>(eventID));
    ascx_emu::blocks::wait_until(lock, what, [&flag] { return flag == 1; });
    flag = 0;
    *slot = 0;
    ascx_emu::blocks::changed(l);
    lock.unlock();
    detail::inter_block_barrier();
#endif
}

/// Lets the next block past its WaitPreBlock: the blocks take turns in index order, round after round.
inline void NotifyNextBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace) {
    ASCX_COVER("NotifyNextBlock");
#if defined(EMU_AIC)
    (void)gmWorkspace, (void)ubWorkspace;
#else
    const char* what = "NotifyNextBlock";
    detail::needs_tpipe(what);
    const int64_t blocks = ascx_emu::block.block_num;
    gmWorkspace.span(static_cast<uint64_t>(blocks) * 8, what);
    ubWorkspace.span(static_cast<uint64_t>(blocks) * 8 + 8, what);
    detail::inter_block_barrier();
    if (!ascx_emu::in_launch()) {
        return;
    }
    ascx_emu::Launch& l = *ascx_emu::this_launch;
    std::unique_lock<std::mutex> lock(l.mutex);
    ++l.notified[static_cast<size_t>(ascx_emu::this_core)];
    ascx_emu::blocks::changed(l);
    lock.unlock();
    detail::inter_block_barrier();
#endif
}

/// Waits for this block's turn: block b's n-th WaitPreBlock passes once blocks 0 to b-1 have called
/// NotifyNextBlock n times (block 0: once the last block has finished round n-1).
inline void WaitPreBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace) {
    ASCX_COVER("WaitPreBlock");
#if defined(EMU_AIC)
    (void)gmWorkspace, (void)ubWorkspace;
#else
    const char* what = "WaitPreBlock";
    detail::needs_tpipe(what);
    const int64_t blocks = ascx_emu::block.block_num;
    gmWorkspace.span(static_cast<uint64_t>(blocks) * 8, what);
    ubWorkspace.span(static_cast<uint64_t>(blocks) * 8 + 8, what);
    detail::inter_block_barrier();
    if (!ascx_emu::in_launch()) {
        return;
    }
    ascx_emu::Launch& l = *ascx_emu::this_launch;
    const int64_t me = ascx_emu::this_core;
    const int64_t b = ascx_emu::block.block_idx;
    std::unique_lock<std::mutex> lock(l.mutex);
    const int64_t round = ++l.waited_pre[static_cast<size_t>(me)];
    const int64_t before = std::min(b, blocks);
    ascx_emu::blocks::wait_until(lock, "WaitPreBlock", [&l, before, blocks, round] {
        if (before == 0) {
            return blocks <= 1 || l.notified[static_cast<size_t>(blocks - 1)] >= round - 1;
        }
        for (int64_t c = 0; c < before; ++c) {
            if (l.notified[static_cast<size_t>(c)] < round) {
                return false;
            }
        }
        return true;
    });
    lock.unlock();
    detail::inter_block_barrier();
#endif
}

}  // namespace AscendC

// raw intrinsics of the closed stub header: no-ops on the host
inline void set_flag(pipe_t, pipe_t, event_t) {}
inline void wait_flag(pipe_t, pipe_t, event_t) {}
inline void pipe_barrier(pipe_t pipe) { AscendC::detail::barrier(pipe); }
inline void set_ffts_base_addr(uint64_t) {}
inline void ffts_cross_core_sync(pipe_t, uint64_t) {}

#if !defined(ASCX_EMU_THIN)
#include "ascx_emu/sync_defs.h"
#endif
