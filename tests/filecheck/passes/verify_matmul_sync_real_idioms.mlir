// RUN: ascx-opt %s -p ascx-verify-matmul-sync --verify-diagnostics --split-input-file 2>&1 | filecheck %s

// ascx-verify-matmul-sync on the idioms of CANN's samples and Huawei's operators (docs/rules/matmul.md):
// fetch loops with a runtime trip count, a Matmul object used again after an end() that posts nothing,
// and the VECIN queue hand-off after an asynchronous fetch.  Every kernel ends with a marker error
// or a warning so that the output of each split is visible.

// CANN's matmul_async_iterate: Iterate<false>, then singleCoreM/baseM * singleCoreN/baseN fetches.  The trip
// count comes from the tiling: the zero-trip path (blocks never fetched) is accepted silently.
func.func @k(%w: !ascendc.gm_addr<ui8>, %ws: !ascendc.gm_addr<f32>, %t: !ascendc.gm_struct_addr<!ascendc.cube_tiling>) attributes {ascendc.kernel} {
  %tiling = ascendc.cube_tiling.load %t : !ascendc.gm_struct_addr<!ascendc.cube_tiling>
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <vecin, nd, f32> bias <vecin, nd, f32> loc("k.py":3:10)
  ascendc.register_matmul %pipe, %w objects(%mm) tilings(%tiling) : !ascendc.gm_addr<ui8>
  %wg = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.global_tensor.set_global_buffer %wg, %ws : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>
  %c0_ui32 = ascendc.constant 0 : ui32
  %c256_ui32 = ascendc.constant 256 : ui32
  %ub = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
  %false = arith.constant false
  %z8 = arith.constant 0 : i8
  ascendc.matmul.set_workspace %mm, %wg : !ascendc.global_tensor<f32> loc("k.py":5:5)
  %sm = ascendc.cube_tiling.get %tiling "singleCoreM" : i32
  %bm = ascendc.cube_tiling.get %tiling "baseM" : i32
  %m_iter = arith.divsi %sm, %bm : i32
  %0 = ascendc.matmul.iterate async %mm, %false loc("k.py":6:5)
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %m_iter step %c1 : i32 {
    ascendc.matmul.get_tensor_c async %mm, %ub, %z8, %false : !ascendc.local_tensor<f32> loc("k.py":8:9)
    ascendc.matmul.wait_get_tensor_c %mm loc("k.py":9:9)
  } loc("k.py":7:5)
  ascendc.matmul.end %mm loc("k.py":10:5)
  ascendc.matmul.wait_get_tensor_c %mm loc("k.py":11:5)
  func.return
}
// CHECK-NOT:  MM-11
// CHECK:      k.py:11:5: warning: `mm.wait_get_tensor_c()` has no preceding asynchronous `mm.get_tensor_c(..., sync=False)`; it only orders earlier MTE2 copies before vector operations [MM-6]

// -----

// The same with a trip count from a kernel argument: a warning that says on which path.
func.func @k(%w: !ascendc.gm_addr<ui8>, %ws: !ascendc.gm_addr<f32>, %n: i32) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <vecin, nd, f32> bias <vecin, nd, f32> loc("k.py":3:10)
  %tiling = ascendc.cube_tiling
  ascendc.register_matmul %pipe, %w objects(%mm) tilings(%tiling) : !ascendc.gm_addr<ui8>
  %wg = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.global_tensor.set_global_buffer %wg, %ws : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>
  %c0_ui32 = ascendc.constant 0 : ui32
  %c256_ui32 = ascendc.constant 256 : ui32
  %ub = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
  %false = arith.constant false
  %z8 = arith.constant 0 : i8
  ascendc.matmul.set_workspace %mm, %wg : !ascendc.global_tensor<f32> loc("k.py":5:5)
  %0 = ascendc.matmul.iterate async %mm, %false loc("k.py":6:5)
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    ascendc.matmul.get_tensor_c async %mm, %ub, %z8, %false : !ascendc.local_tensor<f32> loc("k.py":8:9)
    ascendc.matmul.wait_get_tensor_c %mm loc("k.py":9:9)
  } loc("k.py":7:5)
  ascendc.matmul.end %mm loc("k.py":10:5)
  func.return
}
// CHECK:      k.py:6:5: warning: the blocks computed by asynchronous `mm.iterate(sync=False)` are never fetched with `mm.get_tensor_c(..., sync=False)` [MM-11]
// CHECK-NEXT: k.py:10:5: note: the object ends here
// CHECK-NEXT: k.py:7:5: note: only when this loop runs zero times: its trip count is a runtime value not taken from the tiling

