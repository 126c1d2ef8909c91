# The fused vector ops from Python to IR and to C++: add_relu ... add_deq_relu, the multiply-accumulate
# ops, axpy, the shifts, cast_deq with set_deq_scale, and bilinear_interpolation; count and mask forms.
#
# RUN: ascx compile %s --emit ir | filecheck %s --check-prefix=IR
# RUN: ascx compile %s | filecheck %s --check-prefix=CPP --match-full-lines --strict-whitespace
import ascx as asc


# One call of each form, not a synchronised kernel: compiled without the sync passes.
@asc.jit(insert_sync=False, verify_sync=False)
def fused(n: int, f: float) -> None:
    a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    b = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 512, 256)
    c = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 1024, 256)
    w = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 2048, 256)
    i8 = asc.LocalTensor(asc.int8, asc.TPosition.VECCALC, 4096, 256)
    i16 = asc.LocalTensor(asc.int16, asc.TPosition.VECCALC, 6144, 256)
    u16 = asc.LocalTensor(asc.uint16, asc.TPosition.VECCALC, 6656, 256)
    i32 = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 8192, 256)
    off = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 9216, 32)
    vdeq = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, 9344, 16)
    tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 16384, 16384)
    asc.add_relu(c, a, b, 256)
    asc.sub_relu(c, a, b, 128, 2, asc.BinaryRepeatParams(), False)
    asc.add_relu_cast(i8, a, b, n)
    asc.sub_relu_cast(i8, a, b, [n, 0], 2, asc.BinaryRepeatParams(1, 1, 1, 4, 8, 8))
    asc.mul_cast(i8, a, b, 256)
    asc.mul_cast(i8, a, b, 128, 2, asc.BinaryRepeatParams(1, 1, 1, 4, 8, 8))
    asc.set_deq_scale(0.5)
    asc.add_deq_relu(c, i32, i32, 256)
    asc.add_deq_relu(c, i32, i32, 64, 4, asc.BinaryRepeatParams(1, 1, 1, 4, 8, 8))
    asc.fused_mul_add(c, a, b, 256)
    asc.fused_mul_add_relu(c, a, b, 128, 2, asc.BinaryRepeatParams())
    asc.mul_add_dst(w, a, b, 64, 4, asc.BinaryRepeatParams(1, 1, 1, 8, 4, 4))
    asc.mul_add_dst(c, a, b, 256)
    asc.axpy(w, a, 2.0, 256)
    asc.axpy(c, a, f, 128, 2, asc.UnaryRepeatParams())
    asc.shift_left(u16, u16, 3, 256)
    asc.shift_right(i16, i16, 2, [0xFFFF, 0], 2, asc.UnaryRepeatParams(), False)
    asc.set_deq_scale(f, -3, True)
    asc.cast_deq(i8, i16, 256, is_vec_deq=False)
    info = asc.VdeqInfo([0.5] * 16, [1] * 16, [True] * 16)
    asc.set_deq_scale(vdeq, info)
    asc.cast_deq(i8, i16, 128, 2, asc.UnaryRepeatParams(), half_block=False)
    asc.cast_deq(c, i32, n)
    asc.bilinear_interpolation(c, a, off, b, 128, 2, False, 1, 128, 2, tmp)
    asc.bilinear_interpolation(c, a, off, b, [n, n], 2, True, 1, 128, 2, tmp)


