// RUN: env PYTHONUNBUFFERED=1 ascx-opt %s -p ascx-verify-pipe-sync --verify-diagnostics --split-input-file 2>&1 | filecheck %s

// Ping-pong event ids (docs/rules/flags.md#event-ids): an id that alternates with the loop's iterations
// (`i & 1`, `i % 2`, `0 if (i & 1) == 0 else 1`) is the slot it is in each iteration, so the sets before
// the loop and the waits after it pair with the loop's flags.

// The idiom: prime both slots, wait / set inside, drain both.  Nothing to report.
// Python source:
//   asc.set_flag(asc.HardEvent.V_MTE2, 0)
//   asc.set_flag(asc.HardEvent.V_MTE2, 1)
//   for i in range(n):
//       ev = 0 if (i & 1) == 0 else 1
//       asc.wait_flag(asc.HardEvent.V_MTE2, ev)
//       asc.set_flag(asc.HardEvent.V_MTE2, ev)
//   asc.wait_flag(asc.HardEvent.V_MTE2, 0)
//   asc.wait_flag(asc.HardEvent.V_MTE2, 1)
func.func @k(%n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %c0 = arith.constant 0 : i32 loc("k.py":3:5)
  %c1 = arith.constant 1 : i32 loc("k.py":3:5)
  ascendc.set_flag v_mte2, %c0 : i32 loc("k.py":3:5)
  ascendc.set_flag v_mte2, %c1 : i32 loc("k.py":4:5)
  scf.for %i = %c0 to %n step %c1 : i32 {
    %p = arith.andi %i, %c1 : i32 loc("k.py":6:14)
    %even = arith.cmpi eq, %p, %c0 : i32 loc("k.py":6:14)
    %ev = scf.if %even -> (i32) {
      scf.yield %c0 : i32
    } else {
      scf.yield %c1 : i32
    } loc("k.py":6:14)
    ascendc.wait_flag v_mte2, %ev : i32 loc("k.py":7:9)
    ascendc.set_flag v_mte2, %ev : i32 loc("k.py":8:9)
  } loc("k.py":5:14)
  ascendc.wait_flag v_mte2, %c0 : i32 loc("k.py":9:5)
  ascendc.wait_flag v_mte2, %c1 : i32 loc("k.py":10:5)
  func.return loc("k.py":10:5)
}
// CHECK-NOT: error
// CHECK-NOT: warning
// CHECK: func.func @k

// -----

// The loop's wait is missing: each phase's set finds its primed slot still set.
// Python source:
//   asc.set_flag(asc.HardEvent.V_MTE2, 0)
//   asc.set_flag(asc.HardEvent.V_MTE2, 1)
//   for i in range(n):
//       ev = i % 2
//       asc.set_flag(asc.HardEvent.V_MTE2, ev)
//   asc.wait_flag(asc.HardEvent.V_MTE2, 0)
//   asc.wait_flag(asc.HardEvent.V_MTE2, 1)
func.func @k(%n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %c0 = arith.constant 0 : i32 loc("k.py":3:5)
  %c1 = arith.constant 1 : i32 loc("k.py":3:5)
  %c2 = arith.constant 2 : i32 loc("k.py":3:5)
  ascendc.set_flag v_mte2, %c0 : i32 loc("k.py":3:5)
  ascendc.set_flag v_mte2, %c1 : i32 loc("k.py":4:5)
  scf.for %i = %c0 to %n step %c1 : i32 {
    %ev = arith.remsi %i, %c2 : i32 loc("k.py":6:14)
    ascendc.set_flag v_mte2, %ev : i32 loc("k.py":7:9)
  } loc("k.py":5:14)
  ascendc.wait_flag v_mte2, %c0 : i32 loc("k.py":8:5)
  ascendc.wait_flag v_mte2, %c1 : i32 loc("k.py":9:5)
  func.return loc("k.py":9:5)
}
// CHECK:      k.py:7:9: error: `asc.set_flag(HardEvent.V_MTE2, ev)` with ev = 0 (in the loop's 1st, 3rd, … iterations) sets event slot V_MTE2#0 while the set here is still pending [FL-3]
// CHECK-NEXT: k.py:3:5: note: set here
// CHECK-NEXT: k.py:7:9: error: `asc.set_flag(HardEvent.V_MTE2, ev)` with ev = 1 (in the loop's 2nd, 4th, … iterations) sets event slot V_MTE2#1 while the set here is still pending [FL-3]
// CHECK-NEXT: k.py:4:5: note: set here
