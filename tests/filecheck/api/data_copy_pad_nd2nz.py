# data_copy_pad from UB to L1 with Nd2NzParams, from Python to IR and to C++: both copy structs, and
# the pipe the op declares (MTE3), which ascx-insert-sync orders after the MTE2 copy-in of its source.
#
# RUN: ascx compile %s --emit ir | filecheck %s --check-prefix=IR
# RUN: ascx compile %s | filecheck %s --check-prefix=CPP --match-full-lines --strict-whitespace
import ascx as asc


@asc.jit(insert_sync=True)
def pad_into_tscm(x: asc.GlobalAddress, n: int) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    u = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 1024)
    t = asc.LocalTensor(asc.float16, asc.TPosition.TSCM, 0, 1024)
    asc.data_copy(u, xg, 1024)
    asc.data_copy_pad(t, u, asc.DataCopyExtParams(3, 192, 1, 64, 0), asc.Nd2NzParams(1, 3, 96, 0, 128, 7, 2, 0))
    asc.data_copy_pad(t, u, asc.DataCopyParams(n, 64, 0, 0), nd2nz_params=asc.Nd2NzParams(1, n, 32, 0, 32, n, 1, 0))


# IR: ascendc.data_copy_pad_nd2nz %t, %u, %{{.*}}, %{{.*}} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<data_copy_ext>, !ascendc.params<nd2nz>
# IR: ascendc.data_copy_pad_nd2nz %t, %u, %{{.*}}, %{{.*}} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<data_copy>, !ascendc.params<nd2nz>

# CPP:    AscendC::DataCopy(u, xg, 1024);
# CPP-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(0);
# CPP-NEXT:    AscendC::DataCopyExtParams v{3, 192, 1, 64, 0};
# CPP-NEXT:    AscendC::Nd2NzParams v_1{1, 3, 96, 0, 128, 7, 2, 0};
# CPP-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE3>(0);
# CPP-NEXT:    AscendC::DataCopyPad(t, u, v, v_1);
# CPP-NEXT:    AscendC::DataCopyParams v_2{static_cast<uint16_t>(n), 64, 0, 0};
# CPP-NEXT:    AscendC::Nd2NzParams v_3{1, static_cast<uint16_t>(n), 32, 0, 32, static_cast<uint16_t>(n), 1, 0};
# CPP-NEXT:    AscendC::DataCopyPad(t, u, v_2, v_3);
# CPP-NEXT:}
