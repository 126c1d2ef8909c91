// RUN: env PYTHONUNBUFFERED=1 ascx-opt %s -p ascx-verify-matmul-sync --verify-diagnostics --split-input-file 2>&1 | filecheck %s

// ascx-verify-matmul-sync (docs/rules/matmul.md), the rules verify_matmul_sync.mlir does not show: each
// diagnostic at its op with its notes, in source order.  The kernels were traced from Python (locations
// k.py:<line>:<col>; scf.while ops have none, since xDSL does not parse a location printed before their
// regions); warnings go to stderr and the module to stdout, PYTHONUNBUFFERED keeps them in order.

// MM-3: pending at the return; MM-16: not ended.
// Python source:
//   mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
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

// -----

// MM-5: wait_iterate_batch after a synchronous batch.
// Python source:
//   mm.iterate_batch(c_gm, 2, 2, False)
//   mm.wait_iterate_batch()
//   mm.end()
func.func @k(%a: !ascendc.gm_addr<f16>, %c: !ascendc.gm_addr<f32>, %ws: !ascendc.gm_addr<ui8>, %n: i32, %ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>} {
  ascendc.set_ffts_base_addr %ffts_addr loc("k.py":3:1)
  %is_aic = ascendc.ascend_is_aic loc("k.py":3:1)
  scf.if %is_aic {
    ascendc.ffts_cross_core_sync pipe_mte3, 3873 loc("k.py":3:1)
  } loc("k.py":3:1)
  %pipe = ascendc.pipe loc("k.py":5:12)
  %mm = ascendc.matmul.create a <gm, nd, f16, layout bsngd> b <gm, nd, f16, layout bsngd> c <gm, nd, f32> bias <gm, nd, f32> config <is_n_batch = true> loc("k.py":8:10)
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
  %c2_i32 = arith.constant 2 : i32 loc("k.py":21:5)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":21:5)
  %c0_i8 = arith.constant 0 : i8 loc("k.py":21:5)
  ascendc.matmul.iterate_batch %mm, %c_gm, %c2_i32, %c2_i32, %false, %c0_i32, %c0_i32, %c0_i32, %false, %c0_i8 : !ascendc.global_tensor<f32> loc("k.py":21:5)
  ascendc.matmul.wait_iterate_batch %mm loc("k.py":22:5)
  ascendc.matmul.end %mm loc("k.py":23:5)
  func.return loc("k.py":23:5)
}
// CHECK:      k.py:22:5: error: `mm.wait_iterate_batch()` has no matching asynchronous `mm.iterate_batch(..., sync=False, wait_iterate_batch=True)`; it would wait for a completion that is never signalled [MM-5]
// CHECK-NEXT: k.py:21:5: note: this call is synchronous (sync=True)

// -----

// MM-6: wait_get_tensor_c without an asynchronous fetch.
// Python source:
//   with mm.iterate():
//       mm.get_tensor_c(x)
//       mm.wait_get_tensor_c()
//   mm.end()
func.func @k(%a: !ascendc.gm_addr<f16>, %c: !ascendc.gm_addr<f32>, %ws: !ascendc.gm_addr<ui8>, %n: i32, %ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>} {
  ascendc.set_ffts_base_addr %ffts_addr loc("k.py":3:1)
  %is_aic = ascendc.ascend_is_aic loc("k.py":3:1)
  scf.if %is_aic {
    ascendc.ffts_cross_core_sync pipe_mte3, 3873 loc("k.py":3:1)
  } loc("k.py":3:1)
  %pipe = ascendc.pipe loc("k.py":5:12)
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <vecin, nd, f32> bias <vecin, nd, f32> loc("k.py":8:10)
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
  %c0_i32 = arith.constant 0 : i32 loc("k.py":21:5)
  %count = scf.while (%count_1 = %c0_i32) : (i32) -> i32 {
    %false_1 = arith.constant false loc("k.py":21:5)
    %1 = ascendc.matmul.iterate %mm, %false_1 loc("k.py":21:5)
    scf.condition(%1) %count_1 : i32 loc("k.py":21:5)
  } do {
  ^bb0(%count_2: i32):
    %c0_i8 = arith.constant 0 : i8 loc("k.py":22:9)
    %false_2 = arith.constant false loc("k.py":22:9)
    ascendc.matmul.get_tensor_c %mm, %x, %c0_i8, %false_2 : !ascendc.local_tensor<f32> loc("k.py":22:9)
    ascendc.matmul.wait_get_tensor_c %mm loc("k.py":23:9)
    %c1_i32 = arith.constant 1 : i32 loc("k.py":23:9)
    %2 = arith.addi %count_2, %c1_i32 : i32 loc("k.py":23:9)
    scf.yield %2 : i32 loc("k.py":23:9)
  } loc("k.py":21:5)
  ascendc.matmul.end %mm loc("k.py":24:5)
  func.return loc("k.py":24:5)
}
// CHECK:      k.py:23:9: warning: `mm.wait_get_tensor_c()` has no preceding asynchronous `mm.get_tensor_c(..., sync=False)`; it only orders earlier MTE2 copies before vector operations [MM-6]
// CHECK-NEXT: k.py:22:9: note: this fetch is synchronous (sync=True)