# IR: func.func @fused(%n: i32, %f: f32) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
# IR: ascendc.vec.fused add_relu %c, %a, %b count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
# IR: %0 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
# IR: ascendc.vec.fused sub_relu %c, %a, %b mask %c128_ui64 repeat_times %c2_ui8 repeat_params %0 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<binary_repeat>)
# IR: ascendc.vec.fused add_relu_cast %i8, %a, %b count %n : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
# IR: %1 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c4_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
# IR: %mask = ascendc.mask_list %n, %c0_ui64 : i32, ui64 -> !ascendc.mask_list<2>
# IR: ascendc.vec.fused sub_relu_cast %i8, %a, %b mask %mask repeat_times %c2_ui8 repeat_params %1 set_mask : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mask_list<2>, ui8, !ascendc.params<binary_repeat>)
# IR: ascendc.vec.fused mul_cast %i8, %a, %b count %c256_i32 : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
# IR: %2 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c4_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
# IR: ascendc.vec.fused mul_cast %i8, %a, %b mask %c128_ui64 repeat_times %c2_ui8 repeat_params %2 set_mask : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<binary_repeat>)
# IR: ascendc.set_deq_scale %cst : f16
# IR: ascendc.vec.fused add_deq_relu %c, %i32, %i32 count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32)
# IR: %3 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c4_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
# IR: ascendc.vec.fused add_deq_relu %c, %i32, %i32 mask %c64_ui64 repeat_times %c4_ui8 repeat_params %3 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, ui64, ui8, !ascendc.params<binary_repeat>)
# IR: ascendc.vec.ternary fused_mul_add %c, %a, %b count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
# IR: %4 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
# IR: ascendc.vec.ternary fused_mul_add_relu %c, %a, %b mask %c128_ui64 repeat_times %c2_ui8 repeat_params %4 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<binary_repeat>)
# IR: %5 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c4_ui8, %c4_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
# IR: ascendc.vec.ternary mul_add_dst %w, %a, %b mask %c64_ui64 repeat_times %c4_ui8 repeat_params %5 set_mask : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<binary_repeat>)
# IR: ascendc.vec.ternary mul_add_dst %c, %a, %b count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
# IR: ascendc.vec.axpy %w, %a, %cst_1 count %c256_i32 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, f16, i32)
# IR: %6 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui8, %c8_ui8 : ui16, ui16, ui8, ui8 -> !ascendc.params<unary_repeat>
# IR: ascendc.vec.axpy %c, %a, %7 mask %c128_ui64 repeat_times %c2_ui8 repeat_params %6 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, ui64, ui8, !ascendc.params<unary_repeat>)
# IR: ascendc.vec.binary_scalar shift_left %u16, %u16, %c3_ui16 count %c256_i32 set_mask : (!ascendc.local_tensor<ui16>, !ascendc.local_tensor<ui16>, ui16, i32)
# IR: %8 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui8, %c8_ui8 : ui16, ui16, ui8, ui8 -> !ascendc.params<unary_repeat>
# IR: %mask_1 = ascendc.mask_list %c65535_ui64, %c0_ui64 : ui64, ui64 -> !ascendc.mask_list<2>
# IR: ascendc.vec.binary_scalar shift_right %i16, %i16, %c2_i16 mask %mask_1 repeat_times %c2_ui8 repeat_params %8 : (!ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, i16, !ascendc.mask_list<2>, ui8, !ascendc.params<unary_repeat>)
# IR: ascendc.set_deq_scale %f, %cm3_i16, %true : f32, i16, i1
# IR: ascendc.vec.cast_deq %i8, %i16 count %c256_i32 half_block : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<i16>, i32)
# IR: %info = ascendc.vdeq_info %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %cst_2, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %c1_i16, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true, %true : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1 -> !ascendc.params<vdeq_info>
# IR: ascendc.set_deq_scale_table %vdeq, %info : !ascendc.local_tensor<ui64>, !ascendc.params<vdeq_info>
# IR: %9 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui8, %c8_ui8 : ui16, ui16, ui8, ui8 -> !ascendc.params<unary_repeat>
# IR: ascendc.vec.cast_deq %i8, %i16 mask %c128_ui64 repeat_times %c2_ui8 repeat_params %9 deq_table %vdeq set_mask vec_deq : (!ascendc.local_tensor<i8>, !ascendc.local_tensor<i16>, ui64, ui8, !ascendc.params<unary_repeat>, !ascendc.local_tensor<ui64>)
# IR: ascendc.vec.cast_deq %c, %i32 count %n vec_deq half_block : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<i32>, i32)
# IR: ascendc.vec.bilinear_interpolation %c, %a, %off, %b, %tmp mask %c128_ui64 h_repeat %c2_ui8 repeat_mode %false dst_blk_stride %c1_ui16 v_r_offset %c128_ui16 v_repeat %c2_ui8 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, ui64, ui8, i1, ui16, ui16, ui8)
# IR: %mask_2 = ascendc.mask_list %n, %n : i32, i32 -> !ascendc.mask_list<2>
# IR: ascendc.vec.bilinear_interpolation %c, %a, %off, %b, %tmp mask %mask_2 h_repeat %c2_ui8 repeat_mode %true dst_blk_stride %c1_ui16 v_r_offset %c128_ui16 v_repeat %c2_ui8 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.mask_list<2>, ui8, i1, ui16, ui16, ui8)

