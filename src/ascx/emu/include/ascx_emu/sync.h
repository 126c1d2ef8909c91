// ascx host emulation: flags, barriers, cross-core and inter-block synchronisation (docs/sync-model.md#ordering-primitives).
// Blocks run one after another, so these order nothing; the flag slots are still tracked so that a
// wait without a set (a hang on hardware), a set on a pending slot, and a set never waited at the
// end of the kernel are errors.
#pragma once

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
inline void check_flags_at_exit() {
    for (int e = 0; e < static_cast<int>(AscendC::HardEvent::MAX); ++e) {
        for (int id = 0; id < 8; ++id) {
            if (flag_slots.pending[e][id]) {
                fail("SetFlag<%s>(%d) is never matched by a WaitFlag before the kernel returns",
                     event_name(static_cast<AscendC::HardEvent>(e)), id);
            }
        }
    }
}

}  // namespace ascx_emu

namespace AscendC {

template <HardEvent event>
void SetFlag(int32_t eventID) {
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
    static_assert(pipe != PIPE_S, "PipeBarrier<PIPE_S> is a hardware error: the scalar pipe runs in order");
    detail::barrier(pipe);
}

template <uint8_t modeId, pipe_t pipe>
void CrossCoreSetFlag(uint16_t flagId) {
    static_assert(modeId <= 2, "CrossCoreSetFlag: modeId is 0, 1 or 2");
    (void)flagId;
}

template <uint8_t modeId = 0, pipe_t pipe = PIPE_S>
void CrossCoreWaitFlag(uint16_t flagId) {
    static_assert(modeId <= 2, "CrossCoreWaitFlag: modeId is 0, 1 or 2");
    (void)flagId;
}

template <pipe_t src, pipe_t dst>
class TQueSync {
public:
    void SetFlag(TEventID id) { (void)id; }
    void WaitFlag(TEventID id) { (void)id; }
};

template <bool isAIVOnly = true>
void SyncAll() {}

template <bool isAIVOnly = true>
void SyncAll(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
             const int32_t usedCores = 0) {
    (void)gmWorkspace;
    (void)ubWorkspace;
    (void)usedCores;
}

template <bool isAIVOnly = true>
void IBSet(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace, int32_t blockIdx,
           int32_t eventID) {
    (void)gmWorkspace;
    (void)ubWorkspace;
    (void)blockIdx;
    (void)eventID;
}

template <bool isAIVOnly = true>
void IBWait(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace, int32_t blockIdx,
            int32_t eventID) {
    (void)gmWorkspace;
    (void)ubWorkspace;
    (void)eventID;
    if (blockIdx > ascx_emu::block.block_idx) {
        ascx_emu::fail("IBWait: block %lld waits for block %d, which runs later in the emulation's sequential order",
                       static_cast<long long>(ascx_emu::block.block_idx), static_cast<int>(blockIdx));
    }
}

inline void NotifyNextBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace) {
    (void)gmWorkspace;
    (void)ubWorkspace;
}

inline void WaitPreBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace) {
    (void)gmWorkspace;
    (void)ubWorkspace;
}

}  // namespace AscendC

// raw intrinsics of the closed stub header: no-ops on the host
inline void set_flag(pipe_t, pipe_t, event_t) {}
inline void wait_flag(pipe_t, pipe_t, event_t) {}
inline void pipe_barrier(pipe_t pipe) { AscendC::detail::barrier(pipe); }
inline void set_ffts_base_addr(uint64_t) {}
inline void ffts_cross_core_sync(pipe_t, uint64_t) {}
