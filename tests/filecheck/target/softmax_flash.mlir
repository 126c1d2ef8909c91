// RUN: ascx-opt %s -t ascendc | filecheck %s --match-full-lines --strict-whitespace

// The exact C++ of SoftmaxFlashV2: its six template arguments in CANN's order (the element type, isUpdate,
// isReuseSource, isBasicBlock, isDataFormatNZ, and the config, always SOFTMAX_DEFAULT_CFG), the seven tensors,
// the optional temporary buffer before the tiling and the optional SoftMaxShapeInfo after it.

builtin.module {
  ascendc.include "kernel_operator.h"
  func.func @flash(%tiling_gm: !ascendc.gm_struct_addr<!ascendc.lib_tiling<"SoftMaxTiling">>) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
    %tiling = ascendc.lib_tiling.load %tiling_gm : !ascendc.gm_struct_addr<!ascendc.lib_tiling<"SoftMaxTiling">> -> !ascendc.lib_tiling<"SoftMaxTiling">
    %c0_ui32 = ascendc.constant 0 : ui32
    %c256_ui32 = ascendc.constant 256 : ui32
    %x = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %c512_ui32 = ascendc.constant 512 : ui32
    %e = ascendc.local_tensor vecout, %c512_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %c1024_ui32 = ascendc.constant 1024 : ui32
    %s = ascendc.local_tensor veccalc, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
    %c2048_ui32 = ascendc.constant 2048 : ui32
    %t = ascendc.local_tensor veccalc, %c2048_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui8>
    ascendc.adv.softmax_flash_v2 %x, %s, %s, %x, %e, %s, %s, %tiling : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">)
    ascendc.adv.softmax_flash_v2 %x, %s, %s, %x, %e, %s, %s, %tiling tmp %t is_update reuse_source basic_block data_format_nz : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>)
    %shape = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxShapeInfo">
    ascendc.adv.softmax_flash_v2 %x, %s, %s, %x, %e, %s, %s, %tiling tmp %t shape_info %shape is_update : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"SoftMaxShapeInfo">)
    func.return
  }
}

// CHECK:    AscendC::LocalTensor<uint8_t> t(AscendC::TPosition::VECCALC, 2048, 256);
// CHECK-NEXT:    AscendC::SoftmaxFlashV2<half, false, false, false, false, AscendC::SOFTMAX_DEFAULT_CFG>(x, s, s, x, e, s, s, tiling);
// CHECK-NEXT:    AscendC::SoftmaxFlashV2<half, true, true, true, true, AscendC::SOFTMAX_DEFAULT_CFG>(x, s, s, x, e, s, s, t, tiling);
// CHECK-NEXT:    AscendC::SoftMaxShapeInfo shape;
// CHECK-NEXT:    AscendC::SoftmaxFlashV2<half, true, false, false, false, AscendC::SOFTMAX_DEFAULT_CFG>(x, s, s, x, e, s, s, t, tiling, shape);
// CHECK-NEXT:}
