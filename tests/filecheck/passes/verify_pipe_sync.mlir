// RUN: env PYTHONUNBUFFERED=1 ascx-opt %s -p ascx-verify-pipe-sync --verify-diagnostics --split-input-file 2>&1 | filecheck %s

// ascx-verify-pipe-sync (docs/rules/): every diagnostic family at its op, with the notes at the
// partner ops, in source order.  The kernels were traced from Python (locations k.py:<line>:<col>).
// Warnings go to stderr while the module goes to stdout: PYTHONUNBUFFERED keeps them in order.

// FL-1, FL-2 with their notes (a wrong id) and HZ-1: the set captured the copy but nobody waits for it.
// Python source:
//   asc.data_copy(xl, x_gm, 256)
//   asc.set_flag(asc.HardEvent.MTE2_V, 0)
//   asc.wait_flag(asc.HardEvent.MTE2_V, 1)
//   asc.abs(zl, xl, 256)
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
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
  %c0_i32 = arith.constant 0 : i32 loc("k.py":12:5)
  ascendc.set_flag mte2_v, %c0_i32 : i32 loc("k.py":12:5)
  %c1_i32 = arith.constant 1 : i32 loc("k.py":13:5)
  ascendc.wait_flag mte2_v, %c1_i32 : i32 loc("k.py":13:5)
  ascendc.vec.unary abs %zl, %xl count %c256_i32 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32) loc("k.py":14:5)
  func.return loc("k.py":14:5)
}
// CHECK:      k.py:12:5: error: `asc.set_flag(HardEvent.MTE2_V, 0)` is never consumed by a matching `asc.wait_flag` [FL-2]
// CHECK-NEXT: k.py:13:5: note: asc.wait_flag(HardEvent.MTE2_V, 1) here uses a different event id
// CHECK-NEXT: k.py:13:5: error: `asc.wait_flag(HardEvent.MTE2_V, 1)` has no matching `asc.set_flag(HardEvent.MTE2_V, 1)`; the wait would block forever [FL-1]
// CHECK-NEXT: k.py:12:5: note: asc.set_flag(HardEvent.MTE2_V, 0) here uses a different event id
// CHECK-NEXT: k.py:14:5: error: `asc.abs` (V) reads `xl` written by `asc.data_copy` (MTE2) without synchronization; needs MTE2 → V ordering [HZ-1]
// CHECK-NEXT: k.py:11:5: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.MTE2_V, id)

// -----

// FL-1, FL-2: the opposite direction.
// Python source:
//   asc.set_flag(asc.HardEvent.V_MTE3, 0)
//   asc.wait_flag(asc.HardEvent.MTE3_V, 0)
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %c0_i32 = arith.constant 0 : i32 loc("k.py":5:5)
  ascendc.set_flag v_mte3, %c0_i32 : i32 loc("k.py":5:5)
  ascendc.wait_flag mte3_v, %c0_i32 : i32 loc("k.py":6:5)
  func.return loc("k.py":6:5)
}
// CHECK:      k.py:5:5: error: `asc.set_flag(HardEvent.V_MTE3, 0)` is never consumed by a matching `asc.wait_flag` [FL-2]
// CHECK-NEXT: k.py:6:5: note: asc.wait_flag(HardEvent.MTE3_V, 0) here waits on the opposite direction
// CHECK-NEXT: k.py:6:5: error: `asc.wait_flag(HardEvent.MTE3_V, 0)` has no matching `asc.set_flag(HardEvent.MTE3_V, 0)`; the wait would block forever [FL-1]
// CHECK-NEXT: k.py:5:5: note: asc.set_flag(HardEvent.V_MTE3, 0) here sets the opposite direction

// -----

// FL-3: a second set on a pending slot.
// Python source:
//   asc.set_flag(asc.HardEvent.MTE2_V, 0)
//   asc.set_flag(asc.HardEvent.MTE2_V, 0)
//   asc.wait_flag(asc.HardEvent.MTE2_V, 0)
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %c0_i32 = arith.constant 0 : i32 loc("k.py":5:5)
  ascendc.set_flag mte2_v, %c0_i32 : i32 loc("k.py":5:5)
  ascendc.set_flag mte2_v, %c0_i32 : i32 loc("k.py":6:5)
  ascendc.wait_flag mte2_v, %c0_i32 : i32 loc("k.py":7:5)
  func.return loc("k.py":7:5)
}
// CHECK:      k.py:6:5: error: `asc.set_flag(HardEvent.MTE2_V, 0)` sets event slot MTE2_V#0 while the set here is still pending [FL-3]
// CHECK-NEXT: k.py:5:5: note: set here

// -----

