builtin.module {
  func.func @t48_break_and_continue(%n: i32, %a: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %0, %left, %acc = scf.while (%i = %c0_i32, %left_1 = %c0_i32, %acc_1 = %a) : (i32, i32, i32) -> (i32, i32, i32) {
      %c0_i32_1 = arith.constant 0 : i32
      %1 = arith.cmpi eq, %left_1, %c0_i32_1 : i32
      %2 = arith.cmpi slt, %i, %n : i32
      %3 = arith.andi %2, %1 : i1
      scf.condition(%3) %i, %left_1, %acc_1 : i32, i32, i32
    } do {
    ^bb0(%i_1: i32, %left_2: i32, %acc_2: i32):
      %c2_i32 = arith.constant 2 : i32
      %4 = arith.cmpi eq, %i_1, %c2_i32 : i32
      %left_3, %acc_3 = scf.if %4 -> (i32, i32) {
        scf.yield %left_2, %acc_2 : i32, i32
      } else {
        %c100_i32 = arith.constant 100 : i32
        %5 = arith.cmpi sgt, %acc_2, %c100_i32 : i32
        %left_4, %acc_4 = scf.if %5 -> (i32, i32) {
          %c1_i32_1 = arith.constant 1 : i32
          scf.yield {ascendc.leaves_loop} %c1_i32_1, %acc_2 : i32, i32
        } else {
          %acc_5 = arith.addi %acc_2, %i_1 : i32
          scf.yield %left_2, %acc_5 : i32, i32
        }
        scf.yield %left_4, %acc_4 : i32, i32
      }
      %6 = arith.addi %i_1, %c1_i32 : i32
      scf.yield %6, %left_3, %acc_3 : i32, i32, i32
    }
    func.return %acc : i32
  }
}
