// RUN: ascx-opt %s -t ascendc | filecheck %s --match-full-lines --strict-whitespace

// The exact C++ of every op of the core, framework and basic APIs: queue declarations with their
// template arguments, InitBuffer, the queue protocol, parameter structs (a runtime field is a
// static_cast), DataCopy/DataCopyPad, each vector family in its count and mask forms (isSetMask in
// the template of the mask forms), flags, barriers, system values, atomics, the dump set-up.

builtin.module {
  ascendc.include "kernel_operator.h"
  func.func @basic_api(%x: !ascendc.gm_addr<f16>, %w: !ascendc.gm_addr<f16>, %n: i32, %f: f32, %dump_addr: !ascendc.gm_addr<ui8> {ascendc.dump_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
    ascendc.init_dump %dump_addr mix false : !ascendc.gm_addr<ui8>
    %0 = ascendc.gm_addr.offset %x, %n : !ascendc.gm_addr<f16>, i32
    %xg = ascendc.global_tensor : !ascendc.global_tensor<f16>
    ascendc.global_tensor.set_global_buffer %xg, %0 : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16>
    %wg = ascendc.global_tensor : !ascendc.global_tensor<f16>
    ascendc.global_tensor.set_global_buffer %wg, %w : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16>
    %pipe = ascendc.pipe
    %qin = ascendc.declare : !ascendc.tque<vecin, 2>
    %qout = ascendc.declare : !ascendc.tque<vecout, 2>
    %bind = ascendc.declare : !ascendc.tque_bind<vecin, vecout, 1>
    %buf = ascendc.declare : !ascendc.tbuf<veccalc>
    %pool = ascendc.declare : !ascendc.tbuf_pool<veccalc, 2>
    %c2_ui8 = ascendc.constant 2 : ui8
    %c512_ui32 = ascendc.constant 512 : ui32
    ascendc.init_buffer %pipe, %qin num %c2_ui8 len %c512_ui32 : !ascendc.pipe, !ascendc.tque<vecin, 2>, ui8, ui32
    ascendc.init_buffer %pipe, %qout num %c2_ui8 len %n : !ascendc.pipe, !ascendc.tque<vecout, 2>, ui8, i32
    %c1_ui8 = ascendc.constant 1 : ui8
    ascendc.init_buffer %pipe, %bind num %c1_ui8 len %c512_ui32 : !ascendc.pipe, !ascendc.tque_bind<vecin, vecout, 1>, ui8, ui32
    %c1024_ui32 = ascendc.constant 1024 : ui32
    ascendc.init_buffer %pipe, %buf len %c1024_ui32 : !ascendc.pipe, !ascendc.tbuf<veccalc>, ui32
    %c4096_ui32 = ascendc.constant 4096 : ui32
    %ok = ascendc.init_buf_pool %pipe, %pool, %c4096_ui32 : !ascendc.pipe, !ascendc.tbuf_pool<veccalc, 2>, ui32
    ascendc.init_buffer %pool, %buf len %c512_ui32 : !ascendc.tbuf_pool<veccalc, 2>, !ascendc.tbuf<veccalc>, ui32
    ascendc.lifecycle reset %pool : !ascendc.tbuf_pool<veccalc, 2>
    %a = ascendc.alloc_tensor %qin : !ascendc.tque<vecin, 2> -> !ascendc.local_tensor<f16>
    %c256_i32 = arith.constant 256 : i32
    ascendc.data_copy %a, %xg, %c256_i32 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, i32
    ascendc.enque %qin, %a : !ascendc.tque<vecin, 2>, !ascendc.local_tensor<f16>
    %a2 = ascendc.deque %qin : !ascendc.tque<vecin, 2> -> !ascendc.local_tensor<f16>
    %c = ascendc.alloc_tensor %qout : !ascendc.tque<vecout, 2> -> !ascendc.local_tensor<f16>
    ascendc.vec.binary add %c, %a2, %a2 count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
    %c8_ui8 = ascendc.constant 8 : ui8
    %1 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
    %c128_ui64 = ascendc.constant 128 : ui64
    ascendc.vec.binary sub %c, %a2, %a2 mask %c128_ui64 repeat_times %c2_ui8 repeat_params %1 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<binary_repeat>)
    %2 = ascendc.params %c1_ui8, %c1_ui8, %c1_ui8, %c8_ui8, %c8_ui8, %c8_ui8 : ui8, ui8, ui8, ui8, ui8, ui8 -> !ascendc.params<binary_repeat>
    %c0_ui64 = ascendc.constant 0 : ui64
    %mask = ascendc.mask_list %n, %c0_ui64 : i32, ui64 -> !ascendc.mask_list<2>
    ascendc.vec.binary mul %c, %a2, %a2 mask %mask repeat_times %c2_ui8 repeat_params %2 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.mask_list<2>, ui8, !ascendc.params<binary_repeat>)
    %cst = arith.constant 2.000000e+00 : f16
    ascendc.vec.binary_scalar adds %c, %a2, %cst count %c256_i32 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i32)
    %c1_ui16 = ascendc.constant 1 : ui16
    %3 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui8, %c8_ui8 : ui16, ui16, ui8, ui8 -> !ascendc.params<unary_repeat>
    %4 = arith.truncf %f : f32 to f16
    %c64_ui64 = ascendc.constant 64 : ui64
    %c4_ui8 = ascendc.constant 4 : ui8
    ascendc.vec.binary_scalar leaky_relu %c, %a2, %4 mask %c64_ui64 repeat_times %c4_ui8 repeat_params %3 set_mask : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, ui64, ui8, !ascendc.params<unary_repeat>)
    ascendc.vec.unary exp %c, %a2 count %c256_i32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
    %5 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui8, %c8_ui8 : ui16, ui16, ui8, ui8 -> !ascendc.params<unary_repeat>
    ascendc.vec.unary relu %c, %a2 mask %c128_ui64 repeat_times %c2_ui8 repeat_params %5 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, !ascendc.params<unary_repeat>)
    %c128_ui32 = ascendc.constant 128 : ui32
    %t32 = ascendc.tbuf.get %buf len %c128_ui32 : !ascendc.tbuf<veccalc>, ui32 -> !ascendc.local_tensor<f32>
    %c128_i32 = arith.constant 128 : i32
    ascendc.vec.cast cast_none %t32, %a2 count %c128_i32 : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, i32)
    %cst_1 = arith.constant 1.500000e+00 : f16
    ascendc.vec.duplicate %c, %cst_1 count %c256_i32 : (!ascendc.local_tensor<f16>, f16, i32)
    %cst_2 = arith.constant 0.000000e+00 : f16
    ascendc.vec.duplicate %c, %cst_2 mask %c128_ui64 repeat_times %c2_ui8 dst_block_stride %c1_ui8 dst_repeat_stride %c8_ui8 set_mask : (!ascendc.local_tensor<f16>, f16, ui64, ui8, ui8, ui8)
    %c256_ui32 = ascendc.constant 256 : ui32
    %tmp = ascendc.tbuf.get_with_offset %buf, %c256_ui32, %c512_ui32 : ui32, ui32, !ascendc.tbuf<veccalc> -> !ascendc.local_tensor<f16>
    ascendc.vec.reduce max %c, %a2, %tmp count %c256_ui32 cal_index : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui32)
    ascendc.vec.reduce sum %c, %a2, %tmp mask %c128_ui64 repeat_times %c2_ui8 src_rep_stride %c8_ui8 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, ui64, ui8, ui8)
    %m8 = ascendc.tbuf.get %buf : !ascendc.tbuf<veccalc> -> !ascendc.local_tensor<ui8>
    ascendc.vec.compare lt %m8, %a2, %a2 count %c256_i32 : (!ascendc.local_tensor<ui8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32)
    %6 = ascendc.params %c1_ui16, %c1_ui16, %c8_ui8, %c8_ui8 : ui16, ui16, ui8, ui8 -> !ascendc.params<unary_repeat>
    %cst_3 = arith.constant 1.000000e+00 : f16
    ascendc.vec.compare_scalar ge %m8, %a2, %cst_3 mask %c128_ui64 repeat_times %c2_ui8 repeat_params %6 : (!ascendc.local_tensor<ui8>, !ascendc.local_tensor<f16>, f16, ui64, ui8, !ascendc.params<unary_repeat>)
    %cst_4 = arith.constant 5.000000e-01 : f16
    ascendc.vec.select vsel_tensor_scalar_mode %c, %m8, %a2, %cst_4 count %c256_ui32 : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f16>, f16, ui32)
    ascendc.enque %qout, %c : !ascendc.tque<vecout, 2>, !ascendc.local_tensor<f16>
    ascendc.free_tensor %qin, %a2 : !ascendc.tque<vecin, 2>, !ascendc.local_tensor<f16>
    %c2 = ascendc.deque %qout : !ascendc.tque<vecout, 2> -> !ascendc.local_tensor<f16>
    %c64_i32 = arith.constant 64 : i32
    %7 = ascendc.sub_tensor %xg[%c64_i32 : i32] : !ascendc.global_tensor<f16>
    %c2_ui16 = ascendc.constant 2 : ui16
    %c8_ui16 = ascendc.constant 8 : ui16
    %c0_ui16 = ascendc.constant 0 : ui16
    %8 = ascendc.params %c2_ui16, %c8_ui16, %c0_ui16, %c0_ui16 : ui16, ui16, ui16, ui16 -> !ascendc.params<data_copy>
    ascendc.data_copy %7, %c2, %8 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<data_copy>
    %c20_ui32 = ascendc.constant 20 : ui32
    %c0_ui32 = ascendc.constant 0 : ui32
    %9 = ascendc.params %c1_ui16, %c20_ui32, %c0_ui32, %c0_ui32, %c0_ui32 : ui16, ui32, ui32, ui32, ui32 -> !ascendc.params<data_copy_ext>
    ascendc.data_copy_pad %xg, %c2, %9 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<data_copy_ext>
    ascendc.free_tensor %qout, %c2 : !ascendc.tque<vecout, 2>, !ascendc.local_tensor<f16>
    %t = ascendc.alloc_tensor %qin : !ascendc.tque<vecin, 2> -> !ascendc.local_tensor<f16>
    %c20_ui16 = ascendc.constant 20 : ui16
    %10 = ascendc.params %c1_ui16, %c20_ui16, %c0_ui16, %c0_ui16 : ui16, ui16, ui16, ui16 -> !ascendc.params<data_copy>
    %true = arith.constant true
    %c0_ui8 = ascendc.constant 0 : ui8
    %c6_ui8 = ascendc.constant 6 : ui8
    %11 = ascendc.params %true, %c0_ui8, %c6_ui8, %c0_ui64 : i1, ui8, ui8, ui64 -> !ascendc.params<data_copy_pad>
    ascendc.data_copy_pad %t, %xg, %10 pad %11 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.params<data_copy>, !ascendc.params<data_copy_pad>
    ascendc.enque %qin, %t from vecin to vecout : !ascendc.tque<vecin, 2>, !ascendc.local_tensor<f16>
    %t2 = ascendc.deque %qin from vecin to vecout : !ascendc.tque<vecin, 2> -> !ascendc.local_tensor<f16>
    %c3_ui32 = ascendc.constant 3 : ui32
    %v = ascendc.get_value %t2[%c3_ui32 : ui32] : !ascendc.local_tensor<f16> -> f16
    %c4_ui32 = ascendc.constant 4 : ui32
    ascendc.set_value %t2[%c4_ui32 : ui32], %v : !ascendc.local_tensor<f16>, f16
    %size = ascendc.tensor_query get_size %t2 : !ascendc.local_tensor<f16> -> i32
    %r = ascendc.reinterpret_cast %t2 : !ascendc.local_tensor<f16> -> !ascendc.local_tensor<i16>
    %gs = ascendc.tensor_query get_size %xg : !ascendc.global_tensor<f16> -> ui64
    ascendc.set_l2_cache_hint %xg cache_mode_disable, read : !ascendc.global_tensor<f16>
    %count = ascendc.queue_query get_tensor_count_in_que %qin : !ascendc.tque<vecin, 2> -> i32
    %e = ascendc.event_id alloc v_mte3 %pipe : i32
    ascendc.set_flag v_mte3, %e : i32
    ascendc.wait_flag v_mte3, %e : i32
    ascendc.release_event_id v_mte3 %pipe, %e : i32
    ascendc.pipe_barrier pipe_all
    %c1_i32 = arith.constant 1 : i32
    ascendc.cross_core_set_flag %c1_i32 mode 2 pipe pipe_mte3 : i32
    ascendc.cross_core_wait_flag %c1_i32 mode 2 pipe pipe_fix : i32
    ascendc.sync_all aiv_only true
    %block_idx = ascendc.sys_var block_idx : i32
    %sub_block_idx = ascendc.sys_var sub_block_idx : i64
    %12 = arith.trunci %sub_block_idx : i64 to i32
    %b = arith.addi %block_idx, %12 : i32
    %aiv = ascendc.ascend_is_aiv
    ascendc.set_atomic add : f16
    ascendc.set_atomic none
    %c16_ui32 = ascendc.constant 16 : ui32
    %shape = ascendc.shape_info %c16_ui32, %n : ui32, i32
    %elements = ascendc.get_shape_size %shape : i32
    ascendc.printf "b=%d size=%d\0A"(%b, %elements) : i32, i32
    %c1_ui32 = ascendc.constant 1 : ui32
    ascendc.dump_tensor %r, %c1_ui32, %c16_ui32 : !ascendc.local_tensor<i16>, ui32, ui32
    ascendc.lifecycle destroy %pipe : !ascendc.pipe
    func.return
  }
  func.func @inter_block(%w: !ascendc.gm_addr<i32>, %b: i32) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
    %wg = ascendc.global_tensor : !ascendc.global_tensor<i32>
    ascendc.global_tensor.set_global_buffer %wg, %w : !ascendc.global_tensor<i32>, !ascendc.gm_addr<i32>
    %c0_ui32 = ascendc.constant 0 : ui32
    %c64_ui32 = ascendc.constant 64 : ui32
    %ub = ascendc.local_tensor veccalc, %c0_ui32, %c64_ui32 : ui32, ui32 -> !ascendc.local_tensor<i32>
    %c1_i32 = arith.constant 1 : i32
    ascendc.ib_set %wg, %ub block %b event %c1_i32 aiv_only true : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32
    ascendc.ib_wait %wg, %ub block %b event %c1_i32 aiv_only false : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32
    ascendc.wait_pre_block %wg, %ub : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>
    ascendc.notify_next_block %wg, %ub : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>
    func.return
  }
}

