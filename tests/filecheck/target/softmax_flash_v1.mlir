// RUN: ascx-opt %s -t ascendc | filecheck %s --match-full-lines --strict-whitespace

// The exact C++ of SoftmaxFlash (CANN's deprecated online softmax): its three template arguments in CANN's order
// (the element type, isReuseSource, isBasicBlock), the seven tensors, the optional temporary buffer before the
// tiling, isUpdate after it (a run-time bool of the call), and the optional SoftMaxShapeInfo last.

builtin.module {
  ascendc.include "kernel_operator.h"
  func.func @flash(%tiling_gm: !ascendc.gm_struct_addr<!ascendc.lib_tiling<"SoftMaxTiling">>, %u: i1) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
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
    %false = arith.constant false
    %true = arith.constant true
    ascendc.adv.softmax_flash %x, %s, %s, %x, %e, %s, %s, %tiling, %false : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, i1)
    ascendc.adv.softmax_flash %x, %s, %s, %x, %e, %s, %s, %tiling, %true tmp %t reuse_source basic_block : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, i1, !ascendc.local_tensor<ui8>)
    %shape = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxShapeInfo">
    ascendc.adv.softmax_flash %x, %s, %s, %x, %e, %s, %s, %tiling, %u tmp %t shape_info %shape : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, i1, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"SoftMaxShapeInfo">)
    func.return
  }
}

// CHECK:    AscendC::LocalTensor<uint8_t> t(AscendC::TPosition::VECCALC, 2048, 256);
// CHECK-NEXT:    AscendC::SoftmaxFlash<half, false, false>(x, s, s, x, e, s, s, tiling, false);
// CHECK-NEXT:    AscendC::SoftmaxFlash<half, true, true>(x, s, s, x, e, s, s, t, tiling, true);
// CHECK-NEXT:    AscendC::SoftMaxShapeInfo shape;
// CHECK-NEXT:    AscendC::SoftmaxFlash<half, false, false>(x, s, s, x, e, s, s, t, tiling, u, shape);
// CHECK-NEXT:}
