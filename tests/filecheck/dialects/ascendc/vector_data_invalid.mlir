// RUN: ascx-opt %s --verify-diagnostics --split-input-file | filecheck %s

// The verifier rules of the data-rearranging vector ops, the mask registers and the fused ops: one rule per
// case, reported at the op's location.

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%w = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f32>
%n = arith.constant 256 : i32
ascendc.vec.fused add_relu %w, %a, %a count %n : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32) loc("k.py":1:1)
// CHECK: k.py:1:1: error: src0 has element type f16, but dst has f32

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%w = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f32>
%n = arith.constant 256 : i32
ascendc.vec.ternary mul_add_dst %w, %a, %w count %n : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, i32) loc("k.py":2:1)
// CHECK: k.py:2:1: error: src1 has element type f32, but src0 has f16

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%s = arith.constant 1.0 : f32
%n = arith.constant 256 : i32
ascendc.vec.axpy %a, %a, %s count %n : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f32, i32) loc("k.py":3:1)
// CHECK: k.py:3:1: error: scalar has type f32, but the element type of src is f16

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%n = arith.constant 256 : i32
%m = ascendc.constant 128 : ui64
%r = ascendc.constant 2 : ui8
ascendc.vec.cast_deq %a, %a count %n mask %m repeat_times %r : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, ui64, ui8) loc("k.py":4:1)
// CHECK: k.py:4:1: error: expected either count or all of mask, repeat_times, repeat_params; got count, mask, repeat_times

// -----

%s = arith.constant 1.0 : f32
ascendc.set_deq_scale %s : f32 loc("k.py":5:1)
// CHECK: k.py:5:1: error: SetDeqScale takes (f16) or (f32, an integer offset, i1), got (f32)

// -----

%s = arith.constant 1.0 : f32
ascendc.vdeq_info %s, %s : f32, f32 -> !ascendc.params<vdeq_info> loc("k.py":6:1)
// CHECK: k.py:6:1: error: a VdeqInfo takes 16 f32 scales, 16 integer offsets and 16 i1 sign modes

// -----

%n = arith.constant 1 : i32
ascendc.set_vector_mask counter f16 %n, %n, %n : i32, i32, i32 loc("k.py":7:1)
// CHECK: k.py:7:1: error: SetVectorMask takes a length or (maskHigh, maskLow), got 3 values

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%o = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<i32>
ascendc.vec.gather %a, %a, %o, %c0 count %c256 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<i32>, ui32, ui32) loc("k.py":8:1)
// CHECK: k.py:8:1: error: src_offset holds byte offsets and must be a tensor of ui32

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%m = ascendc.constant 128 : ui64
ascendc.vec.copy %a, %a mask %m : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64) loc("k.py":9:1)
// CHECK: k.py:9:1: error: expected all of mask, repeat_times, repeat_params; got mask

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%t = arith.constant true
%f = arith.constant 1 : i8
%m = ascendc.constant 0 : ui32
%c1 = ascendc.constant 1 : ui8
%c0_16 = ascendc.constant 0 : ui16
%p = ascendc.params %c1, %c0_16, %c0_16, %c1 : ui8, ui16, ui16, ui8 -> !ascendc.params<gather_mask>
%r = ascendc.vec.gather_mask %a, %a, %c1, %f, %m, %p : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui8, i8, ui32, !ascendc.params<gather_mask> -> ui64 loc("k.py":10:1)
// CHECK: k.py:10:1: error: reduce_mode must be an i1, got i8

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%false = arith.constant false
%c1 = ascendc.constant 1 : ui8
%c0_16 = ascendc.constant 0 : ui16
%p = ascendc.params %false, %false, %c1, %c0_16, %c0_16 : i1, i1, ui8, ui16, ui16 -> !ascendc.params<trans_data_to_5hd>
ascendc.vec.trans_data_to_5hd f16 %a, %a, %p into [] from [] : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<trans_data_to_5hd>, (), () loc("k.py":11:1)
// CHECK: k.py:11:1: error: dst holds addresses and must be a tensor of ui64

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%false = arith.constant false
%c1 = ascendc.constant 1 : ui8
%c0_16 = ascendc.constant 0 : ui16
%p = ascendc.params %false, %false, %c1, %c0_16, %c0_16 : i1, i1, ui8, ui16, ui16 -> !ascendc.params<trans_data_to_5hd>
ascendc.vec.trans_data_to_5hd_list [%a, %a], [%a, %a], %p : !ascendc.params<trans_data_to_5hd>, (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>), (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>) loc("k.py":12:1)
// CHECK: k.py:12:1: error: TransDataTo5HD takes 16 destination and 16 source tensors, got 2 and 2

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%c1 = ascendc.constant 1 : ui8
%c8 = ascendc.constant 8 : ui8
%p = ascendc.params %c1, %c8 : ui8, ui8 -> !ascendc.params<gather_repeat>
ascendc.vec.transpose %a, %a tmp %a params %p : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<gather_repeat>) loc("k.py":13:1)
// CHECK: k.py:13:1: error: params must be a TransposeParamsExt, got !ascendc.params<gather_repeat>
