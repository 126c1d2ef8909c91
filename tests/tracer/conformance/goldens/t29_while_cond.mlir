builtin.module {
  func.func @t29_while_cond(%i: i32, %n: i32) -> i32 {
    %i_1 = scf.while (%i_2 = %i) : (i32) -> i32 {
      %0 = arith.cmpi slt, %i_2, %n : i32
      scf.condition(%0) %i_2 : i32
    } do {
    ^bb0(%i_3: i32):
      %c1_i32 = arith.constant 1 : i32
      %i_4 = arith.addi %i_3, %c1_i32 : i32
      scf.yield %i_4 : i32
    }
    func.return %i_1 : i32
  }
}
