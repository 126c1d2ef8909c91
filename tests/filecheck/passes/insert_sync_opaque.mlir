// RUN: ascx-opt %s -p ascx-insert-sync --verify-diagnostics --split-input-file 2>&1 | filecheck %s

// IN-E2: a hazard with an opaque op (a call that was not inlined, HZ-8) on one side cannot be
// ordered by a flag pair or one pipe's barrier, and insertion adds PIPE_ALL only at the end of a
// kernel, never for a hazard: each such hazard is an error at its later access, with a note at the
// earlier one.

func.func private @helper(!ascendc.local_tensor<f32>)
func.func @k(%x: !ascendc.gm_addr<f32>, %z: !ascendc.gm_addr<f32>) attributes {ascendc.kernel} {
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":2:5)
  ascendc.global_tensor.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":2:5)
  %c0 = ascendc.constant 0 : ui32
  %n = ascendc.constant 256 : ui32
  %c1024 = ascendc.constant 1024 : ui32
  %xl = ascendc.local_tensor vecin, %c0, %n : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":3:5)
  %zl = ascendc.local_tensor vecout, %c1024, %n : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":4:5)
  %c256 = arith.constant 256 : i32
  ascendc.data_copy %xl, %x_gm, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":5:5)
  func.call @helper(%xl) : (!ascendc.local_tensor<f32>) -> () loc("k.py":6:5)
  ascendc.vec.unary abs %zl, %xl count %c256 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32) loc("k.py":7:5)
  func.return loc("k.py":8:5)
}
// CHECK:      k.py:6:5: error: cannot order `func.call` after `asc.data_copy`: the hazard crosses an opaque operation [IN-E2]
// CHECK-NEXT: k.py:5:5: note: earlier access here
// CHECK-NEXT: note: order them with asc.pipe_barrier(PipeID.PIPE_ALL), or let the analysis see the operation
// CHECK-NEXT: k.py:7:5: error: cannot order `asc.abs` after `func.call`: the hazard crosses an opaque operation [IN-E2]
// CHECK-NEXT: k.py:6:5: note: earlier access here
// CHECK-NEXT: note: order them with asc.pipe_barrier(PipeID.PIPE_ALL), or let the analysis see the operation

// -----

// PIPE_ALL barriers around the call order it: no error, and nothing is inserted.

func.func private @helper(!ascendc.local_tensor<f32>)
func.func @k(%x: !ascendc.gm_addr<f32>, %z: !ascendc.gm_addr<f32>) attributes {ascendc.kernel} {
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":2:5)
  ascendc.global_tensor.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":2:5)
  %c0 = ascendc.constant 0 : ui32
  %n = ascendc.constant 256 : ui32
  %c1024 = ascendc.constant 1024 : ui32
  %xl = ascendc.local_tensor vecin, %c0, %n : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":3:5)
  %zl = ascendc.local_tensor vecout, %c1024, %n : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":4:5)
  %c256 = arith.constant 256 : i32
  ascendc.data_copy %xl, %x_gm, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":5:5)
  ascendc.pipe_barrier pipe_all
  func.call @helper(%xl) : (!ascendc.local_tensor<f32>) -> () loc("k.py":6:5)
  ascendc.pipe_barrier pipe_all
  ascendc.vec.unary abs %zl, %xl count %c256 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32) loc("k.py":7:5)
  func.return loc("k.py":8:5)
}
// CHECK-NOT:  error
// CHECK:      ascendc.data_copy
// CHECK-NEXT: ascendc.pipe_barrier pipe_all
// CHECK-NEXT: func.call @helper(%xl)
// CHECK-NEXT: ascendc.pipe_barrier pipe_all
// CHECK-NEXT: ascendc.vec.unary abs
// CHECK-NEXT: func.return