// FL-6: a hard-coded id next to a TQue that takes ids from the pool.
// Python source:
//   asc.set_flag(asc.HardEvent.MTE2_V, 0)
//   asc.wait_flag(asc.HardEvent.MTE2_V, 0)
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe loc("k.py":5:12)
  %q = ascendc.declare : !ascendc.tque<vecin, 1> loc("k.py":6:9)
  %c1_ui8 = ascendc.constant 1 : ui8 loc("k.py":7:5)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":7:5)
  ascendc.init_buffer %pipe, %q num %c1_ui8 len %c1024_ui32 : !ascendc.pipe, !ascendc.tque<vecin, 1>, ui8, ui32 loc("k.py":7:5)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":8:5)
  ascendc.set_flag mte2_v, %c0_i32 : i32 loc("k.py":8:5)
  ascendc.wait_flag mte2_v, %c0_i32 : i32 loc("k.py":9:5)
  func.return loc("k.py":9:5)
}
// CHECK:      k.py:8:5: warning: hard-coded event id 0 may collide with event ids the framework allocates at run time; use pipe.alloc_event_id(HardEvent.MTE2_V) [FL-6]
// CHECK-NEXT: k.py:7:5: note: the framework takes event ids here
// CHECK-NEXT: k.py:9:5: warning: hard-coded event id 0 may collide with event ids the framework allocates at run time; use pipe.alloc_event_id(HardEvent.MTE2_V) [FL-6]
// CHECK-NEXT: k.py:7:5: note: the framework takes event ids here

// -----

// FL-7: two fetched ids of one event live at once; FL-8: an id used after its release.
// Python source:
//   a = pipe.fetch_event_id(asc.HardEvent.V_S)
//   asc.set_flag(asc.HardEvent.V_S, a)
//   b = pipe.fetch_event_id(asc.HardEvent.V_S)
//   asc.wait_flag(asc.HardEvent.V_S, a)
//   ev = pipe.alloc_event_id(asc.HardEvent.V_MTE3)
//   pipe.release_event_id(ev, asc.HardEvent.V_MTE3)
//   asc.set_flag(asc.HardEvent.V_MTE3, ev)
//   asc.wait_flag(asc.HardEvent.V_MTE3, ev)
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe loc("k.py":5:12)
  %q = ascendc.declare : !ascendc.tque<vecin, 1> loc("k.py":6:9)
  %c1_ui8 = ascendc.constant 1 : ui8 loc("k.py":7:5)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":7:5)
  ascendc.init_buffer %pipe, %q num %c1_ui8 len %c1024_ui32 : !ascendc.pipe, !ascendc.tque<vecin, 1>, ui8, ui32 loc("k.py":7:5)
  %a = ascendc.event_id fetch v_s %pipe : i32 loc("k.py":8:9)
  ascendc.set_flag v_s, %a : i32 loc("k.py":9:5)
  %b = ascendc.event_id fetch v_s %pipe : i32 loc("k.py":10:9)
  ascendc.wait_flag v_s, %a : i32 loc("k.py":11:5)
  %ev = ascendc.event_id alloc v_mte3 %pipe : i32 loc("k.py":12:10)
  ascendc.release_event_id v_mte3 %pipe, %ev : i32 loc("k.py":13:5)
  ascendc.set_flag v_mte3, %ev : i32 loc("k.py":14:5)
  ascendc.wait_flag v_mte3, %ev : i32 loc("k.py":15:5)
  func.return loc("k.py":15:5)
}
// CHECK:      k.py:10:9: error: `pipe.fetch_event_id(HardEvent.V_S)` may return the id of the pending pair here: fetched ids are not reserved [FL-7]
// CHECK-NEXT: k.py:9:5: note: pending set here
// CHECK-NEXT: k.py:14:5: error: `asc.set_flag(HardEvent.V_MTE3, ev)` uses an event id released here [FL-8]
// CHECK-NEXT: k.py:13:5: note: released here
// CHECK-NEXT: k.py:15:5: error: `asc.wait_flag(HardEvent.V_MTE3, ev)` uses an event id released here [FL-8]
// CHECK-NEXT: k.py:13:5: note: released here

// -----

// FL-10: a cube pipe on the vector core; FL-11: a set on one branch only.
// Python source:
//   asc.set_flag(asc.HardEvent.M_V, 0)
//   asc.wait_flag(asc.HardEvent.M_V, 0)
//   if n > 0:
//       asc.set_flag(asc.HardEvent.MTE2_V, 0)
//   asc.wait_flag(asc.HardEvent.MTE2_V, 0)
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %c0_i32 = arith.constant 0 : i32 loc("k.py":5:5)
  ascendc.set_flag m_v, %c0_i32 : i32 loc("k.py":5:5)
  ascendc.wait_flag m_v, %c0_i32 : i32 loc("k.py":6:5)
  %0 = arith.cmpi sgt, %n, %c0_i32 : i32 loc("k.py":7:8)
  scf.if %0 {
    %c0_i32_1 = arith.constant 0 : i32 loc("k.py":8:9)
    ascendc.set_flag mte2_v, %c0_i32_1 : i32 loc("k.py":8:9)
  } loc("k.py":7:8)
  ascendc.wait_flag mte2_v, %c0_i32 : i32 loc("k.py":9:5)
  func.return loc("k.py":9:5)
}
// CHECK:      k.py:5:5: warning: `asc.set_flag(HardEvent.M_V, 0)` names pipe PIPE_M, which the AIV core does not use [FL-10]
// CHECK-NEXT: k.py:7:8: error: event slot MTE2_V#0 is set on one branch of this `if` and not on the other [FL-11]
// CHECK-NEXT: k.py:8:9: note: set here

