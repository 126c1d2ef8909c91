// ascx CANN backend: the host `bfloat16_t` of the CPU-debug path (namespace bfloat16, type Bf16T).
#pragma once
#include "kernel_fp16.h"

namespace bfloat16 {
struct Bf16T : ascx_cann::Float16Value<true> {
    using ascx_cann::Float16Value<true>::Float16Value;
    Bf16T() = default;
    explicit Bf16T(const half& h) : ascx_cann::Float16Value<true>(h.ToFloat()) {}
};
}  // namespace bfloat16
using bfloat16_t = bfloat16::Bf16T;
