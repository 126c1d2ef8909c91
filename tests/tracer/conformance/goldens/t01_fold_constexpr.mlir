builtin.module {
  func.func @t01_fold_constexpr(%x: i32) -> i32 {
    %c7_i32 = arith.constant 7 : i32
    %0 = arith.muli %x, %c7_i32 : i32
    func.return %0 : i32
  }
}
