// RUN: ascx-opt %s -p 'ascx-insert-sync{report=true}' --split-input-file 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=DIAG < %t.err
// RUN: ascx-opt %s -p ascx-insert-sync --split-input-file > %t.once.mlir
// RUN: ascx-opt %t.once.mlir -p ascx-insert-sync --split-input-file | diff %t.once.mlir -
// RUN: ascx-opt %t.once.mlir -p ascx-verify-pipe-sync,ascx-verify-matmul-sync --split-input-file 2>&1 | filecheck %s --check-prefix=VERIFIED

// ascx-insert-sync, pipe level (docs/passes/insert-sync.md#pipe-synchronisation): the flags, barriers and queue
// hand-offs the hazards need, marked ascx.inserted, with a remark per inserted op or pair under
// report=true; a second run changes nothing and the result verifies.  The kernels were
// traced from Python (locations k.py:<line>:<col>).

// VERIFIED-NOT: error
// VERIFIED-NOT: warning

// A pair per hazard with literal ids (no framework event users), the final barrier.
// Python source:
//   asc.data_copy(xl, x_gm, 256)
//   asc.abs(zl, xl, 256)
//   asc.data_copy(z_gm, zl, 256)
func.func @k(%x: !ascendc.gm_addr<f32>, %z: !ascendc.gm_addr<f32>, %n: i32) attributes {ascendc.kernel} {
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":6:5)
  ascendc.global_tensor.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":6:5)
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":8:5)
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":8:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":9:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":9:10)
  %xl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":9:10)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":10:10)
  %zl = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":10:10)
  %c256_i32 = arith.constant 256 : i32 loc("k.py":11:5)
  ascendc.data_copy %xl, %x_gm, %c256_i32 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":11:5)
  ascendc.vec.unary abs %zl, %xl count %c256_i32 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32) loc("k.py":12:5)
  ascendc.data_copy %z_gm, %zl, %c256_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32 loc("k.py":13:5)
  func.return loc("k.py":13:5)
}
// CHECK:      %ev0 = arith.constant {ascx.inserted} 0 : i32
// CHECK:      ascendc.data_copy %xl, %x_gm, %c256_i32 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
// CHECK-NEXT: ascendc.set_flag mte2_v, %ev0 {ascx.inserted} : i32
// CHECK-NEXT: ascendc.wait_flag mte2_v, %ev0 {ascx.inserted} : i32
// CHECK-NEXT: ascendc.vec.unary abs %zl, %xl count %c256_i32 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32)
// CHECK-NEXT: ascendc.set_flag v_mte3, %ev0 {ascx.inserted} : i32
// CHECK-NEXT: ascendc.wait_flag v_mte3, %ev0 {ascx.inserted} : i32
// CHECK-NEXT: ascendc.data_copy %z_gm, %zl, %c256_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
// CHECK-NEXT: ascendc.pipe_barrier pipe_all {ascx.inserted}
// CHECK-NEXT: func.return
// DIAG:      k.py:11:5: remark: inserted asc.set_flag/asc.wait_flag(HardEvent.MTE2_V, 0) for HZ-1 (MTE2 → V, asc.data_copy at k.py:11:5 → asc.abs at k.py:12:5): the set before line 12 (`asc.abs`), the wait before line 12 (`asc.abs`) [HZ-1]
// DIAG-NEXT: k.py:12:5: remark: inserted asc.set_flag/asc.wait_flag(HardEvent.V_MTE3, 0) for HZ-1 (V → MTE3, asc.abs at k.py:12:5 → asc.data_copy at k.py:13:5): the set before line 13 (`asc.data_copy`), the wait before line 13 (`asc.data_copy`) [HZ-1]
// DIAG-NEXT: k.py:13:5: remark: inserted asc.pipe_barrier(PipeID.PIPE_ALL) before the kernel returns for IN-12 (the GM write of `asc.data_copy` at k.py:13:5 is unordered at the kernel's return) [IN-12]

// -----