// -----

// MM-8: an asynchronous start nobody can wait for, read anyway (MM-1).
// Python source:
//   mm.iterate_all(c_gm, sync=False)
//   asc.data_copy(cl, c_gm, 256)
//   mm.end()
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
  ascendc.matmul.iterate_all async %mm, %c_gm, %c0_i8, %false, %false : !ascendc.global_tensor<f32> loc("k.py":21:5)
  %c256_i32 = arith.constant 256 : i32 loc("k.py":22:5)
  ascendc.data_copy %cl, %c_gm, %c256_i32 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":22:5)
  ascendc.matmul.end %mm loc("k.py":23:5)
  func.return loc("k.py":23:5)
}
// CHECK:      k.py:21:5: warning: asynchronous `mm.iterate_all` with wait_iterate_all=False: this core cannot wait for it with `mm.wait_iterate_all()`; completion must be established by other means [MM-8]
// CHECK-NEXT: k.py:22:5: error: `asc.data_copy` reads `c_gm`, the output of asynchronous `mm.iterate_all(sync=False)`, before `mm.wait_iterate_all()` [MM-1]
// CHECK-NEXT: k.py:21:5: note: this call passes wait_iterate_all=False, so mm.wait_iterate_all() cannot complete it; pass wait_iterate_all=True and wait, or use sync=True

// -----

// MM-9: an input overwritten while the work that reads it is pending.
// Python source:
//   mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
//   asc.data_copy(a_gm, x16, 256)
//   mm.wait_iterate_all()
//   mm.end()
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
  %c256_i32 = arith.constant 256 : i32 loc("k.py":22:5)
  ascendc.data_copy %a_gm, %x16, %c256_i32 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, i32 loc("k.py":22:5)
  ascendc.matmul.wait_iterate_all %mm loc("k.py":23:5)
  ascendc.matmul.end %mm loc("k.py":24:5)
  func.return loc("k.py":24:5)
}
// CHECK:      k.py:22:5: error: `asc.data_copy` overwrites `a_gm`, an input of asynchronous `mm.iterate_all` that is still pending [MM-9]
// CHECK-NEXT: k.py:19:5: note: bound as matrix A here

// -----

