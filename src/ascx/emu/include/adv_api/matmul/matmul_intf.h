// ascx host emulation of Ascend C's adv_api/matmul/matmul_intf.h: the Matmul high-level API.
// Clean-room, written from ascx's docs/emulation.md#what-the-headers-provide; build with -std=c++17 and
// -DEMU_AIV or -DEMU_AIC (plus #define ASCENDC_CUBE_ONLY before the includes for cube-only kernels).
#pragma once

#include "kernel_tiling/kernel_tiling.h"
#include "ascx_emu/matmul_types.h"
#include "ascx_emu/matmul.h"
