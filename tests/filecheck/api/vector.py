# The vector op families from Python to IR and to C++: one call of each API, in the count form and
# in both mask forms.
#
# RUN: ascx compile %s --emit ir | filecheck %s --check-prefix=IR
# RUN: ascx compile %s | filecheck %s --check-prefix=CPP --match-full-lines --strict-whitespace
import ascx as asc


# One call of each API, not a synchronised kernel: compiled without the sync passes, whose own
# tests are under passes/.
@asc.jit(insert_sync=False, verify_sync=False)
def vector(n: int, f: float) -> None:
    a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    b = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 512, 256)
    c = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 1024, 256)
    w = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 2048, 256)
    i = asc.LocalTensor(asc.int16, asc.TPosition.VECCALC, 4096, 256)
    m = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 256)
    asc.add(c, a, b, 256)
    asc.sub(c, a, b, 128, 2, asc.BinaryRepeatParams())
    asc.mul(c, a, b, [n, 0], 2, asc.BinaryRepeatParams(), False)
    asc.div(c, a, b, n)
    asc.max(c, a, b, 256)
    asc.min(c, a, b, 256)
    asc.bitwise_and(i, i, i, 256)
    asc.bitwise_or(i, i, i, 256)
    asc.adds(c, a, 1.0, 256)
    asc.muls(c, a, f, 128, 2, asc.UnaryRepeatParams())
    asc.maxs(c, a, 0.0, 256, False)
    asc.mins(c, a, 6.0, 256)
    asc.leaky_relu(c, a, 0.5, count=256)
    asc.abs(c, a, 256)
    asc.exp(c, a, 128, 2, asc.UnaryRepeatParams())
    asc.ln(c, a, 256)
    asc.sqrt(c, a, 256)
    asc.rsqrt(c, a, 256)
    asc.reciprocal(c, a, 256)
    asc.relu(c, a, [0xFFFF, 0], 1, asc.UnaryRepeatParams(), False)
    asc.bitwise_not(i, i, 256)
    asc.cast(w, a, asc.RoundMode.CAST_NONE, 256)
    asc.cast(c, w, asc.RoundMode.CAST_ROUND, 64, 4, asc.UnaryRepeatParams(1, 1, 4, 8))
    asc.duplicate(c, 0.0, 256)
    asc.duplicate(w, f, 64, 4, 1, 8)
    asc.reduce_sum(c, a, b, 256)
    asc.reduce_max(c, a, b, 128, 2, 8, True)
    asc.reduce_min(c, a, b, count=256)
    asc.compare(m, a, b, asc.CMPMODE.LT, 256)
    asc.compare_scalar(m, a, 0.0, asc.CMPMODE.GE, 128, 2, asc.UnaryRepeatParams())
    asc.select(c, m, a, b, asc.SelMode.VSEL_TENSOR_TENSOR_MODE, 256)
    asc.select(c, m, a, 0.0, asc.SelMode.VSEL_TENSOR_SCALAR_MODE, 128, 2, asc.BinaryRepeatParams())


