// RUN: env PYTHONUNBUFFERED=1 ascx-opt %s -p ascx-verify-pipe-sync --verify-diagnostics --split-input-file 2>&1 | filecheck %s

// ascx-verify-pipe-sync (docs/rules/cross-core.md#a-stride-per-arm): XC-7 on a tensor bound in the two arms of
// a branch on the block index, with a stride per arm.  The kernels were traced from Python (locations
// k.py:<line>:<col>).

// The first n blocks bind 512 elements each, the others 256, but the tail parts start one element early:
// the last former block's last element is the first tail block's first.
// Python source:
//   if b < n:
//       part.set_global_buffer(z + b * (2 * N), 2 * N)
//   else:
//       part.set_global_buffer(z + (n * (2 * N) - 1 + (b - n) * N), N)
//   for i in range(2):
//       asc.data_copy(part[i * 128 :], zl, 128)
//   asc.pipe_barrier(asc.PipeID.PIPE_ALL)
//   for j in range(2):
//       asc.data_copy(xl, part[j * 128 :], 128)
//       asc.pipe_barrier(asc.PipeID.PIPE_ALL)
func.func @k(%z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":7:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":7:10)
  %zl = ascendc.local_tensor vecout, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":7:10)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":8:10)
  %xl = ascendc.local_tensor vecin, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":8:10)
  %b = ascendc.sys_var block_idx : i32 loc("k.py":9:9)
  %0 = arith.cmpi slt, %b, %n : i32 loc("k.py":11:8)
  %part = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":12:9)
  scf.if %0 {
    %c512_i32 = arith.constant 512 : i32 loc("k.py":12:36)
    %1 = arith.muli %b, %c512_i32 : i32 loc("k.py":12:36)
    %2 = ascendc.gm_addr.offset %z, %1 : !ascendc.gm_addr<f32>, i32 loc("k.py":12:32)
    %c512_ui64 = ascendc.constant 512 : ui64 loc("k.py":12:9)
    ascendc.global_tensor.set_global_buffer %part, %2, %c512_ui64 : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>, ui64 loc("k.py":12:9)
  } else {
    %c512_i32_1 = arith.constant 512 : i32 loc("k.py":14:37)
    %3 = arith.muli %n, %c512_i32_1 : i32 loc("k.py":14:37)
    %c1_i32 = arith.constant 1 : i32 loc("k.py":14:37)
    %4 = arith.subi %3, %c1_i32 : i32 loc("k.py":14:37)
    %5 = arith.subi %b, %n : i32 loc("k.py":14:56)
    %c256_i32 = arith.constant 256 : i32 loc("k.py":14:55)
    %6 = arith.muli %5, %c256_i32 : i32 loc("k.py":14:55)
    %7 = arith.addi %4, %6 : i32 loc("k.py":14:37)
    %8 = ascendc.gm_addr.offset %z, %7 : !ascendc.gm_addr<f32>, i32 loc("k.py":14:32)
    %c256_ui64 = ascendc.constant 256 : ui64 loc("k.py":14:9)
    ascendc.global_tensor.set_global_buffer %part, %8, %c256_ui64 : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>, ui64 loc("k.py":14:9)
  } loc("k.py":11:8)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":15:14)
  %c2_i32 = arith.constant 2 : i32 loc("k.py":15:14)
  %c1_i32_1 = arith.constant 1 : i32 loc("k.py":15:14)
  scf.for %i = %c0_i32 to %c2_i32 step %c1_i32_1 : i32 {
    %c128_i32 = arith.constant 128 : i32 loc("k.py":16:28)
    %9 = arith.muli %i, %c128_i32 : i32 loc("k.py":16:28)
    %10 = ascendc.sub_tensor %part[%9 : i32] : !ascendc.global_tensor<f32> loc("k.py":16:23)
    ascendc.data_copy %10, %zl, %c128_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32 loc("k.py":16:9)
  } loc("k.py":15:14)
  ascendc.pipe_barrier pipe_all loc("k.py":17:5)
  scf.for %j = %c0_i32 to %c2_i32 step %c1_i32_1 : i32 {
    %c128_i32_1 = arith.constant 128 : i32 loc("k.py":19:32)
    %11 = arith.muli %j, %c128_i32_1 : i32 loc("k.py":19:32)
    %12 = ascendc.sub_tensor %part[%11 : i32] : !ascendc.global_tensor<f32> loc("k.py":19:27)
    ascendc.data_copy %xl, %12, %c128_i32_1 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":19:9)
    ascendc.pipe_barrier pipe_all loc("k.py":20:9)
  } loc("k.py":18:14)
  func.return loc("k.py":18:5)
} loc("k.py":4:1)
// CHECK:      k.py:16:9: warning: GM `part` written here may be accessed by another block without inter-block synchronization [XC-7]
// CHECK-NEXT: k.py:19:9: note: accessed here at another block-dependent offset
// CHECK-NEXT: k.py:16:9: note: the blocks' parts are not proved disjoint: its bindings step with the block index by different strides, and the arms' parts are not proved to stay apart

