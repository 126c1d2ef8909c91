// RUN: ascx-opt %s | ascx-opt | filecheck %s
// RUN: ascx-opt %s --print-op-generic | ascx-opt | filecheck %s

// Every op of the dialect in its custom format; printing, parsing and printing again
// (also through the generic format) gives the same text.

ascendc.define "ASCENDC_CUBE_ONLY"
ascendc.include "kernel_operator.h"
func.func @ops(%a: !ascendc.gm_addr<f16>, %w: !ascendc.gm_addr<ui8>, %tg: !ascendc.gm_struct_addr<!ascendc.cube_tiling>, %ffts: !ascendc.gm_addr<ui64>) attributes {ascendc.kernel} {
  ascendc.set_ffts_base_addr %ffts
  %aic = ascendc.ascend_is_aic
  scf.if %aic {
    ascendc.ffts_cross_core_sync pipe_mte3, 3873
  }
  %pipe = ascendc.pipe
  %l1 = ascendc.property "TOTAL_L1_SIZE" : i32
  %blk = ascendc.property "ONE_BLK_SIZE" : i16
  %g = ascendc.global_tensor : !ascendc.global_tensor<f16>
  %n = arith.constant 1024 : i64
  ascendc.global_tensor.set_global_buffer %g, %a : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16>
  ascendc.global_tensor.set_global_buffer %g, %a, %n : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16>, i64
  %t = ascendc.cube_tiling
  ascendc.cube_tiling.set %t "shareL1Size", %l1
  %tl = ascendc.cube_tiling.load %tg : !ascendc.gm_struct_addr<!ascendc.cube_tiling>
  %bm = ascendc.cube_tiling.get %tl "baseM" : i32
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16, trans> c <vecin, nd_align, f32> bias <gm, nd, f32>
  %mm2 = ascendc.matmul.create a <gm, nz, f16, layout bsngd> b <gm, nd, f16, trans, layout bsngd> c <gm, nd, f32> bias <gm, nd, f32> config <do_norm = false, do_multi_data_load = true, basic_m = 128, batch_mode = NONE, iterate_mode = 2> policy TrianUpperMatmulPolicy
  ascendc.register_matmul %pipe, %w objects(%mm, %mm2) tilings(%t, %t) : !ascendc.gm_addr<ui8>
  ascendc.matmul.init %mm, %t
  %false = arith.constant false
  ascendc.matmul.set_tensor_a %mm, %g, %false : !ascendc.global_tensor<f16>
  ascendc.matmul.set_tensor_b %mm, %g, %false : !ascendc.global_tensor<f16>
  %c512 = arith.constant 512 : i32
  ascendc.matmul.set_org_shape %mm, %c512, %c512, %c512
  ascendc.matmul.set_org_shape %mm, %c512, %c512, %c512, %c512
  ascendc.matmul.set_org_shape %mm, %c512, %c512, %c512, %c512, %c512
  ascendc.matmul.set_single_shape %mm, %c512, %c512, %c512
  %c0 = arith.constant 0 : i8
  %c = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.matmul.iterate_all %mm2, %c, %c0, %false, %false : !ascendc.global_tensor<f32>
  ascendc.matmul.iterate_all async %mm2, %c, %c0, %false, %false : !ascendc.global_tensor<f32>
  ascendc.matmul.iterate_all async wait %mm2, %c, %c0, %false, %false : !ascendc.global_tensor<f32>
  ascendc.matmul.wait_iterate_all %mm2
  ascendc.matmul.end %mm
  func.return
}

