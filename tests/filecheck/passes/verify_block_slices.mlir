// RUN: env PYTHONUNBUFFERED=1 ascx-opt %s -p ascx-verify-pipe-sync --verify-diagnostics --split-input-file 2>&1 | filecheck %s

// ascx-verify-pipe-sync (docs/rules/cross-core.md#disjoint-block-slices): XC-7 and the proof that each
// block stays in its own part of a GM buffer.  The kernels were traced from Python (locations k.py:<line>:<col>).

// Parts of 2048 elements every 1024 elements: each block writes 8 tiles of 256 and reads them back; the
// last four tiles of block b are the first four of block b + 1.
// Python source:
//   y_gm.set_global_buffer(y + asc.get_block_idx() * 1024, 2048)
//   for i in range(8):
//       asc.data_copy(y_gm[i * 256:], zl, 256)
//   asc.pipe_barrier(asc.PipeID.PIPE_ALL)
//   for j in range(8):
//       asc.data_copy(xl, y_gm[j * 256:], 256)
func.func @k(%y: !ascendc.gm_addr<f32> loc(unknown)) attributes {ascendc.kernel} {
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":3:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":3:10)
  %xl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":3:10)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":4:10)
  %zl = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":4:10)
  %block_idx = ascendc.sys_var block_idx : i32 loc("k.py":5:32)
  %c1024_i32 = arith.constant 1024 : i32 loc("k.py":5:32)
  %0 = arith.muli %block_idx, %c1024_i32 : i32 loc("k.py":5:32)
  %1 = ascendc.gm_addr.offset %y, %0 : !ascendc.gm_addr<f32>, i32 loc("k.py":5:28)
  %y_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":6:5)
  %c2048_ui64 = ascendc.constant 2048 : ui64 loc("k.py":5:5)
  ascendc.global_tensor.set_global_buffer %y_gm, %1, %c2048_ui64 : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>, ui64 loc("k.py":5:5)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":6:5)
  %c8_i32 = arith.constant 8 : i32 loc("k.py":6:5)
  %c1_i32 = arith.constant 1 : i32 loc("k.py":6:5)
  %c256_i32 = arith.constant 256 : i32 loc("k.py":7:30)
  scf.for %i = %c0_i32 to %c8_i32 step %c1_i32 : i32 {
    %2 = arith.muli %i, %c256_i32 : i32 loc("k.py":7:30)
    %3 = ascendc.sub_tensor %y_gm[%2 : i32] : !ascendc.global_tensor<f32> loc("k.py":7:23)
    ascendc.data_copy %3, %zl, %c256_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32 loc("k.py":7:9)
  } loc("k.py":6:5)
  ascendc.pipe_barrier pipe_all loc("k.py":8:5)
  scf.for %j = %c0_i32 to %c8_i32 step %c1_i32 : i32 {
    %4 = arith.muli %j, %c256_i32 : i32 loc("k.py":10:34)
    %5 = ascendc.sub_tensor %y_gm[%4 : i32] : !ascendc.global_tensor<f32> loc("k.py":10:27)
    ascendc.data_copy %xl, %5, %c256_i32 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":10:9)
    ascendc.pipe_barrier pipe_all loc("k.py":10:9)
  } loc("k.py":9:5)
  func.return loc("k.py":10:9)
}
// CHECK:      k.py:7:9: warning: GM `y_gm` written here may be accessed by another block without inter-block synchronization [XC-7]
// CHECK-NEXT: k.py:10:9: note: accessed here at another block-dependent offset
// CHECK-NEXT: k.py:7:9: note: the blocks' parts are not proved disjoint: `asc.data_copy` ends at element 2048 of its block's part, past the stride 1024 of the block index

// -----

