# A LocalTensor chosen at run time (t = ping if (i & 1) == 0 else pong): the scf.if yields the tensor,
# printed as a LocalTensor declared before the if and assigned in both arms, and ascx-insert-sync orders
# the accesses through it as accesses of either buffer; yielding it is no access (no HZ-8).
#
# RUN: ascx compile %s --emit ir --args "MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32)" | filecheck %s --check-prefix=IR
# RUN: ascx compile %s --args "MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32)" 2>&1 | filecheck %s --match-full-lines --strict-whitespace
import ascx as asc


@asc.jit
def ping_pong(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 2048)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y, 2048)
    ping = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 256)
    pong = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 1024, 256)
    for i in range(n):
        t = ping if (i & 1) == 0 else pong
        asc.data_copy(t, xg[i * 256 :], 256)
        asc.adds(t, t, 1.0, 256)
        asc.data_copy(yg[i * 256 :], t, 256)


# IR:      %t = scf.if %{{.*}} -> (!ascendc.local_tensor<f32>) {
# IR-NEXT:   scf.yield %ping : !ascendc.local_tensor<f32>
# IR-NEXT: } else {
# IR-NEXT:   scf.yield %pong : !ascendc.local_tensor<f32>
# IR-NEXT: }

# CHECK:extern "C" __global__ __aicore__ void ping_pong(__gm__ float* x, __gm__ float* y, int32_t n) {
# CHECK-NEXT:    AscendC::GlobalTensor<float> xg;
# CHECK-NEXT:    xg.SetGlobalBuffer(x, 2048);
# CHECK-NEXT:    AscendC::GlobalTensor<float> yg;
# CHECK-NEXT:    yg.SetGlobalBuffer(y, 2048);
# CHECK-NEXT:    AscendC::LocalTensor<float> ping(AscendC::TPosition::VECCALC, 0, 256);
# CHECK-NEXT:    AscendC::LocalTensor<float> pong(AscendC::TPosition::VECCALC, 1024, 256);
# CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(0);
# CHECK-NEXT:    for (int32_t i = 0; i < n; i += 1) {
# CHECK-NEXT:        int32_t v = i & 1;
# CHECK-NEXT:        bool v_1 = v == 0;
# CHECK-NEXT:        AscendC::LocalTensor<float> t;
# CHECK-NEXT:        if (v_1) {
# CHECK-NEXT:            t = ping;
# CHECK-NEXT:        } else {
# CHECK-NEXT:            t = pong;
# CHECK-NEXT:        }
# CHECK-NEXT:        int32_t v_2 = i * 256;
# CHECK-NEXT:        AscendC::GlobalTensor<float> v_3 = xg[v_2];
# CHECK-NEXT:        AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(0);
# CHECK-NEXT:        AscendC::DataCopy(t, v_3, 256);
# CHECK-NEXT:        AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
# CHECK-NEXT:        AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
# CHECK-NEXT:        AscendC::Adds<float, true>(t, t, 1.0f, 256);
# CHECK-NEXT:        AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
# CHECK-NEXT:        int32_t v_4 = i * 256;
# CHECK-NEXT:        AscendC::GlobalTensor<float> v_5 = yg[v_4];
# CHECK-NEXT:        AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
# CHECK-NEXT:        AscendC::DataCopy(v_5, t, 256);
# CHECK-NEXT:        AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(0);
# CHECK-NEXT:    }
# CHECK-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(0);
# CHECK-NEXT:    AscendC::PipeBarrier<PIPE_ALL>();
# CHECK-NEXT:}
# CHECK-NOT:{{.*}}HZ-8
