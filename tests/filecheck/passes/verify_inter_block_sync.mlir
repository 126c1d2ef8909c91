// RUN: env PYTHONUNBUFFERED=1 ascx-opt %s -p ascx-verify-pipe-sync --verify-diagnostics --split-input-file 2>&1 | filecheck %s

// ascx-verify-pipe-sync (docs/rules/cross-core.md): the inter-block pairing lints XC-5 and XC-6, and the
// inter-block sync ops that silence XC-7.  The kernels were traced from Python (locations k.py:<line>:<col>);
// each creates the TPipe inter-block sync takes its event ids from (XC-9, the last two cases).
// Warnings go to stderr while the module goes to stdout: PYTHONUNBUFFERED keeps them in order.

// XC-5: every block waits for the previous one, none notifies; a notify on one branch only.
// Python source:
//   asc.wait_pre_block(w_gm, ub)
//   asc.wait_pre_block(w_gm, ub)
//   if n > 0:
//       asc.notify_next_block(w_gm, ub)
func.func @k(%z: !ascendc.gm_addr<f32> loc(unknown), %w: !ascendc.gm_addr<i32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe loc("k.py":5:12)
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":6:5)
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":6:5)
  %w_gm = ascendc.global_tensor : !ascendc.global_tensor<i32> loc("k.py":8:5)
  ascendc.global_tensor.set_global_buffer %w_gm, %w : !ascendc.global_tensor<i32>, !ascendc.gm_addr<i32> loc("k.py":8:5)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":9:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":9:10)
  %zl = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":9:10)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":10:10)
  %c64_ui32 = ascendc.constant 64 : ui32 loc("k.py":10:10)
  %ub = ascendc.local_tensor veccalc, %c0_ui32, %c64_ui32 : ui32, ui32 -> !ascendc.local_tensor<i32> loc("k.py":10:10)
  ascendc.wait_pre_block %w_gm, %ub : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32> loc("k.py":11:5)
  ascendc.wait_pre_block %w_gm, %ub : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32> loc("k.py":12:5)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":13:8)
  %0 = arith.cmpi sgt, %n, %c0_i32 : i32 loc("k.py":13:8)
  scf.if %0 {
    ascendc.notify_next_block %w_gm, %ub : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32> loc("k.py":14:9)
  } loc("k.py":13:8)
  func.return loc("k.py":13:8)
}
// CHECK:      k.py:11:5: error: `asc.wait_pre_block()` has no matching `asc.notify_next_block()` in the previous block [XC-5]
// CHECK-NEXT: k.py:13:8: note: on the path where this condition is false
// CHECK-NEXT: k.py:12:5: error: `asc.wait_pre_block()` has no matching `asc.notify_next_block()` in the previous block [XC-5]
// CHECK-NEXT: k.py:13:8: note: on the path where this condition is true

// -----

// XC-5: a loop that waits on every iteration and notifies once after it.
// Python source:
//   for i in range(n):
//       asc.wait_pre_block(w_gm, ub)
//   asc.notify_next_block(w_gm, ub)
func.func @k(%z: !ascendc.gm_addr<f32> loc(unknown), %w: !ascendc.gm_addr<i32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe loc("k.py":5:12)
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":6:5)
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":6:5)
  %w_gm = ascendc.global_tensor : !ascendc.global_tensor<i32> loc("k.py":8:5)
  ascendc.global_tensor.set_global_buffer %w_gm, %w : !ascendc.global_tensor<i32>, !ascendc.gm_addr<i32> loc("k.py":8:5)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":9:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":9:10)
  %zl = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":9:10)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":10:10)
  %c64_ui32 = ascendc.constant 64 : ui32 loc("k.py":10:10)
  %ub = ascendc.local_tensor veccalc, %c0_ui32, %c64_ui32 : ui32, ui32 -> !ascendc.local_tensor<i32> loc("k.py":10:10)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":11:14)
  %c1_i32 = arith.constant 1 : i32 loc("k.py":11:14)
  scf.for %i = %c0_i32 to %n step %c1_i32 : i32 {
    ascendc.wait_pre_block %w_gm, %ub : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32> loc("k.py":12:9)
  } loc("k.py":11:14)
  ascendc.notify_next_block %w_gm, %ub : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32> loc("k.py":13:5)
  func.return loc("k.py":13:5)
}
// CHECK:      k.py:12:9: error: `asc.wait_pre_block()` has no matching `asc.notify_next_block()` in the previous block [XC-5]
// CHECK-NEXT: k.py:11:14: note: on a path through this loop's body
// CHECK-NEXT: k.py:13:5: error: `asc.notify_next_block()` has no matching `asc.wait_pre_block()` in the next block [XC-5]

// -----

