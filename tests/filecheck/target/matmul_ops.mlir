// RUN: ascx-opt %s -t ascendc | filecheck %s --match-full-lines --strict-whitespace

// The exact C++ call of every Matmul method (docs/reference/matmul.md): template arguments, every
// argument written, named results for the returning forms, the static tiling constants.

func.func @setters(%a: !ascendc.gm_addr<f16>, %w: !ascendc.gm_addr<ui8>, %n: i32, %f: f16) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <vecin, nd, f16> c <vecin, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
  %g = ascendc.global_tensor : !ascendc.global_tensor<f16>
  ascendc.global_tensor.set_global_buffer %g, %a : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16>
  %off = arith.constant 64 : i64
  %view = ascendc.sub_tensor %g[%off : i64] : !ascendc.global_tensor<f16>
  %c0_u = ascendc.constant 0 : ui32
  %len = ascendc.constant 1024 : ui32
  %ub = ascendc.local_tensor vecin, %c0_u, %len : ui32, ui32 -> !ascendc.local_tensor<f16>
  %ub_view = ascendc.sub_tensor %ub[%off : i64] : !ascendc.local_tensor<f16>
  %false = arith.constant false
  ascendc.matmul.set_tensor_a %mm, %view, %false : !ascendc.global_tensor<f16>
  ascendc.matmul.set_tensor_b %mm, %ub_view, %false : !ascendc.local_tensor<f16>
  ascendc.matmul.set_scalar_a %mm, %f : f16
  %two = arith.constant 2.500000e+00 : f16
  ascendc.matmul.set_scalar_b %mm, %two : f16
  %bias = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.matmul.set_bias %mm, %bias : !ascendc.global_tensor<f32>
  ascendc.matmul.disable_bias %mm
  ascendc.matmul.set_self_define_data %mm, %a : !ascendc.gm_addr<f16>
  ascendc.matmul.set_self_define_data %mm, %g : !ascendc.global_tensor<f16>
  ascendc.matmul.set_self_define_data %mm, %n : i32
  ascendc.matmul.set_user_def_info %mm, %w : !ascendc.gm_addr<ui8>
  ascendc.matmul.set_user_def_info %mm, %g : !ascendc.global_tensor<f16>
  %m1 = arith.constant -1 : i32
  %c7 = arith.constant 7 : i32
  ascendc.matmul.set_tail %mm, %m1, %m1, %c7
  %ws = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.matmul.set_workspace %mm, %ws : !ascendc.global_tensor<f32>
  %size = arith.constant 4096 : i32
  ascendc.matmul.set_workspace %mm, %w, %size : !ascendc.gm_addr<ui8>
  %q = ascendc.constant 3 : ui64
  ascendc.matmul.set_quant_scalar %mm, %q
  %qv = ascendc.global_tensor : !ascendc.global_tensor<ui64>
  ascendc.matmul.set_quant_vector %mm, %qv : !ascendc.global_tensor<ui64>
  %ofs = ascendc.matrix_offset %n, %n, %n, %n, %n
  ascendc.matmul.end %mm
  func.return
}
func.func @results(%w: !ascendc.gm_addr<ui8>, %n: i32) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16, layout bsngd> b <gm, nd, f16, layout bsngd> c <vecin, nd, f32> bias <gm, nd, f32> config <is_n_batch = true>
  %l1 = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <c1, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : i8
  %c0_u = ascendc.constant 0 : ui32
  %len = ascendc.constant 1024 : ui32
  %ub = ascendc.local_tensor vecin, %c0_u, %len : ui32, ui32 -> !ascendc.local_tensor<f32>
  %gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  %more = ascendc.matmul.iterate async %mm, %false
  ascendc.matmul.get_tensor_c async %mm, %ub, %c0, %false : !ascendc.local_tensor<f32>
  ascendc.matmul.get_tensor_c %mm, %gm, %c0, %true : !ascendc.global_tensor<f32>
  ascendc.matmul.get_tensor_c_dual %mm, %gm, %ub, %c0, %false : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>
  %view = ascendc.matmul.get_tensor_c_view %mm, %c0, %false : !ascendc.global_tensor<f32>
  ascendc.matmul.async_get_tensor_c %mm, %ub : !ascendc.local_tensor<f32>
  ascendc.matmul.wait_get_tensor_c %mm
  %l1t = ascendc.local_tensor c1, %c0_u, %len : ui32, ui32 -> !ascendc.local_tensor<f32>
  ascendc.matmul.iterate_all_local %l1, %l1t, %c0 : !ascendc.local_tensor<f32>
  %c2 = arith.constant 2 : i32
  %z = arith.constant 0 : i32
  ascendc.matmul.iterate_batch async wait %mm, %gm, %c2, %c2, %false, %z, %z, %z, %false, %c0 : !ascendc.global_tensor<f32>
  ascendc.matmul.iterate_batch %mm, %ub, %c2, %c2, %true, %z, %z, %z, %false, %c0 : !ascendc.local_tensor<f32>
  ascendc.matmul.wait_iterate_batch %mm
  %loop = arith.constant 64 : i32
  ascendc.matmul.iterate_n_batch async %mm, %loop, %c2, %c2, %false, %z, %z, %z
  ascendc.matmul.get_batch_tensor_c %mm, %ub, %c2, %c2, %false : !ascendc.local_tensor<f32>
  %bview = ascendc.matmul.get_batch_tensor_c_view %mm, %c2, %c2, %false : !ascendc.global_tensor<f32>
  func.return
}
func.func @static_tiling(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %st = ascendc.matmul.static_tiling a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <do_norm = false, do_multi_data_load = true> l1_size 524288
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> static_tiling %st
  ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
  %bm = ascendc.static_tiling.get %st "baseM" : i32
  func.return
}

