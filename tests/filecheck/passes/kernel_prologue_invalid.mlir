// RUN: ascx-opt %s -p ascx-kernel-prologue --verify-diagnostics --split-input-file | filecheck %s

func.func @k() attributes {ascendc.kernel} {
  func.return
} loc("k.py":3:1)
// CHECK: k.py:3:1: error: kernel 'k' has no kernel type
// CHECK-NEXT: hint: run ascx-kernel-type before ascx-kernel-prologue

// -----

func.func @mix() attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>} {
  func.return
} loc("k.py":3:1)
func.func @cube() attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aic_only>} {
  func.return
} loc("k.py":9:1)
// CHECK: k.py:3:1: error: cube-only and MIX Matmul kernels cannot share one file: ASCENDC_CUBE_ONLY applies to the whole file
// CHECK-NEXT: hint: put the cube-only kernel in a module of its own
