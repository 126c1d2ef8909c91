// RUN: ascx-opt %s -p ascx-verify-matmul-sync --verify-diagnostics --split-input-file 2>&1 | filecheck %s

// ascx-verify-matmul-sync (docs/rules/matmul.md): each diagnostic at its op, with the note at the
// partner op, in source order.

// MM-1 and MM-2: C read before wait_iterate_all, and end() while it is pending.
func.func @k(%w: !ascendc.gm_addr<ui8>, %c: !ascendc.gm_addr<f32>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  %tiling = ascendc.cube_tiling
  ascendc.register_matmul %pipe, %w objects(%mm) tilings(%tiling) : !ascendc.gm_addr<ui8>
  %c_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.global_tensor.set_global_buffer %c_gm, %c : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>
  %c0 = arith.constant 0 : i32
  %n = arith.constant 256 : i32
  %cl = ascendc.local_tensor vecin, %c0, %n : i32, i32 -> !ascendc.local_tensor<f32>
  %z8 = arith.constant 0 : i8
  %false = arith.constant false
  ascendc.matmul.iterate_all async wait %mm, %c_gm, %z8, %false, %false : !ascendc.global_tensor<f32> loc("k.py":19:5)
  ascendc.data_copy %cl, %c_gm, %n : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":20:5)
  ascendc.matmul.end %mm loc("k.py":21:5)
  func.return
}
// CHECK:      k.py:20:5: error: `asc.data_copy` reads `c_gm`, the output of asynchronous `mm.iterate_all(sync=False)`, before `mm.wait_iterate_all()` [MM-1]
// CHECK-NEXT: k.py:19:5: note: asynchronous mm.iterate_all started here; call mm.wait_iterate_all() before the first access to its output
// CHECK-NEXT: k.py:21:5: error: `mm.end()` is called while asynchronous `mm.iterate_all` is still pending [MM-2]
// CHECK-NEXT: k.py:19:5: note: started here; call mm.wait_iterate_all() before mm.end()

// -----

// MM-4 with a path note: the only start is in one arm of an scf.if.
func.func @k(%w: !ascendc.gm_addr<ui8>, %c: !ascendc.gm_addr<f32>, %flag: i1) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  %tiling = ascendc.cube_tiling
  ascendc.register_matmul %pipe, %w objects(%mm) tilings(%tiling) : !ascendc.gm_addr<ui8>
  %c_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.global_tensor.set_global_buffer %c_gm, %c : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>
  %z8 = arith.constant 0 : i8
  %false = arith.constant false
  scf.if %flag {
    ascendc.matmul.iterate_all async wait %mm, %c_gm, %z8, %false, %false : !ascendc.global_tensor<f32> loc("k.py":33:9)
  } loc("k.py":32:8)
  ascendc.matmul.wait_iterate_all %mm loc("k.py":34:5)
  ascendc.matmul.end %mm loc("k.py":35:5)
  func.return
}
// CHECK:      k.py:34:5: error: `mm.wait_iterate_all()` has no matching asynchronous `mm.iterate_all(..., sync=False, wait_iterate_all=True)`; it would wait for a completion that is never signalled [MM-4]
// CHECK-NEXT: note: on the path where `flag` is false

// -----

// MM-7 across the back edge of an scf.for, MM-4 on the zero-trip path only, and MM-16 when the object is
// never ended (a warning).
func.func @k(%w: !ascendc.gm_addr<ui8>, %c: !ascendc.gm_addr<f32>, %n: i32) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  %tiling = ascendc.cube_tiling
  ascendc.register_matmul %pipe, %w objects(%mm) tilings(%tiling) : !ascendc.gm_addr<ui8>
  %c_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.global_tensor.set_global_buffer %c_gm, %c : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>
  %z8 = arith.constant 0 : i8
  %false = arith.constant false
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    ascendc.matmul.iterate_all async wait %mm, %c_gm, %z8, %false, %false : !ascendc.global_tensor<f32> loc("k.py":41:9)
  } loc("k.py":40:5)
  ascendc.matmul.wait_iterate_all %mm loc("k.py":43:5)
  func.return
}
// The trailing wait has nothing to wait for only when the loop runs zero times (%n is not a tiling field):
// a warning (docs/rules/matmul.md#loops-that-may-run-zero-times).
// CHECK:      k.py:41:9: error: `mm.iterate_all` starts while asynchronous `mm.iterate_all` on the same Matmul object is still pending [MM-7]
// CHECK-NEXT: k.py:41:9: note: still pending from here in the previous loop iteration
// CHECK-NEXT: k.py:43:5: warning: `mm.wait_iterate_all()` has no matching asynchronous `mm.iterate_all(..., sync=False, wait_iterate_all=True)` when this loop runs zero times; it would wait for a completion that is never signalled [MM-4]
// CHECK-NEXT: k.py:40:5: note: the work it waits for is started in this loop, whose trip count is a runtime value
// CHECK-NEXT: k.py:43:5: warning: Matmul object `mm` is not ended; call `mm.end()` after its last use [MM-16]

// -----

// A correct kernel: nothing is reported and the IR is unchanged.
func.func @k(%w: !ascendc.gm_addr<ui8>, %c: !ascendc.gm_addr<f32>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  %tiling = ascendc.cube_tiling
  ascendc.register_matmul %pipe, %w objects(%mm) tilings(%tiling) : !ascendc.gm_addr<ui8>
  %c_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.global_tensor.set_global_buffer %c_gm, %c : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>
  %z8 = arith.constant 0 : i8
  %false = arith.constant false
  ascendc.matmul.iterate_all async wait %mm, %c_gm, %z8, %false, %false : !ascendc.global_tensor<f32>
  ascendc.matmul.wait_iterate_all %mm
  ascendc.matmul.end %mm
  func.return
}
// CHECK:      ascendc.matmul.iterate_all async wait %mm, %c_gm, %z8, %false, %false : !ascendc.global_tensor<f32>
// CHECK-NEXT: ascendc.matmul.wait_iterate_all %mm
// CHECK-NEXT: ascendc.matmul.end %mm
