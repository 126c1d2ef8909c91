// RUN: ascx-opt %s | ascx-opt | filecheck %s
// RUN: ascx-opt %s --print-op-generic | ascx-opt | filecheck %s

// Every op added for pyasc parity (the system APIs, arrays and verbatim C++, tensor lists, tensor
// metadata): the custom format round-trips, generic form too.  The module is what
// `ascx compile --emit ir` makes of a kernel that calls each of those APIs once.

builtin.module {
  ascendc.include "kernel_operator.h"
  ascendc.include "kernel_operator_list_tensor_intf.h"
  func.func @parity_api(%x: !ascendc.gm_addr<f32>, %w: !ascendc.gm_addr<ui64>, %n: i32, %dump_addr: !ascendc.gm_addr<ui8> {ascendc.dump_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
    ascendc.init_dump %dump_addr mix false : !ascendc.gm_addr<ui8>
    %g = ascendc.global_tensor : !ascendc.global_tensor<f32>
    ascendc.global_tensor.set_global_buffer %g, %x : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>
    %words = ascendc.global_tensor : !ascendc.global_tensor<ui64>
    ascendc.global_tensor.set_global_buffer %words, %w : !ascendc.global_tensor<ui64>, !ascendc.gm_addr<ui64>
    %c0_ui32 = ascendc.constant 0 : ui32
    %c64_ui32 = ascendc.constant 64 : ui32
    %t = ascendc.local_tensor veccalc, %c0_ui32, %c64_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
    ascendc.data_cache_clean_and_invalid %g single_cache_line to cacheline_out : !ascendc.global_tensor<f32>
    ascendc.data_cache_clean_and_invalid %g entire_data_cache : !ascendc.global_tensor<f32>
    ascendc.data_cache_preload %words, %n : !ascendc.global_tensor<ui64>, i32
    %c2_i64 = arith.constant 2 : i64
    ascendc.icache_preload %c2_i64 : i64
    %status = ascendc.system_counter icache_preload_status
    %cycle = ascendc.system_counter system_cycle
    %pc = ascendc.system_counter program_counter
    %version = ascendc.get_arch_version %c0_ui32 : ui32
    %ratio = ascendc.sys_var task_ratio : i64
    %block_bytes = ascendc.sys_var data_block_size_in_bytes : i32
    ascendc.data_sync_barrier ddr
    ascendc.set_store_atomic_config atomic_s32 atomic_sum
    %kind, %operation = ascendc.get_store_atomic_config
    ascendc.core_control metrics_prof_start
    ascendc.print_time_stamp %n : i32
    ascendc.core_control metrics_prof_stop
    %c1_ui32 = ascendc.constant 1 : ui32
    %c8_ui32 = ascendc.constant 8 : ui32
    %c16_ui32 = ascendc.constant 16 : ui32
    ascendc.dump_acc_chk_point %t, %c1_ui32, %c8_ui32, %c16_ui32 : !ascendc.local_tensor<f32>, ui32, ui32, ui32
    ascendc.core_control init_soc_state
    %c1_ui8 = ascendc.constant 1 : ui8
    %c2_ui32 = ascendc.constant 2 : ui32
    %c3_ui32 = ascendc.constant 3 : ui32
    %false = arith.constant false
    %true = arith.constant true
    %0 = ascendc.params %c1_ui8, %c2_ui32, %c3_ui32, %false, %false, %false, %false, %true, %false, %true : ui8, ui32, ui32, i1, i1, i1, i1, i1, i1, i1 -> !ascendc.params<check_local_memory_ia>
    ascendc.check_local_memory_ia %0 : !ascendc.params<check_local_memory_ia>
    ascendc.set_hccl_context 0 : i32, %w : !ascendc.gm_addr<ui64>
    %context = ascendc.get_hccl_context 0 : i32 : !ascendc.gm_addr<ui8>
    ascendc.set_sys_workspace %x : !ascendc.gm_addr<f32>
    %workspace = ascendc.get_sys_workspace : !ascendc.gm_addr<ui8>
    %c15_ui32 = ascendc.constant 15 : ui32
    %part = ascendc.params %c0_ui32, %c15_ui32, %n, %c16_ui32, %c16_ui32 : ui32, ui32, i32, ui32, ui32 -> !ascendc.params<slice_info>
    ascendc.core_control trap
    %c1_ui64 = ascendc.constant 1 : ui64
    %c2_ui64 = ascendc.constant 2 : ui64
    %table = ascendc.array %c1_ui64, %c2_ui64 : ui64, ui64 -> !ascendc.array<ui64, 2>
    %1 = arith.extsi %n : i32 to ui64
    %c1_i32 = arith.constant 1 : i32
    ascendc.array.store %1, %table[%c1_i32] : ui64, !ascendc.array<ui64, 2>, i32
    %c0_i32 = arith.constant 0 : i32
    %first = ascendc.array.load %table[%c0_i32] : !ascendc.array<ui64, 2>, i32 -> ui64
    ascendc.verbatim "// n is {}"(%n) : i32
    %c4294967295_ui32 = ascendc.constant 4294967295 : ui32
    %descs = ascendc.list_tensor_desc %w, %c4294967295_ui32, %c4294967295_ui32 : !ascendc.gm_addr<ui64>, ui32, ui32
    %late = ascendc.list_tensor_desc
    ascendc.list_tensor_desc.init %late, %w, %c4294967295_ui32, %c2_ui32 : !ascendc.gm_addr<ui64>, ui32, ui32
    %d = ascendc.tensor_desc : !ascendc.tensor_desc<f16>
    ascendc.tensor_desc.set_shape_addr %d, %table : !ascendc.tensor_desc<f16>, !ascendc.array<ui64, 2>
    ascendc.list_tensor_desc.get_desc %descs, %d, %c1_ui32 : !ascendc.tensor_desc<f16>, ui32
    %count = ascendc.list_tensor_desc.get_size %late
    %dims = ascendc.tensor_desc.query dim %d : !ascendc.tensor_desc<f16>
    %index = ascendc.tensor_desc.query index %d : !ascendc.tensor_desc<f16>
    %rows = ascendc.tensor_desc.get_shape %d, %c0_ui32 : !ascendc.tensor_desc<f16>, ui32
    %data = ascendc.tensor_desc.get_data_ptr %d : !ascendc.tensor_desc<f16> -> !ascendc.gm_addr<f16>
    %obj = ascendc.tensor_desc.get_data_obj %d : !ascendc.tensor_desc<f16> -> !ascendc.global_tensor<f16>
    %other = ascendc.list_tensor_desc.get_data_ptr %descs, %c0_ui32 : ui32 -> !ascendc.gm_addr<i8>
    %c4_ui64 = ascendc.constant 4 : ui64
    %element = ascendc.tensor.method get_phy_addr %g(%c4_ui64) : !ascendc.global_tensor<f32>, (ui64) -> !ascendc.gm_addr<f32>
    %2 = ascendc.shape_info :
    ascendc.tensor.method set_shape_info %t(%2) : !ascendc.local_tensor<f32>, (!ascendc.shape_info)
    %3 = ascendc.tensor.method get_shape_info %t() : !ascendc.local_tensor<f32>, () -> !ascendc.shape_info
    ascendc.tensor.method set_shape_info %g(%3) : !ascendc.global_tensor<f32>, (!ascendc.shape_info)
    %c3_i32 = arith.constant 3 : i32
    ascendc.tensor.method set_user_tag %t(%c3_i32) : !ascendc.local_tensor<f32>, (i32)
    %tag = ascendc.tensor.method get_user_tag %t() : !ascendc.local_tensor<f32>, () -> i32
    %c32_ui32 = ascendc.constant 32 : ui32
    ascendc.tensor.method set_size %t(%c32_ui32) : !ascendc.local_tensor<f32>, (ui32)
    ascendc.tensor.method set_buffer_len %t(%c64_ui32) : !ascendc.local_tensor<f32>, (ui32)
    ascendc.tensor.method set_addr_with_offset %t(%t, %c8_ui32) : !ascendc.local_tensor<f32>, (!ascendc.local_tensor<f32>, ui32)
    func.return
  }
}

// CHECK: builtin.module {
// CHECK-NEXT: ascendc.include "kernel_operator.h"
// CHECK-NEXT: ascendc.include "kernel_operator_list_tensor_intf.h"
// CHECK-NEXT: func.func @parity_api(%x: !ascendc.gm_addr<f32>, %w: !ascendc.gm_addr<ui64>, %n: i32, %dump_addr: !ascendc.gm_addr<ui8> {ascendc.dump_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
// CHECK-NEXT: ascendc.init_dump %dump_addr mix false : !ascendc.gm_addr<ui8>
// CHECK-NEXT: %g = ascendc.global_tensor : !ascendc.global_tensor<f32>
// CHECK-NEXT: ascendc.global_tensor.set_global_buffer %g, %x : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>
// CHECK-NEXT: %words = ascendc.global_tensor : !ascendc.global_tensor<ui64>
// CHECK-NEXT: ascendc.global_tensor.set_global_buffer %words, %w : !ascendc.global_tensor<ui64>, !ascendc.gm_addr<ui64>
// CHECK-NEXT: %c0_ui32 = ascendc.constant 0 : ui32
// CHECK-NEXT: %c64_ui32 = ascendc.constant 64 : ui32
// CHECK-NEXT: %t = ascendc.local_tensor veccalc, %c0_ui32, %c64_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
// CHECK-NEXT: ascendc.data_cache_clean_and_invalid %g single_cache_line to cacheline_out : !ascendc.global_tensor<f32>
// CHECK-NEXT: ascendc.data_cache_clean_and_invalid %g entire_data_cache : !ascendc.global_tensor<f32>
// CHECK-NEXT: ascendc.data_cache_preload %words, %n : !ascendc.global_tensor<ui64>, i32
// CHECK-NEXT: %c2_i64 = arith.constant 2 : i64
// CHECK-NEXT: ascendc.icache_preload %c2_i64 : i64
// CHECK-NEXT: %status = ascendc.system_counter icache_preload_status
// CHECK-NEXT: %cycle = ascendc.system_counter system_cycle
// CHECK-NEXT: %pc = ascendc.system_counter program_counter
// CHECK-NEXT: %version = ascendc.get_arch_version %c0_ui32 : ui32
// CHECK-NEXT: %ratio = ascendc.sys_var task_ratio : i64
// CHECK-NEXT: %block_bytes = ascendc.sys_var data_block_size_in_bytes : i32
// CHECK-NEXT: ascendc.data_sync_barrier ddr
// CHECK-NEXT: ascendc.set_store_atomic_config atomic_s32 atomic_sum
// CHECK-NEXT: %kind, %operation = ascendc.get_store_atomic_config
// CHECK-NEXT: ascendc.core_control metrics_prof_start
// CHECK-NEXT: ascendc.print_time_stamp %n : i32
// CHECK-NEXT: ascendc.core_control metrics_prof_stop
// CHECK-NEXT: %c1_ui32 = ascendc.constant 1 : ui32
// CHECK-NEXT: %c8_ui32 = ascendc.constant 8 : ui32
// CHECK-NEXT: %c16_ui32 = ascendc.constant 16 : ui32
// CHECK-NEXT: ascendc.dump_acc_chk_point %t, %c1_ui32, %c8_ui32, %c16_ui32 : !ascendc.local_tensor<f32>, ui32, ui32, ui32
// CHECK-NEXT: ascendc.core_control init_soc_state
// CHECK-NEXT: %c1_ui8 = ascendc.constant 1 : ui8
// CHECK-NEXT: %c2_ui32 = ascendc.constant 2 : ui32
// CHECK-NEXT: %c3_ui32 = ascendc.constant 3 : ui32
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = ascendc.params %c1_ui8, %c2_ui32, %c3_ui32, %false, %false, %false, %false, %true, %false, %true : ui8, ui32, ui32, i1, i1, i1, i1, i1, i1, i1 -> !ascendc.params<check_local_memory_ia>
// CHECK-NEXT: ascendc.check_local_memory_ia %0 : !ascendc.params<check_local_memory_ia>
// CHECK-NEXT: ascendc.set_hccl_context 0 : i32, %w : !ascendc.gm_addr<ui64>
// CHECK-NEXT: %context = ascendc.get_hccl_context 0 : i32 : !ascendc.gm_addr<ui8>
// CHECK-NEXT: ascendc.set_sys_workspace %x : !ascendc.gm_addr<f32>
// CHECK-NEXT: %workspace = ascendc.get_sys_workspace : !ascendc.gm_addr<ui8>
// CHECK-NEXT: %c15_ui32 = ascendc.constant 15 : ui32
// CHECK-NEXT: %part = ascendc.params %c0_ui32, %c15_ui32, %n, %c16_ui32, %c16_ui32 : ui32, ui32, i32, ui32, ui32 -> !ascendc.params<slice_info>
// CHECK-NEXT: ascendc.core_control trap
// CHECK-NEXT: %c1_ui64 = ascendc.constant 1 : ui64
// CHECK-NEXT: %c2_ui64 = ascendc.constant 2 : ui64
// CHECK-NEXT: %table = ascendc.array %c1_ui64, %c2_ui64 : ui64, ui64 -> !ascendc.array<ui64, 2>
// CHECK-NEXT: %1 = arith.extsi %n : i32 to ui64
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: ascendc.array.store %1, %table[%c1_i32] : ui64, !ascendc.array<ui64, 2>, i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %first = ascendc.array.load %table[%c0_i32] : !ascendc.array<ui64, 2>, i32 -> ui64
// CHECK-NEXT: ascendc.verbatim "// n is {}"(%n) : i32
// CHECK-NEXT: %c4294967295_ui32 = ascendc.constant 4294967295 : ui32
// CHECK-NEXT: %descs = ascendc.list_tensor_desc %w, %c4294967295_ui32, %c4294967295_ui32 : !ascendc.gm_addr<ui64>, ui32, ui32
// CHECK-NEXT: %late = ascendc.list_tensor_desc
// CHECK-NEXT: ascendc.list_tensor_desc.init %late, %w, %c4294967295_ui32, %c2_ui32 : !ascendc.gm_addr<ui64>, ui32, ui32
// CHECK-NEXT: %d = ascendc.tensor_desc : !ascendc.tensor_desc<f16>
// CHECK-NEXT: ascendc.tensor_desc.set_shape_addr %d, %table : !ascendc.tensor_desc<f16>, !ascendc.array<ui64, 2>
// CHECK-NEXT: ascendc.list_tensor_desc.get_desc %descs, %d, %c1_ui32 : !ascendc.tensor_desc<f16>, ui32
// CHECK-NEXT: %count = ascendc.list_tensor_desc.get_size %late
// CHECK-NEXT: %dims = ascendc.tensor_desc.query dim %d : !ascendc.tensor_desc<f16>
// CHECK-NEXT: %index = ascendc.tensor_desc.query index %d : !ascendc.tensor_desc<f16>
// CHECK-NEXT: %rows = ascendc.tensor_desc.get_shape %d, %c0_ui32 : !ascendc.tensor_desc<f16>, ui32
// CHECK-NEXT: %data = ascendc.tensor_desc.get_data_ptr %d : !ascendc.tensor_desc<f16> -> !ascendc.gm_addr<f16>
// CHECK-NEXT: %obj = ascendc.tensor_desc.get_data_obj %d : !ascendc.tensor_desc<f16> -> !ascendc.global_tensor<f16>
// CHECK-NEXT: %other = ascendc.list_tensor_desc.get_data_ptr %descs, %c0_ui32 : ui32 -> !ascendc.gm_addr<i8>
// CHECK-NEXT: %c4_ui64 = ascendc.constant 4 : ui64
// CHECK-NEXT: %element = ascendc.tensor.method get_phy_addr %g(%c4_ui64) : !ascendc.global_tensor<f32>, (ui64) -> !ascendc.gm_addr<f32>
// CHECK-NEXT: %2 = ascendc.shape_info :
// CHECK-NEXT: ascendc.tensor.method set_shape_info %t(%2) : !ascendc.local_tensor<f32>, (!ascendc.shape_info)
// CHECK-NEXT: %3 = ascendc.tensor.method get_shape_info %t() : !ascendc.local_tensor<f32>, () -> !ascendc.shape_info
// CHECK-NEXT: ascendc.tensor.method set_shape_info %g(%3) : !ascendc.global_tensor<f32>, (!ascendc.shape_info)
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: ascendc.tensor.method set_user_tag %t(%c3_i32) : !ascendc.local_tensor<f32>, (i32)
// CHECK-NEXT: %tag = ascendc.tensor.method get_user_tag %t() : !ascendc.local_tensor<f32>, () -> i32
// CHECK-NEXT: %c32_ui32 = ascendc.constant 32 : ui32
// CHECK-NEXT: ascendc.tensor.method set_size %t(%c32_ui32) : !ascendc.local_tensor<f32>, (ui32)
// CHECK-NEXT: ascendc.tensor.method set_buffer_len %t(%c64_ui32) : !ascendc.local_tensor<f32>, (ui32)
// CHECK-NEXT: ascendc.tensor.method set_addr_with_offset %t(%t, %c8_ui32) : !ascendc.local_tensor<f32>, (!ascendc.local_tensor<f32>, ui32)
// CHECK-NEXT: func.return
// CHECK-NEXT: }
// CHECK-NEXT: }
