builtin.module {
  func.func @t30_while_walrus(%w: !ascendc.gm_addr<f16>, %a: i32) -> i32 {
    %pipe = ascendc.pipe
    %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f16> bias <gm, nd, f16>
    %0 = ascendc.cube_tiling
    %c64_i32 = arith.constant 64 : i32
    ascendc.cube_tiling.set %0 "M", %c64_i32
    ascendc.register_matmul %pipe, %w objects(%mm) tilings(%0) : !ascendc.gm_addr<f16>
    %c0_i32 = arith.constant 0 : i32
    %c = scf.while (%c_1 = %c0_i32) : (i32) -> i32 {
      %false = arith.constant false
      %1 = ascendc.matmul.iterate %mm, %false
      scf.condition(%1) %c_1 : i32
    } do {
    ^bb0(%c_2: i32):
      %c_3 = arith.addi %c_2, %a : i32
      scf.yield %c_3 : i32
    }
    func.return %c : i32
  }
}
