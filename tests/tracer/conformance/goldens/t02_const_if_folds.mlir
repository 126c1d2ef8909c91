builtin.module {
  func.func @t02_const_if_folds(%x: i32) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %x_1 = arith.addi %x, %c1_i32 : i32
    func.return %x_1 : i32
  }
}
