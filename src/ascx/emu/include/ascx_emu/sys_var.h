// ascx host emulation: system values and the core type (docs/emulation.md#builds).
#pragma once

#include "ascx_emu/tensor.h"

#if defined(EMU_AIC)
constexpr int32_t g_coreType = AscendC::AIC;
#elif defined(EMU_AIV)
constexpr int32_t g_coreType = AscendC::AIV;
#else
constexpr int32_t g_coreType = AscendC::MIX;
#endif

#define ASCEND_IS_AIC constexpr(g_coreType == AscendC::AIC)
#define ASCEND_IS_AIV constexpr(g_coreType == AscendC::AIV)
#define ASCEND_IS_NOT_AIC constexpr(g_coreType != AscendC::AIC)
#define ASCEND_IS_NOT_AIV constexpr(g_coreType != AscendC::AIV)

namespace ascx_emu {
inline thread_local unsigned char system_workspace[16 * 1024 * 1024 / 1024];  // stand-in for the KFC workspace
}

namespace AscendC {

inline int64_t GetBlockNum() { ASCX_COVER("GetBlockNum"); return ascx_emu::block.block_num; }
inline int64_t GetBlockIdx() { ASCX_COVER("GetBlockIdx"); return ascx_emu::block.block_idx; }
inline int64_t GetSubBlockIdx() { ASCX_COVER("GetSubBlockIdx"); return ascx_emu::block.sub_block_idx; }
inline int64_t GetSubBlockNum() { ASCX_COVER("GetSubBlockNum"); return ascx_emu::block.sub_block_num; }
inline int64_t GetTaskRatio() { ASCX_COVER("GetTaskRatio"); return ascx_emu::block.sub_block_num; }
inline __gm__ uint8_t* GetSysWorkSpacePtr() { ASCX_COVER("GetSysWorkSpacePtr"); return ascx_emu::system_workspace; }

}  // namespace AscendC
