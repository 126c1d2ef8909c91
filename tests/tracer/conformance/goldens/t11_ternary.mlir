builtin.module {
  func.func @t11_ternary(%x: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.cmpi sgt, %x, %c0_i32 : i32
    %y = scf.if %0 -> (i32) {
      scf.yield %x : i32
    } else {
      %c0_i32_1 = arith.constant 0 : i32
      %1 = arith.subi %c0_i32_1, %x : i32
      scf.yield %1 : i32
    }
    %c1_i32 = arith.constant 1 : i32
    %2 = arith.addi %y, %c1_i32 : i32
    func.return %2 : i32
  }
}
