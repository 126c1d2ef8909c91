builtin.module {
  func.func @t08_if_dead_temp_types(%x: i32, %f: f32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.cmpi sgt, %x, %c0_i32 : i32
    %y = scf.if %0 -> (i32) {
      %c1_i32 = arith.constant 1 : i32
      %y_1 = arith.addi %x, %c1_i32 : i32
      scf.yield %y_1 : i32
    } else {
      %c1_i32_1 = arith.constant 1 : i32
      %y_2 = arith.subi %x, %c1_i32_1 : i32
      scf.yield %y_2 : i32
    }
    func.return %y : i32
  }
}
