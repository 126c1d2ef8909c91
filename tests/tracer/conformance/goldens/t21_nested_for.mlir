builtin.module {
  func.func @t21_nested_for(%n: i32, %m: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %acc = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%acc_1 = %c0_i32) -> (i32) : i32 {
      %c0_i32_1 = arith.constant 0 : i32
      %c1_i32_1 = arith.constant 1 : i32
      %acc_2 = scf.for %j = %c0_i32_1 to %m step %c1_i32_1 iter_args(%acc_3 = %acc_1) -> (i32) : i32 {
        %0 = arith.muli %i, %j : i32
        %acc_4 = arith.addi %acc_3, %0 : i32
        scf.yield %acc_4 : i32
      }
      scf.yield %acc_2 : i32
    }
    func.return %acc : i32
  }
}
