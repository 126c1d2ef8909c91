// ascx CANN backend: the definitions CANN's Ascend C headers take from the closed CPU-simulator library on
// their CPU-debug path (ASCENDC_CPU_DEBUG=1, __NPU_ARCH__ 2201): the bisheng qualifiers (empty on the host),
// the CCE builtin enums, the scalar types, and the per-core globals. Written for ascx from the API facts
// (names, enumerators); the values are the CCE ISA's order, the semantics live in ascx_cann/.
// See docs/emulation.md#the-cann-backend.
#pragma once

#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iomanip>
#include <iostream>
#include <limits>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

// --- bisheng's function qualifiers and address spaces: nothing on the host ----------------------------
#define __aicore__
#define __global__
#define __host__
#define __host_aicore__
#define __inline__ inline
#define __gm__
#define __ubuf__
#define __cbuf__
#define __ca__
#define __cb__
#define __cc__
#define __fbuf__
#define __biasbuf__
#define __ssbuf__
#define __sbuf__
#define __simd_callee__
#define __simd_vf__
#define __simt_callee__
#define __simt_vf__
#define __no_simd_vf_fusion__
#define __callee__
#define __sync_alias__
#define __check_sync_alias__
#define __BLOCK_LOCAL__
#define __WORKGROUP_LOCAL__
#define __kfc_workspace__
#define __cube__
#define __vector__
#define __mix__(cube, vec)
#define __in_pipe__(...)
#define __out_pipe__(...)
#define __inout_pipe__(...)
#ifndef __disable_kernel_type_autoinfer__
#define __disable_kernel_type_autoinfer__
#endif
#ifndef ASCENDC_HOST_AICORE
#define ASCENDC_HOST_AICORE
#endif
#ifndef ASCENDC_AICORE
#define ASCENDC_AICORE
#endif
#ifndef ASCENDC_HOST
#define ASCENDC_HOST
#endif

// --- the CCE builtin enums ---------------------------------------------------------------------------
enum pipe_t : uint8_t {
    PIPE_S = 0, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_MTE4, PIPE_MTE5, PIPE_V2, PIPE_FIX,
    VIRTUAL_PIPE_MTE2_L1A, VIRTUAL_PIPE_MTE2_L1B, PIPE_NUM_MAX
};  // fmt: skip
enum event_t : uint8_t { EVENT_ID0 = 0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7 };
enum QuantMode_t : uint8_t {
    NoQuant = 0, F322F16, F322BF16, DEQF16, VDEQF16, QF322B8_PRE, VQF322B8_PRE, REQ8, VREQ8, DEQS16, VDEQS16,
    QF162B8_PRE, VQF162B8_PRE, QF162S16_PRE, VQF162S16_PRE, QF162S4_PRE, VQF162S4_PRE, QF322BF16_PRE,
    VQF322BF16_PRE, QF322F16_PRE, VQF322F16_PRE, QF322F32_PRE, VQF322F32_PRE, QF322FP8_PRE, VQF322FP8_PRE,
    QF322HIF8_PRE, VQF322HIF8_PRE, QF322HIF8_PRE_HYBRID, VQF322HIF8_PRE_HYBRID, QS322BF16_PRE, VQS322BF16_PRE,
    REQ4, VREQ4
};
enum dcci_dst_t : uint8_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };
enum cache_line_t : uint8_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum Order_t : uint8_t { VALUE_INDEX = 0, INDEX_VALUE, ONLY_VALUE, ONLY_INDEX };
enum addr_cal_mode_t : uint8_t { inc = 0, dec };
enum pad_t : uint8_t {
    PAD_NONE = 0, PAD_MODE1, PAD_MODE2, PAD_MODE3, PAD_MODE4, PAD_MODE5, PAD_MODE6, PAD_MODE7, PAD_MODE8
};
enum bm_t : uint8_t { BM_DISABLE = 0, BM_ENABLE };
enum ub_addr8_t : uint8_t { VA0 = 0, VA1, VA2, VA3, VA4, VA5, VA6, VA7 };
enum vld_va_half_t : uint8_t { L128 = 0, H128 };
enum atomic_type_t : uint8_t {
    ATOMIC_NONE_T = 0, ATOMIC_F32_T, ATOMIC_F16_T, ATOMIC_S16_T, ATOMIC_S32_T, ATOMIC_S8_T, ATOMIC_BF16_T
};
enum atomic_op_t : uint8_t { ATOMIC_SUM_T = 0, ATOMIC_MAX_T, ATOMIC_MIN_T };
enum mem_t : uint8_t { MEM_L1 = 0, MEM_L0A, MEM_L0B, MEM_L0C, MEM_UB, MEM_BT };
enum mem_dsb_t : uint8_t { DSB_ALL = 0, DSB_DDR, DSB_UB, DSB_SEQ };

// The register types of the 3510 register API (its interface headers are included on every arch).
struct vector_bool {};
struct vector_align {};
struct vector_address {};

// --- scalar types ------------------------------------------------------------------------------------
#include "kernel_fp16.h"
#include "kernel_bf16.h"

namespace ascx_cann {
/// An 8- or 4-bit float type of the newer architectures: only declared on Atlas A2 (never computed with).
template <int Tag>
struct NarrowFloat {
    uint8_t val = 0;
    NarrowFloat() = default;
    template <typename T, typename std::enable_if<std::is_arithmetic<T>::value, int>::type = 0>
    NarrowFloat(T) {
        std::fprintf(stderr, "ascx CANN backend: 8- and 4-bit float types do not exist on Atlas A2\n");
        std::abort();
    }
    operator float() const { return 0.0f; }
    float ToFloat() const { return 0.0f; }
};
}  // namespace ascx_cann
using fp8_e4m3fn_t = ascx_cann::NarrowFloat<0>;
using fp8_e5m2_t = ascx_cann::NarrowFloat<1>;
using fp8_e8m0_t = ascx_cann::NarrowFloat<2>;
using fp4x2_e1m2_t = ascx_cann::NarrowFloat<3>;
using fp4x2_e2m1_t = ascx_cann::NarrowFloat<4>;
using hifloat8_t = ascx_cann::NarrowFloat<5>;

// --- per-core globals of the CPU-debug runtime (defined in ascx_cann/runtime.cpp) ---------------------
extern int64_t block_idx;
extern int64_t block_num;
extern int64_t sub_block_idx;
extern int64_t g_taskRation;
extern uint64_t g_fixpipeNdNzParam;
namespace AscendC {
constexpr int32_t AIC_TYPE = 1;
constexpr int32_t AIV_TYPE = 2;
extern bool g_isVdeq;
}  // namespace AscendC

// REGIST_MATMUL_OBJ's CPU-debug form assigns AscendC::g_kfcClient on its AIV branch, which the cube side
// of the headers (kfc_comm_client.h) does not declare; the cube side never reaches that branch.
#if defined(__DAV_CUBE__) && defined(__NPU_ARCH__) && (__NPU_ARCH__ == 2201)
namespace AscendC {
class KfcCommClient;
inline KfcCommClient* g_kfcClient = nullptr;
}  // namespace AscendC
#endif