// XC-6: an ib_wait that no ib_set matches, a set and a wait on different blocks.
// Python source:
//   asc.ib_wait(w_gm, ub, 0, 3)
//   asc.ib_set(w_gm, ub, 1, 1)
//   asc.ib_wait(w_gm, ub, 0, 1)
func.func @k(%z: !ascendc.gm_addr<f32> loc(unknown), %w: !ascendc.gm_addr<i32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe loc("k.py":5:12)
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":6:5)
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":6:5)
  %w_gm = ascendc.global_tensor : !ascendc.global_tensor<i32> loc("k.py":8:5)
  ascendc.global_tensor.set_global_buffer %w_gm, %w : !ascendc.global_tensor<i32>, !ascendc.gm_addr<i32> loc("k.py":8:5)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":9:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":9:10)
  %zl = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":9:10)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":10:10)
  %c64_ui32 = ascendc.constant 64 : ui32 loc("k.py":10:10)
  %ub = ascendc.local_tensor veccalc, %c0_ui32, %c64_ui32 : ui32, ui32 -> !ascendc.local_tensor<i32> loc("k.py":10:10)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":11:5)
  %c3_i32 = arith.constant 3 : i32 loc("k.py":11:5)
  ascendc.ib_wait %w_gm, %ub block %c0_i32 event %c3_i32 aiv_only true : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32 loc("k.py":11:5)
  %c1_i32 = arith.constant 1 : i32 loc("k.py":12:5)
  ascendc.ib_set %w_gm, %ub block %c1_i32 event %c1_i32 aiv_only true : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32 loc("k.py":12:5)
  ascendc.ib_wait %w_gm, %ub block %c0_i32 event %c1_i32 aiv_only true : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32 loc("k.py":13:5)
  func.return loc("k.py":13:5)
}
// CHECK:      k.py:11:5: error: `asc.ib_wait(block=0, event=3)` has no matching `asc.ib_set` [XC-6]
// CHECK-NEXT: k.py:12:5: note: nearest candidate: `asc.ib_set(block=1, event=1)`
// CHECK-NEXT: k.py:12:5: error: `asc.ib_set(block=1, event=1)` has no matching `asc.ib_wait` [XC-6]
// CHECK-NEXT: k.py:13:5: note: nearest candidate: `asc.ib_wait(block=0, event=1)`
// CHECK-NEXT: k.py:13:5: error: `asc.ib_wait(block=0, event=1)` has no matching `asc.ib_set` [XC-6]
// CHECK-NEXT: k.py:12:5: note: nearest candidate: `asc.ib_set(block=1, event=1)`

// -----

// XC-5, XC-6 and XC-7 stay quiet: balanced chains, block 0 signalling the others, inter-block sync between blocks' GM parts.
// Python source:
//   b = asc.get_block_idx()
//   asc.wait_pre_block(w_gm, ub)
//   asc.notify_next_block(w_gm, ub)
//   if b == 0:
//       asc.ib_set(w_gm, ub, 0, 1)
//   else:
//       asc.ib_wait(w_gm, ub, 0, 1)
//   asc.data_copy(z_gm[b * 256:], zl, 256)
//   asc.pipe_barrier(asc.PipeID.PIPE_ALL)
//   asc.ib_set(w_gm, ub, b, 2)
//   asc.ib_wait(w_gm, ub, b + 1, 2)
//   asc.data_copy(zl, z_gm[(b + 1) * 256:], 256)
//   asc.pipe_barrier(asc.PipeID.PIPE_ALL)
func.func @k(%z: !ascendc.gm_addr<f32> loc(unknown), %w: !ascendc.gm_addr<i32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe loc("k.py":5:12)
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":6:5)
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":6:5)
  %w_gm = ascendc.global_tensor : !ascendc.global_tensor<i32> loc("k.py":8:5)
  ascendc.global_tensor.set_global_buffer %w_gm, %w : !ascendc.global_tensor<i32>, !ascendc.gm_addr<i32> loc("k.py":8:5)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":9:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":9:10)
  %zl = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":9:10)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":10:10)
  %c64_ui32 = ascendc.constant 64 : ui32 loc("k.py":10:10)
  %ub = ascendc.local_tensor veccalc, %c0_ui32, %c64_ui32 : ui32, ui32 -> !ascendc.local_tensor<i32> loc("k.py":10:10)
  %b = ascendc.sys_var block_idx : i32 loc("k.py":11:9)
  ascendc.wait_pre_block %w_gm, %ub : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32> loc("k.py":12:5)
  ascendc.notify_next_block %w_gm, %ub : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32> loc("k.py":13:5)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":14:8)
  %0 = arith.cmpi eq, %b, %c0_i32 : i32 loc("k.py":14:8)
  scf.if %0 {
    %c0_i32_1 = arith.constant 0 : i32 loc("k.py":15:9)
    %c1_i32 = arith.constant 1 : i32 loc("k.py":15:9)
    ascendc.ib_set %w_gm, %ub block %c0_i32_1 event %c1_i32 aiv_only true : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32 loc("k.py":15:9)
  } else {
    %c0_i32_2 = arith.constant 0 : i32 loc("k.py":17:9)
    %c1_i32_1 = arith.constant 1 : i32 loc("k.py":17:9)
    ascendc.ib_wait %w_gm, %ub block %c0_i32_2 event %c1_i32_1 aiv_only true : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32 loc("k.py":17:9)
  } loc("k.py":14:8)
  %c256_i32 = arith.constant 256 : i32 loc("k.py":18:24)
  %1 = arith.muli %b, %c256_i32 : i32 loc("k.py":18:24)
  %2 = ascendc.sub_tensor %z_gm[%1 : i32] : !ascendc.global_tensor<f32> loc("k.py":18:19)
  ascendc.data_copy %2, %zl, %c256_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32 loc("k.py":18:5)
  ascendc.pipe_barrier pipe_all loc("k.py":19:5)
  %c2_i32 = arith.constant 2 : i32 loc("k.py":20:5)
  ascendc.ib_set %w_gm, %ub block %b event %c2_i32 aiv_only true : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32 loc("k.py":20:5)
  %c1_i32_2 = arith.constant 1 : i32 loc("k.py":21:27)
  %3 = arith.addi %b, %c1_i32_2 : i32 loc("k.py":21:27)
  ascendc.ib_wait %w_gm, %ub block %3 event %c2_i32 aiv_only true : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32 loc("k.py":21:5)
  %4 = arith.addi %b, %c1_i32_2 : i32 loc("k.py":22:29)
  %5 = arith.muli %4, %c256_i32 : i32 loc("k.py":22:28)
  %6 = ascendc.sub_tensor %z_gm[%5 : i32] : !ascendc.global_tensor<f32> loc("k.py":22:23)
  ascendc.data_copy %zl, %6, %c256_i32 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":22:5)
  ascendc.pipe_barrier pipe_all loc("k.py":23:5)
  func.return loc("k.py":23:5)
}

