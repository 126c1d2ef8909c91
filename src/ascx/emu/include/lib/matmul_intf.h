// ascx host emulation: lib/matmul_intf.h, which a CANN install links to adv_api/matmul/matmul_intf.h.
#pragma once

#include "adv_api/matmul/matmul_intf.h"