// MM-11: a with-iterate step that never fetches its block.
// Python source:
//   with mm.iterate():
//       asc.abs(x, x, 256)
//   mm.end()
func.func @k(%a: !ascendc.gm_addr<f16>, %c: !ascendc.gm_addr<f32>, %ws: !ascendc.gm_addr<ui8>, %n: i32, %ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>} {
  ascendc.set_ffts_base_addr %ffts_addr loc("k.py":3:1)
  %is_aic = ascendc.ascend_is_aic loc("k.py":3:1)
  scf.if %is_aic {
    ascendc.ffts_cross_core_sync pipe_mte3, 3873 loc("k.py":3:1)
  } loc("k.py":3:1)
  %pipe = ascendc.pipe loc("k.py":5:12)
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <vecin, nd, f32> bias <vecin, nd, f32> loc("k.py":8:10)
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
  %c0_i32 = arith.constant 0 : i32 loc("k.py":21:5)
  %count = scf.while (%count_1 = %c0_i32) : (i32) -> i32 {
    %false_1 = arith.constant false loc("k.py":21:5)
    %1 = ascendc.matmul.iterate %mm, %false_1 loc("k.py":21:5)
    scf.condition(%1) %count_1 : i32 loc("k.py":21:5)
  } do {
  ^bb0(%count_2: i32):
    %c256_i32 = arith.constant 256 : i32 loc("k.py":22:9)
    ascendc.vec.unary abs %x, %x count %c256_i32 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32) loc("k.py":22:9)
    %c1_i32 = arith.constant 1 : i32 loc("k.py":22:9)
    %2 = arith.addi %count_2, %c1_i32 : i32 loc("k.py":22:9)
    scf.yield %2 : i32 loc("k.py":22:9)
  } loc("k.py":21:5)
  ascendc.matmul.end %mm loc("k.py":23:5)
  func.return loc("k.py":23:5)
}
// CHECK:      k.py:21:5: error: the block produced by each `mm.iterate()` step is never fetched [MM-11]

// -----

// MM-11: the one-shot asynchronous iteration never fetched.
// Python source:
//   mm.set_workspace(ws_gm)
//   mm.iterate(sync=False)
//   mm.end()
func.func @k(%a: !ascendc.gm_addr<f16>, %c: !ascendc.gm_addr<f32>, %ws: !ascendc.gm_addr<ui8>, %n: i32, %ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>} {
  ascendc.set_ffts_base_addr %ffts_addr loc("k.py":3:1)
  %is_aic = ascendc.ascend_is_aic loc("k.py":3:1)
  scf.if %is_aic {
    ascendc.ffts_cross_core_sync pipe_mte3, 3873 loc("k.py":3:1)
  } loc("k.py":3:1)
  %pipe = ascendc.pipe loc("k.py":5:12)
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <vecin, nd, f32> bias <vecin, nd, f32> loc("k.py":8:10)
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
  ascendc.matmul.set_workspace %mm, %ws_gm : !ascendc.global_tensor<f32> loc("k.py":21:5)
  %1 = ascendc.matmul.iterate async %mm, %false loc("k.py":22:5)
  ascendc.matmul.end %mm loc("k.py":23:5)
  func.return loc("k.py":23:5)
}
// CHECK:      k.py:22:5: error: the blocks computed by asynchronous `mm.iterate(sync=False)` are never fetched with `mm.get_tensor_c(..., sync=False)` [MM-11]
// CHECK-NEXT: k.py:23:5: note: the object ends here

// -----

// MM-12: a bare synchronous iterate whose block is never fetched.
// Python source:
//   mm.iterate()
//   mm.end()
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
  %1 = ascendc.matmul.iterate %mm, %false loc("k.py":21:5)
  ascendc.matmul.end %mm loc("k.py":22:5)
  func.return loc("k.py":22:5)
}
// CHECK:      k.py:21:5: error: result of `mm.iterate()` is discarded; use `with mm.iterate() as i:` [MM-12]

// -----

// MM-13: use after end().
// Python source:
//   mm.end()
//   mm.iterate_all(c_gm)
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
  ascendc.matmul.end %mm loc("k.py":21:5)
  %c0_i8 = arith.constant 0 : i8 loc("k.py":22:5)
  ascendc.matmul.iterate_all %mm, %c_gm, %c0_i8, %false, %false : !ascendc.global_tensor<f32> loc("k.py":22:5)
  func.return loc("k.py":22:5)
}
// CHECK:      k.py:22:5: error: `mm.iterate_all` uses Matmul object `mm` after `mm.end()` [MM-13]
// CHECK-NEXT: k.py:21:5: note: ended here
// CHECK-NEXT: k.py:22:5: warning: Matmul object `mm` is not ended; call `mm.end()` after its last use [MM-16]

// -----

