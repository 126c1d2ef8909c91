# asc.create_vec_index from Python to IR and to C++: the count form, both mask forms, a runtime first value.
#
# RUN: ascx compile %s --emit ir | filecheck %s --check-prefix=IR
# RUN: ascx compile %s | filecheck %s --check-prefix=CPP --match-full-lines --strict-whitespace
import ascx as asc


@asc.jit(insert_sync=False, verify_sync=False)
def index(n: int, f: float) -> None:
    pipe = asc.TPipe()
    i = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 256)
    h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 1024, 256)
    s = asc.LocalTensor(asc.int16, asc.TPosition.VECCALC, 2048, 256)
    asc.create_vec_index(i, 0, 256)
    asc.create_vec_index(i, n, n)
    asc.create_vec_index(h, f, 128, 2, 1, 8)
    asc.create_vec_index(s, -5, [0xFFFF, 0], 1, 2, 16)


# IR: ascendc.vec.create_vec_index %i, %c0_i32 count %c256_ui32 : (!ascendc.local_tensor<i32>, i32, ui32)
# IR: ascendc.vec.create_vec_index %i, %n count %n : (!ascendc.local_tensor<i32>, i32, i32)
# IR: ascendc.vec.create_vec_index %h, %0 mask %c128_ui64 repeat_time %c2_ui8 dst_blk_stride %c1_ui16 dst_rep_stride %c8_ui8 : (!ascendc.local_tensor<f16>, f16, ui64, ui8, ui16, ui8)
# IR: ascendc.vec.create_vec_index %s, %cm5_i16 mask %mask repeat_time %c1_ui8 dst_blk_stride %c2_ui16 dst_rep_stride %c16_ui8 : (!ascendc.local_tensor<i16>, i16, !ascendc.mask_list<2>, ui8, ui16, ui8)

# CPP:#include "kernel_operator.h"
# CPP-EMPTY:
# CPP-NEXT:extern "C" __global__ __aicore__ void index_kernel(int32_t n, float f) {
# CPP-NEXT:    AscendC::TPipe pipe;
# CPP-NEXT:    AscendC::LocalTensor<int32_t> i(AscendC::TPosition::VECCALC, 0, 256);
# CPP-NEXT:    AscendC::LocalTensor<half> h(AscendC::TPosition::VECCALC, 1024, 256);
# CPP-NEXT:    AscendC::LocalTensor<int16_t> s(AscendC::TPosition::VECCALC, 2048, 256);
# CPP-NEXT:    AscendC::CreateVecIndex<int32_t>(i, 0, 256);
# CPP-NEXT:    AscendC::CreateVecIndex<int32_t>(i, n, n);
# CPP-NEXT:    half v = static_cast<half>(f);
# CPP-NEXT:    AscendC::CreateVecIndex<half>(h, v, 128, 2, 1, 8);
# CPP-NEXT:    uint64_t mask[] = {65535, 0};
# CPP-NEXT:    AscendC::CreateVecIndex<int16_t>(s, -5, mask, 1, 2, 16);
# CPP-NEXT:}
