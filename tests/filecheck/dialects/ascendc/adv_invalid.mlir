// RUN: ascx-opt %s --verify-diagnostics --split-input-file | filecheck %s

// The verifier rules of the library ops beyond Matmul and of their tiling structs: only the call forms
// CANN declares, the element types each function takes, the tiling struct each function reads. One
// rule per case, reported at the op's location.

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%t = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<ui8>
ascendc.adv.math log %a, %a count %c256 tmp %t : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, !ascendc.local_tensor<ui8>) loc("k.py":1:1)
// CHECK: k.py:1:1: error: Log takes no temporary buffer

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
ascendc.adv.math floor %a, %a : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>) loc("k.py":2:1)
// CHECK: k.py:2:1: error: Floor needs a count: CANN declares no form without calCount

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
ascendc.adv.math exp %a, %a count %c256 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32) loc("k.py":3:1)
// CHECK: k.py:3:1: error: taylor_expand_level is given for exp, and only for exp

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
ascendc.adv.math acos %a, %a count %c256 tmp %a : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, !ascendc.local_tensor<f16>) loc("k.py":4:1)
// CHECK: k.py:4:1: error: tmp must be a local_tensor<ui8>, got !ascendc.local_tensor<f16>

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%i = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<i16>
ascendc.adv.math sin %i, %i : (!ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>) loc("k.py":5:1)
// CHECK: k.py:5:1: error: src must hold f16 or f32 elements, got i16

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%s = arith.constant 1.0 : f16
ascendc.adv.axpy %a, %a, %s count %c256 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, ui32) loc("k.py":6:1)
// CHECK: k.py:6:1: error: Axpy needs a count and a temporary buffer: CANN declares only that form

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"RmsNormTiling">
ascendc.adv.softmax %a, %a, %a, %a, %tiling : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"RmsNormTiling">) loc("k.py":7:1)
// CHECK: k.py:7:1: error: tiling must be a SoftMaxTiling, got !ascendc.lib_tiling<"RmsNormTiling">

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
ascendc.adv.softmax %a, %a, %a, %a, %tiling shape_info %tiling : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.lib_tiling<"SoftMaxTiling">) loc("k.py":7:1)
// CHECK: k.py:7:1: error: shape_info must be a SoftMaxShapeInfo, got !ascendc.lib_tiling<"SoftMaxTiling">

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%s = arith.constant 1.0 : f32
ascendc.adv.quant %a, %a, %s, %s : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f32, f32) loc("k.py":8:1)
// CHECK: k.py:8:1: error: dst must be a local_tensor<i8>, got !ascendc.local_tensor<f16>

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%i = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<i32>
%r = arith.constant 1 : i32
ascendc.adv.extract %a, %i, %a, %r : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<f16>, i32) loc("k.py":9:1)
// CHECK: k.py:9:1: error: dst_index must be a local_tensor<ui32>, got !ascendc.local_tensor<i32>

// -----

%t = ascendc.lib_tiling : !ascendc.lib_tiling<"LayerNormGradTiling"> loc("k.py":10:1)
// CHECK: k.py:10:1: error: unknown tiling struct 'LayerNormGradTiling'

// -----

%t = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
%v = arith.constant 1 : i32
ascendc.lib_tiling.set %t "hLength", %v : !ascendc.lib_tiling<"SoftMaxTiling">, i32 loc("k.py":11:1)
// CHECK: k.py:11:1: error: 'hLength' is not a SoftMaxTiling field

// -----

%t = ascendc.lib_tiling : !ascendc.lib_tiling<"RmsNormTiling">
%v = arith.constant 1 : i32
ascendc.lib_tiling.set %t "reciprocalOfHLength", %v : !ascendc.lib_tiling<"RmsNormTiling">, i32 loc("k.py":12:1)
// CHECK: k.py:12:1: error: reciprocalOfHLength takes f32, got i32

// -----

%g = ascendc.global_tensor : !ascendc.global_tensor<i8>
%n = arith.constant 16 : i32
%v = arith.constant 0 : i8
ascendc.init_global_memory %g, %n, %v : !ascendc.global_tensor<i8>, i32, i8 loc("k.py":13:1)
// CHECK: k.py:13:1: error: InitGlobalMemory takes half, float, int16_t, uint16_t, int32_t or uint32_t, not i8

// -----

