builtin.module {
  func.func @t17_for_range_const_bounds(%a: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %c4_i32 = arith.constant 4 : i32
    %c1_i32 = arith.constant 1 : i32
    %a_1 = scf.for %i = %c0_i32 to %c4_i32 step %c1_i32 iter_args(%a_2 = %a) -> (i32) : i32 {
      %a_3 = arith.addi %a_2, %i : i32
      scf.yield %a_3 : i32
    }
    func.return %a_1 : i32
  }
}
