builtin.module {
  func.func @t49_break_path_reads_the_iteration(%n: i32, %a: i32) -> i32 {
    %cm1_i32 = arith.constant -1 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %0, %left, %found = scf.while (%i = %c0_i32, %left_1 = %c0_i32, %found_1 = %cm1_i32) : (i32, i32, i32) -> (i32, i32, i32) {
      %c0_i32_1 = arith.constant 0 : i32
      %1 = arith.cmpi eq, %left_1, %c0_i32_1 : i32
      %2 = arith.cmpi slt, %i, %n : i32
      %3 = arith.andi %2, %1 : i1
      scf.condition(%3) %i, %left_1, %found_1 : i32, i32, i32
    } do {
    ^bb0(%i_1: i32, %left_2: i32, %found_2: i32):
      %4 = arith.muli %i_1, %i_1 : i32
      %5 = arith.cmpi sgt, %4, %a : i32
      %left_3, %found_3 = scf.if %5 -> (i32, i32) {
        %c1_i32_1 = arith.constant 1 : i32
        %found_4 = arith.addi %i_1, %c1_i32_1 : i32
        scf.yield {ascendc.leaves_loop} %c1_i32_1, %found_4 : i32, i32
      } else {
        scf.yield %left_2, %found_2 : i32, i32
      }
      %6 = arith.addi %i_1, %c1_i32 : i32
      scf.yield %6, %left_3, %found_3 : i32, i32, i32
    }
    func.return %found : i32
  }
}
