builtin.module {
  func.func @t16_for_range_runtime(%n: i32, %a: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %acc = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%acc_1 = %a) -> (i32) : i32 {
      %acc_2 = arith.addi %acc_1, %i : i32
      scf.yield %acc_2 : i32
    }
    func.return %acc : i32
  }
}
