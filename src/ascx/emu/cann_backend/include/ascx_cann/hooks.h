// ascx CANN backend: the bookkeeping hooks CANN's TPipe, queues and buffer pools call into the closed
// CPU-debug library (its own checks of buffer use). This backend checks nothing there: the clean-room
// backend's checker does (docs/emulation.md#the-cann-backend).
#pragma once
#include <cstdint>

#define ASCX_CANN_HOOK(name) \
    template <typename... A> \
    inline int64_t name(A...) { return 0; }
ASCX_CANN_HOOK(AscendCBufInit)
ASCX_CANN_HOOK(AscendCBufAlloc)
ASCX_CANN_HOOK(AscendCBufFree)
ASCX_CANN_HOOK(AscendCBufEnque)
ASCX_CANN_HOOK(AscendCBufDeque)
ASCX_CANN_HOOK(AscendCBufGet)
ASCX_CANN_HOOK(AscendCBufAbsAddr)
ASCX_CANN_HOOK(AscendCQueCreate)
ASCX_CANN_HOOK(AscendCTBufPoolInit)
ASCX_CANN_HOOK(AscendCTBufPoolResetCheck)
ASCX_CANN_HOOK(AscendCUpdateTbufPoolStatus)
ASCX_CANN_HOOK(AscendCRecordPoolHierarchy)
#undef ASCX_CANN_HOOK
