builtin.module {
  func.func @t10_nested_early_return(%x: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.cmpi sgt, %x, %c0_i32 : i32
    %1 = scf.if %0 -> (i32) {
      %c10_i32 = arith.constant 10 : i32
      %2 = arith.cmpi sgt, %x, %c10_i32 : i32
      %3 = scf.if %2 -> (i32) {
        %c10_i32_1 = arith.constant 10 : i32
        scf.yield %c10_i32_1 : i32
      } else {
        scf.yield %x : i32
      }
      scf.yield %3 : i32
    } else {
      %c0_i32_1 = arith.constant 0 : i32
      scf.yield %c0_i32_1 : i32
    }
    func.return %1 : i32
  }
}
