// RUN: ascx-opt %s | ascx-opt | filecheck %s
// RUN: ascx-opt %s --print-op-generic | ascx-opt | filecheck %s

// The per-repeat reductions, the sort and region-proposal ops and the scalar-unit ops: the custom
// format round-trips, generic form too.  The module is what `ascx compile --emit ir` makes of
// tests/filecheck/api/reduce_sort.py.

builtin.module {
  ascendc.include "kernel_operator.h"
  func.func @reduce_sort(%n: i32) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
    %c0_ui32 = ascendc.constant 0 : ui32
    %c512_ui32 = ascendc.constant 512 : ui32
    %a = ascendc.local_tensor vecin, %c0_ui32, %c512_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %c1024_ui32 = ascendc.constant 1024 : ui32
    %b = ascendc.local_tensor vecin, %c1024_ui32, %c512_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %c2048_ui32 = ascendc.constant 2048 : ui32
    %c = ascendc.local_tensor vecout, %c2048_ui32, %c2048_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %c8192_ui32 = ascendc.constant 8192 : ui32
    %c256_ui32 = ascendc.constant 256 : ui32
    %w = ascendc.local_tensor veccalc, %c8192_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
    %c12288_ui32 = ascendc.constant 12288 : ui32
    %u = ascendc.local_tensor veccalc, %c12288_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui32>
    %c128_i32 = arith.constant 128 : i32
    %c4_i32 = arith.constant 4 : i32
    %c1_i32 = arith.constant 1 : i32
    %c8_i32 = arith.constant 8 : i32
    ascendc.vec.whole_reduce_sum %c, %a mask %c128_i32 repeat_times %c4_i32 dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32, i32, i32, i32)
    %c0_ui64 = ascendc.constant 0 : ui64
    %mask = ascendc.mask_list %n, %c0_ui64 : i32, ui64 -> !ascendc.mask_list<2>
    ascendc.vec.whole_reduce max order_index_value %c, %a mask %mask repeat_times %c4_i32 dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mask_list<2>, i32, i32, i32, i32)
    %c64_i32 = arith.constant 64 : i32
    ascendc.vec.whole_reduce min order_only_index %w, %w mask %c64_i32 repeat_times %n dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 set_mask : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32, i32, i32, i32, i32)
    %c2_i32 = arith.constant 2 : i32
    ascendc.vec.block_reduce sum %c, %a repeat_times %c2_i32 mask %c128_i32 dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32, i32, i32, i32)
    %mask_1 = ascendc.mask_list %n : i32 -> !ascendc.mask_list<1>
    ascendc.vec.block_reduce max %w, %w repeat_times %c1_i32 mask %mask_1 dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 set_mask : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32, !ascendc.mask_list<1>, i32, i32, i32)
    ascendc.vec.block_reduce min %c, %a repeat_times %c1_i32 mask %c64_i32 dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32, i32, i32, i32)
    ascendc.vec.pair_reduce_sum %c, %a repeat_times %c2_i32 mask %c128_i32 dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32, i32, i32, i32)
    %c0_i32 = arith.constant 0 : i32
    ascendc.vec.repeat_reduce_sum %c, %a repeat_times %c4_i32 mask %c128_i32 dst_blk_stride %c0_i32 src_blk_stride %c1_i32 dst_rep_stride %c8_i32 src_rep_stride %c8_i32 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32, i32, i32, i32, i32)
    ascendc.vec.sort32 %c, %a, %u, %c4_i32 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, i32
    ascendc.vec.sort full_sort %c, %a, %u, %b, %c4_i32 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, !ascendc.local_tensor<f16>, i32
    %0 = ascendc.sub_tensor %a[%c128_i32 : i32] : !ascendc.local_tensor<f16>
    %1 = ascendc.sub_tensor %b[%c128_i32 : i32] : !ascendc.local_tensor<f16>
    %c32_ui16 = ascendc.constant 32 : ui16
    %c15_ui16 = ascendc.constant 15 : ui16
    ascendc.vec.mrg_sort_counts %c, [%a, %0, %b, %1] counts[%c32_ui16, %c32_ui16, %c32_ui16, %c32_ui16] sorted[%c0_ui32, %c0_ui32, %c0_ui32, %c0_ui32] valid %c15_ui16 repeat %c1_i32 : !ascendc.local_tensor<f16>, [!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>], (ui16, ui16, ui16, ui16), (ui32, ui32, ui32, ui32), ui16, i32
    %c0_ui16 = ascendc.constant 0 : ui16
    %c3_ui16 = ascendc.constant 3 : ui16
    ascendc.vec.mrg_sort_counts exhausted_suspension %c, [%a, %b] counts[%n, %n, %c0_ui16, %c0_ui16] sorted[%c0_ui32, %c0_ui32, %c0_ui32, %c0_ui32] valid %c3_ui16 repeat %c1_i32 : !ascendc.local_tensor<f16>, [!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>], (i32, i32, ui16, ui16), (ui32, ui32, ui32, ui32), ui16, i32
    %c16_ui16 = ascendc.constant 16 : ui16
    %false = arith.constant false
    %c7_ui16 = ascendc.constant 7 : ui16
    %c1_ui16 = ascendc.constant 1 : ui16
    %info = ascendc.mrg_sort4_info[%c16_ui16, %c16_ui16, %c16_ui16, %c0_ui16], %false, %c7_ui16, %c1_ui16 : (ui16, ui16, ui16, ui16), i1, ui16, ui16 -> !ascendc.mrg_sort4_info
    %2 = ascendc.sub_tensor %a[%c128_i32 : i32] : !ascendc.local_tensor<f16>
    ascendc.vec.mrg_sort %c, [%a, %2, %b], %info : !ascendc.local_tensor<f16>, [!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>]
    ascendc.vec.mrg_sort4 %c, [%a, %0, %b, %1], %info : !ascendc.local_tensor<f16>, [!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>]
    ascendc.vec.rp_sort16 %c, %a, %c2_i32 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
    ascendc.vec.proposal %c, %a, %c2_i32, %c4_i32 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32
    %c5_i32 = arith.constant 5 : i32
    ascendc.vec.proposal extract %b, %c, %c2_i32, %c5_i32 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32
    %length = ascendc.get_sort_len f16, %n : i32 -> ui32
    %c16_ui32 = ascendc.constant 16 : ui32
    %offset = ascendc.get_sort_offset f32, %c16_ui32 : ui32 -> ui32
    %l1, %l2, %l3, %l4 = ascendc.get_mrg_sort_result : ui16, ui16, ui16, ui16
    func.return
  }
  func.func @scalar_unit(%n: i32, %f: f32) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
    %rounded = ascendc.scalar_cast cast_round %f : f32 -> i32
    %odd = ascendc.scalar_cast cast_odd %f : f32 -> f16
    %cst = arith.constant 1.500000e+00 : f32
    %brain = ascendc.scalar_cast cast_rint %cst : f32 -> bf16
    %wide = ascendc.to_float %brain : bf16 -> f32
    %first_one = ascendc.scalar_bits get_sff_value value #builtin.int<1> %n : i32 -> i64
    %zeros = ascendc.scalar_bits get_count_of_value value #builtin.int<0> %n : i32 -> i64
    %leading = ascendc.scalar_bits count_leading_zero %n : i32 -> i64
    %cm2_i64 = arith.constant -2 : i64
    %same = ascendc.scalar_bits count_bits_cnt_same_as_sign_bit %cm2_i64 : i64 -> i64
    func.return
  }
}

