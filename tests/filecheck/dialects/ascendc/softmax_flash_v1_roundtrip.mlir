// RUN: ascx-opt %s | ascx-opt | filecheck %s
// RUN: ascx-opt %s --print-op-generic | ascx-opt | filecheck %s

// SoftmaxFlash (CANN's deprecated online softmax) in its forms: isUpdate a constant or a run-time i1, without a
// temporary buffer, with one and both flags, with a SoftMaxShapeInfo; half data with float32 stats, and float32
// throughout.

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%x = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%e = ascendc.local_tensor vecout, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%s = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f32>
%t = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<ui8>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
%shape = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxShapeInfo">
%u = arith.constant true
ascendc.adv.softmax_flash %x, %s, %s, %x, %e, %s, %s, %tiling, %u : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, i1)
ascendc.adv.softmax_flash %x, %s, %s, %x, %e, %s, %s, %tiling, %u tmp %t reuse_source basic_block : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, i1, !ascendc.local_tensor<ui8>)
ascendc.adv.softmax_flash %x, %s, %s, %x, %e, %s, %s, %tiling, %u tmp %t shape_info %shape : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, i1, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"SoftMaxShapeInfo">)
ascendc.adv.softmax_flash %s, %s, %s, %s, %s, %s, %s, %tiling, %u shape_info %shape : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, i1, !ascendc.lib_tiling<"SoftMaxShapeInfo">)

// CHECK:      ascendc.adv.softmax_flash %x, %s, %s, %x, %e, %s, %s, %tiling, %u : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, i1)
// CHECK-NEXT: ascendc.adv.softmax_flash %x, %s, %s, %x, %e, %s, %s, %tiling, %u tmp %t reuse_source basic_block : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, i1, !ascendc.local_tensor<ui8>)
// CHECK-NEXT: ascendc.adv.softmax_flash %x, %s, %s, %x, %e, %s, %s, %tiling, %u tmp %t shape_info %shape : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, i1, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"SoftMaxShapeInfo">)
// CHECK-NEXT: ascendc.adv.softmax_flash %s, %s, %s, %s, %s, %s, %s, %tiling, %u shape_info %shape : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, i1, !ascendc.lib_tiling<"SoftMaxShapeInfo">)
