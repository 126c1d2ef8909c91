// RUN: ascx-opt %s -t ascendc --verify-diagnostics --split-input-file | filecheck %s

// An op with no Ascend C form is an error at the op, never a comment in the output.

func.func @k() attributes {ascendc.kernel} {
  %x = "test.op"() : () -> i32 loc("k.py":4:9)
  func.return
}
// CHECK: k.py:4:9: error: 'test.op' has no Ascend C form

// -----

func.func @static() attributes {ascendc.kernel} {
  func.return
} loc("k.py":3:1)
// CHECK: k.py:3:1: error: 'static' cannot name a kernel: C++ or Ascend C already uses the name

// -----

// lib/matmul_intf.h declares `namespace matmul = AscendC;` at global scope.
func.func @matmul() attributes {ascendc.kernel} {
  func.return
} loc("k.py":5:1)
// CHECK: k.py:5:1: error: 'matmul' cannot name a kernel: C++ or Ascend C already uses the name
