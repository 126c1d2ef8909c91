// RUN: env PYTHONUNBUFFERED=1 ascx-opt %s -p ascx-verify-matmul-sync --verify-diagnostics --split-input-file 2>&1 | filecheck %s

// MM-0: a Matmul object passed to an op the analysis cannot see into (a call that was not
// inlined) may be in any state afterwards. The asynchronous iterate_all that is never waited (MM-3)
// and the missing end() (MM-16) are not reported: the helper may wait and end.
// Python source:
//   mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
//   helper(mm)

func.func private @helper(!ascendc.matmul)
func.func @k(%a: !ascendc.gm_addr<f16>, %c: !ascendc.gm_addr<f32>, %ws: !ascendc.gm_addr<ui8>, %n: i32, %ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>} {
  ascendc.set_ffts_base_addr %ffts_addr loc("k.py":3:1)
  %is_aic = ascendc.ascend_is_aic loc("k.py":3:1)
  scf.if %is_aic {
    ascendc.ffts_cross_core_sync pipe_mte3, 3873 loc("k.py":3:1)
  } loc("k.py":3:1)
  %pipe = ascendc.pipe loc("k.py":5:12)
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> loc("k.py":8:10)
  %0 = ascendc.cube_tiling loc("k.py":9:43)
  %c64_i32 = arith.constant 64 : i32 loc("k.py":9:43)
  ascendc.cube_tiling.set %0 "M", %c64_i32 loc("k.py":9:43)
  ascendc.register_matmul %pipe, %ws objects(%mm) tilings(%0) : !ascendc.gm_addr<ui8> loc("k.py":9:5)
  %a_gm = ascendc.global_tensor : !ascendc.global_tensor<f16> loc("k.py":11:5)
  ascendc.global_tensor.set_global_buffer %a_gm, %a : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16> loc("k.py":11:5)
  %c_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":13:5)
  ascendc.global_tensor.set_global_buffer %c_gm, %c : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":13:5)
  %ws_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":15:5)
  ascendc.global_tensor.set_global_buffer %ws_gm, %c : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":15:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":16:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":16:10)
  %cl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":16:10)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":17:9)
  %x = ascendc.local_tensor vecin, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":17:9)
  %c2048_ui32 = ascendc.constant 2048 : ui32 loc("k.py":18:11)
  %x16 = ascendc.local_tensor vecout, %c2048_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16> loc("k.py":18:11)
  %false = arith.constant false loc("k.py":19:5)
  ascendc.matmul.set_tensor_a %mm, %a_gm, %false : !ascendc.global_tensor<f16> loc("k.py":19:5)
  ascendc.matmul.set_tensor_b %mm, %a_gm, %false : !ascendc.global_tensor<f16> loc("k.py":20:5)
  %c0_i8 = arith.constant 0 : i8 loc("k.py":21:5)
  ascendc.matmul.iterate_all async wait %mm, %c_gm, %c0_i8, %false, %false : !ascendc.global_tensor<f32> loc("k.py":21:5)
  func.call @helper(%mm) : (!ascendc.matmul) -> () loc("k.py":22:5)
  func.return loc("k.py":22:5)
}
// CHECK:      k.py:22:5: warning: Matmul sync analysis of 'mm' is imprecise here: the object is passed to `func.call`, which the analysis cannot see into [MM-0]
// CHECK-NOT:  {{error|warning}}
// CHECK:      {{^// -{5}$}}

// -----

// Without the call the same kernel has both diagnostics.

func.func @k(%a: !ascendc.gm_addr<f16>, %c: !ascendc.gm_addr<f32>, %ws: !ascendc.gm_addr<ui8>, %n: i32, %ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>} {
  ascendc.set_ffts_base_addr %ffts_addr loc("k.py":3:1)
  %is_aic = ascendc.ascend_is_aic loc("k.py":3:1)
  scf.if %is_aic {
    ascendc.ffts_cross_core_sync pipe_mte3, 3873 loc("k.py":3:1)
  } loc("k.py":3:1)
  %pipe = ascendc.pipe loc("k.py":5:12)
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> loc("k.py":8:10)
  %0 = ascendc.cube_tiling loc("k.py":9:43)
  %c64_i32 = arith.constant 64 : i32 loc("k.py":9:43)
  ascendc.cube_tiling.set %0 "M", %c64_i32 loc("k.py":9:43)
  ascendc.register_matmul %pipe, %ws objects(%mm) tilings(%0) : !ascendc.gm_addr<ui8> loc("k.py":9:5)
  %a_gm = ascendc.global_tensor : !ascendc.global_tensor<f16> loc("k.py":11:5)
  ascendc.global_tensor.set_global_buffer %a_gm, %a : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16> loc("k.py":11:5)
  %c_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":13:5)
  ascendc.global_tensor.set_global_buffer %c_gm, %c : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":13:5)
  %ws_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":15:5)
  ascendc.global_tensor.set_global_buffer %ws_gm, %c : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":15:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":16:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":16:10)
  %cl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":16:10)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":17:9)
  %x = ascendc.local_tensor vecin, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":17:9)
  %c2048_ui32 = ascendc.constant 2048 : ui32 loc("k.py":18:11)
  %x16 = ascendc.local_tensor vecout, %c2048_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16> loc("k.py":18:11)
  %false = arith.constant false loc("k.py":19:5)
  ascendc.matmul.set_tensor_a %mm, %a_gm, %false : !ascendc.global_tensor<f16> loc("k.py":19:5)
  ascendc.matmul.set_tensor_b %mm, %a_gm, %false : !ascendc.global_tensor<f16> loc("k.py":20:5)
  %c0_i8 = arith.constant 0 : i8 loc("k.py":21:5)
  ascendc.matmul.iterate_all async wait %mm, %c_gm, %c0_i8, %false, %false : !ascendc.global_tensor<f32> loc("k.py":21:5)
  func.return loc("k.py":21:5)
}
// CHECK:      k.py:21:5: error: kernel returns while asynchronous `mm.iterate_all(sync=False)` has not completed [MM-3]
// CHECK-NEXT: k.py:21:5: note: started here; call mm.wait_iterate_all() before the kernel returns
// CHECK-NEXT: k.py:21:5: warning: Matmul object `mm` is not ended; call `mm.end()` after its last use [MM-16]