// -----

// A fetch that only some iterations of a constant loop make stays an error (a true positive).
func.func @k(%w: !ascendc.gm_addr<ui8>, %ws: !ascendc.gm_addr<f32>, %flag: i1) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <vecin, nd, f32> bias <vecin, nd, f32> loc("k.py":3:10)
  %tiling = ascendc.cube_tiling
  ascendc.register_matmul %pipe, %w objects(%mm) tilings(%tiling) : !ascendc.gm_addr<ui8>
  %wg = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.global_tensor.set_global_buffer %wg, %ws : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>
  %c0_ui32 = ascendc.constant 0 : ui32
  %c256_ui32 = ascendc.constant 256 : ui32
  %ub = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
  %false = arith.constant false
  %z8 = arith.constant 0 : i8
  ascendc.matmul.set_workspace %mm, %wg : !ascendc.global_tensor<f32> loc("k.py":5:5)
  %0 = ascendc.matmul.iterate async %mm, %false loc("k.py":6:5)
  scf.if %flag {
    ascendc.matmul.get_tensor_c async %mm, %ub, %z8, %false : !ascendc.local_tensor<f32> loc("k.py":8:9)
    ascendc.matmul.wait_get_tensor_c %mm loc("k.py":9:9)
  } loc("k.py":7:5)
  ascendc.matmul.end %mm loc("k.py":10:5)
  func.return
}
// CHECK:      k.py:6:5: error: the blocks computed by asynchronous `mm.iterate(sync=False)` are never fetched with `mm.get_tensor_c(..., sync=False)` [MM-11]
// CHECK-NEXT: k.py:10:5: note: the object ends here
// CHECK-NEXT: k.py:7:5: note: on the path where `flag` is false

// -----

// Huawei's per-batch reuse: End() after Iterate<false> posts nothing, the object computes again.  After a
// synchronous computation End() releases it on the AIC: the use after it is MM-13.
func.func @k(%w: !ascendc.gm_addr<ui8>, %ws: !ascendc.gm_addr<f32>, %c: !ascendc.gm_addr<f32>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <vecin, nd, f32> bias <vecin, nd, f32> loc("k.py":3:10)
  %tiling = ascendc.cube_tiling
  ascendc.register_matmul %pipe, %w objects(%mm) tilings(%tiling) : !ascendc.gm_addr<ui8>
  %wg = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.global_tensor.set_global_buffer %wg, %ws : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>
  %c0_ui32 = ascendc.constant 0 : ui32
  %c256_ui32 = ascendc.constant 256 : ui32
  %ub = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
  %false = arith.constant false
  %z8 = arith.constant 0 : i8
  ascendc.matmul.set_workspace %mm, %wg : !ascendc.global_tensor<f32> loc("k.py":5:5)
  %0 = ascendc.matmul.iterate async %mm, %false loc("k.py":6:5)
  ascendc.matmul.get_tensor_c async %mm, %ub, %z8, %false : !ascendc.local_tensor<f32> loc("k.py":7:5)
  ascendc.matmul.wait_get_tensor_c %mm loc("k.py":8:5)
  ascendc.matmul.end %mm loc("k.py":9:5)
  %1 = ascendc.matmul.iterate async %mm, %false loc("k.py":10:5)
  ascendc.matmul.get_tensor_c async %mm, %ub, %z8, %false : !ascendc.local_tensor<f32> loc("k.py":11:5)
  ascendc.matmul.wait_get_tensor_c %mm loc("k.py":12:5)
  ascendc.matmul.end %mm loc("k.py":13:5)
  %true = arith.constant true
  %2 = ascendc.matmul.iterate %mm, %false loc("k.py":14:5)
  ascendc.matmul.get_tensor_c %mm, %ub, %z8, %false : !ascendc.local_tensor<f32> loc("k.py":15:5)
  ascendc.matmul.end %mm loc("k.py":16:5)
  ascendc.matmul.wait_get_tensor_c %mm loc("k.py":17:5)
  func.return
}
// CHECK-NOT:  k.py:1{{[0-5]}}:5: error
// CHECK:      k.py:17:5: error: `mm.wait_get_tensor_c` uses Matmul object `mm` after `mm.end()` [MM-13]
// CHECK-NEXT: k.py:16:5: note: ended here