// XC-7 follows the kernel's control flow (softmax_v2's phases, ops-nn): iteration 0 of the loop writes each
// block's part, iteration 1 reads the next block's.  Without a sync_all in the loop, the write of iteration 0
// reaches the read of iteration 1 around the loop's back edge (the arms on k == 0 and k == 1 exclude each other
// only within one iteration).
// Python source:
//   b = asc.get_block_idx()
//   for k in range(2):
//       if k == 0:
//           asc.data_copy(z_gm[b * 256:], zl, 256)
//           asc.pipe_barrier(asc.PipeID.PIPE_ALL)
//       if k == 1:
//           asc.data_copy(xl, z_gm[(b + 1) * 256:], 256)
//           asc.pipe_barrier(asc.PipeID.PIPE_ALL)
func.func @k(%z: !ascendc.gm_addr<f32> loc(unknown)) attributes {ascendc.kernel} {
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":7:5)
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":7:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":8:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":8:10)
  %xl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":8:10)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":9:10)
  %zl = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":9:10)
  %b = ascendc.sys_var block_idx : i32 loc("k.py":10:9)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":11:14)
  %c2_i32 = arith.constant 2 : i32 loc("k.py":11:14)
  %c1_i32 = arith.constant 1 : i32 loc("k.py":11:14)
  scf.for %k = %c0_i32 to %c2_i32 step %c1_i32 : i32 {
    %0 = arith.cmpi eq, %k, %c0_i32 : i32 loc("k.py":12:12)
    scf.if %0 {
      %c256_i32 = arith.constant 256 : i32 loc("k.py":13:32)
      %1 = arith.muli %b, %c256_i32 : i32 loc("k.py":13:32)
      %2 = ascendc.sub_tensor %z_gm[%1 : i32] : !ascendc.global_tensor<f32> loc("k.py":13:27)
      ascendc.data_copy %2, %zl, %c256_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32 loc("k.py":13:13)
      ascendc.pipe_barrier pipe_all loc("k.py":14:13)
    } loc("k.py":12:12)
    %3 = arith.cmpi eq, %k, %c1_i32 : i32 loc("k.py":15:12)
    scf.if %3 {
      %4 = arith.addi %b, %c1_i32 : i32 loc("k.py":16:37)
      %c256_i32_1 = arith.constant 256 : i32 loc("k.py":16:36)
      %5 = arith.muli %4, %c256_i32_1 : i32 loc("k.py":16:36)
      %6 = ascendc.sub_tensor %z_gm[%5 : i32] : !ascendc.global_tensor<f32> loc("k.py":16:31)
      ascendc.data_copy %xl, %6, %c256_i32_1 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":16:13)
      ascendc.pipe_barrier pipe_all loc("k.py":17:13)
    } loc("k.py":15:12)
  } loc("k.py":11:14)
  func.return loc("k.py":11:5)
}
// CHECK:      k.py:13:13: warning: GM `z_gm` written here may be accessed by another block without inter-block synchronization [XC-7]
// CHECK-NEXT: k.py:16:13: note: accessed here at another block-dependent offset
// CHECK-NEXT: k.py:16:13: note: the blocks' parts are not proved disjoint: `asc.data_copy` ends at element 512 of its block's part, past the stride 256 of the block index

// -----

