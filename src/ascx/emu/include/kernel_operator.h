// ascx host emulation of Ascend C's kernel_operator.h: the basic API.  Clean-room, written from
// ascx's docs/emulation.md; build with -std=c++17 and -DEMU_AIV or -DEMU_AIC.
#pragma once

#include "ascx_emu/base.h"
#include "ascx_emu/half.h"
#include "ascx_emu/tensor.h"
#include "ascx_emu/pipe.h"
#include "ascx_emu/data_copy.h"
#include "ascx_emu/sync.h"
#include "ascx_emu/sys_var.h"
#include "ascx_emu/vector.h"
#include "ascx_emu/reduce_repeat.h"
#include "ascx_emu/sort.h"
#include "ascx_emu/scalar_unit.h"
#include "ascx_emu/vector_data.h"
#include "ascx_emu/vector_fused.h"
#include "ascx_emu/vector_mask.h"
#include "ascx_emu/misc.h"
#include "adv_api/lib_api.h"
#include "ascx_emu/system.h"
