builtin.module {
  func.func @t35_while_compound_cond(%w: !ascendc.gm_addr<f16>, %i: i32, %n: i32) -> i32 {
    %pipe = ascendc.pipe
    %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f16> bias <gm, nd, f16>
    %0 = ascendc.cube_tiling
    %c64_i32 = arith.constant 64 : i32
    ascendc.cube_tiling.set %0 "M", %c64_i32
    ascendc.register_matmul %pipe, %w objects(%mm) tilings(%0) : !ascendc.gm_addr<f16>
    %i_1 = scf.while (%i_2 = %i) : (i32) -> i32 {
      %1 = arith.cmpi slt, %i_2, %n : i32
      %2 = scf.if %1 -> (i1) {
        %false = arith.constant false
        %3 = ascendc.matmul.iterate %mm, %false
        scf.yield %3 : i1
      } else {
        %false_1 = arith.constant false
        scf.yield %false_1 : i1
      }
      scf.condition(%2) %i_2 : i32
    } do {
    ^bb0(%i_3: i32):
      %c1_i32 = arith.constant 1 : i32
      %i_4 = arith.addi %i_3, %c1_i32 : i32
      scf.yield %i_4 : i32
    }
    func.return %i_1 : i32
  }
}
