builtin.module {
  func.func @t23_for_dead_store(%n: i32, %a: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    scf.for %i = %c0_i32 to %n step %c1_i32 : i32 {
      %t = arith.addi %a, %i : i32
    }
    func.return %a : i32
  }
}