// MM-17: asynchronous iteration without a workspace on one path; MM-29: the loop form.
// Python source:
//   if n > 0:
//       mm.set_workspace(ws_gm)
//   with mm.iterate(sync=False):
//       mm.get_tensor_c(x, sync=False)
//       mm.wait_get_tensor_c()
//   mm.end()
func.func @k(%a: !ascendc.gm_addr<f16>, %c: !ascendc.gm_addr<f32>, %ws: !ascendc.gm_addr<ui8>, %n: i32, %ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>} {
  ascendc.set_ffts_base_addr %ffts_addr loc("k.py":3:1)
  %is_aic = ascendc.ascend_is_aic loc("k.py":3:1)
  scf.if %is_aic {
    ascendc.ffts_cross_core_sync pipe_mte3, 3873 loc("k.py":3:1)
  } loc("k.py":3:1)
  %pipe = ascendc.pipe loc("k.py":5:12)
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <vecin, nd, f32> bias <vecin, nd, f32> loc("k.py":8:10)
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
  %c0_i32 = arith.constant 0 : i32 loc("k.py":21:8)
  %1 = arith.cmpi sgt, %n, %c0_i32 : i32 loc("k.py":21:8)
  scf.if %1 {
    ascendc.matmul.set_workspace %mm, %ws_gm : !ascendc.global_tensor<f32> loc("k.py":22:9)
  } loc("k.py":21:8)
  %count = scf.while (%count_1 = %c0_i32) : (i32) -> i32 {
    %false_1 = arith.constant false loc("k.py":23:5)
    %2 = ascendc.matmul.iterate async %mm, %false_1 loc("k.py":23:5)
    scf.condition(%2) %count_1 : i32 loc("k.py":23:5)
  } do {
  ^bb0(%count_2: i32):
    %c0_i8 = arith.constant 0 : i8 loc("k.py":24:9)
    %false_2 = arith.constant false loc("k.py":24:9)
    ascendc.matmul.get_tensor_c async %mm, %x, %c0_i8, %false_2 : !ascendc.local_tensor<f32> loc("k.py":24:9)
    ascendc.matmul.wait_get_tensor_c %mm loc("k.py":25:9)
    %c1_i32 = arith.constant 1 : i32 loc("k.py":25:9)
    %3 = arith.addi %count_2, %c1_i32 : i32 loc("k.py":25:9)
    scf.yield %3 : i32 loc("k.py":25:9)
  } loc("k.py":23:5)
  ascendc.matmul.end %mm loc("k.py":26:5)
  func.return loc("k.py":26:5)
}
// CHECK:      k.py:23:5: error: asynchronous `mm.iterate` requires `mm.set_workspace(...)` before it [MM-17]
// CHECK-NEXT: note: the workspace is set on some paths only
// CHECK-NEXT: k.py:23:5: warning: `with mm.iterate(sync=False)` calls Iterate<false> once per block; Ascend C documents one Iterate<false>() followed by one GetTensorC<false> per block [MM-29]

// -----

// MM-28: set_org_shape after the tensors; MM-31: a setter while work is pending.
// Python source:
//   mm.set_org_shape(64, 64, 64)
//   mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
//   mm.set_tensor_a(a_gm)
//   mm.wait_iterate_all()
//   mm.end()
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
  ascendc.matmul.set_org_shape %mm, %c64_i32, %c64_i32, %c64_i32 loc("k.py":21:5)
  %c0_i8 = arith.constant 0 : i8 loc("k.py":22:5)
  ascendc.matmul.iterate_all async wait %mm, %c_gm, %c0_i8, %false, %false : !ascendc.global_tensor<f32> loc("k.py":22:5)
  ascendc.matmul.set_tensor_a %mm, %a_gm, %false : !ascendc.global_tensor<f16> loc("k.py":23:5)
  ascendc.matmul.wait_iterate_all %mm loc("k.py":24:5)
  ascendc.matmul.end %mm loc("k.py":25:5)
  func.return loc("k.py":25:5)
}
// CHECK:      k.py:21:5: warning: `mm.set_org_shape` must be called before `mm.set_tensor_a` [MM-28]
// CHECK-NEXT: k.py:19:5: note: called here
// CHECK-NEXT: k.py:23:5: warning: `mm.set_tensor_a` changes `mm` while asynchronous `mm.iterate_all` is still pending [MM-31]
// CHECK-NEXT: k.py:22:5: note: started here

