# ascx-insert-sync in a loop that a break leaves (docs/passes/insert-sync.md#placement): the sets that
# would follow the 'if' go at the end of the arm that goes on, and the arm that breaks gets the sets of
# the loop-carried pairs whose waits it passed, so the drains after the loop match on both ways out.
#
# RUN: ascx compile %s --args "MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32)" | filecheck %s --match-full-lines --strict-whitespace
import ascx as asc

N = 256


@asc.jit
def tiles_until(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z)
    xl = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    zl = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, N * 4, N)
    for i in range(n):
        asc.data_copy(xl, x_gm[i * N :], N)
        if i * 3 == n:
            break
        asc.abs(zl, xl, N)
        asc.data_copy(z_gm[i * N :], zl, N)
    asc.abs(zl, xl, N)
    asc.data_copy(z_gm, zl, N)


# CHECK:    AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(0);
# CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE3_V>(0);
# CHECK-NEXT:    int32_t i = 0;
# CHECK-NEXT:    int32_t left = 0;
# CHECK-NEXT:    while (true) {
# CHECK:        AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(0);
# CHECK-NEXT:        AscendC::DataCopy(xl, v_4, 256);
# CHECK:        AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
# CHECK-NEXT:        AscendC::WaitFlag<AscendC::HardEvent::MTE3_V>(0);
# CHECK-NEXT:        int32_t left_1;
# CHECK-NEXT:        if (v_6) {
# CHECK-NEXT:            AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(0);
# CHECK-NEXT:            AscendC::SetFlag<AscendC::HardEvent::MTE3_V>(0);
# CHECK-NEXT:            left_1 = 1;
# CHECK-NEXT:        } else {
# CHECK-NEXT:            AscendC::Abs(zl, xl, 256);
# CHECK:            AscendC::DataCopy(v_8, zl, 256);
# CHECK-NEXT:            AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(0);
# CHECK-NEXT:            AscendC::SetFlag<AscendC::HardEvent::MTE3_V>(0);
# CHECK-NEXT:            left_1 = left;
# CHECK-NEXT:        }
# CHECK-NEXT:        int32_t v_9 = i + 1;
# CHECK-NEXT:        i = v_9;
# CHECK-NEXT:        left = left_1;
# CHECK-NEXT:    }
# CHECK-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(0);
# CHECK-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::MTE3_V>(0);
