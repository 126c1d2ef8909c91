builtin.module {
  func.func @t31_while_continue(%i: i32, %n: i32, %a: i32) -> i32 {
    %acc, %i_1 = scf.while (%acc_1 = %a, %i_2 = %i) : (i32, i32) -> (i32, i32) {
      %0 = arith.cmpi slt, %i_2, %n : i32
      scf.condition(%0) %acc_1, %i_2 : i32, i32
    } do {
    ^bb0(%acc_2: i32, %i_3: i32):
      %c1_i32 = arith.constant 1 : i32
      %i_4 = arith.addi %i_3, %c1_i32 : i32
      %c3_i32 = arith.constant 3 : i32
      %1 = arith.cmpi eq, %i_4, %c3_i32 : i32
      %acc_3 = scf.if %1 -> (i32) {
        scf.yield %acc_2 : i32
      } else {
        %acc_4 = arith.addi %acc_2, %i_4 : i32
        scf.yield %acc_4 : i32
      }
      scf.yield %acc_3, %i_4 : i32, i32
    }
    func.return %acc : i32
  }
}
