// RUN: ascx-opt %s | ascx-opt | filecheck %s
// RUN: ascx-opt %s --print-op-generic | ascx-opt | filecheck %s

// Every op of the cube-level API (Mmad and MmadWithSparse, the matrix loads, InitConstValue, the
// cube settings, Fixpipe, the ND/NZ DataCopy forms, LocalMemAllocator, AIPP): the custom format
// round-trips, generic form too.  The module is what `ascx compile --emit ir` makes of a kernel that
// calls every form of tests/language/test_cube_api.py's EMITS once.

builtin.module {
  ascendc.define "ASCENDC_CUBE_ONLY"
  ascendc.include "kernel_operator.h"
  ascendc.include "lib/matmul_intf.h"
  func.func @k(%x: !ascendc.gm_addr<f16>, %y: !ascendc.gm_addr<f16>, %z: !ascendc.gm_addr<f32>, %w: !ascendc.gm_addr<i32>, %q: !ascendc.gm_addr<i8>, %uu: !ascendc.gm_addr<ui8>, %n: i32, %f: f32, %ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}) attributes {ascendc.kernel, ascendc.matmul_cube_only, ascendc.kernel_type = #ascendc<kernel_type aic_only>} {
    ascendc.set_ffts_base_addr %ffts_addr
    %xg = ascendc.global_tensor : !ascendc.global_tensor<f16>
    ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16>
    %yg = ascendc.global_tensor : !ascendc.global_tensor<f16>
    ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16>
    %zg = ascendc.global_tensor : !ascendc.global_tensor<f32>
    ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>
    %wg = ascendc.global_tensor : !ascendc.global_tensor<i32>
    ascendc.global_tensor.set_global_buffer %wg, %w : !ascendc.global_tensor<i32>, !ascendc.gm_addr<i32>
    %qg = ascendc.global_tensor : !ascendc.global_tensor<i8>
    ascendc.global_tensor.set_global_buffer %qg, %q : !ascendc.global_tensor<i8>, !ascendc.gm_addr<i8>
    %ug = ascendc.global_tensor : !ascendc.global_tensor<ui8>
    ascendc.global_tensor.set_global_buffer %ug, %uu : !ascendc.global_tensor<ui8>, !ascendc.gm_addr<ui8>
    %c0_ui32 = ascendc.constant 0 : ui32
    %c4096_ui32 = ascendc.constant 4096 : ui32
    %a1 = ascendc.local_tensor a1, %c0_ui32, %c4096_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %c8192_ui32 = ascendc.constant 8192 : ui32
    %b1 = ascendc.local_tensor b1, %c8192_ui32, %c4096_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %a2 = ascendc.local_tensor a2, %c0_ui32, %c4096_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %b2 = ascendc.local_tensor b2, %c0_ui32, %c4096_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %c1 = ascendc.local_tensor co1, %c0_ui32, %c4096_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
    %c64_ui32 = ascendc.constant 64 : ui32
    %bias = ascendc.local_tensor c2, %c0_ui32, %c64_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
    %c16384_ui32 = ascendc.constant 16384 : ui32
    %ws = ascendc.local_tensor c1, %c16384_ui32, %c64_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui64>
    %c32768_ui32 = ascendc.constant 32768 : ui32
    %s1 = ascendc.local_tensor a1, %c32768_ui32, %c4096_ui32 : ui32, ui32 -> !ascendc.local_tensor<i8>
    %s2 = ascendc.local_tensor a2, %c16384_ui32, %c4096_ui32 : ui32, ui32 -> !ascendc.local_tensor<i8>
    %sb2 = ascendc.local_tensor b2, %c16384_ui32, %c4096_ui32 : ui32, ui32 -> !ascendc.local_tensor<i8>
    %c40960_ui32 = ascendc.constant 40960 : ui32
    %c1024_ui32 = ascendc.constant 1024 : ui32
    %idx = ascendc.local_tensor b1, %c40960_ui32, %c1024_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui8>
    %i1 = ascendc.local_tensor co1, %c16384_ui32, %c1024_ui32 : ui32, ui32 -> !ascendc.local_tensor<i32>
    %c49152_ui32 = ascendc.constant 49152 : ui32
    %c2048_ui32 = ascendc.constant 2048 : ui32
    %f1 = ascendc.local_tensor a1, %c49152_ui32, %c2048_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
    %c24576_ui32 = ascendc.constant 24576 : ui32
    %f2 = ascendc.local_tensor a2, %c24576_ui32, %c2048_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
    %fb2 = ascendc.local_tensor b2, %c24576_ui32, %c2048_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
    %u = ascendc.local_tensor vecin, %c0_ui32, %c4096_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %c65536_ui32 = ascendc.constant 65536 : ui32
    %t = ascendc.local_tensor tscm, %c65536_ui32, %c4096_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %c32_ui32 = ascendc.constant 32 : ui32
    %c256_ui32 = ascendc.constant 256 : ui32
    %odd = ascendc.local_tensor a2, %c32_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %c16_ui16 = ascendc.constant 16 : ui16
    %c0_ui8 = ascendc.constant 0 : ui8
    %false = arith.constant false
    %true = arith.constant true
    %0 = ascendc.params %c16_ui16, %c16_ui16, %c16_ui16, %c0_ui8, %false, %true : ui16, ui16, ui16, ui8, i1, i1 -> !ascendc.params<mmad>
    ascendc.mmad %c1, %a2, %b2, %0 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<mmad>
    %c0_ui16 = ascendc.constant 0 : ui16
    %1 = ascendc.params %c0_ui16, %c0_ui16, %c0_ui16, %c0_ui8, %false, %true : ui16, ui16, ui16, ui8, i1, i1 -> !ascendc.params<mmad>
    ascendc.mmad %c1, %a2, %b2, %1 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<mmad>
    %c32_ui16 = ascendc.constant 32 : ui16
    %c3_ui8 = ascendc.constant 3 : ui8
    %2 = ascendc.params %c32_ui16, %n, %c16_ui16, %c3_ui8, %false, %false : ui16, i32, ui16, ui8, i1, i1 -> !ascendc.params<mmad>
    ascendc.mmad %c1, %a2, %b2, %2 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<mmad>
    %3 = ascendc.params %c16_ui16, %c16_ui16, %c16_ui16, %c0_ui8, %false, %false : ui16, ui16, ui16, ui8, i1, i1 -> !ascendc.params<mmad>
    ascendc.mmad %c1, %a2, %b2 bias %bias, %3 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<mmad> bias !ascendc.local_tensor<f32>
    %c0_i32 = arith.constant 0 : i32
    %4 = ascendc.params %c16_ui16, %c16_ui16, %c16_ui16, %true, %c0_i32, %false, %false, %false : ui16, ui16, ui16, i1, i32, i1, i1, i1 -> !ascendc.params<mmad_legacy>
    ascendc.mmad %c1, %a2, %b2, %4 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<mmad_legacy>
    %5 = ascendc.params %c16_ui16, %c16_ui16, %c32_ui16, %c0_ui8, %false, %true : ui16, ui16, ui16, ui8, i1, i1 -> !ascendc.params<mmad>
    ascendc.mmad %i1, %s2, %sb2, %5 : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.params<mmad>
    %c8_ui16 = ascendc.constant 8 : ui16
    %6 = ascendc.params %c16_ui16, %c16_ui16, %c8_ui16, %c0_ui8, %false, %true : ui16, ui16, ui16, ui8, i1, i1 -> !ascendc.params<mmad>
    ascendc.mmad %c1, %f2, %fb2, %6 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.params<mmad>
    %c20_ui16 = ascendc.constant 20 : ui16
    %7 = ascendc.params %c20_ui16, %c20_ui16, %c20_ui16, %false, %c0_i32, %false, %false, %false : ui16, ui16, ui16, i1, i32, i1, i1, i1 -> !ascendc.params<mmad_legacy>
    ascendc.mmad_with_sparse %i1, %s2, %sb2, %7 : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.params<mmad_legacy>
    %c4_ui8 = ascendc.constant 4 : ui8
    %8 = ascendc.params %c0_ui16, %c4_ui8, %c0_ui16, %c0_ui8, %c0_ui16, %false, %c0_ui8 : ui16, ui8, ui16, ui8, ui16, i1, ui8 -> !ascendc.params<load_data_2d>
    ascendc.load_data %a2, %a1, %8 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<load_data_2d>
    %c2_ui16 = ascendc.constant 2 : ui16
    %9 = ascendc.params %c0_ui16, %n, %c2_ui16, %c0_ui8, %c0_ui16, %true, %c0_ui8 : ui16, i32, ui16, ui8, ui16, i1, ui8 -> !ascendc.params<load_data_2d>
    ascendc.load_data %b2, %b1, %9 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<load_data_2d>
    %c1_ui16 = ascendc.constant 1 : ui16
    %c2_ui8 = ascendc.constant 2 : ui8
    %10 = ascendc.params %c1_ui16, %c2_ui8, %c0_ui16, %c0_ui8, %c0_ui16, %false, %c0_ui8 : ui16, ui8, ui16, ui8, ui16, i1, ui8 -> !ascendc.params<load_data_2d>
    ascendc.load_data %a2, %xg, %10 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.params<load_data_2d>
    %c6_ui16 = ascendc.constant 6 : ui16
    %c1_ui8 = ascendc.constant 1 : ui8
    %11 = ascendc.params %c6_ui16, %c4_ui8, %c2_ui16, %c0_ui8, %c0_ui16, %false, %c1_ui8 : ui16, ui8, ui16, ui8, ui16, i1, ui8 -> !ascendc.params<load_data_2d>
    ascendc.load_data %a1, %xg, %11 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.params<load_data_2d>
    %pad_list = ascendc.pad_list %c0_ui8, %c0_ui8, %c0_ui8, %c0_ui8 : ui8, ui8, ui8, ui8 -> !ascendc.pad_list<4>
    %cst = arith.constant 0.000000e+00 : f16
    %12 = ascendc.params %pad_list, %c16_ui16, %c16_ui16, %c16_ui16, %c16_ui16, %c16_ui16, %c0_ui16, %c0_ui16, %c1_ui8, %c1_ui8, %c3_ui8, %c3_ui8, %c1_ui8, %c1_ui8, %false, %false, %cst, %false, %false, %false : !ascendc.pad_list<4>, ui16, ui16, ui16, ui16, ui16, ui16, ui16, ui8, ui8, ui8, ui8, ui8, ui8, i1, i1, f16, i1, i1, i1 -> !ascendc.params<load_data_3d_v2, f16>
    ascendc.load_data %a2, %a1, %12 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<load_data_3d_v2, f16>
    %c0_ui64 = ascendc.constant 0 : ui64
    %c1103823438081_ui64 = ascendc.constant 1103823438081 : ui64
    %13 = ascendc.params %c16_ui16, %false, %false, %false, %false, %false, %c0_ui64, %c1103823438081_ui64 : ui16, i1, i1, i1, i1, i1, ui64, ui64 -> !ascendc.params<load_data_3d_v2_pro>
    ascendc.load_data %a2, %a1, %13 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<load_data_3d_v2_pro>
    %14 = ascendc.params %c0_ui16, %c4_ui8, %c1_ui16, %c0_ui16, %c0_ui16, %c0_ui8 : ui16, ui8, ui16, ui16, ui16, ui8 -> !ascendc.params<load_data_2d_transpose>
    ascendc.load_data_with_transpose %b2, %b1, %14 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<load_data_2d_transpose>
    %c45056_ui32 = ascendc.constant 45056 : ui32
    %sb1 = ascendc.local_tensor b1, %c45056_ui32, %c1024_ui32 : ui32, ui32 -> !ascendc.local_tensor<i8>
    %15 = ascendc.params %c0_ui16, %c2_ui8, %c1_ui16, %c0_ui8, %c0_ui16, %false, %c0_ui8 : ui16, ui8, ui16, ui8, ui16, i1, ui8 -> !ascendc.params<load_data_2d>
    ascendc.load_data_with_sparse %sb2, %sb1, %idx, %15 : !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.local_tensor<ui8>, !ascendc.params<load_data_2d>
    %cst_1 = arith.constant 3.000000e+00 : f16
    %16 = ascendc.params %c1_ui16, %c2_ui16, %c0_ui16, %cst_1 : ui16, ui16, ui16, f16 -> !ascendc.params<init_const_value, f16>
    ascendc.init_const_value %a1, %16 : !ascendc.local_tensor<f16>, !ascendc.params<init_const_value, f16>
    %17 = ascendc.params %c1_ui16, %c2_ui16, %c0_ui16, %f : ui16, ui16, ui16, f32 -> !ascendc.params<init_const_value, f32>
    ascendc.init_const_value %f2, %17 : !ascendc.local_tensor<f32>, !ascendc.params<init_const_value, f32>
    ascendc.cube_setting load_data_boundary %c1024_ui32 : ui32
    %c10_i32 = arith.constant 10 : i32
    ascendc.cube_setting load_data_padding_value %c10_i32 : i32
    %cst_2 = arith.constant 2.000000e+00 : f32
    ascendc.cube_setting load_data_padding_value %cst_2 : f32
    %18 = ascendc.params %c8_ui16, %c4_ui8, %c0_ui8 : ui16, ui8, ui8 -> !ascendc.params<load_data_repeat>
    ascendc.cube_setting load_data_repeat %18 : !ascendc.params<load_data_repeat>
    %c16_ui32 = ascendc.constant 16 : ui32
    %c0_i64 = arith.constant 0 : i64
    %19 = ascendc.params %c16_ui16, %c16_ui16, %c16_ui16, %c16_ui32, %false, %c1_ui8, %c0_i64, %c1_ui16, %c0_ui16, %c0_ui16, %c0_ui8, %false : ui16, ui16, ui16, ui32, i1, ui8, i64, ui16, ui16, ui16, ui8, i1 -> !ascendc.params<fixpipe_v220>
    ascendc.fixpipe row_major %yg, %c1, %19 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.params<fixpipe_v220>
    %20 = ascendc.params %c32_ui16, %c16_ui16, %c16_ui16, %c32_ui32, %true, %c0_ui8, %c0_i64, %c1_ui16, %c0_ui16, %c0_ui16, %c0_ui8, %false : ui16, ui16, ui16, ui32, i1, ui8, i64, ui16, ui16, ui16, ui8, i1 -> !ascendc.params<fixpipe_v220>
    ascendc.fixpipe nz %zg, %c1, %20 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.params<fixpipe_v220>
    %21 = ascendc.params %c32_ui16, %c16_ui16, %c16_ui16, %c32_ui32, %false, %c0_ui8, %c0_i64, %c1_ui16, %c0_ui16, %c0_ui16, %c0_ui8, %false : ui16, ui16, ui16, ui32, i1, ui8, i64, ui16, ui16, ui16, ui8, i1 -> !ascendc.params<fixpipe_v220>
    ascendc.fixpipe nz %zg, %c1, %21 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.params<fixpipe_v220>
    %c6_ui8 = ascendc.constant 6 : ui8
    %22 = ascendc.params %c16_ui16, %c16_ui16, %c16_ui16, %c16_ui32, %false, %c6_ui8, %c0_i64, %c1_ui16, %c0_ui16, %c0_ui16, %c0_ui8, %false : ui16, ui16, ui16, ui32, i1, ui8, i64, ui16, ui16, ui16, ui8, i1 -> !ascendc.params<fixpipe_v220>
    ascendc.fixpipe row_major %qg, %c1 workspace %ws, %22 : !ascendc.global_tensor<i8>, !ascendc.local_tensor<f32>, !ascendc.params<fixpipe_v220> workspace !ascendc.local_tensor<ui64>
    %c2_ui32 = ascendc.constant 2 : ui32
    %23 = ascendc.params %c16_ui16, %c16_ui16, %c16_ui16, %c2_ui32, %false, %c0_ui8, %c0_i64, %c1_ui16, %c0_ui16, %c0_ui16, %c0_ui8, %false : ui16, ui16, ui16, ui32, i1, ui8, i64, ui16, ui16, ui16, ui8, i1 -> !ascendc.params<fixpipe_v220>
    ascendc.fixpipe row_major %f1, %c1, %23 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.params<fixpipe_v220>
    %c11_ui64 = ascendc.constant 11 : ui64
    ascendc.cube_setting fixpipe_pre_quant_flag %c11_ui64 : ui64
    ascendc.cube_setting hf32_mode %true : i1
    ascendc.cube_setting hf32_trans_mode %false : i1
    %24 = arith.cmpi sgt, %n, %c0_i32 : i32
    ascendc.cube_setting mm_layout_transform %24 : i1
    %c37_i32 = arith.constant 37 : i32
    ascendc.set_pad_value %c37_i32 : i32
    ascendc.set_pad_value %c37_i32 at vecin : i32
    ascendc.set_pad_value %f at vecout : f32
    %25 = ascendc.params %c1_ui16, %c32_ui16, %c32_ui16, %c0_ui16, %c32_ui16, %c32_ui16, %c1_ui16, %c0_ui16 : ui16, ui16, ui16, ui16, ui16, ui16, ui16, ui16 -> !ascendc.params<nd2nz>
    ascendc.data_copy_nd2nz %a1, %xg, %25 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.params<nd2nz>
    %26 = ascendc.params %c1_ui16, %c32_ui16, %c32_ui16, %c0_ui16, %c32_ui16, %c32_ui16, %c1_ui16, %c0_ui16 : ui16, ui16, ui16, ui16, ui16, ui16, ui16, ui16 -> !ascendc.params<nd2nz>
    ascendc.data_copy_nd2nz %t, %u, %26 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<nd2nz>
    %27 = ascendc.params %c1_ui16, %c32_ui16, %c32_ui16, %c1_ui16, %c32_ui16, %c32_ui16, %c1_ui16 : ui16, ui16, ui16, ui16, ui16, ui16, ui16 -> !ascendc.params<nz2nd_full>
    ascendc.data_copy_nz2nd %yg, %u, %27 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<nz2nd_full>
    %28 = ascendc.params %c16_ui16, %c16_ui16, %c16_ui32, %c16_ui16, %c1_ui8, %c1_ui8, %false, %true : ui16, ui16, ui32, ui16, ui8, ui8, i1, i1 -> !ascendc.params<data_copy_co12_dst>
    ascendc.data_copy_co12_dst %yg, %c1, %28 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.params<data_copy_co12_dst>
    %29 = ascendc.params %c16_ui16, %c16_ui16, %c2_ui32, %c16_ui16, %c0_ui8, %c0_ui8, %false, %false : ui16, ui16, ui32, ui16, ui8, ui8, i1, i1 -> !ascendc.params<data_copy_co12_dst>
    ascendc.data_copy_co12_dst %f1, %c1, %29 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.params<data_copy_co12_dst>
    %30 = ascendc.params %c1_ui16, %c8_ui16, %c0_ui16, %c0_ui16 : ui16, ui16, ui16, ui16 -> !ascendc.params<data_copy>
    %31 = ascendc.params %c0_ui8, %c0_ui8, %c0_ui64, %c0_ui8, %false, %c0_ui8, %c0_ui64 : ui8, ui8, ui64, ui8, i1, ui8, ui64 -> !ascendc.params<data_copy_enhanced>
    ascendc.data_copy_enhanced %a1, %xg, %30, %31 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.params<data_copy>, !ascendc.params<data_copy_enhanced>
    %32 = ascendc.params %c1_ui16, %c8_ui16, %c0_ui16, %c0_ui16 : ui16, ui16, ui16, ui16 -> !ascendc.params<data_copy>
    %c3_ui64 = ascendc.constant 3 : ui64
    %33 = ascendc.params %c1_ui8, %c3_ui8, %c3_ui64, %c0_ui8, %true, %c2_ui8, %c0_ui64 : ui8, ui8, ui64, ui8, i1, ui8, ui64 -> !ascendc.params<data_copy_enhanced>
    ascendc.data_copy_enhanced %u, %xg, %32, %33 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.params<data_copy>, !ascendc.params<data_copy_enhanced>
    %l1 = ascendc.local_mem_allocator l1 : !ascendc.local_mem_allocator<l1>
    %t1 = ascendc.local_mem_allocator.alloc %l1 a1 size 512 : !ascendc.local_mem_allocator<l1> -> !ascendc.local_tensor<f16>
    %t2 = ascendc.local_mem_allocator.alloc %l1 b1 dynamic %n : !ascendc.local_mem_allocator<l1>, i32 -> !ascendc.local_tensor<f32>
    %addr = ascendc.local_mem_allocator.get_cur_addr %l1 : !ascendc.local_mem_allocator<l1> -> ui32
    %ub = ascendc.local_mem_allocator ub : !ascendc.local_mem_allocator<ub>
    %v = ascendc.local_mem_allocator.alloc %ub veccalc size 64 : !ascendc.local_mem_allocator<ub> -> !ascendc.local_tensor<i32>
    %c0_i8 = arith.constant 0 : i8
    %padding_params = ascendc.params %c0_ui32, %c0_i8, %c0_i8, %c0_i8, %c0_i8 : ui32, i8, i8, i8, i8 -> !ascendc.params<aipp_padding, i8>
    %swap_params = ascendc.params %true, %false, %false : i1, i1, i1 -> !ascendc.params<aipp_swap>
    %single_line_params = ascendc.params %false : i1 -> !ascendc.params<aipp_single_line>
    %cst_3 = arith.constant 1.000000e+00 : f16
    %dtc_params = ascendc.params %c0_ui8, %c0_ui8, %c0_ui8, %cst, %cst, %cst, %cst_3, %cst_3, %cst_3, %c0_ui32 : ui8, ui8, ui8, f16, f16, f16, f16, f16, f16, ui32 -> !ascendc.params<aipp_dtc>
    %c_padding_params = ascendc.params %c0_ui32, %c0_i8 : ui32, i8 -> !ascendc.params<aipp_channel_padding, i8>
    %c0_i16 = arith.constant 0 : i16
    %csc_params = ascendc.params %false, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_ui8, %c0_ui8, %c0_ui8, %c0_ui8, %c0_ui8, %c0_ui8 : i1, i16, i16, i16, i16, i16, i16, i16, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<aipp_csc>
    %cfg = ascendc.params %padding_params, %swap_params, %single_line_params, %dtc_params, %c_padding_params, %csc_params : !ascendc.params<aipp_padding, i8>, !ascendc.params<aipp_swap>, !ascendc.params<aipp_single_line>, !ascendc.params<aipp_dtc>, !ascendc.params<aipp_channel_padding, i8>, !ascendc.params<aipp_csc> -> !ascendc.params<aipp, i8>
    ascendc.set_aipp_functions rgb888_u8 %ug, %cfg : !ascendc.global_tensor<ui8>, !ascendc.params<aipp, i8>
    %padding_params_1 = ascendc.params %c0_ui32, %cst, %cst, %cst, %cst : ui32, f16, f16, f16, f16 -> !ascendc.params<aipp_padding, f16>
    %swap_params_1 = ascendc.params %false, %false, %false : i1, i1, i1 -> !ascendc.params<aipp_swap>
    %single_line_params_1 = ascendc.params %false : i1 -> !ascendc.params<aipp_single_line>
    %c128_ui8 = ascendc.constant 128 : ui8
    %dtc_params_1 = ascendc.params %c128_ui8, %c0_ui8, %c0_ui8, %cst, %cst, %cst, %cst_3, %cst_3, %cst_3, %c0_ui32 : ui8, ui8, ui8, f16, f16, f16, f16, f16, f16, ui32 -> !ascendc.params<aipp_dtc>
    %c_padding_params_1 = ascendc.params %c0_ui32, %cst : ui32, f16 -> !ascendc.params<aipp_channel_padding, f16>
    %csc_params_1 = ascendc.params %false, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_ui8, %c0_ui8, %c0_ui8, %c0_ui8, %c0_ui8, %c0_ui8 : i1, i16, i16, i16, i16, i16, i16, i16, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<aipp_csc>
    %cfg_1 = ascendc.params %padding_params_1, %swap_params_1, %single_line_params_1, %dtc_params_1, %c_padding_params_1, %csc_params_1 : !ascendc.params<aipp_padding, f16>, !ascendc.params<aipp_swap>, !ascendc.params<aipp_single_line>, !ascendc.params<aipp_dtc>, !ascendc.params<aipp_channel_padding, f16>, !ascendc.params<aipp_csc> -> !ascendc.params<aipp, f16>
    ascendc.set_aipp_functions yuv420sp_u8 %ug uv %ug, %cfg_1 : !ascendc.global_tensor<ui8>, !ascendc.params<aipp, f16> uv !ascendc.global_tensor<ui8>
    %34 = ascendc.params %c2_ui16, %c2_ui16, %c0_ui16, %c0_ui16, %c2_ui16, %c0_ui8, %c0_ui8, %c0_ui16, %c0_ui16 : ui16, ui16, ui16, ui16, ui16, ui8, ui8, ui16, ui16 -> !ascendc.params<load_image_to_local>
    ascendc.load_image_to_local %a1, %34 : !ascendc.local_tensor<f16>, !ascendc.params<load_image_to_local>
    func.return
  }
}

