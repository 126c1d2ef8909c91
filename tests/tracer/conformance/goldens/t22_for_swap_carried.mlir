builtin.module {
  func.func @t22_for_swap_carried(%a: i32, %b: i32, %n: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %a_1, %b_1 = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%a_2 = %a, %b_2 = %b) -> (i32, i32) : i32 {
      scf.yield %b_2, %a_2 : i32, i32
    }
    func.return %a_1 : i32
  }
}
