// RUN: ascx-opt %s | ascx-opt | filecheck %s
// RUN: ascx-opt %s --print-op-generic | ascx-opt | filecheck %s

// Every op of the library beyond Matmul (the math functions in their call forms, Exp with its Taylor
// level, Power, Xor, Axpy, SoftMax, RmsNorm, LayerNorm and DeepNorm with their tiling structs, AscendQuant
// with a config, Concat, Extract, SimpleSoftMax, LogSoftMax, AdjustSoftMaxRes) and the tiling-struct ops: the custom format round-trips, generic form too.  The
// module is what `ascx compile --emit ir` makes of tests/filecheck/api/adv_lib.py.

builtin.module {
  ascendc.include "kernel_operator.h"
  func.func @adv_lib(%tiling_gm: !ascendc.gm_struct_addr<!ascendc.lib_tiling<"SoftMaxTiling">>, %n: i32, %eps: f32) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
    %tiling = ascendc.lib_tiling.load %tiling_gm : !ascendc.gm_struct_addr<!ascendc.lib_tiling<"SoftMaxTiling">> -> !ascendc.lib_tiling<"SoftMaxTiling">
    %c0_ui32 = ascendc.constant 0 : ui32
    %c256_ui32 = ascendc.constant 256 : ui32
    %a = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %c512_ui32 = ascendc.constant 512 : ui32
    %b = ascendc.local_tensor vecin, %c512_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %c1024_ui32 = ascendc.constant 1024 : ui32
    %c = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
    %c2048_ui32 = ascendc.constant 2048 : ui32
    %w = ascendc.local_tensor veccalc, %c2048_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
    %c4096_ui32 = ascendc.constant 4096 : ui32
    %i = ascendc.local_tensor veccalc, %c4096_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<i16>
    %c8192_ui32 = ascendc.constant 8192 : ui32
    %u = ascendc.local_tensor veccalc, %c8192_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui32>
    %c12288_ui32 = ascendc.constant 12288 : ui32
    %q = ascendc.local_tensor vecout, %c12288_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<i8>
    %c16384_ui32 = ascendc.constant 16384 : ui32
    %tmp = ascendc.local_tensor veccalc, %c16384_ui32, %c8192_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui8>
    ascendc.adv.math acos %c, %a count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, !ascendc.local_tensor<ui8>)
    ascendc.adv.math acosh %c, %a count %n : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
    ascendc.adv.math asin %c, %a : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>)
    ascendc.adv.math asinh %c, %a tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>)
    ascendc.adv.math atan %w, %w count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, ui32, !ascendc.local_tensor<ui8>)
    ascendc.adv.math atanh %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
    ascendc.adv.math ceil %c, %a count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, !ascendc.local_tensor<ui8>)
    %c128_i32 = arith.constant 128 : i32
    %0 = ascendc.sub_tensor %w[%c128_i32 : i32] : !ascendc.local_tensor<f32>
    %c128_ui32 = ascendc.constant 128 : ui32
    ascendc.adv.math cos %w, %0 count %c128_ui32 tmp %tmp reuse_source : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, ui32, !ascendc.local_tensor<ui8>)
    ascendc.adv.math cosh %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
    ascendc.adv.math digamma %c, %a count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, !ascendc.local_tensor<ui8>)
    ascendc.adv.math erf %c, %a : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>)
    ascendc.adv.math erfc %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
    ascendc.adv.math exp %c, %a count %c256_ui32 tmp %tmp taylor_expand_level 12 : i64 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, !ascendc.local_tensor<ui8>)
    ascendc.adv.math floor %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
    ascendc.adv.math frac %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
    ascendc.adv.math lgamma %c, %a count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, !ascendc.local_tensor<ui8>)
    ascendc.adv.math log %c, %a : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>)
    ascendc.adv.math round %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
    ascendc.adv.math sign %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
    ascendc.adv.math sin %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
    ascendc.adv.math sinh %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
    ascendc.adv.math tan %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
    ascendc.adv.math tanh %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
    ascendc.adv.math trunc %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
    ascendc.adv.binary_math power %c, %a, %b count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, !ascendc.local_tensor<ui8>)
    ascendc.adv.binary_math xor %i, %i, %i : (!ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>)
    %cst = arith.constant 5.000000e-01 : f16
    ascendc.adv.axpy %w, %a, %cst count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, f16, ui32, !ascendc.local_tensor<ui8>)
    ascendc.adv.softmax %c, %b, %b, %a, %tiling tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>)
    %local = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
    %c2_i32 = arith.constant 2 : i32
    ascendc.lib_tiling.set %local "srcM", %c2_i32 : !ascendc.lib_tiling<"SoftMaxTiling">, i32
    ascendc.lib_tiling.set %local "srcK", %c128_i32 : !ascendc.lib_tiling<"SoftMaxTiling">, i32
    %c1_i32 = arith.constant 1 : i32
    ascendc.lib_tiling.set %local "splitM", %c1_i32 : !ascendc.lib_tiling<"SoftMaxTiling">, i32
    ascendc.adv.softmax %c, %w, %w, %a, %local data_format_nz : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">)
    %shape = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxShapeInfo">
    ascendc.lib_tiling.set %shape "srcM", %c2_i32 : !ascendc.lib_tiling<"SoftMaxShapeInfo">, i32
    ascendc.adv.softmax %c, %w, %w, %a, %local tmp %tmp shape_info %shape : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"SoftMaxShapeInfo">)
    %norm = ascendc.lib_tiling : !ascendc.lib_tiling<"RmsNormTiling">
    ascendc.lib_tiling.set %norm "bLength", %c1_i32 : !ascendc.lib_tiling<"RmsNormTiling">, i32
    ascendc.lib_tiling.set %norm "sLength", %c2_i32 : !ascendc.lib_tiling<"RmsNormTiling">, i32
    ascendc.lib_tiling.set %norm "hLength", %c128_i32 : !ascendc.lib_tiling<"RmsNormTiling">, i32
    %cst_1 = arith.constant 7.812500e-03 : f32
    ascendc.lib_tiling.set %norm "reciprocalOfHLength", %cst_1 : !ascendc.lib_tiling<"RmsNormTiling">, f32
    %1 = arith.truncf %eps : f32 to f16
    ascendc.adv.rmsnorm %c, %a, %b, %1, %norm tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, !ascendc.lib_tiling<"RmsNormTiling">, !ascendc.local_tensor<ui8>)
    %ln = ascendc.lib_tiling : !ascendc.lib_tiling<"LayerNormTiling">
    ascendc.lib_tiling.set %ln "hLength", %c128_i32 : !ascendc.lib_tiling<"LayerNormTiling">, i32
    ascendc.lib_tiling.set %ln "lastDimValueBack", %cst_1 : !ascendc.lib_tiling<"LayerNormTiling">, f32
    ascendc.adv.layernorm %c, %b, %b, %a, %b, %b, %1, %ln tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, !ascendc.lib_tiling<"LayerNormTiling">, !ascendc.local_tensor<ui8>)
    ascendc.adv.layernorm %w, %w, %w, %w, %w, %w, %eps, %ln reuse_source : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32, !ascendc.lib_tiling<"LayerNormTiling">)
    %dn = ascendc.lib_tiling : !ascendc.lib_tiling<"DeepNormTiling">
    ascendc.adv.deepnorm %c, %b, %b, %a, %a, %b, %b, %1, %1, %dn tmp %tmp basic_block : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, f16, !ascendc.lib_tiling<"DeepNormTiling">, !ascendc.local_tensor<ui8>)
    ascendc.adv.deepnorm %w, %w, %w, %w, %w, %w, %w, %eps, %eps, %dn reuse_source : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32, f32, !ascendc.lib_tiling<"DeepNormTiling">)
    %cst_2 = arith.constant 2.000000e+00 : f32
    %cst_3 = arith.constant 5.000000e-01 : f32
    ascendc.adv.quant %q, %a, %cst_2, %cst_3 count %c256_ui32 : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, f32, f32, ui32)
    %cst_4 = arith.constant 0.000000e+00 : f32
    ascendc.adv.quant %q, %a, %eps, %cst_4 count %c128_ui32 tmp %tmp config array<i64: 128, 0, 0, 1024> : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, f32, f32, ui32, !ascendc.local_tensor<ui8>)
    %c4_i32 = arith.constant 4 : i32
    ascendc.adv.concat %c, %a, %b, %c4_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
    ascendc.adv.extract %c, %u, %a, %c2_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, !ascendc.local_tensor<f16>, i32)
    ascendc.adv.simple_softmax %c, %b, %b, %a, %tiling tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>)
    ascendc.adv.simple_softmax %c, %w, %w, %a, %local reuse_source basic_block data_format_nz : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">)
    ascendc.adv.simple_softmax %w, %w, %w, %w, %local tmp %tmp shape_info %shape : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"SoftMaxShapeInfo">)
    %log_tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"LogSoftMaxTiling">
    ascendc.lib_tiling.set %log_tiling "srcM", %c2_i32 : !ascendc.lib_tiling<"LogSoftMaxTiling">, i32
    ascendc.adv.log_softmax %c, %b, %b, %a, %tmp, %log_tiling shape_info %shape : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"LogSoftMaxTiling">, !ascendc.lib_tiling<"SoftMaxShapeInfo">)
    ascendc.adv.log_softmax %c, %b, %b, %a, %tmp, %log_tiling reuse_source data_format_nz : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"LogSoftMaxTiling">)
    %c7 = ascendc.constant 4286578687 : ui32
    %found = ascendc.adv.adjust_softmax_res %w, %w, %c7, %cst_4, %shape step_size_mode 1 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, ui32, f32, !ascendc.lib_tiling<"SoftMaxShapeInfo">) -> i1
    %unused = ascendc.adv.adjust_softmax_res %c, %b, %n, %1, %shape data_format_nz : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, f16, !ascendc.lib_tiling<"SoftMaxShapeInfo">) -> i1
    scf.if %found {
      %2 = ascendc.adv.adjust_softmax_res %c, %w, %n, %1, %shape : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, i32, f16, !ascendc.lib_tiling<"SoftMaxShapeInfo">) -> i1
    }
    %c2048 = ascendc.constant 2048 : ui32
    %c2u = ascendc.constant 2 : ui32
    %c4u = ascendc.constant 4 : ui32
    %filled = ascendc.adv.softmax_tiling_func %c2048, %shape, %tiling, %c2u, %c4u basic_block : (ui32, !ascendc.lib_tiling<"SoftMaxShapeInfo">, !ascendc.lib_tiling<"SoftMaxTiling">, ui32, ui32) -> i1
    scf.if %filled {
      ascendc.adv.softmax %c, %w, %w, %a, %tiling tmp %tmp shape_info %shape : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"SoftMaxShapeInfo">)
    }
    %nz = ascendc.adv.softmax_tiling_func %n, %shape, %local, %c4u, %c4u data_format_nz : (i32, !ascendc.lib_tiling<"SoftMaxShapeInfo">, !ascendc.lib_tiling<"SoftMaxTiling">, ui32, ui32) -> i1
    func.return
  }
}

