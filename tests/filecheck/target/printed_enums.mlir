// RUN: ascx-opt %s -t ascendc | filecheck %s --match-full-lines --strict-whitespace
//
// Printed enum values that no other printer test pins (tests/target/test_printed_enums_pinned.py
// lists every value the printer can write and fails on one no printed-C++ test contains): every
// HardEvent, the pipes, the C++ enums of struct fields (TransposeType, QuantMode_t, BlockMode,
// DeqScale, pad_t), kernel types, a round mode, the cache and system enums, allocator hardware,
// Fixpipe layouts, AIPP formats, Matmul positions, formats, layouts, policies and config enums.

func.func @events(%e: i32) {
  ascendc.set_flag mte2_mte1, %e : i32
  ascendc.set_flag mte1_mte2, %e : i32
  ascendc.set_flag mte1_m, %e : i32
  ascendc.set_flag m_mte1, %e : i32
  ascendc.set_flag mte2_v, %e : i32
  ascendc.set_flag v_mte2, %e : i32
  ascendc.set_flag mte3_v, %e : i32
  ascendc.set_flag v_mte3, %e : i32
  ascendc.set_flag m_v, %e : i32
  ascendc.set_flag v_m, %e : i32
  ascendc.set_flag v_v, %e : i32
  ascendc.set_flag mte3_mte1, %e : i32
  ascendc.set_flag mte1_mte3, %e : i32
  ascendc.set_flag mte1_v, %e : i32
  ascendc.set_flag mte2_m, %e : i32
  ascendc.set_flag m_mte2, %e : i32
  ascendc.set_flag v_mte1, %e : i32
  ascendc.set_flag m_fix, %e : i32
  ascendc.set_flag fix_m, %e : i32
  ascendc.set_flag mte3_mte2, %e : i32
  ascendc.set_flag mte2_mte3, %e : i32
  ascendc.set_flag s_v, %e : i32
  ascendc.set_flag v_s, %e : i32
  ascendc.set_flag s_mte2, %e : i32
  ascendc.set_flag mte2_s, %e : i32
  ascendc.set_flag s_mte3, %e : i32
  ascendc.set_flag mte3_s, %e : i32
  ascendc.set_flag mte2_fix, %e : i32
  ascendc.set_flag fix_mte2, %e : i32
  ascendc.set_flag fix_s, %e : i32
  ascendc.set_flag m_s, %e : i32
  ascendc.set_flag fix_mte3, %e : i32
  ascendc.set_flag mte1_fix, %e : i32
  ascendc.set_flag fix_mte1, %e : i32
  ascendc.set_flag fix_fix, %e : i32
  ascendc.pipe_barrier pipe_mte2
  ascendc.pipe_barrier pipe_mte4
  ascendc.pipe_barrier pipe_mte5
  ascendc.pipe_barrier pipe_v2
  func.return
}
func.func @structs() {
  %tt0 = ascendc.constant 0 : ui8
  %tt1 = ascendc.constant 1 : ui8
  %tt2 = ascendc.constant 2 : ui8
  %tt3 = ascendc.constant 3 : ui8
  %tt4 = ascendc.constant 4 : ui8
  %tt5 = ascendc.constant 5 : ui8
  %tt6 = ascendc.constant 6 : ui8
  %tt7 = ascendc.constant 7 : ui8
  %tt8 = ascendc.constant 8 : ui8
  %tt9 = ascendc.constant 9 : ui8
  %tt10 = ascendc.constant 10 : ui8
  %tt11 = ascendc.constant 11 : ui8
  %tt12 = ascendc.constant 12 : ui8
  %c16 = ascendc.constant 16 : ui16
  %tp0 = ascendc.params %c16, %c16, %c16, %c16, %tt0 : ui16, ui16, ui16, ui16, ui8 -> !ascendc.params<transpose_ext>
  %tp1 = ascendc.params %c16, %c16, %c16, %c16, %tt1 : ui16, ui16, ui16, ui16, ui8 -> !ascendc.params<transpose_ext>
  %tp2 = ascendc.params %c16, %c16, %c16, %c16, %tt2 : ui16, ui16, ui16, ui16, ui8 -> !ascendc.params<transpose_ext>
  %tp3 = ascendc.params %c16, %c16, %c16, %c16, %tt3 : ui16, ui16, ui16, ui16, ui8 -> !ascendc.params<transpose_ext>
  %tp4 = ascendc.params %c16, %c16, %c16, %c16, %tt4 : ui16, ui16, ui16, ui16, ui8 -> !ascendc.params<transpose_ext>
  %tp5 = ascendc.params %c16, %c16, %c16, %c16, %tt5 : ui16, ui16, ui16, ui16, ui8 -> !ascendc.params<transpose_ext>
  %tp6 = ascendc.params %c16, %c16, %c16, %c16, %tt6 : ui16, ui16, ui16, ui16, ui8 -> !ascendc.params<transpose_ext>
  %tp7 = ascendc.params %c16, %c16, %c16, %c16, %tt7 : ui16, ui16, ui16, ui16, ui8 -> !ascendc.params<transpose_ext>
  %tp8 = ascendc.params %c16, %c16, %c16, %c16, %tt8 : ui16, ui16, ui16, ui16, ui8 -> !ascendc.params<transpose_ext>
  %tp9 = ascendc.params %c16, %c16, %c16, %c16, %tt9 : ui16, ui16, ui16, ui16, ui8 -> !ascendc.params<transpose_ext>
  %tp10 = ascendc.params %c16, %c16, %c16, %c16, %tt10 : ui16, ui16, ui16, ui16, ui8 -> !ascendc.params<transpose_ext>
  %tp11 = ascendc.params %c16, %c16, %c16, %c16, %tt11 : ui16, ui16, ui16, ui16, ui8 -> !ascendc.params<transpose_ext>
  %tp12 = ascendc.params %c16, %c16, %c16, %c16, %tt12 : ui16, ui16, ui16, ui16, ui8 -> !ascendc.params<transpose_ext>
  %c16_32 = ascendc.constant 16 : ui32
  %c0_8 = ascendc.constant 0 : ui8
  %false = arith.constant false
  %q0 = ascendc.constant 0 : ui8
  %co0 = ascendc.params %c16, %c16, %c16_32, %c16, %q0, %c0_8, %false, %false : ui16, ui16, ui32, ui16, ui8, ui8, i1, i1 -> !ascendc.params<data_copy_co12_dst>
  %q1 = ascendc.constant 1 : ui8
  %co1 = ascendc.params %c16, %c16, %c16_32, %c16, %q1, %c0_8, %false, %false : ui16, ui16, ui32, ui16, ui8, ui8, i1, i1 -> !ascendc.params<data_copy_co12_dst>
  %q2 = ascendc.constant 2 : ui8
  %co2 = ascendc.params %c16, %c16, %c16_32, %c16, %q2, %c0_8, %false, %false : ui16, ui16, ui32, ui16, ui8, ui8, i1, i1 -> !ascendc.params<data_copy_co12_dst>
  %q3 = ascendc.constant 3 : ui8
  %co3 = ascendc.params %c16, %c16, %c16_32, %c16, %q3, %c0_8, %false, %false : ui16, ui16, ui32, ui16, ui8, ui8, i1, i1 -> !ascendc.params<data_copy_co12_dst>
  %q4 = ascendc.constant 4 : ui8
  %co4 = ascendc.params %c16, %c16, %c16_32, %c16, %q4, %c0_8, %false, %false : ui16, ui16, ui32, ui16, ui8, ui8, i1, i1 -> !ascendc.params<data_copy_co12_dst>
  %q5 = ascendc.constant 5 : ui8
  %co5 = ascendc.params %c16, %c16, %c16_32, %c16, %q5, %c0_8, %false, %false : ui16, ui16, ui32, ui16, ui8, ui8, i1, i1 -> !ascendc.params<data_copy_co12_dst>
  %q6 = ascendc.constant 6 : ui8
  %co6 = ascendc.params %c16, %c16, %c16_32, %c16, %q6, %c0_8, %false, %false : ui16, ui16, ui32, ui16, ui8, ui8, i1, i1 -> !ascendc.params<data_copy_co12_dst>
  %q7 = ascendc.constant 7 : ui8
  %co7 = ascendc.params %c16, %c16, %c16_32, %c16, %q7, %c0_8, %false, %false : ui16, ui16, ui32, ui16, ui8, ui8, i1, i1 -> !ascendc.params<data_copy_co12_dst>
  %q8 = ascendc.constant 8 : ui8
  %co8 = ascendc.params %c16, %c16, %c16_32, %c16, %q8, %c0_8, %false, %false : ui16, ui16, ui32, ui16, ui8, ui8, i1, i1 -> !ascendc.params<data_copy_co12_dst>
  %c0_64 = ascendc.constant 0 : ui64
  %bm0 = ascendc.constant 0 : ui8
  %ds0 = ascendc.constant 0 : ui8
  %pd0 = ascendc.constant 0 : ui8
  %en0 = ascendc.params %bm0, %ds0, %c0_64, %c0_8, %false, %pd0, %c0_64 : ui8, ui8, ui64, ui8, i1, ui8, ui64 -> !ascendc.params<data_copy_enhanced>
  %bm1 = ascendc.constant 1 : ui8
  %ds1 = ascendc.constant 1 : ui8
  %pd1 = ascendc.constant 1 : ui8
  %en1 = ascendc.params %bm1, %ds1, %c0_64, %c0_8, %false, %pd1, %c0_64 : ui8, ui8, ui64, ui8, i1, ui8, ui64 -> !ascendc.params<data_copy_enhanced>
  %bm2 = ascendc.constant 2 : ui8
  %ds2 = ascendc.constant 2 : ui8
  %pd2 = ascendc.constant 2 : ui8
  %en2 = ascendc.params %bm2, %ds2, %c0_64, %c0_8, %false, %pd2, %c0_64 : ui8, ui8, ui64, ui8, i1, ui8, ui64 -> !ascendc.params<data_copy_enhanced>
  %bm3 = ascendc.constant 3 : ui8
  %ds3 = ascendc.constant 3 : ui8
  %pd3 = ascendc.constant 3 : ui8
  %en3 = ascendc.params %bm3, %ds3, %c0_64, %c0_8, %false, %pd3, %c0_64 : ui8, ui8, ui64, ui8, i1, ui8, ui64 -> !ascendc.params<data_copy_enhanced>
  %bm4 = ascendc.constant 4 : ui8
  %ds4 = ascendc.constant 4 : ui8
  %pd4 = ascendc.constant 4 : ui8
  %en4 = ascendc.params %bm4, %ds4, %c0_64, %c0_8, %false, %pd4, %c0_64 : ui8, ui8, ui64, ui8, i1, ui8, ui64 -> !ascendc.params<data_copy_enhanced>
  %bm5 = ascendc.constant 0 : ui8
  %ds5 = ascendc.constant 5 : ui8
  %pd5 = ascendc.constant 5 : ui8
  %en5 = ascendc.params %bm5, %ds5, %c0_64, %c0_8, %false, %pd5, %c0_64 : ui8, ui8, ui64, ui8, i1, ui8, ui64 -> !ascendc.params<data_copy_enhanced>
  %bm6 = ascendc.constant 1 : ui8
  %ds6 = ascendc.constant 6 : ui8
  %pd6 = ascendc.constant 6 : ui8
  %en6 = ascendc.params %bm6, %ds6, %c0_64, %c0_8, %false, %pd6, %c0_64 : ui8, ui8, ui64, ui8, i1, ui8, ui64 -> !ascendc.params<data_copy_enhanced>
  %bm7 = ascendc.constant 2 : ui8
  %ds7 = ascendc.constant 0 : ui8
  %pd7 = ascendc.constant 7 : ui8
  %en7 = ascendc.params %bm7, %ds7, %c0_64, %c0_8, %false, %pd7, %c0_64 : ui8, ui8, ui64, ui8, i1, ui8, ui64 -> !ascendc.params<data_copy_enhanced>
  %bm8 = ascendc.constant 3 : ui8
  %ds8 = ascendc.constant 1 : ui8
  %pd8 = ascendc.constant 8 : ui8
  %en8 = ascendc.params %bm8, %ds8, %c0_64, %c0_8, %false, %pd8, %c0_64 : ui8, ui8, ui64, ui8, i1, ui8, ui64 -> !ascendc.params<data_copy_enhanced>
  func.return
}
func.func @system(%g: !ascendc.global_tensor<f32>, %ug: !ascendc.global_tensor<ui8>, %cfg: !ascendc.params<aipp, i8>, %yg: !ascendc.global_tensor<f16>, %c1: !ascendc.local_tensor<f32>, %fp: !ascendc.params<fixpipe_v220>, %t16: !ascendc.local_tensor<f16>, %t32: !ascendc.local_tensor<f32>, %n: i32) {
  ascendc.kernel_task_type aiv_only
  ascendc.kernel_task_type aic_only
  ascendc.kernel_task_type mix_aic_1_2
  ascendc.vec.cast cast_ceil %t16, %t32 count %n : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, i32)
  ascendc.set_l2_cache_hint %g cache_mode_persistent, rw : !ascendc.global_tensor<f32>
  %bias = ascendc.local_mem_allocator bias : !ascendc.local_mem_allocator<bias>
  %fixbuf = ascendc.local_mem_allocator fixbuf : !ascendc.local_mem_allocator<fixbuf>
  ascendc.fixpipe column_major %yg, %c1, %fp : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.params<fixpipe_v220>
  ascendc.set_aipp_functions xrgb8888_u8 %ug, %cfg : !ascendc.global_tensor<ui8>, !ascendc.params<aipp, i8>
  ascendc.set_aipp_functions yuv400_u8 %ug, %cfg : !ascendc.global_tensor<ui8>, !ascendc.params<aipp, i8>
  ascendc.data_cache_clean_and_invalid %g single_cache_line to cacheline_atomic : !ascendc.global_tensor<f32>
  ascendc.data_sync_barrier seq
  ascendc.set_store_atomic_config atomic_none atomic_sum
  ascendc.set_store_atomic_config atomic_f32 atomic_sum
  ascendc.set_store_atomic_config atomic_s16 atomic_sum
  ascendc.set_store_atomic_config atomic_s8 atomic_sum
  ascendc.set_store_atomic_config atomic_bf16 atomic_sum
  func.return
}
func.func @matmuls() {
  %mm = ascendc.matmul.create a <c2, zn, f16> b <co2, zz, f16> c <tscm, nn, f32> bias <gm, scalar, f32> policy MatmulPolicy
  %lo = ascendc.matmul.create a <gm, nd, f16, layout normal> b <gm, nd, f16, layout sbngd> c <gm, nd, f32, layout bngs1s2> bias <gm, nd, f32> policy TrianLowerMatmulPolicy
  %nb = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <batch_mode = SINGLE_LARGE_THAN_L1, iterate_order = ORDER_M, schedule_type = INNER_PRODUCT, batch_out_mode = SINGLE_BATCH> policy NBuffer33MatmulPolicy
  %un = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <iterate_order = UNDEF, batch_out_mode = MULTI_BATCH>
  func.return
}

