// RUN: ascx-opt %s | ascx-opt | filecheck %s
// RUN: ascx-opt %s --print-op-generic | ascx-opt | filecheck %s

// Every op of the data-rearranging vector ops, the mask registers and the fused ops (gather ... the three
// forms of trans_data_to_5hd, gather_mask and its result, the DEQSCALE and CMPMASK registers, the vector
// mask, get_phy_addr): the custom format round-trips, generic form too.  The module is what
// `ascx compile --emit ir` makes of the kernels of tests/filecheck/api/vector_{data,fused,mask}.py.

builtin.module {
  ascendc.include "kernel_operator.h"
  func.func @data_fused_masks(%n: i32, %base: i32, %f: f32) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
    %c0_ui32 = ascendc.constant 0 : ui32
    %c512_ui32 = ascendc.constant 512 : ui32
    %a = ascendc.local_tensor vecin, %c0_ui32, %c512_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %c1024_ui32 = ascendc.constant 1024 : ui32
    %c = ascendc.local_tensor vecout, %c1024_ui32, %c512_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %c2048_ui32 = ascendc.constant 2048 : ui32
    %u = ascendc.local_tensor veccalc, %c2048_ui32, %c512_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui16>
    %c4096_ui32 = ascendc.constant 4096 : ui32
    %c256_ui32 = ascendc.constant 256 : ui32
    %f32t = ascendc.local_tensor veccalc, %c4096_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
    %c8192_ui32 = ascendc.constant 8192 : ui32
    %off = ascendc.local_tensor vecin, %c8192_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui32>
    %c9216_ui32 = ascendc.constant 9216 : ui32
    %c16_ui32 = ascendc.constant 16 : ui32
    %p16 = ascendc.local_tensor vecin, %c9216_ui32, %c16_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui16>
    %c16384_ui32 = ascendc.constant 16384 : ui32
    %c12288_ui32 = ascendc.constant 12288 : ui32
    %tmp = ascendc.local_tensor veccalc, %c16384_ui32, %c12288_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui8>
    ascendc.vec.gather %c, %a, %off, %c0_ui32 count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, ui32, ui32)
    %c128_ui64 = ascendc.constant 128 : ui64
    %c2_ui8 = ascendc.constant 2 : ui8
    %c8_ui16 = ascendc.constant 8 : ui16
    ascendc.vec.gather %c, %a, %off, %base mask %c128_ui64 repeat_times %c2_ui8 dst_rep_stride %c8_ui16 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, i32, ui64, ui8, ui16)
    %c0_ui64 = ascendc.constant 0 : ui64
    %mask = ascendc.mask_list %n, %c0_ui64 : i32, ui64 -> !ascendc.mask_list<2>
    %c1_ui8 = ascendc.constant 1 : ui8
    ascendc.vec.gather %f32t, %f32t, %off, %c0_ui32 mask %mask repeat_times %c1_ui8 dst_rep_stride %c8_ui16 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<ui32>, ui32, !ascendc.mask_list<2>, ui8, ui16)
    %c8_ui8 = ascendc.constant 8 : ui8
    %0 = ascendc.params %c1_ui8, %c8_ui8 : ui8, ui8 -> !ascendc.params<gather_repeat>
    ascendc.vec.gatherb %u, %u, %off repeat_times %c2_ui8 repeat_params %0 : (!ascendc.local_tensor<ui16>, !ascendc.local_tensor<ui16>, !ascendc.local_tensor<ui32>, ui8, !ascendc.params<gather_repeat>)
    %c128_ui32 = ascendc.constant 128 : ui32
    ascendc.vec.scatter %c, %a, %off, %c0_ui32 count %c128_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, ui32, ui32)
    ascendc.vec.scatter %c, %a, %off, %c0_ui32 mask %c128_ui64 repeat_times %c1_ui8 src_rep_stride %c8_ui8 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, ui32, ui64, ui8, ui8)
    %c1_ui16 = ascendc.constant 1 : ui16
    %1 = ascendc.params %c1_ui16, %c8_ui16 : ui16, ui16 -> !ascendc.params<brcb_repeat>
    ascendc.vec.brcb %c, %a repeat_times %c2_ui8 repeat_params %1 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui8, !ascendc.params<brcb_repeat>)
    %2 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui16, %c8_ui16 : ui16, ui16, ui16, ui16 -> !ascendc.params<copy_repeat>
    ascendc.vec.copy %c, %a mask %c128_ui64 repeat_times %c2_ui8 repeat_params %2 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<copy_repeat>)
    %3 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui16, %c8_ui16 : ui16, ui16, ui16, ui16 -> !ascendc.params<copy_repeat>
    %mask_1 = ascendc.mask_list %n, %c0_ui64 : i32, ui64 -> !ascendc.mask_list<2>
    ascendc.vec.copy %c, %a mask %mask_1 repeat_times %c1_ui8 repeat_params %3 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mask_list<2>, ui8, !ascendc.params<copy_repeat>)
    %c2_ui16 = ascendc.constant 2 : ui16
    %c0_ui8 = ascendc.constant 0 : ui8
    %4 = ascendc.params %c1_ui8, %c2_ui16, %c8_ui16, %c0_ui8 : ui8, ui16, ui16, ui8 -> !ascendc.params<gather_mask>
    %true = arith.constant true
    %c70_ui32 = ascendc.constant 70 : ui32
    %rsvd_cnt = ascendc.vec.gather_mask %c, %a, %p16, %true, %c70_ui32, %4 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui16>, i1, ui32, !ascendc.params<gather_mask> -> ui64
    %c0_ui16 = ascendc.constant 0 : ui16
    %5 = ascendc.params %c1_ui8, %c1_ui16, %c0_ui16, %c0_ui8 : ui8, ui16, ui16, ui8 -> !ascendc.params<gather_mask>
    %c3_ui8 = ascendc.constant 3 : ui8
    %false = arith.constant false
    %rsvd_cnt_1 = ascendc.vec.gather_mask %c, %a, %c3_ui8, %false, %c0_ui32, %5 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui8, i1, ui32, !ascendc.params<gather_mask> -> ui64
    %remain_count = ascendc.get_gather_mask_remain_count : i64
    ascendc.vec.transpose %c, %a : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>)
    %c16_ui16 = ascendc.constant 16 : ui16
    %c11_ui8 = ascendc.constant 11 : ui8
    %6 = ascendc.params %c1_ui16, %c16_ui16, %c16_ui16, %c16_ui16, %c11_ui8 : ui16, ui16, ui16, ui16, ui8 -> !ascendc.params<transpose_ext>
    ascendc.vec.transpose %c, %a tmp %tmp params %6 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.params<transpose_ext>)
    %params = ascendc.params %false, %false, %c1_ui8, %c0_ui16, %c0_ui16 : i1, i1, ui8, ui16, ui16 -> !ascendc.params<trans_data_to_5hd>
    %c0_i32 = arith.constant 0 : i32
    %7 = ascendc.sub_tensor %c[%c0_i32 : i32] : !ascendc.local_tensor<f16>
    %c16_i32 = arith.constant 16 : i32
    %8 = ascendc.sub_tensor %c[%c16_i32 : i32] : !ascendc.local_tensor<f16>
    %c32_i32 = arith.constant 32 : i32
    %9 = ascendc.sub_tensor %c[%c32_i32 : i32] : !ascendc.local_tensor<f16>
    %c48_i32 = arith.constant 48 : i32
    %10 = ascendc.sub_tensor %c[%c48_i32 : i32] : !ascendc.local_tensor<f16>
    %c64_i32 = arith.constant 64 : i32
    %11 = ascendc.sub_tensor %c[%c64_i32 : i32] : !ascendc.local_tensor<f16>
    %c80_i32 = arith.constant 80 : i32
    %12 = ascendc.sub_tensor %c[%c80_i32 : i32] : !ascendc.local_tensor<f16>
    %c96_i32 = arith.constant 96 : i32
    %13 = ascendc.sub_tensor %c[%c96_i32 : i32] : !ascendc.local_tensor<f16>
    %c112_i32 = arith.constant 112 : i32
    %14 = ascendc.sub_tensor %c[%c112_i32 : i32] : !ascendc.local_tensor<f16>
    %c128_i32 = arith.constant 128 : i32
    %15 = ascendc.sub_tensor %c[%c128_i32 : i32] : !ascendc.local_tensor<f16>
    %c144_i32 = arith.constant 144 : i32
    %16 = ascendc.sub_tensor %c[%c144_i32 : i32] : !ascendc.local_tensor<f16>
    %c160_i32 = arith.constant 160 : i32
    %17 = ascendc.sub_tensor %c[%c160_i32 : i32] : !ascendc.local_tensor<f16>
    %c176_i32 = arith.constant 176 : i32
    %18 = ascendc.sub_tensor %c[%c176_i32 : i32] : !ascendc.local_tensor<f16>
    %c192_i32 = arith.constant 192 : i32
    %19 = ascendc.sub_tensor %c[%c192_i32 : i32] : !ascendc.local_tensor<f16>
    %c208_i32 = arith.constant 208 : i32
    %20 = ascendc.sub_tensor %c[%c208_i32 : i32] : !ascendc.local_tensor<f16>
    %c224_i32 = arith.constant 224 : i32
    %21 = ascendc.sub_tensor %c[%c224_i32 : i32] : !ascendc.local_tensor<f16>
    %c240_i32 = arith.constant 240 : i32
    %22 = ascendc.sub_tensor %c[%c240_i32 : i32] : !ascendc.local_tensor<f16>
    %23 = ascendc.sub_tensor %a[%c0_i32 : i32] : !ascendc.local_tensor<f16>
    %24 = ascendc.sub_tensor %a[%c16_i32 : i32] : !ascendc.local_tensor<f16>
    %25 = ascendc.sub_tensor %a[%c32_i32 : i32] : !ascendc.local_tensor<f16>
    %26 = ascendc.sub_tensor %a[%c48_i32 : i32] : !ascendc.local_tensor<f16>
    %27 = ascendc.sub_tensor %a[%c64_i32 : i32] : !ascendc.local_tensor<f16>
    %28 = ascendc.sub_tensor %a[%c80_i32 : i32] : !ascendc.local_tensor<f16>
    %29 = ascendc.sub_tensor %a[%c96_i32 : i32] : !ascendc.local_tensor<f16>
    %30 = ascendc.sub_tensor %a[%c112_i32 : i32] : !ascendc.local_tensor<f16>
    %31 = ascendc.sub_tensor %a[%c128_i32 : i32] : !ascendc.local_tensor<f16>
    %32 = ascendc.sub_tensor %a[%c144_i32 : i32] : !ascendc.local_tensor<f16>
    %33 = ascendc.sub_tensor %a[%c160_i32 : i32] : !ascendc.local_tensor<f16>
    %34 = ascendc.sub_tensor %a[%c176_i32 : i32] : !ascendc.local_tensor<f16>
    %35 = ascendc.sub_tensor %a[%c192_i32 : i32] : !ascendc.local_tensor<f16>
    %36 = ascendc.sub_tensor %a[%c208_i32 : i32] : !ascendc.local_tensor<f16>
    %37 = ascendc.sub_tensor %a[%c224_i32 : i32] : !ascendc.local_tensor<f16>
    %38 = ascendc.sub_tensor %a[%c240_i32 : i32] : !ascendc.local_tensor<f16>
    ascendc.vec.trans_data_to_5hd_list [%7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22], [%23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38], %params : !ascendc.params<trans_data_to_5hd>, (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>), (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>)
    %d = ascendc.local_tensor.phy_addr %c : !ascendc.local_tensor<f16> -> ui64
    %s = ascendc.local_tensor.phy_addr %a : !ascendc.local_tensor<f16> -> ui64
    ascendc.vec.trans_data_to_5hd_addr f16 [%d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d], [%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s], %params into [%c] from [%a] : !ascendc.params<trans_data_to_5hd>, (ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64), (ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64), (!ascendc.local_tensor<f16>), (!ascendc.local_tensor<f16>)
    %c32768_ui32 = ascendc.constant 32768 : ui32
    %da = ascendc.local_tensor veccalc, %c32768_ui32, %c16_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui64>
    %c33024_ui32 = ascendc.constant 33024 : ui32
    %sa = ascendc.local_tensor veccalc, %c33024_ui32, %c16_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui64>
    ascendc.set_value %da[%c0_ui32 : ui32], %d : !ascendc.local_tensor<ui64>, ui64
    ascendc.set_value %sa[%c0_ui32 : ui32], %s : !ascendc.local_tensor<ui64>, ui64
    ascendc.vec.trans_data_to_5hd f16 %da, %sa, %params into [%c] from [%a] : !ascendc.local_tensor<ui64>, !ascendc.local_tensor<ui64>, !ascendc.params<trans_data_to_5hd>, (!ascendc.local_tensor<f16>), (!ascendc.local_tensor<f16>)
    %a_1 = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %b = ascendc.local_tensor vecin, %c512_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %c_1 = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %w = ascendc.local_tensor veccalc, %c2048_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
    %i8 = ascendc.local_tensor veccalc, %c4096_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<i8>
    %c6144_ui32 = ascendc.constant 6144 : ui32
    %i16 = ascendc.local_tensor veccalc, %c6144_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<i16>
    %c6656_ui32 = ascendc.constant 6656 : ui32
    %u16 = ascendc.local_tensor veccalc, %c6656_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui16>
    %i32 = ascendc.local_tensor veccalc, %c8192_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<i32>
    %c32_ui32 = ascendc.constant 32 : ui32
    %off_1 = ascendc.local_tensor vecin, %c9216_ui32, %c32_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui32>
    %c9344_ui32 = ascendc.constant 9344 : ui32
    %vdeq = ascendc.local_tensor veccalc, %c9344_ui32, %c16_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui64>
    %tmp_1 = ascendc.local_tensor veccalc, %c16384_ui32, %c16384_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui8>
    %c256_i32 = arith.constant 256 : i32
    ascendc.vec.fused add_relu %c_1, %a_1, %b count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
    %39 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
    ascendc.vec.fused sub_relu %c_1, %a_1, %b mask %c128_ui64 repeat_times %c2_ui8 repeat_params %39 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<binary_repeat>)
    ascendc.vec.fused add_relu_cast %i8, %a_1, %b count %n : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
    %c4_ui8 = ascendc.constant 4 : ui8
    %40 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c4_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
    %mask_2 = ascendc.mask_list %n, %c0_ui64 : i32, ui64 -> !ascendc.mask_list<2>
    ascendc.vec.fused sub_relu_cast %i8, %a_1, %b mask %mask_2 repeat_times %c2_ui8 repeat_params %40 set_mask : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mask_list<2>, ui8, !ascendc.params<binary_repeat>)
    ascendc.vec.fused mul_cast %i8, %a_1, %b count %c256_i32 : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
    %41 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c4_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
    ascendc.vec.fused mul_cast %i8, %a_1, %b mask %c128_ui64 repeat_times %c2_ui8 repeat_params %41 set_mask : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<binary_repeat>)
    %cst = arith.constant 5.000000e-01 : f16
    ascendc.set_deq_scale %cst : f16
    ascendc.vec.fused add_deq_relu %c_1, %i32, %i32 count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32)
    %42 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c4_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
    %c64_ui64 = ascendc.constant 64 : ui64
    ascendc.vec.fused add_deq_relu %c_1, %i32, %i32 mask %c64_ui64 repeat_times %c4_ui8 repeat_params %42 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, ui64, ui8, !ascendc.params<binary_repeat>)
    ascendc.vec.ternary fused_mul_add %c_1, %a_1, %b count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
    %43 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
    ascendc.vec.ternary fused_mul_add_relu %c_1, %a_1, %b mask %c128_ui64 repeat_times %c2_ui8 repeat_params %43 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<binary_repeat>)
    %44 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c4_ui8, %c4_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
    ascendc.vec.ternary mul_add_dst %w, %a_1, %b mask %c64_ui64 repeat_times %c4_ui8 repeat_params %44 set_mask : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<binary_repeat>)
    ascendc.vec.ternary mul_add_dst %c_1, %a_1, %b count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
    %cst_1 = arith.constant 2.000000e+00 : f16
    ascendc.vec.axpy %w, %a_1, %cst_1 count %c256_i32 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, f16, i32)
    %45 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui8, %c8_ui8 : ui16, ui16, ui8, ui8 -> !ascendc.params<unary_repeat>
    %46 = arith.truncf %f : f32 to f16
    ascendc.vec.axpy %c_1, %a_1, %46 mask %c128_ui64 repeat_times %c2_ui8 repeat_params %45 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, ui64, ui8, !ascendc.params<unary_repeat>)
    %c3_ui16 = ascendc.constant 3 : ui16
    ascendc.vec.binary_scalar shift_left %u16, %u16, %c3_ui16 count %c256_i32 set_mask : (!ascendc.local_tensor<ui16>, !ascendc.local_tensor<ui16>, ui16, i32)
    %47 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui8, %c8_ui8 : ui16, ui16, ui8, ui8 -> !ascendc.params<unary_repeat>
    %c2_i16 = arith.constant 2 : i16
    %c65535_ui64 = ascendc.constant 65535 : ui64
    %mask_3 = ascendc.mask_list %c65535_ui64, %c0_ui64 : ui64, ui64 -> !ascendc.mask_list<2>
    ascendc.vec.binary_scalar shift_right %i16, %i16, %c2_i16 mask %mask_3 repeat_times %c2_ui8 repeat_params %47 : (!ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, i16, !ascendc.mask_list<2>, ui8, !ascendc.params<unary_repeat>)
    %cm3_i16 = arith.constant -3 : i16
    ascendc.set_deq_scale %f, %cm3_i16, %true : f32, i16, i1
    ascendc.vec.cast_deq %i8, %i16 count %c256_i32 half_block : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<i16>, i32)
    %cst_2 = arith.constant 5.000000e-01 : f32
    %c1_i16 = arith.constant 1 : i16
    %info = ascendc.vdeq_info %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1 -> !ascendc.params<vdeq_info>
    ascendc.set_deq_scale_table %vdeq, %info : !ascendc.local_tensor<ui64>, !ascendc.params<vdeq_info>
    %48 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui8, %c8_ui8 : ui16, ui16, ui8, ui8 -> !ascendc.params<unary_repeat>
    ascendc.vec.cast_deq %i8, %i16 mask %c128_ui64 repeat_times %c2_ui8 repeat_params %48 deq_table %vdeq set_mask vec_deq : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<i16>, ui64, ui8, !ascendc.params<unary_repeat>, !ascendc.local_tensor<ui64>)
    ascendc.vec.cast_deq %c_1, %i32 count %n vec_deq half_block : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<i32>, i32)
    %c128_ui16 = ascendc.constant 128 : ui16
    ascendc.vec.bilinear_interpolation %c_1, %a_1, %off_1, %b, %tmp_1 mask %c128_ui64 h_repeat %c2_ui8 repeat_mode %false dst_blk_stride %c1_ui16 v_r_offset %c128_ui16 v_repeat %c2_ui8 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, ui64, ui8, i1, ui16, ui16, ui8)
    %mask_4 = ascendc.mask_list %n, %n : i32, i32 -> !ascendc.mask_list<2>
    ascendc.vec.bilinear_interpolation %c_1, %a_1, %off_1, %b, %tmp_1 mask %mask_4 h_repeat %c2_ui8 repeat_mode %true dst_blk_stride %c1_ui16 v_r_offset %c128_ui16 v_repeat %c2_ui8 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.mask_list<2>, ui8, i1, ui16, ui16, ui8)
    %a_2 = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %b_1 = ascendc.local_tensor vecin, %c512_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %c_2 = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %m = ascendc.local_tensor veccalc, %c2048_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui8>
    %c4_ui32 = ascendc.constant 4 : ui32
    %where = ascendc.local_tensor veccalc, %c4096_ui32, %c4_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui64>
    ascendc.set_mask_mode counter
    ascendc.set_vector_mask counter f16 %n : i32
    %49 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
    ascendc.vec.binary add %c_2, %a_2, %b_1 mask %c0_ui64 repeat_times %c1_ui8 repeat_params %49 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<binary_repeat>)
    ascendc.set_mask_mode normal
    ascendc.set_vector_mask normal f32 %c0_ui64, %c65535_ui64 : ui64, ui64
    ascendc.reset_mask
    %50 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
    ascendc.vec.compare_cmpmask lt %a_2, %b_1 mask %c128_ui64 repeat_params %50 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, !ascendc.params<binary_repeat>)
    %51 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
    %mask_5 = ascendc.mask_list %n, %c0_ui64 : i32, ui64 -> !ascendc.mask_list<2>
    ascendc.vec.compare_cmpmask eq %a_2, %b_1 mask %mask_5 repeat_params %51 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mask_list<2>, !ascendc.params<binary_repeat>)
    ascendc.get_cmp_mask %m : !ascendc.local_tensor<ui8>
    ascendc.set_cmp_mask %m : !ascendc.local_tensor<ui8>
    %52 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
    ascendc.vec.select_cmpmask vsel_cmpmask_spr %c_2, %a_2, %b_1 repeat_times %c2_ui8 repeat_params %52 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui8, !ascendc.params<binary_repeat>)
    %53 = ascendc.local_tensor.phy_addr %m : !ascendc.local_tensor<ui8> -> ui64
    ascendc.set_value %where[%c0_ui32 : ui32], %53 : !ascendc.local_tensor<ui64>, ui64
    ascendc.set_cmp_mask %where : !ascendc.local_tensor<ui64>
    %54 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
    ascendc.vec.select_cmpmask vsel_tensor_tensor_mode %c_2, %a_2, %b_1 repeat_times %c2_ui8 repeat_params %54 sel_bits %m : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui8, !ascendc.params<binary_repeat>, !ascendc.local_tensor<ui8>)
    %55 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
    ascendc.vec.select_scalar_cmpmask %c_2, %m, %a_2 repeat_times %c2_ui8 repeat_params %55 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f16>, ui8, !ascendc.params<binary_repeat>)
    func.return
  }
}

