builtin.module {
  func.func @t33_nested_while(%i: i32, %n: i32, %m: i32) -> i32 {
    %i_1 = scf.while (%i_2 = %i) : (i32) -> i32 {
      %0 = arith.cmpi slt, %i_2, %n : i32
      scf.condition(%0) %i_2 : i32
    } do {
    ^bb0(%i_3: i32):
      %c0_i32 = arith.constant 0 : i32
      %j = scf.while (%j_1 = %c0_i32) : (i32) -> i32 {
        %1 = arith.cmpi slt, %j_1, %m : i32
        scf.condition(%1) %j_1 : i32
      } do {
      ^bb0(%j_2: i32):
        %c1_i32 = arith.constant 1 : i32
        %j_3 = arith.addi %j_2, %c1_i32 : i32
        scf.yield %j_3 : i32
      }
      %i_4 = arith.addi %i_3, %j : i32
      scf.yield %i_4 : i32
    }
    func.return %i_1 : i32
  }
}
