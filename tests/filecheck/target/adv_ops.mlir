// RUN: ascx-opt %s -t ascendc | filecheck %s --match-full-lines --strict-whitespace

// The exact C++ of the library ops beyond Matmul: the template arguments CANN declares (the element
// type, Exp's Taylor level, the flags, AscendQuant's config as a constexpr static object), the optional
// temporary buffer and count in CANN's order (LayerNorm's tiling passed by reference as a local struct),
// and the tiling structs declared, filled, read and copied in from a kernel parameter; SimpleSoftMax with
// and without its temporary buffer, LogSoftMax with its tiling struct, AdjustSoftMaxRes with its bool result
// used and unused.

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
    ascendc.adv.simple_softmax %c, %w, %w, %a, %local basic_block data_format_nz : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">)
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

// CHECK:#include "kernel_operator.h"
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" __global__ __aicore__ void adv_lib(__gm__ SoftMaxTiling* tiling_gm, int32_t n, float eps) {
// CHECK-NEXT:    SoftMaxTiling tiling;
// CHECK-NEXT:    for (uint32_t i = 0; i < sizeof(SoftMaxTiling) / sizeof(uint32_t); ++i) {
// CHECK-NEXT:        reinterpret_cast<uint32_t*>(&tiling)[i] = reinterpret_cast<__gm__ const uint32_t*>(tiling_gm)[i];
// CHECK-NEXT:    }
// CHECK-NEXT:    AscendC::LocalTensor<half> a(AscendC::TPosition::VECIN, 0, 256);
// CHECK-NEXT:    AscendC::LocalTensor<half> b(AscendC::TPosition::VECIN, 512, 256);
// CHECK-NEXT:    AscendC::LocalTensor<half> c(AscendC::TPosition::VECOUT, 1024, 256);
// CHECK-NEXT:    AscendC::LocalTensor<float> w(AscendC::TPosition::VECCALC, 2048, 256);
// CHECK-NEXT:    AscendC::LocalTensor<int16_t> i_1(AscendC::TPosition::VECCALC, 4096, 256);
// CHECK-NEXT:    AscendC::LocalTensor<uint32_t> u(AscendC::TPosition::VECCALC, 8192, 256);
// CHECK-NEXT:    AscendC::LocalTensor<int8_t> q(AscendC::TPosition::VECOUT, 12288, 256);
// CHECK-NEXT:    AscendC::LocalTensor<uint8_t> tmp(AscendC::TPosition::VECCALC, 16384, 8192);
// CHECK-NEXT:    AscendC::Acos<half, false>(c, a, tmp, 256);
// CHECK-NEXT:    AscendC::Acosh<half, false>(c, a, n);
// CHECK-NEXT:    AscendC::Asin<half, false>(c, a);
// CHECK-NEXT:    AscendC::Asinh<half, false>(c, a, tmp);
// CHECK-NEXT:    AscendC::Atan<float, false>(w, w, tmp, 256);
// CHECK-NEXT:    AscendC::Atanh<half, false>(c, a, 256);
// CHECK-NEXT:    AscendC::Ceil<half, false>(c, a, tmp, 256);
// CHECK-NEXT:    AscendC::LocalTensor<float> v = w[128];
// CHECK-NEXT:    AscendC::Cos<float, true>(w, v, tmp, 128);
// CHECK-NEXT:    AscendC::Cosh<half, false>(c, a, 256);
// CHECK-NEXT:    AscendC::Digamma<half, false>(c, a, tmp, 256);
// CHECK-NEXT:    AscendC::Erf<half, false>(c, a);
// CHECK-NEXT:    AscendC::Erfc<half, false>(c, a, 256);
// CHECK-NEXT:    AscendC::Exp<half, 12, false>(c, a, tmp, 256);
// CHECK-NEXT:    AscendC::Floor<half, false>(c, a, 256);
// CHECK-NEXT:    AscendC::Frac<half, false>(c, a, 256);
// CHECK-NEXT:    AscendC::Lgamma<half, false>(c, a, tmp, 256);
// CHECK-NEXT:    AscendC::Log<half, false>(c, a);
// CHECK-NEXT:    AscendC::Round<half, false>(c, a, 256);
// CHECK-NEXT:    AscendC::Sign<half, false>(c, a, 256);
// CHECK-NEXT:    AscendC::Sin<half, false>(c, a, 256);
// CHECK-NEXT:    AscendC::Sinh<half, false>(c, a, 256);
// CHECK-NEXT:    AscendC::Tan<half, false>(c, a, 256);
// CHECK-NEXT:    AscendC::Tanh<half, false>(c, a, 256);
// CHECK-NEXT:    AscendC::Trunc<half, false>(c, a, 256);
// CHECK-NEXT:    AscendC::Power<half, false>(c, a, b, tmp, 256);
// CHECK-NEXT:    AscendC::Xor<int16_t, false>(i_1, i_1, i_1);
// CHECK-NEXT:    AscendC::Axpy<float, half, false>(w, a, half(0.5), tmp, 256);
// CHECK-NEXT:    AscendC::SoftMax<half, false, false, false>(c, b, b, a, tmp, tiling);
// CHECK-NEXT:    SoftMaxTiling local;
// CHECK-NEXT:    local.srcM = 2;
// CHECK-NEXT:    local.srcK = 128;
// CHECK-NEXT:    local.splitM = 1;
// CHECK-NEXT:    AscendC::SoftMax<half, false, false, true>(c, w, w, a, local);
// CHECK-NEXT:    AscendC::SoftMaxShapeInfo shape;
// CHECK-NEXT:    shape.srcM = 2;
// CHECK-NEXT:    AscendC::SoftMax<half, false, false, false>(c, w, w, a, tmp, local, shape);
// CHECK-NEXT:    RmsNormTiling norm;
// CHECK-NEXT:    norm.bLength = 1;
// CHECK-NEXT:    norm.sLength = 2;
// CHECK-NEXT:    norm.hLength = 128;
// CHECK-NEXT:    norm.reciprocalOfHLength = 0.0078125f;
// CHECK-NEXT:    half v_1 = static_cast<half>(eps);
// CHECK-NEXT:    AscendC::RmsNorm<half, false>(c, a, b, tmp, v_1, norm);
// CHECK-NEXT:    LayerNormTiling ln;
// CHECK-NEXT:    ln.hLength = 128;
// CHECK-NEXT:    AscendC::LayerNorm<half, false>(c, b, b, a, b, b, tmp, v_1, ln);
// CHECK-NEXT:    AscendC::LayerNorm<float, true>(w, w, w, w, w, w, eps, ln);
// CHECK-NEXT:    DeepNormTiling dn;
// CHECK-NEXT:    AscendC::DeepNorm<half, false, true>(c, b, b, a, a, b, b, tmp, v_1, v_1, dn);
// CHECK-NEXT:    AscendC::DeepNorm<float, true, false>(w, w, w, w, w, w, w, eps, eps, dn);
// CHECK-NEXT:    AscendC::AscendQuant<half, false>(q, a, 2.0f, 0.5f, 256);
// CHECK-NEXT:    constexpr static AscendC::AscendQuantConfig quant_config = {128, 0, 0, 1024};
// CHECK-NEXT:    AscendC::AscendQuant<half, false, quant_config>(q, a, tmp, eps, 0.0f, 128);
// CHECK-NEXT:    AscendC::Concat(c, a, b, 4);
// CHECK-NEXT:    AscendC::Extract(c, u, a, 2);
// CHECK-NEXT:    AscendC::SimpleSoftMax<half, false, false, false>(c, b, b, a, tmp, tiling);
// CHECK-NEXT:    AscendC::SimpleSoftMax<half, false, true, true>(c, w, w, a, local);
// CHECK-NEXT:    AscendC::SimpleSoftMax<float, false, false, false>(w, w, w, w, tmp, local, shape);
// CHECK-NEXT:    LogSoftMaxTiling log_tiling;
// CHECK-NEXT:    log_tiling.srcM = 2;
// CHECK-NEXT:    AscendC::LogSoftMax<half, false, false>(c, b, b, a, tmp, log_tiling, shape);
// CHECK-NEXT:    AscendC::LogSoftMax<half, true, true>(c, b, b, a, tmp, log_tiling);
// CHECK-NEXT:    bool found = AscendC::AdjustSoftMaxRes<float, float, false, 1>(w, w, 4286578687U, 0.0f, shape);
// CHECK-NEXT:    AscendC::AdjustSoftMaxRes<half, half, true, 0>(c, b, n, v_1, shape);
// CHECK-NEXT:    if (found) {
// CHECK-NEXT:        AscendC::AdjustSoftMaxRes<half, float, false, 0>(c, w, n, v_1, shape);
// CHECK-NEXT:    }
// CHECK-NEXT:    bool filled = AscendC::SoftMaxTilingFunc(2048, shape, tiling, 2, 4, true, false);
// CHECK-NEXT:    if (filled) {
// CHECK-NEXT:        AscendC::SoftMax<half, false, false, false>(c, w, w, a, tmp, tiling, shape);
// CHECK-NEXT:    }
// CHECK-NEXT:    AscendC::SoftMaxTilingFunc(n, shape, local, 4, 4, false, true);
// CHECK-NEXT:}
