# The mask registers from Python to IR and to C++: the vector mask (set_vector_mask in both forms and modes,
# set_mask_count, set_mask_norm, reset_mask, a mask form using it) and CMPMASK (compare into it,
# get_cmp_mask, set_cmp_mask, the select forms without a mask), and get_phy_addr.
#
# RUN: ascx compile %s --emit ir | filecheck %s --check-prefix=IR
# RUN: ascx compile %s | filecheck %s --check-prefix=CPP --match-full-lines --strict-whitespace
import ascx as asc


# One call of each form, not a synchronised kernel: compiled without the sync passes.
@asc.jit(insert_sync=False, verify_sync=False)
def masks(n: int) -> None:
    a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    b = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 512, 256)
    c = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 1024, 256)
    m = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 2048, 256)
    where = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, 4096, 4)
    asc.set_mask_count()
    asc.set_vector_mask(n, dtype=asc.float16, mode=asc.MaskMode.COUNTER)
    asc.add(c, a, b, 0, 1, asc.BinaryRepeatParams(), False)
    asc.set_mask_norm()
    asc.set_vector_mask(0, 0xFFFF, dtype=asc.float32, mode=asc.MaskMode.NORMAL)
    asc.reset_mask()
    asc.compare(a, b, asc.CMPMODE.LT, 128, asc.BinaryRepeatParams())
    asc.compare(a, b, asc.CMPMODE.EQ, [n, 0], asc.BinaryRepeatParams(), False)
    asc.get_cmp_mask(m)
    asc.set_cmp_mask(m)
    asc.select(c, a, b, 2, asc.BinaryRepeatParams(), asc.SelMode.VSEL_CMPMASK_SPR)
    where.set_value(0, m.get_phy_addr())
    asc.set_cmp_mask(where)
    asc.select(
        c, a, b, repeat_times=2, repeat_params=asc.BinaryRepeatParams(), sel_mode=asc.SelMode.VSEL_TENSOR_TENSOR_MODE
    )
    asc.select(c, m, a, 2, asc.BinaryRepeatParams())


# IR: func.func @masks(%n: i32) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
# IR: ascendc.set_mask_mode counter
# IR: ascendc.set_vector_mask counter f16 %n : i32
# IR: %0 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
# IR: ascendc.vec.binary add %c, %a, %b mask %c0_ui64 repeat_times %c1_ui8 repeat_params %0 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<binary_repeat>)
# IR: ascendc.set_mask_mode normal
# IR: ascendc.set_vector_mask normal f32 %c0_ui64, %c65535_ui64 : ui64, ui64
# IR: ascendc.reset_mask
# IR: %1 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
# IR: ascendc.vec.compare_cmpmask lt %a, %b mask %c128_ui64 repeat_params %1 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, !ascendc.params<binary_repeat>)
# IR: %2 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
# IR: %mask = ascendc.mask_list %n, %c0_ui64 : i32, ui64 -> !ascendc.mask_list<2>
# IR: ascendc.vec.compare_cmpmask eq %a, %b mask %mask repeat_params %2 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mask_list<2>, !ascendc.params<binary_repeat>)
# IR: ascendc.get_cmp_mask %m : !ascendc.local_tensor<ui8>
# IR: ascendc.set_cmp_mask %m : !ascendc.local_tensor<ui8>
# IR: %3 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
# IR: ascendc.vec.select_cmpmask vsel_cmpmask_spr %c, %a, %b repeat_times %c2_ui8 repeat_params %3 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui8, !ascendc.params<binary_repeat>)
# IR: %4 = ascendc.local_tensor.phy_addr %m : !ascendc.local_tensor<ui8> -> ui64
# IR: ascendc.set_value %where[%c0_ui32 : ui32], %4 : !ascendc.local_tensor<ui64>, ui64
# IR: ascendc.set_cmp_mask %where : !ascendc.local_tensor<ui64>
# IR: %5 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
# IR: ascendc.vec.select_cmpmask vsel_tensor_tensor_mode %c, %a, %b repeat_times %c2_ui8 repeat_params %5 sel_bits %m : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui8, !ascendc.params<binary_repeat>, !ascendc.local_tensor<ui8>)
# IR: %6 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
# IR: ascendc.vec.select_scalar_cmpmask %c, %m, %a repeat_times %c2_ui8 repeat_params %6 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f16>, ui8, !ascendc.params<binary_repeat>)

# CPP:#include "kernel_operator.h"
# CPP-EMPTY:
# CPP-NEXT:extern "C" __global__ __aicore__ void masks(int32_t n) {
# CPP-NEXT:    AscendC::LocalTensor<half> a(AscendC::TPosition::VECIN, 0, 256);
# CPP-NEXT:    AscendC::LocalTensor<half> b(AscendC::TPosition::VECIN, 512, 256);
# CPP-NEXT:    AscendC::LocalTensor<half> c(AscendC::TPosition::VECOUT, 1024, 256);
# CPP-NEXT:    AscendC::LocalTensor<uint8_t> m(AscendC::TPosition::VECCALC, 2048, 256);
# CPP-NEXT:    AscendC::LocalTensor<uint64_t> where(AscendC::TPosition::VECCALC, 4096, 4);
# CPP-NEXT:    AscendC::SetMaskCount();
# CPP-NEXT:    AscendC::SetVectorMask<half, AscendC::MaskMode::COUNTER>(n);
# CPP-NEXT:    AscendC::BinaryRepeatParams v{1, 1, 1, 8, 8, 8};
# CPP-NEXT:    AscendC::Add<half, false>(c, a, b, AscendC::MASK_PLACEHOLDER, 1, v);
# CPP-NEXT:    AscendC::SetMaskNorm();
# CPP-NEXT:    AscendC::SetVectorMask<float, AscendC::MaskMode::NORMAL>(0, 65535);
# CPP-NEXT:    AscendC::ResetMask();
# CPP-NEXT:    AscendC::BinaryRepeatParams v_1{1, 1, 1, 8, 8, 8};
# CPP-NEXT:    AscendC::Compare(a, b, AscendC::CMPMODE::LT, 128, v_1);
# CPP-NEXT:    AscendC::BinaryRepeatParams v_2{1, 1, 1, 8, 8, 8};
# CPP-NEXT:    uint64_t mask[] = {static_cast<uint64_t>(n), 0};
# CPP-NEXT:    AscendC::Compare<half, false>(a, b, AscendC::CMPMODE::EQ, mask, v_2);
# CPP-NEXT:    AscendC::GetCmpMask(m);
# CPP-NEXT:    AscendC::SetCmpMask(m);
# CPP-NEXT:    AscendC::BinaryRepeatParams v_3{1, 1, 1, 8, 8, 8};
# CPP-NEXT:    AscendC::Select<half, AscendC::SELMODE::VSEL_CMPMASK_SPR>(c, a, b, 2, v_3);
# CPP-NEXT:    uint64_t v_4 = (uint64_t)m.GetPhyAddr();
# CPP-NEXT:    where.SetValue(0, v_4);
# CPP-NEXT:    AscendC::SetCmpMask(where);
# CPP-NEXT:    AscendC::BinaryRepeatParams v_5{1, 1, 1, 8, 8, 8};
# CPP-NEXT:    AscendC::Select<half, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE>(c, a, b, 2, v_5);
# CPP-NEXT:    AscendC::BinaryRepeatParams v_6{1, 1, 1, 8, 8, 8};
# CPP-NEXT:    AscendC::Select(c, m, a, 2, v_6);
# CPP-NEXT:}
