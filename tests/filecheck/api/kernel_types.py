# The kernel types CANN does not infer from the code (issue 31, points 9 and 12): a vector kernel with the
# hardware SyncAll is MIX_AIV_1_0 (CANN's SyncAll page), a Matmul kernel may ask for MIX_AIC_1_1; both are
# declared first in the body with KERNEL_TASK_TYPE_DEFAULT and get the FFTS base address.
#
# RUN: ascx compile %s::hard_sync --emit ir --args "MockTensor(asc.float32)" | filecheck %s --check-prefix=IR
# RUN: ascx compile %s::hard_sync --args "MockTensor(asc.float32)" | filecheck %s --check-prefix=AIV10 --match-full-lines --strict-whitespace
# RUN: ascx compile %s::one_to_one --args "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.uint8), asc.adv.TCubeTiling" | filecheck %s --check-prefix=AIC11 --match-full-lines --strict-whitespace
import ascx as asc


@asc.jit
def hard_sync(x: asc.GlobalAddress) -> None:
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
    asc.data_copy(ub, g, 64)
    asc.sync_all()
    asc.data_copy(g, ub, 64)


GM, ND = asc.TPosition.GM, asc.CubeFormat.ND


@asc.jit(kernel_type=asc.runtime.config.KernelType.MIX_AIC_1_1)
def one_to_one(
    a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, w: asc.GlobalAddress, tiling: asc.adv.TCubeTiling
) -> None:
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(GM, ND, asc.float32))  # fmt: skip
    asc.adv.register_matmul(pipe, w, mm, tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.iterate_all(cg)
    mm.end()


# IR: func.func @hard_sync(%x: !ascendc.gm_addr<f32>, %ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aiv_1_0>} {
# IR-NEXT: ascendc.kernel_task_type mix_aiv_1_0
# IR-NEXT: ascendc.set_ffts_base_addr %ffts_addr

# AIV10:#include "kernel_operator.h"
# AIV10-EMPTY:
# AIV10-NEXT:extern "C" __global__ __aicore__ void hard_sync(__gm__ float* x, __gm__ uint64_t* ffts_addr) {
# AIV10-NEXT:    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
# AIV10-NEXT:    set_ffts_base_addr(*ffts_addr);
# AIV10:    AscendC::SyncAll();

# AIC11:#include "kernel_operator.h"
# AIC11-NEXT:#include "lib/matmul_intf.h"
# AIC11:extern "C" __global__ __aicore__ void one_to_one(__gm__ half* a, __gm__ half* b, __gm__ float* c, __gm__ uint8_t* w, __gm__ TCubeTiling* tiling_gm, __gm__ uint64_t* ffts_addr) {
# AIC11-NEXT:    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_1);
# AIC11-NEXT:    set_ffts_base_addr(*ffts_addr);
# AIC11-NEXT:    bool is_aic = g_coreType == AscendC::AIC;
# AIC11-NEXT:    if (is_aic) {
# AIC11-NEXT:        ffts_cross_core_sync(PIPE_MTE3, 0xf21);
# AIC11-NEXT:    }
