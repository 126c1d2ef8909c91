builtin.module {
  func.func @t27_tuple_unroll_runtime_if(%x: i32) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.cmpi sgt, %x, %c1_i32 : i32
    %x_1 = scf.if %0 -> (i32) {
      %c1_i32_1 = arith.constant 1 : i32
      %x_2 = arith.subi %x, %c1_i32_1 : i32
      scf.yield %x_2 : i32
    } else {
      scf.yield %x : i32
    }
    %c2_i32 = arith.constant 2 : i32
    %1 = arith.cmpi sgt, %x_1, %c2_i32 : i32
    %x_3 = scf.if %1 -> (i32) {
      %c2_i32_1 = arith.constant 2 : i32
      %x_4 = arith.subi %x_1, %c2_i32_1 : i32
      scf.yield %x_4 : i32
    } else {
      scf.yield %x_1 : i32
    }
    func.return %x_3 : i32
  }
}
