// RUN: ascx-opt %s -p 'ascx-insert-sync{matmul_only=true}' --split-input-file 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=DIAG < %t.err
// RUN: ascx-opt %s -p 'ascx-insert-sync{matmul_only=true},ascx-verify-matmul-sync' --split-input-file 2>/dev/null > %t.once.mlir
// RUN: ascx-opt %t.once.mlir -p 'ascx-insert-sync{matmul_only=true}' --split-input-file 2>/dev/null | diff %t.once.mlir -

// ascx-insert-sync and loops with a runtime trip count (docs/rules/matmul.md#loops-that-may-run-zero-times):
// a user's wait that has nothing to wait for only when the loop runs zero times is guarded by the loop's trip
// test (with a warning when the count is not from the tiling); the output verifies, and a second run changes
// nothing.

// `for i in range(n): iterate_all(..., sync=False, wait_iterate_all=True)`, one wait after the loop: the
// restart waits for the previous iteration (MM-7), the trailing wait runs only when the loop did.
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
    ascendc.matmul.iterate_all async wait %mm, %c_gm, %z8, %false, %false : !ascendc.global_tensor<f32> loc("k.py":11:9)
  } loc("k.py":10:5)
  ascendc.matmul.wait_iterate_all %mm loc("k.py":12:5)
  ascendc.matmul.end %mm loc("k.py":13:5)
  func.return
}
// CHECK:      scf.for %i = %c0 to %n step %c1 : i32 {
// CHECK:        ascendc.matmul.iterate_all async wait %mm
// CHECK-NEXT: }
// CHECK-NEXT: %{{.*}} = arith.cmpi slt, %c0, %n : i32
// CHECK-NEXT: scf.if %{{.*}} {
// CHECK-NEXT:   ascendc.matmul.wait_iterate_all %mm
// CHECK-NEXT: }{ascx.inserted}
// CHECK-NEXT: ascendc.matmul.end %mm
// DIAG:      k.py:11:9: warning: asynchronous `mm.iterate_all(sync=False)` is not completed before the object starts new asynchronous work; ascx inserted `mm.wait_iterate_all()` before line 11 (`mm.iterate_all`), guarded to run only where the work is pending [MM-7]
// DIAG-NEXT: k.py:12:5: warning: `mm.wait_iterate_all()` would wait forever when this loop runs zero times; ascx guarded it with the loop's trip test [MM-4]
// DIAG-NEXT: k.py:10:5: note: the loop that starts the work it waits for; its trip count is a runtime value

// -----

// The trip count from the tiling: guarded silently.  The user's own `if n > 0:` guard needs nothing.
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
  %batch = ascendc.cube_tiling.get %tiling "batchM" : i32
  scf.for %i = %c0 to %batch step %c1 : i32 {
    ascendc.matmul.iterate_all async wait %mm, %c_gm, %z8, %false, %false : !ascendc.global_tensor<f32> loc("k.py":31:9)
    ascendc.matmul.wait_iterate_all %mm loc("k.py":32:9)
  } loc("k.py":30:5)
  scf.for %j = %c0 to %n step %c1 : i32 {
    ascendc.matmul.iterate_all async wait %mm, %c_gm, %z8, %false, %false : !ascendc.global_tensor<f32> loc("k.py":34:9)
  } loc("k.py":33:5)
  %any = arith.cmpi sgt, %n, %c0 : i32
  scf.if %any {
    ascendc.matmul.wait_iterate_all %mm loc("k.py":38:9)
  } loc("k.py":37:8)
  scf.for %k = %c0 to %batch step %c1 : i32 {
    ascendc.matmul.iterate_all async wait %mm, %c_gm, %z8, %false, %false : !ascendc.global_tensor<f32> loc("k.py":40:9)
  } loc("k.py":39:5)
  ascendc.matmul.wait_iterate_all %mm loc("k.py":41:5)
  ascendc.matmul.end %mm loc("k.py":42:5)
  func.return
}
// CHECK:      scf.if %any {
// CHECK-NEXT:   ascendc.matmul.wait_iterate_all %mm
// CHECK-NEXT: }{{$}}
// CHECK:      scf.for %k = %c0 to %batch step %c1 : i32 {
// CHECK:      %{{.*}} = arith.cmpi slt, %c0, %batch : i32
// CHECK-NEXT: scf.if %{{.*}} {
// CHECK-NEXT:   ascendc.matmul.wait_iterate_all %mm
// CHECK-NEXT: }{ascx.inserted}
// CHECK-NEXT: ascendc.matmul.end %mm
// DIAG:      k.py:34:9: warning: asynchronous `mm.iterate_all(sync=False)` is not completed before the object starts new asynchronous work; ascx inserted `mm.wait_iterate_all()` before line 34 (`mm.iterate_all`), guarded to run only where the work is pending [MM-7]
// DIAG-NEXT: k.py:40:9: warning: asynchronous `mm.iterate_all(sync=False)` is not completed before the object starts new asynchronous work; ascx inserted `mm.wait_iterate_all()` before line 40 (`mm.iterate_all`), guarded to run only where the work is pending [MM-7]
// DIAG-NOT:  MM-4
