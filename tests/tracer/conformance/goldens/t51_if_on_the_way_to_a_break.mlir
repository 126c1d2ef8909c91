builtin.module {
  func.func @t51_if_on_the_way_to_a_break(%w: !ascendc.gm_addr<f16>, %n: i32, %a: i32) {
    %g = ascendc.global_tensor : !ascendc.global_tensor<f16>
    ascendc.global_tensor.set_global_buffer %g, %w : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %0, %left = scf.while (%i = %c0_i32, %left_1 = %c0_i32) : (i32, i32) -> (i32, i32) {
      %c0_i32_1 = arith.constant 0 : i32
      %1 = arith.cmpi eq, %left_1, %c0_i32_1 : i32
      %2 = arith.cmpi slt, %i, %n : i32
      %3 = arith.andi %2, %1 : i1
      scf.condition(%3) %i, %left_1 : i32, i32
    } do {
    ^bb0(%i_1: i32, %left_2: i32):
      %4 = arith.cmpi eq, %i_1, %a : i32
      %left_3 = scf.if %4 -> (i32) {
        %c2_i32 = arith.constant 2 : i32
        %5 = arith.cmpi sgt, %i_1, %c2_i32 : i32
        scf.if %5 {
          %c0_ui64 = ascendc.constant 0 : ui64
          %6 = arith.sitofp %i_1 : i32 to f16
          ascendc.set_value %g[%c0_ui64 : ui64], %6 : !ascendc.global_tensor<f16>, f16
        }
        %c1_i32_1 = arith.constant 1 : i32
        scf.yield {ascendc.leaves_loop} %c1_i32_1 : i32
      } else {
        %c1_ui64 = ascendc.constant 1 : ui64
        %7 = arith.sitofp %i_1 : i32 to f16
        ascendc.set_value %g[%c1_ui64 : ui64], %7 : !ascendc.global_tensor<f16>, f16
        scf.yield %left_2 : i32
      }
      %8 = arith.addi %i_1, %c1_i32 : i32
      scf.yield %8, %left_3 : i32, i32
    }
    %c2_ui64 = ascendc.constant 2 : ui64
    %9 = arith.sitofp %n : i32 to f16
    ascendc.set_value %g[%c2_ui64 : ui64], %9 : !ascendc.global_tensor<f16>, f16
    func.return
  }
}