// CHECK-NOT: {{error|warning}}
// CHECK: {{^// -{5}$}}

// -----

// XC-9: inter-block sync in a kernel without a TPipe; one error at the first call, the others its notes.
// Python source:
//   asc.ib_set(w_gm, ub, b, 0)
//   asc.ib_wait(w_gm, ub, 0, 0)
func.func @k(%w: !ascendc.gm_addr<i32> loc(unknown)) attributes {ascendc.kernel} {
  %w_gm = ascendc.global_tensor : !ascendc.global_tensor<i32> loc("k.py":8:5)
  ascendc.global_tensor.set_global_buffer %w_gm, %w : !ascendc.global_tensor<i32>, !ascendc.gm_addr<i32> loc("k.py":8:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":10:10)
  %c64_ui32 = ascendc.constant 64 : ui32 loc("k.py":10:10)
  %ub = ascendc.local_tensor veccalc, %c0_ui32, %c64_ui32 : ui32, ui32 -> !ascendc.local_tensor<i32> loc("k.py":10:10)
  %b = ascendc.sys_var block_idx : i32 loc("k.py":11:9)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":12:5)
  ascendc.ib_set %w_gm, %ub block %b event %c0_i32 aiv_only true : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32 loc("k.py":12:5)
  ascendc.ib_wait %w_gm, %ub block %c0_i32 event %c0_i32 aiv_only true : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32 loc("k.py":13:5)
  func.return loc("k.py":13:5)
}
// CHECK:      k.py:12:5: error: `asc.ib_set` (CANN's IBSet) needs a TPipe: CANN's implementation takes its event ids from the kernel's TPipe (GetTPipePtr()->FetchEventID), and this kernel creates none [XC-9]
// CHECK-NEXT: k.py:13:5: note: `asc.ib_wait` (CANN's IBWait) needs it too
// CHECK-NEXT: note: create one before the first of these calls: `pipe = asc.TPipe()`

// -----

// XC-9 for CreateVecIndex, whose CANN implementation waits for its scalar writes with an event id from the
// TPipe (the op declares TakesPipeEventIds).
// Python source:
//   asc.create_vec_index(ub, 0, 64)
func.func @k() attributes {ascendc.kernel} {
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":10:10)
  %c64_ui32 = ascendc.constant 64 : ui32 loc("k.py":10:10)
  %ub = ascendc.local_tensor veccalc, %c0_ui32, %c64_ui32 : ui32, ui32 -> !ascendc.local_tensor<i32> loc("k.py":10:10)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":11:5)
  ascendc.vec.create_vec_index %ub, %c0_i32 count %c64_ui32 : (!ascendc.local_tensor<i32>, i32, ui32) loc("k.py":11:5)
  func.return loc("k.py":11:5)
}
// CHECK:      k.py:11:5: error: `asc.create_vec_index` (CANN's CreateVecIndex) needs a TPipe: CANN's implementation takes its event ids from the kernel's TPipe (GetTPipePtr()->FetchEventID), and this kernel creates none [XC-9]
// CHECK-NEXT: note: create one before the first of these calls: `pipe = asc.TPipe()`