// CHECK:      builtin.module {
// CHECK-NEXT:   ascendc.include "kernel_operator.h"
// CHECK-NEXT:   func.func @data_fused_masks(%n: i32, %base: i32, %f: f32) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
// CHECK-NEXT:     %c0_ui32 = ascendc.constant 0 : ui32
// CHECK-NEXT:     %c512_ui32 = ascendc.constant 512 : ui32
// CHECK-NEXT:     %a = ascendc.local_tensor vecin, %c0_ui32, %c512_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c1024_ui32 = ascendc.constant 1024 : ui32
// CHECK-NEXT:     %c = ascendc.local_tensor vecout, %c1024_ui32, %c512_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c2048_ui32 = ascendc.constant 2048 : ui32
// CHECK-NEXT:     %u = ascendc.local_tensor veccalc, %c2048_ui32, %c512_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui16>
// CHECK-NEXT:     %c4096_ui32 = ascendc.constant 4096 : ui32
// CHECK-NEXT:     %c256_ui32 = ascendc.constant 256 : ui32
// CHECK-NEXT:     %f32t = ascendc.local_tensor veccalc, %c4096_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
// CHECK-NEXT:     %c8192_ui32 = ascendc.constant 8192 : ui32
// CHECK-NEXT:     %off = ascendc.local_tensor vecin, %c8192_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui32>
// CHECK-NEXT:     %c9216_ui32 = ascendc.constant 9216 : ui32
// CHECK-NEXT:     %c16_ui32 = ascendc.constant 16 : ui32
// CHECK-NEXT:     %p16 = ascendc.local_tensor vecin, %c9216_ui32, %c16_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui16>
// CHECK-NEXT:     %c16384_ui32 = ascendc.constant 16384 : ui32
// CHECK-NEXT:     %c12288_ui32 = ascendc.constant 12288 : ui32
// CHECK-NEXT:     %tmp = ascendc.local_tensor veccalc, %c16384_ui32, %c12288_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui8>
// CHECK-NEXT:     ascendc.vec.gather %c, %a, %off, %c0_ui32 count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, ui32, ui32)
// CHECK-NEXT:     %c128_ui64 = ascendc.constant 128 : ui64
// CHECK-NEXT:     %c2_ui8 = ascendc.constant 2 : ui8
// CHECK-NEXT:     %c8_ui16 = ascendc.constant 8 : ui16
// CHECK-NEXT:     ascendc.vec.gather %c, %a, %off, %base mask %c128_ui64 repeat_times %c2_ui8 dst_rep_stride %c8_ui16 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, i32, ui64, ui8, ui16)
// CHECK-NEXT:     %c0_ui64 = ascendc.constant 0 : ui64
// CHECK-NEXT:     %mask = ascendc.mask_list %n, %c0_ui64 : i32, ui64 -> !ascendc.mask_list<2>
// CHECK-NEXT:     %c1_ui8 = ascendc.constant 1 : ui8
// CHECK-NEXT:     ascendc.vec.gather %f32t, %f32t, %off, %c0_ui32 mask %mask repeat_times %c1_ui8 dst_rep_stride %c8_ui16 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<ui32>, ui32, !ascendc.mask_list<2>, ui8, ui16)
// CHECK-NEXT:     %c8_ui8 = ascendc.constant 8 : ui8
// CHECK-NEXT:     %0 = ascendc.params %c1_ui8, %c8_ui8 : ui8, ui8 -> !ascendc.params<gather_repeat>
// CHECK-NEXT:     ascendc.vec.gatherb %u, %u, %off repeat_times %c2_ui8 repeat_params %0 : (!ascendc.local_tensor<ui16>, !ascendc.local_tensor<ui16>, !ascendc.local_tensor<ui32>, ui8, !ascendc.params<gather_repeat>)
// CHECK-NEXT:     %c128_ui32 = ascendc.constant 128 : ui32
// CHECK-NEXT:     ascendc.vec.scatter %c, %a, %off, %c0_ui32 count %c128_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, ui32, ui32)
// CHECK-NEXT:     ascendc.vec.scatter %c, %a, %off, %c0_ui32 mask %c128_ui64 repeat_times %c1_ui8 src_rep_stride %c8_ui8 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, ui32, ui64, ui8, ui8)
// CHECK-NEXT:     %c1_ui16 = ascendc.constant 1 : ui16
// CHECK-NEXT:     %1 = ascendc.params %c1_ui16, %c8_ui16 : ui16, ui16 -> !ascendc.params<brcb_repeat>
// CHECK-NEXT:     ascendc.vec.brcb %c, %a repeat_times %c2_ui8 repeat_params %1 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui8, !ascendc.params<brcb_repeat>)
// CHECK-NEXT:     %2 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui16, %c8_ui16 : ui16, ui16, ui16, ui16 -> !ascendc.params<copy_repeat>
// CHECK-NEXT:     ascendc.vec.copy %c, %a mask %c128_ui64 repeat_times %c2_ui8 repeat_params %2 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<copy_repeat>)
// CHECK-NEXT:     %3 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui16, %c8_ui16 : ui16, ui16, ui16, ui16 -> !ascendc.params<copy_repeat>
// CHECK-NEXT:     %mask_1 = ascendc.mask_list %n, %c0_ui64 : i32, ui64 -> !ascendc.mask_list<2>
// CHECK-NEXT:     ascendc.vec.copy %c, %a mask %mask_1 repeat_times %c1_ui8 repeat_params %3 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mask_list<2>, ui8, !ascendc.params<copy_repeat>)
// CHECK-NEXT:     %c2_ui16 = ascendc.constant 2 : ui16
// CHECK-NEXT:     %c0_ui8 = ascendc.constant 0 : ui8
// CHECK-NEXT:     %4 = ascendc.params %c1_ui8, %c2_ui16, %c8_ui16, %c0_ui8 : ui8, ui16, ui16, ui8 -> !ascendc.params<gather_mask>
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %c70_ui32 = ascendc.constant 70 : ui32
// CHECK-NEXT:     %rsvd_cnt = ascendc.vec.gather_mask %c, %a, %p16, %true, %c70_ui32, %4 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui16>, i1, ui32, !ascendc.params<gather_mask> -> ui64
// CHECK-NEXT:     %c0_ui16 = ascendc.constant 0 : ui16
// CHECK-NEXT:     %5 = ascendc.params %c1_ui8, %c1_ui16, %c0_ui16, %c0_ui8 : ui8, ui16, ui16, ui8 -> !ascendc.params<gather_mask>
// CHECK-NEXT:     %c3_ui8 = ascendc.constant 3 : ui8
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     %rsvd_cnt_1 = ascendc.vec.gather_mask %c, %a, %c3_ui8, %false, %c0_ui32, %5 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui8, i1, ui32, !ascendc.params<gather_mask> -> ui64
// CHECK-NEXT:     %remain_count = ascendc.get_gather_mask_remain_count : i64
// CHECK-NEXT:     ascendc.vec.transpose %c, %a : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>)
// CHECK-NEXT:     %c16_ui16 = ascendc.constant 16 : ui16
// CHECK-NEXT:     %c11_ui8 = ascendc.constant 11 : ui8
// CHECK-NEXT:     %6 = ascendc.params %c1_ui16, %c16_ui16, %c16_ui16, %c16_ui16, %c11_ui8 : ui16, ui16, ui16, ui16, ui8 -> !ascendc.params<transpose_ext>
// CHECK-NEXT:     ascendc.vec.transpose %c, %a tmp %tmp params %6 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.params<transpose_ext>)
// CHECK-NEXT:     %params = ascendc.params %false, %false, %c1_ui8, %c0_ui16, %c0_ui16 : i1, i1, ui8, ui16, ui16 -> !ascendc.params<trans_data_to_5hd>
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %7 = ascendc.sub_tensor %c[%c0_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c16_i32 = arith.constant 16 : i32
// CHECK-NEXT:     %8 = ascendc.sub_tensor %c[%c16_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c32_i32 = arith.constant 32 : i32
// CHECK-NEXT:     %9 = ascendc.sub_tensor %c[%c32_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c48_i32 = arith.constant 48 : i32
// CHECK-NEXT:     %10 = ascendc.sub_tensor %c[%c48_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c64_i32 = arith.constant 64 : i32
// CHECK-NEXT:     %11 = ascendc.sub_tensor %c[%c64_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c80_i32 = arith.constant 80 : i32
// CHECK-NEXT:     %12 = ascendc.sub_tensor %c[%c80_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c96_i32 = arith.constant 96 : i32
// CHECK-NEXT:     %13 = ascendc.sub_tensor %c[%c96_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c112_i32 = arith.constant 112 : i32
// CHECK-NEXT:     %14 = ascendc.sub_tensor %c[%c112_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c128_i32 = arith.constant 128 : i32
// CHECK-NEXT:     %15 = ascendc.sub_tensor %c[%c128_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c144_i32 = arith.constant 144 : i32
// CHECK-NEXT:     %16 = ascendc.sub_tensor %c[%c144_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c160_i32 = arith.constant 160 : i32
// CHECK-NEXT:     %17 = ascendc.sub_tensor %c[%c160_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c176_i32 = arith.constant 176 : i32
// CHECK-NEXT:     %18 = ascendc.sub_tensor %c[%c176_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c192_i32 = arith.constant 192 : i32
// CHECK-NEXT:     %19 = ascendc.sub_tensor %c[%c192_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c208_i32 = arith.constant 208 : i32
// CHECK-NEXT:     %20 = ascendc.sub_tensor %c[%c208_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c224_i32 = arith.constant 224 : i32
// CHECK-NEXT:     %21 = ascendc.sub_tensor %c[%c224_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c240_i32 = arith.constant 240 : i32
// CHECK-NEXT:     %22 = ascendc.sub_tensor %c[%c240_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %23 = ascendc.sub_tensor %a[%c0_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %24 = ascendc.sub_tensor %a[%c16_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %25 = ascendc.sub_tensor %a[%c32_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %26 = ascendc.sub_tensor %a[%c48_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %27 = ascendc.sub_tensor %a[%c64_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %28 = ascendc.sub_tensor %a[%c80_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %29 = ascendc.sub_tensor %a[%c96_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %30 = ascendc.sub_tensor %a[%c112_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %31 = ascendc.sub_tensor %a[%c128_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %32 = ascendc.sub_tensor %a[%c144_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %33 = ascendc.sub_tensor %a[%c160_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %34 = ascendc.sub_tensor %a[%c176_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %35 = ascendc.sub_tensor %a[%c192_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %36 = ascendc.sub_tensor %a[%c208_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %37 = ascendc.sub_tensor %a[%c224_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %38 = ascendc.sub_tensor %a[%c240_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     ascendc.vec.trans_data_to_5hd_list [%7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22], [%23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38], %params : !ascendc.params<trans_data_to_5hd>, (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>), (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>)
// CHECK-NEXT:     %d = ascendc.local_tensor.phy_addr %c : !ascendc.local_tensor<f16> -> ui64
// CHECK-NEXT:     %s = ascendc.local_tensor.phy_addr %a : !ascendc.local_tensor<f16> -> ui64
// CHECK-NEXT:     ascendc.vec.trans_data_to_5hd_addr f16 [%d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d], [%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s], %params into [%c] from [%a] : !ascendc.params<trans_data_to_5hd>, (ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64), (ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64), (!ascendc.local_tensor<f16>), (!ascendc.local_tensor<f16>)
// CHECK-NEXT:     %c32768_ui32 = ascendc.constant 32768 : ui32
// CHECK-NEXT:     %da = ascendc.local_tensor veccalc, %c32768_ui32, %c16_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui64>
// CHECK-NEXT:     %c33024_ui32 = ascendc.constant 33024 : ui32
// CHECK-NEXT:     %sa = ascendc.local_tensor veccalc, %c33024_ui32, %c16_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui64>
// CHECK-NEXT:     ascendc.set_value %da[%c0_ui32 : ui32], %d : !ascendc.local_tensor<ui64>, ui64
// CHECK-NEXT:     ascendc.set_value %sa[%c0_ui32 : ui32], %s : !ascendc.local_tensor<ui64>, ui64
// CHECK-NEXT:     ascendc.vec.trans_data_to_5hd f16 %da, %sa, %params into [%c] from [%a] : !ascendc.local_tensor<ui64>, !ascendc.local_tensor<ui64>, !ascendc.params<trans_data_to_5hd>, (!ascendc.local_tensor<f16>), (!ascendc.local_tensor<f16>)
// CHECK-NEXT:     %a_1 = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %b = ascendc.local_tensor vecin, %c512_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c_1 = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %w = ascendc.local_tensor veccalc, %c2048_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
// CHECK-NEXT:     %i8 = ascendc.local_tensor veccalc, %c4096_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<i8>
// CHECK-NEXT:     %c6144_ui32 = ascendc.constant 6144 : ui32
// CHECK-NEXT:     %i16 = ascendc.local_tensor veccalc, %c6144_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<i16>
// CHECK-NEXT:     %c6656_ui32 = ascendc.constant 6656 : ui32
// CHECK-NEXT:     %u16 = ascendc.local_tensor veccalc, %c6656_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui16>
// CHECK-NEXT:     %i32 = ascendc.local_tensor veccalc, %c8192_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<i32>
// CHECK-NEXT:     %c32_ui32 = ascendc.constant 32 : ui32
// CHECK-NEXT:     %off_1 = ascendc.local_tensor vecin, %c9216_ui32, %c32_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui32>
// CHECK-NEXT:     %c9344_ui32 = ascendc.constant 9344 : ui32
// CHECK-NEXT:     %vdeq = ascendc.local_tensor veccalc, %c9344_ui32, %c16_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui64>
// CHECK-NEXT:     %tmp_1 = ascendc.local_tensor veccalc, %c16384_ui32, %c16384_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui8>
// CHECK-NEXT:     %c256_i32 = arith.constant 256 : i32
// CHECK-NEXT:     ascendc.vec.fused add_relu %c_1, %a_1, %b count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
// CHECK-NEXT:     %39 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
// CHECK-NEXT:     ascendc.vec.fused sub_relu %c_1, %a_1, %b mask %c128_ui64 repeat_times %c2_ui8 repeat_params %39 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<binary_repeat>)
// CHECK-NEXT:     ascendc.vec.fused add_relu_cast %i8, %a_1, %b count %n : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
// CHECK-NEXT:     %c4_ui8 = ascendc.constant 4 : ui8
// CHECK-NEXT:     %40 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c4_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
// CHECK-NEXT:     %mask_2 = ascendc.mask_list %n, %c0_ui64 : i32, ui64 -> !ascendc.mask_list<2>
// CHECK-NEXT:     ascendc.vec.fused sub_relu_cast %i8, %a_1, %b mask %mask_2 repeat_times %c2_ui8 repeat_params %40 set_mask : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mask_list<2>, ui8, !ascendc.params<binary_repeat>)
// CHECK-NEXT:     ascendc.vec.fused mul_cast %i8, %a_1, %b count %c256_i32 : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
// CHECK-NEXT:     %41 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c4_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
// CHECK-NEXT:     ascendc.vec.fused mul_cast %i8, %a_1, %b mask %c128_ui64 repeat_times %c2_ui8 repeat_params %41 set_mask : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<binary_repeat>)
// CHECK-NEXT:     %cst = arith.constant 5.000000e-01 : f16
// CHECK-NEXT:     ascendc.set_deq_scale %cst : f16
// CHECK-NEXT:     ascendc.vec.fused add_deq_relu %c_1, %i32, %i32 count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32)
// CHECK-NEXT:     %42 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c4_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
// CHECK-NEXT:     %c64_ui64 = ascendc.constant 64 : ui64
// CHECK-NEXT:     ascendc.vec.fused add_deq_relu %c_1, %i32, %i32 mask %c64_ui64 repeat_times %c4_ui8 repeat_params %42 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, ui64, ui8, !ascendc.params<binary_repeat>)
// CHECK-NEXT:     ascendc.vec.ternary fused_mul_add %c_1, %a_1, %b count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
// CHECK-NEXT:     %43 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
// CHECK-NEXT:     ascendc.vec.ternary fused_mul_add_relu %c_1, %a_1, %b mask %c128_ui64 repeat_times %c2_ui8 repeat_params %43 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<binary_repeat>)
// CHECK-NEXT:     %44 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c4_ui8, %c4_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
// CHECK-NEXT:     ascendc.vec.ternary mul_add_dst %w, %a_1, %b mask %c64_ui64 repeat_times %c4_ui8 repeat_params %44 set_mask : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<binary_repeat>)
// CHECK-NEXT:     ascendc.vec.ternary mul_add_dst %c_1, %a_1, %b count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
// CHECK-NEXT:     %cst_1 = arith.constant 2.000000e+00 : f16
// CHECK-NEXT:     ascendc.vec.axpy %w, %a_1, %cst_1 count %c256_i32 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, f16, i32)
// CHECK-NEXT:     %45 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui8, %c8_ui8 : ui16, ui16, ui8, ui8 -> !ascendc.params<unary_repeat>
// CHECK-NEXT:     %46 = arith.truncf %f : f32 to f16
// CHECK-NEXT:     ascendc.vec.axpy %c_1, %a_1, %46 mask %c128_ui64 repeat_times %c2_ui8 repeat_params %45 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, ui64, ui8, !ascendc.params<unary_repeat>)
// CHECK-NEXT:     %c3_ui16 = ascendc.constant 3 : ui16
// CHECK-NEXT:     ascendc.vec.binary_scalar shift_left %u16, %u16, %c3_ui16 count %c256_i32 set_mask : (!ascendc.local_tensor<ui16>, !ascendc.local_tensor<ui16>, ui16, i32)
// CHECK-NEXT:     %47 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui8, %c8_ui8 : ui16, ui16, ui8, ui8 -> !ascendc.params<unary_repeat>
// CHECK-NEXT:     %c2_i16 = arith.constant 2 : i16
// CHECK-NEXT:     %c65535_ui64 = ascendc.constant 65535 : ui64
// CHECK-NEXT:     %mask_3 = ascendc.mask_list %c65535_ui64, %c0_ui64 : ui64, ui64 -> !ascendc.mask_list<2>
// CHECK-NEXT:     ascendc.vec.binary_scalar shift_right %i16, %i16, %c2_i16 mask %mask_3 repeat_times %c2_ui8 repeat_params %47 : (!ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, i16, !ascendc.mask_list<2>, ui8, !ascendc.params<unary_repeat>)
// CHECK-NEXT:     %cm3_i16 = arith.constant -3 : i16
// CHECK-NEXT:     ascendc.set_deq_scale %f, %cm3_i16, %true : f32, i16, i1
// CHECK-NEXT:     ascendc.vec.cast_deq %i8, %i16 count %c256_i32 half_block : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<i16>, i32)
// CHECK-NEXT:     %cst_2 = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:     %c1_i16 = arith.constant 1 : i16
// CHECK-NEXT:     %info = ascendc.vdeq_info %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1 -> !ascendc.params<vdeq_info>
// CHECK-NEXT:     ascendc.set_deq_scale_table %vdeq, %info : !ascendc.local_tensor<ui64>, !ascendc.params<vdeq_info>
// CHECK-NEXT:     %48 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui8, %c8_ui8 : ui16, ui16, ui8, ui8 -> !ascendc.params<unary_repeat>
// CHECK-NEXT:     ascendc.vec.cast_deq %i8, %i16 mask %c128_ui64 repeat_times %c2_ui8 repeat_params %48 deq_table %vdeq set_mask vec_deq : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<i16>, ui64, ui8, !ascendc.params<unary_repeat>, !ascendc.local_tensor<ui64>)
// CHECK-NEXT:     ascendc.vec.cast_deq %c_1, %i32 count %n vec_deq half_block : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<i32>, i32)
// CHECK-NEXT:     %c128_ui16 = ascendc.constant 128 : ui16
// CHECK-NEXT:     ascendc.vec.bilinear_interpolation %c_1, %a_1, %off_1, %b, %tmp_1 mask %c128_ui64 h_repeat %c2_ui8 repeat_mode %false dst_blk_stride %c1_ui16 v_r_offset %c128_ui16 v_repeat %c2_ui8 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, ui64, ui8, i1, ui16, ui16, ui8)
// CHECK-NEXT:     %mask_4 = ascendc.mask_list %n, %n : i32, i32 -> !ascendc.mask_list<2>
// CHECK-NEXT:     ascendc.vec.bilinear_interpolation %c_1, %a_1, %off_1, %b, %tmp_1 mask %mask_4 h_repeat %c2_ui8 repeat_mode %true dst_blk_stride %c1_ui16 v_r_offset %c128_ui16 v_repeat %c2_ui8 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.mask_list<2>, ui8, i1, ui16, ui16, ui8)
// CHECK-NEXT:     %a_2 = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %b_1 = ascendc.local_tensor vecin, %c512_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c_2 = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %m = ascendc.local_tensor veccalc, %c2048_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui8>
// CHECK-NEXT:     %c4_ui32 = ascendc.constant 4 : ui32
// CHECK-NEXT:     %where = ascendc.local_tensor veccalc, %c4096_ui32, %c4_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui64>
// CHECK-NEXT:     ascendc.set_mask_mode counter
// CHECK-NEXT:     ascendc.set_vector_mask counter f16 %n : i32
// CHECK-NEXT:     %49 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
// CHECK-NEXT:     ascendc.vec.binary add %c_2, %a_2, %b_1 mask %c0_ui64 repeat_times %c1_ui8 repeat_params %49 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<binary_repeat>)
// CHECK-NEXT:     ascendc.set_mask_mode normal
// CHECK-NEXT:     ascendc.set_vector_mask normal f32 %c0_ui64, %c65535_ui64 : ui64, ui64
// CHECK-NEXT:     ascendc.reset_mask
// CHECK-NEXT:     %50 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
// CHECK-NEXT:     ascendc.vec.compare_cmpmask lt %a_2, %b_1 mask %c128_ui64 repeat_params %50 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, !ascendc.params<binary_repeat>)
// CHECK-NEXT:     %51 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
// CHECK-NEXT:     %mask_5 = ascendc.mask_list %n, %c0_ui64 : i32, ui64 -> !ascendc.mask_list<2>
// CHECK-NEXT:     ascendc.vec.compare_cmpmask eq %a_2, %b_1 mask %mask_5 repeat_params %51 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mask_list<2>, !ascendc.params<binary_repeat>)
// CHECK-NEXT:     ascendc.get_cmp_mask %m : !ascendc.local_tensor<ui8>
// CHECK-NEXT:     ascendc.set_cmp_mask %m : !ascendc.local_tensor<ui8>
// CHECK-NEXT:     %52 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
// CHECK-NEXT:     ascendc.vec.select_cmpmask vsel_cmpmask_spr %c_2, %a_2, %b_1 repeat_times %c2_ui8 repeat_params %52 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui8, !ascendc.params<binary_repeat>)
// CHECK-NEXT:     %53 = ascendc.local_tensor.phy_addr %m : !ascendc.local_tensor<ui8> -> ui64
// CHECK-NEXT:     ascendc.set_value %where[%c0_ui32 : ui32], %53 : !ascendc.local_tensor<ui64>, ui64
// CHECK-NEXT:     ascendc.set_cmp_mask %where : !ascendc.local_tensor<ui64>
// CHECK-NEXT:     %54 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
// CHECK-NEXT:     ascendc.vec.select_cmpmask vsel_tensor_tensor_mode %c_2, %a_2, %b_1 repeat_times %c2_ui8 repeat_params %54 sel_bits %m : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui8, !ascendc.params<binary_repeat>, !ascendc.local_tensor<ui8>)
// CHECK-NEXT:     %55 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
// CHECK-NEXT:     ascendc.vec.select_scalar_cmpmask %c_2, %m, %a_2 repeat_times %c2_ui8 repeat_params %55 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f16>, ui8, !ascendc.params<binary_repeat>)
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
