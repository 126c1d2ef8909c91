builtin.module {
  func.func @t06_elif_chain(%x: i32) -> i32 {
    %c2_i32 = arith.constant 2 : i32
    %0 = arith.cmpi sgt, %x, %c2_i32 : i32
    %y = scf.if %0 -> (i32) {
      %c1_i32 = arith.constant 1 : i32
      scf.yield %c1_i32 : i32
    } else {
      %c1_i32_1 = arith.constant 1 : i32
      %1 = arith.cmpi sgt, %x, %c1_i32_1 : i32
      %y_1 = scf.if %1 -> (i32) {
        %c2_i32_1 = arith.constant 2 : i32
        scf.yield %c2_i32_1 : i32
      } else {
        %c3_i32 = arith.constant 3 : i32
        scf.yield %c3_i32 : i32
      }
      scf.yield %y_1 : i32
    }
    func.return %y : i32
  }
}
