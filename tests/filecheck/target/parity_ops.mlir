// RUN: ascx-opt %s -t ascendc | filecheck %s --match-full-lines --strict-whitespace

// The exact C++ of every op added for pyasc parity: the system APIs (cache maintenance, counters,
// GetArchVersion, DataSyncBarrier, the store atomic configuration, profiling marks, DumpAccChkPoint,
// InitSocState, CheckLocalMemoryIA, HCCL contexts, the system workspace, Trap), SliceInfo, arrays,
// verbatim C++, TensorDesc/ListTensorDesc with their header, and the tensor metadata methods.

builtin.module {
  ascendc.include "kernel_operator.h"
  ascendc.include "kernel_operator_list_tensor_intf.h"
  func.func @parity_api(%x: !ascendc.gm_addr<f32>, %w: !ascendc.gm_addr<ui64>, %n: i32, %dump_addr: !ascendc.gm_addr<ui8> {ascendc.dump_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
    ascendc.init_dump %dump_addr mix false : !ascendc.gm_addr<ui8>
    %g = ascendc.global_tensor : !ascendc.global_tensor<f32>
    ascendc.global_tensor.set_global_buffer %g, %x : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32>
    %words = ascendc.global_tensor : !ascendc.global_tensor<ui64>
    ascendc.global_tensor.set_global_buffer %words, %w : !ascendc.global_tensor<ui64>, !ascendc.gm_addr<ui64>
    %c0_ui32 = ascendc.constant 0 : ui32
    %c64_ui32 = ascendc.constant 64 : ui32
    %t = ascendc.local_tensor veccalc, %c0_ui32, %c64_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
    ascendc.data_cache_clean_and_invalid %g single_cache_line to cacheline_out : !ascendc.global_tensor<f32>
    ascendc.data_cache_clean_and_invalid %g entire_data_cache : !ascendc.global_tensor<f32>
    ascendc.data_cache_preload %words, %n : !ascendc.global_tensor<ui64>, i32
    %c2_i64 = arith.constant 2 : i64
    ascendc.icache_preload %c2_i64 : i64
    %status = ascendc.system_counter icache_preload_status
    %cycle = ascendc.system_counter system_cycle
    %pc = ascendc.system_counter program_counter
    %version = ascendc.get_arch_version %c0_ui32 : ui32
    %ratio = ascendc.sys_var task_ratio : i64
    %block_bytes = ascendc.sys_var data_block_size_in_bytes : i32
    ascendc.data_sync_barrier ddr
    ascendc.set_store_atomic_config atomic_s32 atomic_sum
    %kind, %operation = ascendc.get_store_atomic_config
    ascendc.core_control metrics_prof_start
    ascendc.print_time_stamp %n : i32
    ascendc.core_control metrics_prof_stop
    %c1_ui32 = ascendc.constant 1 : ui32
    %c8_ui32 = ascendc.constant 8 : ui32
    %c16_ui32 = ascendc.constant 16 : ui32
    ascendc.dump_acc_chk_point %t, %c1_ui32, %c8_ui32, %c16_ui32 : !ascendc.local_tensor<f32>, ui32, ui32, ui32
    ascendc.core_control init_soc_state
    %c1_ui8 = ascendc.constant 1 : ui8
    %c2_ui32 = ascendc.constant 2 : ui32
    %c3_ui32 = ascendc.constant 3 : ui32
    %false = arith.constant false
    %true = arith.constant true
    %0 = ascendc.params %c1_ui8, %c2_ui32, %c3_ui32, %false, %false, %false, %false, %true, %false, %true : ui8, ui32, ui32, i1, i1, i1, i1, i1, i1, i1 -> !ascendc.params<check_local_memory_ia>
    ascendc.check_local_memory_ia %0 : !ascendc.params<check_local_memory_ia>
    ascendc.set_hccl_context 0 : i32, %w : !ascendc.gm_addr<ui64>
    %context = ascendc.get_hccl_context 0 : i32 : !ascendc.gm_addr<ui8>
    ascendc.set_sys_workspace %x : !ascendc.gm_addr<f32>
    %workspace = ascendc.get_sys_workspace : !ascendc.gm_addr<ui8>
    %c15_ui32 = ascendc.constant 15 : ui32
    %part = ascendc.params %c0_ui32, %c15_ui32, %n, %c16_ui32, %c16_ui32 : ui32, ui32, i32, ui32, ui32 -> !ascendc.params<slice_info>
    ascendc.core_control trap
    %c1_ui64 = ascendc.constant 1 : ui64
    %c2_ui64 = ascendc.constant 2 : ui64
    %table = ascendc.array %c1_ui64, %c2_ui64 : ui64, ui64 -> !ascendc.array<ui64, 2>
    %1 = arith.extsi %n : i32 to ui64
    %c1_i32 = arith.constant 1 : i32
    ascendc.array.store %1, %table[%c1_i32] : ui64, !ascendc.array<ui64, 2>, i32
    %c0_i32 = arith.constant 0 : i32
    %first = ascendc.array.load %table[%c0_i32] : !ascendc.array<ui64, 2>, i32 -> ui64
    ascendc.verbatim "// n is {}"(%n) : i32
    %c4294967295_ui32 = ascendc.constant 4294967295 : ui32
    %descs = ascendc.list_tensor_desc %w, %c4294967295_ui32, %c4294967295_ui32 : !ascendc.gm_addr<ui64>, ui32, ui32
    %late = ascendc.list_tensor_desc
    ascendc.list_tensor_desc.init %late, %w, %c4294967295_ui32, %c2_ui32 : !ascendc.gm_addr<ui64>, ui32, ui32
    %d = ascendc.tensor_desc : !ascendc.tensor_desc<f16>
    ascendc.tensor_desc.set_shape_addr %d, %table : !ascendc.tensor_desc<f16>, !ascendc.array<ui64, 2>
    ascendc.list_tensor_desc.get_desc %descs, %d, %c1_ui32 : !ascendc.tensor_desc<f16>, ui32
    %count = ascendc.list_tensor_desc.get_size %late
    %dims = ascendc.tensor_desc.query dim %d : !ascendc.tensor_desc<f16>
    %index = ascendc.tensor_desc.query index %d : !ascendc.tensor_desc<f16>
    %rows = ascendc.tensor_desc.get_shape %d, %c0_ui32 : !ascendc.tensor_desc<f16>, ui32
    %data = ascendc.tensor_desc.get_data_ptr %d : !ascendc.tensor_desc<f16> -> !ascendc.gm_addr<f16>
    %obj = ascendc.tensor_desc.get_data_obj %d : !ascendc.tensor_desc<f16> -> !ascendc.global_tensor<f16>
    %other = ascendc.list_tensor_desc.get_data_ptr %descs, %c0_ui32 : ui32 -> !ascendc.gm_addr<i8>
    %c4_ui64 = ascendc.constant 4 : ui64
    %element = ascendc.tensor.method get_phy_addr %g(%c4_ui64) : !ascendc.global_tensor<f32>, (ui64) -> !ascendc.gm_addr<f32>
    %2 = ascendc.shape_info :
    ascendc.tensor.method set_shape_info %t(%2) : !ascendc.local_tensor<f32>, (!ascendc.shape_info)
    %3 = ascendc.tensor.method get_shape_info %t() : !ascendc.local_tensor<f32>, () -> !ascendc.shape_info
    ascendc.tensor.method set_shape_info %g(%3) : !ascendc.global_tensor<f32>, (!ascendc.shape_info)
    %c3_i32 = arith.constant 3 : i32
    ascendc.tensor.method set_user_tag %t(%c3_i32) : !ascendc.local_tensor<f32>, (i32)
    %tag = ascendc.tensor.method get_user_tag %t() : !ascendc.local_tensor<f32>, () -> i32
    %c32_ui32 = ascendc.constant 32 : ui32
    ascendc.tensor.method set_size %t(%c32_ui32) : !ascendc.local_tensor<f32>, (ui32)
    ascendc.tensor.method set_buffer_len %t(%c64_ui32) : !ascendc.local_tensor<f32>, (ui32)
    ascendc.tensor.method set_addr_with_offset %t(%t, %c8_ui32) : !ascendc.local_tensor<f32>, (!ascendc.local_tensor<f32>, ui32)
    func.return
  }
}

// CHECK:#include "kernel_operator.h"
// CHECK-NEXT:#include "kernel_operator_list_tensor_intf.h"
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" __global__ __aicore__ void parity_api(__gm__ float* x, __gm__ uint64_t* w, int32_t n, __gm__ uint8_t* dump_addr) {
// CHECK-NEXT:#if defined ASCENDC_DUMP
// CHECK-NEXT:    AscendC::InitDump(false, dump_addr, 1048576);
// CHECK-NEXT:#endif
// CHECK-NEXT:    AscendC::GlobalTensor<float> g;
// CHECK-NEXT:    g.SetGlobalBuffer(x);
// CHECK-NEXT:    AscendC::GlobalTensor<uint64_t> words;
// CHECK-NEXT:    words.SetGlobalBuffer(w);
// CHECK-NEXT:    AscendC::LocalTensor<float> t(AscendC::TPosition::VECCALC, 0, 64);
// CHECK-NEXT:    AscendC::DataCacheCleanAndInvalid<float, AscendC::CacheLine::SINGLE_CACHE_LINE, AscendC::DcciDst::CACHELINE_OUT>(g);
// CHECK-NEXT:    AscendC::DataCacheCleanAndInvalid<float, AscendC::CacheLine::ENTIRE_DATA_CACHE>(g);
// CHECK-NEXT:    AscendC::DataCachePreload<int64_t>(words, n);
// CHECK-NEXT:    AscendC::ICachePreLoad(2);
// CHECK-NEXT:    int64_t status = AscendC::GetICachePreloadStatus();
// CHECK-NEXT:    int64_t cycle = AscendC::GetSystemCycle();
// CHECK-NEXT:    int64_t pc = AscendC::GetProgramCounter();
// CHECK-NEXT:    uint32_t version = 0;
// CHECK-NEXT:    AscendC::GetArchVersion(version);
// CHECK-NEXT:    int64_t ratio = AscendC::GetTaskRatio();
// CHECK-NEXT:    int32_t block_bytes = AscendC::GetDataBlockSizeInBytes();
// CHECK-NEXT:    AscendC::DataSyncBarrier<AscendC::MemDsbT::DDR>();
// CHECK-NEXT:    AscendC::SetStoreAtomicConfig<AscendC::AtomicDtype::ATOMIC_S32, AscendC::AtomicOp::ATOMIC_SUM>();
// CHECK-NEXT:    uint16_t kind;
// CHECK-NEXT:    uint16_t operation;
// CHECK-NEXT:    AscendC::GetStoreAtomicConfig(kind, operation);
// CHECK-NEXT:    AscendC::MetricsProfStart();
// CHECK-NEXT:    AscendC::PrintTimeStamp(n);
// CHECK-NEXT:    AscendC::MetricsProfStop();
// CHECK-NEXT:    AscendC::DumpAccChkPoint(t, 1, 8, 16);
// CHECK-NEXT:    AscendC::InitSocState();
// CHECK-NEXT:    AscendC::CheckLocalMemoryIAParam v{1, 2, 3, false, false, false, false, true, false, true};
// CHECK-NEXT:    AscendC::CheckLocalMemoryIA(v);
// CHECK-NEXT:    AscendC::SetHcclContext<0>(reinterpret_cast<__gm__ uint8_t*>(w));
// CHECK-NEXT:    __gm__ uint8_t* context = AscendC::GetHcclContext<0>();
// CHECK-NEXT:    AscendC::SetSysWorkspace(reinterpret_cast<__gm__ uint8_t*>(x));
// CHECK-NEXT:    __gm__ uint8_t* workspace = GetSysWorkSpacePtr();
// CHECK-NEXT:    AscendC::SliceInfo part{0, 15, static_cast<uint32_t>(n), 16, 16};
// CHECK-NEXT:    AscendC::Trap();
// CHECK-NEXT:    uint64_t table[2] = {1, 2};
// CHECK-NEXT:    uint64_t v_1 = static_cast<uint64_t>(n);
// CHECK-NEXT:    table[1] = v_1;
// CHECK-NEXT:    uint64_t first = table[0];
// CHECK-NEXT:    // n is n
// CHECK-NEXT:    AscendC::ListTensorDesc descs(w, 4294967295U, 4294967295U);
// CHECK-NEXT:    AscendC::ListTensorDesc late;
// CHECK-NEXT:    late.Init(w, 4294967295U, 2);
// CHECK-NEXT:    AscendC::TensorDesc<half> d;
// CHECK-NEXT:    d.SetShapeAddr(table);
// CHECK-NEXT:    descs.GetDesc(d, 1);
// CHECK-NEXT:    uint32_t count = late.GetSize();
// CHECK-NEXT:    uint64_t dims = d.GetDim();
// CHECK-NEXT:    uint64_t index = d.GetIndex();
// CHECK-NEXT:    uint64_t rows = d.GetShape(0);
// CHECK-NEXT:    __gm__ half* data = d.GetDataPtr();
// CHECK-NEXT:    AscendC::GlobalTensor<half> obj = d.GetDataObj();
// CHECK-NEXT:    __gm__ int8_t* other = descs.GetDataPtr<int8_t>(0);
// CHECK-NEXT:    __gm__ float* element = g.GetPhyAddr(4);
// CHECK-NEXT:    AscendC::ShapeInfo v_2;
// CHECK-NEXT:    t.SetShapeInfo(v_2);
// CHECK-NEXT:    AscendC::ShapeInfo v_3 = t.GetShapeInfo();
// CHECK-NEXT:    g.SetShapeInfo(v_3);
// CHECK-NEXT:    t.SetUserTag(3);
// CHECK-NEXT:    int32_t tag = t.GetUserTag();
// CHECK-NEXT:    t.SetSize(32);
// CHECK-NEXT:    t.SetBufferLen(64);
// CHECK-NEXT:    t.SetAddrWithOffset(t, 8);
// CHECK-NEXT:}
