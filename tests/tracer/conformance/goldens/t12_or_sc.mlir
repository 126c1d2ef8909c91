builtin.module {
  func.func @t12_or_sc(%x: i32, %y: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.cmpi sgt, %x, %c0_i32 : i32
    %r = scf.if %0 -> (i32) {
      %c1_i32 = arith.constant 1 : i32
      scf.yield %c1_i32 : i32
    } else {
      %c0_i32_1 = arith.constant 0 : i32
      %1 = arith.cmpi sgt, %y, %c0_i32_1 : i32
      %r_1 = scf.if %1 -> (i32) {
        %c1_i32_1 = arith.constant 1 : i32
        scf.yield %c1_i32_1 : i32
      } else {
        %c2_i32 = arith.constant 2 : i32
        scf.yield %c2_i32 : i32
      }
      scf.yield %r_1 : i32
    }
    func.return %r : i32
  }
}
