builtin.module {
  func.func @t14_not_condition(%x: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.cmpi sgt, %x, %c0_i32 : i32
    %x_1 = scf.if %0 -> (i32) {
      scf.yield %x : i32
    } else {
      %c0_i32_1 = arith.constant 0 : i32
      %x_2 = arith.subi %c0_i32_1, %x : i32
      scf.yield %x_2 : i32
    }
    func.return %x_1 : i32
  }
}
