// ascx CANN backend: the MTE copies between GM, UB and L1 in bursts: nBurst bursts of lenBurst 32-byte
// blocks, the source and destination gaps between bursts in 32-byte blocks.
#pragma once

#include <cstdint>
#include <cstring>

#include "ascx_cann/core.h"

namespace ascx_cann {
inline void burst_copy(void* dst, const void* src, uint64_t n, uint64_t len, uint64_t src_gap, uint64_t dst_gap,
                       uint64_t unit = 32) {
    auto* d = static_cast<uint8_t*>(dst);
    const auto* s = static_cast<const uint8_t*>(src);
    for (uint64_t i = 0; i < n; ++i) {
        std::memmove(d + i * (len + dst_gap) * unit, s + i * (len + src_gap) * unit, len * unit);
    }
}
}  // namespace ascx_cann

#define ASCX_CANN_COPY(name)                                                                                      \
    template <typename D, typename S, typename Sid, typename N, typename L, typename SG, typename DG, typename... P> \
    inline void name(D* dst, S* src, Sid, N n, L len, SG src_gap, DG dst_gap, P...) {                           \
        ascx_cann::burst_copy(dst, src, uint64_t(n), uint64_t(len), uint64_t(src_gap), uint64_t(dst_gap));       \
    }
ASCX_CANN_COPY(copy_gm_to_ubuf)
ASCX_CANN_COPY(copy_ubuf_to_gm)
ASCX_CANN_COPY(copy_ubuf_to_ubuf)
ASCX_CANN_COPY(copy_gm_to_cbuf)
ASCX_CANN_COPY(copy_cbuf_to_gm)
ASCX_CANN_COPY(copy_ubuf_to_cbuf)
ASCX_CANN_COPY(copy_cbuf_to_ubuf)
#undef ASCX_CANN_COPY