// CHECK:__aicore__ inline constexpr MatmulConfig mm_config() {
// CHECK-NEXT:    MatmulConfig config = CFG_NORM;
// CHECK-NEXT:    config.enableUBReuse = false;
// CHECK-NEXT:    return config;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:__aicore__ inline constexpr MatmulConfig mm_config_1() {
// CHECK-NEXT:    MatmulConfig config = CFG_NORM;
// CHECK-NEXT:    config.isNBatch = true;
// CHECK-NEXT:    config.enableUBReuse = false;
// CHECK-NEXT:    return config;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:__aicore__ inline constexpr MatmulConfig st_config() {
// CHECK-NEXT:    MatmulConfig config = CFG_MDL;
// CHECK-NEXT:    config.enUnitFlag = true;
// CHECK-NEXT:    config.batchMode = BatchMode::BATCH_LESS_THAN_L1;
// CHECK-NEXT:    config.enableUBReuse = false;
// CHECK-NEXT:    return config;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" __global__ __aicore__ void setters(__gm__ half* a, __gm__ uint8_t* w, int32_t n, half f) {
// CHECK-NEXT:    AscendC::TPipe pipe;
// CHECK-NEXT:    constexpr static MatmulConfig mm_cfg = mm_config();
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::VECIN, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::VECIN, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, mm_cfg> mm;
// CHECK-NEXT:    REGIST_MATMUL_OBJ(&pipe, w, mm);
// CHECK-NEXT:    AscendC::GlobalTensor<half> g;
// CHECK-NEXT:    g.SetGlobalBuffer(a);
// CHECK-NEXT:    AscendC::GlobalTensor<half> view = g[64];
// CHECK-NEXT:    AscendC::LocalTensor<half> ub(AscendC::TPosition::VECIN, 0, 1024);
// CHECK-NEXT:    AscendC::LocalTensor<half> ub_view = ub[64];
// CHECK-NEXT:    mm.SetTensorA(view, false);
// CHECK-NEXT:    mm.SetTensorB(ub_view, false);
// CHECK-NEXT:    mm.SetTensorA(f);
// CHECK-NEXT:    mm.SetTensorB(half(2.5));
// CHECK-NEXT:    AscendC::GlobalTensor<float> bias;
// CHECK-NEXT:    mm.SetBias(bias);
// CHECK-NEXT:    mm.DisableBias();
// CHECK-NEXT:    mm.SetSelfDefineData(reinterpret_cast<uint64_t>(a));
// CHECK-NEXT:    mm.SetSelfDefineData(reinterpret_cast<uint64_t>(g.GetPhyAddr()));
// CHECK-NEXT:    mm.SetSelfDefineData(static_cast<uint64_t>(n));
// CHECK-NEXT:    mm.SetUserDefInfo(reinterpret_cast<uint64_t>(w));
// CHECK-NEXT:    mm.SetUserDefInfo(reinterpret_cast<uint64_t>(g.GetPhyAddr()));
// CHECK-NEXT:    mm.SetTail(-1, -1, 7);
// CHECK-NEXT:    AscendC::GlobalTensor<float> ws;
// CHECK-NEXT:    mm.SetWorkspace(ws);
// CHECK-NEXT:    mm.SetWorkspace(w, 4096);
// CHECK-NEXT:    mm.SetQuantScalar(3);
// CHECK-NEXT:    AscendC::GlobalTensor<uint64_t> qv;
// CHECK-NEXT:    mm.SetQuantVector(qv);
// CHECK-NEXT:    MatrixOffset ofs{n, n, n, n, n};
// CHECK-NEXT:    mm.End();
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" __global__ __aicore__ void results(__gm__ uint8_t* w, int32_t n) {
// CHECK-NEXT:    AscendC::TPipe pipe;
// CHECK-NEXT:    constexpr static MatmulConfig mm_cfg = mm_config_1();
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::BSNGD>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::BSNGD>, AscendC::MatmulType<AscendC::TPosition::VECIN, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, mm_cfg> mm;
// CHECK-NEXT:    constexpr static MatmulConfig l1_cfg = mm_config();
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::C1, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, l1_cfg> l1;
// CHECK-NEXT:    REGIST_MATMUL_OBJ(&pipe, w, mm);
// CHECK-NEXT:    AscendC::LocalTensor<float> ub(AscendC::TPosition::VECIN, 0, 1024);
// CHECK-NEXT:    AscendC::GlobalTensor<float> gm;
// CHECK-NEXT:    mm.Iterate<false>(false);
// CHECK-NEXT:    mm.GetTensorC<false>(ub, 0, false);
// CHECK-NEXT:    mm.GetTensorC<true>(gm, 0, true);
// CHECK-NEXT:    mm.GetTensorC<true>(gm, ub, 0, false);
// CHECK-NEXT:    AscendC::GlobalTensor<float> view = mm.GetTensorC<false>(0, false);
// CHECK-NEXT:    mm.AsyncGetTensorC(ub);
// CHECK-NEXT:    mm.WaitGetTensorC();
// CHECK-NEXT:    AscendC::LocalTensor<float> l1t(AscendC::TPosition::C1, 0, 1024);
// CHECK-NEXT:    l1.IterateAll<true>(l1t, 0);
// CHECK-NEXT:    mm.IterateBatch<false, true>(gm, 2, 2, false, 0, 0, 0, false, 0);
// CHECK-NEXT:    mm.IterateBatch<true>(ub, 2, 2, true, 0, 0, 0, false, 0);
// CHECK-NEXT:    mm.WaitIterateBatch();
// CHECK-NEXT:    mm.IterateNBatch<false, false>(64, 2, 2, false, 0, 0, 0);
// CHECK-NEXT:    mm.GetBatchTensorC<false>(ub, 2, 2, false);
// CHECK-NEXT:    AscendC::GlobalTensor<float> bview = mm.GetBatchTensorC<false>(2, 2, false);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" __global__ __aicore__ void static_tiling(__gm__ uint8_t* w) {
// CHECK-NEXT:    AscendC::TPipe pipe;
// CHECK-NEXT:    constexpr static MatmulConfig st_cfg = st_config();
// CHECK-NEXT:    constexpr static MatmulApiStaticTiling st = AscendC::GetMatmulApiTiling<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>>(st_cfg, 524288);
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, st> mm;
// CHECK-NEXT:    REGIST_MATMUL_OBJ(&pipe, w, mm);
// CHECK-NEXT:    int32_t bm = st.baseM;
// CHECK-NEXT:}