// -----

// FL-11: a loop that waits without setting.
// Python source:
//   asc.set_flag(asc.HardEvent.MTE2_V, 0)
//   for i in range(n):
//       asc.wait_flag(asc.HardEvent.MTE2_V, 0)
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %c0_i32 = arith.constant 0 : i32 loc("k.py":5:5)
  ascendc.set_flag mte2_v, %c0_i32 : i32 loc("k.py":5:5)
  %c1_i32 = arith.constant 1 : i32 loc("k.py":6:14)
  scf.for %i = %c0_i32 to %n step %c1_i32 : i32 {
    %c0_i32_1 = arith.constant 0 : i32 loc("k.py":7:9)
    ascendc.wait_flag mte2_v, %c0_i32_1 : i32 loc("k.py":7:9)
  } loc("k.py":6:14)
  func.return loc("k.py":6:5)
}
// CHECK:      k.py:5:5: error: `asc.set_flag(HardEvent.MTE2_V, 0)` is never consumed by a matching `asc.wait_flag` [FL-2]
// CHECK-NEXT: k.py:6:14: error: one iteration of this loop changes event slot MTE2_V#0 (sets 0, waits 1); the loop is unbalanced [FL-11]
// CHECK-NEXT: k.py:5:5: note: set here

// -----

// TQ-1, TQ-9: an enque on one branch only, then a deque.
// Python source:
//   t = q.alloc_tensor(asc.float32)
//   if n > 0:
//       q.enque(t)
//   d = q.deque(asc.float32)
//   q.free_tensor(d)
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe loc("k.py":5:12)
  %q = ascendc.declare : !ascendc.tque<vecin, 1> loc("k.py":6:9)
  %c1_ui8 = ascendc.constant 1 : ui8 loc("k.py":7:5)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":7:5)
  ascendc.init_buffer %pipe, %q num %c1_ui8 len %c1024_ui32 : !ascendc.pipe, !ascendc.tque<vecin, 1>, ui8, ui32 loc("k.py":7:5)
  %t = ascendc.alloc_tensor %q : !ascendc.tque<vecin, 1> -> !ascendc.local_tensor<f32> loc("k.py":8:9)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":9:8)
  %0 = arith.cmpi sgt, %n, %c0_i32 : i32 loc("k.py":9:8)
  scf.if %0 {
    ascendc.enque %q, %t : !ascendc.tque<vecin, 1>, !ascendc.local_tensor<f32> loc("k.py":10:9)
  } loc("k.py":9:8)
  %d = ascendc.deque %q : !ascendc.tque<vecin, 1> -> !ascendc.local_tensor<f32> loc("k.py":11:9)
  ascendc.free_tensor %q, %d : !ascendc.tque<vecin, 1>, !ascendc.local_tensor<f32> loc("k.py":12:5)
  func.return loc("k.py":12:5)
}
// CHECK:      k.py:9:8: error: queue `q` holds 1 tensor(s) after the `then` branch and 0 after the `else` branch [TQ-9]
// CHECK-NEXT: k.py:11:9: note: consequence: `q.deque()` has no matching `q.enque()`: queue `q` may be empty here [TQ-1]

// -----

// TQ-2, TQ-3: more tensors than the depth and the buffers allow.
// Python source:
//   a = q.alloc_tensor(asc.float32)
//   b = q.alloc_tensor(asc.float32)
//   q.enque(a)
//   q.enque(b)
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe loc("k.py":5:12)
  %q = ascendc.declare : !ascendc.tque<vecin, 1> loc("k.py":6:9)
  %c1_ui8 = ascendc.constant 1 : ui8 loc("k.py":7:5)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":7:5)
  ascendc.init_buffer %pipe, %q num %c1_ui8 len %c1024_ui32 : !ascendc.pipe, !ascendc.tque<vecin, 1>, ui8, ui32 loc("k.py":7:5)
  %a = ascendc.alloc_tensor %q : !ascendc.tque<vecin, 1> -> !ascendc.local_tensor<f32> loc("k.py":8:9)
  %b = ascendc.alloc_tensor %q : !ascendc.tque<vecin, 1> -> !ascendc.local_tensor<f32> loc("k.py":9:9)
  ascendc.enque %q, %a : !ascendc.tque<vecin, 1>, !ascendc.local_tensor<f32> loc("k.py":10:5)
  ascendc.enque %q, %b : !ascendc.tque<vecin, 1>, !ascendc.local_tensor<f32> loc("k.py":11:5)
  func.return loc("k.py":11:5)
}
// CHECK:      k.py:8:9: warning: `a` allocated by `q.alloc_tensor()` is never freed [TQ-10]
// CHECK-NEXT: k.py:9:9: error: `q.alloc_tensor()` would hold 2 tensors of `q` allocated and not freed, but `pipe.init_buffer(q, 1, …)` gives the queue 1 buffer [TQ-3]
// CHECK-NEXT: k.py:7:5: note: buffers provided here
// CHECK-NEXT: k.py:9:9: warning: `b` allocated by `q.alloc_tensor()` is never freed [TQ-10]
// CHECK-NEXT: k.py:10:5: warning: `q.enque(a)` is never dequeued [TQ-11]
// CHECK-NEXT: k.py:11:5: error: `q.enque()` would hold 2 tensors in queue `q`, declared with depth 1 [TQ-2]
// CHECK-NEXT: k.py:6:9: note: declared here
// CHECK-NEXT: k.py:11:5: warning: `q.enque(b)` is never dequeued [TQ-11]