// In-iteration pairs and loop-carried pairs with priming and draining; sets before waits.
// Python source:
//   for i in range(n):
//       asc.data_copy(xl, x_gm[i * 256:], 256)
//       asc.abs(zl, xl, 256)
//       asc.data_copy(z_gm[i * 256:], zl, 256)
func.func @k(%x: !ascendc.gm_addr<f32>, %z: !ascendc.gm_addr<f32>, %n: i32) attributes {ascendc.kernel} {
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":6:5)
  ascendc.global_tensor.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":6:5)
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":8:5)
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":8:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":9:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":9:10)
  %xl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":9:10)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":10:10)
  %zl = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":10:10)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":11:14)
  %c1_i32 = arith.constant 1 : i32 loc("k.py":11:14)
  scf.for %i = %c0_i32 to %n step %c1_i32 : i32 {
    %c256_i32 = arith.constant 256 : i32 loc("k.py":12:26)
    %0 = arith.muli %i, %c256_i32 : i32 loc("k.py":12:26)
    %1 = ascendc.sub_tensor %x_gm[%0 : i32] : !ascendc.global_tensor<f32> loc("k.py":12:26)
    ascendc.data_copy %xl, %1, %c256_i32 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":12:9)
    ascendc.vec.unary abs %zl, %xl count %c256_i32 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32) loc("k.py":13:9)
    %2 = arith.muli %i, %c256_i32 : i32 loc("k.py":14:28)
    %3 = ascendc.sub_tensor %z_gm[%2 : i32] : !ascendc.global_tensor<f32> loc("k.py":14:23)
    ascendc.data_copy %3, %zl, %c256_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32 loc("k.py":14:9)
  } loc("k.py":11:14)
  func.return loc("k.py":11:5)
}
// CHECK:      %ev0 = arith.constant {ascx.inserted} 0 : i32
// CHECK:      ascendc.set_flag v_mte2, %ev0 {ascx.inserted} : i32
// CHECK-NEXT: ascendc.set_flag mte3_v, %ev0 {ascx.inserted} : i32
// CHECK-NEXT: scf.for %i = %c0_i32 to %n step %c1_i32 : i32 {
// CHECK:      ascendc.wait_flag v_mte2, %ev0 {ascx.inserted} : i32
// CHECK-NEXT: ascendc.data_copy %xl, %1, %c256_i32 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
// CHECK-NEXT: ascendc.set_flag mte2_v, %ev0 {ascx.inserted} : i32
// CHECK-NEXT: ascendc.wait_flag mte2_v, %ev0 {ascx.inserted} : i32
// CHECK-NEXT: ascendc.wait_flag mte3_v, %ev0 {ascx.inserted} : i32
// CHECK-NEXT: ascendc.vec.unary abs %zl, %xl count %c256_i32 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32)
// CHECK-NEXT: ascendc.set_flag v_mte2, %ev0 {ascx.inserted} : i32
// CHECK-NEXT: ascendc.set_flag v_mte3, %ev0 {ascx.inserted} : i32
// CHECK:      ascendc.wait_flag v_mte3, %ev0 {ascx.inserted} : i32
// CHECK-NEXT: ascendc.data_copy %3, %zl, %c256_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
// CHECK-NEXT: ascendc.set_flag mte3_v, %ev0 {ascx.inserted} : i32
// CHECK-NEXT: }
// CHECK-NEXT: ascendc.wait_flag v_mte2, %ev0 {ascx.inserted} : i32
// CHECK-NEXT: ascendc.wait_flag mte3_v, %ev0 {ascx.inserted} : i32
// CHECK-NEXT: ascendc.pipe_barrier pipe_all {ascx.inserted}
// CHECK-NEXT: func.return
// DIAG:      k.py:11:5: remark: inserted asc.pipe_barrier(PipeID.PIPE_ALL) before the kernel returns for IN-12 (the GM write of `asc.data_copy` at k.py:14:9 is unordered at the kernel's return) [IN-12]
// DIAG-NEXT: k.py:12:9: remark: inserted asc.set_flag/asc.wait_flag(HardEvent.MTE2_V, 0) for HZ-1 (MTE2 → V, asc.data_copy at k.py:12:9 → asc.abs at k.py:13:9): the set before line 13 (`asc.abs`), the wait before line 13 (`asc.abs`) [HZ-1]
// DIAG-NEXT: k.py:13:9: remark: inserted asc.set_flag/asc.wait_flag(HardEvent.V_MTE3, 0) for HZ-1 (V → MTE3, asc.abs at k.py:13:9 → asc.data_copy at k.py:14:9): the set before line 14, the wait before line 14 (`asc.data_copy`) [HZ-1]
// DIAG-NEXT: k.py:13:9: remark: inserted asc.set_flag/asc.wait_flag(HardEvent.V_MTE2, 0) for HZ-2 (V → MTE2, asc.abs at k.py:13:9 → asc.data_copy at k.py:12:9): the set before line 14, the wait before line 12 (`asc.data_copy`), the priming set before line 11, the draining wait before the kernel returns [HZ-2]
// DIAG-NEXT: k.py:14:9: remark: inserted asc.set_flag/asc.wait_flag(HardEvent.MTE3_V, 0) for HZ-2 (MTE3 → V, asc.data_copy at k.py:14:9 → asc.abs at k.py:13:9): the set at the end of the body of the loop at line 11, the wait before line 13 (`asc.abs`), the priming set before line 11, the draining wait before the kernel returns [HZ-2]

