builtin.module {
  func.func @t38_device_function_tuple(%x: i32, %n: i32) -> i32 {
    %0 = arith.cmpi sgt, %x, %n : i32
    %a, %b = scf.if %0 -> (i32, i32) {
      %1 = arith.subi %x, %n : i32
      scf.yield %1, %n : i32, i32
    } else {
      %2 = arith.subi %n, %x : i32
      scf.yield %2, %x : i32, i32
    }
    %3 = arith.addi %a, %b : i32
    func.return %3 : i32
  }
}
