// RUN: ascx-opt %s | ascx-opt | filecheck %s
// RUN: ascx-opt %s --print-op-generic | ascx-opt | filecheck %s

// SoftmaxFlashV2 in its forms: without a temporary buffer, with one and every flag, with a
// SoftMaxShapeInfo; half data with float32 stats, and float32 throughout.

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%x = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%e = ascendc.local_tensor vecout, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%s = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f32>
%t = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<ui8>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
%shape = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxShapeInfo">
ascendc.adv.softmax_flash_v2 %x, %s, %s, %x, %e, %s, %s, %tiling : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">)
ascendc.adv.softmax_flash_v2 %x, %s, %s, %x, %e, %s, %s, %tiling tmp %t is_update reuse_source basic_block data_format_nz : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>)
ascendc.adv.softmax_flash_v2 %x, %s, %s, %x, %e, %s, %s, %tiling tmp %t shape_info %shape is_update : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"SoftMaxShapeInfo">)
ascendc.adv.softmax_flash_v2 %s, %s, %s, %s, %s, %s, %s, %tiling shape_info %shape : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.lib_tiling<"SoftMaxShapeInfo">)

// CHECK:      ascendc.adv.softmax_flash_v2 %x, %s, %s, %x, %e, %s, %s, %tiling : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">)
// CHECK-NEXT: ascendc.adv.softmax_flash_v2 %x, %s, %s, %x, %e, %s, %s, %tiling tmp %t is_update reuse_source basic_block data_format_nz : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>)
// CHECK-NEXT: ascendc.adv.softmax_flash_v2 %x, %s, %s, %x, %e, %s, %s, %tiling tmp %t shape_info %shape is_update : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"SoftMaxShapeInfo">)
// CHECK-NEXT: ascendc.adv.softmax_flash_v2 %s, %s, %s, %s, %s, %s, %s, %tiling shape_info %shape : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.lib_tiling<"SoftMaxShapeInfo">)
