// RUN: ascx-opt %s --verify-diagnostics --split-input-file | filecheck %s

// The verifier rules of the per-repeat reductions, the sort and region-proposal ops and the
// scalar-unit ops: one rule per case, reported at the op's location.

%z = ascendc.constant 0 : ui32
%t = ascendc.local_tensor vecin, %z, %z : ui32, ui32 -> !ascendc.local_tensor<f16>
%n = arith.constant 1 : i32
ascendc.vec.whole_reduce sum order_value_index %t, %t mask %n repeat_times %n dst_rep_stride %n src_blk_stride %n src_rep_stride %n : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32, i32, i32, i32) loc("k.py":1:1)
// CHECK: k.py:1:1: error: the sum of a repeat is ascendc.vec.whole_reduce_sum, which has no order

// -----

%z = ascendc.constant 0 : ui32
%t = ascendc.local_tensor vecin, %z, %z : ui32, ui32 -> !ascendc.local_tensor<f16>
%w = ascendc.local_tensor vecout, %z, %z : ui32, ui32 -> !ascendc.local_tensor<f32>
%n = arith.constant 1 : i32
ascendc.vec.block_reduce max %w, %t repeat_times %n mask %n dst_rep_stride %n src_blk_stride %n src_rep_stride %n : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, i32, i32, i32, i32, i32) loc("k.py":2:1)
// CHECK: k.py:2:1: error: dst has element type f32, but src has f16

// -----

%z = ascendc.constant 0 : ui32
%t = ascendc.local_tensor vecin, %z, %z : ui32, ui32 -> !ascendc.local_tensor<f16>
%n = arith.constant 1 : i32
ascendc.vec.pair_reduce_sum %t, %t repeat_times %n mask %n : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32) loc("k.py":3:1)
// CHECK: k.py:3:1: error: expected all of repeat_times, mask, dst_rep_stride, src_blk_stride, src_rep_stride; got mask, repeat_times

// -----

%l = ascendc.constant 16 : ui16
%f = arith.constant false
%i = ascendc.mrg_sort4_info [%l, %l, %l], %f, %l, %l : (ui16, ui16, ui16), i1, ui16, ui16 -> !ascendc.mrg_sort4_info loc("k.py":4:1)
// CHECK: k.py:4:1: error: MrgSort4Info takes 4 queue lengths, got 3

// -----

%z = ascendc.constant 0 : ui32
%t = ascendc.local_tensor vecin, %z, %z : ui32, ui32 -> !ascendc.local_tensor<f16>
%l = ascendc.constant 16 : ui16
%f = arith.constant false
%i = ascendc.mrg_sort4_info [%l, %l, %l, %l], %f, %l, %l : (ui16, ui16, ui16, ui16), i1, ui16, ui16 -> !ascendc.mrg_sort4_info
"ascendc.vec.mrg_sort"(%t, %t, %t, %t, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 1>}> : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mrg_sort4_info) -> () loc("k.py":5:1)
// CHECK: k.py:5:1: error: src4 needs src3

// -----

%z = ascendc.constant 0 : ui32
%t = ascendc.local_tensor vecin, %z, %z : ui32, ui32 -> !ascendc.local_tensor<f16>
%w = ascendc.local_tensor vecout, %z, %z : ui32, ui32 -> !ascendc.local_tensor<f32>
%l = ascendc.constant 16 : ui16
%f = arith.constant false
%i = ascendc.mrg_sort4_info [%l, %l, %l, %l], %f, %l, %l : (ui16, ui16, ui16, ui16), i1, ui16, ui16 -> !ascendc.mrg_sort4_info
ascendc.vec.mrg_sort4 %w, [%t, %t], %i : !ascendc.local_tensor<f32>, [!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>] loc("k.py":6:1)
// CHECK: k.py:6:1: error: src1 has element type f16, but dst has f32

// -----

%z = ascendc.constant 0 : ui32
%t = ascendc.local_tensor vecin, %z, %z : ui32, ui32 -> !ascendc.local_tensor<f16>
%l = ascendc.constant 16 : ui16
%n = arith.constant 1 : i32
ascendc.vec.mrg_sort_counts %t, [%t, %t] counts [%l, %l, %l] sorted [%z, %z, %z, %z] valid %l repeat %n : !ascendc.local_tensor<f16>, [!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>], (ui16, ui16, ui16), (ui32, ui32, ui32, ui32), ui16, i32 loc("k.py":7:1)
// CHECK: k.py:7:1: error: element_counts has 4 elements, got 3

// -----

%z = ascendc.constant 0 : ui32
%t = ascendc.local_tensor vecin, %z, %z : ui32, ui32 -> !ascendc.local_tensor<f16>
%i = ascendc.local_tensor vecin, %z, %z : ui32, ui32 -> !ascendc.local_tensor<i32>
%n = arith.constant 1 : i32
ascendc.vec.sort32 %t, %t, %i, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<i32>, i32 loc("k.py":8:1)
// CHECK: k.py:8:1: error: src1 holds the indices as ui32, got i32

// -----

%z = ascendc.constant 0 : ui32
%t = ascendc.local_tensor vecin, %z, %z : ui32, ui32 -> !ascendc.local_tensor<f16>
%i = ascendc.local_tensor vecin, %z, %z : ui32, ui32 -> !ascendc.local_tensor<f16>
%n = arith.constant 1 : i32
ascendc.vec.sort full_sort %t, %t, %i, %t, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32 loc("k.py":9:1)
// CHECK: k.py:9:1: error: index holds the indices as ui32, got f16

// -----

%f = arith.constant 1.5 : f32
%r = ascendc.scalar_cast cast_round %f : f32 -> i16 loc("k.py":10:1)
// CHECK: k.py:10:1: error: ScalarCast converts to half, bfloat16_t or int32_t, not i16

// -----

%n = arith.constant 1 : i32
%r = ascendc.scalar_bits get_sff_value %n : i32 -> i64 loc("k.py":11:1)
// CHECK: k.py:11:1: error: ScalarGetSFFValue takes count value

// -----

%n = arith.constant 1 : i32
%r = ascendc.scalar_bits count_leading_zero value #builtin.int<1> %n : i32 -> i64 loc("k.py":12:1)
// CHECK: k.py:12:1: error: ScalarCountLeadingZero has no count value

// -----

%n = arith.constant 1 : i32
%r = ascendc.scalar_bits get_count_of_value value #builtin.int<2> %n : i32 -> i64 loc("k.py":13:1)
// CHECK: k.py:13:1: error: the count value is 0 or 1, got 2