# IR: func.func @vector(%n: i32, %f: f32) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
# IR: %a = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
# IR: %b = ascendc.local_tensor vecin, %c512_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
# IR: %c = ascendc.local_tensor vecout, %c1024_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
# IR: %w = ascendc.local_tensor veccalc, %c2048_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
# IR: %i = ascendc.local_tensor veccalc, %c4096_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<i16>
# IR: %m = ascendc.local_tensor veccalc, %c8192_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<ui8>
# IR: ascendc.vec.binary add %c, %a, %b count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
# IR: %0 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
# IR: ascendc.vec.binary sub %c, %a, %b mask %c128_ui64 repeat_times %c2_ui8 repeat_params %0 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<binary_repeat>)
# IR: %1 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
# IR: %mask = ascendc.mask_list %n, %c0_ui64 : i32, ui64 -> !ascendc.mask_list<2>
# IR: ascendc.vec.binary mul %c, %a, %b mask %mask repeat_times %c2_ui8 repeat_params %1 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mask_list<2>, ui8, !ascendc.params<binary_repeat>)
# IR: ascendc.vec.binary div %c, %a, %b count %n : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
# IR: ascendc.vec.binary max %c, %a, %b count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
# IR: ascendc.vec.binary min %c, %a, %b count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
# IR: ascendc.vec.binary and %i, %i, %i count %c256_i32 : (!ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, i32)
# IR: ascendc.vec.binary or %i, %i, %i count %c256_i32 : (!ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, i32)
# IR: ascendc.vec.binary_scalar adds %c, %a, %cst count %c256_i32 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i32)
# IR: %2 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui8, %c8_ui8 : ui16, ui16, ui8, ui8 -> !ascendc.params<unary_repeat>
# IR: %3 = arith.truncf %f : f32 to f16
# IR: ascendc.vec.binary_scalar muls %c, %a, %3 mask %c128_ui64 repeat_times %c2_ui8 repeat_params %2 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, ui64, ui8, !ascendc.params<unary_repeat>)
# IR: ascendc.vec.binary_scalar maxs %c, %a, %cst_1 count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i32)
# IR: ascendc.vec.binary_scalar mins %c, %a, %cst_2 count %c256_i32 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i32)
# IR: ascendc.vec.binary_scalar leaky_relu %c, %a, %cst_3 count %c256_i32 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i32)
# IR: ascendc.vec.unary abs %c, %a count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
# IR: %4 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui8, %c8_ui8 : ui16, ui16, ui8, ui8 -> !ascendc.params<unary_repeat>
# IR: ascendc.vec.unary exp %c, %a mask %c128_ui64 repeat_times %c2_ui8 repeat_params %4 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<unary_repeat>)
# IR: ascendc.vec.unary ln %c, %a count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
# IR: ascendc.vec.unary sqrt %c, %a count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
# IR: ascendc.vec.unary rsqrt %c, %a count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
# IR: ascendc.vec.unary reciprocal %c, %a count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
# IR: %5 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui8, %c8_ui8 : ui16, ui16, ui8, ui8 -> !ascendc.params<unary_repeat>
# IR: %mask_1 = ascendc.mask_list %c65535_ui64, %c0_ui64 : ui64, ui64 -> !ascendc.mask_list<2>
# IR: ascendc.vec.unary relu %c, %a mask %mask_1 repeat_times %c1_ui8 repeat_params %5 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mask_list<2>, ui8, !ascendc.params<unary_repeat>)
# IR: ascendc.vec.unary not %i, %i count %c256_i32 : (!ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, i32)
# IR: ascendc.vec.cast cast_none %w, %a count %c256_i32 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, i32)
# IR: %6 = ascendc.params %c1_ui16, %c1_ui16, %c4_ui8, %c8_ui8 : ui16, ui16, ui8, ui8 -> !ascendc.params<unary_repeat>
# IR: ascendc.vec.cast cast_round %c, %w mask %c64_ui64 repeat_times %c4_ui8 repeat_params %6 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, ui64, ui8, !ascendc.params<unary_repeat>)
# IR: ascendc.vec.duplicate %c, %cst_1 count %c256_i32 : (!ascendc.local_tensor<f16>, f16, i32)
# IR: ascendc.vec.duplicate %w, %f mask %c64_ui64 repeat_times %c4_ui8 dst_block_stride %c1_ui8 dst_repeat_stride %c8_ui8 set_mask : (!ascendc.local_tensor<f32>, f32, ui64, ui8, ui8, ui8)
# IR: ascendc.vec.reduce sum %c, %a, %b count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
# IR: ascendc.vec.reduce max %c, %a, %b mask %c128_i32 repeat_times %c2_i32 src_rep_stride %c8_i32 cal_index : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32, i32)
# IR: ascendc.vec.reduce min %c, %a, %b count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
# IR: ascendc.vec.compare lt %m, %a, %b count %c256_i32 : (!ascendc.local_tensor<ui8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
# IR: %7 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui8, %c8_ui8 : ui16, ui16, ui8, ui8 -> !ascendc.params<unary_repeat>
# IR: ascendc.vec.compare_scalar ge %m, %a, %cst_1 mask %c128_ui64 repeat_times %c2_ui8 repeat_params %7 set_mask : (!ascendc.local_tensor<ui8>, !ascendc.local_tensor<f16>, f16, ui64, ui8, !ascendc.params<unary_repeat>)
# IR: ascendc.vec.select vsel_tensor_tensor_mode %c, %m, %a, %b count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
# IR: %8 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
# IR: ascendc.vec.select vsel_tensor_scalar_mode %c, %m, %a, %cst_1 mask %c128_ui64 repeat_times %c2_ui8 repeat_params %8 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f16>, f16, ui64, ui8, !ascendc.params<binary_repeat>)

