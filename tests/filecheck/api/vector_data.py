# The data-rearranging vector ops from Python to IR and to C++: gather, gatherb, scatter, brcb, copy,
# gather_mask, transpose and trans_data_to_5hd in each of their forms.
#
# RUN: ascx compile %s --emit ir | filecheck %s --check-prefix=IR
# RUN: ascx compile %s | filecheck %s --check-prefix=CPP --match-full-lines --strict-whitespace
import ascx as asc


# One call of each form, not a synchronised kernel: compiled without the sync passes.
@asc.jit(insert_sync=False, verify_sync=False)
def data(n: int, base: int) -> None:
    a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 512)
    c = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 1024, 512)
    u = asc.LocalTensor(asc.uint16, asc.TPosition.VECCALC, 2048, 512)
    f = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 4096, 256)
    off = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 8192, 256)
    p16 = asc.LocalTensor(asc.uint16, asc.TPosition.VECIN, 9216, 16)
    tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 16384, 12288)
    asc.gather(c, a, off, 0, 256)
    asc.gather(c, a, off, base, 128, 2, 8)
    asc.gather(f, f, off, 0, [n, 0], 1, 8)
    asc.gatherb(u, u, off, 2, asc.GatherRepeatParams(1, 8))
    asc.scatter(c, a, off, 0, 128)
    asc.scatter(c, a, off, 0, 128, 1, 8)
    asc.brcb(c, a, 2, asc.BrcbRepeatParams(1, 8))
    asc.copy(c, a, 128, 2, asc.CopyRepeatParams(1, 1, 8, 8))
    asc.copy(c, a, [n, 0], 1, asc.CopyRepeatParams(1, 1, 8, 8), False)
    kept = asc.gather_mask(c, a, p16, True, 70, asc.GatherMaskParams(1, 2, 8, 0))
    asc.gather_mask(c, a, 3, False, 0, asc.GatherMaskParams(), asc.GatherMaskMode.DEFAULT)
    remain = asc.get_gather_mask_remain_count()
    asc.transpose(c, a)
    asc.transpose(c, a, tmp, asc.TransposeParamsExt(1, 16, 16, 16, asc.TransposeType.TRANSPOSE_NCHW2NHWC))
    params = asc.TransDataTo5HDParams(False, False, 1, 0, 0)
    dst_list = [c[0], c[16], c[32], c[48], c[64], c[80], c[96], c[112], c[128], c[144], c[160], c[176], c[192], c[208], c[224], c[240]]  # fmt: skip
    src_list = [a[0], a[16], a[32], a[48], a[64], a[80], a[96], a[112], a[128], a[144], a[160], a[176], a[192], a[208], a[224], a[240]]  # fmt: skip
    asc.trans_data_to_5hd(dst_list, src_list, params)
    d = c.get_phy_addr()
    s = a.get_phy_addr()
    asc.trans_data_to_5hd(
        [d, d, d, d, d, d, d, d, d, d, d, d, d, d, d, d], [s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s], params
    )
    da = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, 32768, 16)
    sa = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, 33024, 16)
    da.set_value(0, d)
    sa.set_value(0, s)
    asc.trans_data_to_5hd(da, sa, params)


