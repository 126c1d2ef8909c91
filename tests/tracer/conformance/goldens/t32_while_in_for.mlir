builtin.module {
  func.func @t32_while_in_for(%n: i32, %m: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %acc = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%acc_1 = %c0_i32) -> (i32) : i32 {
      %c0_i32_1 = arith.constant 0 : i32
      %acc_2, %j = scf.while (%acc_3 = %acc_1, %j_1 = %c0_i32_1) : (i32, i32) -> (i32, i32) {
        %0 = arith.cmpi slt, %j_1, %m : i32
        scf.condition(%0) %acc_3, %j_1 : i32, i32
      } do {
      ^bb0(%acc_4: i32, %j_2: i32):
        %c1_i32_1 = arith.constant 1 : i32
        %j_3 = arith.addi %j_2, %c1_i32_1 : i32
        %acc_5 = arith.addi %acc_4, %j_3 : i32
        scf.yield %acc_5, %j_3 : i32, i32
      }
      scf.yield %acc_2 : i32
    }
    func.return %acc : i32
  }
}
