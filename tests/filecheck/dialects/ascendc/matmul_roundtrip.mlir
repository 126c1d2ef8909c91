// RUN: ascx-opt %s | ascx-opt | filecheck %s
// RUN: ascx-opt %s --print-op-generic | ascx-opt | filecheck %s

// Every Matmul method op, LocalTensor and sub-tensor views, static tiling: custom format round trip.

func.func @setters(%a: !ascendc.gm_addr<f16>, %w: !ascendc.gm_addr<ui8>, %n: i32, %f: f16) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <vecin, nd, f16> c <vecin, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
  %g = ascendc.global_tensor : !ascendc.global_tensor<f16>
  ascendc.global_tensor.set_global_buffer %g, %a : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16>
  %off = arith.constant 64 : i64
  %view = ascendc.sub_tensor %g[%off : i64] : !ascendc.global_tensor<f16>
  %c0_u = ascendc.constant 0 : ui32
  %len = ascendc.constant 1024 : ui32
  %ub = ascendc.local_tensor vecin, %c0_u, %len : ui32, ui32 -> !ascendc.local_tensor<f16>
  %ub_view = ascendc.sub_tensor %ub[%off : i64] : !ascendc.local_tensor<f16>
  %false = arith.constant false
  ascendc.matmul.set_tensor_a %mm, %view, %false : !ascendc.global_tensor<f16>
  ascendc.matmul.set_tensor_b %mm, %ub_view, %false : !ascendc.local_tensor<f16>
  ascendc.matmul.set_scalar_a %mm, %f : f16
  %two = arith.constant 2.500000e+00 : f16
  ascendc.matmul.set_scalar_b %mm, %two : f16
  %bias = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.matmul.set_bias %mm, %bias : !ascendc.global_tensor<f32>
  ascendc.matmul.disable_bias %mm
  ascendc.matmul.set_self_define_data %mm, %a : !ascendc.gm_addr<f16>
  ascendc.matmul.set_self_define_data %mm, %g : !ascendc.global_tensor<f16>
  ascendc.matmul.set_self_define_data %mm, %n : i32
  ascendc.matmul.set_user_def_info %mm, %w : !ascendc.gm_addr<ui8>
  ascendc.matmul.set_user_def_info %mm, %g : !ascendc.global_tensor<f16>
  %m1 = arith.constant -1 : i32
  %c7 = arith.constant 7 : i32
  ascendc.matmul.set_tail %mm, %m1, %m1, %c7
  %ws = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.matmul.set_workspace %mm, %ws : !ascendc.global_tensor<f32>
  %size = arith.constant 4096 : i32
  ascendc.matmul.set_workspace %mm, %w, %size : !ascendc.gm_addr<ui8>
  %q = ascendc.constant 3 : ui64
  ascendc.matmul.set_quant_scalar %mm, %q
  %qv = ascendc.global_tensor : !ascendc.global_tensor<ui64>
  ascendc.matmul.set_quant_vector %mm, %qv : !ascendc.global_tensor<ui64>
  %ofs = ascendc.matrix_offset %n, %n, %n, %n, %n
  ascendc.matmul.end %mm
  func.return
}
func.func @results(%w: !ascendc.gm_addr<ui8>, %n: i32) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <vecin, nd, f32> bias <gm, nd, f32> config <is_n_batch = true>
  %l1 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <c1, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : i8
  %c0_u = ascendc.constant 0 : ui32
  %len = ascendc.constant 1024 : ui32
  %ub = ascendc.local_tensor vecin, %c0_u, %len : ui32, ui32 -> !ascendc.local_tensor<f32>
  %gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  %more = ascendc.matmul.iterate async %mm, %false
  ascendc.matmul.get_tensor_c async %mm, %ub, %c0, %false : !ascendc.local_tensor<f32>
  ascendc.matmul.get_tensor_c %mm, %gm, %c0, %true : !ascendc.global_tensor<f32>
  ascendc.matmul.get_tensor_c_dual %mm, %gm, %ub, %c0, %false : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>
  %view = ascendc.matmul.get_tensor_c_view %mm, %c0, %false : !ascendc.global_tensor<f32>
  ascendc.matmul.async_get_tensor_c %mm, %ub : !ascendc.local_tensor<f32>
  ascendc.matmul.wait_get_tensor_c %mm
  %l1t = ascendc.local_tensor c1, %c0_u, %len : ui32, ui32 -> !ascendc.local_tensor<f32>
  ascendc.matmul.iterate_all_local %l1, %l1t, %c0 : !ascendc.local_tensor<f32>
  %c2 = arith.constant 2 : i32
  %z = arith.constant 0 : i32
  ascendc.matmul.iterate_batch async wait %mm, %gm, %c2, %c2, %false, %z, %z, %z, %false, %c0 : !ascendc.global_tensor<f32>
  ascendc.matmul.iterate_batch %mm, %ub, %c2, %c2, %true, %z, %z, %z, %false, %c0 : !ascendc.local_tensor<f32>
  ascendc.matmul.wait_iterate_batch %mm
  %loop = arith.constant 64 : i32
  ascendc.matmul.iterate_n_batch async %mm, %loop, %c2, %c2, %false, %z, %z, %z
  ascendc.matmul.get_batch_tensor_c %mm, %ub, %c2, %c2, %false : !ascendc.local_tensor<f32>
  %bview = ascendc.matmul.get_batch_tensor_c_view %mm, %c2, %c2, %false : !ascendc.global_tensor<f32>
  func.return
}
func.func @cube(%w: !ascendc.gm_addr<ui8>, %n: i32) attributes {ascendc.kernel, ascendc.matmul_cube_only} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f32, layout bsngd> b <gm, nd, f32, layout bsngd> c <co1, nz, f32> bias <gm, nd, f32> config <do_norm = false, do_multi_data_load = true, batch_mode = NONE>
  ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : i8
  %c0_u = ascendc.constant 0 : ui32
  %len = ascendc.constant 1024 : ui32
  %co1 = ascendc.local_tensor co1, %c0_u, %len : ui32, ui32 -> !ascendc.local_tensor<f32>
  %more = ascendc.matmul.iterate %mm, %false, %co1 : !ascendc.local_tensor<f32>
  %idx = ascendc.global_tensor : !ascendc.global_tensor<ui8>
  ascendc.matmul.set_sparse_index %mm, %idx : !ascendc.global_tensor<ui8>
  %c1 = arith.constant 1 : i32
  ascendc.matmul.set_hf32 %mm, %true, %c1
  ascendc.matmul.set_batch_num %mm, %n, %n
  %gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  %z = arith.constant 0 : i32
  ascendc.matmul.iterate_batch_cube %mm, %gm, %false, %c0, %false, %z, %z, %z : !ascendc.global_tensor<f32>
  %ofs = ascendc.matmul.get_offset_c %mm
  func.return
}
func.func @static_tiling(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %st = ascendc.matmul.static_tiling a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <do_norm = false, do_multi_data_load = true> l1_size 524288
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> static_tiling %st
  ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
  %bm = ascendc.static_tiling.get %st "baseM" : i32
  func.return
}