# CPP:#include "kernel_operator.h"
# CPP-EMPTY:
# CPP-NEXT:extern "C" __global__ __aicore__ void vector(int32_t n, float f) {
# CPP-NEXT:    AscendC::LocalTensor<half> a(AscendC::TPosition::VECIN, 0, 256);
# CPP-NEXT:    AscendC::LocalTensor<half> b(AscendC::TPosition::VECIN, 512, 256);
# CPP-NEXT:    AscendC::LocalTensor<half> c(AscendC::TPosition::VECOUT, 1024, 256);
# CPP-NEXT:    AscendC::LocalTensor<float> w(AscendC::TPosition::VECCALC, 2048, 256);
# CPP-NEXT:    AscendC::LocalTensor<int16_t> i(AscendC::TPosition::VECCALC, 4096, 256);
# CPP-NEXT:    AscendC::LocalTensor<uint8_t> m(AscendC::TPosition::VECCALC, 8192, 256);
# CPP-NEXT:    AscendC::Add(c, a, b, 256);
# CPP-NEXT:    AscendC::BinaryRepeatParams v{1, 1, 1, 8, 8, 8};
# CPP-NEXT:    AscendC::Sub<half, true>(c, a, b, 128, 2, v);
# CPP-NEXT:    AscendC::BinaryRepeatParams v_1{1, 1, 1, 8, 8, 8};
# CPP-NEXT:    uint64_t mask[] = {static_cast<uint64_t>(n), 0};
# CPP-NEXT:    AscendC::Mul<half, false>(c, a, b, mask, 2, v_1);
# CPP-NEXT:    AscendC::Div(c, a, b, n);
# CPP-NEXT:    AscendC::Max(c, a, b, 256);
# CPP-NEXT:    AscendC::Min(c, a, b, 256);
# CPP-NEXT:    AscendC::And(i, i, i, 256);
# CPP-NEXT:    AscendC::Or(i, i, i, 256);
# CPP-NEXT:    AscendC::Adds<half, true>(c, a, half(1.0), 256);
# CPP-NEXT:    AscendC::UnaryRepeatParams v_2{1, 1, 8, 8};
# CPP-NEXT:    half v_3 = static_cast<half>(f);
# CPP-NEXT:    AscendC::Muls<half, true>(c, a, v_3, 128, 2, v_2);
# CPP-NEXT:    AscendC::Maxs<half, false>(c, a, half(0.0), 256);
# CPP-NEXT:    AscendC::Mins<half, true>(c, a, half(6.0), 256);
# CPP-NEXT:    AscendC::LeakyRelu<half, true>(c, a, half(0.5), 256);
# CPP-NEXT:    AscendC::Abs(c, a, 256);
# CPP-NEXT:    AscendC::UnaryRepeatParams v_4{1, 1, 8, 8};
# CPP-NEXT:    AscendC::Exp<half, true>(c, a, 128, 2, v_4);
# CPP-NEXT:    AscendC::Ln(c, a, 256);
# CPP-NEXT:    AscendC::Sqrt(c, a, 256);
# CPP-NEXT:    AscendC::Rsqrt(c, a, 256);
# CPP-NEXT:    AscendC::Reciprocal(c, a, 256);
# CPP-NEXT:    AscendC::UnaryRepeatParams v_5{1, 1, 8, 8};
# CPP-NEXT:    uint64_t mask_1[] = {65535, 0};
# CPP-NEXT:    AscendC::Relu<half, false>(c, a, mask_1, 1, v_5);
# CPP-NEXT:    AscendC::Not(i, i, 256);
# CPP-NEXT:    AscendC::Cast<float, half>(w, a, AscendC::RoundMode::CAST_NONE, 256);
# CPP-NEXT:    AscendC::UnaryRepeatParams v_6{1, 1, 4, 8};
# CPP-NEXT:    AscendC::Cast<half, float, true>(c, w, AscendC::RoundMode::CAST_ROUND, 64, 4, v_6);
# CPP-NEXT:    AscendC::Duplicate(c, half(0.0), 256);
# CPP-NEXT:    AscendC::Duplicate<float, true>(w, f, 64, 4, 1, 8);
# CPP-NEXT:    AscendC::ReduceSum(c, a, b, 256);
# CPP-NEXT:    AscendC::ReduceMax(c, a, b, 128, 2, 8, true);
# CPP-NEXT:    AscendC::ReduceMin(c, a, b, 256, false);
# CPP-NEXT:    AscendC::Compare(m, a, b, AscendC::CMPMODE::LT, 256);
# CPP-NEXT:    AscendC::UnaryRepeatParams v_7{1, 1, 8, 8};
# CPP-NEXT:    AscendC::CompareScalar(m, a, half(0.0), AscendC::CMPMODE::GE, 128, 2, v_7);
# CPP-NEXT:    AscendC::Select(c, m, a, b, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, 256);
# CPP-NEXT:    AscendC::BinaryRepeatParams v_8{1, 1, 1, 8, 8, 8};
# CPP-NEXT:    AscendC::Select(c, m, a, half(0.0), AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, 128, 2, v_8);
# CPP-NEXT:}
