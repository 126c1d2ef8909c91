// RUN: ascx-opt %s -t ascendc --verify-diagnostics --split-input-file | filecheck %s

// An op with no Ascend C form is an error at the op, never a comment in the output.

func.func @k() attributes {ascendc.kernel} {
  %x = "test.op"() : () -> i32 loc("k.py":4:9)
  func.return
}
// CHECK: k.py:4:9: error: 'test.op' has no Ascend C form

