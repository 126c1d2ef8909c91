// RUN: ascx-opt %s -p 'ascx-insert-sync{report=true matmul_only=true}' --split-input-file 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=DIAG < %t.err
// RUN: ascx-opt %s -p 'ascx-insert-sync{matmul_only=true},ascx-verify-matmul-sync' --split-input-file 2>/dev/null > %t.once.mlir
// RUN: ascx-opt %t.once.mlir -p 'ascx-insert-sync{matmul_only=true}' --split-input-file 2>/dev/null | diff %t.once.mlir -

// ascx-insert-sync (docs/passes/insert-sync.md#matmul-waits): the missing Matmul waits, marked
// ascx.inserted; a warning at the asynchronous start and, with report=true, a remark at the wait.
// Its output verifies, and running it again changes nothing.  (matmul_only=true: the pipe-level
// insertion has its own test, insert_pipe_sync.mlir.)

// The wait goes immediately before the first consumer.
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
  ascendc.vec.unary abs %cl, %cl count %n : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32) loc("k.py":20:5)
  ascendc.data_copy %cl, %c_gm, %n : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":21:5)
  ascendc.matmul.end %mm loc("k.py":22:5)
  func.return
}
// CHECK:      ascendc.matmul.iterate_all async wait %mm, %c_gm, %z8, %false, %false : !ascendc.global_tensor<f32>
// CHECK-NEXT: ascendc.vec.unary abs %cl, %cl count %n
// CHECK-NEXT: ascendc.matmul.wait_iterate_all %mm {ascx.inserted}
// CHECK-NEXT: ascendc.data_copy %cl, %c_gm, %n
// CHECK-NEXT: ascendc.matmul.end %mm
// DIAG:      k.py:19:5: warning: asynchronous `mm.iterate_all(sync=False)` is not completed before the first access to its output; ascx inserted `mm.wait_iterate_all()` before line 21 (`asc.data_copy`) [MM-1]
// DIAG-NEXT: k.py:21:5: remark: inserted mm.wait_iterate_all() for MM-1 (mm.iterate_all at k.py:19:5 -> asc.data_copy at k.py:21:5) [MM-1]

// -----

// The guarded form: pending only on the path where %flag is true.
func.func @k(%w: !ascendc.gm_addr<ui8>, %c: !ascendc.gm_addr<f32>, %flag: i1) attributes {ascendc.kernel} {
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
  scf.if %flag {
    ascendc.matmul.iterate_all async wait %mm, %c_gm, %z8, %false, %false : !ascendc.global_tensor<f32> loc("k.py":33:9)
  } loc("k.py":32:8)
  ascendc.data_copy %cl, %c_gm, %n : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":34:5)
  ascendc.matmul.end %mm loc("k.py":35:5)
  func.return
}
// CHECK:      scf.if %flag {
// CHECK-NEXT:   ascendc.matmul.iterate_all async wait
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %flag {
// CHECK-NEXT:   ascendc.matmul.wait_iterate_all %mm {ascx.inserted}
// CHECK-NEXT: }{ascx.inserted}
// CHECK-NEXT: ascendc.data_copy %cl, %c_gm, %n
// DIAG:      k.py:33:9: warning: asynchronous `mm.iterate_all(sync=False)` is not completed before the first access to its output; ascx inserted `mm.wait_iterate_all()` before line 34 (`asc.data_copy`), guarded to run only where the work is pending [MM-1]
// DIAG-NEXT: k.py:34:5: remark: inserted mm.wait_iterate_all() for MM-1 (mm.iterate_all at k.py:33:9 -> asc.data_copy at k.py:34:5) [MM-1]

// -----

// Nothing reads C on this core, so the wait goes before end().
func.func @k(%w: !ascendc.gm_addr<ui8>, %c: !ascendc.gm_addr<f32>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  %tiling = ascendc.cube_tiling
  ascendc.register_matmul %pipe, %w objects(%mm) tilings(%tiling) : !ascendc.gm_addr<ui8>
  %c_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.global_tensor.set_global_buffer %c_gm, %c : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>
  %z8 = arith.constant 0 : i8
  %false = arith.constant false
  ascendc.matmul.iterate_all async wait %mm, %c_gm, %z8, %false, %false : !ascendc.global_tensor<f32> loc("k.py":40:5)
  ascendc.matmul.end %mm loc("k.py":41:5)
  func.return
}
// CHECK:      ascendc.matmul.iterate_all async wait
// CHECK-NEXT: ascendc.matmul.wait_iterate_all %mm {ascx.inserted}
// CHECK-NEXT: ascendc.matmul.end %mm
// DIAG:      k.py:40:5: warning: asynchronous `mm.iterate_all(sync=False)` is not completed before `mm.end()`; ascx inserted `mm.wait_iterate_all()` before line 41 (`mm.end`) [MM-2]
