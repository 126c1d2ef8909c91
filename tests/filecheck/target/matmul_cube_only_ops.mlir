// RUN: ascx-opt %s -t ascendc | filecheck %s --match-full-lines --strict-whitespace

// The Matmul methods of cube-only kernels: C at CO1 for Iterate, the sparse
// index, HF32, the batch count and the cube-only IterateBatch.  `ASCENDC_CUBE_ONLY` before the includes
// selects the cube-only Matmul of CANN's headers, as ascx-kernel-prologue writes it.

ascendc.define "ASCENDC_CUBE_ONLY"
ascendc.include "kernel_operator.h"
ascendc.include "lib/matmul_intf.h"
func.func @cube(%w: !ascendc.gm_addr<ui8>, %n: i32) attributes {ascendc.kernel, ascendc.matmul_cube_only} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f32, layout bsngd> b <gm, nd, f32, layout bsngd> c <co1, nz, f32> bias <gm, nd, f32> config <do_norm = false, do_multi_data_load = true, batch_mode = NONE>
  ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
  %false = arith.constant false
  %true = arith.constant true
  %c0 = arith.constant 0 : i8
  %c0_u = ascendc.constant 0 : ui32
  %len = ascendc.constant 1024 : ui32
  %co1 = ascendc.local_tensor co1, %c0_u, %len : ui32, ui32 -> !ascendc.local_tensor<f32>
  %more = ascendc.matmul.iterate %mm, %false, %co1 : !ascendc.local_tensor<f32>
  %idx = ascendc.global_tensor : !ascendc.global_tensor<ui8>
  ascendc.matmul.set_sparse_index %mm, %idx : !ascendc.global_tensor<ui8>
  %c1 = arith.constant 1 : i32
  ascendc.matmul.set_hf32 %mm, %true, %c1
  ascendc.matmul.set_batch_num %mm, %n, %n
  %gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  %z = arith.constant 0 : i32
  ascendc.matmul.iterate_batch_cube %mm, %gm, %false, %c0, %false, %z, %z, %z : !ascendc.global_tensor<f32>
  func.return
}

// CHECK:#define ASCENDC_CUBE_ONLY
// CHECK-NEXT:#include "kernel_operator.h"
// CHECK-NEXT:#include "lib/matmul_intf.h"
// CHECK-EMPTY:
// CHECK-NEXT:__aicore__ inline constexpr MatmulConfig mm_config() {
// CHECK-NEXT:    MatmulConfig config = CFG_MDL;
// CHECK-NEXT:    config.enUnitFlag = true;
// CHECK-NEXT:    config.enableUBReuse = false;
// CHECK-NEXT:    return config;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" __global__ __aicore__ void cube(__gm__ uint8_t* w, int32_t n) {
// CHECK-NEXT:    AscendC::TPipe pipe;
// CHECK-NEXT:    constexpr static MatmulConfig mm_cfg = mm_config();
// CHECK-NEXT:    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::BSNGD>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::BSNGD>, AscendC::MatmulType<AscendC::TPosition::CO1, CubeFormat::NZ, float, false, LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, mm_cfg> mm;
// CHECK-NEXT:    REGIST_MATMUL_OBJ(&pipe, w, mm);
// CHECK-NEXT:    AscendC::LocalTensor<float> co1(AscendC::TPosition::CO1, 0, 1024);
// CHECK-NEXT:    mm.Iterate<true>(false, co1);
// CHECK-NEXT:    AscendC::GlobalTensor<uint8_t> idx;
// CHECK-NEXT:    mm.SetSparseIndex(idx);
// CHECK-NEXT:    mm.SetHF32(true, 1);
// CHECK-NEXT:    mm.SetBatchNum(n, n);
// CHECK-NEXT:    AscendC::GlobalTensor<float> gm;
// CHECK-NEXT:    mm.IterateBatch(gm, false, 0, false, 0, 0, 0);
// CHECK-NEXT:}
