// RUN: ascx-opt %s -p ascx-matmul-register --verify-diagnostics --split-input-file | filecheck %s

// The kernel-wide registration rules (docs/matmul-protocol.md#registration), each at the offending op.

func.func @k(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> loc("k.py":3:10)
  func.return
}
// CHECK: k.py:3:10: error: Matmul mm is never registered with register_matmul

// -----

func.func @k(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.matmul.end %mm loc("k.py":4:5)
  ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
  func.return
}
// CHECK: k.py:4:5: error: Matmul mm is used before register_matmul

// -----

func.func @k(%w: !ascendc.gm_addr<ui8>, %v: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %t = ascendc.cube_tiling
  %mm0 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm0) tilings(%t) : !ascendc.gm_addr<ui8>
  %mm1 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %v objects(%mm1) tilings(%t) : !ascendc.gm_addr<ui8> loc("k.py":5:5)
  func.return
}
// CHECK: k.py:5:5: error: register_matmul: all Matmul objects of a kernel must use the same pipe and workspace

// -----

func.func @k(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %t = ascendc.cube_tiling
  %mm0 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm0) tilings(%t) : !ascendc.gm_addr<ui8>
  %mm1 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm1) : !ascendc.gm_addr<ui8> loc("k.py":6:5)
  func.return
}
// CHECK: k.py:6:5: error: register_matmul: a tiling is required for every Matmul when more than one Matmul is registered

// -----

func.func @k(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %t = ascendc.cube_tiling
  %m0 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  %m1 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  %m2 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  %m3 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  %m4 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%m0, %m1, %m2) tilings(%t, %t, %t) : !ascendc.gm_addr<ui8>
  ascendc.register_matmul %pipe, %w objects(%m3, %m4) tilings(%t, %t) : !ascendc.gm_addr<ui8> loc("k.py":7:5)
  func.return
}
// CHECK: k.py:7:5: error: At most 4 Matmul objects can be registered in one kernel

// -----

// In a branch (the rest of a kernel after an early return) the registration is allowed, but every use of
// the object is inside its block: the macro's AIV client lives in that scope.
func.func @k(%w: !ascendc.gm_addr<ui8>, %c: i1) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  scf.if %c {
    ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8> loc("k.py":8:9)
  }
  ascendc.matmul.end %mm loc("k.py":9:5)
  func.return
}
// CHECK: k.py:9:5: error: Matmul mm is used outside the block of its register_matmul (k.py:8)

// -----

// Not in a loop: the AIC serves the objects where the registration stands and returns from the kernel.
func.func @k(%w: !ascendc.gm_addr<ui8>, %n: i32) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8> loc("k.py":8:9)
  }
  func.return
}
// CHECK: k.py:8:9: error: register_matmul must not be called inside a loop

// -----

func.func @k(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %t = ascendc.cube_tiling
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm) tilings(%t) : !ascendc.gm_addr<ui8>
  ascendc.register_matmul %pipe, %w objects(%mm) tilings(%t) : !ascendc.gm_addr<ui8> loc("k.py":9:5)
  func.return
}
// CHECK: k.py:9:5: error: Matmul mm is registered more than once

// -----

// The registration cannot move above init_buffer when the tiling it passes is filled in after it.
func.func @k(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %q = ascendc.declare : !ascendc.tque<vecout, 1>
  %t = ascendc.cube_tiling
  %c1 = arith.constant 1 : i32
  ascendc.init_buffer %pipe, %q num %c1 len %c1 : !ascendc.pipe, !ascendc.tque<vecout, 1>, i32, i32 loc("k.py":5:5)
  ascendc.cube_tiling.set %t "M", %c1 loc("k.py":6:5)
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm) tilings(%t) : !ascendc.gm_addr<ui8> loc("k.py":8:5)
  func.return
}
// CHECK: k.py:8:5: error: register_matmul must come before the first init_buffer on its pipe (k.py:5), but t is changed after it

// -----

// All objects are registered together before the first Matmul call (their constructions move up
// with the registration), so a tiling built after another object's first call cannot be passed.
func.func @k(%w: !ascendc.gm_addr<ui8>, %t: !ascendc.cube_tiling) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm0 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm0) tilings(%t) : !ascendc.gm_addr<ui8>
  ascendc.matmul.end %mm0 loc("k.py":5:5)
  %mm1 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  %t1 = ascendc.cube_tiling
  ascendc.register_matmul %pipe, %w objects(%mm1) tilings(%t1) : !ascendc.gm_addr<ui8> loc("k.py":8:5)
  func.return
}
// CHECK: k.py:8:5: error: register_matmul must come before the first call on a registered Matmul (k.py:5), but t1 is defined after it

// -----

// A registration in an arm and one after the branch: the run that takes the arm reaches both, so they are
// one REGIST_MATMUL_OBJ and must agree (copies in the two arms need not).
func.func @k(%w: !ascendc.gm_addr<ui8>, %v: !ascendc.gm_addr<ui8>, %c: i1) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %t = ascendc.cube_tiling
  scf.if %c {
    %mm0 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
    ascendc.register_matmul %pipe, %w objects(%mm0) tilings(%t) : !ascendc.gm_addr<ui8>
  } else {
    %mm2 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
    ascendc.register_matmul %pipe, %w objects(%mm2) tilings(%t) : !ascendc.gm_addr<ui8>
  }
  %mm1 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %v objects(%mm1) tilings(%t) : !ascendc.gm_addr<ui8> loc("k.py":11:5)
  func.return
}
// CHECK: k.py:11:5: error: register_matmul: all Matmul objects of a kernel must use the same pipe and workspace
