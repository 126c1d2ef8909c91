// RUN: ascx-opt %s -t ascendc | filecheck %s --match-full-lines --strict-whitespace
//
// An xor with the i1 constant true prints as a negation, an xor with any other constant as ^ (found by the
// mutation campaign, docs/testing.md#mutation-testing: is_true answering for every other constant).

func.func @xors(%c: i1, %i: i32) {
  %true = arith.constant true
  %c5 = arith.constant 5 : i32
  %c1 = arith.constant 1 : i32
  %not = arith.xori %c, %true : i1
  %x5 = arith.xori %i, %c5 : i32
  %x1 = arith.xori %i, %c1 : i32
  func.return
}

// CHECK:__aicore__ inline void xors(bool c, int32_t i) {
// CHECK-NEXT:    bool not_1 = !c;
// CHECK-NEXT:    int32_t x5 = i ^ 5;
// CHECK-NEXT:    int32_t x1 = i ^ 1;
// CHECK-NEXT:}
