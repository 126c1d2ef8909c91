builtin.module {
  func.func @t07_if_tail_shared(%x: i32, %n: i32) -> i32 {
    %0 = arith.cmpi sgt, %x, %n : i32
    %y = scf.if %0 -> (i32) {
      scf.yield %x : i32
    } else {
      %c0_i32 = arith.constant 0 : i32
      scf.yield %c0_i32 : i32
    }
    %c1_i32 = arith.constant 1 : i32
    %z = arith.addi %y, %c1_i32 : i32
    %c2_i32 = arith.constant 2 : i32
    %w = arith.muli %z, %c2_i32 : i32
    %c3_i32 = arith.constant 3 : i32
    %v = arith.subi %w, %c3_i32 : i32
    func.return %v : i32
  }
}