# CPP:#include "kernel_operator.h"
# CPP-EMPTY:
# CPP-NEXT:extern "C" __global__ __aicore__ void fused(int32_t n, float f) {
# CPP-NEXT:    AscendC::LocalTensor<half> a(AscendC::TPosition::VECIN, 0, 256);
# CPP-NEXT:    AscendC::LocalTensor<half> b(AscendC::TPosition::VECIN, 512, 256);
# CPP-NEXT:    AscendC::LocalTensor<half> c(AscendC::TPosition::VECOUT, 1024, 256);
# CPP-NEXT:    AscendC::LocalTensor<float> w(AscendC::TPosition::VECCALC, 2048, 256);
# CPP-NEXT:    AscendC::LocalTensor<int8_t> i8(AscendC::TPosition::VECCALC, 4096, 256);
# CPP-NEXT:    AscendC::LocalTensor<int16_t> i16(AscendC::TPosition::VECCALC, 6144, 256);
# CPP-NEXT:    AscendC::LocalTensor<uint16_t> u16(AscendC::TPosition::VECCALC, 6656, 256);
# CPP-NEXT:    AscendC::LocalTensor<int32_t> i32(AscendC::TPosition::VECCALC, 8192, 256);
# CPP-NEXT:    AscendC::LocalTensor<uint32_t> off(AscendC::TPosition::VECIN, 9216, 32);
# CPP-NEXT:    AscendC::LocalTensor<uint64_t> vdeq(AscendC::TPosition::VECCALC, 9344, 16);
# CPP-NEXT:    AscendC::LocalTensor<uint8_t> tmp(AscendC::TPosition::VECCALC, 16384, 16384);
# CPP-NEXT:    AscendC::AddRelu(c, a, b, 256);
# CPP-NEXT:    AscendC::BinaryRepeatParams v{1, 1, 1, 8, 8, 8};
# CPP-NEXT:    AscendC::SubRelu<half, false>(c, a, b, 128, 2, v);
# CPP-NEXT:    AscendC::AddReluCast(i8, a, b, n);
# CPP-NEXT:    AscendC::BinaryRepeatParams v_1{1, 1, 1, 4, 8, 8};
# CPP-NEXT:    uint64_t mask[] = {static_cast<uint64_t>(n), 0};
# CPP-NEXT:    AscendC::SubReluCast<int8_t, half, true>(i8, a, b, mask, 2, v_1);
# CPP-NEXT:    AscendC::MulCast(i8, a, b, 256);
# CPP-NEXT:    AscendC::BinaryRepeatParams v_2{1, 1, 1, 4, 8, 8};
# CPP-NEXT:    AscendC::MulCast<int8_t, half, true>(i8, a, b, 128, 2, v_2);
# CPP-NEXT:    AscendC::SetDeqScale(half(0.5));
# CPP-NEXT:    AscendC::AddDeqRelu(c, i32, i32, 256);
# CPP-NEXT:    AscendC::BinaryRepeatParams v_3{1, 1, 1, 4, 8, 8};
# CPP-NEXT:    AscendC::AddDeqRelu<half, int32_t, true>(c, i32, i32, 64, 4, v_3);
# CPP-NEXT:    AscendC::FusedMulAdd(c, a, b, 256);
# CPP-NEXT:    AscendC::BinaryRepeatParams v_4{1, 1, 1, 8, 8, 8};
# CPP-NEXT:    AscendC::FusedMulAddRelu<half, true>(c, a, b, 128, 2, v_4);
# CPP-NEXT:    AscendC::BinaryRepeatParams v_5{1, 1, 1, 8, 4, 4};
# CPP-NEXT:    AscendC::MulAddDst<float, half, true>(w, a, b, 64, 4, v_5);
# CPP-NEXT:    AscendC::MulAddDst(c, a, b, 256);
# CPP-NEXT:    AscendC::Axpy(w, a, half(2.0), 256);
# CPP-NEXT:    AscendC::UnaryRepeatParams v_6{1, 1, 8, 8};
# CPP-NEXT:    half v_7 = static_cast<half>(f);
# CPP-NEXT:    AscendC::Axpy<half, half, true>(c, a, v_7, 128, 2, v_6);
# CPP-NEXT:    AscendC::ShiftLeft<uint16_t, true>(u16, u16, 3, 256);
# CPP-NEXT:    AscendC::UnaryRepeatParams v_8{1, 1, 8, 8};
# CPP-NEXT:    uint64_t mask_1[] = {65535, 0};
# CPP-NEXT:    AscendC::ShiftRight<int16_t, false>(i16, i16, 2, mask_1, 2, v_8);
# CPP-NEXT:    AscendC::SetDeqScale(f, -3, true);
# CPP-NEXT:    AscendC::CastDeq<int8_t, int16_t, false, true>(i8, i16, 256);
# CPP-NEXT:    float info_scale[16] = {0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f};
# CPP-NEXT:    int16_t info_offset[16] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
# CPP-NEXT:    bool info_sign_mode[16] = {true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true};
# CPP-NEXT:    AscendC::VdeqInfo info(info_scale, info_offset, info_sign_mode);
# CPP-NEXT:    AscendC::SetDeqScale(vdeq, info);
# CPP-NEXT:    AscendC::UnaryRepeatParams v_9{1, 1, 8, 8};
# CPP-NEXT:    AscendC::CastDeq<int8_t, int16_t, true, true, false>(i8, i16, 128, 2, v_9);
# CPP-NEXT:    AscendC::CastDeq<half, int32_t, true, true>(c, i32, n);
# CPP-NEXT:    AscendC::BilinearInterpolation(c, a, off, b, 128, 2, false, 1, 128, 2, tmp);
# CPP-NEXT:    uint64_t mask_2[] = {static_cast<uint64_t>(n), static_cast<uint64_t>(n)};
# CPP-NEXT:    AscendC::BilinearInterpolation(c, a, off, b, mask_2, 2, true, 1, 128, 2, tmp);
# CPP-NEXT:}