// -----

// MM-18: set_workspace after the asynchronous iteration started.
// Python source:
//   mm.set_workspace(ws_gm)
//   mm.iterate(sync=False)
//   mm.get_tensor_c(x, sync=False)
//   mm.wait_get_tensor_c()
//   mm.set_workspace(ws_gm)
//   mm.end()
func.func @k(%a: !ascendc.gm_addr<f16>, %c: !ascendc.gm_addr<f32>, %ws: !ascendc.gm_addr<ui8>, %n: i32, %ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>} {
  ascendc.set_ffts_base_addr %ffts_addr loc("k.py":3:1)
  %is_aic = ascendc.ascend_is_aic loc("k.py":3:1)
  scf.if %is_aic {
    ascendc.ffts_cross_core_sync pipe_mte3, 3873 loc("k.py":3:1)
  } loc("k.py":3:1)
  %pipe = ascendc.pipe loc("k.py":5:12)
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <vecin, nd, f32> bias <vecin, nd, f32> loc("k.py":8:10)
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
  ascendc.matmul.set_workspace %mm, %ws_gm : !ascendc.global_tensor<f32> loc("k.py":21:5)
  %1 = ascendc.matmul.iterate async %mm, %false loc("k.py":22:5)
  %c0_i8 = arith.constant 0 : i8 loc("k.py":23:5)
  ascendc.matmul.get_tensor_c async %mm, %x, %c0_i8, %false : !ascendc.local_tensor<f32> loc("k.py":23:5)
  ascendc.matmul.wait_get_tensor_c %mm loc("k.py":24:5)
  ascendc.matmul.set_workspace %mm, %ws_gm : !ascendc.global_tensor<f32> loc("k.py":25:5)
  ascendc.matmul.end %mm loc("k.py":26:5)
  func.return loc("k.py":26:5)
}
// CHECK:      k.py:25:5: error: `mm.set_workspace` must be called before `mm.iterate` [MM-18]
// CHECK-NEXT: k.py:22:5: note: asynchronous iteration started here

// -----

// MM-10 (IR edited: the mm.iterate(sync=False) line deleted; the tracer rejects this kernel before IR exists).
// Python source:
//   mm.set_workspace(ws_gm)
//   mm.iterate(sync=False)
//   mm.get_tensor_c(x, sync=False)
//   mm.wait_get_tensor_c()
//   mm.end()
func.func @k(%a: !ascendc.gm_addr<f16>, %c: !ascendc.gm_addr<f32>, %ws: !ascendc.gm_addr<ui8>, %n: i32, %ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>} {
  ascendc.set_ffts_base_addr %ffts_addr loc("k.py":3:1)
  %is_aic = ascendc.ascend_is_aic loc("k.py":3:1)
  scf.if %is_aic {
    ascendc.ffts_cross_core_sync pipe_mte3, 3873 loc("k.py":3:1)
  } loc("k.py":3:1)
  %pipe = ascendc.pipe loc("k.py":5:12)
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <vecin, nd, f32> bias <vecin, nd, f32> loc("k.py":8:10)
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
  ascendc.matmul.set_workspace %mm, %ws_gm : !ascendc.global_tensor<f32> loc("k.py":21:5)
  %c0_i8 = arith.constant 0 : i8 loc("k.py":23:5)
  ascendc.matmul.get_tensor_c async %mm, %x, %c0_i8, %false : !ascendc.local_tensor<f32> loc("k.py":23:5)
  ascendc.matmul.wait_get_tensor_c %mm loc("k.py":24:5)
  ascendc.matmul.end %mm loc("k.py":25:5)
  func.return loc("k.py":25:5)
}
// CHECK:      k.py:23:5: error: `mm.get_tensor_c` is not inside an asynchronous iteration; call `mm.iterate(sync=False)` first [MM-10]

// -----

