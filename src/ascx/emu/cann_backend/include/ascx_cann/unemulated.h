// ascx CANN backend: the intrinsics CANN's headers name that this backend does not emulate. They compile
// (the headers need their declarations) and stop the core that reaches one with a clear message.
#pragma once

#include <cstdint>

namespace ascx_cann {
[[noreturn]] void unemulated(const char* name);
}  // namespace ascx_cann

#define ASCX_CANN_UNEMULATED(name) \
    template <typename... A>       \
    inline void name(A...) {       \
        ascx_cann::unemulated(#name); \
    }
#define ASCX_CANN_UNEMULATED_VALUE(name) \
    template <typename... A>             \
    inline int64_t name(A...) {          \
        ascx_cann::unemulated(#name);    \
    }
#include "ascx_cann/unemulated.inc"
#undef ASCX_CANN_UNEMULATED
#undef ASCX_CANN_UNEMULATED_VALUE