// CHECK:#include "kernel_operator.h"
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" __global__ __aicore__ void basic_api(__gm__ half* x, __gm__ half* w, int32_t n, float f, __gm__ uint8_t* dump_addr) {
// CHECK-NEXT:#if defined ASCENDC_DUMP
// CHECK-NEXT:    AscendC::InitDump(false, dump_addr, 1048576);
// CHECK-NEXT:#endif
// CHECK-NEXT:    __gm__ half* v = x + n;
// CHECK-NEXT:    AscendC::GlobalTensor<half> xg;
// CHECK-NEXT:    xg.SetGlobalBuffer(v);
// CHECK-NEXT:    AscendC::GlobalTensor<half> wg;
// CHECK-NEXT:    wg.SetGlobalBuffer(w);
// CHECK-NEXT:    AscendC::TPipe pipe;
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECIN, 2> qin;
// CHECK-NEXT:    AscendC::TQue<AscendC::TPosition::VECOUT, 2> qout;
// CHECK-NEXT:    AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> bind;
// CHECK-NEXT:    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
// CHECK-NEXT:    AscendC::TBufPool<AscendC::TPosition::VECCALC, 2> pool;
// CHECK-NEXT:    pipe.InitBuffer(qin, 2, 512);
// CHECK-NEXT:    pipe.InitBuffer(qout, 2, n);
// CHECK-NEXT:    pipe.InitBuffer(bind, 1, 512);
// CHECK-NEXT:    pipe.InitBuffer(buf, 1024);
// CHECK-NEXT:    bool ok = pipe.InitBufPool(pool, 4096);
// CHECK-NEXT:    pool.InitBuffer(buf, 512);
// CHECK-NEXT:    pool.Reset();
// CHECK-NEXT:    AscendC::LocalTensor<half> a = qin.AllocTensor<half>();
// CHECK-NEXT:    AscendC::DataCopy(a, xg, 256);
// CHECK-NEXT:    qin.EnQue(a);
// CHECK-NEXT:    AscendC::LocalTensor<half> a2 = qin.DeQue<half>();
// CHECK-NEXT:    AscendC::LocalTensor<half> c = qout.AllocTensor<half>();
// CHECK-NEXT:    AscendC::Add(c, a2, a2, 256);
// CHECK-NEXT:    AscendC::BinaryRepeatParams v_1{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:    AscendC::Sub<half, false>(c, a2, a2, 128, 2, v_1);
// CHECK-NEXT:    AscendC::BinaryRepeatParams v_2{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:    uint64_t mask[] = {static_cast<uint64_t>(n), 0};
// CHECK-NEXT:    AscendC::Mul<half, true>(c, a2, a2, mask, 2, v_2);
// CHECK-NEXT:    AscendC::Adds<half, true>(c, a2, half(2.0), 256);
// CHECK-NEXT:    AscendC::UnaryRepeatParams v_3{1, 1, 8, 8};
// CHECK-NEXT:    half v_4 = static_cast<half>(f);
// CHECK-NEXT:    AscendC::LeakyRelu<half, true>(c, a2, v_4, 64, 4, v_3);
// CHECK-NEXT:    AscendC::Exp(c, a2, 256);
// CHECK-NEXT:    AscendC::UnaryRepeatParams v_5{1, 1, 8, 8};
// CHECK-NEXT:    AscendC::Relu<half, false>(c, a2, 128, 2, v_5);
// CHECK-NEXT:    AscendC::LocalTensor<float> t32 = buf.Get<float>(128);
// CHECK-NEXT:    AscendC::Cast<float, half>(t32, a2, AscendC::RoundMode::CAST_NONE, 128);
// CHECK-NEXT:    AscendC::Duplicate(c, half(1.5), 256);
// CHECK-NEXT:    AscendC::Duplicate<half, true>(c, half(0.0), 128, 2, 1, 8);
// CHECK-NEXT:    AscendC::LocalTensor<half> tmp = buf.GetWithOffset<half>(256, 512);
// CHECK-NEXT:    AscendC::ReduceMax(c, a2, tmp, 256, true);
// CHECK-NEXT:    AscendC::ReduceSum(c, a2, tmp, 128, 2, 8);
// CHECK-NEXT:    AscendC::LocalTensor<uint8_t> m8 = buf.Get<uint8_t>();
// CHECK-NEXT:    AscendC::Compare(m8, a2, a2, AscendC::CMPMODE::LT, 256);
// CHECK-NEXT:    AscendC::UnaryRepeatParams v_6{1, 1, 8, 8};
// CHECK-NEXT:    AscendC::CompareScalar<half, uint8_t, false>(m8, a2, half(1.0), AscendC::CMPMODE::GE, 128, 2, v_6);
// CHECK-NEXT:    AscendC::Select(c, m8, a2, half(0.5), AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, 256);
// CHECK-NEXT:    qout.EnQue(c);
// CHECK-NEXT:    qin.FreeTensor(a2);
// CHECK-NEXT:    AscendC::LocalTensor<half> c2 = qout.DeQue<half>();
// CHECK-NEXT:    AscendC::GlobalTensor<half> v_7 = xg[64];
// CHECK-NEXT:    AscendC::DataCopyParams v_8{2, 8, 0, 0};
// CHECK-NEXT:    AscendC::DataCopy(v_7, c2, v_8);
// CHECK-NEXT:    AscendC::DataCopyExtParams v_9{1, 20, 0, 0, 0};
// CHECK-NEXT:    AscendC::DataCopyPad(xg, c2, v_9);
// CHECK-NEXT:    qout.FreeTensor(c2);
// CHECK-NEXT:    AscendC::LocalTensor<half> t = qin.AllocTensor<half>();
// CHECK-NEXT:    AscendC::DataCopyParams v_10{1, 20, 0, 0};
// CHECK-NEXT:    AscendC::DataCopyPadParams v_11{true, 0, 6, 0};
// CHECK-NEXT:    AscendC::DataCopyPad(t, xg, v_10, v_11);
// CHECK-NEXT:    qin.EnQue<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT>(t);
// CHECK-NEXT:    AscendC::LocalTensor<half> t2 = qin.DeQue<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, half>();
// CHECK-NEXT:    half v_12 = t2.GetValue(3);
// CHECK-NEXT:    t2.SetValue(4, v_12);
// CHECK-NEXT:    int32_t size = t2.GetSize();
// CHECK-NEXT:    AscendC::LocalTensor<int16_t> r = t2.ReinterpretCast<int16_t>();
// CHECK-NEXT:    uint64_t gs = xg.GetSize();
// CHECK-NEXT:    xg.SetL2CacheHint<AscendC::CacheRwMode::READ>(AscendC::CacheMode::CACHE_MODE_DISABLE);
// CHECK-NEXT:    int32_t count = qin.GetTensorCountInQue();
// CHECK-NEXT:    int32_t e = pipe.AllocEventID<AscendC::HardEvent::V_MTE3>();
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(e);
// CHECK-NEXT:    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(e);
// CHECK-NEXT:    pipe.ReleaseEventID<AscendC::HardEvent::V_MTE3>(e);
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_ALL>();
// CHECK-NEXT:    AscendC::CrossCoreSetFlag<2, PIPE_MTE3>(1);
// CHECK-NEXT:    AscendC::CrossCoreWaitFlag<2, PIPE_FIX>(1);
// CHECK-NEXT:    AscendC::SyncAll();
// CHECK-NEXT:    int32_t block_idx = AscendC::GetBlockIdx();
// CHECK-NEXT:    int64_t sub_block_idx = AscendC::GetSubBlockIdx();
// CHECK-NEXT:    int32_t v_13 = static_cast<int32_t>(sub_block_idx);
// CHECK-NEXT:    int32_t b = block_idx + v_13;
// CHECK-NEXT:    bool aiv = g_coreType == AscendC::AIV;
// CHECK-NEXT:    AscendC::SetAtomicAdd<half>();
// CHECK-NEXT:    AscendC::SetAtomicNone();
// CHECK-NEXT:    uint32_t shape_dims[] = {16, static_cast<uint32_t>(n)};
// CHECK-NEXT:    AscendC::ShapeInfo shape(2, shape_dims);
// CHECK-NEXT:    int32_t elements = AscendC::GetShapeSize(shape);
// CHECK-NEXT:    AscendC::printf("b=%d size=%d\n", b, elements);
// CHECK-NEXT:    AscendC::DumpTensor(r, 1, 16);
// CHECK-NEXT:    pipe.Destroy();
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" __global__ __aicore__ void inter_block(__gm__ int32_t* w, int32_t b) {
// CHECK-NEXT:    AscendC::GlobalTensor<int32_t> wg;
// CHECK-NEXT:    wg.SetGlobalBuffer(w);
// CHECK-NEXT:    AscendC::LocalTensor<int32_t> ub(AscendC::TPosition::VECCALC, 0, 64);
// CHECK-NEXT:    AscendC::IBSet(wg, ub, b, 1);
// CHECK-NEXT:    AscendC::IBWait<false>(wg, ub, b, 1);
// CHECK-NEXT:    AscendC::WaitPreBlock(wg, ub);
// CHECK-NEXT:    AscendC::NotifyNextBlock(wg, ub);
// CHECK-NEXT:}
