# Runtime control flow from Python to IR and to C++: scf.if with liveness-chosen results,
# scf.for with loop-carried values, scf.while with the condition traced once.
#
# RUN: ascx compile %s --emit ir | filecheck %s --check-prefix=IR
# RUN: ascx compile %s | filecheck %s --check-prefix=CPP --match-full-lines --strict-whitespace
import ascx as asc


@asc.jit
def control(out: asc.GlobalAddress, n: int) -> None:
    acc = 0
    for i in range(n):
        if i % 3 == 0:
            continue
        acc += i
    scale = 2 if acc > 100 else 1
    tmp = acc * scale
    j = 0
    while j < tmp:
        j = j * 2 + 1
    g = asc.GlobalTensor()
    g.set_global_buffer(out, j)


# IR:      func.func @control(%out: !ascendc.gm_addr<f16>, %n: i32)
# IR:        %acc = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%acc_1 = %c0_i32) -> (i32) : i32 {
# IR:          %acc_2 = scf.if %{{.*}} -> (i32) {
# IR-NEXT:       scf.yield %acc_1 : i32
# IR-NEXT:     } else {
# IR-NEXT:       %acc_3 = arith.addi %acc_1, %i : i32
# IR-NEXT:       scf.yield %acc_3 : i32
# IR-NEXT:     }
# IR-NEXT:     scf.yield %acc_2 : i32
# IR-NEXT:   }
# IR:        %scale = scf.if %{{.*}} -> (i32) {
# IR:        %tmp = arith.muli %acc, %scale : i32
# IR-NEXT:   %j = scf.while (%j_1 = %c0_i32) : (i32) -> i32 {
# IR-NEXT:     %{{.*}} = arith.cmpi slt, %j_1, %tmp : i32
# IR-NEXT:     scf.condition(%{{.*}}) %j_1 : i32
# IR-NEXT:   } do {
# IR-NEXT:   ^bb0(%j_2: i32):
# IR-NOT:    scf.while

# CPP:extern "C" __global__ __aicore__ void control(__gm__ half* out, int32_t n) {
# CPP-NEXT:    int32_t acc = 0;
# CPP-NEXT:    for (int32_t i = 0; i < n; i += 1) {
# CPP-NEXT:        int32_t v = i % 3;
# CPP-NEXT:        bool v_1 = v == 0;
# CPP-NEXT:        int32_t acc_1;
# CPP-NEXT:        if (v_1) {
# CPP-NEXT:            acc_1 = acc;
# CPP-NEXT:        } else {
# CPP-NEXT:            int32_t acc_2 = acc + i;
# CPP-NEXT:            acc_1 = acc_2;
# CPP-NEXT:        }
# CPP-NEXT:        acc = acc_1;
# CPP-NEXT:    }
# CPP-NEXT:    bool v_2 = acc > 100;
# CPP-NEXT:    int32_t scale;
# CPP-NEXT:    if (v_2) {
# CPP-NEXT:        scale = 2;
# CPP-NEXT:    } else {
# CPP-NEXT:        scale = 1;
# CPP-NEXT:    }
# CPP-NEXT:    int32_t tmp = acc * scale;
# CPP-NEXT:    int32_t j = 0;
# CPP-NEXT:    while (true) {
# CPP-NEXT:        bool v_3 = j < tmp;
# CPP-NEXT:        if (!v_3) break;
# CPP-NEXT:        int32_t v_4 = j * 2;
# CPP-NEXT:        int32_t j_1 = v_4 + 1;
# CPP-NEXT:        j = j_1;
# CPP-NEXT:    }
# CPP-NEXT:    AscendC::GlobalTensor<half> g;
# CPP-NEXT:    g.SetGlobalBuffer(out, j);
# CPP-NEXT:}
