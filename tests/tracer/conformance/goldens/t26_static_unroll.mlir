builtin.module {
  func.func @t26_static_unroll(%x: i32) -> i32 {
    %c2_i32 = arith.constant 2 : i32
    %x_1 = arith.muli %x, %c2_i32 : i32
    %x_2 = arith.muli %x_1, %c2_i32 : i32
    func.return %x_2 : i32
  }
}