// -----

// TQ-4, TQ-5: freeing a tensor the queue does not own, an enqueued one, one twice.
// Python source:
//   q.free_tensor(xl)
//   t = q.alloc_tensor(asc.float32)
//   q.enque(t)
//   q.free_tensor(t)
//   q.free_tensor(t)
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe loc("k.py":5:12)
  %q = ascendc.declare : !ascendc.tque<vecin, 1> loc("k.py":6:9)
  %c1_ui8 = ascendc.constant 1 : ui8 loc("k.py":7:5)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":7:5)
  ascendc.init_buffer %pipe, %q num %c1_ui8 len %c1024_ui32 : !ascendc.pipe, !ascendc.tque<vecin, 1>, ui8, ui32 loc("k.py":7:5)
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":10:5)
  ascendc.global_tensor.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":10:5)
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":12:5)
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":12:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":13:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":13:10)
  %xl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":13:10)
  %zl = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":14:10)
  ascendc.free_tensor %q, %xl : !ascendc.tque<vecin, 1>, !ascendc.local_tensor<f32> loc("k.py":15:5)
  %t = ascendc.alloc_tensor %q : !ascendc.tque<vecin, 1> -> !ascendc.local_tensor<f32> loc("k.py":16:9)
  ascendc.enque %q, %t : !ascendc.tque<vecin, 1>, !ascendc.local_tensor<f32> loc("k.py":17:5)
  ascendc.free_tensor %q, %t : !ascendc.tque<vecin, 1>, !ascendc.local_tensor<f32> loc("k.py":18:5)
  ascendc.free_tensor %q, %t : !ascendc.tque<vecin, 1>, !ascendc.local_tensor<f32> loc("k.py":19:5)
  func.return loc("k.py":19:5)
}
// CHECK:      k.py:15:5: error: `q.free_tensor(xl)`: `xl` was not allocated from `q` [TQ-4]
// CHECK-NEXT: k.py:18:5: error: `q.free_tensor(t)` frees a tensor that is still enqueued [TQ-5]
// CHECK-NEXT: k.py:17:5: note: enqueued here
// CHECK-NEXT: k.py:19:5: error: `q.free_tensor(t)`: `t` is already freed [TQ-4]
// CHECK-NEXT: k.py:18:5: note: freed here

// -----

// TQ-6, TQ-7, TQ-12: use after free, use while enqueued, a VECIN tensor copied out.
// Python source:
//   t = q.alloc_tensor(asc.float32)
//   asc.data_copy(t, x_gm, 256)
//   q.enque(t)
//   asc.abs(zl, t, 256)
//   d = q.deque(asc.float32)
//   q.free_tensor(d)
//   asc.data_copy(z_gm, d, 256)
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe loc("k.py":5:12)
  %q = ascendc.declare : !ascendc.tque<vecin, 1> loc("k.py":6:9)
  %c1_ui8 = ascendc.constant 1 : ui8 loc("k.py":7:5)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":7:5)
  ascendc.init_buffer %pipe, %q num %c1_ui8 len %c1024_ui32 : !ascendc.pipe, !ascendc.tque<vecin, 1>, ui8, ui32 loc("k.py":7:5)
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":10:5)
  ascendc.global_tensor.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":10:5)
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":12:5)
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":12:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":13:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":13:10)
  %xl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":13:10)
  %zl = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":14:10)
  %t = ascendc.alloc_tensor %q : !ascendc.tque<vecin, 1> -> !ascendc.local_tensor<f32> loc("k.py":15:9)
  %c256_i32 = arith.constant 256 : i32 loc("k.py":16:5)
  ascendc.data_copy %t, %x_gm, %c256_i32 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":16:5)
  ascendc.enque %q, %t : !ascendc.tque<vecin, 1>, !ascendc.local_tensor<f32> loc("k.py":17:5)
  ascendc.vec.unary abs %zl, %t count %c256_i32 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32) loc("k.py":18:5)
  %d = ascendc.deque %q : !ascendc.tque<vecin, 1> -> !ascendc.local_tensor<f32> loc("k.py":19:9)
  ascendc.free_tensor %q, %d : !ascendc.tque<vecin, 1>, !ascendc.local_tensor<f32> loc("k.py":20:5)
  ascendc.data_copy %z_gm, %d, %c256_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32 loc("k.py":21:5)
  func.return loc("k.py":21:5)
}
// CHECK:      k.py:18:5: error: `asc.abs` uses `t` after `q.enque(t)` and before `q.deque()` [TQ-7]
// CHECK-NEXT: k.py:17:5: note: enqueued here
// CHECK-NEXT: k.py:21:5: error: `asc.data_copy` (MTE3) reads `d` written by `asc.data_copy` (MTE2) without synchronization; needs MTE2 → MTE3 ordering [HZ-1]
// CHECK-NEXT: k.py:16:5: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.MTE2_MTE3, id)
// CHECK-NEXT: k.py:21:5: error: `asc.data_copy` uses `d` after `q.free_tensor(d)` [TQ-6]
// CHECK-NEXT: k.py:20:5: note: freed here
// CHECK-NEXT: k.py:21:5: warning: tensor from VECIN queue `q` is read by MTE3 (asc.data_copy); VECIN queues order MTE2 → V only [TQ-12]