// MM-14 (IR edited: the register_matmul op deleted).
// Python source:
//   mm.iterate_all(c_gm)
//   mm.end()
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
  ascendc.matmul.iterate_all %mm, %c_gm, %c0_i8, %false, %false : !ascendc.global_tensor<f32> loc("k.py":21:5)
  ascendc.matmul.end %mm loc("k.py":22:5)
  func.return loc("k.py":22:5)
}
// CHECK:      k.py:21:5: error: `mm.iterate_all` is called before `mm` is registered with asc.adv.register_matmul [MM-14]

// -----

// MM-15 (IR edited: the first mm.end() deleted; the tracer rejects the switch itself).
// Python source:
//   mm.iterate()
//   mm.get_tensor_c(x)
//   mm.end()
//   mm2.set_tensor_a(a_gm)
//   mm2.set_tensor_b(a_gm)
//   mm2.iterate_all(c_gm)
//   mm2.end()
func.func @k(%a: !ascendc.gm_addr<f16>, %c: !ascendc.gm_addr<f32>, %ws: !ascendc.gm_addr<ui8>, %n: i32, %ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>} {
  ascendc.set_ffts_base_addr %ffts_addr loc("k.py":3:1)
  %is_aic = ascendc.ascend_is_aic loc("k.py":3:1)
  scf.if %is_aic {
    ascendc.ffts_cross_core_sync pipe_mte3, 3873 loc("k.py":3:1)
  } loc("k.py":3:1)
  %pipe = ascendc.pipe loc("k.py":5:12)
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> loc("k.py":8:10)
  %mm2 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> loc("k.py":9:11)
  %0 = ascendc.cube_tiling loc("k.py":10:31)
  %c64_i32 = arith.constant 64 : i32 loc("k.py":10:31)
  ascendc.cube_tiling.set %0 "M", %c64_i32 loc("k.py":10:31)
  %1 = ascendc.cube_tiling loc("k.py":11:31)
  ascendc.cube_tiling.set %1 "M", %c64_i32 loc("k.py":11:31)
  ascendc.register_matmul %pipe, %ws objects(%mm, %mm2) tilings(%0, %1) : !ascendc.gm_addr<ui8> loc("k.py":11:5)
  %a_gm = ascendc.global_tensor : !ascendc.global_tensor<f16> loc("k.py":13:5)
  ascendc.global_tensor.set_global_buffer %a_gm, %a : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16> loc("k.py":13:5)
  %c_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":15:5)
  ascendc.global_tensor.set_global_buffer %c_gm, %c : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":15:5)
  %ws_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":17:5)
  ascendc.global_tensor.set_global_buffer %ws_gm, %c : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":17:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":18:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":18:10)
  %cl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":18:10)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":19:9)
  %x = ascendc.local_tensor vecin, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":19:9)
  %c2048_ui32 = ascendc.constant 2048 : ui32 loc("k.py":20:11)
  %x16 = ascendc.local_tensor vecout, %c2048_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16> loc("k.py":20:11)
  %false = arith.constant false loc("k.py":21:5)
  ascendc.matmul.set_tensor_a %mm, %a_gm, %false : !ascendc.global_tensor<f16> loc("k.py":21:5)
  ascendc.matmul.set_tensor_b %mm, %a_gm, %false : !ascendc.global_tensor<f16> loc("k.py":22:5)
  %c0_i8 = arith.constant 0 : i8 loc("k.py":23:5)
  %it = ascendc.matmul.iterate %mm, %false loc("k.py":23:5)
  ascendc.matmul.get_tensor_c %mm, %x, %c0_i8, %false : !ascendc.local_tensor<f32> loc("k.py":24:5)
  ascendc.matmul.set_tensor_a %mm2, %a_gm, %false : !ascendc.global_tensor<f16> loc("k.py":25:5)
  ascendc.matmul.set_tensor_b %mm2, %a_gm, %false : !ascendc.global_tensor<f16> loc("k.py":26:5)
  ascendc.matmul.iterate_all %mm2, %c_gm, %c0_i8, %false, %false : !ascendc.global_tensor<f32> loc("k.py":27:5)
  ascendc.matmul.end %mm2 loc("k.py":28:5)
  func.return loc("k.py":28:5)
}
// CHECK:      k.py:24:5: warning: Matmul object `mm` is not ended; call `mm.end()` after its last use [MM-16]
// CHECK-NEXT: k.py:27:5: error: `mm2.iterate_all` switches from Matmul object `mm` to `mm2` without `mm.end()` [MM-15]
// CHECK-NEXT: k.py:24:5: note: last use of `mm`