// -----

// A queue tensor without enque/deque gets them; pool ids next to a TQue; a barrier.
// Python source:
//   t = q.alloc_tensor(asc.float32)
//   asc.data_copy(t, x_gm, 256)
//   asc.abs(t, t, 256)
//   asc.muls(zl, t, 2.0, 256)
//   asc.data_copy(z_gm, zl, 256)
//   q.free_tensor(t)
func.func @k(%x: !ascendc.gm_addr<f32>, %z: !ascendc.gm_addr<f32>, %n: i32) attributes {ascendc.kernel} {
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":6:5)
  ascendc.global_tensor.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":6:5)
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":8:5)
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":8:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":9:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":9:10)
  %xl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":9:10)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":10:10)
  %zl = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":10:10)
  %pipe = ascendc.pipe loc("k.py":12:12)
  %q = ascendc.declare : !ascendc.tque<vecin, 1> loc("k.py":13:9)
  %c1_ui8 = ascendc.constant 1 : ui8 loc("k.py":14:5)
  ascendc.init_buffer %pipe, %q num %c1_ui8 len %c1024_ui32 : !ascendc.pipe, !ascendc.tque<vecin, 1>, ui8, ui32 loc("k.py":14:5)
  %t = ascendc.alloc_tensor %q : !ascendc.tque<vecin, 1> -> !ascendc.local_tensor<f32> loc("k.py":15:9)
  %c256_i32 = arith.constant 256 : i32 loc("k.py":16:5)
  ascendc.data_copy %t, %x_gm, %c256_i32 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":16:5)
  ascendc.vec.unary abs %t, %t count %c256_i32 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32) loc("k.py":17:5)
  %cst = arith.constant 2.000000e+00 : f32 loc("k.py":18:5)
  ascendc.vec.binary_scalar muls %zl, %t, %cst count %c256_i32 set_mask : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32, i32) loc("k.py":18:5)
  ascendc.data_copy %z_gm, %zl, %c256_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32 loc("k.py":19:5)
  ascendc.free_tensor %q, %t : !ascendc.tque<vecin, 1>, !ascendc.local_tensor<f32> loc("k.py":20:5)
  func.return loc("k.py":20:5)
}
// CHECK:      %ev = ascendc.event_id alloc v_mte3 %pipe {ascx.inserted} : i32
// CHECK-NEXT: %t = ascendc.alloc_tensor %q : !ascendc.tque<vecin, 1> -> !ascendc.local_tensor<f32>
// CHECK:      ascendc.data_copy %t, %x_gm, %c256_i32 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
// CHECK-NEXT: ascendc.enque %q, %t {ascx.inserted} : !ascendc.tque<vecin, 1>, !ascendc.local_tensor<f32>
// CHECK-NEXT: %t1 = ascendc.deque %q {ascx.inserted} : !ascendc.tque<vecin, 1> -> !ascendc.local_tensor<f32>
// CHECK-NEXT: ascendc.vec.unary abs %t1, %t1 count %c256_i32 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32)
// CHECK:      ascendc.pipe_barrier pipe_v {ascx.inserted}
// CHECK-NEXT: ascendc.vec.binary_scalar muls %zl, %t1, %cst count %c256_i32 set_mask : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32, i32)
// CHECK-NEXT: ascendc.set_flag v_mte3, %ev {ascx.inserted} : i32
// CHECK-NEXT: ascendc.wait_flag v_mte3, %ev {ascx.inserted} : i32
// CHECK-NEXT: ascendc.data_copy %z_gm, %zl, %c256_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
// CHECK-NEXT: ascendc.free_tensor %q, %t : !ascendc.tque<vecin, 1>, !ascendc.local_tensor<f32>
// CHECK-NEXT: ascendc.pipe_barrier pipe_all {ascx.inserted}
// CHECK-NEXT: ascendc.release_event_id v_mte3 %pipe, %ev {ascx.inserted} : i32
// CHECK-NEXT: func.return
// DIAG:      k.py:16:5: remark: inserted q.enque()/q.deque() for HZ-1 (MTE2 → V, asc.data_copy at k.py:16:5 → asc.abs at k.py:17:5): the enque before line 17 (`asc.abs`), the deque before line 17 (`asc.abs`) [HZ-1]
// DIAG-NEXT: k.py:18:5: remark: inserted asc.set_flag/asc.wait_flag(HardEvent.V_MTE3, ev) for HZ-1 (V → MTE3, asc.muls at k.py:18:5 → asc.data_copy at k.py:19:5): the set before line 19 (`asc.data_copy`), the wait before line 19 (`asc.data_copy`) [HZ-1]
// DIAG-NEXT: k.py:18:5: remark: inserted asc.pipe_barrier(PipeID.PIPE_V) for HZ-4 (V → V, asc.abs at k.py:17:5 → asc.muls at k.py:18:5): before line 18 (`asc.muls`) [HZ-4]
// DIAG-NEXT: k.py:20:5: remark: inserted asc.pipe_barrier(PipeID.PIPE_ALL) before the kernel returns for IN-12 (the GM write of `asc.data_copy` at k.py:19:5 is unordered at the kernel's return) [IN-12]