func.func @dual_master(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16, trans, ib_share> b <gm, nd, f16, layout normal, ib_share> c <gm, nd, f32> bias <gm, nd, f32> config <enable_ub_reuse = true, enable_mix_dual_master = true>
  %one = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16, ib_share> c <gm, nd, f32> bias <gm, nd, f32> config <do_norm = false, do_ib_share_norm = true, enable_ub_reuse = true>
  func.return
}
// CHECK:      builtin.module {
// CHECK-NEXT:   func.func @setters(%a: !ascendc.gm_addr<f16>, %w: !ascendc.gm_addr<ui8>, %n: i32, %f: f16) attributes {ascendc.kernel} {
// CHECK-NEXT:     %pipe = ascendc.pipe
// CHECK-NEXT:     %mm = ascendc.matmul.create a <gm, nd, f16> b <vecin, nd, f16> c <vecin, nd, f32> bias <gm, nd, f32>
// CHECK-NEXT:     ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
// CHECK-NEXT:     %g = ascendc.global_tensor : !ascendc.global_tensor<f16>
// CHECK-NEXT:     ascendc.global_tensor.set_global_buffer %g, %a : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16>
// CHECK-NEXT:     %off = arith.constant 64 : i64
// CHECK-NEXT:     %view = ascendc.sub_tensor %g[%off : i64] : !ascendc.global_tensor<f16>
// CHECK-NEXT:     %c0_u = ascendc.constant 0 : ui32
// CHECK-NEXT:     %len = ascendc.constant 1024 : ui32
// CHECK-NEXT:     %ub = ascendc.local_tensor vecin, %c0_u, %len : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %ub_view = ascendc.sub_tensor %ub[%off : i64] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     ascendc.matmul.set_tensor_a %mm, %view, %false : !ascendc.global_tensor<f16>
// CHECK-NEXT:     ascendc.matmul.set_tensor_b %mm, %ub_view, %false : !ascendc.local_tensor<f16>
// CHECK-NEXT:     ascendc.matmul.set_scalar_a %mm, %f : f16
// CHECK-NEXT:     %two = arith.constant 2.500000e+00 : f16
// CHECK-NEXT:     ascendc.matmul.set_scalar_b %mm, %two : f16
// CHECK-NEXT:     %bias = ascendc.global_tensor : !ascendc.global_tensor<f32>
// CHECK-NEXT:     ascendc.matmul.set_bias %mm, %bias : !ascendc.global_tensor<f32>
// CHECK-NEXT:     ascendc.matmul.disable_bias %mm
// CHECK-NEXT:     ascendc.matmul.set_self_define_data %mm, %a : !ascendc.gm_addr<f16>
// CHECK-NEXT:     ascendc.matmul.set_self_define_data %mm, %g : !ascendc.global_tensor<f16>
// CHECK-NEXT:     ascendc.matmul.set_self_define_data %mm, %n : i32
// CHECK-NEXT:     ascendc.matmul.set_user_def_info %mm, %w : !ascendc.gm_addr<ui8>
// CHECK-NEXT:     ascendc.matmul.set_user_def_info %mm, %g : !ascendc.global_tensor<f16>
// CHECK-NEXT:     %m1 = arith.constant -1 : i32
// CHECK-NEXT:     %c7 = arith.constant 7 : i32
// CHECK-NEXT:     ascendc.matmul.set_tail %mm, %m1, %m1, %c7
// CHECK-NEXT:     %ws = ascendc.global_tensor : !ascendc.global_tensor<f32>
// CHECK-NEXT:     ascendc.matmul.set_workspace %mm, %ws : !ascendc.global_tensor<f32>
// CHECK-NEXT:     %size = arith.constant 4096 : i32
// CHECK-NEXT:     ascendc.matmul.set_workspace %mm, %w, %size : !ascendc.gm_addr<ui8>
// CHECK-NEXT:     %q = ascendc.constant 3 : ui64
// CHECK-NEXT:     ascendc.matmul.set_quant_scalar %mm, %q
// CHECK-NEXT:     %qv = ascendc.global_tensor : !ascendc.global_tensor<ui64>
// CHECK-NEXT:     ascendc.matmul.set_quant_vector %mm, %qv : !ascendc.global_tensor<ui64>
// CHECK-NEXT:     %ofs = ascendc.matrix_offset %n, %n, %n, %n, %n
// CHECK-NEXT:     ascendc.matmul.end %mm
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @results(%w: !ascendc.gm_addr<ui8>, %n: i32) attributes {ascendc.kernel} {
// CHECK-NEXT:     %pipe = ascendc.pipe
// CHECK-NEXT:     %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <vecin, nd, f32> bias <gm, nd, f32> config <is_n_batch = true>
// CHECK-NEXT:     %l1 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <c1, nd, f32> bias <gm, nd, f32>
// CHECK-NEXT:     ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %c0 = arith.constant 0 : i8
// CHECK-NEXT:     %c0_u = ascendc.constant 0 : ui32
// CHECK-NEXT:     %len = ascendc.constant 1024 : ui32
// CHECK-NEXT:     %ub = ascendc.local_tensor vecin, %c0_u, %len : ui32, ui32 -> !ascendc.local_tensor<f32>
// CHECK-NEXT:     %gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
// CHECK-NEXT:     %more = ascendc.matmul.iterate async %mm, %false
// CHECK-NEXT:     ascendc.matmul.get_tensor_c async %mm, %ub, %c0, %false : !ascendc.local_tensor<f32>
// CHECK-NEXT:     ascendc.matmul.get_tensor_c %mm, %gm, %c0, %true : !ascendc.global_tensor<f32>
// CHECK-NEXT:     ascendc.matmul.get_tensor_c_dual %mm, %gm, %ub, %c0, %false : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>
// CHECK-NEXT:     %view = ascendc.matmul.get_tensor_c_view %mm, %c0, %false : !ascendc.global_tensor<f32>
// CHECK-NEXT:     ascendc.matmul.async_get_tensor_c %mm, %ub : !ascendc.local_tensor<f32>
// CHECK-NEXT:     ascendc.matmul.wait_get_tensor_c %mm
// CHECK-NEXT:     %l1t = ascendc.local_tensor c1, %c0_u, %len : ui32, ui32 -> !ascendc.local_tensor<f32>
// CHECK-NEXT:     ascendc.matmul.iterate_all_local %l1, %l1t, %c0 : !ascendc.local_tensor<f32>
// CHECK-NEXT:     %c2 = arith.constant 2 : i32
// CHECK-NEXT:     %z = arith.constant 0 : i32
// CHECK-NEXT:     ascendc.matmul.iterate_batch async wait %mm, %gm, %c2, %c2, %false, %z, %z, %z, %false, %c0 : !ascendc.global_tensor<f32>
// CHECK-NEXT:     ascendc.matmul.iterate_batch %mm, %ub, %c2, %c2, %true, %z, %z, %z, %false, %c0 : !ascendc.local_tensor<f32>
// CHECK-NEXT:     ascendc.matmul.wait_iterate_batch %mm
// CHECK-NEXT:     %loop = arith.constant 64 : i32
// CHECK-NEXT:     ascendc.matmul.iterate_n_batch async %mm, %loop, %c2, %c2, %false, %z, %z, %z
// CHECK-NEXT:     ascendc.matmul.get_batch_tensor_c %mm, %ub, %c2, %c2, %false : !ascendc.local_tensor<f32>
// CHECK-NEXT:     %bview = ascendc.matmul.get_batch_tensor_c_view %mm, %c2, %c2, %false : !ascendc.global_tensor<f32>
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @cube(%w: !ascendc.gm_addr<ui8>, %n: i32) attributes {ascendc.kernel, ascendc.matmul_cube_only} {
// CHECK-NEXT:     %pipe = ascendc.pipe
// CHECK-NEXT:     %mm = ascendc.matmul.create a <gm, nd, f32, layout bsngd> b <gm, nd, f32, layout bsngd> c <co1, nz, f32> bias <gm, nd, f32> config <do_norm = false, do_multi_data_load = true, batch_mode = NONE>
// CHECK-NEXT:     ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %c0 = arith.constant 0 : i8
// CHECK-NEXT:     %c0_u = ascendc.constant 0 : ui32
// CHECK-NEXT:     %len = ascendc.constant 1024 : ui32
// CHECK-NEXT:     %co1 = ascendc.local_tensor co1, %c0_u, %len : ui32, ui32 -> !ascendc.local_tensor<f32>
// CHECK-NEXT:     %more = ascendc.matmul.iterate %mm, %false, %co1 : !ascendc.local_tensor<f32>
// CHECK-NEXT:     %idx = ascendc.global_tensor : !ascendc.global_tensor<ui8>
// CHECK-NEXT:     ascendc.matmul.set_sparse_index %mm, %idx : !ascendc.global_tensor<ui8>
// CHECK-NEXT:     %c1 = arith.constant 1 : i32
// CHECK-NEXT:     ascendc.matmul.set_hf32 %mm, %true, %c1
// CHECK-NEXT:     ascendc.matmul.set_batch_num %mm, %n, %n
// CHECK-NEXT:     %gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
// CHECK-NEXT:     %z = arith.constant 0 : i32
// CHECK-NEXT:     ascendc.matmul.iterate_batch_cube %mm, %gm, %false, %c0, %false, %z, %z, %z : !ascendc.global_tensor<f32>
// CHECK-NEXT:     %ofs = ascendc.matmul.get_offset_c %mm
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @static_tiling(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
// CHECK-NEXT:     %pipe = ascendc.pipe
// CHECK-NEXT:     %st = ascendc.matmul.static_tiling a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <do_norm = false, do_multi_data_load = true> l1_size 524288
// CHECK-NEXT:     %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> static_tiling %st
// CHECK-NEXT:     ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
// CHECK-NEXT:     %bm = ascendc.static_tiling.get %st "baseM" : i32
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @dual_master(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
// CHECK-NEXT:     %pipe = ascendc.pipe
// CHECK-NEXT:     %mm = ascendc.matmul.create a <gm, nd, f16, trans, ib_share> b <gm, nd, f16, layout normal, ib_share> c <gm, nd, f32> bias <gm, nd, f32> config <enable_ub_reuse = true, enable_mix_dual_master = true>
// CHECK-NEXT:     %one = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16, ib_share> c <gm, nd, f32> bias <gm, nd, f32> config <do_norm = false, do_ib_share_norm = true, enable_ub_reuse = true>
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
