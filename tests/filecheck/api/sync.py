# Synchronisation, system values, atomics and debug output from Python to IR and to C++: flags with
# constant and runtime ids, barriers, cross-core flags, both SyncAll forms (the software one with the TPipe it
# takes event ids from), block and core-type
# queries, atomics, printf and DumpTensor (which add the dump buffer parameter and InitDump).  The
# hardware SyncAll makes the vector kernel MIX_AIV_1_0 (CANN's SyncAll page).
#
# RUN: ascx compile %s --emit ir --args "MockTensor(asc.int32), MockValue(asc.int32)" | filecheck %s --check-prefix=IR
# RUN: ascx compile %s --args "MockTensor(asc.int32), MockValue(asc.int32)" | filecheck %s --check-prefix=CPP --match-full-lines --strict-whitespace
import ascx as asc


@asc.jit
def sync(w: asc.GlobalAddress, n: int) -> None:
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.set_flag(asc.HardEvent.V_MTE3, n % 2)
    asc.wait_flag(asc.HardEvent.V_MTE3, n % 2)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.cross_core_set_flag(3, 1, asc.PipeID.PIPE_MTE3)
    asc.cross_core_wait_flag(3, 1, asc.PipeID.PIPE_V)
    asc.sync_all()
    pipe = asc.TPipe()  # the software SyncAll takes event ids from it (XC-9)
    gm = asc.GlobalTensor()
    gm.set_global_buffer(w)
    ub = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 256)
    asc.sync_all(gm, ub, asc.get_block_num())
    offset = asc.get_block_idx() * 2 + asc.get_sub_block_idx()
    groups = asc.get_sub_block_num()
    if asc.ascend_is_aiv():
        asc.set_atomic_add(asc.int32)
        asc.set_atomic_none()
    if asc.ascend_is_aic():
        asc.set_atomic_max(asc.float32)
    asc.set_atomic_min(asc.int16)
    asc.set_atomic_type(asc.float16)
    asc.printf("block %d of %d: %s\n", offset, groups, "ok")
    asc.dump_tensor(ub, 5, 64)


# IR: func.func @sync(%w: !ascendc.gm_addr<i32>, %n: i32, %ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}, %dump_addr: !ascendc.gm_addr<ui8> {ascendc.dump_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aiv_1_0>} {
# IR: ascendc.kernel_task_type mix_aiv_1_0
# IR: ascendc.init_dump %dump_addr mix false : !ascendc.gm_addr<ui8>
# IR: ascendc.set_ffts_base_addr %ffts_addr
# IR: ascendc.set_flag mte2_v, %c0_i32 : i32
# IR: ascendc.wait_flag mte2_v, %c0_i32 : i32
# IR: %0 = arith.remsi %n, %c2_i32 : i32
# IR: ascendc.set_flag v_mte3, %0 : i32
# IR: %1 = arith.remsi %n, %c2_i32 : i32
# IR: ascendc.wait_flag v_mte3, %1 : i32
# IR: ascendc.pipe_barrier pipe_v
# IR: ascendc.pipe_barrier pipe_all
# IR: ascendc.cross_core_set_flag %c3_i32 mode 1 pipe pipe_mte3 : i32
# IR: ascendc.cross_core_wait_flag %c3_i32 mode 1 pipe pipe_v : i32
# IR: ascendc.sync_all aiv_only true
# IR: %pipe = ascendc.pipe
# IR: %gm = ascendc.global_tensor : !ascendc.global_tensor<i32>
# IR: ascendc.global_tensor.set_global_buffer %gm, %w : !ascendc.global_tensor<i32>, !ascendc.gm_addr<i32>
# IR: %ub = ascendc.local_tensor veccalc, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<i32>
# IR: %block_num = ascendc.sys_var block_num : i32
# IR: ascendc.sync_all aiv_only true workspaces %gm, %ub, %block_num : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32
# IR: %block_idx = ascendc.sys_var block_idx : i32
# IR: %2 = arith.muli %block_idx, %c2_i32 : i32
# IR: %sub_block_idx = ascendc.sys_var sub_block_idx : i64
# IR: %3 = arith.trunci %sub_block_idx : i64 to i32
# IR: %offset = arith.addi %2, %3 : i32
# IR: %groups = ascendc.sys_var sub_block_num : i64
# IR: %4 = ascendc.ascend_is_aiv
# IR: scf.if %4 {
# IR: ascendc.set_atomic add : i32
# IR: ascendc.set_atomic none
# IR: %5 = ascendc.ascend_is_aic
# IR: scf.if %5 {
# IR: ascendc.set_atomic max : f32
# IR: ascendc.set_atomic min : i16
# IR: ascendc.set_atomic type : f16
# IR: ascendc.printf "block %d of %d: ok\0A"(%offset, %groups) : i32, i64
# IR: ascendc.dump_tensor %ub, %c5_ui32, %c64_ui32 : !ascendc.local_tensor<i32>, ui32, ui32

