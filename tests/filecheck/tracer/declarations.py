# An object is declared where it is created: a GlobalTensor made in the kernel and given its buffer
# inside a runtime region (here a device function's code after an early return, traced into the
# else-branch) is declared before that region, so the code after it can use it (issue 31, point 1).
#
# RUN: ascx compile %s::declared_before_region --emit ir | filecheck %s --check-prefix=IR
# RUN: ascx compile %s::declared_before_region | filecheck %s --check-prefix=CPP --match-full-lines --strict-whitespace
import ascx as asc


@asc.jit
def init(x, g, n):
    if n <= 0:
        return 0
    g.set_global_buffer(x, n)
    return n


@asc.jit
def declared_before_region(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    length = init(x, x_gm, n)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y, length)
    t = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, 256)
    asc.data_copy(t, x_gm, count=256)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(y_gm, t, count=256)


# IR:      func.func @declared_before_region(%x: !ascendc.gm_addr<f16>, %y: !ascendc.gm_addr<f16>, %n: i32)
# IR:        %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f16>
# IR-NEXT:   %length = scf.if %{{.*}} -> (i32) {
# IR:        } else {
# IR-NEXT:     ascendc.global_tensor.set_global_buffer %x_gm, %x, %n
# IR-NEXT:     scf.yield %n : i32
# IR-NEXT:   }
# IR-NEXT:   %y_gm = ascendc.global_tensor : !ascendc.global_tensor<f16>

# CPP:extern "C" __global__ __aicore__ void declared_before_region(__gm__ half* x, __gm__ half* y, int32_t n) {
# CPP-NEXT:    bool v = n <= 0;
# CPP-NEXT:    AscendC::GlobalTensor<half> x_gm;
# CPP-NEXT:    int32_t length;
# CPP-NEXT:    if (v) {
# CPP-NEXT:        length = 0;
# CPP-NEXT:    } else {
# CPP-NEXT:        x_gm.SetGlobalBuffer(x, n);
# CPP-NEXT:        length = n;
# CPP-NEXT:    }
# CPP-NEXT:    AscendC::GlobalTensor<half> y_gm;
# CPP-NEXT:    y_gm.SetGlobalBuffer(y, length);