// -----

// Flags guarded by the loop index (docs/rules/flags.md#loops-guarded-by-their-index): the first iteration
// skips its wait, the last its set (CANN's add_high_performance `Process`). The user's guarded pair orders
// the copy-in after the previous iteration's copy-out; only the final barrier is inserted.
// Python source:
//   for i in range(n):
//       if i != 0:
//           asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
//       asc.data_copy(t, x_gm[i * 64:], 64)
//       asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
//       asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
//       asc.data_copy(z_gm[i * 64:], t, 64)
//       if i != n - 1:
//           asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
func.func @k(%x: !ascendc.gm_addr<f32>, %z: !ascendc.gm_addr<f32>, %n: i32) attributes {ascendc.kernel} {
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":7:5)
  ascendc.global_tensor.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":7:5)
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":9:5)
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":9:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":10:9)
  %c64_ui32 = ascendc.constant 64 : ui32 loc("k.py":10:9)
  %t = ascendc.local_tensor veccalc, %c0_ui32, %c64_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":10:9)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":11:14)
  %c1_i32 = arith.constant 1 : i32 loc("k.py":11:14)
  scf.for %i = %c0_i32 to %n step %c1_i32 : i32 {
    %0 = arith.cmpi ne, %i, %c0_i32 : i32 loc("k.py":12:12)
    scf.if %0 {
      ascendc.wait_flag mte3_mte2, %c0_i32 : i32 loc("k.py":13:13)
    } loc("k.py":12:12)
    %c64_i32 = arith.constant 64 : i32 loc("k.py":14:31)
    %1 = arith.muli %i, %c64_i32 : i32 loc("k.py":14:31)
    %2 = ascendc.sub_tensor %x_gm[%1 : i32] : !ascendc.global_tensor<f32> loc("k.py":14:26)
    ascendc.data_copy %t, %2, %c64_i32 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":14:9)
    ascendc.set_flag mte2_mte3, %c0_i32 : i32 loc("k.py":15:9)
    ascendc.wait_flag mte2_mte3, %c0_i32 : i32 loc("k.py":16:9)
    %3 = arith.muli %i, %c64_i32 : i32 loc("k.py":17:28)
    %4 = ascendc.sub_tensor %z_gm[%3 : i32] : !ascendc.global_tensor<f32> loc("k.py":17:23)
    ascendc.data_copy %4, %t, %c64_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32 loc("k.py":17:9)
    %5 = arith.subi %n, %c1_i32 : i32 loc("k.py":18:17)
    %6 = arith.cmpi ne, %i, %5 : i32 loc("k.py":18:12)
    scf.if %6 {
      ascendc.set_flag mte3_mte2, %c0_i32 : i32 loc("k.py":19:13)
    } loc("k.py":18:12)
  } loc("k.py":11:14)
  func.return loc("k.py":11:5)
}
// CHECK:      scf.for %i = %c0_i32 to %n step %c1_i32 : i32 {
// CHECK-NEXT:   %0 = arith.cmpi ne, %i, %c0_i32 : i32
// CHECK-NEXT:   scf.if %0 {
// CHECK-NEXT:     ascendc.wait_flag mte3_mte2, %c0_i32 : i32
// CHECK-NEXT:   }
// CHECK-NOT:  ascx.inserted
// CHECK:      ascendc.set_flag mte3_mte2, %c0_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: ascendc.pipe_barrier pipe_all {ascx.inserted}
// CHECK-NEXT: func.return
// DIAG:      k.py:11:5: remark: inserted asc.pipe_barrier(PipeID.PIPE_ALL) before the kernel returns for IN-12 (the GM write of `asc.data_copy` at k.py:17:9 is unordered at the kernel's return) [IN-12]
// DIAG-NOT:  remark
