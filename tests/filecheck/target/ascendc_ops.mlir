// RUN: ascx-opt %s -t ascendc | filecheck %s

// The C++ form of every op: exact text, in order.  Constants and properties print inline.

ascendc.define "ASCX_EXAMPLE_DEFINE"
ascendc.include "kernel_operator.h"
ascendc.include "lib/matmul_intf.h"
func.func @ops(%a: !ascendc.gm_addr<f16>, %b: !ascendc.gm_addr<bf16>, %w: !ascendc.gm_addr<ui8>, %n: i32, %f: f32, %tiling_gm: !ascendc.gm_struct_addr<!ascendc.cube_tiling>, %ffts: !ascendc.gm_addr<ui64>) attributes {ascendc.kernel} {
  ascendc.set_ffts_base_addr %ffts
  %aic = ascendc.ascend_is_aic
  scf.if %aic {
    ascendc.ffts_cross_core_sync pipe_mte3, 3873
  }
  %pipe = ascendc.pipe
  %l1 = ascendc.property "TOTAL_L1_SIZE" : i32
  %g = ascendc.global_tensor : !ascendc.global_tensor<f16>
  %size = arith.constant 4096 : i64
  ascendc.global_tensor.set_global_buffer %g, %a : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16>
  ascendc.global_tensor.set_global_buffer %g, %a, %size : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16>, i64
  %t = ascendc.cube_tiling
  %c64 = arith.constant 64 : i32
  %neg = arith.constant -1 : i32
  ascendc.cube_tiling.set %t "baseM", %c64
  ascendc.cube_tiling.set %t "transLength", %neg
  ascendc.cube_tiling.set %t "shareL1Size", %l1
  ascendc.cube_tiling.set %t "M", %n
  %i = ascendc.cube_tiling.load %tiling_gm : !ascendc.gm_struct_addr<!ascendc.cube_tiling>
  %base_k = ascendc.cube_tiling.get %i "baseK" : i32
  ascendc.cube_tiling.set %t "baseK", %base_k
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16, trans> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
  ascendc.matmul.init %mm, %t
  %true = arith.constant true
  %false = arith.constant false
  ascendc.matmul.set_tensor_a %mm, %g, %false : !ascendc.global_tensor<f16>
  ascendc.matmul.set_tensor_b %mm, %g, %true : !ascendc.global_tensor<f16>
  %c512 = arith.constant 512 : i32
  ascendc.matmul.set_org_shape %mm, %c512, %n, %c64
  ascendc.matmul.set_org_shape %mm, %c512, %n, %c64, %c64
  ascendc.matmul.set_org_shape %mm, %c512, %n, %c64, %c64, %c512
  ascendc.matmul.set_single_shape %mm, %c64, %c64, %c64
  %c = ascendc.global_tensor : !ascendc.global_tensor<f32>
  %c0 = arith.constant 0 : i8
  %c2 = arith.constant 2 : i8
  ascendc.matmul.iterate_all %mm, %c, %c0, %false, %false : !ascendc.global_tensor<f32>
  ascendc.matmul.iterate_all async %mm, %c, %c2, %true, %false : !ascendc.global_tensor<f32>
  ascendc.matmul.iterate_all async wait %mm, %c, %c0, %false, %false : !ascendc.global_tensor<f32>
  ascendc.matmul.wait_iterate_all %mm
  ascendc.matmul.end %mm
  func.return
}
// Several objects with their tilings; a workspace that is not a byte address reaches REGIST_MATMUL_OBJ as
// CANN's GM_ADDR.
func.func @two_objects(%a: !ascendc.gm_addr<f16>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %t = ascendc.cube_tiling
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16, trans> c <gm, nd, f32> bias <gm, nd, f32>
  %mm_1 = ascendc.matmul.create a <gm, nz, f16> b <gm, nd, f16> c <vecin, nd_align, f32> bias <gm, nd, f32> config <batch_mode = NONE> policy TrianUpperMatmulPolicy
  ascendc.register_matmul %pipe, %a objects(%mm, %mm_1) tilings(%t, %t) : !ascendc.gm_addr<f16>
  func.return
}