// -----

// CANN's GetTensorC<false> into a VECIN queue tensor, then EnQue / DeQue: EnQue sets MTE2 -> V, the pair
// WaitGetTensorC makes; the fetch is complete (no MM-2 at end()).  Into a VECOUT queue it is not.
func.func @k(%w: !ascendc.gm_addr<ui8>, %ws: !ascendc.gm_addr<f32>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <vecin, nd, f32> bias <vecin, nd, f32> loc("k.py":3:10)
  %tiling = ascendc.cube_tiling
  ascendc.register_matmul %pipe, %w objects(%mm) tilings(%tiling) : !ascendc.gm_addr<ui8>
  %in_q = ascendc.declare : !ascendc.tque<vecin, 1>
  %out_q = ascendc.declare : !ascendc.tque<vecout, 1>
  %c1_ui8 = ascendc.constant 1 : ui8
  %c1024_ui32 = ascendc.constant 1024 : ui32
  ascendc.init_buffer %pipe, %in_q num %c1_ui8 len %c1024_ui32 : !ascendc.pipe, !ascendc.tque<vecin, 1>, ui8, ui32
  ascendc.init_buffer %pipe, %out_q num %c1_ui8 len %c1024_ui32 : !ascendc.pipe, !ascendc.tque<vecout, 1>, ui8, ui32
  %wg = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.global_tensor.set_global_buffer %wg, %ws : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>
  %false = arith.constant false
  %z8 = arith.constant 0 : i8
  ascendc.matmul.set_workspace %mm, %wg : !ascendc.global_tensor<f32> loc("k.py":5:5)
  %0 = ascendc.matmul.iterate async %mm, %false loc("k.py":6:5)
  %x = ascendc.alloc_tensor %in_q : !ascendc.tque<vecin, 1> -> !ascendc.local_tensor<f32>
  ascendc.matmul.get_tensor_c async %mm, %x, %z8, %false : !ascendc.local_tensor<f32> loc("k.py":8:5)
  ascendc.enque %in_q, %x : !ascendc.tque<vecin, 1>, !ascendc.local_tensor<f32> loc("k.py":9:5)
  %x_1 = ascendc.deque %in_q : !ascendc.tque<vecin, 1> -> !ascendc.local_tensor<f32>
  ascendc.free_tensor %in_q, %x_1 : !ascendc.tque<vecin, 1>, !ascendc.local_tensor<f32>
  %y = ascendc.alloc_tensor %out_q : !ascendc.tque<vecout, 1> -> !ascendc.local_tensor<f32>
  ascendc.matmul.get_tensor_c async %mm, %y, %z8, %false : !ascendc.local_tensor<f32> loc("k.py":12:5)
  ascendc.enque %out_q, %y : !ascendc.tque<vecout, 1>, !ascendc.local_tensor<f32> loc("k.py":13:5)
  %y_1 = ascendc.deque %out_q : !ascendc.tque<vecout, 1> -> !ascendc.local_tensor<f32>
  ascendc.free_tensor %out_q, %y_1 : !ascendc.tque<vecout, 1>, !ascendc.local_tensor<f32>
  ascendc.matmul.end %mm loc("k.py":16:5)
  func.return
}
// CHECK-NOT:  k.py:8:5
// CHECK:      k.py:16:5: error: `mm.end()` is called while asynchronous `mm.get_tensor_c` is still pending [MM-2]
// CHECK-NEXT: k.py:12:5: note: started here; call mm.wait_get_tensor_c() before mm.end()
// CHECK-NOT:  MM-2
