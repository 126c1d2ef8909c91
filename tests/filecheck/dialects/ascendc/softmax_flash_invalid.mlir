// RUN: ascx-opt %s --verify-diagnostics --split-input-file | filecheck %s

// The verifier rules of SoftmaxFlashV2: dst and expMax of src's type, the four stats tensors of one type
// (src's, or f32 for f16), a floating src, the tiling a SoftMaxTiling, the shape info a SoftMaxShapeInfo.

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%x = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%s = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f32>
%i = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<i16>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
ascendc.adv.softmax_flash_v2 %x, %s, %s, %x, %s, %s, %s, %tiling : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">) loc("k.py":1:1)
// CHECK: k.py:1:1: error: exp_max has element type f32, but dst has f16
// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%x = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%s = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f32>
%i = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<i16>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
ascendc.adv.softmax_flash_v2 %x, %s, %s, %x, %x, %s, %x, %tiling : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">) loc("k.py":2:1)
// CHECK: k.py:2:1: error: in_max has element type f16, but exp_sum has f32
// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%x = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%s = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f32>
%i = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<i16>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
ascendc.adv.softmax_flash_v2 %s, %x, %x, %s, %s, %x, %x, %tiling : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">) loc("k.py":3:1)
// CHECK: k.py:3:1: error: the stats hold the type of src, or f32 for a f16 src; got f16 for f32
// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%x = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%s = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f32>
%i = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<i16>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
ascendc.adv.softmax_flash_v2 %i, %i, %i, %i, %i, %i, %i, %tiling : (!ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.lib_tiling<"SoftMaxTiling">) loc("k.py":4:1)
// CHECK: k.py:4:1: error: src must hold f16 or f32 elements, got i16
// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%x = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%s = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f32>
%i = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<i16>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
%rms = ascendc.lib_tiling : !ascendc.lib_tiling<"RmsNormTiling">
ascendc.adv.softmax_flash_v2 %x, %s, %s, %x, %x, %s, %s, %rms : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"RmsNormTiling">) loc("k.py":5:1)
// CHECK: k.py:5:1: error: tiling must be a SoftMaxTiling, got !ascendc.lib_tiling<"RmsNormTiling">
// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%x = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%s = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f32>
%i = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<i16>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
ascendc.adv.softmax_flash_v2 %x, %s, %s, %x, %x, %s, %s, %tiling shape_info %tiling : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.lib_tiling<"SoftMaxTiling">) loc("k.py":6:1)
// CHECK: k.py:6:1: error: shape_info must be a SoftMaxShapeInfo, got !ascendc.lib_tiling<"SoftMaxTiling">
