builtin.module {
  func.func @t26_static_unroll_break(%x: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %x_1 = arith.addi %x, %c0_i32 : i32
    %c1_i32 = arith.constant 1 : i32
    %x_2 = arith.addi %x_1, %c1_i32 : i32
    %c2_i32 = arith.constant 2 : i32
    %x_3 = arith.addi %x_2, %c2_i32 : i32
    func.return %x_3 : i32
  }
}