# IR: func.func @data(%n: i32, %base: i32) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
# IR: ascendc.vec.gather %c, %a, %off, %c0_ui32 count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, ui32, ui32)
# IR: ascendc.vec.gather %c, %a, %off, %base mask %c128_ui64 repeat_times %c2_ui8 dst_rep_stride %c8_ui16 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, i32, ui64, ui8, ui16)
# IR: %mask = ascendc.mask_list %n, %c0_ui64 : i32, ui64 -> !ascendc.mask_list<2>
# IR: ascendc.vec.gather %f, %f, %off, %c0_ui32 mask %mask repeat_times %c1_ui8 dst_rep_stride %c8_ui16 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<ui32>, ui32, !ascendc.mask_list<2>, ui8, ui16)
# IR: %0 = ascendc.params %c1_ui8, %c8_ui8 : ui8, ui8 -> !ascendc.params<gather_repeat>
# IR: ascendc.vec.gatherb %u, %u, %off repeat_times %c2_ui8 repeat_params %0 : (!ascendc.local_tensor<ui16>, !ascendc.local_tensor<ui16>, !ascendc.local_tensor<ui32>, ui8, !ascendc.params<gather_repeat>)
# IR: ascendc.vec.scatter %c, %a, %off, %c0_ui32 count %c128_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, ui32, ui32)
# IR: ascendc.vec.scatter %c, %a, %off, %c0_ui32 mask %c128_ui64 repeat_times %c1_ui8 src_rep_stride %c8_ui8 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, ui32, ui64, ui8, ui8)
# IR: %1 = ascendc.params %c1_ui16, %c8_ui16 : ui16, ui16 -> !ascendc.params<brcb_repeat>
# IR: ascendc.vec.brcb %c, %a repeat_times %c2_ui8 repeat_params %1 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui8, !ascendc.params<brcb_repeat>)
# IR: %2 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui16, %c8_ui16 : ui16, ui16, ui16, ui16 -> !ascendc.params<copy_repeat>
# IR: ascendc.vec.copy %c, %a mask %c128_ui64 repeat_times %c2_ui8 repeat_params %2 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<copy_repeat>)
# IR: %3 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui16, %c8_ui16 : ui16, ui16, ui16, ui16 -> !ascendc.params<copy_repeat>
# IR: %mask_1 = ascendc.mask_list %n, %c0_ui64 : i32, ui64 -> !ascendc.mask_list<2>
# IR: ascendc.vec.copy %c, %a mask %mask_1 repeat_times %c1_ui8 repeat_params %3 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mask_list<2>, ui8, !ascendc.params<copy_repeat>)
# IR: %4 = ascendc.params %c1_ui8, %c2_ui16, %c8_ui16, %c0_ui8 : ui8, ui16, ui16, ui8 -> !ascendc.params<gather_mask>
# IR: %rsvd_cnt = ascendc.vec.gather_mask %c, %a, %p16, %true, %c70_ui32, %4 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui16>, i1, ui32, !ascendc.params<gather_mask> -> ui64
# IR: %5 = ascendc.params %c1_ui8, %c1_ui16, %c0_ui16, %c0_ui8 : ui8, ui16, ui16, ui8 -> !ascendc.params<gather_mask>
# IR: %rsvd_cnt_1 = ascendc.vec.gather_mask %c, %a, %c3_ui8, %false, %c0_ui32, %5 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui8, i1, ui32, !ascendc.params<gather_mask> -> ui64
# IR: %remain_count = ascendc.get_gather_mask_remain_count : i64
# IR: ascendc.vec.transpose %c, %a : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>)
# IR: %6 = ascendc.params %c1_ui16, %c16_ui16, %c16_ui16, %c16_ui16, %c11_ui8 : ui16, ui16, ui16, ui16, ui8 -> !ascendc.params<transpose_ext>
# IR: ascendc.vec.transpose %c, %a tmp %tmp params %6 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.params<transpose_ext>)
# IR: %params = ascendc.params %false, %false, %c1_ui8, %c0_ui16, %c0_ui16 : i1, i1, ui8, ui16, ui16 -> !ascendc.params<trans_data_to_5hd>
# IR: ascendc.vec.trans_data_to_5hd_list [%7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22], [%23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38], %params : !ascendc.params<trans_data_to_5hd>, (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>), (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>)
# IR: %d = ascendc.local_tensor.phy_addr %c : !ascendc.local_tensor<f16> -> ui64
# IR: %s = ascendc.local_tensor.phy_addr %a : !ascendc.local_tensor<f16> -> ui64
# IR: ascendc.vec.trans_data_to_5hd_addr f16 [%d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d], [%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s], %params into [%c] from [%a] : !ascendc.params<trans_data_to_5hd>, (ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64), (ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64, ui64), (!ascendc.local_tensor<f16>), (!ascendc.local_tensor<f16>)
# IR: ascendc.set_value %da[%c0_ui32 : ui32], %d : !ascendc.local_tensor<ui64>, ui64
# IR: ascendc.set_value %sa[%c0_ui32 : ui32], %s : !ascendc.local_tensor<ui64>, ui64
# IR: ascendc.vec.trans_data_to_5hd f16 %da, %sa, %params into [%c] from [%a] : !ascendc.local_tensor<ui64>, !ascendc.local_tensor<ui64>, !ascendc.params<trans_data_to_5hd>, (!ascendc.local_tensor<f16>), (!ascendc.local_tensor<f16>)

