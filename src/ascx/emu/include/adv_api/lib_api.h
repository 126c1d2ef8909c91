// ascx host emulation of the high-level library beyond Matmul that kernel_operator.h brings in (CANN's
// adv_api/kernel_api.h): the math functions, SoftMax, SoftmaxFlashV2, SoftmaxFlash, RmsNorm, LayerNorm, DeepNorm,
// AscendQuant, Concat and Extract, and InitGlobalMemory; SoftMax's variants SimpleSoftMax, LogSoftMax and
// AdjustSoftMaxRes.
// Clean-room.
#pragma once

#include "adv_api/math/math_functions.h"
#include "adv_api/activation/softmax.h"
#include "adv_api/activation/softmax_flash.h"
#include "adv_api/activation/softmax_flash_v1.h"
#include "adv_api/activation/softmax_variants.h"
#include "adv_api/normalization/rmsnorm.h"
#include "adv_api/normalization/layernorm.h"
#include "adv_api/normalization/deepnorm.h"
#include "adv_api/quantization/ascend_quant.h"
#include "adv_api/sort/concat_extract.h"
#include "adv_api/utils/init_global_memory.h"