// -----

// TQ-8, TQ-10: a loop that allocates and never frees (the tensor never freed is the leak's consequence).
// Python source:
//   for i in range(n):
//       t = q.alloc_tensor(asc.float32)
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe loc("k.py":5:12)
  %q = ascendc.declare : !ascendc.tque<vecin, 1> loc("k.py":6:9)
  %c1_ui8 = ascendc.constant 1 : ui8 loc("k.py":7:5)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":7:5)
  ascendc.init_buffer %pipe, %q num %c1_ui8 len %c1024_ui32 : !ascendc.pipe, !ascendc.tque<vecin, 1>, ui8, ui32 loc("k.py":7:5)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":8:14)
  %c1_i32 = arith.constant 1 : i32 loc("k.py":8:14)
  scf.for %i = %c0_i32 to %n step %c1_i32 : i32 {
    %t = ascendc.alloc_tensor %q : !ascendc.tque<vecin, 1> -> !ascendc.local_tensor<f32> loc("k.py":9:13)
  } loc("k.py":8:14)
  func.return loc("k.py":8:5)
}
// CHECK:      k.py:8:14: error: this loop allocates from `q` 1 more time(s) than it frees per iteration; the queue runs out of buffers after 1 iterations [TQ-8]
// CHECK-NEXT: k.py:9:13: note: consequence: `t` allocated by `q.alloc_tensor()` is never freed [TQ-10]

// -----

// TQ-8, TQ-11: a loop that enqueues and never dequeues; TQ-13: enqueuing a tensor of another queue.
// Python source:
//   t = q.alloc_tensor(asc.float32)
//   for i in range(n):
//       q.enque(t)
//   q.enque(xl)
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe loc("k.py":5:12)
  %q = ascendc.declare : !ascendc.tque<vecin, 1> loc("k.py":6:9)
  %c1_ui8 = ascendc.constant 1 : ui8 loc("k.py":7:5)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":7:5)
  ascendc.init_buffer %pipe, %q num %c1_ui8 len %c1024_ui32 : !ascendc.pipe, !ascendc.tque<vecin, 1>, ui8, ui32 loc("k.py":7:5)
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":10:5)
  ascendc.global_tensor.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":10:5)
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":12:5)
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":12:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":13:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":13:10)
  %xl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":13:10)
  %zl = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":14:10)
  %t = ascendc.alloc_tensor %q : !ascendc.tque<vecin, 1> -> !ascendc.local_tensor<f32> loc("k.py":15:9)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":16:14)
  %c1_i32 = arith.constant 1 : i32 loc("k.py":16:14)
  scf.for %i = %c0_i32 to %n step %c1_i32 : i32 {
    ascendc.enque %q, %t : !ascendc.tque<vecin, 1>, !ascendc.local_tensor<f32> loc("k.py":17:9)
  } loc("k.py":16:14)
  ascendc.enque %q, %xl : !ascendc.tque<vecin, 1>, !ascendc.local_tensor<f32> loc("k.py":18:5)
  func.return loc("k.py":18:5)
}
// CHECK:      k.py:15:9: warning: `t` allocated by `q.alloc_tensor()` is never freed [TQ-10]
// CHECK-NEXT: k.py:16:14: error: this loop enqueues into `q` 1 more time(s) than it dequeues per iteration; the queue overflows after 1 iterations [TQ-8]
// CHECK-NEXT: k.py:17:9: warning: `q.enque(t)` is never dequeued [TQ-11]
// CHECK-NEXT: k.py:18:5: error: `q.enque(xl)`: `xl` was not allocated from `q` [TQ-13]
// CHECK-NEXT: k.py:13:10: note: created here

// -----

