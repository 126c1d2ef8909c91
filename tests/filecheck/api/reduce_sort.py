# The per-repeat reductions, the sort and region-proposal family and the scalar-unit ops from
# Python to IR and to C++: one call of each API form.
#
# RUN: ascx compile %s::reduce_sort --emit ir 2>/dev/null | filecheck %s --check-prefix=RS-IR
# RUN: ascx compile %s::reduce_sort 2>/dev/null | filecheck %s --check-prefix=RS-CPP --match-full-lines --strict-whitespace
# RUN: ascx compile %s::scalar_unit --emit ir 2>/dev/null | filecheck %s --check-prefix=SU-IR
# RUN: ascx compile %s::scalar_unit 2>/dev/null | filecheck %s --check-prefix=SU-CPP --match-full-lines --strict-whitespace
import ascx as asc


# One call of each API, not a synchronised kernel: compiled without the sync passes, whose own
# tests are under passes/.  The region-proposal APIs warn that the Ascend 910B family does not run
# them (on stderr, which the checks here do not read).
@asc.jit(insert_sync=False, verify_sync=False)
def reduce_sort(n: int) -> None:
    a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 512)
    b = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 1024, 512)
    c = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 2048, 2048)
    w = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 8192, 256)
    u = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 12288, 256)
    asc.whole_reduce_sum(c, a, 128, 4, 1, 1, 8)
    asc.whole_reduce_max(c, a, [n, 0], 4, 1, 1, 8, asc.ReduceOrder.ORDER_INDEX_VALUE, False)
    asc.whole_reduce_min(w, w, 64, n, 1, 1, 8, order=asc.ReduceOrder.ORDER_ONLY_INDEX)
    asc.block_reduce_sum(c, a, 2, 128, 1, 1, 8)
    asc.block_reduce_max(w, w, 1, [n], 1, 1, 8)
    asc.block_reduce_min(c, a, 1, 64, 1, 1, 8, False)
    asc.pair_reduce_sum(c, a, 2, 128, 1, 1, 8)
    asc.repeat_reduce_sum(c, a, 4, 128, 0, 1, 8, 8)
    asc.sort32(c, a, u, 4)
    asc.sort(c, a, u, b, 4, True)
    queues = asc.MrgSortSrcList(asc.float16, a, a[128:], b, b[128:])
    asc.mrg_sort(c, queues, [32, 32, 32, 32], [0, 0, 0, 0], 15, 1)
    asc.mrg_sort(c, asc.MrgSortSrcList(asc.float16, a, b), [n, n, 0, 0], [0, 0, 0, 0], 3, 1, True)
    info = asc.MrgSort4Info([16, 16, 16, 0], valid_bit=7)
    asc.mrg_sort(c, asc.MrgSortSrcList(asc.float16, a, a[128:], b), info)
    asc.mrg_sort4(c, queues, info)
    asc.rp_sort16(c, a, 2)
    asc.proposal_concat(c, a, 2, 4)
    asc.proposal_extract(b, c, 2, 5)
    length = asc.get_sort_len(n, asc.float16)
    offset = asc.get_sort_offset(16)
    l1, l2, l3, l4 = asc.get_mrg_sort_result()  # noqa: RUF059 (named in the C++)


@asc.jit(insert_sync=False, verify_sync=False)
def scalar_unit(n: int, f: float) -> None:
    rounded = asc.scalar_cast(f, asc.int32, asc.RoundMode.CAST_ROUND)
    odd = asc.scalar_cast(f, asc.float16, asc.RoundMode.CAST_ODD)
    brain = asc.scalar_cast(1.5, asc.bfloat16, asc.RoundMode.CAST_RINT)
    first_one = asc.scalar_get_sff_value(n, 1)
    zeros = asc.scalar_get_count_of_value(n, 0)
    leading = asc.scalar_count_leading_zero(n)
    same = asc.count_bits_cnt_same_as_sign_bit(-2)