# CPP:#include "kernel_operator.h"
# CPP-EMPTY:
# CPP-NEXT:extern "C" __global__ __aicore__ void data(int32_t n, int32_t base) {
# CPP-NEXT:    AscendC::LocalTensor<half> a(AscendC::TPosition::VECIN, 0, 512);
# CPP-NEXT:    AscendC::LocalTensor<half> c(AscendC::TPosition::VECOUT, 1024, 512);
# CPP-NEXT:    AscendC::LocalTensor<uint16_t> u(AscendC::TPosition::VECCALC, 2048, 512);
# CPP-NEXT:    AscendC::LocalTensor<float> f(AscendC::TPosition::VECCALC, 4096, 256);
# CPP-NEXT:    AscendC::LocalTensor<uint32_t> off(AscendC::TPosition::VECIN, 8192, 256);
# CPP-NEXT:    AscendC::LocalTensor<uint16_t> p16(AscendC::TPosition::VECIN, 9216, 16);
# CPP-NEXT:    AscendC::LocalTensor<uint8_t> tmp(AscendC::TPosition::VECCALC, 16384, 12288);
# CPP-NEXT:    AscendC::Gather(c, a, off, 0, 256);
# CPP-NEXT:    AscendC::Gather(c, a, off, base, 128, 2, 8);
# CPP-NEXT:    uint64_t mask[] = {static_cast<uint64_t>(n), 0};
# CPP-NEXT:    AscendC::Gather(f, f, off, 0, mask, 1, 8);
# CPP-NEXT:    AscendC::GatherRepeatParams v{1, 8};
# CPP-NEXT:    AscendC::Gatherb(u, u, off, 2, v);
# CPP-NEXT:    AscendC::Scatter(c, a, off, 0, 128);
# CPP-NEXT:    AscendC::Scatter(c, a, off, 0, 128, 1, 8);
# CPP-NEXT:    AscendC::BrcbRepeatParams v_1{1, 8};
# CPP-NEXT:    AscendC::Brcb(c, a, 2, v_1);
# CPP-NEXT:    AscendC::CopyRepeatParams v_2{1, 1, 8, 8};
# CPP-NEXT:    AscendC::Copy<half, true>(c, a, 128, 2, v_2);
# CPP-NEXT:    AscendC::CopyRepeatParams v_3{1, 1, 8, 8};
# CPP-NEXT:    uint64_t mask_1[] = {static_cast<uint64_t>(n), 0};
# CPP-NEXT:    AscendC::Copy<half, false>(c, a, mask_1, 1, v_3);
# CPP-NEXT:    AscendC::GatherMaskParams v_4{1, 2, 8, 0};
# CPP-NEXT:    uint64_t rsvd_cnt = 0;
# CPP-NEXT:    AscendC::GatherMask<half, uint16_t>(c, a, p16, true, 70, v_4, rsvd_cnt);
# CPP-NEXT:    AscendC::GatherMaskParams v_5{1, 1, 0, 0};
# CPP-NEXT:    uint64_t rsvd_cnt_1 = 0;
# CPP-NEXT:    AscendC::GatherMask<half>(c, a, 3, false, 0, v_5, rsvd_cnt_1);
# CPP-NEXT:    int64_t remain_count = AscendC::GetGatherMaskRemainCount();
# CPP-NEXT:    AscendC::Transpose(c, a);
# CPP-NEXT:    AscendC::TransposeParamsExt v_6{1, 16, 16, 16, AscendC::TransposeType::TRANSPOSE_NCHW2NHWC};
# CPP-NEXT:    AscendC::Transpose(c, a, tmp, v_6);
# CPP-NEXT:    AscendC::TransDataTo5HDParams params{false, false, 1, 0, 0};
# CPP-NEXT:    AscendC::LocalTensor<half> v_7 = c[0];
# CPP-NEXT:    AscendC::LocalTensor<half> v_8 = c[16];
# CPP-NEXT:    AscendC::LocalTensor<half> v_9 = c[32];
# CPP-NEXT:    AscendC::LocalTensor<half> v_10 = c[48];
# CPP-NEXT:    AscendC::LocalTensor<half> v_11 = c[64];
# CPP-NEXT:    AscendC::LocalTensor<half> v_12 = c[80];
# CPP-NEXT:    AscendC::LocalTensor<half> v_13 = c[96];
# CPP-NEXT:    AscendC::LocalTensor<half> v_14 = c[112];
# CPP-NEXT:    AscendC::LocalTensor<half> v_15 = c[128];
# CPP-NEXT:    AscendC::LocalTensor<half> v_16 = c[144];
# CPP-NEXT:    AscendC::LocalTensor<half> v_17 = c[160];
# CPP-NEXT:    AscendC::LocalTensor<half> v_18 = c[176];
# CPP-NEXT:    AscendC::LocalTensor<half> v_19 = c[192];
# CPP-NEXT:    AscendC::LocalTensor<half> v_20 = c[208];
# CPP-NEXT:    AscendC::LocalTensor<half> v_21 = c[224];
# CPP-NEXT:    AscendC::LocalTensor<half> v_22 = c[240];
# CPP-NEXT:    AscendC::LocalTensor<half> v_23 = a[0];
# CPP-NEXT:    AscendC::LocalTensor<half> v_24 = a[16];
# CPP-NEXT:    AscendC::LocalTensor<half> v_25 = a[32];
# CPP-NEXT:    AscendC::LocalTensor<half> v_26 = a[48];
# CPP-NEXT:    AscendC::LocalTensor<half> v_27 = a[64];
# CPP-NEXT:    AscendC::LocalTensor<half> v_28 = a[80];
# CPP-NEXT:    AscendC::LocalTensor<half> v_29 = a[96];
# CPP-NEXT:    AscendC::LocalTensor<half> v_30 = a[112];
# CPP-NEXT:    AscendC::LocalTensor<half> v_31 = a[128];
# CPP-NEXT:    AscendC::LocalTensor<half> v_32 = a[144];
# CPP-NEXT:    AscendC::LocalTensor<half> v_33 = a[160];
# CPP-NEXT:    AscendC::LocalTensor<half> v_34 = a[176];
# CPP-NEXT:    AscendC::LocalTensor<half> v_35 = a[192];
# CPP-NEXT:    AscendC::LocalTensor<half> v_36 = a[208];
# CPP-NEXT:    AscendC::LocalTensor<half> v_37 = a[224];
# CPP-NEXT:    AscendC::LocalTensor<half> v_38 = a[240];
# CPP-NEXT:    AscendC::LocalTensor<half> dst_list[16] = {v_7, v_8, v_9, v_10, v_11, v_12, v_13, v_14, v_15, v_16, v_17, v_18, v_19, v_20, v_21, v_22};
# CPP-NEXT:    AscendC::LocalTensor<half> src_list[16] = {v_23, v_24, v_25, v_26, v_27, v_28, v_29, v_30, v_31, v_32, v_33, v_34, v_35, v_36, v_37, v_38};
# CPP-NEXT:    AscendC::TransDataTo5HD<half>(dst_list, src_list, params);
# CPP-NEXT:    uint64_t d = (uint64_t)c.GetPhyAddr();
# CPP-NEXT:    uint64_t s = (uint64_t)a.GetPhyAddr();
# CPP-NEXT:    uint64_t dst_addrs[16] = {d, d, d, d, d, d, d, d, d, d, d, d, d, d, d, d};
# CPP-NEXT:    uint64_t src_addrs[16] = {s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s};
# CPP-NEXT:    AscendC::TransDataTo5HD<half>(dst_addrs, src_addrs, params);
# CPP-NEXT:    AscendC::LocalTensor<uint64_t> da(AscendC::TPosition::VECCALC, 32768, 16);
# CPP-NEXT:    AscendC::LocalTensor<uint64_t> sa(AscendC::TPosition::VECCALC, 33024, 16);
# CPP-NEXT:    da.SetValue(0, d);
# CPP-NEXT:    sa.SetValue(0, s);
# CPP-NEXT:    AscendC::TransDataTo5HD<half>(da, sa, params);
# CPP-NEXT:}
