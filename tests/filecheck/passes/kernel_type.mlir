// RUN: ascx-opt %s -p ascx-kernel-type --split-input-file | filecheck %s
// RUN: ascx-opt %s -p ascx-kernel-type,ascx-kernel-type --split-input-file | filecheck %s

// A kernel that registers a Matmul is MIX_AIC_1_2.
func.func @mix(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
  func.return
}
// CHECK: func.func @mix(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>}

// -----

// A kernel declared with matmul_cube_only=True is AIC_ONLY.
func.func @cube(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel, ascendc.matmul_cube_only} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
  func.return
}
// CHECK: func.func @cube(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel, ascendc.matmul_cube_only, ascendc.kernel_type = #ascendc<kernel_type aic_only>}

// -----

// Without Matmul: AIV_ONLY.  Functions that are not kernels get no kernel type.
func.func @vector() attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  func.return
}
func.func @helper() {
  func.return
}
// CHECK:      func.func @vector() attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>}
// CHECK:      func.func @helper() {

// -----

// A kernel type already in the IR is kept.
func.func @chosen() attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>} {
  func.return
}
// CHECK: func.func @chosen() attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>}

// -----

// A vector kernel with the hardware SyncAll is MIX_AIV_1_0 (CANN's SyncAll page); the software SyncAll
// (with workspaces) keeps it AIV_ONLY.
func.func @hard_sync() attributes {ascendc.kernel} {
  ascendc.sync_all aiv_only true
  func.return
}
func.func @soft_sync(%gm: !ascendc.global_tensor<i32>, %ub: !ascendc.local_tensor<i32>, %n: i32) attributes {ascendc.kernel} {
  ascendc.sync_all aiv_only true workspaces %gm, %ub, %n : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32
  func.return
}
// CHECK:      func.func @hard_sync() attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aiv_1_0>}
// CHECK:      func.func @soft_sync(%gm: !ascendc.global_tensor<i32>, %ub: !ascendc.local_tensor<i32>, %n: i32) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>}