// CHECK:      builtin.module {
// CHECK-NEXT:   ascendc.include "kernel_operator.h"
// CHECK-NEXT:   func.func @reduce_sort(%n: i32) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
// CHECK-NEXT:     %c0_ui32 = ascendc.constant 0 : ui32
// CHECK-NEXT:     %c512_ui32 = ascendc.constant 512 : ui32
// CHECK-NEXT:     %a = ascendc.local_tensor vecin, %c0_ui32, %c512_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c1024_ui32 = ascendc.constant 1024 : ui32
// CHECK-NEXT:     %b = ascendc.local_tensor vecin, %c1024_ui32, %c512_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c2048_ui32 = ascendc.constant 2048 : ui32
// CHECK-NEXT:     %c = ascendc.local_tensor vecout, %c2048_ui32, %c2048_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c8192_ui32 = ascendc.constant 8192 : ui32
// CHECK-NEXT:     %c256_ui32 = ascendc.constant 256 : ui32
// CHECK-NEXT:     %w = ascendc.local_tensor veccalc, %c8192_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
// CHECK-NEXT:     %c12288_ui32 = ascendc.constant 12288 : ui32
// CHECK-NEXT:     %u = ascendc.local_tensor veccalc, %c12288_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui32>
// CHECK-NEXT:     %c128_i32 = arith.constant 128 : i32
// CHECK-NEXT:     %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT:     ascendc.vec.whole_reduce_sum %c, %a mask %c128_i32 repeat_times %c4_i32 dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32, i32, i32, i32)
// CHECK-NEXT:     %c0_ui64 = ascendc.constant 0 : ui64
// CHECK-NEXT:     %mask = ascendc.mask_list %n, %c0_ui64 : i32, ui64 -> !ascendc.mask_list<2>
// CHECK-NEXT:     ascendc.vec.whole_reduce max order_index_value %c, %a mask %mask repeat_times %c4_i32 dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mask_list<2>, i32, i32, i32, i32)
// CHECK-NEXT:     %c64_i32 = arith.constant 64 : i32
// CHECK-NEXT:     ascendc.vec.whole_reduce min order_only_index %w, %w mask %c64_i32 repeat_times %n dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 set_mask : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32, i32, i32, i32, i32)
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     ascendc.vec.block_reduce sum %c, %a repeat_times %c2_i32 mask %c128_i32 dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32, i32, i32, i32)
// CHECK-NEXT:     %mask_1 = ascendc.mask_list %n : i32 -> !ascendc.mask_list<1>
// CHECK-NEXT:     ascendc.vec.block_reduce max %w, %w repeat_times %c1_i32 mask %mask_1 dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 set_mask : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32, !ascendc.mask_list<1>, i32, i32, i32)
// CHECK-NEXT:     ascendc.vec.block_reduce min %c, %a repeat_times %c1_i32 mask %c64_i32 dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32, i32, i32, i32)
// CHECK-NEXT:     ascendc.vec.pair_reduce_sum %c, %a repeat_times %c2_i32 mask %c128_i32 dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32, i32, i32, i32)
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     ascendc.vec.repeat_reduce_sum %c, %a repeat_times %c4_i32 mask %c128_i32 dst_blk_stride %c0_i32 src_blk_stride %c1_i32 dst_rep_stride %c8_i32 src_rep_stride %c8_i32 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32, i32, i32, i32, i32)
// CHECK-NEXT:     ascendc.vec.sort32 %c, %a, %u, %c4_i32 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, i32
// CHECK-NEXT:     ascendc.vec.sort full_sort %c, %a, %u, %b, %c4_i32 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, !ascendc.local_tensor<f16>, i32
// CHECK-NEXT:     %0 = ascendc.sub_tensor %a[%c128_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %1 = ascendc.sub_tensor %b[%c128_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c32_ui16 = ascendc.constant 32 : ui16
// CHECK-NEXT:     %c15_ui16 = ascendc.constant 15 : ui16
// CHECK-NEXT:     ascendc.vec.mrg_sort_counts %c, [%a, %0, %b, %1] counts[%c32_ui16, %c32_ui16, %c32_ui16, %c32_ui16] sorted[%c0_ui32, %c0_ui32, %c0_ui32, %c0_ui32] valid %c15_ui16 repeat %c1_i32 : !ascendc.local_tensor<f16>, [!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>], (ui16, ui16, ui16, ui16), (ui32, ui32, ui32, ui32), ui16, i32
// CHECK-NEXT:     %c0_ui16 = ascendc.constant 0 : ui16
// CHECK-NEXT:     %c3_ui16 = ascendc.constant 3 : ui16
// CHECK-NEXT:     ascendc.vec.mrg_sort_counts exhausted_suspension %c, [%a, %b] counts[%n, %n, %c0_ui16, %c0_ui16] sorted[%c0_ui32, %c0_ui32, %c0_ui32, %c0_ui32] valid %c3_ui16 repeat %c1_i32 : !ascendc.local_tensor<f16>, [!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>], (i32, i32, ui16, ui16), (ui32, ui32, ui32, ui32), ui16, i32
// CHECK-NEXT:     %c16_ui16 = ascendc.constant 16 : ui16
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     %c7_ui16 = ascendc.constant 7 : ui16
// CHECK-NEXT:     %c1_ui16 = ascendc.constant 1 : ui16
// CHECK-NEXT:     %info = ascendc.mrg_sort4_info[%c16_ui16, %c16_ui16, %c16_ui16, %c0_ui16], %false, %c7_ui16, %c1_ui16 : (ui16, ui16, ui16, ui16), i1, ui16, ui16 -> !ascendc.mrg_sort4_info
// CHECK-NEXT:     %2 = ascendc.sub_tensor %a[%c128_i32 : i32] : !ascendc.local_tensor<f16>
// CHECK-NEXT:     ascendc.vec.mrg_sort %c, [%a, %2, %b], %info : !ascendc.local_tensor<f16>, [!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>]
// CHECK-NEXT:     ascendc.vec.mrg_sort4 %c, [%a, %0, %b, %1], %info : !ascendc.local_tensor<f16>, [!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>]
// CHECK-NEXT:     ascendc.vec.rp_sort16 %c, %a, %c2_i32 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
// CHECK-NEXT:     ascendc.vec.proposal %c, %a, %c2_i32, %c4_i32 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32
// CHECK-NEXT:     %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:     ascendc.vec.proposal extract %b, %c, %c2_i32, %c5_i32 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32
// CHECK-NEXT:     %length = ascendc.get_sort_len f16, %n : i32 -> ui32
// CHECK-NEXT:     %c16_ui32 = ascendc.constant 16 : ui32
// CHECK-NEXT:     %offset = ascendc.get_sort_offset f32, %c16_ui32 : ui32 -> ui32
// CHECK-NEXT:     %l1, %l2, %l3, %l4 = ascendc.get_mrg_sort_result : ui16, ui16, ui16, ui16
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @scalar_unit(%n: i32, %f: f32) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
// CHECK-NEXT:     %rounded = ascendc.scalar_cast cast_round %f : f32 -> i32
// CHECK-NEXT:     %odd = ascendc.scalar_cast cast_odd %f : f32 -> f16
// CHECK-NEXT:     %cst = arith.constant 1.500000e+00 : f32
// CHECK-NEXT:     %brain = ascendc.scalar_cast cast_rint %cst : f32 -> bf16
// CHECK-NEXT:     %wide = ascendc.to_float %brain : bf16 -> f32
// CHECK-NEXT:     %first_one = ascendc.scalar_bits get_sff_value value #builtin.int<1> %n : i32 -> i64
// CHECK-NEXT:     %zeros = ascendc.scalar_bits get_count_of_value value #builtin.int<0> %n : i32 -> i64
// CHECK-NEXT:     %leading = ascendc.scalar_bits count_leading_zero %n : i32 -> i64
// CHECK-NEXT:     %cm2_i64 = arith.constant -2 : i64
// CHECK-NEXT:     %same = ascendc.scalar_bits count_bits_cnt_same_as_sign_bit %cm2_i64 : i64 -> i64
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