// -----

// Not MM-15 (IR edited: the first mm.end() deleted): after an iterate_all into GM on a MIX kernel's vector
// core the AIC's server ends the object itself (CANN's matmul_server_impl_c220.h), so switching is allowed;
// only MM-16 remains.
// Python source:
//   mm.iterate_all(c_gm)
//   mm.end()
//   mm2.set_tensor_a(a_gm)
//   mm2.set_tensor_b(a_gm)
//   mm2.iterate_all(c_gm)
//   mm2.end()
func.func @k(%a: !ascendc.gm_addr<f16>, %c: !ascendc.gm_addr<f32>, %ws: !ascendc.gm_addr<ui8>, %n: i32, %ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>} {
  ascendc.set_ffts_base_addr %ffts_addr loc("k.py":3:1)
  %is_aic = ascendc.ascend_is_aic loc("k.py":3:1)
  scf.if %is_aic {
    ascendc.ffts_cross_core_sync pipe_mte3, 3873 loc("k.py":3:1)
  } loc("k.py":3:1)
  %pipe = ascendc.pipe loc("k.py":5:12)
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> loc("k.py":8:10)
  %mm2 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> loc("k.py":9:11)
  %0 = ascendc.cube_tiling loc("k.py":10:31)
  %c64_i32 = arith.constant 64 : i32 loc("k.py":10:31)
  ascendc.cube_tiling.set %0 "M", %c64_i32 loc("k.py":10:31)
  %1 = ascendc.cube_tiling loc("k.py":11:31)
  ascendc.cube_tiling.set %1 "M", %c64_i32 loc("k.py":11:31)
  ascendc.register_matmul %pipe, %ws objects(%mm, %mm2) tilings(%0, %1) : !ascendc.gm_addr<ui8> loc("k.py":11:5)
  %a_gm = ascendc.global_tensor : !ascendc.global_tensor<f16> loc("k.py":13:5)
  ascendc.global_tensor.set_global_buffer %a_gm, %a : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16> loc("k.py":13:5)
  %c_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":15:5)
  ascendc.global_tensor.set_global_buffer %c_gm, %c : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":15:5)
  %ws_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":17:5)
  ascendc.global_tensor.set_global_buffer %ws_gm, %c : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":17:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":18:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":18:10)
  %cl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":18:10)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":19:9)
  %x = ascendc.local_tensor vecin, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":19:9)
  %c2048_ui32 = ascendc.constant 2048 : ui32 loc("k.py":20:11)
  %x16 = ascendc.local_tensor vecout, %c2048_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16> loc("k.py":20:11)
  %false = arith.constant false loc("k.py":21:5)
  ascendc.matmul.set_tensor_a %mm, %a_gm, %false : !ascendc.global_tensor<f16> loc("k.py":21:5)
  ascendc.matmul.set_tensor_b %mm, %a_gm, %false : !ascendc.global_tensor<f16> loc("k.py":22:5)
  %c0_i8 = arith.constant 0 : i8 loc("k.py":23:5)
  ascendc.matmul.iterate_all %mm, %c_gm, %c0_i8, %false, %false : !ascendc.global_tensor<f32> loc("k.py":23:5)
  ascendc.matmul.set_tensor_a %mm2, %a_gm, %false : !ascendc.global_tensor<f16> loc("k.py":25:5)
  ascendc.matmul.set_tensor_b %mm2, %a_gm, %false : !ascendc.global_tensor<f16> loc("k.py":26:5)
  ascendc.matmul.iterate_all %mm2, %c_gm, %c0_i8, %false, %false : !ascendc.global_tensor<f32> loc("k.py":27:5)
  ascendc.matmul.end %mm2 loc("k.py":28:5)
  func.return loc("k.py":28:5)
}
// CHECK:      k.py:23:5: warning: Matmul object `mm` is not ended; call `mm.end()` after its last use [MM-16]
// CHECK-NOT: MM-15