// TQ-14: a queue at a cube position; TQ-15: a queue initialised twice.
// Python source:
//   pipe.init_buffer(q, 1, 1024)
//   t = a1.alloc_tensor(asc.float16)
//   a1.free_tensor(t)
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe loc("k.py":5:12)
  %q = ascendc.declare : !ascendc.tque<vecin, 1> loc("k.py":6:9)
  %c1_ui8 = ascendc.constant 1 : ui8 loc("k.py":7:5)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":7:5)
  ascendc.init_buffer %pipe, %q num %c1_ui8 len %c1024_ui32 : !ascendc.pipe, !ascendc.tque<vecin, 1>, ui8, ui32 loc("k.py":7:5)
  %a1 = ascendc.declare : !ascendc.tque<a1, 1> loc("k.py":9:10)
  ascendc.init_buffer %pipe, %a1 num %c1_ui8 len %c1024_ui32 : !ascendc.pipe, !ascendc.tque<a1, 1>, ui8, ui32 loc("k.py":10:5)
  ascendc.init_buffer %pipe, %q num %c1_ui8 len %c1024_ui32 : !ascendc.pipe, !ascendc.tque<vecin, 1>, ui8, ui32 loc("k.py":11:5)
  %t = ascendc.alloc_tensor %a1 : !ascendc.tque<a1, 1> -> !ascendc.local_tensor<f16> loc("k.py":12:9)
  ascendc.free_tensor %a1, %t : !ascendc.tque<a1, 1>, !ascendc.local_tensor<f16> loc("k.py":13:5)
  func.return loc("k.py":13:5)
}
// CHECK:      k.py:9:10: warning: queue position A1 is not modelled by ascx sync analysis; its implied events are ignored [TQ-14]
// CHECK-NEXT: k.py:11:5: error: queue `q` is initialised twice [TQ-15]
// CHECK-NEXT: k.py:7:5: note: initialised here

// -----

// HZ-1 .. HZ-4 and the loop-carried HZ-2.
// Python source:
//   for i in range(n):
//       asc.data_copy(xl, x_gm[i * 256:], 256)
//       asc.abs(zl, xl, 256)
//       asc.muls(tl, zl, 2.0, 256)
//       asc.data_copy(z_gm[i * 256:], tl, 256)
//   zl.set_value(0, 1.0)
//   asc.data_copy(zl, x_gm, 256)
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":6:5)
  ascendc.global_tensor.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":6:5)
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":8:5)
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":8:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":9:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":9:10)
  %xl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":9:10)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":10:10)
  %zl = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":10:10)
  %c2048_ui32 = ascendc.constant 2048 : ui32 loc("k.py":11:10)
  %tl = ascendc.local_tensor veccalc, %c2048_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":11:10)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":12:14)
  %c1_i32 = arith.constant 1 : i32 loc("k.py":12:14)
  scf.for %i = %c0_i32 to %n step %c1_i32 : i32 {
    %c256_i32 = arith.constant 256 : i32 loc("k.py":13:32)
    %0 = arith.muli %i, %c256_i32 : i32 loc("k.py":13:32)
    %1 = ascendc.sub_tensor %x_gm[%0 : i32] : !ascendc.global_tensor<f32> loc("k.py":13:27)
    ascendc.data_copy %xl, %1, %c256_i32 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":13:9)
    ascendc.vec.unary abs %zl, %xl count %c256_i32 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32) loc("k.py":14:9)
    %cst = arith.constant 2.000000e+00 : f32 loc("k.py":15:9)
    ascendc.vec.binary_scalar muls %tl, %zl, %cst count %c256_i32 set_mask : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32, i32) loc("k.py":15:9)
    %2 = arith.muli %i, %c256_i32 : i32 loc("k.py":16:28)
    %3 = ascendc.sub_tensor %z_gm[%2 : i32] : !ascendc.global_tensor<f32> loc("k.py":16:23)
    ascendc.data_copy %3, %tl, %c256_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32 loc("k.py":16:9)
  } loc("k.py":12:14)
  %cst_1 = arith.constant 1.000000e+00 : f32 loc("k.py":17:5)
  ascendc.set_value %zl[%c0_ui32 : ui32], %cst_1 : !ascendc.local_tensor<f32>, f32 loc("k.py":17:5)
  %c256_i32_1 = arith.constant 256 : i32 loc("k.py":18:5)
  ascendc.data_copy %zl, %x_gm, %c256_i32_1 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":18:5)
  func.return loc("k.py":18:5)
}
// CHECK:      k.py:13:9: error: `asc.data_copy` (MTE2) overwrites `xl` still being read by `asc.abs` (V); needs V → MTE2 ordering [HZ-2]
// CHECK-NEXT: k.py:14:9: note: read here in the previous loop iteration
// CHECK-NEXT: k.py:14:9: error: `asc.abs` (V) reads `xl` written by `asc.data_copy` (MTE2) without synchronization; needs MTE2 → V ordering [HZ-1]
// CHECK-NEXT: k.py:13:9: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.MTE2_V, id)
// CHECK-NEXT: k.py:15:9: error: `asc.muls` (V) overwrites `tl` still being read by `asc.data_copy` (MTE3); needs MTE3 → V ordering [HZ-2]
// CHECK-NEXT: k.py:16:9: note: read here in the previous loop iteration
// CHECK-NEXT: k.py:15:9: error: `asc.muls` reads `zl` written by `asc.abs` on the same pipe V without `asc.pipe_barrier(PipeID.PIPE_V)` [HZ-4]
// CHECK-NEXT: k.py:14:9: note: written here
// CHECK-NEXT: k.py:16:9: error: `asc.data_copy` (MTE3) reads `tl` written by `asc.muls` (V) without synchronization; needs V → MTE3 ordering [HZ-1]
// CHECK-NEXT: k.py:15:9: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.V_MTE3, id)
// CHECK-NEXT: k.py:17:5: error: `zl.set_value` (S) overwrites `zl` still being read by `asc.muls` (V); needs V → S ordering [HZ-2]
// CHECK-NEXT: k.py:15:9: note: read here
// CHECK-NEXT: k.py:17:5: error: `zl.set_value` (S) and `asc.abs` (V) both write `zl` without ordering [HZ-3]
// CHECK-NEXT: k.py:14:9: note: written here
// CHECK-NEXT: k.py:18:5: error: `asc.data_copy` (MTE2) and `zl.set_value` (S) both write `zl` without ordering [HZ-3]
// CHECK-NEXT: k.py:17:5: note: written here

