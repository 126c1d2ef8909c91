// RUN: ascx-opt %s -t ascendc | filecheck %s --match-full-lines --strict-whitespace

// How Matmul configs print (docs/matmul-protocol.md#the-configuration): CANN's named configuration when the config is one
// (CFG_NORM, the default of Matmul's MM_CFG, is omitted), a getter call for GetBasicConfig and
// GetSpecialMDLConfig, and otherwise a constexpr function at file scope that starts from the
// config's template and sets the fields that differ; objects with one config share its function.

func.func @named(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %norm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <enable_ub_reuse = true>
  %mdl = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <do_norm = false, do_multi_data_load = true, en_unit_flag = false, batch_mode = NONE, enable_ub_reuse = true>
  %share = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <do_norm = false, do_ib_share_norm = true, enable_ub_reuse = true>
  %bb = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <do_norm = false, do_basic_block = true, basic_m = 128, basic_n = 128, basic_k = 128, en_unit_flag = false, enable_ub_reuse = true>
  func.return
}

func.func @getters(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %basic = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <do_norm = false, do_basic_block = true, basic_m = 64, basic_n = 32, basic_k = 16, en_unit_flag = false, enable_ub_reuse = true>
  %smdl = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <do_norm = false, do_special_mdl = true, en_unit_flag = false, batch_mode = NONE, enable_ub_reuse = true>
  func.return
}

func.func @custom(%w: !ascendc.gm_addr<ui8>, %mm_config: i32) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  %again = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  %modes = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <iterate_mode = 6, enable_ub_reuse = true, iterate_order = ORDER_N>
  %raw = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <do_norm = false, do_multi_data_load = true, en_unit_flag = false, batch_mode = NONE, iterate_mode = 48, enable_ub_reuse = true, shared_co1_buffer_size = 32768>
  %policy = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <enable_ub_reuse = true> policy TrianUpperMatmulPolicy
  func.return
}

func.func @dual_master(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
  %mm = ascendc.matmul.create a <gm, nd, f16, ib_share> b <gm, nd, f16, ib_share> c <gm, nd, f32> bias <gm, nd, f32> config <enable_ub_reuse = true, enable_mix_dual_master = true>
  func.return
}

// CHECK:__aicore__ inline constexpr MatmulConfig mm_config_1() {
// CHECK-NEXT:    MatmulConfig config = CFG_NORM;
// CHECK-NEXT:    config.enableUBReuse = false;
// CHECK-NEXT:    return config;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:__aicore__ inline constexpr MatmulConfig modes_config() {
// CHECK-NEXT:    MatmulConfig config = CFG_NORM;
// CHECK-NEXT:    config.iterateMode = IterateMode::ITERATE_MODE_ALL | IterateMode::ITERATE_MODE_BATCH;
// CHECK-NEXT:    config.iterateOrder = IterateOrder::ORDER_N;
// CHECK-NEXT:    return config;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:__aicore__ inline constexpr MatmulConfig raw_config() {
// CHECK-NEXT:    MatmulConfig config = CFG_MDL;
// CHECK-NEXT:    config.iterateMode = 48;
// CHECK-NEXT:    config.sharedCO1BufferSize = 32768;
// CHECK-NEXT:    return config;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:__aicore__ inline constexpr MatmulConfig mm_config_2() {
// CHECK-NEXT:    MatmulConfig config = CFG_NORM;
// CHECK-NEXT:    config.enableMixDualMaster = true;
// CHECK-NEXT:    return config;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" __global__ __aicore__ void named(__gm__ uint8_t* w) {
// CHECK-NEXT:    AscendC::TPipe pipe;
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>> norm;
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, CFG_MDL> mdl;
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, CFG_IBSHARE_NORM> share;
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, MM_CFG_BB> bb;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" __global__ __aicore__ void getters(__gm__ uint8_t* w) {
// CHECK-NEXT:    AscendC::TPipe pipe;
// CHECK-NEXT:    constexpr static MatmulConfig basic_cfg = GetBasicConfig(64, 32, 16);
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, basic_cfg> basic;
// CHECK-NEXT:    constexpr static MatmulConfig smdl_cfg = GetSpecialMDLConfig();
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, smdl_cfg> smdl;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" __global__ __aicore__ void custom(__gm__ uint8_t* w, int32_t mm_config) {
// CHECK-NEXT:    AscendC::TPipe pipe;
// CHECK-NEXT:    constexpr static MatmulConfig mm_cfg = mm_config_1();
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, mm_cfg> mm;
// CHECK-NEXT:    constexpr static MatmulConfig again_cfg = mm_config_1();
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, again_cfg> again;
// CHECK-NEXT:    constexpr static MatmulConfig modes_cfg = modes_config();
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, modes_cfg> modes;
// CHECK-NEXT:    constexpr static MatmulConfig raw_cfg = raw_config();
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, raw_cfg> raw;
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, CFG_NORM, AscendC::MatmulCallBackFunc<nullptr, nullptr, nullptr>, AscendC::Impl::Detail::TrianUpperMatmulPolicy> policy;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" __global__ __aicore__ void dual_master(__gm__ uint8_t* w) {
// CHECK-NEXT:    constexpr static MatmulConfig mm_cfg = mm_config_2();
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE, true>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE, true>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, mm_cfg> mm;
// CHECK-NEXT:}
