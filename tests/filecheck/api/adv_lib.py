# The library functions beyond Matmul from Python to IR and to C++: each math function once, exp with
# its Taylor expansion, power, xor, axpy, softmax, rmsnorm, layernorm and deepnorm with kernel-built
# tilings and a tiling kernel parameter, quant with a QuantConfig, concat and extract, simple_softmax,
# log_softmax, adjust_softmax_res (its bool result in a condition) and softmax_tiling_func (filling the
# tiling kernel parameter's copy and a kernel-built tiling).
#
# RUN: ascx compile %s --args "asc.adv.SoftmaxTiling(), MockValue(asc.int32), MockValue(asc.float32)" --emit ir | filecheck %s --check-prefix=IR
# RUN: ascx compile %s --args "asc.adv.SoftmaxTiling(), MockValue(asc.int32), MockValue(asc.float32)" | filecheck %s --check-prefix=CPP --match-full-lines --strict-whitespace
import ascx as asc


# One call of each API, not a synchronised kernel: compiled without the sync passes, whose own
# tests are under passes/.
@asc.jit(insert_sync=False, verify_sync=False)
def adv_lib(tiling: asc.adv.SoftmaxTiling, n: int, eps: float) -> None:
    a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    b = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 512, 256)
    c = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 1024, 256)
    w = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 2048, 256)
    i = asc.LocalTensor(asc.int16, asc.TPosition.VECCALC, 4096, 256)
    u = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 8192, 256)
    q = asc.LocalTensor(asc.int8, asc.TPosition.VECOUT, 12288, 256)
    tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 16384, 8192)
    asc.adv.acos(c, a, 256, tmp)
    asc.adv.acosh(c, a, n)
    asc.adv.asin(c, a)
    asc.adv.asinh(c, a, temp_buffer=tmp)
    asc.adv.atan(w, w, 256, tmp)
    asc.adv.atanh(c, a, 256)
    asc.adv.ceil(c, a, 256, tmp)
    asc.adv.cos(w, w[128:], 128, tmp, True)
    asc.adv.cosh(c, a, 256)
    asc.adv.digamma(c, a, 256, tmp)
    asc.adv.erf(c, a)
    asc.adv.erfc(c, a, 256)
    asc.adv.exp(c, a, 256, 12, tmp)
    asc.adv.floor(c, a, 256)
    asc.adv.frac(c, a, 256)
    asc.adv.lgamma(c, a, 256, tmp)
    asc.adv.log(c, a)
    asc.adv.round(c, a, 256)
    asc.adv.sign(c, a, 256)
    asc.adv.sin(c, a, 256)
    asc.adv.sinh(c, a, 256)
    asc.adv.tan(c, a, 256)
    asc.adv.tanh(c, a, 256)
    asc.adv.trunc(c, a, 256)
    asc.adv.power(c, a, b, 256, tmp)
    asc.adv.xor(i, i, i)
    asc.adv.axpy(w, a, 0.5, 256, tmp)
    asc.adv.softmax(c, b, b, a, tiling, tmp)
    local = asc.adv.SoftmaxTiling(src_m=2, src_k=128, split_m=1)
    asc.adv.softmax(c, w, w, a, local, basic_block=False, data_format_nz=True)
    norm = asc.adv.RmsNormTiling(b_length=1, s_length=2, h_length=128)
    norm.reciprocal_of_h_length = 1.0 / 128
    asc.adv.rmsnorm(c, a, b, eps, norm, tmp)
    ln = asc.adv.LayerNormTiling(b_length=1, s_length=2, h_length=64)
    asc.adv.layernorm(c, b[240:], b[224:], a, b[64:], b[128:], eps, ln, tmp)
    asc.adv.layernorm(w, w, w, w, w, w, 0.5, ln, reuse_source=True)
    dn = asc.adv.DeepNormTiling(b_length=1, s_length=8, h_length=32, original_h_length=32)
    asc.adv.deepnorm(w, w[240:], w[232:], w, w, w[64:], w[128:], eps, 0.5, dn, tmp, True)
    asc.adv.quant(q, a, 2.0, 0.5, 256)
    asc.adv.quant(q, a, eps, 0, 128, tmp, False, asc.adv.QuantConfig(128, 0, 0, 1024))
    asc.adv.concat(c, a, b, 4)
    asc.adv.extract(c, u, a, 2)
    asc.adv.simple_softmax(c, b, b, a, tiling, tmp)
    asc.adv.simple_softmax(c, w, w, a, local, basic_block=False, data_format_nz=True)
    shape = asc.adv.SoftmaxShapeInfo(2, 64, 2, 64)
    asc.adv.simple_softmax(w, w, w, w, local, tmp, softmax_shape_info=shape)
    log_tiling = asc.adv.LogSoftmaxTiling(src_m=2, src_k=64)
    asc.adv.log_softmax(c, b, b, a, log_tiling, tmp, softmax_shape_info=shape)
    asc.adv.log_softmax(c, b, b, a, log_tiling, tmp, reuse_source=False, data_format_nz=True)
    if asc.adv.adjust_softmax_res(w, w, 0xFF7FFFFF, 0.0, shape, step_size_mode=1):
        asc.adv.adjust_softmax_res(c, w, n, eps, shape)
    if asc.adv.softmax_tiling_func(8192 // 4, shape, tiling, 2, 4, True):
        asc.adv.softmax(c, w, w[128:], a, tiling, tmp, softmax_shape_info=shape)
    asc.adv.softmax_tiling_func(n, shape, local, 4, 4, data_format_nz=True)


# IR: func.func @adv_lib(%tiling_gm: !ascendc.gm_struct_addr<!ascendc.lib_tiling<"SoftMaxTiling">>, %n: i32, %eps: f32) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
# IR: %tiling = ascendc.lib_tiling.load %tiling_gm : !ascendc.gm_struct_addr<!ascendc.lib_tiling<"SoftMaxTiling">> -> !ascendc.lib_tiling<"SoftMaxTiling">
# IR: %a = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
# IR: %b = ascendc.local_tensor vecin, %c512_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
# IR: %c = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
# IR: %w = ascendc.local_tensor veccalc, %c2048_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
# IR: %i = ascendc.local_tensor veccalc, %c4096_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<i16>
# IR: %u = ascendc.local_tensor veccalc, %c8192_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui32>
# IR: %q = ascendc.local_tensor vecout, %c12288_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<i8>
# IR: %tmp = ascendc.local_tensor veccalc, %c16384_ui32, %c8192_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui8>
# IR: ascendc.adv.math acos %c, %a count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, !ascendc.local_tensor<ui8>)
# IR: ascendc.adv.math acosh %c, %a count %n : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
# IR: ascendc.adv.math asin %c, %a : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>)
# IR: ascendc.adv.math asinh %c, %a tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>)
# IR: ascendc.adv.math atan %w, %w count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, ui32, !ascendc.local_tensor<ui8>)
# IR: ascendc.adv.math atanh %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
# IR: ascendc.adv.math ceil %c, %a count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, !ascendc.local_tensor<ui8>)
# IR: %0 = ascendc.sub_tensor %w[%c128_i32 : i32] : !ascendc.local_tensor<f32>
# IR: ascendc.adv.math cos %w, %0 count %c128_ui32 tmp %tmp reuse_source : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, ui32, !ascendc.local_tensor<ui8>)
# IR: ascendc.adv.math cosh %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
# IR: ascendc.adv.math digamma %c, %a count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, !ascendc.local_tensor<ui8>)
# IR: ascendc.adv.math erf %c, %a : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>)
# IR: ascendc.adv.math erfc %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
# IR: ascendc.adv.math exp %c, %a count %c256_ui32 tmp %tmp taylor_expand_level 12 : i64 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, !ascendc.local_tensor<ui8>)
# IR: ascendc.adv.math floor %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
# IR: ascendc.adv.math frac %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
# IR: ascendc.adv.math lgamma %c, %a count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, !ascendc.local_tensor<ui8>)
# IR: ascendc.adv.math log %c, %a : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>)
# IR: ascendc.adv.math round %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
# IR: ascendc.adv.math sign %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
# IR: ascendc.adv.math sin %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
# IR: ascendc.adv.math sinh %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
# IR: ascendc.adv.math tan %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
# IR: ascendc.adv.math tanh %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
# IR: ascendc.adv.math trunc %c, %a count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
# IR: ascendc.adv.binary_math power %c, %a, %b count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32, !ascendc.local_tensor<ui8>)
# IR: ascendc.adv.binary_math xor %i, %i, %i : (!ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>)
# IR: ascendc.adv.axpy %w, %a, %cst count %c256_ui32 tmp %tmp : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, f16, ui32, !ascendc.local_tensor<ui8>)
# IR: ascendc.adv.softmax %c, %b, %b, %a, %tiling tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>)
# IR: %local = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">
# IR: ascendc.lib_tiling.set %local "srcM", %c2_i32 : !ascendc.lib_tiling<"SoftMaxTiling">, i32
# IR: ascendc.lib_tiling.set %local "srcK", %c128_i32 : !ascendc.lib_tiling<"SoftMaxTiling">, i32
# IR: ascendc.lib_tiling.set %local "splitM", %c1_i32 : !ascendc.lib_tiling<"SoftMaxTiling">, i32
# IR: ascendc.adv.softmax %c, %w, %w, %a, %local data_format_nz : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">)
# IR: %norm = ascendc.lib_tiling : !ascendc.lib_tiling<"RmsNormTiling">
# IR: ascendc.lib_tiling.set %norm "bLength", %c1_i32 : !ascendc.lib_tiling<"RmsNormTiling">, i32
# IR: ascendc.lib_tiling.set %norm "sLength", %c2_i32 : !ascendc.lib_tiling<"RmsNormTiling">, i32
# IR: ascendc.lib_tiling.set %norm "hLength", %c128_i32 : !ascendc.lib_tiling<"RmsNormTiling">, i32
# IR: ascendc.lib_tiling.set %norm "reciprocalOfHLength", %cst_1 : !ascendc.lib_tiling<"RmsNormTiling">, f32
# IR: %1 = arith.truncf %eps : f32 to f16
# IR: ascendc.adv.rmsnorm %c, %a, %b, %1, %norm tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, !ascendc.lib_tiling<"RmsNormTiling">, !ascendc.local_tensor<ui8>)
# IR: %ln = ascendc.lib_tiling : !ascendc.lib_tiling<"LayerNormTiling">
# IR: ascendc.lib_tiling.set %ln "bLength", %c1_i32 : !ascendc.lib_tiling<"LayerNormTiling">, i32
# IR: ascendc.lib_tiling.set %ln "sLength", %c2_i32 : !ascendc.lib_tiling<"LayerNormTiling">, i32
# IR: ascendc.lib_tiling.set %ln "hLength", %c64_i32 : !ascendc.lib_tiling<"LayerNormTiling">, i32
# IR: ascendc.adv.layernorm %c, %2, %3, %a, %4, %5, %6, %ln tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, !ascendc.lib_tiling<"LayerNormTiling">, !ascendc.local_tensor<ui8>)
# IR: ascendc.adv.layernorm %w, %w, %w, %w, %w, %w, %cst_2, %ln reuse_source : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32, !ascendc.lib_tiling<"LayerNormTiling">)
# IR: %dn = ascendc.lib_tiling : !ascendc.lib_tiling<"DeepNormTiling">
# IR: ascendc.lib_tiling.set %dn "originalHLength", %c32_i32 : !ascendc.lib_tiling<"DeepNormTiling">, i32
# IR: ascendc.adv.deepnorm %w, %7, %8, %w, %w, %9, %10, %eps, %cst_2, %dn tmp %tmp reuse_source : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32, f32, !ascendc.lib_tiling<"DeepNormTiling">, !ascendc.local_tensor<ui8>)
# IR: ascendc.adv.quant %q, %a, %cst_3, %cst_2 count %c256_ui32 : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, f32, f32, ui32)
# IR: ascendc.adv.quant %q, %a, %eps, %cst_4 count %c128_ui32 tmp %tmp config array<i64: 128, 0, 0, 1024> : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, f32, f32, ui32, !ascendc.local_tensor<ui8>)
# IR: ascendc.adv.concat %c, %a, %b, %c4_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
# IR: ascendc.adv.extract %c, %u, %a, %c2_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, !ascendc.local_tensor<f16>, i32)
# IR: ascendc.adv.simple_softmax %c, %b, %b, %a, %tiling tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>)
# IR: ascendc.adv.simple_softmax %c, %w, %w, %a, %local data_format_nz : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">)
# IR: %shape = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxShapeInfo">
# IR: ascendc.adv.simple_softmax %w, %w, %w, %w, %local tmp %tmp shape_info %shape : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"SoftMaxShapeInfo">)
# IR: %log_tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"LogSoftMaxTiling">
# IR: ascendc.lib_tiling.set %log_tiling "srcM", %c2_i32 : !ascendc.lib_tiling<"LogSoftMaxTiling">, i32
# IR: ascendc.lib_tiling.set %log_tiling "srcK", %c64_i32 : !ascendc.lib_tiling<"LogSoftMaxTiling">, i32
# IR: ascendc.adv.log_softmax %c, %b, %b, %a, %tmp, %log_tiling shape_info %shape : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"LogSoftMaxTiling">, !ascendc.lib_tiling<"SoftMaxShapeInfo">)
# IR: ascendc.adv.log_softmax %c, %b, %b, %a, %tmp, %log_tiling data_format_nz : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"LogSoftMaxTiling">)
# IR: %c4286578687_ui32 = ascendc.constant 4286578687 : ui32
# IR: %11 = ascendc.adv.adjust_softmax_res %w, %w, %c4286578687_ui32, %cst_4, %shape step_size_mode 1 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, ui32, f32, !ascendc.lib_tiling<"SoftMaxShapeInfo">) -> i1
# IR: scf.if %11 {
# IR: %13 = ascendc.adv.adjust_softmax_res %c, %w, %n, %12, %shape : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, i32, f16, !ascendc.lib_tiling<"SoftMaxShapeInfo">) -> i1
# IR: %14 = ascendc.adv.softmax_tiling_func %c2048_ui32, %shape, %tiling, %c2_ui32, %c4_ui32 basic_block : (ui32, !ascendc.lib_tiling<"SoftMaxShapeInfo">, !ascendc.lib_tiling<"SoftMaxTiling">, ui32, ui32) -> i1
# IR: scf.if %14 {
# IR: ascendc.adv.softmax %c, %w, %15, %a, %tiling tmp %tmp shape_info %shape : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>, !ascendc.lib_tiling<"SoftMaxShapeInfo">)
# IR: %16 = ascendc.adv.softmax_tiling_func %n, %shape, %local, %c4_ui32, %c4_ui32 data_format_nz : (i32, !ascendc.lib_tiling<"SoftMaxShapeInfo">, !ascendc.lib_tiling<"SoftMaxTiling">, ui32, ui32) -> i1

# CPP:#include "kernel_operator.h"
# CPP-EMPTY:
# CPP-NEXT:extern "C" __global__ __aicore__ void adv_lib(__gm__ SoftMaxTiling* tiling_gm, int32_t n, float eps) {
# CPP-NEXT:    SoftMaxTiling tiling;
# CPP-NEXT:    for (uint32_t i = 0; i < sizeof(SoftMaxTiling) / sizeof(uint32_t); ++i) {
# CPP-NEXT:        reinterpret_cast<uint32_t*>(&tiling)[i] = reinterpret_cast<__gm__ const uint32_t*>(tiling_gm)[i];
# CPP-NEXT:    }
# CPP-NEXT:    AscendC::LocalTensor<half> a(AscendC::TPosition::VECIN, 0, 256);
# CPP-NEXT:    AscendC::LocalTensor<half> b(AscendC::TPosition::VECIN, 512, 256);
# CPP-NEXT:    AscendC::LocalTensor<half> c(AscendC::TPosition::VECOUT, 1024, 256);
# CPP-NEXT:    AscendC::LocalTensor<float> w(AscendC::TPosition::VECCALC, 2048, 256);
# CPP-NEXT:    AscendC::LocalTensor<int16_t> i_1(AscendC::TPosition::VECCALC, 4096, 256);
# CPP-NEXT:    AscendC::LocalTensor<uint32_t> u(AscendC::TPosition::VECCALC, 8192, 256);
# CPP-NEXT:    AscendC::LocalTensor<int8_t> q(AscendC::TPosition::VECOUT, 12288, 256);
# CPP-NEXT:    AscendC::LocalTensor<uint8_t> tmp(AscendC::TPosition::VECCALC, 16384, 8192);
# CPP-NEXT:    AscendC::Acos<half, false>(c, a, tmp, 256);
# CPP-NEXT:    AscendC::Acosh<half, false>(c, a, n);
# CPP-NEXT:    AscendC::Asin<half, false>(c, a);
# CPP-NEXT:    AscendC::Asinh<half, false>(c, a, tmp);
# CPP-NEXT:    AscendC::Atan<float, false>(w, w, tmp, 256);
# CPP-NEXT:    AscendC::Atanh<half, false>(c, a, 256);
# CPP-NEXT:    AscendC::Ceil<half, false>(c, a, tmp, 256);
# CPP-NEXT:    AscendC::LocalTensor<float> v = w[128];
# CPP-NEXT:    AscendC::Cos<float, true>(w, v, tmp, 128);
# CPP-NEXT:    AscendC::Cosh<half, false>(c, a, 256);
# CPP-NEXT:    AscendC::Digamma<half, false>(c, a, tmp, 256);
# CPP-NEXT:    AscendC::Erf<half, false>(c, a);
# CPP-NEXT:    AscendC::Erfc<half, false>(c, a, 256);
# CPP-NEXT:    AscendC::Exp<half, 12, false>(c, a, tmp, 256);
# CPP-NEXT:    AscendC::Floor<half, false>(c, a, 256);
# CPP-NEXT:    AscendC::Frac<half, false>(c, a, 256);
# CPP-NEXT:    AscendC::Lgamma<half, false>(c, a, tmp, 256);
# CPP-NEXT:    AscendC::Log<half, false>(c, a);
# CPP-NEXT:    AscendC::Round<half, false>(c, a, 256);
# CPP-NEXT:    AscendC::Sign<half, false>(c, a, 256);
# CPP-NEXT:    AscendC::Sin<half, false>(c, a, 256);
# CPP-NEXT:    AscendC::Sinh<half, false>(c, a, 256);
# CPP-NEXT:    AscendC::Tan<half, false>(c, a, 256);
# CPP-NEXT:    AscendC::Tanh<half, false>(c, a, 256);
# CPP-NEXT:    AscendC::Trunc<half, false>(c, a, 256);
# CPP-NEXT:    AscendC::Power<half, false>(c, a, b, tmp, 256);
# CPP-NEXT:    AscendC::Xor<int16_t, false>(i_1, i_1, i_1);
# CPP-NEXT:    AscendC::Axpy<float, half, false>(w, a, half(0.5), tmp, 256);
# CPP-NEXT:    AscendC::SoftMax<half, false, false, false>(c, b, b, a, tmp, tiling);
# CPP-NEXT:    SoftMaxTiling local;
# CPP-NEXT:    local.srcM = 2;
# CPP-NEXT:    local.srcK = 128;
# CPP-NEXT:    local.splitM = 1;
# CPP-NEXT:    AscendC::SoftMax<half, false, false, true>(c, w, w, a, local);
# CPP-NEXT:    RmsNormTiling norm;
# CPP-NEXT:    norm.bLength = 1;
# CPP-NEXT:    norm.sLength = 2;
# CPP-NEXT:    norm.hLength = 128;
# CPP-NEXT:    norm.reciprocalOfHLength = 0.0078125f;
# CPP-NEXT:    half v_1 = static_cast<half>(eps);
# CPP-NEXT:    AscendC::RmsNorm<half, false>(c, a, b, tmp, v_1, norm);
# CPP-NEXT:    LayerNormTiling ln;
# CPP-NEXT:    ln.bLength = 1;
# CPP-NEXT:    ln.sLength = 2;
# CPP-NEXT:    ln.hLength = 64;
# CPP-NEXT:    AscendC::LocalTensor<half> v_2 = b[240];
# CPP-NEXT:    AscendC::LocalTensor<half> v_3 = b[224];
# CPP-NEXT:    AscendC::LocalTensor<half> v_4 = b[64];
# CPP-NEXT:    AscendC::LocalTensor<half> v_5 = b[128];
# CPP-NEXT:    half v_6 = static_cast<half>(eps);
# CPP-NEXT:    AscendC::LayerNorm<half, false>(c, v_2, v_3, a, v_4, v_5, tmp, v_6, ln);
# CPP-NEXT:    AscendC::LayerNorm<float, true>(w, w, w, w, w, w, 0.5f, ln);
# CPP-NEXT:    DeepNormTiling dn;
# CPP-NEXT:    dn.bLength = 1;
# CPP-NEXT:    dn.sLength = 8;
# CPP-NEXT:    dn.hLength = 32;
# CPP-NEXT:    dn.originalHLength = 32;
# CPP-NEXT:    AscendC::LocalTensor<float> v_7 = w[240];
# CPP-NEXT:    AscendC::LocalTensor<float> v_8 = w[232];
# CPP-NEXT:    AscendC::LocalTensor<float> v_9 = w[64];
# CPP-NEXT:    AscendC::LocalTensor<float> v_10 = w[128];
# CPP-NEXT:    AscendC::DeepNorm<float, true, false>(w, v_7, v_8, w, w, v_9, v_10, tmp, eps, 0.5f, dn);
# CPP-NEXT:    AscendC::AscendQuant<half, false>(q, a, 2.0f, 0.5f, 256);
# CPP-NEXT:    constexpr static AscendC::AscendQuantConfig quant_config = {128, 0, 0, 1024};
# CPP-NEXT:    AscendC::AscendQuant<half, false, quant_config>(q, a, tmp, eps, 0.0f, 128);
# CPP-NEXT:    AscendC::Concat(c, a, b, 4);
# CPP-NEXT:    AscendC::Extract(c, u, a, 2);
# CPP-NEXT:    AscendC::SimpleSoftMax<half, false, false, false>(c, b, b, a, tmp, tiling);
# CPP-NEXT:    AscendC::SimpleSoftMax<half, false, false, true>(c, w, w, a, local);
# CPP-NEXT:    AscendC::SoftMaxShapeInfo shape;
# CPP-NEXT:    shape.srcM = 2;
# CPP-NEXT:    shape.srcK = 64;
# CPP-NEXT:    shape.oriSrcM = 2;
# CPP-NEXT:    shape.oriSrcK = 64;
# CPP-NEXT:    AscendC::SimpleSoftMax<float, false, false, false>(w, w, w, w, tmp, local, shape);
# CPP-NEXT:    LogSoftMaxTiling log_tiling;
# CPP-NEXT:    log_tiling.srcM = 2;
# CPP-NEXT:    log_tiling.srcK = 64;
# CPP-NEXT:    AscendC::LogSoftMax<half, false, false>(c, b, b, a, tmp, log_tiling, shape);
# CPP-NEXT:    AscendC::LogSoftMax<half, false, true>(c, b, b, a, tmp, log_tiling);
# CPP-NEXT:    bool v_11 = AscendC::AdjustSoftMaxRes<float, float, false, 1>(w, w, 4286578687U, 0.0f, shape);
# CPP-NEXT:    if (v_11) {
# CPP-NEXT:        half v_12 = static_cast<half>(eps);
# CPP-NEXT:        AscendC::AdjustSoftMaxRes<half, float, false, 0>(c, w, n, v_12, shape);
# CPP-NEXT:    }
# CPP-NEXT:    bool v_13 = AscendC::SoftMaxTilingFunc(2048, shape, tiling, 2, 4, true, false);
# CPP-NEXT:    if (v_13) {
# CPP-NEXT:        AscendC::LocalTensor<float> v_14 = w[128];
# CPP-NEXT:        AscendC::SoftMax<half, false, false, false>(c, w, v_14, a, tmp, tiling, shape);
# CPP-NEXT:    }
# CPP-NEXT:    AscendC::SoftMaxTilingFunc(n, shape, local, 4, 4, false, true);
# CPP-NEXT:}