// CHECK:      #define ASCX_EXAMPLE_DEFINE
// CHECK-NEXT: #include "kernel_operator.h"
// CHECK-NEXT: #include "lib/matmul_intf.h"
// CHECK-EMPTY:
// CHECK-NEXT: __aicore__ inline constexpr MatmulConfig mm_config() {
// CHECK-NEXT:     MatmulConfig config = CFG_NORM;
// CHECK-NEXT:     config.enableUBReuse = false;
// CHECK-NEXT:     return config;
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: __aicore__ inline constexpr MatmulConfig mm_config_1() {
// CHECK-NEXT:     MatmulConfig config = CFG_NORM;
// CHECK-NEXT:     config.batchMode = BatchMode::NONE;
// CHECK-NEXT:     config.enableUBReuse = false;
// CHECK-NEXT:     return config;
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: extern "C" __global__ __aicore__ void ops(__gm__ half* a, __gm__ bfloat16_t* b, __gm__ uint8_t* w, int32_t n, float f, __gm__ TCubeTiling* tiling_gm, __gm__ uint64_t* ffts) {
// CHECK-NEXT:     set_ffts_base_addr(*ffts);
// CHECK-NEXT:     bool aic = g_coreType == AscendC::AIC;
// CHECK-NEXT:     if (aic) {
// CHECK-NEXT:         ffts_cross_core_sync(PIPE_MTE3, 0xf21);
// CHECK-NEXT:     }
// CHECK-NEXT:     AscendC::TPipe pipe;
// CHECK-NEXT:     AscendC::GlobalTensor<half> g;
// CHECK-NEXT:     g.SetGlobalBuffer(a);
// CHECK-NEXT:     g.SetGlobalBuffer(a, 4096);
// CHECK-NEXT:     TCubeTiling t;
// CHECK-NEXT:     t.baseM = 64;
// CHECK-NEXT:     t.transLength = -1;
// CHECK-NEXT:     t.shareL1Size = AscendC::TOTAL_L1_SIZE;
// CHECK-NEXT:     t.M = n;
// CHECK-NEXT:     TCubeTiling i;
// CHECK-NEXT:     for (uint32_t i_1 = 0; i_1 < sizeof(TCubeTiling) / sizeof(uint32_t); ++i_1) {
// CHECK-NEXT:         reinterpret_cast<uint32_t*>(&i)[i_1] = reinterpret_cast<__gm__ const uint32_t*>(tiling_gm)[i_1];
// CHECK-NEXT:     }
// CHECK-NEXT:     int32_t base_k = i.baseK;
// CHECK-NEXT:     t.baseK = base_k;
// CHECK-NEXT:     constexpr static MatmulConfig mm_cfg = mm_config();
// CHECK-NEXT:     AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, true, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, mm_cfg> mm;
// CHECK-NEXT:     REGIST_MATMUL_OBJ(&pipe, w, mm);
// CHECK-NEXT:     mm.Init(&t);
// CHECK-NEXT:     mm.SetTensorA(g, false);
// CHECK-NEXT:     mm.SetTensorB(g, true);
// CHECK-NEXT:     mm.SetOrgShape(512, n, 64);
// CHECK-NEXT:     mm.SetOrgShape(512, n, 64, 64);
// CHECK-NEXT:     mm.SetOrgShape(512, n, 64, 64, 512);
// CHECK-NEXT:     mm.SetSingleShape(64, 64, 64);
// CHECK-NEXT:     AscendC::GlobalTensor<float> c;
// CHECK-NEXT:     mm.IterateAll<true>(c, 0, false, false, false);
// CHECK-NEXT:     mm.IterateAll<false>(c, 2, true, false, false);
// CHECK-NEXT:     mm.IterateAll<false>(c, 0, false, true, false);
// CHECK-NEXT:     mm.WaitIterateAll();
// CHECK-NEXT:     mm.End();
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: extern "C" __global__ __aicore__ void two_objects(__gm__ half* a) {
// CHECK-NEXT:     AscendC::TPipe pipe;
// CHECK-NEXT:     TCubeTiling t;
// CHECK-NEXT:     constexpr static MatmulConfig mm_cfg = mm_config();
// CHECK-NEXT:     AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, true, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, mm_cfg> mm;
// CHECK-NEXT:     constexpr static MatmulConfig mm_1_cfg = mm_config_1();
// CHECK-NEXT:     AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::NZ, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::VECIN, CubeFormat::ND_ALIGN, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, mm_1_cfg, AscendC::MatmulCallBackFunc<nullptr, nullptr, nullptr>, AscendC::Impl::Detail::TrianUpperMatmulPolicy> mm_1;
// CHECK-NEXT:     REGIST_MATMUL_OBJ(&pipe, reinterpret_cast<GM_ADDR>(a), mm, &t, mm_1, &t);
// CHECK-NEXT: }
