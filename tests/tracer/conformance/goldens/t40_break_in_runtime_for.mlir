builtin.module {
  func.func @t40_break_in_runtime_for(%n: i32, %a: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %0, %left = scf.while (%i = %c0_i32, %left_1 = %c0_i32) : (i32, i32) -> (i32, i32) {
      %c0_i32_1 = arith.constant 0 : i32
      %1 = arith.cmpi eq, %left_1, %c0_i32_1 : i32
      %2 = arith.cmpi slt, %i, %n : i32
      %3 = arith.andi %2, %1 : i1
      scf.condition(%3) %i, %left_1 : i32, i32
    } do {
    ^bb0(%i_1: i32, %left_2: i32):
      %4 = arith.cmpi sgt, %i_1, %a : i32
      %left_3 = scf.if %4 -> (i32) {
        %c1_i32_1 = arith.constant 1 : i32
        scf.yield {ascendc.leaves_loop} %c1_i32_1 : i32
      } else {
        scf.yield %left_2 : i32
      }
      %5 = arith.addi %i_1, %c1_i32 : i32
      scf.yield %5, %left_3 : i32, i32
    }
    func.return %a : i32
  }
}