# RS-IR: ascendc.vec.whole_reduce_sum %c, %a mask %c128_i32 repeat_times %c4_i32 dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32, i32, i32, i32)
# RS-IR: %mask = ascendc.mask_list %n, %c0_ui64 : i32, ui64 -> !ascendc.mask_list<2>
# RS-IR: ascendc.vec.whole_reduce max order_index_value %c, %a mask %mask repeat_times %c4_i32 dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mask_list<2>, i32, i32, i32, i32)
# RS-IR: ascendc.vec.whole_reduce min order_only_index %w, %w mask %c64_i32 repeat_times %n dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 set_mask : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32, i32, i32, i32, i32)
# RS-IR: ascendc.vec.block_reduce sum %c, %a repeat_times %c2_i32 mask %c128_i32 dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32, i32, i32, i32)
# RS-IR: %mask_1 = ascendc.mask_list %n : i32 -> !ascendc.mask_list<1>
# RS-IR: ascendc.vec.block_reduce max %w, %w repeat_times %c1_i32 mask %mask_1 dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 set_mask : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32, !ascendc.mask_list<1>, i32, i32, i32)
# RS-IR: ascendc.vec.block_reduce min %c, %a repeat_times %c1_i32 mask %c64_i32 dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32, i32, i32, i32)
# RS-IR: ascendc.vec.pair_reduce_sum %c, %a repeat_times %c2_i32 mask %c128_i32 dst_rep_stride %c1_i32 src_blk_stride %c1_i32 src_rep_stride %c8_i32 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32, i32, i32, i32)
# RS-IR: ascendc.vec.repeat_reduce_sum %c, %a repeat_times %c4_i32 mask %c128_i32 dst_blk_stride %c0_i32 src_blk_stride %c1_i32 dst_rep_stride %c8_i32 src_rep_stride %c8_i32 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32, i32, i32, i32, i32)
# RS-IR: ascendc.vec.sort32 %c, %a, %u, %c4_i32 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, i32
# RS-IR: ascendc.vec.sort full_sort %c, %a, %u, %b, %c4_i32 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, !ascendc.local_tensor<f16>, i32
# RS-IR: ascendc.vec.mrg_sort_counts %c, [%a, %0, %b, %1] counts[%c32_ui16, %c32_ui16, %c32_ui16, %c32_ui16] sorted[%c0_ui32, %c0_ui32, %c0_ui32, %c0_ui32] valid %c15_ui16 repeat %c1_i32 : !ascendc.local_tensor<f16>, [!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>], (ui16, ui16, ui16, ui16), (ui32, ui32, ui32, ui32), ui16, i32
# RS-IR: ascendc.vec.mrg_sort_counts exhausted_suspension %c, [%a, %b] counts[%n, %n, %c0_ui16, %c0_ui16] sorted[%c0_ui32, %c0_ui32, %c0_ui32, %c0_ui32] valid %c3_ui16 repeat %c1_i32 : !ascendc.local_tensor<f16>, [!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>], (i32, i32, ui16, ui16), (ui32, ui32, ui32, ui32), ui16, i32
# RS-IR: %info = ascendc.mrg_sort4_info[%c16_ui16, %c16_ui16, %c16_ui16, %c0_ui16], %false, %c7_ui16, %c1_ui16 : (ui16, ui16, ui16, ui16), i1, ui16, ui16 -> !ascendc.mrg_sort4_info
# RS-IR: ascendc.vec.mrg_sort %c, [%a, %2, %b], %info : !ascendc.local_tensor<f16>, [!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>]
# RS-IR: ascendc.vec.mrg_sort4 %c, [%a, %0, %b, %1], %info : !ascendc.local_tensor<f16>, [!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>]
# RS-IR: ascendc.vec.rp_sort16 %c, %a, %c2_i32 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
# RS-IR: ascendc.vec.proposal %c, %a, %c2_i32, %c4_i32 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32
# RS-IR: ascendc.vec.proposal extract %b, %c, %c2_i32, %c5_i32 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32
# RS-IR: %length = ascendc.get_sort_len f16, %n : i32 -> ui32
# RS-IR: %offset = ascendc.get_sort_offset f32, %c16_ui32 : ui32 -> ui32
# RS-IR: %l1, %l2, %l3, %l4 = ascendc.get_mrg_sort_result : ui16, ui16, ui16, ui16