// CHECK:      builtin.module {
// CHECK-NEXT:   ascendc.define "ASCENDC_CUBE_ONLY"
// CHECK-NEXT:   ascendc.include "kernel_operator.h"
// CHECK-NEXT:   ascendc.include "lib/matmul_intf.h"
// CHECK-NEXT:   func.func @k(%x: !ascendc.gm_addr<f16>, %y: !ascendc.gm_addr<f16>, %z: !ascendc.gm_addr<f32>, %w: !ascendc.gm_addr<i32>, %q: !ascendc.gm_addr<i8>, %uu: !ascendc.gm_addr<ui8>, %n: i32, %f: f32, %ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}) attributes {ascendc.kernel, ascendc.matmul_cube_only, ascendc.kernel_type = #ascendc<kernel_type aic_only>} {
// CHECK-NEXT:     ascendc.set_ffts_base_addr %ffts_addr
// CHECK-NEXT:     %xg = ascendc.global_tensor : !ascendc.global_tensor<f16>
// CHECK-NEXT:     ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16>
// CHECK-NEXT:     %yg = ascendc.global_tensor : !ascendc.global_tensor<f16>
// CHECK-NEXT:     ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16>
// CHECK-NEXT:     %zg = ascendc.global_tensor : !ascendc.global_tensor<f32>
// CHECK-NEXT:     ascendc.global_tensor.set_global_buffer %zg, %z : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>
// CHECK-NEXT:     %wg = ascendc.global_tensor : !ascendc.global_tensor<i32>
// CHECK-NEXT:     ascendc.global_tensor.set_global_buffer %wg, %w : !ascendc.global_tensor<i32>, !ascendc.gm_addr<i32>
// CHECK-NEXT:     %qg = ascendc.global_tensor : !ascendc.global_tensor<i8>
// CHECK-NEXT:     ascendc.global_tensor.set_global_buffer %qg, %q : !ascendc.global_tensor<i8>, !ascendc.gm_addr<i8>
// CHECK-NEXT:     %ug = ascendc.global_tensor : !ascendc.global_tensor<ui8>
// CHECK-NEXT:     ascendc.global_tensor.set_global_buffer %ug, %uu : !ascendc.global_tensor<ui8>, !ascendc.gm_addr<ui8>
// CHECK-NEXT:     %c0_ui32 = ascendc.constant 0 : ui32
// CHECK-NEXT:     %c4096_ui32 = ascendc.constant 4096 : ui32
// CHECK-NEXT:     %a1 = ascendc.local_tensor a1, %c0_ui32, %c4096_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c8192_ui32 = ascendc.constant 8192 : ui32
// CHECK-NEXT:     %b1 = ascendc.local_tensor b1, %c8192_ui32, %c4096_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %a2 = ascendc.local_tensor a2, %c0_ui32, %c4096_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %b2 = ascendc.local_tensor b2, %c0_ui32, %c4096_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c1 = ascendc.local_tensor co1, %c0_ui32, %c4096_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
// CHECK-NEXT:     %c64_ui32 = ascendc.constant 64 : ui32
// CHECK-NEXT:     %bias = ascendc.local_tensor c2, %c0_ui32, %c64_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
// CHECK-NEXT:     %c16384_ui32 = ascendc.constant 16384 : ui32
// CHECK-NEXT:     %ws = ascendc.local_tensor c1, %c16384_ui32, %c64_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui64>
// CHECK-NEXT:     %c32768_ui32 = ascendc.constant 32768 : ui32
// CHECK-NEXT:     %s1 = ascendc.local_tensor a1, %c32768_ui32, %c4096_ui32 : ui32, ui32 -> !ascendc.local_tensor<i8>
// CHECK-NEXT:     %s2 = ascendc.local_tensor a2, %c16384_ui32, %c4096_ui32 : ui32, ui32 -> !ascendc.local_tensor<i8>
// CHECK-NEXT:     %sb2 = ascendc.local_tensor b2, %c16384_ui32, %c4096_ui32 : ui32, ui32 -> !ascendc.local_tensor<i8>
// CHECK-NEXT:     %c40960_ui32 = ascendc.constant 40960 : ui32
// CHECK-NEXT:     %c1024_ui32 = ascendc.constant 1024 : ui32
// CHECK-NEXT:     %idx = ascendc.local_tensor b1, %c40960_ui32, %c1024_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui8>
// CHECK-NEXT:     %i1 = ascendc.local_tensor co1, %c16384_ui32, %c1024_ui32 : ui32, ui32 -> !ascendc.local_tensor<i32>
// CHECK-NEXT:     %c49152_ui32 = ascendc.constant 49152 : ui32
// CHECK-NEXT:     %c2048_ui32 = ascendc.constant 2048 : ui32
// CHECK-NEXT:     %f1 = ascendc.local_tensor a1, %c49152_ui32, %c2048_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
// CHECK-NEXT:     %c24576_ui32 = ascendc.constant 24576 : ui32
// CHECK-NEXT:     %f2 = ascendc.local_tensor a2, %c24576_ui32, %c2048_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
// CHECK-NEXT:     %fb2 = ascendc.local_tensor b2, %c24576_ui32, %c2048_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
// CHECK-NEXT:     %u = ascendc.local_tensor vecin, %c0_ui32, %c4096_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c65536_ui32 = ascendc.constant 65536 : ui32
// CHECK-NEXT:     %t = ascendc.local_tensor tscm, %c65536_ui32, %c4096_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c32_ui32 = ascendc.constant 32 : ui32
// CHECK-NEXT:     %c256_ui32 = ascendc.constant 256 : ui32
// CHECK-NEXT:     %odd = ascendc.local_tensor a2, %c32_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c16_ui16 = ascendc.constant 16 : ui16
// CHECK-NEXT:     %c0_ui8 = ascendc.constant 0 : ui8
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %0 = ascendc.params %c16_ui16, %c16_ui16, %c16_ui16, %c0_ui8, %false, %true : ui16, ui16, ui16, ui8, i1, i1 -> !ascendc.params<mmad>
// CHECK-NEXT:     ascendc.mmad %c1, %a2, %b2, %0 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<mmad>
// CHECK-NEXT:     %c0_ui16 = ascendc.constant 0 : ui16
// CHECK-NEXT:     %1 = ascendc.params %c0_ui16, %c0_ui16, %c0_ui16, %c0_ui8, %false, %true : ui16, ui16, ui16, ui8, i1, i1 -> !ascendc.params<mmad>
// CHECK-NEXT:     ascendc.mmad %c1, %a2, %b2, %1 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<mmad>
// CHECK-NEXT:     %c32_ui16 = ascendc.constant 32 : ui16
// CHECK-NEXT:     %c3_ui8 = ascendc.constant 3 : ui8
// CHECK-NEXT:     %2 = ascendc.params %c32_ui16, %n, %c16_ui16, %c3_ui8, %false, %false : ui16, i32, ui16, ui8, i1, i1 -> !ascendc.params<mmad>
// CHECK-NEXT:     ascendc.mmad %c1, %a2, %b2, %2 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<mmad>
// CHECK-NEXT:     %3 = ascendc.params %c16_ui16, %c16_ui16, %c16_ui16, %c0_ui8, %false, %false : ui16, ui16, ui16, ui8, i1, i1 -> !ascendc.params<mmad>
// CHECK-NEXT:     ascendc.mmad %c1, %a2, %b2 bias %bias, %3 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<mmad> bias !ascendc.local_tensor<f32>
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %4 = ascendc.params %c16_ui16, %c16_ui16, %c16_ui16, %true, %c0_i32, %false, %false, %false : ui16, ui16, ui16, i1, i32, i1, i1, i1 -> !ascendc.params<mmad_legacy>
// CHECK-NEXT:     ascendc.mmad %c1, %a2, %b2, %4 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<mmad_legacy>
// CHECK-NEXT:     %5 = ascendc.params %c16_ui16, %c16_ui16, %c32_ui16, %c0_ui8, %false, %true : ui16, ui16, ui16, ui8, i1, i1 -> !ascendc.params<mmad>
// CHECK-NEXT:     ascendc.mmad %i1, %s2, %sb2, %5 : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.params<mmad>
// CHECK-NEXT:     %c8_ui16 = ascendc.constant 8 : ui16
// CHECK-NEXT:     %6 = ascendc.params %c16_ui16, %c16_ui16, %c8_ui16, %c0_ui8, %false, %true : ui16, ui16, ui16, ui8, i1, i1 -> !ascendc.params<mmad>
// CHECK-NEXT:     ascendc.mmad %c1, %f2, %fb2, %6 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.params<mmad>
// CHECK-NEXT:     %c20_ui16 = ascendc.constant 20 : ui16
// CHECK-NEXT:     %7 = ascendc.params %c20_ui16, %c20_ui16, %c20_ui16, %false, %c0_i32, %false, %false, %false : ui16, ui16, ui16, i1, i32, i1, i1, i1 -> !ascendc.params<mmad_legacy>
// CHECK-NEXT:     ascendc.mmad_with_sparse %i1, %s2, %sb2, %7 : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.params<mmad_legacy>
// CHECK-NEXT:     %c4_ui8 = ascendc.constant 4 : ui8
// CHECK-NEXT:     %8 = ascendc.params %c0_ui16, %c4_ui8, %c0_ui16, %c0_ui8, %c0_ui16, %false, %c0_ui8 : ui16, ui8, ui16, ui8, ui16, i1, ui8 -> !ascendc.params<load_data_2d>
// CHECK-NEXT:     ascendc.load_data %a2, %a1, %8 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<load_data_2d>
// CHECK-NEXT:     %c2_ui16 = ascendc.constant 2 : ui16
// CHECK-NEXT:     %9 = ascendc.params %c0_ui16, %n, %c2_ui16, %c0_ui8, %c0_ui16, %true, %c0_ui8 : ui16, i32, ui16, ui8, ui16, i1, ui8 -> !ascendc.params<load_data_2d>
// CHECK-NEXT:     ascendc.load_data %b2, %b1, %9 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<load_data_2d>
// CHECK-NEXT:     %c1_ui16 = ascendc.constant 1 : ui16
// CHECK-NEXT:     %c2_ui8 = ascendc.constant 2 : ui8
// CHECK-NEXT:     %10 = ascendc.params %c1_ui16, %c2_ui8, %c0_ui16, %c0_ui8, %c0_ui16, %false, %c0_ui8 : ui16, ui8, ui16, ui8, ui16, i1, ui8 -> !ascendc.params<load_data_2d>
// CHECK-NEXT:     ascendc.load_data %a2, %xg, %10 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.params<load_data_2d>
// CHECK-NEXT:     %c6_ui16 = ascendc.constant 6 : ui16
// CHECK-NEXT:     %c1_ui8 = ascendc.constant 1 : ui8
// CHECK-NEXT:     %11 = ascendc.params %c6_ui16, %c4_ui8, %c2_ui16, %c0_ui8, %c0_ui16, %false, %c1_ui8 : ui16, ui8, ui16, ui8, ui16, i1, ui8 -> !ascendc.params<load_data_2d>
// CHECK-NEXT:     ascendc.load_data %a1, %xg, %11 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.params<load_data_2d>
// CHECK-NEXT:     %pad_list = ascendc.pad_list %c0_ui8, %c0_ui8, %c0_ui8, %c0_ui8 : ui8, ui8, ui8, ui8 -> !ascendc.pad_list<4>
// CHECK-NEXT:     %cst = arith.constant 0.000000e+00 : f16
// CHECK-NEXT:     %12 = ascendc.params %pad_list, %c16_ui16, %c16_ui16, %c16_ui16, %c16_ui16, %c16_ui16, %c0_ui16, %c0_ui16, %c1_ui8, %c1_ui8, %c3_ui8, %c3_ui8, %c1_ui8, %c1_ui8, %false, %false, %cst, %false, %false, %false : !ascendc.pad_list<4>, ui16, ui16, ui16, ui16, ui16, ui16, ui16, ui8, ui8, ui8, ui8, ui8, ui8, i1, i1, f16, i1, i1, i1 -> !ascendc.params<load_data_3d_v2, f16>
// CHECK-NEXT:     ascendc.load_data %a2, %a1, %12 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<load_data_3d_v2, f16>
// CHECK-NEXT:     %c0_ui64 = ascendc.constant 0 : ui64
// CHECK-NEXT:     %c1103823438081_ui64 = ascendc.constant 1103823438081 : ui64
// CHECK-NEXT:     %13 = ascendc.params %c16_ui16, %false, %false, %false, %false, %false, %c0_ui64, %c1103823438081_ui64 : ui16, i1, i1, i1, i1, i1, ui64, ui64 -> !ascendc.params<load_data_3d_v2_pro>
// CHECK-NEXT:     ascendc.load_data %a2, %a1, %13 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<load_data_3d_v2_pro>
// CHECK-NEXT:     %14 = ascendc.params %c0_ui16, %c4_ui8, %c1_ui16, %c0_ui16, %c0_ui16, %c0_ui8 : ui16, ui8, ui16, ui16, ui16, ui8 -> !ascendc.params<load_data_2d_transpose>
// CHECK-NEXT:     ascendc.load_data_with_transpose %b2, %b1, %14 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<load_data_2d_transpose>
// CHECK-NEXT:     %c45056_ui32 = ascendc.constant 45056 : ui32
// CHECK-NEXT:     %sb1 = ascendc.local_tensor b1, %c45056_ui32, %c1024_ui32 : ui32, ui32 -> !ascendc.local_tensor<i8>
// CHECK-NEXT:     %15 = ascendc.params %c0_ui16, %c2_ui8, %c1_ui16, %c0_ui8, %c0_ui16, %false, %c0_ui8 : ui16, ui8, ui16, ui8, ui16, i1, ui8 -> !ascendc.params<load_data_2d>
// CHECK-NEXT:     ascendc.load_data_with_sparse %sb2, %sb1, %idx, %15 : !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.local_tensor<ui8>, !ascendc.params<load_data_2d>
// CHECK-NEXT:     %cst_1 = arith.constant 3.000000e+00 : f16
// CHECK-NEXT:     %16 = ascendc.params %c1_ui16, %c2_ui16, %c0_ui16, %cst_1 : ui16, ui16, ui16, f16 -> !ascendc.params<init_const_value, f16>
// CHECK-NEXT:     ascendc.init_const_value %a1, %16 : !ascendc.local_tensor<f16>, !ascendc.params<init_const_value, f16>
// CHECK-NEXT:     %17 = ascendc.params %c1_ui16, %c2_ui16, %c0_ui16, %f : ui16, ui16, ui16, f32 -> !ascendc.params<init_const_value, f32>
// CHECK-NEXT:     ascendc.init_const_value %f2, %17 : !ascendc.local_tensor<f32>, !ascendc.params<init_const_value, f32>
// CHECK-NEXT:     ascendc.cube_setting load_data_boundary %c1024_ui32 : ui32
// CHECK-NEXT:     %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT:     ascendc.cube_setting load_data_padding_value %c10_i32 : i32
// CHECK-NEXT:     %cst_2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:     ascendc.cube_setting load_data_padding_value %cst_2 : f32
// CHECK-NEXT:     %18 = ascendc.params %c8_ui16, %c4_ui8, %c0_ui8 : ui16, ui8, ui8 -> !ascendc.params<load_data_repeat>
// CHECK-NEXT:     ascendc.cube_setting load_data_repeat %18 : !ascendc.params<load_data_repeat>
// CHECK-NEXT:     %c16_ui32 = ascendc.constant 16 : ui32
// CHECK-NEXT:     %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT:     %19 = ascendc.params %c16_ui16, %c16_ui16, %c16_ui16, %c16_ui32, %false, %c1_ui8, %c0_i64, %c1_ui16, %c0_ui16, %c0_ui16, %c0_ui8, %false : ui16, ui16, ui16, ui32, i1, ui8, i64, ui16, ui16, ui16, ui8, i1 -> !ascendc.params<fixpipe_v220>
// CHECK-NEXT:     ascendc.fixpipe row_major %yg, %c1, %19 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.params<fixpipe_v220>
// CHECK-NEXT:     %20 = ascendc.params %c32_ui16, %c16_ui16, %c16_ui16, %c32_ui32, %true, %c0_ui8, %c0_i64, %c1_ui16, %c0_ui16, %c0_ui16, %c0_ui8, %false : ui16, ui16, ui16, ui32, i1, ui8, i64, ui16, ui16, ui16, ui8, i1 -> !ascendc.params<fixpipe_v220>
// CHECK-NEXT:     ascendc.fixpipe nz %zg, %c1, %20 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.params<fixpipe_v220>
// CHECK-NEXT:     %21 = ascendc.params %c32_ui16, %c16_ui16, %c16_ui16, %c32_ui32, %false, %c0_ui8, %c0_i64, %c1_ui16, %c0_ui16, %c0_ui16, %c0_ui8, %false : ui16, ui16, ui16, ui32, i1, ui8, i64, ui16, ui16, ui16, ui8, i1 -> !ascendc.params<fixpipe_v220>
// CHECK-NEXT:     ascendc.fixpipe nz %zg, %c1, %21 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.params<fixpipe_v220>
// CHECK-NEXT:     %c6_ui8 = ascendc.constant 6 : ui8
// CHECK-NEXT:     %22 = ascendc.params %c16_ui16, %c16_ui16, %c16_ui16, %c16_ui32, %false, %c6_ui8, %c0_i64, %c1_ui16, %c0_ui16, %c0_ui16, %c0_ui8, %false : ui16, ui16, ui16, ui32, i1, ui8, i64, ui16, ui16, ui16, ui8, i1 -> !ascendc.params<fixpipe_v220>
// CHECK-NEXT:     ascendc.fixpipe row_major %qg, %c1 workspace %ws, %22 : !ascendc.global_tensor<i8>, !ascendc.local_tensor<f32>, !ascendc.params<fixpipe_v220> workspace !ascendc.local_tensor<ui64>
// CHECK-NEXT:     %c2_ui32 = ascendc.constant 2 : ui32
// CHECK-NEXT:     %23 = ascendc.params %c16_ui16, %c16_ui16, %c16_ui16, %c2_ui32, %false, %c0_ui8, %c0_i64, %c1_ui16, %c0_ui16, %c0_ui16, %c0_ui8, %false : ui16, ui16, ui16, ui32, i1, ui8, i64, ui16, ui16, ui16, ui8, i1 -> !ascendc.params<fixpipe_v220>
// CHECK-NEXT:     ascendc.fixpipe row_major %f1, %c1, %23 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.params<fixpipe_v220>
// CHECK-NEXT:     %c11_ui64 = ascendc.constant 11 : ui64
// CHECK-NEXT:     ascendc.cube_setting fixpipe_pre_quant_flag %c11_ui64 : ui64
// CHECK-NEXT:     ascendc.cube_setting hf32_mode %true : i1
// CHECK-NEXT:     ascendc.cube_setting hf32_trans_mode %false : i1
// CHECK-NEXT:     %24 = arith.cmpi sgt, %n, %c0_i32 : i32
// CHECK-NEXT:     ascendc.cube_setting mm_layout_transform %24 : i1
// CHECK-NEXT:     %c37_i32 = arith.constant 37 : i32
// CHECK-NEXT:     ascendc.set_pad_value %c37_i32 : i32
// CHECK-NEXT:     ascendc.set_pad_value %c37_i32 at vecin : i32
// CHECK-NEXT:     ascendc.set_pad_value %f at vecout : f32
// CHECK-NEXT:     %25 = ascendc.params %c1_ui16, %c32_ui16, %c32_ui16, %c0_ui16, %c32_ui16, %c32_ui16, %c1_ui16, %c0_ui16 : ui16, ui16, ui16, ui16, ui16, ui16, ui16, ui16 -> !ascendc.params<nd2nz>
// CHECK-NEXT:     ascendc.data_copy_nd2nz %a1, %xg, %25 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.params<nd2nz>
// CHECK-NEXT:     %26 = ascendc.params %c1_ui16, %c32_ui16, %c32_ui16, %c0_ui16, %c32_ui16, %c32_ui16, %c1_ui16, %c0_ui16 : ui16, ui16, ui16, ui16, ui16, ui16, ui16, ui16 -> !ascendc.params<nd2nz>
// CHECK-NEXT:     ascendc.data_copy_nd2nz %t, %u, %26 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<nd2nz>
// CHECK-NEXT:     %27 = ascendc.params %c1_ui16, %c32_ui16, %c32_ui16, %c1_ui16, %c32_ui16, %c32_ui16, %c1_ui16 : ui16, ui16, ui16, ui16, ui16, ui16, ui16 -> !ascendc.params<nz2nd_full>
// CHECK-NEXT:     ascendc.data_copy_nz2nd %yg, %u, %27 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<nz2nd_full>
// CHECK-NEXT:     %28 = ascendc.params %c16_ui16, %c16_ui16, %c16_ui32, %c16_ui16, %c1_ui8, %c1_ui8, %false, %true : ui16, ui16, ui32, ui16, ui8, ui8, i1, i1 -> !ascendc.params<data_copy_co12_dst>
// CHECK-NEXT:     ascendc.data_copy_co12_dst %yg, %c1, %28 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.params<data_copy_co12_dst>
// CHECK-NEXT:     %29 = ascendc.params %c16_ui16, %c16_ui16, %c2_ui32, %c16_ui16, %c0_ui8, %c0_ui8, %false, %false : ui16, ui16, ui32, ui16, ui8, ui8, i1, i1 -> !ascendc.params<data_copy_co12_dst>
// CHECK-NEXT:     ascendc.data_copy_co12_dst %f1, %c1, %29 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.params<data_copy_co12_dst>
// CHECK-NEXT:     %30 = ascendc.params %c1_ui16, %c8_ui16, %c0_ui16, %c0_ui16 : ui16, ui16, ui16, ui16 -> !ascendc.params<data_copy>
// CHECK-NEXT:     %31 = ascendc.params %c0_ui8, %c0_ui8, %c0_ui64, %c0_ui8, %false, %c0_ui8, %c0_ui64 : ui8, ui8, ui64, ui8, i1, ui8, ui64 -> !ascendc.params<data_copy_enhanced>
// CHECK-NEXT:     ascendc.data_copy_enhanced %a1, %xg, %30, %31 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.params<data_copy>, !ascendc.params<data_copy_enhanced>
// CHECK-NEXT:     %32 = ascendc.params %c1_ui16, %c8_ui16, %c0_ui16, %c0_ui16 : ui16, ui16, ui16, ui16 -> !ascendc.params<data_copy>
// CHECK-NEXT:     %c3_ui64 = ascendc.constant 3 : ui64
// CHECK-NEXT:     %33 = ascendc.params %c1_ui8, %c3_ui8, %c3_ui64, %c0_ui8, %true, %c2_ui8, %c0_ui64 : ui8, ui8, ui64, ui8, i1, ui8, ui64 -> !ascendc.params<data_copy_enhanced>
// CHECK-NEXT:     ascendc.data_copy_enhanced %u, %xg, %32, %33 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.params<data_copy>, !ascendc.params<data_copy_enhanced>
// CHECK-NEXT:     %l1 = ascendc.local_mem_allocator l1 : !ascendc.local_mem_allocator<l1>
// CHECK-NEXT:     %t1 = ascendc.local_mem_allocator.alloc %l1 a1 size 512 : !ascendc.local_mem_allocator<l1> -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %t2 = ascendc.local_mem_allocator.alloc %l1 b1 dynamic %n : !ascendc.local_mem_allocator<l1>, i32 -> !ascendc.local_tensor<f32>
// CHECK-NEXT:     %addr = ascendc.local_mem_allocator.get_cur_addr %l1 : !ascendc.local_mem_allocator<l1> -> ui32
// CHECK-NEXT:     %ub = ascendc.local_mem_allocator ub : !ascendc.local_mem_allocator<ub>
// CHECK-NEXT:     %v = ascendc.local_mem_allocator.alloc %ub veccalc size 64 : !ascendc.local_mem_allocator<ub> -> !ascendc.local_tensor<i32>
// CHECK-NEXT:     %c0_i8 = arith.constant 0 : i8
// CHECK-NEXT:     %padding_params = ascendc.params %c0_ui32, %c0_i8, %c0_i8, %c0_i8, %c0_i8 : ui32, i8, i8, i8, i8 -> !ascendc.params<aipp_padding, i8>
// CHECK-NEXT:     %swap_params = ascendc.params %true, %false, %false : i1, i1, i1 -> !ascendc.params<aipp_swap>
// CHECK-NEXT:     %single_line_params = ascendc.params %false : i1 -> !ascendc.params<aipp_single_line>
// CHECK-NEXT:     %cst_3 = arith.constant 1.000000e+00 : f16
// CHECK-NEXT:     %dtc_params = ascendc.params %c0_ui8, %c0_ui8, %c0_ui8, %cst, %cst, %cst, %cst_3, %cst_3, %cst_3, %c0_ui32 : ui8, ui8, ui8, f16, f16, f16, f16, f16, f16, ui32 -> !ascendc.params<aipp_dtc>
// CHECK-NEXT:     %c_padding_params = ascendc.params %c0_ui32, %c0_i8 : ui32, i8 -> !ascendc.params<aipp_channel_padding, i8>
// CHECK-NEXT:     %c0_i16 = arith.constant 0 : i16
// CHECK-NEXT:     %csc_params = ascendc.params %false, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_ui8, %c0_ui8, %c0_ui8, %c0_ui8, %c0_ui8, %c0_ui8 : i1, i16, i16, i16, i16, i16, i16, i16, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<aipp_csc>
// CHECK-NEXT:     %cfg = ascendc.params %padding_params, %swap_params, %single_line_params, %dtc_params, %c_padding_params, %csc_params : !ascendc.params<aipp_padding, i8>, !ascendc.params<aipp_swap>, !ascendc.params<aipp_single_line>, !ascendc.params<aipp_dtc>, !ascendc.params<aipp_channel_padding, i8>, !ascendc.params<aipp_csc> -> !ascendc.params<aipp, i8>
// CHECK-NEXT:     ascendc.set_aipp_functions rgb888_u8 %ug, %cfg : !ascendc.global_tensor<ui8>, !ascendc.params<aipp, i8>
// CHECK-NEXT:     %padding_params_1 = ascendc.params %c0_ui32, %cst, %cst, %cst, %cst : ui32, f16, f16, f16, f16 -> !ascendc.params<aipp_padding, f16>
// CHECK-NEXT:     %swap_params_1 = ascendc.params %false, %false, %false : i1, i1, i1 -> !ascendc.params<aipp_swap>
// CHECK-NEXT:     %single_line_params_1 = ascendc.params %false : i1 -> !ascendc.params<aipp_single_line>
// CHECK-NEXT:     %c128_ui8 = ascendc.constant 128 : ui8
// CHECK-NEXT:     %dtc_params_1 = ascendc.params %c128_ui8, %c0_ui8, %c0_ui8, %cst, %cst, %cst, %cst_3, %cst_3, %cst_3, %c0_ui32 : ui8, ui8, ui8, f16, f16, f16, f16, f16, f16, ui32 -> !ascendc.params<aipp_dtc>
// CHECK-NEXT:     %c_padding_params_1 = ascendc.params %c0_ui32, %cst : ui32, f16 -> !ascendc.params<aipp_channel_padding, f16>
// CHECK-NEXT:     %csc_params_1 = ascendc.params %false, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_i16, %c0_ui8, %c0_ui8, %c0_ui8, %c0_ui8, %c0_ui8, %c0_ui8 : i1, i16, i16, i16, i16, i16, i16, i16, i16, i16, ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<aipp_csc>
// CHECK-NEXT:     %cfg_1 = ascendc.params %padding_params_1, %swap_params_1, %single_line_params_1, %dtc_params_1, %c_padding_params_1, %csc_params_1 : !ascendc.params<aipp_padding, f16>, !ascendc.params<aipp_swap>, !ascendc.params<aipp_single_line>, !ascendc.params<aipp_dtc>, !ascendc.params<aipp_channel_padding, f16>, !ascendc.params<aipp_csc> -> !ascendc.params<aipp, f16>
// CHECK-NEXT:     ascendc.set_aipp_functions yuv420sp_u8 %ug uv %ug, %cfg_1 : !ascendc.global_tensor<ui8>, !ascendc.params<aipp, f16> uv !ascendc.global_tensor<ui8>
// CHECK-NEXT:     %34 = ascendc.params %c2_ui16, %c2_ui16, %c0_ui16, %c0_ui16, %c2_ui16, %c0_ui8, %c0_ui8, %c0_ui16, %c0_ui16 : ui16, ui16, ui16, ui16, ui16, ui8, ui8, ui16, ui16 -> !ascendc.params<load_image_to_local>
// CHECK-NEXT:     ascendc.load_image_to_local %a1, %34 : !ascendc.local_tensor<f16>, !ascendc.params<load_image_to_local>
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