// The same with parts of 2048 every 2048 elements: proved disjoint, no XC-7.
// Python source:
//   y_gm.set_global_buffer(y + asc.get_block_idx() * 2048, 2048)
//   (the loops as above)
func.func @k(%y: !ascendc.gm_addr<f32> loc(unknown)) attributes {ascendc.kernel} {
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":3:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":3:10)
  %xl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":3:10)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":4:10)
  %zl = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":4:10)
  %block_idx = ascendc.sys_var block_idx : i32 loc("k.py":5:32)
  %c2048_i32 = arith.constant 2048 : i32 loc("k.py":5:32)
  %0 = arith.muli %block_idx, %c2048_i32 : i32 loc("k.py":5:32)
  %1 = ascendc.gm_addr.offset %y, %0 : !ascendc.gm_addr<f32>, i32 loc("k.py":5:28)
  %y_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":6:5)
  %c2048_ui64 = ascendc.constant 2048 : ui64 loc("k.py":5:5)
  ascendc.global_tensor.set_global_buffer %y_gm, %1, %c2048_ui64 : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>, ui64 loc("k.py":5:5)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":6:5)
  %c8_i32 = arith.constant 8 : i32 loc("k.py":6:5)
  %c1_i32 = arith.constant 1 : i32 loc("k.py":6:5)
  %c256_i32 = arith.constant 256 : i32 loc("k.py":7:30)
  scf.for %i = %c0_i32 to %c8_i32 step %c1_i32 : i32 {
    %2 = arith.muli %i, %c256_i32 : i32 loc("k.py":7:30)
    %3 = ascendc.sub_tensor %y_gm[%2 : i32] : !ascendc.global_tensor<f32> loc("k.py":7:23)
    ascendc.data_copy %3, %zl, %c256_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32 loc("k.py":7:9)
  } loc("k.py":6:5)
  ascendc.pipe_barrier pipe_all loc("k.py":8:5)
  scf.for %j = %c0_i32 to %c8_i32 step %c1_i32 : i32 {
    %4 = arith.muli %j, %c256_i32 : i32 loc("k.py":10:34)
    %5 = ascendc.sub_tensor %y_gm[%4 : i32] : !ascendc.global_tensor<f32> loc("k.py":10:27)
    ascendc.data_copy %xl, %5, %c256_i32 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":10:9)
    ascendc.pipe_barrier pipe_all loc("k.py":10:9)
  } loc("k.py":9:5)
  func.return loc("k.py":10:9)
}
// CHECK-NOT: XC-7

// -----

// The same with a sync_all ending every iteration.  The write and the read are in arms on k == 0 and k == 1,
// which exclude each other within one iteration; across iterations the sync_all orders them: no XC-7.
// Python source:
//   b = asc.get_block_idx()
//   for k in range(2):
//       if k == 0:
//           asc.data_copy(z_gm[b * 256:], zl, 256)
//           asc.pipe_barrier(asc.PipeID.PIPE_ALL)
//       if k == 1:
//           asc.data_copy(xl, z_gm[(b + 1) * 256:], 256)
//           asc.pipe_barrier(asc.PipeID.PIPE_ALL)
//       asc.sync_all()
func.func @k(%z: !ascendc.gm_addr<f32> loc(unknown)) attributes {ascendc.kernel} {
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":7:5)
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":7:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":8:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":8:10)
  %xl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":8:10)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":9:10)
  %zl = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":9:10)
  %b = ascendc.sys_var block_idx : i32 loc("k.py":10:9)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":11:14)
  %c2_i32 = arith.constant 2 : i32 loc("k.py":11:14)
  %c1_i32 = arith.constant 1 : i32 loc("k.py":11:14)
  scf.for %k = %c0_i32 to %c2_i32 step %c1_i32 : i32 {
    %0 = arith.cmpi eq, %k, %c0_i32 : i32 loc("k.py":12:12)
    scf.if %0 {
      %c256_i32 = arith.constant 256 : i32 loc("k.py":13:32)
      %1 = arith.muli %b, %c256_i32 : i32 loc("k.py":13:32)
      %2 = ascendc.sub_tensor %z_gm[%1 : i32] : !ascendc.global_tensor<f32> loc("k.py":13:27)
      ascendc.data_copy %2, %zl, %c256_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32 loc("k.py":13:13)
      ascendc.pipe_barrier pipe_all loc("k.py":14:13)
    } loc("k.py":12:12)
    %3 = arith.cmpi eq, %k, %c1_i32 : i32 loc("k.py":15:12)
    scf.if %3 {
      %4 = arith.addi %b, %c1_i32 : i32 loc("k.py":16:37)
      %c256_i32_1 = arith.constant 256 : i32 loc("k.py":16:36)
      %5 = arith.muli %4, %c256_i32_1 : i32 loc("k.py":16:36)
      %6 = ascendc.sub_tensor %z_gm[%5 : i32] : !ascendc.global_tensor<f32> loc("k.py":16:31)
      ascendc.data_copy %xl, %6, %c256_i32_1 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":16:13)
      ascendc.pipe_barrier pipe_all loc("k.py":17:13)
    } loc("k.py":15:12)
    ascendc.sync_all aiv_only true loc("k.py":18:9)
  } loc("k.py":11:14)
  func.return loc("k.py":11:5)
}
// CHECK-NOT: XC-7
