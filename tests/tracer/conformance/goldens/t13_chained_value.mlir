builtin.module {
  func.func @t13_chained_value(%x: i32, %n: i32) -> i1 {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.cmpi sgt, %x, %c0_i32 : i32
    %r = scf.if %0 -> (i1) {
      %1 = arith.cmpi slt, %x, %n : i32
      scf.yield %1 : i1
    } else {
      scf.yield %0 : i1
    }
    func.return %r : i1
  }
}
