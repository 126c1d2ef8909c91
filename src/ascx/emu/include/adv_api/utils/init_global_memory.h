// ascx host emulation of InitGlobalMemory (adv_api/utils/init_global_memory.h): the first ``size`` elements
// of a GlobalTensor set to ``value``.  Clean-room, from CANN's InitGlobalMemory page: the types it lists, the
// size in elements, and CANN's kernel check (the tensor has elements, and ``size`` is at most that many).
//
// The write is MTE3's (the device copies a filled unified-buffer block out), under the atomic mode like any
// copy out of the unified buffer, and the dynamic checker sees it as an MTE3 write of the GM range.
#pragma once

#include <vector>

#include "ascx_emu/data_copy.h"

namespace AscendC {

template <typename T>
void InitGlobalMemory(GlobalTensor<T>& gmWorkspaceAddr, const uint64_t size, const T value) {
    ASCX_COVER("InitGlobalMemory");
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float> || std::is_same_v<T, int16_t> ||
                      std::is_same_v<T, uint16_t> || std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t>,
                  "InitGlobalMemory takes half, float, int16_t, uint16_t, int32_t or uint32_t");
    const char* what = "InitGlobalMemory";
    if (gmWorkspaceAddr.GetSize() == 0) {
        ascx_emu::fail("%s: the GlobalTensor has no elements (CANN checks GetSize() > 0)", what);
    }
    if (size > gmWorkspaceAddr.GetSize()) {
        ascx_emu::fail("%s: size %llu is more than the GlobalTensor's %llu elements", what,
                       static_cast<unsigned long long>(size),
                       static_cast<unsigned long long>(gmWorkspaceAddr.GetSize()));
    }
    if (size == 0) {
        return;
    }
    T* to = gmWorkspaceAddr.span(size, what);
    gmWorkspaceAddr.record_bytes(size * sizeof(T), ascx_emu::sync_check::MTE3, true, what);
    const std::vector<T> fill(size, value);
    ascx_emu::gm_write(to, fill.data(), size * sizeof(T), what);
}

}  // namespace AscendC