// -----

// The same with the tail parts where the former parts end, at n * 512: proved, no XC-7.
// Python source:
//   if b < n:
//       part.set_global_buffer(z + b * (2 * N), 2 * N)
//   else:
//       part.set_global_buffer(z + (n * (2 * N) + (b - n) * N), N)
//   for i in range(2):
//       asc.data_copy(part[i * 128 :], zl, 128)
//   asc.pipe_barrier(asc.PipeID.PIPE_ALL)
//   for j in range(2):
//       asc.data_copy(xl, part[j * 128 :], 128)
//       asc.pipe_barrier(asc.PipeID.PIPE_ALL)
func.func @k(%z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":7:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":7:10)
  %zl = ascendc.local_tensor vecout, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":7:10)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":8:10)
  %xl = ascendc.local_tensor vecin, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":8:10)
  %b = ascendc.sys_var block_idx : i32 loc("k.py":9:9)
  %0 = arith.cmpi slt, %b, %n : i32 loc("k.py":11:8)
  %part = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":12:9)
  scf.if %0 {
    %c512_i32 = arith.constant 512 : i32 loc("k.py":12:36)
    %1 = arith.muli %b, %c512_i32 : i32 loc("k.py":12:36)
    %2 = ascendc.gm_addr.offset %z, %1 : !ascendc.gm_addr<f32>, i32 loc("k.py":12:32)
    %c512_ui64 = ascendc.constant 512 : ui64 loc("k.py":12:9)
    ascendc.global_tensor.set_global_buffer %part, %2, %c512_ui64 : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>, ui64 loc("k.py":12:9)
  } else {
    %c512_i32_1 = arith.constant 512 : i32 loc("k.py":14:37)
    %3 = arith.muli %n, %c512_i32_1 : i32 loc("k.py":14:37)
    %4 = arith.subi %b, %n : i32 loc("k.py":14:52)
    %c256_i32 = arith.constant 256 : i32 loc("k.py":14:51)
    %5 = arith.muli %4, %c256_i32 : i32 loc("k.py":14:51)
    %6 = arith.addi %3, %5 : i32 loc("k.py":14:37)
    %7 = ascendc.gm_addr.offset %z, %6 : !ascendc.gm_addr<f32>, i32 loc("k.py":14:32)
    %c256_ui64 = ascendc.constant 256 : ui64 loc("k.py":14:9)
    ascendc.global_tensor.set_global_buffer %part, %7, %c256_ui64 : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>, ui64 loc("k.py":14:9)
  } loc("k.py":11:8)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":15:14)
  %c2_i32 = arith.constant 2 : i32 loc("k.py":15:14)
  %c1_i32 = arith.constant 1 : i32 loc("k.py":15:14)
  scf.for %i = %c0_i32 to %c2_i32 step %c1_i32 : i32 {
    %c128_i32 = arith.constant 128 : i32 loc("k.py":16:28)
    %8 = arith.muli %i, %c128_i32 : i32 loc("k.py":16:28)
    %9 = ascendc.sub_tensor %part[%8 : i32] : !ascendc.global_tensor<f32> loc("k.py":16:23)
    ascendc.data_copy %9, %zl, %c128_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32 loc("k.py":16:9)
  } loc("k.py":15:14)
  ascendc.pipe_barrier pipe_all loc("k.py":17:5)
  scf.for %j = %c0_i32 to %c2_i32 step %c1_i32 : i32 {
    %c128_i32_1 = arith.constant 128 : i32 loc("k.py":19:32)
    %10 = arith.muli %j, %c128_i32_1 : i32 loc("k.py":19:32)
    %11 = ascendc.sub_tensor %part[%10 : i32] : !ascendc.global_tensor<f32> loc("k.py":19:27)
    ascendc.data_copy %xl, %11, %c128_i32_1 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":19:9)
    ascendc.pipe_barrier pipe_all loc("k.py":20:9)
  } loc("k.py":18:14)
  func.return loc("k.py":18:5)
} loc("k.py":4:1)
// CHECK-NOT: XC-7
