builtin.module {
  func.func @t45_return_from_nested_loops(%n: i32, %a: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %0, %left, %i = scf.while (%j = %c0_i32, %left_1 = %c0_i32, %i_1 = %c0_i32) : (i32, i32, i32) -> (i32, i32, i32) {
      %c0_i32_1 = arith.constant 0 : i32
      %1 = arith.cmpi eq, %left_1, %c0_i32_1 : i32
      %2 = arith.cmpi slt, %j, %n : i32
      %3 = arith.andi %2, %1 : i1
      scf.condition(%3) %j, %left_1, %i_1 : i32, i32, i32
    } do {
    ^bb0(%j_1: i32, %left_2: i32, %i_2: i32):
      %c0_i32_2 = arith.constant 0 : i32
      %c1_i32_1 = arith.constant 1 : i32
      %4, %left_3, %i_3 = scf.while (%i_4 = %c0_i32_2, %left_4 = %c0_i32_2, %i_5 = %i_2) : (i32, i32, i32) -> (i32, i32, i32) {
        %c0_i32_3 = arith.constant 0 : i32
        %5 = arith.cmpi eq, %left_4, %c0_i32_3 : i32
        %6 = arith.cmpi slt, %i_4, %n : i32
        %7 = arith.andi %6, %5 : i1
        scf.condition(%7) %i_4, %left_4, %i_5 : i32, i32, i32
      } do {
      ^bb0(%i_6: i32, %left_5: i32, %i_7: i32):
        %8 = arith.addi %i_6, %j_1 : i32
        %9 = arith.cmpi sgt, %8, %a : i32
        %left_6 = scf.if %9 -> (i32) {
          %c1_i32_2 = arith.constant 1 : i32
          scf.yield {ascendc.leaves_loop} %c1_i32_2 : i32
        } else {
          scf.yield %left_5 : i32
        }
        %10 = arith.addi %i_6, %c1_i32_1 : i32
        scf.yield %10, %left_6, %i_6 : i32, i32, i32
      }
      %11 = arith.cmpi eq, %left_3, %c1_i32_1 : i32
      %left_7 = scf.if %11 -> (i32) {
        %c1_i32_3 = arith.constant 1 : i32
        scf.yield {ascendc.leaves_loop} %c1_i32_3 : i32
      } else {
        scf.yield %left_2 : i32
      }
      %12 = arith.addi %j_1, %c1_i32 : i32
      scf.yield %12, %left_7, %i_3 : i32, i32, i32
    }
    %13 = arith.cmpi eq, %left, %c1_i32 : i32
    %14 = scf.if %13 -> (i32) {
      scf.yield %i : i32
    } else {
      %cm1_i32 = arith.constant -1 : i32
      scf.yield %cm1_i32 : i32
    }
    func.return %14 : i32
  }
}