// CHECK:      builtin.module {
// CHECK-NEXT:   ascendc.define "ASCENDC_CUBE_ONLY"
// CHECK-NEXT:   ascendc.include "kernel_operator.h"
// CHECK-NEXT:   func.func @ops(%a: !ascendc.gm_addr<f16>, %w: !ascendc.gm_addr<ui8>, %tg: !ascendc.gm_struct_addr<!ascendc.cube_tiling>, %ffts: !ascendc.gm_addr<ui64>) attributes {ascendc.kernel} {
// CHECK-NEXT:     ascendc.set_ffts_base_addr %ffts
// CHECK-NEXT:     %aic = ascendc.ascend_is_aic
// CHECK-NEXT:     scf.if %aic {
// CHECK-NEXT:       ascendc.ffts_cross_core_sync pipe_mte3, 3873
// CHECK-NEXT:     }
// CHECK-NEXT:     %pipe = ascendc.pipe
// CHECK-NEXT:     %l1 = ascendc.property "TOTAL_L1_SIZE" : i32
// CHECK-NEXT:     %blk = ascendc.property "ONE_BLK_SIZE" : i16
// CHECK-NEXT:     %g = ascendc.global_tensor : !ascendc.global_tensor<f16>
// CHECK-NEXT:     %n = arith.constant 1024 : i64
// CHECK-NEXT:     ascendc.global_tensor.set_global_buffer %g, %a : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16>
// CHECK-NEXT:     ascendc.global_tensor.set_global_buffer %g, %a, %n : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16>, i64
// CHECK-NEXT:     %t = ascendc.cube_tiling
// CHECK-NEXT:     ascendc.cube_tiling.set %t "shareL1Size", %l1
// CHECK-NEXT:     %tl = ascendc.cube_tiling.load %tg : !ascendc.gm_struct_addr<!ascendc.cube_tiling>
// CHECK-NEXT:     %bm = ascendc.cube_tiling.get %tl "baseM" : i32
// CHECK-NEXT:     %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16, trans> c <vecin, nd_align, f32> bias <gm, nd, f32>
// CHECK-NEXT:     %mm2 = ascendc.matmul.create a <gm, nz, f16, layout bsngd> b <gm, nd, f16, trans, layout bsngd> c <gm, nd, f32> bias <gm, nd, f32> config <do_norm = false, do_multi_data_load = true, basic_m = 128, batch_mode = NONE, iterate_mode = 2> policy TrianUpperMatmulPolicy
// CHECK-NEXT:     ascendc.register_matmul %pipe, %w objects(%mm, %mm2) tilings(%t, %t) : !ascendc.gm_addr<ui8>
// CHECK-NEXT:     ascendc.matmul.init %mm, %t
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     ascendc.matmul.set_tensor_a %mm, %g, %false : !ascendc.global_tensor<f16>
// CHECK-NEXT:     ascendc.matmul.set_tensor_b %mm, %g, %false : !ascendc.global_tensor<f16>
// CHECK-NEXT:     %c512 = arith.constant 512 : i32
// CHECK-NEXT:     ascendc.matmul.set_org_shape %mm, %c512, %c512, %c512
// CHECK-NEXT:     ascendc.matmul.set_org_shape %mm, %c512, %c512, %c512, %c512
// CHECK-NEXT:     ascendc.matmul.set_org_shape %mm, %c512, %c512, %c512, %c512, %c512
// CHECK-NEXT:     ascendc.matmul.set_single_shape %mm, %c512, %c512, %c512
// CHECK-NEXT:     %c0 = arith.constant 0 : i8
// CHECK-NEXT:     %c = ascendc.global_tensor : !ascendc.global_tensor<f32>
// CHECK-NEXT:     ascendc.matmul.iterate_all %mm2, %c, %c0, %false, %false : !ascendc.global_tensor<f32>
// CHECK-NEXT:     ascendc.matmul.iterate_all async %mm2, %c, %c0, %false, %false : !ascendc.global_tensor<f32>
// CHECK-NEXT:     ascendc.matmul.iterate_all async wait %mm2, %c, %c0, %false, %false : !ascendc.global_tensor<f32>
// CHECK-NEXT:     ascendc.matmul.wait_iterate_all %mm2
// CHECK-NEXT:     ascendc.matmul.end %mm
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
