# ascx-insert-sync takes the event ids of its flags from the kernel's own TPipe, also when the kernel
# creates it inside a runtime branch: allocated after the pipe's buffers in the branch and released at the
# branch's end, and no second TPipe is declared at the top of the kernel (CANN's TPipe constructor resets
# the buffer pool, and its debug build asserts "TPipe has already been constructed").
#
# RUN: ascx compile %s --args "MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32)" | filecheck %s --match-full-lines --strict-whitespace
import ascx as asc


@asc.jit
def guarded(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 256)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y, 256)
    if n > 0:
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(q, 1, 1024)
        t = q.alloc_tensor(asc.float32)
        asc.data_copy(t, xg, 256)
        q.enque(t)
        t2 = q.deque(asc.float32)
        asc.adds(t2, t2, 1.0, 256)
        asc.data_copy(yg, t2, 256)
        q.free_tensor(t2)


# CHECK:extern "C" __global__ __aicore__ void guarded(__gm__ float* x, __gm__ float* y, int32_t n) {
# CHECK-NEXT:    AscendC::GlobalTensor<float> xg;
# CHECK-NEXT:    xg.SetGlobalBuffer(x, 256);
# CHECK-NEXT:    AscendC::GlobalTensor<float> yg;
# CHECK-NEXT:    yg.SetGlobalBuffer(y, 256);
# CHECK-NEXT:    bool v = n > 0;
# CHECK-NEXT:    if (v) {
# CHECK-NEXT:        AscendC::TPipe pipe;
# CHECK-NEXT:        AscendC::TQue<AscendC::TPosition::VECIN, 1> q;
# CHECK-NEXT:        pipe.InitBuffer(q, 1, 1024);
# CHECK-NEXT:        int32_t ev = pipe.AllocEventID<AscendC::HardEvent::V_MTE3>();
# CHECK-NEXT:        AscendC::LocalTensor<float> t = q.AllocTensor<float>();
# CHECK-NEXT:        AscendC::DataCopy(t, xg, 256);
# CHECK-NEXT:        q.EnQue(t);
# CHECK-NEXT:        AscendC::LocalTensor<float> t2 = q.DeQue<float>();
# CHECK-NEXT:        AscendC::Adds<float, true>(t2, t2, 1.0f, 256);
# CHECK-NEXT:        AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(ev);
# CHECK-NEXT:        AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(ev);
# CHECK-NEXT:        AscendC::DataCopy(yg, t2, 256);
# CHECK-NEXT:        q.FreeTensor(t2);
# CHECK-NEXT:        pipe.ReleaseEventID<AscendC::HardEvent::V_MTE3>(ev);
# CHECK-NEXT:    }
# CHECK-NEXT:    AscendC::PipeBarrier<PIPE_ALL>();
# CHECK-NEXT:}
