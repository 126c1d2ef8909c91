builtin.module {
  func.func @t04_if_else_two_results(%x: i32, %n: i32) -> i32 {
    %0 = arith.cmpi sgt, %x, %n : i32
    %acc, %y = scf.if %0 -> (i32, i32) {
      %c1_i32 = arith.constant 1 : i32
      %acc_1 = arith.addi %x, %c1_i32 : i32
      %c2_i32 = arith.constant 2 : i32
      scf.yield %acc_1, %c2_i32 : i32, i32
    } else {
      %c1_i32_1 = arith.constant 1 : i32
      %acc_2 = arith.subi %x, %c1_i32_1 : i32
      %c3_i32 = arith.constant 3 : i32
      scf.yield %acc_2, %c3_i32 : i32, i32
    }
    %1 = arith.muli %acc, %y : i32
    func.return %1 : i32
  }
}