# RS-CPP:#include "kernel_operator.h"
# RS-CPP-EMPTY:
# RS-CPP-NEXT:extern "C" __global__ __aicore__ void reduce_sort(int32_t n) {
# RS-CPP-NEXT:    AscendC::LocalTensor<half> a(AscendC::TPosition::VECIN, 0, 512);
# RS-CPP-NEXT:    AscendC::LocalTensor<half> b(AscendC::TPosition::VECIN, 1024, 512);
# RS-CPP-NEXT:    AscendC::LocalTensor<half> c(AscendC::TPosition::VECOUT, 2048, 2048);
# RS-CPP-NEXT:    AscendC::LocalTensor<float> w(AscendC::TPosition::VECCALC, 8192, 256);
# RS-CPP-NEXT:    AscendC::LocalTensor<uint32_t> u(AscendC::TPosition::VECCALC, 12288, 256);
# RS-CPP-NEXT:    AscendC::WholeReduceSum<half, true>(c, a, 128, 4, 1, 1, 8);
# RS-CPP-NEXT:    uint64_t mask[] = {static_cast<uint64_t>(n), 0};
# RS-CPP-NEXT:    AscendC::WholeReduceMax<half, false>(c, a, mask, 4, 1, 1, 8, AscendC::ReduceOrder::ORDER_INDEX_VALUE);
# RS-CPP-NEXT:    AscendC::WholeReduceMin<float, true>(w, w, 64, n, 1, 1, 8, AscendC::ReduceOrder::ORDER_ONLY_INDEX);
# RS-CPP-NEXT:    AscendC::BlockReduceSum<half, true>(c, a, 2, 128, 1, 1, 8);
# RS-CPP-NEXT:    uint64_t mask_1[] = {static_cast<uint64_t>(n)};
# RS-CPP-NEXT:    AscendC::BlockReduceMax<float, true>(w, w, 1, mask_1, 1, 1, 8);
# RS-CPP-NEXT:    AscendC::BlockReduceMin<half, false>(c, a, 1, 64, 1, 1, 8);
# RS-CPP-NEXT:    AscendC::PairReduceSum<half, true>(c, a, 2, 128, 1, 1, 8);
# RS-CPP-NEXT:    AscendC::RepeatReduceSum<half, true>(c, a, 4, 128, 0, 1, 8, 8);
# RS-CPP-NEXT:    AscendC::Sort32(c, a, u, 4);
# RS-CPP-NEXT:    AscendC::Sort<half, true>(c, a, u, b, 4);
# RS-CPP-NEXT:    AscendC::LocalTensor<half> v = a[128];
# RS-CPP-NEXT:    AscendC::LocalTensor<half> v_1 = b[128];
# RS-CPP-NEXT:    uint16_t element_count_list[] = {32, 32, 32, 32};
# RS-CPP-NEXT:    uint32_t sorted_num[] = {0, 0, 0, 0};
# RS-CPP-NEXT:    AscendC::MrgSort<half, false>(c, AscendC::MrgSortSrcList<half>(a, v, b, v_1), element_count_list, sorted_num, 15, 1);
# RS-CPP-NEXT:    uint16_t element_count_list_1[] = {static_cast<uint16_t>(n), static_cast<uint16_t>(n), 0, 0};
# RS-CPP-NEXT:    uint32_t sorted_num_1[] = {0, 0, 0, 0};
# RS-CPP-NEXT:    AscendC::MrgSort<half, true>(c, AscendC::MrgSortSrcList<half>(a, b, AscendC::LocalTensor<half>(), AscendC::LocalTensor<half>()), element_count_list_1, sorted_num_1, 3, 1);
# RS-CPP-NEXT:    uint16_t info_lengths[] = {16, 16, 16, 0};
# RS-CPP-NEXT:    AscendC::MrgSort4Info info{info_lengths, false, 7, 1};
# RS-CPP-NEXT:    AscendC::LocalTensor<half> v_2 = a[128];
# RS-CPP-NEXT:    AscendC::MrgSort(c, AscendC::MrgSortSrcList<half>(a, v_2, b, AscendC::LocalTensor<half>()), info);
# RS-CPP-NEXT:    AscendC::MrgSort4(c, AscendC::MrgSortSrcList<half>(a, v, b, v_1), info);
# RS-CPP-NEXT:    AscendC::RpSort16(c, a, 2);
# RS-CPP-NEXT:    AscendC::ProposalConcat(c, a, 2, 4);
# RS-CPP-NEXT:    AscendC::ProposalExtract(b, c, 2, 5);
# RS-CPP-NEXT:    uint32_t length = AscendC::GetSortLen<half>(n);
# RS-CPP-NEXT:    uint32_t offset = AscendC::GetSortOffset<float>(16);
# RS-CPP-NEXT:    uint16_t l1;
# RS-CPP-NEXT:    uint16_t l2;
# RS-CPP-NEXT:    uint16_t l3;
# RS-CPP-NEXT:    uint16_t l4;
# RS-CPP-NEXT:    AscendC::GetMrgSortResult(l1, l2, l3, l4);
# RS-CPP-NEXT:}


# SU-IR: %rounded = ascendc.scalar_cast cast_round %f : f32 -> i32
# SU-IR: %odd = ascendc.scalar_cast cast_odd %f : f32 -> f16
# SU-IR: %brain = ascendc.scalar_cast cast_rint %cst : f32 -> bf16
# SU-IR: %first_one = ascendc.scalar_bits get_sff_value value #builtin.int<1> %n : i32 -> i64
# SU-IR: %zeros = ascendc.scalar_bits get_count_of_value value #builtin.int<0> %n : i32 -> i64
# SU-IR: %leading = ascendc.scalar_bits count_leading_zero %n : i32 -> i64
# SU-IR: %same = ascendc.scalar_bits count_bits_cnt_same_as_sign_bit %cm2_i64 : i64 -> i64

# SU-CPP:#include "kernel_operator.h"
# SU-CPP-EMPTY:
# SU-CPP-NEXT:extern "C" __global__ __aicore__ void scalar_unit(int32_t n, float f) {
# SU-CPP-NEXT:    int32_t rounded = AscendC::ScalarCast<float, int32_t, AscendC::RoundMode::CAST_ROUND>(f);
# SU-CPP-NEXT:    half odd = AscendC::ScalarCast<float, half, AscendC::RoundMode::CAST_ODD>(f);
# SU-CPP-NEXT:    bfloat16_t brain = AscendC::Cast(1.5f);
# SU-CPP-NEXT:    int64_t first_one = AscendC::ScalarGetSFFValue<1>(n);
# SU-CPP-NEXT:    int64_t zeros = AscendC::ScalarGetCountOfValue<0>(n);
# SU-CPP-NEXT:    int64_t leading = AscendC::ScalarCountLeadingZero(n);
# SU-CPP-NEXT:    int64_t same = AscendC::CountBitsCntSameAsSignBit(-2);
# SU-CPP-NEXT:}
