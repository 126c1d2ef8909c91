builtin.module {
  func.func @t27_unroll_return(%x: i32) -> i32 {
    %c2_i32 = arith.constant 2 : i32
    %0 = arith.muli %x, %c2_i32 : i32
    func.return %0 : i32
  }
}
