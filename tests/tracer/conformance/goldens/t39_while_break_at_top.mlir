builtin.module {
  func.func @t39_while_break_at_top(%i: i32, %n: i32) -> i32 {
    %i_1 = scf.while (%i_2 = %i) : (i32) -> i32 {
      %0 = arith.cmpi slt, %i_2, %n : i32
      %1 = scf.if %0 -> (i1) {
        %c5_i32 = arith.constant 5 : i32
        %2 = arith.cmpi sgt, %i_2, %c5_i32 : i32
        %true = arith.constant true
        %3 = arith.xori %2, %true : i1
        scf.yield %3 : i1
      } else {
        %false = arith.constant false
        scf.yield %false : i1
      }
      scf.condition(%1) %i_2 : i32
    } do {
    ^bb0(%i_3: i32):
      %c1_i32 = arith.constant 1 : i32
      %i_4 = arith.addi %i_3, %c1_i32 : i32
      scf.yield %i_4 : i32
    }
    func.return %i_1 : i32
  }
}
