builtin.module {
  func.func @t05_if_no_else(%x: i32, %n: i32) -> i32 {
    %0 = arith.cmpi sgt, %x, %n : i32
    %y = scf.if %0 -> (i32) {
      scf.yield %n : i32
    } else {
      scf.yield %x : i32
    }
    func.return %y : i32
  }
}
