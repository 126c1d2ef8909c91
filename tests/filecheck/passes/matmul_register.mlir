// RUN: ascx-opt %s -p ascx-matmul-register | filecheck %s

// Several register_matmul calls become one REGIST_MATMUL_OBJ, where the last one was, with the
// tilings in registration order; a single registration is left as it is.  A registration after
// the first init_buffer on its pipe (pyasc's tutorial 05) is hoisted above it, with the Matmul
// construction it lists (Ascend C: before InitBuffer in separated mode).

func.func @two(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %t0 = ascendc.cube_tiling
  %mm0 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm0) tilings(%t0) : !ascendc.gm_addr<ui8>
  %t1 = ascendc.cube_tiling
  %mm1 = ascendc.matmul.create a <gm, nd, f32> b <gm, nd, f32> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm1) tilings(%t1) : !ascendc.gm_addr<ui8>
  ascendc.matmul.end %mm0
  ascendc.matmul.end %mm1
  func.return
}

// CHECK-LABEL: func.func @two
// CHECK:         %t1 = ascendc.cube_tiling
// CHECK-NEXT:    %mm1 = ascendc.matmul.create
// CHECK-NEXT:    ascendc.register_matmul %pipe, %w objects(%mm0, %mm1) tilings(%t0, %t1) : !ascendc.gm_addr<ui8>
// CHECK-NEXT:    ascendc.matmul.end %mm0
// CHECK-NEXT:    ascendc.matmul.end %mm1
// CHECK-NOT:     ascendc.register_matmul

func.func @one(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
  ascendc.matmul.end %mm
  func.return
}

// CHECK-LABEL: func.func @one
// CHECK:         ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
// CHECK-NEXT:    ascendc.matmul.end %mm

func.func @after_init_buffer(%w: !ascendc.gm_addr<ui8>, %t: !ascendc.cube_tiling) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %q = ascendc.declare : !ascendc.tque<vecout, 1>
  %c1 = arith.constant 1 : i32
  %n = arith.constant 1024 : i32
  ascendc.init_buffer %pipe, %q num %c1 len %n : !ascendc.pipe, !ascendc.tque<vecout, 1>, i32, i32
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm) tilings(%t) : !ascendc.gm_addr<ui8>
  ascendc.matmul.end %mm
  func.return
}

// CHECK-LABEL: func.func @after_init_buffer
// CHECK:         %n = arith.constant 1024 : i32
// CHECK-NEXT:    %mm = ascendc.matmul.create
// CHECK-NEXT:    ascendc.register_matmul %pipe, %w objects(%mm) tilings(%t) : !ascendc.gm_addr<ui8>
// CHECK-NEXT:    ascendc.init_buffer %pipe, %q num %c1 len %n
// CHECK-NEXT:    ascendc.matmul.end %mm

func.func @second_object_after_first_use(%w: !ascendc.gm_addr<ui8>, %t0: !ascendc.cube_tiling, %t1: !ascendc.cube_tiling) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm0 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm0) tilings(%t0) : !ascendc.gm_addr<ui8>
  ascendc.matmul.end %mm0
  %mm1 = ascendc.matmul.create a <gm, nd, f32> b <gm, nd, f32> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm1) tilings(%t1) : !ascendc.gm_addr<ui8>
  ascendc.matmul.end %mm1
  func.return
}

// A second object registered after the first one's first call: the merged registration goes before
// that call, and the second object's construction moves up with it.
// CHECK-LABEL: func.func @second_object_after_first_use
// CHECK:         %mm0 = ascendc.matmul.create
// CHECK-NEXT:    %mm1 = ascendc.matmul.create
// CHECK-NEXT:    ascendc.register_matmul %pipe, %w objects(%mm0, %mm1) tilings(%t0, %t1) : !ascendc.gm_addr<ui8>
// CHECK-NEXT:    ascendc.matmul.end %mm0
// CHECK-NEXT:    ascendc.matmul.end %mm1

