builtin.module {
  func.func @t42_break_in_runtime_while(%i: i32, %n: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %left, %i_1 = scf.while (%left_1 = %c0_i32, %i_2 = %i) : (i32, i32) -> (i32, i32) {
      %0 = arith.cmpi slt, %i_2, %n : i32
      %c0_i32_1 = arith.constant 0 : i32
      %1 = arith.cmpi eq, %left_1, %c0_i32_1 : i32
      %2 = arith.andi %0, %1 : i1
      scf.condition(%2) %left_1, %i_2 : i32, i32
    } do {
    ^bb0(%left_2: i32, %i_3: i32):
      %c1_i32 = arith.constant 1 : i32
      %i_4 = arith.addi %i_3, %c1_i32 : i32
      %c5_i32 = arith.constant 5 : i32
      %3 = arith.cmpi sgt, %i_4, %c5_i32 : i32
      %left_3, %i_5 = scf.if %3 -> (i32, i32) {
        %c1_i32_1 = arith.constant 1 : i32
        %c0_i32_2 = arith.constant 0 : i32
        scf.yield {ascendc.leaves_loop} %c1_i32_1, %c0_i32_2 : i32, i32
      } else {
        scf.yield %left_2, %i_4 : i32, i32
      }
      scf.yield %left_3, %i_5 : i32, i32
    }
    func.return %i_1 : i32
  }
}