// -----

// MM-19: a workspace of 1024 floats for two 128x256 float blocks.
// Python source:
//   mm.set_workspace(ws_gm)
//   mm.iterate(sync=False)
//   for j in range(2):
//       mm.get_tensor_c(x, sync=False)
//       mm.wait_get_tensor_c()
//   mm.end()
func.func @k(%a: !ascendc.gm_addr<f16>, %c: !ascendc.gm_addr<f32>, %ws: !ascendc.gm_addr<ui8>, %n: i32, %ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>} {
  ascendc.set_ffts_base_addr %ffts_addr loc("k.py":3:1)
  %is_aic = ascendc.ascend_is_aic loc("k.py":3:1)
  scf.if %is_aic {
    ascendc.ffts_cross_core_sync pipe_mte3, 3873 loc("k.py":3:1)
  } loc("k.py":3:1)
  %pipe = ascendc.pipe loc("k.py":5:12)
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <vecin, nd, f32> bias <vecin, nd, f32> loc("k.py":8:10)
  %tiling = ascendc.cube_tiling loc("k.py":9:14)
  %c256_i32 = arith.constant 256 : i32 loc("k.py":9:14)
  ascendc.cube_tiling.set %tiling "singleCoreM", %c256_i32 loc("k.py":9:14)
  ascendc.cube_tiling.set %tiling "singleCoreN", %c256_i32 loc("k.py":9:14)
  %c128_i32 = arith.constant 128 : i32 loc("k.py":9:14)
  ascendc.cube_tiling.set %tiling "baseM", %c128_i32 loc("k.py":9:14)
  ascendc.cube_tiling.set %tiling "baseN", %c256_i32 loc("k.py":9:14)
  ascendc.register_matmul %pipe, %ws objects(%mm) tilings(%tiling) : !ascendc.gm_addr<ui8> loc("k.py":10:5)
  %a_gm = ascendc.global_tensor : !ascendc.global_tensor<f16> loc("k.py":12:5)
  ascendc.global_tensor.set_global_buffer %a_gm, %a : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16> loc("k.py":12:5)
  %ws_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":14:5)
  %c1024_ui64 = ascendc.constant 1024 : ui64 loc("k.py":14:5)
  ascendc.global_tensor.set_global_buffer %ws_gm, %c, %c1024_ui64 : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>, ui64 loc("k.py":14:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":15:9)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":15:9)
  %x = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":15:9)
  %false = arith.constant false loc("k.py":16:5)
  ascendc.matmul.set_tensor_a %mm, %a_gm, %false : !ascendc.global_tensor<f16> loc("k.py":16:5)
  ascendc.matmul.set_tensor_b %mm, %a_gm, %false : !ascendc.global_tensor<f16> loc("k.py":17:5)
  ascendc.matmul.set_workspace %mm, %ws_gm : !ascendc.global_tensor<f32> loc("k.py":18:5)
  %0 = ascendc.matmul.iterate async %mm, %false loc("k.py":19:5)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":20:14)
  %c2_i32 = arith.constant 2 : i32 loc("k.py":20:14)
  %c1_i32 = arith.constant 1 : i32 loc("k.py":20:14)
  scf.for %j = %c0_i32 to %c2_i32 step %c1_i32 : i32 {
    %c0_i8 = arith.constant 0 : i8 loc("k.py":21:9)
    %false_1 = arith.constant false loc("k.py":21:9)
    ascendc.matmul.get_tensor_c async %mm, %x, %c0_i8, %false_1 : !ascendc.local_tensor<f32> loc("k.py":21:9)
    ascendc.matmul.wait_get_tensor_c %mm loc("k.py":22:9)
  } loc("k.py":20:14)
  ascendc.matmul.end %mm loc("k.py":23:5)
  func.return loc("k.py":23:5)
}
// CHECK:      k.py:19:5: warning: workspace of 4096 bytes is smaller than the 262144 bytes asynchronous `mm.iterate` writes [MM-19]
// CHECK-NEXT: k.py:9:14: note: tiling here
// CHECK-NEXT: k.py:18:5: note: workspace set here