// The system workspace (GetSysWorkspacePtr()) moves up with the registration, like the Matmul declaration
// (issue 24: it was an error, while a kernel-argument workspace was moved).
func.func @sys_workspace(%a: !ascendc.gm_addr<f16>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %t = ascendc.cube_tiling
  %q = ascendc.declare : !ascendc.tque<vecin, 1>
  %c1_ui8 = ascendc.constant 1 : ui8
  %c1024_ui32 = ascendc.constant 1024 : ui32
  ascendc.init_buffer %pipe, %q num %c1_ui8 len %c1024_ui32 : !ascendc.pipe, !ascendc.tque<vecin, 1>, ui8, ui32
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  %ws = ascendc.get_sys_workspace : !ascendc.gm_addr<ui8>
  ascendc.register_matmul %pipe, %ws objects(%mm) tilings(%t) : !ascendc.gm_addr<ui8>
  ascendc.matmul.end %mm
  func.return
}

// CHECK-LABEL: func.func @sys_workspace
// CHECK:         %ws = ascendc.get_sys_workspace : !ascendc.gm_addr<ui8>
// CHECK-NEXT:    %mm = ascendc.matmul.create
// CHECK-NEXT:    ascendc.register_matmul %pipe, %ws objects(%mm) tilings(%t) : !ascendc.gm_addr<ui8>
// CHECK-NEXT:    ascendc.init_buffer %pipe, %q

// A registration in the rest of a kernel after an early return (Huawei's GEMV kernel): in the else arm,
// with every use after it there, it stays where it is.
func.func @early_return(%w: !ascendc.gm_addr<ui8>, %n: i32) attributes {ascendc.kernel} {
  %c0 = arith.constant 0 : i32
  %none = arith.cmpi sle, %n, %c0 : i32
  scf.if %none {
  } else {
    %pipe = ascendc.pipe
    %t = ascendc.cube_tiling
    %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
    ascendc.register_matmul %pipe, %w objects(%mm) tilings(%t) : !ascendc.gm_addr<ui8>
    ascendc.matmul.end %mm
  }
  func.return
}

// CHECK-LABEL: func.func @early_return
// CHECK:         } else {
// CHECK:           ascendc.register_matmul %pipe, %w objects(%mm) tilings(%t) : !ascendc.gm_addr<ui8>
// CHECK-NEXT:      ascendc.matmul.end %mm

// Registrations in the two arms of one branch are copies that no run reaches together (the tracer traces
// the rest of a kernel after `if asc.ascend_is_aiv(): if ...: return` into each arm that goes on): each is
// merged on its own, here one with two objects (another workspace is no error), and one object may be
// registered in both arms.
func.func @copies_in_two_arms(%w: !ascendc.gm_addr<ui8>, %v: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %t = ascendc.cube_tiling
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  %aiv = ascendc.ascend_is_aiv
  scf.if %aiv {
    ascendc.register_matmul %pipe, %w objects(%mm) tilings(%t) : !ascendc.gm_addr<ui8>
    %mm1 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
    ascendc.register_matmul %pipe, %w objects(%mm1) tilings(%t) : !ascendc.gm_addr<ui8>
    ascendc.matmul.end %mm
    ascendc.matmul.end %mm1
  } else {
    ascendc.register_matmul %pipe, %v objects(%mm) tilings(%t) : !ascendc.gm_addr<ui8>
    ascendc.matmul.end %mm
  }
  func.return
}

// CHECK-LABEL: func.func @copies_in_two_arms
// CHECK:         scf.if %aiv {
// CHECK-NEXT:      %mm1 = ascendc.matmul.create
// CHECK-NEXT:      ascendc.register_matmul %pipe, %w objects(%mm, %mm1) tilings(%t, %t) : !ascendc.gm_addr<ui8>
// CHECK-NEXT:      ascendc.matmul.end %mm
// CHECK-NEXT:      ascendc.matmul.end %mm1
// CHECK-NEXT:    } else {
// CHECK-NEXT:      ascendc.register_matmul %pipe, %v objects(%mm) tilings(%t) : !ascendc.gm_addr<ui8>
// CHECK-NEXT:      ascendc.matmul.end %mm
// CHECK-NEXT:    }