%g = ascendc.global_tensor : !ascendc.global_tensor<f32>
%n = arith.constant 16 : i32
%v = arith.constant 0 : i32
ascendc.init_global_memory %g, %n, %v : !ascendc.global_tensor<f32>, i32, i32 loc("k.py":14:1)
// CHECK: k.py:14:1: error: value has type i32, but the tensor holds f32

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%e = arith.constant 1.0 : f16
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"RmsNormTiling">
ascendc.adv.layernorm %a, %a, %a, %a, %a, %a, %e, %tiling : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, !ascendc.lib_tiling<"RmsNormTiling">) loc("k.py":15:1)
// CHECK: k.py:15:1: error: tiling must be a LayerNormTiling, got !ascendc.lib_tiling<"RmsNormTiling">

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%e = arith.constant 1.0 : f32
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"LayerNormTiling">
ascendc.adv.layernorm %a, %a, %a, %a, %a, %a, %e, %tiling : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f32, !ascendc.lib_tiling<"LayerNormTiling">) loc("k.py":16:1)
// CHECK: k.py:16:1: error: epsilon has type f32, but src holds f16

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%e = arith.constant 1.0 : f16
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"LayerNormTiling">
ascendc.adv.layernorm %a, %a, %a, %a, %a, %a, %e, %tiling reuse_source : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, !ascendc.lib_tiling<"LayerNormTiling">) loc("k.py":17:1)
// CHECK: k.py:17:1: error: LayerNorm takes isReuseSource only for float: CANN rejects it for half

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<i32>
%e = arith.constant 1 : i32
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"LayerNormTiling">
ascendc.adv.layernorm %a, %a, %a, %a, %a, %a, %e, %tiling : (!ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32, !ascendc.lib_tiling<"LayerNormTiling">) loc("k.py":18:1)
// CHECK: k.py:18:1: error: src must hold f16 or f32 elements, got i32

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%al = arith.constant 1.0 : f16
%e = arith.constant 1.0 : f16
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"LayerNormTiling">
ascendc.adv.deepnorm %a, %a, %a, %a, %a, %a, %a, %al, %e, %tiling : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, f16, !ascendc.lib_tiling<"LayerNormTiling">) loc("k.py":19:1)
// CHECK: k.py:19:1: error: tiling must be a DeepNormTiling, got !ascendc.lib_tiling<"LayerNormTiling">

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%al = arith.constant 1.0 : f32
%e = arith.constant 1.0 : f16
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"DeepNormTiling">
ascendc.adv.deepnorm %a, %a, %a, %a, %a, %a, %a, %al, %e, %tiling : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f32, f16, !ascendc.lib_tiling<"DeepNormTiling">) loc("k.py":20:1)
// CHECK: k.py:20:1: error: alpha has type f32, but src holds f16

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%al = arith.constant 1.0 : f16
%e = arith.constant 1.0 : f16
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"DeepNormTiling">
ascendc.adv.deepnorm %a, %a, %a, %a, %a, %a, %a, %al, %e, %tiling reuse_source : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, f16, !ascendc.lib_tiling<"DeepNormTiling">) loc("k.py":21:1)
// CHECK: k.py:21:1: error: DeepNorm takes isReuseSrc only for float: CANN rejects it for half

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f32>
%h = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
ascendc.adv.simple_softmax %a, %h, %h, %a, %tiling : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">) loc("k.py":20:1)
// CHECK: k.py:20:1: error: in_sum holds the type of src, or f32 for a f16 src; got f16 for f32

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"RmsNormTiling">
ascendc.adv.simple_softmax %a, %a, %a, %a, %tiling : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"RmsNormTiling">) loc("k.py":21:1)
// CHECK: k.py:21:1: error: tiling must be a SoftMaxTiling, got !ascendc.lib_tiling<"RmsNormTiling">

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%w = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f32>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
ascendc.adv.simple_softmax %a, %a, %w, %a, %tiling : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">) loc("k.py":22:1)
// CHECK: k.py:22:1: error: in_max has element type f32, but in_sum has f16

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
ascendc.adv.simple_softmax %a, %a, %a, %a, %tiling shape_info %tiling : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.lib_tiling<"SoftMaxTiling">) loc("k.py":23:1)
// CHECK: k.py:23:1: error: shape_info must be a SoftMaxShapeInfo, got !ascendc.lib_tiling<"SoftMaxTiling">

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%w = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f32>
%t = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<ui8>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"LogSoftMaxTiling">
ascendc.adv.log_softmax %a, %w, %w, %a, %t, %tiling : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"LogSoftMaxTiling">) loc("k.py":24:1)
// CHECK: k.py:24:1: error: sum has element type f32, but dst has f16

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%t = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<ui8>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
ascendc.adv.log_softmax %a, %a, %a, %a, %t, %tiling : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"SoftMaxTiling">) loc("k.py":25:1)
// CHECK: k.py:25:1: error: tiling must be a LogSoftMaxTiling, got !ascendc.lib_tiling<"SoftMaxTiling">

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"LogSoftMaxTiling">
ascendc.adv.log_softmax %a, %a, %a, %a, %a, %tiling : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"LogSoftMaxTiling">) loc("k.py":26:1)
// CHECK: k.py:26:1: error: tmp must be a local_tensor<ui8>, got !ascendc.local_tensor<f16>

