// RUN: ascx-opt %s -t ascendc | filecheck %s --match-full-lines --strict-whitespace

// The exact C++ of the per-repeat reductions (<T, isSetMask> in the template, operands in the C++
// order, the ReduceOrder of WholeReduceMax/Min), the sorts and merges (the MrgSortSrcList built at
// the call with empty tensors for missing queues, the arrays of the array form), the region-proposal
// ops, the sort queries and the scalar-unit ops (ScalarCast; Cast for bfloat16; the bit counts).

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

// CHECK:#include "kernel_operator.h"
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" __global__ __aicore__ void reduce_sort(int32_t n) {
// CHECK-NEXT:    AscendC::LocalTensor<half> a(AscendC::TPosition::VECIN, 0, 512);
// CHECK-NEXT:    AscendC::LocalTensor<half> b(AscendC::TPosition::VECIN, 1024, 512);
// CHECK-NEXT:    AscendC::LocalTensor<half> c(AscendC::TPosition::VECOUT, 2048, 2048);
// CHECK-NEXT:    AscendC::LocalTensor<float> w(AscendC::TPosition::VECCALC, 8192, 256);
// CHECK-NEXT:    AscendC::LocalTensor<uint32_t> u(AscendC::TPosition::VECCALC, 12288, 256);
// CHECK-NEXT:    AscendC::WholeReduceSum<half, true>(c, a, 128, 4, 1, 1, 8);
// CHECK-NEXT:    uint64_t mask[] = {static_cast<uint64_t>(n), 0};
// CHECK-NEXT:    AscendC::WholeReduceMax<half, false>(c, a, mask, 4, 1, 1, 8, AscendC::ReduceOrder::ORDER_INDEX_VALUE);
// CHECK-NEXT:    AscendC::WholeReduceMin<float, true>(w, w, 64, n, 1, 1, 8, AscendC::ReduceOrder::ORDER_ONLY_INDEX);
// CHECK-NEXT:    AscendC::BlockReduceSum<half, true>(c, a, 2, 128, 1, 1, 8);
// CHECK-NEXT:    uint64_t mask_1[] = {static_cast<uint64_t>(n)};
// CHECK-NEXT:    AscendC::BlockReduceMax<float, true>(w, w, 1, mask_1, 1, 1, 8);
// CHECK-NEXT:    AscendC::BlockReduceMin<half, false>(c, a, 1, 64, 1, 1, 8);
// CHECK-NEXT:    AscendC::PairReduceSum<half, true>(c, a, 2, 128, 1, 1, 8);
// CHECK-NEXT:    AscendC::RepeatReduceSum<half, true>(c, a, 4, 128, 0, 1, 8, 8);
// CHECK-NEXT:    AscendC::Sort32(c, a, u, 4);
// CHECK-NEXT:    AscendC::Sort<half, true>(c, a, u, b, 4);
// CHECK-NEXT:    AscendC::LocalTensor<half> v = a[128];
// CHECK-NEXT:    AscendC::LocalTensor<half> v_1 = b[128];
// CHECK-NEXT:    uint16_t element_count_list[] = {32, 32, 32, 32};
// CHECK-NEXT:    uint32_t sorted_num[] = {0, 0, 0, 0};
// CHECK-NEXT:    AscendC::MrgSort<half, false>(c, AscendC::MrgSortSrcList<half>(a, v, b, v_1), element_count_list, sorted_num, 15, 1);
// CHECK-NEXT:    uint16_t element_count_list_1[] = {static_cast<uint16_t>(n), static_cast<uint16_t>(n), 0, 0};
// CHECK-NEXT:    uint32_t sorted_num_1[] = {0, 0, 0, 0};
// CHECK-NEXT:    AscendC::MrgSort<half, true>(c, AscendC::MrgSortSrcList<half>(a, b, AscendC::LocalTensor<half>(), AscendC::LocalTensor<half>()), element_count_list_1, sorted_num_1, 3, 1);
// CHECK-NEXT:    uint16_t info_lengths[] = {16, 16, 16, 0};
// CHECK-NEXT:    AscendC::MrgSort4Info info{info_lengths, false, 7, 1};
// CHECK-NEXT:    AscendC::LocalTensor<half> v_2 = a[128];
// CHECK-NEXT:    AscendC::MrgSort(c, AscendC::MrgSortSrcList<half>(a, v_2, b, AscendC::LocalTensor<half>()), info);
// CHECK-NEXT:    AscendC::MrgSort4(c, AscendC::MrgSortSrcList<half>(a, v, b, v_1), info);
// CHECK-NEXT:    AscendC::RpSort16(c, a, 2);
// CHECK-NEXT:    AscendC::ProposalConcat(c, a, 2, 4);
// CHECK-NEXT:    AscendC::ProposalExtract(b, c, 2, 5);
// CHECK-NEXT:    uint32_t length = AscendC::GetSortLen<half>(n);
// CHECK-NEXT:    uint32_t offset = AscendC::GetSortOffset<float>(16);
// CHECK-NEXT:    uint16_t l1;
// CHECK-NEXT:    uint16_t l2;
// CHECK-NEXT:    uint16_t l3;
// CHECK-NEXT:    uint16_t l4;
// CHECK-NEXT:    AscendC::GetMrgSortResult(l1, l2, l3, l4);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" __global__ __aicore__ void scalar_unit(int32_t n, float f) {
// CHECK-NEXT:    int32_t rounded = AscendC::ScalarCast<float, int32_t, AscendC::RoundMode::CAST_ROUND>(f);
// CHECK-NEXT:    half odd = AscendC::ScalarCast<float, half, AscendC::RoundMode::CAST_ODD>(f);
// CHECK-NEXT:    bfloat16_t brain = AscendC::Cast(1.5f);
// CHECK-NEXT:    float wide = AscendC::ToFloat(brain);
// CHECK-NEXT:    int64_t first_one = AscendC::ScalarGetSFFValue<1>(n);
// CHECK-NEXT:    int64_t zeros = AscendC::ScalarGetCountOfValue<0>(n);
// CHECK-NEXT:    int64_t leading = AscendC::ScalarCountLeadingZero(n);
// CHECK-NEXT:    int64_t same = AscendC::CountBitsCntSameAsSignBit(-2);
// CHECK-NEXT:}
