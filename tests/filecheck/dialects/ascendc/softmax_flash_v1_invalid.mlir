// RUN: ascx-opt %s --verify-diagnostics --split-input-file | filecheck %s

// The verifier rules of SoftmaxFlash (CANN's deprecated online softmax): dst and expMax of src's type, the four
// stats tensors of one type (src's, or f32 for f16), a floating src, the tiling a SoftMaxTiling, the shape info a
// SoftMaxShapeInfo, isUpdate an i1.

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%x = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%s = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f32>
%i = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<i16>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
%u = arith.constant true
ascendc.adv.softmax_flash %x, %s, %s, %x, %s, %s, %s, %tiling, %u : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, i1) loc("k.py":1:1)
// CHECK: k.py:1:1: error: exp_max has element type f32, but dst has f16
// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%x = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%s = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f32>
%i = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<i16>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
%u = arith.constant true
ascendc.adv.softmax_flash %x, %s, %s, %x, %x, %s, %x, %tiling, %u : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">, i1) loc("k.py":2:1)
// CHECK: k.py:2:1: error: in_max has element type f16, but sum has f32
// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%x = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%s = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f32>
%i = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<i16>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
%u = arith.constant true
ascendc.adv.softmax_flash %s, %x, %x, %s, %s, %x, %x, %tiling, %u : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">, i1) loc("k.py":3:1)
// CHECK: k.py:3:1: error: the stats hold the type of src, or f32 for a f16 src; got f16 for f32
// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%x = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%s = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f32>
%i = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<i16>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
%u = arith.constant true
ascendc.adv.softmax_flash %i, %i, %i, %i, %i, %i, %i, %tiling, %u : (!ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.lib_tiling<"SoftMaxTiling">, i1) loc("k.py":4:1)
// CHECK: k.py:4:1: error: src must hold f16 or f32 elements, got i16
// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%x = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%s = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f32>
%i = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<i16>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
%u = arith.constant true
%rms = ascendc.lib_tiling : !ascendc.lib_tiling<"RmsNormTiling">
ascendc.adv.softmax_flash %x, %s, %s, %x, %x, %s, %s, %rms, %u : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"RmsNormTiling">, i1) loc("k.py":5:1)
// CHECK: k.py:5:1: error: tiling must be a SoftMaxTiling, got !ascendc.lib_tiling<"RmsNormTiling">
// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%x = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%s = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f32>
%i = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<i16>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
%u = arith.constant true
ascendc.adv.softmax_flash %x, %s, %s, %x, %x, %s, %s, %tiling, %u shape_info %tiling : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, i1, !ascendc.lib_tiling<"SoftMaxTiling">) loc("k.py":6:1)
// CHECK: k.py:6:1: error: shape_info must be a SoftMaxShapeInfo, got !ascendc.lib_tiling<"SoftMaxTiling">
// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%x = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%s = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f32>
%i = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<i16>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
%u = arith.constant true
ascendc.adv.softmax_flash %x, %s, %s, %x, %x, %s, %s, %tiling, %c0 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, ui32) loc("k.py":7:1)
// CHECK: k.py:7:1: error: operand 'is_update' at position 8 does not verify:
// CHECK-NEXT: Expected attribute i1 but got ui32