// CHECK:      builtin.module {
// CHECK-NEXT:   ascendc.include "kernel_operator.h"
// CHECK-NEXT:   func.func @adv_lib(%tiling_gm: !ascendc.gm_struct_addr<!ascendc.lib_tiling<"SoftMaxTiling">>, %n: i32, %eps: f32) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
// CHECK-NEXT:     %tiling = ascendc.lib_tiling.load %tiling_gm : !ascendc.gm_struct_addr<!ascendc.lib_tiling<"SoftMaxTiling">> -> !ascendc.lib_tiling<"SoftMaxTiling">
// CHECK-NEXT:     %c0_ui32 = ascendc.constant 0 : ui32
// CHECK-NEXT:     %c256_ui32 = ascendc.constant 256 : ui32
// CHECK-NEXT:     %a = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c512_ui32 = ascendc.constant 512 : ui32
// CHECK-NEXT:     %b = ascendc.local_tensor vecin, %c512_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c1024_ui32 = ascendc.constant 1024 : ui32
// CHECK-NEXT:     %c = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
// CHECK-NEXT:     %c2048_ui32 = ascendc.constant 2048 : ui32
// CHECK-NEXT:     %w = ascendc.local_tensor veccalc, %c2048_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
// CHECK-NEXT:     %c4096_ui32 = ascendc.constant 4096 : ui32
// CHECK-NEXT:     %i = ascendc.local_tensor veccalc, %c4096_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<i16>
// CHECK-NEXT:     %c8192_ui32 = ascendc.constant 8192 : ui32
// CHECK-NEXT:     %u = ascendc.local_tensor veccalc, %c8192_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui32>
// CHECK-NEXT:     %c12288_ui32 = ascendc.constant 12288 : ui32
// CHECK-NEXT:     %q = ascendc.local_tensor vecout, %c12288_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<i8>
// CHECK-NEXT:     %c16384_ui32 = ascendc.constant 16384 : ui32
// CHECK-NEXT:     %tmp = ascendc.local_tensor veccalc, %c16384_ui32, %c8192_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui8>
// CHECK-NEXT:     ascendc.adv.math acos %c, %a count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, !ascendc.local_tensor<ui8>)
// CHECK-NEXT:     ascendc.adv.math acosh %c, %a count %n : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
// CHECK-NEXT:     ascendc.adv.math asin %c, %a : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>)
// CHECK-NEXT:     ascendc.adv.math asinh %c, %a tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>)
// CHECK-NEXT:     ascendc.adv.math atan %w, %w count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, ui32, !ascendc.local_tensor<ui8>)
// CHECK-NEXT:     ascendc.adv.math atanh %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
// CHECK-NEXT:     ascendc.adv.math ceil %c, %a count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, !ascendc.local_tensor<ui8>)
// CHECK-NEXT:     %c128_i32 = arith.constant 128 : i32
// CHECK-NEXT:     %0 = ascendc.sub_tensor %w[%c128_i32 : i32] : !ascendc.local_tensor<f32>
// CHECK-NEXT:     %c128_ui32 = ascendc.constant 128 : ui32
// CHECK-NEXT:     ascendc.adv.math cos %w, %0 count %c128_ui32 tmp %tmp reuse_source : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, ui32, !ascendc.local_tensor<ui8>)
// CHECK-NEXT:     ascendc.adv.math cosh %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
// CHECK-NEXT:     ascendc.adv.math digamma %c, %a count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, !ascendc.local_tensor<ui8>)
// CHECK-NEXT:     ascendc.adv.math erf %c, %a : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>)
// CHECK-NEXT:     ascendc.adv.math erfc %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
// CHECK-NEXT:     ascendc.adv.math exp %c, %a count %c256_ui32 tmp %tmp taylor_expand_level 12 : i64 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, !ascendc.local_tensor<ui8>)
// CHECK-NEXT:     ascendc.adv.math floor %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
// CHECK-NEXT:     ascendc.adv.math frac %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
// CHECK-NEXT:     ascendc.adv.math lgamma %c, %a count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, !ascendc.local_tensor<ui8>)
// CHECK-NEXT:     ascendc.adv.math log %c, %a : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>)
// CHECK-NEXT:     ascendc.adv.math round %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
// CHECK-NEXT:     ascendc.adv.math sign %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
// CHECK-NEXT:     ascendc.adv.math sin %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
// CHECK-NEXT:     ascendc.adv.math sinh %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
// CHECK-NEXT:     ascendc.adv.math tan %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
// CHECK-NEXT:     ascendc.adv.math tanh %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
// CHECK-NEXT:     ascendc.adv.math trunc %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
// CHECK-NEXT:     ascendc.adv.binary_math power %c, %a, %b count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, !ascendc.local_tensor<ui8>)
// CHECK-NEXT:     ascendc.adv.binary_math xor %i, %i, %i : (!ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>)
// CHECK-NEXT:     %cst = arith.constant 5.000000e-01 : f16
// CHECK-NEXT:     ascendc.adv.axpy %w, %a, %cst count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, f16, ui32, !ascendc.local_tensor<ui8>)
// CHECK-NEXT:     ascendc.adv.softmax %c, %b, %b, %a, %tiling tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>)
// CHECK-NEXT:     %local = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     ascendc.lib_tiling.set %local "srcM", %c2_i32 : !ascendc.lib_tiling<"SoftMaxTiling">, i32
// CHECK-NEXT:     ascendc.lib_tiling.set %local "srcK", %c128_i32 : !ascendc.lib_tiling<"SoftMaxTiling">, i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     ascendc.lib_tiling.set %local "splitM", %c1_i32 : !ascendc.lib_tiling<"SoftMaxTiling">, i32
// CHECK-NEXT:     ascendc.adv.softmax %c, %w, %w, %a, %local data_format_nz : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">)
// CHECK-NEXT:     %shape = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxShapeInfo">
// CHECK-NEXT:     ascendc.lib_tiling.set %shape "srcM", %c2_i32 : !ascendc.lib_tiling<"SoftMaxShapeInfo">, i32
// CHECK-NEXT:     ascendc.adv.softmax %c, %w, %w, %a, %local tmp %tmp shape_info %shape : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"SoftMaxShapeInfo">)
// CHECK-NEXT:     %norm = ascendc.lib_tiling : !ascendc.lib_tiling<"RmsNormTiling">
// CHECK-NEXT:     ascendc.lib_tiling.set %norm "bLength", %c1_i32 : !ascendc.lib_tiling<"RmsNormTiling">, i32
// CHECK-NEXT:     ascendc.lib_tiling.set %norm "sLength", %c2_i32 : !ascendc.lib_tiling<"RmsNormTiling">, i32
// CHECK-NEXT:     ascendc.lib_tiling.set %norm "hLength", %c128_i32 : !ascendc.lib_tiling<"RmsNormTiling">, i32
// CHECK-NEXT:     %cst_1 = arith.constant 7.812500e-03 : f32
// CHECK-NEXT:     ascendc.lib_tiling.set %norm "reciprocalOfHLength", %cst_1 : !ascendc.lib_tiling<"RmsNormTiling">, f32
// CHECK-NEXT:     %1 = arith.truncf %eps : f32 to f16
// CHECK-NEXT:     ascendc.adv.rmsnorm %c, %a, %b, %1, %norm tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, !ascendc.lib_tiling<"RmsNormTiling">, !ascendc.local_tensor<ui8>)
// CHECK-NEXT:     %ln = ascendc.lib_tiling : !ascendc.lib_tiling<"LayerNormTiling">
// CHECK-NEXT:     ascendc.lib_tiling.set %ln "hLength", %c128_i32 : !ascendc.lib_tiling<"LayerNormTiling">, i32
// CHECK-NEXT:     ascendc.lib_tiling.set %ln "lastDimValueBack", %cst_1 : !ascendc.lib_tiling<"LayerNormTiling">, f32
// CHECK-NEXT:     ascendc.adv.layernorm %c, %b, %b, %a, %b, %b, %1, %ln tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, !ascendc.lib_tiling<"LayerNormTiling">, !ascendc.local_tensor<ui8>)
// CHECK-NEXT:     ascendc.adv.layernorm %w, %w, %w, %w, %w, %w, %eps, %ln reuse_source : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32, !ascendc.lib_tiling<"LayerNormTiling">)
// CHECK-NEXT:     %dn = ascendc.lib_tiling : !ascendc.lib_tiling<"DeepNormTiling">
// CHECK-NEXT:     ascendc.adv.deepnorm %c, %b, %b, %a, %a, %b, %b, %1, %1, %dn tmp %tmp basic_block : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, f16, !ascendc.lib_tiling<"DeepNormTiling">, !ascendc.local_tensor<ui8>)
// CHECK-NEXT:     ascendc.adv.deepnorm %w, %w, %w, %w, %w, %w, %w, %eps, %eps, %dn reuse_source : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32, f32, !ascendc.lib_tiling<"DeepNormTiling">)
// CHECK-NEXT:     %cst_2 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:     %cst_3 = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:     ascendc.adv.quant %q, %a, %cst_2, %cst_3 count %c256_ui32 : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, f32, f32, ui32)
// CHECK-NEXT:     %cst_4 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:     ascendc.adv.quant %q, %a, %eps, %cst_4 count %c128_ui32 tmp %tmp config array<i64: 128, 0, 0, 1024> : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, f32, f32, ui32, !ascendc.local_tensor<ui8>)
// CHECK-NEXT:     %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT:     ascendc.adv.concat %c, %a, %b, %c4_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
// CHECK-NEXT:     ascendc.adv.extract %c, %u, %a, %c2_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, !ascendc.local_tensor<f16>, i32)
// CHECK-NEXT:     ascendc.adv.simple_softmax %c, %b, %b, %a, %tiling tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>)
// CHECK-NEXT:     ascendc.adv.simple_softmax %c, %w, %w, %a, %local reuse_source basic_block data_format_nz : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">)
// CHECK-NEXT:     ascendc.adv.simple_softmax %w, %w, %w, %w, %local tmp %tmp shape_info %shape : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"SoftMaxShapeInfo">)
// CHECK-NEXT:     %log_tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"LogSoftMaxTiling">
// CHECK-NEXT:     ascendc.lib_tiling.set %log_tiling "srcM", %c2_i32 : !ascendc.lib_tiling<"LogSoftMaxTiling">, i32
// CHECK-NEXT:     ascendc.adv.log_softmax %c, %b, %b, %a, %tmp, %log_tiling shape_info %shape : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"LogSoftMaxTiling">, !ascendc.lib_tiling<"SoftMaxShapeInfo">)
// CHECK-NEXT:     ascendc.adv.log_softmax %c, %b, %b, %a, %tmp, %log_tiling reuse_source data_format_nz : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"LogSoftMaxTiling">)
// CHECK-NEXT:     %c7 = ascendc.constant 4286578687 : ui32
// CHECK-NEXT:     %found = ascendc.adv.adjust_softmax_res %w, %w, %c7, %cst_4, %shape step_size_mode 1 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, ui32, f32, !ascendc.lib_tiling<"SoftMaxShapeInfo">) -> i1
// CHECK-NEXT:     %unused = ascendc.adv.adjust_softmax_res %c, %b, %n, %1, %shape data_format_nz : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, f16, !ascendc.lib_tiling<"SoftMaxShapeInfo">) -> i1
// CHECK-NEXT:     scf.if %found {
// CHECK-NEXT:       %2 = ascendc.adv.adjust_softmax_res %c, %w, %n, %1, %shape : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, i32, f16, !ascendc.lib_tiling<"SoftMaxShapeInfo">) -> i1
// CHECK-NEXT:     }
// CHECK-NEXT:    %c2048 = ascendc.constant 2048 : ui32
// CHECK-NEXT:    %c2u = ascendc.constant 2 : ui32
// CHECK-NEXT:    %c4u = ascendc.constant 4 : ui32
// CHECK-NEXT:    %filled = ascendc.adv.softmax_tiling_func %c2048, %shape, %tiling, %c2u, %c4u basic_block : (ui32, !ascendc.lib_tiling<"SoftMaxShapeInfo">, !ascendc.lib_tiling<"SoftMaxTiling">, ui32, ui32) -> i1
// CHECK-NEXT:    scf.if %filled {
// CHECK-NEXT:      ascendc.adv.softmax %c, %w, %w, %a, %tiling tmp %tmp shape_info %shape : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"SoftMaxShapeInfo">)
// CHECK-NEXT:    }
// CHECK-NEXT:    %nz = ascendc.adv.softmax_tiling_func %n, %shape, %local, %c4u, %c4u data_format_nz : (i32, !ascendc.lib_tiling<"SoftMaxShapeInfo">, !ascendc.lib_tiling<"SoftMaxTiling">, ui32, ui32) -> i1
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
