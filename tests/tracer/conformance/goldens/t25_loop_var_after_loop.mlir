builtin.module {
  func.func @t25_loop_var_after_loop(%n: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %i = scf.for %i_1 = %c0_i32 to %n step %c1_i32 iter_args(%i_2 = %c0_i32) -> (i32) : i32 {
      scf.yield %i_1 : i32
    }
    func.return %i : i32
  }
}
