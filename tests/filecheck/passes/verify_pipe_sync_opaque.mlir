// RUN: env PYTHONUNBUFFERED=1 ascx-opt %s -p ascx-verify-pipe-sync 2>&1 | filecheck %s

// HZ-8: an op the analysis cannot see into (a call that was not inlined) gets a warning naming the
// tensors it is assumed to touch.

func.func private @helper(!ascendc.local_tensor<f32>)
func.func @k() attributes {ascendc.kernel} {
  %c0 = arith.constant 0 : i32
  %n = arith.constant 256 : i32
  %xl = ascendc.local_tensor vecin, %c0, %n : i32, i32 -> !ascendc.local_tensor<f32> loc("k.py":4:5)
  func.call @helper(%xl) : (!ascendc.local_tensor<f32>) -> () loc("k.py":5:5)
  func.return
}
// CHECK: k.py:5:5: warning: sync analysis cannot see the memory accesses of `func.call`; it is assumed to touch `xl` on an unknown pipe [HZ-8]
