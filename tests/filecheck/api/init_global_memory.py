# init_global_memory from Python to IR and to C++: the op with the tensor, its size (a constant, or a
# runtime value passed as it is) and the value of the tensor's type; CANN's InitGlobalMemory<T>.
#
# RUN: ascx compile %s --args "MockTensor(asc.float32), MockTensor(asc.int32), MockValue(asc.int32)" --emit ir | filecheck %s --check-prefix=IR
# RUN: ascx compile %s --args "MockTensor(asc.float32), MockTensor(asc.int32), MockValue(asc.int32)" --emit ir > %t.mlir
# RUN: ascx-opt %t.mlir | ascx-opt | filecheck %s --check-prefix=IR
# RUN: ascx-opt %t.mlir --print-op-generic | ascx-opt | filecheck %s --check-prefix=IR
# RUN: ascx compile %s --args "MockTensor(asc.float32), MockTensor(asc.int32), MockValue(asc.int32)" | filecheck %s --check-prefix=CPP --match-full-lines --strict-whitespace
import ascx as asc


@asc.jit
def init_global_memory(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    pipe = asc.TPipe()
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 4096)
    asc.init_global_memory(xg, 4096, 0.0)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y, n)
    asc.init_global_memory(yg, n, 7)


# IR: ascendc.init_global_memory %xg, %{{.*}}, %{{.*}} : !ascendc.global_tensor<f32>, ui64, f32
# IR: ascendc.init_global_memory %yg, %n, %{{.*}} : !ascendc.global_tensor<i32>, i32, i32

# CPP:extern "C" __global__ __aicore__ void init_global_memory(__gm__ float* x, __gm__ int32_t* y, int32_t n) {
# CPP-NEXT:    AscendC::TPipe pipe;
# CPP-NEXT:    AscendC::GlobalTensor<float> xg;
# CPP-NEXT:    xg.SetGlobalBuffer(x, 4096);
# CPP-NEXT:    AscendC::InitGlobalMemory<float>(xg, 4096, 0.0f);
# CPP-NEXT:    AscendC::GlobalTensor<int32_t> yg;
# CPP-NEXT:    yg.SetGlobalBuffer(y, n);
# CPP-NEXT:    AscendC::InitGlobalMemory<int32_t>(yg, n, 7);
# CPP-NEXT:    AscendC::PipeBarrier<PIPE_ALL>();
# CPP-NEXT:}
