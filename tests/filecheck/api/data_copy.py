# Data movement from Python to IR and to C++: data_copy in the count and DataCopyParams forms in
# each direction (GM -> UB on MTE2, UB -> UB on V, UB -> GM on MTE3) and data_copy_pad with both
# kinds of parameters; a runtime struct field is converted to the field's type.
#
# RUN: ascx compile %s --emit ir | filecheck %s --check-prefix=IR
# RUN: ascx compile %s | filecheck %s --check-prefix=CPP --match-full-lines --strict-whitespace
import ascx as asc


# One call of each API, not a synchronised kernel: compiled without the sync passes, whose own
# tests are under passes/.
@asc.jit(insert_sync=False, verify_sync=False)
def data_copy(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 1024)
    b = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 2048, 1024)
    asc.data_copy(a, xg, 1024)
    asc.data_copy(b, a, count=n)
    asc.data_copy(yg[n:], b, 512)
    asc.data_copy(a, xg, asc.DataCopyParams(4, 8, 0, 0))
    asc.data_copy(yg, b, repeat_params=asc.DataCopyParams(block_count=n, block_len=8, src_stride=0, dst_stride=8))
    asc.data_copy_pad(a, xg, asc.DataCopyExtParams(1, 20), asc.DataCopyPadExtParams(asc.float16, True, 0, 6, 0.0))
    asc.data_copy_pad(yg, b, asc.DataCopyExtParams(1, n * 2))
    asc.data_copy_pad(a, xg, asc.DataCopyParams(1, 20), asc.DataCopyPadParams(True, 0, 6, 0))
    asc.data_copy_pad(yg, b, data_copy_params=asc.DataCopyParams(1, 20))


# IR: func.func @data_copy(%x: !ascendc.gm_addr<f16>, %y: !ascendc.gm_addr<f16>, %n: i32) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
# IR: %xg = ascendc.global_tensor : !ascendc.global_tensor<f16>
# IR: ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16>
# IR: %yg = ascendc.global_tensor : !ascendc.global_tensor<f16>
# IR: ascendc.global_tensor.set_global_buffer %yg, %y : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16>
# IR: %a = ascendc.local_tensor vecin, %c0_ui32, %c1024_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
# IR: %b = ascendc.local_tensor vecout, %c2048_ui32, %c1024_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
# IR: ascendc.data_copy %a, %xg, %c1024_i32 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, i32
# IR: ascendc.data_copy %b, %a, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
# IR: %0 = ascendc.sub_tensor %yg[%n : i32] : !ascendc.global_tensor<f16>
# IR: ascendc.data_copy %0, %b, %c512_i32 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, i32
# IR: %1 = ascendc.params %c4_ui16, %c8_ui16, %c0_ui16, %c0_ui16 : ui16, ui16, ui16, ui16 -> !ascendc.params<data_copy>
# IR: ascendc.data_copy %a, %xg, %1 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.params<data_copy>
# IR: %2 = ascendc.params %n, %c8_ui16, %c0_ui16, %c8_ui16 : i32, ui16, ui16, ui16 -> !ascendc.params<data_copy>
# IR: ascendc.data_copy %yg, %b, %2 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<data_copy>
# IR: %3 = ascendc.params %c1_ui16, %c20_ui32, %c0_ui32, %c0_ui32, %c0_ui32 : ui16, ui32, ui32, ui32, ui32 -> !ascendc.params<data_copy_ext>
# IR: %4 = ascendc.params %true, %c0_ui8, %c6_ui8, %cst : i1, ui8, ui8, f16 -> !ascendc.params<data_copy_pad_ext, f16>
# IR: ascendc.data_copy_pad %a, %xg, %3 pad %4 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.params<data_copy_ext>, !ascendc.params<data_copy_pad_ext, f16>
# IR: %5 = arith.muli %n, %c2_i32 : i32
# IR: %6 = ascendc.params %c1_ui16, %5, %c0_ui32, %c0_ui32, %c0_ui32 : ui16, i32, ui32, ui32, ui32 -> !ascendc.params<data_copy_ext>
# IR: ascendc.data_copy_pad %yg, %b, %6 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<data_copy_ext>
# IR: %7 = ascendc.params %c1_ui16, %c20_ui16, %c0_ui16, %c0_ui16 : ui16, ui16, ui16, ui16 -> !ascendc.params<data_copy>
# IR: %8 = ascendc.params %true, %c0_ui8, %c6_ui8, %c0_ui64 : i1, ui8, ui8, ui64 -> !ascendc.params<data_copy_pad>
# IR: ascendc.data_copy_pad %a, %xg, %7 pad %8 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.params<data_copy>, !ascendc.params<data_copy_pad>
# IR: %9 = ascendc.params %c1_ui16, %c20_ui16, %c0_ui16, %c0_ui16 : ui16, ui16, ui16, ui16 -> !ascendc.params<data_copy>
# IR: ascendc.data_copy_pad %yg, %b, %9 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<data_copy>

# CPP:#include "kernel_operator.h"
# CPP-EMPTY:
# CPP-NEXT:extern "C" __global__ __aicore__ void data_copy(__gm__ half* x, __gm__ half* y, int32_t n) {
# CPP-NEXT:    AscendC::GlobalTensor<half> xg;
# CPP-NEXT:    xg.SetGlobalBuffer(x);
# CPP-NEXT:    AscendC::GlobalTensor<half> yg;
# CPP-NEXT:    yg.SetGlobalBuffer(y);
# CPP-NEXT:    AscendC::LocalTensor<half> a(AscendC::TPosition::VECIN, 0, 1024);
# CPP-NEXT:    AscendC::LocalTensor<half> b(AscendC::TPosition::VECOUT, 2048, 1024);
# CPP-NEXT:    AscendC::DataCopy(a, xg, 1024);
# CPP-NEXT:    AscendC::DataCopy(b, a, n);
# CPP-NEXT:    AscendC::GlobalTensor<half> v = yg[n];
# CPP-NEXT:    AscendC::DataCopy(v, b, 512);
# CPP-NEXT:    AscendC::DataCopyParams v_1{4, 8, 0, 0};
# CPP-NEXT:    AscendC::DataCopy(a, xg, v_1);
# CPP-NEXT:    AscendC::DataCopyParams v_2{static_cast<uint16_t>(n), 8, 0, 8};
# CPP-NEXT:    AscendC::DataCopy(yg, b, v_2);
# CPP-NEXT:    AscendC::DataCopyExtParams v_3{1, 20, 0, 0, 0};
# CPP-NEXT:    AscendC::DataCopyPadExtParams<half> v_4{true, 0, 6, half(0.0)};
# CPP-NEXT:    AscendC::DataCopyPad(a, xg, v_3, v_4);
# CPP-NEXT:    int32_t v_5 = n * 2;
# CPP-NEXT:    AscendC::DataCopyExtParams v_6{1, static_cast<uint32_t>(v_5), 0, 0, 0};
# CPP-NEXT:    AscendC::DataCopyPad(yg, b, v_6);
# CPP-NEXT:    AscendC::DataCopyParams v_7{1, 20, 0, 0};
# CPP-NEXT:    AscendC::DataCopyPadParams v_8{true, 0, 6, 0};
# CPP-NEXT:    AscendC::DataCopyPad(a, xg, v_7, v_8);
# CPP-NEXT:    AscendC::DataCopyParams v_9{1, 20, 0, 0};
# CPP-NEXT:    AscendC::DataCopyPad(yg, b, v_9);
# CPP-NEXT:}
