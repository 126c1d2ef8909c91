builtin.module {
  func.func @t34_while_not_flag(%i: i32, %n: i32) -> i32 {
    %done = arith.cmpi sgt, %i, %n : i32
    %i_1 = scf.while (%done_1 = %done, %i_2 = %i) : (i1, i32) -> i32 {
      %true = arith.constant true
      %0 = arith.xori %done_1, %true : i1
      scf.condition(%0) %i_2 : i32
    } do {
    ^bb0(%i_3: i32):
      %c1_i32 = arith.constant 1 : i32
      %i_4 = arith.addi %i_3, %c1_i32 : i32
      %done_2 = arith.cmpi sgt, %i_4, %n : i32
      scf.yield %done_2, %i_4 : i1, i32
    }
    func.return %i_1 : i32
  }
}