// CHECK:__aicore__ inline constexpr MatmulConfig mm_config() {
// CHECK-NEXT:    MatmulConfig config = CFG_NORM;
// CHECK-NEXT:    config.enableUBReuse = false;
// CHECK-NEXT:    return config;
// CHECK-NEXT:}
// CHECK:__aicore__ inline constexpr MatmulConfig nb_config() {
// CHECK-NEXT:    MatmulConfig config = CFG_NORM;
// CHECK-NEXT:    config.batchMode = BatchMode::SINGLE_LARGE_THAN_L1;
// CHECK-NEXT:    config.enableUBReuse = false;
// CHECK-NEXT:    config.iterateOrder = IterateOrder::ORDER_M;
// CHECK-NEXT:    return config;
// CHECK-NEXT:}
// CHECK:__aicore__ inline constexpr MatmulConfig un_config() {
// CHECK-NEXT:    MatmulConfig config = CFG_NORM;
// CHECK-NEXT:    config.enableUBReuse = false;
// CHECK-NEXT:    config.bmmOutMode = BatchOutMode::MULTI_BATCH;
// CHECK-NEXT:    return config;
// CHECK-NEXT:}
// CHECK:__aicore__ inline void events(int32_t e) {
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE1>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE1_MTE2>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE1_M>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::M_MTE1>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE3_V>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::M_V>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::V_M>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::V_V>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE1>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE1_MTE3>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE1_V>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE2_M>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::M_MTE2>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::V_MTE1>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::M_FIX>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::FIX_M>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::S_V>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::V_S>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::S_MTE2>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE2_S>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::S_MTE3>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE3_S>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE2_FIX>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::FIX_MTE2>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::FIX_S>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::M_S>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::FIX_MTE3>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::MTE1_FIX>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::FIX_MTE1>(e);
// CHECK-NEXT:    AscendC::SetFlag<AscendC::HardEvent::FIX_FIX>(e);
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_MTE2>();
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_MTE4>();
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_MTE5>();
// CHECK-NEXT:    AscendC::PipeBarrier<PIPE_V2>();
// CHECK-NEXT:}
// CHECK:__aicore__ inline void structs() {
// CHECK-NEXT:    AscendC::TransposeParamsExt tp0{16, 16, 16, 16, AscendC::TransposeType::TRANSPOSE_TYPE_NONE};
// CHECK-NEXT:    AscendC::TransposeParamsExt tp1{16, 16, 16, 16, AscendC::TransposeType::TRANSPOSE_NZ2ND_0213};
// CHECK-NEXT:    AscendC::TransposeParamsExt tp2{16, 16, 16, 16, AscendC::TransposeType::TRANSPOSE_NZ2NZ_0213};
// CHECK-NEXT:    AscendC::TransposeParamsExt tp3{16, 16, 16, 16, AscendC::TransposeType::TRANSPOSE_NZ2NZ_012_WITH_N};
// CHECK-NEXT:    AscendC::TransposeParamsExt tp4{16, 16, 16, 16, AscendC::TransposeType::TRANSPOSE_NZ2ND_012_WITH_N};
// CHECK-NEXT:    AscendC::TransposeParamsExt tp5{16, 16, 16, 16, AscendC::TransposeType::TRANSPOSE_NZ2ND_012_WITHOUT_N};
// CHECK-NEXT:    AscendC::TransposeParamsExt tp6{16, 16, 16, 16, AscendC::TransposeType::TRANSPOSE_NZ2NZ_012_WITHOUT_N};
// CHECK-NEXT:    AscendC::TransposeParamsExt tp7{16, 16, 16, 16, AscendC::TransposeType::TRANSPOSE_ND2ND_ONLY};
// CHECK-NEXT:    AscendC::TransposeParamsExt tp8{16, 16, 16, 16, AscendC::TransposeType::TRANSPOSE_ND_UB_GM};
// CHECK-NEXT:    AscendC::TransposeParamsExt tp9{16, 16, 16, 16, AscendC::TransposeType::TRANSPOSE_GRAD_ND_UB_GM};
// CHECK-NEXT:    AscendC::TransposeParamsExt tp10{16, 16, 16, 16, AscendC::TransposeType::TRANSPOSE_ND2ND_B16};
// CHECK-NEXT:    AscendC::TransposeParamsExt tp11{16, 16, 16, 16, AscendC::TransposeType::TRANSPOSE_NCHW2NHWC};
// CHECK-NEXT:    AscendC::TransposeParamsExt tp12{16, 16, 16, 16, AscendC::TransposeType::TRANSPOSE_NHWC2NCHW};
// CHECK-NEXT:    AscendC::DataCopyCO12DstParams co0{16, 16, 16, 16, QuantMode_t::NoQuant, 0, false, false};
// CHECK-NEXT:    AscendC::DataCopyCO12DstParams co1{16, 16, 16, 16, QuantMode_t::F322F16, 0, false, false};
// CHECK-NEXT:    AscendC::DataCopyCO12DstParams co2{16, 16, 16, 16, QuantMode_t::F322BF16, 0, false, false};
// CHECK-NEXT:    AscendC::DataCopyCO12DstParams co3{16, 16, 16, 16, QuantMode_t::DEQF16, 0, false, false};
// CHECK-NEXT:    AscendC::DataCopyCO12DstParams co4{16, 16, 16, 16, QuantMode_t::VDEQF16, 0, false, false};
// CHECK-NEXT:    AscendC::DataCopyCO12DstParams co5{16, 16, 16, 16, QuantMode_t::QF322B8_PRE, 0, false, false};
// CHECK-NEXT:    AscendC::DataCopyCO12DstParams co6{16, 16, 16, 16, QuantMode_t::VQF322B8_PRE, 0, false, false};
// CHECK-NEXT:    AscendC::DataCopyCO12DstParams co7{16, 16, 16, 16, QuantMode_t::REQ8, 0, false, false};
// CHECK-NEXT:    AscendC::DataCopyCO12DstParams co8{16, 16, 16, 16, QuantMode_t::VREQ8, 0, false, false};
// CHECK-NEXT:    AscendC::DataCopyEnhancedParams en0{AscendC::BlockMode::BLOCK_MODE_NORMAL, AscendC::DeqScale::DEQ_NONE, 0, 0, false, pad_t::PAD_NONE, 0};
// CHECK-NEXT:    AscendC::DataCopyEnhancedParams en1{AscendC::BlockMode::BLOCK_MODE_MATRIX, AscendC::DeqScale::DEQ, 0, 0, false, pad_t::PAD_MODE1, 0};
// CHECK-NEXT:    AscendC::DataCopyEnhancedParams en2{AscendC::BlockMode::BLOCK_MODE_VECTOR, AscendC::DeqScale::VDEQ, 0, 0, false, pad_t::PAD_MODE2, 0};
// CHECK-NEXT:    AscendC::DataCopyEnhancedParams en3{AscendC::BlockMode::BLOCK_MODE_SMALL_CHANNEL, AscendC::DeqScale::DEQ8, 0, 0, false, pad_t::PAD_MODE3, 0};
// CHECK-NEXT:    AscendC::DataCopyEnhancedParams en4{AscendC::BlockMode::BLOCK_MODE_DEPTHWISE, AscendC::DeqScale::VDEQ8, 0, 0, false, pad_t::PAD_MODE4, 0};
// CHECK-NEXT:    AscendC::DataCopyEnhancedParams en5{AscendC::BlockMode::BLOCK_MODE_NORMAL, AscendC::DeqScale::DEQ16, 0, 0, false, pad_t::PAD_MODE5, 0};
// CHECK-NEXT:    AscendC::DataCopyEnhancedParams en6{AscendC::BlockMode::BLOCK_MODE_MATRIX, AscendC::DeqScale::VDEQ16, 0, 0, false, pad_t::PAD_MODE6, 0};
// CHECK-NEXT:    AscendC::DataCopyEnhancedParams en7{AscendC::BlockMode::BLOCK_MODE_VECTOR, AscendC::DeqScale::DEQ_NONE, 0, 0, false, pad_t::PAD_MODE7, 0};
// CHECK-NEXT:    AscendC::DataCopyEnhancedParams en8{AscendC::BlockMode::BLOCK_MODE_SMALL_CHANNEL, AscendC::DeqScale::DEQ, 0, 0, false, pad_t::PAD_MODE8, 0};
// CHECK-NEXT:}
// CHECK:__aicore__ inline void system_kernel(AscendC::GlobalTensor<float> g, AscendC::GlobalTensor<uint8_t> ug, AscendC::AippParams<int8_t> cfg, AscendC::GlobalTensor<half> yg, AscendC::LocalTensor<float> c1, AscendC::FixpipeParamsV220 fp, AscendC::LocalTensor<half> t16, AscendC::LocalTensor<float> t32, int32_t n) {
// CHECK-NEXT:    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
// CHECK-NEXT:    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
// CHECK-NEXT:    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
// CHECK-NEXT:    AscendC::Cast<half, float>(t16, t32, AscendC::RoundMode::CAST_CEIL, n);
// CHECK-NEXT:    g.SetL2CacheHint<AscendC::CacheRwMode::RW>(AscendC::CacheMode::CACHE_MODE_PERSISTENT);
// CHECK-NEXT:    AscendC::LocalMemAllocator<AscendC::Hardware::BIAS> bias;
// CHECK-NEXT:    AscendC::LocalMemAllocator<AscendC::Hardware::FIXBUF> fixbuf;
// CHECK-NEXT:    AscendC::Fixpipe<half, float, AscendC::CFG_COLUMN_MAJOR>(yg, c1, fp);
// CHECK-NEXT:    AscendC::SetAippFunctions(ug, AscendC::AippInputFormat::XRGB8888_U8, cfg);
// CHECK-NEXT:    AscendC::SetAippFunctions(ug, AscendC::AippInputFormat::YUV400_U8, cfg);
// CHECK-NEXT:    AscendC::DataCacheCleanAndInvalid<float, AscendC::CacheLine::SINGLE_CACHE_LINE, AscendC::DcciDst::CACHELINE_ATOMIC>(g);
// CHECK-NEXT:    AscendC::DataSyncBarrier<AscendC::MemDsbT::SEQ>();
// CHECK-NEXT:    AscendC::SetStoreAtomicConfig<AscendC::AtomicDtype::ATOMIC_NONE, AscendC::AtomicOp::ATOMIC_SUM>();
// CHECK-NEXT:    AscendC::SetStoreAtomicConfig<AscendC::AtomicDtype::ATOMIC_F32, AscendC::AtomicOp::ATOMIC_SUM>();
// CHECK-NEXT:    AscendC::SetStoreAtomicConfig<AscendC::AtomicDtype::ATOMIC_S16, AscendC::AtomicOp::ATOMIC_SUM>();
// CHECK-NEXT:    AscendC::SetStoreAtomicConfig<AscendC::AtomicDtype::ATOMIC_S8, AscendC::AtomicOp::ATOMIC_SUM>();
// CHECK-NEXT:    AscendC::SetStoreAtomicConfig<AscendC::AtomicDtype::ATOMIC_BF16, AscendC::AtomicOp::ATOMIC_SUM>();
// CHECK-NEXT:}
// CHECK:__aicore__ inline void matmuls() {
// CHECK-NEXT:    constexpr static MatmulConfig mm_cfg = mm_config();
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::C2, CubeFormat::ZN, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::CO2, CubeFormat::ZZ, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::TSCM, CubeFormat::NN, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::SCALAR, float>, mm_cfg, AscendC::MatmulCallBackFunc<nullptr, nullptr, nullptr>, AscendC::Impl::Detail::MatmulPolicy> mm;
// CHECK-NEXT:    constexpr static MatmulConfig lo_cfg = mm_config();
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::SBNGD>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::BNGS1S2>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, lo_cfg, AscendC::MatmulCallBackFunc<nullptr, nullptr, nullptr>, AscendC::Impl::Detail::TrianLowerMatmulPolicy> lo;
// CHECK-NEXT:    constexpr static MatmulConfig nb_cfg = nb_config();
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, nb_cfg, AscendC::MatmulCallBackFunc<nullptr, nullptr, nullptr>, AscendC::Impl::Detail::NBuffer33MatmulPolicy> nb;
// CHECK-NEXT:    constexpr static MatmulConfig un_cfg = un_config();
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, un_cfg> un;
// CHECK-NEXT:}
