// ascx CANN backend: the CCE intrinsics and the CPU-debug runtime hooks under CANN's Ascend C headers
// (the closed CPU-simulator library's part, written for ascx; docs/emulation.md#the-cann-backend).
#pragma once
#include "stub_def.h"

#include "ascx_cann/core.h"
#include "ascx_cann/scalar.h"
#include "ascx_cann/sync.h"
#include "ascx_cann/copy.h"
#include "ascx_cann/vector.h"
#include "ascx_cann/cube.h"
#include "ascx_cann/system.h"
#include "ascx_cann/hooks.h"
#include "ascx_cann/unemulated.h"
