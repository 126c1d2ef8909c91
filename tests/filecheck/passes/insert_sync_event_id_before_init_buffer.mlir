// RUN: ascx-opt %s -p ascx-insert-sync -t ascendc | filecheck %s --match-full-lines --strict-whitespace

// An id taken from the pipe (alloc_event_id) comes before its first use, even when the pair orders an op
// that comes before the pipe's buffers are given out: init_global_memory (which CANN allows only before
// InitBuffer) writes x on MTE3 and the copy into the VECIN queue reads it on MTE2 after the InitBuffers.
// Before, the AllocEventID came after the last InitBuffer and the SetFlag used an undeclared id.
// (tests/language/test_init_global_memory.py runs this kernel on the emulation.)

builtin.module {
  ascendc.include "kernel_operator.h"
  func.func @k(%x: !ascendc.gm_addr<f32>, %y: !ascendc.gm_addr<f32>) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
    %pipe = ascendc.pipe
    %xg = ascendc.global_tensor : !ascendc.global_tensor<f32>
    %c256_ui64 = ascendc.constant 256 : ui64
    ascendc.global_tensor.set_global_buffer %xg, %x, %c256_ui64 : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>, ui64
    %yg = ascendc.global_tensor : !ascendc.global_tensor<f32>
    ascendc.global_tensor.set_global_buffer %yg, %y, %c256_ui64 : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>, ui64
    %cst = arith.constant 3.000000e+00 : f32
    ascendc.init_global_memory %xg, %c256_ui64, %cst : !ascendc.global_tensor<f32>, ui64, f32
    %qin = ascendc.declare : !ascendc.tque<vecin, 1>
    %qout = ascendc.declare : !ascendc.tque<vecout, 1>
    %c1_ui8 = ascendc.constant 1 : ui8
    %c1024_ui32 = ascendc.constant 1024 : ui32
    ascendc.init_buffer %pipe, %qin num %c1_ui8 len %c1024_ui32 : !ascendc.pipe, !ascendc.tque<vecin, 1>, ui8, ui32
    ascendc.init_buffer %pipe, %qout num %c1_ui8 len %c1024_ui32 : !ascendc.pipe, !ascendc.tque<vecout, 1>, ui8, ui32
    %t = ascendc.alloc_tensor %qin : !ascendc.tque<vecin, 1> -> !ascendc.local_tensor<f32>
    %c256_i32 = arith.constant 256 : i32
    ascendc.data_copy %t, %xg, %c256_i32 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
    ascendc.enque %qin, %t : !ascendc.tque<vecin, 1>, !ascendc.local_tensor<f32>
    %u = ascendc.deque %qin : !ascendc.tque<vecin, 1> -> !ascendc.local_tensor<f32>
    %w = ascendc.alloc_tensor %qout : !ascendc.tque<vecout, 1> -> !ascendc.local_tensor<f32>
    %cst_1 = arith.constant 1.000000e+00 : f32
    ascendc.vec.binary_scalar adds %w, %u, %cst_1 count %c256_i32 set_mask : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32, i32)
    ascendc.free_tensor %qin, %u : !ascendc.tque<vecin, 1>, !ascendc.local_tensor<f32>
    ascendc.enque %qout, %w : !ascendc.tque<vecout, 1>, !ascendc.local_tensor<f32>
    %v = ascendc.deque %qout : !ascendc.tque<vecout, 1> -> !ascendc.local_tensor<f32>
    ascendc.data_copy %yg, %v, %c256_i32 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
    ascendc.free_tensor %qout, %v : !ascendc.tque<vecout, 1>, !ascendc.local_tensor<f32>
    func.return
  }
}

// CHECK:#include "kernel_operator.h"
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" __global__ __aicore__ void k(__gm__ float* x, __gm__ float* y) {
// CHECK-NEXT:    AscendC::TPipe pipe;
// CHECK-NEXT:    int32_t ev = pipe.AllocEventID<AscendC::HardEvent::MTE3_MTE2>();
// CHECK-NEXT:    AscendC::GlobalTensor<float> xg;
// CHECK-NEXT:    xg.SetGlobalBuffer(x, 256);
// CHECK-NEXT:    AscendC::GlobalTensor<float> yg;
// CHECK-NEXT:    yg.SetGlobalBuffer(y, 256);
// CHECK-NEXT:    AscendC::InitGlobalMemory<float>(xg, 256, 3.0f);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(ev);
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECIN, 1> qin;
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECOUT, 1> qout;
// CHECK-NEXT:    pipe.InitBuffer(qin, 1, 1024);
// CHECK-NEXT:    pipe.InitBuffer(qout, 1, 1024);
// CHECK-NEXT:    AscendC::LocalTensor<float> t = qin.AllocTensor<float>();
// CHECK-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(ev);
// CHECK-NEXT:    AscendC::DataCopy(t, xg, 256);
// CHECK-NEXT:    qin.EnQue(t);
// CHECK-NEXT:    AscendC::LocalTensor<float> u = qin.DeQue<float>();
// CHECK-NEXT:    AscendC::LocalTensor<float> w = qout.AllocTensor<float>();
// CHECK-NEXT:    AscendC::Adds<float, true>(w, u, 1.0f, 256);
// CHECK-NEXT:    qin.FreeTensor(u);
// CHECK-NEXT:    qout.EnQue(w);
// CHECK-NEXT:    AscendC::LocalTensor<float> v = qout.DeQue<float>();
// CHECK-NEXT:    AscendC::DataCopy(yg, v, 256);
// CHECK-NEXT:    qout.FreeTensor(v);
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_ALL>();
// CHECK-NEXT:    pipe.ReleaseEventID<AscendC::HardEvent::MTE3_MTE2>(ev);
// CHECK-NEXT:}
