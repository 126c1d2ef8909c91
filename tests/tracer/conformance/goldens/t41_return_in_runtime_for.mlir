builtin.module {
  func.func @t41_return_in_runtime_for(%n: i32, %a: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %0, %left, %i = scf.while (%i_1 = %c0_i32, %left_1 = %c0_i32, %i_2 = %c0_i32) : (i32, i32, i32) -> (i32, i32, i32) {
      %c0_i32_1 = arith.constant 0 : i32
      %1 = arith.cmpi eq, %left_1, %c0_i32_1 : i32
      %2 = arith.cmpi slt, %i_1, %n : i32
      %3 = arith.andi %2, %1 : i1
      scf.condition(%3) %i_1, %left_1, %i_2 : i32, i32, i32
    } do {
    ^bb0(%i_3: i32, %left_2: i32, %i_4: i32):
      %4 = arith.cmpi sgt, %i_3, %a : i32
      %left_3 = scf.if %4 -> (i32) {
        %c1_i32_1 = arith.constant 1 : i32
        scf.yield {ascendc.leaves_loop} %c1_i32_1 : i32
      } else {
        scf.yield %left_2 : i32
      }
      %5 = arith.addi %i_3, %c1_i32 : i32
      scf.yield %5, %left_3, %i_3 : i32, i32, i32
    }
    %6 = arith.cmpi eq, %left, %c1_i32 : i32
    %7 = scf.if %6 -> (i32) {
      scf.yield %i : i32
    } else {
      scf.yield %a : i32
    }
    func.return %7 : i32
  }
}
