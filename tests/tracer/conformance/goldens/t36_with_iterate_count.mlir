builtin.module {
  func.func @t36_with_iterate_count(%w: !ascendc.gm_addr<f16>, %a: i32) -> i32 {
    %pipe = ascendc.pipe
    %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f16> bias <gm, nd, f16>
    %0 = ascendc.cube_tiling
    %c64_i32 = arith.constant 64 : i32
    ascendc.cube_tiling.set %0 "M", %c64_i32
    ascendc.register_matmul %pipe, %w objects(%mm) tilings(%0) : !ascendc.gm_addr<f16>
    %c0_i32 = arith.constant 0 : i32
    %count, %s = scf.while (%count_1 = %c0_i32, %s_1 = %a) : (i32, i32) -> (i32, i32) {
      %false = arith.constant false
      %1 = ascendc.matmul.iterate %mm, %false
      scf.condition(%1) %count_1, %s_1 : i32, i32
    } do {
    ^bb0(%count_2: i32, %s_2: i32):
      %s_3 = arith.addi %s_2, %count_2 : i32
      %c1_i32 = arith.constant 1 : i32
      %2 = arith.addi %count_2, %c1_i32 : i32
      scf.yield %2, %s_3 : i32, i32
    }
    func.return %s : i32
  }
}
