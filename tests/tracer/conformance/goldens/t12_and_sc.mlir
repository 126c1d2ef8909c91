builtin.module {
  func.func @t12_and_sc(%x: i32, %y: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.cmpi sgt, %x, %c0_i32 : i32
    %1 = scf.if %0 -> (i32) {
      %c0_i32_1 = arith.constant 0 : i32
      %2 = arith.cmpi sgt, %y, %c0_i32_1 : i32
      %3 = scf.if %2 -> (i32) {
        %c1_i32 = arith.constant 1 : i32
        scf.yield %c1_i32 : i32
      } else {
        %c2_i32 = arith.constant 2 : i32
        scf.yield %c2_i32 : i32
      }
      scf.yield %3 : i32
    } else {
      %c2_i32_1 = arith.constant 2 : i32
      scf.yield %c2_i32_1 : i32
    }
    func.return %1 : i32
  }
}