// -----

// HZ-5: two views of one buffer at offsets that cannot be compared; HZ-7: GM through the scalar cache after DMA.
// Python source:
//   asc.data_copy(xl[n:], x_gm, 64)
//   asc.abs(zl, xl[n * 2:], 64)
//   asc.data_copy(z_gm, zl, 256)
//   asc.pipe_barrier(asc.PipeID.PIPE_ALL)
//   v = z_gm.get_value(0)
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":6:5)
  ascendc.global_tensor.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":6:5)
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":8:5)
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":8:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":9:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":9:10)
  %xl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":9:10)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":10:10)
  %zl = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":10:10)
  %0 = ascendc.sub_tensor %xl[%n : i32] : !ascendc.local_tensor<f32> loc("k.py":11:19)
  %c64_i32 = arith.constant 64 : i32 loc("k.py":11:5)
  ascendc.data_copy %0, %x_gm, %c64_i32 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":11:5)
  %c2_i32 = arith.constant 2 : i32 loc("k.py":12:20)
  %1 = arith.muli %n, %c2_i32 : i32 loc("k.py":12:20)
  %2 = ascendc.sub_tensor %xl[%1 : i32] : !ascendc.local_tensor<f32> loc("k.py":12:17)
  ascendc.vec.unary abs %zl, %2 count %c64_i32 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32) loc("k.py":12:5)
  %c256_i32 = arith.constant 256 : i32 loc("k.py":13:5)
  ascendc.data_copy %z_gm, %zl, %c256_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32 loc("k.py":13:5)
  ascendc.pipe_barrier pipe_all loc("k.py":14:5)
  %c0_ui64 = ascendc.constant 0 : ui64 loc("k.py":15:9)
  %v = ascendc.get_value %z_gm[%c0_ui64 : ui64] : !ascendc.global_tensor<f32> -> f32 loc("k.py":15:9)
  func.return loc("k.py":15:5)
}
// CHECK:      k.py:12:5: warning: possible hazard: `asc.abs` (V) reads `xl` written by `asc.data_copy` (MTE2) without synchronization; needs MTE2 → V ordering [HZ-5]
// CHECK-NEXT: k.py:11:5: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.MTE2_V, id)
// CHECK-NEXT: note: xl and xl may overlap: their offsets cannot be compared
// CHECK-NEXT: k.py:13:5: error: `asc.data_copy` (MTE3) reads `zl` written by `asc.abs` (V) without synchronization; needs V → MTE3 ordering [HZ-1]
// CHECK-NEXT: k.py:12:5: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.V_MTE3, id)
// CHECK-NEXT: k.py:15:9: error: `z_gm.get_value` accesses `z_gm` through the scalar data cache after `asc.data_copy` accessed it by DMA; cache maintenance is required [HZ-7]
// CHECK-NEXT: k.py:13:5: note: accessed here

// -----

// AT-1, AT-2: atomic modes.
// Python source:
//   asc.set_atomic_add(asc.float32)
//   asc.set_atomic_max(asc.float32)
//   asc.data_copy(z_gm, zl, 256)
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":6:5)
  ascendc.global_tensor.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":6:5)
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":8:5)
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":8:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":9:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":9:10)
  %xl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":9:10)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":10:10)
  %zl = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":10:10)
  ascendc.set_atomic add : f32 loc("k.py":11:5)
  ascendc.set_atomic max : f32 loc("k.py":12:5)
  %c256_i32 = arith.constant 256 : i32 loc("k.py":13:5)
  ascendc.data_copy %z_gm, %zl, %c256_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32 loc("k.py":13:5)
  func.return loc("k.py":13:5)
}
// CHECK:      k.py:12:5: warning: atomic mode set by `asc.set_atomic_max` is not reset with `asc.set_atomic_none()` before the kernel returns [AT-1]
// CHECK-NEXT: k.py:12:5: warning: `asc.set_atomic_max` changes atomic mode while `asc.set_atomic_add` is still active [AT-2]
// CHECK-NEXT: k.py:11:5: note: set here

// -----