# CPP:#include "kernel_operator.h"
# CPP-EMPTY:
# CPP-NEXT:extern "C" __global__ __aicore__ void sync_kernel(__gm__ int32_t* w, int32_t n, __gm__ uint64_t* ffts_addr, __gm__ uint8_t* dump_addr) {
# CPP-NEXT:    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
# CPP-NEXT:#if defined ASCENDC_DUMP
# CPP-NEXT:    AscendC::InitDump(false, dump_addr, 1048576);
# CPP-NEXT:#endif
# CPP-NEXT:    set_ffts_base_addr(*ffts_addr);
# CPP-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
# CPP-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
# CPP-NEXT:    int32_t v = n % 2;
# CPP-NEXT:    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(v);
# CPP-NEXT:    int32_t v_1 = n % 2;
# CPP-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(v_1);
# CPP-NEXT:    AscendC::PipeBarrier<PIPE_V>();
# CPP-NEXT:    AscendC::PipeBarrier<PIPE_ALL>();
# CPP-NEXT:    AscendC::CrossCoreSetFlag<1, PIPE_MTE3>(3);
# CPP-NEXT:    AscendC::CrossCoreWaitFlag<1, PIPE_V>(3);
# CPP-NEXT:    AscendC::SyncAll();
# CPP-NEXT:    AscendC::TPipe pipe;
# CPP-NEXT:    AscendC::GlobalTensor<int32_t> gm;
# CPP-NEXT:    gm.SetGlobalBuffer(w);
# CPP-NEXT:    AscendC::LocalTensor<int32_t> ub(AscendC::TPosition::VECCALC, 0, 256);
# CPP-NEXT:    int32_t block_num = AscendC::GetBlockNum();
# CPP-NEXT:    AscendC::SyncAll(gm, ub, block_num);
# CPP-NEXT:    int32_t block_idx = AscendC::GetBlockIdx();
# CPP-NEXT:    int32_t v_2 = block_idx * 2;
# CPP-NEXT:    int64_t sub_block_idx = AscendC::GetSubBlockIdx();
# CPP-NEXT:    int32_t v_3 = static_cast<int32_t>(sub_block_idx);
# CPP-NEXT:    int32_t offset = v_2 + v_3;
# CPP-NEXT:    int64_t groups = AscendC::GetSubBlockNum();
# CPP-NEXT:    bool v_4 = g_coreType == AscendC::AIV;
# CPP-NEXT:    if (v_4) {
# CPP-NEXT:        AscendC::SetAtomicAdd<int32_t>();
# CPP-NEXT:        AscendC::SetAtomicNone();
# CPP-NEXT:    }
# CPP-NEXT:    bool v_5 = g_coreType == AscendC::AIC;
# CPP-NEXT:    if (v_5) {
# CPP-NEXT:        AscendC::SetAtomicMax<float>();
# CPP-NEXT:    }
# CPP-NEXT:    AscendC::SetAtomicMin<int16_t>();
# CPP-NEXT:    AscendC::SetAtomicType<half>();
# CPP-NEXT:    AscendC::printf("block %d of %d: ok\n", offset, groups);
# CPP-NEXT:    AscendC::DumpTensor(ub, 5, 64);
# CPP-NEXT:}
