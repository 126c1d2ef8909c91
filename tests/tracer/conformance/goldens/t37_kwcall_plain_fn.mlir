builtin.module {
  func.func @t37_kwcall_plain_fn(%x: i32) -> i32 {
    %c3_i32 = arith.constant 3 : i32
    %y = arith.muli %x, %c3_i32 : i32
    %c1_i32 = arith.constant 1 : i32
    %y_1 = arith.addi %y, %c1_i32 : i32
    %c2_i32 = arith.constant 2 : i32
    %y_2 = arith.addi %y_1, %c2_i32 : i32
    func.return %y_2 : i32
  }
}
