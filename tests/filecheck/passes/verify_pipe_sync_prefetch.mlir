// RUN: env PYTHONUNBUFFERED=1 ascx-opt %s -p ascx-verify-pipe-sync --verify-diagnostics --split-input-file 2>&1 | filecheck %s

// A software-pipelined loop over a depth-2 queue (docs/rules/queues.md#tq-10): at the loop's head the
// oldest tensor in the queue is the prologue's on entry and the previous iteration's on the back edge;
// the two paths' instances are one instance there, which the epilogue's deque takes.  No TQ-10 / TQ-11.
// Python source:
//   t = q.alloc_tensor(asc.float32)
//   q.enque(t)
//   for i in range(1, n):
//       t = q.alloc_tensor(asc.float32)
//       q.enque(t)
//       u = q.deque(asc.float32)
//       q.free_tensor(u)
//   u = q.deque(asc.float32)
//   q.free_tensor(u)
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe loc("k.py":4:12)
  %q = ascendc.declare : !ascendc.tque<vecin, 2> loc("k.py":5:9)
  %c2_ui8 = ascendc.constant 2 : ui8 loc("k.py":6:5)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":6:5)
  ascendc.init_buffer %pipe, %q num %c2_ui8 len %c1024_ui32 : !ascendc.pipe, !ascendc.tque<vecin, 2>, ui8, ui32 loc("k.py":6:5)
  %t = ascendc.alloc_tensor %q : !ascendc.tque<vecin, 2> -> !ascendc.local_tensor<f32> loc("k.py":7:9)
  ascendc.enque %q, %t : !ascendc.tque<vecin, 2>, !ascendc.local_tensor<f32> loc("k.py":8:5)
  %c1_i32 = arith.constant 1 : i32 loc("k.py":9:14)
  scf.for %i = %c1_i32 to %n step %c1_i32 : i32 {
    %t_1 = ascendc.alloc_tensor %q : !ascendc.tque<vecin, 2> -> !ascendc.local_tensor<f32> loc("k.py":10:13)
    ascendc.enque %q, %t_1 : !ascendc.tque<vecin, 2>, !ascendc.local_tensor<f32> loc("k.py":11:9)
    %u = ascendc.deque %q : !ascendc.tque<vecin, 2> -> !ascendc.local_tensor<f32> loc("k.py":12:13)
    ascendc.free_tensor %q, %u : !ascendc.tque<vecin, 2>, !ascendc.local_tensor<f32> loc("k.py":13:9)
  } loc("k.py":9:14)
  %u_1 = ascendc.deque %q : !ascendc.tque<vecin, 2> -> !ascendc.local_tensor<f32> loc("k.py":14:9)
  ascendc.free_tensor %q, %u_1 : !ascendc.tque<vecin, 2>, !ascendc.local_tensor<f32> loc("k.py":15:5)
  func.return loc("k.py":15:5)
}
// CHECK-NOT: warning
// CHECK-NOT: error
// CHECK: func.func @k

// -----

// Without the epilogue the last tile stays enqueued (the prologue's name stands for it).
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe loc("k.py":4:12)
  %q = ascendc.declare : !ascendc.tque<vecin, 2> loc("k.py":5:9)
  %c2_ui8 = ascendc.constant 2 : ui8 loc("k.py":6:5)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":6:5)
  ascendc.init_buffer %pipe, %q num %c2_ui8 len %c1024_ui32 : !ascendc.pipe, !ascendc.tque<vecin, 2>, ui8, ui32 loc("k.py":6:5)
  %t = ascendc.alloc_tensor %q : !ascendc.tque<vecin, 2> -> !ascendc.local_tensor<f32> loc("k.py":7:9)
  ascendc.enque %q, %t : !ascendc.tque<vecin, 2>, !ascendc.local_tensor<f32> loc("k.py":8:5)
  %c1_i32 = arith.constant 1 : i32 loc("k.py":9:14)
  scf.for %i = %c1_i32 to %n step %c1_i32 : i32 {
    %t_1 = ascendc.alloc_tensor %q : !ascendc.tque<vecin, 2> -> !ascendc.local_tensor<f32> loc("k.py":10:13)
    ascendc.enque %q, %t_1 : !ascendc.tque<vecin, 2>, !ascendc.local_tensor<f32> loc("k.py":11:9)
    %u = ascendc.deque %q : !ascendc.tque<vecin, 2> -> !ascendc.local_tensor<f32> loc("k.py":12:13)
    ascendc.free_tensor %q, %u : !ascendc.tque<vecin, 2>, !ascendc.local_tensor<f32> loc("k.py":13:9)
  } loc("k.py":9:14)
  func.return loc("k.py":13:5)
}
// CHECK:      k.py:7:9: warning: `t` allocated by `q.alloc_tensor()` is never freed [TQ-10]
// CHECK-NEXT: k.py:8:5: warning: `q.enque(t)` is never dequeued [TQ-11]
