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