// -----

%t = ascendc.lib_tiling : !ascendc.lib_tiling<"LogSoftMaxTiling">
%v = arith.constant 1 : i32
ascendc.lib_tiling.set %t "hLength", %v : !ascendc.lib_tiling<"LogSoftMaxTiling">, i32 loc("k.py":27:1)
// CHECK: k.py:27:1: error: 'hLength' is not a LogSoftMaxTiling field

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%i = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<i16>
%to = arith.constant 0.0 : f16
%shape = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxShapeInfo">
%r = ascendc.adv.adjust_softmax_res %a, %i, %c0, %to, %shape : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<i16>, ui32, f16, !ascendc.lib_tiling<"SoftMaxShapeInfo">) -> i1 loc("k.py":28:1)
// CHECK: k.py:28:1: error: max must hold f16 or f32 elements, got i16

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%to = arith.constant 0.0 : f32
%shape = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxShapeInfo">
%r = ascendc.adv.adjust_softmax_res %a, %a, %c0, %to, %shape : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, f32, !ascendc.lib_tiling<"SoftMaxShapeInfo">) -> i1 loc("k.py":29:1)
// CHECK: k.py:29:1: error: to has type f32, but softmax_res holds f16

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%to = arith.constant 0.0 : f16
%shape = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
%r = ascendc.adv.adjust_softmax_res %a, %a, %c0, %to, %shape : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, f16, !ascendc.lib_tiling<"SoftMaxTiling">) -> i1 loc("k.py":30:1)
// CHECK: k.py:30:1: error: shape_info must be a SoftMaxShapeInfo, got !ascendc.lib_tiling<"SoftMaxTiling">

// -----

%c0 = ascendc.constant 0 : ui32
%c256 = ascendc.constant 256 : ui32
%a = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<f16>
%to = arith.constant 0.0 : f16
%shape = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxShapeInfo">
%r = ascendc.adv.adjust_softmax_res %a, %a, %c0, %to, %shape data_format_nz step_size_mode 1 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, f16, !ascendc.lib_tiling<"SoftMaxShapeInfo">) -> i1 loc("k.py":31:1)
// CHECK: k.py:31:1: error: a non-zero step_size_mode takes an ND max tensor (not data_format_nz)

// -----

%c4 = ascendc.constant 4 : ui32
%shape = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxShapeInfo">
%t = ascendc.lib_tiling : !ascendc.lib_tiling<"LogSoftMaxTiling">
%r = ascendc.adv.softmax_tiling_func %c4, %shape, %t, %c4, %c4 : (ui32, !ascendc.lib_tiling<"SoftMaxShapeInfo">, !ascendc.lib_tiling<"LogSoftMaxTiling">, ui32, ui32) -> i1 loc("k.py":32:1)
// CHECK: k.py:32:1: error: tiling must be a SoftMaxTiling, got !ascendc.lib_tiling<"LogSoftMaxTiling">

// -----

%c4 = ascendc.constant 4 : ui32
%t = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
%r = ascendc.adv.softmax_tiling_func %c4, %t, %t, %c4, %c4 : (ui32, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.lib_tiling<"SoftMaxTiling">, ui32, ui32) -> i1 loc("k.py":33:1)
// CHECK: k.py:33:1: error: shape_info must be a SoftMaxShapeInfo, got !ascendc.lib_tiling<"SoftMaxTiling">
