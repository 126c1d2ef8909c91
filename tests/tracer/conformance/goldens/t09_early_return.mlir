builtin.module {
  func.func @t09_early_return(%x: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.cmpi sgt, %x, %c0_i32 : i32
    %1 = scf.if %0 -> (i32) {
      scf.yield %x : i32
    } else {
      %c0_i32_1 = arith.constant 0 : i32
      %2 = arith.subi %c0_i32_1, %x : i32
      scf.yield %2 : i32
    }
    func.return %1 : i32
  }
}
