// ascx CANN backend: an asc-devkit tree keeps the Matmul interface in include/adv_api/matmul; a CANN
// installation ships it as lib/matmul_intf.h. This file gives a devkit tree the installation's name.
#pragma once
#include "adv_api/matmul/matmul_intf.h"