// XC-7: GM written at one block-dependent offset and read at another, no sync_all.
// Python source:
//   b = asc.get_block_idx()
//   asc.data_copy(z_gm[b * 256:], zl, 256)
//   asc.pipe_barrier(asc.PipeID.PIPE_ALL)
//   asc.data_copy(xl, z_gm[(b + 1) * 256:], 256)
//   asc.pipe_barrier(asc.PipeID.PIPE_ALL)
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":6:5)
  ascendc.global_tensor.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":6:5)
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":8:5)
  ascendc.global_tensor.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":8:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":9:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":9:10)
  %xl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":9:10)
  %c1024_ui32 = ascendc.constant 1024 : ui32 loc("k.py":10:10)
  %zl = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":10:10)
  %b = ascendc.sys_var block_idx : i32 loc("k.py":11:9)
  %c256_i32 = arith.constant 256 : i32 loc("k.py":12:24)
  %0 = arith.muli %b, %c256_i32 : i32 loc("k.py":12:24)
  %1 = ascendc.sub_tensor %z_gm[%0 : i32] : !ascendc.global_tensor<f32> loc("k.py":12:19)
  ascendc.data_copy %1, %zl, %c256_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32 loc("k.py":12:5)
  ascendc.pipe_barrier pipe_all loc("k.py":13:5)
  %c1_i32 = arith.constant 1 : i32 loc("k.py":14:26)
  %2 = arith.addi %b, %c1_i32 : i32 loc("k.py":14:26)
  %3 = arith.muli %2, %c256_i32 : i32 loc("k.py":14:26)
  %4 = ascendc.sub_tensor %z_gm[%3 : i32] : !ascendc.global_tensor<f32> loc("k.py":14:23)
  ascendc.data_copy %xl, %4, %c256_i32 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":14:5)
  ascendc.pipe_barrier pipe_all loc("k.py":15:5)
  func.return loc("k.py":15:5)
}
// CHECK:      k.py:12:5: warning: GM `z_gm` written here may be accessed by another block without inter-block synchronization [XC-7]
// CHECK-NEXT: k.py:14:5: note: accessed here at another block-dependent offset
// CHECK-NEXT: k.py:14:5: note: the blocks' parts are not proved disjoint: `asc.data_copy` ends at element 512 of its block's part, past the stride 256 of the block index

// -----

// XC-1 .. XC-4: cross-core and cross-block lints.
// Python source:
//   asc.cross_core_wait_flag(3, 1, asc.PipeID.PIPE_V)
//   asc.cross_core_set_flag(5, 2, asc.PipeID.PIPE_V)
//   asc.cross_core_wait_flag(5, 1, asc.PipeID.PIPE_V)
//   asc.cross_core_set_flag(12, 0, asc.PipeID.PIPE_V)
//   asc.cross_core_wait_flag(12, 0, asc.PipeID.PIPE_V)
//   if asc.get_block_idx() == 0:
//       asc.sync_all()
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %z: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %c3_i32 = arith.constant 3 : i32 loc("k.py":5:5)
  ascendc.cross_core_wait_flag %c3_i32 mode 1 pipe pipe_v : i32 loc("k.py":5:5)
  %c5_i32 = arith.constant 5 : i32 loc("k.py":6:5)
  ascendc.cross_core_set_flag %c5_i32 mode 2 pipe pipe_v : i32 loc("k.py":6:5)
  ascendc.cross_core_wait_flag %c5_i32 mode 1 pipe pipe_v : i32 loc("k.py":7:5)
  %c12_i32 = arith.constant 12 : i32 loc("k.py":8:5)
  ascendc.cross_core_set_flag %c12_i32 mode 0 pipe pipe_v : i32 loc("k.py":8:5)
  ascendc.cross_core_wait_flag %c12_i32 mode 0 pipe pipe_v : i32 loc("k.py":9:5)
  %block_idx = ascendc.sys_var block_idx : i32 loc("k.py":10:8)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":10:8)
  %0 = arith.cmpi eq, %block_idx, %c0_i32 : i32 loc("k.py":10:8)
  scf.if %0 {
    ascendc.sync_all aiv_only true loc("k.py":11:9)
  } loc("k.py":10:8)
  func.return loc("k.py":10:8)
}
// CHECK:      k.py:5:5: error: `asc.cross_core_wait_flag` on flag 3 (mode 1) has no partner `asc.cross_core_set_flag` [XC-1]
// CHECK-NEXT: k.py:6:5: note: nearest candidate here
// CHECK-NEXT: k.py:6:5: error: cross-core set and wait on flag 5 use different modes (2 vs 1) [XC-3]
// CHECK-NEXT: k.py:7:5: note: partner here
// CHECK-NEXT: k.py:7:5: error: cross-core set and wait on flag 5 use different modes (1 vs 2) [XC-3]
// CHECK-NEXT: k.py:6:5: note: partner here
// CHECK-NEXT: k.py:8:5: error: cross-core flag 12 is reserved by SyncAll (flags 11–14) [XC-2]
// CHECK-NEXT: k.py:9:5: error: cross-core flag 12 is reserved by SyncAll (flags 11–14) [XC-2]
// CHECK-NEXT: k.py:11:9: error: `asc.sync_all()` is not reached by every block: it is guarded by a condition on the block index [XC-4]
// CHECK-NEXT: k.py:10:8: note: condition here

